import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { importWordPress } from 'preview-data-sdk/wordpress'
import { htmlToText } from '../../../importers/wordpress/content/html.js'
import { slugFromTitle } from '../../../importers/wordpress/slugs.js'

// Issue 15 item 13: text is derived from HTML by the HTML parser (htmlparser2), so a `>` inside a quoted attribute
// value does not end the tag, and a `<` that starts no tag stays text.
describe('htmlToText reads HTML as a browser does', () => {
  test.each([
    { name: 'a ">" inside a quoted attribute', html: '<p>Fish <img alt="a>b" src="x.png"> chips</p>', text: 'Fish chips' },
    { name: "a \">\" inside a single-quoted attribute", html: "<a title='1 > 0' href='/x'>link</a> text", text: 'link text' },
    { name: 'a "<" that starts no tag', html: '<p>1 < 2 and 3 > 2</p>', text: '1 < 2 and 3 > 2' },
    { name: 'comments, scripts and styles', html: '<p>Fish &amp; <b>chips</b></p><script>x()</script><!-- c --><style>p{}</style><p>more</p>', text: 'Fish & chips more' },
    { name: 'a script holding a tag', html: '<script>document.write("<p>no</p>")</script>yes', text: 'yes' },
    { name: 'block tags separate words, inline tags do not', html: '<h2>Head</h2><p>one<br>two</p><li>th<i>re</i>e</li>', text: 'Head one two three' },
    { name: 'entities, named and numeric', html: 'caf&eacute; &#8212; &#x41;&nbsp;b', text: 'café — A b' },
    { name: 'a tag cut at the end', html: 'text <img alt="a>b', text: 'text' },
    { name: 'text only', html: '  plain   text ', text: 'plain text' },
  ])('$name', ({ html, text }) => {
    expect(htmlToText(html)).toBe(text)
  })
})

test('slugs derived from titles skip whole tags, ">" in attributes included', () => {
  expect(slugFromTitle('<img alt="a>b">Hello World')).toBe('hello-world')
  expect(slugFromTitle('Fish &amp; <b class="x>y">Chips</b>')).toBe('fish-chips')
})

const head = '<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title><link>https://t.example</link><wp:wxr_version>1.2</wp:wxr_version>'
const item = (fields: string) =>
  `<item><dc:creator>a</dc:creator><wp:post_id>1</wp:post_id><wp:post_date_gmt>2020-01-01 00:00:00</wp:post_date_gmt><wp:status>publish</wp:status><wp:post_type>post</wp:post_type><wp:post_name>p</wp:post_name>${fields}</item>`

test('an imported post: its title and derived excerpt keep no piece of a tag', async () => {
  const body = '<p>Before <img alt="a > b" src="https://t.example/x.png"> after.</p>'
  const xml = head + item(`<title>Fish &lt;img alt="x&gt;y"&gt; chips</title><content:encoded><![CDATA[${body}]]></content:encoded><excerpt:encoded></excerpt:encoded>`) + '</channel></rss>'
  const { payload } = await importWordPress(Readable.from([Buffer.from(xml)]), { generatedAt: '2026-01-01T00:00:00Z' })
  const post = payload.content.posts[0]
  // wptexturize cuts a tag at its first `>` and curls the quotes after it, so an `alt` with a `>` runs to the end: the
  // title WordPress printed (the_title) shows 'Fish', and its excerpt (strip_tags of the texturized body, PHP 8.2) is
  // 'Before '.
  expect(post.title).toBe('Fish')
  expect(post.excerpt).toBe('Before')
})
