// WordPress gives every public item the shortlink `?p=ID` (wp_get_shortlink, wp-includes/link-template.php: "Return
// `?p=` link for all public post types"), prints it as each singular page's rel=shortlink, and redirect_canonical
// (wp-includes/canonical.php, 6.1) sends `?p=`, `?page_id=` and `?attachment_id=` of any public item to its permalink.
// The front page is the page whose link is the root, the posts page the empty one (front-page.ts). Each row: an old URL and where the redirects file sends it (undefined: no redirect).
import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { importWordPress } from 'preview-data-sdk/wordpress'

type Item = { id: number; type: string; name: string; link: string; status?: string; parent?: number }

const item = ({ id, type, name, link, status = 'publish', parent = 0 }: Item) =>
  `<item><title>${name || `Item ${id}`}</title><link>${link}</link><dc:creator>a</dc:creator><wp:post_id>${id}</wp:post_id>` +
  `<wp:post_date_gmt>2020-01-02 00:00:00</wp:post_date_gmt><wp:status>${status}</wp:status><wp:post_type>${type}</wp:post_type>` +
  `<wp:post_parent>${parent}</wp:post_parent><wp:post_name>${name}</wp:post_name><content:encoded>${name === 'blog' ? '' : `Body ${id}`}</content:encoded>` +
  (type === 'attachment' ? `<wp:attachment_url>https://short.example/wp-content/uploads/2020/01/${name}.jpg</wp:attachment_url>` : '') +
  '</item>'

const items: Item[] = [
  { id: 2, type: 'page', name: 'home', link: 'https://short.example/' },
  { id: 3, type: 'page', name: 'blog', link: 'https://short.example/blog/' },
  { id: 5, type: 'post', name: 'hello', link: 'https://short.example/hello/' },
  { id: 6, type: 'page', name: 'about', link: 'https://short.example/about/' },
  { id: 7, type: 'page', name: 'secret', link: 'https://short.example/?page_id=7', status: 'draft' },
  { id: 8, type: 'book', name: 'guide', link: 'https://short.example/library/guide/' },
  { id: 9, type: 'recipe', name: 'soup', link: 'https://short.example/recipe/soup/' },
  { id: 10, type: 'attachment', name: 'harbour', link: 'https://short.example/hello/harbour/', status: 'inherit', parent: 5 },
  { id: 0, type: 'page', name: 'no-id', link: 'https://short.example/no-id/' },
]

async function redirects(): Promise<Map<string, string>> {
  const xml = `<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title><link>https://short.example</link><wp:wxr_version>1.2</wp:wxr_version>
${items.map(item).join('\n')}
</channel></rss>`
  const run = await importWordPress(Readable.from([Buffer.from(xml)]), {
    generatedAt: '2026-01-01T00:00:00Z',
    postTypes: { book: 'page', recipe: 'post' },
  })
  return new Map(run.redirects.map((r) => [r.from, r.to]))
}

describe('an item\'s id queries lead to it, whatever its type', () => {
  const rows: Array<[string, string, string | undefined]> = [
    ['a post\'s shortlink', '/?p=5', '/hello/'],
    ['a page\'s shortlink', '/?p=6', '/about/'],
    ['a page\'s plain permalink', '/?page_id=6', '/about/'],
    ['the front page\'s shortlink', '/?p=2', '/'],
    ['the posts page\'s shortlink', '/?p=3', '/blog/'],
    ['a custom item imported as a page: its shortlink', '/?p=8', '/library/guide/'],
    ['a custom item imported as a post: its shortlink', '/?p=9', '/soup/'],
    // An attachment page printed ?p=ID as its shortlink, but links to media seldom use it: a redirect per file cost a big
    // library its memory (old-urls.ts idQueries).
    ['an attachment\'s shortlink', '/?p=10', undefined],
    ['an attachment\'s plain permalink', '/?attachment_id=10', 'https://short.example/wp-content/uploads/2020/01/harbour.jpg'],
    // WordPress never printed these forms for these items: one item has at most two id redirects.
    ['a post by ?page_id=', '/?page_id=5', undefined],
    ['a custom item by ?page_id=', '/?page_id=8', undefined],
    // A draft was not public; an item the export gave no id is given one past every id (11 here), which the old site
    // never knew it by.
    ['a draft page', '/?p=7', undefined],
    ['a draft page\'s plain permalink', '/?page_id=7', undefined],
    ['an item without an id', '/?p=11', undefined],
    ['an item without an id, as a page', '/?page_id=11', undefined],
  ]
  let found: Map<string, string> | undefined
  test.each(rows)('%s: %s', async (_, from, to) => {
    found ??= await redirects()
    expect(found.get(from)).toBe(to)
  })
})

// A <link> WordPress printed as a query is an item's own plain permalink, which its id queries map already. A
// hand-edited one naming another item (or a category) took that one's redirect and its links: posts are mapped first.
describe('a <link> naming another item by a query takes nothing from it', () => {
  const xml = `<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title><link>https://short.example</link><wp:wxr_version>1.2</wp:wxr_version>
<wp:category><wp:term_id>3</wp:term_id><wp:category_nicename>news</wp:category_nicename><wp:category_parent></wp:category_parent><wp:cat_name>News</wp:cat_name></wp:category>
${item({ id: 5, type: 'post', name: 'thief', link: 'https://short.example/?page_id=7' })}
${item({ id: 6, type: 'post', name: 'thief-two', link: 'https://short.example/?cat=3' })}
${item({ id: 7, type: 'page', name: 'about', link: 'https://short.example/about/' })}
<item><title>Reader</title><link>https://short.example/reader/</link><dc:creator>a</dc:creator><wp:post_id>8</wp:post_id><wp:post_date_gmt>2020-01-02 00:00:00</wp:post_date_gmt><wp:status>publish</wp:status><wp:post_type>post</wp:post_type><wp:post_name>reader</wp:post_name><content:encoded><![CDATA[<a href="/?page_id=7">a</a> <a href="/?cat=3">b</a>]]></content:encoded><category domain="category" nicename="news">News</category></item>
</channel></rss>`
  test.each([
    ['/?page_id=7', '/about/'],
    ['/?p=7', '/about/'],
    ['/?cat=3', '/category/news/'],
    ['/?p=5', '/thief/'],
  ])('%s → %s', async (from, to) => {
    const run = await importWordPress(Readable.from([Buffer.from(xml)]), { generatedAt: '2026-01-01T00:00:00Z' })
    expect(new Map(run.redirects.map((r) => [r.from, r.to])).get(from)).toBe(to)
  })
  test('links to them in bodies lead to them', async () => {
    const { payload } = await importWordPress(Readable.from([Buffer.from(xml)]), { generatedAt: '2026-01-01T00:00:00Z' })
    expect(payload.content.posts.find((p) => p.slug === 'reader')?.content).toBe('<p><a href="/about/">a</a> <a href="/category/news/">b</a></p>\n')
  })
})
