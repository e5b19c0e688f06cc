import { UNKNOWN } from './_expr.js'
import { trimTrailing } from '../../../src/trim.js'

/** A JSX attribute: a string, an expression `{…}` (its source), a bare name (true) or a spread `{...x}`. */
export type JsxAttr = { name: string; value: string | { expr: string } | true } | { spread: string }

/** A JSX tag read from a body. `name` is '' for a fragment (`<>`). */
export interface JsxTag {
  start: number
  end: number
  kind: 'open' | 'close' | 'self'
  name: string
  attrs: JsxAttr[]
}

/** Tags longer than this are not read as JSX (real ones are short; this bounds the work per `<`). */
export const MAX_TAG = 64 * 1024

const NAME_START = /[A-Za-z_$]/
const NAME_CHAR = /[\w$.:-]/

/**
 * Reads a JSX tag at `at` (a `<`). When it is not one, returns the offset where reading stopped: the text up to there
 * is not JSX, and the caller goes on from there, so no character is read twice however hostile the body (an
 * unclosed `{` reads at most MAX_TAG characters once). Attribute values may be strings or braced expressions holding
 * strings, template literals, comments and nested braces.
 */
export function readJsxTag(src: string, at: number): JsxTag | number {
  const limit = Math.min(src.length, at + MAX_TAG)
  let i = at + 1
  const ws = () => {
    while (i < limit && /\s/.test(src[i])) i++
  }
  let kind: JsxTag['kind'] = 'open'
  ws()
  if (src[i] === '/') {
    kind = 'close'
    i++
    ws()
  }
  let name = ''
  if (src[i] !== '>') {
    if (!NAME_START.test(src[i] ?? '')) return i
    const s = i
    while (i < limit && NAME_CHAR.test(src[i])) i++
    name = src.slice(s, i)
    if (name.endsWith(':') || name.endsWith('.')) return i
  }
  const attrs: JsxAttr[] = []
  for (;;) {
    ws()
    if (i >= limit) return i
    const c = src[i]
    if (c === '>') return { start: at, end: i + 1, kind, name, attrs }
    if (c === '/' && src[i + 1] === '>' && kind === 'open') return { start: at, end: i + 2, kind: 'self', name, attrs }
    if (kind === 'close') return i
    if (c === '{') {
      const end = matchBrace(src, i, limit)
      if (end < 0) return -end
      const inner = src.slice(i + 1, end).trim()
      if (!inner.startsWith('...')) return end + 1
      attrs.push({ spread: inner.slice(3) })
      i = end + 1
      continue
    }
    if (!NAME_START.test(c)) return i
    const s = i
    while (i < limit && NAME_CHAR.test(src[i])) i++
    const attrName = src.slice(s, i)
    ws()
    if (src[i] !== '=') {
      attrs.push({ name: attrName, value: true })
      continue
    }
    i++
    ws()
    const q = src[i]
    if (q === '"' || q === "'") {
      const end = src.indexOf(q, i + 1)
      if (end === -1 || end >= limit) return limit
      attrs.push({ name: attrName, value: src.slice(i + 1, end) })
      i = end + 1
    } else if (q === '{') {
      const end = matchBrace(src, i, limit)
      if (end < 0) return -end
      attrs.push({ name: attrName, value: { expr: src.slice(i + 1, end) } })
      i = end + 1
    } else return i
  }
}

/**
 * The index of the `}` closing the `{` at `open`, skipping JavaScript strings, template literals and comments; when
 * it does not close before `limit`, minus the offset where reading stopped.
 */
export function matchBrace(src: string, open: number, limit: number): number {
  let depth = 0
  let i = open
  while (i < limit) {
    const c = src[i]
    if (c === '{') depth++
    else if (c === '}') {
      depth--
      if (depth === 0) return i
    } else if (c === '"' || c === "'" || c === '`') {
      i++
      while (i < limit && src[i] !== c) {
        if (src[i] === '\\') i++
        else if (c !== '`' && src[i] === '\n') return -i
        i++
      }
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2)
      if (end === -1 || end >= limit) return -limit
      i = end + 1
    } else if (c === '/' && src[i + 1] === '/') {
      const end = src.indexOf('\n', i)
      if (end === -1 || end >= limit) return -limit
      i = end
    }
    i++
  }
  return -Math.max(limit, open + 1)
}

/** What a JavaScript expression in MDX may read: imported names and front matter. */
export interface JsScope {
  bindings: Map<string, unknown>
  baseurl: string
}

/**
 * Evaluates the JavaScript an MDX body commonly holds where a value is static: string, number, template (without
 * `${}`) and boolean literals, arrays and objects of them, imported names (`src={img}`), `frontMatter.title`,
 * `require('./x.png').default` and Docusaurus' `useBaseUrl('/x')`. Anything else is UNKNOWN.
 */
export function evalJs(expr: string, scope: JsScope): unknown {
  const p = new JsParser(expr, scope)
  try {
    const v = p.value(0)
    p.ws()
    return p.i === expr.length ? v : UNKNOWN
  } catch {
    return UNKNOWN
  }
}

class JsParser {
  i = 0
  constructor(
    readonly s: string,
    readonly scope: JsScope,
  ) {}

  ws(): void {
    for (;;) {
      while (this.i < this.s.length && /\s/.test(this.s[this.i])) this.i++
      if (this.s.startsWith('/*', this.i)) {
        const end = this.s.indexOf('*/', this.i + 2)
        if (end === -1) throw new Error('comment')
        this.i = end + 2
      } else if (this.s.startsWith('//', this.i)) {
        const end = this.s.indexOf('\n', this.i)
        this.i = end === -1 ? this.s.length : end + 1
      } else return
    }
  }

  value(depth: number): unknown {
    if (depth > 32) throw new Error('deep')
    this.ws()
    const c = this.s[this.i]
    if (c === '"' || c === "'" || c === '`') return this.string(c)
    if (c === '[') {
      this.i++
      const items: unknown[] = []
      this.ws()
      while (this.s[this.i] !== ']') {
        items.push(this.value(depth + 1))
        this.ws()
        if (this.s[this.i] === ',') this.i++
        else if (this.s[this.i] !== ']') throw new Error('array')
        this.ws()
      }
      this.i++
      return items.includes(UNKNOWN) ? UNKNOWN : items
    }
    if (c === '{') {
      this.i++
      const obj: Record<string, unknown> = {}
      this.ws()
      while (this.s[this.i] !== '}') {
        const q = this.s[this.i]
        let key: string
        if (q === '"' || q === "'") key = this.string(q)
        else {
          const m = /^[A-Za-z_$][\w$]*/.exec(this.s.slice(this.i, this.i + 200))
          if (!m) throw new Error('key')
          key = m[0]
          this.i += key.length
        }
        this.ws()
        if (this.s[this.i] === ':') {
          this.i++
          obj[key] = this.value(depth + 1)
        } else obj[key] = this.lookup([key])
        this.ws()
        if (this.s[this.i] === ',') this.i++
        else if (this.s[this.i] !== '}') throw new Error('object')
        this.ws()
      }
      this.i++
      return Object.values(obj).includes(UNKNOWN) ? UNKNOWN : obj
    }
    if (c === '-' || /[0-9.]/.test(c ?? '')) {
      const m = /^-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/i.exec(this.s.slice(this.i, this.i + 64))
      if (!m) throw new Error('number')
      this.i += m[0].length
      return Number(m[0])
    }
    const m = /^[A-Za-z_$][\w$]*/.exec(this.s.slice(this.i, this.i + 200))
    if (!m) throw new Error('value')
    this.i += m[0].length
    const word = m[0]
    if (word === 'true') return true
    if (word === 'false') return false
    if (word === 'null' || word === 'undefined') return null
    this.ws()
    if (this.s[this.i] === '(' && (word === 'require' || word === 'useBaseUrl')) {
      this.i++
      const arg = this.value(depth + 1)
      this.ws()
      if (this.s[this.i] !== ')') throw new Error('call')
      this.i++
      if (typeof arg !== 'string') return UNKNOWN
      if (word === 'useBaseUrl') return arg.startsWith('/') ? `${trimTrailing(this.scope.baseurl, '/')}${arg}` : arg
      this.ws()
      if (this.s.startsWith('.default', this.i)) this.i += '.default'.length
      return siteAlias(arg)
    }
    const path = [word]
    for (;;) {
      this.ws()
      if (this.s[this.i] === '.' || this.s.startsWith('?.', this.i)) {
        this.i += this.s[this.i] === '?' ? 2 : 1
        const k = /^[A-Za-z_$][\w$]*/.exec(this.s.slice(this.i, this.i + 200))
        if (!k) throw new Error('member')
        this.i += k[0].length
        path.push(k[0])
      } else break
    }
    return this.lookup(path)
  }

  private lookup(path: string[]): unknown {
    if (!this.scope.bindings.has(path[0])) return UNKNOWN
    let v = this.scope.bindings.get(path[0])
    for (const key of path.slice(1)) {
      if (v === null || typeof v !== 'object') return UNKNOWN
      v = (v as Record<string, unknown>)[key]
    }
    return v === undefined ? UNKNOWN : v
  }

  private string(q: string): string {
    let out = ''
    this.i++
    while (this.i < this.s.length && this.s[this.i] !== q) {
      const c = this.s[this.i]
      if (q === '`' && c === '$' && this.s[this.i + 1] === '{') throw new Error('template')
      if (c === '\\') {
        const n = this.s[this.i + 1]
        out += n === 'n' ? '\n' : n === 't' ? '\t' : (n ?? '')
        this.i += 2
        continue
      }
      out += c
      this.i++
    }
    if (this.i >= this.s.length) throw new Error('string')
    this.i++
    return out
  }
}

/** Docusaurus's `@site/` module alias (the site folder): `@site/static/img/a.png` is the folder's `/static/img/a.png`. */
export function siteAlias(path: string): string {
  return path.startsWith('@site/') ? path.slice('@site'.length) : path
}
