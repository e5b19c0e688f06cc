import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { normalizeSlug } from '../primitives/index.js'
import { record, str } from './_context.js'
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
      ctx.list(kind).forEach((item, i) => {
        const slug = str(record(item), 'slug')
        if (slug === undefined) return
        const key = normalizeSlug(slug)
        const first = seen.get(key)
        if (first === undefined) seen.set(key, i)
        else issues.push({ code: 'duplicate_slug', path: pointer('content', kind, i, 'slug'), message: `Slug "${slug}" is already used by content.${kind}[${first}] (compared after NFC normalization): ${SINGULAR[kind]} slugs must be unique; rename one.` })
      })
    }
    return issues
  },
}

const SINGULAR = { posts: 'Post', categories: 'category', tags: 'tag' } as const
