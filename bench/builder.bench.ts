// Issue 3 targets: 100,000 posts with 500 tags, 50 categories and 20 authors added and built (validated, canonical)
// in at most 4 s; 10,000 in at most 0.5 s; the 100k time within 12 × the 10k time. Each size runs in its own process
// (so one size's garbage never lands on the other's clock): one warm-up build of that size, then the median of 9.
// The growth is the median over three rounds of a 10k process followed at once by a 100k one, so that a machine
// that slows down or speeds up between two measurements does not pass for growth.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { PostInput } from '../src/index.js'
import { corpus, postFields, prng } from './generate-payload.js'
import { median, report } from './measure.js'
import { sdk } from './sdk.js'

function inputs(posts: number, withExcerpts: boolean): PostInput[] {
  const rand = prng(posts)
  const c = corpus()
  return Array.from({ length: posts }, (_, i) => {
    const { featured_image, ...f } = postFields(i, rand, c)
    return { ...f, ...(featured_image ? { featured_image } : {}), ...(withExcerpts ? { excerpt: `Excerpt of post ${i}.` } : {}) }
  })
}

function build(posts: PostInput[]): number {
  const c = corpus()
  let b = sdk.createPreviewData({ generator: 'bench', generated_at: '2026-01-01T00:00:00Z' }).site({ title: 'Bench', url: 'https://bench.example', timezone: 'Europe/Lisbon' })
  for (const a of c.authors) b = b.author(a)
  for (const cat of c.categories) b = b.category(cat)
  for (const t of c.tags) b = b.tag(t)
  for (const p of posts) b = b.post(p)
  return b.build().content.posts.length
}

if (process.argv[2] === '--child') {
  const data = inputs(Number(process.argv[3]), process.argv[4] === 'given')
  build(data)
  console.log(median(9, () => build(data)))
  process.exit(0)
}

const here = fileURLToPath(import.meta.url)
function measure(posts: number, excerpts: 'derived' | 'given'): number {
  const child = spawnSync(process.execPath, [...process.execArgv, here, '--child', String(posts), excerpts], { encoding: 'utf8' })
  if (child.status !== 0) throw new Error(child.stderr)
  return Number(child.stdout.trim())
}

// Excerpts are derived from the Markdown bodies (the builder's default), the harder case; one run supplies them.
const rounds = Array.from({ length: 3 }, () => {
  const small = measure(10_000, 'derived')
  const large = measure(100_000, 'derived')
  return { small, large, ratio: large / small }
})
const middle = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]
const each = (key: 'small' | 'large' | 'ratio', digits: number) => rounds.map((r) => r[key].toFixed(digits)).join(', ')
report('builder 10,000 posts, excerpts derived', { 'add + build ms': middle(rounds.map((r) => r.small)).toFixed(0), rounds: each('small', 0), target: '<= 500' })
report('builder 100,000 posts, excerpts derived', { 'add + build ms': middle(rounds.map((r) => r.large)).toFixed(0), rounds: each('large', 0), target: '<= 4000' })
report('builder 10,000 posts, excerpts given', { 'add + build ms': measure(10_000, 'given').toFixed(0), target: '<= 500' })
report('builder growth 10k -> 100k', { 'time ratio': middle(rounds.map((r) => r.ratio)).toFixed(1), rounds: each('ratio', 1), target: '<= 12' })
