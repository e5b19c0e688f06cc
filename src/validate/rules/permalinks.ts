import { checkPermalinkPattern } from '../../routes/index.js'
import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { clip, record } from './_context.js'
import type { Rule } from './_context.js'

/** Permalink patterns use only their allowed tokens, include a required one, and keep literal segments safe. */
export const permalinks: Rule = {
  code: 'invalid_permalink',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    const given = record(ctx.site?.permalinks)
    for (const kind of ['posts', 'pages', 'categories', 'tags'] as const) {
      const pattern = given?.[kind]
      if (typeof pattern !== 'string') continue
      const reason = checkPermalinkPattern(kind, pattern)
      if (reason) {
        issues.push({
          code: 'invalid_permalink',
          path: pointer('site', 'permalinks', kind),
          message: `site.permalinks.${kind} ${JSON.stringify(clip(pattern))} ${reason}: write it like ${EXAMPLES[kind]}.`,
        })
      }
    }
    return issues
  },
}

const EXAMPLES = {
  posts: '"/posts/:slug/" or "/:year/:month/:slug/"',
  pages: '"/:slug/"',
  categories: '"/categories/:slug/"',
  tags: '"/tags/:slug/"',
} as const
