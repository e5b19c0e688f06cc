import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { importWordPress } from 'preview-data-sdk/wordpress'
import { pageIdSlug, postIdSlug } from '../../../importers/wordpress/id-slugs.js'

// wp_insert_post and wp_insert_term (WordPress 6.1.9) fall back on the ID when the title or name sanitizes to
// nothing; wp_unique_post_slug then moves a number off a date archive's or pagination's place.
describe('the slug WordPress makes of an id', () => {
  test.each([
    [12, 'post', '/posts/:slug/', '12'],
    [12, 'post', '/:slug/', '12-2'],
    [12, 'post', '/:year/:slug/', '12-2'],
    [13, 'post', '/:year/:slug/', '13'],
    [31, 'post', '/:year/:month/:slug/', '31-2'],
    [32, 'post', '/:year/:month/:slug/', '32'],
    [5, 'post', '/:year/:month/:day/:slug/', '5'],
    [5, 'post', '/archives/:public_id/', '5'],
    [5, 'product', '/:slug/', '5'],
  ])('post %i of type %s under %s: %s', (id, type, pattern, slug) => {
    expect(postIdSlug(id, type, pattern)).toBe(slug)
  })
  test('a page never gets a bare number; a product imported as a page does', () => {
    expect([pageIdSlug(7, 'page'), pageIdSlug(7, 'product')]).toEqual(['7-2', '7'])
  })
})

const item = (id: number, type: string, fields: string) =>
  `<item><dc:creator>a</dc:creator><wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2020-01-01 00:00:00</wp:post_date_gmt><wp:status>publish</wp:status><wp:post_type>${type}</wp:post_type>${fields}</item>`
const xml = [
  '<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>',
  '<title>T</title><link>https://t.example</link><wp:wxr_version>1.2</wp:wxr_version>',
  '<wp:category><wp:term_id>3</wp:term_id><wp:category_nicename></wp:category_nicename><wp:category_parent></wp:category_parent><wp:cat_name><![CDATA[!!!]]></wp:cat_name></wp:category>',
  item(5, 'post', '<title>!!!</title><category domain="category" nicename="">!!!</category><content:encoded><![CDATA[x]]></content:encoded>'),
  item(7, 'page', '<title>\u2026</title><content:encoded><![CDATA[y]]></content:encoded>'),
  '</channel></rss>',
].join('')

test('a post, page and category whose title or name leaves no slug get the ones WordPress gave', async () => {
  const { payload } = await importWordPress(Readable.from([Buffer.from(xml)]), { generatedAt: '2026-01-01T00:00:00Z' })
  expect(payload.content.posts.map((p) => p.slug)).toEqual(['5'])
  expect(payload.content.pages.map((p) => p.slug)).toEqual(['7-2'])
  expect(payload.content.categories.map((c) => c.slug)).toEqual(['3'])
})
