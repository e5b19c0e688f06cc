// Terms an item names without a nicename, and declared terms without a slug. WXR writes `<language>` and the declared
// terms before the items, but a hand-edited export or another exporter's may not: the slugs must not depend on where
// they are. A declared term without a slug gets the one WordPress's importer gave it: wp_insert_term takes a term of the
// same name at the same level as that term, and otherwise makes the slug from the name (sanitize_title) and makes it
// unique (wp_unique_term_slug, wp-includes/taxonomy.php, 6.1: the parents' slugs, then -2).
import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { importWordPress } from 'preview-data-sdk/wordpress'

const declared = (id: number, nicename: string, name: string, parent = '') =>
  `<wp:category><wp:term_id>${id}</wp:term_id><wp:category_nicename>${nicename}</wp:category_nicename><wp:category_parent>${parent}</wp:category_parent><wp:cat_name><![CDATA[${name}]]></wp:cat_name></wp:category>`
const post = (id: number, slug: string, categories: string) =>
  `<item><title>Post ${id}</title><link>https://t.example/${slug}/</link><dc:creator>a</dc:creator><wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2020-01-01 00:00:00</wp:post_date_gmt><wp:status>publish</wp:status><wp:post_type>post</wp:post_type><wp:post_name>${slug}</wp:post_name><content:encoded>x</content:encoded>${categories}</item>`
const named = (name: string, domain = 'category') => `<category domain="${domain}" nicename=""><![CDATA[${name}]]></category>`

async function run(channel: string) {
  const xml = `<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title><link>https://t.example</link><wp:wxr_version>1.2</wp:wxr_version>${channel}</channel></rss>`
  const { payload, report } = await importWordPress(Readable.from([Buffer.from(xml)]), { generatedAt: '2026-01-01T00:00:00Z' })
  return {
    categories: payload.content.categories.map((c) => `${c.slug} ${c.name}`).sort(),
    tags: payload.content.tags.map((t) => t.slug).sort(),
    posts: Object.fromEntries(payload.content.posts.map((p) => [p.slug, [...p.category_slugs].sort()])),
    warnings: report.diagnostics.filter((d) => d.code === 'duplicate_slug').length,
  }
}

describe('terms named only by name: the same slugs wherever <language> and the declared terms are', () => {
  const item = post(1, 'hello', named('Grüße', '') + named('Größe', 'post_tag'))
  test.each([
    ['<language> before the items', `<language>de-DE</language>${item}`],
    ['<language> after the items', `${item}<language>de-DE</language>`],
  ])('%s', async (_, channel) => {
    const { categories, tags, posts } = await run(channel)
    expect({ categories, tags, posts }).toEqual({ categories: ['gruesse Grüße'], tags: ['groesse'], posts: { hello: ['gruesse'] } })
  })
  test('without <language>, English rules (ß is s)', async () => {
    expect((await run(item)).posts).toEqual({ hello: ['gruse'] })
  })
  test('a category declared after the item that names it is that category', async () => {
    const { categories, posts } = await run(`${item}${declared(7, 'greetings', 'Grüße')}`)
    expect({ categories, posts }).toEqual({ categories: ['greetings Grüße'], posts: { hello: ['greetings'] } })
  })
})

describe('a declared category without a slug', () => {
  const rows: Array<[string, string, { categories: string[]; posts: Record<string, string[]> }]> = [
    [
      'is the category an item names by the same name',
      `<language>de-DE</language>${declared(3, '', 'Äpfel')}${post(1, 'hello', named('Äpfel'))}`,
      { categories: ['aepfel Äpfel'], posts: { hello: ['aepfel'] } },
    ],
    [
      'two of them with different names are two categories',
      `${declared(3, '', 'Apples')}${declared(4, '', 'Pears')}${post(1, 'hello', named('Apples') + named('Pears'))}`,
      { categories: ['apples Apples', 'pears Pears'], posts: { hello: ['apples', 'pears'] } },
    ],
    [
      'its name taken as another\'s slug: -2, as wp_unique_term_slug gives it',
      `${declared(3, 'apples', 'Green apples')}${declared(4, '', 'Apples')}${post(1, 'hello', named('Apples'))}`,
      { categories: ['apples Green apples', 'apples-2 Apples'], posts: { hello: ['apples-2'] } },
    ],
    [
      'below a parent, its name taken: the parent\'s slug appended',
      `${declared(2, 'fruit', 'Fruit')}${declared(3, 'apples', 'Green apples')}${declared(4, '', 'Apples', 'fruit')}${post(1, 'hello', named('Apples'))}`,
      { categories: ['apples Green apples', 'apples-fruit Apples', 'fruit Fruit'], posts: { hello: ['apples-fruit'] } },
    ],
    [
      'of the name of a declared category at its level: that category, as wp_insert_term finds it',
      `${declared(3, 'green', 'Apples')}${declared(4, '', 'Apples')}${post(1, 'hello', named('Apples'))}`,
      { categories: ['green Apples'], posts: { hello: ['green'] } },
    ],
  ]
  test.each(rows)('%s', async (_, channel, want) => {
    const { categories, posts, warnings } = await run(channel)
    expect({ categories, posts }).toEqual(want)
    expect(warnings).toBe(0)
  })
})

// WordPress's importer inserts the declared terms in the export's order, every category before every tag
// (process_categories, then process_tags, wordpress-importer's class-wp-import.php), and leaves one alone whose slug
// its taxonomy has already (term_exists). wp_unique_term_slug keeps a slug its own taxonomy lacks, and counts -2, -3…
// past the slugs of every term inserted so far, whatever its taxonomy (SELECT slug FROM wp_terms).
describe('a declared term without a slug, in the order WordPress inserted the terms', () => {
  const tag = (id: number, slug: string, name: string) =>
    `<wp:tag><wp:term_id>${id}</wp:term_id><wp:tag_slug>${slug}</wp:tag_slug><wp:tag_name><![CDATA[${name}]]></wp:tag_name></wp:tag>`
  const rows: Array<[string, string, { categories: string[]; tags: string[]; posts: Record<string, string[]> }]> = [
    [
      'a tag whose next number a category has: -3',
      `${declared(2, 'apple-2', 'Apple two')}${tag(3, 'apple', 'Apple')}${tag(4, '', 'Apple!')}${post(1, 'hello', named('Apple!', 'post_tag'))}`,
      { categories: ['apple-2 Apple two'], tags: ['apple', 'apple-3'], posts: { hello: [] } },
    ],
    [
      'a category, inserted before every tag, is not pushed on by a tag',
      `${tag(2, 'apple-2', 'Apple two')}${declared(3, 'apple', 'Apple')}${declared(4, '', 'Apple!')}${post(1, 'hello', named('Apple!'))}`,
      { categories: ['apple Apple', 'apple-2 Apple!'], tags: ['apple-2'], posts: { hello: ['apple-2'] } },
    ],
    [
      'listed before the declared category whose slug it derives: it takes the slug, and the two are one',
      `${declared(3, '', 'Apples')}${declared(4, 'apples', 'Green apples')}${post(1, 'hello', named('Apples'))}${post(2, 'bye', '<category domain="category" nicename="apples"><![CDATA[Green apples]]></category>')}`,
      { categories: ['apples Apples'], tags: [], posts: { hello: ['apples'], bye: ['apples'] } },
    ],
  ]
  test.each(rows)('%s', async (_, channel, want) => {
    const { categories, tags, posts, warnings } = await run(channel)
    expect({ categories, tags, posts }).toEqual(want)
    expect(warnings).toBe(0)
  })
})
