// What WordPress gives a published item saved without a post_name, as the WordPress Importer saves an export's item
// (src/class-wp-import.php: wp_insert_post with 'post_name' => $post['post_name']): wp_insert_post (wp-includes/post.php,
// 6.1) takes sanitize_title( $post_title ), and once the post is saved sanitize_title( $post_title, $post_ID ), the id
// when the title leaves nothing; wp_unique_post_slug then appends -2 to a feed's name, `embed`, a page's number or
// `page<number>`, and a post's number that its date archives would take under the permalink structure.
import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { importWordPress } from 'preview-data-sdk/wordpress'
import { derivedSlug } from '../../../importers/wordpress/item-fields.js'

describe('derivedSlug', () => {
  test.each([
    ['a post: its title', { title: 'Hello World', postId: 5, postType: 'post', postParent: 0 }, '', 'hello-world'],
    ['a post without a title: its id', { title: '', postId: 42, postType: 'post', postParent: 0 }, '', '42'],
    ['a title of punctuation only: the id', { title: '!!! ?', postId: 9, postType: 'post', postParent: 0 }, '', '9'],
    ['the id under plain permalinks', { title: '', postId: 42, postType: 'post', postParent: 0 }, 'plain', '42'],
    ['the id under /%postname%/: a year archive would take it', { title: '', postId: 42, postType: 'post', postParent: 0 }, '/%postname%/', '42-2'],
    ['12 after %year%: a month', { title: '', postId: 12, postType: 'post', postParent: 0 }, '/%year%/%postname%/', '12-2'],
    ['13 after %year%: no month', { title: '', postId: 13, postType: 'post', postParent: 0 }, '/%year%/%postname%/', '13'],
    ['31 after %monthnum%: a day', { title: '31', postId: 7, postType: 'post', postParent: 0 }, '/%year%/%monthnum%/%postname%/', '31-2'],
    ['32 after %monthnum%: no day', { title: '32', postId: 7, postType: 'post', postParent: 0 }, '/%year%/%monthnum%/%postname%/', '32'],
    ['a feed\'s name', { title: 'Feed', postId: 7, postType: 'post', postParent: 0 }, '', 'feed-2'],
    ['rss2', { title: 'RSS2', postId: 7, postType: 'post', postParent: 0 }, '', 'rss2-2'],
    ['embed', { title: 'Embed', postId: 7, postType: 'post', postParent: 0 }, '', 'embed-2'],
    ['a page without a title: its id, a number, so -2', { title: '', postId: 42, postType: 'page', postParent: 0 }, '', '42-2'],
    ['a page titled with a year', { title: '2024', postId: 8, postType: 'page', postParent: 0 }, '', '2024-2'],
    ['a page titled page3: a listing\'s page', { title: 'page3', postId: 8, postType: 'page', postParent: 0 }, '', 'page3-2'],
    ['a page titled Page 3', { title: 'Page 3', postId: 8, postType: 'page', postParent: 0 }, '', 'page-3'],
    ['an item of another type: a flat type\'s rules', { title: '', postId: 7, postType: 'book', postParent: 0 }, '/%postname%/', '7'],
    // Whether a type is hierarchical is the type's (is_post_type_hierarchical), not whether this item has a parent: a
    // post a plugin gave a parent is still a post, an item of a flat type likewise.
    ['a post with a parent: a post\'s rules', { title: '', postId: 7, postType: 'post', postParent: 3 }, '', '7'],
    ['an item of a flat type with a parent: a flat type\'s rules', { title: '', postId: 7, postType: 'book', postParent: 3 }, '', '7'],
  ])('%s', (_, item, structure, want) => {
    expect(derivedSlug(item, '', structure)).toBe(want)
  })
  test.each([
    ['an item of a hierarchical type: a number takes -2', { title: '', postId: 7, postType: 'book' }, '7-2'],
    ['at the top of a hierarchical type too', { title: 'page2', postId: 7, postType: 'book' }, 'page2-2'],
  ])('%s', (_, item, want) => {
    expect(derivedSlug(item, '', '', true)).toBe(want)
  })
})

describe('published items without a post_name, end to end', () => {
  const item = (id: number, type: string, title: string, link: string) =>
    `<item><title>${title}</title><link>${link}</link><dc:creator>a</dc:creator><wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2020-01-02 00:00:00</wp:post_date_gmt><wp:status>publish</wp:status><wp:post_type>${type}</wp:post_type><wp:post_parent>0</wp:post_parent><wp:post_name></wp:post_name><content:encoded>Body</content:encoded></item>`
  test('a post and a page without a title or slug, on a site of plain permalinks', async () => {
    const xml = `<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title><link>https://plain.example</link><wp:wxr_version>1.2</wp:wxr_version>
${item(42, 'post', '', 'https://plain.example/?p=42')}${item(43, 'page', '', 'https://plain.example/?page_id=43')}${item(44, 'post', 'Feed', 'https://plain.example/?p=44')}
</channel></rss>`
    const { payload } = await importWordPress(Readable.from([Buffer.from(xml)]), { generatedAt: '2026-01-01T00:00:00Z' })
    expect(payload.content.posts.map((p) => p.slug).sort()).toEqual(['42', 'feed-2'])
    expect(payload.content.pages.map((p) => p.slug)).toEqual(['43-2'])
  })
  // A custom type imported as pages is hierarchical when the export nests its items in one another: its top item,
  // without a parent, follows a hierarchical type's rules too; a flat type's item with a parent does not.
  test('items of custom types imported as pages, by whether their type nests', async () => {
    const typed = (id: number, type: string, title: string, slug: string, parent: number) =>
      `<item><title>${title}</title><link>https://plain.example/?${type}=${slug || id}</link><dc:creator>a</dc:creator><wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2020-01-02 00:00:00</wp:post_date_gmt><wp:status>publish</wp:status><wp:post_type>${type}</wp:post_type><wp:post_parent>${parent}</wp:post_parent><wp:post_name>${slug}</wp:post_name><content:encoded>Body</content:encoded></item>`
    const xml = `<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title><link>https://plain.example</link><wp:wxr_version>1.2</wp:wxr_version>
${typed(50, 'book', '', '', 0)}${typed(51, 'book', 'Part', 'part', 52)}${typed(52, 'book', 'Guide', 'guide', 0)}${typed(60, 'note', '', 'first', 0)}${typed(61, 'note', '', '', 40)}${item(40, 'post', 'Host', 'https://plain.example/?p=40')}
</channel></rss>`
    const { payload } = await importWordPress(Readable.from([Buffer.from(xml)]), { generatedAt: '2026-01-01T00:00:00Z', postTypes: { book: 'page', note: 'page' } })
    expect(payload.content.pages.map((p) => p.slug).sort()).toEqual(['50-2', '61', 'first', 'guide', 'part'])
  })
})
