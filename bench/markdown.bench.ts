/**
 * Benchmarks the Markdown importer: the real 1,064-file Node.js blog (when ../shared is present) and generated
 * native sites of 1,000, 5,000 and 10,000 files (bench/generate-markdown-site.ts, shaped like the fixtures), each
 * imported in a fresh child process so its peak memory is its own. Prints the time, peak RSS and files per second,
 * and the ratio to a baseline run on the same folder in the same run: reading every Markdown file and splitting its
 * front matter with gray-matter (bench/baselines.ts), as a ratio of wall times and of CPU times. Then the growth
 * from 1,000 to 10,000 files.
 *
 * Usage: npx tsx bench/markdown.bench.ts
 */
import { execFileSync, fork } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type * as Markdown from '../importers/markdown/index.js'
import type { BaselineFigures } from './baselines.js'
import { generateMarkdownSite } from './generate-markdown-site.js'

const here = path.dirname(fileURLToPath(import.meta.url))
const NODEJS_BLOG = path.resolve(here, '../../shared/fixtures/markdown/nodejs-blog')

interface Figures {
  ms: number
  /** User plus system CPU time: on a shared machine, wall time also measures the neighbours. */
  cpuMs: number
  rssMB: number
  files: number
  posts: number
  pages: number
}

if (process.argv[2] === '--child') {
  // The built package, as users run it (`npm run bench` builds first); types come from the sources.
  const entry = new URL('../dist/markdown.js', import.meta.url).href
  const { importMarkdown } = (await import(entry)) as typeof Markdown
  const [dir, options] = [process.argv[3], JSON.parse(process.argv[4] ?? '{}')]
  const start = performance.now()
  const cpu = process.cpuUsage()
  const result = await importMarkdown(dir, options)
  const ms = performance.now() - start
  const used = process.cpuUsage(cpu)
  if (!result.payload) throw new Error(`import of ${dir} failed: ${result.diagnostics.find((d) => d.severity === 'error')?.message}`)
  const figures: Figures = { ms, cpuMs: (used.user + used.system) / 1000, rssMB: process.resourceUsage().maxRSS / 1024, files: result.counts.files, posts: result.counts.posts, pages: result.counts.pages }
  process.send?.(figures)
  process.exit(0)
}

function measure(dir: string, options: object): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--child', dir, JSON.stringify(options)], { execArgv: ['--import', 'tsx'] })
    child.once('message', (m) => resolve(m as Figures))
    child.once('exit', (code) => code !== 0 && reject(new Error(`benchmark child exited with ${code}`)))
  })
}

/** Reading the same folder with gray-matter alone, in a child process of its own. */
function baseline(dir: string): BaselineFigures {
  const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'baselines.ts'), 'markdown', dir], { encoding: 'utf8' })
  return JSON.parse(out.trim().split('\n').pop() as string) as BaselineFigures
}

const show = (name: string, f: Figures, target: string, dir: string) => {
  const b = baseline(dir)
  console.log(
    `${name.padEnd(28)} ${(f.ms / 1000).toFixed(2).padStart(6)} s (CPU ${(f.cpuMs / 1000).toFixed(2)} s)  ${f.rssMB.toFixed(0).padStart(5)} MB peak RSS  ${Math.round((f.files / f.ms) * 1000).toString().padStart(6)} files/s  ` +
      `÷ read + gray-matter: ${(f.ms / 1000 / b.seconds).toFixed(1)} (CPU ${(f.cpuMs / 1000 / b.cpu_seconds).toFixed(1)}; baseline ${b.seconds.toFixed(2)} s, ${b.peak_rss_mb} MB)  (${f.posts} posts, ${f.pages} pages)  target ${target}`,
  )
}

if (existsSync(NODEJS_BLOG)) {
  show('nodejs-blog (1,064 files)', await measure(NODEJS_BLOG, { preset: 'native', postsDir: 'pages/en/blog', pagesDir: 'pages/en' }), '≤ 2 s, ≤ 400 MB', NODEJS_BLOG)
} else {
  console.log('nodejs-blog: skipped, ../shared/fixtures/markdown/nodejs-blog is absent')
}
const generated: Record<number, Figures> = {}
for (const n of [1_000, 5_000, 10_000]) {
  // The folder name carries the generator's version: a site left by an older generator is not measured by mistake.
  const dir = path.join(here, '.data', `markdown-v2-${n}`)
  if (!existsSync(path.join(dir, 'site.yml'))) await generateMarkdownSite(n, dir)
  generated[n] = await measure(dir, { preset: 'native' })
  show(`generated (${n.toLocaleString('en-US')} files)`, generated[n], n === 10_000 ? '≤ 10 s' : 'linear', dir)
}
const growth = generated[10_000].ms / generated[1_000].ms
console.log(`growth 1,000 → 10,000 files: ×${growth.toFixed(1)} time (linear would be ×10), ×${(generated[10_000].rssMB / generated[1_000].rssMB).toFixed(1)} memory`)
console.log(`node ${process.version}, ${execFileSync('nproc').toString().trim()} CPU(s)`)
