/**
 * WordPress's typography (`wptexturize`, as WordPress 6.1 runs it on the content, excerpts and titles it prints):
 * straight quotes become curly ones, `--` and `---` dashes, `...` an ellipsis, `6'` and `6"` primes, `8x8` a times
 * sign, each as the numeric entity WordPress prints (`&#8220;`). HTML tags and comments, registered shortcodes' own
 * tags, and the text inside `<pre>`, `<code>`, `<kbd>`, `<style>`, `<script>`, `<tt>` and the `[code]` shortcode are
 * left alone; a stray `&` becomes `&#038;`, in tags too. Written from reading wp-includes/formatting.php (wptexturize,
 * wptexturize_primes, _wptexturize_pushpop_element) and checked against it on generated text
 * (test/importers/wordpress/texturize.test.ts); every step runs in time linear in the text.
 */

const NO_TEXTURIZE_TAGS = ['pre', 'code', 'kbd', 'style', 'script', 'tt']
const NO_TEXTURIZE_SHORTCODES = ['code']

const OPEN_DOUBLE = '&#8220;'
const CLOSE_DOUBLE = '&#8221;'
const OPEN_SINGLE = '&#8216;'
const CLOSE_SINGLE = '&#8217;'
const APOSTROPHE = '&#8217;'
const PRIME = '&#8242;'
const DOUBLE_PRIME = '&#8243;'
const EN_DASH = '&#8211;'
const EM_DASH = '&#8212;'

// Marks of a quote's or an apostrophe's place while later steps run; the text between tags holds no `<`, so none is
// ever the text's own.
const OPEN_DOUBLE_MARK = '<!--oq-->'
const OPEN_SINGLE_MARK = '<!--osq-->'
const APOSTROPHE_MARK = '<!--apos-->'
const QUOTE_OR_PRIME_MARK = '<!--wp-prime-or-quote-->'

// WordPress's spaces (wp_spaces_regexp), its string start and end (PCRE's \A, and \Z: the end or a last newline).
const SP = '(?:[\\r\\n\\t ]|\\u00a0|&nbsp;)'
const START = '(?<![\\s\\S])'
const END = '(?=\\n?(?![\\s\\S]))'
// What may follow a closing quote: the end, punctuation, `&gt;` or a space.
const CLOSER_FOLLOWS = `(?=${END}|[.,:;!?)}\\-\\]]|&gt;|${SP})`

// Words that open with an apostrophe, not a quote ('tis, 'til, 'em), replaced wherever they are, as WordPress does.
const COCKNEY = ["'tain't", "'twere", "'twas", "'tis", "'twill", "'til", "'bout", "'nuff", "'round", "'cause", "'em"]

const STATIC_REPLACEMENTS: Array<[string, string]> = [
  ['...', '&#8230;'],
  ['``', OPEN_DOUBLE],
  ["''", CLOSE_DOUBLE],
  [' (tm)', ' &#8482;'],
  ...COCKNEY.map((word): [string, string] => [word, word.replaceAll("'", APOSTROPHE)]),
]

const re = (source: string) => new RegExp(source, 'g')

// In WordPress's order; each runs over the whole text the one before left.
const APOSTROPHE_STEPS: Array<[RegExp, string]> = [
  // '99' and '99" at the end of a quotation: an abbreviated year.
  [re(`'(\\d\\d)'${CLOSER_FOLLOWS}`), `${APOSTROPHE_MARK}$1${CLOSE_SINGLE}`],
  [re(`'(\\d\\d)"${CLOSER_FOLLOWS}`), `${APOSTROPHE_MARK}$1${CLOSE_DOUBLE}`],
  // '99, '99s: an apostrophe, but not in '9, '99%, '999 or '99.0.
  [re(`'(?=\\d\\d(?:${END}|(?![%\\d]|[.,]\\d)))`), APOSTROPHE_MARK],
  // A quoted number: '0.42'.
  [re(`(?<=${START}|${SP})'(\\d[.,\\d]*)'`), `${OPEN_SINGLE_MARK}$1${CLOSE_SINGLE}`],
  // An opening quote: at the start, or after ( [ { " - &lt; or a space.
  [re(`(?<=${START}|[([{"\\-]|&lt;|${SP})'`), OPEN_SINGLE_MARK],
  // An apostrophe inside a word.
  [re(`(?<!${SP})'(?!${END}|[.,:;!?"'(){}[\\]\\-]|&[lg]t;|${SP})`), APOSTROPHE_MARK],
]

const QUOTE_STEPS: Array<[RegExp, string]> = [
  [re(`(?<=${START}|${SP})"(\\d[.,\\d]*)"`), `${OPEN_DOUBLE_MARK}$1${CLOSE_DOUBLE}`],
  [re(`(?<=${START}|[([{\\-]|&lt;|${SP})"(?!${SP})`), OPEN_DOUBLE_MARK],
]

const DASH_STEPS: Array<[RegExp, string]> = [
  [/---/g, EM_DASH],
  [re(`(?<=${START}|${SP})--(?=(?![\\s\\S])|\\n(?![\\s\\S])|${SP})`), EM_DASH],
  [/(?<!xn)--/g, EN_DASH],
  [re(`(?<=${START}|${SP})-(?=(?![\\s\\S])|\\n(?![\\s\\S])|${SP})`), EN_DASH],
]

// An `&` that starts no entity.
const BARE_AMPERSAND = /&(?!#(?:\d+|x[a-f0-9]+);|[a-z1-4]{1,8};)/gi

const replaceAll = (text: string, steps: Array<[RegExp, string]>) => steps.reduce((t, [pattern, by]) => t.replace(pattern, by), text)

/** The shortcodes a site registered; `none` when it is known that the text holds none. */
export interface ShortcodeNames {
  has(name: string): boolean
  none?: boolean
}

/**
 * The text as WordPress's `wptexturize` prints it. `shortcodes` are the shortcodes the site registered: their tags
 * are left as written (an unregistered one is text like any other); the text inside `noTexturize` ones is left alone
 * (WordPress's `no_texturize_shortcodes`: `[code]` unless plugins add theirs).
 * @example
 * texturize('"Hi" -- it\'s 6\'', new Set()) // '&#8220;Hi&#8221; &#8212; it&#8217;s 6&#8242;'
 */
export function texturize(text: string, shortcodes: ShortcodeNames, noTexturize: readonly string[] = NO_TEXTURIZE_SHORTCODES): string {
  const tags: string[] = []
  const codes: string[] = []
  const cut = new Cutter(text, shortcodes)
  // Only what changes is copied: most pieces of most bodies stay as they are.
  let out = ''
  let copied = 0
  const put = (from: number, to: number, by: string) => {
    out += text.slice(copied, from) + by
    copied = to
  }
  const between = (from: number, to: number) => {
    if (to <= from || tags.length > 0 || codes.length > 0 || !mayChange(text, from, to)) return
    const piece = text.slice(from, to)
    const printed = texturizeText(piece)
    if (printed !== piece) put(from, to, printed)
  }
  let textFrom = 0
  let amp = text.indexOf('&')
  while (cut.next()) {
    const { start, end, kind } = cut
    between(textFrom, start)
    textFrom = end
    if (kind === 'tag') {
      while (amp >= 0 && amp < start) amp = text.indexOf('&', amp + 1)
      let tag: string | undefined
      if (amp >= 0 && amp < end) {
        tag = text.slice(start, end)
        const escaped = tag.replace(BARE_AMPERSAND, '&#038;')
        if (escaped !== tag) put(start, end, escaped)
        tag = escaped
      }
      if (tags.length > 0 || NO_TEXTURIZE_FIRST.includes(text[start + 1])) pushPop(tag ?? text.slice(start, end), tags, NO_TEXTURIZE_TAGS)
    } else if (kind === 'shortcode') pushPop(text.slice(start, end), codes, noTexturize)
  }
  between(textFrom, text.length)
  return copied === 0 ? text : out + text.slice(copied)
}

/**
 * Whether text[from, to) holds anything a replacement needs: a quote, an `&`, a backtick, a dash, `...`, `(tm)` or
 * a digit, `x` and a digit (a piece of white space only, which WordPress leaves as it is, holds none).
 */
function mayChange(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    switch (text.charCodeAt(i)) {
      case 39: /* ' */ case 34: /* " */ case 38: /* & */ case 96: /* ` */ case 45: /* - */
        return true
      case 46: /* . */
        if (text.startsWith('..', i + 1)) return true
        break
      case 40: /* ( */
        if (text.startsWith('tm)', i + 1)) return true
        break
      case 120: /* x */
        if (isDigit(text[i - 1]) && isDigit(text[i + 1]) && i > from && i + 1 < to) return true
    }
  }
  return false
}

// The first letters of the elements left alone: an opening tag starting with none of them is none of them.
const NO_TEXTURIZE_FIRST = [...new Set(NO_TEXTURIZE_TAGS.map((name) => name[0]))].join('')

/** Text between tags, none of which is inside an element or shortcode left alone. */
function texturizeText(text: string): string {
  let t = text
  for (const [from, to] of STATIC_REPLACEMENTS) {
    // The words that open with an apostrophe come last.
    if (from[0] === "'" && !t.includes("'")) continue
    if (t.includes(from)) t = t.replaceAll(from, to)
  }
  if (t.includes("'")) {
    t = replaceAll(t, APOSTROPHE_STEPS)
    t = primes(t, "'", PRIME, OPEN_SINGLE_MARK, CLOSE_SINGLE)
    t = t.replaceAll(APOSTROPHE_MARK, APOSTROPHE).replaceAll(OPEN_SINGLE_MARK, OPEN_SINGLE)
  }
  if (t.includes('"')) {
    t = replaceAll(t, QUOTE_STEPS)
    t = primes(t, '"', DOUBLE_PRIME, OPEN_DOUBLE_MARK, CLOSE_DOUBLE)
    t = t.replaceAll(OPEN_DOUBLE_MARK, OPEN_DOUBLE)
  }
  if (t.includes('-')) t = replaceAll(t, DASH_STEPS)
  if (/\dx\d/.test(t)) t = timesSigns(t)
  return t.replace(BARE_AMPERSAND, '&#038;')
}

const PRIME_PATTERNS = {
  "'": { closer: re(`'${CLOSER_FOLLOWS}`), afterDigit: /(?<=\d)'/g },
  '"': { closer: re(`"${CLOSER_FOLLOWS}`), afterDigit: /(?<=\d)"/g },
}

/**
 * The quotes left after the opening ones are marked: in each stretch after an opening quote, a closing quote or a
 * prime (`6'`, `6"`), as wptexturize_primes decides it; a stretch with several candidates closes at the one not after
 * a digit, else at the last one before a period, else at the last one.
 */
function primes(text: string, needle: "'" | '"', prime: string, open: string, close: string): string {
  const { closer, afterDigit } = PRIME_PATTERNS[needle]
  const mark = QUOTE_OR_PRIME_MARK
  const sentences = text.split(open).map((sentence, i) => {
    let s = sentence
    if (!s.includes(needle)) return s
    if (i !== 0 && !s.includes(close)) {
      let candidates = 0
      s = s.replace(closer, () => (candidates++, mark))
      if (candidates > 1) {
        let notAfterDigit = 0
        s = s.replace(/(?<!\d)<!--wp-prime-or-quote-->/g, () => (notAfterDigit++, close))
        if (notAfterDigit === 0) {
          const at = s.includes(`${mark}.`) ? s.lastIndexOf(`${mark}.`) : s.lastIndexOf(mark)
          s = s.slice(0, at) + close + s.slice(at + mark.length)
        }
        s = s.replace(afterDigit, prime).replace(/(?<=\d)<!--wp-prime-or-quote-->/g, prime).replaceAll(mark, close)
      } else if (candidates === 1) s = s.replaceAll(mark, close).replace(afterDigit, prime)
      else s = s.replace(afterDigit, prime)
    } else s = s.replace(afterDigit, prime).replace(closer, close)
    if (needle === '"') s = s.replaceAll('"', close)
    return s
  })
  return sentences.join(open)
}

const isWordChar = (c: string | undefined) => c !== undefined && /^\w$/.test(c)
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9'
const isNumberChar = (c: string | undefined) => isDigit(c) || c === '.' || c === ','

/**
 * `9x9` with a times sign (`\b(\d[\d.,]*)x(\d[\d.,]*)\b`, a number opening with 0 needing a second character, so
 * never `0x9999`), by one pass over the runs of digits, periods and commas: the pattern backtracked along each run.
 */
function timesSigns(text: string): string {
  let out = ''
  let copied = 0
  let at = 0
  while (at < text.length) {
    if (!isNumberChar(text[at])) {
      at++
      continue
    }
    let end = at
    while (isNumberChar(text[end])) end++
    const left = text[end] === 'x' ? leftOperand(text, at, end) : -1
    const right = left >= 0 ? rightOperandEnd(text, end + 1) : -1
    if (right < 0) {
      at = end + (text[end] === 'x' ? 1 : 0)
      continue
    }
    out += text.slice(copied, end) + '&#215;' + text.slice(end + 1, right)
    copied = right
    at = right
  }
  return copied === 0 ? text : out + text.slice(copied)
}

/** Where in the run [from, end) the left number starts: a digit at a word's start (a lone 0 does not count), or -1. */
function leftOperand(text: string, from: number, end: number): number {
  for (let s = from; s < end; s++) {
    if (!isDigit(text[s]) || isWordChar(text[s - 1])) continue
    if (text[s] === '0' && end - s < 2) continue
    return s
  }
  return -1
}

/** Where the right number, from `from`, ends at a word boundary, as far along its run as one is; -1 when none is. */
function rightOperandEnd(text: string, from: number): number {
  if (!isDigit(text[from])) return -1
  let end = from
  while (isNumberChar(text[end])) end++
  for (let k = end; k > from; k--) if (isWordChar(text[k - 1]) !== isWordChar(text[k])) return k
  return -1
}

/**
 * An element or shortcode that stops texturizing until it closes: an opening tag whose name (up to its first space,
 * else all but its last character, as WordPress reads it; case counts) is listed goes on the stack, and a closing tag
 * takes it off when it is the last one on.
 */
function pushPop(tag: string, stack: string[], names: readonly string[]): void {
  const opening = tag.length > 1 && tag[1] !== '/'
  if (!opening && stack.length === 0) return
  const from = opening ? 1 : 2
  const space = tag.indexOf(' ')
  const name = space < 0 ? tag.slice(from, -1) : tag.slice(from, space)
  if (!names.includes(name)) return
  if (opening) stack.push(name)
  else if (stack[stack.length - 1] === name) stack.pop()
}

/**
 * Cuts the text into HTML comments, tags (each to its `>`, else to the end) and registered shortcodes' tags, as
 * wptexturize splits it; the text between is what lies between them. `next()` finds the next one (`start`, `end`,
 * `kind`), false when none is left.
 */
class Cutter {
  start = 0
  end = 0
  kind: 'comment' | 'tag' | 'shortcode' | 'escaped-shortcode' = 'tag'
  // Where the next `[` is (-1: none is left, or no shortcode is registered).
  #bracket: number
  // Where the next `<` is (-1: none is left).
  #lt: number

  constructor(
    readonly text: string,
    readonly shortcodes: ShortcodeNames,
  ) {
    this.#bracket = shortcodes.none === true ? -1 : text.indexOf('[')
    this.#lt = text.indexOf('<')
  }

  next(): boolean {
    const { text } = this
    if (this.#lt >= 0 && this.#lt < this.end) this.#lt = text.indexOf('<', this.end)
    const tag = this.#lt
    while (this.#bracket >= 0 && this.#bracket < this.end) this.#bracket = text.indexOf('[', this.#bracket + 1)
    while (this.#bracket >= 0 && (tag < 0 || this.#bracket < tag)) {
      const start = this.#bracket
      const end = shortcodeEnd(text, start, this.shortcodes)
      this.#bracket = text.indexOf('[', start + 1)
      if (end >= 0) {
        this.kind = text.startsWith('[[', start) || text.startsWith(']]', end - 2) ? 'escaped-shortcode' : 'shortcode'
        return this.#found(start, end)
      }
    }
    if (tag < 0) return false
    const comment = text.startsWith('!--', tag + 1)
    const close = comment ? text.indexOf('-->', tag + 2) : text.indexOf('>', tag + 1)
    this.kind = comment ? 'comment' : 'tag'
    return this.#found(tag, close < 0 ? text.length : close + (comment ? 3 : 1))
  }

  #found(start: number, end: number): true {
    this.start = start
    this.end = end
    return true
  }
}

const LONGEST_NAME = 64
const ends = (c: string | undefined) => c === undefined || ' \t\n\v\f\r]/'.includes(c)

/**
 * The end of a registered shortcode's tag at `start` (`[name …]`, `[/name]`, `[[name]]`): the tag holds no `[`, and a
 * `<` only as an element closed before any `]`. -1 when there is none there.
 */
function shortcodeEnd(text: string, start: number, shortcodes: ShortcodeNames): number {
  let at = start + 1
  if (text[at] === '/' || text[at] === '[') at++
  let nameEnd = at
  while (nameEnd - at <= LONGEST_NAME && !ends(text[nameEnd])) nameEnd++
  if (nameEnd === text.length || !shortcodes.has(text.slice(at, nameEnd))) return -1
  for (at = nameEnd; at < text.length; at++) {
    const c = text[at]
    if (c === ']') return text[at + 1] === ']' ? at + 2 : at + 1
    if (c === '[' || c === '>') return -1
    if (c === '<') {
      const close = firstOf(text, at + 1, '[]>')
      if (close < 0 || text[close] !== '>') return -1
      at = close
    }
  }
  return -1
}

function firstOf(text: string, from: number, chars: string): number {
  for (let i = from; i < text.length; i++) if (chars.includes(text[i])) return i
  return -1
}
