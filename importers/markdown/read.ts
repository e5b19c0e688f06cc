import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import type { Diagnostics } from './diagnostics.js'

/** The default largest Markdown or data file the importer loads, in bytes (the largest real post we know is 851 KB). */
export const DEFAULT_MAX_FILE_BYTES = 4 * 1024 * 1024

const utf8 = new TextDecoder('utf-8', { fatal: true })
const utf16le = new TextDecoder('utf-16le')
const utf16be = new TextDecoder('utf-16be')

/**
 * Reads a text file, or reports why it was not read: over `maxBytes` (checked before loading it), unreadable, or
 * not valid UTF-8. Returns LF-only text without a byte order mark.
 */
export async function readText(abs: string, rel: string, maxBytes: number, diagnostics: Diagnostics): Promise<string | null> {
  let bytes: Buffer
  try {
    const read = readBounded(abs, maxBytes)
    if (typeof read === 'number') {
      diagnostics.error(rel, 0, 'file_too_large', `The file is ${read} bytes, over the ${maxBytes}-byte limit, so it was not loaded. Split it or raise the limit (maxFileBytes / --max-file-bytes).`)
      return null
    }
    bytes = read
  } catch (err) {
    diagnostics.error(rel, 0, 'unreadable_file', `The file could not be read (${(err as NodeJS.ErrnoException).code ?? String(err)}). Check its permissions.`)
    return null
  }
  const text = decodeText(bytes)
  if (text === null) {
    // Guessing another encoding would publish mojibake; the owner knows what the file is.
    const at = firstInvalidByte(bytes)
    diagnostics.error(rel, at.line, 'unsupported_encoding', `The file is not valid UTF-8 (byte 0x${at.byte} at offset ${at.offset}), so it was skipped. Save it as UTF-8 (or UTF-16 with a byte order mark).`)
    return null
  }
  return text
}

/**
 * A file's bytes, or its size when that is over `maxBytes` (known before anything is loaded). Synchronous on
 * purpose: documents are small and many, and the promise API's open, fstat, read and close each go through the
 * thread pool. Reading the 10,000-file benchmark site took 2.6–5.9 s that way and 0.47 s this way (node --cpu-prof:
 * fstat, openFileHandle and close were 3.1 s of a 15.6 s import on the shared machine). A file that grows while it
 * is read is cut at the size it had; one that shrinks gives what it has.
 */
function readBounded(abs: string, maxBytes: number): Buffer | number {
  const fd = openSync(abs, 'r')
  try {
    const size = fstatSync(fd).size
    if (size > maxBytes) return size
    const buffer = Buffer.allocUnsafe(size)
    let filled = 0
    while (filled < size) {
      const n = readSync(fd, buffer, filled, size - filled, null)
      if (n === 0) break
      filled += n
    }
    return filled === size ? buffer : buffer.subarray(0, filled)
  } finally {
    closeSync(fd)
  }
}

/** Decodes UTF-8 (with or without a BOM) and BOM-marked UTF-16 into LF-only text; null when the bytes are not valid UTF-8. */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) text = utf16le.decode(bytes.subarray(2))
  else if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) text = utf16be.decode(bytes.subarray(2))
  else {
    const start = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0
    try {
      text = utf8.decode(bytes.subarray(start))
    } catch {
      return null
    }
  }
  return normalizeNewlines(text)
}

/** Turns CRLF and lone CR line ends into LF, so line numbers and content are the same on every platform. */
export function normalizeNewlines(text: string): string {
  const noBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  return noBom.includes('\r') ? noBom.replace(/\r\n?/g, '\n') : noBom
}

/** Where the first byte that is not UTF-8 sits: its offset, its 1-based line and its value in hex. */
function firstInvalidByte(bytes: Uint8Array): { offset: number; line: number; byte: string } {
  let line = 1
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i]
    const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1
    let ok = need >= 0 && i + need < bytes.length
    for (let k = 1; ok && k <= need; k++) ok = (bytes[i + k] & 0xc0) === 0x80
    if (ok && need > 0) {
      // Overlong forms and surrogates are not UTF-8 either (the decoder refuses them too).
      const b1 = bytes[i + 1]
      if ((b === 0xe0 && b1 < 0xa0) || (b === 0xed && b1 > 0x9f) || (b === 0xf0 && b1 < 0x90) || (b === 0xf4 && b1 > 0x8f)) ok = false
    }
    if (!ok) return { offset: i, line, byte: b.toString(16).padStart(2, '0').toUpperCase() }
    if (b === 0x0a) line++
    i += need + 1
  }
  return { offset: bytes.length, line, byte: '00' }
}
