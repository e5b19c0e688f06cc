import { detach } from './detach.js'
import { urlAmpersands } from './content/html.js'

/** The query parameters WordPress resolves on its front page without pretty permalinks. */
export type QueryKind = 'p' | 'page_id' | 'cat' | 'tag' | 'attachment_id'

/** A `LinkIndex` as plain data: its old hosts and home paths, and its path and query keys with their new URLs. */
export type LinkIndexData = { hosts: string[]; roots: string[]; paths: [string, string][]; queries: [string, string][] }

/**
 * Maps old WordPress URLs (pretty permalinks, `?p=ID`, `?page_id=ID`, `?cat=ID`, `?tag=slug`, `?attachment_id=ID`)
 * to new public URLs.
 * Old URLs match on any host of the old site, `http` or `https`, with or without `www.`, or root-relative;
 * paths compare percent-decoded, NFC, case-insensitive and without a trailing slash. A URL with a query on the old
 * home page (`/?p=5`, `/blog/index.php?page_id=8`) is keyed by its query: its path is the home page's.
 */
export class LinkIndex {
  private readonly hosts: Set<string>
  /** The old home page's path keys: the root, the blog's folder, each also with `/index.php`. */
  private readonly roots: Set<string>
  private readonly paths = new Map<string, string>()
  private readonly queries = new Map<string, string>()
  private readonly resolved = new Map<string, string | null>()

  /** `oldSiteUrls` are the export's own URLs (channel link, base blog URL). */
  constructor(oldSiteUrls: string[]) {
    this.hosts = new Set(oldSiteUrls.map(hostOf).filter((h): h is string => h !== undefined))
    this.roots = new Set(['', ...oldSiteUrls.map((u) => (hostOf(u) === undefined ? undefined : this.parse(u)?.path)).filter((p): p is string => p !== undefined)].flatMap((p) => [p, `${p}/index.php`]))
  }

  /** The index as plain data that a worker thread can be sent (see `fromData`). */
  toData(): LinkIndexData {
    return { hosts: [...this.hosts], roots: [...this.roots], paths: [...this.paths], queries: [...this.queries] }
  }

  /** The index `toData` described: it resolves every URL as the original does. */
  static fromData(data: LinkIndexData): LinkIndex {
    const index = new LinkIndex([])
    for (const host of data.hosts) index.hosts.add(host)
    for (const root of data.roots) index.roots.add(root)
    for (const [key, url] of data.paths) index.paths.set(key, url)
    for (const [key, url] of data.queries) index.queries.set(key, url)
    return index
  }

  /**
   * Records that the old URL `oldUrl` is now `newUrl`; the first record for a key wins. A URL with a query is keyed by
   * its query when its path is the old home page's (`/?p=5` is post 5, not the home page: a draft's plain link must
   * not take `/`), and not recorded at all elsewhere (its path alone names another page).
   */
  addUrl(oldUrl: string, newUrl: string): void {
    const parsed = this.parse(oldUrl)
    if (parsed === undefined) return
    const [map, key] = parsed.query ? [this.queries, this.queryKey(parsed.path, parsed.query)] : [this.paths, parsed.path]
    if (key !== undefined && !map.has(key)) {
      map.set(key, newUrl)
      this.resolved.clear()
    }
  }

  /** The key of a query on the home page: its first `p`, `page_id`, `cat`, `tag` or `attachment_id`, else the whole query. */
  private queryKey(path: string, query: string): string | undefined {
    if (!this.roots.has(path)) return undefined
    const params = new URLSearchParams(query)
    for (const kind of QUERY_KINDS) {
      const v = params.get(kind)
      if (v) return `${kind}=${v.toLowerCase()}`
    }
    return `?${query.toLowerCase()}`
  }

  /** Records that `/?kind=value` is now `newUrl`. */
  addQuery(kind: QueryKind, value: string | number, newUrl: string): void {
    const key = `${kind}=${String(value).toLowerCase()}`
    if (!this.queries.has(key)) {
      this.queries.set(key, newUrl)
      this.resolved.clear()
    }
  }

  /** The new URL for an old one, keeping its fragment; `undefined` when it is external or unknown. */
  resolve(href: string): string | undefined {
    // Bodies link to the same few pages over and over (the benchmark export: 19,717 links, 5,676 distinct).
    const known = this.resolved.get(href)
    if (known !== undefined) return known === null ? undefined : known
    const url = this.resolveUncached(href)
    if (this.resolved.size >= RESOLVED_CACHE_SIZE) this.resolved.clear()
    // Copied: an href cut from a body (and the fragment a new URL keeps of it) would keep the whole body alive.
    this.resolved.set(detach(href), url === undefined ? null : detach(url))
    return url
  }

  private resolveUncached(href: string): string | undefined {
    const parsed = this.parse(href)
    if (!parsed) return undefined
    const fragment = parsed.fragment
    if (parsed.query && this.roots.has(parsed.path)) {
      const params = new URLSearchParams(parsed.query)
      for (const kind of QUERY_KINDS) {
        const v = params.get(kind)
        // An item that was not imported (a private post left out) is not the home page: the link stays, reported.
        if (v) return mapped(this.queries.get(`${kind}=${v.toLowerCase()}`), fragment)
      }
      const hit = this.queries.get(`?${parsed.query.toLowerCase()}`)
      if (hit) return hit + fragment
    }
    return mapped(this.paths.get(parsed.path), fragment)
  }

  /**
   * Whether `href` points at the old site (one of its hosts, or a root-relative path) outside its media folder, which
   * is under WordPress's own folder when that is not the site's root (`/wordpress/wp-content/`).
   */
  isOldSite(href: string): boolean {
    const parsed = this.parse(href.trim())
    return parsed !== undefined && !parsed.path.startsWith('/wp-content/') && !parsed.path.includes('/wp-content/uploads/') && !href.trim().startsWith('#')
  }

  private parse(href: string): { path: string; query: string; fragment: string } | undefined {
    const m = /^(?:(?:https?:)?\/\/([^/?#]+))?(\/[^?#]*)?(?:\?([^#]*))?(#.*)?$/i.exec(href.trim())
    if (!m) return undefined
    if (m[1] !== undefined) {
      const host = m[1].toLowerCase().replace(/^www\./, '').replace(/:(80|443)$/, '')
      if (!this.hosts.has(host)) return undefined
    } else if (m[2] === undefined) {
      return undefined
    }
    return { path: normalizePath(m[2] ?? ''), query: m[3] ?? '', fragment: m[4] ?? '' }
  }
}

function mapped(url: string | undefined, fragment: string): string | undefined {
  return url === undefined ? undefined : url + fragment
}

const QUERY_KINDS: readonly QueryKind[] = ['p', 'page_id', 'cat', 'tag', 'attachment_id']

function hostOf(url: string): string | undefined {
  const m = /^https?:\/\/([^/?#]+)/i.exec(url.trim())
  return m ? m[1].toLowerCase().replace(/^www\./, '').replace(/:(80|443)$/, '') : undefined
}

function normalizePath(path: string): string {
  let p = path
  if (p.includes('%')) {
    try {
      p = decodeURIComponent(p)
    } catch {
      // A malformed escape stays as written; it can only match the same malformed link.
    }
  }
  p = p.normalize('NFC').toLowerCase()
  while (p.endsWith('/')) p = p.slice(0, -1)
  return p
}

/** Whether `html` holds `href` in any case (HTML attribute names are case-insensitive): a cheap test first. */
function mayHaveHref(html: string): boolean {
  return html.includes('href') || /href/i.test(html)
}

// Resolved hrefs remembered per index; past this many, the memory is cleared and starts again.
const RESOLVED_CACHE_SIZE = 50_000

// href attributes in double or single quotes; WordPress always quotes them.
const HREF = /(\shref\s*=\s*)(["'])([^"']*)\2/gi

// Links on the old site that lead nowhere, listed per body; past this many the rest are only counted.
const MAX_UNRESOLVED = 20

/**
 * Rewrites `href`s that point at imported items on the old site to their new URLs; returns the count rewritten and
 * the old-site links that match nothing imported (a draft left out, an archive, a deleted post), which stay as written.
 * @example
 * rewriteLinks('<a href="https://old.test/?p=5">x</a>', index).html // '<a href="/posts/hello/">x</a>'
 */
export function rewriteLinks(html: string, index: LinkIndex): { html: string; count: number; unresolved: string[] } {
  const unresolved: string[] = []
  if (!mayHaveHref(html)) return { html, count: 0, unresolved }
  let count = 0
  const out = html.replace(HREF, (whole, lead: string, quote: string, value: string) => {
    const href = urlAmpersands(value)
    const target = index.resolve(href)
    if (target === undefined) {
      if (unresolved.length < MAX_UNRESOLVED && !unresolved.includes(href) && index.isOldSite(href)) unresolved.push(href)
      return whole
    }
    count++
    return `${lead}${quote}${target}${quote}`
  })
  return { html: out, count, unresolved }
}
