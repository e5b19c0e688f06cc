import { record } from './_context.js'
import type { Rule } from './_context.js'

/** An enabled newsletter needs `signup_url` or `embed_url`. */
export const newsletter: Rule = {
  code: 'newsletter_url_required',
  check(ctx) {
    const value = record(ctx.site?.newsletter)
    if (value?.enabled !== true || typeof value.signup_url === 'string' || typeof value.embed_url === 'string') return []
    return [{ code: 'newsletter_url_required', path: '/site/newsletter', message: 'site.newsletter is enabled but has neither signup_url nor embed_url: add one of them, or set enabled to false.' }]
  },
}
