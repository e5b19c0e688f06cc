import { LIMITS } from './limits.js'

/** A value read from PHP's `serialize()` format. Objects come back as plain maps: nothing is ever instantiated. */
export type PhpValue = null | boolean | number | string | PhpValue[] | { [key: string]: PhpValue }

// Works on a "byte string" (one character per UTF-8 byte) because PHP counts string lengths in bytes; for ASCII
// text, the common case, that is the text itself, and string operations beat Buffer calls about tenfold here.
// Reads by character code: every attachment's metadata passes through here, about 40 values each.
class Reader {
  pos = 0
  // Where the next byte above 0x7f is, at or after `pos` when it was last looked for (the length when there is none).
  #high = -1
  constructor(readonly bytes: string, readonly ascii: boolean) {}

  get length(): number {
    return this.bytes.length
  }

  next(): number {
    return this.pos < this.bytes.length ? this.bytes.charCodeAt(this.pos++) : -1
  }

  expect(code: number): void {
    if (this.bytes.charCodeAt(this.pos) !== code) throw new Error(`expected "${String.fromCharCode(code)}" at byte ${this.pos}`)
    this.pos++
  }

  until(code: number): string {
    const end = this.bytes.indexOf(String.fromCharCode(code), this.pos)
    if (end < 0) throw new Error(`missing "${String.fromCharCode(code)}" after byte ${this.pos}`)
    const s = this.bytes.slice(this.pos, end)
    this.pos = end + 1
    return s
  }

  /** An integer of 1 to 15 digits, optionally negative, ended by `stop`. */
  int(stop: number): number {
    const bytes = this.bytes
    const negative = bytes.charCodeAt(this.pos) === MINUS
    let i = negative ? this.pos + 1 : this.pos
    const first = i
    let n = 0
    for (let c = bytes.charCodeAt(i) - ZERO; c >= 0 && c <= 9 && i - first < 15; c = bytes.charCodeAt(++i) - ZERO) n = n * 10 + c
    if (i === first || bytes.charCodeAt(i) !== stop) throw new Error(`bad integer at byte ${this.pos}`)
    this.pos = i + 1
    return negative ? -n : n
  }

  /**
   * The next `length` bytes as text. For ASCII input this is a view of the serialized text: a caller that keeps a
   * piece of 13 or more characters should `detach` it.
   */
  /** Whether the string of `length` bytes from here is followed by `";`, as a serialized string ends. */
  endsString(length: number): boolean {
    return this.bytes.charCodeAt(this.pos + length) === QUOTE && this.bytes.charCodeAt(this.pos + length + 1) === SEMICOLON
  }

  /** How many bytes the next `count` UTF-8 characters take (continuation bytes are 0x80 to 0xbf). */
  charBytes(count: number): number {
    let i = this.pos
    for (let n = 0; n < count && i < this.bytes.length; n++) {
      i++
      while (i < this.bytes.length && (this.bytes.charCodeAt(i) & 0xc0) === 0x80) i++
    }
    return i - this.pos
  }

  text(length: number): string {
    const end = this.pos + length
    const raw = this.bytes.slice(this.pos, end)
    // A string of ASCII bytes is its own text, also in data that holds other characters elsewhere (most keys and
    // values of attachment metadata whose caption is not ASCII): only a string with UTF-8 bytes is decoded.
    const ascii = this.ascii || end <= this.#nextHigh()
    this.pos = end
    return ascii ? raw : Buffer.from(raw, 'latin1').toString('utf8')
  }

  #nextHigh(): number {
    if (this.#high < this.pos) {
      HIGH_BYTE.lastIndex = this.pos
      this.#high = HIGH_BYTE.exec(this.bytes)?.index ?? this.bytes.length
    }
    return this.#high
  }
}

const HIGH_BYTE = /[\x80-\xff]/g

const [MINUS, ZERO, COLON, SEMICOLON, QUOTE, OPEN, CLOSE] = ['-', '0', ':', ';', '"', '{', '}'].map((ch) => ch.charCodeAt(0))
const [N, B, I, D, S, A, O] = ['N', 'b', 'i', 'd', 's', 'a', 'O'].map((ch) => ch.charCodeAt(0))

const ASCII = /^[\x00-\x7f]*$/

/**
 * Parses PHP-serialized data (as in `_wp_attachment_metadata`) without executing or instantiating anything:
 * objects (`O:`) become plain maps, custom-serialized objects (`C:`) and references are refused. String lengths
 * are counted in UTF-8 bytes as PHP writes them. Returns `undefined` when the text is not valid serialized data.
 * Strings of ASCII input are views of `text`: `detach` the pieces you keep (see `toAttachment`).
 * @example
 * phpUnserialize('a:2:{s:5:"width";i:640;s:6:"height";i:480;}') // { width: 640, height: 480 }
 */
export function phpUnserialize(text: string): PhpValue | undefined {
  if (text.length > LIMITS.maxSerializedBytes) return undefined
  const ascii = ASCII.test(text)
  const reader = new Reader(ascii ? text : Buffer.from(text, 'utf8').toString('latin1'), ascii)
  try {
    const value = readValue(reader, 0)
    return reader.pos === reader.length ? value : undefined
  } catch {
    return undefined
  }
}

function readValue(r: Reader, depth: number): PhpValue {
  if (depth > LIMITS.maxSerializedDepth) throw new Error('nested too deeply')
  const type = r.next()
  switch (type) {
    case N:
      r.expect(SEMICOLON)
      return null
    case B: {
      r.expect(COLON)
      return r.int(SEMICOLON) !== 0
    }
    case I:
      r.expect(COLON)
      return r.int(SEMICOLON)
    case D: {
      r.expect(COLON)
      const v = Number(r.until(SEMICOLON))
      return Number.isFinite(v) ? v : null
    }
    case S: {
      r.expect(COLON)
      const len = r.int(COLON)
      r.expect(QUOTE)
      if (len < 0 || r.pos + len > r.length) throw new Error('string runs past the end')
      // Data serialized on a site whose text was in a single-byte charset (Latin-1) counts characters, not the UTF-8
      // bytes the export now holds: when the bytes do not end the string, its characters may.
      const s = r.endsString(len) || r.ascii ? r.text(len) : r.text(r.charBytes(len))
      r.expect(QUOTE)
      r.expect(SEMICOLON)
      return s
    }
    case A:
      r.expect(COLON)
      return readEntries(r, r.int(COLON), depth)
    case O: {
      // An object's class name is read and dropped; its properties become a plain map.
      r.expect(COLON)
      const nameLen = r.int(COLON)
      r.pos += nameLen + 2
      r.expect(COLON)
      return readEntries(r, r.int(COLON), depth)
    }
    default:
      throw new Error(`unsupported type at byte ${r.pos - 1}`)
  }
}

function readEntries(r: Reader, count: number, depth: number): PhpValue {
  r.expect(OPEN)
  const keys: string[] = []
  const values: PhpValue[] = []
  let list = true
  for (let i = 0; i < count; i++) {
    const key = readValue(r, depth + 1)
    if (typeof key !== 'string' && typeof key !== 'number') throw new Error('bad array key')
    if (key !== i) list = false
    keys.push(String(key))
    values.push(readValue(r, depth + 1))
  }
  r.expect(CLOSE)
  if (list) return values
  const map: { [key: string]: PhpValue } = {}
  for (let i = 0; i < keys.length; i++) {
    // Defined, not assigned, so a "__proto__" key stays data and never sets a prototype.
    if (keys[i] === '__proto__') Object.defineProperty(map, '__proto__', { value: values[i], writable: true, enumerable: true, configurable: true })
    else map[keys[i]] = values[i]
  }
  return map
}
