import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { checkTimestamp } from '../primitives/index.js'
import { clip, entityName, record, str } from './_context.js'
import type { Loose, Rule } from './_context.js'

/** RFC 3339 values are real calendar dates with a valid clock and offset (runtime invariant 8). */
export const timestamps: Rule = {
  code: 'invalid_timestamp',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    // Hot path: one check per timestamp, no closures or strings built unless a timestamp fails.
    const fail = (value: string, reason: string, path: string, what: string) =>
      issues.push({
        code: 'invalid_timestamp',
        path,
        message: `${what} ${JSON.stringify(clip(value))} is not a valid RFC 3339 timestamp: ${reason}. Write it like 2024-05-01T10:00:00Z or 2024-05-01T10:00:00+01:00.`,
      })
    const generated = ctx.payload.generated_at
    if (typeof generated === 'string') {
      const reason = checkTimestamp(generated)
      if (reason) fail(generated, reason, '/generated_at', 'generated_at')
    }
    for (const kind of ['posts', 'pages'] as const) {
      const items = ctx.list(kind)
      const check = (entity: Loose, i: number, field: 'published_at_iso' | 'updated_at_iso', value: string) => {
        const reason = checkTimestamp(value)
        if (reason) fail(value, reason, pointer('content', kind, i, field), `${entityName(kind.slice(0, -1), str(entity, 'slug'), i)}: ${field}`)
      }
      for (let i = 0; i < items.length; i++) {
        const entity = record(items[i])
        if (!entity) continue
        const published = kind === 'posts' ? entity.published_at_iso : undefined
        const updated = entity.updated_at_iso
        if (typeof published === 'string') check(entity, i, 'published_at_iso', published)
        // updated_at_iso is often the very same text as published_at_iso: one check serves both.
        if (typeof updated === 'string' && updated !== published) check(entity, i, 'updated_at_iso', updated)
      }
    }
    return issues
  },
}
