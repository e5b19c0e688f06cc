import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { Readable } from 'node:stream'
import { importWordPress } from 'preview-data-sdk/wordpress'
import { earlyRenderEnv, renderBody } from '../../../importers/wordpress/content/render.js'
import { texturize } from '../../../importers/wordpress/content/texturize.js'
import { growthRepeated } from '../../fuzz/regressions/_growth.js'
import { againstWordPress, askWordPress, oracleReady } from './_php-oracle.js'

const CORE = new Set(['caption', 'wp_caption', 'gallery', 'playlist', 'audio', 'video', 'embed'])
const WITH_CODE = new Set([...CORE, 'code'])

// What WordPress 6.1's wptexturize printed for each (the oracle below, run on this machine's WordPress).
describe('texturize prints what wptexturize printed', () => {
  test.each([
    ['double quotes', 'He said "hi".', 'He said &#8220;hi&#8221;.'],
    ['single quotes', "'Quoted' text", '&#8216;Quoted&#8217; text'],
    ['apostrophes', "it's Jim's", 'it&#8217;s Jim&#8217;s'],
    ['an abbreviated year', "the '90s", 'the &#8217;90s'],
    ['primes', `6' 2" tall`, '6&#8242; 2&#8243; tall'],
    ['a quoted number', '"42"', '&#8220;42&#8221;'],
    ['dashes', 'a -- b --- c - d 1--2', 'a &#8212; b &#8212; c &#8211; d 1&#8211;2'],
    ['an IDN prefix', 'xn--bcher-kva', 'xn--bcher-kva'],
    ['an ellipsis', 'Wait...', 'Wait&#8230;'],
    ['a trademark, not a copyright', 'Brand (tm) (c)', 'Brand &#8482; (c)'],
    ['dimensions', '8x8 and 1.5x2, not 0x9999', '8&#215;8 and 1.5&#215;2, not 0x9999'],
    ['backticks and doubled apostrophes', "``Hi''", '&#8220;Hi&#8221;'],
    ["words that open with an apostrophe", "'tis 'em", '&#8217;tis &#8217;em'],
    ['a bare ampersand', 'Tom & Jerry &amp; &#38; &x', 'Tom &#038; Jerry &amp; &#38; &#038;x'],
    ['tags and their attributes', '<a href="/a?x=1&y=2" title="it\'s">"link"</a>', '<a href="/a?x=1&#038;y=2" title="it\'s">&#8220;link&#8221;</a>'],
    ['a comment', '<!-- "as is" --> "after"', '<!-- "as is" --> &#8220;after&#8221;'],
    ['code and pre', '<pre>"a"</pre> <code>b--c</code> <kbd>...</kbd> "d"', '<pre>"a"</pre> <code>b--c</code> <kbd>...</kbd> &#8220;d&#8221;'],
    ['an upper-case PRE (the names are matched as written)', '<PRE>"a"</PRE>', '<PRE>&#8220;a&#8221;</PRE>'],
    ['a misnested pre', '<pre>x</code>"b"</pre>"c"', '<pre>x</code>"b"</pre>&#8220;c&#8221;'],
    ['a registered shortcode', '[caption width="3"]"c"[/caption]', '[caption width="3"]&#8220;c&#8221;[/caption]'],
    ['an unregistered shortcode', '[foo a="b"]', '[foo a=&#8221;b&#8221;]'],
    ['an escaped shortcode', '[[caption a="b"]]', '[[caption a="b"]]'],
    ['spaces WordPress counts', '"a"&nbsp;"b"\u00a0--\u00a0c', '&#8220;a&#8221;&nbsp;&#8220;b&#8221;\u00a0&#8212;\u00a0c'],
    ['several closing candidates', `"a 5" b" c`, '&#8220;a 5&#8243; b&#8221; c'],
  ])('%s', (_, text, printed) => {
    expect(texturize(text, CORE)).toBe(printed)
  })
  test('the [code] shortcode, once registered, is left alone', () => {
    expect(texturize('[code]"x"[/code] "y"', WITH_CODE)).toBe('[code]"x"[/code] &#8220;y&#8221;')
    expect(texturize('[code]"x"[/code]', CORE)).toBe('[code]&#8221;x&#8221;[/code]')
  })
})

describe('texturize on hostile text', () => {
  // 10,000 and 80,000 units (up to 320 KB), each size run as often as the smaller needs to take 10 ms of CPU: eight
  // times the text takes about 8 times as long when linear, 64 when quadratic.
  const UNITS = 10_000
  const repeated = (unit: string) => {
    const texts = new Map<number, string>()
    return (n: number) => texts.get(n) ?? (texts.set(n, unit.repeat(n)), texts.get(n) as string)
  }
  test.each([['"'], ["'"], ['--'], ['<'], ['<!--'], ['[caption '], ['[caption <'], ['1x'], ['1.'], ['x1'], ["a'b"], ['"1" ']])('many %j take time linear in the text', (unit) => {
    const text = repeated(unit)
    expect(growthRepeated((n) => texturize(text(n), WITH_CODE), UNITS)).toBeLessThan(20)
  })
  test('the measure tells a quadratic texturize from a linear one at these sizes', () => {
    // A texturize that read the text again every 125 units: what each row above would measure if it were quadratic.
    const text = repeated("a'b")
    const rereading = (n: number) => {
      for (let at = 125; at <= n; at += 125) texturize(text(at), WITH_CODE)
    }
    expect(growthRepeated(rereading, UNITS / 8, 4)).toBeGreaterThan(20)
  })
  test('100 KB of quotes, dashes and tags takes well under 0.1 s', () => {
    const text = `"it's" -- 6'2" <b>x</b> [caption a="1"]8x8[/caption] ...`.repeat(2000).slice(0, 100_000)
    texturize(text, WITH_CODE)
    const start = process.cpuUsage()
    texturize(text, WITH_CODE)
    const used = process.cpuUsage(start)
    expect((used.user + used.system) / 1000).toBeLessThan(100)
  })
})

// the_content runs wptexturize after do_blocks and before wpautop and do_shortcode (priority 11).
describe('bodies, excerpts and titles are texturized where WordPress texturized them', () => {
  const env = () => earlyRenderEnv({ rendered: {}, removed: {}, dropped: {}, kept: {}, missingAttachments: [] }, {})
  test.each([
    ['a classic body, before its paragraphs', 'He said "hi"\n\nBye...', '<p>He said &#8220;hi&#8221;</p>\n<p>Bye&#8230;</p>\n'],
    ['a block body', '<!-- wp:paragraph -->\n<p>"Block" -- text</p>\n<!-- /wp:paragraph -->', '<p>&#8220;Block&#8221; &#8212; text</p>'],
    ['the text in a caption, not the shortcode or its output', '[caption width="3"]<img src="/a.jpg?x=1&y=2" /> "Cat"[/caption]', '<figure class="wp-caption alignnone" style="width: 3px"><img src="/a.jpg?x=1&#038;y=2" /><figcaption class="wp-caption-text">&#8220;Cat&#8221;</figcaption></figure>\n'],
    ['a shortcode of a plugin the site had, kept as written', '[my_box title="it\'s"]"x"[/my_box]', '<p>&#8220;x&#8221;</p>\n'],
    ['code', '<pre>"a" -- b</pre>\n\n<code>x--y</code>', '<pre>"a" -- b</pre>\n<p><code>x--y</code></p>\n'],
  ])('%s', (_, raw, html) => {
    expect(renderBody(raw, 1, env()).html).toBe(html)
  })
  test('the teaser before <!--more-->', () => {
    expect(renderBody("It's here<!--more-->rest", 1, env()).moreText).toBe('It\u2019s here')
  })
  // Found by the review of this change: formulas and code were curled where WordPress left them alone.
  test('a [latex] formula is not typography (Jetpack adds latex to no_texturize_shortcodes)', () => {
    expect(renderBody('Euler: [latex]f\'\'(x) -- 1...3x4 "a"[/latex] -- done', 1, env()).html).toContain('f\'\'(x) -- 1...3x4 "a"')
    expect(renderBody('Euler: [latex]x[/latex] -- done', 1, env()).html).toContain('&#8212; done')
  })
  test('code in a SyntaxHighlighter shortcode stays as written in the teaser', () => {
    expect(renderBody("[sourcecode language=\"js\"]var a = \"x\" -- 'y';[/sourcecode]\n\nIt's before<!--more-->after", 1, env()).moreText).toBe("var a = \"x\" -- 'y'; It\u2019s before")
  })
  test("an import: the title as plain text with WordPress's characters, the excerpts texturized, the slug from the title as written", async () => {
    const head = '<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title><link>https://t.example</link><wp:wxr_version>1.2</wp:wxr_version>'
    const item = (id: number, title: string, body: string, excerpt: string) =>
      `<item><title>${title}</title><dc:creator>a</dc:creator><wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2020-01-01 00:00:00</wp:post_date_gmt><wp:status>publish</wp:status><wp:post_type>post</wp:post_type><wp:post_name></wp:post_name><content:encoded><![CDATA[${body}]]></content:encoded><excerpt:encoded><![CDATA[${excerpt}]]></excerpt:encoded></item>`
    const xml = head + item(1, 'Don\'t "panic" -- 8x8...', 'Body', "Its 'own' excerpt") + item(2, 'Two', "It's the body's text", '') + '</channel></rss>'
    const { payload } = await importWordPress(Readable.from([Buffer.from(xml)]), { generatedAt: '2026-01-01T00:00:00Z' })
    const [one, two] = payload.content.posts
    expect(one.title).toBe('Don\u2019t \u201cpanic\u201d \u2014 8\u00d78\u2026')
    // sanitize_title drops the apostrophe (it gave don-t-panic-8x8 before).
    expect(one.slug).toBe('dont-panic-8x8')
    expect(one.excerpt).toBe('Its \u2018own\u2019 excerpt')
    expect(two.excerpt).toBe('It\u2019s the body\u2019s text')
  })
})

const TOKENS = [
  '"', "'", '"', "'", '-', '--', '---', '...', '..', 'x', '8', '90', '1.5', '0', '12,5', ' ', ' ', ' ', '\n', '\t', '\u00a0',
  '&nbsp;', '&', '&amp;', '&lt;', '&gt;', '&#8217;', 'it', 'word', 's', 'xn', '(', ')', '[', ']', '{', '}', '.', ',', '!',
  '?', ';', ':', '%', '<p>', '</p>', '<pre>', '</pre>', '<code>', '</code>', '<PRE>', '<pre class="a">', '<!-- c -->',
  '<!--', '-->', '<a href="x?a=1&b=2">', '</a>', '[caption width="3"]', '[/caption]', '[code]', '[/code]', '[[caption]]',
  '[foo a="b"]', "''", '``', ' (tm)', "'tis", "'em", '<', '>', '<br />', '<script>', '</script>', '<kbd>', '</kbd>',
  '<tt>', '<style>', 'é', '’', '[gallery <b>]', '[caption <x]', '</ pre>', '<pre', '\r', '0x', '1x2', '2x',
]

const CHARS = [...' !"#$%&\'()*+,-./0123456789:;<=>?@ABCx[\\]^_`abnpr{|}~\n\t\u00a0é']

describe.skipIf(!oracleReady)(againstWordPress("texturize agrees with WordPress's wptexturize"), () => {
  test('on thousands of generated texts', () => {
    // Runs of tokens, and runs of single characters (every ASCII punctuation mark among them).
    const tokens = fc.array(fc.constantFrom(...TOKENS), { maxLength: 24 }).map((parts) => parts.join(''))
    const chars = fc.array(fc.constantFrom(...CHARS), { maxLength: 30 }).map((parts) => parts.join(''))
    const cases = fc.sample(fc.tuple(fc.oneof(tokens, chars), fc.boolean()), { numRuns: 8000, seed: 20261127 })
    const printed = askWordPress('wptexturize-oracle.php', cases.map(([t, code]) => [t, [...(code ? WITH_CODE : CORE)]]))
    const differ = cases.flatMap(([t, code], i) => {
      const ours = texturize(t, code ? WITH_CODE : CORE)
      return ours === printed[i] ? [] : [{ text: t, code, ours, wordpress: printed[i] }]
    })
    expect(differ.slice(0, 5)).toEqual([])
  })
})
