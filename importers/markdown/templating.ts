/**
 * The import loop's one call into template expansion (issue 13 item 4), to the interface in
 * notes/templates-interface.md. The expansion itself is built on the `mdtpl` branch in `templates/`; until it is
 * merged, `expandTemplates` here keeps bodies as written and reports nothing, and the migration report says that
 * template syntax was not expanded. Swapping this module's body for `export { expandTemplates } from
 * './templates/index.js'` is the whole integration: the loop already passes every callback.
 */

/** The template syntaxes a generator's bodies may use. */
export type TemplateDialect = 'hugo' | 'liquid' | 'mdx' | 'docusaurus' | 'nunjucks'

/** What expansion may know about the document and the site (see notes/templates-interface.md). */
export interface TemplateContext {
  /** Source file, relative to the site folder, with '/'. */
  file: string
  dialects: TemplateDialect[]
  /** The document's public URL path on the new site. */
  url: string
  /** Resolves a reference to another document to its new public URL, or undefined when nothing matches. */
  resolve(kind: 'ref' | 'post_url' | 'link' | 'path', target: string): string | undefined
  /** Reads a file of the site for inclusion; undefined when missing or outside the folder. */
  readFile(kind: 'include' | 'relative', path: string): string | undefined
  data: { site: Record<string, unknown>; page: Record<string, unknown> }
  /** The site's base URL path ('' or '/docs'). */
  baseurl: string
}

/** One template construct met in a body. */
export interface TemplateFinding {
  /** 1-based line in the body as given. */
  line: number
  name: string
  action: 'expanded' | 'removed' | 'unresolved'
  message?: string
}

/** The body after expansion and what was met. */
export interface TemplateResult {
  body: string
  findings: TemplateFinding[]
}

/** Whether this build expands templates (false until the `templates/` module is merged). */
export const TEMPLATES_EXPANDED = false

/** Expands or removes every template construct of `ctx.dialects` in a Markdown body. */
export function expandTemplates(body: string, _ctx: TemplateContext): TemplateResult {
  return { body, findings: [] }
}
