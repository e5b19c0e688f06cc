// Issue 12 targets: checkSite at most 2 × validatePreviewData on the benchmark's 10,000-post payload (both timed in
// this process, so the ratio holds on a busy machine), at most 500 MB, linear growth; nodejs.org's blog (1,064
// documents, 18 MB of Markdown, when ../shared is present) in at most 1 s. A warm-up, then the median of 5 runs, in
// wall time and in CPU time (which neighbours on a shared machine disturb less).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type * as Markdown from '../importers/markdown/index.js'
import type * as Check from '../src/check/index.js'
import type { PreviewData } from '../src/index.js'
import { generatePayload } from './generate-payload.js'
import { median, peakRssMb, report } from './measure.js'
import { sdk } from './sdk.js'

// The built subpath, as users run it (`npm run bench` builds first).
const { checkSite } = (await import(new URL('../dist/check.js', import.meta.url).href)) as typeof Check

function measure(name: string, payload: PreviewData, runs = 5): { check: number; validate: number; cpuRatio: number } {
  if (!sdk.validatePreviewData(payload).ok) throw new Error(`${name}: the payload is invalid`)
  for (let i = 0; i < 2; i++) {
    sdk.validatePreviewData(payload)
    checkSite(payload)
  }
  const validate = median(runs, () => sdk.validatePreviewData(payload))
  const check = median(runs, () => checkSite(payload))
  const cpuRatio = cpuMedian(runs, () => checkSite(payload)) / cpuMedian(runs, () => sdk.validatePreviewData(payload))
  return { check, validate, cpuRatio }
}

/** Median CPU time (user + system) in milliseconds of `runs` calls. */
function cpuMedian(runs: number, fn: () => unknown): number {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage()
    fn()
    const used = process.cpuUsage(start)
    times.push((used.user + used.system) / 1000)
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]
}

const results: Record<number, number> = {}
for (const posts of [10_000, 50_000]) {
  const payload = JSON.parse(JSON.stringify(generatePayload(posts))) as PreviewData
  const { check, validate, cpuRatio } = measure(`${posts} posts`, payload)
  results[posts] = check
  const findings = checkSite(payload).totals.findings
  report(`check ${posts.toLocaleString('en-US')} posts`, {
    'check ms': check.toFixed(0),
    'validate ms': validate.toFixed(0),
    'check / validate': (check / validate).toFixed(2),
    'in CPU time': cpuRatio.toFixed(2),
    target: '<= 2',
    'peak RSS MB': peakRssMb().toFixed(0),
    findings: `${findings.error}/${findings.warning}/${findings.info}`,
  })
}
/**
 * The commands as a user runs them on a payload file, each in its own process: `preview-data check` ÷ `preview-data
 * validate` (both read and parse the file; validate then reads no body, check reads every one). Medians of 3, wall
 * and CPU (user + system of the child).
 */
function commands(payload: PreviewData): { check: number; validate: number; checkCpu: number; validateCpu: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'pd-check-bench-'))
  const file = path.join(dir, 'payload.json')
  writeFileSync(file, JSON.stringify(payload, null, 2))
  const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url))
  // /usr/bin/time gives the child's wall and CPU seconds (%e, %U + %S).
  const time = (command: string) => {
    const runs = [0, 1, 2].map(() => {
      const run = spawnSync('/usr/bin/time', ['-f', '%e %U %S', process.execPath, cli, command, file, '--quiet'], { encoding: 'utf8' })
      if (run.status !== 0 && run.status !== 1) throw new Error(`preview-data ${command} exited with ${run.status}: ${run.stderr}`)
      const [wall, user, system] = (run.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number)
      return { wall: wall * 1000, cpu: (user + system) * 1000 }
    })
    const mid = (xs: number[]) => xs.sort((a, b) => a - b)[1]
    return { wall: mid(runs.map((r) => r.wall)), cpu: mid(runs.map((r) => r.cpu)) }
  }
  try {
    const validate = time('validate')
    const check = time('check')
    return { check: check.wall, validate: validate.wall, checkCpu: check.cpu, validateCpu: validate.cpu }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (existsSync('/usr/bin/time')) {
  const { check, validate, checkCpu, validateCpu } = commands(JSON.parse(JSON.stringify(generatePayload(10_000))) as PreviewData)
  report('preview-data check / validate, 10k file', {
    'check ms': check.toFixed(0),
    'validate ms': validate.toFixed(0),
    'check / validate': (check / validate).toFixed(2),
    'in CPU time': (checkCpu / validateCpu).toFixed(2),
    target: '<= 2',
  })
} else {
  console.log('preview-data check / validate: skipped, /usr/bin/time is absent')
}
report('check growth 10k -> 50k', { 'time ratio': (results[50_000] / results[10_000]).toFixed(1), linear: '~5' })

const here = path.dirname(fileURLToPath(import.meta.url))
const nodejsBlog = path.resolve(here, '../../shared/fixtures/markdown/nodejs-blog')
if (existsSync(nodejsBlog)) {
  const { importMarkdown } = (await import(new URL('../dist/markdown.js', import.meta.url).href)) as typeof Markdown
  const { payload } = await importMarkdown(nodejsBlog, { preset: 'native', postsDir: 'pages/en/blog', pagesDir: 'pages/en' })
  if (!payload) throw new Error('nodejs-blog did not import')
  const { check, validate } = measure('nodejs-blog', payload)
  report('check nodejs-blog (1,064 documents)', { 'check ms': check.toFixed(0), target: '<= 1000', 'validate ms': validate.toFixed(0), 'check / validate': (check / validate).toFixed(1) })
} else {
  console.log('check nodejs-blog: skipped, ../shared/fixtures/markdown/nodejs-blog is absent')
}
