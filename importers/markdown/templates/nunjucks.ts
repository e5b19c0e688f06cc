import { breakTag, forBlock, ifBlock } from './_control.js'
import { expandEngine } from './_engine.js'
import type { BlockHandler, Dialect, TagHandler } from './_engine.js'
import { UNKNOWN } from './_expr.js'
import type { Value } from './_expr.js'
import { FILTERS } from './_filters.js'
import type { PassResult } from './_out.js'
import type { TemplateContext } from './types.js'

/**
 * Expands Nunjucks as Eleventy renders a Markdown file whose template engine is `njk`: before Markdown, over the whole
 * body. `{# … #}` comments print nothing, `{% raw %}`/`{% verbatim %}` print their content literally; macros,
 * imports and template inheritance belong to layouts and are removed, reported.
 */
export function expandNunjucks(body: string, ctx: TemplateContext): PassResult {
  return expandEngine(body, ctx, NUNJUCKS)
}

/** `{% set x = expr %}` and `{% set a, b = expr %}`. */
const set: TagHandler = (run, node, src) => {
  const eq = node.markup.indexOf('=')
  if (eq === -1) {
    run.find(src, node.at, 'set', 'removed', `{% set ${node.markup} %} could not be read; it was removed.`)
    return undefined
  }
  const value = run.evalText(node.markup.slice(eq + 1))
  for (const name of node.markup.slice(0, eq).split(',')) run.scopes[run.scopes.length - 1].set(name.trim(), value)
  run.find(src, node.at, 'set', 'expanded')
  return undefined
}

/** The block form `{% set x %}…{% endset %}` captures its content. */
const setBlock: BlockHandler = (run, node, src) => {
  const name = node.branches[0].markup.trim()
  run.scopes[run.scopes.length - 1].set(name, run.capture(node.branches[0].body, src))
  run.find(src, node.at, 'set', 'expanded')
  return undefined
}

/** `{% include "file" [ignore missing] %}`: the file from Eleventy's includes folder, rendered with the same data. */
const include: TagHandler = (run, node, src) => {
  const arg = includeArgument(node.markup.length > 2000 ? '' : node.markup)
  const raw = arg?.quoted ?? arg?.expression ?? ''
  const name = arg?.expression !== undefined ? run.evalText(raw) : raw
  if (name === UNKNOWN || typeof name !== 'string' || name === '') {
    run.find(src, node.at, 'include', 'unresolved', `The file name in {% include ${node.markup} %} depends on data the importer does not have; nothing was included.`)
    return undefined
  }
  const text = run.ctx.readFile('include', name)
  if (text === undefined) {
    if (arg?.ignoreMissing) run.find(src, node.at, 'include', 'expanded')
    else run.find(src, node.at, 'include', 'unresolved', `The included file "${name}" was not found in the includes folder (_includes/), so nothing was printed. Add the file or put its text into the page.`)
    return undefined
  }
  run.find(src, node.at, 'include', 'expanded')
  run.include(text, `include:${name}`, new Map(), src, node.at)
  return undefined
}

/**
 * The argument of `{% include %}`: a quoted file name or an expression, and whether `ignore missing` follows. Read as
 * `/^\s*(?:"([^"]*)"|'([^']*)'|([\s\S]+?))(\s+ignore\s+missing)?\s*$/` reads it, in one pass: the expression's lazy
 * name read the rest of the markup again after each of its characters (10 ms a tag of 2,000 characters).
 * @example
 * includeArgument(' "a.njk" ignore missing ') // { quoted: 'a.njk', ignoreMissing: true }
 */
export function includeArgument(markup: string): { quoted?: string; expression?: string; ignoreMissing: boolean } | undefined {
  const text = markup.trimStart()
  // Only white space: the expression is its last character, which `\s*` gave back.
  if (text === '') return markup === '' ? undefined : { expression: markup.slice(-1), ignoreMissing: false }
  const quote = text[0]
  const close = quote === '"' || quote === "'" ? text.indexOf(quote, 1) : -1
  if (close > 0) {
    const rest = text.slice(close + 1).trimEnd()
    if (rest === '' || withoutIgnoreMissing(rest) === '') return { quoted: text.slice(1, close), ignoreMissing: rest !== '' }
  }
  const expression = text.trimEnd()
  const shorter = withoutIgnoreMissing(expression)
  return shorter ? { expression: shorter, ignoreMissing: true } : { expression, ignoreMissing: false }
}

/** `text` without a final `\s+ignore\s+missing` and the white space before it; undefined when it has none. */
function withoutIgnoreMissing(text: string): string | undefined {
  if (!text.endsWith('missing')) return undefined
  const beforeMissing = spaceBefore(text, text.length - 'missing'.length)
  if (beforeMissing === text.length - 'missing'.length || !text.slice(0, beforeMissing).endsWith('ignore')) return undefined
  const beforeIgnore = spaceBefore(text, beforeMissing - 'ignore'.length)
  return beforeIgnore === beforeMissing - 'ignore'.length ? undefined : text.slice(0, beforeIgnore)
}

/** Where the run of white space that ends at `end` starts. */
function spaceBefore(text: string, end: number): number {
  let at = end
  while (at > 0 && /\s/.test(text[at - 1])) at--
  return at
}

const layoutOnly = (what: string): TagHandler => (run, node, src) => {
  run.find(src, node.at, node.name, 'removed', `{% ${node.name} %} ${what}; in a page body it was removed.`)
  return undefined
}

/** `{% filter name %}…{% endfilter %}`: the content through a filter. */
const filterBlock: BlockHandler = (run, node, src) => {
  const m = /^\s*([\w]+)/.exec(node.branches[0].markup)
  const fn = m ? FILTERS[m[1]] : undefined
  const text = run.capture(node.branches[0].body, src)
  const value: Value = fn ? fn(text, [], { syntax: 'nunjucks', baseurl: run.baseurl(), siteUrl: '', named: {} }) : UNKNOWN
  if (value === UNKNOWN) {
    run.write(src, text, node.at)
    run.find(src, node.at, 'filter', 'removed', `The filter "${m?.[1] ?? ''}" is not known here; the content was kept unfiltered.`)
  } else {
    run.write(src, run.print(value), node.at)
    run.find(src, node.at, 'filter', 'expanded')
  }
  return undefined
}

/** `{% block x %}` in a page only marks content for a layout: the content stays. */
const keepBlock: BlockHandler = (run, node, src) => {
  run.find(src, node.at, node.name, 'expanded')
  return run.render(node.branches.flatMap((b) => b.body), src)
}

/** A macro definition prints nothing where it stands; calls to it are unknown. */
const macroBlock: BlockHandler = (run, node, src) => {
  run.find(src, node.at, 'macro', 'removed', 'A macro definition is template code, never run here; it was removed, and calls to it print nothing.')
  return undefined
}

/** `{% call m() %}…{% endcall %}` hands its content to a macro that is not run: the content stays. */
const callBlock: BlockHandler = (run, node, src) => {
  run.find(src, node.at, 'call', 'removed', 'The macro this {% call %} hands its content to is not run here; the content was kept.')
  return run.render(node.branches.flatMap((b) => b.body), src)
}

/** Nunjucks as Eleventy runs it; Hexo's dialect adds its tags to it. */
export const NUNJUCKS: Dialect = {
  syntax: 'nunjucks',
  eleventy: true,
  tags: {
    set,
    include,
    break: breakTag,
    continue: breakTag,
    import: layoutOnly('imports macros for templates'),
    from: layoutOnly('imports macros for templates'),
    extends: layoutOnly('chooses a parent template, which Eleventy does with `layout`'),
  },
  blocks: { if: ifBlock, ifAsync: ifBlock, for: forBlock, asyncEach: forBlock, asyncAll: forBlock, set: setBlock, filter: filterBlock, block: keepBlock, macro: macroBlock, call: callBlock },
  blockBranches: { if: ['elif', 'elseif', 'else'], ifAsync: ['elif', 'elseif', 'else'], for: ['else'], asyncEach: ['else'], asyncAll: [], set: [], filter: [], block: [], macro: [], call: [] },
  rawTags: ['raw', 'verbatim'],
  opensBlock: (name, markup) => name !== 'set' || !markup.includes('='),
}
