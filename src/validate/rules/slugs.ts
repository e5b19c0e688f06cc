import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { clip, entityName, record, str } from './_context.js'
import type { Rule } from './_context.js'

/**
 * Slugs and slug references follow the slug segment policy after NFC: Post, Page, category and tag slugs, the
 * category and tag references of Posts, and Post references in collections.
 */
export const slugs: Rule = {
  code: 'invalid_slug',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    const test = (value: unknown, path: string, what: string) => {
      if (typeof value !== 'string') return
      const reason = ctx.slugReason(value)
      if (reason) {
        issues.push({
          code: 'invalid_slug',
          path,
          message: `${what} "${clip(value)}" is not a valid slug: ${reason}. Use letters, digits, "_", "-" and single internal periods, at most 200 code points.`,
        })
      }
    }
    for (const kind of ['posts', 'pages', 'categories', 'tags'] as const) {
      const singular = kind === 'categories' ? 'category' : kind.slice(0, -1)
      ctx.list(kind).forEach((item, i) => {
        const entity = record(item)
        test(entity?.slug, pointer('content', kind, i, 'slug'), `The slug of ${singular} #${i}`)
        if (kind !== 'posts' || !entity) return
        const name = entityName('post', str(entity, 'slug'), i)
        for (const field of ['category_slugs', 'tag_slugs'] as const) {
          const refs = entity[field]
          if (Array.isArray(refs)) refs.forEach((ref, j) => test(ref, pointer('content', 'posts', i, field, j), `${field}[${j}] of ${name}`))
        }
      })
    }
    const collections = record(ctx.payload.collections)
    for (const id of collections ? Object.keys(collections) : []) {
      const items = record(collections![id])?.items
      if (!Array.isArray(items)) continue
      items.forEach((item, j) => {
        const ref = record(item)
        if (ref?.type === 'post') test(ref.slug, pointer('collections', id, 'items', j, 'slug'), `Collection "${id}" item ${j}'s post slug`)
      })
    }
    return issues
  },
}
