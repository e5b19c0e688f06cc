import { parse as parseToml, TomlDate, TomlError } from 'smol-toml'
import { isScalar, isSeq, LineCounter } from 'yaml'
import type { Document } from 'yaml'
import type { Diagnostics } from './diagnostics.js'
import { parseYaml } from './yaml.js'

/** The data languages a front-matter block or a data file may use. */
export type DataLanguage = 'yaml' | 'toml' | 'json'

/** A parsed Markdown file: its front matter, its body and where the body starts. */
export interface FrontMatter {
  /** The front matter as plain values (TOML dates become their text); `{}` when there is none. */
  data: Record<string, unknown>
  language: DataLanguage | 'none'
  /** Whether the file opens with a front-matter block, even an empty one (Jekyll publishes only such pages). */
  fenced: boolean
  body: string
  /** 1-based line of the file on which the body starts. */
  bodyLine: number
  /** 1-based line of a top-level key in the file, or 1 when it is not found. */
  lineOf(key: string): number
  /** A scalar as the author wrote it (YAML `title: 2024` gives `"2024"`, not a number); undefined for non-scalars. */
  textOf(key: string): string | undefined
  /** A string or a list of scalars, each as written; undefined when absent or structured. */
  textsOf(key: string): string[] | undefined
}

/** Front-matter languages by the name written after the opening fence (`---yaml`), as gray-matter names them. */
const LANGUAGES: Readonly<Record<string, DataLanguage | 'refused'>> = {
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'toml',
  json: 'json',
  // Languages that are code: a generator would execute them; they are refused, never run.
  js: 'refused',
  javascript: 'refused',
  coffee: 'refused',
  coffeescript: 'refused',
  cson: 'refused',
}

/**
 * The front-matter block of `text` the way gray-matter finds it (the convention Jekyll, Hugo, Eleventy and the rest
 * follow): `open` at the very start, not followed by a fourth fence character; an optional language on the rest of
 * that line; the block up to the first line starting with `close` (the end of the file if there is none); the body
 * after that line's fence and one line break. Null when the file does not open with a block. Found here rather than
 * by gray-matter itself: it looks every whole file up as a key of its cache and copies it into a Buffer, which was
 * 1.1 s of the 10,000-file benchmark, and no engine of any language is ever called.
 */
function splitBlock(text: string, open: string, close: string): { language: string; matter: string; content: string } | null {
  if (!text.startsWith(open) || text.charAt(open.length) === open.slice(-1)) return null
  let rest = text.slice(open.length)
  const eol = rest.search(/\r?\n/)
  const language = eol === -1 ? rest : rest.slice(0, eol)
  if (language.trim() !== '') rest = rest.slice(language.length)
  const end = rest.indexOf('\n' + close)
  if (end === -1) return { language: language.trim(), matter: rest, content: '' }
  let content = rest.slice(end + 1 + close.length)
  if (content[0] === '\r') content = content.slice(1)
  if (content[0] === '\n') content = content.slice(1)
  return { language: language.trim(), matter: rest.slice(0, end), content }
}

/**
 * Splits `text` (LF-only, no BOM) into front matter and body. Supports `---` YAML (and `---yaml`, `---toml`,
 * `---json`), Hugo's `+++` TOML and `{ … }` JSON. Returns null after reporting an error when the block is refused
 * or does not parse.
 */
export function parseFrontMatter(text: string, rel: string, diagnostics: Diagnostics): FrontMatter | null {
  if (opensJsonObject(text)) return parseJsonObjectFrontMatter(text, rel, diagnostics)
  const toml = text.startsWith('+++\n') || text === '+++'
  if (!toml && !text.startsWith('---')) return noFrontMatter(text)
  // Jekyll also closes YAML front matter with `...` (the YAML document end marker).
  const close = toml ? '+++' : closesWithDots(text) ? '...' : '---'
  const block = splitBlock(text, toml ? '+++' : '---', close)
  if (block === null) return noFrontMatter(text)
  const raw = block.matter
  const bodyLine = countLines(text, text.length - block.content.length) + 1
  // A block of nothing but blanks and comments holds no data, whatever its language says. (Blanks before `#` stop at
  // a line end: `^` also starts a line after U+2028, and a run of them was read again from each one, quadratic.)
  if (raw.replace(/^[^\S\n\r\u2028\u2029]*#[^\n]+/gm, '').trim() === '') return build({}, 'none', raw, block.content, bodyLine, null)
  const name = block.language === '' ? (toml ? 'toml' : 'yaml') : block.language
  const language = LANGUAGES[name] ?? LANGUAGES[name.toLowerCase()]
  if (language === 'refused') {
    diagnostics.error(rel, 1, 'front_matter_refused', `Front matter in "${name}" runs code, so it was refused and never executed. Use YAML (---), TOML (+++) or JSON front matter.`)
    return null
  }
  if (language === undefined) {
    diagnostics.error(rel, 1, 'front_matter_syntax', `The front matter's language "${name}" is not one the importer reads. Use YAML (---), TOML (+++) or JSON front matter.`)
    return null
  }
  // The block starts right after the opening fence's line, so block line n is file line n.
  const parsed = parseData(raw, language, rel, 0, diagnostics)
  if (parsed === null) return null
  if (!isPlainObject(parsed.value)) {
    diagnostics.error(rel, 1, 'front_matter_not_object', 'The front matter is not a map of keys to values. Write `key: value` lines between the fences.')
    return null
  }
  return build(parsed.value, language, raw, block.content, bodyLine, parsed.doc)
}

function closesWithDots(text: string): boolean {
  const m = /\n(---|\.\.\.)[ \t]*(?:\n|$)/.exec(text)
  return m !== null && m[1] === '...'
}

function noFrontMatter(text: string): FrontMatter {
  return build({}, 'none', '', text, 1, null)
}

/**
 * Whether the file opens with a JSON object: `{`, blanks, then a quoted key or `}`. Hugo reads any leading `{` as
 * JSON front matter, so a body that opens with a shortcode (`{{< include >}}`, `{{% notice %}}`) stops its build
 * (gohugoio/hugo#7176); template code is never JSON, so such a body is kept as the text it is.
 */
function opensJsonObject(text: string): boolean {
  if (!text.startsWith('{')) return false
  let i = 1
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++
  return text[i] === '"' || text[i] === '}'
}

/** Hugo's JSON front matter: a JSON object at the very start of the file, followed by the body. */
function parseJsonObjectFrontMatter(text: string, rel: string, diagnostics: Diagnostics): FrontMatter | null {
  const end = endOfJsonObject(text)
  if (end < 0) {
    diagnostics.error(rel, 1, 'front_matter_syntax', 'The JSON front matter that starts on line 1 is never closed. Close the object with `}` on its own line.')
    return null
  }
  const raw = text.slice(0, end)
  const parsed = parseData(raw, 'json', rel, 0, diagnostics)
  if (parsed === null) return null
  if (!isPlainObject(parsed.value)) return null
  let bodyStart = end
  if (text[bodyStart] === '\n') bodyStart++
  return build(parsed.value, 'json', raw, text.slice(bodyStart), countLines(text, bodyStart) + 1, null)
}

function endOfJsonObject(text: string): number {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '{') depth++
    else if (c === '}' && --depth === 0) return i + 1
  }
  return -1
}

/**
 * Parses a data block or file. YAML uses the 1.2 core schema, so `no` stays a string and unquoted dates stay
 * text. `lineOffset` is added to reported lines (the number of file lines before the block's first line).
 */
export function parseData(
  raw: string,
  lang: DataLanguage,
  rel: string,
  lineOffset: number,
  diagnostics: Diagnostics,
): { value: unknown; doc: Document | null } | null {
  const unsafe = (key: string) => {
    const at = raw.indexOf(key.split('.').pop() as string)
    const line = (at < 0 ? 1 : countLines(raw, at) + 1) + lineOffset
    warnUnsafeKey(diagnostics, rel, line, key)
  }
  if (lang === 'yaml') {
    const lineCounter = new LineCounter()
    let doc = parseYaml(raw, lineCounter)
    if (doc.errors.length > 0) {
      // js-yaml (used by Docusaurus, Gatsby and others) accepts quoted values continued at column 0, and Psych
      // (libyaml: Jekyll) continued on lines indented with tabs only (leafletjs.com's examples: a `css: "…"` of
      // tab-indented rules; a tab is no indentation in YAML, so the line is unindented); YAML 1.2 wants them
      // indented. Indenting such lines by one space and parsing again reads those files as their authors meant.
      const repaired = indentContinuations(raw)
      if (repaired.firstLine > 0) {
        const retry = parseYaml(repaired.text)
        if (retry.errors.length === 0) {
          const line = repaired.firstLine + lineOffset
          diagnostics.warn(rel, line, 'front_matter_syntax', `A quoted value continues on an unindented line (line ${line}), which YAML does not allow; it was read leniently. Indent the continuation lines.`)
          doc = retry
        }
      }
    }
    if (doc.errors.length > 0) {
      for (const e of doc.errors.slice(0, 3)) {
        const pos = lineCounter.linePos(e.pos[0])
        diagnostics.error(rel, pos.line + lineOffset, 'front_matter_syntax', `YAML syntax error at line ${pos.line + lineOffset}, column ${pos.col}: ${firstLine(e.message)}. Fix the YAML (quote values that contain ': ' or start with a special character).`)
      }
      return null
    }
    try {
      return { value: toPlainData(doc.toJS({ maxAliasCount: 100 }), unsafe), doc }
    } catch (err) {
      diagnostics.error(rel, 1 + lineOffset, 'front_matter_syntax', `YAML could not be loaded: ${firstLine((err as Error).message)}. Remove excessive aliases, and any alias inside the value it names.`)
      return null
    }
  }
  if (lang === 'toml') {
    try {
      return { value: toPlainData(parseToml(raw), unsafe), doc: null }
    } catch (err) {
      const line = err instanceof TomlError ? err.line + lineOffset : 1 + lineOffset
      const col = err instanceof TomlError ? err.column : 1
      diagnostics.error(rel, line, 'front_matter_syntax', `TOML syntax error at line ${line}, column ${col}: ${firstLine((err as Error).message).replace(/^Invalid TOML document: /, '')}. Fix the TOML.`)
      return null
    }
  }
  try {
    return { value: toPlainData(JSON.parse(raw), unsafe), doc: null }
  } catch (err) {
    const message = (err as Error).message
    const m = /position (\d+)/.exec(message)
    const line = (m ? countLines(raw, Number(m[1])) + 1 : 1) + lineOffset
    diagnostics.error(rel, line, 'front_matter_syntax', `JSON syntax error at line ${line}: ${firstLine(message)}. Fix the JSON.`)
    return null
  }
}

/**
 * Indents by one space the lines that continue a quoted top-level value but start at column 0 or with a tab (a tab
 * is no indentation in YAML); `firstLine` is the first (1-based), 0 if none.
 */
function indentContinuations(raw: string): { text: string; firstLine: number } {
  const lines = raw.split('\n')
  let quote: string | null = null
  let firstLine = 0
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    if (quote !== null && line !== '' && line[0] !== ' ') {
      lines[i] = ' ' + line
      if (firstLine === 0) firstLine = i + 1
    }
    if (quote === null) {
      const m = /^[^\s#][^:]*:\s+(["'])(.*)$/.exec(line)
      if (m && !closes(m[2], m[1])) quote = m[1]
    } else if (closes(line, quote)) quote = null
  }
  return { text: lines.join('\n'), firstLine }
}

function closes(rest: string, quote: string): boolean {
  if (quote === "'") return rest.replace(/''/g, '').includes("'")
  return /(?:^|[^\\])(?:\\\\)*"/.test(rest)
}

function build(
  data: Record<string, unknown>,
  language: FrontMatter['language'],
  raw: string,
  body: string,
  bodyLine: number,
  doc: Document | null,
): FrontMatter {
  let lines: string[] | null = null
  const lineOf = (key: string): number => {
    lines ??= raw.split('\n')
    const quoted = escapeRegExp(key)
    const re = new RegExp(`^(?:"${quoted}"|'${quoted}'|${quoted})\\s*[:=]`)
    const json = new RegExp(`^\\s*"${quoted}"\\s*:`)
    for (let i = 0; i < lines.length; i++) {
      if (re.test(lines[i]) || (language === 'json' && json.test(lines[i]))) return i + 1
    }
    return 1
  }
  const asText = (node: unknown, value: unknown): string | undefined => {
    if (typeof value === 'string') return value
    if (value === null || value === undefined || typeof value === 'object') return undefined
    // A YAML `title: 2024` or `version: 1.10` arrives as a number: keep the characters the author typed.
    if (doc && isScalar(node) && node.range) return String(node.source ?? value)
    return String(value)
  }
  const textOf = (key: string): string | undefined => asText(doc?.get(key, true), data[key])
  const textsOf = (key: string): string[] | undefined => {
    const value = data[key]
    if (value === null || value === undefined) return undefined
    if (!Array.isArray(value)) {
      const t = asText(doc?.get(key, true), value)
      return t === undefined ? undefined : [t]
    }
    const node = doc?.get(key, true)
    const items = isSeq(node) ? node.items : []
    const out: string[] = []
    value.forEach((v, i) => {
      const t = asText(items[i], v)
      if (t !== undefined) out.push(t)
    })
    return out
  }
  return { data, language, fenced: language !== 'none' || raw !== '' || bodyLine > 1, body, bodyLine, lineOf, textOf, textsOf }
}

/** Keys that would reach an object's prototype if merged with `Object.assign` or `obj[key] =`: never kept. */
const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/** Whether `key` would reach an object's prototype if merged with `Object.assign` or `obj[key] =`: never kept. */
export function isUnsafeKey(key: string): boolean {
  return UNSAFE_KEYS.has(key)
}

/** Says that the key at dotted path `key` of file `rel` was dropped as one that could reach a prototype. */
export function warnUnsafeKey(diagnostics: Diagnostics, rel: string, line: number, key: string): void {
  diagnostics.warn(rel, line, 'unsafe_key', `The key "${key}" could reach an object's prototype, so it was ignored (never merged). Rename it.`)
}

/** Nesting beyond this is not front matter anyone writes; deeper values are dropped and reported. */
const MAX_DEPTH = 64

/**
 * Converts parsed values into plain data: objects get a null prototype, TOML and YAML dates become their ISO text,
 * and the keys `__proto__`, `constructor` and `prototype` are dropped and passed to `onUnsafe` (with their dotted
 * path), at any depth. Nothing parsed from a file can then reach an object's prototype, however it is merged later.
 * A YAML alias inside the value it names (`a: &a [*a, *a]`) makes a loop, which the YAML library's alias count
 * lets through: copied, its two branches would double at every level; it throws instead (`within` holds the values
 * being copied).
 */
export function toPlainData(value: unknown, onUnsafe: (path: string) => void, path = '', depth = 0, within = new Set<object>()): unknown {
  if (value instanceof TomlDate) return value.toISOString()
  if (value instanceof Date) return value.toISOString()
  if (typeof value !== 'object' || value === null) return value
  if (depth >= MAX_DEPTH) {
    onUnsafe(path || '(root)')
    return null
  }
  if (within.has(value)) throw new Error(`The alias at ${path} names a value that holds it, a loop`)
  within.add(value)
  const out = Array.isArray(value) ? value.map((v, i) => toPlainData(v, onUnsafe, `${path}[${i}]`, depth + 1, within)) : plainObject(value as Record<string, unknown>, onUnsafe, path, depth, within)
  within.delete(value)
  return out
}

/** `toPlainData` of an object's keys, the unsafe ones dropped. */
function plainObject(value: Record<string, unknown>, onUnsafe: (path: string) => void, path: string, depth: number, within: Set<object>): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>
  for (const key of Object.keys(value)) {
    const at = path === '' ? key : `${path}.${key}`
    if (UNSAFE_KEYS.has(key)) {
      onUnsafe(at)
      continue
    }
    out[key] = toPlainData(value[key], onUnsafe, at, depth + 1, within)
  }
  return out
}

/** Whether `value` is a non-array object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
}

/** How many line breaks `text` holds before `end`. */
export function countLines(text: string, end: number): number {
  let n = 0
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) n++
  return n
}

function firstLine(s: string): string {
  return s.split('\n')[0].replace(/[.:]\s*$/, '')
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
