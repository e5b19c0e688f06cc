import { createReadStream, readFileSync } from 'node:fs'
import { resolve } from 'node:path'

/** What a command may touch: output channels, the terminal flag, the environment, the working folder and standard input. */
export type CliIo = {
  stdout: (text: string) => void
  stderr: (text: string) => void
  /** Whether standard error is a terminal: progress and colour are drawn only there. */
  isTTY: boolean
  cwd: string
  /** The environment (`NO_COLOR`, `FORCE_COLOR`, `TERM`); none when absent. */
  env?: Readonly<Record<string, string | undefined>>
  readStdin?: () => Promise<string>
  /**
   * Registers a synchronous cleanup (removing temporary files) to run if the process is interrupted (Ctrl-C,
   * SIGTERM) before the command ends; returns the function that unregisters it. The bin provides it.
   */
  onInterrupt?: (cleanup: () => void) => () => void
  /** Milliseconds from any fixed point, for progress timing; `performance.now` when absent. */
  now?: () => number
}

/**
 * Exit codes commands return. An interrupted command does not return: the bin ends it by the signal, which a shell
 * reports as 128 + its number (130 for Ctrl-C), so a script running it stops too.
 */
export const EXIT = { ok: 0, invalid: 1, usage: 2 } as const

/** A failure to read or write a file, or a refused output: reported with exit code 2. */
export class CliIoError extends Error {}

/** Reads a file named on the command line (`-` is standard input) as UTF-8 text without a BOM. */
export async function readTextInput(file: string, io: CliIo): Promise<string> {
  let text: string
  if (file === '-') {
    if (!io.readStdin) throw new CliIoError('standard input is not available')
    text = await io.readStdin()
  } else {
    try {
      // readFileSync decodes the file straight into a string; the asynchronous readFile first holds it whole in a
      // Buffer that is freed only at the next full collection, so JSON.parse of a 206 MB payload peaked at 680 MB
      // instead of 500 MB.
      text = readFileSync(resolve(io.cwd, file), 'utf8')
    } catch (error) {
      throw new CliIoError(`cannot read ${file}: ${systemMessage(error)}`)
    }
  }
  return withoutBom(text)
}

/** `text` without the byte order mark it may begin with. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/** The most a pipe or a device is read: about what one string holds. */
const MAX_UNSIZED_BYTES = 512 * 1024 * 1024

/**
 * The text of a pipe or a device (`<(…)`, `/dev/stdin`) named on the command line, which has no size to go by and may
 * never end: read up to its first NUL byte, which no JSON or YAML text holds, so that the parser reports it where it
 * stands (/dev/zero, read whole, took 16 GB before the process was killed), and at most `MAX_UNSIZED_BYTES`. `name`
 * is how messages name it (`site.json`, `the site file site.json`). `from` is a path, or a stream (standard input).
 */
export async function readUnsized(name: string, from: string | AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = []
  let total = 0
  try {
    for await (const chunk of typeof from === 'string' ? (createReadStream(from, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) : from) {
      const nul = chunk.indexOf(0)
      chunks.push(nul === -1 ? chunk : chunk.subarray(0, nul + 1))
      total += chunk.length
      if (nul !== -1) break
      if (total > MAX_UNSIZED_BYTES) throw new CliIoError(`cannot read ${name}: it is not a file, and it gave more than ${MAX_UNSIZED_BYTES / 1048576} MB without ending; name a file`)
    }
  } catch (error) {
    throw error instanceof CliIoError ? error : new CliIoError(`cannot read ${name}: ${systemMessage(error)}`)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The outcome of parsing JSON text: the value, or where and why the syntax is broken. */
export type JsonParseResult = { ok: true; value: unknown } | { ok: false; line: number; column: number; message: string }

/**
 * Parses JSON text, turning V8's character position into a 1-based line and column so the error can be fixed
 * in an editor.
 */
export function parseJsonText(text: string): JsonParseResult {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const lineCol = /line (\d+) column (\d+)/.exec(message)
    if (lineCol) return { ok: false, line: Number(lineCol[1]), column: Number(lineCol[2]), message: cleanJsonMessage(message) }
    const position = /position (\d+)/.exec(message)
    const offset = position ? Number(position[1]) : text.length
    const before = text.slice(0, offset)
    const line = before.split('\n').length
    const column = offset - before.lastIndexOf('\n')
    return { ok: false, line, column, message: cleanJsonMessage(message) }
  }
}

function cleanJsonMessage(message: string): string {
  return message.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '').replace(/, ".*" is not valid JSON$/s, '')
}

/** The readable part of a Node system error (`ENOENT: no such file or directory`). */
export function systemMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error) {
    const code = String((error as { code: unknown }).code)
    const known: Record<string, string> = {
      ENOENT: 'no such file or directory',
      EACCES: 'permission denied',
      EPERM: 'operation not permitted',
      EISDIR: 'is a folder',
      ENOTDIR: 'a part of the path is not a folder',
      EEXIST: 'already exists',
      ENOSPC: 'no space left on the device',
      EDQUOT: 'over the disk quota',
      EROFS: 'the file system is read-only',
      EPIPE: 'the reader closed the pipe',
      EXDEV: 'the temporary file is on another device',
      ENAMETOOLONG: 'the name is too long',
      ELOOP: 'too many levels of symbolic links',
      EMFILE: 'too many open files',
      EIO: 'input/output error (the disk or file system failed)',
      EINVAL: 'the file system refused the operation (invalid argument)',
    }
    // Otherwise the system's own words ("EBUSY: resource busy or locked, open '…'"), not a bare code.
    return known[code] ?? (error instanceof Error && error.message !== '' ? error.message : code)
  }
  return error instanceof Error ? error.message : String(error)
}
