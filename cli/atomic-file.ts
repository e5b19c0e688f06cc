/**
 * A file replaced whole or not at all: its content goes to a temporary file beside it, which is flushed to disk and
 * then renamed over the target, and the folder is flushed so the rename survives a crash. Until the rename, the
 * target is untouched; an interrupted process removes the temporary file (see `CliIo.onInterrupt`).
 */
import { renameSync, rmSync } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { OutputContent } from './content.js'
import { writeContent } from './content.js'

let counter = 0

/** A temporary file that becomes `target` when committed. */
export class TempFile {
  private handle: FileHandle | undefined
  private committed = false

  private constructor(
    /** The file it replaces (an absolute path whose links are resolved). */
    readonly target: string,
    /** The temporary file, in the same folder so the rename is atomic. */
    readonly path: string,
    private readonly forget: () => void,
  ) {}

  /**
   * Creates the temporary file for `target` (which need not exist), with the mode of the file it replaces. `track`
   * registers its removal for an interrupted process and returns the function that unregisters it.
   */
  static async create(target: string, track: (remove: () => void) => () => void): Promise<TempFile> {
    // Hidden, and named after the target so a left-over one (after a power cut) says what it was.
    const name = `.${basename(target).slice(0, 160)}.${process.pid}-${++counter}.preview-data.tmp`
    const path = join(dirname(target), name)
    // Registered before it exists: a signal between open() and registration would otherwise leave it behind.
    const forget = track(() => rmSync(path, { force: true }))
    const file = new TempFile(target, path, forget)
    try {
      const mode = await stat(target).then(
        (s) => s.mode & 0o7777,
        () => 0o666,
      )
      file.handle = await open(path, 'wx', mode)
      // open() applies the umask; an existing target's own mode is kept as it was.
      if (mode !== 0o666) await file.handle.chmod(mode)
    } catch (error) {
      await file.discard()
      throw error
    }
    return file
  }

  /** Writes `content` and flushes it to disk (fsync), then closes the file; returns the bytes written. */
  async write(content: OutputContent): Promise<number> {
    const handle = this.handle
    if (!handle) throw new Error('TempFile.write after close')
    const bytes = await writeContent(content, async (chunk) => {
      for (let done = 0; done < chunk.length; ) done += (await handle.write(chunk, done, chunk.length - done)).bytesWritten
    })
    // Flushed before the rename: otherwise a crash can leave the new name on an empty or partial file.
    await handle.sync()
    await handle.close()
    this.handle = undefined
    return bytes
  }

  /**
   * Renames the temporary file over the target. Synchronous, so that renaming a set of files runs in one turn of the
   * event loop and a signal cannot land between two of them.
   */
  commit(): void {
    renameSync(this.path, this.target)
    this.committed = true
    this.forget()
  }

  /** Flushes the target's folder, which holds the rename (after {@link commit}). */
  async syncFolder(): Promise<void> {
    await syncFolder(dirname(this.target))
  }

  /** Closes and removes the temporary file, unless committed; never throws. */
  async discard(): Promise<void> {
    const handle = this.handle
    this.handle = undefined
    await handle?.close().catch(() => undefined)
    if (!this.committed) rmSync(this.path, { force: true })
    this.forget()
  }
}

/**
 * Flushes a folder's entries to disk. File systems that cannot flush a folder (EINVAL, EISDIR on some) are left as
 * they are: the rename is then as durable as that file system makes it.
 */
export async function syncFolder(folder: string): Promise<void> {
  let handle: FileHandle | undefined
  try {
    handle = await open(folder, 'r')
    await handle.sync()
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code !== 'EINVAL' && code !== 'EISDIR' && code !== 'ENOTSUP' && code !== 'EPERM' && code !== 'EACCES') throw error
  } finally {
    await handle?.close().catch(() => undefined)
  }
}
