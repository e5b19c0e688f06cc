// Validation speed, as a ratio to JSON.parse of the same text (target: at most 0.35 at 10,000 and 100,000 posts),
// on payloads shaped like the WordPress importer's output on real exports (bench/generate-payload.ts). One process
// per size, so one size's garbage never lands on the other's clock. After a warm-up, parse and validate are timed
// in turns, nine pairs, and the ratio is the median of the nine pairs' ratios: a moment when the shared machine
// is slow then slows both sides of one pair, and cancels out. The ratio is given of wall times and of CPU times
// (process.cpuUsage): with more runnable processes than cores, wall time also counts the waits for a core, which
// fall unevenly on the two sides; CPU time does not. Absolute times and peak RSS are printed beside it.
//
// Usage: npx tsx bench/validate.bench.ts   (npm run bench validate builds first and runs it with room for 100k)
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { generatePayload } from './generate-payload.js'
import { peakRssMb, report } from './measure.js'
import { sdk } from './sdk.js'

const PAIRS = 9
const here = fileURLToPath(import.meta.url)
const importedPayload = fileURLToPath(new URL('./.data/payload-10000.json', import.meta.url))

type Figures = { chars: number; parse: number; validate: number; ratio: number; cpuRatio: number; rss: number }

/** Times JSON.parse and validatePreviewData of one text in turns; returns medians and the median ratio. */
function measure(text: string): Figures {
  const parsed: unknown = JSON.parse(text)
  const result = sdk.validatePreviewData(parsed)
  if (!result.ok) throw new Error(`the benchmark payload is invalid: ${JSON.stringify(result.errors.slice(0, 3))}`)
  // Warm up until the JIT has compiled the hot paths of both, as a long-running producer or build would have.
  for (let i = 0; i < 3; i++) {
    JSON.parse(text)
    sdk.validatePreviewData(parsed)
  }
  const parses: number[] = []
  const validations: number[] = []
  const ratios: number[] = []
  const cpuRatios: number[] = []
  const cpu = () => {
    const used = process.cpuUsage()
    return (used.user + used.system) / 1000
  }
  for (let i = 0; i < PAIRS; i++) {
    let start = performance.now()
    let cpuStart = cpu()
    JSON.parse(text)
    parses.push(performance.now() - start)
    const parseCpu = cpu() - cpuStart
    start = performance.now()
    cpuStart = cpu()
    sdk.validatePreviewData(parsed)
    validations.push(performance.now() - start)
    cpuRatios.push((cpu() - cpuStart) / parseCpu)
    ratios.push(validations[i] / parses[i])
  }
  if (process.env.BENCH_TIMES) console.error(`parse ${parses.map(Math.round).join(' ')} | validate ${validations.map(Math.round).join(' ')}`)
  return { chars: text.length, parse: middle(parses), validate: middle(validations), ratio: middle(ratios), cpuRatio: middle(cpuRatios), rss: peakRssMb() }
}

const middle = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]

if (process.argv[2] === '--child') {
  const source = process.argv[3]
  const text = /^\d+$/.test(source) ? JSON.stringify(generatePayload(Number(source))) : readFileSync(source, 'utf8')
  console.log(JSON.stringify(measure(text)))
  process.exit(0)
}

function child(source: string): Figures {
  const run = spawnSync(process.execPath, [...process.execArgv, here, '--child', source], { encoding: 'utf8', maxBuffer: 1 << 24 })
  if (run.status !== 0) throw new Error(run.stderr)
  return JSON.parse(run.stdout.trim().split('\n').pop() as string) as Figures
}

const show = (name: string, f: Figures, target: string) =>
  report(name, { 'validate / JSON.parse': f.ratio.toFixed(3), 'in CPU time': f.cpuRatio.toFixed(3), target, 'JSON.parse ms': f.parse.toFixed(0), 'validate ms': f.validate.toFixed(0), 'peak RSS MB': f.rss.toFixed(0), 'M chars': (f.chars / 1e6).toFixed(0) })

const results: Record<number, Figures> = {}
for (const posts of [10_000, 100_000]) {
  results[posts] = child(String(posts))
  show(`validate ${posts.toLocaleString('en-US')} posts`, results[posts], '<= 0.35')
}
report('validate growth 10k -> 100k', { 'time ratio': (results[100_000].validate / results[10_000].validate).toFixed(1), linear: '~10' })
// The payload the WordPress importer wrote from the generated 10,000-post export, when the WordPress benchmark left it.
if (existsSync(importedPayload)) show('validate the imported 10,000-post export', child(importedPayload), '<= 0.35')
