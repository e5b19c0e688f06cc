import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { entityName, record, str } from './_context.js'
import type { Rule } from './_context.js'

/** A Page with `allow_comments: true` needs a positive integer `public_id`. */
export const pagePublicId: Rule = {
  code: 'page_public_id_required',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    ctx.list('pages').forEach((item, i) => {
      const page = record(item)
      // "Requires a positive public_id": a 0, negative or fractional id fails this rule as well as the id's own range.
      if (page?.allow_comments !== true || (Number.isInteger(page.public_id) && (page.public_id as number) >= 1)) return
      // The pointer names the member that is missing or wrong, as the schema's conditional requirement does, so the
      // two layers report this once.
      issues.push({ code: 'page_public_id_required', path: pointer('content', 'pages', i, 'public_id'), message: `${entityName('Page', str(page, 'slug'), i)} has allow_comments: true but no positive public_id: add a positive integer public_id (unique among Pages) or drop allow_comments.` })
    })
    return issues
  },
}
