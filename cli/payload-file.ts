/**
 * Payload files of any size. A JavaScript string stops near 512 MB, so `JSON.parse(readFile(...))` cannot read the
 * payload of a large site (160,000 WordPress posts make 987 MB) and `JSON.stringify` cannot write one back. Files
 * up to `STREAM_FROM_BYTES` take the native path, which is faster; larger ones are parsed from a stream of 1 MiB
 * chunks by @discoveryjs/json-ext's `parseChunked`; `jsonPieces` gives the text to write as pieces from its
 * `stringifyChunked`, which the CLI's output writer (cli/outputs.ts) writes as they come.
 *
 * Measured on a 60 MB payload (the WordPress import of the generated 10,000-post export, Node 20, best of three
 * on a loaded machine): JSON.parse of the file 1.7 s and 250 MB peak RSS; parseChunked 3.7 s and 194 MB;
 * @streamparser/json 4.7 s and 211 MB. Writing: JSON.stringify + writeFile 2.4 s and 411 MB; stringifyChunked to a
 * stream 1.9 s and 291 MB, byte for byte the same output. So reading streams only when it must, and writing always
 * streams.
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { parseChunked, stringifyChunked } from '@discoveryjs/json-ext'
import { CliIoError, readTextInput, systemMessage } from './io.js'
import type { CliIo, JsonParseResult } from './io.js'
import { locateJsonProblem } from './json-locate.js'

/** Files at least this large are parsed as a stream: below it JSON.parse is faster and the text fits in a string. */
export const STREAM_FROM_BYTES = 256 * 1024 * 1024
const CHUNK = 1 << 20

/**
 * Reads and parses a payload file (`-` is standard input). A syntax error comes back with its line and column,
 * found exactly even where V8's message names no position. With `finiteNumbers`, a number too large for a double
 * (`1e999`, which JSON readers turn into Infinity and writers into null) is such an error too, for commands that
 * write the payload back. A file that cannot be read throws `CliIoError`.
 * @example
 * const parsed = await readPayloadFile('site.json', io)
 * if (!parsed.ok) io.stderr(`site.json: line ${parsed.line}, column ${parsed.column}: ${parsed.message}\n`)
 */
export async function readPayloadFile(file: string, io: CliIo, options: ReadOptions = {}): Promise<JsonParseResult> {
  if (file === '-') return parseText(await readTextInput(file, io), options)
  const path = resolve(io.cwd, file)
  let size: number
  try {
    size = (await stat(path)).size
  } catch (error) {
    throw new CliIoError(`cannot read ${file}: ${systemMessage(error)}`)
  }
  if (size < (options.streamFromBytes ?? STREAM_FROM_BYTES)) return parseText(await readTextInput(file, io), options)
  let value: unknown
  try {
    value = await parseChunked(() => createReadStream(path, { highWaterMark: CHUNK }))
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw new CliIoError(`cannot read ${file}: ${systemMessage(error)}`)
    return located(await locateJsonProblem(createReadStream(path, { highWaterMark: CHUNK })), error)
  }
  if (options.finiteNumbers && nonFiniteNumberAt(value) !== undefined) return located(await locateJsonProblem(createReadStream(path, { highWaterMark: CHUNK }), true))
  return { ok: true, value }
}

/** `finiteNumbers`: see readPayloadFile. `streamFromBytes`: the size from which a file is streamed (tests lower it). */
export type ReadOptions = { finiteNumbers?: boolean; streamFromBytes?: number }

function parseText(text: string, options: ReadOptions): Promise<JsonParseResult> | JsonParseResult {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return locateJsonProblem([text]).then((problem) => located(problem, error))
  }
  if (options.finiteNumbers && nonFiniteNumberAt(value) !== undefined) return locateJsonProblem([text], true).then((problem) => located(problem))
  return { ok: true, value }
}

function located(problem: Awaited<ReturnType<typeof locateJsonProblem>>, error?: unknown): JsonParseResult {
  // The locator follows RFC 8259 exactly; should it ever accept what the parser refused, the parser's word stands.
  if (problem === null) return { ok: false, line: 1, column: 1, message: error instanceof Error ? error.message : 'not valid JSON' }
  return { ok: false, ...problem }
}

/**
 * The JSON Pointer of the first Infinity or NaN in a value, or undefined: JSON has no way to write them (a parsed
 * file holds one only where a number literal was out of range, like `1e999`).
 */
export function nonFiniteNumberAt(root: unknown): string | undefined {
  const stack: Array<[unknown, string]> = [[root, '']]
  while (stack.length > 0) {
    const [value, path] = stack.pop()!
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return path
    } else if (value !== null && typeof value === 'object') {
      const entries = Array.isArray(value) ? value.entries() : Object.entries(value)
      for (const [key, item] of entries) {
        if (typeof item === 'number' || (item !== null && typeof item === 'object')) stack.push([item, `${path}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`])
      }
    }
  }
  return undefined
}

/**
 * The text of `JSON.stringify(value, null, 2) + '\n'`, in pieces of about 1 MiB, for values of any size. A number
 * JSON cannot hold (Infinity, NaN) throws `CliIoError` instead of turning into `null` as JSON.stringify writes it.
 * @example
 * for (const piece of jsonPieces(payload)) io.stdout(piece)
 */
export function* jsonPieces(value: unknown): Generator<string> {
  const at = nonFiniteNumberAt(value)
  if (at !== undefined) throw new CliIoError(`the number at ${at || '/'} is not finite, which JSON cannot hold (it would be written as null); nothing was written`)
  let parts: string[] = []
  let size = 0
  for (const piece of stringifyChunked(value, { space: 2, highWaterMark: CHUNK })) {
    parts.push(piece)
    size += piece.length
    if (size >= CHUNK) {
      yield parts.join('')
      parts = []
      size = 0
    }
  }
  parts.push('\n')
  yield parts.join('')
}
