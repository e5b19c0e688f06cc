import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { checkTimestamp } from '../primitives/index.js'
import { clip, entityName, record, str } from './_context.js'
import type { Rule } from './_context.js'

/** RFC 3339 values are real calendar dates with a valid clock and offset (runtime invariant 8). */
export const timestamps: Rule = {
  code: 'invalid_timestamp',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    const test = (value: unknown, path: string, what: string) => {
      if (typeof value !== 'string') return
      const reason = checkTimestamp(value)
      if (reason) {
        issues.push({
          code: 'invalid_timestamp',
          path,
          message: `${what} "${clip(value)}" is not a valid RFC 3339 timestamp: ${reason}. Write it like 2024-05-01T10:00:00Z or 2024-05-01T10:00:00+01:00.`,
        })
      }
    }
    test(ctx.payload.generated_at, '/generated_at', 'generated_at')
    ctx.list('posts').forEach((item, i) => {
      const post = record(item)
      const name = entityName('post', str(post, 'slug'), i)
      test(post?.published_at_iso, pointer('content', 'posts', i, 'published_at_iso'), `The published_at_iso of ${name}`)
      test(post?.updated_at_iso, pointer('content', 'posts', i, 'updated_at_iso'), `The updated_at_iso of ${name}`)
    })
    ctx.list('pages').forEach((item, i) => {
      const page = record(item)
      test(page?.updated_at_iso, pointer('content', 'pages', i, 'updated_at_iso'), `The updated_at_iso of ${entityName('page', str(page, 'slug'), i)}`)
    })
    return issues
  },
}
