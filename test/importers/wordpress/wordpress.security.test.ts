import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { importWordPress } from 'preview-data-sdk/wordpress'

const head = '<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title><link>https://t.example</link>'
const item = (fields: string) => `<item><dc:creator>a</dc:creator><wp:post_id>1</wp:post_id><wp:post_date_gmt>2020-01-01 00:00:00</wp:post_date_gmt><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>${fields}</item>`
const stream = (...parts: string[]) => Readable.from(parts.map((p) => Buffer.from(p)))

describe('hostile exports', () => {
  test('a billion-laughs DOCTYPE is refused before any expansion', async () => {
    const bomb = '<!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa">' + Array.from({ length: 9 }, (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`).join('') + ']>'
    const started = performance.now()
    await expect(importWordPress(stream(bomb, head, '<title>&j;</title></channel></rss>'))).rejects.toMatchObject({ code: 'invalid_xml', message: /declares entities/ })
    expect(performance.now() - started).toBeLessThan(1000)
  })

  test('an external entity is never fetched or read', async () => {
    const xxe = '<!DOCTYPE rss [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
    await expect(importWordPress(stream(xxe, head, '</channel></rss>'))).rejects.toMatchObject({ code: 'invalid_xml' })
    // Without a declaration, a reference stays literal text; nothing outside the document is read.
    const { payload } = await importWordPress(stream(head, item('<title>&x; here</title><content:encoded>body</content:encoded>'), '</channel></rss>'))
    expect(payload.content.posts[0].title).toBe('&x; here')
  })

  test('a 10 MB title streams through and is kept', async () => {
    const title = 'T'.repeat(10 * 1024 * 1024)
    const { payload } = await importWordPress(stream(head, item(`<title>${title}</title>`), '</channel></rss>'))
    expect(payload.content.posts[0].title).toHaveLength(title.length)
  })

  test('deep nesting is refused', async () => {
    await expect(importWordPress(stream(head, '<x>'.repeat(100), '</x>'.repeat(100), '</channel></rss>'))).rejects.toMatchObject({ message: /nest deeper/ })
  })

  test('PHP-serialized objects in attachment metadata are read as data, never instantiated', async () => {
    const meta = 'O:7:"Exploit":2:{s:5:"width";i:10;s:6:"height";i:20;}'
    const att = `<item><wp:post_id>2</wp:post_id><wp:post_type>attachment</wp:post_type><wp:status>inherit</wp:status><wp:attachment_url>https://t.example/a.jpg</wp:attachment_url><wp:postmeta><wp:meta_key>_wp_attachment_metadata</wp:meta_key><wp:meta_value><![CDATA[${meta}]]></wp:meta_value></wp:postmeta></item>`
    const post = item('<title>P</title><content:encoded><![CDATA[<img src="https://t.example/a.jpg">]]></content:encoded>')
    const { payload } = await importWordPress(stream(head, att, post, '</channel></rss>'))
    expect(payload.content.media).toEqual([{ src: 'https://t.example/a.jpg', width: 10, height: 20 }])
  })

  test('script-scheme menu URLs never reach the payload', async () => {
    const menuItem = `<wp:term><wp:term_id>9</wp:term_id><wp:term_taxonomy>nav_menu</wp:term_taxonomy><wp:term_slug>m</wp:term_slug><wp:term_name>M</wp:term_name></wp:term><item><title>x</title><wp:post_id>3</wp:post_id><wp:post_type>nav_menu_item</wp:post_type><wp:status>publish</wp:status><category domain="nav_menu" nicename="m">M</category><wp:postmeta><wp:meta_key>_menu_item_url</wp:meta_key><wp:meta_value>javascript:alert(1)</wp:meta_value></wp:postmeta></item>`
    const { payload, report } = await importWordPress(stream(head, menuItem, item('<title>P</title>'), '</channel></rss>'))
    expect(JSON.stringify(payload)).not.toContain('javascript:')
    expect(report.diagnostics.some((w) => w.message.includes('javascript:'))).toBe(true)
  })
})
