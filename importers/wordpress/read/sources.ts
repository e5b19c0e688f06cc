import { createReadStream } from 'node:fs'
import { basename } from 'node:path'
import type { Readable } from 'node:stream'
import { LIMITS } from '../limits.js'

/** A WXR source: a file path, several paths of one split export, or a stream of bytes. */
export type WordPressSource = string | readonly string[] | Readable | AsyncIterable<Uint8Array | string>

/** One export file: the name messages use, and its bytes. */
export type ExportFile = { name: string; bytes: AsyncIterable<Uint8Array> }

/**
 * The export files of a source, in order: each path, or a stream as one file.
 * @example
 * for await (const { name, bytes } of exportFiles(['a.xml', 'b.xml'])) console.log(name) // 'a.xml', then 'b.xml'
 */
export async function* exportFiles(source: WordPressSource): AsyncGenerator<ExportFile> {
  if (typeof source === 'string' || Array.isArray(source)) {
    for (const path of (typeof source === 'string' ? [source] : source) as string[]) yield { name: basename(path), bytes: createReadStream(path, { highWaterMark: LIMITS.readChunkBytes }) }
    return
  }
  yield { name: '<stream>', bytes: byteChunks(source as AsyncIterable<Uint8Array | string>) }
}

async function* byteChunks(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk
}
