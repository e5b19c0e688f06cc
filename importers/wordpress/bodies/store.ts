import { randomBytes } from 'node:crypto'
import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Where a text lies in a `TextFile`: its byte offset and length. */
export type Place = [offset: number, length: number]

/**
 * Texts kept in a temporary file instead of memory, appended in batches and read back by place. The file is removed
 * from its folder as soon as it is open, so nothing is left behind however the process ends (even killed); the open
 * descriptor keeps it until `close`. Threads of one process share descriptors, so a worker can write what the main
 * thread reads (`TextFile.at`).
 * @example
 * const file = TextFile.create()
 * const [place] = file.append(['<p>Hello</p>'])
 * file.text(place) // '<p>Hello</p>'
 */
export class TextFile {
  readonly fd: number
  #end = 0
  readonly #path: string | undefined

  private constructor(fd: number, path?: string) {
    this.fd = fd
    this.#path = path
  }

  /** A new, empty temporary file. */
  static create(): TextFile {
    const path = join(tmpdir(), `preview-data-wordpress-${process.pid}-${randomBytes(6).toString('hex')}`)
    const fd = openSync(path, 'wx+', 0o600)
    try {
      unlinkSync(path)
      return new TextFile(fd)
    } catch {
      // A file system that cannot remove an open file: it goes at close instead.
      return new TextFile(fd, path)
    }
  }

  /** The file another `TextFile` of this process created, to append to it (only one of them appends). */
  static at(fd: number): TextFile {
    return new TextFile(fd)
  }

  /** Appends texts as UTF-8 (or bytes as they are), in one write, and returns their places. */
  append(texts: ReadonlyArray<string | Buffer>): Place[] {
    const buffers = texts.map((text) => (typeof text === 'string' ? Buffer.from(text, 'utf8') : text))
    const places: Place[] = []
    for (const bytes of buffers) {
      places.push([this.#end, bytes.length])
      this.#end += bytes.length
    }
    const all = Buffer.concat(buffers)
    for (let done = 0; done < all.length; ) done += writeSync(this.fd, all, done, all.length - done, this.#end - all.length + done)
    return places
  }

  /** The bytes at `place`. */
  bytes([offset, length]: Place): Buffer {
    const out = Buffer.allocUnsafe(length)
    for (let done = 0; done < length; ) {
      const n = readSync(this.fd, out, done, length - done, offset + done)
      if (n === 0) throw new Error(`a kept text at byte ${offset} is cut short`)
      done += n
    }
    return out
  }

  /** The text at `place`. */
  text(place: Place): string {
    return this.bytes(place).toString('utf8')
  }

  close(): void {
    closeSync(this.fd)
    if (this.#path !== undefined) unlinkSync(this.#path)
  }
}
