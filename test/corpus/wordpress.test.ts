// The WordPress importer measured on exports it was not developed against (scripts/corpus/README.md), each export
// being its own oracle: an item's <link> is where WordPress served it, its status and password whether anyone could
// see it. The reading of that oracle is tested here on an export written for the purpose; the corpus part is skipped,
// saying so, until the corpus has an export (none was found in an npm package so far).
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { siteDir } from '../../scripts/corpus/_sites.mjs'
import { measureExport, readWxr, wordpressKey } from '../../scripts/corpus/measure-wordpress.js'
import { availableSites } from '../../scripts/corpus/measure.js'

const item = (fields: Record<string, string>) =>
  `<item>${Object.entries(fields).map(([k, v]) => `<${k}><![CDATA[${v}]]></${k}>`).join('')}</item>`

const EXPORT = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Test</title>
${item({ title: 'Hello', link: 'https://blog.example/2024/05/hello/', 'wp:post_id': '1', 'wp:post_type': 'post', 'wp:status': 'publish', 'content:encoded': '[caption id="a1"]<img src="x.jpg">[/caption] [latex]x^2[/latex] [1] [sic]' })}
${item({ title: 'About', link: 'https://blog.example/?page_id=2', 'wp:post_id': '2', 'wp:post_type': 'page', 'wp:status': 'publish', 'content:encoded': '[gallery ids="1,2"] [note]' })}
${item({ title: 'Secret', link: 'https://blog.example/?p=3', 'wp:post_id': '3', 'wp:post_type': 'post', 'wp:status': 'publish', 'wp:post_password': 'pw', 'content:encoded': '' })}
${item({ title: 'Soon', link: 'https://blog.example/?p=4', 'wp:post_id': '4', 'wp:post_type': 'post', 'wp:status': 'future', 'content:encoded': '' })}
${item({ title: 'Mine', link: 'https://blog.example/mine/', 'wp:post_id': '5', 'wp:post_type': 'post', 'wp:status': 'private', 'content:encoded': '' })}
${item({ title: 'photo.jpg', link: 'https://blog.example/photo/', 'wp:post_id': '6', 'wp:post_type': 'attachment', 'wp:status': 'inherit', 'content:encoded': '' })}
${item({ title: 'Product', link: 'https://blog.example/product/x/', 'wp:post_id': '7', 'wp:post_type': 'product', 'wp:status': 'publish', 'content:encoded': '' })}
</channel></rss>`

describe('readWxr', () => {
  const oracle = readWxr(EXPORT)

  test('published posts and pages are those with status publish and no password', () => {
    expect(oracle.published.map((i) => i.postId)).toEqual(['1', '2'])
  })

  test('drafts, future, private and password-protected posts and pages are private', () => {
    expect(oracle.private.map((i) => `${i.postId}:${i.password ? 'password' : i.status}`)).toEqual(['3:password', '4:future', '5:private'])
  })

  test('attachments and other post types are neither', () => {
    expect(oracle.items).toHaveLength(7)
  })

  test('shortcodes are WordPress core ones, or written with attributes or a closing tag; [1] and [sic] are not', () => {
    expect([...oracle.shortcodes].sort()).toEqual(['caption', 'gallery', 'latex'])
  })

  test('an illegal XML character does not stop the reading', () => {
    expect(readWxr(EXPORT.replace('Hello', 'Hel\u0001lo')).published[0].title).toBe('Hel\uFFFDlo')
  })
})

describe('wordpressKey', () => {
  test.each([
    { url: 'https://blog.example/2024/05/hello/', key: '/2024/05/hello' },
    { url: 'https://blog.example/?p=12', key: '/?p=12' },
    { url: 'https://blog.example/index.php?page_id=3', key: '/?page_id=3' },
    { url: 'https://blog.example/blog/?p=12', key: '/blog/?p=12' },
    { url: 'https://blog.example/search/?q=x', key: '/search' },
    { url: 'https://blog.example//greek/%CE%B5/', key: '/greek/ε' },
    { url: '/posts/hello/', key: '/posts/hello' },
  ])('$url', ({ url, key }) => {
    expect(wordpressKey(url)).toBe(key)
  })
})

const { sites } = await availableSites()
const exports = sites.filter((s) => s.convention === 'wordpress')

if (exports.length === 0) {
  test.skip('no WordPress export in the corpus (none found in npm packages yet; npm run corpus:report measures the fixture exports instead)', () => {})
}

for (const site of exports) {
  describe(`corpus export ${site.id} (${site.package}@${site.version})`, () => {
    test('publishes what WordPress published, at the same URLs, nothing private, no raw shortcodes', async () => {
      const f = await measureExport(path.join(siteDir(site.id), 'site', site.export ?? ''), site.id)
      expect.soft(f.countDelta, `WordPress published ${f.expected}, the payload ${f.published}`).toBe(0)
      expect.soft(f.urls.lost, 'original URLs neither kept nor redirected').toEqual([])
      expect.soft(f.privatePublished).toEqual([])
      expect.soft(f.privateInPayload, 'private items kept as drafts by default').toBe(0)
      expect.soft(f.shortcodes.byName).toEqual({})
    })
  })
}
