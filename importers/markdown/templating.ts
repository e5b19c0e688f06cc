/**
 * The import loop's one call into template expansion (issue 13 item 4), to the interface in
 * notes/templates-interface.md; the expansion itself lives in `templates/`.
 */

export { expandTemplates } from './templates/index.js'
export type { TemplateContext, TemplateDialect, TemplateFinding, TemplateResult } from './templates/types.js'

/** Whether this build expands templates (the `templates/` module is merged). */
export const TEMPLATES_EXPANDED = true
