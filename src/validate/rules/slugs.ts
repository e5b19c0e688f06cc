import { LIMITS } from '../../contract/constants.js'
import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { codePointLength, normalizeSlug } from '../primitives/index.js'
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
    // Hot path: one check per slug; paths and names are built only for failures. Entity slugs are mostly unique, so
    // they skip the memo; references repeat (a few hundred tags across thousands of posts), so they use it.
    const fail = (value: string, reason: string, path: string, what: string) => {
      issues.push({
        code: 'invalid_slug',
        path,
        message: `${what} ${JSON.stringify(clip(value))} is not a valid slug: ${reason}. Use letters, digits, "_", "-" and single internal periods, at most 200 code points.`,
      })
      // The 200 code point bound is also a row of the contract's Limits table, which the SDK reports as too_long
      // (as for request tokens and custom_html); the schema's coarse maxLength already does so past 800 units.
      // Reporting it under both codes keeps the slug policy and the limit each visible. Only failing slugs pay.
      const length = codePointLength(normalizeSlug(value))
      if (length > LIMITS.slugCodePoints) {
        issues.push({ code: 'too_long', path, message: `${what} has ${length} code points after NFC normalization; a slug has at most ${LIMITS.slugCodePoints}: shorten it.` })
      }
    }
    for (const kind of ['posts', 'pages', 'categories', 'tags'] as const) {
      const singular = kind === 'categories' ? 'category' : kind.slice(0, -1)
      const items = ctx.list(kind)
      const { slugs, reasons } = ctx.slugFacts(kind)
      for (let i = 0; i < items.length; i++) {
        const reason = reasons[i]
        if (reason) fail(slugs[i]!, reason, pointer('content', kind, i, 'slug'), `The slug of ${singular} #${i}`)
        if (kind !== 'posts') continue
        const entity = record(items[i])
        if (!entity) continue
        for (const field of ['category_slugs', 'tag_slugs'] as const) {
          const refs = entity[field]
          if (!Array.isArray(refs)) continue
          for (let j = 0; j < refs.length; j++) {
            const ref = refs[j]
            if (typeof ref !== 'string') continue
            const reason = ctx.slugRef(ref).reason
            if (reason) fail(ref, reason, pointer('content', 'posts', i, field, j), `${field}[${j}] of ${entityName('post', str(entity, 'slug'), i)}`)
          }
        }
      }
    }
    const collections = record(ctx.payload.collections)
    for (const id of collections ? Object.keys(collections) : []) {
      const items = record(collections![id])?.items
      if (!Array.isArray(items)) continue
      items.forEach((item, j) => {
        const ref = record(item)
        if (ref?.type !== 'post' || typeof ref.slug !== 'string') return
        const reason = ctx.slugRef(ref.slug).reason
        if (reason) fail(ref.slug, reason, pointer('collections', id, 'items', j, 'slug'), `Collection "${clip(id)}" item ${j}'s post slug`)
      })
    }
    return issues
  },
}
