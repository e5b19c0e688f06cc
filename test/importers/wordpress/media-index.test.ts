import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { mediaKey, MediaIndex, sizeVariants } from '../../../importers/wordpress/media.js'
import type { Attachment } from '../../../importers/wordpress/media.js'
import { mediaRewriter } from '../../../importers/wordpress/media.js'
import { MediaUse } from '../../../importers/wordpress/media-use.js'

const attachment = (id: number, url: string, sizes: Array<string | number> = [], dims: { width?: number; height?: number } = { width: 1200, height: 800 }): Attachment => ({
  id, file: 'x.xml', line: id, parent: 0, menuOrder: 0, url, link: '', ...dims, alt: '', caption: '', sizes,
})

/** The rules the index keeps, as a plain map of whole keys: an attachment's own URL replaces, a variant's does not. */
function reference(atts: readonly Attachment[]) {
  const byKey = new Map<string, { att: Attachment; width?: number; height?: number }>()
  for (const att of atts) {
    const key = mediaKey(att.url)
    if (key) byKey.set(key, { att, width: att.width, height: att.height })
    for (const s of sizeVariants(att)) {
      const k = mediaKey(s.url)
      if (k && !byKey.has(k)) byKey.set(k, { att, width: s.width, height: s.height })
    }
  }
  return (url: string) => {
    const key = mediaKey(url)
    if (!key) return undefined
    const hit = byKey.get(key)
    if (hit) return hit
    const m = /^(.*)-(\d{1,5})x(\d{1,5})(\.[A-Za-z0-9]{2,5})$/.exec(key)
    const original = m && byKey.get(m[1] + m[4])
    return original ? { att: original.att, width: Number(m[2]) || undefined, height: Number(m[3]) || undefined } : undefined
  }
}

describe('MediaIndex.lookup', () => {
  const photo = attachment(1, 'https://old.test/wp-content/uploads/2024/05/photo.jpg', ['thumbnail', 'photo-150x150.jpg', 150, 150, 'medium', 'photo-300x200.jpg', 300, 200])
  const index = new MediaIndex()
  index.add(photo)

  test.each([
    ['its own URL, with its size', 'https://old.test/wp-content/uploads/2024/05/photo.jpg', 1200, 800],
    ['over http, on www., with a query', 'http://www.old.test/wp-content/uploads/2024/05/photo.jpg?w=300', 1200, 800],
    ['a named variant, with the size its metadata gives', 'https://old.test/wp-content/uploads/2024/05/photo-300x200.jpg', 300, 200],
    ['a -WxH copy the metadata does not name, with the size its name gives', 'https://old.test/wp-content/uploads/2024/05/photo-640x427.jpg', 640, 427],
  ])('finds %s', (_, url, width, height) => {
    expect(index.lookup(url)).toEqual({ att: photo, width, height })
  })

  test('finds nothing in another folder or on another host', () => {
    expect(index.lookup('https://old.test/wp-content/uploads/2024/06/photo.jpg')).toBeUndefined()
    expect(index.lookup('https://other.test/wp-content/uploads/2024/05/photo.jpg')).toBeUndefined()
  })

  test('a multisite /files/ URL finds the attachment of the file it names, wherever its uploads folder is', () => {
    const moved = attachment(1, 'https://net.test/wp-content/uploads/sites/3/2012/01/boat.jpg', ['thumbnail', 'boat-150x150.jpg', 150, 150])
    const kept = attachment(2, 'https://net.test/blog/files/2011/03/quay.jpg')
    const index = new MediaIndex()
    index.add(moved)
    index.add(kept)
    expect(index.lookup('https://net.test/blog/files/2012/01/boat.jpg')).toEqual({ att: moved, width: 1200, height: 800 })
    expect(index.lookup('http://net.test/files/2012/01/boat-150x150.jpg')).toEqual({ att: moved, width: 150, height: 150 })
    expect(index.lookup('https://net.test/blog/files/2011/03/quay.jpg')).toEqual({ att: kept, width: 1200, height: 800 })
    expect(index.lookup('https://net.test/blog/files/2012/02/boat.jpg')).toBeUndefined()
    expect(index.msFilesTarget('https://net.test/blog/files/2012/01/boat-150x150.jpg')).toBe('https://net.test/wp-content/uploads/sites/3/2012/01/boat-150x150.jpg')
    // Its own URL, or not a /files/ one: nothing to map.
    expect(index.msFilesTarget('https://net.test/blog/files/2011/03/quay.jpg')).toBeUndefined()
    expect(index.msFilesTarget('https://net.test/wp-content/uploads/sites/3/2012/01/boat.jpg')).toBeUndefined()
  })

  test('a URL two attachments have: an own URL wins over a variant, else the first registered', () => {
    const a = attachment(1, 'https://old.test/u/a.jpg', ['large', 'b.jpg', 1024, 768])
    const b = attachment(2, 'https://old.test/u/b.jpg', [], { width: 2000, height: 1500 })
    const c = attachment(3, 'https://old.test/u/c.jpg', ['large', 'a-10x10.jpg', 10, 10, 'small', 'z.jpg', 5, 5])
    const d = attachment(4, 'https://old.test/u/d.jpg', ['tiny', 'z.jpg', 1, 1])
    const both = new MediaIndex()
    for (const att of [a, b, c, d]) both.add(att)
    expect(both.lookup('https://old.test/u/b.jpg')).toEqual({ att: b, width: 2000, height: 1500 })
    expect(both.lookup('https://old.test/u/a-10x10.jpg')).toEqual({ att: c, width: 10, height: 10 })
    expect(both.lookup('https://old.test/u/z.jpg')).toEqual({ att: c, width: 5, height: 5 })
  })

  // Keys, folders and file names drawn from a small alphabet so that attachments share URLs, folders and escapes.
  const name = fc.stringMatching(/^[ab%2EC3-]{1,6}$/).map((s) => `${s}.jpg`)
  const folder = fc.constantFrom('https://old.test/u/', 'http://www.old.test/u/', 'https://old.test/u/2024/', 'https://old.test/%C3%A9/', 'https://old.test/%E9/', 'https://cdn.test/u/')
  const size = fc.tuple(fc.constantFrom('thumbnail', 'medium', 'large', '300'), fc.oneof(name, fc.constantFrom('a-150x150.jpg', 'b-10x20.jpg')), fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 2000 }))
  const att = fc.tuple(folder, name, fc.array(size, { maxLength: 4 }))

  test('finds what a plain map of whole keys finds, for any attachments and URLs', () => {
    fc.assert(
      fc.property(fc.array(att, { maxLength: 12 }), fc.array(fc.tuple(folder, fc.oneof(name, fc.constantFrom('a-150x150.jpg', 'b-640x480.jpg'))), { maxLength: 12 }), (atts, urls) => {
        const list = atts.map(([dir, file, sizes], i) => attachment(i + 1, dir + file, sizes.flat()))
        const index = new MediaIndex()
        for (const a of list) index.add(a)
        const expected = reference(list)
        for (const url of [...list.flatMap((a) => [a.url, ...sizeVariants(a).map((s) => s.url)]), ...urls.map(([dir, file]) => dir + file)]) {
          expect(index.lookup(url)).toEqual(expected(url))
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('MediaUse.text: the files a site\'s CSS loads', () => {
  test('move with the other media, each URL whole, and what stays on the old host is counted', () => {
    const use = new MediaUse(new MediaIndex(), mediaRewriter('https://old.test/wp-content/uploads/', '/media/'), () => {}, undefined, new Set(['old.test']))
    const up = 'https://old.test/wp-content/uploads/'
    const css = `a{background:url(${up}a.png)} b{background:url("${up}a.png.webp")} c{background:url(https://old.test/wp-content/themes/t/x.png)}`
    expect(use.text(css)).toBe('a{background:url(/media/a.png)} b{background:url("/media/a.png.webp")} c{background:url(https://old.test/wp-content/themes/t/x.png)}')
    expect([...use.remote]).toEqual(['https://old.test/wp-content/themes/t/x.png'])
    expect(use.text('body{margin:0}')).toBe('body{margin:0}')
  })
})
