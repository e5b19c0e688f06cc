import { compareCodeUnits } from '../../src/compare.js'
import { copyFile, realpath, rename, rm, stat } from 'node:fs/promises'
import { sep } from 'node:path'
import { fetchFile } from '../shared/download.js'
import { readImageDimensions } from '../shared/image-dimensions.js'
import { delivered, deliverBytes, MediaTooLarge, mediaOutTarget, prepareTarget } from '../shared/media-out.js'
import { mediaKey } from './media.js'
import { fileCandidates, uploadsFile, uploadsSourceUrl, uploadsUrl } from './uploads.js'
import type { UploadsFile } from './uploads.js'

/** How media files are brought home into the media folder. */
export interface MediaHomeOptions {
  /** The media folder files are laid out in by URL path (`--media-out`). */
  mediaOut: string
  /** A local copy of the old site's `wp-content/uploads` (`--uploads`), looked in first. */
  uploads?: string
  /** Fetch what the uploads copy does not have from the old site (`--download-media`). */
  download?: boolean
  /** The site's own media hosts (lower case, without `www.`): nothing is fetched from anywhere else. */
  hosts: ReadonlySet<string>
  /** Files fetched at once. Default 4. */
  concurrency?: number
  /** Largest file fetched, in bytes. Default 256 MiB. */
  maxBytes?: number
  timeoutMs?: number
  retries?: number
  retryDelayMs?: number
  /** Allow fetching from private and loopback addresses (tests against a local server). */
  allowPrivateNetwork?: boolean
  /** Called as files are done. */
  onProgress?: (done: number, total: number) => void
}

/** A file brought home: its new root-relative URL, and its size when it is an image. */
export interface HomeFile {
  url: string
  width?: number
  height?: number
}

/** What bringing media home did. */
export interface MediaHome {
  /** The new file of every old URL brought home, by `mediaKey` of the old URL. */
  files: Map<string, HomeFile>
  /** Old URLs whose file could not be had, and why; they stay on the old host. */
  failed: Array<{ url: string; reason: string }>
  counts: { files: number; copied: number; downloaded: number; already_there: number; failed: number }
}

const IMAGE = /\.(?:jpe?g|png|gif|webp|avif|bmp|ico|tiff?|svg)$/i
const DEFAULT_MAX_BYTES = 256 * 1024 * 1024

/**
 * Brings the old site's media files into the media folder, each at `/wp-content/uploads/<path>` (the path WordPress
 * served it at, so old links to it keep working): copied from `uploads`, else (with `download`) fetched from its host
 * with bounded concurrency and retries. A size variant (`-300x200`) or a resized URL (`?w=`) that has no file of its own
 * maps to the file that exists. A file already in the media folder is not fetched again, so an interrupted run
 * resumes where it stopped. URLs on other hosts are left alone.
 * @example
 * const home = await bringMediaHome(['https://old.test/wp-content/uploads/2020/01/a-300x200.jpg'], { mediaOut: 'media', uploads: 'uploads', hosts: new Set(['old.test']) })
 * home.files.get('old.test/wp-content/uploads/2020/01/a-300x200.jpg') // { url: '/wp-content/uploads/2020/01/a.jpg', width: 1200, height: 800 }
 */
export async function bringMediaHome(urls: Iterable<string>, options: MediaHomeOptions): Promise<MediaHome> {
  const wanted = new Map<string, { file: UploadsFile; urls: string[] }>()
  for (const url of urls) {
    const file = uploadsFile(url, options.hosts)
    if (!file) continue
    const entry = wanted.get(file.rel)
    if (entry) entry.urls.push(url)
    else wanted.set(file.rel, { file, urls: [url] })
  }
  const home: MediaHome = { files: new Map(), failed: [], counts: { files: 0, copied: 0, downloaded: 0, already_there: 0, failed: 0 } }
  // One delivery per file, shared by the URLs that end up at it (a variant and its original).
  const deliveries = new Map<string, Promise<HomeFile | { reason: string; missing: boolean }>>()
  const deliverOnce = (file: UploadsFile, rel: string) => {
    let d = deliveries.get(rel)
    if (!d) deliveries.set(rel, (d = deliver(file, rel, options, home.counts)))
    return d
  }
  const jobs = [...wanted.values()].sort((a, b) => (a.file.rel < b.file.rel ? -1 : a.file.rel > b.file.rel ? 1 : 0))
  let done = 0
  await eachLimited(jobs, options.concurrency ?? 4, async ({ file, urls: olds }) => {
    let result: HomeFile | { reason: string; missing: boolean } = { reason: 'no file', missing: true }
    const reasons: string[] = []
    for (const rel of fileCandidates(file.rel)) {
      result = await deliverOnce(file, rel)
      if (!('reason' in result)) break
      reasons.push(result.reason)
      if (!result.missing) break
    }
    if ('reason' in result) {
      home.counts.failed++
      for (const url of olds) home.failed.push({ url, reason: reasons.join('; ') })
    } else {
      for (const url of olds) {
        const key = mediaKey(url)
        if (key) home.files.set(key, result)
      }
    }
    options.onProgress?.(++done, jobs.length)
  })
  home.failed.sort((a, b) => compareCodeUnits(a.url, b.url))
  return home
}

/** Puts one file (`rel`) into the media folder; `missing` when neither source has it (a variant's original may). */
async function deliver(file: UploadsFile, rel: string, options: MediaHomeOptions, counts: MediaHome['counts']): Promise<HomeFile | { reason: string; missing: boolean }> {
  const url = uploadsUrl(rel)
  const target = mediaOutTarget(options.mediaOut, url)
  if ('reason' in target) return { reason: `${rel}: ${target.reason}`, missing: false }
  const done = async (how: 'copied' | 'downloaded' | 'already_there'): Promise<HomeFile> => {
    counts[how]++
    counts.files++
    const size = IMAGE.test(rel) ? await readImageDimensions(target.file).catch(() => null) : null
    return { url, ...(size ?? {}) }
  }
  if (await delivered(target.file)) return done('already_there')
  const missing: string[] = []
  if (options.uploads !== undefined) {
    const source = mediaOutTarget(options.uploads, url.slice('/wp-content/uploads'.length))
    const found = 'file' in source ? await uploadsSource(options.uploads, source.file) : undefined
    if (found === 'outside') return { reason: `${rel}: in ${options.uploads} it is a link to a file outside that folder, which is not copied (put the file itself there if it belongs to the site)`, missing: false }
    if (found !== undefined) {
      const refused = await prepareTarget(options.mediaOut, target.file)
      if (refused) return { reason: `${rel}: ${refused}`, missing: false }
      const temp = `${target.file}.${process.pid}.part`
      try {
        await copyFile(found.real, temp)
        await rename(temp, target.file)
      } finally {
        await rm(temp, { force: true })
      }
      return done('copied')
    }
    missing.push(`${rel} is not in ${options.uploads}`)
  }
  if (options.download) {
    const from = uploadsSourceUrl(file, rel)
    let source: URL
    try {
      source = new URL(from)
    } catch {
      return { reason: `${from} is not a valid URL`, missing: false }
    }
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
    const got = await fetchFile(source, { hosts: options.hosts, maxBytes, allowPrivateNetwork: options.allowPrivateNetwork, timeoutMs: options.timeoutMs, retries: options.retries, retryDelayMs: options.retryDelayMs })
    if (!got.ok) return { reason: `${from}: ${got.reason}`, missing: got.status === 404 || got.status === 410 }
    try {
      const written = await deliverBytes(got.body, options.mediaOut, url, maxBytes)
      if ('reason' in written) return { reason: `${rel}: ${written.reason}`, missing: false }
    } catch (error) {
      got.body.destroy()
      return { reason: `${from}: ${whyNotDelivered(error, got.timedOut())}`, missing: false }
    }
    return done('downloaded')
  }
  return { reason: missing.join('; ') || `${rel}: no --uploads folder or --download-media to get it from`, missing: true }
}

/**
 * Why a fetched body did not reach the media folder: too large, cut off by the time limit or by the server (the body
 * stream fails with `aborted`, code ECONNRESET), or the write failed.
 */
function whyNotDelivered(error: unknown, timedOut: boolean): string {
  if (error instanceof MediaTooLarge) return error.message
  if (timedOut || (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'))) return 'it took too long'
  if ((error as NodeJS.ErrnoException).code === 'ECONNRESET') return 'the server closed the connection before the whole file arrived'
  return `it could not be written (${error instanceof Error ? error.message : String(error)})`
}

/**
 * The file the uploads folder holds at `file`, where it really is; 'outside' when a link leads out of the folder (an
 * uploads copy from elsewhere may hold a link to a private file, which the media folder would publish); undefined
 * when there is no such regular file.
 */
async function uploadsSource(uploads: string, file: string): Promise<{ real: string } | 'outside' | undefined> {
  try {
    const [root, real] = await Promise.all([realpath(uploads), realpath(file)])
    if (!real.startsWith(root + sep)) return 'outside'
    return (await stat(real)).isFile() ? { real } : undefined
  } catch {
    return undefined
  }
}

/** Runs `fn` over `items` with at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const run = async () => {
    while (next < items.length) await fn(items[next++])
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, run))
}
