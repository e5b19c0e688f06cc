import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve, sep } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, test } from 'vitest'
import { deliverBytes, deliverFile, mediaOutTarget } from '../../../importers/shared/media-out.js'

const dir = mkdtempSync(join(tmpdir(), 'pd-media-out-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const out = join(dir, 'media')

describe('mediaOutTarget: a URL path to a file in the media folder', () => {
  test.each([
    ['/wp-content/uploads/2020/01/a.jpg', 'wp-content/uploads/2020/01/a.jpg'],
    ['/images/a%20b.png?x=1#y', 'images/a b.png'],
    ['/%E6%96%87/%D9%81.jpg', '文/ف.jpg'],
  ])('%s', (url, file) => expect(mediaOutTarget(out, url)).toEqual({ file: resolve(out, file) }))

  test.each([
    ['a relative path', 'images/a.png'],
    ['a protocol-relative URL', '//evil.test/a.png'],
    ['a .. segment', '/a/../../etc/passwd'],
    ['an encoded .. segment', '/a/%2e%2e/%2E%2E/etc/passwd'],
    ['an encoded slash', '/a/..%2f..%2fetc'],
    ['a backslash', '/a/..\\..\\b'],
    ['an encoded backslash', '/a/%5c..%5cb'],
    ['a drive letter', '/C:/Windows/x'],
    ['a NUL', '/a%00.jpg'],
    ['an empty segment', '/a//b.jpg'],
    ['a malformed escape', '/a/%zz.jpg'],
    ['a name too long', `/${'x'.repeat(256)}.jpg`],
  ])('refuses %s', (_name, url) => expect(mediaOutTarget(out, url)).toHaveProperty('reason'))

  test('whatever the path, the file is inside the folder or refused', () => {
    const root = resolve(out) + sep
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom('..', '.', '%2e%2e', '%2F', '%5C', 'a', '%00', 'C:', ''), fc.string()), { maxLength: 6 }), (segments) => {
        const target = mediaOutTarget(out, '/' + segments.join('/'))
        if ('file' in target) expect(target.file.startsWith(root)).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('delivering files', () => {
  test('a copy lands at its URL path, whole', async () => {
    writeFileSync(join(dir, 'src.bin'), 'hello')
    const got = await deliverFile(join(dir, 'src.bin'), out, '/a/b/c.bin')
    expect(got).toEqual({ file: resolve(out, 'a/b/c.bin') })
    expect(readFileSync(resolve(out, 'a/b/c.bin'), 'utf8')).toBe('hello')
  })

  test('a link in the media folder does not carry a file outside it', async () => {
    const outside = join(dir, 'outside')
    mkdirSync(outside, { recursive: true })
    mkdirSync(out, { recursive: true })
    symlinkSync(outside, join(out, 'link'))
    writeFileSync(join(dir, 'src.bin'), 'x')
    expect(await deliverFile(join(dir, 'src.bin'), out, '/link/x.bin')).toHaveProperty('reason')
  })

  // A library caller is not behind the CLI's check of the folder: making folders must end where the file system says
  // no. Node's recursive mkdir retried /proc's ENOENT without end.
  test.skipIf(!existsSync('/proc/self'))('a media folder where folders cannot be made fails at once', async () => {
    writeFileSync(join(dir, 'src.bin'), 'x')
    await expect(deliverFile(join(dir, 'src.bin'), '/proc/pd-media-test', '/a/b.bin')).rejects.toThrow(/ENOENT/)
  }, 5_000)

  test('folders are made one level at a time, and concurrent deliveries share them', async () => {
    writeFileSync(join(dir, 'src.bin'), 'y')
    const got = await Promise.all(Array.from({ length: 20 }, (_, i) => deliverFile(join(dir, 'src.bin'), out, `/deep/one/two/f${i}.bin`)))
    expect(got.every((g) => 'file' in g)).toBe(true)
    expect(readdirSync(resolve(out, 'deep/one/two')).length).toBe(20)
  })

  test('bytes past the limit are refused and leave nothing behind', async () => {
    async function* chunks() {
      for (let i = 0; i < 10; i++) yield new Uint8Array(100)
    }
    await expect(deliverBytes(chunks(), out, '/big/file.bin', 500)).rejects.toThrow(/larger than/)
    expect(readdirSync(resolve(out, 'big'))).toEqual([])
  })
})
