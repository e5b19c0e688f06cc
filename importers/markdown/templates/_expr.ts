/**
 * Expressions of Liquid and Nunjucks, parsed into a small tree and evaluated against static data. One grammar serves
 * both: Liquid's `a | f: x, y`, `contains`, `(1..5)` and right-to-left `and`/`or`; Nunjucks' `f(x, y)` filters,
 * `x if c else y`, `~`, `not`, `in`, arithmetic, list and dict literals. A value that static data cannot give
 * (a site's post list, the clock, a function call) is UNKNOWN, and everything computed from it is UNKNOWN too.
 */

export const UNKNOWN: unique symbol = Symbol('unknown')
export type Value = unknown

export type Syntax = 'liquid' | 'nunjucks'

export type Expr =
  | { k: 'lit'; v: Value }
  | { k: 'var'; path: Array<string | Expr>; text: string }
  | { k: 'range'; from: Expr; to: Expr }
  | { k: 'list'; items: Expr[] }
  | { k: 'dict'; entries: Array<[string, Expr]> }
  | { k: 'op'; op: string; a: Expr; b: Expr }
  | { k: 'not'; a: Expr }
  | { k: 'neg'; a: Expr }
  | { k: 'if'; cond: Expr; then: Expr; else?: Expr }
  | { k: 'filter'; name: string; input: Expr; args: Expr[]; named: Array<[string, Expr]> }
  | { k: 'call'; text: string }

export class ExprError extends Error {}

type Tok = { t: 'str' | 'num' | 'id' | 'p'; v: string }

const PUNCT3 = new Set(['===', '!=='])
const PUNCT2 = new Set(['..', '==', '!=', '<>', '<=', '>=', '//', '**'])
const PUNCT1 = new Set(['|', ':', ',', '.', '[', ']', '(', ')', '{', '}', '<', '>', '+', '-', '*', '/', '%', '~', '=', '?'])

/** Expressions longer than this many tokens are refused: real ones are short, and it bounds the parser's recursion. */
const MAX_TOKENS = 2000

/** Splits an expression into tokens. Linear: every character is read once. */
export function tokenize(src: string): Tok[] {
  const toks: Tok[] = []
  let i = 0
  while (i < src.length) {
    if (toks.length > MAX_TOKENS) throw new ExprError(`an expression longer than ${MAX_TOKENS} tokens`)
    const c = src[i]
    if (/\s/.test(c)) {
      i++
      continue
    }
    if (c === '"' || c === "'") {
      let j = i + 1
      let v = ''
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length && (src[j + 1] === c || src[j + 1] === '\\')) j++
        v += src[j++]
      }
      if (j >= src.length) throw new ExprError('an unclosed string')
      toks.push({ t: 'str', v })
      i = j + 1
      continue
    }
    if (/[0-9]/.test(c) || (c === '-' && /[0-9]/.test(src[i + 1] ?? '') && (toks.length === 0 || ['(', ',', ':', '[', '|', '==', '!=', '<', '>', '<=', '>=', '='].includes(toks[toks.length - 1].v)))) {
      let j = i + 1
      while (j < src.length && /[0-9]/.test(src[j])) j++
      if (src[j] === '.' && /[0-9]/.test(src[j + 1] ?? '')) {
        j++
        while (j < src.length && /[0-9]/.test(src[j])) j++
      }
      toks.push({ t: 'num', v: src.slice(i, j) })
      i = j
      continue
    }
    if (/[A-Za-z_$@]/.test(c) || c.charCodeAt(0) > 127) {
      let j = i + 1
      while (j < src.length && (/[\w$-]/.test(src[j]) || src.charCodeAt(j) > 127)) {
        // A '-' belongs to a Liquid name (`site.data.my-file`) unless an operator or a digit follows.
        if (src[j] === '-' && !/[A-Za-z_]/.test(src[j + 1] ?? '')) break
        j++
      }
      if (src[j] === '?') j++
      toks.push({ t: 'id', v: src.slice(i, j) })
      i = j
      continue
    }
    const p = [src.slice(i, i + 3), src.slice(i, i + 2), c].find((x, n) => (n === 0 ? PUNCT3 : n === 1 ? PUNCT2 : PUNCT1).has(x))
    if (!p) throw new ExprError(`an unexpected "${c}"`)
    toks.push({ t: 'p', v: p })
    i += p.length
  }
  return toks
}

/** Parses `src` (an output's or a tag's expression); throws ExprError on syntax errors. */
export function parseExpr(src: string, syntax: Syntax): Expr {
  const p = new Parser(tokenize(src), syntax)
  const e = p.top()
  if (!p.done()) throw new ExprError(`"${p.rest()}" after the expression`)
  return e
}

/** A parser over tokens, also used by tags to read their own markup (`for x in y limit: 3`). */
export class Parser {
  i = 0
  private depth = 0
  constructor(
    readonly toks: Tok[],
    readonly syntax: Syntax,
  ) {}

  done(): boolean {
    return this.i >= this.toks.length
  }

  rest(): string {
    return this.toks
      .slice(this.i)
      .map((t) => (t.t === 'str' ? JSON.stringify(t.v) : t.v))
      .join(' ')
  }

  peek(v?: string): Tok | undefined {
    const t = this.toks[this.i]
    return v === undefined || (t && t.v === v && t.t !== 'str') ? t : undefined
  }

  eat(v: string): boolean {
    if (this.peek(v)) {
      this.i++
      return true
    }
    return false
  }

  expect(v: string): void {
    if (!this.eat(v)) throw new ExprError(`"${v}" expected${this.done() ? ' at the end' : ` before "${this.rest()}"`}`)
  }

  ident(): string {
    const t = this.toks[this.i]
    if (!t || t.t !== 'id') throw new ExprError('a name expected')
    this.i++
    return t.v
  }

  /** An expression with filters (`a | f: x`); Nunjucks' inline `if` binds loosest. */
  top(): Expr {
    if (this.syntax === 'nunjucks') return this.inlineIf()
    return this.filters(this.or())
  }

  private inlineIf(): Expr {
    const then = this.or()
    if (this.peek('if')) {
      this.i++
      const cond = this.or()
      const otherwise = this.eat('else') ? this.inlineIf() : undefined
      return { k: 'if', cond, then, else: otherwise }
    }
    return then
  }

  filters(input: Expr): Expr {
    let e = input
    while (this.eat('|')) {
      const name = this.ident()
      const args: Expr[] = []
      const named: Array<[string, Expr]> = []
      if (this.syntax === 'liquid' && this.eat(':')) {
        do {
          const t = this.toks[this.i]
          if (t?.t === 'id' && this.toks[this.i + 1]?.v === ':') {
            this.i += 2
            named.push([t.v, this.or()])
          } else args.push(this.or())
        } while (this.eat(','))
      } else if (this.syntax === 'nunjucks' && this.eat('(')) {
        if (!this.eat(')')) {
          do {
            const t = this.toks[this.i]
            if (t?.t === 'id' && this.toks[this.i + 1]?.v === '=') {
              this.i += 2
              named.push([t.v, this.inlineIf()])
            } else args.push(this.inlineIf())
          } while (this.eat(','))
          this.expect(')')
        }
      }
      e = { k: 'filter', name, input: e, args, named }
    }
    return e
  }

  or(): Expr {
    const a = this.and()
    if (this.peek('or')) {
      this.i++
      // Liquid reads `and`/`or` right to left with equal weight: `a and b or c` is `a and (b or c)`.
      return { k: 'op', op: 'or', a, b: this.syntax === 'liquid' ? this.or() : this.orRest() }
    }
    return a
  }

  private orRest(): Expr {
    let e = this.and()
    while (this.eat('or')) e = { k: 'op', op: 'or', a: e, b: this.and() }
    return e
  }

  private and(): Expr {
    const a = this.not()
    if (this.peek('and')) {
      this.i++
      if (this.syntax === 'liquid') return { k: 'op', op: 'and', a, b: this.or() }
      let e: Expr = { k: 'op', op: 'and', a, b: this.not() }
      while (this.eat('and')) e = { k: 'op', op: 'and', a: e, b: this.not() }
      return e
    }
    return a
  }

  private not(): Expr {
    if (this.syntax === 'nunjucks' && this.eat('not')) return { k: 'not', a: this.not() }
    return this.compare()
  }

  private compare(): Expr {
    let e = this.concat()
    for (;;) {
      const t = this.toks[this.i]
      if (!t || t.t === 'str') return e
      if (['==', '!=', '<>', '<', '>', '<=', '>=', '===', '!==', 'contains', 'in'].includes(t.v)) {
        this.i++
        e = { k: 'op', op: t.v === '<>' ? '!=' : t.v === '===' ? '==' : t.v === '!==' ? '!=' : t.v, a: e, b: this.concat() }
      } else if (t.v === 'not' && this.toks[this.i + 1]?.v === 'in') {
        this.i += 2
        e = { k: 'not', a: { k: 'op', op: 'in', a: e, b: this.concat() } }
      } else if (t.v === 'is') {
        // Nunjucks tests (`x is defined`) depend on the runtime; the result is unknown.
        this.i++
        this.eat('not')
        this.ident()
        e = { k: 'call', text: 'is' }
      } else return e
    }
  }

  private concat(): Expr {
    let e = this.add()
    while (this.syntax === 'nunjucks' && this.eat('~')) e = { k: 'op', op: '~', a: e, b: this.add() }
    return e
  }

  private add(): Expr {
    let e = this.mul()
    for (;;) {
      if (this.syntax !== 'nunjucks') return e
      if (this.eat('+')) e = { k: 'op', op: '+', a: e, b: this.mul() }
      else if (this.eat('-')) e = { k: 'op', op: '-', a: e, b: this.mul() }
      else return e
    }
  }

  private mul(): Expr {
    let e = this.unary()
    for (;;) {
      if (this.syntax !== 'nunjucks') return e
      const op = ['**', '//', '*', '/', '%'].find((o) => this.peek(o))
      if (!op) return e
      this.i++
      e = { k: 'op', op, a: e, b: this.unary() }
    }
  }

  private unary(): Expr {
    if (this.syntax === 'nunjucks' && this.eat('-')) return { k: 'neg', a: this.unary() }
    const e = this.postfix(this.primary())
    return this.syntax === 'nunjucks' ? this.filters(e) : e
  }

  private primary(): Expr {
    const t = this.toks[this.i]
    if (!t) throw new ExprError('a value expected at the end')
    this.i++
    if ((t.v === '(' || t.v === '[' || t.v === '{') && t.t === 'p') {
      // Nesting is bounded: a hostile `((((…` must not exhaust the call stack.
      if (++this.depth > 64) throw new ExprError('brackets nested too deeply')
      try {
        return this.bracketed(t)
      } finally {
        this.depth--
      }
    }
    return this.atom(t)
  }

  private atom(t: Tok): Expr {
    if (t.t === 'str') return { k: 'lit', v: t.v }
    if (t.t === 'num') return { k: 'lit', v: Number(t.v) }
    if (t.t === 'id') {
      const lits: Record<string, Value> = { true: true, false: false, nil: null, null: null, none: null, empty: EMPTY, blank: BLANK }
      if (t.v in lits && !this.peek('.') && !this.peek('[')) return { k: 'lit', v: lits[t.v] }
      if (this.syntax === 'nunjucks' && ['True', 'False', 'None'].includes(t.v)) return { k: 'lit', v: t.v === 'True' ? true : t.v === 'False' ? false : null }
      return { k: 'var', path: [t.v], text: t.v }
    }
    throw new ExprError(`an unexpected "${t.v}"`)
  }

  private bracketed(t: Tok): Expr {
    if (t.v === '(') {
      const from = this.syntax === 'liquid' ? this.postfix(this.primary()) : this.inlineIf()
      if (this.eat('..')) {
        const to = this.postfix(this.primary())
        this.expect(')')
        return { k: 'range', from, to }
      }
      this.expect(')')
      return from
    }
    if (t.v === '[') {
      // A Liquid variable may start with a bracket (`[key]`); in Nunjucks it is a list.
      const items: Expr[] = []
      if (!this.eat(']')) {
        do items.push(this.top())
        while (this.eat(','))
        this.expect(']')
      }
      if (this.syntax === 'liquid') return { k: 'var', path: items, text: '[…]' }
      return { k: 'list', items }
    }
    if (t.v === '{' && this.syntax === 'nunjucks') {
      const entries: Array<[string, Expr]> = []
      if (!this.eat('}')) {
        do {
          const key = this.toks[this.i++]
          if (!key || (key.t !== 'str' && key.t !== 'id')) throw new ExprError('a key expected')
          this.expect(':')
          entries.push([key.v, this.inlineIf()])
        } while (this.eat(','))
        this.expect('}')
      }
      return { k: 'dict', entries }
    }
    throw new ExprError(`an unexpected "${t.v}"`)
  }

  private postfix(base: Expr): Expr {
    let e = base
    for (;;) {
      if (this.eat('.')) {
        const t = this.toks[this.i++]
        if (!t || (t.t !== 'id' && t.t !== 'num')) throw new ExprError('a name expected after "."')
        e = extend(e, t.v)
      } else if (this.peek('[')) {
        this.i++
        const key = this.top()
        this.expect(']')
        e = extend(e, key.k === 'lit' && (typeof key.v === 'string' || typeof key.v === 'number') ? String(key.v) : key)
      } else if (this.peek('(') && this.syntax === 'nunjucks') {
        // A function or macro call: evaluated by nothing here.
        let depth = 0
        const start = this.i
        do {
          const v = this.toks[this.i]?.v
          if (v === '(') depth++
          else if (v === ')') depth--
          this.i++
        } while (depth > 0 && this.i < this.toks.length)
        e = { k: 'call', text: `${describe(e)}(${this.toks.slice(start + 1, this.i - 1).map((x) => x.v).join(' ')})` }
      } else return e
    }
  }
}

/** `e.key`: a variable's path grows in place (the parser owns it), so a long chain costs linear time. */
function extend(e: Expr, key: string | Expr): Expr {
  if (e.k === 'var') {
    e.path.push(key)
    if (e.text.length < 80) e.text += typeof key === 'string' ? `.${key}` : '[…]'
    return e
  }
  return { k: 'var', path: [{ k: 'lit', v: null }, key], text: 'value' }
}

/** A short name for an expression, for findings: its variable path or its last filter. */
export function describe(e: Expr): string {
  if (e.k === 'var') return e.text
  if (e.k === 'filter') return e.input.k === 'var' ? e.input.text : e.name
  if (e.k === 'call') return e.text.length > 40 ? `${e.text.slice(0, 40)}…` : e.text
  if (e.k === 'lit') return typeof e.v === 'string' ? JSON.stringify(e.v.length > 30 ? `${e.v.slice(0, 30)}…` : e.v) : String(e.v)
  return 'expression'
}

/** Liquid's `empty` and `blank` literals compare equal to empty strings, arrays and objects (and blank to nil). */
export const EMPTY = Symbol('empty')
export const BLANK = Symbol('blank')
