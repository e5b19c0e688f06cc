import { normalizeSlug } from '../primitives/index.js'
import { clip, record } from './_context.js'
import type { Rule } from './_context.js'

/** `site.front_page.page_path` resolves to an exported Page's NFC effective path. */
export const frontPage: Rule = {
  code: 'unresolved_front_page',
  check(ctx) {
    const frontPage = record(ctx.site?.front_page)
    if (frontPage?.type !== 'page' || typeof frontPage.page_path !== 'string') return []
    const wanted = normalizeSlug(frontPage.page_path)
    if (ctx.effectivePagePaths().includes(wanted)) return []
    return [{ code: 'unresolved_front_page', path: '/site/front_page/page_path', message: `site.front_page.page_path "${clip(frontPage.page_path)}" is not the effective path of any exported Page: use a Page's path (or the pages permalink applied to its slug), or add the Page.` }]
  },
}
