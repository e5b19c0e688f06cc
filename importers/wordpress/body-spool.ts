import { randomBytes } from 'node:crypto'
import { closeSync, openSync, readFileSync, readSync, writeSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { jsonString } from './json-string.js'

// UTF-8 needs at most 3 bytes per UTF-16 unit (a surrogate pair is 2 units and 4 bytes).
const MAX_BYTES_PER_UNIT = 3
const BUFFER_BYTES = 1 << 20
const MIN_READ_BYTES = 64 * 1024

/**
 * An append-only file of strings, addressed by the number `put` returns. Writes are gathered in a 1 MiB buffer so a
 * hundred thousand bodies cost a few hundred system calls, and reads go straight to the file (the page cache).
 */
export class TextSpool {
  readonly #fd: number
  readonly #offsets: number[] = []
  readonly #lengths: number[] = []
  // Made at the first put: a spool that only reads another's file never needs it.
  #buffer: Buffer | undefined
  #buffered = 0
  #flushedEnd = 0
  readonly #window = Buffer.allocUnsafe(BUFFER_BYTES)
  #windowStart = 0
  #windowEnd = 0
  #windowHits = 0
  #readSize = MIN_READ_BYTES
  #lastOffset = 0

  /**
   * Creates (exclusively) and opens the file at `path`; or, given `places`, opens for reading only the strings that
   * another spool (another thread's) put there, `places` holding each one's byte offset and length in id order, as
   * its `places()` gave them.
   */
  constructor(path: string, places?: Float64Array) {
    if (places === undefined) {
      this.#fd = openSync(path, 'wx+')
      return
    }
    this.#fd = openSync(path, 'r')
    this.include(places)
  }

  /** For a spool that reads another's file: makes more of its strings readable here; returns the first one's id. */
  include(places: Float64Array): number {
    const first = this.#offsets.length
    for (let i = 0; i < places.length; i += 2) {
      this.#offsets.push(places[i])
      this.#lengths.push(places[i + 1])
      this.#flushedEnd = Math.max(this.#flushedEnd, places[i] + places[i + 1])
    }
    return first
  }

  /** The byte offset and length in the file of strings `first` to `end - 1`, after writing out what is buffered. */
  places(first = 0, end = this.size): Float64Array {
    this.flush()
    const out = new Float64Array(2 * (end - first))
    for (let i = first; i < end; i++) {
      out[2 * (i - first)] = this.#offsets[i]
      out[2 * (i - first) + 1] = this.#lengths[i]
    }
    return out
  }

  /** Where string `id` lies in the file: its byte offset and length. */
  where(id: number): { offset: number; length: number } {
    const length = this.#lengths[id]
    if (length === undefined) throw new RangeError(`no spooled text ${id}`)
    return { offset: this.#offsets[id], length }
  }

  /** Writes out what is buffered, so that another reader of the file sees every string put so far. */
  flush(): void {
    if (this.#buffered > 0) this.#flush()
  }

  /** How many strings were put. */
  get size(): number {
    return this.#offsets.length
  }

  /** Appends `text` as UTF-8 and returns its id. */
  put(text: string): number {
    const id = this.#offsets.length
    const start = this.#flushedEnd + this.#buffered
    if (this.#buffered + text.length * MAX_BYTES_PER_UNIT > BUFFER_BYTES) this.#flush()
    let bytes: number
    if (text.length * MAX_BYTES_PER_UNIT > BUFFER_BYTES) {
      bytes = this.#writeAll(Buffer.from(text, 'utf8'))
    } else {
      this.#buffer ??= Buffer.allocUnsafe(BUFFER_BYTES)
      bytes = this.#buffer.write(text, this.#buffered, 'utf8')
      this.#buffered += bytes
    }
    this.#offsets.push(start)
    this.#lengths.push(bytes)
    return id
  }

  /**
   * The UTF-8 bytes of string `id`. The buffer may be a view of a shared read window, valid only until the next
   * call: copy or decode it before asking for another string.
   */
  bytes(id: number): Buffer {
    this.flush()
    const length = this.#lengths[id]
    if (length === undefined) throw new RangeError(`no spooled text ${id}`)
    const offset = this.#offsets[id]
    if (offset >= this.#windowStart && offset + length <= this.#windowEnd) {
      this.#windowHits++
      this.#lastOffset = offset
      return this.#window.subarray(offset - this.#windowStart, offset - this.#windowStart + length)
    }
    if (length > this.#window.length) {
      const out = Buffer.allocUnsafe(length)
      this.#readAll(out, length, offset)
      return out
    }
    // Strings are mostly read back in about the order they were put, or in the reverse order (a payload lists posts
    // newest first, an export oldest first), so one read serves the next ones too: it reaches forward from the string,
    // or back from it when the one asked before lay after it (and a little past it, for an excerpt put just after
    // its body). The read size follows how many strings the last window served, so a scattered order does not read
    // 1 MiB per body.
    if (this.#windowHits >= 8) this.#readSize = Math.min(this.#window.length, this.#readSize * 2)
    else if (this.#windowHits < 2) this.#readSize = Math.max(MIN_READ_BYTES, this.#readSize >> 1)
    const size = Math.max(length, this.#readSize)
    const backward = offset < this.#lastOffset
    this.#lastOffset = offset
    const start = backward ? Math.max(0, Math.min(offset, offset + length + (size >> 4) - size)) : offset
    const end = Math.min(this.#flushedEnd, start + size)
    this.#readAll(this.#window, end - start, start)
    this.#windowStart = start
    this.#windowEnd = end
    this.#windowHits = 0
    return this.#window.subarray(offset - start, offset - start + length)
  }

  /** String `id` as it was put. */
  text(id: number): string {
    return this.bytes(id).toString('utf8')
  }

  /** Closes the file (the caller removes it). */
  close(): void {
    closeSync(this.#fd)
  }

  #readAll(into: Buffer, length: number, offset: number): void {
    for (let done = 0; done < length; ) {
      const n = readSync(this.#fd, into, done, length - done, offset + done)
      if (n === 0) throw new Error('a spooled text is cut short')
      done += n
    }
  }

  #flush(): void {
    if (this.#buffer === undefined || this.#buffered === 0) return
    this.#writeAll(this.#buffer.subarray(0, this.#buffered))
    this.#buffered = 0
  }

  #writeAll(bytes: Buffer): number {
    let done = 0
    while (done < bytes.length) done += writeSync(this.#fd, bytes, done, bytes.length - done, this.#flushedEnd + done)
    this.#flushedEnd += bytes.length
    return bytes.length
  }
}

// A placeholder is `\u0000preview-data-body:<nonce>:<id>\u0000`. No string read from XML can hold U+0000, and the
// nonce, random for each spool, keeps a string from elsewhere (a --site file) from passing for one; it never reaches
// the output, so the payload bytes do not depend on it.
const JSON_SUFFIX = JSON.stringify('\u0000').slice(1)

const FOLDER_PREFIX = 'preview-data-wordpress-'

/**
 * Removes the spool folders of imports whose process is gone: one killed outright (SIGKILL, a power cut) never ran
 * its cleanup. A folder is named after its process id; one whose process still runs, or that another user owns, is
 * left alone. Best effort: nothing here stops an import.
 */
async function removeAbandoned(): Promise<void> {
  const folder = new RegExp(`^${FOLDER_PREFIX}(\\d+)-`)
  try {
    for (const name of await readdir(tmpdir())) {
      const pid = Number(folder.exec(name)?.[1])
      if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid || running(pid)) continue
      await rm(join(tmpdir(), name), { recursive: true, force: true })
    }
  } catch {
    // An unreadable temporary directory only means nothing is cleaned.
  }
}

/**
 * Whether a process with this id runs (one of another user's counts: signalling it is merely not allowed). A killed
 * process whose parent has not collected it yet (a zombie, as Linux's /proc shows) has stopped running.
 */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM'
  }
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return true
  }
}

/**
 * Post and page bodies kept on disk instead of in the JS heap while a payload is imported and written, under a
 * folder of its own in the system temporary directory. Rendered bodies wait in one file between reading and
 * assembling; finished bodies go to a second one, already JSON-escaped, and the payload carries a short
 * placeholder for each that `expand` swaps back for the bytes as the JSON is written. On a 100,000-post export the
 * bodies are about half of what the heap would otherwise hold.
 * @example
 * const spool = await BodySpool.create()
 * try { … } finally { await spool.dispose() }
 */
export class BodySpool {
  readonly #dir: string
  /** The file rendered bodies wait in, for a reader on another thread. */
  readonly renderedFile: string
  /** The file the render worker writes the bodies it renders to (see `adoptRendered`). */
  readonly workerRenderedFile: string
  // Rendered bodies live in this thread's file (even ids) or the render worker's (odd ids), read through #byWorker.
  readonly #rendered: TextSpool
  #byWorker: TextSpool | undefined
  readonly #finished: TextSpool
  readonly #prefix = `\u0000preview-data-body:${randomBytes(12).toString('hex')}:`
  readonly #jsonPrefix = JSON.stringify(this.#prefix).slice(0, -1)
  // Bodies finished elsewhere (see `reserve`): for each late text, the spool that holds it and its id there, or
  // undefined until it is provided.
  readonly #late: ({ spool: TextSpool; id: number } | undefined)[] = []
  readonly #lateFiles: TextSpool[] = []

  private constructor(dir: string) {
    this.#dir = dir
    this.renderedFile = join(dir, 'rendered')
    this.workerRenderedFile = join(dir, 'rendered-by-worker')
    this.#rendered = new TextSpool(this.renderedFile)
    this.#finished = new TextSpool(join(dir, 'finished'))
  }

  /** Makes the temporary folder (with `mkdtemp`) and its two files. */
  static async create(): Promise<BodySpool> {
    await removeAbandoned()
    const dir = await mkdtemp(join(tmpdir(), `${FOLDER_PREFIX}${process.pid}-`))
    try {
      return new BodySpool(dir)
    } catch (error) {
      await rm(dir, { recursive: true, force: true })
      throw error
    }
  }

  /** The temporary folder holding the files (removed by `dispose`). */
  get directory(): string {
    return this.#dir
  }

  /** Keeps a rendered body until the importer assembles the payload; returns its id. */
  keepRendered(html: string): number {
    return 2 * this.#rendered.put(html)
  }

  /**
   * Takes in rendered bodies the render worker wrote to `workerRenderedFile`, at the byte offsets and lengths in
   * `places` (two numbers per body, in the order it wrote them), the first of which the worker gave id `first`;
   * returns their ids, as `keepRendered` would. Ids the worker used for bodies not adopted (a batch it could not
   * answer) stay empty, so each adopted body keeps the worker's own id.
   */
  adoptRendered(places: Float64Array, first: number): number[] {
    const reader = (this.#byWorker ??= new TextSpool(this.workerRenderedFile, new Float64Array(0)))
    if (reader.size > first) throw new RangeError(`rendered body ${first} of the worker was adopted already`)
    if (reader.size < first) reader.include(new Float64Array(2 * (first - reader.size)))
    reader.include(places)
    return Array.from({ length: places.length / 2 }, (_, k) => 2 * (first + k) + 1)
  }

  /** A rendered body kept with `keepRendered` or `adoptRendered`. */
  rendered(id: number): string {
    return this.#renderedSpool(id).text(id >> 1)
  }

  /**
   * Where rendered body `id` lies, for a reader on another thread: `renderedFile`'s bytes at `offset`, or, for a
   * body the render worker wrote, the id that worker's own spool gave it (`worker`); `length` in bytes either way.
   */
  renderedPlace(id: number): { offset: number; length: number; worker?: number } {
    if (id & 1) {
      const { offset, length } = this.#renderedSpool(id).where(id >> 1)
      return { offset, length, worker: id >> 1 }
    }
    this.#rendered.flush()
    return this.#rendered.where(id >> 1)
  }

  #renderedSpool(id: number): TextSpool {
    if (!(id & 1)) return this.#rendered
    if (this.#byWorker === undefined) throw new RangeError(`no rendered body ${id}`)
    return this.#byWorker
  }

  /**
   * Keeps a finished body (or excerpt) and returns the placeholder the payload carries in its place. `check: false`
   * says the text is known to need no escapes but `"`, `\` and line feeds (see `jsonString`).
   */
  placeholder(text: string, check = true): string {
    return `${this.#prefix}${this.#finished.put(jsonString(text, check))}\u0000`
  }

  /** A path in the spool's folder for a file of another thread's (named `name`), removed with the folder. */
  path(name: string): string {
    return join(this.#dir, name)
  }

  /**
   * Reserves a finished body and excerpt that are made later, or elsewhere: returns its number and the two
   * placeholders the payload carries for them at once. `settle` or `adopt` must provide the texts before `expand`.
   */
  reserve(): { late: number; html: string; excerpt: string } {
    const late = this.#late.length >> 1
    this.#late.push(undefined, undefined)
    return { late, html: `${this.#prefix}L${2 * late}\u0000`, excerpt: `${this.#prefix}L${2 * late + 1}\u0000` }
  }

  /** Provides reserved body `late`'s texts, finished on this thread (`check` as for `placeholder`). */
  settle(late: number, html: string, excerpt: string, check = true): void {
    this.#late[2 * late] = { spool: this.#finished, id: this.#finished.put(jsonString(html, check)) }
    this.#late[2 * late + 1] = { spool: this.#finished, id: this.#finished.put(jsonString(excerpt)) }
  }

  /**
   * Provides reserved bodies' texts from a file another thread wrote (JSON-encoded, as `placeholder` keeps them):
   * `lates[k]`'s body is string `2k` there and its excerpt string `2k + 1`, at the offsets and lengths in `places`.
   */
  adopt(file: string, lates: readonly number[], places: Float64Array): void {
    const spool = new TextSpool(file, places)
    this.#lateFiles.push(spool)
    lates.forEach((late, k) => {
      this.#late[2 * late] = { spool, id: 2 * k }
      this.#late[2 * late + 1] = { spool, id: 2 * k + 1 }
    })
  }

  /**
   * The pieces of a payload's JSON with every placeholder string replaced by the JSON bytes of the text it stands
   * for. Pieces must not split a string value (`jsonChunks` writes each one whole). A byte piece is valid only
   * until the next piece is asked for: write or copy it first.
   */
  *expand(pieces: Iterable<string>): Generator<string | Buffer> {
    for (const piece of pieces) {
      let written = 0
      let search = 0
      for (let at = piece.indexOf(this.#jsonPrefix); at >= 0; at = piece.indexOf(this.#jsonPrefix, search)) {
        const digits = at + this.#jsonPrefix.length
        const end = piece.indexOf(JSON_SUFFIX, digits)
        search = digits
        const digitText = end < 0 ? '' : piece.slice(digits, end)
        const text = this.#textOf(digitText)
        if (text === undefined) continue
        if (at > written) yield piece.slice(written, at)
        yield text.spool.bytes(text.id)
        written = search = end + JSON_SUFFIX.length
      }
      if (written === 0) yield piece
      else if (written < piece.length) yield piece.slice(written)
    }
  }

  /** The spool and id a placeholder's number (`12`, or `L12` for a reserved text) stands for, if it stands for one. */
  #textOf(number: string): { spool: TextSpool; id: number } | undefined {
    const late = number.startsWith('L')
    const digits = late ? number.slice(1) : number
    if (!/^\d{1,9}$/.test(digits)) return undefined
    const id = Number(digits)
    if (!late) return id < this.#finished.size ? { spool: this.#finished, id } : undefined
    if (id >= this.#late.length) return undefined
    const text = this.#late[id]
    if (text === undefined) throw new Error(`reserved body text ${id} was never provided`)
    return text
  }

  /** Closes the files and removes the folder. */
  async dispose(): Promise<void> {
    try {
      this.#rendered.close()
      this.#byWorker?.close()
      this.#finished.close()
      for (const file of this.#lateFiles) file.close()
    } finally {
      await rm(this.#dir, { recursive: true, force: true })
    }
  }
}
