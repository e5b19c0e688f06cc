import { QuoteType } from 'htmlparser2'
import type { TokenizerCallbacks } from 'htmlparser2'
import { PreviewDataError } from '../../../src/index.js'
import { IndexOfTokenizer } from '../../../src/tokenizer.js'
import { LIMITS } from '../limits.js'
import type { CleanChunk } from './decode.js'

/** What an element's namespace means to WXR, whatever exact URI the exporter wrote. */
export type Namespace = '' | 'wp' | 'content' | 'excerpt' | 'dc' | 'other'

/** An element's name: its namespace by meaning, its local name, and `key` (`ns:local`, e.g. `wp:post_id`). */
export type ElementName = { ns: Namespace; local: string; key: string }

/** Where the reader is, for messages: the line of the element just opened. */
export interface XmlPosition {
  line(): number
}

/**
 * What a reader of the XML hears. Text and CDATA come through `text`, possibly in pieces, only while `wantsText()`;
 * while `wantsBytes()` too, a CDATA section comes through `bytes` instead, as the export's UTF-8, not decoded.
 */
export interface XmlHandler {
  open(name: ElementName, attributes: Record<string, string>, at: XmlPosition): void
  text(text: string): void
  bytes(bytes: Buffer): void
  close(): void
  wantsText(): boolean
  wantsBytes(): boolean
}

// WordPress changed its export namespace from http:// to https:// on WordPress.com and bumped the version three
// times; binding by meaning lets every variant through while unrelated namespaces stay unrelated.
const MEANINGS: Array<[RegExp, Namespace]> = [
  [/^https?:\/\/wordpress\.org\/export\/1\.[0-9]+\/?$/, 'wp'],
  [/^https?:\/\/wordpress\.org\/export\/1\.[0-9]+\/excerpt\/?$/, 'excerpt'],
  [/^https?:\/\/purl\.org\/rss\/1\.0\/modules\/content\/?$/, 'content'],
  [/^https?:\/\/purl\.org\/dc\/elements\/1\.1\/?$/, 'dc'],
]

/**
 * Classifies a namespace URI by its WXR meaning.
 * @example
 * namespaceMeaning('https://wordpress.org/export/1.2/') // 'wp'
 */
export function namespaceMeaning(uri: string): Namespace {
  if (uri === '') return ''
  return MEANINGS.find(([pattern]) => pattern.test(uri))?.[1] ?? 'other'
}

// Exporters that forgot a declaration still mean these prefixes; reading them by name beats losing every post.
const CONVENTIONAL_PREFIXES: Record<string, Namespace> = { wp: 'wp', content: 'content', excerpt: 'excerpt', dc: 'dc' }
const NAME = /^[A-Za-z_\u00C0-\uFFFD][\w.\-\u00B7\u00C0-\uFFFD]*(?::[A-Za-z_\u00C0-\uFFFD][\w.\-\u00B7\u00C0-\uFFFD]*)?$/
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/y
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>

/** Prefixes in scope, and the names already resolved in it (a large export repeats a few names a million times). */
type Scope = { prefixes: Map<string, Namespace>; names: Map<string, ElementName> }

/** The scope of an element with these attributes: its parent's, or a new one when it declares namespaces. */
function scopeOf(attributes: ReadonlyArray<[string, string]>, parent: Scope): Scope {
  let scope = parent
  for (const [name, value] of attributes) {
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue
    if (scope === parent) scope = { prefixes: new Map(parent.prefixes), names: new Map() }
    scope.prefixes.set(name === 'xmlns' ? '' : name.slice(6), namespaceMeaning(value))
  }
  return scope
}

/** The attributes without a prefix (namespace declarations and prefixed attributes are not WXR's fields). */
function unprefixed(attributes: ReadonlyArray<[string, string]>): Record<string, string> {
  let plain = NO_ATTRIBUTES
  for (const [name, value] of attributes) {
    if (name.includes(':') || name === 'xmlns') continue
    if (plain === NO_ATTRIBUTES) plain = {}
    plain[name] = value
  }
  return plain
}

/**
 * Reads an export as XML elements through htmlparser2's tokenizer (XML mode, entities left to us), adding what WXR
 * needs of a strict XML reader: namespaces bound by meaning, XML's five entities and character references only (an
 * undefined one stays text, with a warning; a DOCTYPE declaring entities is refused), matching start and end tags, one
 * `<rss>` root with only whitespace around it, bounded depth and token size, and line numbers. Errors are
 * `PreviewDataError`s naming the file and line.
 *
 * The tokenizer reads each chunk as Latin-1, one character per byte: every XML delimiter is ASCII, which UTF-8
 * never uses inside a multi-byte character, so it finds the same tokens, and the text it finds is decoded from the
 * bytes. Profiled on a 112 MB export of mixed scripts: decoding only the text that is read costs half of decoding
 * everything, and the result is a fresh string (one byte per character when it is Latin-1) instead of a slice that
 * keeps its whole 1 MiB chunk alive.
 * @example
 * await readXml(cleanBytes(bytes, 'export.xml', onIssue), 'export.xml', handler, onWarning)
 */
export async function readXml(source: AsyncIterable<CleanChunk>, file: string, handler: XmlHandler, onWarning: (message: string, line: number) => void): Promise<void> {
  const reader = new XmlReader(file, handler, onWarning)
  for await (const chunk of source) reader.write(chunk)
  reader.end()
}

class XmlReader implements TokenizerCallbacks, XmlPosition {
  // Its ends found by indexOf: see IndexOfTokenizer.
  readonly #tokenizer = new IndexOfTokenizer({ xmlMode: true, decodeEntities: false }, this)
  readonly #file: string
  readonly #handler: XmlHandler
  readonly #onWarning: (message: string, line: number) => void
  // Open elements: their names as the tokenizer read them (Latin-1), and the scope each opened.
  readonly #openNames: string[] = []
  readonly #scopes: Scope[] = [{ prefixes: new Map([['', '' as Namespace]]), names: new Map() }]
  readonly #warnedPrefixes = new Set<string>()
  // The chunks written and not yet read past, with their offsets (the tokenizer reports offsets, not text).
  readonly #chunks: Array<{ start: number; chunk: CleanChunk }> = []
  #written = 0
  #fileBytes = 0
  // Newlines are counted up to offset `#counted`, where line `#line` is.
  #line = 1
  #counted = 0
  #tagStart = 0
  #sawRoot = false
  #closedRoot = false
  // Text read and not yet handed over, from `#pendingStart` (-1: none) to `#pendingEnd`: the tokenizer cuts text where
  // a chunk ends, even inside an entity, and the pieces are joined here.
  #pendingStart = -1
  #pendingEnd = -1
  // The start tag being read: its name, and its attributes (values decoded at their end), if any.
  #tagName = ''
  #attributes: Array<[string, string]> | undefined
  #attribute = ''
  #value = ''

  constructor(file: string, handler: XmlHandler, onWarning: (message: string, line: number) => void) {
    this.#file = file
    this.#handler = handler
    this.#onWarning = onWarning
  }

  write(chunk: CleanChunk): void {
    this.#chunks.push({ start: this.#written, chunk })
    this.#written += chunk.latin1.length
    this.#fileBytes += chunk.fileBytes
    this.#tokenizer.write(chunk.latin1)
    // What is still held is one token that has not ended: a CDATA section, comment or tag bigger than any real one.
    if (this.#written - this.#chunks[0].start > LIMITS.maxElementTextUnits + chunk.latin1.length) {
      this.#fail(`a single token (CDATA section, comment or tag) exceeds ${LIMITS.maxElementTextUnits} bytes; refusing to hold it.`, this.#chunks[0].start)
    }
    // A WordPress export starts with its root element; megabytes of anything else are not an export.
    if (!this.#sawRoot && this.#fileBytes > LIMITS.maxBytesBeforeRoot) {
      throw new PreviewDataError('invalid_xml', `${this.#file}: byte ${LIMITS.maxBytesBeforeRoot} is still before the root element; a WordPress export starts with <rss>, so this is not one.`)
    }
  }

  end(): void {
    this.#tokenizer.end()
  }

  /** The line the element just opened starts on. */
  line(): number {
    return this.#lineAt(this.#tagStart)
  }

  // --- tokenizer callbacks ---

  onopentagname(start: number, end: number): void {
    this.#flushText()
    this.#tagStart = start
    this.#tagName = this.#latin1(start, end)
    this.#attributes = undefined
  }

  onattribname(start: number, end: number): void {
    this.#attribute = this.#text(start, end)
    this.#value = ''
  }

  onattribdata(start: number, end: number): void {
    this.#value += this.#text(start, end)
  }

  // Entities are left to us (decodeEntities: false): the tokenizer never decodes one.
  onattribentity(): void {}
  ontextentity(): void {}

  onattribend(quote: QuoteType): void {
    if (quote !== QuoteType.Double && quote !== QuoteType.Single) this.#fail(`malformed attributes in <${this.#utf8(this.#tagName).slice(0, 40)}>.`, this.#tagStart)
    ;(this.#attributes ??= []).push([this.#attribute, this.#decode(this.#value, this.#tagStart)])
  }

  onopentagend(): void {
    this.#openTag(false)
  }

  onselfclosingtag(): void {
    this.#openTag(true)
  }

  onclosetag(start: number, end: number): void {
    this.#flushText()
    const open = this.#openNames.pop()
    // `</name>` exactly as it was opened, compared where it lies.
    if (open === undefined || end - start !== open.length || !this.#has(open, start)) {
      const name = this.#text(start, end).trim().slice(0, 40)
      if (open === undefined) this.#fail(`a closing </${name}> with no open element.`, start)
      if (name !== this.#utf8(open)) this.#fail(`</${name}> closes <${this.#utf8(open)}>; the XML is not well-formed.`, start)
    }
    this.#scopes.pop()
    this.#closed()
  }

  ontext(start: number, end: number): void {
    if (this.#openNames.length === 0) {
      if (/\S/.test(this.#latin1(start, end))) this.#fail('text outside the root element; this is not an XML document.', start)
    } else if (this.#handler.wantsText()) {
      if (this.#pendingStart < 0) this.#pendingStart = start
      this.#pendingEnd = end
    }
    else this.#release(start)
  }

  oncdata(start: number, end: number, endOffset: number): void {
    this.#flushText()
    // Without its `]]>` (offset 0), a CDATA section ran into the end of the file.
    if (endOffset === 0) this.#fail('the file ends inside a CDATA section; it looks truncated.', start)
    if (this.#openNames.length === 0) this.#fail('CDATA outside the root element.', start)
    if (!this.#handler.wantsText()) this.#release(start)
    else if (this.#handler.wantsBytes()) this.#handler.bytes(this.#bytes(start, end - endOffset))
    else this.#handler.text(this.#text(start, end - endOffset))
  }

  oncomment(start: number, _end: number, endOffset: number): void {
    this.#flushText()
    if (endOffset === 0) this.#fail('the file ends inside a comment; it looks truncated.', start)
    this.#release(start)
  }

  ondeclaration(start: number, end: number): void {
    this.#flushText()
    const text = this.#latin1(start, end)
    if (!/^DOCTYPE\s/i.test(text)) this.#fail('unknown markup starting with "<!".', start)
    // Entity declarations are how billion-laughs and external-entity attacks start; no WXR exporter writes them, or
    // any internal subset.
    if (/<!ENTITY/i.test(text)) this.#fail('the DOCTYPE declares entities; refusing to read it (WordPress exports never do).', start)
    if (text.includes('[')) this.#fail('the DOCTYPE has an internal subset; refusing to read it (WordPress exports never have one).', start)
    if (this.#sawRoot) this.#fail('a DOCTYPE after the root element.', start)
  }

  onprocessinginstruction(start: number): void {
    this.#flushText()
    this.#release(start)
  }

  onend(): void {
    if (!this.#sawRoot) this.#fail('the file holds no XML element; it is empty or not XML.', this.#written)
    if (!this.#closedRoot) this.#fail(`the file ends before </${this.#utf8(this.#openNames[0] ?? 'rss')}>; it looks truncated.`, this.#written)
  }

  // --- elements ---

  #openTag(selfClosing: boolean): void {
    const start = this.#tagStart
    const qname = this.#tagName
    const depth = this.#openNames.length
    if (depth === 0) {
      if (this.#sawRoot) this.#fail('content after the root element.', start)
      if (qname !== 'rss') this.#fail(`this is not a WordPress export: the root element is <${this.#utf8(qname).slice(0, 40)}>, not <rss>.`, start)
      this.#sawRoot = true
    }
    if (depth >= LIMITS.maxXmlDepth) this.#fail(`elements nest deeper than ${LIMITS.maxXmlDepth} levels.`, start)
    const parent = this.#scopes[depth]
    // Nearly every element of an export has no attributes: those share their parent's scope and one empty object.
    const attributes = this.#attributes
    const scope = attributes === undefined ? parent : scopeOf(attributes, parent)
    const plain = attributes === undefined ? NO_ATTRIBUTES : unprefixed(attributes)
    const element = scope.names.get(qname) ?? this.#resolve(qname, scope, start)
    this.#openNames.push(qname)
    this.#scopes.push(scope)
    this.#handler.open(element, plain, this)
    if (selfClosing) {
      this.#openNames.pop()
      this.#scopes.pop()
      this.#closed()
    }
  }

  #closed(): void {
    this.#handler.close()
    if (this.#openNames.length === 0) this.#closedRoot = true
  }

  #resolve(latin1Name: string, scope: Scope, at: number): ElementName {
    const qname = this.#utf8(latin1Name)
    if (!NAME.test(qname)) this.#fail(`"<${qname.slice(0, 40)}" is not a valid element name.`, at)
    const colon = qname.indexOf(':')
    const prefix = colon < 0 ? '' : qname.slice(0, colon)
    const local = colon < 0 ? qname : qname.slice(colon + 1)
    let ns = scope.prefixes.get(prefix)
    if (ns === undefined) {
      const guess = CONVENTIONAL_PREFIXES[prefix]
      if (!this.#warnedPrefixes.has(prefix)) {
        this.#warnedPrefixes.add(prefix)
        this.#onWarning(`the prefix "${prefix}:" is used without a namespace declaration; it was read as ${guess ? `the WXR "${prefix}" namespace` : 'an unknown namespace'}.`, this.#lineAt(at))
      }
      ns = guess ?? 'other'
    }
    const name: ElementName = { ns, local, key: ns + ':' + local }
    scope.names.set(latin1Name, name)
    return name
  }

  /** Hands over the text read since the last markup, entities decoded. */
  #flushText(): void {
    const start = this.#pendingStart
    if (start < 0) return
    this.#pendingStart = -1
    const raw = this.#text(start, this.#pendingEnd)
    this.#handler.text(raw.includes('&') ? this.#decode(raw, start) : raw)
  }

  /** Text with XML's five entities and character references decoded; anything else that starts with `&` stays, with a warning. */
  #decode(text: string, at: number): string {
    if (!text.includes('&')) return text
    return text.replace(/&([^;&\s<]{0,32});?/g, (whole) => {
      ENTITY.lastIndex = 0
      const m = ENTITY.exec(whole)
      if (m && m[0].length === whole.length) {
        if (m[1]) return PREDEFINED[m[1]]
        const cp = m[2] !== undefined ? Number(m[2]) : parseInt(m[3], 16)
        if (cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff)) {
          return String.fromCodePoint(cp)
        }
      }
      this.#onWarning(`"${whole.slice(0, 40)}" is not an XML entity; it was kept as text.`, this.#lineAt(at))
      return whole
    })
  }

  // --- the bytes behind the tokenizer's offsets ---

  /** Lets go of the chunks before `start`: every later event starts after it. */
  #release(start: number): void {
    const chunks = this.#chunks
    while (chunks.length > 1 && chunks[1].start <= start) {
      this.#lineAt(chunks[1].start)
      chunks.shift()
    }
  }

  /** Bytes `start` to `end` decoded as UTF-8: a fresh string, sharing nothing with the chunk. */
  #text(start: number, end: number): string {
    this.#release(start)
    const first = this.#chunks[0]
    if (end <= first.start + first.chunk.latin1.length) return first.chunk.bytes.toString('utf8', start - first.start, end - first.start)
    return this.#bytes(start, end).toString('utf8')
  }

  /** Bytes `start` to `end`: a view of their chunk, or a copy when they span several. */
  #bytes(start: number, end: number): Buffer {
    this.#release(start)
    const chunks = this.#chunks
    const first = chunks[0]
    if (end <= first.start + first.chunk.latin1.length) return first.chunk.bytes.subarray(start - first.start, end - first.start)
    const parts = [first.chunk.bytes.subarray(start - first.start)]
    for (let i = 1; i < chunks.length && chunks[i].start < end; i++) parts.push(chunks[i].chunk.bytes.subarray(0, end - chunks[i].start))
    return Buffer.concat(parts)
  }

  /** Bytes `start` to `end` as the tokenizer read them (Latin-1). */
  #latin1(start: number, end: number): string {
    this.#release(start)
    const first = this.#chunks[0]
    if (end <= first.start + first.chunk.latin1.length) return first.chunk.latin1.slice(start - first.start, end - first.start)
    return this.#chunks.map(({ start: at, chunk }) => chunk.latin1.slice(Math.max(0, start - at), Math.max(0, end - at))).join('')
  }

  /** Whether the bytes at `start` are `latin1Name`. */
  #has(latin1Name: string, start: number): boolean {
    this.#release(start)
    const first = this.#chunks[0]
    const at = start - first.start
    return at + latin1Name.length <= first.chunk.latin1.length ? first.chunk.latin1.startsWith(latin1Name, at) : this.#latin1(start, start + latin1Name.length) === latin1Name
  }

  #utf8(latin1: string): string {
    return Buffer.from(latin1, 'latin1').toString('utf8')
  }

  /** The line at offset `at`, counting the newlines since the last count (offsets only grow). */
  #lineAt(at: number): number {
    for (const { start, chunk } of this.#chunks) {
      const end = start + chunk.latin1.length
      if (end <= this.#counted) continue
      const stop = Math.min(at, end)
      for (let i = chunk.latin1.indexOf('\n', this.#counted - start); i >= 0 && start + i < stop; i = chunk.latin1.indexOf('\n', i + 1)) this.#line++
      this.#counted = Math.max(this.#counted, stop)
      if (stop === at) break
    }
    return this.#line
  }

  #fail(message: string, at: number): never {
    throw new PreviewDataError('invalid_xml', `${this.#file}:${this.#lineAt(Math.max(at, this.#counted))}: ${message}`)
  }
}
