import type { PreviewData } from '../contract/types.js'
import { visitRoutes } from '../routes/derive.js'
import type { RouteEntry } from '../routes/derive.js'
import { postRoute, routeComponents } from '../routes/paths.js'
import { parsePattern, permalinkPattern } from '../routes/permalink.js'
import type { PatternSegment } from '../routes/permalink.js'
import { trimTrailing } from '../trim.js'

/** Where a URL written in the payload points, from the site's point of view. */
export type Target =
  /** Nothing to check: an in-page fragment, `mailto:`, `tel:`, `data:`, `javascript:`… */
  | { kind: 'none' }
  | { kind: 'external' }
  /**
   * On this site: `path` is decoded, NFC, without query or fragment, starting with `/`. `claimed`: written as an
   * absolute URL on `site.url` that no old origin names, so the site's by the payload's claim alone.
   */
  | { kind: 'internal'; path: string; oldOrigin: boolean; claimed?: true }

/** What an internal path reaches: a route (index into the routes), a file under the media folder, or nothing. */
export type Resolution = { route: number } | { file: true } | null

/**
 * The site as a static host would serve it: every route (in `deriveRoutes` order) and its output file, the media
 * files, and the origins the site answers on (`site.url` and the old site's `origins`). Lookups are constant time.
 *
 * Post routes are computed when first needed: for their URLs in findings, or for the output files once a body links
 * inside the site. The benchmark's 10,000 posts link only outside, and computing their routes was a fifth of the
 * check's time there.
 */
export class SiteIndex {
  /** Where each kind's routes start, in `deriveRoutes` order: Posts, Pages, categories, tags, the others. */
  readonly first: { post: number; page: number; category: number; tag: number; index: number }
  /** The routes; Posts' are filled in as needed. */
  private readonly routeList: (RouteEntry | undefined)[]
  /** Output path (NFC) to route index, built when a path is first resolved. */
  private outputs: Map<string, number> | undefined
  /**
   * Lower-cased host (with port) to the path prefixes the site lived under on it, whether it is an old origin, and
   * whether it is `site.url` named by no old origin (the site's by the payload's claim alone).
   */
  private readonly hosts = new Map<string, { prefix: string; old: boolean; claimed: boolean }[]>()
  /** The keys of `hosts`, as an array: iterating a Map allocates, once per link. */
  private hostNames: string[] = []
  private readonly cache = new Map<string, Target>()
  readonly mediaEntries = new Set<string>()
  /**
   * The route of the Page that owns `/` (`site.front_page` of type `page`), or -1: the site shows it at `/`, so its
   * relative URLs resolve against `/`, not its own path (`pino-banner.png` on page `home` is `/pino-banner.png`).
   */
  private frontPageRoute = -1

  constructor(
    private readonly payload: PreviewData,
    private readonly mediaFiles: ReadonlySet<string> | undefined,
    origins: readonly string[],
  ) {
    const { posts, pages, categories, tags } = payload.content
    this.first = { post: 0, page: posts.length, category: posts.length + pages.length, tag: posts.length + pages.length + categories.length, index: posts.length + pages.length + categories.length + tags.length }
    this.routeList = new Array<RouteEntry | undefined>(posts.length)
    const front = payload.site.front_page?.type === 'page' ? payload.site.front_page.page_path.normalize('NFC') : undefined
    visitRoutes(
      payload,
      ({ url, output_path, path }, kind, index) => {
        const entry: RouteEntry = { kind, source: '', url, output_path }
        if (kind === 'page') Object.assign(entry, { source: `/content/pages/${index}`, status: pages[index].status, key: path })
        if (kind === 'page' && front !== undefined && this.frontPageRoute < 0 && path?.normalize('NFC') === front) this.frontPageRoute = this.routeList.length
        else if (kind === 'category' || kind === 'tag') entry.key = (kind === 'category' ? categories : tags)[index].slug
        else if (kind === 'post_index') Object.assign(entry, { source: '/site/post_index', page_number: index })
        else entry.source = '/site/front_page'
        if (kind === 'category' || kind === 'tag') entry.source = `/content/${kind === 'category' ? 'categories' : 'tags'}/${index}`
        this.routeList.push(entry)
      },
      { posts: false },
    )
    if (payload.site.url) this.addOrigin(payload.site.url, false)
    for (const origin of origins) this.addOrigin(origin, true)
    for (const m of payload.content.media ?? []) {
      const target = this.classify(m.src, -1)
      if (target.kind === 'internal') this.mediaEntries.add(target.path)
    }
  }

  private addOrigin(url: string, old: boolean): void {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      return
    }
    const prefix = parsed.pathname.replace(/\/+$/, '')
    const list = this.hosts.get(parsed.host.toLowerCase()) ?? []
    // site.url wins over an --origin that names the same place; that origin says the old site lived at site.url, so
    // every path there was the site's own.
    const same = list.find((e) => e.prefix === prefix)
    if (same) same.claimed = false
    else list.push({ prefix, old, claimed: !old })
    list.sort((a, b) => b.prefix.length - a.prefix.length)
    this.hosts.set(parsed.host.toLowerCase(), list)
    this.hostNames = [...this.hosts.keys()]
  }

  /**
   * Classifies a URL written in the document of route `baseRoute` (-1: a field of the site, resolved from `/`);
   * relative URLs resolve against the document's URL, as a browser resolves them on that page (the front page's, against
   * `/`, where the site shows it). Absolute URLs on `site.url` or an old origin are internal; http and https count as
   * the same site. External URLs are told apart by their host alone, without parsing: a blog links out thousands of
   * times, and a URL parse each cost more than the rest of the check of a link.
   */
  classify(raw: string, baseRoute: number): Target {
    const url = raw.trim()
    const c = url.charCodeAt(0)
    if (url === '' || c === 0x23 || c === 0x3f) return NONE
    if (c === 0x2f) {
      if (url.charCodeAt(1) === 0x2f) return this.absolute(url, 2)
      if (url.charCodeAt(1) !== 0x5c && !url.includes('/.')) return { kind: 'internal', path: cleanPath(url), oldOrigin: false }
      return this.relative(url, baseRoute)
    }
    if (url.startsWith('https://')) return this.absolute(url, 8)
    if (url.startsWith('http://')) return this.absolute(url, 7)
    const scheme = SCHEME.exec(url)
    if (scheme === null) return this.relative(url, baseRoute)
    const name = scheme[1].toLowerCase()
    if (name !== 'http' && name !== 'https') return NONE
    return url.startsWith('//', scheme[0].length) ? this.absolute(url, scheme[0].length + 2) : EXTERNAL
  }

  /** An absolute URL whose host starts at `hostStart`. */
  private absolute(url: string, hostStart: number): Target {
    const written = this.ownHostWritten(url, hostStart)
    if (written !== undefined) {
      // Written as one of ours, without a port, and a path the URL parser would keep as it is: read in place.
      const path = plainPath(url, hostStart + written.length)
      if (path !== null && !written.includes(':')) return this.onHost(written, path)
    } else if (!this.mayBeOwnHost(url, hostStart)) return EXTERNAL
    return this.cached(url, () => {
      let parsed: URL
      try {
        parsed = new URL(url.startsWith('//') ? `https:${url}` : url)
      } catch {
        return EXTERNAL
      }
      return this.onHost(parsed.host.toLowerCase(), parsed.pathname)
    })
  }

  /** The target of a path on a host: internal when the site lived there (under one of its prefixes). */
  private onHost(host: string, pathname: string): Target {
    for (const { prefix, old, claimed } of this.hosts.get(host) ?? []) {
      if (prefix === '' || pathname === prefix || pathname.startsWith(`${prefix}/`)) {
        const path = cleanPath(pathname.slice(prefix.length) || '/')
        return claimed ? { kind: 'internal', path, oldOrigin: false, claimed: true } : { kind: 'internal', path, oldOrigin: old }
      }
    }
    return EXTERNAL
  }

  /** The host of the site's written at `hostStart`, as the URL parser would read it (then followed by `/`, `?`, `#`, `\\` or the end). */
  private ownHostWritten(url: string, hostStart: number): string | undefined {
    const names = this.hostNames
    for (let i = 0; i < names.length; i++) {
      if (url.startsWith(names[i], hostStart) && isHostEnd(url.charCodeAt(hostStart + names[i].length))) return names[i]
    }
    return undefined
  }

  /**
   * Whether the host of an absolute URL, not written as one of ours, may be one of the site's. Most links lead
   * elsewhere, and are told apart without a copy of their host: anything written otherwise than a plain lower-case
   * host (capitals, a port, credentials, another script, a control character the parser drops) goes to the URL parser.
   */
  private mayBeOwnHost(url: string, hostStart: number): boolean {
    for (let i = hostStart; i < url.length; i++) {
      const c = url.charCodeAt(i)
      if (isHostEnd(c)) return false
      if ((c >= 0x41 && c <= 0x5a) || c === 0x40 || c === 0x3a || c > 0x7e || c < 0x20) return true
    }
    return false
  }

  /** A relative URL (or a root-relative one with dot segments), resolved on the page at `base`. */
  private relative(url: string, baseRoute: number): Target {
    const base = baseRoute < 0 || baseRoute === this.frontPageRoute ? '/' : this.route(baseRoute).url
    return this.cached(`${base} ${url}`, () => {
      try {
        return { kind: 'internal', path: cleanPath(new URL(url, `https://site.invalid${base}`).pathname), oldOrigin: false }
      } catch {
        return { kind: 'internal', path: cleanPath(url.startsWith('/') ? url : base + url), oldOrigin: false }
      }
    })
  }

  private cached(key: string, compute: () => Target): Target {
    let target = this.cache.get(key)
    if (target === undefined) {
      target = compute()
      if (this.cache.size >= 10_000) this.cache.clear()
      this.cache.set(key, target)
    }
    return target
  }

  /** How many routes the site has. */
  get routeCount(): number {
    return this.routeList.length
  }

  /** Route `i`, in `deriveRoutes` order. */
  route(i: number): RouteEntry {
    let entry = this.routeList[i]
    if (entry === undefined) {
      const post = this.payload.content.posts[i - this.first.post]
      const { url, output_path } = postRoute(post, this.payload.site)
      entry = { kind: 'post', source: `/content/posts/${i - this.first.post}`, status: post.status, key: post.slug, url, output_path }
      this.routeList[i] = entry
    }
    return entry
  }

  private outputMap(): Map<string, number> {
    if (!this.outputs) {
      // Output paths are already NFC: routes are built from NFC slugs and paths. The first route to claim one wins.
      const outputs = new Map<string, number>()
      for (let i = 0; i < this.routeList.length; i++) {
        const { output_path } = this.route(i)
        if (!outputs.has(output_path)) outputs.set(output_path, i)
      }
      this.outputs = outputs
    }
    return this.outputs
  }

  /**
   * What a static host serves at an internal path: `/a/` and `/a/index.html` reach `a/index.html` (the `directory`
   * style), `/a` and `/a.html` reach `a.html` (`html-extension`), and `/a` also reaches `a/index.html` (hosts
   * redirect it to `/a/`). Files under the media folder are served as they are.
   */
  resolve(path: string): Resolution {
    const file = path.slice(1)
    const outputs = this.outputMap()
    for (const candidate of servedCandidates(file)) {
      const route = outputs.get(candidate)
      if (route !== undefined) return { route }
    }
    if (this.mediaFiles) for (const candidate of servedCandidates(file)) if (this.mediaFiles.has(candidate)) return { file: true }
    return null
  }

  /** Whether a file is among the media files at a path (as it is, or as a folder's index.html). */
  hasFile(path: string): boolean {
    if (!this.mediaFiles) return false
    for (const candidate of servedCandidates(path.slice(1))) if (this.mediaFiles.has(candidate)) return true
    return false
  }

  /** The route a path reaches once a trailing slash is added or removed: for "did you mean" in messages. */
  nearMiss(path: string): string | undefined {
    const other = path.endsWith('/') ? trimTrailing(path, '/') : `${path}/`
    if (other === '' || other === path) return undefined
    const resolved = this.resolve(other)
    return resolved && 'route' in resolved ? this.route(resolved.route).url : undefined
  }

  hasMediaFiles(): boolean {
    return this.mediaFiles !== undefined
  }

  /**
   * Whether a path has the shape of a URL the payload's permalink patterns give a post, page, category or tag: the
   * same literal segments, a date or id where the pattern has one, any segment for a slug (`/2024/05/gone/` under
   * `/:year/:month/:slug/`). The site answers every such URL whose document exists, so a miss there is one of its
   * own; a path of no such shape (`/functions/emojify/` beside `/posts/:slug/`) may be served by something else.
   * @example
   * site.inPermalinkShape('/posts/gone/') // true with the contract's default patterns
   */
  inPermalinkShape(path: string): boolean {
    const parts = routeComponents(path.replace(/(?:\/index)?\.html?$/i, ''))
    this.shapes ??= PATTERN_KINDS.map((kind) => parsePattern(permalinkPattern(this.payload.site, kind)))
    return this.shapes.some((shape) => shape.length === parts.length && shape.every((s, i) => ('literal' in s ? s.literal === parts[i] : (TOKEN_SHAPES[s.token]?.test(parts[i]) ?? true))))
  }

  /** The parsed permalink patterns, for `inPermalinkShape`. */
  private shapes: PatternSegment[][] | undefined

  /** The site's own origin (`site.url`), for messages. */
  get siteUrl(): string {
    return this.payload.site.url.replace(/\/+$/, '')
  }
}

const PATTERN_KINDS = ['posts', 'pages', 'categories', 'tags'] as const

/** What a permalink token matches in a URL; `:slug` matches any segment. */
const TOKEN_SHAPES: Record<string, RegExp> = { ':year': /^\d{4}$/, ':month': /^\d{2}$/, ':day': /^\d{2}$/, ':public_id': /^[1-9]\d*$/ }

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/
const NONE: Target = { kind: 'none' }
const EXTERNAL: Target = { kind: 'external' }

/** The end of a URL's host: `/`, `?`, `#`, `\\` or the end of the URL (NaN past it). */
function isHostEnd(c: number): boolean {
  return c === 0x2f || c === 0x3f || c === 0x23 || c === 0x5c || Number.isNaN(c)
}

/**
 * The pathname the URL parser gives the URL whose path starts at `start` (after its host), when it needs no
 * parsing: printable ASCII the parser neither escapes nor reads otherwise (no backslash, no `.` segment, no
 * `%2e`); null otherwise. The query and fragment are cleanPath's to cut.
 */
function plainPath(url: string, start: number): string | null {
  if (start === url.length) return '/'
  const first = url.charCodeAt(start)
  if (first === 0x3f || first === 0x23) return '/'
  if (first !== 0x2f) return null
  let end = url.length
  for (let i = start; i < url.length; i++) {
    const c = url.charCodeAt(i)
    if (c === 0x3f || c === 0x23) {
      end = i
      break
    }
    if (c <= 0x20 || c >= 0x7f || NOT_PLAIN[c - 0x20] === 1) return null
    if (c === 0x2e && url.charCodeAt(i - 1) === 0x2f) return null
    if (c === 0x25 && url.charCodeAt(i + 1) === 0x32 && (url.charCodeAt(i + 2) | 0x20) === 0x65) return null
  }
  return url.slice(start, end)
}

/** Printable ASCII (from the space) that the URL parser escapes or reads in a path: `"`, `<`, `>`, `\``, `{`, `}`, `\\`, `^`, `|`. */
const NOT_PLAIN = new Uint8Array(0x60)
for (const c of '"<>`{}\\^|') NOT_PLAIN[c.charCodeAt(0) - 0x20] = 1

function servedCandidates(file: string): string[] {
  if (file === '' || file.endsWith('/')) return [`${file}index.html`]
  return [file, `${file}.html`, `${file}/index.html`]
}

/** The path of a URL without its query and fragment, percent-decoded and NFC (as output file names are written). */
export function cleanPath(url: string): string {
  let end = url.length
  const q = url.indexOf('?')
  const h = url.indexOf('#')
  if (q !== -1) end = q
  if (h !== -1 && h < end) end = h
  const path = url.slice(0, end)
  let decoded = path
  if (path.includes('%')) {
    try {
      decoded = decodeURIComponent(path)
    } catch {
      decoded = path
    }
  }
  return /[^\u0000-\u007f]/.test(decoded) ? decoded.normalize('NFC') : decoded
}

/** Whether a path names a file other than an HTML page (`/media/a.png`, `/files/report.pdf`). */
export function isFilePath(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1)
  const dot = last.lastIndexOf('.')
  if (dot <= 0) return false
  const extension = last.slice(dot + 1).toLowerCase()
  return extension !== 'html' && extension !== 'htm' && /^[a-z0-9]{1,8}$/.test(extension)
}
