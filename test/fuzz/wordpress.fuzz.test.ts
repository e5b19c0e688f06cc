// Fuzzing WordPress exports (issue 15): mutated exports (the fixtures, and pieces of the six real exports in
// ../shared) into importWordPress and `preview-data import wordpress`. The library returns a payload the validator
// accepts or throws a PreviewDataError with a code and a readable message; the command exits 0, 1 or 2 without a
// stack trace and writes its payload, report and redirects all or none; nothing reads outside the export (an
// external entity names a file holding a canary), no input changes, and no case takes longer than its size allows.
// Sizes: FUZZ_CASES (see _config.ts). Without ../shared the real exports are left out, and the run says so.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { fuzzConfig } from './_config.js'
import { GENERATED_AT, importRun } from './_import.js'
import { link, makeFifo } from './_files.js'
import type { CaseDirs } from './_files.js'
import { mutate } from './_mutate.js'
import type { Random } from './_random.js'
import { report, runSuite } from './_suite.js'
import type { BuiltCase, CaseJob } from './_suite.js'
import { carve, loadExports, packaging, WELL_FORMED, wxrMutators } from './_wxr.js'

const repo = fileURLToPath(new URL('../../', import.meta.url))
const config = fuzzConfig(30)
const { fixtures, real } = loadExports(repo, join(repo, '../shared'))
if (real.length === 0) console.log('[fuzz] wordpress: ../shared/fixtures/wxr is absent: only the repository fixtures are mutated')

/** The export files of a case, and what the CLI is given instead of a file now and then. */
function exportsOf(rnd: Random, dirs: CaseDirs): { files: string[]; bytes: number; did: string; special?: { path: string; code: number } } {
  const fromReal = real.length > 0 && rnd.chance(0.45)
  const source = fromReal ? rnd.pick(real) : rnd.pick(fixtures)
  // A whole real export now and then in a nightly run (each is 0.5-1.7 MB); pieces otherwise.
  const base = fromReal && !(config.nightly && rnd.chance(0.02)) ? carve(rnd, source) : { bytes: source.bytes, did: source.name }
  // Half the cases keep the XML well-formed, so the importer's own rules meet hostile values, not only its parser.
  const mutated = rnd.chance(0.05)
    ? { bytes: base.bytes, did: 'unchanged' }
    : rnd.chance(0.5)
      ? mutate(rnd, base.bytes, WELL_FORMED, rnd.range(1, 5))
      : mutate(rnd, base.bytes, wxrMutators(dirs.secret), rnd.range(1, 3))
  const packed = packaging(rnd, mutated.bytes)
  const first = join(dirs.inputs, packed.name)
  writeFileSync(first, packed.bytes)
  const files = [first]
  let did = `${base.did}: ${mutated.did}${packed.did ? `; ${packed.did}` : ''}`
  // A split export: a second part, from the same source.
  if (rnd.chance(0.1)) {
    const second = mutate(rnd, fromReal ? carve(rnd, source).bytes : source.bytes, wxrMutators(dirs.secret), rnd.range(0, 2))
    const path = join(dirs.inputs, 'export.part-2.xml')
    writeFileSync(path, second.bytes)
    files.push(path)
    did += `; a second part: ${second.did}`
  }
  let special: { path: string; code: number } | undefined
  if (rnd.chance(0.06)) {
    // Not a file: the command must say so before opening it (a FIFO would block, /dev/zero never ends), exit 2. A link to
    // a regular file outside the folder is a file the user named: read, refused as not WXR (exit 1), its text never shown.
    const path = join(dirs.inputs, 'special.xml')
    const kind = rnd.pick(['fifo', '/dev/zero', '/dev/urandom', 'folder', 'dangling', 'loop', 'outside'] as const)
    if (kind === 'fifo') makeFifo(path)
    else if (kind === 'folder') link(dirs.outside, path)
    else if (kind === 'dangling') link(join(dirs.outside, 'gone.xml'), path)
    else if (kind === 'loop') link(path, path)
    else if (kind === 'outside') link(dirs.secret, path)
    else link(kind, path)
    special = { path, code: kind === 'outside' ? 1 : 2 }
    did += `; the CLI is given ${kind} as an export`
  }
  return { files, bytes: files.reduce((n, f, i) => n + (i === 0 ? packed.bytes.length : 0), 0) + 1, did, ...(special ? { special } : {}) }
}

function build(rnd: Random, dirs: CaseDirs): BuiltCase {
  const { files, bytes, did, special } = exportsOf(rnd, dirs)
  const own = [...(rnd.chance(0.2) ? ['--password-protected', 'draft'] : []), ...(rnd.chance(0.15) ? ['--media-to', '/media/'] : [])]
  const command = importRun(rnd, dirs, 'wordpress', special ? [special.path] : files, own)
  const library: CaseJob = {
    label: 'library',
    job: { target: 'wordpress', files, options: { generatedAt: GENERATED_AT, drafts: rnd.pick(['include', 'exclude'] as const) }, canary: dirs.canary },
  }
  if (special) {
    const { code } = special
    command.extra = (run) => (run.code !== code ? [`exit ${run.code} for an export that is ${code === 2 ? 'not a file' : 'a link to a file that is not WXR'} (expected ${code})`] : [])
  }
  return { jobs: special ? [command] : [library, command], bytes, did }
}

test(`WordPress exports: ${config.cases} mutated exports into importWordPress and the import command (seed ${config.seed})`, async () => {
  const { failures } = await runSuite('wordpress', config, (rnd, dirs) => build(rnd, dirs))
  expect(failures.length, report(failures)).toBe(0)
}, 120_000 + config.cases * 120_000)
