/**
 * Payload files of any size. A JavaScript string stops near 512 MB, so `JSON.parse(readFile(...))` cannot read the
 * payload of a large site (160,000 WordPress posts make 987 MB) and `JSON.stringify` cannot write one back. Files
 * below `STREAM_FROM_BYTES` take the native path, which is faster; larger ones are parsed from a stream of 1 MiB
 * chunks by @discoveryjs/json-ext's `parseChunked`.
 *
 * Measured on a 60 MB payload (the WordPress import of the generated 10,000-post export, Node 20, best of three
 * on a loaded machine): JSON.parse of the file 1.7 s and 250 MB peak RSS; parseChunked 3.7 s and 194 MB;
 * @streamparser/json 4.7 s and 211 MB (stream-json, a tokenizer in JavaScript, is slower still). So a file is read
 * as a stream only when it must be.
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { parseChunked } from '@discoveryjs/json-ext'
import { CliIoError, readTextInput, readUnsized, systemMessage, withoutBom } from './io.js'
import type { CliIo, JsonParseResult } from './io.js'
import { locateJsonProblem } from './json-locate.js'

/**
 * Files at least this large are parsed as a stream. JSON.parse is about twice as fast, but it needs the whole text as
 * one string, and a payload with any non-Latin-1 character is held as two bytes per character: on the realistic
 * 63 MB payload, canonicalize peaked 4.1x above the bare command through JSON.parse and 3.0x streamed
 * (test/canonicalize.memory.test.ts). Below this size the text's cost is small beside V8's fixed overhead.
 */
export const STREAM_FROM_BYTES = 32 * 1024 * 1024
const CHUNK = 1 << 20

/**
 * Reads and parses a payload file (`-` is standard input). A syntax error comes back with its line and column,
 * found exactly even where V8's message names no position. A file that cannot be read throws `CliIoError`.
 * Writing a payload of any size back is `canonicalJsonChunks` (src/canonicalize.ts) through the CLI's output
 * writer, which takes pieces.
 * @example
 * const parsed = await readPayloadFile('site.json', io)
 * if (!parsed.ok) io.stderr(`site.json: line ${parsed.line}, column ${parsed.column}: ${parsed.message}\n`)
 */
export async function readPayloadFile(file: string, io: CliIo, options: ReadOptions = {}): Promise<JsonParseResult> {
  if (file === '-') return parseText(await readTextInput(file, io))
  const path = resolve(io.cwd, file)
  let size: number
  let regular: boolean
  try {
    const st = await stat(path)
    size = st.size
    regular = st.isFile()
  } catch (error) {
    throw new CliIoError(`cannot read ${file}: ${systemMessage(error)}`)
  }
  if (!regular) return parseText(withoutBom(await readUnsized(file, path)))
  if (size < (options.streamFromBytes ?? STREAM_FROM_BYTES)) return parseText(await readTextInput(file, io))
  let value: unknown
  try {
    value = await parseChunked(() => createReadStream(path, { highWaterMark: CHUNK }))
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw new CliIoError(`cannot read ${file}: ${systemMessage(error)}`)
    return located(await locateJsonProblem(createReadStream(path, { highWaterMark: CHUNK })), error)
  }
  return { ok: true, value }
}

/** `streamFromBytes`: the size from which a file is streamed (tests lower it). */
export type ReadOptions = { streamFromBytes?: number }

function parseText(text: string): Promise<JsonParseResult> | JsonParseResult {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return locateJsonProblem([text]).then((problem) => located(problem, error))
  }
  return { ok: true, value }
}

function located(problem: Awaited<ReturnType<typeof locateJsonProblem>>, error?: unknown): JsonParseResult {
  // The locator follows RFC 8259 exactly; should it ever accept what the parser refused, the parser's word stands.
  if (problem === null) return { ok: false, line: 1, column: 1, message: error instanceof Error ? error.message : 'not valid JSON' }
  return { ok: false, ...problem }
}
