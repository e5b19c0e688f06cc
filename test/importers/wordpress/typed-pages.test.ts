// Items of a custom post type imported as pages (`--post-type book=page`) go where WordPress served them: their link's
// path. WordPress gives an item of a hierarchical type its ancestors' slugs in that path (get_post_permalink calls
// get_page_uri for a hierarchical type: `/<rewrite slug>/<parent>/<child>/`); where the link shows no path (plain
// permalinks' `?book=guide/one`, a draft's `?post_type=book&p=12`), the path is made the same way.
import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { importWordPress } from 'preview-data-sdk/wordpress'
import type { ImportWordPressOptions } from 'preview-data-sdk/wordpress'

type Item = { id: number; type?: string; name: string; title?: string; parent?: number; link: string; status?: string }

const item = ({ id, type = 'book', name, title = name || `Item ${id}`, parent = 0, link, status = 'publish' }: Item) =>
  `<item><title>${title}</title><link>${link}</link><dc:creator>a</dc:creator><wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2020-01-0${(id % 9) + 1} 00:00:00</wp:post_date_gmt><wp:status>${status}</wp:status><wp:post_type>${type}</wp:post_type><wp:post_parent>${parent}</wp:post_parent><wp:post_name>${name}</wp:post_name><content:encoded>Body ${id}</content:encoded></item>`

async function typedPages(items: Item[], options: ImportWordPressOptions = {}) {
  const xml = `<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title><link>https://books.example</link><wp:wxr_version>1.2</wp:wxr_version>
${item({ id: 1, type: 'post', name: 'hello', link: 'https://books.example/hello/' })}
${items.map(item).join('\n')}
</channel></rss>`
  const { payload, report } = await importWordPress(Readable.from([Buffer.from(xml)]), { generatedAt: '2026-01-01T00:00:00Z', postTypes: { book: 'page' }, ...options })
  const paths: Record<string, string> = Object.fromEntries(payload.content.pages.map((p) => [p.public_id ?? p.slug, p.path ?? p.slug]))
  return { paths, codes: report.diagnostics.map((d) => d.code) }
}

describe('a hierarchical custom post type imported as pages', () => {
  // A child keeps the path its link shows: the rewrite slug, its parents, its own slug; under plain permalinks, the
  // type, then its parents (get_page_uri), then its own slug.
  test.each([
    { links: ['library/guide/', 'library/guide/part-one/', 'library/guide/part-one/chapter-1/'], base: 'library' },
    { links: ['?book=guide', '?book=guide/part-one', '?book=guide/part-one/chapter-1'], base: 'book' },
  ])('links $links.0…: below $base', async ({ links, base }) => {
    const { paths } = await typedPages([
      { id: 10, name: 'guide', link: `https://books.example/${links[0]}` },
      { id: 11, name: 'part-one', parent: 10, link: `https://books.example/${links[1]}` },
      { id: 12, name: 'chapter-1', parent: 11, link: `https://books.example/${links[2]}` },
    ])
    expect(paths).toMatchObject({ 10: `${base}/guide`, 11: `${base}/guide/part-one`, 12: `${base}/guide/part-one/chapter-1` })
  })
  test('a draft kept as a draft goes where its published siblings show the type was served, below its parents', async () => {
    const { paths } = await typedPages(
      [
        { id: 10, name: 'guide', link: 'https://books.example/library/guide/' },
        { id: 11, name: '', title: 'Part Two', parent: 10, status: 'draft', link: 'https://books.example/?post_type=book&amp;p=11' },
        { id: 12, name: 'appendix', parent: 13, status: 'draft', link: 'https://books.example/?post_type=book&amp;p=12' },
        { id: 13, name: 'old-guide', status: 'trash', link: 'https://books.example/?post_type=book&amp;p=13' },
      ],
      { drafts: 'include' },
    )
    // A trashed parent is not imported, but WordPress still named it in the path (get_post_ancestors reads any status).
    expect(paths).toMatchObject({ 10: 'library/guide', 11: 'library/guide/part-two', 12: 'library/old-guide/appendix' })
  })
  test('a parent cycle is left out with a warning, as for pages; a parent the export lacks is not known', async () => {
    const { paths, codes } = await typedPages([
      { id: 10, name: 'a', parent: 11, link: 'https://books.example/?post_type=book&amp;p=10' },
      { id: 11, name: 'b', parent: 10, link: 'https://books.example/?post_type=book&amp;p=11' },
      { id: 12, name: 'c', parent: 99, link: 'https://books.example/?post_type=book&amp;p=12' },
    ])
    expect(paths).toMatchObject({ 10: 'book/a', 11: 'book/b', 12: 'book/c' })
    expect(codes.filter((c) => c === 'invalid_route_path')).toHaveLength(2)
  })
})

// get_page_uri (wp-includes/post.php, WordPress 6.1) adds an ancestor's post_name only `if ( $parent && $parent->post_name )`:
// a draft or pending parent that was never given a slug is left out of its children's paths, title and all.
describe('an ancestor without a post_name is left out of the path, as get_page_uri leaves it out', () => {
  const draft = { name: '', title: 'Secret Plan', status: 'draft' }
  test.each([
    {
      case: 'a page below a nameless draft',
      items: [
        { id: 20, type: 'page', name: 'guide', link: 'https://books.example/guide/' },
        { id: 21, type: 'page', ...draft, parent: 20, link: 'https://books.example/?page_id=21' },
        { id: 22, type: 'page', name: 'kid', parent: 21, link: 'https://books.example/guide/kid/' },
      ],
      paths: { 22: 'guide/kid' },
    },
    {
      case: 'a page below a nameless draft imported as a draft',
      items: [
        { id: 20, type: 'page', name: 'guide', link: 'https://books.example/guide/' },
        { id: 21, type: 'page', ...draft, parent: 20, link: 'https://books.example/?page_id=21' },
        { id: 22, type: 'page', name: 'kid', parent: 21, link: 'https://books.example/guide/kid/' },
      ],
      options: { drafts: 'include' as const },
      paths: { 21: 'guide/secret-plan', 22: 'guide/kid' },
    },
    {
      case: 'a page below a nameless draft whose own parent the export lacks',
      items: [
        { id: 21, type: 'page', ...draft, parent: 99, link: 'https://books.example/?page_id=21' },
        { id: 22, type: 'page', name: 'kid', parent: 21, link: 'https://books.example/services/kid/' },
      ],
      paths: { 22: 'services/kid' },
    },
    {
      case: 'a book whose link shows no path, below a nameless draft',
      items: [
        { id: 10, name: 'guide', link: 'https://books.example/?book=guide' },
        { id: 11, name: 'part-one', parent: 10, link: 'https://books.example/?book=guide/part-one' },
        { id: 12, ...draft, parent: 11, link: 'https://books.example/?post_type=book&amp;p=12' },
        { id: 13, name: 'kid', parent: 12, link: 'https://books.example/?book=guide/part-one/kid' },
      ],
      paths: { 13: 'book/guide/part-one/kid' },
    },
    {
      case: 'a draft book (no path shown) below a nameless draft, its type base from its published relatives',
      items: [
        { id: 10, name: 'guide', link: 'https://books.example/library/guide/' },
        { id: 12, ...draft, parent: 10, link: 'https://books.example/?post_type=book&amp;p=12' },
        { id: 13, name: 'kid', parent: 12, link: 'https://books.example/library/guide/kid/' },
        { id: 14, name: 'new', parent: 12, status: 'draft', link: 'https://books.example/?post_type=book&amp;p=14' },
      ],
      options: { drafts: 'include' as const },
      paths: { 13: 'library/guide/kid', 14: 'library/guide/new' },
    },
  ])('$case', async ({ items, options, paths }) => {
    expect((await typedPages(items, options)).paths).toMatchObject(paths)
  })
})

// The base of a type whose items' links show none is what its other items' links agree on: register_post_type's one
// rewrite slug. Links that disagree (WooCommerce's /shop/%product_cat%/ base puts each product below its category)
// show no one base, so the type's name stands, register_post_type's default and the importer's before.
describe("a type's base is what its items' links agree on", () => {
  test.each([
    {
      case: 'products below their categories show no one base',
      items: [
        { id: 30, type: 'product', name: 'mug', link: 'https://books.example/shop/kitchen/mug/' },
        { id: 31, type: 'product', name: 'tee', link: 'https://books.example/shop/clothing/tee/' },
        { id: 32, type: 'product', name: '', title: 'New Hat', status: 'draft', link: 'https://books.example/?post_type=product&amp;p=32' },
      ],
      paths: { 30: 'shop/kitchen/mug', 31: 'shop/clothing/tee', 32: 'product/new-hat' },
    },
    {
      case: 'products that agree give their base',
      items: [
        { id: 30, type: 'product', name: 'mug', link: 'https://books.example/store/mug/' },
        { id: 31, type: 'product', name: 'tee', link: 'https://books.example/store/tee/' },
        { id: 32, type: 'product', name: '', title: 'New Hat', status: 'draft', link: 'https://books.example/?post_type=product&amp;p=32' },
      ],
      paths: { 32: 'store/new-hat' },
    },
    {
      case: "an orphan's missing parents are not the base",
      items: [
        { id: 9, name: 'appendix', parent: 99, link: 'https://books.example/library/old-guide/appendix/' },
        { id: 10, name: 'guide', link: 'https://books.example/library/guide/' },
        { id: 14, name: 'new', parent: 10, status: 'draft', link: 'https://books.example/?post_type=book&amp;p=14' },
      ],
      paths: { 9: 'library/old-guide/appendix', 14: 'library/guide/new' },
    },
  ])('$case', async ({ items, paths }) => {
    const { paths: got } = await typedPages(items, { drafts: 'include', postTypes: { book: 'page', product: 'page' } })
    expect(got).toMatchObject(paths)
  })
})

// Plain permalinks' link is `?<query var>=<get_page_uri>` (get_post_permalink, wp-includes/link-template.php; the query
// var is the type's name unless register_post_type was given another): the uri WordPress served the item at, parents
// the export lacks and all, so it is the path below the type's base when it ends with the item's own slug.
describe("plain permalinks' ?<type>=<uri> is the item's uri", () => {
  test.each([
    { case: 'parents the export lacks', items: [{ id: 12, name: 'c', parent: 99, link: 'https://books.example/?book=old-guide/c' }], paths: { 12: 'book/old-guide/c' } },
    {
      case: 'a parent cycle: the ancestors get_post_ancestors found before the loop',
      items: [
        { id: 10, name: 'a', parent: 11, link: 'https://books.example/?book=b/a' },
        { id: 11, name: 'b', parent: 10, link: 'https://books.example/?book=a/b' },
      ],
      paths: { 10: 'book/b/a', 11: 'book/a/b' },
    },
    { case: 'other query arguments before it', items: [{ id: 12, name: 'c', parent: 99, link: 'https://books.example/?lang=en&amp;book=old-guide/c' }], paths: { 12: 'book/old-guide/c' } },
    { case: 'a uri ending with another slug is not the item\'s', items: [{ id: 12, name: 'c', parent: 99, link: 'https://books.example/?book=old-guide/d' }], paths: { 12: 'book/c' } },
    { case: "another type's query var is not the item's", items: [{ id: 12, name: 'c', parent: 99, link: 'https://books.example/?product=old-guide/c' }], paths: { 12: 'book/c' } },
    { case: 'a uri with a segment that is no slug', items: [{ id: 12, name: 'c', parent: 99, link: 'https://books.example/?book=old%20guide/c' }], paths: { 12: 'book/c' } },
  ])('$case', async ({ items, paths }) => {
    expect((await typedPages(items)).paths).toMatchObject(paths)
  })
})
