import { isUtf8 } from 'node:buffer'
import { TextDecoder } from 'node:util'
import { PreviewDataError } from '../../../src/index.js'
import { LIMITS } from '../limits.js'

/** A byte-level problem that was cleaned: malformed bytes (replaced by U+FFFD) or an XML-illegal character (removed). */
export type ByteIssue = { kind: 'malformed_utf8' | 'malformed_bytes' | 'illegal_character' | 'text_before_xml'; byteOffset: number; detail: string }

/**
 * A piece of an export as clean UTF-8 (`bytes`), the same bytes read as Latin-1 (`latin1`: one character per byte,
 * which is what the XML tokenizer reads), and how many bytes of the file it stands for.
 */
export type CleanChunk = { bytes: Buffer; latin1: string; fileBytes: number }

/**
 * Turns an export's bytes into clean UTF-8, by its byte-order mark or its XML declaration's `encoding` (UTF-8 when it
 * names none; any other encoding of the WHATWG Encoding Standard is converted, as TextDecoder decodes it). Malformed
 * bytes become U+FFFD and XML-illegal characters are removed, each reported with its byte offset in the file, in file
 * order. An encoding that cannot be decoded is an error that says how to convert the file. Chunks of `source` are
 * passed on as they are when clean, so it must not reuse their buffers.
 * @example
 * for await (const chunk of cleanBytes(fileBytes, 'export.xml', report)) xml.write(chunk)
 */
export async function* cleanBytes(source: AsyncIterable<Uint8Array>, file: string, onIssue: (issue: ByteIssue) => void): AsyncGenerator<CleanChunk> {
  let cleaner: Cleaner | undefined
  let head: Buffer = Buffer.alloc(0)
  for await (const part of source) {
    const bytes = Buffer.isBuffer(part) ? part : Buffer.from(part.buffer, part.byteOffset, part.byteLength)
    if (cleaner !== undefined) {
      yield* inPieces(cleaner, bytes)
      continue
    }
    // The declaration is in the first bytes: wait for enough of them to read it whole.
    head = head.length === 0 ? bytes : Buffer.concat([head, bytes])
    if (head.length < SNIFF_BYTES) continue
    head = withoutTextBeforeXml(head, onIssue)
    cleaner = cleanerFor(head, file, onIssue)
    yield* inPieces(cleaner, head)
  }
  if (cleaner === undefined) {
    head = withoutTextBeforeXml(head, onIssue)
    cleaner = cleanerFor(head, file, onIssue)
    yield* cleaner.clean(head)
  }
  yield* cleaner.end()
}

// Enough for a byte-order mark and an XML declaration with a long encoding name.
const SNIFF_BYTES = 1024

// What an export starts with: a byte-order mark or an ASCII-compatible `<` (after blanks) opening a declaration or
// processing instruction, a comment or doctype, or the root; or a UTF-16 one.
const CLEAN_START = /^(?:\xEF\xBB\xBF)?[ \t\r\n]*<(?:[?!]|rss[ \t\r\n>])|^\xFF\xFE|^\xFE\xFF|^<\x00|^\x00</
const XML_START = /<\?xml[ \t\r\n]|<rss[ \t\r\n>]/

/**
 * The first bytes of an export without the text a plugin or PHP printed before its XML declaration (`Warning: … headers
 * already sent`, a stray `<br />`), which WordPress's importer reads past: that text becomes blanks, its line breaks
 * kept so lines still count as in the file, and is reported. Bytes that start as an export should are returned as
 * they are; so are those in which no declaration or `<rss>` follows.
 * @example
 * withoutTextBeforeXml(Buffer.from('Notice: x\n<?xml version="1.0"?><rss/>'), onIssue).toString() // '         \n<?xml …'
 */
export function withoutTextBeforeXml(head: Buffer, onIssue: (issue: ByteIssue) => void): Buffer {
  const text = head.toString('latin1')
  if (CLEAN_START.test(text)) return head
  const start = XML_START.exec(text)?.index ?? -1
  if (start <= 0) return head
  const blanked = Buffer.from(head)
  for (let i = 0; i < start; i++) if (blanked[i] !== 0x0a) blanked[i] = 0x20
  onIssue({ kind: 'text_before_xml', byteOffset: 0, detail: `${start} bytes of text before the XML declaration (printed into the export by a plugin or PHP) were ignored` })
  return blanked
}

/** `bytes` cleaned in pieces of the size the XML tokenizer reads (`LIMITS.xmlChunkBytes`), however they were read. */
function* inPieces(cleaner: Cleaner, bytes: Buffer): Generator<CleanChunk> {
  for (let at = 0; at < bytes.length; at += LIMITS.xmlChunkBytes) yield* cleaner.clean(bytes.subarray(at, at + LIMITS.xmlChunkBytes))
}

interface Cleaner {
  clean(bytes: Buffer): Iterable<CleanChunk>
  end(): Iterable<CleanChunk>
}

function cleanerFor(head: Buffer, file: string, onIssue: (issue: ByteIssue) => void): Cleaner {
  const { encoding, bom } = sniff(head)
  if (encoding === 'utf-8') return utf8Cleaner(bom, onIssue)
  let decoder: TextDecoder
  try {
    decoder = new TextDecoder(encoding)
  } catch {
    const name = encoding.slice(0, 40)
    throw new PreviewDataError('invalid_xml', `${file}: the export declares the encoding "${name}", which cannot be decoded here; convert it to UTF-8 first (for example: iconv -f ${name} -t UTF-8 ${file} > export-utf8.xml).`)
  }
  return transcoder(decoder, bom, onIssue)
}

/** The encoding a byte-order mark or the XML declaration names (lower case), and the mark's length. */
function sniff(head: Buffer): { encoding: string; bom: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bom: 3 }
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 }
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bom: 2 }
  // UTF-16 without a mark still starts with `<` (XML 1.0, appendix F).
  if (head[0] === 0x3c && head[1] === 0x00) return { encoding: 'utf-16le', bom: 0 }
  if (head[0] === 0x00 && head[1] === 0x3c) return { encoding: 'utf-16be', bom: 0 }
  // Blanks before the declaration are not allowed, but are where text printed before it was (withoutTextBeforeXml).
  const declaration = /^[ \t\r\n]*<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]{1,64})["']/.exec(head.toString('latin1', 0, SNIFF_BYTES))
  const name = declaration?.[1].toLowerCase() ?? 'utf-8'
  return { encoding: name === 'utf8' ? 'utf-8' : name, bom: 0 }
}

// XML 1.0 allows TAB, LF, CR and everything from U+0020 except surrogates, U+FFFE and U+FFFF. Read as Latin-1, UTF-8
// writes the controls as themselves and U+FFFE and U+FFFF as `ï¿¾` and `ï¿¿` (EF BF BE, EF BF BF).
const ILLEGAL_LATIN1 = /[\x00-\x08\x0B\x0C\x0E-\x1F]|\xEF\xBF[\xBE\xBF]/g
const mayBeIllegal = (bytes: Buffer, latin1: string) => hasIllegalControl(bytes) || latin1.includes('\xEF\xBF\xBE') || latin1.includes('\xEF\xBF\xBF')

/**
 * Whether `bytes` hold a control character XML does not allow (below 0x20, but not TAB, LF or CR). Four bytes at a
 * time: a word holds a byte below 0x20 exactly when `(w - 0x20202020) & ~w & 0x80808080` is not 0, and only those
 * words (mostly a line's end) are looked at byte by byte. Over the realistic 10,000-post export (113 MB, in 64 KiB
 * chunks) this took 0.5 to 0.8 times as long as a regular expression's character class over the Latin-1 text (0.13 to
 * 0.18 s instead of 0.22 to 0.30 s on a loaded machine), on the main thread while it reads.
 * @example
 * hasIllegalControl(Buffer.from('a\tb\r\n')) // false
 * hasIllegalControl(Buffer.from('a\u0007b')) // true
 */
export function hasIllegalControl(bytes: Uint8Array): boolean {
  const illegal = (b: number) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d
  // Byte by byte up to a 4-byte boundary, by words to the last one, then byte by byte again.
  const head = Math.min(bytes.length, (4 - (bytes.byteOffset % 4)) % 4)
  const count = (bytes.length - head) >>> 2
  const words = count > 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset + head, count) : new Uint32Array(0)
  const tail = head + count * 4
  for (let i = 0; i < head; i++) if (illegal(bytes[i])) return true
  for (let i = 0; i < words.length; i++) {
    const w = words[i]
    if (((w - 0x20202020) & ~w & 0x80808080) !== 0 && (illegal(w & 0xff) || illegal((w >>> 8) & 0xff) || illegal((w >>> 16) & 0xff) || illegal(w >>> 24))) return true
  }
  for (let i = tail; i < bytes.length; i++) if (illegal(bytes[i])) return true
  return false
}
const ILLEGAL_TEXT = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g

/**
 * UTF-8: a chunk that is valid UTF-8 (nearly all) is only checked for illegal characters, whose byte offsets its
 * Latin-1 reading gives exactly; one that is not is cleaned byte by byte, where offsets are exact too. A character
 * split across chunks waits for the next one.
 */
function utf8Cleaner(bom: number, onIssue: (issue: ByteIssue) => void): Cleaner {
  let offset = 0
  let carry: Buffer | undefined
  let skip = bom
  return {
    *clean(input) {
      const bytes = skip > 0 ? input.subarray(skip) : input
      const fileBytes = input.length
      offset += input.length - bytes.length
      skip = 0
      const all = carry ? Buffer.concat([carry, bytes]) : bytes
      const cut = completeLength(all)
      carry = cut < all.length ? Buffer.from(all.subarray(cut)) : undefined
      if (cut === 0) return
      const body = all.subarray(0, cut)
      const start = offset
      offset += cut
      if (!isUtf8(body)) {
        const clean = Buffer.from(cleanUtf8(body, start, onIssue), 'utf8')
        yield { bytes: clean, latin1: clean.toString('latin1'), fileBytes }
        return
      }
      const latin1 = body.toString('latin1')
      if (!mayBeIllegal(body, latin1)) {
        yield { bytes: body, latin1, fileBytes }
        return
      }
      const kept = latin1.replace(ILLEGAL_LATIN1, (found: string, at: number) => {
        onIssue({ kind: 'illegal_character', byteOffset: start + at, detail: illegalDetail(found.length === 1 ? found.charCodeAt(0) : 0xfffe + found.charCodeAt(2) - 0xbe) })
        return ''
      })
      yield { bytes: Buffer.from(kept, 'latin1'), latin1: kept, fileBytes }
    },
    *end() {
      if (carry === undefined) return
      onIssue({ kind: 'malformed_utf8', byteOffset: offset, detail: 'the file ends inside a UTF-8 sequence; replaced with U+FFFD' })
      carry = undefined
      const replacement = Buffer.from('\uFFFD', 'utf8')
      yield { bytes: replacement, latin1: replacement.toString('latin1'), fileBytes: 0 }
    },
  }
}

/**
 * Any other encoding, converted to UTF-8 through TextDecoder: malformed sequences are counted per chunk, illegal
 * characters removed. Byte offsets are exact where characters have a fixed size (UTF-16, single-byte encodings);
 * in the multi-byte legacy encodings they are where the chunk holding the character starts.
 */
function transcoder(decoder: TextDecoder, bom: number, onIssue: (issue: ByteIssue) => void): Cleaner {
  let offset = 0
  let skip = bom
  const unitBytes = decoder.encoding.startsWith('utf-16') ? 2 : SINGLE_BYTE.test(decoder.encoding) ? 1 : 0
  const chunk = (text: string, start: number, fileBytes: number): CleanChunk => {
    // No single-byte encoding can write U+FFFD, and UTF-16 rarely does: each one here is a malformed sequence.
    const replaced = text.includes('\uFFFD') ? text.split('\uFFFD').length - 1 : 0
    if (replaced > 0) onIssue({ kind: 'malformed_bytes', byteOffset: start, detail: `${replaced} byte sequence(s) that are not valid ${decoder.encoding}, from this offset on, replaced with U+FFFD` })
    const kept = text.replace(ILLEGAL_TEXT, (found: string, at: number) => {
      onIssue({ kind: 'illegal_character', byteOffset: start + at * unitBytes, detail: illegalDetail(found.charCodeAt(0)) })
      return ''
    })
    const bytes = Buffer.from(kept, 'utf8')
    return { bytes, latin1: bytes.toString('latin1'), fileBytes }
  }
  return {
    *clean(input) {
      const bytes = skip > 0 ? input.subarray(skip) : input
      offset += input.length - bytes.length
      skip = 0
      const start = offset
      offset += bytes.length
      yield chunk(decoder.decode(bytes, { stream: true }), start, input.length)
    },
    *end() {
      const rest = decoder.decode()
      if (rest) yield chunk(rest, offset, 0)
    },
  }
}

const SINGLE_BYTE = /^(?:windows-125\d|iso-8859-\d+|koi8-[ru]|macintosh|x-mac-cyrillic|ibm866|windows-874)$/

/** How a removed XML-illegal character is reported. */
function illegalDetail(code: number): string {
  const hex = code.toString(16).padStart(4, '0').toUpperCase()
  return code >= 0xfffe ? `noncharacter U+${hex} removed` : `control character U+${hex} removed`
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
 * Decodes bytes that are not valid UTF-8: each malformed byte becomes U+FFFD, and each XML-illegal character is
 * removed, both reported with their byte offset (`base` is the offset of `body[0]` in the file).
 * @example
 * cleanUtf8(Buffer.from([0x61, 0xff, 0x62]), 0, console.log) // 'a\uFFFDb'
 */
export function cleanUtf8(body: Buffer, base: number, onIssue: (issue: ByteIssue) => void): string {
  const out: string[] = []
  let start = 0
  const drop = (i: number, replacement: string, issue: Omit<ByteIssue, 'byteOffset'>, length: number) => {
    if (i > start) out.push(body.toString('utf8', start, i))
    out.push(replacement)
    onIssue({ kind: issue.kind, byteOffset: base + i, detail: issue.detail })
    start = i + length
    return start
  }
  for (let i = 0; i < body.length; ) {
    const b = body[i]
    if (b < 0x80) {
      if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) i = drop(i, '', { kind: 'illegal_character', detail: illegalDetail(b) }, 1)
      else i++
      continue
    }
    const len = sequenceLength(body, i)
    if (len === 0) i = drop(i, '\uFFFD', { kind: 'malformed_utf8', detail: `byte 0x${b.toString(16)} is not valid UTF-8; replaced with U+FFFD` }, 1)
    else if (len === 3 && b === 0xef && body[i + 1] === 0xbf && body[i + 2] >= 0xbe) i = drop(i, '', { kind: 'illegal_character', detail: illegalDetail(0xfffe + body[i + 2] - 0xbe) }, 3)
    else i += len
  }
  if (start < body.length) out.push(body.toString('utf8', start))
  return out.join('')
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
