import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { importWordPress } from 'preview-data-sdk/wordpress'
import { decodeHTML } from 'entities'
import { siteText } from '../../../importers/wordpress/display-text.js'
import { againstWordPress, askWordPress, oracleReady } from './_php-oracle.js'

// Each text as WordPress 6.1 printed it through wptexturize (default-filters.php: bloginfo, term_description; the
// category archive's single_cat_title and wp_list_categories' list_cats; Walker_Nav_Menu's the_title;
// gallery_shortcode's caption in media.php), as plain text or, for the caption, as the body's HTML.
const meta = (key: string, value: string) => `<wp:postmeta><wp:meta_key>${key}</wp:meta_key><wp:meta_value><![CDATA[${value}]]></wp:meta_value></wp:postmeta>`
const item = (id: number, type: string, fields: string) =>
  `<item><dc:creator>a</dc:creator><wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2020-01-01 00:00:00</wp:post_date_gmt><wp:status>${type === 'attachment' ? 'inherit' : 'publish'}</wp:status><wp:post_type>${type}</wp:post_type>${fields}</item>`
const xml = [
  '<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>',
  `<title>Bob's "Blog" -- notes &#038; more</title><link>https://t.example</link><description>It's 6' tall...</description><wp:wxr_version>1.2</wp:wxr_version>`,
  `<wp:category><wp:term_id>3</wp:term_id><wp:category_nicename>rock</wp:category_nicename><wp:category_parent></wp:category_parent><wp:cat_name><![CDATA[Rock 'n' Roll -- live &amp; loud]]></wp:cat_name><wp:category_description><![CDATA["Loud" music...]]></wp:category_description></wp:category>`,
  '<wp:term><wp:term_id>9</wp:term_id><wp:term_taxonomy>nav_menu</wp:term_taxonomy><wp:term_slug>main</wp:term_slug><wp:term_name>Main</wp:term_name></wp:term>',
  item(5, 'attachment', `<title>cat</title><wp:attachment_url>https://t.example/wp-content/uploads/cat.jpg</wp:attachment_url><excerpt:encoded><![CDATA[Tom's "cat" -- 8x8]]></excerpt:encoded>`),
  item(6, 'attachment', `<title>dog</title><wp:attachment_url>https://t.example/wp-content/uploads/dog.jpg</wp:attachment_url><excerpt:encoded><![CDATA[<a href="https://x.test/">Photo</a> by "Ann"]]></excerpt:encoded>`),
  item(12, 'attachment', `<title>owl</title><wp:attachment_url>https://t.example/wp-content/uploads/owl.jpg</wp:attachment_url><excerpt:encoded><![CDATA[ \n\t ]]></excerpt:encoded>`),
  // trim(' 0 ') is '0', which PHP reads as false: no caption either.
  item(13, 'attachment', `<title>bat</title><wp:attachment_url>https://t.example/wp-content/uploads/bat.jpg</wp:attachment_url><excerpt:encoded><![CDATA[ 0 ]]></excerpt:encoded>`),
  item(1, 'post', `<title>P</title><wp:post_name>p</wp:post_name><category domain="category" nicename="rock"><![CDATA[Rock 'n' Roll -- live &amp; loud]]></category><content:encoded><![CDATA[[gallery ids="5,6,12,13" link="none"]]]></content:encoded>`),
  item(7, 'nav_menu_item', `<title>Don't "click" -- here</title><category domain="nav_menu" nicename="main">Main</category>${meta('_menu_item_type', 'custom')}${meta('_menu_item_url', 'https://t.example/x/')}`),
  item(8, 'nav_menu_item', `<title></title><wp:menu_order>2</wp:menu_order><category domain="nav_menu" nicename="main">Main</category>${meta('_menu_item_type', 'taxonomy')}${meta('_menu_item_object', 'category')}${meta('_menu_item_object_id', '3')}`),
  item(11, 'nav_menu_item', `<title><![CDATA[<span class="icon"></span> Shop&nbsp;"now"]]></title><wp:menu_order>4</wp:menu_order><category domain="nav_menu" nicename="main">Main</category>${meta('_menu_item_type', 'custom')}${meta('_menu_item_url', 'https://t.example/shop/')}`),
  item(20, 'product', `<title>Mug "XL" -- blue</title><link>https://t.example/product/mug/</link>`),
  item(10, 'nav_menu_item', `<title></title><wp:menu_order>3</wp:menu_order><category domain="nav_menu" nicename="main">Main</category>${meta('_menu_item_type', 'post_type')}${meta('_menu_item_object', 'product')}${meta('_menu_item_object_id', '20')}`),
  '</channel></rss>',
].join('')

describe('names and captions are texturized where WordPress printed them through wptexturize', async () => {
  const { payload } = await importWordPress(Readable.from([Buffer.from(xml)]), { generatedAt: '2026-01-01T00:00:00Z' })
  test('the site title and tagline (bloginfo)', () => {
    expect(payload.site.title).toBe('Bob\'s "Blog" \u2014 notes & more')
    expect(payload.site.description).toBe("It's 6' tall\u2026")
  })
  test('a category name and description', () => {
    expect(payload.content.categories).toEqual([{ name: 'Rock \u2018n\u2019 Roll \u2014 live & loud', slug: 'rock', description: '\u201cLoud\u201d music\u2026' }])
  })
  // the_title's output is HTML: a label's markup is printed as markup (its text is what shows), not as characters.
  test("a classic menu item title (the_title), and items without one showing their category's or old item's", () => {
    const items = Object.values(payload.menus ?? {})[0]?.items ?? []
    expect(items.map((i) => i.title)).toEqual(['Don\u2019t \u201cclick\u201d \u2014 here', 'Rock \u2018n\u2019 Roll \u2014 live & loud', 'Mug \u201cXL\u201d \u2014 blue', 'Shop \u201cnow\u201d'])
  })
  test("a [gallery] caption (the attachment's excerpt), not the gallery's own markup", () => {
    expect(payload.content.posts[0].content).toContain('<figcaption class="wp-caption-text gallery-caption">Tom&#8217;s &#8220;cat&#8221; &#8212; 8&#215;8</figcaption>')
    // The excerpt is HTML (gallery_shortcode prints wptexturize's output of it): its link stays a link.
    expect(payload.content.posts[0].content).toContain('<figcaption class="wp-caption-text gallery-caption"><a href="https://x.test/">Photo</a> by &#8220;Ann&#8221;</figcaption>')
    // Only an excerpt that trim() leaves something of is printed.
    expect(payload.content.posts[0].content).toMatch(/owl\.jpg"[^>]*\/><\/figure>/)
    expect(payload.content.posts[0].content).toMatch(/bat\.jpg"[^>]*\/><\/figure>/)
  })
})

// A site title or tagline as typed in Settings (the export holds it so, one level of XML escaping off), and as bloginfo
// showed it: sanitize_option stored it through esc_html, so its quotes were entities when wptexturize ran.
const SITE_TEXTS: Array<[typed: string, shown: string]> = [
  ['Bob\'s "Blog" -- notes & more', 'Bob\'s "Blog" \u2014 notes & more'],
  ["It's 6' tall...", "It's 6' tall\u2026"],
  ['A <b>bold</b> claim', 'A <b>bold</b> claim'],
  ['Fish &amp; chips 8x8 -- "now"', 'Fish & chips 8\u00d78 \u2014 "now"'],
  ["'Quoted' -- 'n' done", "'Quoted' \u2014 'n' done"],
]

describe('a site title or tagline is shown as bloginfo shows the stored option', () => {
  test.each(SITE_TEXTS)('%s', (typed, shown) => {
    expect(siteText(typed)).toBe(shown)
  })
})

describe.skipIf(!oracleReady)(againstWordPress("site titles agree with WordPress's esc_html and wptexturize"), () => {
  test('each row', () => {
    const printed = askWordPress('bloginfo-oracle.php', SITE_TEXTS.map(([typed]) => typed))
    expect(printed.map((html) => decodeHTML(html).trim())).toEqual(SITE_TEXTS.map(([, shown]) => shown))
  })
})

// A classic menu item without a label of its own shows its category's name through the_title, which capital_P_dangit
// is on; the category's own name (term_name) is not.
test("a menu item showing its category's name: Wordpress as the_title prints it", async () => {
  const dangit = [
    xml.slice(0, xml.indexOf('<wp:category>')),
    '<wp:category><wp:term_id>4</wp:term_id><wp:category_nicename>wp-tips</wp:category_nicename><wp:category_parent></wp:category_parent><wp:cat_name><![CDATA[Wordpress tips]]></wp:cat_name></wp:category>',
    '<wp:term><wp:term_id>9</wp:term_id><wp:term_taxonomy>nav_menu</wp:term_taxonomy><wp:term_slug>main</wp:term_slug><wp:term_name>Main</wp:term_name></wp:term>',
    item(1, 'post', `<title>P</title><wp:post_name>p</wp:post_name><category domain="category" nicename="wp-tips"><![CDATA[Wordpress tips]]></category><content:encoded><![CDATA[x]]></content:encoded>`),
    item(10, 'nav_menu_item', `<title></title><wp:menu_order>1</wp:menu_order><category domain="nav_menu" nicename="main">Main</category>${meta('_menu_item_type', 'taxonomy')}${meta('_menu_item_object', 'category')}${meta('_menu_item_object_id', '4')}`),
    '</channel></rss>',
  ].join('')
  const { payload } = await importWordPress(Readable.from([Buffer.from(dangit)]), { generatedAt: '2026-01-01T00:00:00Z' })
  expect(payload.content.categories?.map((c) => c.name)).toEqual(['Wordpress tips'])
  expect(Object.values(payload.menus ?? {})[0]?.items.map((i) => i.title)).toEqual(['WordPress tips'])
})
