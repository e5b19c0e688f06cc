import { DEFAULT_POST_INDEX } from '../contract/constants.js'
import type { Post, PreviewData, Site } from '../contract/types.js'
import { categoryRoute, locate, pageRoute, postRoute, routeComponents, tagRoute } from './paths.js'
import { outputStyle } from './permalink.js'
import type { RouteLocation } from './paths.js'

/** The kinds of document the build stage makes. */
export type RouteKind = 'post' | 'page' | 'category' | 'tag' | 'post_index' | 'front_page'

/** One document route of a payload, with where it came from. */
export type RouteEntry = RouteLocation & {
  kind: RouteKind
  /** JSON Pointer of the entity that produced the route (`/content/posts/3`, `/site/post_index`). */
  source: string
  /** Post or Page status, when the route belongs to one. */
  status?: 'published' | 'draft'
  /** Post slug, Page effective path, or taxonomy slug. */
  key?: string
  /** 1 for the first post-index page, 2+ for pagination pages. */
  page_number?: number
}

/** Receives each route: its location, kind, and the index of its entity (or the page number of a post index page). */
export type RouteVisitor = (location: RouteLocation & { path?: string }, kind: RouteKind, index: number) => void

/**
 * Every document route the build stage would make from a valid payload: Posts, Pages, categories, tags, the post index
 * with its pagination pages (`<index>page/<n>/`), and the front page. Pagination counts published Posts that are not
 * delisted, since delisted documents are left out of generated listings.
 * @example
 * deriveRoutes(payload).find((r) => r.kind === 'post')?.url // '/posts/lisbon/'
 */
export function deriveRoutes(payload: PreviewData): RouteEntry[] {
  const routes: RouteEntry[] = []
  visitRoutes(payload, (location, kind, index) => routes.push(routeEntry(payload, location, kind, index)))
  return routes
}

/**
 * Calls `visit` for each route in `deriveRoutes` order without building the entries, for passes over a hundred
 * thousand routes that need only their locations (`routeEntry` makes the entry of one when it is wanted). With
 * `posts: false`, the Posts' routes are left out (the others keep their order).
 */
export function visitRoutes(payload: PreviewData, visit: RouteVisitor, { posts = true } = {}): void {
  const { site, content } = payload
  const style = outputStyle(site)
  if (posts) content.posts.forEach((post, i) => visit(postRoute(post, site), 'post', i))
  content.pages.forEach((page, i) => visit(pageRoute(page, site), 'page', i))
  content.categories.forEach((category, i) => visit(categoryRoute(category.slug, site), 'category', i))
  content.tags.forEach((tag, i) => visit(tagRoute(tag.slug, site), 'tag', i))

  const index = { ...DEFAULT_POST_INDEX, ...site.post_index }
  const frontPage = site.front_page ?? { type: 'theme_index' as const }
  const indexAtRoot = index.enabled && routeComponents(index.path).length === 0
  if (frontPage.type !== 'theme_index' || !indexAtRoot) visit(locate([], style), 'front_page', 0)
  visitPostIndex(site, content.posts.filter(isListed).length, (location, n) => visit(location, 'post_index', n))
}

/** Whether a Post is on the generated listings (the post index's pages): published and not delisted. */
export function isListed(post: Pick<Post, 'status' | 'discoverability'>): boolean {
  return post.status === 'published' && post.discoverability !== 'delist'
}

/**
 * Calls `visit` for each page of the post index, when it is enabled: page 1 at `post_index.path`, and with
 * `paginate`, page n (2 … ⌈listed ÷ posts_per_page⌉) at `<index>page/<n>/`, for `listed` Posts on the listings
 * (`isListed`). The routes of `visitRoutes`, and what an importer takes for the new site's list pages.
 * @example
 * visitPostIndex({ posts_per_page: 3, post_index: { path: '/posts/' } }, 7, (l, n) => console.log(n, l.url))
 * // 1 /posts/, 2 /posts/page/2/, 3 /posts/page/3/
 */
export function visitPostIndex(site: Pick<Site, 'posts_per_page' | 'post_index' | 'permalinks'>, listed: number, visit: (location: RouteLocation, page: number) => void): void {
  const index = { ...DEFAULT_POST_INDEX, ...site.post_index }
  if (!index.enabled) return
  const style = outputStyle(site)
  const base = routeComponents(index.path)
  visit(locate(base, style), 1)
  if (!index.paginate) return
  const pages = Math.ceil(listed / Math.max(1, site.posts_per_page))
  for (let n = 2; n <= pages; n++) visit(locate([...base, 'page', String(n)], style), n)
}

/** The entry `deriveRoutes` makes for a route that `visitRoutes` reported. */
function routeEntry(payload: PreviewData, location: RouteLocation & { path?: string }, kind: RouteKind, index: number): RouteEntry {
  const { url, output_path } = location
  const { content } = payload
  switch (kind) {
    case 'post':
      return { kind, source: `/content/posts/${index}`, status: content.posts[index].status, key: content.posts[index].slug, url, output_path }
    case 'page':
      return { kind, source: `/content/pages/${index}`, status: content.pages[index].status, key: location.path, url, output_path }
    case 'category':
      return { kind, source: `/content/categories/${index}`, key: content.categories[index].slug, url, output_path }
    case 'tag':
      return { kind, source: `/content/tags/${index}`, key: content.tags[index].slug, url, output_path }
    case 'front_page':
      return { kind, source: '/site/front_page', url, output_path }
    case 'post_index':
      return { kind, source: '/site/post_index', page_number: index, url, output_path }
  }
}
