import { DEFAULT_POST_INDEX } from '../contract/constants.js'
import type { PreviewData } from '../contract/types.js'
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

/**
 * Every document route the build stage would make from a valid payload: Posts, Pages, categories, tags, the post index
 * with its pagination pages (`<index>page/<n>/`), and the front page. Pagination counts published Posts that are not
 * delisted, since delisted documents are left out of generated listings.
 * @example
 * deriveRoutes(payload).find((r) => r.kind === 'post')?.url // '/posts/lisbon/'
 */
export function deriveRoutes(payload: PreviewData): RouteEntry[] {
  const { site, content } = payload
  const style = outputStyle(site)
  const routes: RouteEntry[] = []
  content.posts.forEach((post, i) => {
    routes.push({ kind: 'post', source: `/content/posts/${i}`, status: post.status, key: post.slug, ...postRoute(post, site) })
  })
  content.pages.forEach((page, i) => {
    const { path, ...location } = pageRoute(page, site)
    routes.push({ kind: 'page', source: `/content/pages/${i}`, status: page.status, key: path, ...location })
  })
  content.categories.forEach((category, i) => {
    routes.push({ kind: 'category', source: `/content/categories/${i}`, key: category.slug, ...categoryRoute(category.slug, site) })
  })
  content.tags.forEach((tag, i) => {
    routes.push({ kind: 'tag', source: `/content/tags/${i}`, key: tag.slug, ...tagRoute(tag.slug, site) })
  })

  const index = { ...DEFAULT_POST_INDEX, ...site.post_index }
  const frontPage = site.front_page ?? { type: 'theme_index' as const }
  const indexAtRoot = index.enabled && routeComponents(index.path).length === 0
  if (frontPage.type !== 'theme_index' || !indexAtRoot) {
    routes.push({ kind: 'front_page', source: '/site/front_page', ...locate([], style) })
  }
  if (index.enabled) {
    const base = routeComponents(index.path)
    routes.push({ kind: 'post_index', source: '/site/post_index', page_number: 1, ...locate(base, style) })
    if (index.paginate) {
      const listed = content.posts.filter((p) => p.status === 'published' && p.discoverability !== 'delist').length
      const pages = Math.ceil(listed / Math.max(1, site.posts_per_page))
      for (let n = 2; n <= pages; n++) {
        routes.push({ kind: 'post_index', source: '/site/post_index', page_number: n, ...locate([...base, 'page', String(n)], style) })
      }
    }
  }
  return routes
}
