import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { normalizeSlug } from '../primitives/index.js'
import { clip, record, str } from './_context.js'
import type { Rule } from './_context.js'

/**
 * Collection references resolve and are not duplicated within one collection (runtime invariant 7): Post items by
 * NFC slug, Page items by NFC effective path.
 */
export const collections: Rule = {
  code: 'unresolved_reference',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    const map = record(ctx.payload.collections)
    if (!map) return issues
    const postSlugs = new Set<string>()
    for (const item of ctx.list('posts')) {
      const slug = str(record(item), 'slug')
      if (slug !== undefined) postSlugs.add(normalizeSlug(slug))
    }
    const pagePaths = new Set(ctx.effectivePagePaths().filter((p): p is string => p !== undefined))
    for (const id of Object.keys(map)) {
      const items = record(map[id])?.items
      if (!Array.isArray(items)) continue
      const seen = new Map<string, number>()
      items.forEach((raw, j) => {
        const item = record(raw)
        const isPost = item?.type === 'post'
        const ref = isPost ? str(item, 'slug') : item?.type === 'page' ? str(item, 'path') : undefined
        if (ref === undefined) return
        const field = isPost ? 'slug' : 'path'
        const key = (isPost ? 'post:' : 'page:') + normalizeSlug(ref)
        const first = seen.get(key)
        if (first !== undefined) {
          issues.push({ code: 'duplicate_reference', path: pointer('collections', id, 'items', j), message: `Collection "${clip(id)}" lists the ${isPost ? 'post' : 'page'} "${clip(ref)}" again (first at item ${first}, compared after NFC): remove the duplicate.` })
          return
        }
        seen.set(key, j)
        const found = isPost ? postSlugs.has(normalizeSlug(ref)) : pagePaths.has(normalizeSlug(ref))
        if (!found) {
          const hint = isPost ? 'add the post or fix the slug' : 'use the page\'s effective path (its path, or the pages permalink applied to its slug)'
          issues.push({ code: 'unresolved_reference', path: pointer('collections', id, 'items', j, field), message: `Collection "${clip(id)}" item ${j} refers to ${isPost ? 'post slug' : 'page path'} "${clip(ref)}", which no exported ${isPost ? 'Post' : 'Page'} has: ${hint}.` })
        }
      })
    }
    return issues
  },
}
