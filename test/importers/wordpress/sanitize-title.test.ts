import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { Readable } from 'node:stream'
import { importWordPress } from 'preview-data-sdk/wordpress'
import { removeAccents, sanitizeTitle, slugLocale } from '../../../importers/wordpress/sanitize-title.js'
import { growth } from '../../fuzz/regressions/_growth.js'
import { againstWordPress, askWordPress, oracleReady } from './_php-oracle.js'

// What WordPress 6.1's sanitize_title (the oracle below, run on this machine's WordPress) gave each, its %xx decoded.
describe('sanitizeTitle gives the slug sanitize_title gave', () => {
  test.each([
    ['an apostrophe is dropped, not a dash', "Don't panic", 'dont-panic'],
    ['a typographic one too, and curly quotes, dashes, an ellipsis and a times sign', 'Don\u2019t \u201cpanic\u201d \u2014 8\u00d78\u2026', 'dont-panic-8x8'],
    ['straight quotes, a double dash and periods', 'Don\'t "panic" -- 8x8...', 'dont-panic-8x8'],
    ['accents', 'Crème brûlée à la française', 'creme-brulee-a-la-francaise'],
    ['letters remove_accents spells out', 'Æsir Œuvre Straße Łódź', 'aesir-oeuvre-strase-lodz'],
    ['punctuation is dropped, a slash is a dash', 'Q&A: a/b, (c)!', 'qa-a-b-c'],
    ['entities are dropped whole', 'Fish &amp; Chips &#8217;n&nbsp;more', 'fish-chips-n-more'],
    ['tags are dropped without a space', 'Hello<b>World</b>', 'helloworld'],
    ['a percent sign only as an octet', '100% & 50%25', '100-50%25'],
    ['letters beyond Latin stay', '日本語のタイトル', '日本語のタイトル'],
    ['Cyrillic and Greek keep their accents', 'Йогурт Άλφα', 'йогурт-άλφα'],
    ['a capital sigma is a medial one, as PHP 8.2 lower-cases it', 'ΟΔΟΣ ΜΑΣ', 'οδοσ-μασ'],
    ['underscores stay, other blanks go', 'snake_case\tand\nlines', 'snake_caseandlines'],
    ['200 bytes of UTF-8, each beyond ASCII counted three times', 'é'.repeat(10) + 'ж'.repeat(40), 'e'.repeat(10) + 'ж'.repeat(31)],
    ['nothing left', '\u2019\u2026!', ''],
    ['decomposed accents are composed first, as remove_accents does where PHP has intl', 'man\u0303ana n\u0303 A\u030a', 'manana-n-a'],
  ])('%s', (_, title, slug) => {
    expect(sanitizeTitle(title)).toBe(slug)
  })
  test('remove_accents leaves letters it has no rule for', () => {
    expect(removeAccents('Ḃ ǧ ĳ ŀ Ș ư ạ')).toBe('Ḃ ǧ ij l S u a')
  })
  test.each([['&'], ['&a'], ['&\n;'], ['<'], ['%'], ['é'], ['-.']])('many %j take time linear in the title', (unit) => {
    expect(growth((n) => sanitizeTitle(unit.repeat(n) + ';'), 10_000)).toBeLessThan(20)
  })
})

// remove_accents spells some letters its own way in a site locale (WordPress 6.1's formatting.php). What WordPress
// 6.1's sanitize_title gave each with get_locale() returning the locale (sanitize-title-oracle.php, %xx decoded).
describe("sanitizeTitle follows the site locale's remove_accents rules", () => {
  test.each([
    ['German umlauts and ß in de_DE', 'Ärger über Öl, Übel, süß Straße', 'de_DE', 'aerger-ueber-oel-uebel-suess-strasse'],
    ['every locale starting with de', 'Ärger über Öl, Übel, süß Straße', 'de_CH_informal', 'aerger-ueber-oel-uebel-suess-strasse'],
    ['Austrian German', 'Ärger über Öl, Übel, süß Straße', 'de_AT', 'aerger-ueber-oel-uebel-suess-strasse'],
    ['English rules elsewhere', 'Ärger über Öl, Übel, süß Straße', 'en_US', 'arger-uber-ol-ubel-sus-strase'],
    ['the German rule alone in de', 'Ärger Ærø Đorđe', 'de', 'aerger-aero-dorde'],
    ['Danish Æ Ø Å in da_DK', 'Ærø Øl Ås blåbær', 'da_DK', 'aeroe-oel-aas-blaabaer'],
    ['not in Norwegian', 'Ærø Øl Ås blåbær', 'nb_NO', 'aero-ol-as-blabaer'],
    ['Catalan l·l in ca, lower-case only', 'Col·lecció paral·lel L·L ŀl', 'ca', 'colleccio-parallel-l·l-ll'],
    ['not in ca_ES', 'Col·lecció paral·lel', 'ca_ES', 'col·leccio-paral·lel'],
    ['l·l read from the left, once', 'l·l·l ŀ·l', 'ca', 'll·l-l·l'],
    ['Serbian Đ in sr_RS', 'Đorđe Đoković', 'sr_RS', 'djordje-djokovic'],
    ['and in bs_BA', 'Đorđe Đoković', 'bs_BA', 'djordje-djokovic'],
    ['not in Croatian', 'Đorđe Đoković', 'hr', 'dorde-dokovic'],
  ])('%s', (_, title, locale, slug) => {
    expect(sanitizeTitle(title, locale)).toBe(slug)
  })
  test.each([
    ['de-DE', 'de_DE'],
    ['de-CH-informal', 'de_CH_informal'],
    ['ca', 'ca'],
    [' da-DK ', 'da_DK'],
    ['', ''],
  ])("an export's <language> %j is the locale %j", (language, locale) => {
    expect(slugLocale([{ language }, { language: 'en-US' }])).toBe(locale)
  })
  test('an import in German: a post, a page, a category and a tag without a slug get German ones', async () => {
    const xml = `<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title><link>https://t.example</link><language>de-DE</language><wp:wxr_version>1.2</wp:wxr_version>
<wp:category><wp:term_id>3</wp:term_id><wp:category_nicename></wp:category_nicename><wp:category_parent></wp:category_parent><wp:cat_name>Äpfel</wp:cat_name></wp:category>
<item><title>Schöne Grüße</title><dc:creator>a</dc:creator><wp:post_id>1</wp:post_id><wp:post_date_gmt>2020-01-01 00:00:00</wp:post_date_gmt><wp:status>publish</wp:status><wp:post_type>post</wp:post_type><wp:post_name></wp:post_name><content:encoded>x</content:encoded><category domain="category" nicename=""><![CDATA[Grüße]]></category><category domain="post_tag"><![CDATA[Größe]]></category></item>
<item><title>Über uns</title><dc:creator>a</dc:creator><wp:post_id>2</wp:post_id><wp:post_date_gmt>2020-01-01 00:00:00</wp:post_date_gmt><wp:status>publish</wp:status><wp:post_type>page</wp:post_type><wp:post_name></wp:post_name><content:encoded>y</content:encoded></item>
</channel></rss>`
    const { payload } = await importWordPress(Readable.from([Buffer.from(xml)]), { generatedAt: '2026-01-01T00:00:00Z' })
    expect(payload.content.posts.map((p) => p.slug)).toEqual(['schoene-gruesse'])
    expect(payload.content.pages.map((p) => p.slug)).toEqual(['ueber-uns'])
    expect(payload.content.categories.map((c) => c.slug).sort()).toEqual(['aepfel', 'gruesse'])
    expect(payload.content.tags.map((t) => t.slug)).toEqual(['groesse'])
  })
})

/** A slug as WordPress writes it: each byte beyond ASCII as `%xx`. */
const encoded = (slug: string) => slug.replace(/[^\x00-\x7f]/gu, (c) => [...Buffer.from(c)].map((b) => `%${b.toString(16)}`).join(''))

const TOKENS = [
  "'", '\u2019', '"', '\u201c', '&', '&amp;', '&#8217;', '&nbsp;', '&ndash;', ';', '<b>', '</b>', '<', '>', '<!-- c -->', '%',
  '%20', '%e2', ' ', '  ', '\n', '\t', '.', '..', '/', '-', '--', '_', 'Café', 'ß', 'Æ', 'ŀ', 'Ș', 'ệ', '日本', '×', '…',
  '\u2013', '\u2014', '\u00a0', '\u2009', '\u00ad', '\u200b', 'A', 'z', '9', '!', '?', ',', ':', '(', ')', '€', '£', '©',
  'Ж', 'ά', 'e\u0301', '\u{1f600}', 'x', '8x8', 'Don\'t', 'İ', '\\', '<?', '<?xml', '<!', '<!DOCTYPE', '<!--', '-->', '?>', 'ΟΔΟΣ',
]

describe.skipIf(!oracleReady)(againstWordPress("sanitizeTitle agrees with WordPress's sanitize_title"), () => {
  const differences = (titles: string[]) => {
    // remove_accents composes a title (NFC) first where PHP has intl, as hosts commonly do; composing here gives this
    // machine's PHP, which may lack it, the title such a WordPress reads.
    const printed = askWordPress('sanitize-title-oracle.php', titles.map((t) => t.normalize('NFC')))
    return titles.flatMap((title, i) => (encoded(sanitizeTitle(title)) === printed[i] ? [] : [{ title, ours: encoded(sanitizeTitle(title)), wordpress: printed[i] }]))
  }
  test('on thousands of generated titles', () => {
    const titles = fc.sample(fc.array(fc.constantFrom(...TOKENS), { maxLength: 16 }).map((parts) => parts.join('')), { numRuns: 5000, seed: 20261127 })
    expect(differences(titles).slice(0, 5)).toEqual([])
  })
  test('in the locales with rules of their own, and one without', () => {
    const titles = fc.sample(fc.array(fc.constantFrom(...TOKENS, 'Ä', 'ä', 'Ö', 'ö', 'Ü', 'ü', 'ß', 'Æ', 'æ', 'Ø', 'ø', 'Å', 'å', 'l·l', 'L·L', '·', 'l', 'Đ', 'đ'), { maxLength: 12 }).map((parts) => parts.join('')), { numRuns: 800, seed: 20261127 })
    for (const locale of ['de_DE', 'de_CH_informal', 'da_DK', 'ca', 'sr_RS', 'bs_BA', 'fr_FR']) {
      const printed = askWordPress('sanitize-title-oracle.php', titles.map((t) => [t.normalize('NFC'), locale]))
      const off = titles.flatMap((title, i) => (encoded(sanitizeTitle(title, locale)) === printed[i] ? [] : [{ locale, title, ours: encoded(sanitizeTitle(title, locale)), wordpress: printed[i] }]))
      expect(off.slice(0, 5)).toEqual([])
    }
  })
  test('on every letter remove_accents reads, and the blocks around them', () => {
    const titles: string[] = []
    for (const [from, to] of [[0xa0, 0x24f], [0x1e00, 0x1eff], [0x2000, 0x20cf], [0x300, 0x36f]]) for (let c = from; c <= to; c++) titles.push(`a${String.fromCodePoint(c)}b`)
    expect(differences(titles).slice(0, 5)).toEqual([])
  })
})
