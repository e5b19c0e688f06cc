import { DEFAULT_COMMENTS, LIMITS } from '../../contract/constants.js'
import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { codePointLength, isBlank } from '../primitives/index.js'
import { entityName, record, str } from './_context.js'
import type { Rule } from './_context.js'

/**
 * `comments.request_token` is required on a Post or Page when site comments exist, are enabled, the effective
 * provider is `native`, and the item allows comments. Where present it is nonblank and at most 512 code points.
 */
export const requestToken: Rule = {
  code: 'request_token_required',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    const comments = record(ctx.site?.comments)
    const provider = comments?.provider ?? DEFAULT_COMMENTS.provider
    const nativeActive = comments?.enabled === true && provider === 'native'
    for (const kind of ['posts', 'pages'] as const) {
      ctx.list(kind).forEach((item, i) => {
        const entity = record(item)
        if (!entity) return
        if (entity.comments === undefined && entity.allow_comments !== true) return
        const name = entityName(kind === 'posts' ? 'post' : 'page', str(entity, 'slug'), i)
        const token = record(entity.comments)?.request_token
        if (typeof token === 'string') {
          if (isBlank(token)) {
            issues.push({ code: 'blank_string', path: pointer('content', kind, i, 'comments', 'request_token'), message: `The comments.request_token of ${name} is blank: give it the token from your comment provider.` })
          } else if (token.length > LIMITS.requestTokenCodePoints && codePointLength(token) > LIMITS.requestTokenCodePoints) {
            issues.push({ code: 'too_long', path: pointer('content', kind, i, 'comments', 'request_token'), message: `The comments.request_token of ${name} has ${codePointLength(token)} code points, counted as written; the limit is ${LIMITS.requestTokenCodePoints}: give the token exactly as your comment provider issued it (a longer value is not a request token).` })
          }
          return
        }
        if (nativeActive && entity.allow_comments === true && entity.comments === undefined) {
          issues.push({ code: 'request_token_required', path: pointer('content', kind, i, 'comments'), message: `${name} allows comments and site comments use the native provider, so it needs comments.request_token: add { "request_token": "..." }, or set allow_comments to false.` })
        } else if (nativeActive && entity.allow_comments === true && record(entity.comments) && token === undefined) {
          issues.push({ code: 'request_token_required', path: pointer('content', kind, i, 'comments', 'request_token'), message: `${name} allows comments and site comments use the native provider, so comments.request_token is required: add the token from your comment provider, or set allow_comments to false.` })
        }
      })
    }
    return issues
  },
}
