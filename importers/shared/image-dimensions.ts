import { open } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'

/** Width and height of an image in pixels, as it is displayed. */
export interface ImageDimensions {
  width: number
  height: number
}

// Almost every image keeps its size in the first few KB, so the first read is 64 KiB. JPEG files whose EXIF block
// comes first are the exception: when image-size finds no size in that read and the file is larger, one more read of
// up to 512 KiB covers them with room to spare. A hostile file cannot make either read larger.
const FIRST_READ_BYTES = 64 * 1024
const LAST_READ_BYTES = 512 * 1024

/**
 * Reads an image's dimensions from the start of the file (never the whole file, whatever its size); null when the
 * file is no image image-size knows, or declares no size (an SVG without width, height or viewBox).
 * @example
 * await readImageDimensions('media/cat.png') // { width: 640, height: 480 }
 */
export async function readImageDimensions(file: string): Promise<ImageDimensions | null> {
  const handle = await open(file, 'r')
  try {
    const size = (await handle.stat()).size
    const first = await dimensionsOf(await readHead(handle, Math.min(size, FIRST_READ_BYTES)))
    if (first !== null || size <= FIRST_READ_BYTES) return first
    return await dimensionsOf(await readHead(handle, Math.min(size, LAST_READ_BYTES)))
  } finally {
    await handle.close()
  }
}

/** The first `length` bytes of the file (fewer when it shrank since it was measured). */
async function readHead(handle: FileHandle, length: number): Promise<Uint8Array> {
  const buffer = Buffer.allocUnsafe(length)
  const { bytesRead } = await handle.read(buffer, 0, length, 0)
  return buffer.subarray(0, bytesRead)
}

/** image-size's answer for a header, rounded and turned as displayed; null when it finds no size. */
async function dimensionsOf(header: Uint8Array): Promise<ImageDimensions | null> {
  // Loaded when the first image is read: an import without local media does not load its 26 modules.
  const { imageSize } = await import('image-size')
  try {
    const r = imageSize(header)
    const width = Math.round(r.width ?? 0)
    const height = Math.round(r.height ?? 0)
    if (width < 1 || height < 1) return null
    // EXIF orientations 5-8 turn the picture a quarter turn: the displayed width is the stored height.
    return r.orientation !== undefined && r.orientation >= 5 ? { width: height, height: width } : { width, height }
  } catch {
    return null
  }
}
