// Reads the entries of a gzipped tar archive (an npm tarball) without running or following anything in it.
// Only regular files come out; links, devices and paths that would leave the destination are reported and skipped.
import { Buffer } from 'node:buffer'
import { gunzipSync } from 'node:zlib'

const BLOCK = 512

/**
 * Lists the regular files of a .tgz buffer as `{ path, data }`, and the entries it refused as `{ path, reason }`.
 * npm tarballs are a few megabytes, so the archive is read in memory.
 */
export function readTarball(gz) {
  const buf = gunzipSync(gz)
  const files = []
  const refused = []
  let offset = 0
  let longName = null
  let paxPath = null
  while (offset + BLOCK <= buf.length) {
    const header = buf.subarray(offset, offset + BLOCK)
    if (header.every((b) => b === 0)) break
    const size = readSize(header.subarray(124, 136))
    const type = String.fromCharCode(header[156] || 48)
    const dataStart = offset + BLOCK
    const data = buf.subarray(dataStart, dataStart + size)
    offset = dataStart + Math.ceil(size / BLOCK) * BLOCK

    if (type === 'L') { longName = cString(data); continue }
    if (type === 'x') { paxPath = paxValue(data, 'path') ?? paxPath; continue }
    if (type === 'g') continue
    const name = paxPath ?? longName ?? joinPrefix(cString(header.subarray(345, 500)), cString(header.subarray(0, 100)))
    longName = null
    paxPath = null
    if (type === '5') continue
    if (type !== '0' && type !== '7') { refused.push({ path: name, reason: `entry type ${type} (links and devices are not extracted)` }); continue }
    const safe = safeRelative(name)
    if (!safe) { refused.push({ path: name, reason: 'path leaves the archive root' }); continue }
    files.push({ path: safe, data: Buffer.from(data) })
  }
  return { files, refused }
}

function readSize(field) {
  // GNU base-256 for sizes over 8 GiB never occurs in npm tarballs, but is read rather than misread as octal.
  if (field[0] & 0x80) return field.subarray(1).reduce((n, b) => n * 256 + b, field[0] & 0x7f)
  const text = cString(field).trim()
  return text === '' ? 0 : parseInt(text, 8)
}

function cString(bytes) {
  const end = bytes.indexOf(0)
  return bytes.subarray(0, end < 0 ? bytes.length : end).toString('utf8')
}

function joinPrefix(prefix, name) {
  return prefix ? `${prefix}/${name}` : name
}

function paxValue(data, key) {
  // Records are "<length> <key>=<value>\n".
  let text = data.toString('utf8')
  while (text.length > 0) {
    const space = text.indexOf(' ')
    const length = parseInt(text.slice(0, space), 10)
    if (!(length > 0)) return null
    const record = text.slice(space + 1, length - 1)
    const eq = record.indexOf('=')
    if (record.slice(0, eq) === key) return record.slice(eq + 1)
    text = text.slice(length)
  }
  return null
}

/** The entry's path with `/` separators, or null when it is absolute, has `..`, a backslash or a NUL. */
export function safeRelative(name) {
  if (name.includes('\\') || name.includes('\0') || name.startsWith('/')) return null
  const parts = name.split('/').filter((p) => p !== '' && p !== '.')
  if (parts.length === 0 || parts.some((p) => p === '..')) return null
  return parts.join('/')
}
