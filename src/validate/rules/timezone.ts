import { checkTimezone } from '../primitives/index.js'
import { clip, str, withAdvice } from './_context.js'
import type { Rule } from './_context.js'

/** `site.timezone` is `UTC`, a canonical fixed offset from -14:00 to +14:00, or a canonical IANA id. */
export const timezone: Rule = {
  code: 'invalid_timezone',
  check(ctx) {
    const value = str(ctx.site, 'timezone')
    const reason = value === undefined ? null : checkTimezone(value)
    if (!reason) return []
    return [{ code: 'invalid_timezone', path: '/site/timezone', message: `site.timezone ${JSON.stringify(clip(value!))} ${withAdvice(reason, 'use UTC, a fixed offset such as +09:00, or a canonical IANA id such as Asia/Kolkata')}` }]
  },
}
