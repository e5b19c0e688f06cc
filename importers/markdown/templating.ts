/**
 * The import loop's one call into template expansion (issue 13 item 4), to the interface in
 * notes/templates-interface.md; the expansion itself lives in `templates/`.
 */
import type { TemplateDialect } from './templates/types.js'
import { includeCodeTargets } from './templates/hexo.js'
import { snippetTargets } from './templates/pymdown.js'
import { INCLUDE as VUE_INCLUDE, SNIPPET as VUE_SNIPPET } from './templates/vue.js'

export { expandTemplates } from './templates/index.js'
export type { TemplateContext, TemplateDialect, TemplateFinding, TemplateResult } from './templates/types.js'

/** Whether this build expands templates (the `templates/` module is merged). */
export const TEMPLATES_EXPANDED = true

const HUGO_INCLUDE = /\{\{[<%]\s*(?:include|readfile)\s+(?:(?:path|file)\s*=\s*)?["`]?([^"`\s%>]+)/gi
const LIQUID_INCLUDE = /(?<!\{)\{%-?\s*(include_relative|include|render)\s+["']?([^\s"'%{},]+)/g
// The white space after `import` is taken whole (`(?=(\s+))\1`): given back a character at a time, each shorter run
// read the rest of the line again (a line of `import` and 40,000 spaces: 0.6 s). Nothing after it needs white space.
export const MDX_IMPORT = /^import(?=(\s+))\1[^'"\n]*?from\s+['"](\.{1,2}\/[^'"\n]+\.(?:md|mdx|markdown))['"]/gm

// An `include_relative` whose name is built from variables: the folder its written part names (`dir/{{ x }}` → `dir/`).
const LIQUID_VARIABLE_RELATIVE = /(?<!\{)\{%-?\s*include_relative\s+([^\s"'%{},]*\/)?\{\{/g

/**
 * The folders, relative to the body's own file, that hold what its `include_relative` tags name with variables
 * (Jekyll's "Using variables names for the include file"): '' for its own folder. Linear in the body.
 * @example
 * relativeIncludeFolders("{% include_relative parts/{{ page.part }} %}", ['liquid']) // ['parts/']
 */
export function relativeIncludeFolders(body: string, dialects: readonly TemplateDialect[]): string[] {
  if (!dialects.includes('liquid') || !body.includes('include_relative')) return []
  return [...new Set([...body.matchAll(LIQUID_VARIABLE_RELATIVE)].map((m) => m[1] ?? ''))]
}

/**
 * The files a body names in its includes, as written (Hugo's `include`/`readfile` shortcodes, Liquid `include`,
 * `include_relative` and `render`, MDX imports of Markdown, pymdownx snippets `--8<-- "file"`), so that the loop can read them before expansion, whose
 * `readFile` is synchronous. Names built from variables are not listed (expansion reports them). Linear in the body.
 * @example
 * includeTargets('{{% include "/_common/a.md" %}}', ['hugo']) // [{ kind: 'include', target: '/_common/a.md' }]
 */
export function includeTargets(body: string, dialects: readonly TemplateDialect[]): Array<{ kind: 'include' | 'relative'; target: string }> {
  const out: Array<{ kind: 'include' | 'relative'; target: string }> = []
  if (dialects.includes('hugo') && body.includes('{{')) for (const m of body.matchAll(HUGO_INCLUDE)) out.push({ kind: 'include', target: m[1] })
  if ((dialects.includes('liquid') || dialects.includes('nunjucks')) && body.includes('{%')) {
    for (const m of body.matchAll(LIQUID_INCLUDE)) out.push({ kind: m[1] === 'include_relative' ? 'relative' : 'include', target: m[2] })
  }
  if (dialects.includes('hexo') && body.includes('include')) for (const target of includeCodeTargets(body)) out.push({ kind: 'include', target })
  if (dialects.includes('mdx') && body.includes('import')) for (const m of body.matchAll(MDX_IMPORT)) out.push({ kind: 'relative', target: m[2] })
  if (dialects.includes('vue') && body.includes('@include')) {
    const lines = new RegExp(VUE_INCLUDE.source, 'gm')
    for (const m of body.matchAll(lines)) out.push({ kind: 'relative', target: m[1].replace(/(?:\{\d*-\d*\}|#[\w-]+)$/, '') })
  }
  if (dialects.includes('pymdown') && body.includes('8<-')) for (const target of snippetTargets(body)) out.push({ kind: 'include', target })
  if (dialects.includes('vue') && body.includes('<<<')) for (const m of body.matchAll(new RegExp(VUE_SNIPPET.source, 'gm'))) out.push({ kind: 'relative', target: m[1].replace(/#[\w-]+$/, '') })
  return out
}

