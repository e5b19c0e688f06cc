/**
 * Measures what the benchmark data holds beside what the real fixtures hold, so "realistic" is a checked claim: the
 * scripts of the text, entities and CDATA, block markup, galleries and captions, shortcodes, links, comments,
 * attachments and their metadata, menus, statuses and percent-encoded slugs of WordPress exports; the front matter,
 * images, links, code and sizes of Markdown sites; and the same kinds of facts of payloads. Each figure is a
 * proportion (per post, per KB, a share), so sites of any size compare.
 *
 * Usage: npx tsx bench/proportions.ts [wxr|markdown|payload]   (all three by default; fixtures from ../shared)
 */
import { createReadStream, existsSync, readdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Parser } from 'htmlparser2'
import type * as Markdown from '../importers/markdown/index.js'
import type * as WordPress from '../importers/wordpress/index.js'

export type Figures = Record<string, number>

/** One row of a proportions table: a figure's key in `Figures`, how it is shown, and its decimals. */
export type Row = { key: string; label: string; digits: number }

// ---------------------------------------------------------------------------------------------------------------
// Text: which scripts the characters are in.

/** Counts the characters of `text` by script; markup should be removed first. */
export function countScripts(text: string, into: Figures): void {
  for (const ch of text) {
    const c = ch.codePointAt(0) as number
    into.chars = (into.chars ?? 0) + 1
    if (c < 0x80) continue
    into.nonAscii = (into.nonAscii ?? 0) + 1
    const script =
      c >= 0x4e00 && c <= 0x9fff ? 'cjk' : c >= 0x3000 && c <= 0x30ff ? 'cjk' : c >= 0xff00 && c <= 0xffef ? 'cjk' : c >= 0xac00 && c <= 0xd7af ? 'cjk'
      : c >= 0x0400 && c <= 0x04ff ? 'cyrillic'
      : (c >= 0x0600 && c <= 0x06ff) || (c >= 0xfb50 && c <= 0xfdff) || (c >= 0xfe70 && c <= 0xfeff) ? 'arabic'
      : c >= 0x0370 && c <= 0x03ff ? 'greek'
      : (c >= 0x1f000 && c <= 0x1faff) || (c >= 0x2600 && c <= 0x27bf) ? 'emoji'
      : 'otherNonAscii'
    into[script] = (into[script] ?? 0) + 1
  }
}

const TAG = /<[^>]*>/g

function median(values: number[]): number {
  return quantile(values, 0.5)
}

function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0
const share = (part: number, whole: number) => (whole === 0 ? 0 : (100 * part) / whole)

// ---------------------------------------------------------------------------------------------------------------
// WordPress exports.

type WxrItem = { type: string; status: string; slug: string; title: string; body: string; password: string; meta: Map<string, string>; comments: number; terms: number }

/** Reads a WXR file as a stream and measures it. */
export async function wxrProportions(file: string): Promise<Figures> {
  const items: WxrItem[] = []
  let cdata = 0
  let baseUrls: string[] = []
  let item: WxrItem | undefined
  let text = ''
  let metaKey = ''
  const stack: string[] = []
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        stack.push(name)
        text = ''
        if (name === 'item') item = { type: '', status: '', slug: '', title: '', body: '', password: '', meta: new Map(), comments: 0, terms: 0 }
        else if (item && name === 'category' && attribs.domain) item.terms++
      },
      oncdatastart() {
        cdata++
      },
      ontext(data) {
        text += data
      },
      onclosetag(name) {
        stack.pop()
        const parent = stack[stack.length - 1]
        if (name === 'wp:base_site_url' || name === 'wp:base_blog_url') baseUrls.push(text.trim())
        else if (name === 'item' && item) {
          items.push(item)
          item = undefined
        } else if (item && parent === 'item') {
          if (name === 'wp:post_type') item.type = text.trim()
          else if (name === 'wp:status') item.status = text.trim()
          else if (name === 'wp:post_name') item.slug = text.trim()
          else if (name === 'title') item.title = text
          else if (name === 'content:encoded') item.body = text
          else if (name === 'wp:post_password') item.password = text.trim()
          else if (name === 'wp:comment') item.comments++
        } else if (item && parent === 'wp:postmeta') {
          if (name === 'wp:meta_key') metaKey = text.trim()
          else if (name === 'wp:meta_value') item.meta.set(metaKey, text)
        }
        text = ''
      },
    },
    { xmlMode: true },
  )
  for await (const chunk of createReadStream(file, { encoding: 'utf8' })) parser.write(chunk as string)
  parser.end()
  baseUrls = [...new Set(baseUrls.filter(Boolean).map((u) => u.replace(/^https?:\/\/(?:www\.)?/, '').replace(/\/$/, '')))]
  return summarizeWxr(items, cdata, baseUrls)
}

function summarizeWxr(items: WxrItem[], cdata: number, hosts: string[]): Figures {
  const docs = items.filter((i) => i.type === 'post' || i.type === 'page')
  const posts = items.filter((i) => i.type === 'post')
  const attachments = items.filter((i) => i.type === 'attachment')
  const withMeta = attachments.filter((a) => a.meta.has('_wp_attachment_metadata'))
  const scripts: Figures = {}
  const bodyBytes: number[] = []
  let blockPosts = 0
  let blockComments = 0
  let entities = 0
  let bodyKb = 0
  let captions = 0
  let galleries = 0
  let shortcodes = 0
  let links = 0
  let internal = 0
  let images = 0
  let autop = 0
  let emojiDocs = 0
  const internalHref = hostsPattern(hosts)
  for (const d of docs) {
    const bytes = Buffer.byteLength(d.body)
    bodyBytes.push(bytes)
    bodyKb += bytes / 1024
    const blocks = count(d.body, /<!-- wp:/g)
    if (blocks > 0) blockPosts++
    blockComments += blocks
    if (blocks === 0 && !/<p[\s>]/i.test(d.body) && d.body.includes('\n\n')) autop++
    entities += count(d.body, /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/gi)
    captions += count(d.body, /\[caption[\s\]]|<figcaption/gi)
    galleries += count(d.body, /\[gallery[\s\]]|<!-- wp:gallery/gi)
    shortcodes += countShortcodes(d.body)
    const hrefs = d.body.match(/<a\s[^>]*?href\s*=\s*["'][^"']*["']/gi) ?? []
    links += hrefs.length
    internal += hrefs.filter((h) => internalHref.test(h)).length
    images += count(d.body, /<img[\s/]/gi)
    const before = scripts.emoji ?? 0
    countScripts(d.title + ' ' + d.body.replace(TAG, ' '), scripts)
    if ((scripts.emoji ?? 0) > before) emojiDocs++
  }
  const status = (s: string) => docs.filter((d) => d.status === s).length
  return {
    documents: docs.length,
    pagesPerPost: posts.length === 0 ? 0 : (docs.length - posts.length) / posts.length,
    attachmentsPerPost: posts.length === 0 ? 0 : attachments.length / posts.length,
    attachmentMetaShare: share(withMeta.length, attachments.length),
    attachmentMetaBytes: median(withMeta.map((a) => Buffer.byteLength(a.meta.get('_wp_attachment_metadata') ?? ''))),
    menuItems: items.filter((i) => i.type === 'nav_menu_item').length,
    commentsPerDoc: docs.length === 0 ? 0 : docs.reduce((n, d) => n + d.comments, 0) / docs.length,
    docsWithComments: share(docs.filter((d) => d.comments > 0).length, docs.length),
    published: share(status('publish'), docs.length),
    drafts: share(status('draft') + status('auto-draft') + status('pending'), docs.length),
    private: share(status('private'), docs.length),
    future: share(status('future'), docs.length),
    passwords: share(docs.filter((d) => d.password !== '').length, docs.length),
    percentSlugs: share(docs.filter((d) => d.slug.includes('%')).length, docs.length),
    termsPerPost: posts.length === 0 ? 0 : posts.reduce((n, p) => n + p.terms, 0) / posts.length,
    metaPerItem: items.length === 0 ? 0 : items.reduce((n, i) => n + i.meta.size, 0) / items.length,
    cdataPerItem: items.length === 0 ? 0 : cdata / items.length,
    bodyMedian: median(bodyBytes),
    bodyP90: quantile(bodyBytes, 0.9),
    blockDocs: share(blockPosts, docs.length),
    blocksPerBlockDoc: blockPosts === 0 ? 0 : blockComments / blockPosts,
    autopDocs: share(autop, docs.length),
    entitiesPerKb: bodyKb === 0 ? 0 : entities / bodyKb,
    captionsPer100: share(captions, docs.length),
    galleriesPer100: share(galleries, docs.length),
    shortcodesPer100: share(shortcodes, docs.length),
    linksPerDoc: docs.length === 0 ? 0 : links / docs.length,
    internalLinksPerDoc: docs.length === 0 ? 0 : internal / docs.length,
    imagesPerDoc: docs.length === 0 ? 0 : images / docs.length,
    ...scriptShares(scripts),
    emojiDocs: share(emojiDocs, docs.length),
  }
}

/**
 * Shortcodes in a body: an opening `[name …]` with attributes, one closed later by `[/name]`, or a core shortcode
 * that stands alone. `[i]` in a code sample is neither.
 */
function countShortcodes(body: string): number {
  const closed = new Set([...body.matchAll(/\[\/([a-z][a-z0-9_-]*)\]/gi)].map((m) => m[1].toLowerCase()))
  let n = 0
  for (const m of body.matchAll(/\[([a-z][a-z0-9_-]*)(\s+[a-z_-]+\s*=|[\s\]])/gi)) {
    const name = m[1].toLowerCase()
    if (m[2].includes('=') || closed.has(name) || STANDALONE_SHORTCODES.has(name)) n++
  }
  return n
}
const STANDALONE_SHORTCODES = new Set(['gallery', 'playlist', 'audio', 'video', 'embed'])

function hostsPattern(hosts: string[]): RegExp {
  const escaped = hosts.map((h) => h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`href\\s*=\\s*["'](?:/(?!/)|\\?p=|https?://(?:www\\.)?(?:${escaped.join('|') || 'x^'})(?:[/?#"']))`, 'i')
}

function scriptShares(s: Figures): Figures {
  const of = (key: string) => share(s[key] ?? 0, s.chars ?? 0)
  return { nonAscii: of('nonAscii'), cjk: of('cjk'), arabic: of('arabic'), cyrillic: of('cyrillic'), greek: of('greek'), emojiPerMillion: (10_000 * of('emoji')) }
}

export const WXR_ROWS: Row[] = [
  { key: 'documents', label: 'posts + pages', digits: 0 },
  { key: 'pagesPerPost', label: 'pages per post', digits: 2 },
  { key: 'published', label: '% published', digits: 0 },
  { key: 'drafts', label: '% draft or pending', digits: 1 },
  { key: 'private', label: '% private', digits: 1 },
  { key: 'future', label: '% future', digits: 1 },
  { key: 'passwords', label: '% password-protected', digits: 1 },
  { key: 'percentSlugs', label: '% percent-encoded slugs', digits: 1 },
  { key: 'bodyMedian', label: 'body bytes, median', digits: 0 },
  { key: 'bodyP90', label: 'body bytes, 90th percentile', digits: 0 },
  { key: 'nonAscii', label: '% non-ASCII characters', digits: 1 },
  { key: 'cjk', label: '% CJK characters', digits: 1 },
  { key: 'arabic', label: '% Arabic-script characters', digits: 1 },
  { key: 'cyrillic', label: '% Cyrillic characters', digits: 1 },
  { key: 'greek', label: '% Greek characters', digits: 2 },
  { key: 'emojiPerMillion', label: 'emoji per million characters', digits: 0 },
  { key: 'emojiDocs', label: '% documents with emoji', digits: 1 },
  { key: 'entitiesPerKb', label: 'HTML entities per KB of body', digits: 2 },
  { key: 'cdataPerItem', label: 'CDATA sections per item', digits: 1 },
  { key: 'blockDocs', label: '% documents in block markup', digits: 0 },
  { key: 'blocksPerBlockDoc', label: 'block comments per block document', digits: 1 },
  { key: 'autopDocs', label: '% classic bodies without <p> (autop)', digits: 0 },
  { key: 'captionsPer100', label: 'captions per 100 documents', digits: 0 },
  { key: 'galleriesPer100', label: 'galleries per 100 documents', digits: 1 },
  { key: 'shortcodesPer100', label: 'shortcodes per 100 documents', digits: 0 },
  { key: 'linksPerDoc', label: 'links per document', digits: 2 },
  { key: 'internalLinksPerDoc', label: 'internal links per document', digits: 2 },
  { key: 'imagesPerDoc', label: 'images per document', digits: 2 },
  { key: 'commentsPerDoc', label: 'comments per document', digits: 2 },
  { key: 'docsWithComments', label: '% documents with comments', digits: 0 },
  { key: 'termsPerPost', label: 'categories + tags per post', digits: 2 },
  { key: 'attachmentsPerPost', label: 'attachments per post', digits: 2 },
  { key: 'attachmentMetaShare', label: '% attachments with metadata', digits: 0 },
  { key: 'attachmentMetaBytes', label: 'attachment metadata bytes, median', digits: 0 },
  { key: 'metaPerItem', label: 'postmeta per item', digits: 2 },
  { key: 'menuItems', label: 'menu items (per export)', digits: 0 },
]

// ---------------------------------------------------------------------------------------------------------------
// Markdown sites.

const MARKDOWN = /\.(md|mdx|markdown|mkdn|text|rmd)$/i
const IMAGE = /\.(png|jpe?g|gif|svg|webp|avif)$/i

/** Walks a folder of Markdown and measures its files. */
export async function markdownProportions(dir: string): Promise<Figures> {
  const files = walk(dir)
  const markdown = files.filter((f) => MARKDOWN.test(f))
  const images = files.filter((f) => IMAGE.test(f))
  const f: Figures = {}
  const add = (key: string, n = 1) => (f[key] = (f[key] ?? 0) + n)
  const scripts: Figures = {}
  const bodies: number[] = []
  for (const file of markdown) {
    const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '').replace(/\r\n/g, '\n')
    const { kind, block, body } = splitFrontMatter(text)
    add(`fm_${kind}`)
    add('fmKeys', block.split('\n').filter((l) => /^[A-Za-z_$][\w$-]*\s*[:=]/.test(l)).length)
    if (kind === 'none') add('noFmKeys')
    const date = /^(?:date|pubDate|publishDate)\s*[:=]\s*(.*)$/m.exec(block)?.[1]?.trim()
    add(date === undefined ? 'dateNone' : /^['"]/.test(date) ? 'dateQuoted' : 'dateBare')
    if (/^(?:tags|categories|category|keywords)\s*[:=]/m.test(block)) add('taxonomies')
    if (/^\s+\S/m.test(block)) add('nestedFm')
    const bytes = Buffer.byteLength(body)
    bodies.push(bytes)
    if (bytes > 32 * 1024) add('long')
    // Code is not prose: a `#` or `[x](y)` inside a fence is neither a heading nor a link.
    const prose = body.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1/gm, () => {
      add('codeBlocks')
      return ''
    })
    add('headings', count(prose, /^#{1,6}\s/gm))
    add('listItems', count(prose, /^\s*(?:[-*+]|\d+\.)\s/gm))
    add('tables', count(prose, /^\|?\s*:?-{3,}:?\s*\|/gm))
    const imageRefs = [...prose.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)/g), ...prose.matchAll(/<img\s[^>]*src=["']([^"']+)/gi)].map((m) => m[1])
    add('images', imageRefs.length)
    add('relativeImages', imageRefs.filter((src) => !/^(?:[a-z]+:|\/\/|\/)/i.test(src)).length)
    const links = [...prose.matchAll(/(?<!!)\[[^\]]*\]\(\s*<?([^)\s>]+)/g)].map((m) => m[1])
    add('links', links.length)
    add('relativeLinks', links.filter((href) => !/^(?:[a-z]+:|\/\/|#)/i.test(href)).length)
    add('mdLinks', links.filter((href) => /\.mdx?(?:#|$)/i.test(href)).length)
    add('templates', count(prose, /\{\{[<%]|\{%|^:::/gm))
    add('htmlTags', count(prose, /<[a-zA-Z][a-zA-Z0-9-]*[\s/>]/g))
    if (/<!--\s*(?:more|truncate)\s*-->/.test(body)) add('excerptMarker')
    countScripts(text.replace(/<[^>]*>|\]\([^)]*\)/g, ' '), scripts)
  }
  const n = markdown.length || 1
  return {
    files: markdown.length,
    imageFilesPerFile: images.length / n,
    fmYaml: share(f.fm_yaml ?? 0, n),
    fmToml: share(f.fm_toml ?? 0, n),
    fmJson: share(f.fm_json ?? 0, n),
    fmNone: share(f.fm_none ?? 0, n),
    fmKeys: (f.fmKeys ?? 0) / Math.max(1, n - (f.noFmKeys ?? 0)),
    nestedFm: share(f.nestedFm ?? 0, n),
    taxonomies: share(f.taxonomies ?? 0, n),
    dateQuoted: share(f.dateQuoted ?? 0, n),
    dateBare: share(f.dateBare ?? 0, n),
    dateNone: share(f.dateNone ?? 0, n),
    bodyMedian: median(bodies),
    bodyP90: quantile(bodies, 0.9),
    bodyMax: Math.max(0, ...bodies),
    long: share(f.long ?? 0, n),
    headingsPerFile: (f.headings ?? 0) / n,
    listItemsPerFile: (f.listItems ?? 0) / n,
    codeBlocksPerFile: (f.codeBlocks ?? 0) / n,
    tablesPerFile: (f.tables ?? 0) / n,
    imagesPerFile: (f.images ?? 0) / n,
    relativeImageShare: share(f.relativeImages ?? 0, f.images ?? 0),
    linksPerFile: (f.links ?? 0) / n,
    relativeLinksPerFile: (f.relativeLinks ?? 0) / n,
    mdLinksPerFile: (f.mdLinks ?? 0) / n,
    templatesPerFile: (f.templates ?? 0) / n,
    htmlTagsPerFile: (f.htmlTags ?? 0) / n,
    excerptMarker: share(f.excerptMarker ?? 0, n),
    ...scriptShares(scripts),
  }
}

function splitFrontMatter(text: string): { kind: 'yaml' | 'toml' | 'json' | 'none'; block: string; body: string } {
  const fence = /^(---|\+\+\+)[^\n]*\n([\s\S]*?)\n\1[ \t]*(?:\n|$)/.exec(text)
  if (fence) return { kind: fence[1] === '---' ? 'yaml' : 'toml', block: fence[2], body: text.slice(fence[0].length) }
  if (text.startsWith('{\n')) {
    const end = text.indexOf('\n}\n')
    if (end > 0) return { kind: 'json', block: text.slice(2, end).replace(/^\s*"([^"]+)"\s*:/gm, '$1:'), body: text.slice(end + 3) }
  }
  return { kind: 'none', block: '', body: text }
}

function walk(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...walk(full))
    else if (entry.isFile()) out.push(full)
  }
  return out.sort()
}

export const MARKDOWN_ROWS: Row[] = [
  { key: 'files', label: 'Markdown files', digits: 0 },
  { key: 'fmYaml', label: '% YAML front matter', digits: 0 },
  { key: 'fmToml', label: '% TOML front matter', digits: 0 },
  { key: 'fmJson', label: '% JSON front matter', digits: 0 },
  { key: 'fmNone', label: '% no front matter', digits: 0 },
  { key: 'fmKeys', label: 'top-level front-matter keys', digits: 1 },
  { key: 'nestedFm', label: '% nested or multi-line front matter', digits: 0 },
  { key: 'taxonomies', label: '% with tags or categories', digits: 0 },
  { key: 'dateQuoted', label: '% quoted date', digits: 0 },
  { key: 'dateBare', label: '% unquoted date', digits: 0 },
  { key: 'dateNone', label: '% no date', digits: 0 },
  { key: 'bodyMedian', label: 'body bytes, median', digits: 0 },
  { key: 'bodyP90', label: 'body bytes, 90th percentile', digits: 0 },
  { key: 'bodyMax', label: 'body bytes, largest', digits: 0 },
  { key: 'long', label: '% over 32 KB (release notes)', digits: 1 },
  { key: 'headingsPerFile', label: 'headings per file', digits: 1 },
  { key: 'listItemsPerFile', label: 'list items per file', digits: 1 },
  { key: 'codeBlocksPerFile', label: 'code blocks per file', digits: 2 },
  { key: 'tablesPerFile', label: 'tables per file', digits: 2 },
  { key: 'imagesPerFile', label: 'images per file', digits: 2 },
  { key: 'relativeImageShare', label: '% images relative to the file', digits: 0 },
  { key: 'imageFilesPerFile', label: 'image files per Markdown file', digits: 2 },
  { key: 'linksPerFile', label: 'links per file', digits: 1 },
  { key: 'relativeLinksPerFile', label: 'relative links per file', digits: 2 },
  { key: 'mdLinksPerFile', label: 'links to .md files per file', digits: 2 },
  { key: 'templatesPerFile', label: 'shortcodes, Liquid, admonitions per file', digits: 2 },
  { key: 'htmlTagsPerFile', label: 'raw HTML tags per file', digits: 1 },
  { key: 'excerptMarker', label: '% with an excerpt marker', digits: 0 },
  { key: 'nonAscii', label: '% non-ASCII characters', digits: 2 },
  { key: 'cjk', label: '% CJK characters', digits: 2 },
  { key: 'arabic', label: '% Arabic-script characters', digits: 2 },
  { key: 'cyrillic', label: '% Cyrillic characters', digits: 2 },
  { key: 'emojiPerMillion', label: 'emoji per million characters', digits: 0 },
]

// ---------------------------------------------------------------------------------------------------------------
// Payloads: what validation and JSON parsing see.

type Loose = Record<string, unknown>

/** Measures a payload (parsed) and the JSON text it was read from. */
export function payloadProportions(payload: Loose, text: string): Figures {
  const content = (payload.content ?? {}) as Record<string, Loose[]>
  const posts = content.posts ?? []
  const pages = content.pages ?? []
  const docs = [...posts, ...pages]
  const n = docs.length || 1
  const scripts: Figures = {}
  const bodies: number[] = []
  const excerpts: number[] = []
  let html = 0
  for (const d of docs) {
    const body = String(d.content ?? '')
    bodies.push(Buffer.byteLength(body))
    if (d.document_type === 'html') html++
    if (typeof d.excerpt === 'string') excerpts.push(Buffer.byteLength(d.excerpt))
    countScripts(body.replace(TAG, ' '), scripts)
  }
  const keys = (v: unknown) => (v && typeof v === 'object' ? Object.keys(v).length : 0)
  const menuItems = (items: unknown): number => (Array.isArray(items) ? items.reduce((sum: number, i: Loose) => sum + 1 + menuItems(i.children), 0) : 0)
  const kb = Buffer.byteLength(text) / 1024
  return {
    documents: docs.length,
    pagesPerPost: posts.length === 0 ? 0 : pages.length / posts.length,
    html: share(html, n),
    drafts: share(docs.filter((d) => d.status === 'draft').length, n),
    bodyMedian: median(bodies),
    bodyP90: quantile(bodies, 0.9),
    excerptMedian: median(excerpts),
    unicodeSlugs: share(docs.filter((d) => /[^\x00-\x7f]/.test(String(d.slug))).length, n),
    dottedSlugs: share(docs.filter((d) => String(d.slug).includes('.')).length, n),
    pagePaths: share(pages.filter((p) => typeof p.path === 'string').length, pages.length),
    tagsPerPost: posts.length === 0 ? 0 : posts.reduce((sum, p) => sum + ((p.tag_slugs as unknown[]) ?? []).length, 0) / posts.length,
    categoriesPerPost: posts.length === 0 ? 0 : posts.reduce((sum, p) => sum + ((p.category_slugs as unknown[]) ?? []).length, 0) / posts.length,
    tagsPer100Posts: posts.length === 0 ? 0 : (100 * (content.tags ?? []).length) / posts.length,
    featured: share(docs.filter((d) => typeof d.featured_image === 'string').length, n),
    mediaPerDoc: (content.media ?? []).length / n,
    mediaAlt: share((content.media ?? []).filter((m) => typeof m.alt === 'string').length, (content.media ?? []).length),
    metaPerDoc: docs.reduce((sum, d) => sum + keys(d.meta), 0) / n,
    dataPerDoc: docs.reduce((sum, d) => sum + keys(d.data), 0) / n,
    comments: share(docs.filter((d) => d.allow_comments === true).length, n),
    menuItems: Object.values((payload.menus ?? {}) as Record<string, Loose>).reduce((sum, m) => sum + menuItems(m.items), 0),
    escapesPerKb: kb === 0 ? 0 : count(text, /\\["\\/bfnrtu]/g) / kb,
    bytesPerDoc: Buffer.byteLength(text) / n,
    ...scriptShares(scripts),
  }
}

export const PAYLOAD_ROWS: Row[] = [
  { key: 'documents', label: 'posts + pages', digits: 0 },
  { key: 'pagesPerPost', label: 'pages per post', digits: 2 },
  { key: 'bytesPerDoc', label: 'payload bytes per document', digits: 0 },
  { key: 'html', label: '% HTML documents', digits: 0 },
  { key: 'drafts', label: '% drafts', digits: 1 },
  { key: 'bodyMedian', label: 'content bytes, median', digits: 0 },
  { key: 'bodyP90', label: 'content bytes, 90th percentile', digits: 0 },
  { key: 'excerptMedian', label: 'excerpt bytes, median', digits: 0 },
  { key: 'escapesPerKb', label: 'JSON escapes per KB', digits: 1 },
  { key: 'nonAscii', label: '% non-ASCII characters', digits: 1 },
  { key: 'cjk', label: '% CJK characters', digits: 1 },
  { key: 'arabic', label: '% Arabic-script characters', digits: 1 },
  { key: 'cyrillic', label: '% Cyrillic characters', digits: 1 },
  { key: 'unicodeSlugs', label: '% non-ASCII slugs', digits: 1 },
  { key: 'dottedSlugs', label: '% slugs with a period', digits: 1 },
  { key: 'pagePaths', label: '% pages with a path', digits: 0 },
  { key: 'tagsPerPost', label: 'tags per post', digits: 2 },
  { key: 'categoriesPerPost', label: 'categories per post', digits: 2 },
  { key: 'tagsPer100Posts', label: 'tags defined per 100 posts', digits: 0 },
  { key: 'featured', label: '% with a featured image', digits: 0 },
  { key: 'mediaPerDoc', label: 'media entries per document', digits: 2 },
  { key: 'mediaAlt', label: '% media entries with alt', digits: 0 },
  { key: 'metaPerDoc', label: 'meta keys per document', digits: 2 },
  { key: 'dataPerDoc', label: 'data keys per document', digits: 2 },
  { key: 'comments', label: '% allowing comments', digits: 0 },
  { key: 'menuItems', label: 'menu items (per payload)', digits: 0 },
]

/**
 * The payloads the SDK's own importers make of the fixtures, one column per kind (WordPress exports, Markdown
 * sites), each the mean over its fixtures. Needs the built package (`npm run bench` builds it).
 */
export async function payloadFixtureColumns(): Promise<Array<{ name: string; figures: Figures }>> {
  if (!existsSync(FIXTURES)) return []
  const wordpress = (await import(new URL('../dist/wordpress.js', import.meta.url).href)) as typeof WordPress
  const markdown = (await import(new URL('../dist/markdown.js', import.meta.url).href)) as typeof Markdown
  const measure = (payload: unknown) => {
    const text = JSON.stringify(payload)
    return payloadProportions(JSON.parse(text) as Loose, text)
  }
  const wxr: Figures[] = []
  for (const file of Object.keys(WXR_NAMES)) {
    const { payload } = await wordpress.importWordPress(path.join(FIXTURES, 'wxr', file), { generatedAt: '2026-06-01T00:00:00Z' })
    if (payload) wxr.push(measure(payload))
  }
  const md: Figures[] = []
  for (const site of MARKDOWN_SITES) {
    const { payload } = await markdown.importMarkdown(path.join(FIXTURES, 'markdown', site), { generatedAt: '2026-06-01T00:00:00Z' })
    if (payload) md.push(measure(payload))
  }
  return [
    { name: `wxr (${wxr.length})`, figures: meanOf(wxr) },
    { name: `md (${md.length})`, figures: meanOf(md) },
  ]
}

// ---------------------------------------------------------------------------------------------------------------
// Printing.

/** The mean of each figure over several sites: every site counts once, whatever its size. */
export function meanOf(sites: Figures[]): Figures {
  const out: Figures = {}
  for (const key of Object.keys(sites[0] ?? {})) out[key] = sites.reduce((n, s) => n + (s[key] ?? 0), 0) / sites.length
  return out
}

/** Prints a table: one row per figure, one column per site. */
export function printTable(title: string, columns: Array<{ name: string; figures: Figures }>, rows: Row[]): void {
  const width = Math.max(...rows.map((r) => r.label.length))
  const cell = (s: string, name: string) => s.padStart(Math.max(8, name.length))
  console.log(`\n${title}`)
  console.log(`${''.padEnd(width)}  ${columns.map((c) => cell(c.name, c.name)).join(' ')}`)
  for (const row of rows) {
    const values = columns.map((c) => cell(c.figures[row.key] === undefined ? '-' : c.figures[row.key].toFixed(row.digits), c.name))
    console.log(`${row.label.padEnd(width)}  ${values.join(' ')}`)
  }
}

// ---------------------------------------------------------------------------------------------------------------

const here = path.dirname(fileURLToPath(import.meta.url))
export const FIXTURES = path.resolve(here, '../../shared/fixtures')

const WXR_NAMES: Record<string, string> = {
  'wptt-themeunittestdata.wordpress.xml': 'unit',
  'wptt-64-block-test-data.xml': 'blocks',
  'parchlinux-blog-fa-en.wordpress-export.xml': 'parch',
  'everet-zh-cn.wordpress.xml': 'everet',
  'shell32-xiadong-zh.wordpress.xml': 'shell32',
  'jekyll-import-wpcom-2025.wordpress.xml': 'jekyll',
}

const MARKDOWN_SITES = ['nodejs-blog', 'hugo-docs', 'hugo-basic-example', 'jekyll-docs', 'jekyll-edge-cases', 'docusaurus-aks-blog', 'astro-blog', 'gatsby-starter-blog']

/** The Markdown fixtures' figures, one column each, then their mean; empty when ../shared is absent. */
export async function markdownFixtureColumns(): Promise<Array<{ name: string; figures: Figures }>> {
  const dir = path.join(FIXTURES, 'markdown')
  if (!existsSync(dir)) return []
  const columns = []
  for (const site of MARKDOWN_SITES) columns.push({ name: site.split('-')[0] + (site.includes('edge') ? '-edge' : site.includes('basic') ? '-basic' : ''), figures: await markdownProportions(path.join(dir, site)) })
  return [...columns, { name: 'mean', figures: meanOf(columns.map((c) => c.figures)) }]
}

/** The fixtures' figures, one column each, then their mean; empty when ../shared is absent. */
export async function wxrFixtureColumns(): Promise<Array<{ name: string; figures: Figures }>> {
  const dir = path.join(FIXTURES, 'wxr')
  if (!existsSync(dir)) return []
  const columns = []
  for (const [file, name] of Object.entries(WXR_NAMES)) columns.push({ name, figures: await wxrProportions(path.join(dir, file)) })
  return [...columns, { name: 'mean', figures: meanOf(columns.map((c) => c.figures)) }]
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const wanted = process.argv[2]
  if (!wanted || wanted === 'wxr') {
    const columns = await wxrFixtureColumns()
    for (const file of process.argv.slice(3)) columns.push({ name: path.basename(file).slice(0, 10), figures: await wxrProportions(file) })
    printTable('WordPress exports', columns, WXR_ROWS)
  }
  if (!wanted || wanted === 'markdown') {
    const columns = await markdownFixtureColumns()
    for (const dir of process.argv.slice(3)) columns.push({ name: path.basename(dir).slice(0, 10), figures: await markdownProportions(dir) })
    printTable('Markdown sites', columns, MARKDOWN_ROWS)
  }
  if (!wanted || wanted === 'payload') {
    const columns = await payloadFixtureColumns()
    for (const file of process.argv.slice(3)) {
      const text = await readFile(file, 'utf8')
      columns.push({ name: path.basename(file).slice(0, 10), figures: payloadProportions(JSON.parse(text) as Loose, text) })
    }
    printTable('Payloads (the fixtures as the SDK imports them)', columns, PAYLOAD_ROWS)
  }
}
