// `npm run bench [name...]`: runs each bench/<name>.bench.ts in its own process (so peak memory is its own) with
// the garbage collector exposed and room for the 100k-post payloads.
import { execFile, spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(new URL('.', import.meta.url))
const REFERENCE_WORKLOAD = `
const started = performance.now()
let s = ''
for (let i = 0; i < 3e6; i++) s = ('x' + i).replace(/\\d+/g, (m) => m.length)
const kept = []
for (let i = 0; i < 2e6; i++) kept.push({ i, s: 'k' + i })
console.log(Math.round(performance.now() - started))
`
const wanted = process.argv.slice(2)
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace('.bench.ts', ''))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort()
if (benches.length === 0) {
  console.error(`No benchmark named ${wanted.join(', ')}.`)
  process.exit(2)
}
function referenceTime(): Promise<string> {
  return new Promise((resolve) => execFile(process.execPath, ['-e', REFERENCE_WORKLOAD], (_error, stdout) => resolve(String(stdout).trim() || '?')))
}

let failed = false
for (const name of benches) {
  console.log(`\n# ${name}`)
  // A fixed workload (string work, regular expressions, allocation) timed before each benchmark, on both cores at
  // once: on a shared virtual machine the same code runs 10–20% slower at some moments than at others (and a
  // neighbour can take one core more than the other), and this says which kind of moment it was.
  const references = await Promise.all([0, 1].map(() => referenceTime()))
  console.log(`machine reference: ${references.join(' and ')} ms for a fixed workload on each of two cores (lower is a faster moment)`)
  const result = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=16000', '--import', 'tsx', `${here}${name}.bench.ts`], { stdio: 'inherit' })
  if (result.status !== 0) failed = true
}
process.exit(failed ? 1 : 0)
