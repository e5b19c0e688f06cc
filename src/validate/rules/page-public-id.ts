import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { entityName, record, str } from './_context.js'
import type { Rule } from './_context.js'

/** A Page with `allow_comments: true` needs a positive `public_id`. */
export const pagePublicId: Rule = {
  code: 'page_public_id_required',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    ctx.list('pages').forEach((item, i) => {
      const page = record(item)
      if (page?.allow_comments !== true || page.public_id !== undefined) return
      issues.push({ code: 'page_public_id_required', path: pointer('content', 'pages', i), message: `${entityName('Page', str(page, 'slug'), i)} has allow_comments: true but no public_id: add a positive integer public_id (unique among Pages) or drop allow_comments.` })
    })
    return issues
  },
}
