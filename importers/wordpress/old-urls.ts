import { categoryRoute, tagRoute } from '../../src/index.js'
import type { Site } from '../../src/index.js'
import { trimTrailing } from '../../src/trim.js'
import { LinkIndex } from './links.js'
import type { QueryKind } from './links.js'
import type { ContentItem } from './collect.js'
import type { Attachment } from './media.js'
import type { PagePlan } from './pages.js'
import type { ArchiveBases } from './permalinks.js'
import type { PostPlan } from './posts.js'
import { RedirectSet, redirectSource } from './redirects.js'
import type { SitePlan } from './site.js'
import { decodeWpSlug } from './slugs.js'
import { categoryChain } from './terms.js'
import type { Taxonomies } from './terms.js'

/** The pages WordPress served somewhere else than their own path: the static front page, and the posts page. */
export type FrontPages = { front?: PagePlan; postsPage?: PagePlan; postIndexUrl?: string }

/** The export's attachments, and the URL the new site gives each file (brought home, or moved by `--media-to`). */
export type AttachmentFiles = { all: readonly Attachment[]; fileUrl: (url: string) => string }

/**
 * Where old URLs go as they are found: the link index and the redirects, the old site's path below its host, and
 * `redirect`, which adds a redirect from an old absolute URL when it is on the old site's hosts.
 */
type OldUrls = { links: LinkIndex; redirects: RedirectSet; base: string; redirect: (oldUrl: string, newUrl: string) => void }

/**
 * Every URL the old site served an imported item at, and its new URL: the index that rewrites links in bodies and
 * menus, and the redirects. Posts, pages and items of other types answer at their `<link>`, their shortlink `?p=ID`
 * (a page at `?page_id=ID` too) and, for posts, each `_wp_old_slug`; categories and tags at their archive (under the
 * site's bases, `/category/parent/child/` too) and `?cat=ID` (`?tag=slug`); an attachment's page (its `<link>`,
 * `?attachment_id=ID`) is its file.
 * Links resolve to drafts as well; redirects come only from what was published.
 */
export function mapOldUrls(posts: ReadonlyMap<number, PostPlan>, pages: ReadonlyMap<number, PagePlan>, taxonomies: Taxonomies, site: Site, old: SitePlan, front: FrontPages = {}, bases: ArchiveBases = {}, attachments: AttachmentFiles = { all: [], fileUrl: (url) => url }): { links: LinkIndex; redirects: RedirectSet } {
  const blogger = bloggerUrls(posts)
  const links = new LinkIndex([...old.oldSiteUrls, ...new Set([...blogger.values()].map((u) => /^https?:\/\/[^/]+/i.exec(u)?.[0] ?? ''))].filter(Boolean))
  const redirects = new RedirectSet()
  const htmlExtension = site.permalinks?.output_style === 'html-extension'
  const redirect = (oldUrl: string, newUrl: string) => {
    const from = redirectSource(oldUrl, old.oldHosts)
    // Under html-extension the file `/a/b.html` is what `/a/b` serves: a redirect there would only add a hop.
    if (from !== undefined && !(htmlExtension && from === `${newUrl}.html`)) redirects.add(from, newUrl)
  }
  const map: OldUrls = { links, redirects, base: old.basePath, redirect }
  mapFrontPages(map, front)
  mapPosts(map, posts, blogger)
  mapPages(map, pages, front)
  mapAttachments(map, attachments)
  // The old home page is the new one, unless an item's own <link> named the root first (a static front page).
  links.addUrl('/', '/')
  mapTerms(map, taxonomies, site, bases)
  // A URL a new document is served at is never redirected: WordPress served a page where a post's old link pointed
  // too (the page won), and a redirect there would hide the page.
  const served = new Set<string>(['/', front.postIndexUrl ?? '/'].map(pathKey))
  for (const { url } of [...posts.values(), ...pages.values()]) served.add(pathKey(url))
  return { links, redirects: redirects.without((from) => served.has(pathKey(from)) || (htmlExtension && served.has(pathKey(from.replace(/\.html$/, ''))))) }
}

/** The static front page owns the root and the posts page's URL is the post index: WordPress served them there. */
function mapFrontPages(map: OldUrls, front: FrontPages): void {
  for (const [plan, url] of [[front.front, '/'], [front.postsPage, front.postIndexUrl ?? '/']] as const) {
    if (!plan) continue
    const link = ownLink(plan.item.link)
    if (link) map.links.addUrl(link, url)
    mapIdQueries(map, plan.item, idQueries(plan.item.postType), url)
    if (link) map.redirect(link, url)
  }
}

/** Posts at their `<link>` (and its later pages), their Blogger URL, `?p=ID` and each old slug. */
function mapPosts(map: OldUrls, posts: ReadonlyMap<number, PostPlan>, blogger: Map<PostPlan['item'], string>): void {
  const { links, redirect } = map
  for (const { item, url } of posts.values()) {
    const link = ownLink(item.link)
    if (link) links.addUrl(link, url)
    const onBlogger = blogger.get(item)
    if (onBlogger) links.addUrl(onBlogger, url)
    mapIdQueries(map, item, ['p'], url)
    if (item.status !== 'publish') continue
    mapLaterPages(map, item.link, item.bodyPages ?? 1, url)
    if (link) redirect(link, url)
    for (const oldSlug of item.oldSlugs) {
      const oldLink = replaceLastSegment(item.link, item.postName, oldSlug)
      if (oldLink) {
        links.addUrl(oldLink, url)
        redirect(oldLink, url)
      }
    }
  }
}

/**
 * Pages other than the front page and the posts page, and items of other types imported as pages, at their `<link>`
 * (and its later pages), `?p=ID` and, for a page, `?page_id=ID`.
 */
function mapPages(map: OldUrls, pages: ReadonlyMap<number, PagePlan>, front: FrontPages): void {
  const { links, redirect } = map
  for (const { item, url } of pages.values()) {
    if (item === front.front?.item || item === front.postsPage?.item) continue
    const link = ownLink(item.link)
    if (link) links.addUrl(link, url)
    mapIdQueries(map, item, idQueries(item.postType), url)
    if (item.status !== 'publish') continue
    mapLaterPages(map, item.link, item.bodyPages ?? 1, url)
    if (link) redirect(link, url)
  }
}

/**
 * An item's `<link>` as a URL of its own, or `''` when it names an item or term by a query (`?p=`, `?page_id=`,
 * `?attachment_id=`, `?cat=`, `?tag=`). WordPress printed such a link only as the item's own plain permalink, which
 * its id queries map already (`idQueries`); taken as written, a hand-edited `<link>` naming another item's id took
 * that item's redirect and links (the first to claim a URL keeps it, and posts are mapped before pages).
 */
function ownLink(link: string): string {
  return ID_QUERY.test(link) ? '' : link
}

const ID_QUERY = /[?&](?:p|page_id|attachment_id|cat|tag)=[^&#]/

/**
 * The queries an item answers at by its id: the shortlink `?p=ID`, which wp_get_shortlink gives every public type
 * (the `rel=shortlink` of each post and page, and the editor's "Copy link"), and the plain permalink of a page
 * (get_page_link: `?page_id=ID`) or an attachment page (get_attachment_link: `?attachment_id=ID`, the form old
 * galleries linked). WordPress's redirect_canonical sends any of the three, for any public item, to the item's
 * permalink. Left out: the forms it never printed (`?page_id=` of a post), and an attachment's `?p=ID`: its page's
 * rel=shortlink printed it, but links to media seldom use it (they name the file or `?attachment_id=`), and a
 * redirect per file cost a large media library its memory (100,000 items: 58% more redirects, past issue #17's
 * 1 GB). A page has two; any other item one.
 */
function idQueries(postType: string): readonly QueryKind[] {
  return postType === 'page' ? ['p', 'page_id'] : postType === 'attachment' ? ['attachment_id'] : ['p']
}

/**
 * An item's id queries in the link index, and, when it was published (WordPress redirected them only to what the
 * public could see), as redirects from the old home page. An id the importer gave an item the export gave none
 * (`idGiven`) was never the old site's, and an id of 0 names nothing (`?p=0` is the home page): neither is mapped.
 */
function mapIdQueries({ links, redirects, base }: OldUrls, item: Pick<ContentItem, 'postId' | 'status' | 'idGiven'>, kinds: readonly QueryKind[], url: string): void {
  if (!(item.postId > 0) || item.idGiven) return
  for (const kind of kinds) {
    links.addQuery(kind, item.postId, url)
    if (item.status === 'publish') redirects.add(`${base}/?${kind}=${item.postId}`, url)
  }
}

/** A body split by <!--nextpage--> had its later pages at <link>2/, <link>3/… (`_wp_link_page()`); they are one page now. */
function mapLaterPages({ links, redirect }: OldUrls, link: string, pages: number, url: string): void {
  if (pages < 2 || !link || link.includes('?')) return
  for (let n = 2; n <= pages; n++) {
    const old = `${trimTrailing(link, '/')}/${n}${link.endsWith('/') ? '/' : ''}`
    links.addUrl(old, url)
    redirect(old, url)
  }
}

/**
 * Since WordPress 6.4 attachment pages are off unless the site turns them on (`wp_attachment_pages_enabled`), and
 * an attachment's page redirects to its file. The contract has no attachment page: links to one get the file.
 */
function mapAttachments(map: OldUrls, attachments: AttachmentFiles): void {
  for (const att of attachments.all) {
    const url = attachments.fileUrl(att.url)
    const link = ownLink(att.link ?? '')
    if (link) map.links.addUrl(link, url)
    mapIdQueries(map, { postId: att.id, status: 'publish' }, idQueries('attachment'), url)
    if (link) map.redirect(link, url)
  }
}

/** Categories and tags at their archives under the site's bases (a category's chain of parents too), `?cat=ID` and `?tag=slug`. */
function mapTerms({ links, redirects, base }: OldUrls, taxonomies: Taxonomies, site: Site, bases: ArchiveBases): void {
  for (const taxonomy of ['category', 'post_tag'] as const) {
    const { bySlug, byId } = taxonomies[taxonomy]
    const archive = (taxonomy === 'category' ? bases.category : bases.tag) ?? (taxonomy === 'category' ? 'category' : 'tag')
    for (const t of bySlug.values()) {
      const url = (taxonomy === 'category' ? categoryRoute : tagRoute)(t.slug, site).url
      const oldPaths = [`${base}/${archive}/${t.raw}/`]
      const chain = categoryChain(t, bySlug)
      if (chain.length > 1) oldPaths.push(`${base}/${archive}/${chain.join('/')}/`)
      for (const path of oldPaths) {
        links.addUrl(path, url)
        redirects.add(path, url)
      }
      if (taxonomy === 'post_tag') links.addQuery('tag', t.raw, url)
    }
    if (taxonomy === 'category') {
      for (const [id, slug] of byId) {
        const url = categoryRoute(slug, site).url
        links.addQuery('cat', id, url)
        redirects.add(`${base}/?cat=${id}`, url)
      }
    }
  }
}

/**
 * Where posts WordPress's Blogger importer brought over were on Blogger (`blogger_blog` and `blogger_permalink`):
 * `http://x.blogspot.com/2010/04/a.html`. Links to them (the blog's own, written before it moved) are links to the
 * post; no redirect is made, since the new site does not serve Blogger's host.
 * @example
 * bloggerUrls(posts).get(item) // 'http://x.blogspot.com/2010/04/a.html'
 */
export function bloggerUrls(posts: ReadonlyMap<number, Pick<PostPlan, 'item'>>): Map<PostPlan['item'], string> {
  const out = new Map<PostPlan['item'], string>()
  for (const { item } of posts.values()) {
    const blog = (item.meta.blogger_blog ?? '').trim().toLowerCase()
    const path = (item.meta.blogger_permalink ?? '').trim()
    if (/^[a-z0-9.-]+\.[a-z]{2,}$/.test(blog) && /^\/[^\s?#]+$/.test(path)) out.set(item, `http://${blog}${path}`)
  }
  return out
}

/** A URL path as served paths compare: decoded, NFC, without its trailing slash; a query keeps it distinct. */
function pathKey(url: string): string {
  let p = url
  try {
    p = decodeURI(url)
  } catch {
    // Compared as written.
  }
  return trimTrailing(p.normalize('NFC'), '/') || '/'
}

/** The link with its last path segment (the current slug) replaced by an old one, when the link ends in that slug. */
function replaceLastSegment(link: string, current: string, old: string): string | undefined {
  const m = /^(https?:\/\/[^?#]*\/)([^/?#]+)(\/?)$/i.exec(link)
  if (!m || decodeWpSlug(m[2]) !== decodeWpSlug(current)) return undefined
  return m[1] + old + m[3]
}

/**
 * Whether two URL paths name the same page: percent-encoding, Unicode normalization and a trailing slash aside.
 * @example
 * samePath('/a/%c3%a9/', '/a/é') // true
 */
export function samePath(a: string, b: string): boolean {
  // Most old paths are their new ones as written; normalizing, the costly part, only decides the rest. Decoded paths
  // that match already match normalized ('/' composes with nothing), and one without escapes decodes to itself.
  if (a === b) return true
  const decode = (s: string) => {
    if (!s.includes('%')) return s
    try {
      return decodeURI(s)
    } catch {
      return s // Compared as written.
    }
  }
  const x = decode(a)
  const y = decode(b)
  if (trimTrailing(x, '/') === trimTrailing(y, '/')) return true
  return trimTrailing(x.normalize('NFC'), '/') === trimTrailing(y.normalize('NFC'), '/')
}
