import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { importWordPress } from 'preview-data-sdk/wordpress'
import { capitalPContent, capitalPTitle } from '../../../importers/wordpress/content/capital-p.js'
import { againstWordPress, askWordPress, oracleReady } from './_php-oracle.js'

// What WordPress 6.1's capital_P_dangit gave each in the_title and in the_content (the oracle below).
const ROWS: Array<[html: string, title: string, content: string]> = [
  ['Wordpress tips', 'WordPress tips', 'Wordpress tips'],
  ['<p>Wordpress and Wordpress</p>', '<p>WordPress and WordPress</p>', '<p>WordPress and WordPress</p>'],
  ['(Wordpress) &#8216;Wordpress&#8217; &#8220;Wordpress&#8221;', '(WordPress) &#8216;WordPress&#8217; &#8220;WordPress&#8221;', '(WordPress) &#8216;WordPress&#8217; &#8220;WordPress&#8221;'],
  ['<a href="https://x.test/Wordpress">x</a> MyWordpress "Wordpress', '<a href="https://x.test/WordPress">x</a> MyWordPress "WordPress', '<a href="https://x.test/Wordpress">x</a> MyWordpress "Wordpress'],
  ['<pre><code> Wordpress</code></pre>\nWordpress wordpress WORDPRESS', '<pre><code> WordPress</code></pre>\nWordPress wordpress WORDPRESS', '<pre><code> WordPress</code></pre>\nWordpress wordpress WORDPRESS'],
  ['', '', ''],
]

describe('capital_P_dangit', () => {
  test.each(ROWS)('%j', (html, title, content) => {
    expect(capitalPTitle(html)).toBe(title)
    expect(capitalPContent(html)).toBe(content)
  })
})

describe.skipIf(!oracleReady)(againstWordPress("capital_P_dangit agrees with WordPress's"), () => {
  test('each row, in either filter', () => {
    const printed = askWordPress('capital-p-oracle.php', ROWS.flatMap(([html]) => [[html, 'the_title'], [html, 'the_content']]))
    expect(printed).toEqual(ROWS.flatMap(([, title, content]) => [title, content]))
  })
})

// Where WordPress ran it (default-filters.php): the_title on titles and classic menu labels, the_content on bodies and
// the automatic excerpt (wp_trim_excerpt runs the_content), not the_excerpt on an excerpt written by hand, and not on a
// [gallery] caption (do_shortcode runs after it).
const meta = (key: string, value: string) => `<wp:postmeta><wp:meta_key>${key}</wp:meta_key><wp:meta_value><![CDATA[${value}]]></wp:meta_value></wp:postmeta>`
const item = (id: number, type: string, fields: string) =>
  `<item><dc:creator>a</dc:creator><wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2020-01-0${id % 9} 00:00:00</wp:post_date_gmt><wp:status>${type === 'attachment' ? 'inherit' : 'publish'}</wp:status><wp:post_type>${type}</wp:post_type>${fields}</item>`
const xml = [
  '<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>',
  '<title>Wordpress site</title><link>https://t.example</link><wp:wxr_version>1.2</wp:wxr_version>',
  '<wp:term><wp:term_id>9</wp:term_id><wp:term_taxonomy>nav_menu</wp:term_taxonomy><wp:term_slug>main</wp:term_slug><wp:term_name>Main</wp:term_name></wp:term>',
  item(5, 'attachment', `<title>cat</title><wp:attachment_url>https://t.example/wp-content/uploads/cat.jpg</wp:attachment_url><excerpt:encoded><![CDATA[My Wordpress cat]]></excerpt:encoded>`),
  item(1, 'post', `<title>Wordpress "tips"</title><wp:post_name>tips</wp:post_name><content:encoded><![CDATA[Wordpress is here.

I use Wordpress (Wordpress) at https://x.test/Wordpress

[gallery ids="5" link="none"]]]></content:encoded>`),
  item(3, 'post', `<title>Three</title><wp:post_name>three</wp:post_name><content:encoded><![CDATA[Wordpress first.

Wordpress again,
Wordpress after a line break.<!--more-->The rest]]></content:encoded>`),
  item(2, 'post', `<title>Two</title><wp:post_name>two</wp:post_name><content:encoded><![CDATA[Body]]></content:encoded><excerpt:encoded><![CDATA[Wordpress, by hand: a Wordpress]]></excerpt:encoded>`),
  item(7, 'nav_menu_item', `<title>Wordpress links</title><category domain="nav_menu" nicename="main">Main</category>${meta('_menu_item_type', 'custom')}${meta('_menu_item_url', 'https://t.example/x/')}`),
  '</channel></rss>',
].join('')

describe('an import makes Wordpress WordPress where WordPress did', async () => {
  const { payload } = await importWordPress(Readable.from([Buffer.from(xml)]), { generatedAt: '2026-01-01T00:00:00Z' })
  const post = (slug: string) => payload.content.posts.find((p) => p.slug === slug)!
  test('titles and menu labels (the_title), not the site title (bloginfo)', () => {
    expect(post('tips').title).toBe('WordPress \u201ctips\u201d')
    expect(Object.values(payload.menus ?? {})[0]?.items.map((i) => i.title)).toEqual(['WordPress links'])
    expect(payload.site.title).toBe('Wordpress site')
  })
  test("a body (the_content) and its automatic excerpt, not a URL's, a hand-written excerpt's or a gallery caption's", () => {
    expect(post('tips').content).toContain('<p>WordPress is here.</p>')
    expect(post('tips').content).toContain('I use WordPress (WordPress) at https://x.test/Wordpress')
    expect(post('tips').content).toContain('>My Wordpress cat</figcaption>')
    expect(post('tips').excerpt).toMatch(/^WordPress is here\. I use WordPress \(WordPress\)/)
    expect(post('two').excerpt).toBe('Wordpress, by hand: a Wordpress')
  })
  // wp_trim_excerpt runs the_content on the teaser: wpautop (priority 10) before capital_P_dangit (11), so a Wordpress
  // starting a paragraph follows a <p> (WordPress 6.1 printed <p>WordPress first.</p>\n<p>WordPress again,<br />\nWordpress after…).
  test("a classic teaser's Wordpress at a paragraph's start, after wpautop made it one", () => {
    expect(post('three').excerpt).toBe('WordPress first. WordPress again, Wordpress after a line break.')
  })
})
