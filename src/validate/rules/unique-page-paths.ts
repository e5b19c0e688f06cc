import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { clip } from './_context.js'
import type { Rule } from './_context.js'

/** Effective Page paths are unique after NFC; leaf slugs may repeat (runtime invariant 3). */
export const uniquePagePaths: Rule = {
  code: 'duplicate_path',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    const seen = new Map<string, number>()
    ctx.effectivePagePaths().forEach((path, i) => {
      if (path === undefined) return
      const first = seen.get(path)
      if (first === undefined) {
        seen.set(path, i)
        return
      }
      const field = typeof (ctx.list('pages')[i] as { path?: unknown }).path === 'string' ? 'path' : 'slug'
      issues.push({ code: 'duplicate_path', path: pointer('content', 'pages', i, field), message: `Page effective path "${clip(path)}" is already used by content.pages[${first}] (compared after NFC normalization): give one of them a different slug or path.` })
    })
    return issues
  },
}
