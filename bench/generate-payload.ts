/**
 * Deterministic generators of Preview Data content for the benchmarks, shaped like the payloads the SDK's importers
 * make of the real fixtures (`npx tsx bench/proportions.ts payload <file.json>` prints both side by side):
 * - `generatePayload`: a site as the WordPress importer writes it: rendered HTML bodies (median 2.5 KB, 90th
 *   percentile 8 KB) in English, Chinese, Persian, Russian and Greek with entities, figures, galleries, code and
 *   links; Unicode slugs (NFC) on one post in nine; about one media entry per document with absolute upload URLs
 *   and sizes; featured images; derived excerpts; drafts; nested pages with paths; a few `meta` keys; two menus.
 * - `postFields` and `markdownBody`: builder input as a Markdown producer writes it, for the builder benchmark.
 * Bodies are put together from a pool of paragraphs made once per seed, so 100,000 posts generate in seconds;
 * parsing and validation see as many distinct strings as a real payload holds.
 */
import type { Menu, MenuItem, Page, Post, PreviewData } from '../src/index.js'
import { logNormal, prng, textSource, wordpressSlug } from './text.js'
import type { Lang, TextSource } from './text.js'

export { prng } from './text.js'

const HOST = 'https://bench.example'
const LANGS: Array<[Lang, number]> = [['en', 0.665], ['zh', 0.12], ['fa', 0.17], ['ru', 0.03], ['el', 0.015]]

function pickLang(t: TextSource): Lang {
  let r = t.rand()
  for (const [lang, p] of LANGS) if ((r -= p) < 0) return lang
  return 'en'
}

// ---------------------------------------------------------------------------------------------------------------
// Builder input (Markdown), for bench/builder.bench.ts.

/** A Markdown body of about `bytes` bytes with headings, emphasis, links, lists and code, in one language. */
export function markdownBody(rand: () => number, bytes = 3000, lang: Lang = 'en'): string {
  const t = textSource(rand)
  let out = ''
  while (out.length < bytes) {
    const r = rand()
    if (r < 0.1) out += `## ${t.title(lang)}\n\n`
    else if (r < 0.2) out += `- ${t.sentence(lang)}\n- ${t.sentence(lang)}\n- ${t.sentence(lang)}\n\n`
    else if (r < 0.25) out += '```js\nconst x = 1\nconsole.log(x)\n```\n\n'
    else if (r < 0.3) out += `${t.sentence(lang)} See [${t.words(lang, 2)}](https://example.com/${t.int(1, 999)}).\n\n`
    else out += `${t.sentences(lang, 300)}\n\n`
  }
  return out
}

export type Corpus = {
  authors: { id: string; display_name: string }[]
  categories: { name: string; slug: string }[]
  tags: { name: string; slug: string }[]
}

/** Authors, categories and tags with the given counts; some names and slugs are not ASCII. */
export function corpus(authors = 20, categories = 50, tags = 500): Corpus {
  const names = ['Ana Lima', '李明', 'سهراب رضایی', 'Ольга Смирнова', 'Zoë Martín', 'Νίκος Παππάς']
  const word = ['travel', 'música', '旅行', 'سفر', 'новости', 'ειδήσεις', 'release', 'notes']
  return {
    authors: Array.from({ length: authors }, (_, i) => ({ id: `author-${i}`, display_name: `${names[i % names.length]} ${i}` })),
    categories: Array.from({ length: categories }, (_, i) => ({ name: `${word[i % word.length]} ${i}`, slug: `${word[i % word.length]}-${i}` })),
    tags: Array.from({ length: tags }, (_, i) => ({ name: `${word[(i * 3) % word.length]} ${i}`, slug: `${word[(i * 3) % word.length]}-${i}` })),
  }
}

/** The contract fields of post `i` (no excerpt unless asked), deterministic for a seed. */
export function postFields(i: number, rand: () => number, c: Corpus) {
  const t = textSource(rand)
  const lang = pickLang(t)
  const tagCount = t.chance(0.25) ? 0 : t.int(1, 5)
  const tagSlugs = new Set<string>()
  while (tagSlugs.size < tagCount) tagSlugs.add(t.pick(c.tags).slug)
  const published = Date.UTC(2010, 0, 1) + Math.floor(rand() * 15 * 365 * 86_400_000)
  const title = t.title(lang)
  return {
    title,
    slug: `${title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').slice(0, 60) || 'post'}-${i}`,
    content: markdownBody(rand, logNormal(rand, 3000, 10_000, 100, 60_000), lang),
    published_at_iso: isoSeconds(published),
    author_id: c.authors[i % c.authors.length].id,
    category_slugs: [c.categories[i % c.categories.length].slug],
    tag_slugs: [...tagSlugs],
    featured_image: t.chance(0.3) ? `/media/${i}.jpg` : undefined,
  }
}

const isoSeconds = (ms: number) => new Date(ms - (ms % 1000)).toISOString().replace('.000Z', 'Z')

// ---------------------------------------------------------------------------------------------------------------
// Payloads as the WordPress importer writes them.

/** Stands in the paragraph pool for an internal link's address, chosen for each body (bodies link to real posts). */
const INTERNAL_LINK = '\u0000internal-link\u0000'

type Upload = { src: string; width: number; height: number; alt?: string }

/** A complete, valid payload with `posts` posts, as an object; the same arguments give the same payload. */
export function generatePayload(posts: number, seed = 1): PreviewData {
  return new PayloadSite(posts, seed).build()
}

class PayloadSite {
  private readonly t: TextSource
  private readonly paragraphs: Record<Lang, string[]>
  private readonly uploads: Upload[] = []
  private readonly sources = new Set<string>()
  private readonly usedSlugs = new Set<string>()
  /** The slugs of the posts made so far: a body links to older posts, as a blog does. */
  private readonly postSlugs: string[] = []
  private readonly authors = ['admin', 'sohrab', 'cedric', 'zoe', 'olga']
  private readonly categories: Array<{ name: string; slug: string; description?: string }>
  private readonly tags: Array<{ name: string; slug: string }>

  constructor(
    private readonly posts: number,
    seed: number,
  ) {
    this.t = textSource(prng(seed * 7919 + posts), 0.0008)
    const t = this.t
    // A pool of paragraphs per language, as HTML: 2,000 English ones, fewer for the other languages.
    this.paragraphs = { en: [], zh: [], fa: [], ru: [], el: [] }
    for (const [lang, p] of LANGS) for (let i = 0; i < Math.ceil(3000 * p); i++) this.paragraphs[lang].push(this.paragraph(lang))
    this.categories = ['Uncategorized', 'Releases', 'Security', 'Travel', 'Food & Drink', 'Programming', '胡思乱想', '技术', 'رلیز', 'آموزش', 'Новости', 'Ειδήσεις']
      .concat(Array.from({ length: 18 }, (_, i) => `${t.title('en')} ${i}`))
      .map((name, i) => ({ name, slug: this.slug(name), ...(i % 5 === 1 ? { description: t.sentence('en') } : {}) }))
    const tagCount = Math.min(3000, 60 + Math.round(posts * 0.12))
    this.tags = Array.from({ length: tagCount }, (_, i) => {
      const name = `${t.word(pickLang(t))} ${t.word('en')} ${i}`
      return { name, slug: this.slug(name) }
    })
  }

  /** A unique NFC slug: the importer decodes WordPress's percent-encoded slugs, so a tenth of them are not ASCII. */
  private slug(text: string): string {
    const base = text.toLowerCase().normalize('NFC').replace(/[^\p{L}\p{N}\p{M}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 80).replace(/-$/, '') || 'item'
    let slug = base
    for (let n = 2; this.usedSlugs.has(slug); n++) slug = `${base}-${n}`
    this.usedSlugs.add(slug)
    return slug
  }

  build(): PreviewData {
    const t = this.t
    const payload: PreviewData = {
      version: '0.7',
      generator: 'preview-data-sdk wordpress importer (bench)',
      generated_at: '2026-06-01T00:00:00Z',
      site: { title: 'Bench & Notes', description: 'Notes, releases and 旅行 — a generated blog', url: HOST, media_origin: '', locale: 'en-US', posts_per_page: 10, date_style: 'medium', time_style: 'short', timezone: '+03:30' },
      content: {
        authors: [{ id: 'admin', display_name: 'admin' }, { id: 'sohrab', display_name: 'سهراب' }, { id: 'cedric', display_name: '李明' }, { id: 'zoe', display_name: 'Zoë Martín' }, { id: 'olga', display_name: 'Ольга Смирнова' }],
        posts: [],
        pages: [],
        categories: this.categories,
        tags: this.tags,
        media: [],
      },
    }
    const span = (16 * 365 * 86_400_000) / Math.max(1, this.posts)
    let id = 10
    const pages: Page[] = payload.content.pages
    for (let i = 0; i < this.posts; i++) {
      id += t.int(1, 3)
      const published = Date.UTC(2009, 0, 1) + i * span + t.int(0, Math.floor(span / 2))
      payload.content.posts.push(this.post(id, published, payload.content.media!))
      if (t.chance(0.05)) pages.push(this.page(++id, pages))
    }
    payload.menus = this.menus(pages, payload.content.posts)
    return payload
  }

  private post(id: number, published: number, media: NonNullable<PreviewData['content']['media']>): Post {
    const t = this.t
    const lang = pickLang(t)
    const title = lang === 'en' && t.chance(0.05) ? `${t.title(lang)} & ${t.word('en')}` : t.title(lang)
    const images: Upload[] = []
    const content = this.body(lang, logNormal(t.rand, 2500, 7600, 60, 120_000), images, t.chance(0.1) ? '\r\n' : '\n')
    for (const image of images) media.push(image)
    const updated = t.chance(0.5) ? published + t.int(60, 400 * 86_400) * 1000 : published
    const tags = new Set(Array.from({ length: t.chance(0.3) ? 0 : t.int(1, 5) }, () => t.pick(this.tags).slug))
    const categories = new Set([t.pick(this.categories).slug, ...(t.chance(0.3) ? [t.pick(this.categories).slug] : [])])
    const featured = images[0] && t.chance(0.4) ? images[0].src : undefined
    const slug = this.slug(lang === 'en' || t.chance(0.3) ? title : `${t.word('en')} ${t.word('en')} ${id}`)
    this.postSlugs.push(slug)
    return {
      public_id: id,
      title,
      slug,
      content,
      document_type: 'html',
      excerpt: this.excerpt(content),
      published_at_iso: isoSeconds(published),
      updated_at_iso: isoSeconds(updated),
      author_id: t.pick(this.authors),
      status: t.chance(0.045) ? 'draft' : 'published',
      category_slugs: [...categories],
      tag_slugs: [...tags],
      ...(featured ? { featured_image: featured } : {}),
      ...(t.chance(0.08) ? { meta: { post_format: t.pick(['aside', 'gallery', 'video']), ...(t.chance(0.3) ? { views: t.int(1, 90_000) } : {}) } } : {}),
    }
  }

  private page(id: number, pages: Page[]): Page {
    const t = this.t
    const lang = pickLang(t)
    const title = t.title(lang)
    const slug = this.slug(title)
    const parent = pages.length > 0 && t.chance(0.35) ? t.pick(pages) : undefined
    const parentPath = parent ? (parent.path ?? parent.slug) : undefined
    return {
      public_id: id,
      title,
      slug,
      content: this.body(lang, logNormal(t.rand, 2000, 7000, 100, 40_000), [], '\n'),
      document_type: 'html',
      status: t.chance(0.03) ? 'draft' : 'published',
      ...(parentPath ? { path: `${parentPath}/${slug}` } : {}),
      ...(t.chance(0.5) ? { updated_at_iso: isoSeconds(Date.UTC(2020, 0, 1) + t.int(0, 5 * 365) * 86_400_000) } : {}),
    }
  }

  /** The first paragraph's text, cut near 300 characters, as the importer derives an excerpt. */
  private excerpt(html: string): string {
    const first = /<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? ''
    const text = first.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').replace(/&[a-z#0-9]+;/g, '’')
    return text.length > 300 ? `${text.slice(0, 299).replace(/\s+\S*$/, '')}…` : text
  }

  /**
   * A rendered HTML body of about `bytes` bytes from the paragraph pool, with figures, galleries, code, lists and
   * headings; `eol` is `\r\n` for the posts an old editor saved with Windows line ends, as in the Chinese fixture.
   */
  private body(lang: Lang, bytes: number, images: Upload[], eol: string): string {
    const t = this.t
    const out: string[] = []
    let size = 0
    while (size < bytes) {
      const r = t.rand()
      let part: string
      if (r < 0.62) part = t.pick(this.paragraphs[lang])
      else if (r < 0.74) {
        const level = t.pick([2, 3])
        part = `<h${level} class="wp-block-heading" id="h-${t.int(1, 999)}">${t.title(lang)}</h${level}>`
      }
      else if (r < 0.82) part = `<ul class="wp-block-list">\n${Array.from({ length: t.int(2, 6) }, () => `<li>${t.sentence(lang)}</li>`).join('\n\n')}\n</ul>`
      else if (r < 0.88) part = this.figure(lang, images)
      else if (r < 0.892) part = `<figure class="wp-block-gallery has-nested-images columns-3 is-cropped">${[0, 1, 2].map(() => this.figure(lang, images)).join('\n')}</figure>`
      else if (r < 0.95) part = '<pre class="wp-block-code"><code>for (int i = 0; i &lt; n; i++) {\n    if (a[i] &gt; max) max = a[i];\n}</code></pre>'
      else if (r < 0.97) part = `<blockquote class="wp-block-quote">\n<p>${t.sentence(lang)}</p>\n<cite>${t.words(lang, 2)}</cite></blockquote>`
      else part = '<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube"><div class="wp-block-embed__wrapper">\n<iframe title="Video" width="500" height="281" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" frameborder="0" allowfullscreen></iframe>\n</div></figure>'
      out.push(part)
      size += Buffer.byteLength(part) + 2
    }
    const html = out.join('\n\n').replaceAll(INTERNAL_LINK, () => this.internalHref())
    return eol === '\n' ? html : html.replace(/\n/g, eol)
  }

  private figure(lang: Lang, images: Upload[]): string {
    const t = this.t
    let image: Upload
    if (this.uploads.length > 0 && t.chance(0.2)) image = t.pick(this.uploads)
    else {
      const stem = t.chance(0.3) ? `IMG_${t.int(1000, 9999)}` : `${wordpressSlug(`${t.word('en')} ${t.word('en')}`)}-${t.int(1, 99_999)}`
      const year = 2009 + t.int(0, 16)
      const width = t.pick([300, 768, 1024, 1200, 2560])
      let src = `${HOST}/wp-content/uploads/${year}/${String(t.int(1, 12)).padStart(2, '0')}/${stem}-${width}x${Math.round(width * 0.5625)}.jpg`
      // WordPress appends -1, -2 to an upload whose name is taken in that month's folder.
      for (let n = 1; this.sources.has(src); n++) src = src.replace(/(-\d+)?(-\d+x\d+\.jpg)$/, `-${n}$2`)
      this.sources.add(src)
      image = { src, width, height: Math.round(width * 0.5625), ...(t.chance(0.4) ? { alt: t.words(lang, t.int(2, 6)) } : {}) }
      images.push(image)
      if (this.uploads.length < 5000) this.uploads.push(image)
    }
    const caption = t.chance(0.4) ? `<figcaption class="wp-element-caption">${t.sentence(lang)}</figcaption>` : ''
    return `<figure class="wp-block-image size-large"><img src="${image.src}" alt="${image.alt ?? ''}" width="${image.width}" height="${image.height}" class="wp-image-${t.int(10, 99_999)}" />${caption}</figure>`
  }

  private paragraph(lang: Lang): string {
    const t = this.t
    let s = t.sentences(lang, t.int(60, 420))
    if (t.chance(0.25)) s = s.replace(/^(\S+\s\S+)/, '<strong>$1</strong>')
    if (t.chance(0.3)) s = s.replace(' ', '&nbsp;')
    // wpautop turns the single new lines of the classic editor into <br />.
    if (t.chance(0.6)) s = s.replace(/([.。!?！？]) /g, (m, end: string) => (t.chance(0.5) ? `${end}<br />\n` : m))
    if (t.chance(0.3)) s += t.pick([' Q&amp;A', ' &hellip;', ' it&#8217;s', ' &copy; 2024'])
    if (t.chance(0.25)) s += ` <a href="${INTERNAL_LINK}">${t.words(lang, t.int(1, 3))}</a>.`
    if (t.chance(0.12)) s += ` <a href="https://github.com/nodejs/node/pull/${t.int(1000, 55_000)}" target="_blank" rel="noreferrer noopener">${t.words(lang, 2)}</a>.`
    return `<p>${s}</p>`
  }

  /**
   * Where an internal link of a body goes: an older post (its slug percent-encoded, as an editor's link is), now and
   * then a category; one in fifty goes to a post that no longer exists, as on real sites.
   */
  private internalHref(): string {
    const t = this.t
    if (this.postSlugs.length === 0 || t.chance(0.1)) return `/categories/${encodeURIComponent(t.pick(this.categories).slug)}/`
    if (t.chance(0.02)) return `/posts/${t.word('en')}-removed-${t.int(1, 9999)}/`
    return `/posts/${encodeURIComponent(t.pick(this.postSlugs))}/`
  }

  private menus(pages: Page[], posts: Post[]): Record<string, Menu> {
    const t = this.t
    const item = (title: string, url: string, children: MenuItem[] = []): MenuItem => ({ title, url, target: url.startsWith('http') && !url.startsWith(HOST) ? '_blank' : '_self', children })
    const main = [
      item('Home', '/'),
      ...pages.filter((p) => !p.path).slice(0, 5).map((p) => item(p.title, `/${p.slug}/`)),
      item('Topics', '/categories/', this.categories.slice(1, 9).map((c) => item(c.name, `/categories/${c.slug}/`))),
      ...(posts.length > 0 ? [item('Start here', `/posts/${posts[0].slug}/`)] : []),
      item('GitHub', 'https://github.com/bench-example'),
    ]
    const footer = ['RSS', 'Импрессум', 'حریم خصوصی', 'Mastodon'].map((title, i) => item(title, i === 0 ? `${HOST}/feed/` : `https://elsewhere.example/${i}?ref=${t.int(1, 9)}`))
    return { footer: { name: 'Footer', items: footer }, main: { name: 'Main menu', items: main } }
  }
}
