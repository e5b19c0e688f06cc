/**
 * The slug WordPress derives from a title or a term name (`sanitize_title` in the 'save' context, which
 * wp_insert_post gives a post published without a `post_name` and wp_insert_term a term without a slug): accents
 * removed (`remove_accents`, with the site locale's own rules), then `sanitize_title_with_dashes`: tags, entities
 * and most punctuation dropped (`Don't` gives `dont`, `Q&A` gives `qa`), spaces, periods, slashes and dashes a `-`.
 * Written from reading WordPress 6.1's wp-includes/formatting.php and checked against it
 * (test/importers/wordpress/sanitize-title.test.ts). WordPress percent-encodes the characters beyond ASCII it keeps;
 * here they stay characters, as the importer decodes a slug. Linear in the title.
 */

// remove_accents: the letters it changes beyond an accent off an ASCII letter (ß is `s` outside German locales).
const LETTERS: Record<string, string> = {
  '\u00a3': '', ª: 'a', º: 'o', Æ: 'AE', Ð: 'D', Ø: 'O', Þ: 'TH', ß: 's', æ: 'ae', ð: 'd', ø: 'o', þ: 'th', Đ: 'D', đ: 'd',
  Ħ: 'H', ħ: 'h', ı: 'i', Ĳ: 'IJ', ĳ: 'ij', ĸ: 'k', Ŀ: 'L', ŀ: 'l', Ł: 'L', ł: 'l', ŉ: 'n', Ŋ: 'N', ŋ: 'n', Œ: 'OE',
  œ: 'oe', Ŧ: 'T', ŧ: 't', ſ: 's', '€': 'E',
}
// The characters it reads: £ ª º €, and the letters of Latin-1, Latin Extended-A, pinyin, Romanian and Vietnamese.
const ACCENTED = /[\u00a3\u00aa\u00ba\u20ac\u00c0-\u017f\u01a0\u01a1\u01af\u01b0\u01cd-\u01dc\u0218-\u021b\u1ea0-\u1ef9]/g
const NOT_ASCII = /[^\x00-\x7f]/

// The letters remove_accents spells its own way in a site locale (WordPress 6.1): German in every locale starting
// with `de` (de_DE, de_CH, de_AT, formal and informal), Danish in da_DK, Serbian and Bosnian in sr_RS and bs_BA.
// Catalan's (`ca`) is the one rule of more than a letter: `l·l` (ela geminada) is `ll`.
const GERMAN: Record<string, string> = { Ä: 'Ae', ä: 'ae', Ö: 'Oe', ö: 'oe', Ü: 'Ue', ü: 'ue', ß: 'ss' }
const DANISH: Record<string, string> = { Æ: 'Ae', æ: 'ae', Ø: 'Oe', ø: 'oe', Å: 'Aa', å: 'aa' }
const SERBIAN: Record<string, string> = { Đ: 'DJ', đ: 'dj' }

function localeLetters(locale: string): Record<string, string> | undefined {
  if (locale.startsWith('de')) return GERMAN
  if (locale === 'da_DK') return DANISH
  if (locale === 'sr_RS' || locale === 'bs_BA') return SERBIAN
  return undefined
}

/**
 * The WordPress locale (`de_DE`) whose rules sanitize_title followed, from an export's `<language>`: WordPress writes
 * it with `get_bloginfo('language')`, the locale with `-` for `_` (`de-DE`, `ca`), so this is its inverse. Empty
 * when there is none (English rules). The exporting user's locale, where it differs from the site's, is what it shows.
 * @example
 * slugLocale([{ language: 'de-CH-informal' }]) // 'de_CH_informal'
 */
export function slugLocale(channels: ReadonlyArray<{ language: string }>): string {
  return (channels[0]?.language ?? '').trim().replaceAll('-', '_')
}

/**
 * The title without the accents WordPress's `remove_accents` takes off, by its default (English) rules and those of
 * the site `locale` (`de_DE`: `ä` is `ae`; see `slugLocale`), composed (NFC) first as remove_accents does when PHP
 * has the intl extension (formatting.php: normalizer_normalize), as hosts commonly do: a decomposed `n` and tilde is
 * the `ñ` it reads, and gives `n`.
 * @example
 * removeAccents('Crème brûlée') // 'Creme brulee'
 * removeAccents('Größe', 'de_DE') // 'Groesse'
 */
export function removeAccents(title: string, locale = ''): string {
  if (!NOT_ASCII.test(title)) return title
  const own = localeLetters(locale)
  // strtr replaces `l·l` where it starts, left to right, as replaceAll does; what it gives holds no accented letter.
  const composed = locale === 'ca' ? title.normalize('NFC').replaceAll('l\u00b7l', 'll') : title.normalize('NFC')
  return composed.replace(ACCENTED, (c) => own?.[c] ?? LETTERS[c] ?? unaccented(c))
}

function unaccented(c: string): string {
  const base = c.normalize('NFD').replace(/\p{M}+/gu, '')
  return /^[A-Za-z]$/.test(base) ? base : c
}

// The 'save' context: characters that become a `-` (no-break and typographic spaces, en and em dashes, `/`), and
// those dropped (soft hyphen, ¡ ¿, angle and curly quotes, bullet, © ® ° … ™, lone accents, invisible marks).
const TO_DASH = /[\u00a0\u2013\u2014/\u2000-\u200a\u2028\u2029\u202f]|&(?:nbsp|#160|ndash|#8211|mdash|#8212);/g
const DROPPED = /[\u00ad\u00a1\u00bf\u00ab\u00bb\u2039\u203a\u2018\u2019\u201c\u201d\u201a\u201b\u201e\u201f\u2022\u00a9\u00ae\u00b0\u2026\u2122\u00b4\u02ca\u200b-\u200f\u202a-\u202e\ufeff\ufffc]|[\u0300\u0301\u0304\u030c\u0341]/g
// UTF-8 bytes WordPress keeps of a slug (utf8_uri_encode's length, each byte beyond ASCII counted as its `%xx`).
const ENCODED_LENGTH = 200

/**
 * WordPress's slug of a title on a site in `locale` (see `removeAccents`), its characters beyond ASCII as characters:
 * `''` when nothing is left.
 * @example
 * sanitizeTitle('Don\u2019t "panic" -- 8x8...') // 'dont-panic-8x8'
 */
export function sanitizeTitle(title: string, locale = ''): string {
  let t = stripTags(removeAccents(title, locale))
  // `%` only as the start of an octet (`%e2`).
  t = t.replace(/%(?![0-9a-fA-F]{2})/g, '')
  // mb_strtolower before PHP 8.3 has no final sigma: ΟΔΟΣ gives οδοσ.
  t = encodedPrefix(t.replaceAll('Σ', 'σ').toLowerCase())
  t = t.replace(TO_DASH, '-').replace(DROPPED, '').replaceAll('\u00d7', 'x')
  t = withoutEntities(t).replaceAll('.', '-')
  t = t.replace(/[^%a-z0-9 _\-\u0080-\u{10ffff}]/gu, '')
  return t
    .replace(/ +/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
}

/**
 * PHP's `strip_tags`, read from php_strip_tags_ex (PHP 8): a `<` not followed by a blank opens a tag, which a `>`
 * outside quotes closes once as many `>` as it held further `<` are spent (a count that outlives the tag); `<!` opens
 * a declaration, `<!--` a comment closed by `-->`, `<?` an instruction closed by a `?>` outside quotes and
 * parentheses (`<?xml` is a tag). Everything from the `<` to the close is dropped, an unclosed tag to the end. One pass.
 */
function stripTags(text: string): string {
  if (!text.includes('<')) return text
  const s = new TagState()
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (s.state !== 'text') s.read(text, i)
    else if (c === '<' && !isBlank(text[i + 1])) s.open()
    else if (c === '>' && s.depth > 0) s.depth--
    else out += c
  }
  return out
}

const isBlank = (c: string | undefined) => c !== undefined && ' \t\n\v\f\r'.includes(c)
const isQuote = (c: string | undefined) => c === '"' || c === "'"

/** Where strip_tags is: in text, a tag, a declaration (`<!`), a comment or an instruction (`<?`), and what it counts. */
class TagState {
  state: 'text' | 'tag' | 'declaration' | 'comment' | 'instruction' = 'text'
  // `<` read inside tags whose `>` is still to come; the quote a tag is inside of.
  depth = 0
  quote = ''
  // In an instruction: the last quote or parenthesis read (PHP's lc), and open parentheses.
  last = ''
  parentheses = 0
  xml = false

  open(): void {
    this.state = 'tag'
    this.last = '<'
  }

  read(text: string, i: number): void {
    const c = text[i]
    const before = text[i - 1]
    if (this.state === 'comment') {
      if (c === '>' && this.quote === '' && before === '-' && text[i - 2] === '-') this.state = 'text'
    } else if (c === '>') this.close(before)
    else if (isQuote(c)) this.quoted(c, before)
    else if (this.state === 'tag') {
      if (c === '<' && this.quote === '' && !isBlank(text[i + 1])) this.depth++
      else if (c === '!' && before === '<') this.state = 'declaration'
      else if (c === '?' && before === '<') {
        this.state = 'instruction'
        this.parentheses = 0
      }
    } else if (this.state === 'declaration') {
      if (c === '-' && before === '-' && text[i - 2] === '!') this.state = 'comment'
      else if ((c === 'e' || c === 'E') && i > 6 && text.slice(i - 6, i).toLowerCase() === 'doctyp') this.state = 'tag'
    } else if (c === '(' || c === ')') {
      if (!isQuote(this.last)) {
        this.last = c
        this.parentheses += c === '(' ? 1 : -1
      }
    } else if ((c === 'l' || c === 'L') && i > 4 && /^<\?[xX][mM]$/.test(text.slice(i - 4, i))) {
      this.state = 'tag'
      this.xml = true
    }
  }

  close(before: string | undefined): void {
    if (this.depth > 0) this.depth--
    else if (this.quote !== '') return
    else if (this.state === 'instruction') {
      if (this.parentheses === 0 && this.last !== '"' && before === '?') this.state = 'text'
    } else {
      if (this.state === 'tag') {
        this.last = '>'
        if (this.xml && before === '-') return
        this.xml = false
      }
      this.state = 'text'
    }
  }

  quoted(c: string, before: string | undefined): void {
    if (this.state === 'instruction' && before !== '\\') {
      if (this.last === c) this.last = ''
      else if (this.last !== '\\') this.last = c
    }
    if (this.state === 'declaration' && before === '\\') return
    if (this.quote === '' || this.quote === c) this.quote = this.quote === '' ? c : ''
  }
}

/** The head of `text` whose UTF-8 encoding, each byte beyond ASCII as `%xx`, fits WordPress's 200. */
function encodedPrefix(text: string): string {
  let length = 0
  let end = 0
  for (const c of text) {
    const code = c.codePointAt(0) as number
    const bytes = code < 0x80 ? 1 : 3 * (code < 0x800 ? 2 : code < 0x10000 ? 3 : 4)
    if (length + bytes > ENCODED_LENGTH) break
    length += bytes
    end += c.length
  }
  return text.slice(0, end)
}

/**
 * Without entities as WordPress kills them (`/&.+?;/`: an `&`, at least one character on its line, the first `;`
 * after), read in one pass.
 */
function withoutEntities(text: string): string {
  if (!text.includes('&')) return text
  let out = ''
  let from = 0
  let semicolon = -1
  let newline = -1
  for (let at = text.indexOf('&'); at >= 0; at = text.indexOf('&', at + 1)) {
    if (semicolon < at + 2) semicolon = text.indexOf(';', at + 2)
    if (semicolon < 0) break
    if (newline <= at) newline = text.includes('\n', at + 1) ? text.indexOf('\n', at + 1) : text.length
    if (newline < semicolon) continue
    out += text.slice(from, at)
    from = semicolon + 1
    at = semicolon
  }
  return out + text.slice(from)
}
