// Deterministic generators of realistic Preview Data content for the benchmarks: about 3 KB Markdown bodies,
// 1 to 4 tags per post, featured images on a third of the posts, a page per 20 posts.
import type { PreviewData } from '../src/index.js'
import { prng } from './text.js'

export { prng } from './text.js'

const WORDS = 'lisbon tram hill river light tile window street market coffee bread harbour ferry bridge garden museum night music fado square castle walk map rain sun stone'.split(' ')

/** A Markdown body of about `bytes` bytes with headings, emphasis, links, lists and code. */
export function markdownBody(rand: () => number, bytes = 3000): string {
  const word = () => WORDS[Math.floor(rand() * WORDS.length)]
  const sentence = () => {
    const n = 8 + Math.floor(rand() * 10)
    const words = Array.from({ length: n }, word)
    words[0] = words[0][0].toUpperCase() + words[0].slice(1)
    if (rand() < 0.3) words[2] = `**${words[2]}**`
    if (rand() < 0.2) words[4] = `[${words[4]}](https://example.com/${words[4]})`
    return `${words.join(' ')}.`
  }
  let out = ''
  while (out.length < bytes) {
    const r = rand()
    if (r < 0.1) out += `## ${sentence()}\n\n`
    else if (r < 0.2) out += `- ${sentence()}\n- ${sentence()}\n- ${sentence()}\n\n`
    else if (r < 0.25) out += '```js\nconst x = 1\nconsole.log(x)\n```\n\n'
    else out += `${sentence()} ${sentence()} ${sentence()}\n\n`
  }
  return out
}

export type Corpus = {
  authors: { id: string; display_name: string }[]
  categories: { name: string; slug: string }[]
  tags: { name: string; slug: string }[]
}

/** Authors, categories and tags with the given counts. */
export function corpus(authors = 20, categories = 50, tags = 500): Corpus {
  return {
    authors: Array.from({ length: authors }, (_, i) => ({ id: `author-${i}`, display_name: `Author ${i}` })),
    categories: Array.from({ length: categories }, (_, i) => ({ name: `Category ${i}`, slug: `category-${i}` })),
    tags: Array.from({ length: tags }, (_, i) => ({ name: `Tag ${i}`, slug: `tag-${i}` })),
  }
}

/** The contract fields of post `i` (no excerpt unless asked), deterministic for a seed. */
export function postFields(i: number, rand: () => number, c: Corpus) {
  const tagCount = 1 + Math.floor(rand() * 4)
  const tagSlugs = new Set<string>()
  while (tagSlugs.size < tagCount) tagSlugs.add(c.tags[Math.floor(rand() * c.tags.length)].slug)
  const published = Date.UTC(2010, 0, 1) + Math.floor(rand() * 15 * 365 * 86_400_000)
  const iso = new Date(published - (published % 1000)).toISOString().replace('.000Z', 'Z')
  return {
    title: `Post ${i}: ${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}`,
    slug: `post-${i}`,
    content: markdownBody(rand),
    published_at_iso: iso,
    author_id: c.authors[i % c.authors.length].id,
    category_slugs: [c.categories[i % c.categories.length].slug],
    tag_slugs: [...tagSlugs],
    featured_image: i % 3 === 0 ? `/media/${i}.jpg` : undefined,
  }
}

/** A complete, valid payload with `posts` posts, as an object. */
export function generatePayload(posts: number, seed = 1): PreviewData {
  const rand = prng(seed)
  const c = corpus()
  const payload: PreviewData = {
    version: '0.7',
    generator: 'bench',
    generated_at: '2026-01-01T00:00:00Z',
    site: { title: 'Bench', description: '', url: 'https://bench.example', media_origin: '', locale: 'en-US', posts_per_page: 10, date_style: 'medium', time_style: 'short', timezone: 'Europe/Lisbon' },
    content: { authors: c.authors, posts: [], pages: [], categories: c.categories, tags: c.tags, media: [] },
  }
  for (let i = 0; i < posts; i++) {
    const f = postFields(i, rand, c)
    const { featured_image, ...rest } = f
    payload.content.posts.push({
      public_id: i + 1,
      ...rest,
      document_type: 'markdown',
      excerpt: f.content.slice(0, 160),
      updated_at_iso: f.published_at_iso,
      status: 'published',
      ...(featured_image ? { featured_image } : {}),
    })
    if (featured_image) payload.content.media!.push({ src: featured_image, width: 1200, height: 800 })
    if (i % 20 === 0) payload.content.pages.push({ title: `Page ${i / 20}`, slug: `page-${i / 20}`, content: markdownBody(rand, 1500), document_type: 'markdown', status: 'published' })
  }
  return payload
}
