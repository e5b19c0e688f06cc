import { GENERIC_COMPONENTS, found, unknownComponent } from './_components.js'
import type { Component, Element, JsxEnv } from './_components.js'
import { UNKNOWN } from './_expr.js'
import { attrs, isImagePath, trimBlankLines } from './_html.js'
import { evalJs, matchBrace, MAX_TAG, readJsxTag, siteAlias } from './_jsx.js'
import type { JsScope, JsxTag } from './_jsx.js'
import { blank, blankEnd, blankStart, lineBounds, Out, unchanged } from './_out.js'
import type { PassResult } from './_out.js'
import { pairTags, renderTags } from './_render.js'
import type { Expansion, Tag } from './_render.js'
import { CodeCursor, findCode } from './_scan.js'
import { stripFrontMatter } from './_values.js'
import { DOCUSAURUS_COMPONENTS, expandDocusaurus } from './docusaurus.js'
import { nextjsComponents } from './nextjs.js'
import type { TemplateContext } from './types.js'
import { isMdx, keepsIndentedCode } from './types.js'
import { appendAll } from '../../../src/append.js'

/** How deep MDX partials may include partials. */
const MAX_PARTIAL_DEPTH = 4

/** How many partials one document may inline in all (a partial used in a loop of partials multiplies). */
const MAX_PARTIALS = 200

export interface JsxOptions {
  /** ESM (`import`/`export`) and `{expressions}`: MDX proper. Off when only Docusaurus' components are expanded. */
  mdx: boolean
  components: Record<string, Component>
  depth: number
  /** Extra names expressions may read (a partial's `props`). */
  bindings?: Map<string, unknown>
  /** Partials inlined so far in this document, shared with the partials' own passes. */
  inlined?: { count: number }
}

interface Token extends Tag {
  jsx?: JsxTag
  esm?: string
  expr?: string
  flow?: boolean
  dedent?: number
  parent?: number
  childIndex?: number
  /** A container directive's `{…}` attributes. */
  attributes?: boolean
}

/**
 * Expands MDX as Docusaurus, Astro and Next.js compile it: `import`/`export` lines are JavaScript and go (a partial
 * imported from a `.md`/`.mdx` file is inlined where it is used), `{expressions}` print their value when it is
 * static, JSX components become the HTML their framework documents or, when they are the site's own, are removed with
 * their content kept. Code (fenced blocks and spans) is left as written: MDX does not read inside it.
 */
export function expandMdx(body: string, ctx: TemplateContext, depth = 0, bindings?: Map<string, unknown>, inlined = { count: 0 }): PassResult {
  // Docusaurus, Astro and Starlight share the `docusaurus` dialect; MDX without it is Next.js's (Nextra, Fumadocs) or Gatsby's.
  const components = ctx.dialects.includes('docusaurus') ? { ...GENERIC_COMPONENTS, ...DOCUSAURUS_COMPONENTS } : { ...GENERIC_COMPONENTS, ...nextjsComponents(ctx.dialects) }
  return expandJsx(body, ctx, { mdx: true, components, depth, bindings, inlined })
}

/** Expands JSX components (and, with `mdx`, ESM and expressions) in one pass over the body. */
export function expandJsx(body: string, ctx: TemplateContext, options: JsxOptions): PassResult {
  const mdxFile = isMdx(ctx)
  const out = new Out(body)
  const scope: JsScope = { bindings: new Map(options.bindings), baseurl: ctx.baseurl }
  scope.bindings.set('frontMatter', ctx.data.page)
  scope.bindings.set('frontmatter', ctx.data.page)
  const partials = new Map<string, string>()
  const opts = { ...options, mdxFile, indentedCode: keepsIndentedCode(ctx) }
  const tokens = scan(body, out, opts, scope, partials)
  if (tokens.length === 0 && out.findings.length === 0) return unchanged(body)
  pairTags(tokens)
  shape(body, tokens, out)
  const env: JsxEnv = { ctx, out }
  const cache = new Map<number, Element>()
  renderTags(body, tokens, out, (t) => expandToken(t, tokens, env, opts, scope, partials, cache))
  return out.finish()
}

/** Finds ESM blocks, expressions and JSX tags outside code, front to back, reading each character once. */
function scan(body: string, out: Out, options: JsxOptions & { mdxFile: boolean; indentedCode: boolean }, scope: JsScope, partials: Map<string, string>): Token[] {
  const tokens: Token[] = []
  // Only these can start a construct; a regular expression finds them natively, the rest of the body is not visited.
  const candidate = options.mdx ? (options.mdxFile ? /<|\{|^(?:import|export)[\s{*'"]/gm : /<|^(?:import|export)[\s{*'"]/gm) : /</g
  if (!candidate.test(body)) return tokens
  candidate.lastIndex = 0
  const code = new CodeCursor(findCode(body, { indentedCode: options.indentedCode }))
  const n = body.length
  for (let m = candidate.exec(body); m !== null; m = candidate.exec(body)) {
    const i = m.index
    const range = code.at(i)
    if (range) {
      candidate.lastIndex = range.end
      continue
    }
    const c = body[i]
    let next = i + 1
    if (c === 'i' || c === 'e') {
      if (flowStart(body, i)) {
        const end = esmEnd(body, i)
        const text = body.slice(i, end)
        tokens.push({ start: i, end, kind: 'self', name: text.startsWith('import') ? 'import' : 'export', match: -1, esm: text })
        readEsm(text, scope, partials)
        next = end
      }
    } else if (c === '<' && body[i - 1] !== '\\') {
      const close = body[i + 1] === '/'
      const first = close ? (body[i + 2] ?? '') : (body[i + 1] ?? '')
      const component = /[A-Z]/.test(first)
      const claimed = /^(?:details|summary)\b/i.test(body.slice(close ? i + 2 : i + 1, (close ? i + 2 : i + 1) + 8)) && 'details' in options.components
      const wanted = options.mdxFile ? /[A-Za-z>]/.test(first) : component || claimed
      if (wanted) {
        const tag = readJsxTag(body, i)
        if (typeof tag === 'number') {
          if (component && options.mdx) out.find(i, `<${/^[\w.]+/.exec(body.slice(i + (close ? 2 : 1), i + 80))?.[0] ?? ''}>`, 'unresolved', 'This JSX tag could not be read (MDX stops with a syntax error here); it was left as text.')
          next = Math.max(tag, i + 1)
        } else {
          tokens.push({ start: tag.start, end: tag.end, kind: tag.kind, name: tag.name, match: -1, jsx: tag })
          next = tag.end
        }
      }
    } else if (c === '{' && directiveAttributes(body, i)) {
      // Drawn by Starlight (an icon, a class), not text: dropped, so the aside's own pass reads its type and title.
      const end = body.indexOf('}', i)
      const eol = body.indexOf('\n', i)
      if (end !== -1 && (eol === -1 || end < eol)) {
        tokens.push({ start: i, end: end + 1, kind: 'self', name: '{}', match: -1, attributes: true })
        next = end + 1
      }
    } else if (c === '{' && body[i - 1] !== '\\' && body[i + 1] !== '#') {
      const end = matchBrace(body, i, Math.min(n, i + MAX_TAG))
      if (end < 0) {
        out.find(i, '{…}', 'unresolved', 'This expression is never closed (MDX stops with a syntax error here); it was left as text.')
        next = Math.max(-end, i + 1)
      } else {
        tokens.push({ start: i, end: end + 1, kind: 'self', name: '{}', match: -1, expr: body.slice(i + 1, end) })
        next = end + 1
      }
    }
    candidate.lastIndex = next
  }
  return tokens
}

/**
 * Whether the `{` at `at` opens a container directive's attributes (`:::tip{icon="heart"}`, `:::note[Title]{.x}`),
 * which remark-directive reads before MDX would read an expression (starlight.astro.build "Asides": custom icons),
 * on a line of its own.
 */
function directiveAttributes(body: string, at: number): boolean {
  // Looked for in the 256 characters before only: a longer line is no directive's (and a line of a thousand `{` is
  // not read back a thousand times).
  const from = Math.max(0, at - 256)
  const before = body.slice(from, at)
  const nl = before.lastIndexOf('\n')
  if (nl === -1 && from > 0) return false
  return /^[ \t]*:{3,}[A-Za-z][\w-]*(?:\[[^\]\n]*\])?$/.test(before.slice(nl + 1))
}

/** ESM can start a block only: at the start of the body, after a blank line, a heading or another ESM block. */
function flowStart(body: string, at: number): boolean {
  if (at === 0) return true
  const prev = lineBounds(body, at - 1)
  return blank(body, prev.start, prev.end) || body[prev.start] === '#' || /^(?:import|export)\b/.test(body.slice(prev.start, prev.start + 7))
}

/** An ESM block runs to the next blank line (MDX hands it whole to a JavaScript parser). */
function esmEnd(body: string, at: number): number {
  let pos = at
  for (;;) {
    const nl = body.indexOf('\n', pos)
    if (nl === -1) return body.length
    const next = lineBounds(body, nl + 1)
    if (nl + 1 >= body.length || blank(body, next.start, next.end)) return nl
    pos = nl + 1
  }
}

// `\s*(?:,\s*)?`, not `\s*,?\s*`: two runs of blanks side by side split a long run every way (`import a`, 16 KB of
// spaces and no `from`: 0.6 s).
export const IMPORT = /^import\s+(?:([\w$]+)\s*(?:,\s*)?)?(?:\{([^}]*)\}\s*)?(?:\*\s*as\s+([\w$]+)\s*)?from\s*["']([^"']+)["']/
const EXPORT_CONST = /^export\s+(?:const|let|var)\s+([\w$]+)\s*=\s*/

/** Records what an ESM block binds: partials (`.md`/`.mdx`), images (their path) and static `export const` values. */
function readEsm(text: string, scope: JsScope, partials: Map<string, string>): void {
  for (const statement of splitStatements(text)) {
    const m = IMPORT.exec(statement)
    if (m) {
      const [, def, named, star, path] = m
      const names = [def, star, ...(named ?? '').split(',').map((s) => s.trim().split(/\s+/).pop()!)].filter((s): s is string => !!s)
      for (const name of names) {
        if (/\.mdx?$/.test(path) && /^\.\.?\//.test(path)) partials.set(name, path)
        scope.bindings.set(name, isImagePath(path) ? siteAlias(path) : UNKNOWN)
      }
      continue
    }
    const e = EXPORT_CONST.exec(statement)
    if (e) scope.bindings.set(e[1], evalJs(statement.slice(e[0].length).replace(/;\s*$/, ''), scope))
  }
}

/** Statements of an ESM block: split on lines that start a new `import`/`export`. */
function splitStatements(text: string): string[] {
  const out: string[] = []
  for (const line of text.split('\n')) {
    if (/^(?:import|export)\b/.test(line) || out.length === 0) out.push(line)
    else out[out.length - 1] += `\n${line}`
  }
  return out.map((s) => s.trim())
}

/**
 * Marks flow elements (tags alone on their lines), their parents and the blanks to take off their content: MDX reads
 * `    text` inside a component as a paragraph, Markdown as code, so content is dedented by its common indentation.
 * One sweep over the lines with a stack of open elements: linear.
 */
function shape(body: string, tokens: Token[], out: Out): void {
  const aloneAt = (start: number, end: number) => {
    return blankStart(body, start) !== -1 && blankEnd(body, end) !== -1
  }
  const stack: number[] = []
  const children = new Map<number, number>()
  tokens.forEach((t, i) => {
    if (!t.jsx) return
    if (t.kind === 'close') {
      // Pop to the element this tag closes; elements left open inside it stand alone.
      if (t.match !== -1 && stack.includes(t.match)) while (stack.pop() !== t.match) continue
      return
    }
    const parent = stack.length > 0 ? stack[stack.length - 1] : -1
    t.parent = parent
    t.childIndex = children.get(parent) ?? 0
    children.set(parent, t.childIndex + 1)
    t.flow = aloneAt(t.start, t.end) && (t.match === -1 || aloneAt(tokens[t.match].start, tokens[t.match].end))
    if (t.kind === 'open' && t.match !== -1) stack.push(i)
  })
  const flows = tokens.filter((t) => t.jsx && t.kind === 'open' && t.match !== -1 && t.flow)
  if (flows.length === 0) return
  const span = flows.map((t) => ({ t, open: out.lines.line(t.start), close: out.lines.line(tokens[t.match].start), min: Infinity }))
  const open: typeof span = []
  let next = 0
  let line = 0
  for (let pos = 0; pos <= body.length; ) {
    line++
    const nl = body.indexOf('\n', pos)
    const end = nl === -1 ? body.length : nl
    while (open.length > 0 && open[open.length - 1].close <= line) {
      const child = open.pop()!
      if (open.length > 0) open[open.length - 1].min = Math.min(open[open.length - 1].min, child.min)
    }
    if (open.length > 0 && !blank(body, pos, end)) {
      let k = pos
      while (k < end && (body[k] === ' ' || body[k] === '\t')) k++
      open[open.length - 1].min = Math.min(open[open.length - 1].min, k - pos)
    }
    while (next < span.length && span[next].open === line) open.push(span[next++])
    if (nl === -1) break
    pos = nl + 1
  }
  for (const s of span) s.t.dedent = Number.isFinite(s.min) ? s.min : 0
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr'])

function element(t: Token, tokens: Token[], scope: JsScope, cache: Map<number, Element>): Element {
  const hit = cache.get(t.start)
  if (hit) return hit
  const props = new Map<string, unknown>()
  for (const a of t.jsx!.attrs) {
    if ('spread' in a) continue
    props.set(a.name, typeof a.value === 'object' ? evalJs(a.value.expr, scope) : a.value)
  }
  const parent = t.parent !== undefined && t.parent >= 0 ? element(tokens[t.parent], tokens, scope, cache) : undefined
  const paired = t.kind === 'open' && t.match !== -1
  const el: Element = { tag: t.jsx!, close: paired ? tokens[t.match].jsx : undefined, name: t.name, paired, flow: t.flow ?? false, dedent: t.dedent ?? 0, props, parent, childIndex: t.childIndex ?? 0 }
  cache.set(t.start, el)
  return el
}

function expandToken(t: Token, tokens: Token[], env: JsxEnv, options: JsxOptions & { mdxFile: boolean }, scope: JsScope, partials: Map<string, string>, cache: Map<number, Element>): Expansion {
  const { out } = env
  if (t.esm !== undefined) {
    for (const statement of splitStatements(t.esm)) {
      const from = /from\s*["']([^"']+)["']/.exec(statement)?.[1]
      const partial = from && /\.mdx?$/.test(from)
      out.find(t.start, t.name, 'removed', t.name === 'export' ? 'An MDX export is JavaScript, never run here; it was removed.' : partial ? `The partial "${from}" is inlined where it is used; the import line was removed.` : `The import of "${from ?? statement.slice(0, 60)}" is JavaScript, never run here; it was removed (its components are expanded or removed where they are used).`)
    }
    return { text: '' }
  }
  if (t.expr !== undefined) return expression(t, env, scope)
  if (t.attributes) return { text: '' }
  if (t.kind === 'close') {
    out.find(t.start, `<${t.name}>`, 'removed', `A closing tag </${t.name}> without an opening one was removed.`)
    return { text: '' }
  }
  const el = element(t, tokens, scope, cache)
  if (t.name === '') {
    out.find(t.start, '<>', 'expanded')
    return { before: '', after: '', dedent: el.dedent }
  }
  const partial = partials.get(t.name)
  if (partial !== undefined) return inlinePartial(el, env, partial, options)
  const component = options.components[t.name]
  if (component) return component(el, env)
  if (/^[a-z]/.test(t.name) && !t.name.includes('.')) return options.mdxFile ? html(el, env) : { text: body(env, t) }
  return unknownComponent(el, env)
}

const body = (env: JsxEnv, t: Token) => env.out.src.slice(t.start, t.end)

/** `{expr}`: comments go (`{/* truncate *\/}` becomes Docusaurus' `<!-- truncate -->`), static values print. */
function expression(t: Token, env: JsxEnv, scope: JsScope): Expansion {
  const expr = t.expr!.trim()
  if (/^\/\*[\s\S]*\*\/$/.test(expr) && !expr.slice(2, -2).includes('*/')) {
    const truncate = /^\/\*\s*truncate\s*\*\/$/.test(expr)
    env.out.find(t.start, '{/* */}', 'expanded')
    return { text: truncate ? '<!-- truncate -->' : '' }
  }
  const value = evalJs(expr, scope)
  if (value === UNKNOWN || (value !== null && typeof value === 'object')) {
    env.out.find(t.start, '{…}', 'unresolved', `The expression {${expr.length > 60 ? `${expr.slice(0, 60)}…` : expr}} is JavaScript the importer cannot evaluate; nothing was printed. Write its value into the page if it matters.`)
    return { text: '' }
  }
  env.out.find(t.start, '{…}', 'expanded')
  return { text: value === null ? '' : String(value) }
}

/** A lowercase element in an `.mdx` file is HTML written as JSX: `className` becomes `class`, static values print. */
function html(el: Element, env: JsxEnv): Expansion {
  const list: Array<[string, string | boolean | undefined]> = []
  const dropped: string[] = []
  for (const a of el.tag.attrs) {
    if ('spread' in a) {
      dropped.push(`{...${a.spread.trim()}}`)
      continue
    }
    const name = a.name === 'className' ? 'class' : a.name === 'htmlFor' ? 'for' : a.name
    if (/^on/i.test(name)) {
      dropped.push(name)
      continue
    }
    const v = typeof a.value === 'object' ? el.props.get(a.name) : a.value
    if (name === 'style' && v && typeof v === 'object') list.push([name, css(v as Record<string, unknown>)])
    else if (typeof v === 'string' || typeof v === 'number') list.push([name, String(v)])
    else if (v === true || v === false) list.push([name, v])
    else dropped.push(name)
  }
  if (dropped.length > 0) found(el, env, 'removed', `Attributes the importer cannot keep were dropped from <${el.name}>: ${dropped.join(', ')} (event handlers and values computed by JavaScript).`)
  const open = `<${el.name}${attrs(list)}>`
  if (VOID.has(el.name)) return { text: open }
  if (!el.paired) return { text: `${open}</${el.name}>` }
  // Whitespace is content in these: their lines stay as written.
  const dedent = /^(?:pre|textarea|code)$/.test(el.name) ? 0 : el.dedent
  if (!el.flow || !el.close) return { before: open, after: `</${el.name}>`, dedent }
  // MDX reads an element's content as Markdown; CommonMark does so only after a blank line. HTML inside stays as
  // it is (a blank line there would split it), text right after the tag gets the blank line it needs.
  const src = env.out.src
  const first = lineBounds(src, Math.min(el.tag.end + 1, src.length))
  const firstText = src.slice(first.start, first.end).trim()
  const closeLine = lineBounds(src, el.close.start)
  const last = lineBounds(src, Math.max(closeLine.start - 1, 0))
  const lastText = src.slice(last.start, last.end).trim()
  const textAfterOpen = firstText !== '' && !firstText.startsWith('<') && first.start > el.tag.end
  const textBeforeClose = lastText !== '' && !lastText.endsWith('>') && last.end < el.close.start
  return { before: textAfterOpen ? `${open}\n` : open, after: textBeforeClose ? `\n</${el.name}>` : `</${el.name}>`, dedent }
}

/** A JSX style object as CSS: `{{ marginTop: 8 }}` → `margin-top: 8px`. */
function css(style: Record<string, unknown>): string {
  return Object.entries(style)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${typeof v === 'number' && v !== 0 && !/^(?:opacity|z-index|font-weight|line-height|flex|order)$/.test(k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)) ? `${v}px` : v}`)
    .join('; ')
}

/** `<Partial />` for `import Partial from './_partial.md'`: the partial's body, expanded, where the element stands. */
function inlinePartial(el: Element, env: JsxEnv, path: string, options: JsxOptions & { mdxFile: boolean }): Expansion {
  const { ctx, out } = env
  const inlined = options.inlined ?? { count: 0 }
  const allowed = options.depth < MAX_PARTIAL_DEPTH && inlined.count < MAX_PARTIALS
  const text = allowed ? ctx.readFile('relative', path) : undefined
  if (text === undefined) {
    found(el, env, 'unresolved', allowed ? `The partial "${path}" was not found beside this file, so nothing was inlined. Add the file or put its text into the page.` : `Partials nest deeper than ${MAX_PARTIAL_DEPTH} levels or number more than ${MAX_PARTIALS} in one page; "${path}" was not inlined.`)
    return { text: '' }
  }
  inlined.count++
  const dir = ctx.file.includes('/') ? ctx.file.slice(0, ctx.file.lastIndexOf('/') + 1) : ''
  const own = normalize(dir + path)
  const ownDir = own.includes('/') ? own.slice(0, own.lastIndexOf('/') + 1) : ''
  const child: TemplateContext = {
    ...ctx,
    file: own,
    readFile: (kind, p) => (kind === 'relative' ? ctx.readFile('relative', relativeTo(dir, normalize(ownDir + p))) : ctx.readFile(kind, p)),
  }
  const props = Object.fromEntries([...el.props].filter(([, v]) => v !== UNKNOWN))
  let result = expandMdx(stripFrontMatter(text), child, options.depth + 1, new Map([['props', props]]), inlined)
  const findings = [...result.findings]
  if (ctx.dialects.includes('docusaurus')) {
    result = expandDocusaurus(result.body, child)
    appendAll(findings, result.findings)
  }
  for (const f of findings) out.find(el.tag.start, f.name, f.action, f.message)
  found(el, env, 'expanded')
  return { text: trimBlankLines(result.body), block: true }
}

/** `a/./b/../c` → `a/c` (a leading `..` stays: the reader refuses paths outside the site). */
function normalize(path: string): string {
  const parts: string[] = []
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue
    if (seg === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop()
    else parts.push(seg)
  }
  return parts.join('/')
}

/** `path` (from the site folder) relative to the folder `dir`. */
function relativeTo(dir: string, path: string): string {
  const from = dir.split('/').filter((s) => s !== '')
  const to = path.split('/').filter((s) => s !== '')
  let k = 0
  while (k < from.length && k < to.length - 1 && from[k] === to[k]) k++
  return `${'../'.repeat(from.length - k)}${to.slice(k).join('/')}` || '.'
}
