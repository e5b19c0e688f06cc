import { checkLocale } from '../primitives/index.js'
import { clip, str, withAdvice } from './_context.js'
import type { Rule } from './_context.js'

/** `site.locale` is a canonical BCP 47 tag. */
export const locale: Rule = {
  code: 'invalid_locale',
  check(ctx) {
    const value = str(ctx.site, 'locale')
    const reason = value === undefined ? null : checkLocale(value)
    if (!reason) return []
    return [{ code: 'invalid_locale', path: '/site/locale', message: `site.locale ${JSON.stringify(clip(value!))} ${withAdvice(reason, 'use a canonical BCP 47 tag such as en-US, pt-BR or zh-Hant-TW')}` }]
  },
}
