import { detach } from './detach.js'
import { LIMITS } from './limits.js'

/** A value read from PHP's `serialize()` format. Objects come back as plain maps: nothing is ever instantiated. */
export type PhpValue = null | boolean | number | string | PhpValue[] | { [key: string]: PhpValue }

// Works on a "byte string" (one character per UTF-8 byte) because PHP counts string lengths in bytes; for ASCII
// text, the common case, that is the text itself, and string operations beat Buffer calls about tenfold here.
class Reader {
  pos = 0
  constructor(readonly bytes: string, readonly ascii: boolean) {}

  get length(): number {
    return this.bytes.length
  }

  next(): string {
    return this.bytes[this.pos++] ?? ''
  }

  expect(ch: string): void {
    if (this.bytes[this.pos] !== ch) throw new Error(`expected "${ch}" at byte ${this.pos}`)
    this.pos++
  }

  until(ch: string): string {
    const end = this.bytes.indexOf(ch, this.pos)
    if (end < 0) throw new Error(`missing "${ch}" after byte ${this.pos}`)
    const s = this.bytes.slice(this.pos, end)
    this.pos = end + 1
    return s
  }

  int(stop: string): number {
    const s = this.until(stop)
    if (!/^-?\d{1,15}$/.test(s)) throw new Error(`bad integer "${s}"`)
    return Number(s)
  }

  text(length: number): string {
    const raw = this.bytes.slice(this.pos, this.pos + length)
    this.pos += length
    // A kept value must not hold the whole serialized text alive (see detach).
    return detach(this.ascii ? raw : Buffer.from(raw, 'latin1').toString('utf8'))
  }
}

const ASCII = /^[\x00-\x7f]*$/

/**
 * Parses PHP-serialized data (as in `_wp_attachment_metadata`) without executing or instantiating anything:
 * objects (`O:`) become plain maps, custom-serialized objects (`C:`) and references are refused. String lengths
 * are counted in UTF-8 bytes as PHP writes them. Returns `undefined` when the text is not valid serialized data.
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
    case 'N':
      r.expect(';')
      return null
    case 'b': {
      r.expect(':')
      const v = r.int(';')
      return v !== 0
    }
    case 'i':
      r.expect(':')
      return r.int(';')
    case 'd': {
      r.expect(':')
      const s = r.until(';')
      const v = Number(s)
      if (!Number.isFinite(v)) return null
      return v
    }
    case 's': {
      r.expect(':')
      const len = r.int(':')
      r.expect('"')
      if (len < 0 || r.pos + len > r.length) throw new Error('string runs past the end')
      const s = r.text(len)
      r.expect('"')
      r.expect(';')
      return s
    }
    case 'a':
      r.expect(':')
      return readEntries(r, r.int(':'), depth)
    case 'O': {
      // An object's class name is read and dropped; its properties become a plain map.
      r.expect(':')
      const nameLen = r.int(':')
      r.pos += nameLen + 2
      r.expect(':')
      return readEntries(r, r.int(':'), depth)
    }
    default:
      throw new Error(`unsupported type "${type}"`)
  }
}

function readEntries(r: Reader, count: number, depth: number): PhpValue {
  r.expect('{')
  const entries: Array<[string, PhpValue]> = []
  let list = true
  for (let i = 0; i < count; i++) {
    const key = readValue(r, depth + 1)
    if (typeof key !== 'string' && typeof key !== 'number') throw new Error('bad array key')
    if (key !== i) list = false
    entries.push([String(key), readValue(r, depth + 1)])
  }
  r.expect('}')
  if (list) return entries.map((e) => e[1])
  // fromEntries defines own properties, so a "__proto__" key stays data and never sets a prototype.
  return Object.fromEntries(entries)
}
