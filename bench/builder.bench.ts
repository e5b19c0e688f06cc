// Issue 3 targets: 100,000 posts with 500 tags, 50 categories and 20 authors added and built (validated, canonical)
// in at most 4 s; 10,000 in at most 0.5 s; the 100k time within 12 × the 10k time.
import type { PostInput } from '../src/index.js'
import { sdk } from './sdk.js'
import { corpus, postFields, prng } from './generate-payload.js'
import { median, report } from './measure.js'

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

const times: Record<string, number> = {}
// Excerpts are derived from the Markdown bodies (the builder's default), the harder case; one run supplies them.
for (const [posts, excerpts] of [[10_000, false], [100_000, false], [10_000, true]] as const) {
  const data = inputs(posts, excerpts)
  build(data.slice(0, 2000))
  const ms = median(3, () => build(data))
  times[`${posts}-${excerpts}`] = ms
  report(`builder ${posts.toLocaleString('en-US')} posts, excerpts ${excerpts ? 'given' : 'derived'}`, {
    'add + build ms': ms.toFixed(0),
    target: posts === 10_000 ? '<= 500' : '<= 4000',
  })
}
report('builder growth 10k -> 100k', { 'time ratio': (times['100000-false'] / times['10000-false']).toFixed(1), target: '<= 12' })
