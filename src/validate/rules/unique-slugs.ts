import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { clip } from './_context.js'
import type { Rule } from './_context.js'

/**
 * Post slugs are unique after NFC (runtime invariant 3). Category slugs and tag slugs are each unique after NFC too:
 * two definitions with one slug would give two archives one route.
 */
export const uniqueSlugs: Rule = {
  code: 'duplicate_slug',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    for (const kind of ['posts', 'categories', 'tags'] as const) {
      const seen = new Map<string, number>()
      const { slugs, keys } = ctx.slugFacts(kind)
      keys.forEach((key, i) => {
        if (key === undefined) return
        const first = seen.get(key)
        if (first === undefined) seen.set(key, i)
        else issues.push({ code: 'duplicate_slug', path: pointer('content', kind, i, 'slug'), message: `Slug "${clip(slugs[i] ?? key)}" is already used by content.${kind}[${first}] (compared after NFC normalization): ${SINGULAR[kind]} slugs must be unique; rename one.` })
      })
    }
    return issues
  },
}

const SINGULAR = { posts: 'Post', categories: 'category', tags: 'tag' } as const
