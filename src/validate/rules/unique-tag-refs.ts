import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { normalizeSlug } from '../primitives/index.js'
import { entityName, record, str } from './_context.js'
import type { Rule } from './_context.js'

/** A Post's `tag_slugs` are unique after NFC (runtime invariant 6); the order is the display order. */
export const uniqueTagRefs: Rule = {
  code: 'duplicate_slug',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    ctx.list('posts').forEach((item, i) => {
      const post = record(item)
      const refs = post?.tag_slugs
      if (!Array.isArray(refs) || refs.length < 2) return
      const seen = new Set<string>()
      refs.forEach((ref, j) => {
        if (typeof ref !== 'string') return
        const key = normalizeSlug(ref)
        if (!seen.has(key)) seen.add(key)
        else issues.push({ code: 'duplicate_slug', path: pointer('content', 'posts', i, 'tag_slugs', j), message: `Tag "${ref}" appears twice in tag_slugs of ${entityName('post', str(post, 'slug'), i)} (compared after NFC normalization): list each tag once.` })
      })
    })
    return issues
  },
}
