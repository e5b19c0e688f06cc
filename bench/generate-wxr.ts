/**
 * A deterministic generator of WordPress exports shaped like the real ones in ../shared/fixtures/wxr, in the
 * proportions `bench/proportions.ts` measures there (run `npx tsx bench/proportions.ts wxr <export>` to compare):
 * - text in English, Chinese, Persian, Russian and Greek (with percent-encoded slugs for the non-Latin titles),
 *   emoji, accents, curly quotes and HTML entities (`&nbsp;`, `&#8217;`, `&lt;` in code samples);
 * - bodies of log-normal size (median 3 KB, 90th percentile 10 KB, a few of 100 KB), half in block markup and
 *   half classic (most classic ones without `<p>`, so autop has work), with headings, lists, quotes, code,
 *   images with captions, galleries, embeds, and shortcodes both known (`[caption]`, `[gallery]`, `[embed]`,
 *   `[video]`, `[code]`) and plugin ones (`[contact-form-7]`);
 * - links between posts in every spelling a blog collects (permalinks, `?p=`, `http://` and `www.`, root-relative,
 *   percent-encoded), category and page links, links to uploads, external links;
 * - attachments after their post with the PHP-serialized `_wp_attachment_metadata` of WordPress 6 (seven sizes,
 *   `-scaled` originals, byte counts of non-ASCII captions), some without metadata, some not images;
 * - threaded comments with pingbacks, unapproved and spam ones and Akismet comment meta;
 * - a nested page hierarchy, two menus of page, category, post and custom items, drafts, pending, private,
 *   future, trashed and password-protected items, sticky posts, post formats, plugin post meta, and the site-editor
 *   items (global styles, navigation, custom CSS, a reusable block) of a recent export;
 * - the layout of a WordPress 6.9 export: tabs, new lines, CDATA on the fields WordPress wraps.
 * The same `posts` count always gives the same bytes (a fixed-seed PRNG, no clock).
 *
 * Usage: npx tsx bench/generate-wxr.ts <posts> <out.xml>
 */
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { pathToFileURL } from 'node:url'
import { escapeXml, logNormal, prng, textSource, wordpressSlug } from './text.js'
import type { Lang, TextSource } from './text.js'

const HOST = 'https://bench.example'
const UPLOADS = `${HOST}/wp-content/uploads`
/** The site's clock runs at +03:30 (as the Persian fixture's), so local and GMT dates differ by a fraction of an hour. */
const OFFSET_MS = 210 * 60_000
const FIRST = Date.UTC(2009, 0, 1)
/** The moment of the export: posts after it are `future`. */
const EXPORTED = Date.UTC(2026, 5, 1)

// Which language a document is written in. Tuned so the share of characters in each script lands near the mean of
// the fixtures (see bench/proportions.ts), with Russian and Greek added beside them.
const LANGS: Array<[Lang, number]> = [['en', 0.665], ['zh', 0.12], ['fa', 0.17], ['ru', 0.03], ['el', 0.015]]
// How often a non-Latin title gives the slug (percent-encoded), rather than a slug the author typed in Latin letters.
const TITLE_SLUG: Record<Lang, number> = { en: 1, zh: 0.2, fa: 0.4, ru: 0.4, el: 0.4 }

const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`
const pad = (n: number) => String(n).padStart(2, '0')
/** `2024-05-01 10:00:00`, the way WXR writes a date. */
const wxrDate = (ms: number) => {
  const d = new Date(ms)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}

/** PHP's serialize() of strings, integers, lists and maps: WordPress's metadata format (lengths are UTF-8 bytes). */
export function phpSerialize(value: unknown): string {
  if (typeof value === 'string') return `s:${Buffer.byteLength(value)}:"${value}";`
  if (typeof value === 'number') return `i:${value};`
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value as object)
  return `a:${entries.length}:{${entries.map(([k, v]) => phpSerialize(k) + phpSerialize(v)).join('')}}`
}

type Author = { login: string; display: string; first: string; last: string }
type Term = { id: number; slug: string; name: string; parent?: string }
type Attachment = { id: number; url: string; file: string; width: number; height: number; alt: string; caption: string; image: boolean }
/** A published post or page another body can link to. */
type Target = { id: number; url: string; slug: string; lang: Lang }
type Doc = { id: number; lang: Lang; title: string; slug: string; date: number; attachments: Attachment[] }

/**
 * Writes an export with `posts` posts to `out` and resolves when it is on disk.
 * @example
 * await generateWxr(10_000, 'bench/.data/wxr-10000.xml')
 */
export async function generateWxr(posts: number, out: string): Promise<void> {
  const file = bufferedFile(out)
  await new WxrSite(posts, file.write).writeAll()
  await file.close()
}

/** A write stream fed in 1 MB strings, waiting for it to drain. */
function bufferedFile(out: string) {
  const stream = createWriteStream(out)
  let parts: string[] = []
  let size = 0
  return {
    async write(s: string) {
      parts.push(s)
      size += s.length
      if (size < 1 << 20) return
      if (!stream.write(parts.join(''))) await once(stream, 'drain')
      parts = []
      size = 0
    },
    async close() {
      stream.end(parts.join(''))
      await once(stream, 'finish')
    },
  }
}

class WxrSite {
  private readonly t: TextSource
  private nextId = 10
  private readonly authors: Author[]
  private readonly categories: Term[]
  private readonly tags: Term[]
  private readonly targets: Target[] = []
  private readonly pages: Target[] = []
  private readonly usedSlugs = new Set<string>()
  private readonly uploads: Attachment[] = []

  constructor(
    private readonly posts: number,
    private readonly emit: (s: string) => Promise<void>,
  ) {
    this.t = textSource(prng(posts * 7919 + 17), 0.0008)
    this.authors = [
      { login: 'sohrab', display: 'سهراب', first: 'سهراب', last: 'رضایی' },
      { login: 'cedric', display: '李明', first: '明', last: '李' },
      { login: 'zoe', display: 'Zoë Martín', first: 'Zoë', last: 'Martín' },
      { login: 'admin', display: 'admin', first: '', last: '' },
      { login: 'olga', display: 'Ольга Смирнова', first: 'Ольга', last: 'Смирнова' },
    ]
    const t = this.t
    const categoryNames = [
      'Uncategorized', 'Releases', 'Security', 'Community', 'Travel', 'Food & Drink', 'Programming', 'LeetCode', 'Linux',
      'Photography', 'Weekly notes', 'Events', '胡思乱想', '技术', '生活', '读书笔记', 'رلیز', 'اخبار', 'آموزش', 'Новости',
      'Разработка', 'Ειδήσεις', 'Music', 'Books', 'Science', 'Design', 'Open source', 'Tutorials', 'Announcements', 'Video',
    ]
    this.categories = categoryNames.map((name, i) => ({
      id: 100 + i,
      name,
      slug: i === 0 ? 'uncategorized' : wordpressSlug(name),
      parent: i >= 20 && i < 26 ? wordpressSlug(categoryNames[i - 18]) : undefined,
    }))
    const tagCount = Math.min(3000, 60 + Math.round(posts * 0.12))
    const tagSlugs = new Set<string>()
    this.tags = []
    for (let i = 0; this.tags.length < tagCount; i++) {
      const lang = this.lang()
      const name = lang === 'en' && t.chance(0.3) ? `${t.word('en')} ${t.word('en')}` : t.title(lang).split(/\s+/).slice(0, 2).join(' ')
      const slug = wordpressSlug(name) || `tag-${i}`
      if (tagSlugs.has(slug)) continue
      tagSlugs.add(slug)
      this.tags.push({ id: 1000 + i, name, slug })
    }
  }

  private lang(): Lang {
    let r = this.t.rand()
    for (const [lang, p] of LANGS) if ((r -= p) < 0) return lang
    return 'en'
  }

  async writeAll(): Promise<void> {
    await this.emit(this.header())
    await this.writePage(['About', 'about'], 0)
    await this.writePage(['Contact', 'contact'], 0)
    await this.writePage(['Privacy Policy', 'privacy-policy'], 0, 'draft')
    const span = (EXPORTED + 30 * 86_400_000 - FIRST) / this.posts
    for (let i = 0; i < this.posts; i++) {
      const date = FIRST + i * span + this.t.int(0, Math.floor(span / 2))
      await this.writePost(i, date)
      if (this.t.chance(0.03)) await this.writePage(undefined, date)
      if (i === Math.floor(this.posts / 2)) await this.writeMenus(date)
    }
    await this.writeSiteEditorItems()
    await this.emit('</channel>\n</rss>\n')
  }

  private header(): string {
    const t = this.t
    const lines = [
      '<?xml version="1.0" encoding="UTF-8" ?>',
      '<!-- This is a WordPress eXtended RSS file generated by WordPress as an export of your site. -->',
      '<!-- generator="WordPress/6.9.1" created="2026-06-01 10:00" -->',
      '<rss version="2.0"\n\txmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"\n\txmlns:content="http://purl.org/rss/1.0/modules/content/"\n\txmlns:wfw="http://wellformedweb.org/CommentAPI/"\n\txmlns:dc="http://purl.org/dc/elements/1.1/"\n\txmlns:wp="http://wordpress.org/export/1.2/"\n>',
      '',
      '<channel>',
      '\t<title>Bench &amp; Notes</title>',
      `\t<link>${HOST}</link>`,
      '\t<description>Notes, releases and 旅行 — a generated blog</description>',
      '\t<pubDate>Mon, 01 Jun 2026 10:00:00 +0000</pubDate>',
      '\t<language>en-US</language>',
      '\t<wp:wxr_version>1.2</wp:wxr_version>',
      `\t<wp:base_site_url>${HOST}</wp:base_site_url>`,
      `\t<wp:base_blog_url>${HOST}</wp:base_blog_url>`,
      '',
    ]
    for (const [i, a] of this.authors.entries()) {
      lines.push(
        `\t<wp:author><wp:author_id>${i + 1}</wp:author_id><wp:author_login>${cdata(a.login)}</wp:author_login><wp:author_email>${cdata(`${a.login}@bench.example`)}</wp:author_email><wp:author_display_name>${cdata(a.display)}</wp:author_display_name><wp:author_first_name>${cdata(a.first)}</wp:author_first_name><wp:author_last_name>${cdata(a.last)}</wp:author_last_name></wp:author>`,
      )
    }
    lines.push('')
    for (const c of this.categories) {
      lines.push(
        `\t<wp:category>\n\t\t<wp:term_id>${c.id}</wp:term_id>\n\t\t<wp:category_nicename>${cdata(c.slug)}</wp:category_nicename>\n\t\t<wp:category_parent>${cdata(c.parent ?? '')}</wp:category_parent>\n\t\t<wp:cat_name>${cdata(c.name)}</wp:cat_name>\n${t.chance(0.2) ? `\t\t<wp:category_description>${cdata(t.sentence('en'))}</wp:category_description>\n` : ''}\t</wp:category>`,
      )
    }
    for (const tag of this.tags) {
      lines.push(`\t<wp:tag>\n\t\t<wp:term_id>${tag.id}</wp:term_id>\n\t\t<wp:tag_slug>${cdata(tag.slug)}</wp:tag_slug>\n\t\t<wp:tag_name>${cdata(tag.name)}</wp:tag_name>\n\t</wp:tag>`)
    }
    const terms: Array<[string, string, string]> = [
      ['nav_menu', 'main', 'Main menu'], ['nav_menu', 'footer', 'Footer'],
      ['post_format', 'post-format-gallery', 'Gallery'], ['post_format', 'post-format-video', 'Video'], ['post_format', 'post-format-aside', 'Aside'],
    ]
    for (const [i, [taxonomy, slug, name]] of terms.entries()) {
      lines.push(`\t<wp:term>\n\t\t<wp:term_id>${5000 + i}</wp:term_id>\n\t\t<wp:term_taxonomy>${cdata(taxonomy)}</wp:term_taxonomy>\n\t\t<wp:term_slug>${cdata(slug)}</wp:term_slug>\n\t\t<wp:term_parent>${cdata('')}</wp:term_parent>\n\t\t<wp:term_name>${cdata(name)}</wp:term_name>\n\t</wp:term>`)
    }
    lines.push('', '\t<generator>https://wordpress.org/?v=6.9.1</generator>', '')
    return lines.join('\n') + '\n'
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Posts and pages.

  private status(): string {
    const r = this.t.rand()
    return r < 0.035 ? 'draft' : r < 0.04 ? 'pending' : r < 0.05 ? 'private' : r < 0.055 ? 'future' : r < 0.058 ? 'trash' : r < 0.06 ? 'auto-draft' : 'publish'
  }

  /** A unique slug the way WordPress makes one: from the title or typed by the author, `-2` on a clash. */
  private slugFor(title: string, lang: Lang): string {
    const t = this.t
    let base = t.chance(TITLE_SLUG[lang]) ? wordpressSlug(title) : wordpressSlug(`${t.word('en')} ${t.word('en')} ${t.word('en')}`)
    if (base === '') base = 'post'
    let slug = base
    for (let n = 2; this.usedSlugs.has(slug); n++) slug = `${base}-${n}`
    this.usedSlugs.add(slug)
    return slug
  }

  private async writePost(i: number, date: number): Promise<void> {
    const t = this.t
    const lang = this.lang()
    const id = this.nextId++
    let status = this.status()
    if (date > EXPORTED) status = 'future'
    const autoDraft = status === 'auto-draft'
    const rawTitle = autoDraft ? 'Auto Draft' : t.title(lang)
    const title = lang === 'en' && t.chance(0.05) ? `${rawTitle} &amp; ${t.word('en')}` : lang === 'en' && t.chance(0.05) ? `${rawTitle}&#8217;s ${t.word('en')}` : rawTitle
    // WordPress gives a draft its slug only when it is published.
    const slug = status === 'draft' && t.chance(0.6) ? '' : autoDraft ? '' : this.slugFor(rawTitle, lang)
    const attachments = this.newAttachments(id, date, lang)
    const doc: Doc = { id, lang, title, slug, date, attachments }
    const body = autoDraft ? '' : this.body(doc, logNormal(t.rand, 3000, 10_000, 60, 150_000))
    const link = status === 'publish' ? this.permalink(doc) : `${HOST}/?p=${id}`
    const categories = [t.pick(this.categories)]
    if (t.chance(0.25)) categories.push(t.pick(this.categories))
    const tags = Array.from({ length: t.chance(0.25) ? 0 : t.int(1, 5) }, () => t.pick(this.tags))
    const terms = [
      ...[...new Set(categories)].map((c) => `<category domain="category" nicename="${c.slug}">${cdata(c.name)}</category>`),
      ...[...new Set(tags)].map((tag) => `<category domain="post_tag" nicename="${tag.slug}">${cdata(tag.name)}</category>`),
      ...(t.chance(0.04) ? [`<category domain="post_format" nicename="post-format-${t.pick(['gallery', 'video', 'aside'])}">${cdata('Format')}</category>`] : []),
    ]
    const meta: Array<[string, string]> = []
    if (t.chance(0.9)) meta.push(['_edit_last', String(t.int(1, 3))])
    const image = attachments.find((a) => a.image)
    if (image && t.chance(0.8)) meta.push(['_thumbnail_id', String(image.id)])
    if (t.chance(0.2)) meta.push(['_yoast_wpseo_metadesc', t.sentence(lang)])
    if (t.chance(0.3)) meta.push(['classic-editor-remember', t.pick(['classic-editor', 'block-editor'])])
    if (t.chance(0.05)) meta.push(['_wp_old_slug', wordpressSlug(t.title('en'))])
    if (t.chance(0.05)) meta.push(['_wpcom_is_markdown', '1'])
    if (t.chance(0.15)) meta.push(['views', String(t.int(3, 90_000))])
    if (t.chance(0.2)) meta.push(['_yoast_wpseo_primary_category', String(categories[0].id)])
    if (t.chance(0.1)) meta.push(['_pingme', '1'], ['_encloseme', '1'])
    await this.emit(
      this.item({
        id, title, link, date, slug, status, body, terms, meta, type: 'post',
        author: t.pick(this.authors).login,
        excerpt: t.chance(0.1) ? t.sentence(lang) : '',
        password: status === 'publish' && t.chance(0.005) ? 'open-sesame' : '',
        sticky: i % 4000 === 3,
        comments: status === 'publish' || status === 'private' ? this.comments(id, date, lang) : '',
      }),
    )
    for (const a of attachments) await this.emit(this.attachmentItem(a, id, date))
    if (status === 'publish' && slug !== '') this.targets.push({ id, url: link, slug, lang })
  }

  private async writePage(named: [string, string] | undefined, date: number, status = 'publish'): Promise<void> {
    const t = this.t
    const lang = named ? 'en' : this.lang()
    const id = this.nextId++
    const title = named ? named[0] : t.title(lang)
    const slug = named ? named[1] : this.slugFor(title, lang)
    const parent = !named && this.pages.length > 0 && t.chance(0.4) ? t.pick(this.pages) : undefined
    const path = parent ? `${parent.url.slice(HOST.length + 1)}${slug}/` : `${slug}/`
    const doc: Doc = { id, lang, title, slug, date: date || FIRST, attachments: [] }
    const link = `${HOST}/${path}`
    await this.emit(
      this.item({
        id, title, link, date: doc.date, slug, status, type: 'page', author: 'admin', excerpt: '', password: '', sticky: false,
        body: this.body(doc, logNormal(t.rand, 2500, 8000, 200, 40_000)), terms: [], parent: parent?.id, order: t.int(0, 20),
        meta: [['_edit_last', '1'], ['_wp_page_template', t.pick(['default', 'default', 'template-full-width.php'])]],
        comments: '',
      }),
    )
    if (status === 'publish' && this.pages.length < 400) this.pages.push({ id, url: link, slug, lang })
  }

  private permalink(doc: Doc): string {
    const local = wxrDate(doc.date + OFFSET_MS)
    return `${HOST}/${local.slice(0, 4)}/${local.slice(5, 7)}/${doc.slug}/`
  }

  private item(f: {
    id: number; title: string; link: string; date: number; slug: string; status: string; type: string; author: string; body: string
    excerpt: string; password: string; sticky: boolean; terms: string[]; meta: Array<[string, string]>; comments: string
    parent?: number; order?: number; attachmentUrl?: string; guid?: string
  }): string {
    const t = this.t
    const unpublished = f.status === 'draft' || f.status === 'auto-draft' || f.status === 'pending'
    const gmt = unpublished ? '0000-00-00 00:00:00' : wxrDate(f.date)
    const modified = f.date + (t.chance(0.5) ? t.int(60, 400 * 86_400) * 1000 : 0)
    const lines = [
      `\t<item>`,
      `\t\t<title>${cdata(f.title)}</title>`,
      `\t\t<link>${escapeXml(f.link)}</link>`,
      `\t\t<pubDate>${new Date(f.date).toUTCString().replace('GMT', '+0000')}</pubDate>`,
      `\t\t<dc:creator>${cdata(f.author)}</dc:creator>`,
      `\t\t<guid isPermaLink="false">${escapeXml(f.guid ?? `${HOST}/?p=${f.id}`)}</guid>`,
      `\t\t<description></description>`,
      `\t\t<content:encoded>${cdata(f.body)}</content:encoded>`,
      `\t\t<excerpt:encoded>${cdata(f.excerpt)}</excerpt:encoded>`,
      `\t\t<wp:post_id>${f.id}</wp:post_id>`,
      `\t\t<wp:post_date>${cdata(wxrDate(f.date + OFFSET_MS))}</wp:post_date>`,
      `\t\t<wp:post_date_gmt>${cdata(gmt)}</wp:post_date_gmt>`,
      `\t\t<wp:post_modified>${cdata(wxrDate(modified + OFFSET_MS))}</wp:post_modified>`,
      `\t\t<wp:post_modified_gmt>${cdata(unpublished ? gmt : wxrDate(modified))}</wp:post_modified_gmt>`,
      `\t\t<wp:comment_status>${cdata(f.type === 'attachment' || t.chance(0.9) ? 'open' : 'closed')}</wp:comment_status>`,
      `\t\t<wp:ping_status>${cdata(t.chance(0.5) ? 'open' : 'closed')}</wp:ping_status>`,
      `\t\t<wp:post_name>${cdata(f.slug)}</wp:post_name>`,
      `\t\t<wp:status>${cdata(f.status)}</wp:status>`,
      `\t\t<wp:post_parent>${f.parent ?? 0}</wp:post_parent>`,
      `\t\t<wp:menu_order>${f.order ?? 0}</wp:menu_order>`,
      `\t\t<wp:post_type>${cdata(f.type)}</wp:post_type>`,
      `\t\t<wp:post_password>${cdata(f.password)}</wp:post_password>`,
      `\t\t<wp:is_sticky>${f.sticky ? 1 : 0}</wp:is_sticky>`,
    ]
    if (f.attachmentUrl) lines.push(`\t\t\t\t\t\t<wp:attachment_url>${cdata(f.attachmentUrl)}</wp:attachment_url>`)
    for (const term of f.terms) lines.push(`\t\t${term}`)
    for (const [key, value] of f.meta) lines.push(`\t\t<wp:postmeta>\n\t\t<wp:meta_key>${cdata(key)}</wp:meta_key>\n\t\t<wp:meta_value>${cdata(value)}</wp:meta_value>\n\t\t</wp:postmeta>`)
    if (f.comments) lines.push(f.comments)
    lines.push('\t</item>\n')
    return lines.join('\n')
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Attachments.

  /** The uploads made while writing a post: none for many posts, several for a photo post. */
  private newAttachments(parent: number, date: number, lang: Lang): Attachment[] {
    const t = this.t
    if (t.chance(0.5)) return []
    const count = t.chance(0.15) ? t.int(4, 9) : t.int(1, 3)
    const local = wxrDate(date + OFFSET_MS)
    const out: Attachment[] = []
    for (let k = 0; k < count; k++) {
      const id = this.nextId++
      const image = t.chance(0.94)
      const ext = image ? t.pick(['jpg', 'jpg', 'jpg', 'png', 'webp']) : t.pick(['pdf', 'mp4', 'mp3', 'zip'])
      const stem = t.chance(0.3) ? `IMG_${t.int(1000, 9999)}` : t.chance(0.5) ? `screenshot-${id}` : `${wordpressSlug(`${t.word('en')} ${t.word('en')}`)}-${id}`
      const wide = t.chance(0.6)
      const width = image ? t.pick([800, 1024, 1280, 1600, 1920, 2560, 3024, 4032]) : 0
      const height = image ? Math.round(width * (wide ? 0.5625 : t.pick([0.75, 1.333, 1]))) : 0
      const scaled = image && width > 2560
      const file = `${local.slice(0, 4)}/${local.slice(5, 7)}/${stem}${scaled ? '-scaled' : ''}.${ext}`
      const attachment: Attachment = { id, url: `${UPLOADS}/${file}`, file, width: scaled ? 2560 : width, height: scaled ? Math.round(height * (2560 / width)) : height, alt: t.chance(0.6) ? t.words(lang, t.int(2, 6)) : '', caption: t.chance(0.3) ? t.sentence(lang) : '', image }
      out.push(attachment)
      if (image && this.uploads.length < 5000) this.uploads.push(attachment)
    }
    return out
  }

  private attachmentItem(a: Attachment, parent: number, date: number): string {
    const t = this.t
    const meta: Array<[string, string]> = [['_wp_attached_file', a.file]]
    if (t.chance(0.92)) meta.push(['_wp_attachment_metadata', a.image ? this.imageMetadata(a) : phpSerialize({ filesize: this.t.int(20_000, 9_000_000) })])
    if (a.alt) meta.push(['_wp_attachment_image_alt', a.alt])
    const name = a.file.slice(8).replace(/\.[a-z0-9]+$/, '')
    return this.item({
      id: a.id, title: name, link: `${HOST}/?attachment_id=${a.id}`, date: date + 60_000, slug: name.toLowerCase(), status: 'inherit', type: 'attachment',
      author: t.pick(this.authors).login, body: '', excerpt: a.caption, password: '', sticky: false, terms: [], meta, comments: '',
      parent: t.chance(0.9) ? parent : 0, attachmentUrl: a.url, guid: a.url,
    })
  }

  /** `_wp_attachment_metadata` as WordPress 6 writes it for an image: every registered size, the original if scaled. */
  private imageMetadata(a: Attachment): string {
    const t = this.t
    const base = a.file.slice(8).replace(/(-scaled)?\.[a-z0-9]+$/, '')
    const ext = a.file.slice(a.file.lastIndexOf('.') + 1)
    const mime = ext === 'jpg' ? 'image/jpeg' : `image/${ext}`
    const sizes: Record<string, unknown> = {}
    const fit = (name: string, max: number, crop = false) => {
      if (a.width <= max && a.height <= max && !crop) return
      const scale = crop ? 1 : Math.min(max / a.width, max / a.height)
      const w = crop ? max : Math.round(a.width * scale)
      const h = crop ? max : Math.round(a.height * scale)
      sizes[name] = { file: `${base}-${w}x${h}.${ext}`, width: w, height: h, 'mime-type': mime, filesize: t.int(2000, 400_000) }
    }
    fit('medium', 300)
    fit('large', 1024)
    fit('thumbnail', 150, true)
    fit('medium_large', 768)
    fit('1536x1536', 1536)
    fit('2048x2048', 2048)
    if (t.chance(0.3)) fit('post-thumbnail', 1200)
    const value: Record<string, unknown> = { width: a.width, height: a.height, file: a.file, filesize: t.int(40_000, 3_000_000), sizes }
    value.image_meta = {
      aperture: t.pick(['0', '1.8', '2.8']), credit: '', camera: t.pick(['', '', 'iPhone 13', 'Canon EOS R6']), caption: a.caption, created_timestamp: String(t.int(0, 1.7e9)),
      copyright: '', focal_length: t.pick(['0', '4.2', '35']), iso: t.pick(['0', '100', '400']), shutter_speed: t.pick(['0', '0.008']), title: '', orientation: '1', keywords: [],
    }
    if (a.file.includes('-scaled')) value.original_image = `${base}.${ext}`
    return phpSerialize(value)
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Bodies.

  /** A body of about `bytes` bytes: block markup for about half the documents, classic HTML for the others. */
  private body(doc: Doc, bytes: number): string {
    const t = this.t
    if (t.chance(0.5)) return new BlockBody(this, doc).build(bytes)
    return new ClassicBody(this, doc, t.chance(0.45)).build(bytes)
  }

  /** A link to another place on this site, in one of the spellings a real blog accumulates. */
  internalHref(): string {
    const t = this.t
    const r = t.rand()
    if (this.targets.length === 0 || r < 0.08) return t.chance(0.5) && this.pages.length > 0 ? t.pick(this.pages).url : `${HOST}/category/${t.pick(this.categories).slug}/`
    const target = t.pick(this.targets)
    if (r < 0.6) return target.url
    if (r < 0.72) return `${HOST}/?p=${target.id}`
    if (r < 0.82) return target.url.replace('https://', 'http://www.')
    if (r < 0.9) return target.url.slice(HOST.length)
    if (r < 0.95) return `${target.url}#comments`
    return `${UPLOADS}/${t.pick(this.uploads)?.file ?? '2020/01/missing.jpg'}`
  }

  externalHref(): string {
    const t = this.t
    return t.pick([
      'https://github.com/nodejs/node/releases', 'https://en.wikipedia.org/wiki/Lisbon', 'https://developer.mozilla.org/en-US/docs/Web/HTML',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://forum.parchlinux.com/t/123', 'https://zh.wikipedia.org/wiki/%E4%B8%8A%E6%B5%B7',
      'https://fa.wikipedia.org/wiki/%D8%AA%D9%87%D8%B1%D8%A7%D9%86', 'http://www.cplusplus.com/reference/vector/', 'https://example.org/path?x=1&y=2',
    ])
  }

  /** An image the body shows: one of this post's uploads, an older upload, or one hosted elsewhere. */
  image(doc: Doc): Attachment | undefined {
    const t = this.t
    const own = doc.attachments.filter((a) => a.image)
    if (own.length > 0 && t.chance(0.85)) return t.pick(own)
    if (this.uploads.length > 0 && t.chance(0.7)) return t.pick(this.uploads)
    return { id: 0, url: `https://upload.wikimedia.org/wikipedia/commons/a/a1/Photo_${t.int(1, 999)}.jpg`, file: '', width: 800, height: 600, alt: '', caption: '', image: true }
  }

  get text(): TextSource {
    return this.t
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Comments, menus, site-editor items.

  private comments(postId: number, date: number, lang: Lang): string {
    const t = this.t
    if (!t.chance(0.22)) return ''
    const count = t.chance(0.12) ? t.int(5, 20) : t.int(1, 3)
    const out: string[] = []
    let at = date
    for (let c = 0; c < count; c++) {
      const id = postId * 40 + c
      at += t.int(600, 30 * 86_400) * 1000
      const pingback = t.chance(0.08)
      const commentLang = t.chance(0.8) ? lang : this.lang()
      const content = pingback ? `[&#8230;] ${t.sentence(commentLang)} [&#8230;]` : t.sentences(commentLang, t.int(30, 600)) + (t.chance(0.1) ? ` <a href="${this.externalHref()}" rel="nofollow">${t.words('en', 2)}</a>` : '')
      const approved = t.chance(0.86) ? '1' : t.chance(0.6) ? '0' : 'spam'
      const parent = c > 0 && t.chance(0.3) ? postId * 40 + t.int(0, c - 1) : 0
      const meta = t.chance(0.4) ? `\n\t\t\t<wp:commentmeta>\n\t\t\t\t<wp:meta_key>${cdata('akismet_result')}</wp:meta_key>\n\t\t\t\t<wp:meta_value>${cdata('false')}</wp:meta_value>\n\t\t\t</wp:commentmeta>` : ''
      out.push(
        `\t\t<wp:comment>\n\t\t\t<wp:comment_id>${id}</wp:comment_id>\n\t\t\t<wp:comment_author>${cdata(pingback ? t.title(commentLang) : t.pick(['Reader', 'Anna', '小王', 'رضا', 'Дмитрий', 'Νίκος']))}</wp:comment_author>\n\t\t\t<wp:comment_author_email>${cdata(pingback ? '' : `reader${c}@mail.example`)}</wp:comment_author_email>\n\t\t\t<wp:comment_author_url>${pingback ? 'https://other.example/a-post/' : ''}</wp:comment_author_url>\n\t\t\t<wp:comment_author_IP>${cdata(`203.0.113.${c % 250}`)}</wp:comment_author_IP>\n\t\t\t<wp:comment_date>${cdata(wxrDate(at + OFFSET_MS))}</wp:comment_date>\n\t\t\t<wp:comment_date_gmt>${cdata(wxrDate(at))}</wp:comment_date_gmt>\n\t\t\t<wp:comment_content>${cdata(content)}</wp:comment_content>\n\t\t\t<wp:comment_approved>${cdata(approved)}</wp:comment_approved>\n\t\t\t<wp:comment_type>${cdata(pingback ? 'pingback' : 'comment')}</wp:comment_type>\n\t\t\t<wp:comment_parent>${parent}</wp:comment_parent>\n\t\t\t<wp:comment_user_id>0</wp:comment_user_id>${meta}\n\t\t</wp:comment>`,
      )
    }
    return out.join('\n')
  }

  /** Two menus: a nested main menu of pages, categories, a post and custom links; a flat footer menu. */
  private async writeMenus(date: number): Promise<void> {
    const t = this.t
    const entries: Array<{ menu: string; type: string; object: string; objectId: number; url: string; title: string; parent: number }> = []
    const main = (e: Omit<(typeof entries)[number], 'menu'>) => entries.push({ menu: 'main', ...e })
    main({ type: 'custom', object: 'custom', objectId: 0, url: `${HOST}/`, title: 'Home', parent: 0 })
    for (const page of this.pages.slice(0, 6)) main({ type: 'post_type', object: 'page', objectId: page.id, url: '', title: '', parent: 0 })
    const topics = entries.length
    main({ type: 'custom', object: 'custom', objectId: 0, url: '#', title: 'Topics', parent: 0 })
    for (const c of this.categories.slice(1, 9)) main({ type: 'taxonomy', object: 'category', objectId: c.id, url: '', title: '', parent: topics })
    if (this.targets.length > 0) main({ type: 'post_type', object: 'post', objectId: this.targets[0].id, url: '', title: 'Start here', parent: 0 })
    main({ type: 'custom', object: 'custom', objectId: 0, url: 'https://github.com/bench-example', title: 'GitHub', parent: 0 })
    for (const [i, title] of ['RSS', 'Импрессум', 'حریم خصوصی', 'Mastodon'].entries()) {
      entries.push({ menu: 'footer', type: 'custom', object: 'custom', objectId: 0, url: i === 0 ? `${HOST}/feed/` : `https://elsewhere.example/${i}`, title, parent: 0 })
    }
    const ids = entries.map(() => this.nextId++)
    for (const [i, e] of entries.entries()) {
      const meta: Array<[string, string]> = [
        ['_menu_item_type', e.type], ['_menu_item_menu_item_parent', e.parent ? String(ids[e.parent]) : '0'], ['_menu_item_object_id', String(e.objectId || ids[i])],
        ['_menu_item_object', e.object], ['_menu_item_target', e.url.startsWith('https://github') ? '_blank' : ''], ['_menu_item_classes', 'a:1:{i:0;s:0:"";}'],
        ['_menu_item_xfn', ''], ['_menu_item_url', e.url],
      ]
      await this.emit(
        this.item({
          id: ids[i], title: e.title, link: `${HOST}/?p=${ids[i]}`, date, slug: String(ids[i]), status: t.chance(0.03) ? 'draft' : 'publish', type: 'nav_menu_item',
          author: 'admin', body: '', excerpt: '', password: '', sticky: false, order: i + 1, meta, comments: '',
          terms: [`<category domain="nav_menu" nicename="${e.menu}">${cdata(e.menu === 'main' ? 'Main menu' : 'Footer')}</category>`],
        }),
      )
    }
  }

  /** The items a block theme's site adds to an export; the importer is to skip and report them. */
  private async writeSiteEditorItems(): Promise<void> {
    const items: Array<[string, string, string]> = [
      ['wp_global_styles', 'wp-global-styles-twentytwentyfive', '{"version":3,"isGlobalStylesUserThemeJSON":true,"styles":{"color":{"background":"#fff"}}}'],
      ['wp_navigation', 'navigation', '<!-- wp:page-list /-->\n\n<!-- wp:navigation-link {"label":"GitHub","url":"https://github.com/bench-example","kind":"custom"} /-->'],
      ['custom_css', 'twentytwentyfive', 'body { font-family: "Vazirmatn", sans-serif; }\n.wp-block-gallery figcaption { font-size: .8em }'],
      ['wp_block', 'newsletter-signup', '<!-- wp:paragraph -->\n<p>Subscribe to the newsletter &rarr;</p>\n<!-- /wp:paragraph -->'],
    ]
    for (const [type, slug, body] of items) {
      const id = this.nextId++
      await this.emit(
        this.item({ id, title: slug, link: `${HOST}/?p=${id}`, date: EXPORTED - 86_400_000, slug, status: 'publish', type, author: 'admin', body, excerpt: '', password: '', sticky: false, terms: [], meta: [], comments: '' }),
      )
    }
  }
}

// -----------------------------------------------------------------------------------------------------------------
// Bodies: the pieces both editors share, then one builder for block markup and one for the classic editor.

abstract class Body {
  protected readonly t: TextSource
  protected readonly parts: string[] = []
  protected size = 0

  constructor(
    protected readonly site: WxrSite,
    protected readonly doc: Doc,
  ) {
    this.t = site.text
  }

  /** A paragraph's inner HTML: sentences with emphasis, entities, and links inside and out. */
  protected inline(): string {
    const t = this.t
    const lang = this.doc.lang
    let s = t.sentences(lang, t.int(60, 420))
    if (t.chance(0.25)) s = s.replace(/^(\S+\s\S+)/, '<strong>$1</strong>')
    if (t.chance(0.1)) s = s.replace(/(\s)(\S+)(\s)/, '$1<em>$2</em>$3')
    if (t.chance(0.04)) s += ` <code>${t.pick(['npm install', 'sudo pacman -Syu', 'x &lt; y', 'a &amp;&amp; b'])}</code>`
    if (t.chance(0.3)) s = s.replace(' ', '&nbsp;')
    if (t.chance(0.3)) s += t.pick([' Q&amp;A', ' &hellip;', ' &mdash; ', ' &#8220;ok&#8221;', ' it&#8217;s', ' &copy; 2024', ` &laquo;${t.word(lang)}&raquo;`])
    if (t.chance(0.14)) s += ` <a href="${this.site.internalHref()}">${t.words(lang, t.int(1, 4))}</a>${lang === 'zh' ? '。' : '.'}`
    if (t.chance(0.1)) s += ` <a href="${this.site.externalHref()}"${t.chance(0.3) ? ' target="_blank" rel="noopener"' : ''}>${t.words(lang, t.int(1, 3))}</a>.`
    return s
  }

  protected code(): string {
    const t = this.t
    const lines = t.pick([
      ['int main() {', '    for (int i = 0; i &lt; n; i++) {', '        if (a[i] &gt; max) max = a[i];', '    }', '    return max &amp;&amp; ok;', '}'],
      ['const items = await fetch(url).then((r) =&gt; r.json())', 'if (items.length &gt; 0 &amp;&amp; !done) render(items)'],
      ['$ sudo pacman -Syu', '$ systemctl --user restart pipewire', '# echo &quot;ok&quot; &gt; /tmp/status'],
      ['&lt;div class=&quot;box&quot;&gt;', '  &lt;p&gt;Hello&lt;/p&gt;', '&lt;/div&gt;'],
    ])
    return lines.join('\n')
  }

  protected push(part: string): void {
    this.parts.push(part)
    this.size += Buffer.byteLength(part) + 2
  }
}

class BlockBody extends Body {
  build(bytes: number): string {
    const t = this.t
    const gallery = t.chance(0.22) ? t.int(1, 6) : -1
    const more = t.chance(0.15) ? t.int(1, 4) : -1
    for (let n = 0; this.size < bytes; n++) {
      if (n === gallery) this.push(this.gallery())
      else if (n === more) this.push('<!-- wp:more -->\n<!--more-->\n<!-- /wp:more -->')
      else this.push(this.block())
    }
    return this.parts.join('\n\n')
  }

  private block(): string {
    const t = this.t
    const lang = this.doc.lang
    const r = t.rand()
    if (r < 0.55) return `<!-- wp:paragraph -->\n<p>${this.inline()}</p>\n<!-- /wp:paragraph -->`
    if (r < 0.67) {
      const level = t.chance(0.7) ? 2 : 3
      return `<!-- wp:heading${level === 2 ? '' : ` {"level":${level}}`} -->\n<h${level} class="wp-block-heading">${t.title(lang)}</h${level}>\n<!-- /wp:heading -->`
    }
    if (r < 0.79) {
      const items = Array.from({ length: t.int(2, 6) }, () => `<!-- wp:list-item -->\n<li>${t.sentence(lang)}</li>\n<!-- /wp:list-item -->`)
      return `<!-- wp:list -->\n<ul class="wp-block-list">${items.join('\n\n')}</ul>\n<!-- /wp:list -->`
    }
    if (r < 0.87) return this.imageBlock()
    if (r < 0.9) return `<!-- wp:code -->\n<pre class="wp-block-code"><code>${this.code()}</code></pre>\n<!-- /wp:code -->`
    if (r < 0.925) return `<!-- wp:quote -->\n<blockquote class="wp-block-quote"><!-- wp:paragraph -->\n<p>${t.sentence(lang)}</p>\n<!-- /wp:paragraph --><cite>${t.words(lang, 2)}</cite></blockquote>\n<!-- /wp:quote -->`
    if (r < 0.945) return '<!-- wp:separator -->\n<hr class="wp-block-separator has-alpha-channel-opacity"/>\n<!-- /wp:separator -->'
    if (r < 0.96) {
      const url = t.pick(['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://vimeo.com/76979871', 'https://twitter.com/nodejs/status/1'])
      const provider = url.includes('youtube') ? 'youtube' : url.includes('vimeo') ? 'vimeo' : 'twitter'
      return `<!-- wp:embed {"url":"${url}","type":"${provider === 'twitter' ? 'rich' : 'video'}","providerNameSlug":"${provider}","responsive":true} -->\n<figure class="wp-block-embed is-type-video is-provider-${provider} wp-block-embed-${provider}"><div class="wp-block-embed__wrapper">\n${url}\n</div></figure>\n<!-- /wp:embed -->`
    }
    if (r < 0.95) return `<!-- wp:shortcode -->\n[contact-form-7 id="${t.int(5, 90)}" title="Contact form 1"]\n<!-- /wp:shortcode -->`
    if (r < 0.98) {
      const rows = Array.from({ length: t.int(2, 5) }, () => `<tr><td>${t.words(lang, 2)}</td><td>${t.int(1, 999)}</td></tr>`)
      return `<!-- wp:table -->\n<figure class="wp-block-table"><table class="has-fixed-layout"><tbody>${rows.join('')}</tbody></table></figure>\n<!-- /wp:table -->`
    }
    if (r < 0.99) {
      const column = () => `<!-- wp:column -->\n<div class="wp-block-column"><!-- wp:paragraph -->\n<p>${t.sentence(lang)}</p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:column -->`
      return `<!-- wp:columns -->\n<div class="wp-block-columns">${column()}\n\n${column()}</div>\n<!-- /wp:columns -->`
    }
    return `<!-- wp:buttons -->\n<div class="wp-block-buttons"><!-- wp:button -->\n<div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="${this.site.internalHref()}">${t.words(lang, 2)}</a></div>\n<!-- /wp:button --></div>\n<!-- /wp:buttons -->`
  }

  private imageBlock(nested = false): string {
    const t = this.t
    const image = this.site.image(this.doc)
    if (!image) return ''
    const size = t.pick(['large', 'full', 'medium'])
    const src = size === 'full' || image.id === 0 ? image.url : image.url.replace(/(-scaled)?(\.[a-z0-9]+)$/, size === 'large' ? '-1024x576$2' : '-300x169$2')
    const attrs = image.id ? `{"id":${image.id},"sizeSlug":"${size}","linkDestination":"none"}` : '{"sizeSlug":"large"}'
    const caption = t.chance(nested ? 0.2 : 0.45) ? `<figcaption class="wp-element-caption">${image.caption || t.sentence(this.doc.lang)}</figcaption>` : ''
    return `<!-- wp:image ${attrs} -->\n<figure class="wp-block-image size-${size}"><img src="${src}" alt="${escapeXml(image.alt).replace(/"/g, '&quot;')}"${image.id ? ` class="wp-image-${image.id}"` : ''}/>${caption}</figure>\n<!-- /wp:image -->`
  }

  private gallery(): string {
    const images = Array.from({ length: this.t.int(2, 6) }, () => this.imageBlock(true))
    return `<!-- wp:gallery {"linkTo":"none"} -->\n<figure class="wp-block-gallery has-nested-images columns-default is-cropped">${images.join('\n\n')}</figure>\n<!-- /wp:gallery -->`
  }
}

class ClassicBody extends Body {
  constructor(
    site: WxrSite,
    doc: Doc,
    /** Whether the author's editor wrote `<p>` elements, or left blank lines for wpautop. */
    private readonly paragraphs: boolean,
  ) {
    super(site, doc)
  }

  build(bytes: number): string {
    const t = this.t
    const gallery = t.chance(0.2) ? t.int(1, 6) : -1
    const more = t.chance(0.25) ? t.int(1, 3) : -1
    for (let n = 0; this.size < bytes; n++) {
      if (n === gallery) this.push(this.gallery())
      else if (n === more) this.push('<!--more-->')
      else this.push(this.piece())
    }
    return this.parts.join(this.paragraphs ? '\n' : '\n\n')
  }

  private paragraph(): string {
    // An editor that writes paragraphs also leaves the empty ones people make with the Enter key.
    if (!this.paragraphs) return this.inline().replace(/([.。!?！？]) /, '$1\n')
    return this.t.chance(0.03) ? '<p>&nbsp;</p>' : `<p>${this.inline()}</p>`
  }

  private piece(): string {
    const t = this.t
    const lang = this.doc.lang
    const r = t.rand()
    if (r < 0.62) return this.paragraph()
    if (r < 0.71) {
      const level = t.pick([2, 3, 3, 4])
      return `<h${level}>${t.title(lang)}</h${level}>`
    }
    if (r < 0.76) return `<ul>\n${Array.from({ length: t.int(2, 6) }, () => `\t<li>${t.sentence(lang)}</li>`).join('\n')}\n</ul>`
    if (r < 0.86) return this.image()
    if (r < 0.9) {
      return t.chance(0.12) ? `[code language="${t.pick(['cpp', 'js', 'bash'])}"]\n${this.code().replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/&quot;/g, '"')}\n[/code]` : `<pre><code>${this.code()}</code></pre>`
    }
    if (r < 0.93) return `<blockquote>${t.sentences(lang, t.int(60, 300))}</blockquote>`
    if (r < 0.945) return t.pick(['https://www.youtube.com/watch?v=dQw4w9WgXcQ', '[embed]https://vimeo.com/76979871[/embed]', `[video width="1280" height="720" mp4="${UPLOADS}/2019/05/clip.mp4"][/video]`, `[audio mp3="${UPLOADS}/2018/02/episode-${t.int(1, 90)}.mp3"][/audio]`])
    if (r < 0.95) return `[contact-form-7 id="${t.int(5, 90)}" title="Contact form 1"]`
    if (r < 0.97) return '<hr />'
    return this.paragraph()
  }

  /** An image as the classic editor inserted it: linked to the file, inside `[caption]` when it had one. */
  private image(): string {
    const t = this.t
    const image = this.site.image(this.doc)
    if (!image) return this.paragraph()
    const medium = image.id !== 0 && t.chance(0.6)
    const src = medium ? image.url.replace(/(-scaled)?(\.[a-z0-9]+)$/, '-300x169$2') : image.url
    const width = medium ? 300 : image.width
    const height = medium ? 169 : image.height
    const alt = escapeXml(image.alt).replace(/"/g, '&quot;')
    const img = `<img class="${t.pick(['aligncenter', 'alignnone', 'alignright'])} size-${medium ? 'medium' : 'full'}${image.id ? ` wp-image-${image.id}` : ''}" src="${src}" alt="${alt}" width="${width}" height="${height}" />`
    const linked = t.chance(0.6) ? `<a href="${image.url}">${img}</a>` : img
    if (!t.chance(0.15)) return linked
    return `[caption id="attachment_${image.id}" align="aligncenter" width="${width}"]${linked} ${image.caption || t.sentence(this.doc.lang)}[/caption]`
  }

  private gallery(): string {
    const t = this.t
    const own = this.doc.attachments.filter((a) => a.image)
    if (own.length === 0 || t.chance(0.3)) return '[gallery]'
    return `[gallery ids="${own.map((a) => a.id).join(',')}"${t.chance(0.5) ? ` columns="${t.int(2, 4)}"` : ''}${t.chance(0.5) ? ' link="file"' : ''}]`
  }
}

// Run as a script only when this very file is the entry (not when bundled into the benchmark).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && /generate-wxr\.[cm]?[jt]s$/.test(process.argv[1] ?? '')) {
  const posts = Number(process.argv[2] ?? 1000)
  const out = process.argv[3] ?? `bench/.data/wxr-${posts}.xml`
  await generateWxr(posts, out)
  console.log(`wrote ${out}`)
}
