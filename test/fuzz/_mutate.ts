/**
 * Byte-level mutations of text inputs (exports, Markdown and data files, payload JSON). Each takes the case's
 * `Random` and the bytes, and returns the new bytes with a line saying what it did, so a failing case can be read
 * and minimised. Truncations cut at every kind of boundary a reader has to get right: inside a tag, an entity, a
 * CDATA section, a comment, a multi-byte character, front matter, a JSON string.
 */
import type { Random } from './_random.js'

export interface Mutated {
  bytes: Buffer
  did: string
}

export type Mutator = (rnd: Random, input: Buffer) => Mutated

const LT = 0x3c
const GT = 0x3e

/** Every offset of `needle` in `hay`, at most `max` of them (a sample of the first ones is enough to pick from). */
function offsets(hay: Buffer, needle: string | number, max = 20_000): number[] {
  const out: number[] = []
  for (let i = hay.indexOf(needle); i !== -1 && out.length < max; i = hay.indexOf(needle, i + 1)) out.push(i)
  return out
}

/** A position strictly between an opener and the closer after it, or undefined when there is no such pair. */
function between(rnd: Random, input: Buffer, open: string | number, close: string | number, maxSpan = 1 << 20): number | undefined {
  const starts = offsets(input, open)
  for (let tries = 0; tries < 8 && starts.length > 0; tries++) {
    const start = rnd.pick(starts)
    const openLength = typeof open === 'number' ? 1 : Buffer.byteLength(open)
    const end = input.indexOf(close, start + openLength)
    const stop = end === -1 ? Math.min(input.length, start + maxSpan) : Math.min(end + (typeof close === 'number' ? 1 : Buffer.byteLength(close)), start + maxSpan)
    if (stop - start > 1) return start + 1 + rnd.int(stop - start - 1)
  }
  return undefined
}

/** Where a truncation of this kind may cut, or undefined when the input has no such place. */
export const BOUNDARIES: Record<string, (rnd: Random, input: Buffer) => number | undefined> = {
  tag: (rnd, input) => between(rnd, input, LT, GT),
  entity: (rnd, input) => between(rnd, input, '&', ';', 16),
  cdata: (rnd, input) => between(rnd, input, '<![CDATA[', ']]>'),
  comment: (rnd, input) => between(rnd, input, '<!--', '-->'),
  'multi-byte character': (rnd, input) => {
    // A continuation byte: cutting before it leaves its character's lead byte without it.
    const candidates: number[] = []
    for (let i = 0; i < input.length && candidates.length < 20_000; i++) if ((input[i] & 0xc0) === 0x80) candidates.push(i)
    return candidates.length ? rnd.pick(candidates) : undefined
  },
  'front matter': (rnd, input) => {
    const head = input.subarray(0, 3).toString('latin1')
    if (head !== '---' && head !== '+++' && input[0] !== 0x7b) return undefined
    const close = input[0] === 0x7b ? input.indexOf('\n}') : input.indexOf(head, 3)
    const end = close === -1 ? input.length : close + 3
    return 1 + rnd.int(Math.max(1, end - 1))
  },
  'JSON string': (rnd, input) => between(rnd, input, '"', '"', 4096),
  'line end': (rnd, input) => {
    const lines = offsets(input, '\n')
    return lines.length ? rnd.pick(lines) : undefined
  },
  anywhere: (rnd, input) => rnd.int(input.length + 1),
}

/** Cuts the input at a boundary of the given kinds (the first that the input has, tried in a random order). */
export function truncate(kinds: readonly string[]): Mutator {
  return (rnd, input) => {
    const order = [...kinds].sort(() => rnd.next() - 0.5)
    for (const kind of order) {
      const at = BOUNDARIES[kind](rnd, input)
      if (at !== undefined) return { bytes: input.subarray(0, at), did: `truncated inside a ${kind} at byte ${at} of ${input.length}` }
    }
    const at = rnd.int(input.length + 1)
    return { bytes: input.subarray(0, at), did: `truncated at byte ${at} of ${input.length}` }
  }
}

export const flipBits: Mutator = (rnd, input) => {
  const out = Buffer.from(input)
  const n = rnd.range(1, 8)
  const at: number[] = []
  for (let i = 0; i < n && out.length > 0; i++) {
    const p = rnd.int(out.length)
    out[p] ^= 1 << rnd.int(8)
    at.push(p)
  }
  return { bytes: out, did: `flipped ${n} bits at ${at.join(',')}` }
}

export const setBytes: Mutator = (rnd, input) => {
  const out = Buffer.from(input)
  const n = rnd.range(1, 16)
  for (let i = 0; i < n && out.length > 0; i++) out[rnd.int(out.length)] = rnd.pick([0, 0x3c, 0x3e, 0x26, 0x22, 0x27, 0x5d, 0x0a, 0x0d, 0x80, 0xff, 0xc3, 0x7b, 0x7d, 0x5b, 0x2d, 0x3a, rnd.int(256)])
  return { bytes: out, did: `set ${n} bytes` }
}

/** Inserts `piece` at a position chosen among boundary kinds (inside a tag, in text, at a line end, anywhere). */
export function insertAt(rnd: Random, input: Buffer, piece: Buffer, kinds: readonly string[] = ['anywhere', 'line end', 'tag']): Mutated & { at: number } {
  const kind = rnd.pick(kinds)
  const at = BOUNDARIES[kind](rnd, input) ?? rnd.int(input.length + 1)
  return { bytes: Buffer.concat([input.subarray(0, at), piece, input.subarray(at)]), did: `inserted ${describe(piece)} at byte ${at} (${kind})`, at }
}

/** A short readable description of inserted bytes. */
export function describe(piece: Buffer): string {
  const text = piece.subarray(0, 40).toString('latin1')
  return `${piece.length} bytes ${JSON.stringify(text)}${piece.length > 40 ? '…' : ''}`
}

/** Inserts one to `most` pieces, each at a place of one of `kinds`. */
function insertSome(pieces: ReadonlyArray<string | number[]>, most: number, kinds: readonly string[]): Mutator {
  return (rnd, input) => {
    let out = input
    const did: string[] = []
    for (let i = rnd.range(1, most); i > 0; i--) {
      const piece = rnd.pick(pieces)
      const m = insertAt(rnd, out, typeof piece === 'string' ? Buffer.from(piece) : Buffer.from(piece), kinds)
      out = m.bytes
      did.push(m.did)
    }
    return { bytes: out, did: did.join('; ') }
  }
}

// Malformed UTF-8 of every kind a decoder must survive: a stray continuation, lead bytes without theirs, overlong
// forms, an encoded surrogate, a code point past U+10FFFF, bytes never valid in UTF-8.
const INVALID_UTF8 = [[0x80], [0xbf], [0xc3], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xf4, 0x90, 0x80, 0x80], [0xfe], [0xff], [0xff, 0xfe], [0xf8, 0x88, 0x80, 0x80, 0x80]]

export const invalidUtf8 = insertSome(INVALID_UTF8, 4, ['anywhere', 'tag', 'multi-byte character', 'JSON string', 'front matter'])

// Control and format characters: NUL, C0 and C1 controls, a terminal escape, DEL, line and paragraph separators,
// bidirectional overrides, a BOM in the middle, a lone CR.
const CONTROLS = ['\0', '\x01', '\x08', '\x0b', '\x0c', '\x1b[31m', '\x1b]0;title\x07', '\x7f', '\u0085', '\u2028', '\u2029', '\u202e', '\u2066', '\u200b', '\ufeff', '\r', '\ufffe', '\uffff']

export const controlChars = insertSome(CONTROLS, 6, ['anywhere', 'tag', 'JSON string', 'front matter', 'line end'])

const ENTITIES = ['&xxe;', '&#0;', '&#x0;', '&#x110000;', '&#xD800;', '&#99999999999999999999;', '&amp;amp;', '&lt;script&gt;alert(1)&lt;/script&gt;', '&', '&#', '&#x;', '&nbsp', '&ThisIsNoEntity;', `&${'a'.repeat(2000)};`, '&#x1F600;', '&#13;&#10;', '&lt;!--', '&lt;![CDATA[']

export const entities = insertSome(ENTITIES, 4, ['anywhere', 'tag', 'cdata', 'entity'])

/** DOCTYPEs that declare entities: a billion-laughs bomb, external entities (one pointing at `secret`), a parameter entity. */
export function doctypes(secret: string): string[] {
  const laughs = '<!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa">' + Array.from({ length: 9 }, (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`).join('') + ']>'
  return [
    laughs,
    `<!DOCTYPE rss [<!ENTITY x SYSTEM "file://${secret}">]>`,
    `<!DOCTYPE rss [<!ENTITY % p SYSTEM "file://${secret}"> %p;]>`,
    '<!DOCTYPE rss SYSTEM "http://127.0.0.1:9/evil.dtd">',
    '<!DOCTYPE rss>',
    '<!DOCTYPE html>',
    '<!DOCTYPE rss [<!ELEMENT rss ANY><!ATTLIST item x CDATA "default">]>',
  ]
}

export function doctype(secret: string): Mutator {
  return (rnd, input) => {
    const decl = rnd.pick(doctypes(secret))
    // Where a DOCTYPE belongs (after the XML declaration), or anywhere, where it does not.
    const xmlDecl = input.indexOf('?>')
    const at = rnd.chance(0.7) ? (xmlDecl >= 0 && xmlDecl < 200 ? xmlDecl + 2 : 0) : rnd.int(input.length + 1)
    return { bytes: Buffer.concat([input.subarray(0, at), Buffer.from(decl), input.subarray(at)]), did: `DOCTYPE ${JSON.stringify(decl.slice(0, 60))} at byte ${at}` }
  }
}

/** Deep nesting: `depth` openers then as many closers (or none), inserted at a place of the given kinds. */
export function nest(open: string, close: string, kinds: readonly string[] = ['anywhere', 'line end']): Mutator {
  return (rnd, input) => {
    const depth = rnd.pick([64, 500, 2_000, 10_000, 100_000])
    const closed = rnd.chance(0.8)
    const piece = Buffer.from(open.repeat(depth) + (closed ? close.repeat(depth) : ''))
    const m = insertAt(rnd, input, piece, kinds)
    return { bytes: m.bytes, did: `nested ${JSON.stringify(open)} ${depth} deep${closed ? '' : ', never closed'} at byte ${m.at}` }
  }
}

/** A huge attribute in a tag (or, where there is no tag, a huge run of text). */
export const hugeAttribute: Mutator = (rnd, input) => {
  const size = rnd.pick([64 << 10, 512 << 10, 2 << 20])
  const value = rnd.pick(['A', 'é', '<', '&amp;', ' ', '"', '\\"']).repeat(size / 4)
  const tags = offsets(input, LT)
  for (let tries = 0; tries < 10 && tags.length > 0; tries++) {
    const start = rnd.pick(tags)
    let i = start + 1
    while (i < input.length && /[A-Za-z0-9:_-]/.test(String.fromCharCode(input[i]))) i++
    if (i === start + 1 || input[start + 1] === 0x2f) continue
    const piece = Buffer.from(` data-huge="${value.replace(/"/g, '&quot;')}"`)
    return { bytes: Buffer.concat([input.subarray(0, i), piece, input.subarray(i)]), did: `huge attribute (${piece.length} bytes) in the tag at byte ${start}` }
  }
  const m = insertAt(rnd, input, Buffer.from(value), ['anywhere'])
  return { bytes: m.bytes, did: `huge text: ${m.did}` }
}

/** Copies, deletes or repeats a chunk: structure out of order, items twice, a section gone. */
export const splice: Mutator = (rnd, input) => {
  if (input.length < 2) return { bytes: input, did: 'splice: input too short' }
  const a = rnd.int(input.length)
  const b = Math.min(input.length, a + 1 + rnd.size(Math.min(input.length, 64 << 10)))
  const chunk = input.subarray(a, b)
  const op = rnd.pick(['copy', 'delete', 'repeat'] as const)
  if (op === 'delete') return { bytes: Buffer.concat([input.subarray(0, a), input.subarray(b)]), did: `deleted bytes ${a}-${b}` }
  const at = rnd.int(input.length + 1)
  const times = op === 'repeat' ? rnd.range(2, 50) : 1
  const piece = Buffer.concat(Array.from({ length: times }, () => chunk))
  return { bytes: Buffer.concat([input.subarray(0, at), piece, input.subarray(at)]), did: `${op === 'repeat' ? `repeated ${times}x` : 'copied'} bytes ${a}-${b} to ${at}` }
}

/** Applies `count` mutators chosen by weight, in order; returns the bytes and what each did. */
export function mutate(rnd: Random, input: Buffer, mutators: ReadonlyArray<readonly [Mutator, number]>, count: number): Mutated {
  let bytes = input
  const did: string[] = []
  for (let i = 0; i < count; i++) {
    const m = rnd.weighted(mutators)(rnd, bytes)
    bytes = m.bytes
    did.push(m.did)
  }
  return { bytes, did: did.join('; ') }
}
