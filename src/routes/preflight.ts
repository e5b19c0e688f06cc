import { DEFAULT_POST_INDEX } from '../contract/constants.js'
import type { PreviewData } from '../contract/types.js'
import type { PreviewDataIssue } from '../validate/issue.js'
import { deriveRoutes } from './derive.js'
import { routeComponents } from './paths.js'

/**
 * The build failures that the payload alone decides and the validator does not report: an enabled post index at `/`
 * while a Page or standalone HTML owns `/`, and two documents claiming the same output path. Expects a payload that
 * passed `validatePreviewData`.
 * @example
 * preflightPreviewData(payload) // [] when the build stage can lay out every document
 */
export function preflightPreviewData(payload: PreviewData): PreviewDataIssue[] {
  const issues: PreviewDataIssue[] = []
  const routes = deriveRoutes(payload)
  const index = { ...DEFAULT_POST_INDEX, ...payload.site.post_index }
  const indexAtRoot = index.enabled && routeComponents(index.path).length === 0
  const frontPage = payload.site.front_page
  let rootConflict = false
  if (indexAtRoot && frontPage && frontPage.type !== 'theme_index') {
    rootConflict = true
    const owner = frontPage.type === 'page' ? `the Page "${frontPage.page_path}"` : 'standalone HTML'
    issues.push({
      code: 'post_index_conflict',
      path: '/site/post_index',
      message: `The post index is enabled at "/" while site.front_page makes ${owner} own "/": move the post index (site.post_index.path, e.g. "/blog/"), disable it, or use front_page type "theme_index".`,
    })
  }
  const claimed = new Map<string, (typeof routes)[number]>()
  for (const route of routes) {
    const first = claimed.get(route.output_path)
    if (!first) {
      claimed.set(route.output_path, route)
      continue
    }
    if (route.output_path === 'index.html' && indexAtRoot && (route.kind === 'page' || first.kind === 'page')) {
      const page = route.kind === 'page' ? route : first
      issues.push({
        code: 'post_index_conflict',
        path: page.source,
        message: `The Page "${page.key}" is routed to "/" while the post index is enabled there: give the Page another path, or move or disable the post index (site.post_index).`,
      })
      continue
    }
    if (rootConflict && route.output_path === 'index.html') continue
    issues.push({
      code: 'duplicate_output_path',
      path: route.source,
      message: `This ${describe(route)} and the ${describe(first)} at ${first.source} both write "${route.output_path}": change a slug, path or permalink pattern so each document has its own output path.`,
    })
  }
  return issues
}

function describe(route: { kind: string; key?: string; page_number?: number }): string {
  const name = route.kind.replace('_', ' ')
  if (route.page_number && route.page_number > 1) return `${name} page ${route.page_number}`
  return route.key === undefined ? name : `${name} "${route.key}"`
}
