/**
 * A payload larger than a JavaScript string can hold, through the CLI as users run it: `validate`, `canonicalize`
 * and `check` of a generated 1 GB payload (bench/generate-payload.ts, 175,000 posts, written once to bench/.data/,
 * which git ignores). Each command runs in its own process; the baseline is a plain streaming parse of the same file with the
 * same parser, in its own process too, so the ratios say what validating and rewriting cost on top of reading.
 * Prints wall time and peak RSS (against the file size: the target is about three times the file at most).
 *
 * Usage: npx tsx bench/payload-file.bench.ts [--posts 175000]   (npm run bench payload-file builds first)
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { createWriteStream, existsSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { canonicalJsonChunks } from '../src/canonicalize.js'
import { generatePayload } from './generate-payload.js'
import { report } from './measure.js'

const root = fileURLToPath(new URL('../', import.meta.url))
const dataDir = fileURLToPath(new URL('./.data/', import.meta.url))
const { values } = parseArgs({ options: { posts: { type: 'string', default: '175000' } } })
const posts = Number(values.posts)
const file = `${dataDir}payload-v3-${posts}.json`

mkdirSync(dataDir, { recursive: true })
if (!existsSync(file)) {
  console.log(`generating ${file} …`)
  const out = createWriteStream(file)
  for (const piece of canonicalJsonChunks(generatePayload(posts), 2)) if (!out.write(piece)) await once(out, 'drain')
  out.end('\n')
  await once(out, 'finish')
}
const mb = statSync(file).size / 1e6
if (!existsSync(`${root}dist/cli.js`)) execFileSync('npx', ['tsup'], { cwd: root, stdio: 'ignore' })

// The parser alone: the same @discoveryjs/json-ext parseChunked the CLI streams large files with.
const PARSE_ONLY = `
const { createReadStream } = await import('node:fs')
const { parseChunked } = await import(process.argv[1])
const value = await parseChunked(() => createReadStream(process.argv[2], { highWaterMark: 1 << 20 }))
if (!value.content) process.exit(1)
`

type Run = { seconds: number; peakMb: number; status: number | null; stderr: string }

/** Runs a command under /usr/bin/time, which reports the peak RSS of the process it ran. */
function timed(args: string[]): Run {
  const started = performance.now()
  const run = spawnSync('/usr/bin/time', ['-f', '%M', ...args], { cwd: dataDir, encoding: 'utf8', maxBuffer: 1 << 26 })
  const seconds = (performance.now() - started) / 1000
  const peakKb = Number(run.stderr.trim().split('\n').pop())
  return { seconds, peakMb: peakKb / 1024, status: run.status, stderr: run.stderr }
}

const jsonExt = pathToFileURL(fileURLToPath(import.meta.resolve('@discoveryjs/json-ext'))).href
const parse = timed([process.execPath, '--input-type=module', '-e', PARSE_ONLY, jsonExt, file])
const validate = timed([process.execPath, `${root}dist/cli.js`, 'validate', file])
const output = `${dataDir}payload-v3-${posts}.canonical.json`
const canonicalize = timed([process.execPath, `${root}dist/cli.js`, 'canonicalize', file, '-o', output])
rmSync(output, { force: true })
// check reads every body too; its exit is 1 when it finds broken links, which the generated site has a few of.
const check = timed([process.execPath, `${root}dist/cli.js`, 'check', file, '--quiet'])

const row = (name: string, r: Run, baseline?: Run) => {
  if (r.status !== 0 && !(name.includes('check') && r.status === 1)) console.error(`${name} failed (exit ${r.status}): ${r.stderr.slice(0, 500)}`)
  report(name, {
    ...(baseline ? { 'ratio to parse': (r.seconds / baseline.seconds).toFixed(2) } : {}),
    seconds: r.seconds.toFixed(1),
    'peak RSS MB': r.peakMb.toFixed(0),
    'RSS / file': (r.peakMb / (mb / 1.048576)).toFixed(2),
    target: baseline ? 'RSS <= ~3x file' : 'baseline',
  })
}
console.log(`payload: ${posts.toLocaleString('en-US')} posts, ${mb.toFixed(0)} MB`)
row('stream parse (json-ext), the baseline', parse)
row('preview-data validate', validate, parse)
row('preview-data canonicalize -o', canonicalize, parse)
row('preview-data check', check, parse)
