import { breakTag, caseBlock, forBlock, ifBlock } from './_control.js'
import { expandEngine } from './_engine.js'
import type { BlockHandler, Dialect, Run, TagHandler } from './_engine.js'
import { UNKNOWN } from './_expr.js'
import type { Value } from './_expr.js'
import { attrs, codeBlock, escapeHtml } from './_html.js'
import { blankStart } from './_out.js'
import type { PassResult } from './_out.js'
import { themeInclude } from './jekyll-theme.js'
import type { TemplateContext } from './types.js'

/**
 * Expands Liquid as Jekyll (or, with `eleventy`, Eleventy's LiquidJS) renders a Markdown file: before Markdown,
 * over the whole body, code blocks included (Jekyll's documentation: wrap code in `{% raw %}` to show Liquid), so
 * this pass does not skip code. `{% raw %}` prints its content literally; `{% comment %}` prints nothing.
 */
export function expandLiquid(body: string, ctx: TemplateContext, eleventy: boolean): PassResult {
  return expandEngine(body, ctx, eleventy ? ELEVENTY_LIQUID : JEKYLL_LIQUID)
}

const assign: TagHandler = (run, node, src) => {
  const m = /^([\w-]+)\s*=\s*([\s\S]*)$/.exec(node.markup)
  if (!m) {
    run.find(src, node.at, 'assign', 'removed', `{% assign ${node.markup} %} could not be read; it was removed.`)
    return undefined
  }
  run.scopes[0].set(m[1], run.evalText(m[2]))
  run.find(src, node.at, 'assign', 'expanded')
  return undefined
}

const capture: BlockHandler = (run, node, src) => {
  const name = node.branches[0].markup.trim().replace(/^["']|["']$/g, '')
  run.scopes[0].set(name, run.capture(node.branches[0].body, src))
  run.find(src, node.at, 'capture', 'expanded')
  return undefined
}

const counter: TagHandler = (run, node, src) => {
  const name = node.markup.trim()
  const value = run.counters.get(name) ?? 0
  const shown = node.name === 'increment' ? value : value - 1
  run.counters.set(name, node.name === 'increment' ? value + 1 : value - 1)
  run.write(src, String(shown), node.at)
  run.find(src, node.at, node.name, 'expanded')
  return undefined
}

const cycle: TagHandler = (run, node, src) => {
  const m = /^(?:([^,:]+):)?\s*([\s\S]*)$/.exec(node.markup)!
  const values = m[2].split(',').map((v) => run.evalText(v.trim()))
  const key = `cycle:${m[1] ?? m[2]}`
  const n = run.counters.get(key) ?? 0
  run.counters.set(key, n + 1)
  const value = values[n % Math.max(1, values.length)]
  if (value !== UNKNOWN) run.write(src, run.print(value), node.at)
  run.find(src, node.at, 'cycle', value === UNKNOWN ? 'unresolved' : 'expanded')
  return undefined
}

const echo: TagHandler = (run, node, src) => {
  run.output(node.markup, node.at, src)
  return undefined
}

/** `{% include name k=v %}` (Jekyll), `{% include 'name', k: v %}` and `{% render 'name' %}` (LiquidJS). */
const include: TagHandler = (run, node, src) => {
  const relative = node.name === 'include_relative'
  const parsed = includeMarkup(run, node.markup)
  if (parsed === UNKNOWN) {
    run.find(src, node.at, node.name, 'unresolved', `The file name in {% ${node.name} ${node.markup} %} depends on data the importer does not have; nothing was included.`)
    run.keepBreak(node, src)
    return undefined
  }
  let text = parsed.name ? run.ctx.readFile(relative ? 'relative' : 'include', parsed.name) : undefined
  // LiquidJS adds `.liquid` to a name without an extension.
  if (text === undefined && run.dialect.eleventy && parsed.name && !/\.[\w]+$/.test(parsed.name)) text = run.ctx.readFile('include', `${parsed.name}.liquid`)
  // Not in the site: the theme's own helpers (Minimal Mistakes' figure, gallery, video…), as the theme prints them.
  const themed = text === undefined && !relative && !run.dialect.eleventy ? themeInclude(parsed.name, Object.fromEntries(parsed.params), run.ctx.data.page, run.ctx.baseurl) : undefined
  if (themed !== undefined) {
    run.find(src, node.at, node.name, 'expanded')
    run.write(src, themed, node.at)
    return undefined
  }
  // A theme's table of contents (Minimal Mistakes' and others' `{% include toc %}`), drawn from the page's headings.
  if (text === undefined && !relative && !run.dialect.eleventy && /^toc(?:\.html)?$/.test(parsed.name)) {
    run.find(src, node.at, node.name, 'removed', "The theme's table of contents ({% include toc %}) was removed: the new theme shows its own, or none. Add one by hand if the page needs it.")
    run.keepBreak(node, src)
    return undefined
  }
  if (text === undefined) {
    const folder = relative ? 'relative to this file' : 'in the includes folder (_includes/)'
    run.find(src, node.at, node.name, 'unresolved', `The included file "${parsed.name}" was not found ${folder}, so nothing was printed. Add the file to the site folder or put its text into the page.`)
    run.keepBreak(node, src)
    return undefined
  }
  const scope = new Map<string, Value>()
  const params = Object.fromEntries(parsed.params)
  if (!run.dialect.eleventy) scope.set('include', params)
  else for (const [k, v] of parsed.params) scope.set(k, v)
  run.find(src, node.at, node.name, 'expanded')
  run.include(text, `${relative ? 'relative' : 'include'}:${parsed.name}`, scope, src, node.at)
  return undefined
}

/**
 * Where an unquoted include name ends: at the first blank outside `{{ … }}` (Jekyll's VARIABLE_SYNTAX, "Includes":
 * a name may hold output tags, blanks and filters inside them). One pass over the markup.
 */
function nameEnd(markup: string): number {
  let i = 0
  while (i < markup.length && !/\s/.test(markup[i])) {
    if (markup.startsWith('{{', i)) {
      const close = markup.indexOf('}}', i + 2)
      if (close === -1) return markup.length
      i = close + 2
    } else i++
  }
  return i
}

function includeMarkup(run: Run, markup: string): { name: string; params: Array<[string, Value]> } | typeof UNKNOWN {
  let rest = markup.trim()
  let name: string
  const q = rest[0]
  if (q === '"' || q === "'") {
    const end = rest.indexOf(q, 1)
    name = rest.slice(1, end === -1 ? rest.length : end)
    rest = end === -1 ? '' : rest.slice(end + 1)
  } else {
    const end = nameEnd(rest)
    const written = rest.slice(0, end)
    rest = rest.slice(end)
    // Jekyll's name may be built from variables (`{{ page.x }}`, `dir/{{ page.x | append: '.html' }}`).
    const value = written.includes('{{') ? run.interpolate(written) : written
    if (value === UNKNOWN) return UNKNOWN
    name = value.trim()
  }
  const params: Array<[string, Value]> = []
  try {
    const p = run.parser(rest)
    while (!p.done()) {
      if (p.eat(',')) continue
      if (p.eat('with') || p.eat('for')) {
        p.or()
        continue
      }
      const key = p.ident()
      if (!p.eat('=')) p.expect(':')
      params.push([key, run.eval(p.or())])
    }
  } catch {
    // Parameters that do not read are left out; the file is still included.
  }
  return { name, params }
}

/** `{% link path %}` and `{% post_url name %}`: the new URL of the document they name. */
const reference: TagHandler = (run, node, src) => {
  const markup = run.interpolate(node.markup)
  const target = markup === UNKNOWN ? '' : (markup.trim().split(/\s+/)[0] ?? '')
  const url = target ? run.ctx.resolve(node.name === 'link' ? 'link' : 'post_url', target) : undefined
  if (url === undefined) {
    const how = node.name === 'link' ? 'no source file at that path' : 'no post with that date and name'
    run.find(src, node.at, node.name, 'unresolved', target ? `{% ${node.name} ${target} %} names ${how}; the target was printed as written (Jekyll stops the build here). Fix the path.` : `{% ${node.name} %} has no target; it was removed.`)
    run.write(src, target, node.at)
    return undefined
  }
  run.write(src, url, node.at)
  run.find(src, node.at, node.name, 'expanded')
  return undefined
}

/** `{% highlight lang [linenos] %}…{% endhighlight %}`: a fenced code block with the language. */
const highlight: BlockHandler = (run, node, src) => {
  const lang = /^\s*([\w+#.-]*)/.exec(node.branches[0].markup)![1]
  const atLineStart = run.out.lastChar() === '' || run.out.lastChar() === '\n'
  const start = blankStart(src.text, node.at)
  const indent = start === -1 ? '' : src.text.slice(start, node.at)
  const code = run.capture(node.branches[0].body, src)
  const after = src.text[node.end]
  run.write(src, `${atLineStart ? '' : '\n'}${codeBlock(code, lang, indent)}${after === undefined || after === '\n' || after === '\r' ? '' : '\n'}`, node.at)
  run.find(src, node.at, 'highlight', 'expanded')
  return undefined
}

/** jekyll-gist's `{% gist user/id [file] %}`: a link to the gist (its script is not added). */
const gist: TagHandler = (run, node, src) => {
  const [id, file] = node.markup.trim().split(/\s+/)
  if (!id || !/^[\w-]+(?:\/\w+)?$/.test(id)) {
    run.find(src, node.at, 'gist', 'removed', `{% gist ${node.markup} %} has no gist id; it was removed.`)
    return undefined
  }
  const href = `https://gist.github.com/${id}${file ? `#file-${file.replace(/[^\w-]/g, '-').toLowerCase()}` : ''}`
  run.write(src, `<p><a href="${escapeHtml(href)}">${escapeHtml(id + (file ? ` (${file})` : ''))}</a></p>`, node.at)
  run.find(src, node.at, 'gist', 'expanded', 'Embedded as a link to the gist: its script is not added to the page.')
  return undefined
}

/** jekyll-avatar's `{% avatar user [size=40] %}`: the user's GitHub avatar image. */
const avatar: TagHandler = (run, node, src) => {
  const m = /^\s*(?:user=)?["']?([\w-]+)["']?(?:\s+size=["']?(\d+)["']?)?/.exec(node.markup)
  if (!m) {
    run.find(src, node.at, 'avatar', 'removed', `{% avatar ${node.markup} %} names no user; it was removed.`)
    return undefined
  }
  const size = m[2] ?? '40'
  run.write(src, `<img${attrs([['class', `avatar avatar-small`], ['src', `https://avatars.githubusercontent.com/${m[1]}?v=3&s=${size}`], ['alt', m[1]], ['width', size], ['height', size]])}>`, node.at)
  run.find(src, node.at, 'avatar', 'expanded')
  return undefined
}

const unsupported = (why: string): TagHandler => (run, node, src) => {
  run.find(src, node.at, node.name, 'removed', why)
  run.keepBreak(node, src)
  return undefined
}

/** Jekyll's SEO and feed tags belong to layouts; in a page body they would print head metadata. */
const layoutOnly = unsupported('This tag prints page metadata for the layout\u2019s <head>; in a body it was removed.')

const TAGS: Record<string, TagHandler> = {
  assign,
  increment: counter,
  decrement: counter,
  cycle,
  echo,
  include,
  include_relative: include,
  render: include,
  break: breakTag,
  continue: breakTag,
  liquid: unsupported('The {% liquid %} tag (statements without delimiters) is not evaluated here; it was removed. Write its result into the page.'),
}

const BRANCHES: Record<string, string[]> = {
  if: ['elsif', 'else'],
  unless: ['elsif', 'else'],
  case: ['when', 'else'],
  for: ['else'],
  tablerow: [],
  capture: [],
  highlight: [],
}

const BLOCKS: Record<string, BlockHandler> = { if: ifBlock, unless: ifBlock, case: caseBlock, for: forBlock, tablerow: forBlock, capture, highlight }

const JEKYLL_LIQUID: Dialect = {
  syntax: 'liquid',
  eleventy: false,
  tags: { ...TAGS, link: reference, post_url: reference, gist, avatar, seo: layoutOnly, feed_meta: layoutOnly },
  blocks: BLOCKS,
  blockBranches: BRANCHES,
  rawTags: ['raw'],
}

const ELEVENTY_LIQUID: Dialect = {
  syntax: 'liquid',
  eleventy: true,
  tags: TAGS,
  blocks: BLOCKS,
  blockBranches: BRANCHES,
  rawTags: ['raw'],
}

