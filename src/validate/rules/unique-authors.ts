import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { clip, record, str } from './_context.js'
import type { Rule } from './_context.js'

/** Author ids are unique (runtime invariant 1). */
export const uniqueAuthors: Rule = {
  code: 'duplicate_id',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    const seen = new Map<string, number>()
    ctx.list('authors').forEach((item, i) => {
      const id = str(record(item), 'id')
      if (id === undefined) return
      const first = seen.get(id)
      if (first === undefined) seen.set(id, i)
      else issues.push({ code: 'duplicate_id', path: pointer('content', 'authors', i, 'id'), message: `Author id "${clip(id)}" is already used by content.authors[${first}]: author ids must be unique; merge the two authors or rename one.` })
    })
    return issues
  },
}
