import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { realpath, rename } from 'node:fs/promises'
import { resolve } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import type { PreviewDataIssue } from '../src/validate/issue.js'

/** What a command may touch: output channels, the terminal flag, the working folder and standard input. */
export type CliIo = {
  stdout: (text: string) => void
  stderr: (text: string) => void
  isTTY: boolean
  cwd: string
  readStdin?: () => Promise<string>
  /**
   * Registers a synchronous cleanup (removing temporary files) to run if the process is interrupted (Ctrl-C,
   * SIGTERM) before the command ends; returns the function that unregisters it. The bin provides it.
   */
  onInterrupt?: (cleanup: () => void) => () => void
}

/** Exit codes shared by every command. */
export const EXIT = { ok: 0, invalid: 1, usage: 2 } as const

/** A failure to read or write a file, reported with exit code 2. */
export class CliIoError extends Error {}

/** One issue as a report line: pointer, code, message. */
export function formatIssueLine(issue: PreviewDataIssue): string {
  return `  ${issue.path || '/'}  ${issue.code}  ${issue.message}`
}

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
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
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

/**
 * Writes a file atomically (a temporary file renamed into place), refusing to replace any of `inputs` unless
 * `allowInputs` is set, so a failed or mistaken run never leaves a half-written file or a clobbered input.
 */
export async function writeOutputAtomic(file: string, text: string, io: CliIo, inputs: string[] = [], allowInputs = false): Promise<void> {
  const target = resolve(io.cwd, file)
  if (!allowInputs) await refuseInputs(file, target, inputs, io)
  try {
    await writeFileAtomic(target, text, { encoding: 'utf8' })
  } catch (error) {
    throw new CliIoError(`cannot write ${file}: ${systemMessage(error)}`)
  }
}

/**
 * `writeOutputAtomic` for text given in pieces (such as `canonicalJsonChunks`): written through a temporary file
 * beside the target in 1 MiB synchronous writes, then renamed into place, so a large payload is never one string
 * (nor one string and its encoded copy). The temporary file is removed on failure or interruption.
 */
export async function writeChunksAtomic(file: string, pieces: Iterable<string>, io: CliIo, inputs: string[] = [], allowInputs = false): Promise<void> {
  const target = resolve(io.cwd, file)
  if (!allowInputs) await refuseInputs(file, target, inputs, io)
  const temp = `${target}.${process.pid}.${Date.now().toString(36)}.tmp`
  const forget = io.onInterrupt?.(() => rmSync(temp, { force: true }))
  let fd: number | undefined
  try {
    fd = openSync(temp, 'wx')
    const buffer = Buffer.allocUnsafe(1 << 20)
    let used = 0
    const flush = () => {
      for (let done = 0; done < used; ) done += writeSync(fd!, buffer, done, used - done)
      used = 0
    }
    for (const piece of pieces) {
      // UTF-8 takes at most 3 bytes per UTF-16 unit: a piece within that bound is encoded straight into the buffer.
      if (piece.length * 3 > buffer.length - used) flush()
      if (piece.length * 3 <= buffer.length) used += buffer.write(piece, used, 'utf8')
      else for (let done = 0, bytes = Buffer.from(piece, 'utf8'); done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done)
    }
    flush()
    closeSync(fd)
    fd = undefined
    await rename(temp, target)
  } catch (error) {
    if (fd !== undefined) closeSync(fd)
    rmSync(temp, { force: true })
    if (error instanceof CliIoError) throw error
    // Anything but a file-system error (a refusal thrown by the pieces' producer) is the caller's to report.
    if (!(error instanceof Error && 'code' in error && typeof (error as { syscall?: unknown }).syscall === 'string')) throw error
    throw new CliIoError(`cannot write ${file}: ${systemMessage(error)}`)
  } finally {
    forget?.()
  }
}

/** Refuses to write over any of `inputs` (after resolving links), so a typo cannot clobber what a command reads. */
async function refuseInputs(file: string, target: string, inputs: string[], io: CliIo): Promise<void> {
  const targetReal = await realpathOrSelf(target)
  for (const input of inputs) {
    if (input === '-') continue
    if ((await realpathOrSelf(resolve(io.cwd, input))) === targetReal) {
      throw new CliIoError(`refusing to write over the input file ${file}: choose another output (or pass --in-place where the command offers it)`)
    }
  }
}

async function realpathOrSelf(path: string): Promise<string> {
  try {
    return await realpath(path)
  } catch {
    return path
  }
}

/** The readable part of a Node system error (`ENOENT: no such file or directory`). */
export function systemMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error) {
    const code = String((error as { code: unknown }).code)
    const known: Record<string, string> = {
      ENOENT: 'no such file or directory',
      EACCES: 'permission denied',
      EISDIR: 'is a directory',
      ENOTDIR: 'a part of the path is not a directory',
      EEXIST: 'already exists',
      ENOSPC: 'no space left on the device',
    }
    return known[code] ?? code
  }
  return error instanceof Error ? error.message : String(error)
}
