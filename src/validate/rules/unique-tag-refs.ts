import { pointer } from '../issue.js'
import { KeySet } from '../primitives/index.js'
import type { PreviewDataIssue } from '../issue.js'
import { clip, entityName, record, str } from './_context.js'
import type { Rule } from './_context.js'

/** A Post's `tag_slugs` are unique after NFC (runtime invariant 6); the order is the display order. */
export const uniqueTagRefs: Rule = {
  code: 'duplicate_slug',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    const posts = ctx.list('posts')
    for (let i = 0; i < posts.length; i++) {
      const post = record(posts[i])
      const refs = post?.tag_slugs
      if (!Array.isArray(refs) || refs.length < 2) continue
      const seen = new KeySet()
      for (let j = 0; j < refs.length; j++) {
        const ref = refs[j]
        if (typeof ref !== 'string') continue
        const key = ctx.slugRef(ref).key
        if (!seen.has(key)) seen.add(key)
        else issues.push({ code: 'duplicate_slug', path: pointer('content', 'posts', i, 'tag_slugs', j), message: `Tag "${clip(ref)}" appears twice in tag_slugs of ${entityName('post', str(post, 'slug'), i)} (compared after NFC normalization): list each tag once.` })
      }
    }
    return issues
  },
}
