import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { checkAbsoluteRoutePath, checkPageReference, checkPagePath } from '../primitives/index.js'
import { clip, entityName, record, str } from './_context.js'
import type { Rule } from './_context.js'

/**
 * Route values other than permalink patterns, `site.post_index.path` (absolute) and Page `path` (relative, no leading
 * or trailing slash), and the references to effective Page paths, `site.front_page.page_path` and collection Page items
 * (shaped like a Page path; the `.html` rule binds route values, not references to them).
 */
export const routePaths: Rule = {
  code: 'invalid_route_path',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    const test = (value: unknown, check: (value: string) => string | null, path: string, what: string) => {
      if (typeof value !== 'string') return
      const reason = check(value)
      if (reason) {
        const advice = check === checkAbsoluteRoutePath ? 'write it like "/" or "/blog/"' : 'write it like "about" or "guides/install", without leading or trailing slash'
        issues.push({ code: 'invalid_route_path', path, message: `${what} ${JSON.stringify(clip(value))} ${reason}: ${advice}.` })
      }
    }
    const site = ctx.site
    test(record(site?.post_index)?.path, checkAbsoluteRoutePath, '/site/post_index/path', 'site.post_index.path')
    const frontPage = record(site?.front_page)
    if (frontPage?.type === 'page') test(frontPage.page_path, checkPageReference, '/site/front_page/page_path', 'site.front_page.page_path')
    ctx.list('pages').forEach((item, i) => {
      const page = record(item)
      test(page?.path, checkPagePath, pointer('content', 'pages', i, 'path'), `${entityName('page', str(page, 'slug'), i)}: path`)
    })
    const collections = record(ctx.payload.collections)
    for (const id of collections ? Object.keys(collections) : []) {
      const items = record(collections![id])?.items
      if (!Array.isArray(items)) continue
      items.forEach((raw, j) => {
        const item = record(raw)
        if (item?.type === 'page') test(item.path, checkPageReference, pointer('collections', id, 'items', j, 'path'), `Collection "${clip(id)}" item ${j}'s page path`)
      })
    }
    return issues
  },
}
