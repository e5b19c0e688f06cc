/**
 * Measures the WordPress importer on one export against the export's own record of the site: every item's `<link>`
 * is the URL WordPress served it at, its status and password say whether the public saw it. The export is read
 * here with saxes, independently of the importer's own reader, so the two cannot share a mistake.
 */
import { readFile } from 'node:fs/promises'
import { SaxesParser } from 'saxes'
import { importWordPress } from '../../importers/wordpress/index.js'
import { deriveRoutes } from '../../src/routes/index.js'
import { sample, servingFiles, withoutCode } from './measure.js'

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
}

export async function measureExport(file: string, label: string): Promise<ExportFigures> {
  const oracle = readWxr(await readFile(file, 'utf8'))
  const { payload, redirects } = await importWordPress(file)
  const live: Array<{ url: string; title: string; content: string }> = []
  const drafts = new Set<string>()
  // The files a static host serves (`a/b.html` answers `/a/b.html` too, as measure.ts counts them for Markdown sites).
  const liveFiles = new Set<string>()
  for (const route of deriveRoutes(payload)) {
    if ((route.kind === 'post' || route.kind === 'page') && route.status === 'published') liveFiles.add(route.output_path)
    if (route.kind !== 'post' && route.kind !== 'page') continue
    const index = Number(route.source.split('/').pop())
    const entity = route.kind === 'post' ? payload.content.posts[index] : payload.content.pages[index]
    if (route.status === 'published') live.push({ url: route.url, title: entity.title, content: entity.content })
    else drafts.add(entity.title)
  }
  const liveKeys = new Set(live.map((d) => wordpressKey(d.url)))
  const redirectKeys = new Set(redirects.map((r) => wordpressKey(r.from)))

  const urls = { sampled: 0, kept: 0, redirected: 0, lost: [] as string[] }
  for (const item of sample(oracle.published.map((i) => ({ ...i, source: i.postId })))) {
    urls.sampled++
    const key = wordpressKey(item.link)
    if (liveKeys.has(key) || (!key.includes('?') && servingFiles(key).some((f) => liveFiles.has(f)))) urls.kept++
    else if (redirectKeys.has(key)) urls.redirected++
    else urls.lost.push(key)
  }

  // A private item is matched by the URL it had, or by a title no public item shares.
  const publicTitles = new Set(oracle.published.map((i) => i.title))
  const uniqueTitle = (i: WxrItem) => i.title !== '' && !publicTitles.has(i.title)
  const privatePublished = oracle.private
    .filter((i) => liveKeys.has(wordpressKey(i.link)) || (uniqueTitle(i) && live.some((d) => d.title === i.title)))
    .map((i) => `${i.type} ${i.postId} (${i.password ? 'password' : i.status})`)
  const privateInPayload = oracle.private.filter((i) => uniqueTitle(i) && drafts.has(i.title)).length

  const shortcodes = { documents: 0, byName: {} as Record<string, number> }
  for (const doc of live) {
    const prose = withoutCode(doc.content)
    let found = false
    for (const name of oracle.shortcodes) {
      const n = prose.split(`[${name}`).length - 1
      if (n > 0 && new RegExp(`\\[${name}[\\s\\]/]`).test(prose)) {
        shortcodes.byName[name] = (shortcodes.byName[name] ?? 0) + n
        found = true
      }
    }
    if (found) shortcodes.documents++
  }

  const expected = oracle.published.length
  return {
    label,
    expected,
    published: live.length,
    countDelta: expected === 0 ? (live.length === 0 ? 0 : 1) : Math.abs(live.length - expected) / expected,
    urls,
    privatePublished,
    privateInPayload,
    shortcodes,
  }
}
