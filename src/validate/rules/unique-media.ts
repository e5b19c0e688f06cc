import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { clip, record, str } from './_context.js'
import type { Rule } from './_context.js'

/** Media `src` values are unique (runtime invariant 5). */
export const uniqueMedia: Rule = {
  code: 'duplicate_src',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    const seen = new Map<string, number>()
    ctx.list('media').forEach((item, i) => {
      const src = str(record(item), 'src')
      if (src === undefined) return
      const first = seen.get(src)
      if (first === undefined) seen.set(src, i)
      else issues.push({ code: 'duplicate_src', path: pointer('content', 'media', i, 'src'), message: `Media src "${clip(src)}" is already described by content.media[${first}]: keep one entry per src.` })
    })
    return issues
  },
}
