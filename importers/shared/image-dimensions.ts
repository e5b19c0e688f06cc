import { open } from 'node:fs/promises'

/** Width and height of an image in pixels, as it is displayed. */
export interface ImageDimensions {
  width: number
  height: number
}

// Every format image-size reads keeps its size in the first bytes, except JPEG files whose EXIF block comes first;
// 512 KiB covers those with room to spare, and a hostile file cannot make the read larger.
const HEADER_BYTES = 512 * 1024

/**
 * Reads an image's dimensions from the start of the file (never the whole file, whatever its size); null when the
 * file is no image image-size knows, or declares no size (an SVG without width, height or viewBox).
 * @example
 * await readImageDimensions('media/cat.png') // { width: 640, height: 480 }
 */
export async function readImageDimensions(file: string): Promise<ImageDimensions | null> {
  const handle = await open(file, 'r')
  let header: Uint8Array
  try {
    const buffer = new Uint8Array(HEADER_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, HEADER_BYTES, 0)
    header = buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
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
