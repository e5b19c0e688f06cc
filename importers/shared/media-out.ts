/**
 * Delivering files into the media folder (`--media-out`, `mediaOut`), shared by both importers: a file that the payload
 * references at the root-relative URL `/a/b.jpg` goes to `<mediaOut>/a/b.jpg`, so that serving the folder at the site
 * root serves every file. URL paths come from the input (a WXR export, Markdown links), so they are treated as
 * hostile: a path that would leave the folder, or that a file system reads differently from a URL, is refused with
 * the reason, and every file is written through a temporary file renamed into place, so an interrupted run leaves no
 * half-written file under its real name.
 */
import { createWriteStream } from 'node:fs'
import { copyFile, mkdir, realpath, rename, rm, stat } from 'node:fs/promises'
import { dirname, resolve, sep } from 'node:path'

/** A file's place in the media folder, or why the URL path cannot have one. */
export type MediaOutTarget = { file: string } | { reason: string }

// Longest file name component most file systems accept, in bytes.
const MAX_NAME_BYTES = 255

/**
 * The file in `mediaOut` that serves the root-relative URL path `urlPath` (query and fragment ignored), or the reason
 * there is none: percent escapes are decoded per segment, and a segment that is empty, `.` or `..` (also encoded), or
 * that holds a slash, a backslash, a colon, a control character or more than 255 bytes is refused, as is any result
 * outside `mediaOut`.
 * @example
 * mediaOutTarget('/srv/media', '/wp-content/uploads/2020/01/a%20b.jpg') // { file: '/srv/media/wp-content/uploads/2020/01/a b.jpg' }
 * mediaOutTarget('/srv/media', '/%2e%2e/etc/passwd') // { reason: 'the URL path has a ".." segment' }
 */
export function mediaOutTarget(mediaOut: string, urlPath: string): MediaOutTarget {
  const path = urlPath.replace(/[?#].*$/s, '')
  if (!path.startsWith('/') || path.startsWith('//')) return { reason: 'it is not a root-relative URL path' }
  const segments: string[] = []
  for (const raw of path.slice(1).split('/')) {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return { reason: 'the URL path has a malformed percent escape' }
    }
    if (segment === '') return { reason: 'the URL path has an empty segment' }
    if (segment === '.' || segment === '..') return { reason: `the URL path has a "${segment}" segment` }
    if (/[/\\:\u0000-\u001f\u007f]/.test(segment)) return { reason: 'a URL path segment holds a slash, backslash, colon or control character' }
    if (Buffer.byteLength(segment) > MAX_NAME_BYTES) return { reason: 'a URL path segment is longer than a file name may be' }
    segments.push(segment)
  }
  const root = resolve(mediaOut)
  const file = resolve(root, ...segments)
  if (!file.startsWith(root + sep)) return { reason: 'it would be outside the media folder' }
  return { file }
}

/**
 * Makes the folder a target file goes in, and checks that it is inside `mediaOut` once links are followed (a link
 * planted in the media folder must not carry files elsewhere). Returns the reason when it is not. The deepest folder
 * on the way that exists is checked before any is made, so that not even an empty folder is made through such a link.
 */
export async function prepareTarget(mediaOut: string, file: string): Promise<string | undefined> {
  const base = resolve(mediaOut)
  const root = await realpath(base).catch(() => base)
  const inside = (real: string) => real === root || real.startsWith(root + sep)
  const folder = dirname(file)
  for (let at = folder; at.startsWith(base + sep); at = dirname(at)) {
    const real = await realpath(at).catch(() => undefined)
    if (real === undefined) continue
    if (!inside(real)) return OUTSIDE
    break
  }
  await makeFolder(folder)
  return inside(await realpath(folder)) ? undefined : OUTSIDE
}

/**
 * Makes `folder` and its missing parents, one at a time from the nearest that exists. Not `mkdir({ recursive: true })`:
 * where a file system answers "no such file" under a folder that exists (`/proc`), Node's retries it without end.
 */
async function makeFolder(folder: string): Promise<void> {
  const missing: string[] = []
  for (let at = folder; !(await isFolder(at)); at = dirname(at)) {
    missing.push(at)
    if (dirname(at) === at) break
  }
  for (const at of missing.reverse()) {
    await mkdir(at).catch((error: NodeJS.ErrnoException) => {
      // Made meanwhile by another delivery into the same folder.
      if (error.code !== 'EEXIST') throw error
    })
  }
}

async function isFolder(path: string): Promise<boolean> {
  return stat(path).then((s) => s.isDirectory(), () => false)
}

const OUTSIDE = 'its folder leads outside the media folder through a link'

/** Whether `file` exists as a regular file with some content (a finished delivery). */
export async function delivered(file: string): Promise<boolean> {
  try {
    const s = await stat(file)
    return s.isFile() && s.size > 0
  } catch {
    return false
  }
}

/**
 * Copies `from` into `mediaOut` at the URL path `urlPath`, through a temporary file renamed into place.
 * @example
 * await deliverFile('site/images/a.png', 'payload.media', '/images/a.png') // { file: '…/payload.media/images/a.png' }
 */
export async function deliverFile(from: string, mediaOut: string, urlPath: string): Promise<MediaOutTarget> {
  const target = await preparedTarget(mediaOut, urlPath)
  if ('reason' in target) return target
  const temp = temporaryName(target.file)
  try {
    await copyFile(from, temp)
    await rename(temp, target.file)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
  return target
}

/**
 * Writes a stream of bytes into `mediaOut` at the URL path `urlPath`, through a temporary file renamed into place,
 * and stops with an error once more than `maxBytes` arrive (the temporary file is then removed).
 */
export async function deliverBytes(bytes: AsyncIterable<Uint8Array>, mediaOut: string, urlPath: string, maxBytes: number): Promise<MediaOutTarget & { bytes?: number }> {
  const target = await preparedTarget(mediaOut, urlPath)
  if ('reason' in target) return target
  const temp = temporaryName(target.file)
  const out = createWriteStream(temp, { flags: 'wx', mode: 0o644 })
  let total = 0
  try {
    for await (const chunk of bytes) {
      total += chunk.length
      if (total > maxBytes) throw new MediaTooLarge(maxBytes)
      if (!out.write(chunk)) await new Promise<void>((done, fail) => out.once('drain', done).once('error', fail))
    }
    await new Promise<void>((done, fail) => out.end((error?: Error | null) => (error ? fail(error) : done())))
    await rename(temp, target.file)
  } catch (error) {
    // Closed before removed: a stream still opening would otherwise create the file after its removal.
    if (!out.closed) await new Promise<void>((done) => out.once('close', () => done()).destroy())
    await rm(temp, { force: true })
    throw error
  }
  return { ...target, bytes: total }
}

/** The file in `mediaOut` that serves `urlPath`, with its folder made inside the media folder (`prepareTarget`), or why not. */
async function preparedTarget(mediaOut: string, urlPath: string): Promise<MediaOutTarget> {
  const target = mediaOutTarget(mediaOut, urlPath)
  if ('reason' in target) return target
  const refused = await prepareTarget(mediaOut, target.file)
  return refused ? { reason: refused } : target
}

/** A download or copy that went past its size limit. */
export class MediaTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`it is larger than ${Math.round(limit / 1048576)} MiB`)
  }
}

function temporaryName(file: string): string {
  return `${file}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.part`
}
