import { LIMITS } from './limits.js'

/** A value read from PHP's `serialize()` format. Objects come back as plain maps: nothing is ever instantiated. */
export type PhpValue = null | boolean | number | string | PhpValue[] | { [key: string]: PhpValue }

class Reader {
  pos = 0
  constructor(readonly buf: Buffer) {}

  expect(ch: string): void {
    if (this.buf[this.pos] !== ch.charCodeAt(0)) throw new Error(`expected "${ch}" at byte ${this.pos}`)
    this.pos++
  }

  until(ch: string): string {
    const end = this.buf.indexOf(ch.charCodeAt(0), this.pos)
    if (end < 0) throw new Error(`missing "${ch}" after byte ${this.pos}`)
    const s = this.buf.toString('latin1', this.pos, end)
    this.pos = end + 1
    return s
  }

  int(stop: string): number {
    const s = this.until(stop)
    if (!/^-?\d{1,15}$/.test(s)) throw new Error(`bad integer "${s}"`)
    return Number(s)
  }
}

/**
 * Parses PHP-serialized data (as in `_wp_attachment_metadata`) without executing or instantiating anything:
 * objects (`O:`) become plain maps, custom-serialized objects (`C:`) and references are refused. String lengths
 * are counted in UTF-8 bytes as PHP writes them. Returns `undefined` when the text is not valid serialized data.
 * @example
 * phpUnserialize('a:2:{s:5:"width";i:640;s:6:"height";i:480;}') // { width: 640, height: 480 }
 */
export function phpUnserialize(text: string): PhpValue | undefined {
  if (text.length > LIMITS.maxSerializedBytes) return undefined
  const reader = new Reader(Buffer.from(text, 'utf8'))
  try {
    const value = readValue(reader, 0)
    return reader.pos === reader.buf.length ? value : undefined
  } catch {
    return undefined
  }
}

function readValue(r: Reader, depth: number): PhpValue {
  if (depth > LIMITS.maxSerializedDepth) throw new Error('nested too deeply')
  const type = String.fromCharCode(r.buf[r.pos++])
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
      if (len < 0 || r.pos + len > r.buf.length) throw new Error('string runs past the end')
      const s = r.buf.toString('utf8', r.pos, r.pos + len)
      r.pos += len
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
  const map: { [key: string]: PhpValue } = Object.create(null)
  let list = true
  for (let i = 0; i < count; i++) {
    const key = readValue(r, depth + 1)
    if (typeof key !== 'string' && typeof key !== 'number') throw new Error('bad array key')
    if (key !== i) list = false
    map[String(key)] = readValue(r, depth + 1)
  }
  r.expect('}')
  if (list) return Array.from({ length: count }, (_, i) => map[String(i)])
  return { ...map }
}
