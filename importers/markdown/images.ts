import { open } from 'node:fs/promises'
import { imageSize } from 'image-size'
import { imageSizeFromFile } from 'image-size/fromFile'
import { trimBoth } from '../../src/trim.js'

/** Width and height of an image in pixels. */
export interface ImageDimensions {
  width: number
  height: number
}

// Almost every format keeps its dimensions in the first few KB; JPEG files with large EXIF blocks are the exception
// and get image-size's own bounded read.
const HEADER_BYTES = 64 * 1024

/** File extensions treated as images when a reference points at a file. */
export const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.svg', '.bmp', '.ico', '.tif', '.tiff'])

/**
 * Reads an image's dimensions from its header bytes only (never the whole file); null when the format is unknown
 * or the file declares no size (an SVG without width, height or viewBox).
 */
export async function readImageDimensions(abs: string): Promise<ImageDimensions | null> {
  let header: Uint8Array
  let size: number
  const handle = await open(abs, 'r')
  try {
    size = (await handle.stat()).size
    const buffer = new Uint8Array(Math.min(size, HEADER_BYTES))
    await handle.read(buffer, 0, buffer.length, 0)
    header = buffer
  } finally {
    await handle.close()
  }
  const fromHeader = safeSize(() => imageSize(header))
  if (fromHeader || size <= HEADER_BYTES) return fromHeader
  try {
    return toDimensions(await imageSizeFromFile(abs))
  } catch {
    return null
  }
}

function safeSize(read: () => { width?: number; height?: number; orientation?: number }): ImageDimensions | null {
  try {
    return toDimensions(read())
  } catch {
    return null
  }
}

function toDimensions(r: { width?: number; height?: number; orientation?: number }): ImageDimensions | null {
  const width = Math.round(r.width ?? 0)
  const height = Math.round(r.height ?? 0)
  if (width < 1 || height < 1) return null
  // EXIF orientations 5-8 rotate the picture a quarter turn: the displayed width is the stored height.
  return r.orientation !== undefined && r.orientation >= 5 ? { width: height, height: width } : { width, height }
}

/** Whether a reference is a local path (not a URL with a scheme, protocol-relative, data URI or fragment). */
export function isLocalRef(ref: string): boolean {
  return ref !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(ref) && !ref.startsWith('//') && !ref.startsWith('#')
}

/** Splits `a/b.md?x#y` into the path and the `?…#…` suffix. */
export function splitSuffix(ref: string): { path: string; suffix: string } {
  const i = ref.search(/[?#]/)
  return i === -1 ? { path: ref, suffix: '' } : { path: ref.slice(0, i), suffix: ref.slice(i) }
}

/** Decodes percent escapes in a path, leaving it unchanged when they are malformed. */
export function decodePath(p: string): string {
  try {
    return decodeURI(p)
  } catch {
    return p
  }
}

/** The media URL of a file under `mediaPath`, each segment percent-encoded so the URL passes the contract's media rules. */
export function mediaUrl(mediaPath: string, rel: string): string {
  const base = '/' + trimBoth(mediaPath, '/')
  return `${base === '/' ? '' : base}/${rel.split('/').map(encodeURIComponent).join('/')}`
}
