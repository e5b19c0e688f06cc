/**
 * Measures the WordPress importer on one export. The oracle is either the export's own record of the site (every
 * item's `<link>` is the URL WordPress served it at, its status and password say whether the public saw it), read
 * here with saxes, independently of the importer's own reader, so the two cannot share a mistake; or, for the
 * exports scripts/corpus/wordpress/build.sh makes, the live install itself (oracle.json, method wordpress-live):
 * get_permalink() of every item, the front page, the posts page, the menus in their theme locations, term archives.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { SaxesParser } from 'saxes'
import { importWordPress } from '../../importers/wordpress/index.js'
import type { ImportWordPressOptions, ImportWordPressResult } from '../../importers/wordpress/index.js'
import type { MenuItem, PreviewData } from '../../src/contract/types.js'
import { checkSite } from '../../src/check/index.js'
import { readMediaDir } from '../../src/check/media-dir.js'
import { deriveRoutes } from '../../src/routes/index.js'
import path from 'node:path'
import { siteDir } from './_sites.mjs'
import { readOracle, sample, withoutCode } from './measure.js'
import type { CorpusSite, Oracle, OracleDocument } from './measure.js'

/** One `<item>` of an export, as WordPress had it. */
export interface WxrItem {
  postId: string
  type: string
  status: string
  link: string
  title: string
  password: boolean
  content: string
}

/** What the export says WordPress published, and the shortcodes its bodies use. */
export interface WxrOracle {
  items: WxrItem[]
  published: WxrItem[]
  /** Drafts, pending, future, private, trashed and password-protected posts and pages: never public. */
  private: WxrItem[]
  /** Shortcode names the bodies use (with attributes, a closing tag, or one of WordPress's own). */
  shortcodes: Set<string>
}

/** WordPress core's shortcodes, and ones the issue names; others count when written with attributes or a closing tag. */
const KNOWN_SHORTCODES = ['caption', 'wp_caption', 'gallery', 'audio', 'video', 'playlist', 'embed', 'latex']

const DOCUMENT_TYPES = new Set(['post', 'page'])

/** Reads an export's items with saxes (namespace prefixes as written, which WXR files always use). */
export function readWxr(xml: string): WxrOracle {
  const parser = new SaxesParser()
  const items: WxrItem[] = []
  let item: Partial<WxrItem> | null = null
  let field: string | null = null
  let text = ''
  const FIELDS: Record<string, keyof WxrItem> = {
    'wp:post_id': 'postId',
    'wp:post_type': 'type',
    'wp:status': 'status',
    link: 'link',
    title: 'title',
    'wp:post_password': 'password',
    'content:encoded': 'content',
  }
  parser.on('opentag', (tag) => {
    if (tag.name === 'item') item = {}
    else if (item && FIELDS[tag.name] && field === null) {
      field = tag.name
      text = ''
    }
  })
  parser.on('text', (t) => {
    if (field) text += t
  })
  parser.on('cdata', (t) => {
    if (field) text += t
  })
  parser.on('closetag', (tag) => {
    if (item && tag.name === field) {
      const key = FIELDS[tag.name]
      if (key === 'password') item.password = text.trim() !== ''
      else (item as Record<string, string>)[key] = key === 'content' ? text : text.trim()
      field = null
    } else if (tag.name === 'item' && item) {
      items.push({ postId: '', type: '', status: '', link: '', title: '', password: false, content: '', ...item })
      item = null
    }
  })
  // Exports in the wild carry characters XML forbids (WordPress writes what it stored); the importer reports and
  // replaces them, and so does this reader, so that one stray byte does not hide a whole export from measurement.
  parser.write(xml.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '\uFFFD')).close()

  const documents = items.filter((i) => DOCUMENT_TYPES.has(i.type))
  const shortcodes = new Set<string>()
  for (const doc of documents) {
    for (const m of doc.content.matchAll(/\[([a-zA-Z][\w-]*)(\s[^\]]*)?\]/g)) {
      const name = m[1]
      if (KNOWN_SHORTCODES.includes(name) || /=/.test(m[2] ?? '') || doc.content.includes(`[/${name}]`)) shortcodes.add(name)
    }
  }
  return {
    items,
    published: documents.filter((d) => d.status === 'publish' && !d.password),
    private: documents.filter((d) => d.status !== 'publish' || d.password),
    shortcodes,
  }
}

/**
 * The route of a WordPress URL: its path, and its query when the query is what names the item (`/?p=12`,
 * `/blog/index.php?page_id=3`), since plain permalinks live there.
 */
export function wordpressKey(url: string): string {
  let u: URL
  try {
    u = new URL(url, 'http://wordpress.invalid')
  } catch {
    return url
  }
  let p = u.pathname
  try {
    p = decodeURI(p)
  } catch {
    // Malformed escapes stay as written.
  }
  // WordPress's canonical redirect serves `//a/` (which some exports record) at `/a/`.
  p = p.replace(/\/{2,}/g, '/').replace(/\/+$/, '') || '/'
  if (!/[?&](p|page_id|attachment_id)=\d+/.test(u.search)) return p
  const base = p.replace(/\/index\.php$/, '').replace(/^\/$/, '')
  return `${base}/?${u.searchParams.toString()}`
}

/** One item of a live install's oracle (export.php): an OracleDocument with WordPress's id, type and visibility. */
export interface LiveDocument extends OracleDocument {
  id: number
  type: string
  /** Whether the post type is public (a visitor can reach its items) and whether the export carries it. */
  public: boolean
  exported: boolean
  /** For published public items: whether WordPress's rewrite rules lead the URL back to the item. */
  resolves?: boolean
}

export interface LiveMenuItem {
  title: string
  url: string
  target: string
  type: string
  object: string
  object_id: number
  children: LiveMenuItem[]
}

/** One item of a rendered navigation block: a link (or a submenu without one: `url` empty) and its children. */
export interface LiveNavItem {
  title: string
  url: string
  target: string
  children: LiveNavItem[]
}

/** What a live install serves (scripts/corpus/wordpress/export.php writes it; oracle method `wordpress-live`). */
export interface LiveOracle extends Oracle {
  settings: { home: string; permalink_structure: string; category_base: string; tag_base: string; show_on_front: string; [key: string]: string | number }
  front_page: { type: 'page' | 'posts'; url: string; id?: number; title?: string; page_uri?: string }
  /** Where the latest posts are listed: the root, the posts page, or nowhere (null: a static front page and no posts page). */
  posts_index: { url: string; id?: number; title?: string } | null
  menus: Array<{ id: number; name: string; slug: string; locations: string[]; items: LiveMenuItem[] }>
  /** Block navigation (`wp_navigation`) as WordPress renders it, and the template parts that show it (`header`). */
  navigations?: Array<{ id: number; slug: string; title: string; template_parts: string[]; items: LiveNavItem[] }>
  types: Record<string, number>
  terms: Array<{ taxonomy: string; slug: string; name: string; count: number; url: string }>
  media: Array<{ id: number; url: string; file: string; mime: string; sizes: string[] }>
  documents: LiveDocument[]
}

/** What only a live oracle can tell: the site's front page, posts page, menus, custom types, archives and media. */
export interface LiveFigures {
  /** Published posts and pages whose permalink WordPress's own rewrite rules do not lead back to them (oracle check; 0). */
  unresolved: string[]
  /** Items whose `<link>` in the export differs from what the live install serves (exporter check; 0). */
  linkMismatches: string[]
  languages: Record<string, number>
  frontPage: { expected: string; got: string; ok: boolean }
  postsIndex: { expected: string; got: string; ok: boolean }
  primaryMenu: { expected: string; got: string; ok: boolean; problems: string[] }
  /** Items of other types WordPress published, by type: in the payload, or at least counted in the report. */
  otherTypes: Record<string, { published: number; inPayload: number; reported: number }>
  /** Category and tag archive URLs (of terms with posts): kept, redirected or lost. */
  terms: { sampled: number; kept: number; redirected: number; lost: string[] }
  /** Images in published bodies and featured images, and those still loaded from the old site's host. */
  media: { images: number; onOldHost: number }
}

/** What one export measured, against the targets of issue 14. */
export interface ExportFigures {
  label: string
  expected: number
  published: number
  countDelta: number
  urls: { sampled: number; kept: number; redirected: number; lost: string[] }
  privatePublished: string[]
  /** Those the payload holds as drafts: a build stage may publish them, so issue 14 wants them left out by default. */
  privateInPayload: number
  /** Published documents whose body still holds one of the export's shortcodes as text (target 0). */
  shortcodes: { documents: number; byName: Record<string, number> }
  /** Present when the export came with a live install's oracle. */
  live?: LiveFigures
  /**
   * The report's requests for a setting the export does not record (`--site` with `permalinks.tags` when no link
   * showed where tag archives were): the notes, and the `site.permalinks` keys they name.
   */
  advice: { notes: string[]; keys: Array<'categories' | 'tags'> }
  /**
   * The same export imported again with what the advice asks for, as the site's owner would give it (the base set in
   * Settings → Permalinks, which the live install's oracle holds). Absent without advice, or when the live install
   * kept WordPress's default base (then the owner has nothing to give).
   */
  advised?: { site: { permalinks: Record<string, string> }; figures: ExportFigures }
  /**
   * Built sites with their uploads folder: internal links and media files that resolve under `check` once the export
   * is imported with `--uploads` and `--media-out` (and site.url as the old origin, as the import's own check does).
   * Set apart: `brokenInOriginal`, left as the export wrote them and leading nowhere the live install served publicly
   * either; `toNotImported`, to items and archives of types the payload has no place for (products, their categories),
   * which the importer leaves leading to the old site and the report counts. `broken` (the first 20): the rest.
   */
  links?: { resolved: number; total: number; brokenInOriginal: number; toNotImported: number; broken: string[] }
}

/** An item as the measurement compares it: from the export's own record, or from the live install. */
type Expected = Omit<WxrItem, 'content'>

/** A corpus export measured against its live install's oracle when it has one (built sites), else against itself. */
export async function measureCorpusExport(site: CorpusSite): Promise<ExportFigures> {
  const oracle = await readOracle(site.id)
  const label = site.build ? `\`${site.id}\` (WordPress ${site.version.replace(/\+.*/, '')}, built here)` : `\`${site.id}\` (${site.package}@${site.version})`
  const file = path.join(siteDir(site.id), 'site', site.export ?? '')
  const live = oracle.method === 'wordpress-live' ? (oracle as LiveOracle) : undefined
  const figures = await measureExport(file, label, live)
  if (live && site.uploads) figures.links = await measureLinks(file, path.join(siteDir(site.id), 'site', site.uploads), live)
  const given = live ? ownersAnswer(figures.advice.keys, live.settings) : undefined
  if (!given) return figures
  return { ...figures, advised: { site: given, figures: await measureExport(file, `${label} with ${JSON.stringify(given.permalinks)}`, live, { site: given }) } }
}

/**
 * Imports an export with its uploads delivered and runs `check` on the payload and the media folder, as the import
 * command's closing check does; a link or media file that misses counts against the import unless the export wrote it
 * as it stands and it led nowhere the live install served publicly either (a page never published, a file deleted
 * from uploads, /wp-admin/).
 */
async function measureLinks(file: string, uploads: string, live: LiveOracle): Promise<NonNullable<ExportFigures['links']>> {
  const mediaOut = await mkdtemp(path.join(tmpdir(), 'corpus-wp-media-'))
  try {
    const { payload } = await importWordPress(file, { uploads, mediaOut })
    const checked = checkSite(payload, { mediaFiles: await readMediaDir(mediaOut), ...(payload.site.url ? { origins: [payload.site.url] } : {}) })
    const served = liveServed(live)
    const home = new URL(live.settings.home)
    const misses = checked.findings.filter((f) => f.code === 'broken_link' || f.code === 'missing_media' || f.code === 'unknown_site_url')
    // Only a link left as the export wrote it, on the old host, can be the original's: the importer writes every link
    // it maps as a root-relative URL, so a broken one of those is its own.
    const asWritten = (target: string | undefined) => target !== undefined && /^https?:\/\//i.test(target) && new URL(target).host === home.host
    let inOriginal = 0
    let notImported = 0
    const ours: typeof misses = []
    for (const f of misses) {
      const what = asWritten(f.target) ? (served.get(wordpressKey(f.target as string)) ?? 'nothing') : 'ours'
      if (what === 'nothing') inOriginal++
      else if (!PAYLOAD_KINDS.has(what)) notImported++
      else ours.push(f)
    }
    const { links: l, media } = checked.totals
    return {
      resolved: l.ok + l.to_drafts + media.ok,
      total: l.internal + media.files,
      brokenInOriginal: inOriginal,
      toNotImported: notImported,
      broken: ours.slice(0, 20).map((f) => `${f.url ?? f.source}: ${f.target ?? ''}`),
    }
  } finally {
    await rm(mediaOut, { recursive: true, force: true })
  }
}

/** What the payload can hold of what the live install served (`liveServed`): the rest is another type's. */
const PAYLOAD_KINDS = new Set(['post', 'page', 'category', 'post_tag', 'home', 'media', 'ours'])

/**
 * What a visitor of the live install reached, by `wordpressKey`, and what it was: `post`, `page` or another post
 * type's name for published items of public types, the taxonomy for term archives, `home` for the home page and posts
 * page, `media` for every uploaded file and its size variants. Password-protected, private and draft items are not
 * among them: the public never saw them, and the import leaves them out by default.
 */
export function liveServed(live: Pick<LiveOracle, 'documents' | 'terms' | 'media' | 'settings' | 'posts_index'>): Map<string, string> {
  const served = new Map<string, string>()
  const add = (url: string, what: string) => served.set(wordpressKey(url), what)
  add(live.settings.home, 'home')
  if (live.posts_index) add(live.posts_index.url, 'home')
  for (const d of live.documents) if (d.status === 'published' && d.public && d.url) add(d.url, d.type)
  for (const t of live.terms) add(t.url, t.taxonomy)
  for (const m of live.media) {
    add(m.url, 'media')
    for (const size of m.sizes) add(m.url.replace(/[^/]*$/, size), 'media')
  }
  return served
}

/**
 * What a site's owner gives when the report asks for an archive base the export does not record: the base they set
 * in Settings → Permalinks (under the site's home path), as the `site.permalinks` pattern the note names. Undefined
 * when a base asked for is WordPress's default (empty): the owner set none, and the import's default is right.
 * @example
 * ownersAnswer(['tags'], { home: 'https://x.example', tag_base: 'mot-cle', category_base: '' }) // { permalinks: { tags: '/mot-cle/:slug/' } }
 */
export function ownersAnswer(keys: ReadonlyArray<'categories' | 'tags'>, settings: Pick<LiveOracle['settings'], 'home' | 'category_base' | 'tag_base'>): { permalinks: Record<string, string> } | undefined {
  if (keys.length === 0) return undefined
  const home = new URL(settings.home).pathname.replace(/\/+$/, '')
  const permalinks: Record<string, string> = {}
  for (const key of keys) {
    const base = (key === 'tags' ? settings.tag_base : settings.category_base).replace(/^\/+|\/+$/g, '')
    if (base === '') return undefined
    permalinks[key] = `${home}/${base}/:slug/`
  }
  return { permalinks }
}

/** The report's notes that ask for a `site.permalinks` setting (`give it with --site (permalinks.tags: …)`), and the keys they name. */
export function readAdvice(notes: readonly string[]): ExportFigures['advice'] {
  const asking = notes.filter((n) => /--site\b/.test(n) && /permalinks\.(?:tags|categories)\b/.test(n))
  const keys = [...new Set(asking.flatMap((n) => [...n.matchAll(/permalinks\.(tags|categories)\b/g)].map((m) => m[1] as 'categories' | 'tags')))].sort()
  return { notes: asking, keys }
}

/** Imports an export (with the importer's defaults unless `options` say otherwise) and measures it against the export itself, or a live oracle. */
export async function measureExport(file: string, label: string, live?: LiveOracle, options: ImportWordPressOptions = {}): Promise<ExportFigures> {
  const wxr = readWxr(await readFile(file, 'utf8'))
  const result = await importWordPress(file, options)
  const { payload, redirects } = result
  const docs = payloadDocuments(payload)
  const liveDocs = docs.filter((d) => d.status === 'published')
  const drafts = new Set(docs.filter((d) => d.status === 'draft').map((d) => d.title))
  // A URL answers at its route, or where a static host serves the file written for it (`a/b.html` for `/a/b.html`).
  const liveKeys = new Set(liveDocs.flatMap((d) => [wordpressKey(d.url), ...(d.file.endsWith('.html') && !d.file.endsWith('/index.html') ? [wordpressKey(`/${d.file}`)] : [])]))
  // A posts page answers where the post index is: WordPress listed posts there, and so does the build.
  for (const r of deriveRoutes(payload)) if (r.kind === 'post_index' && r.page_number === 1) liveKeys.add(wordpressKey(r.url))
  const redirectTo = new Map(redirects.map((r) => [wordpressKey(r.from), wordpressKey(r.to)]))

  const asExpected = (d: LiveDocument): Expected => ({ postId: String(d.id), type: d.type, status: d.status, link: d.url ?? '', title: d.title ?? '', password: d.status === 'password' })
  const documents = live ? live.documents.filter((d) => DOCUMENT_TYPES.has(d.type)) : []
  const published: Expected[] = live ? documents.filter((d) => d.status === 'published').map(asExpected) : wxr.published
  const hidden: Expected[] = live ? documents.filter((d) => d.status !== 'published').map(asExpected) : wxr.private

  const urls = reachability(published.map((i) => ({ source: i.postId, url: i.link })), liveKeys, redirectTo)

  // A private item is matched by the URL it had, or by a title no public item shares.
  const publicTitles = new Set(published.map((i) => i.title))
  const uniqueTitle = (i: Expected) => i.title !== '' && !publicTitles.has(i.title)
  const privatePublished = hidden
    .filter((i) => liveKeys.has(wordpressKey(i.link)) || (uniqueTitle(i) && liveDocs.some((d) => d.title === i.title)))
    .map((i) => `${i.type} ${i.postId} (${i.password ? 'password' : i.status})`)
  const privateInPayload = hidden.filter((i) => uniqueTitle(i) && drafts.has(i.title)).length

  const shortcodes = { documents: 0, byName: {} as Record<string, number> }
  for (const doc of liveDocs) {
    const prose = withoutCode(doc.content)
    let found = false
    for (const name of wxr.shortcodes) {
      const n = prose.split(`[${name}`).length - 1
      if (n > 0 && new RegExp(`\\[${name}[\\s\\]/]`).test(prose)) {
        shortcodes.byName[name] = (shortcodes.byName[name] ?? 0) + n
        found = true
      }
    }
    if (found) shortcodes.documents++
  }

  const expected = published.length
  // WordPress ignores a posts page's content and lists the posts at its URL; the payload's post index does the same
  // there, and cannot also hold the page (two documents at one path): it counts as the published page.
  const indexKeys = new Set(deriveRoutes(payload).filter((r) => r.kind === 'post_index' && r.page_number === 1).map((r) => wordpressKey(r.url)))
  const postsPageKey = live?.posts_index?.id !== undefined ? wordpressKey(live.posts_index.url) : undefined
  const postsPageServed = postsPageKey !== undefined && (indexKeys.has(postsPageKey) || indexKeys.has(redirectTo.get(postsPageKey) ?? '')) && !liveDocs.some((d) => wordpressKey(d.url) === postsPageKey)
  const publishedCount = liveDocs.length + (postsPageServed ? 1 : 0)
  return {
    label,
    expected,
    published: publishedCount,
    countDelta: expected === 0 ? (publishedCount === 0 ? 0 : 1) : Math.abs(publishedCount - expected) / expected,
    urls,
    privatePublished,
    privateInPayload,
    shortcodes,
    ...(live ? { live: measureLive(live, wxr, result, docs, liveKeys, redirectTo) } : {}),
    advice: readAdvice(result.report.permalinks.notes),
  }
}

interface PayloadDocument {
  url: string
  /** The file the build writes for it (`a/b/index.html`, `a/b.html`). */
  file: string
  status: 'published' | 'draft'
  title: string
  content: string
  featured?: string
  /** Set on the page that owns the root. */
  front?: true
}

/** Every post and page of the payload at its public URL. */
function payloadDocuments(payload: PreviewData): PayloadDocument[] {
  const out: PayloadDocument[] = []
  const front = payload.site.front_page
  for (const route of deriveRoutes(payload)) {
    if (route.kind !== 'post' && route.kind !== 'page') continue
    const index = Number(route.source.split('/').pop())
    const entity = route.kind === 'post' ? payload.content.posts[index] : payload.content.pages[index]
    const isFront = route.kind === 'page' && front?.type === 'page' && front.page_path === route.key
    out.push({ url: route.url, file: route.output_path, status: entity.status, title: entity.title, content: entity.content, ...(entity.featured_image ? { featured: entity.featured_image } : {}), ...(isFront ? { front: true as const } : {}) })
  }
  return out
}

/** Which of the URLs still answer: the same route in the payload, a redirect, or neither (a fixed sample on large sites). */
function reachability(items: Array<{ source: string; url: string }>, liveKeys: Set<string>, redirectTo: Map<string, string>) {
  const urls = { sampled: 0, kept: 0, redirected: 0, lost: [] as string[] }
  for (const item of sample(items)) {
    urls.sampled++
    const key = wordpressKey(item.url)
    if (liveKeys.has(key)) urls.kept++
    else if (redirectTo.has(key)) urls.redirected++
    else urls.lost.push(key)
  }
  return urls
}

function measureLive(live: LiveOracle, wxr: WxrOracle, result: ImportWordPressResult, docs: PayloadDocument[], liveKeys: Set<string>, redirectTo: Map<string, string>): LiveFigures {
  const { payload, report } = result
  const documents = live.documents.filter((d) => DOCUMENT_TYPES.has(d.type))
  const published = documents.filter((d) => d.status === 'published')

  const links = new Map(wxr.items.map((i) => [i.postId, i.link]))
  const linkMismatches = live.documents
    .filter((d) => d.exported && d.status === 'published' && d.public && links.has(String(d.id)) && wordpressKey(links.get(String(d.id)) ?? '') !== wordpressKey(d.url ?? ''))
    .map((d) => `${d.source}: export ${links.get(String(d.id))}, WordPress ${d.url}`)

  const languages: Record<string, number> = {}
  for (const d of published) languages[d.lang ?? 'default'] = (languages[d.lang ?? 'default'] ?? 0) + 1

  // The front page: the page WordPress showed at the root (the same title at '/'), or the latest posts.
  const frontDoc = docs.find((d) => d.front)
  const homeKey = slashed(wordpressKey(live.settings.home))
  const indexPath = payload.site.post_index?.enabled === false ? 'none' : slashed(payload.site.post_index?.path ?? '/')
  const frontPage = live.front_page.type === 'page'
    ? { expected: `page "${live.front_page.title}"`, got: frontDoc ? `page "${frontDoc.title}"` : `latest posts at ${indexPath}`, ok: frontDoc?.title === live.front_page.title && homeKey === '/' }
    : { expected: `latest posts at ${homeKey}`, got: frontDoc ? `page "${frontDoc.title}"` : `latest posts at ${indexPath}`, ok: !frontDoc && indexPath === homeKey }
  const expectedIndex = live.posts_index ? slashed(wordpressKey(live.posts_index.url)) : 'none'
  // A posts page the contract cannot place where it was (`/?page_id=9`) counts when its old URL redirects to the index.
  const indexRedirected = live.posts_index !== null && redirectTo.get(wordpressKey(live.posts_index.url)) === wordpressKey(indexPath)
  const postsIndex = { expected: expectedIndex, got: indexPath, ok: expectedIndex === indexPath || indexRedirected }

  // The menu in the theme's primary location (a block theme's: the navigation its header shows): the same items in the
  // same tree, each leading where WordPress's did.
  const header = live.navigations?.find((n) => n.template_parts.includes('header'))
  const classic = live.menus.find((m) => m.locations.includes('primary'))
  // A classic menu still lists a draft or pending page (only a trashed one is invalid), as a link a visitor gets a 404
  // at: no import should keep it; its children take its place, as the importer does.
  const status = new Map(live.documents.map((d) => [d.id, d.status]))
  const primary = classic ? { name: classic.name, items: withoutDeadLinks(classic.items, (i) => i.type === 'post_type' && (status.get(i.object_id) ?? 'published') !== 'published' && status.get(i.object_id) !== 'password') } : header && { name: header.title, items: header.items }
  const got = payload.menus?.primary
  const problems: string[] = []
  if (primary && got) compareMenus(primary.items, got.items, '', problems, redirectTo)
  const primaryMenu = {
    expected: primary ? `"${primary.name}" (${countItems(primary.items)} items)` : 'none',
    got: got ? `"${got.name}" (${countItems(got.items)} items)` : 'none',
    ok: primary ? Boolean(got) && problems.length === 0 : !got,
    problems: primary && !got ? [`no menu under primary (menus: ${Object.keys(payload.menus ?? {}).join(', ') || 'none'})`] : problems,
  }

  const titles = new Set(docs.map((d) => d.title))
  const otherTypes: LiveFigures['otherTypes'] = {}
  for (const d of live.documents) {
    if (DOCUMENT_TYPES.has(d.type) || NOT_CONTENT.has(d.type) || !d.exported || d.status !== 'published') continue
    const t = (otherTypes[d.type] ??= { published: 0, inPayload: 0, reported: 0 })
    t.published++
    if (titles.has(d.title ?? '')) t.inPayload++
  }
  // The report counts every item of each post type beyond WordPress's own (report.post_types).
  for (const [type, t] of Object.entries(otherTypes)) t.reported = report.post_types[type]?.items ?? 0

  const termKeys = new Set(deriveRoutes(payload).filter((r) => r.kind === 'category' || r.kind === 'tag').map((r) => wordpressKey(r.url)))
  const terms = reachability(live.terms.filter((t) => t.count > 0 && (t.taxonomy === 'category' || t.taxonomy === 'post_tag')).map((t) => ({ source: `${t.taxonomy}/${t.slug}`, url: t.url })), termKeys, redirectTo)

  const oldHost = new URL(live.settings.home).host
  const media = { images: 0, onOldHost: 0 }
  for (const d of docs.filter((x) => x.status === 'published')) {
    const srcs = [...d.content.matchAll(/<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1])
    if (d.featured) srcs.push(d.featured)
    for (const src of srcs) {
      media.images++
      if (/^https?:\/\//i.test(src) && new URL(src).host === oldHost) media.onOldHost++
    }
  }

  return {
    unresolved: published.filter((d) => d.resolves === false).map((d) => `${d.source} ${d.url}`),
    linkMismatches,
    languages,
    frontPage,
    postsIndex,
    primaryMenu,
    otherTypes,
    terms,
    media,
  }
}

/**
 * Compares a WordPress menu with the payload's, item by item in order: same titles, same nesting, and each link
 * leading where WordPress's did (the same path, or the path its redirect leads to). A `#` parent may point anywhere
 * the contract allows, since `#` itself is not a navigation URL.
 */
export function compareMenus(wp: LiveNavItem[], got: MenuItem[], at: string, problems: string[], redirectTo: Map<string, string>): void {
  for (let i = 0; i < Math.max(wp.length, got.length); i++) {
    const w = wp[i]
    const g = got[i]
    const where = `${at}${i + 1}`
    if (!w) { problems.push(`${where}: extra item "${g.title}"`); continue }
    if (!g) { problems.push(`${where}: "${w.title}" missing`); continue }
    if (w.title !== g.title) problems.push(`${where}: "${w.title}" is "${g.title}"`)
    // A `#` parent, or a block submenu without a link, may point anywhere the contract allows.
    if (w.url !== '#' && w.url !== '') {
      const old = wordpressKey(w.url)
      const now = wordpressKey(g.url)
      const external = /^https?:/i.test(w.url) && /^https?:/i.test(g.url) && new URL(w.url).host === new URL(g.url).host
      if (old !== now && redirectTo.get(old) !== now && !(external && w.url === g.url)) problems.push(`${where}: "${w.title}" leads to ${g.url}, WordPress's to ${w.url}`)
    }
    compareMenus(w.children, g.children, `${where}.`, problems, redirectTo)
  }
}

function withoutDeadLinks(items: LiveMenuItem[], dead: (item: LiveMenuItem) => boolean): LiveMenuItem[] {
  return items.flatMap((i) => (dead(i) ? withoutDeadLinks(i.children, dead) : [{ ...i, children: withoutDeadLinks(i.children, dead) }]))
}

// Types that are no content of their own: reusable blocks (inlined where used), block navigation (the menus) and the
// site editor's theme configuration.
const NOT_CONTENT = new Set(['wp_block', 'wp_navigation', 'wp_template', 'wp_template_part', 'wp_global_styles'])

function countItems(items: Array<{ children: unknown[] }>): number {
  return items.reduce((n, i) => n + 1 + countItems(i.children as Array<{ children: unknown[] }>), 0)
}

/** A path as a directory (`/blog` → `/blog/`); a query URL (`/?page_id=9`) stays as it is. */
function slashed(p: string): string {
  return p.endsWith('/') || p.includes('?') ? p : `${p}/`
}
