import { BLANK, EMPTY, Parser, UNKNOWN, describe, parseExpr, tokenize } from './_expr.js'
import type { Expr, Syntax, Value , ExprError} from './_expr.js'
import { FILTERS, isEmptyLike } from './_filters.js'
import { attrs, isImagePath, safeUrl } from './_html.js'
import { NextFinder, Out, unchanged } from './_out.js'
import type { PassResult } from './_out.js'
import { toText } from './_values.js'
import type { TemplateContext, TemplateFinding } from './types.js'

/**
 * The template engine behind the Liquid (Jekyll, Eleventy) and Nunjucks (Eleventy) passes: a lexer, a block parser
 * and a renderer over static data. Text, outputs and tags are read once; blocks are parsed with an explicit stack;
 * rendering recurses only over blocks, whose nesting is capped. Output, loop iterations and includes each have a
 * budget, so a hostile body (a loop over (1..10000000), an include that includes itself) ends quickly and reported.
 */

export type Node =
  | { k: 'text'; start: number; end: number }
  | { k: 'lit'; text: string; at: number; name: string }
  | { k: 'out'; expr: string; at: number }
  | { k: 'tag'; name: string; markup: string; at: number; eatsBreak?: boolean }
  | { k: 'block'; name: string; at: number; branches: Branch[]; closed: boolean; end: number }
  | { k: 'bad'; at: number; name: string; text: string; message: string; action: TemplateFinding['action'] }

export interface Branch {
  name: string
  markup: string
  at: number
  body: Node[]
}

/** A template source: the body itself (copied, line for line) or an included file (attributed to the include's line). */
export interface Source {
  text: string
  main: boolean
  line: number
}

/** A tag a dialect knows: it writes its output and its finding through the run. */
export type TagHandler = (run: Run, node: Extract<Node, { k: 'tag' }>, src: Source) => Signal
/** A block a dialect knows (`highlight`, `capture`, `filter`): it renders its branches through the run. */
export type BlockHandler = (run: Run, node: Extract<Node, { k: 'block' }>, src: Source) => Signal

export interface Dialect {
  syntax: Syntax
  /** Eleventy's data rules: front-matter keys are top-level variables and unknown names are global data (unknown). */
  eleventy: boolean
  tags: Record<string, TagHandler>
  blocks: Record<string, BlockHandler>
  /** Block tags and the branch tags they accept (`if`: elsif, else); their closing tag is `end<name>`. */
  blockBranches: Record<string, string[]>
  /** Tags whose content is kept literally up to their closing tag (`raw`, Nunjucks' `verbatim`). */
  rawTags: string[]
  /** Whether a tag opens a block here given its markup (Nunjucks' `set x` without `=` is a block). */
  opensBlock?: (name: string, markup: string) => boolean
}

type Signal = 'break' | 'continue' | undefined

const MAX_BLOCK_DEPTH = 64
const MAX_INCLUDE_DEPTH = 10
export const MAX_INCLUDES = 500
const MAX_ITERATIONS = 100_000

/** Expands a body with a dialect's engine. */
export function expandEngine(body: string, ctx: TemplateContext, dialect: Dialect): PassResult {
  if (!body.includes('{{') && !body.includes('{%') && !(dialect.syntax === 'nunjucks' && body.includes('{#'))) return unchanged(body)
  const out = new Out(body)
  const run = new Run(out, ctx, dialect, body.length)
  const src: Source = { text: body, main: true, line: 1 }
  run.render(parseTemplate(body, dialect, run, src), src)
  return out.finish()
}

type Tok =
  | { t: 'text'; start: number; end: number }
  | { t: 'out'; start: number; end: number; inner: string; trimL: boolean; trimR: boolean }
  | { t: 'tag'; start: number; end: number; name: string; markup: string; trimL: boolean; trimR: boolean; eatsBreak?: boolean }
  | { t: 'lit'; start: number; end: number; text: string; name: string; trimL: boolean; trimR: boolean }
  | { t: 'drop'; start: number; end: number; name: string; trimL: boolean; trimR: boolean }
  | { t: 'bad'; start: number; end: number; text: string; message: string }

/** Splits a template into text, outputs and tags; raw blocks and comments are read to their end here. */
function lex(text: string, dialect: Dialect): Tok[] {
  const toks: Tok[] = []
  const finder = new NextFinder(text)
  let pos = 0
  let textStart = 0
  const pushText = (end: number) => {
    if (end > textStart) toks.push({ t: 'text', start: textStart, end })
  }
  for (;;) {
    const i = text.indexOf('{', pos)
    if (i === -1) break
    const c = text[i + 1]
    if (c !== '{' && c !== '%' && !(c === '#' && dialect.syntax === 'nunjucks')) {
      pos = i + 1
      continue
    }
    const closer = c === '{' ? '}}' : c === '%' ? '%}' : '#}'
    const close = finder.next(closer, i + 2)
    if (close === -1) {
      pushText(i)
      toks.push({ t: 'bad', start: i, end: i + 2, text: text.slice(i, i + 2), message: `"${text.slice(i, i + 2)}" is never closed with "${closer}", so it was printed as text` })
      pos = textStart = i + 2
      continue
    }
    pushText(i)
    const end = close + 2
    let a = i + 2
    let b = close
    const trimL = text[a] === '-'
    if (trimL) a++
    const trimR = b > a && text[b - 1] === '-'
    if (trimR) b--
    pos = textStart = end
    if (c === '#') {
      toks.push({ t: 'drop', start: i, end, name: 'comment', trimL, trimR })
      continue
    }
    if (c === '{') {
      toks.push({ t: 'out', start: i, end, inner: text.slice(a, b), trimL, trimR })
      continue
    }
    const inner = text.slice(a, b)
    const m = /^\s*(#|[A-Za-z_][\w-]*)/.exec(inner.length > 200 ? inner.slice(0, 200) : inner)
    const name = m ? m[1] : ''
    const markup = m ? inner.slice(m[0].length).trim() : inner.trim()
    if (name === '#') {
      toks.push({ t: 'drop', start: i, end, name: 'comment', trimL, trimR })
      continue
    }
    if (dialect.rawTags.includes(name) || name === 'comment') {
      // Raw content and comments run to the first closing tag; Liquid does not nest them.
      const found = findEndTag(text, finder, `end${name}`, end)
      const bodyEnd = found ? found.start : text.length
      const stop = found ? found.end : text.length
      if (name === 'comment') toks.push({ t: 'drop', start: i, end: stop, name, trimL, trimR: found?.trimR ?? false })
      else toks.push({ t: 'lit', start: i, end: stop, text: text.slice(end, bodyEnd), name, trimL, trimR: found?.trimR ?? false })
      if (!found) toks.push({ t: 'bad', start: stop, end: stop, text: '', message: `{% ${name} %} is never closed with {% end${name} %}: everything after it was kept as written` })
      pos = textStart = stop
      continue
    }
    if (name === '') {
      toks.push({ t: 'bad', start: i, end, text: '', message: `A tag without a name ("${inner.trim().slice(0, 40)}") was removed` })
      continue
    }
    toks.push({ t: 'tag', start: i, end, name, markup, trimL, trimR })
  }
  pushText(text.length)
  applyTrim(text, toks)
  return toks
}

/** The next `{% end<name> %}` (with optional `-` trims) at or after `from`. */
function findEndTag(text: string, finder: NextFinder, endName: string, from: number): { start: number; end: number; trimR: boolean } | undefined {
  let pos = from
  for (;;) {
    const i = finder.next('{%', pos)
    if (i === -1) return undefined
    const close = finder.next('%}', i + 2)
    if (close === -1) return undefined
    let inner = text.slice(i + 2, Math.min(close, i + 2 + endName.length + 40))
    const trimR = text[close - 1] === '-'
    inner = inner.replace(/^-/, '').replace(/-$/, '').trim()
    if (inner === endName && close - i - 2 <= endName.length + 40) return { start: i, end: close + 2, trimR }
    pos = i + 2
  }
}

/** `{%-` and `-%}` remove the white space (line breaks included) before or after the tag. */
function applyTrim(text: string, toks: Tok[]): void {
  for (let n = 0; n < toks.length; n++) {
    const tok = toks[n]
    if (tok.t === 'text' || tok.t === 'bad') continue
    if (tok.trimL && n > 0 && toks[n - 1].t === 'text') {
      const prev = toks[n - 1] as { start: number; end: number }
      while (prev.end > prev.start && /\s/.test(text[prev.end - 1])) prev.end--
    }
    if (tok.trimR && n + 1 < toks.length && toks[n + 1].t === 'text') {
      const next = toks[n + 1] as { start: number; end: number }
      while (next.start < next.end && /\s/.test(text[next.start])) {
        if (text[next.start] === '\n' && tok.t === 'tag') tok.eatsBreak = true
        next.start++
      }
    }
  }
}

/** Builds the block tree: an explicit stack, so nesting depth costs no call stack. */
export function parseTemplate(text: string, dialect: Dialect, run: Run, src: Source): Node[] {
  const toks = lex(text, dialect)
  // How many closing tags of each name are still ahead: an unknown tag with one ahead is a paired (block) shortcode.
  const endsAhead = new Map<string, number>()
  for (const tok of toks) if (tok.t === 'tag' && tok.name.startsWith('end')) endsAhead.set(tok.name, (endsAhead.get(tok.name) ?? 0) + 1)
  const root: Node[] = []
  const stack: Array<{ node: Extract<Node, { k: 'block' }>; body: Node[] }> = []
  const body = () => (stack.length > 0 ? stack[stack.length - 1].body : root)
  const openIndex = (endName: string) => {
    for (let s = stack.length - 1; s >= 0; s--) if (`end${stack[s].node.name}` === endName) return s
    return -1
  }
  for (const tok of toks) {
    switch (tok.t) {
      case 'text':
        if (tok.end > tok.start) body().push({ k: 'text', start: tok.start, end: tok.end })
        break
      case 'lit':
        body().push({ k: 'lit', text: tok.text, at: tok.start, name: tok.name })
        break
      case 'drop':
        body().push({ k: 'lit', text: '', at: tok.start, name: tok.name })
        break
      case 'bad':
        body().push({ k: 'bad', at: tok.start, name: tok.text || 'tag', text: tok.text, message: tok.message, action: tok.text ? 'unresolved' : 'removed' })
        break
      case 'out':
        body().push({ k: 'out', expr: tok.inner, at: tok.start })
        break
      case 'tag': {
        const { name, markup } = tok
        if (name.startsWith('end')) endsAhead.set(name, (endsAhead.get(name) ?? 1) - 1)
        const top = stack[stack.length - 1]
        const branches = top ? dialect.blockBranches[top.node.name] : undefined
        if (top && branches?.includes(name)) {
          const branch: Branch = { name, markup, at: tok.start, body: [] }
          top.node.branches.push(branch)
          top.body = branch.body
          break
        }
        if (name.startsWith('end')) {
          const at = openIndex(name)
          if (at === -1) {
            body().push({ k: 'bad', at: tok.start, name, text: '', message: `{% ${name} %} closes nothing, so it was removed`, action: 'removed' })
            break
          }
          while (stack.length > at + 1) {
            const inner = stack.pop()!
            run.find(src, inner.node.at, inner.node.name, 'removed', `{% ${inner.node.name} %} is never closed (Liquid stops here); it was closed at {% ${name} %}`)
          }
          const closed = stack.pop()!.node
          closed.closed = true
          closed.end = tok.end
          break
        }
        const known = name in dialect.blockBranches && (dialect.opensBlock?.(name, markup) ?? true)
        const paired = known || (!(name in dialect.tags) && (endsAhead.get(`end${name}`) ?? 0) > 0)
        if (paired && stack.length < MAX_BLOCK_DEPTH) {
          const node: Extract<Node, { k: 'block' }> = { k: 'block', name, at: tok.start, branches: [{ name, markup, at: tok.start, body: [] }], closed: false, end: text.length }
          body().push(node)
          stack.push({ node, body: node.branches[0].body })
        } else body().push({ k: 'tag', name, markup, at: tok.start, eatsBreak: tok.eatsBreak })
        break
      }
    }
  }
  for (const open of stack) run.find(src, open.node.at, open.node.name, 'removed', `{% ${open.node.name} %} is never closed; it was closed at the end of the body`)
  return root
}

/** The characters an expansion of a body may write: it may grow a body (includes, loops), never without bound. */
export function outputLimit(bodyLength: number): number {
  return bodyLength * 8 + 4_000_000
}

/** One expansion: the output, the data, the scopes and the budgets. */
export class Run {
  readonly scopes: Array<Map<string, Value>> = [new Map()]
  readonly counters = new Map<string, number>()
  iterations = 0
  includes = 0
  includeDepth = 0
  stopped = false
  private readonly limit: number
  private readonly parsed = new Map<string, Node[]>()

  constructor(
    readonly out: Out,
    readonly ctx: TemplateContext,
    readonly dialect: Dialect,
    bodyLength: number,
  ) {
    this.limit = outputLimit(bodyLength)
  }

  find(src: Source, at: number, name: string, action: TemplateFinding['action'], message?: string): void {
    if (src.main) this.out.find(at, name, action, message)
    else this.out.findAt(src.line, name, action, message)
  }

  lineOf(src: Source, at: number): number {
    return src.main ? this.out.lines.line(at) : src.line
  }

  write(src: Source, text: string, at: number): void {
    if (this.guard(src, at)) this.out.emit(text, this.lineOf(src, at))
  }

  /** Whether output may still grow; the first time it may not, one finding says so. */
  guard(src: Source, at: number): boolean {
    if (this.stopped) return false
    if (this.out.written <= this.limit && this.iterations <= MAX_ITERATIONS) return true
    this.stopped = true
    this.find(src, at, 'template', 'removed', 'Expanding this body produced more than the importer allows (a loop or include that multiplies it); the rest of the expansion was left out.')
    return false
  }

  render(nodes: Node[], src: Source): Signal {
    for (const node of nodes) {
      const signal = this.renderNode(node, src)
      if (signal) return signal
    }
    return undefined
  }

  /** Renders nodes into a string (a capture, a `highlight` body). */
  capture(nodes: Node[], src: Source): string {
    this.out.begin()
    this.render(nodes, src)
    return this.out.end()
  }

  private renderNode(node: Node, src: Source): Signal {
    if (this.stopped) return undefined
    switch (node.k) {
      case 'text':
        if (!this.guard(src, node.start)) return undefined
        if (src.main) this.out.copy(node.start, node.end)
        else this.out.emit(src.text.slice(node.start, node.end), src.line)
        return undefined
      case 'lit':
        if (node.name !== 'comment') this.write(src, node.text, node.at)
        this.find(src, node.at, node.name, 'expanded')
        return undefined
      case 'bad':
        if (node.text) this.write(src, node.text, node.at)
        this.find(src, node.at, node.name, node.action, `${node.message}.`)
        return undefined
      case 'out':
        this.output(node.expr, node.at, src)
        return undefined
      case 'tag': {
        const handler = this.dialect.tags[node.name]
        if (handler) return handler(this, node, src)
        // A site's image shortcode (Eleventy Image's documented `{% image "cat.jpg", "alt" %}`): its image is kept.
        const image = /^\s*["']([^"']+)["']\s*,?\s*(?:["']([^"']*)["'])?/.exec(node.markup.length > 2000 ? '' : node.markup)
        if (image && isImagePath(image[1]) && safeUrl(image[1])) {
          this.write(src, `<img${attrs([['src', safeUrl(image[1])], ['alt', image[2] ?? '']])}>`, node.at)
          this.find(src, node.at, node.name, 'removed', `{% ${node.name} %} is the site\u2019s own shortcode (code, never run here); its image was kept as an <img>.`)
          return undefined
        }
        this.find(src, node.at, node.name, 'removed', unknownTagMessage(node.name, this.dialect, false))
        this.keepBreak(node, src)
        return undefined
      }
      case 'block': {
        const handler = this.dialect.blocks[node.name]
        if (handler) return handler(this, node, src)
        // A paired tag nobody knows (a plugin's or a site's shortcode): its content stays.
        this.find(src, node.at, node.name, 'removed', unknownTagMessage(node.name, this.dialect, true))
        return this.render(node.branches.flatMap((b) => b.body), src)
      }
    }
  }

  /**
   * A tag whose output is unknown and that trims the line break after it (`{%- include x -%}`) would join two lines
   * that the real output (an include ending with a line break) kept apart: the line break is kept.
   */
  keepBreak(node: Extract<Node, { k: 'tag' }>, src: Source): void {
    if (node.eatsBreak) this.write(src, '\n', node.at)
  }

  /** Prints an output (`{{ expr }}`), or nothing when its value is unknown or unset, reported. */
  output(exprText: string, at: number, src: Source): void {
    let expr: Expr
    try {
      expr = parseExpr(exprText, this.dialect.syntax)
    } catch (err) {
      this.find(src, at, `{{ ${exprText.trim().slice(0, 40)} }}`, 'removed', `The output could not be read (${(err as ExprError).message}); it was removed.`)
      return
    }
    const name = describe(expr)
    const value = this.eval(expr)
    if (value === UNKNOWN) {
      this.find(src, at, name, 'unresolved', `"${name}" depends on data the importer does not have (the site's generated lists, global data, the clock or a plugin); nothing was printed. Write the value into the page if it matters.`)
      return
    }
    if ((value === undefined || value === null) && expr.k === 'var') {
      this.find(src, at, name, 'unresolved', `"${name}" is not set in the front matter or the site configuration, so nothing was printed (as the generator prints nothing).`)
      return
    }
    this.write(src, this.print(value), at)
    this.find(src, at, name, 'expanded')
  }

  print(value: Value): string {
    if (this.dialect.syntax === 'nunjucks' && Array.isArray(value)) return value.map((v) => this.print(v)).join(',')
    if (value === EMPTY || value === BLANK) return ''
    return toText(value, 'liquid')
  }

  /** Parses and evaluates an expression; a syntax error gives UNKNOWN. */
  evalText(text: string): Value {
    try {
      return this.eval(parseExpr(text, this.dialect.syntax))
    } catch {
      return UNKNOWN
    }
  }

  eval(e: Expr): Value {
    switch (e.k) {
      case 'lit':
        return e.v
      case 'var':
        return this.lookup(e.path)
      case 'range': {
        const a = this.eval(e.from)
        const b = this.eval(e.to)
        if (a === UNKNOWN || b === UNKNOWN) return UNKNOWN
        const from = Math.trunc(Number(a))
        const to = Math.trunc(Number(b))
        if (!Number.isFinite(from) || !Number.isFinite(to)) return []
        // A range longer than the loop budget could never be fully printed.
        if (to - from > MAX_ITERATIONS) return UNKNOWN
        const items: number[] = []
        for (let n = from; n <= to; n++) items.push(n)
        return items
      }
      case 'list': {
        const items = e.items.map((x) => this.eval(x))
        return items.includes(UNKNOWN) ? UNKNOWN : items
      }
      case 'dict': {
        const obj: Record<string, Value> = {}
        for (const [k, v] of e.entries) {
          const value = this.eval(v)
          if (value === UNKNOWN) return UNKNOWN
          obj[k] = value
        }
        return obj
      }
      case 'not': {
        const a = this.truthy(this.eval(e.a))
        return a === UNKNOWN ? UNKNOWN : !a
      }
      case 'neg': {
        const a = this.eval(e.a)
        return a === UNKNOWN ? UNKNOWN : -Number(a)
      }
      case 'if': {
        const c = this.truthy(this.eval(e.cond))
        if (c === UNKNOWN) return UNKNOWN
        return c ? this.eval(e.then) : e.else ? this.eval(e.else) : undefined
      }
      case 'op':
        return this.op(e.op, e.a, e.b)
      case 'filter':
        return this.filter(e)
      case 'call':
        return UNKNOWN
    }
  }

  /** Liquid: only nil and false are false; Nunjucks: JavaScript's truthiness. */
  truthy(v: Value): boolean | typeof UNKNOWN {
    if (v === UNKNOWN) return UNKNOWN
    if (v === EMPTY || v === BLANK) return true
    if (this.dialect.syntax === 'nunjucks') return Boolean(v)
    return v !== false && v !== null && v !== undefined
  }

  private op(op: string, ea: Expr, eb: Expr): Value {
    if (op === 'and' || op === 'or') {
      const a = this.truthy(this.eval(ea))
      if (op === 'and' && a === false) return false
      if (op === 'or' && a === true) return true
      const b = this.truthy(this.eval(eb))
      if (a === UNKNOWN || b === UNKNOWN) return (op === 'and' && b === false) || (op === 'or' && b === true) ? b : UNKNOWN
      return b
    }
    const a = this.eval(ea)
    const b = this.eval(eb)
    if (a === UNKNOWN || b === UNKNOWN) return UNKNOWN
    switch (op) {
      case '==':
        return equal(a, b)
      case '!=':
        return !equal(a, b)
      case '<':
      case '>':
      case '<=':
      case '>=': {
        if (a === null || a === undefined || b === null || b === undefined) return false
        const x = typeof a === 'number' || typeof b === 'number' ? Number(a) : String(a)
        const y = typeof a === 'number' || typeof b === 'number' ? Number(b) : String(b)
        return op === '<' ? x < y : op === '>' ? x > y : op === '<=' ? x <= y : x >= y
      }
      case 'contains':
        return contains(a, b)
      case 'in':
        return contains(b, a)
      case '~':
        return this.print(a) + this.print(b)
      case '+':
        return typeof a === 'number' && typeof b === 'number' ? a + b : Array.isArray(a) && Array.isArray(b) ? [...a, ...b] : typeof a === 'string' || typeof b === 'string' ? this.print(a) + this.print(b) : Number(a) + Number(b)
      case '-':
        return Number(a) - Number(b)
      case '*':
        return Number(a) * Number(b)
      case '/':
        return Number(b) === 0 ? UNKNOWN : Number(a) / Number(b)
      case '//':
        return Number(b) === 0 ? UNKNOWN : Math.floor(Number(a) / Number(b))
      case '%':
        return Number(b) === 0 ? UNKNOWN : Number(a) % Number(b)
      case '**':
        return Number(a) ** Number(b)
    }
    return UNKNOWN
  }

  private filter(e: Extract<Expr, { k: 'filter' }>): Value {
    const input = this.eval(e.input)
    const fn = FILTERS[e.name]
    if (!fn) return UNKNOWN
    const args = e.args.map((a) => this.eval(a))
    const named: Record<string, Value> = {}
    for (const [k, v] of e.named) named[k] = this.eval(v)
    if (input === UNKNOWN || args.includes(UNKNOWN) || Object.values(named).includes(UNKNOWN)) return UNKNOWN
    const site = this.ctx.data.site
    return fn(input, args, {
      syntax: this.dialect.syntax,
      baseurl: this.baseurl(),
      siteUrl: typeof site.url === 'string' && /^https?:\/\//.test(site.url) ? site.url : '',
      named,
    })
  }

  baseurl(): string {
    const b = this.ctx.data.site.baseurl
    return typeof b === 'string' ? b : this.ctx.baseurl
  }

  /** A variable: the scopes first, then `page`, `site`, `include` and the generator's other names. */
  lookup(path: Array<string | Expr>): Value {
    const keys: Array<string | number> = []
    for (const p of path) {
      if (typeof p === 'string') keys.push(p)
      else {
        const v = this.eval(p)
        if (v === UNKNOWN) return UNKNOWN
        if (typeof v !== 'string' && typeof v !== 'number') return undefined
        keys.push(v)
      }
    }
    if (keys.length === 0) return undefined
    const [root, ...rest] = keys
    let value: Value
    let found = false
    for (let s = this.scopes.length - 1; s >= 0; s--) {
      if (this.scopes[s].has(String(root))) {
        value = this.scopes[s].get(String(root))
        found = true
        break
      }
    }
    if (!found) {
      const start = this.rootValue(String(root), rest)
      if (start.done) return start.value
      value = start.value
    }
    for (const key of rest) {
      value = property(value, key)
      if (value === UNKNOWN) return UNKNOWN
    }
    return value
  }

  /** The value of a name no scope defines; `done` when the whole path was answered already. */
  private rootValue(root: string, rest: Array<string | number>): { value: Value; done: boolean } {
    const { ctx, dialect } = this
    const page = ctx.data.page
    const first = rest.length > 0 ? String(rest[0]) : undefined
    if (root === 'page') {
      if (first === undefined) return { value: page, done: true }
      const computed = pageValue(ctx, first, dialect.eleventy)
      if (computed !== NOT_COMPUTED) return { value: rest.slice(1).reduce<Value>((v, k) => property(v, k), computed), done: true }
      return { value: dialect.eleventy ? {} : page, done: false }
    }
    if (root === 'site' && !dialect.eleventy) {
      if (first === undefined) return { value: ctx.data.site, done: true }
      if (first === 'baseurl' && !('baseurl' in ctx.data.site)) return { value: ctx.baseurl, done: true }
      if (!(first in ctx.data.site) && SITE_COMPUTED.has(first)) return { value: UNKNOWN, done: true }
      return { value: ctx.data.site, done: false }
    }
    if (root === 'include' && !dialect.eleventy) return { value: undefined, done: true }
    if (['layout', 'content', 'paginator', 'collections', 'eleventy', 'pkg', 'loop', 'forloop', 'super'].includes(root)) return { value: UNKNOWN, done: true }
    if (dialect.eleventy) {
      // Eleventy's data cascade: front matter first, then global data files (not available here).
      if (root in page) return { value: page[root], done: false }
      if (root in ctx.data.site) return { value: ctx.data.site[root], done: false }
      return { value: UNKNOWN, done: true }
    }
    return { value: undefined, done: true }
  }

  /** Renders an include's text with the run's data: `name` for messages, `scope` the variables it receives. */
  include(text: string, key: string, scope: Map<string, Value>, src: Source, at: number): void {
    if (this.includeDepth >= MAX_INCLUDE_DEPTH || this.includes >= MAX_INCLUDES) {
      this.find(src, at, 'include', 'removed', `Includes nest deeper than ${MAX_INCLUDE_DEPTH} levels or number more than ${MAX_INCLUDES} (an include that includes itself?); this one was left out.`)
      return
    }
    this.includes++
    const inner: Source = { text, main: false, line: this.lineOf(src, at) }
    let nodes = this.parsed.get(key)
    if (!nodes) {
      nodes = parseTemplate(text, this.dialect, this, inner)
      this.parsed.set(key, nodes)
    }
    this.includeDepth++
    this.scopes.push(scope)
    try {
      this.render(nodes, inner)
    } finally {
      this.scopes.pop()
      this.includeDepth--
    }
  }

  /** Replaces `{{ expr }}` inside a tag's markup (Jekyll allows them in `include` and `link`). */
  interpolate(markup: string): string | typeof UNKNOWN {
    if (!markup.includes('{{')) return markup
    let out = ''
    let pos = 0
    for (;;) {
      const i = markup.indexOf('{{', pos)
      if (i === -1) return out + markup.slice(pos)
      const j = markup.indexOf('}}', i + 2)
      if (j === -1) return out + markup.slice(pos)
      const v = this.evalText(markup.slice(i + 2, j).replace(/^-|-$/g, ''))
      if (v === UNKNOWN) return UNKNOWN
      out += markup.slice(pos, i) + this.print(v)
      pos = j + 2
    }
  }

  /** Reads a tag's markup with the expression grammar. */
  parser(markup: string): Parser {
    return new Parser(tokenize(markup), this.dialect.syntax)
  }
}

const NOT_COMPUTED = Symbol('not computed')

/** Page variables the generator computes (not front matter): known ones answered, the rest unknown. */
function pageValue(ctx: TemplateContext, key: string, eleventy: boolean): Value | typeof NOT_COMPUTED {
  const page = ctx.data.page
  const base = ctx.file.split('/').pop() ?? ''
  const stem = base.replace(/\.[^.]+$/, '')
  if (key === 'url') return ctx.url
  if (eleventy) {
    if (key === 'inputPath') return `./${ctx.file}`
    if (key === 'fileSlug') return stem.replace(/^\d{4}-\d{2}-\d{2}-/, '') === 'index' ? (ctx.file.split('/').slice(-2)[0] ?? '') : stem.replace(/^\d{4}-\d{2}-\d{2}-/, '')
    if (key === 'filePathStem') return `/${ctx.file.replace(/\.[^./]+$/, '')}`
    if (key === 'date' && 'date' in page) return page.date
    return ['date', 'outputPath', 'outputFileExtension', 'templateSyntax', 'rawInput', 'lang'].includes(key) ? UNKNOWN : undefined
  }
  if (key in page) return NOT_COMPUTED
  if (key === 'path' || key === 'relative_path') return ctx.file
  if (key === 'name') return base
  if (['id', 'excerpt', 'content', 'date', 'title', 'slug', 'categories', 'tags', 'collection', 'next', 'previous', 'dir', 'output', 'ext'].includes(key)) return UNKNOWN
  return NOT_COMPUTED
}

/** Site variables Jekyll computes from the whole site, unknown to a template pass over one body. */
const SITE_COMPUTED = new Set(['posts', 'pages', 'collections', 'categories', 'tags', 'documents', 'static_files', 'html_pages', 'html_files', 'time', 'related_posts', 'data', 'github'])

function property(value: Value, key: string | number): Value {
  if (value === UNKNOWN) return UNKNOWN
  if (value === null || value === undefined) return undefined
  if (Array.isArray(value)) {
    if (key === 'size' || key === 'length') return value.length
    if (key === 'first') return value[0]
    if (key === 'last') return value[value.length - 1]
    const n = typeof key === 'number' ? key : /^-?\d+$/.test(key) ? Number(key) : NaN
    return Number.isInteger(n) ? value[n < 0 ? value.length + n : n] : undefined
  }
  if (typeof value === 'string') return key === 'size' || key === 'length' ? Array.from(value).length : undefined
  if (typeof value === 'object' && !(value instanceof Date)) {
    const record = value as Record<string, unknown>
    const k = String(key)
    if (Object.prototype.hasOwnProperty.call(record, k)) return record[k]
    if (k === 'size') return Object.keys(record).length
    return undefined
  }
  return undefined
}

function equal(a: Value, b: Value): boolean {
  if (a === EMPTY || a === BLANK) return isEmptyLike(b, a)
  if (b === EMPTY || b === BLANK) return isEmptyLike(a, b)
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]))
  return a === b
}

function contains(hay: Value, needle: Value): boolean {
  if (typeof hay === 'string') return needle !== null && needle !== undefined && hay.includes(String(needle))
  if (Array.isArray(hay)) return hay.some((x) => equal(x, needle))
  if (hay && typeof hay === 'object') return typeof needle === 'string' && needle in (hay as object)
  return false
}

function unknownTagMessage(name: string, dialect: Dialect, paired: boolean): string {
  const who = dialect.eleventy ? 'a shortcode or tag of the site\u2019s own (its configuration is code, never run here)' : 'a plugin\u2019s or the site\u2019s own tag (plugins are code, never run here)'
  return paired
    ? `{% ${name} %} is ${who}: it was removed and the content inside it kept.`
    : `{% ${name} %} is ${who}: it was removed. Put what it printed into the page if it matters.`
}
