import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { clip, entityName, record, str } from './_context.js'
import type { Rule } from './_context.js'

/** Every Post `author_id` resolves to an exported author (runtime invariant 4). */
export const unresolvedAuthors: Rule = {
  code: 'unresolved_author',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    const ids = new Set<string>()
    for (const item of ctx.list('authors')) {
      const id = str(record(item), 'id')
      if (id !== undefined) ids.add(id)
    }
    ctx.list('posts').forEach((item, i) => {
      const post = record(item)
      const id = str(post, 'author_id')
      if (id === undefined || ids.has(id)) return
      issues.push({ code: 'unresolved_author', path: pointer('content', 'posts', i, 'author_id'), message: `No author has id "${clip(id)}": add the author to content.authors or fix the author_id of ${entityName('post', str(post, 'slug'), i)}.` })
    })
    return issues
  },
}
