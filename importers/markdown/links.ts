import { resolveRelative } from './discover.js'
import { decodePath, splitSuffix } from './images.js'
import { urlComponents } from './plan.js'
import { MARKDOWN_EXTENSIONS } from './presets/types.js'

/** A replacement of the text between two body offsets. */
export interface Edit {
  start: number
  end: number
  text: string
}

/** What a reference in a body points at, once resolved. */
export type Resolved =
  | { to: 'document'; url: string }
  | { to: 'file'; file: string }
  | { to: 'route'; url: string }
  | { to: 'external' }
  | { to: 'nothing'; why: string }

/**
 * Everything links are resolved against: documents by source file and by the URL the old site gave them, the site's
 * files, and the routes the new site makes besides documents (taxonomies, the post index).
 */
export interface LinkIndex {
  /** New URL of each document by its source file. */
  urlOfFile: ReadonlyMap<string, string>
  /** New URL of each old URL (normalized with `urlKey`), from documents and their aliases. */
  urlOfOld: ReadonlyMap<string, string>
  /**
   * Routes the new site makes that are not documents (`/tags/x/`, the post index), by their `urlKey`, each with its
   * public URL when a link written another way must change to it (undefined: the link stays as written).
   */
  routes: ReadonlyMap<string, string | undefined>
  /** The public URLs of the new site's post index pages, page n at n - 1 (`/posts/`, `/posts/page/2/`, …); also in `routes`. */
  indexPages?: readonly string[]
  /** How many posts each page of the post index shows (`posts_per_page`). */
  indexPerPage?: number
  /** Relative paths of the folder's files. */
  files: ReadonlySet<string>
  /** Folders served at the site root (Hugo `static/`), for root-relative file references. */
  staticDirs: readonly string[]
  /** The old site's origin (`https://gohugo.io`), whose absolute links are links into the site. */
  origin?: string
  /** The old site's base path ('' or '/docs'). */
  basePath: string
  /** The default locale's prefix that locale-less root-relative URLs answered under (SiteConfig.localePrefix). */
  localePrefix?: string
  /** The old URL of a file the generator published as it is (`static/a.png` → `/a.png`), reversed: URL key → file. */
  fileOfUrl: ReadonlyMap<string, string>
  /**
   * The folder's own path as the repository around it writes it, longest first (`/docs/docs`, `/docs`): GitHub reads
   * a root-relative link from the repository's root, so `/docs/docs/api/x.md` written in …/docs/docs is its `api/x.md`.
   */
  mounts?: readonly string[]
  /**
   * Where each redirect stub (Jekyll `redirect_to`) leads, by its source file: a link naming the stub's file
   * (`reference.html`) goes there, as its old URL does, instead of copying the stub as a file.
   */
  urlOfStub?: ReadonlyMap<string, string>
}

/** A URL path as a lookup key: decoded, without `index.html`, `.html` or a trailing slash. */
export function urlKey(url: string): string {
  const comps = urlComponents(url)
  return comps === null ? url : '/' + comps.join('/')
}

/**
 * Resolves one link or image target written in `file`, whose old URL was `oldUrl`: relative Markdown links by
 * file, root-relative and own-origin links in the old URL space, relative links against the old page URL, then the
 * site's files. External links are left alone.
 */
export function resolveReference(target: string, file: string, oldUrl: string | undefined, index: LinkIndex): Resolved {
  let ref = docusaurusPath(target.trim())
  if (ref === '' || ref.startsWith('#') || ref.startsWith('//')) return { to: 'external' }
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) {
    if (!index.origin || !/^https?:/i.test(ref)) return { to: 'external' }
    let u: URL
    try {
      u = new URL(ref)
    } catch {
      return { to: 'external' }
    }
    if (u.origin !== index.origin) return { to: 'external' }
    ref = u.pathname
  }
  const { path } = splitSuffix(ref)
  if (path === '') return { to: 'external' }
  const decoded = decodePath(path)
  const dot = decoded.lastIndexOf('.')
  const ext = dot > decoded.lastIndexOf('/') ? decoded.slice(dot).toLowerCase() : ''

  // A link to a Markdown file names its source: relative to this file, or to the folder when root-relative.
  if (MARKDOWN_EXTENSIONS.has(ext)) {
    const source = resolveRelative(file, decoded)
    const url = source === null ? undefined : (index.urlOfFile.get(source) ?? index.urlOfStub?.get(source))
    if (url !== undefined) return { to: 'document', url }
  }
  // The site's files: next to this file, at the folder root, or in a folder served at the root.
  const direct = resolveRelative(file, decoded)
  if (direct !== null && ext !== '' && index.files.has(direct) && !MARKDOWN_EXTENSIONS.has(ext)) {
    // An HTML file the generator rendered as a page (Jekyll's `about.html`) is that document, not a file to copy.
    const url = index.urlOfFile.get(direct) ?? index.urlOfStub?.get(direct)
    return url !== undefined ? { to: 'document', url } : { to: 'file', file: direct }
  }
  if (decoded.startsWith('/')) {
    for (const dir of index.staticDirs) {
      const inStatic = resolveRelative('', `${dir}${stripBase(decoded, index.basePath)}`)
      if (inStatic !== null && index.files.has(inStatic)) return { to: 'file', file: inStatic }
    }
  }
  // The old URL space: root-relative (with or without the base path), or relative to the page's old URL.
  // A relative path that names nothing next to the page is tried from the site root, as Hugo's link render hook
  // does; a key in other case is tried lower-cased, since Hugo lower-cases the URLs it publishes.
  const rooted = stripBase(decoded, index.basePath)
  const candidates = decoded.startsWith('/') ? [rooted, ...(index.localePrefix ? [index.localePrefix + rooted] : [])] : oldUrl !== undefined ? [joinUrl(oldUrl, decoded), '/' + decoded] : ['/' + decoded]
  for (const absolute of candidates) {
    if (absolute === undefined) continue
    for (const key of [urlKey(absolute), urlKey(absolute.toLowerCase())]) {
      const url = index.urlOfOld.get(key)
      if (url !== undefined) return { to: 'document', url }
      const asFile = index.fileOfUrl.get(key)
      if (asFile !== undefined) return { to: 'file', file: asFile }
      if (index.routes.has(key)) return { to: 'route', url: index.routes.get(key) ?? absolute }
    }
  }
  const mounted = decoded.startsWith('/') && ext !== '' ? inMountedFolder(decoded, index) : undefined
  if (mounted) return mounted
  if (MARKDOWN_EXTENSIONS.has(ext)) {
    const source = resolveRelative(file, decoded)
    return { to: 'nothing', why: source === null ? 'points outside the input folder' : index.files.has(source) ? 'points at a file that was not imported' : 'points at a file that does not exist' }
  }
  if (direct === null && !decoded.startsWith('/')) return { to: 'nothing', why: 'points outside the input folder' }
  return { to: 'nothing', why: 'matches no document, route or file of the site' }
}

/**
 * Docusaurus's own link forms (docusaurus.io "Static Assets", "Markdown links"): `pathname:///x.html` is the path
 * `/x.html` served as it is, bypassing the router; `@site/docs/x.md` names a file from the site folder.
 */
export function docusaurusPath(ref: string): string {
  return ref.startsWith('pathname://') ? ref.slice('pathname://'.length) : ref.startsWith('@site/') ? ref.slice('@site'.length) : ref
}

/** A root-relative link to a file written from the repository's root (`index.mounts`): that file of the folder. */
function inMountedFolder(decoded: string, index: LinkIndex): Resolved | undefined {
  for (const mount of index.mounts ?? []) {
    if (!decoded.startsWith(mount + '/')) continue
    const inFolder = resolveRelative('', decoded.slice(mount.length))
    if (inFolder === null || !index.files.has(inFolder)) continue
    const url = index.urlOfFile.get(inFolder)
    if (url !== undefined) return { to: 'document', url }
    if (!MARKDOWN_EXTENSIONS.has(inFolder.slice(inFolder.lastIndexOf('.')).toLowerCase())) return { to: 'file', file: inFolder }
  }
  return undefined
}

function stripBase(path: string, base: string): string {
  if (base !== '' && (path === base || path.startsWith(base + '/'))) return path.slice(base.length) || '/'
  return path
}

/** Resolves a relative URL path against a page URL (`/a/b/` + `../c/` → `/a/c/`). */
function joinUrl(pageUrl: string, rel: string): string | undefined {
  try {
    return new URL(rel, `http://site${pageUrl.startsWith('/') ? pageUrl : '/' + pageUrl}`).pathname
  } catch {
    return undefined
  }
}

/** Applies non-overlapping edits to `text`. */
export function applyEdits(text: string, edits: Edit[]): string {
  if (edits.length === 0) return text
  const sorted = [...edits].sort((a, b) => a.start - b.start)
  let out = ''
  let at = 0
  for (const e of sorted) {
    if (e.start < at) continue
    out += text.slice(at, e.start) + e.text
    at = e.end
  }
  return out + text.slice(at)
}
