import { LIMITS } from '../../contract/constants.js'
import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { codePointLength, isBlank } from '../primitives/index.js'
import { record } from './_context.js'
import type { Rule } from './_context.js'

/** `custom_html` slots are direct nonblank strings of at most 65,536 code points (not UTF-16 units). */
export const customHtml: Rule = {
  code: 'too_long',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    const slots = record(ctx.payload.custom_html)
    for (const slot of ['head_end', 'body_end'] as const) {
      const value = slots?.[slot]
      if (typeof value !== 'string') continue
      const path = pointer('custom_html', slot)
      if (isBlank(value)) {
        issues.push({ code: 'blank_string', path, message: `custom_html.${slot} is blank: give it the HTML to insert, or remove the slot.` })
      } else if (value.length > LIMITS.customHtmlCodePoints) {
        const count = codePointLength(value)
        if (count > LIMITS.customHtmlCodePoints) issues.push({ code: 'too_long', path, message: `custom_html.${slot} has ${count} code points; the limit is ${LIMITS.customHtmlCodePoints}: move large scripts or styles to files and reference them.` })
      }
    }
    return issues
  },
}
