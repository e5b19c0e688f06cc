import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { entityName, record, str } from './_context.js'
import type { Rule } from './_context.js'

/** Post `public_id` values are unique; provided Page `public_id` values are unique; a Post and a Page may share one. */
export const uniquePublicIds: Rule = {
  code: 'duplicate_id',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    for (const kind of ['posts', 'pages'] as const) {
      const seen = new Map<number, number>()
      ctx.list(kind).forEach((item, i) => {
        const entity = record(item)
        const id = entity?.public_id
        if (typeof id !== 'number') return
        const first = seen.get(id)
        if (first === undefined) seen.set(id, i)
        else issues.push({ code: 'duplicate_id', path: pointer('content', kind, i, 'public_id'), message: `public_id ${id} of ${entityName(kind.slice(0, -1), str(entity, 'slug'), i)} is already used by content.${kind}[${first}]: give each ${kind.slice(0, -1)} its own public_id.` })
      })
    }
    return issues
  },
}
