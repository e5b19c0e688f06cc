import type { DataObject, Discoverability, DocumentType, ScalarMap } from '../../src/contract/types.js'
import { slugFor } from './_core.js'
import { parseDate } from './dates.js'
import type { Diagnostics } from './diagnostics.js'
import { markdownExcerpt, plainTextExcerpt } from './_core.js'
import { DATE_KEYS, EXCERPT_KEYS, EXPIRY_KEYS, firstKey, IMAGE_KEYS, REDIRECT_KEYS, splitExtras, UPDATED_KEYS } from './fields.js'
import type { FrontMatter } from './front-matter.js'
import { countLines, isPlainObject } from './front-matter.js'
import type { Placement, PresetName } from './presets/types.js'
import { scanBody, stripInline, withoutClosingHashes } from './scan.js'
import { trimTrailing } from '../../src/trim.js'
import { decodeOrKeep } from '../shared/decode.js'

/** A value as written in a file, with the line it is on (for diagnostics). */
export interface Located {
  text: string
  line: number
}

/** One Markdown file mapped to what the payload needs, before slugs are made unique and links resolved. */
export interface SourceDoc {
  file: string
  kind: 'post' | 'page'
  title: string
  /** The wanted slug (already a valid segment) and whether the author chose it. */
  slug: string
  slugLine: number
  /** Page folders as slug segments (empty for a top-level page). */
  pathDirs: string[]
  /** A page path the author chose (Hugo `url`, Jekyll `permalink`), as slug segments. */
  pathOverride?: string
  content: string
  documentType: DocumentType
  /** Excerpt from front matter, or derived from the body. */
  excerpt?: string
  /** Whether the excerpt was derived from the body (and must be derived again when templates change it). */
  excerptDerived: boolean
  published?: string
  updated?: string
  expiry?: string
  draft: boolean
  /** Why the document is a draft when its own front matter does not say so (Placement.draftReason). */
  draftReason?: string
  delist: boolean
  discoverability?: Discoverability
  authors: Located[]
  categories: Located[]
  tags: Located[]
  featuredImage?: Located
  meta?: ScalarMap
  data?: DataObject
  redirects: string[]
  /** File line of body line 1. */
  bodyLine: number
  /** The URL the generator published the document at (see Placement.url). */
  url?: string
  language?: string
  /** A list page (Hugo `_index.md`): when blank, it has no text of its own. */
  isList?: boolean
  /** See Placement.imageBase. */
  imageBase?: string
  /** The generator's home document (see Placement.isHome). */
  isHome?: boolean
  /** Front matter with the convention's defaults applied, for templates (`page.*`). */
  fields: Record<string, unknown>
}

/** What mapping needs to know besides the file. */
export interface MapContext {
  preset: PresetName
  timezone: string
  excerptMarkers: readonly string[]
  excerptLength: number
  diagnostics: Diagnostics
}

/**
 * Maps one parsed file to a SourceDoc: title (front matter, first level-1 heading, file name), slug (front matter,
 * file or folder name, title), dates, authors, taxonomies, excerpt, image, status flags and the leftover keys.
 */
export function mapDocument(rel: string, fm: FrontMatter, cls: Placement, ctx: MapContext): SourceDoc {
  const { diagnostics } = ctx
  const data: Record<string, unknown> = cls.data ?? (cls.defaults ? { ...withoutCascade(cls.defaults), ...fm.data } : fm.data)
  const consumed = new Set<string>(['title', 'slug', 'draft', 'published', 'unlisted', 'noindex', 'headless', 'build', '_build', 'cascade', 'url', 'permalink', 'redirect_to'])
  // Pages have no authors or taxonomies in the contract: those keys stay in meta/data instead of vanishing.
  const tagKeys = cls.taxonomyKeys?.tags ?? ['tags', 'tag']
  const categoryKeys = cls.taxonomyKeys?.categories ?? ['categories', 'category']
  if (cls.kind === 'post') for (const k of ['author', 'authors', ...categoryKeys, ...tagKeys]) consumed.add(k)
  // Front matter's own text, unless the convention's data replaced the value (a Nextra blog's numeric date).
  const text = (key: string) => (key in fm.data && (cls.data === undefined || cls.data[key] === fm.data[key]) ? fm.textOf(key) : typeof data[key] === 'string' ? (data[key] as string) : undefined)
  const line = (key: string) => fm.lineOf(key)
  // An HTML body written as a whole document (a Jekyll page with `layout: null`) is what its <body> holds.
  const whole = cls.documentType === 'html' ? wholeDocument(fm.body) : undefined
  const body = whole?.body ?? fm.body
  // Only the title is wanted here; references are scanned after template expansion, which can add or remove them.
  const scan = scanBody(body, false)

  const named = nonBlank(text('title')) ?? nonBlank(whole?.title)
  const title = named ?? scan.h1 ?? (cls.name === '' ? 'Home' : cls.name)
  // A title taken from the body's opening heading is the page's heading: themes print `title` above the content, so
  // the heading is not left in the body to be printed a second time.
  // In MDX the `import`/`export` statements that open a file are code, not the body's first block (Nextra's pages
  // import their components above the `# Title`), so the heading after them opens the body too.
  const esm = /\.mdx$/i.test(rel) ? esmPrefix(body) : 0
  const lead = named === undefined && scan.h1 !== null && cls.documentType !== 'html' ? openingHeading(body.slice(esm), scan.h1) : 0
  // Behind statements, the heading's lines are left blank: the statements stay for expansion, and line numbers hold.
  const content = lead === 0 ? body : esm === 0 ? body.slice(lead) : body.slice(0, esm) + '\n'.repeat(countLines(body.slice(esm), lead)) + body.slice(esm + lead)

  let slug = ''
  const slugText = nonBlank(text('slug'))
  if (slugText) {
    // Docusaurus slugs can be whole paths (`/2025/04/22/Post`): the last segment is the document's own.
    const last = slugText.split('/').filter((s) => s !== '').pop() ?? ''
    slug = slugFor(last)
    // `slug: /` is a URL (Docusaurus's docs home), not a name: the file name gives the slug, silently.
    if (slug === '' && !/^\/+$/.test(slugText)) diagnostics.warn(rel, line('slug'), 'invalid_field', `The slug "${slugText}" has no letters or digits; the file name is used instead.`)
  }
  if (slug === '') slug = cls.name === '' ? 'home' : slugFor(cls.name)
  if (slug === '') slug = slugFor(title)
  if (slug === '') slug = cls.kind === 'post' ? 'post' : 'page'

  const dateText = (keys: readonly string[]): { value?: string; key?: string } => {
    const key = firstKey(data, keys)
    if (!key || typeof data[key] === 'boolean') return {}
    const raw = text(key)
    // Eleventy's `Last Modified`/`Created` (and their git forms) name a file time, not a date: no date, no warning.
    if (raw !== undefined && /^(?:git )?(?:last modified|created)$/i.test(raw.trim())) return {}
    if (raw === undefined) {
      diagnostics.warn(rel, line(key), 'invalid_date', `"${key}" is not a date. Write it as YYYY-MM-DD or an ISO 8601 date-time.`)
      return {}
    }
    const parsed = parseDate(raw, ctx.timezone)
    if (!parsed) diagnostics.warn(rel, line(key), 'invalid_date', `"${key}: ${raw}" is not a date this importer can read. Write it as YYYY-MM-DD or an ISO 8601 date-time such as 2024-05-01T10:00:00+01:00.`)
    return { value: parsed ?? undefined, key }
  }
  const pub = dateText(DATE_KEYS)
  let published = pub.value
  if (!published && cls.nameDate) published = parseDate(cls.nameDate, ctx.timezone) ?? undefined
  const upd = dateText(UPDATED_KEYS)
  const exp = dateText(EXPIRY_KEYS)
  for (const k of [pub.key, upd.key, exp.key]) if (k) consumed.add(k)
  if (typeof data.published === 'string') {
    // `published` as a date (some generators) rather than Jekyll's boolean.
    const p = parseDate(data.published, ctx.timezone)
    if (p && !published) published = p
  }

  const build = isPlainObject(data.build) ? data.build : isPlainObject(data._build) ? data._build : {}
  const delist = build.list === 'never' || build.list === false || data.unlisted === true
  const discoverability: Discoverability | undefined = delist ? 'delist' : data.noindex === true ? 'noindex' : undefined

  const excerptKey = firstKey(data, EXCERPT_KEYS)
  const excerptText = excerptKey ? text(excerptKey) : undefined
  if (excerptKey && excerptText !== undefined) consumed.add(excerptKey)
  const excerpt = excerptText !== undefined ? excerptText.trim() : cls.kind === 'post' ? bodyExcerpt(body, cls.documentType ?? 'markdown', ctx.excerptMarkers, ctx.excerptLength) : undefined

  const imageKey = firstKey(data, IMAGE_KEYS)
  let featuredImage: Located | undefined
  if (imageKey) {
    const v = data[imageKey]
    const ref = typeof v === 'string' ? v : isPlainObject(v) ? (typeof v.image === 'string' ? v.image : typeof v.src === 'string' ? v.src : typeof v.url === 'string' ? v.url : typeof v.path === 'string' ? v.path : undefined) : undefined
    if (ref && ref.trim() !== '') {
      featuredImage = { text: ref.trim(), line: line(imageKey) }
      consumed.add(imageKey)
    }
  }

  const redirects: string[] = [...(cls.aliases ?? [])]
  for (const key of REDIRECT_KEYS) {
    const values = fm.textsOf(key) ?? (typeof data[key] === 'string' ? [data[key] as string] : [])
    if (key in data) consumed.add(key)
    for (const v of values) if (v.trim() !== '') redirects.push(v.trim())
  }

  let pathOverride: string | undefined
  // A convention that knows the old URL has already applied `url`/`permalink`; the rest treat them as the author's route.
  const routeKey = cls.url === undefined && cls.kind === 'page' ? (typeof data.url === 'string' ? 'url' : typeof data.permalink === 'string' ? 'permalink' : undefined) : undefined
  const ownUrl = typeof data.url === 'string' ? data.url : typeof data.permalink === 'string' ? data.permalink : undefined
  if (routeKey) {
    const route = String(data[routeKey])
    if (!route.includes(':')) {
      // Decode first: `%2e%2e` is `..`, which must be refused like the literal, not turned into a harmless-looking word.
      const parts = route.replace(/\.html?$/, '').split('/').filter((s) => s !== '').map((s) => slugFor(decodeOrKeep(s)))
      if (parts.length > 0 && parts.every((s) => s !== '')) pathOverride = parts.join('/')
      else if (route.replace(/\//g, '') !== '') diagnostics.warn(rel, line(routeKey), 'invalid_field', `The ${routeKey} "${route}" cannot be a page path; the folder path is used instead.`)
    }
  } else if (cls.url === undefined && ownUrl && !ownUrl.includes(':') && ownUrl.startsWith('/')) {
    // A post's own URL cannot override the permalink pattern; the old address becomes a redirect instead.
    redirects.push(ownUrl)
  }

  const isPost = cls.kind === 'post'
  const authors = !isPost ? [] : located(fm, data, ['author', 'authors'], (v) => (isPlainObject(v) ? (typeof v.name === 'string' ? v.name : typeof v.key === 'string' ? v.key : undefined) : undefined))
  const spaceSeparated = ctx.preset === 'jekyll'
  const categories = !isPost ? [] : [
    ...(cls.folderCategories ?? []).map((c) => ({ text: c, line: 0 })),
    ...located(fm, data, categoryKeys, undefined, spaceSeparated ? ['categories'] : []),
  ]
  const tags = !isPost ? [] : located(fm, data, tagKeys, (v) => (isPlainObject(v) && typeof v.label === 'string' ? v.label : undefined), spaceSeparated ? ['tags'] : [])

  const draft = cls.draft === true || data.draft === true || data.published === false
  const extras = splitExtras(fm, data, consumed, rel, diagnostics, new Set(cls.renderedKeys ?? []))

  return {
    file: rel,
    kind: cls.kind,
    title,
    slug,
    slugLine: slugText ? line('slug') : 0,
    pathDirs: (cls.pathDirs ?? []).map((d) => slugFor(d) || 'section'),
    ...(pathOverride ? { pathOverride } : {}),
    content: (cls.bodyPrefix ?? '') + content,
    documentType: cls.documentType ?? 'markdown',
    ...(excerpt !== undefined ? { excerpt } : {}),
    excerptDerived: excerptText === undefined,
    ...(published ? { published } : {}),
    ...(upd.value ? { updated: upd.value } : {}),
    ...(exp.value ? { expiry: exp.value } : {}),
    draft,
    ...(cls.draftReason && draft ? { draftReason: cls.draftReason } : {}),
    delist,
    ...(discoverability ? { discoverability } : {}),
    authors,
    categories,
    tags,
    ...(featuredImage ? { featuredImage } : {}),
    ...extras,
    redirects,
    // Lines of a prefix are counted back from the body's first line, so the body's lines keep their file lines.
    bodyLine: fm.bodyLine + (whole?.linesBefore ?? 0) + (esm === 0 ? countLines(body, lead) : 0) - (cls.bodyPrefix ? cls.bodyPrefix.split('\n').length - 1 : 0),
    ...(cls.url !== undefined ? { url: cls.url } : {}),
    ...(cls.language ? { language: cls.language } : {}),
    ...(cls.isList ? { isList: true } : {}),
    ...(cls.isHome ? { isHome: true } : {}),
    ...(cls.imageBase ? { imageBase: cls.imageBase } : {}),
    fields: data,
  }
}

/**
 * Collects the strings under the first present key of `keys`: a string, a list, or objects named by `objectName`.
 * Keys in `splitSpaces` hold Jekyll's space-separated lists (`categories: news release`).
 */
function located(
  fm: FrontMatter,
  data: Record<string, unknown>,
  keys: readonly string[],
  objectName?: (v: unknown) => string | undefined,
  splitSpaces: readonly string[] = [],
): Located[] {
  const out: Located[] = []
  for (const key of keys) {
    const value = data[key]
    if (value === undefined || value === null) continue
    const line = fm.lineOf(key)
    // Front matter's texts match the value's items only when the value is front matter's own, not a merge of it.
    const texts = key in fm.data && fm.data[key] === value ? fm.textsOf(key) : undefined
    const list = Array.isArray(value) ? value : [value]
    list.forEach((item, i) => {
      let t = typeof item === 'string' ? item : objectName?.(item)
      if (t === undefined && (typeof item === 'number' || typeof item === 'boolean')) t = texts?.[i] ?? String(item)
      if (t === undefined) return
      const parts = splitSpaces.includes(key) && typeof value === 'string' ? t.split(/\s+/) : [t]
      for (const p of parts) if (p.trim() !== '') out.push({ text: p.trim(), line })
    })
  }
  return out
}

function withoutCascade(defaults: Record<string, unknown>): Record<string, unknown> {
  const { cascade: _cascade, _target: _t, target: _tg, ...rest } = defaults
  return rest
}

function nonBlank(s: string | undefined): string | undefined {
  return s !== undefined && s.trim() !== '' ? s.trim() : undefined
}

/**
 * The excerpt a body gives of itself: an HTML body's text before
 * the first marker (`<!--more-->`), else its first block with text, as the builder reads HTML; any other body's as
 * `markdownExcerpt` reads it (plain text included, as it always was).
 */
export function bodyExcerpt(body: string, type: DocumentType, markers: readonly string[], maxLength: number): string {
  if (type !== 'html') return markdownExcerpt(body, markers, maxLength)
  const cut = Math.min(...markers.map((m) => body.indexOf(m)).filter((i) => i !== -1), body.length)
  return plainTextExcerpt(body.slice(0, cut), type, maxLength)
}

// What a title's text before its template code ends with (`Search | `): blanks (those of `\s`) and separators, cut
// from the end in linear time (`/[\s|·–—:-]+$/` read the rest of a run from each of its characters).
const TITLE_END = ' \t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff|·–—:-'

/**
 * An HTML body that is a whole document (`<!doctype html>`, `<html>`): the text inside its `<body>` (to the last
 * `</body>`, or the end), the number of lines before it, and the text of its `<title>`. Undefined for a fragment.
 * @example
 * wholeDocument('<!doctype html><title>T</title><body><p>Hi</p></body></html>') // { body: '<p>Hi</p>', linesBefore: 0, title: 'T' }
 */
export function wholeDocument(html: string): { body: string; linesBefore: number; title?: string } | undefined {
  if (!/^\s*(?:<!--[^]*?-->\s*)?(?:<!doctype\s|<html[\s>])/i.test(html.slice(0, 4096))) return undefined
  // Found by position, first occurrence only: a tag pattern tried from every `<body` of a hostile file would read to
  // its end from each of them.
  const lower = html.toLowerCase()
  const bodyAt = lower.search(/<body[\s>]/)
  const start = bodyAt === -1 ? -1 : lower.indexOf('>', bodyAt) + 1
  if (start <= 0) return undefined
  const end = lower.lastIndexOf('</body>')
  const titleAt = lower.indexOf('<title')
  const titleOpen = titleAt === -1 || titleAt > bodyAt ? -1 : lower.indexOf('>', titleAt) + 1
  const titleClose = titleOpen <= 0 ? -1 : lower.indexOf('</title>', titleOpen)
  // A title that goes on in template code (`Search | {{ site.title }}`) is its text before the code.
  const title = titleClose === -1 ? undefined : trimTrailing(html.slice(titleOpen, titleClose).split(/\{[{%]/)[0], TITLE_END).trim()
  return { body: html.slice(start, end > start ? end : html.length), linesBefore: html.slice(0, start).split('\n').length - 1, ...(title ? { title } : {}) }
}

/**
 * How many characters of an MDX body the ESM statements that open it take (`import`/`export` at the start of a line,
 * each statement running to the next blank line as MDX reads it), with the blank lines after them; 0 when the body
 * opens with anything else.
 * @example
 * esmPrefix("import C from 'c'\n\n# Title\n") // 18
 */
export function esmPrefix(body: string): number {
  const blanks = /(?:[ \t]*\r?\n)*/y
  const gap = /\n[ \t]*\r?\n/g
  let at = 0
  for (;;) {
    blanks.lastIndex = at
    const start = at + (blanks.exec(body)?.[0].length ?? 0)
    if (!/^(?:import|export)(?![\w$])/.test(body.slice(start, start + 7))) return at
    gap.lastIndex = start
    const next = gap.exec(body)
    if (!next) return body.length
    at = next.index + 1
  }
}

/**
 * How many characters of `body` its opening heading takes, with the blank lines before and after it: the heading
 * must be the body's first block (`# Title`, or `Title` over `===`) and say `h1` (the title the body's scan found);
 * 0 when the body opens with anything else (a banner, a paragraph, HTML), which stays as written.
 */
export function openingHeading(body: string, h1: string): number {
  const m = /^(?:[ \t]*\r?\n)*(?: {0,3}#[ \t]+([^\n]*)|([^\n]*)\r?\n {0,3}=+[ \t]*)(?:\r?\n|$)(?:[ \t]*\r?\n)*/.exec(body)
  if (!m) return 0
  const text = m[1] !== undefined ? withoutClosingHashes(m[1]) : m[2].trim()
  return stripInline(text) === h1 ? m[0].length : 0
}
