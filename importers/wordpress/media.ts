import { phpUnserialize } from './php-unserialize.js'
import type { PhpValue } from './php-unserialize.js'
import type { ShortcodeImage } from './content/shortcodes.js'
import { attributeOf, decodeEntities, escapeAttribute, urlAmpersands } from './content/html.js'
import { detach } from './detach.js'
import { LIMITS } from './limits.js'
import { trimTrailing } from '../../src/trim.js'

/** An attachment as the importer keeps it: its URL, size, size variants and text. Bodies are never kept. */
export interface Attachment {
  id: number
  file: string
  line: number
  parent: number
  menuOrder: number
  /** The original URL as exported (before `--media-from`/`--media-to`). */
  url: string
  /** The URL of its attachment page as exported (`<link>`), or `''`. */
  link: string
  width?: number
  height?: number
  alt: string
  /** Its excerpt as stored: HTML. */
  caption: string
  /** Named size variants (`thumbnail`, `medium`…), compactly (see `SizeList`; `sizeVariants` gives their URLs). */
  sizes: SizeList
}

/**
 * An attachment's size variants as one flat list, four entries a variant: its name, its file name (in the folder of
 * the attachment's own file, which is where WordPress writes them), its width and its height. A large site has about
 * six variants for each of its 100,000 attachments: kept as objects with whole URLs, they took 150 MB.
 */
export type SizeList = Array<string | number>

/** A size variant of an attachment, with its URL. */
export type SizeVariant = { name: string; url: string; width: number; height: number }

/**
 * The size variants of an attachment with their URLs, in the order its metadata gave them.
 * @example
 * sizeVariants({ url: 'https://x.test/u/a.jpg', sizes: ['thumbnail', 'a-150x150.jpg', 150, 150] }) // [{ name: 'thumbnail', url: 'https://x.test/u/a-150x150.jpg', width: 150, height: 150 }]
 */
export function sizeVariants(att: Pick<Attachment, 'url' | 'sizes'>): SizeVariant[] {
  const dir = att.url.slice(0, att.url.lastIndexOf('/') + 1)
  const out: SizeVariant[] = []
  for (let i = 0; i < att.sizes.length; i += 4) out.push({ name: att.sizes[i] as string, url: dir + (att.sizes[i + 1] as string), width: att.sizes[i + 2] as number, height: att.sizes[i + 3] as number })
  return out
}

/** A media file as it will appear in `content.media`: final URL and size. */
export interface MediaFile {
  src: string
  width: number
  height: number
  alt?: string
}

const positive = (v: PhpValue | undefined): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : typeof v === 'string' && /^\d{1,6}$/.test(v) && Number(v) > 0 ? Number(v) : undefined

const asMap = (v: PhpValue | undefined): Record<string, PhpValue> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? v : undefined

/** What an attachment's `_wp_attachment_metadata` says of its size and size variants. */
export type AttachmentSizes = Pick<Attachment, 'width' | 'height' | 'sizes'>

/**
 * Builds an attachment from its item fields and postmeta: width, height and size variants come from the
 * PHP-serialized `_wp_attachment_metadata` (`attachmentSizes`), unless they were read from it elsewhere already.
 * @example
 * toAttachment({ file: 'a.xml', line: 1, postId: 5, postParent: 1, menuOrder: 0, attachmentUrl: 'https://x.test/a.jpg', guid: '', excerpt: '', meta: {} }).url // 'https://x.test/a.jpg'
 */
export function toAttachment(item: AttachmentItem, sizes: AttachmentSizes = attachmentSizes(item)): Attachment {
  return {
    id: item.postId,
    file: item.file,
    line: item.line,
    parent: item.postParent,
    menuOrder: item.menuOrder,
    url: attachmentUrl(item),
    link: item.link ?? '',
    ...(sizes.width !== undefined ? { width: sizes.width } : {}),
    ...(sizes.height !== undefined ? { height: sizes.height } : {}),
    alt: decodeEntities(item.meta._wp_attachment_image_alt ?? ''),
    caption: item.excerpt ?? '',
    sizes: sizes.sizes,
  }
}

/** What `attachmentSizes` reads of an attachment. */
export type AttachmentMetadata = { attachmentUrl: string; guid: string; meta: { _wp_attachment_metadata?: string } }

/** The item fields an attachment is made from. */
export type AttachmentItem = { file: string; line: number; postId: number; postParent: number; menuOrder: number; attachmentUrl: string; guid: string; link?: string; excerpt: string; meta: Record<string, string> }

function attachmentUrl(item: Pick<AttachmentItem, 'attachmentUrl' | 'guid'>): string {
  return item.attachmentUrl || item.guid
}

/**
 * Width, height and named size variants of an attachment, parsed (without executing anything) from its
 * PHP-serialized `_wp_attachment_metadata`; the variants' URLs sit next to the attachment's own URL. A pure function
 * of its argument, so the render worker can run it while the export is read.
 * @example
 * attachmentSizes({ attachmentUrl: 'https://x.test/a.jpg', guid: '', meta: { _wp_attachment_metadata: 'a:2:{s:5:"width";i:640;s:6:"height";i:480;}' } }).width // 640
 */
export function attachmentSizes(item: AttachmentMetadata): AttachmentSizes {
  const out: AttachmentSizes = { sizes: [] }
  const raw = item.meta._wp_attachment_metadata
  const meta = raw ? asMap(phpUnserialize(raw)) : undefined
  if (!meta) return out
  const width = positive(meta.width)
  const height = positive(meta.height)
  if (width !== undefined) out.width = width
  if (height !== undefined) out.height = height
  const url = attachmentUrl(item)
  const dir = url.slice(0, url.lastIndexOf('/') + 1)
  const sizes = asMap(meta.sizes)
  if (!sizes || !dir) return out
  // By name, as an object's keys are listed (names that are numbers first): the order variants always had.
  const byName: Record<string, [string, number, number]> = {}
  for (const name of Object.keys(sizes).sort()) {
    const s = asMap(sizes[name])
    const file = s && typeof s.file === 'string' ? s.file : ''
    const w = positive(s?.width)
    const h = positive(s?.height)
    // Copied out: the name is a view of the whole serialized metadata.
    if (file && !file.includes('/') && w && h) byName[name] = [detach(file), w, h]
  }
  for (const [name, [file, w, h]] of Object.entries(byName)) out.sizes.push(name, file, w, h)
  return out
}

// The uploads folder of an attachment's key (host and path): a multisite site's own (`uploads/sites/3/`, `blogs.dir/3/
// files/`, or `files/` under its path while WordPress served them there), else `wp-content/uploads/`.
const UPLOAD_FOLDER = /^[^/]*(?:\/[^/]+)*?\/(?:wp-content\/uploads\/sites\/\d+\/|wp-content\/blogs\.dir\/\d+\/files\/|files\/|wp-content\/uploads\/)/
// A multisite `/files/` URL's key (`ms-files` rewriting: `<site path>/files/<file>`), and the file it names.
const MS_FILES_KEY = /^[^/]*(?:\/[_0-9a-zA-Z-]+){0,2}\/files\/(.+)$/

// WordPress names resized copies `<name>-<w>x<h>.<ext>`; the size is in the name even when metadata is missing.
const SIZE_SUFFIX = /^(.*)-(\d{1,5})x(\d{1,5})(\.[A-Za-z0-9]{2,5})$/

/**
 * Finds attachments by the URLs content uses: originals, named size variants, and `-WxH` copies of a known
 * original. URLs compare without scheme, query or fragment, so `http://` and `https://` copies both match.
 */
export class MediaIndex {
  // Each attachment by every URL it has (its own and each variant's), by `mediaKey` split into folder and file name:
  // folders are few, so what each key holds is a file name, for a variant the very string its size list keeps.
  // Which of the attachment's URLs a key is, `#find` works out again: no object is kept for each.
  readonly #byFolder = new Map<string, Map<string, Attachment>>()
  readonly #byId = new Map<number, Attachment>()
  readonly #children = new Map<number, Attachment[]>()
  // Every attachment names the same few sizes (`thumbnail`, `medium`…): one string each.
  readonly #names = new Map<string, string>()
  // The uploads folders attachments are in (a multisite site's `uploads/sites/3/`, `blogs.dir/3/files/`, `files/`),
  // as keys: where a multisite `/files/` URL's file is looked for.
  readonly #uploadFolders = new Set<string>()

  /** Registers an attachment and its size variants: a URL registered before keeps its attachment, unless this is an attachment's own URL. */
  add(att: Attachment): void {
    this.#byId.set(att.id, att)
    const key = mediaKey(att.url)
    if (key) this.#register(key, att, true)
    const folder = key && UPLOAD_FOLDER.exec(key)?.[0]
    if (folder && this.#uploadFolders.size < LIMITS.maxUploadFolders) this.#uploadFolders.add(folder)
    const dir = att.url.slice(0, att.url.lastIndexOf('/') + 1)
    for (let i = 0; i < att.sizes.length; i += 4) {
      att.sizes[i] = this.#name(att.sizes[i] as string)
      const file = att.sizes[i + 1] as string
      const k = mediaKey(dir + file)
      if (k) this.#register(k, att, false, file)
    }
    if (att.parent > 0) {
      const list = this.#children.get(att.parent)
      if (list) list.push(att)
      else this.#children.set(att.parent, [att])
    }
  }

  #register(key: string, att: Attachment, own: boolean, file?: string): void {
    const slash = key.lastIndexOf('/')
    const folder = key.slice(0, slash + 1)
    let files = this.#byFolder.get(folder)
    if (files === undefined) this.#byFolder.set(folder, (files = new Map()))
    const name = key.slice(slash + 1)
    if (own || !files.has(name)) files.set(name === file ? file : detach(name), att)
  }

  #name(name: string): string {
    const known = this.#names.get(name)
    if (known !== undefined) return known
    if (this.#names.size < LIMITS.maxSharedSizeNames) this.#names.set(name, name)
    return name
  }

  /** The attachment registered for `key` and the size of the file `key` is: its own, or the first variant that has that key. */
  #find(key: string): { att: Attachment; width?: number; height?: number } | undefined {
    const slash = key.lastIndexOf('/')
    const att = this.#byFolder.get(key.slice(0, slash + 1))?.get(key.slice(slash + 1))
    if (att === undefined) return undefined
    if (mediaKey(att.url) === key) return { att, width: att.width, height: att.height }
    const name = key.slice(slash + 1)
    const dir = att.url.slice(0, att.url.lastIndexOf('/') + 1)
    for (let i = 0; i < att.sizes.length; i += 4) {
      const file = att.sizes[i + 1] as string
      // A file name without escapes is the last part of its key as it is; only one with escapes needs its key made.
      if ((file === name || file.includes('%')) && mediaKey(dir + file) === key) return { att, width: att.sizes[i + 2] as number, height: att.sizes[i + 3] as number }
    }
    return undefined
  }

  /** Forgets every attachment, so a finished import does not hold them while the payload is built. */
  clear(): void {
    this.#byFolder.clear()
    this.#byId.clear()
    this.#children.clear()
  }

  /** Every attachment, by WordPress id. */
  all(): Attachment[] {
    return [...this.#byId.values()].sort((a, b) => a.id - b.id)
  }

  /** Every attachment id. */
  ids(): number[] {
    return [...this.#byId.keys()]
  }

  /** The attachment with WordPress id `id`. */
  get(id: number): Attachment | undefined {
    return this.#byId.get(id)
  }

  /** Attachment ids whose parent is `postId`, in gallery order (menu_order, then id). */
  childIds(postId: number): number[] {
    const list = this.#children.get(postId) ?? []
    return [...list].sort((a, b) => a.menuOrder - b.menuOrder || a.id - b.id).map((a) => a.id)
  }

  /** The attachment a URL shows and that file's size, when the export knows it. */
  lookup(url: string): { att: Attachment; width?: number; height?: number } | undefined {
    const key = mediaKey(url)
    if (!key) return undefined
    const hit = this.#lookupKey(key)
    if (hit) return hit
    // A multisite site's `/files/<file>` is `<file>` in its uploads folder, wherever its attachments are now.
    const file = MS_FILES_KEY.exec(key)?.[1]
    if (file === undefined) return undefined
    for (const folder of this.#uploadFolders) {
      const found = this.#lookupKey(folder + file)
      if (found) return found
    }
    return undefined
  }

  /**
   * The URL of the file a multisite `/files/` URL names as its attachment has it (`https://old.test/files/2012/01/a.jpg`
   * → `https://old.test/wp-content/uploads/sites/3/2012/01/a.jpg`), when the two differ; undefined otherwise.
   */
  msFilesTarget(url: string): string | undefined {
    const hit = this.lookup(url)
    const key = mediaKey(url)
    const file = key && MS_FILES_KEY.exec(key)?.[1]
    if (!hit || !file || this.#lookupKey(key) !== undefined) return undefined
    const own = hit.att.url
    const at = own.lastIndexOf('/') + 1
    // The attachment's folder (from its own URL) and the file name the `/files/` URL asks for.
    return own.slice(0, at) + file.slice(file.lastIndexOf('/') + 1)
  }

  #lookupKey(key: string): { att: Attachment; width?: number; height?: number } | undefined {
    const hit = this.#find(key)
    if (hit) return hit
    const m = SIZE_SUFFIX.exec(key)
    if (!m) return undefined
    const original = this.#find(m[1] + m[4])
    return original ? { att: original.att, width: Number(m[2]) || undefined, height: Number(m[3]) || undefined } : undefined
  }

  /**
   * What galleries may show, for rendering elsewhere (see `GalleryData`): the attachments named in `shows.ids` and
   * those of the posts in `shows.parents`, as shortcodes see them (URLs through `rewrite`), and each such post's
   * attachments in gallery order; every attachment with `shows.all`.
   */
  gallery(rewrite: (url: string) => string, shows: { ids: Iterable<number>; parents: Iterable<number>; all?: boolean }): GalleryData {
    const parents = shows.all ? [...this.#children.keys()] : [...shows.parents].filter((p) => this.#children.has(p))
    const children: GalleryData['children'] = parents.map((parent) => [parent, this.childIds(parent)])
    const ids = shows.all ? this.#byId.keys() : new Set([...shows.ids, ...children.flatMap(([, kids]) => kids)])
    const images: GalleryData['images'] = []
    for (const id of ids) {
      const image = this.shortcodeImage(id, rewrite)
      if (image) images.push([id, image])
    }
    return { images, children }
  }

  /** The attachment as shortcodes see it, URLs passed through `rewrite`. */
  shortcodeImage(id: number, rewrite: (url: string) => string): ShortcodeImage | undefined {
    const att = this.#byId.get(id)
    if (!att) return undefined
    const sizes: ShortcodeImage['sizes'] = {}
    for (const s of sizeVariants(att)) sizes[s.name] = { src: rewrite(s.url), width: s.width, height: s.height }
    return { src: rewrite(att.url), width: att.width, height: att.height, alt: att.alt, caption: att.caption, sizes }
  }
}

/** The attachments galleries may show, as plain data a worker can be sent: by id, and each parent's, in order. */
export type GalleryData = { images: Array<[number, ShortcodeImage]>; children: Array<[number, number[]]> }

/** The comparison key of a media URL: host and decoded path, without scheme, query or fragment. */
export function mediaKey(url: string): string | undefined {
  const m = /^(?:https?:)?\/\/([^/?#]+)([^?#]*)/i.exec(url.trim())
  if (!m) return undefined
  let path = m[2]
  // Every attachment and each of its sizes pass through here: decode only what has escapes to decode.
  if (path.includes('%')) {
    try {
      path = decodeURI(path)
    } catch {
      // Keep the raw path: a malformed escape cannot match a decoded key anyway.
    }
  }
  const host = m[1].toLowerCase()
  return (host.startsWith('www.') ? host.slice(4) : host) + path
}

/**
 * Where the site's uploads were: the `…/wp-content/uploads/` prefix most attachments' URLs share (WordPress in a folder
 * of its own keeps them under that folder, `https://x.test/wp/wp-content/uploads/`, not under the home URL; a multisite
 * site using ms-files, `https://x.test/blog/files/`), else the one under the blog's URL; empty when neither is known.
 * @example
 * uploadsPrefix([{ url: 'https://x.test/wp/wp-content/uploads/2020/01/a.jpg' }], 'https://x.test') // 'https://x.test/wp/wp-content/uploads/'
 */
export function uploadsPrefix(attachments: ReadonlyArray<Pick<Attachment, 'url'>>, blogUrl: string): string {
  const counts = new Map<string, number>()
  for (const att of attachments) {
    const m = /^https?:\/\/[^/?#]+(?:\/[^?#]*?)?\/(?:wp-content\/uploads|wp-content\/blogs\.dir\/\d+\/files|files)\//i.exec(att.url)
    if (m) counts.set(m[0], (counts.get(m[0]) ?? 0) + 1)
  }
  let best: [string, number] | undefined
  for (const entry of counts) if (best === undefined || entry[1] > best[1] || (entry[1] === best[1] && entry[0] < best[0])) best = entry
  if (best) return best[0]
  return blogUrl ? `${trimTrailing(blogUrl, '/')}/wp-content/uploads/` : ''
}

/**
 * Rewrites media URLs from one prefix to another (`--media-from`/`--media-to`); identity when `from` is empty.
 * @example
 * mediaRewriter('https://old.test/wp-content/uploads/', '/media/')('https://old.test/wp-content/uploads/a.jpg') // '/media/a.jpg'
 */
export function mediaRewriter(from: string, to: string): (url: string) => string {
  if (!from) return (url) => url
  return (url) => (url.startsWith(from) ? to + url.slice(from.length) : url)
}

// <img …> tags; srcset candidates are rewritten by prefix with the rest of the body.
const IMG_TAG = /<img\s[^>]*>/gi

/** An image a body shows: its `src` as written (entities decoded) and the size its tag gives, if any. */
export type ImageUse = { src: string; width?: number; height?: number }

/**
 * Every `<img>` in an HTML body, in order: its `src` and the `width`/`height` attributes when they are integers.
 * @example
 * imageSources('<p><img src="/a.jpg" width="300" height="200"></p>') // [{ src: '/a.jpg', width: 300, height: 200 }]
 */
export function imageSources(html: string): ImageUse[] {
  const out: ImageUse[] = []
  // Old posts, and editors of their day, wrote `<IMG SRC=…>`: HTML tag names are case-insensitive.
  if (!html.includes('<img') && !/<img/i.test(html)) return out
  // A tag ends with `>`, so none lies past the last one; there, `<img ` read on to the end from every `<` (quadratic).
  for (const m of html.slice(0, html.lastIndexOf('>') + 1).matchAll(IMG_TAG)) {
    const src = attributeOf(m[0], 'src', true)
    if (src === undefined) continue
    const w = Number(attributeOf(m[0], 'width'))
    const h = Number(attributeOf(m[0], 'height'))
    const dims = Number.isInteger(w) && w > 0 && Number.isInteger(h) && h > 0 ? { width: w, height: h } : {}
    out.push({ src, ...dims })
  }
  return out
}

/** The media files a body refers to: URLs of files (images, documents, audio, video) and attachments its galleries name. */
export type MediaRefs = { urls: string[]; attachments: number[]; childGallery: boolean }

// A URL of a file by its extension, in any attribute or text: src, href, srcset candidates, poster, inline styles.
// At most 2,048 characters up to the extension (browsers' and servers' own limit is about that), so that a long run
// of `//` without one is read in linear time: each start read on to the end of the run.
const FILE_URL = /(?:https?:|(?<!\/))\/\/[^\s"'<>()\\[\]]{1,2048}?\.(?:jpe?g|png|gif|webp|avif|svg|bmp|ico|tiff?|heic|pdf|docx?|xlsx?|pptx?|odt|ods|odp|txt|csv|zip|gz|mp3|m4a|ogg|oga|wav|flac|mp4|m4v|mov|webm|ogv|wmv|avi)(?:\?[^\s"'<>]*)?(?=[\s"'<>),]|$)/gi
const GALLERY_IDS = /\[(?:gallery|playlist)\b([^\]]*)\]/gi
// A URL in a quoted src or href whose file name has what FILE_URL stops at (spaces, parentheses): WordPress keeps
// the names of files added by FTP or a plugin as they were ("Photo (final) 1.jpg") and writes them into bodies raw.
// The expression takes every quoted URL and QUOTED_STOP picks those: one expression asking for a space inside read
// each unclosed quote on from each of its spaces (a run of spaces took time in its square).
const QUOTED_URL = /\s(?:src|href|poster)\s*=\s*(?:"((?:https?:)?\/\/[^"<>]*)"|'((?:https?:)?\/\/[^'<>]*)')/gi
const QUOTED_STOP = /[\s()]/

/**
 * The media a raw body refers to, for bringing media home: every file URL it holds, the attachment ids its
 * `[gallery]` and `[playlist]` shortcodes and gallery blocks name, and whether a shortcode without ids shows the
 * item's own attachments.
 * @example
 * mediaRefs('<img src="https://old.test/a.jpg"> [gallery ids="4,5"]') // { urls: ['https://old.test/a.jpg'], attachments: [4, 5], childGallery: false }
 */
export function mediaRefs(raw: string): MediaRefs {
  const urls = new Set<string>()
  if (raw.includes('//')) {
    for (const m of raw.matchAll(FILE_URL)) urls.add(decodeEntities(m[0]))
    for (const m of raw.matchAll(QUOTED_URL)) if (QUOTED_STOP.test(m[1] ?? m[2])) urls.add(decodeEntities((m[1] ?? m[2]).trim()))
  }
  const attachments: number[] = []
  let childGallery = false
  if (raw.includes('[gallery') || raw.includes('[playlist')) {
    for (const m of raw.matchAll(GALLERY_IDS)) {
      const ids = /\b(?:ids|include)\s*=\s*["']?([\d,\s]+)/.exec(m[1])
      if (ids) for (const id of ids[1].split(',')) attachments.push(Number(id.trim()))
      else childGallery = true
    }
  }
  // Image and gallery blocks name their attachments in `"id":N` / `"ids":[…]`.
  if (raw.includes('<!-- wp:')) for (const m of raw.matchAll(/"ids?":\s*(\[[\d,\s]*\]|\d+)/g)) for (const id of m[1].replace(/[[\]]/g, '').split(',')) attachments.push(Number(id.trim()))
  return { urls: [...urls], attachments: attachments.filter((n) => Number.isInteger(n) && n > 0), childGallery }
}

/** URLs of files brought home: the new URL of each old one, found by `mediaKey`, and how to rewrite them in HTML. */
export interface HomeUrls {
  /** The new URL of an old media URL, or undefined when its file was not brought home. */
  url(old: string): string | undefined
  /** `html` with every old URL of a file brought home replaced by its new one (in `src`, `href`, `srcset`, styles…). */
  html(html: string): string
}

/**
 * Rewrites media URLs on the old media hosts whose files were brought home (`files`: `mediaKey` → new URL); URLs on
 * other hosts, and files that could not be had, stay as they are.
 * @example
 * homeUrls(['old.test'], new Map([['old.test/wp-content/uploads/a.jpg', '/wp-content/uploads/a.jpg']])).html('<img src="https://old.test/wp-content/uploads/a.jpg?w=300">')
 * // '<img src="/wp-content/uploads/a.jpg">'
 */
export function homeUrls(hosts: readonly string[], files: ReadonlyMap<string, string>): HomeUrls {
  const escaped = hosts.map((h) => h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  const pattern = escaped.length ? new RegExp(`(?:https?:)?//(?:www\\.)?(?:${escaped.join('|')})(?::\\d+)?/[^\\s"'<>()\\\\,]*`, 'gi') : undefined
  const url = (old: string) => {
    const key = mediaKey(urlAmpersands(old))
    return key === undefined ? undefined : files.get(key)
  }
  const quoted = (html: string) =>
    html.replace(QUOTED_URL, (whole: string, double: string | undefined, single: string | undefined) => {
      const value = double ?? single ?? ''
      if (!QUOTED_STOP.test(value)) return whole
      const to = url(value.trim())
      return to === undefined ? whole : whole.replace(value, to)
    })
  return {
    url,
    html: (html) => (pattern && files.size > 0 && html.includes('//') ? quoted(html).replace(pattern, (old) => url(old) ?? old) : html),
  }
}

// A quoted src, href or poster whose URL is absolute, protocol- or root-relative; those with white space inside are
// the ones to encode (looked for in the value, not by the expression, which read on from each space: quadratic).
const SPACED_URL = /(\s(?:src|href|poster)\s*=\s*)(?:"(\s*(?:https?:\/\/|\/)[^"<>]*)"|'(\s*(?:https?:\/\/|\/)[^'<>]*)')/gi

/**
 * `html` with the URLs of its links and media that hold white space (file names kept as uploaded, written raw by
 * WordPress) percent-encoded as a browser requests them (`webUrl`), so they are valid URLs and match their media entry.
 * @example
 * encodeSpacedUrls('<img src="https://old.test/u/Café 2.jpg">') // '<img src="https://old.test/u/Caf%C3%A9%202.jpg">'
 */
export function encodeSpacedUrls(html: string): string {
  if (!/\s(?:src|href|poster)\s*=\s*(?:"[^"]*[^\s"]\s+[^\s"]|'[^']*[^\s']\s+[^\s'])/i.test(html)) return html
  return html.replace(SPACED_URL, (whole: string, lead: string, double: string | undefined, single: string | undefined) => {
    const quote = double !== undefined ? '"' : "'"
    const value = (double ?? single ?? '').trim()
    if (!/\s/.test(value)) return whole
    const encoded = escapeAttribute(webUrl(decodeEntities(value)))
    return encoded === value ? whole : `${lead}${quote}${encoded}${quote}`
  })
}

/**
 * A URL as a browser requests it: spaces, non-ASCII letters and the other characters a URL cannot hold
 * percent-encoded as the WHATWG URL standard does (existing escapes kept); a URL that needs none, or is not
 * absolute, protocol-relative or root-relative, is returned as it is. WordPress keeps file names as they were
 * uploaded by FTP or a plugin (`Café terrace 2.jpg`) and writes their URLs unencoded.
 * @example
 * webUrl('https://old.test/wp-content/uploads/Café 2.jpg') // 'https://old.test/wp-content/uploads/Caf%C3%A9%202.jpg'
 */
export function webUrl(url: string): string {
  // A backslash would become a slash: such a URL is left for validation to refuse, not silently moved.
  if (!/[^\x21-\x7e]|["<>^`{|}]/.test(url) || url.includes('\\')) return url
  try {
    if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return new URL(url).href
    if (!url.startsWith('/')) return url
    const parsed = new URL(url, 'http://base.invalid/')
    return url.startsWith('//') ? `//${parsed.host}${parsed.pathname}${parsed.search}${parsed.hash}` : `${parsed.pathname}${parsed.search}${parsed.hash}`
  } catch {
    return url
  }
}
