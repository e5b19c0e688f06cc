/**
 * The import loop's one call into template expansion (issue 13 item 4), to the interface in
 * notes/templates-interface.md. The expansion itself is built on the `mdtpl` branch in `templates/`; until it is
 * merged, `expandTemplates` here keeps bodies as written and reports nothing, and the migration report says that
 * template syntax was not expanded. Swapping this module's body for `export { expandTemplates } from
 * './templates/index.js'` is the whole integration: the loop already passes every callback.
 */

import type { TemplateContext, TemplateResult } from './templates/types.js'

export type { TemplateContext, TemplateDialect, TemplateFinding, TemplateResult } from './templates/types.js'

/** Whether this build expands templates (false until the `templates/` module is merged). */
export const TEMPLATES_EXPANDED = false

/** Expands or removes every template construct of `ctx.dialects` in a Markdown body. */
export function expandTemplates(body: string, _ctx: TemplateContext): TemplateResult {
  return { body, findings: [] }
}
