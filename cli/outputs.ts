/**
 * A command's outputs as one set. `planOutputs` checks every output before any input is read: not an input (after
 * symbolic and hard links), not named twice, a folder that exists, and how each is written (a file replaced whole, a
 * stream such as a FIFO or a device written in place, or standard output). `writeOutputs` writes every file to a
 * temporary file first, then the streams, then renames all the temporary files in one go; it says which outputs were
 * written and which not.
 */
import { constants } from 'node:fs'
import { access, open, stat } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import { syncFolder, TempFile } from './atomic-file.js'
import { writeContent } from './content.js'
import type { OutputContent } from './content.js'
import { hasHardLinkIn, identify, isWithin, sameFile } from './file-identity.js'
import type { FileIdentity } from './file-identity.js'
import { CliIoError, systemMessage } from './io.js'
import type { CliIo } from './io.js'

/** An output a command was asked to write. */
export interface OutputRequest {
  /** What it is, for messages and the JSON summary: `payload`, `report`, `redirects`, `media`. */
  label: string
  /** As given on the command line; `-` is standard output. */
  path: string
  /** A folder the importer fills (`--media-out`), checked here but not written by {@link writeOutputs}. */
  folder?: boolean
  /** May be an input (`canonicalize --in-place`). */
  mayReplaceInput?: boolean
}

/** An input a command reads: a file, or a folder and every file in it. */
export interface InputRequest {
  /** What it is, for messages: `the payload`, `the export`, `the site file`, `the source folder`. */
  label: string
  path: string
  folder?: boolean
}

/** How an output is written. */
export type OutputTarget =
  | { kind: 'stdout' }
  /** An existing FIFO, device or socket (or a file reached through `/dev` or `/proc`), written in place, never replaced. */
  | { kind: 'stream'; path: string; append: boolean }
  /** A regular file (or none yet), replaced whole through a temporary file. */
  | { kind: 'file'; path: string }
  | { kind: 'folder'; path: string }

/** An output that passed every check. */
export interface PlannedOutput {
  label: string
  given: string
  target: OutputTarget
}

/**
 * Checks every output against every input and against each other, and decides how each is written. Throws a
 * `CliIoError` (exit 2) naming the output and the rule it breaks. Reads no file's content: only names, links and
 * file metadata, and a folder's listing when an output has hard links.
 * @example
 * await planOutputs([{ label: 'payload', path: 'site/posts/a.md' }], [{ label: 'the source folder', path: 'site', folder: true }], io)
 * // throws: refusing to write the payload to site/posts/a.md: it is a file in the source folder (site)…
 */
export async function planOutputs(outputs: OutputRequest[], inputs: InputRequest[], io: CliIo, options: { jsonOnStdout?: boolean } = {}): Promise<PlannedOutput[]> {
  const inputIds = await Promise.all(inputs.filter((i) => i.path !== '-').map(async (i) => ({ input: i, id: await identify(i.path, io.cwd) })))
  const planned: Array<{ output: PlannedOutput; id?: FileIdentity; request: OutputRequest }> = []
  for (const request of outputs) {
    if (isStandardOutput(request.path)) {
      if (request.folder) throw new CliIoError(`${request.label} is a folder; standard output cannot be one`)
      if (options.jsonOnStdout) throw new CliIoError(`--format json prints its result on standard output, so the ${request.label} cannot go there too: name a file for it`)
      const earlier = planned.find((p) => p.output.target.kind === 'stdout')
      if (earlier) throw new CliIoError(`the ${earlier.output.label} and the ${request.label} both go to standard output: name a file for one of them`)
      planned.push({ output: { label: request.label, given: request.path, target: { kind: 'stdout' } }, request })
      continue
    }
    const id = await identify(request.path, io.cwd)
    const target = targetOf(request, id)
    await checkWritableFolder(request, target)
    for (const p of planned) {
      if (p.id && sameFile(p.id, id)) throw new CliIoError(`the ${p.output.label} and the ${request.label} are both ${request.path}: name a different file for each`)
    }
    for (const { input, id: inputId } of inputIds) {
      const clash = await clashWithInput(request, id, input, inputId)
      if (clash) throw new CliIoError(`refusing to write the ${request.label} to ${request.path}: ${clash}; choose another output`)
    }
    planned.push({ output: { label: request.label, given: request.path, target }, id, request })
  }
  return planned.map((p) => p.output)
}

function targetOf(request: OutputRequest, id: FileIdentity): OutputTarget {
  const s = id.stats
  if (request.folder) {
    if (s && !s.isDirectory()) throw new CliIoError(`the ${request.label} folder ${request.path} is a file, not a folder`)
    if (isSpecialPath(id.real + '/')) throw new CliIoError(`the ${request.label} folder ${request.path} is under /dev, /proc or /sys, where files cannot be made; choose another output`)
    return { kind: 'folder', path: id.real }
  }
  if (s?.isDirectory()) throw new CliIoError(`the ${request.label} output ${request.path} is a folder: name a file`)
  // A FIFO, a device or a socket is written into as a stream: replacing it with a file would break what reads it.
  if (s && !s.isFile()) return { kind: 'stream', path: id.real, append: false }
  // A file reached through /dev or /proc (`/dev/stderr` redirected to a log) is appended to, never replaced.
  if (s && (isSpecialPath(request.path) || isSpecialPath(id.real))) return { kind: 'stream', path: id.real, append: true }
  if (!s && isSpecialPath(id.real)) throw new CliIoError(`the ${request.label} output ${request.path} does not exist; a file cannot be created under /dev, /proc or /sys`)
  return { kind: 'file', path: id.real }
}

/**
 * Refuses, now rather than after an import of many minutes, an output whose folder cannot take it: a file is written
 * to a temporary file beside it, so its folder must exist and be writable; a media folder is created with its
 * parents, so the nearest folder that exists must be writable.
 */
async function checkWritableFolder(request: OutputRequest, target: OutputTarget): Promise<void> {
  if (target.kind !== 'file' && target.kind !== 'folder') return
  const what = request.folder ? `the ${request.label} folder ${request.path}` : `the ${request.label} to ${request.path}`
  const wanted = target.kind === 'folder' ? target.path : dirname(target.path)
  let folder = wanted
  for (;;) {
    const stats = await stat(folder).catch((error: NodeJS.ErrnoException) => error)
    if (!(stats instanceof Error)) {
      if (!stats.isDirectory()) throw new CliIoError(`cannot write ${what}: ${folder} is not a folder; choose another output`)
      break
    }
    const missing = stats.code === 'ENOENT' || stats.code === 'ENOTDIR'
    if (!missing || dirname(folder) === folder) throw new CliIoError(`cannot write ${what}: ${folder}: ${systemMessage(stats)}; choose another output`)
    folder = dirname(folder)
  }
  if (target.kind === 'file' && folder !== wanted) throw new CliIoError(`cannot write ${what}: the folder ${wanted} does not exist; create it first, or choose another output`)
  try {
    await access(folder, constants.W_OK | constants.X_OK)
  } catch (error) {
    throw new CliIoError(`cannot write ${what}: the folder ${folder} is not writable (${systemMessage(error)}); choose another output`)
  }
}

async function clashWithInput(request: OutputRequest, out: FileIdentity, input: InputRequest, id: FileIdentity): Promise<string | null> {
  const what = `${input.label} (${input.path})`
  if (request.folder) {
    if (isWithin(out.real, id.real)) return `it is inside ${what}`
    if (isWithin(id.real, out.real)) return `${what} is inside it`
    return null
  }
  if (input.folder) {
    if (out.real === id.real) return `it is ${what}`
    if (out.stats && isWithin(out.real, id.real)) return `it is a file in ${what}`
    if (out.stats && out.stats.nlink > 1 && id.stats?.isDirectory() && (await hasHardLinkIn(id.real, out.stats))) return `it is a hard link to a file in ${what}`
    return null
  }
  if (sameFile(out, id) && !request.mayReplaceInput) return `it is ${what}${out.real !== id.real ? ' (a link to it)' : ''}`
  return null
}

/** `-`, and the names Linux gives a process's own standard output. */
function isStandardOutput(path: string): boolean {
  return path === '-' || path === '/dev/stdout' || path === '/dev/fd/1' || path === '/proc/self/fd/1' || path === `/proc/${process.pid}/fd/1`
}

/** Whether `path` is on a kernel file system (`/dev`, `/proc`, `/sys`), where files are not made as elsewhere. */
function isSpecialPath(path: string): boolean {
  return path.startsWith('/dev/') || path.startsWith('/proc/') || path.startsWith('/sys/')
}

/** One output after writing: where, and how many bytes. */
export interface WrittenOutput {
  label: string
  given: string
  kind: OutputTarget['kind']
  bytes: number
}

/** What `writeOutputs` did: the outputs written, and when one failed, which and why, and those not written. */
export interface WriteOutcome {
  written: WrittenOutput[]
  notWritten: PlannedOutput[]
  failure?: { label: string; given: string; message: string }
}

/**
 * Writes a set of outputs (folders excluded: the importer fills those) so that a failure leaves no half-done set:
 * 1. every file output to its temporary file, flushed to disk; a failure here removes them all and writes nothing;
 * 2. then the streams (standard output, FIFOs, devices), which cannot be taken back;
 * 3. then every temporary file is renamed over its target in one synchronous pass, and the folders are flushed.
 * An output missing from `contents` is skipped. Interrupted, the temporary files are removed (`io.onInterrupt`).
 */
export async function writeOutputs(plan: PlannedOutput[], contents: Record<string, OutputContent | undefined>, io: CliIo): Promise<WriteOutcome> {
  const track = io.onInterrupt ?? (() => () => undefined)
  const todo = plan.filter((p) => p.target.kind !== 'folder' && contents[p.label] !== undefined)
  const written: WrittenOutput[] = []
  const temps: Array<{ output: PlannedOutput; file: TempFile; bytes: number }> = []
  let current: PlannedOutput | undefined
  try {
    for (const output of todo) {
      if (output.target.kind !== 'file') continue
      current = output
      const file = await TempFile.create(output.target.path, track)
      temps.push({ output, file, bytes: 0 })
      temps[temps.length - 1].bytes = await file.write(contents[output.label] as OutputContent)
    }
    for (const output of todo) {
      if (output.target.kind !== 'stdout' && output.target.kind !== 'stream') continue
      current = output
      const bytes = output.target.kind === 'stdout' ? await writeStdout(contents[output.label] as OutputContent, io) : await writeStream(output.target.path, output.target.append, contents[output.label] as OutputContent)
      written.push({ label: output.label, given: output.given, kind: output.target.kind, bytes })
    }
    current = undefined
    for (const t of temps) {
      current = t.output
      t.file.commit()
      written.push({ label: t.output.label, given: t.output.given, kind: 'file', bytes: t.bytes })
    }
    current = undefined
    for (const folder of new Set(temps.map((t) => dirname(t.file.target)))) await syncFolder(folder)
    return { written, notWritten: [] }
  } catch (error) {
    await Promise.all(temps.map((t) => t.file.discard()))
    const done = new Set(written.map((w) => w.label))
    return {
      written,
      notWritten: todo.filter((p) => !done.has(p.label)),
      failure: current ? { label: current.label, given: current.given, message: systemMessage(error) } : { label: '', given: '', message: systemMessage(error) },
    }
  }
}

async function writeStdout(content: OutputContent, io: CliIo): Promise<number> {
  const decoder = new TextDecoder('utf-8')
  const bytes = await writeContent(content, async (chunk) => {
    const text = decoder.decode(chunk, { stream: true })
    if (text) io.stdout(text)
  })
  const rest = decoder.decode()
  if (rest) io.stdout(rest)
  return bytes
}

async function writeStream(path: string, append: boolean, content: OutputContent): Promise<number> {
  // Neither created nor truncated: the stream exists, and a log reached through /dev/stderr keeps what it holds.
  // Opened off the main thread: opening a FIFO waits for its reader, and Ctrl-C must still be heard meanwhile.
  let handle: FileHandle | undefined
  try {
    handle = await open(path, constants.O_WRONLY | (append ? constants.O_APPEND : 0))
    const h = handle
    return await writeContent(content, async (chunk) => {
      for (let done = 0; done < chunk.length; ) done += (await h.write(chunk, done, chunk.length - done)).bytesWritten
    })
  } finally {
    await handle?.close().catch(() => undefined)
  }
}

/** Human lines about a write: `wrote payload.json (1.2 MB)` for each output, and on failure what was and was not written. */
export function describeWrites(outcome: WriteOutcome, details: Record<string, string> = {}): { lines: string[]; errors: string[] } {
  const lines = outcome.written.map((w) => {
    const where = w.kind === 'stdout' ? `the ${w.label} to standard output` : w.given
    return `wrote ${where} (${[formatBytes(w.bytes), details[w.label]].filter(Boolean).join(', ')})`
  })
  const errors: string[] = []
  if (outcome.failure) {
    errors.push(`cannot write ${outcome.failure.given || `the ${outcome.failure.label}`}: ${outcome.failure.message}`)
    errors.push(outcome.written.length === 0 ? `nothing written (${outcome.notWritten.map((p) => p.given).join(', ')} left as ${outcome.notWritten.length === 1 ? 'it was' : 'they were'})` : `not written: ${outcome.notWritten.map((p) => p.given).join(', ')}`)
  }
  return { lines, errors }
}

/** The outputs for a JSON summary: each planned output, whether it was written, and its size. */
export function outputsSummary(plan: PlannedOutput[], outcome: WriteOutcome | undefined): Array<{ name: string; path: string; written: boolean; bytes?: number }> {
  return plan
    .filter((p) => p.target.kind !== 'folder')
    .map((p) => {
      const w = outcome?.written.find((x) => x.label === p.label)
      return { name: p.label, path: p.given, written: w !== undefined, ...(w ? { bytes: w.bytes } : {}) }
    })
}

/** Bytes as people read them: `812 B`, `34.1 kB`, `1.2 MB`. */
export function formatBytes(n: number): string {
  if (n < 1000) return `${n} B`
  if (n < 1e6) return `${(n / 1e3).toFixed(1)} kB`
  if (n < 1e9) return `${(n / 1e6).toFixed(1)} MB`
  return `${(n / 1e9).toFixed(2)} GB`
}
