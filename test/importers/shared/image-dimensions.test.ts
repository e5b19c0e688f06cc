import { mkdtempSync, writeFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readImageDimensions } from '../../../importers/shared/image-dimensions.js'

// The one header reader both importers use (the Markdown importer had its own, reading 64 KB and then image-size's
// file reader): a JPEG whose EXIF block pushes its size past 64 KB is still measured, a quarter-turn orientation
// swaps width and height, and a file that is no image is null.

/** A PNG's signature and IHDR chunk: all image-size reads. */
function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25)
  ihdr.writeUInt32BE(13, 0)
  ihdr.write('IHDR', 4, 'latin1')
  ihdr.writeUInt32BE(width, 8)
  ihdr.writeUInt32BE(height, 12)
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr])
}

/** A JPEG: SOI, a JFIF APP0, an EXIF orientation if asked, `padding` bytes of APP2 segments, then SOF0. */
function jpeg(width: number, height: number, padding: number, orientation?: number): Buffer {
  const jfif = Buffer.from([0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
  const parts = [Buffer.from([0xff, 0xd8]), jfif]
  if (orientation !== undefined) {
    // APP1 "Exif\0\0", a big-endian TIFF header and one IFD entry: 0x0112 (orientation), SHORT, 1 value.
    const tiff = Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0])
    const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff])
    const head = Buffer.from([0xff, 0xe1, 0, 0])
    head.writeUInt16BE(body.length + 2, 2)
    parts.push(head, body)
  }
  for (let left = padding; left > 0; ) {
    const n = Math.min(left, 60000)
    const head = Buffer.from([0xff, 0xe2, 0, 0])
    head.writeUInt16BE(n + 2, 2)
    parts.push(head, Buffer.alloc(n, 0x20))
    left -= n
  }
  const sof = Buffer.from([0xff, 0xc0, 0, 17, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
  sof.writeUInt16BE(height, 5)
  sof.writeUInt16BE(width, 7)
  parts.push(sof, Buffer.from([0xff, 0xd9]))
  return Buffer.concat(parts)
}

const dir = mkdtempSync(path.join(tmpdir(), 'image-dimensions-'))
const file = (name: string, bytes: Buffer | string) => {
  const p = path.join(dir, name)
  writeFileSync(p, bytes)
  return p
}

describe('readImageDimensions', () => {
  it.each([
    ['a PNG', 'a.png', png(640, 480), { width: 640, height: 480 }],
    ['a JPEG', 'b.jpg', jpeg(800, 600, 0), { width: 800, height: 600 }],
    ['a JPEG whose size stands after 200 KB of EXIF', 'c.jpg', jpeg(1024, 768, 200_000), { width: 1024, height: 768 }],
    ['a JPEG turned a quarter (orientation 6)', 'd.jpg', jpeg(400, 300, 0, 6), { width: 300, height: 400 }],
    ['an SVG with a viewBox', 'e.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 30"></svg>', { width: 120, height: 30 }],
    ['an SVG that declares no size', 'f.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>', null],
    ['text named .png', 'g.png', 'not an image', null],
    ['an empty file', 'h.png', '', null],
  ])('%s', async (_what, name, bytes, expected) => {
    expect(await readImageDimensions(file(name, bytes))).toEqual(expected)
  })
})

describe('readImageDimensions reads little of a normal image', () => {
  afterEach(() => vi.restoreAllMocks())

  /** The FileHandle class node:fs/promises does not export, taken from an open handle. */
  async function fileHandlePrototype(): Promise<{ read: (...args: unknown[]) => unknown }> {
    const handle = await open(file('probe.txt', 'x'), 'r')
    await handle.close()
    return Object.getPrototypeOf(handle)
  }

  it.each([
    ['a 1 MiB PNG: one read of 64 KiB', 'big.png', Buffer.concat([png(1920, 1080), Buffer.alloc(1024 * 1024)]), { width: 1920, height: 1080 }, [64 * 1024]],
    ['a 100-byte PNG: one read of its size', 'small.png', Buffer.concat([png(16, 16), Buffer.alloc(67)]), { width: 16, height: 16 }, [100]],
    ['a 1 MiB JPEG whose size stands after 200 KB: 64 KiB, then 512 KiB', 'late.jpg', Buffer.concat([jpeg(1024, 768, 200_000), Buffer.alloc(1024 * 1024)]), { width: 1024, height: 768 }, [64 * 1024, 512 * 1024]],
    ['a 100 KB file that is no image: 64 KiB, then the rest', 'noise.png', Buffer.alloc(100_000, 0x41), null, [64 * 1024, 100_000]],
  ])('%s', async (_what, name, bytes, expected, reads) => {
    const path = file(name, bytes)
    const read = vi.spyOn(await fileHandlePrototype(), 'read')
    expect(await readImageDimensions(path)).toEqual(expected)
    expect(read.mock.calls.map((call) => call[2])).toEqual(reads)
  })
})
