import type { PresetContext, SiteConfig } from './types.js'

/**
 * Reading a generator's JavaScript configuration (`docusaurus.config.js`, `astro.config.mjs`, `.eleventy.js`) as
 * text, never executing it: comments are blanked, then object literals are walked for the keys a preset needs.
 * Only literal values are understood (strings, booleans, arrays of strings, nested objects); anything computed
 * (`process.env.X`, a function call) reads as absent, and the preset falls back to the generator's default.
 */

/**
 * The first of `files` the folder holds, read as text with its comments blanked (never run) and named in `config` as
 * the convention's configuration file; `text` is '' when the folder holds none of them.
 */
export async function readJsConfig(ctx: PresetContext, files: readonly string[], config: SiteConfig): Promise<{ file?: string; text: string }> {
  const file = files.find((f) => ctx.discovery.paths.has(f))
  if (!file) return { text: '' }
  config.file = file
  config.configFiles.add(file)
  return { file, text: stripComments((await ctx.readText(file)) ?? '') }
}

/** The text with `//` and `/* *\/` comments replaced by spaces (string and template literals are kept). */
export function stripComments(text: string): string {
  let out = ''
  let i = 0
  while (i < text.length) {
    const c = text[i]
    if (c === '"' || c === "'" || c === '`') {
      const end = stringEnd(text, i)
      out += text.slice(i, end)
      i = end
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i)
      const stop = end === -1 ? text.length : end
      out += ' '.repeat(stop - i)
      i = stop
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2)
      const stop = end === -1 ? text.length : end + 2
      out += text.slice(i, stop).replace(/[^\n]/g, ' ')
      i = stop
    } else {
      out += c
      i++
    }
  }
  return out
}

/** The index just after the string literal starting at `start` (its quote), or the text's end. */
function stringEnd(text: string, start: number): number {
  const quote = text[start]
  let i = start + 1
  while (i < text.length) {
    if (text[i] === '\\') i += 2
    else if (text[i] === quote) return i + 1
    else if (quote !== '`' && text[i] === '\n') return i
    else i++
  }
  return text.length
}

/** The index of the bracket closing the one at `start` (`{`, `[` or `(`), skipping strings; -1 when unbalanced. */
export function closing(text: string, start: number): number {
  let depth = 0
  let i = start
  while (i < text.length) {
    const c = text[i]
    if (c === '"' || c === "'" || c === '`') {
      i = stringEnd(text, i)
      continue
    }
    if (c === '{' || c === '[' || c === '(') depth++
    else if (c === '}' || c === ']' || c === ')') {
      depth--
      if (depth === 0) return i
    }
    i++
  }
  return -1
}

/**
 * Every object literal written as the value of `key` (`docs: { … }`, `'docs': { … }`), in text order, as the text
 * between its braces; one written inside another is part of the outer one's text, not listed again (listing each of
 * `docs: { docs: { … } }` nested n deep took time in the square of n). Used on comment-free text.
 */
export function objectsOf(text: string, key: string): string[] {
  const out: string[] = []
  const re = new RegExp(`(?:^|[\\s,{(])['"]?${key.replace(/[$]/g, '\\$')}['"]?\\s*:\\s*\\{`, 'g')
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const open = m.index + m[0].length - 1
    const end = closing(text, open)
    if (end === -1) break
    out.push(text.slice(open + 1, end))
    re.lastIndex = end
  }
  return out
}

/** The object literal passed after `marker` (a plugin name such as `'@docusaurus/plugin-content-docs'`), each one. */
export function objectsAfter(text: string, marker: string): string[] {
  const out: string[] = []
  let at = text.indexOf(marker)
  while (at !== -1) {
    const open = text.indexOf('{', at + marker.length)
    // An array closing first ends the entry: looked for between the two only (the rest of a text without one, for
    // each marker, was time in the square of their number).
    if (open === -1 || text.slice(at + marker.length, open).includes(']')) break
    const end = closing(text, open)
    if (end === -1) break
    out.push(text.slice(open + 1, end))
    at = text.indexOf(marker, end)
  }
  return out
}

/** The top-level entries of an object literal's inner text: key → the raw text of its value. */
export function entries(objectText: string): Map<string, string> {
  const out = new Map<string, string>()
  let i = 0
  const n = objectText.length
  // A key: an identifier or a quoted string, then a colon; matched where the scan is (sticky), never on a copy of
  // the rest, which would make a long object quadratic.
  const keyAt = /\s*(?:([A-Za-z_$][\w$]*)|'([^']*)'|"([^"]*)")\s*:/y
  while (i < n) {
    keyAt.lastIndex = i
    const key = keyAt.exec(objectText)
    if (!key) {
      // Not a key here (a spread, a method, a shorthand property): skip to the next top-level comma.
      i = nextComma(objectText, i) + 1
      continue
    }
    const start = i + key[0].length
    const end = nextComma(objectText, start)
    out.set(key[1] ?? key[2] ?? key[3], objectText.slice(start, end).trim())
    i = end + 1
  }
  return out
}

/** How deep spreads of spreads are followed (`...shared` holding `...base`), and how many in all for one object. */
const SPREAD_DEPTH = 4
const SPREADS = 64

/**
 * The top-level entries of an object literal's inner text as JavaScript builds the object: a spread (`...shared`)
 * brings in the entries of the object the name holds in `text` (a `const`, `export const x = defineConfig({ … })`,
 * or a function returning one), a shorthand property (`{ zh }`) is `zh: zh`, and a later key wins over an earlier
 * one. A spread of anything else (a call with arguments, a member) is skipped, as `entries` skips it.
 */
export function entriesWithSpreads(objectText: string, text: string, depth = 0, budget = { left: SPREADS }): Map<string, string> {
  const out = new Map<string, string>()
  const own = entries(objectText)
  let i = 0
  while (i < objectText.length) {
    const end = nextComma(objectText, i)
    const item = objectText.slice(i, end).trim()
    i = end + 1
    const spread = /^\.\.\.\s*([A-Za-z_$][\w$]*)(?:\s*\(\s*\))?$/.exec(item)
    const shorthand = /^[A-Za-z_$][\w$]*$/.exec(item)
    if (spread && depth < SPREAD_DEPTH && budget.left > 0) {
      budget.left--
      const inner = objectLiteral(resolvedValue(text, spread[1]))
      if (inner !== undefined) for (const [k, v] of entriesWithSpreads(inner, text, depth + 1, budget)) setLast(out, k, v)
    } else if (shorthand) setLast(out, shorthand[0], shorthand[0])
    else {
      const key = /^(?:([A-Za-z_$][\w$]*)|'([^']*)'|"([^"]*)")\s*:/.exec(item)
      const name = key ? (key[1] ?? key[2] ?? key[3]) : undefined
      if (name !== undefined && own.has(name)) setLast(out, name, own.get(name) as string)
    }
  }
  return out
}

/** Sets a key as the object's last, as a later key of an object literal is. */
function setLast(map: Map<string, string>, key: string, value: string): void {
  map.delete(key)
  map.set(key, value)
}

function nextComma(text: string, from: number): number {
  let i = from
  while (i < text.length) {
    const c = text[i]
    if (c === '"' || c === "'" || c === '`') {
      i = stringEnd(text, i)
      continue
    }
    if (c === '{' || c === '[' || c === '(') {
      const end = closing(text, i)
      if (end === -1) return text.length
      i = end + 1
      continue
    }
    if (c === ',') return i
    i++
  }
  return text.length
}

/** A string literal's value (`'x'`, `"x"`, or a template literal without `${}`), else undefined. */
export function stringLiteral(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined
  const m = /^(['"`])((?:\\.|(?!\1)[^\\])*)\1$/s.exec(raw.trim())
  if (!m || (m[1] === '`' && m[2].includes('${'))) return undefined
  return m[2].replace(/\\(.)/g, '$1')
}

/** An array literal of strings (`['en', 'fr']`), else undefined. */
export function stringArray(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined
  const t = raw.trim()
  if (!t.startsWith('[') || !t.endsWith(']')) return undefined
  const items = [...entriesOfArray(t.slice(1, -1))]
  const values = items.map(stringLiteral)
  return values.every((v): v is string => v !== undefined) ? values : undefined
}

/** The top-level items of an array literal (`[{ … }, 'x']`) as raw text each, else undefined. */
export function arrayItems(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined
  const t = raw.trim()
  return t.startsWith('[') && t.endsWith(']') ? [...entriesOfArray(t.slice(1, -1))] : undefined
}

function* entriesOfArray(inner: string): Generator<string> {
  let i = 0
  while (i < inner.length) {
    const end = nextComma(inner, i)
    const item = inner.slice(i, end).trim()
    if (item !== '') yield item
    i = end + 1
  }
}

/**
 * An array or object literal's text from a value as written: the literal itself (`at` is where it starts in `text`,
 * when known), or what the variable or function it names (`enNavbar`, `nav()`) holds; undefined otherwise.
 */
export function resolvedValue(text: string, raw: string, at?: number): string | undefined {
  const t = raw.trimStart()
  if (t.startsWith('[') || t.startsWith('{')) {
    if (at === undefined) return t.trimEnd()
    const close = closing(text, at + raw.length - t.length)
    return close === -1 ? undefined : text.slice(at + raw.length - t.length, close + 1)
  }
  const ident = /^([A-Za-z_$][\w$]*)\s*(?:\(\s*\))?/.exec(t)?.[1]
  const open = ident ? definitionOf(text, ident) : -1
  const close = open === -1 ? -1 : closing(text, open)
  return close === -1 ? undefined : text.slice(open, close + 1)
}

/** Where the array or object a variable or function holds starts (`const nav = [`, `= navbar([`, `function nav() { return [`), or -1. */
function definitionOf(text: string, name: string): number {
  if (indexed?.text !== text) indexed = { text, starts: definitions(text) }
  return indexed.starts.get(name) ?? -1
}

/** The last text's definitions: a sidebar object's keys and a configuration's values look names up in one text. */
let indexed: { text: string; starts: Map<string, number> } | undefined

/**
 * A definition of a name holding an array or object, matched where a keyword starts: a declaration (a type of up to
 * 200 characters before its `=`, a call around the literal), or a function whose body returns one (parameters and a
 * return type of up to 200 characters each). Bounded, so that trying it at every keyword takes time linear in the text.
 */
const DEFINITION = /(?:(?:const|let|var)\s+([A-Za-z_$][\w$]*)\b[^=\n]{0,200}=\s*(?:[\w$.]+\(\s*)?|function\s+([A-Za-z_$][\w$]*)\s*\([^)]{0,200}\)[^{]{0,200}\{\s*return\s*)[[{]/y

/**
 * Each name's first definition in the text, found in one pass: looked up name by name, a text defining none of n
 * names was searched n times (a sidebar of n entries held by names: time in the square of n).
 */
function definitions(text: string): Map<string, number> {
  const out = new Map<string, number>()
  for (const keyword of text.matchAll(/(?:const|let|var|function)\s/g)) {
    DEFINITION.lastIndex = keyword.index
    const m = DEFINITION.exec(text)
    const name = m?.[1] ?? m?.[2]
    if (m && name !== undefined && !out.has(name)) out.set(name, keyword.index + m[0].length - 1)
  }
  return out
}

/** The inner text of an object literal value (`{ … }`), else undefined. */
export function objectLiteral(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined
  const t = raw.trim()
  return t.startsWith('{') && t.endsWith('}') ? t.slice(1, -1) : undefined
}

/** What `literalValue` returns for a value written as code (a function, a variable, a call): never run, so unknown. */
const CODE = Symbol('code')
/** How deep literal values nest before the rest is taken for code (a data file is shallow; a hostile one may not be). */
const MAX_DEPTH = 32

/**
 * The object a JavaScript data file exports (`module.exports = { … }`, `export default { … }`, or a name declared
 * with one: `const sidebars: SidebarsConfig = { … }; export default sidebars`), where it is written as literals:
 * strings, numbers, booleans, null, and arrays and objects of them. A value written as code is left out and its key
 * named in `computed` (`eleventyComputed.permalink`). Undefined when the file exports no object literal (a function,
 * a call). Used on comment-free text.
 */
export function exportedData(text: string): { data: Record<string, unknown>; computed: string[] } | undefined {
  const m = /(?:module\.exports\s*=|export\s+default)\s*\{/.exec(text) ?? declaredObject(text)
  if (!m) return undefined
  const open = m.index + m[0].length - 1
  const close = closing(text, open)
  if (close === -1) return undefined
  const computed: string[] = []
  const data = objectValue(text.slice(open + 1, close), '', computed, 0)
  return { data, computed }
}

/**
 * The value a JavaScript data file exports when it is a literal other than an object (`module.exports = "post.njk";`,
 * `export default ["posts"]`): a string, number, boolean, null, or an array of literals. Undefined for anything else
 * (an object: `exportedData`; code). Used on comment-free text.
 * @example
 * exportedLiteral('module.exports = "layouts/post.njk";') // 'layouts/post.njk'
 */
export function exportedLiteral(text: string): unknown {
  const m = /(?:module\.exports\s*=|export\s+default)\s*/.exec(text)
  if (!m) return undefined
  const at = m.index + m[0].length
  const end = text[at] === '[' ? closing(text, at) : -1
  const raw = end !== -1 ? text.slice(at, end + 1) : /^(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`[^`$\\]*`|-?\d+(?:\.\d+)?|true|false|null)/.exec(text.slice(at, at + 10_000))?.[0]
  // The statement ends there (`;`, a line break, the end of the file), or the literal is part of an expression.
  if (raw === undefined || !/^[ \t]*(?:;|\r?\n|$)/.test(text.slice(at + raw.length, at + raw.length + 200))) return undefined
  const found = literalData(raw)
  return found === undefined || found.computed.length > 0 ? undefined : found.value
}

/** The object literal a file exports by name (`module.exports = name`, `export default name`): its declaration's match, ending at its `{`. */
function declaredObject(text: string): RegExpExecArray | null {
  const name = /(?:module\.exports\s*=|export\s+default)\s*([A-Za-z_$][\w$]*)[ \t]*;?[ \t]*$/m.exec(text)?.[1]
  if (name === undefined) return null
  return new RegExp(`(?:const|let|var)\\s+${name.replace(/\$/g, '\\$')}\\s*(?::[^=;{}]{0,200})?=\\s*\\{`).exec(text)
}

/**
 * The value of a literal written in configuration (`[{ label: 'Guides', items: ['a'] }]`): strings, numbers,
 * booleans, null, and arrays and objects of them, keys written as code left out of their object (and named in
 * `computed`); undefined when the value itself, or an array item, is code. Used on comment-free text.
 */
export function literalData(raw: string): { value: unknown; computed: string[] } | undefined {
  const computed: string[] = []
  const value = literalValue(raw, '', computed, 0)
  return value === CODE ? undefined : { value, computed }
}

function objectValue(inner: string, at: string, computed: string[], depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null)
  for (const [key, raw] of entries(inner)) {
    const value = literalValue(raw, `${at}${key}`, computed, depth + 1)
    if (value === CODE) computed.push(`${at}${key}`)
    else out[key] = value
  }
  return out
}

function literalValue(raw: string, at: string, computed: string[], depth: number): unknown {
  const t = raw.trim()
  if (depth > MAX_DEPTH) return CODE
  const s = stringLiteral(t)
  if (s !== undefined) return s
  if (/^-?\d+(?:\.\d+)?$/.test(t)) return Number(t)
  if (t === 'true' || t === 'false') return t === 'true'
  if (t === 'null') return null
  const inner = objectLiteral(t)
  if (inner !== undefined) return objectValue(inner, `${at}.`, computed, depth)
  if (t.startsWith('[') && t.endsWith(']')) {
    const items = [...entriesOfArray(t.slice(1, -1))].map((item) => literalValue(item, at, computed, depth + 1))
    return items.includes(CODE) ? CODE : items
  }
  return CODE
}
