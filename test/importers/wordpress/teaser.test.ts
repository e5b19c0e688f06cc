// The automatic excerpt of a classic post with a `<!--more-->` teaser is what WordPress's wp_trim_excerpt made of it:
// the teaser through the_content (wptexturize, wpautop, capital_P_dangit: wp-includes/default-filters.php), then
// wp_trim_words' words of its text without tags. wpautop's paragraphs part words that block-level tags (hr, section,
// dl, details, header, nav, form…) touch, whether or not the teaser holds a Wordpress.
import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { importWordPress } from 'preview-data-sdk/wordpress'
import { againstWordPress, askWordPress, oracleReady } from './_php-oracle.js'

// Each teaser, and the excerpt WordPress 6.1 made of it (teaser-oracle.php, below).
const ROWS: Array<[teaser: string, excerpt: string]> = [
  ['a<hr>Word', 'a Word'],
  ['intro<section>inside</section>outro', 'intro inside outro'],
  ['Term<dl><dt>x</dt><dd>y</dd></dl>after', 'Term x y after'],
  ['x<details><summary>s</summary>d</details>y', 'x s d y'],
  ['top<header>h</header>mid<nav>n</nav>end', 'top h mid n end'],
  ['f<form>in</form>out', 'f in out'],
  ['Wordpress first.\n\nWordpress again,\nWordpress after a line break.', 'WordPress first. WordPress again, Wordpress after a line break.'],
  ['<p>Already</p>Wordpress next', 'Already WordPress next'],
  ['Hello world, plain.', 'Hello world, plain.'],
]

const item = (id: number, teaser: string) =>
  `<item><title>Post ${id}</title><dc:creator>a</dc:creator><wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2020-01-01 00:00:${String(id).padStart(2, '0')}</wp:post_date_gmt><wp:status>publish</wp:status><wp:post_type>post</wp:post_type><wp:post_name>p${id}</wp:post_name><content:encoded><![CDATA[${teaser}<!--more-->The rest]]></content:encoded></item>`

async function excerpts(teasers: readonly string[]): Promise<string[]> {
  const xml = `<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title><link>https://t.example</link><wp:wxr_version>1.2</wp:wxr_version>
${teasers.map((t, i) => item(i + 1, t)).join('\n')}
</channel></rss>`
  const { payload } = await importWordPress(Readable.from([Buffer.from(xml)]), { generatedAt: '2026-01-01T00:00:00Z' })
  const bySlug = new Map(payload.content.posts.map((p) => [p.slug, p.excerpt]))
  return teasers.map((_, i) => bySlug.get(`p${i + 1}`) ?? '(missing)')
}

describe("a classic teaser's automatic excerpt is what wp_trim_excerpt made of it", () => {
  test('each row', async () => {
    expect(await excerpts(ROWS.map(([t]) => t))).toEqual(ROWS.map(([, e]) => e))
  })
})

describe.skipIf(!oracleReady)(againstWordPress('the rows agree with WordPress'), () => {
  test('each row', () => {
    expect(askWordPress('teaser-oracle.php', ROWS.map(([t]) => t))).toEqual(ROWS.map(([, e]) => e))
  })
})
