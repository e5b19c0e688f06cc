// Fuzzing Markdown folders (issue 15): mutated folders (the fixtures, the example site, and samples of the eight real
// sites in ../shared) into importMarkdown and `preview-data import markdown`. Documents, front matter and data files
// get text mutations; the folder gets hostile names, links out and in loops, FIFOs and links to devices. The library
// never throws for a folder's content (one bad file never sinks a site) and returns a valid payload or diagnostics
// saying why not; the command exits 0, 1 or 2 without a stack trace and writes its outputs all or none; nothing from
// outside the folder (a canary file, an image holding it) reaches any output; no input changes; no case takes
// longer than its size allows. Sizes: FUZZ_CASES (see _config.ts). Without ../shared only the repository's folders
// are mutated, and the run says so.
import { lstatSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { fuzzConfig } from './_config.js'
import { GENERATED_AT, importRun } from './_import.js'
import type { CaseDirs } from './_files.js'
import { copySite, fileSystemMutation, loadSites, mutateText } from './_markdown.js'
import type { Random } from './_random.js'
import { report, runSuite } from './_suite.js'
import type { BuiltCase } from './_suite.js'

const repo = fileURLToPath(new URL('../../', import.meta.url))
const config = fuzzConfig(24)
// FUZZ_SITES (a part of a site's name, such as `vuepress`) mutates only those sites; repeat a case with the same value.
const all = loadSites(repo, join(repo, '../shared'))
const sites = all.filter((s) => !process.env.FUZZ_SITES || s.name.includes(process.env.FUZZ_SITES))
if (sites.length === 0) throw new Error(`FUZZ_SITES=${process.env.FUZZ_SITES} names no site to mutate`)
if (!all.some((s) => s.name.startsWith('shared/'))) console.log('[fuzz] markdown: ../shared/fixtures/markdown is absent: only the repository folders are mutated')

/** Bytes of the regular files below `dir`, links and special files not followed (names as bytes: some are not UTF-8). */
function sizeOf(dir: Buffer): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, encoding: 'buffer' })) {
    const path = Buffer.concat([dir, Buffer.from('/'), entry.name])
    if (entry.isDirectory()) total += sizeOf(path)
    else if (entry.isFile()) total += lstatSync(path).size
  }
  return total
}

function build(rnd: Random, dirs: CaseDirs): BuiltCase {
  const site = rnd.pick(sites)
  const root = join(dirs.inputs, 'site')
  const files = copySite(rnd, site, root)
  const did: string[] = [site.name]
  const changes = rnd.chance(0.05) ? 0 : rnd.range(1, 3)
  for (let i = 0; i < changes; i++) {
    if (rnd.chance(0.6)) did.push(mutateText(rnd, root, files, dirs.secret)?.did ?? 'no text file')
    else did.push(fileSystemMutation(rnd, root, files, dirs))
  }
  return {
    bytes: sizeOf(Buffer.from(dirs.inputs)),
    did: did.join('; '),
    jobs: [
      { label: 'library', job: { target: 'markdown', dir: root, options: { generatedAt: GENERATED_AT, concurrency: rnd.pick([1, 16]) }, canary: dirs.canary } },
      // Media goes to <payload>.media/ beside the payload by default.
      importRun(rnd, dirs, 'markdown', [root], [], [join(dirs.out, 'payload.media')]),
    ],
  }
}

test(`Markdown folders: ${config.cases} mutated folders into importMarkdown and the import command (seed ${config.seed})`, async () => {
  const { failures } = await runSuite('markdown', config, (rnd, dirs) => build(rnd, dirs))
  expect(failures.length, report(failures)).toBe(0)
}, 120_000 + config.cases * 120_000)
