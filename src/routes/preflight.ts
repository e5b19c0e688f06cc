import { DEFAULT_POST_INDEX } from '../contract/constants.js'
import type { PreviewData } from '../contract/types.js'
import type { PreviewDataIssue } from '../validate/issue.js'
import { clip } from '../validate/rules/_context.js'
import { deriveRoutes, visitRoutes } from './derive.js'
import type { RouteEntry } from './derive.js'
import { postRoute, routeComponents } from './paths.js'
import { outputStyle, parsePattern, permalinkPattern } from './permalink.js'

/**
 * The build failures that the payload alone decides and the validator does not report: an enabled post index at `/`
 * while a Page or standalone HTML owns `/`, and two documents claiming the same output path. Expects a payload that
 * passed `validatePreviewData` (two Posts with one output path already broke its unique slug or id rule).
 * @example
 * preflightPreviewData(payload) // [] when the build stage can lay out every document
 */
export function preflightPreviewData(payload: PreviewData): PreviewDataIssue[] {
  const issues: PreviewDataIssue[] = []
  const index = { ...DEFAULT_POST_INDEX, ...payload.site.post_index }
  const indexAtRoot = index.enabled && routeComponents(index.path).length === 0
  const frontPage = payload.site.front_page
  let rootConflict = false
  if (indexAtRoot && frontPage && frontPage.type !== 'theme_index') {
    rootConflict = true
    const owner = frontPage.type === 'page' ? `the Page "${clip(frontPage.page_path)}"` : 'standalone HTML'
    issues.push({
      code: 'post_index_conflict',
      path: '/site/post_index',
      message: `The post index is enabled at "/" while site.front_page makes ${owner} own "/": move the post index (site.post_index.path, e.g. "/blog/"), disable it, or use front_page type "theme_index".`,
    })
  }
  // Output paths are claimed in route order (posts first), by number; entries with sources and names are made only
  // for collisions. Posts never share an output path in a valid payload (their pattern holds :slug or :public_id,
  // both unique), so only their collisions with the other routes matter; and when no other route has the shape of a
  // post route, the hundred thousand post routes are not computed at all.
  const posts = payload.content.posts.length
  const others: [number, string][] = []
  visitRoutes(payload, ({ output_path }) => void others.push([posts + others.length, output_path]), { posts: false })
  const claimed = new Map<string, number>()
  const shape = postRouteShape(payload.site)
  if (others.some(([, path]) => shape(path))) {
    const otherPaths = new Set(others.map(([, path]) => path))
    payload.content.posts.forEach((post, i) => {
      const path = postRoute(post, payload.site).output_path
      if (otherPaths.has(path) && !claimed.has(path)) claimed.set(path, i)
    })
  }
  const collisions: [number, number][] = []
  for (const [route, path] of others) {
    const first = claimed.get(path)
    if (first === undefined) claimed.set(path, route)
    else collisions.push([route, first])
  }
  if (collisions.length > 0) {
    const routes = deriveRoutes(payload)
    for (const [route, first] of collisions) collision(routes[route], routes[first])
  }
  function collision(route: RouteEntry, first: RouteEntry): void {
    if (route.output_path === 'index.html' && indexAtRoot && (route.kind === 'page' || first.kind === 'page')) {
      const page = route.kind === 'page' ? route : first
      issues.push({
        code: 'post_index_conflict',
        path: page.source,
        message: `The Page "${clip(String(page.key))}" is routed to "/" while the post index is enabled there: give the Page another path, or move or disable the post index (site.post_index).`,
      })
      return
    }
    // The post index and the front page both at "/" was reported above; other routes there are still reported.
    if (rootConflict && ROOT_KINDS.has(route.kind) && ROOT_KINDS.has(first.kind)) return
    issues.push({
      code: 'duplicate_output_path',
      path: route.source,
      message: `This ${describe(route)} and the ${describe(first)} at ${first.source} both write "${clip(route.output_path)}": change a slug, path or permalink pattern so each document has its own output path.`,
    })
  }
  return issues
}

/**
 * A test of whether an output path has the shape of a Post's under the site's posts pattern and output style: as many
 * components, the pattern's literals in their places, a token anywhere else. Only such a path can be a Post's.
 */
function postRouteShape(site: PreviewData['site']): (outputPath: string) => boolean {
  const segments = parsePattern(permalinkPattern(site, 'posts'))
  const suffix = outputStyle(site) === 'directory' ? '/index.html' : '.html'
  // Under html-extension a one-token pattern makes `index.html` too (a post slugged "index"), like the root routes.
  return (outputPath) => {
    if (!outputPath.endsWith(suffix)) return false
    const components = outputPath.slice(0, -suffix.length).split('/')
    return components.length === segments.length && segments.every((s, i) => 'token' in s || s.literal === components[i])
  }
}

const ROOT_KINDS = new Set(['post_index', 'front_page'])

function describe(route: { kind: string; key?: string; page_number?: number }): string {
  const name = route.kind.replace('_', ' ')
  if (route.page_number && route.page_number > 1) return `${name} page ${route.page_number}`
  return route.key === undefined ? name : `${name} "${clip(String(route.key))}"`
}
