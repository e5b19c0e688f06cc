import { LIMITS } from '../../contract/constants.js'
import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { clip, record } from './_context.js'
import type { Loose, Rule } from './_context.js'
import { appendAll } from '../../append.js'

/** `meta` maps (site, Posts, Pages, menu items) hold only strings, finite numbers, booleans and `null`. */
export const meta: Rule = {
  code: 'invalid_meta',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    const test = (value: unknown, path: string[]) => {
      const map = record(value)
      if (map) appendAll(issues, metaIssues(map, path))
    }
    test(ctx.site?.meta, ['site', 'meta'])
    for (const kind of ['posts', 'pages'] as const) ctx.list(kind).forEach((item, i) => test(record(item)?.meta, ['content', kind, String(i), 'meta']))
    const menus = record(ctx.payload.menus)
    for (const id of menus ? Object.keys(menus) : []) {
      const walk = (items: unknown, path: string[], depth: number) => {
        if (!Array.isArray(items) || depth >= LIMITS.menuItemDepth) return
        items.forEach((raw, j) => {
          const item: Loose | undefined = record(raw)
          test(item?.meta, [...path, String(j), 'meta'])
          walk(item?.children, [...path, String(j), 'children'], depth + 1)
        })
      }
      walk(record(menus![id])?.items, ['menus', id, 'items'], 0)
    }
    return issues
  },
}

/** Every non-scalar value of one `meta` map, with pointers under `path`. */
export function metaIssues(map: Record<string, unknown>, path: string[]): PreviewDataIssue[] {
  const issues: PreviewDataIssue[] = []
  for (const key of Object.keys(map)) {
    const v = map[key]
    const ok = v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))
    if (!ok) issues.push({ code: 'invalid_meta', path: pointer(...path, key), message: `meta value "${clip(key)}" must be a string, finite number, boolean or null: move structured values to data, or stringify them.` })
  }
  return issues
}
