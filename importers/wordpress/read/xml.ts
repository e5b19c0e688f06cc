// Why a hand-written XML reader, when our guide says not to hand-write what a maintained library does well:
// measured on the generated 10,000-post export (bench/.data/wxr-10000.xml, 97 MB), Node 20, one process per run,
// best of three, reading the file in 1 MiB chunks and counting every element and every character of text:
//   saxes 6 (xmlns: true)                          1.17 s   (tokenizing only)
//   htmlparser2 12 (xmlMode, decodeEntities)       0.98 s   (tokenizing only: no namespaces, no well-formedness
//                                                            checks, no line numbers, no byte offsets)
//   this reader                                    0.73 s   (all of that included)
//   this reader + read-wxr.ts (the whole WXR pass) 0.77 s
// The target for the whole import is 2.5 s, and on the main thread collecting items, building, validating and
// writing the payload already take about 1.8 s of it (rendering runs on a worker), so neither library leaves
// room; htmlparser2 would also still need our own DOCTYPE, truncation, mismatched-tag,
// namespace and malformed-byte checks on top. It also decodes each 1 MiB chunk to one string, so a chunk holding
// a single non-Latin-1 character makes every body cut from it a two-byte string (twice the memory on 100,000
// posts). The hostile-input tests (test/importers/wordpress/*.security.test.ts, xml-stream.test.ts) and a
// property test against saxes on random documents and chunkings keep this reader honest.
import { isUtf8 } from 'node:buffer'
import { open } from 'node:fs/promises'
import { PreviewDataError } from '../../src/index.js'
import { LIMITS } from './limits.js'

/** What an element's namespace means to WXR, whatever exact URI the exporter wrote. */
export type Namespace = '' | 'wp' | 'content' | 'excerpt' | 'dc' | 'other'

/** A byte-level problem that was cleaned: malformed UTF-8 (replaced by U+FFFD) or an XML-illegal character (removed). */
export type ByteIssue = { kind: 'malformed_utf8' | 'illegal_character'; byteOffset: number; detail: string }

/** The callbacks a WXR reader gives `streamXml`; text and CDATA arrive through `text`, possibly in pieces. */
export interface XmlHandler {
  /** When present and false, text and CDATA are skipped without being decoded (nothing would read them). */
  wantsText?(): boolean
  /** `key` is `ns + ':' + local`, passed so readers need not build it for every element. */
  open(ns: Namespace, local: string, attributes: Record<string, string>, line: number, key: string): void
  text(text: string): void
  close(ns: Namespace, local: string): void
}

/** Options of `streamXml`. */
export interface StreamXmlOptions {
  /** Name used in error messages. */
  file: string
  /**
   * Called for every cleaned byte problem, as it is found: a malformed byte when its chunk arrives, an illegal
   * character when the text holding it is decoded (sort by `byteOffset` for file order).
   */
  onByteIssue: (issue: ByteIssue) => void
  /** Called for recoverable XML problems (an undefined entity kept as text, an undeclared WXR prefix). */
  onWarning: (message: string, line: number) => void
}

// WordPress changed its export namespace from http:// to https:// on WordPress.com and bumped the version three
// times; binding by meaning lets every variant through while unrelated namespaces stay unrelated.
const WXR_BASE = /^https?:\/\/wordpress\.org\/export\/1\.[0-9]+\/?$/
const WXR_EXCERPT = /^https?:\/\/wordpress\.org\/export\/1\.[0-9]+\/excerpt\/?$/
const CONTENT_NS = /^https?:\/\/purl\.org\/rss\/1\.0\/modules\/content\/?$/
const DC_NS = /^https?:\/\/purl\.org\/dc\/elements\/1\.1\/?$/

/**
 * Classifies a namespace URI by its WXR meaning.
 * @example
 * namespaceMeaning('https://wordpress.org/export/1.2/') // 'wp'
 */
export function namespaceMeaning(uri: string): Namespace {
  if (uri === '') return ''
  if (WXR_BASE.test(uri)) return 'wp'
  if (WXR_EXCERPT.test(uri)) return 'excerpt'
  if (CONTENT_NS.test(uri)) return 'content'
  if (DC_NS.test(uri)) return 'dc'
  return 'other'
}

// Exporters that forgot a declaration still mean these prefixes; reading them by name beats losing every post.
const CONVENTIONAL_PREFIXES: Record<string, Namespace> = { wp: 'wp', content: 'content', excerpt: 'excerpt', dc: 'dc' }

// XML 1.0 allows TAB, LF, CR and everything from U+0020 except surrogates, U+FFFE and U+FFFF.
const ILLEGAL_CHARACTER = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/
const NAME = /^[A-Za-z_\u00C0-\uFFFD][\w.\-\u00B7\u00C0-\uFFFD]*(?::[A-Za-z_\u00C0-\uFFFD][\w.\-\u00B7\u00C0-\uFFFD]*)?$/
const ATTRIBUTE = /\s*([^\s=/>]+)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/g
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/**
 * A resolved element name, one per name and scope; `bytes` (ASCII names only) lets later tags with the same name skip
 * decoding, and `open` is the stack entry every element of this name in this scope shares.
 */
type Name = { qname: string; ns: Namespace; local: string; key: string; bytes?: Buffer; open?: Open }
type Scope = Map<string, Namespace> & { resolved?: Map<string, Name>; byHash?: Map<number, Name> }
type Open = { name: Name; scope: Scope }
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>

/**
 * Streams XML bytes as element, text and CDATA events, namespace-aware, with entity expansion limited to XML's five
 * predefined entities and character references. It scans bytes with `Buffer.indexOf` and decodes only the pieces it
 * hands over, so large CDATA bodies (most of a WordPress export) cost one decode, come out as compact one-byte
 * strings when they are Latin-1, and never pin the chunk they came from in memory. Malformed UTF-8 and XML-illegal
 * characters are cleaned and reported with byte offsets; a DOCTYPE declaring entities, a non-XML or non-RSS file,
 * mismatched tags and a truncated file throw a `PreviewDataError` naming the file and line. Illegal characters are
 * looked for in the text and attribute values it decodes (not in comments, or text the handler declines). It keeps
 * no view of a chunk once it has asked for the one after the next, so a source may reuse buffers (`fileChunks`).
 * @example
 * await streamXml(createReadStream('export.xml'), handler, { file: 'export.xml', onByteIssue() {}, onWarning() {} })
 */
export async function streamXml(source: AsyncIterable<Uint8Array | string>, handler: XmlHandler, options: StreamXmlOptions): Promise<void> {
  const { file } = options
  const stack: Open[] = []
  const rootScope: Scope = new Map([['', '' as Namespace]])
  let sawRoot = false
  let closedRoot = false
  let buf: Buffer = Buffer.alloc(0)
  let pos = 0
  // Byte offset of buf[0] in the file, for reports.
  let base = 0
  // Where to resume looking for the end of an unfinished token, so a body spanning many chunks is scanned once.
  let resumeAt = 0
  // Line counting is incremental: `line` is the line number at `linePos` in the current buffer.
  let line = 1
  let linePos = 0
  const warnedPrefixes = new Set<string>()

  const lineAt = (index: number): number => {
    if (index <= linePos) return line
    let i = buf.indexOf(0x0a, linePos)
    while (i >= 0 && i < index) {
      line++
      i = buf.indexOf(0x0a, i + 1)
    }
    linePos = index
    return line
  }
  const fail = (message: string, at = pos): never => {
    throw new PreviewDataError('invalid_xml', `${file}:${lineAt(Math.max(at, linePos))}: ${message}`)
  }

  // Decodes bytes [start, end) and removes XML-illegal characters (reported with their byte offsets).
  const piece = (start: number, end: number): string => {
    const text = buf.toString('utf8', start, end)
    if (!ILLEGAL_CHARACTER.test(text)) return text
    return text.replace(ILLEGAL_GLOBAL, (ch: string, at: number) => {
      const byteOffset = fileOffset(base + start + Buffer.byteLength(text.slice(0, at)))
      options.onByteIssue({ kind: 'illegal_character', byteOffset, detail: illegalDetail(ch.charCodeAt(0)) })
      return ''
    })
  }

  const decode = (text: string, at: number): string => {
    if (!text.includes('&')) return text
    return text.replace(/&([^;&\s<]{0,32});?/g, (whole) => {
      ENTITY.lastIndex = 0
      const m = ENTITY.exec(whole)
      if (m && m.index === 0 && m[0].length === whole.length) {
        if (m[1]) return PREDEFINED[m[1]]
        const cp = m[2] !== undefined ? Number(m[2]) : parseInt(m[3], 16)
        if (cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff)) {
          return String.fromCodePoint(cp)
        }
      }
      options.onWarning(`"${whole.slice(0, 40)}" is not an XML entity; it was kept as text.`, lineAt(Math.max(at, linePos)))
      return whole
    })
  }

  // Element names repeat millions of times in a large export; resolving each distinct name once per scope is enough.
  const resolve = (qname: string, scope: Scope, at: number): Name => {
    const cache = (scope.resolved ??= new Map())
    let hit = cache.get(qname)
    if (hit === undefined) {
      const { ns, local } = resolveUncached(qname, scope, at)
      hit = { qname, ns, local, key: ns + ':' + local }
      if (ASCII_NAME.test(qname)) {
        hit.bytes = Buffer.from(qname, 'latin1')
        ;(scope.byHash ??= new Map()).set(hashOf(hit.bytes, 0, hit.bytes.length), hit)
      }
      cache.set(qname, hit)
    }
    return hit
  }
  const resolveUncached = (qname: string, scope: Scope, at: number): { ns: Namespace; local: string } => {
    if (!NAME.test(qname)) fail(`"<${qname.slice(0, 40)}" is not a valid element name.`, at)
    const colon = qname.indexOf(':')
    if (colon < 0) return { ns: scope.get('') ?? '', local: qname }
    const prefix = qname.slice(0, colon)
    const local = qname.slice(colon + 1)
    const ns = scope.get(prefix)
    if (ns !== undefined) return { ns, local }
    const guess = CONVENTIONAL_PREFIXES[prefix]
    if (!warnedPrefixes.has(prefix)) {
      warnedPrefixes.add(prefix)
      options.onWarning(`the prefix "${prefix}:" is used without a namespace declaration; it was read as ${guess ? `the WXR "${prefix}" namespace` : 'an unknown namespace'}.`, lineAt(Math.max(at, linePos)))
    }
    return { ns: guess ?? 'other', local }
  }

  // The tags that make up nearly all of an export have no attributes and a name already resolved in this scope:
  // those are matched on their bytes, without decoding or resolving anything (this halved the reader's time).
  const knownStartTag = (lt: number, gt: number): boolean => {
    if (stack.length === 0 || stack.length >= LIMITS.maxXmlDepth) return false
    const selfClosing = buf[gt - 1] === 0x2f
    const end = selfClosing ? gt - 1 : gt
    const scope = stack[stack.length - 1].scope
    const name = scope.byHash?.get(hashOf(buf, lt + 1, end))
    if (name === undefined || !sameBytes(buf, lt + 1, end, name.bytes!)) return false
    // One shared entry per name and scope, not an object per element (a large export has millions).
    stack.push((name.open ??= { name, scope }))
    handler.open(name.ns, name.local, NO_ATTRIBUTES, lineAt(lt), name.key)
    if (selfClosing) closeTop(stack[stack.length - 1])
    return true
  }

  const closeTop = (top: Open) => {
    stack.pop()
    handler.close(top.name.ns, top.name.local)
    if (stack.length === 0) closedRoot = true
  }

  const startTag = (lt: number, gt: number) => {
    if (knownStartTag(lt, gt)) return
    const body = piece(lt + 1, gt)
    const selfClosing = body.endsWith('/')
    const inner = selfClosing ? body.slice(0, -1) : body
    let nameEnd = 0
    while (nameEnd < inner.length) {
      const ch = inner.charCodeAt(nameEnd)
      if (ch === 0x20 || ch === 0x0a || ch === 0x09 || ch === 0x0d) break
      nameEnd++
    }
    const qname = inner.slice(0, nameEnd)
    if (stack.length === 0) {
      if (sawRoot) fail('content after the root element.', lt)
      if (qname !== 'rss') fail(`this is not a WordPress export: the root element is <${qname.slice(0, 40)}>, not <rss>.`, lt)
      sawRoot = true
    }
    if (stack.length >= LIMITS.maxXmlDepth) fail(`elements nest deeper than ${LIMITS.maxXmlDepth} levels.`, lt)
    const parentScope = stack.length > 0 ? stack[stack.length - 1].scope : rootScope
    let scope = parentScope
    let attributes = NO_ATTRIBUTES
    if (nameEnd < inner.length) {
      attributes = {}
      const rest = inner.slice(nameEnd)
      ATTRIBUTE.lastIndex = 0
      let consumed = 0
      let m: RegExpExecArray | null
      while ((m = ATTRIBUTE.exec(rest)) !== null) {
        consumed = ATTRIBUTE.lastIndex
        const name = m[1]
        const value = decode(m[2] ?? m[3] ?? '', lt)
        if (name === 'xmlns' || name.startsWith('xmlns:')) {
          if (scope === parentScope) scope = new Map(parentScope) as Scope
          scope.set(name === 'xmlns' ? '' : name.slice(6), namespaceMeaning(value))
        } else if (!name.includes(':')) attributes[name] = value
      }
      if (rest.slice(consumed).trim() !== '') fail(`malformed attributes in <${qname}>.`, lt)
    }
    const name = resolve(qname, scope, lt)
    stack.push((name.open ??= { name, scope }))
    handler.open(name.ns, name.local, attributes, lineAt(lt), name.key)
    if (selfClosing) closeTop(stack[stack.length - 1])
  }

  const endTag = (lt: number, gt: number) => {
    const top = stack[stack.length - 1]
    // `</name>` exactly as it was opened: compared on bytes, nothing decoded.
    if (top?.name.bytes !== undefined && sameBytes(buf, lt + 2, gt, top.name.bytes)) return closeTop(top)
    const qname = buf.toString('utf8', lt + 2, gt).trim()
    if (!top) return fail(`a closing </${qname}> with no open element.`, lt)
    if (top.name.qname !== qname) fail(`</${qname}> closes <${top.name.qname}>; the XML is not well-formed.`, lt)
    closeTop(top)
  }

  const text = (start: number, end: number) => {
    if (stack.length > 0) {
      if (handler.wantsText && !handler.wantsText()) return
      handler.text(decode(piece(start, end), start))
      return
    }
    for (let i = start; i < end; i++) {
      const b = buf[i]
      if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) fail('text outside the root element; this is not an XML document.', start)
    }
  }

  // Consumes every complete token in `buf` from `pos`; leaves an unfinished one for the next chunk.
  const consume = (final: boolean) => {
    for (;;) {
      const lt = nearIndexOf(buf, 0x3c, pos)
      if (lt < 0) {
        if (final || stack.length > 0) {
          // Keep a trailing partial entity for the next chunk; everything else is text now.
          const amp = final ? -1 : buf.lastIndexOf(0x26)
          const cut = amp >= pos && buf.indexOf(0x3b, amp) < 0 ? amp : buf.length
          if (cut > pos) text(pos, cut)
          pos = cut
        }
        return
      }
      if (lt > pos) text(pos, lt)
      pos = lt
      const c = buf[lt + 1]
      if (c === 0x21 /* ! */) {
        if (startsWith(buf, lt, CDATA_OPEN)) {
          const end = buf.indexOf(CDATA_CLOSE, Math.max(lt + 9, resumeAt))
          if (end < 0) return pending(lt, 3, final, 'a CDATA section')
          if (stack.length === 0) fail('CDATA outside the root element.', lt)
          if (end - lt > LIMITS.maxElementTextUnits) fail(`a CDATA section exceeds ${LIMITS.maxElementTextUnits} bytes.`, lt)
          if (!handler.wantsText || handler.wantsText()) handler.text(piece(lt + 9, end))
          pos = end + 3
        } else if (startsWith(buf, lt, COMMENT_OPEN)) {
          const end = buf.indexOf(COMMENT_CLOSE, Math.max(lt + 4, resumeAt))
          if (end < 0) return pending(lt, 3, final, 'a comment')
          pos = end + 3
        } else if (startsWith(buf, lt, DOCTYPE_OPEN)) {
          const end = doctypeEnd(buf, lt)
          if (end < 0) return pending(lt, 0, final, 'the DOCTYPE')
          // Entity declarations are how billion-laughs and external-entity attacks start; no WXR exporter writes them.
          if (/<!ENTITY/i.test(buf.toString('utf8', lt, end))) fail('the DOCTYPE declares entities; refusing to read it (WordPress exports never do).', lt)
          if (sawRoot) fail('a DOCTYPE after the root element.', lt)
          pos = end
        } else {
          if (!final && buf.length - lt < 9) return pending(lt, 0, final, 'markup')
          fail('unknown markup starting with "<!".', lt)
        }
      } else if (c === 0x3f /* ? */) {
        const end = buf.indexOf(PI_CLOSE, Math.max(lt + 2, resumeAt))
        if (end < 0) return pending(lt, 2, final, 'a processing instruction')
        pos = end + 2
      } else if (c === 0x2f /* / */) {
        const gt = nearIndexOf(buf, 0x3e, lt)
        if (gt < 0) return pending(lt, 0, final, 'a closing tag')
        endTag(lt, gt)
        pos = gt + 1
      } else {
        const gt = tagEnd(buf, lt)
        if (gt < 0) return pending(lt, 0, final, 'a tag')
        pos = gt + 1
        startTag(lt, gt)
      }
      resumeAt = 0
    }
  }

  // An unfinished token at the end of the buffer: wait for more bytes, or fail when there are none.
  const pending = (lt: number, delimiterLength: number, final: boolean, what: string) => {
    if (final) fail(`the file ends inside ${what}; it looks truncated.`, lt)
    pos = lt
    resumeAt = Math.max(lt, buf.length - delimiterLength)
  }

  const feed = (chunk: Buffer, final: boolean) => {
    if (pos > 0) {
      // Drop consumed bytes, keeping line counting in step with the buffer.
      lineAt(pos)
      buf = buf.subarray(pos)
      base += pos
      resumeAt = Math.max(0, resumeAt - pos)
      linePos = 0
      pos = 0
    }
    const need = buf.length + chunk.length
    if (buf.length === 0) buf = chunk
    else if (need > JOIN_BUFFER_BYTES) buf = Buffer.concat([buf, chunk])
    else {
      // A token runs on into the new chunk: both go into one of two buffers used in turn (never the one `buf` is in),
      // rather than a fresh one per chunk whose memory the system must hand over page by page. A token longer than
      // these (a huge body) is joined the plain way, so they never grow.
      const joined = (joinBuffers[joinTurn] ??= Buffer.allocUnsafe(JOIN_BUFFER_BYTES))
      buf.copy(joined, 0)
      chunk.copy(joined, buf.length)
      buf = joined.subarray(0, need)
      joinTurn ^= 1
    }
    consume(final)
  }
  // Nothing keeps a view of `buf` past the next chunk: text leaves as decoded strings, names as copies.
  const joinBuffers: Array<Buffer | undefined> = [undefined, undefined]
  let joinTurn = 0

  // Each malformed byte became U+FFFD, three bytes in the stream `buf` is cut from: the offsets in that stream just
  // past each, in order, and how many bytes longer than the file the stream is by then.
  const replacedEnds: number[] = []
  const replacedLonger: number[] = []
  // The file offset of byte `at` of the cleaned stream (never inside a replacement character, which is never removed).
  const fileOffset = (at: number): number => {
    let lo = 0
    let hi = replacedEnds.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (replacedEnds[mid] <= at) lo = mid + 1
      else hi = mid
    }
    return lo === 0 ? at : at - replacedLonger[lo - 1]
  }
  // A replacement ending at `end` of the stream made it `grew` bytes longer than the bytes it replaced.
  const noteReplaced = (end: number, grew: number) => {
    replacedEnds.push(end)
    replacedLonger.push((replacedLonger.at(-1) ?? 0) + grew)
  }

  let offset = 0
  let carry: Buffer | undefined
  let first = true
  for await (const part of source) {
    let chunk = typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.isBuffer(part) ? part : Buffer.from(part)
    if (first && chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
      chunk = chunk.subarray(3)
      offset = 3
      base = 3
    }
    first = false
    const bytes = carry ? Buffer.concat([carry, chunk]) : chunk
    const cut = completeLength(bytes)
    carry = cut < bytes.length ? Buffer.from(bytes.subarray(cut)) : undefined
    let body = bytes.subarray(0, cut)
    // Malformed UTF-8 is rare; only then is the chunk decoded, cleaned and re-encoded (offsets after each replacement
    // character shift, which fileOffset undoes).
    if (!isUtf8(body)) {
      const ends: number[] = []
      body = Buffer.from(cleanBytes(body, offset, options.onByteIssue, ends), 'utf8')
      // The chunk starts in the stream where the bytes not yet consumed end.
      for (const end of ends) noteReplaced(base + buf.length + end, 2)
    }
    offset += cut
    feed(body, false)
  }
  if (carry) {
    options.onByteIssue({ kind: 'malformed_utf8', byteOffset: offset, detail: 'the file ends inside a UTF-8 sequence; replaced with U+FFFD' })
    const replacement = Buffer.from('\uFFFD', 'utf8')
    noteReplaced(base + buf.length + replacement.length, replacement.length - carry.length)
    feed(replacement, false)
  }
  feed(Buffer.alloc(0), true)
  if (!sawRoot) fail('the file holds no XML element; it is empty or not XML.')
  if (!closedRoot) fail(`the file ends before </${stack[0]?.name.qname ?? 'rss'}>; it looks truncated.`, buf.length)
}

// Room for a read chunk and the unfinished token before it, in each of the two buffers that join them.
const JOIN_BUFFER_BYTES = 3 * LIMITS.readChunkBytes

const CDATA_OPEN = Buffer.from('<![CDATA[')
const CDATA_CLOSE = Buffer.from(']]>')
const COMMENT_OPEN = Buffer.from('<!--')
const COMMENT_CLOSE = Buffer.from('-->')
const DOCTYPE_OPEN = Buffer.from('<!DOCTYPE')
const PI_CLOSE = Buffer.from('?>')
const ILLEGAL_GLOBAL = new RegExp(ILLEGAL_CHARACTER.source, 'g')

const ASCII_NAME = /^[\x21-\x7e]+$/

// A cheap hash of a byte range, to find an already-resolved element name without decoding its bytes.
function hashOf(buf: Buffer, start: number, end: number): number {
  let h = end - start
  for (let i = start; i < end; i++) h = (Math.imul(h, 31) + buf[i]) | 0
  return h
}

function sameBytes(buf: Buffer, start: number, end: number, name: Buffer): boolean {
  if (end - start !== name.length) return false
  for (let i = 0; i < name.length; i++) if (buf[start + i] !== name[i]) return false
  return true
}

function startsWith(buf: Buffer, at: number, prefix: Buffer): boolean {
  if (at + prefix.length > buf.length) return false
  for (let i = 0; i < prefix.length; i++) if (buf[at + i] !== prefix[i]) return false
  return true
}

/**
 * The bytes of the file at `path` in chunks of `size` bytes, read into three buffers used in turn. A chunk is
 * overwritten once the one after the next is asked for, which `streamXml` allows; meanwhile the next chunk is already
 * being read. Fresh buffers for each chunk (as a read stream makes) cost the system a page fault per 4 KiB each time.
 */
export async function* fileChunks(path: string, size: number): AsyncGenerator<Buffer> {
  const handle = await open(path, 'r')
  let pending: Promise<{ bytesRead: number }> = Promise.resolve({ bytesRead: 0 })
  try {
    const buffers = [Buffer.allocUnsafe(size), Buffer.allocUnsafe(size), Buffer.allocUnsafe(size)]
    // Chunk k is read into buffer k % 3 once the caller has asked for chunk k - 1, by which time it no longer holds
    // chunk k - 3, the one that buffer held. A read that fails while the caller is busy is seen when it asks again.
    const read = (turn: number) => {
      const next = handle.read(buffers[turn], 0, size, null)
      next.catch(() => undefined)
      return next
    }
    pending = read(0)
    for (let turn = 0; ; turn = (turn + 1) % 3) {
      const { bytesRead } = await pending
      if (bytesRead === 0) return
      pending = read((turn + 1) % 3)
      yield buffers[turn].subarray(0, bytesRead)
    }
  } finally {
    // A caller that stops early (a malformed export) leaves a read under way: it ends before the file is closed.
    await pending.catch(() => undefined)
    await handle.close()
  }
}

/** The index of the `>` that ends the start tag at `lt`, skipping `>` inside quoted attribute values; -1 if unfinished. */
function tagEnd(buf: Buffer, lt: number): number {
  // One pass in JavaScript: tags are a few bytes long, shorter than a native search is worth calling for.
  let i = lt + 1
  while (i < buf.length) {
    const ch = buf[i]
    if (ch === 0x3e) return i
    if (ch === 0x22 || ch === 0x27) {
      const close = buf.indexOf(ch, i + 1)
      if (close < 0) return -1
      i = close + 1
    } else i++
  }
  return -1
}

/**
 * `buf.indexOf(byte, from)`, looking at the first bytes in JavaScript: between the tags of an export there are
 * mostly a few bytes of indentation or a short value, closer than a native search is worth calling for.
 */
function nearIndexOf(buf: Buffer, byte: number, from: number): number {
  const end = Math.min(buf.length, from + 32)
  for (let i = from; i < end; i++) if (buf[i] === byte) return i
  return end === buf.length ? -1 : buf.indexOf(byte, end)
}

/** The index just past a DOCTYPE declaration (with an internal subset in brackets), or -1 if unfinished. */
function doctypeEnd(buf: Buffer, lt: number): number {
  let depth = 0
  for (let i = lt + 9; i < buf.length; i++) {
    const ch = buf[i]
    if (ch === 0x5b) depth++
    else if (ch === 0x5d) depth--
    else if (ch === 0x3e && depth <= 0) return i + 1
  }
  return -1
}

/** The length of `buf` up to the last complete UTF-8 sequence, so a character split across chunks is not broken. */
function completeLength(buf: Buffer): number {
  const n = buf.length
  for (let back = 1; back <= 4 && back <= n; back++) {
    const b = buf[n - back]
    if ((b & 0xc0) === 0x80) continue
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1
    return back < need ? n - back : n
  }
  return n
}

/**
 * Decodes bytes that failed the fast check: each malformed UTF-8 byte becomes U+FFFD (three bytes), reported with its
 * byte offset, and its place in the result goes to `replaced` (the offset in the result just past it, relative to
 * the start of `body`). XML-illegal characters are left for the reader, which removes them wherever chunks split.
 * @example
 * cleanBytes(Buffer.from([0x61, 0xff, 0x62]), 0, console.log, []) // 'a\uFFFDb'
 */
export function cleanBytes(body: Buffer, baseOffset: number, report: (issue: ByteIssue) => void, replaced: number[]): string {
  const out: string[] = []
  let start = 0
  let i = 0
  const n = body.length
  const flush = (end: number) => {
    if (end > start) out.push(body.toString('utf8', start, end))
  }
  while (i < n) {
    const b = body[i]
    if (b < 0x80) {
      i++
      continue
    }
    const len = sequenceLength(body, i)
    if (len === 0) {
      flush(i)
      out.push('\uFFFD')
      report({ kind: 'malformed_utf8', byteOffset: baseOffset + i, detail: `byte 0x${b.toString(16)} is not valid UTF-8; replaced with U+FFFD` })
      // Every replacement before this one made the result two bytes longer.
      replaced.push(i + 2 * replaced.length + 3)
      start = ++i
      continue
    }
    i += len
  }
  flush(n)
  return out.join('')
}

/** How a removed XML-illegal character is reported, the same whichever check found it. */
function illegalDetail(code: number): string {
  const hex = code.toString(16).padStart(4, '0').toUpperCase()
  return code >= 0xfffe ? `noncharacter U+${hex} removed` : `control character U+${hex} removed`
}

/** The length of the well-formed UTF-8 sequence at `i`, or 0 when it is malformed (overlong, surrogate, truncated). */
function sequenceLength(buf: Buffer, i: number): number {
  const b = buf[i]
  const cont = (k: number) => i + k < buf.length && (buf[i + k] & 0xc0) === 0x80
  if (b >= 0xc2 && b <= 0xdf) return cont(1) ? 2 : 0
  if (b >= 0xe0 && b <= 0xef) {
    if (!cont(1) || !cont(2)) return 0
    const b1 = buf[i + 1]
    if (b === 0xe0 && b1 < 0xa0) return 0
    if (b === 0xed && b1 >= 0xa0) return 0
    return 3
  }
  if (b >= 0xf0 && b <= 0xf4) {
    if (!cont(1) || !cont(2) || !cont(3)) return 0
    const b1 = buf[i + 1]
    if (b === 0xf0 && b1 < 0x90) return 0
    if (b === 0xf4 && b1 >= 0x90) return 0
    return 4
  }
  return 0
}
