import { open } from 'node:fs/promises'
import type { Diagnostics } from './diagnostics.js'

/** The default largest Markdown or data file the importer loads, in bytes (the largest real post we know is 851 KB). */
export const DEFAULT_MAX_FILE_BYTES = 4 * 1024 * 1024

const utf8 = new TextDecoder('utf-8', { fatal: true })
const utf8Lossy = new TextDecoder('utf-8')
const utf16le = new TextDecoder('utf-16le')
const utf16be = new TextDecoder('utf-16be')

/**
 * Reads a text file, or reports why it was not read: over `maxBytes` (checked before loading it), unreadable, or
 * not valid UTF-8. Returns LF-only text without a byte order mark.
 */
export async function readText(abs: string, rel: string, maxBytes: number, diagnostics: Diagnostics): Promise<string | null> {
  let bytes: Buffer
  try {
    const handle = await open(abs, 'r')
    try {
      const { size } = await handle.stat()
      if (size > maxBytes) {
        diagnostics.error(rel, 0, 'file_too_large', `The file is ${size} bytes, over the ${maxBytes}-byte limit, so it was not loaded. Split it or raise the limit (maxFileBytes / --max-file-bytes).`)
        return null
      }
      bytes = await handle.readFile()
    } finally {
      await handle.close()
    }
  } catch (err) {
    diagnostics.error(rel, 0, 'unreadable_file', `The file could not be read (${(err as NodeJS.ErrnoException).code ?? String(err)}). Check its permissions.`)
    return null
  }
  const text = decodeText(bytes)
  if (text === null) {
    diagnostics.warn(rel, 0, 'unsupported_encoding', 'The file is not valid UTF-8; invalid bytes were replaced with U+FFFD. Save it as UTF-8.')
    return normalizeNewlines(utf8Lossy.decode(bytes))
  }
  return text
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
