import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { basename } from 'node:path'
import { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import type { Entry, ZipFile } from 'yauzl'
import { PreviewDataError } from '../../../src/index.js'
import { LIMITS } from '../limits.js'
import { compareCodeUnits } from '../../../src/compare.js'

/**
 * A WXR source: a file path (`.xml`, `.xml.gz`, `.zip`), several paths of one split export, or a stream of bytes (a
 * Node `Readable` is one). Named without node:stream's types, so the public types compile without @types/node.
 */
export type WordPressSource = string | readonly string[] | AsyncIterable<Uint8Array | string>

/** One export file: the name messages use, and its bytes, decompressed. */
export type ExportFile = { name: string; bytes: AsyncIterable<Uint8Array> }

/**
 * The export files of a source, in order: each path as it is, decompressed when it is gzip, or each `.xml` entry of
 * a zip archive (WordPress.com's exports), by name; a stream as one file. Nothing is ever extracted to disk, and an
 * archive that expands past `LIMITS.maxUncompressedBytes`, or more than `LIMITS.maxCompressionRatio` times its size,
 * is refused (a zip bomb).
 * @example
 * for await (const { name, bytes } of exportFiles(['site.zip'])) console.log(name) // 'site.zip/site.wordpress.000.xml'
 */
export async function* exportFiles(source: WordPressSource): AsyncGenerator<ExportFile> {
  if (typeof source === 'string' || Array.isArray(source)) {
    for (const path of (typeof source === 'string' ? [source] : source) as string[]) yield* filesAt(path)
    return
  }
  const bytes = byteChunks(source as AsyncIterable<Uint8Array | string>)
  const first = await bytes.next()
  if (first.done) {
    yield { name: '<stream>', bytes: (async function* () {})() }
    return
  }
  const all = (async function* () {
    yield first.value
    yield* bytes
  })()
  const kind = kindOf(first.value)
  if (kind === 'zip') throw new PreviewDataError('invalid_xml', '<stream>: a .zip export can only be read from a file; give its path instead.')
  yield { name: '<stream>', bytes: kind === 'gzip' ? gunzip('<stream>', all) : all }
}

async function* filesAt(path: string): AsyncGenerator<ExportFile> {
  const name = basename(path)
  const kind = kindOf(await firstBytes(path))
  if (kind === 'zip') yield* zipEntries(path, name)
  else {
    const bytes = createReadStream(path, { highWaterMark: LIMITS.readChunkBytes })
    yield { name, bytes: kind === 'gzip' ? gunzip(name, bytes) : bytes }
  }
}

/**
 * Whether the export at `path` is compressed (gzip or zip, by its first bytes): its size on disk then says nothing of
 * how many bytes reading it gives, which is what progress counts.
 * @example
 * await isCompressedExport('site.xml.gz') // true
 */
export async function isCompressedExport(path: string): Promise<boolean> {
  return kindOf(await firstBytes(path)) !== 'plain'
}

function kindOf(head: Uint8Array): 'gzip' | 'zip' | 'plain' {
  if (head[0] === 0x1f && head[1] === 0x8b) return 'gzip'
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05) && (head[3] === 0x04 || head[3] === 0x06)) return 'zip'
  return 'plain'
}

async function firstBytes(path: string): Promise<Buffer> {
  const handle = await open(path, 'r')
  try {
    const head = Buffer.alloc(4)
    const { bytesRead } = await handle.read(head, 0, 4, 0)
    return head.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

async function* byteChunks(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk
}

/** Gzip data decompressed as it is read, within the limits (concatenated members are read as one, as gzip does). */
async function* gunzip(name: string, compressed: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let read = 0
  const counted = Readable.from(
    (async function* () {
      for await (const chunk of compressed) {
        read += chunk.length
        yield chunk
      }
    })(),
  )
  const output = counted.pipe(createGunzip({ chunkSize: LIMITS.readChunkBytes }))
  counted.on('error', (error) => output.destroy(error))
  let written = 0
  try {
    for await (const chunk of output as AsyncIterable<Buffer>) {
      written += chunk.length
      checkExpansion(name, written, read)
      yield chunk
    }
  } catch (error) {
    if (error instanceof PreviewDataError) throw error
    throw new PreviewDataError('invalid_xml', `${name}: the gzip data cannot be read (${(error as Error).message}); the file is damaged or truncated.`)
  } finally {
    output.destroy()
  }
}

/**
 * The `.xml` entries of a zip archive, by name; nothing else in it is read. Names are only labels: nothing is written
 * anywhere, so a name like `../x.xml` is as harmless as any other.
 */
async function* zipEntries(path: string, name: string): AsyncGenerator<ExportFile> {
  const damaged = (error: unknown) =>
    error instanceof PreviewDataError ? error : new PreviewDataError('invalid_xml', `${name}: the zip archive cannot be read (${(error as Error).message}); it is damaged or not a zip file.`)
  // yauzl is loaded only for a zip: most exports are plain XML.
  const { openPromise } = await import('yauzl')
  let zip: ZipFile
  let seen = 0
  try {
    zip = await openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: false })
  } catch (error) {
    throw damaged(error)
  }
  try {
    const entries: Array<{ entry: Entry; name: string }> = []
    try {
      for await (const entry of zip.eachEntry()) {
        if (++seen > LIMITS.maxArchiveEntries) throw new PreviewDataError('too_long', `${name}: the archive holds more than ${LIMITS.maxArchiveEntries} entries; a WordPress export holds a few.`)
        // Names stay bytes (decodeStrings: false), read as UTF-8, which is what WordPress.com writes.
        const entryName = Buffer.from(entry.fileName as unknown as Uint8Array).toString('utf8')
        if (/\.xml$/i.test(entryName) && !entryName.endsWith('/') && !entryName.startsWith('__MACOSX/')) entries.push({ entry, name: entryName })
      }
    } catch (error) {
      throw damaged(error)
    }
    if (entries.length === 0) throw new PreviewDataError('invalid_xml', `${name}: the archive holds no .xml file; a WordPress export is one or more .xml files.`)
    entries.sort((a, b) => compareCodeUnits(a.name, b.name))
    let expanded = 0
    let compressed = 0
    for (const { entry, name: entryName } of entries) {
      const label = `${name}/${entryName}`
      expanded += entry.uncompressedSize
      compressed += entry.compressedSize
      checkExpansion(label, expanded, compressed)
      if (!entry.canDecodeFileData()) throw new PreviewDataError('invalid_xml', `${label}: this entry is encrypted or compressed in a way that cannot be read; extract the archive and import the .xml file.`)
      let stream: Readable
      try {
        stream = await zip.openReadStreamPromise(entry)
      } catch (error) {
        throw damaged(error)
      }
      yield { name: label, bytes: rethrown(stream, damaged) }
    }
  } finally {
    zip.close()
  }
}

async function* rethrown(bytes: AsyncIterable<Uint8Array>, as: (error: unknown) => Error): AsyncGenerator<Uint8Array> {
  try {
    yield* bytes
  } catch (error) {
    throw as(error)
  }
}

function checkExpansion(name: string, written: number, compressed: number): void {
  if (written > LIMITS.maxUncompressedBytes) {
    throw new PreviewDataError('too_long', `${name}: decompresses to more than ${LIMITS.maxUncompressedBytes} bytes; refusing to read further (a WordPress export is rarely a tenth of that).`)
  }
  if (written > LIMITS.minBytesForRatio && written > LIMITS.maxCompressionRatio * compressed) {
    throw new PreviewDataError('too_long', `${name}: expands more than ${LIMITS.maxCompressionRatio} times; refusing to read it (an XML export compresses about 5 to 15 times; this looks like a zip bomb).`)
  }
}
