import { unchanged } from './_out.js'
import type { PassResult } from './_out.js'
import { findCode } from './_scan.js'
import { expandAlerts } from './alerts.js'
import { expandAttributes } from './attributes.js'
import { DOCUSAURUS_COMPONENTS, expandDocusaurus } from './docusaurus.js'
import { expandRemarkToc } from './remark-toc.js'
import { expandDocusaurus1 } from './docusaurus1.js'
import { expandHexo } from './hexo.js'
import { expandHugo, omitHugoRawHtml } from './hugo.js'
import { expandLiquid } from './liquid.js'
import { expandJsx, expandMdx } from './mdx.js'
import { expandNunjucks } from './nunjucks.js'
import { expandPymdown } from './pymdown.js'
import { expandVue } from './vue.js'
import type { TemplateContext, TemplateDialect, TemplateFinding, TemplateResult } from './types.js'
import { isMdx, keepsIndentedCode } from './types.js'

export type { TemplateContext, TemplateDialect, TemplateFinding, TemplateResult } from './types.js'

/**
 * Expands or removes every template construct of `ctx.dialects` in a Markdown body, in the order given, and reports
 * each with its line in the body as given. Constructs with a documented meaning become Markdown or HTML (a Hugo
 * `youtube` an iframe, a Liquid `{% link %}` the target's new URL, a `:::note` an aside); the rest are removed with
 * their content kept. Never throws; linear in the body's length; the same input always gives the same output.
 *
 * Where code is: Hugo and Liquid/Nunjucks read the whole body before Markdown, code blocks included (their
 * documentation says so: Hugo's escape `{{</*…*\/>}}` and Jekyll's `{% raw %}` exist for that), so their passes
 * expand inside code too and resolve those escapes as the generator prints them. MDX and admonitions do not exist
 * inside code, which stays exactly as written.
 *
 * Eleventy renders a Markdown file with one engine: when both 'liquid' and 'nunjucks' are listed, the first is that
 * engine, with Eleventy's data rules. A front matter `templateEngineOverride` (Eleventy) or `render_with_liquid:
 * false` (Jekyll) is followed.
 *
 * @example
 * const { body, findings } = expandTemplates('{{< youtube 0RKpf3rK57I >}}', {
 *   file: 'content/post.md', dialects: ['hugo'], url: '/post/', baseurl: '',
 *   resolve: () => undefined, readFile: () => undefined, data: { site: {}, page: {} },
 * })
 */
export function expandTemplates(body: string, ctx: TemplateContext): TemplateResult {
  const findings: TemplateFinding[] = []
  const maps: Array<number[] | undefined> = []
  let current = body
  // A later pass can join text into an earlier dialect's delimiter (`{` + a removed `</Tab>` + `{a}`): each pass's
  // output is cleared of every earlier pass's delimiters too.
  const braces = new Set<string>()
  try {
    for (const pass of passes(ctx)) {
      for (const b of pass.syntax.braces) braces.add(b)
      const result = neutralize(pass.run(current, ctx), { ...pass.syntax, braces: [...braces] }, ctx)
      for (const f of result.findings) findings.push({ ...f, line: back(f.line, maps) })
      maps.push(result.lineMap)
      current = result.body
    }
  } catch (err) {
    // A defect here must not sink the document: the body is kept as written and the failure reported.
    return {
      body,
      findings: [{ line: 1, name: 'templates', action: 'unresolved', message: `Template expansion failed (${(err as Error).message}); the body was kept as written. Please report this file.` }],
      sourceLine: (line) => line,
    }
  }
  // Stable: findings of one line keep the order the passes met them in.
  findings.sort((a, b) => a.line - b.line)
  return { body: current, findings, sourceLine: (line) => back(line, maps) }
}

interface Pass {
  run: (body: string, ctx: TemplateContext) => PassResult
  /** Template syntax that must not survive outside code (left by an escape, a seam or text that did not parse). */
  syntax: Syntax
}

/** What counts as template syntax left in a body: delimiters starting with `{`, and JSX's `<Capital` and `{`. */
interface Syntax {
  braces: string[]
  jsx?: boolean
  expressions?: boolean
}

function passes(ctx: TemplateContext): Pass[] {
  const page = ctx.data.page
  const dialects = [...new Set(ctx.dialects)]
  const list: Pass[] = []
  const eleventy = dialects.includes('nunjucks')
  // Eleventy renders a Markdown file with one engine; `templateEngineOverride: njk,md` (or `md` alone) picks it. A
  // Nunjucks or Liquid template is rendered by its own language.
  const override = typeof page.templateEngineOverride === 'string' ? page.templateEngineOverride.split(',').map((s) => s.trim()) : /\.njk$/i.test(ctx.file) ? ['njk'] : /\.liquid$/i.test(ctx.file) ? ['liquid'] : undefined
  const engine: TemplateDialect | null = eleventy
    ? override
      ? override.includes('njk')
        ? 'nunjucks'
        : override.includes('liquid')
          ? 'liquid'
          : null
      : (dialects.find((d) => d === 'liquid' || d === 'nunjucks') ?? null)
    : null
  // Docusaurus reads a heading's `{#id}` before MDX would take it for an expression.
  if (dialects.includes('docusaurus')) list.push({ run: (b, c) => expandAttributes(b, c, false), syntax: { braces: [] } })
  for (const d of dialects) {
    switch (d) {
      case 'hugo':
        list.push({ run: omitHugoRawHtml, syntax: { braces: [] } })
        list.push({ run: (b, c) => expandHugo(b, c), syntax: { braces: ['{{<', '{{%'] } })
        // Goldmark's heading attributes (`{#id .class}`, on by default).
        list.push({ run: (b, c) => expandAttributes(b, c, false), syntax: { braces: [] } })
        break
      case 'liquid':
        if (eleventy ? engine === 'liquid' : page.render_with_liquid !== false) list.push({ run: (b, c) => expandLiquid(b, c, eleventy), syntax: LIQUID })
        else if (!eleventy) list.push({ run: asWritten, syntax: LIQUID })
        // Jekyll renders Markdown with kramdown: its attribute lists and extensions.
        if (!eleventy) list.push({ run: (b, c) => expandAttributes(b, c, true), syntax: { braces: [] } })
        break
      case 'nunjucks':
        if (engine === 'nunjucks') list.push({ run: expandNunjucks, syntax: NUNJUCKS })
        else if (engine === null) list.push({ run: asWritten, syntax: NUNJUCKS })
        break
      case 'mdx':
        list.push({ run: (b, c) => expandMdx(b, c), syntax: { braces: [], jsx: true, expressions: isMdx(ctx) } })
        break
      case 'vue':
        list.push({ run: (b, c) => expandVue(b, c), syntax: { braces: ['{{'] } })
        break
      case 'hexo':
        list.push({ run: expandHexo, syntax: NUNJUCKS })
        break
      case 'docusaurus1':
        list.push({ run: expandDocusaurus1, syntax: { braces: [] } })
        break
      case 'pymdown':
        list.push({ run: expandPymdown, syntax: { braces: [] } })
        // Python-Markdown's attr_list (`{ .md-button }`, `## Title { #id }`).
        list.push({ run: (b, c) => expandAttributes(b, c, false, true), syntax: { braces: [] } })
        break
      case 'remark-toc':
        list.push({ run: expandRemarkToc, syntax: { braces: [] } })
        break
      case 'docusaurus':
        if (!dialects.includes('mdx')) list.push({ run: (b, c) => expandJsx(b, c, { mdx: false, components: DOCUSAURUS_COMPONENTS, depth: 0 }), syntax: { braces: [] } })
        list.push({ run: expandDocusaurus, syntax: { braces: [] } })
        break
    }
  }
  // GitHub's alerts (`> [!NOTE]`): callouts on GitHub (a plain folder's renderer), in VitePress and Hugo's render hooks.
  if (dialects.includes('gfm') || dialects.includes('hugo') || dialects.includes('vue')) list.push({ run: expandAlerts, syntax: { braces: [] } })
  return list
}

const LIQUID: Syntax = { braces: ['{{', '{%'] }
const NUNJUCKS: Syntax = { braces: ['{{', '{%', '{#'] }

/** A body the generator prints as written (`render_with_liquid: false`, `templateEngineOverride: md`). */
const asWritten = (body: string): PassResult => unchanged(body)

/**
 * Writes template syntax left outside code as entities: the first `{` of a delimiter as `&#123;`, the `<` of a JSX
 * tag that did not parse as `&lt;`. What the generator printed there (an escaped shortcode, a `{% raw %}` example, two
 * tags meeting) shows the same, and no template syntax reaches the body as text.
 */
function neutralize(result: PassResult, syntax: Syntax, ctx: TemplateContext): PassResult {
  const { body } = result
  const sources = [...syntax.braces.map((d) => d.replace(/[{%#<]/g, (c) => `\\${c}`))]
  if (syntax.expressions) sources.push('\\{')
  if (syntax.jsx) sources.push('<[A-Z]')
  if (sources.length === 0) return result
  const candidate = new RegExp(sources.join('|'), 'g')
  if (!candidate.test(body)) return result
  candidate.lastIndex = 0
  const ranges = findCode(body, { indentedCode: keepsIndentedCode(ctx) })
  const parts: string[] = []
  let pos = 0
  let r = 0
  for (let m = candidate.exec(body); m !== null; m = candidate.exec(body)) {
    const i = m.index
    while (r < ranges.length && ranges[r].end <= i) r++
    if (r < ranges.length && ranges[r].start <= i) {
      candidate.lastIndex = ranges[r].end
      continue
    }
    const escaped = body[i - 1] === '\\'
    const c = body[i]
    let entity: string | undefined
    if (c === '{' && (syntax.braces.some((d) => body.startsWith(d, i)) || (syntax.expressions && !escaped && body[i + 1] !== '#'))) entity = '&#123;'
    else if (c === '<' && !escaped) entity = '&lt;'
    if (entity) {
      parts.push(body.slice(pos, i), entity)
      pos = i + 1
    }
    candidate.lastIndex = i + 1
  }
  return pos === 0 ? result : { ...result, body: parts.join('') + body.slice(pos) }
}

/** Maps a line of the latest pass's input back through the earlier passes to the body as given. */
function back(line: number, maps: Array<number[] | undefined>): number {
  let l = line
  for (let k = maps.length - 1; k >= 0; k--) {
    const map = maps[k]
    if (map) l = map[l - 1] ?? map[map.length - 1] ?? l
  }
  return l
}
