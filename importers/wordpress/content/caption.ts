import { escapeAttribute } from './html.js'
import type { ShortcodeAttrs } from './plugin-shortcodes.js'

const INT_MAX = 2n ** 63n - 1n
const INT_MIN = -(2n ** 63n)

// PHP's leading-numeric string: whitespace, a sign, digits with an optional fraction, an optional exponent.
const LEADING_NUMBER = /^[ \t\n\r\v\f]*([+-]?(?:\d+(?:\.\d*)?|\.\d+)([eE][+-]?\d+)?)/

/**
 * A string as PHP 8's `(int)` reads it: its leading number (`+300`, `1e3` → 1000, `300px` → 300), truncated toward
 * zero and held to a 64-bit integer's range; 0 when it opens with none.
 * @example
 * phpInt('1.9e3') // 1900n
 */
export function phpInt(value: string): bigint {
  const m = LEADING_NUMBER.exec(value)
  if (!m) return 0n
  const integral = /^[+-]?\d+$/.test(m[1])
  // More than 19 digits past the zeros is out of range: not read as a BigInt, whose reading grows faster than its
  // length (a million digits of width: 157 ms).
  if (integral && m[1].length - (/^[+-]?0*/.exec(m[1])?.[0].length ?? 0) > 19) return m[1].startsWith('-') ? INT_MIN : INT_MAX
  const n = integral ? BigInt(m[1]) : toIntegerPart(Number(m[1]))
  return n > INT_MAX ? INT_MAX : n < INT_MIN ? INT_MIN : n
}

function toIntegerPart(n: number): bigint {
  if (n >= 2 ** 63) return INT_MAX
  if (n <= -(2 ** 63)) return INT_MIN
  return BigInt(Math.trunc(n))
}

const isPcreSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\v' || c === '\f' || c === '\r'

/** Where the `[^>]+>` after `from` ends (its `>`), or -1 when no such run is there. */
function tagEnd(text: string, from: number): number {
  const end = text.indexOf('>', from)
  return end > from ? end : -1
}

const startsWithAt = (text: string, at: number, word: string) => text.slice(at, at + word.length).toLowerCase() === word

/**
 * The image, optionally linked, that a caption's content holds and the text after it, as WordPress's
 * img_caption_shortcode finds them (`#((?:<a [^>]+>\s*)?<img [^>]+>(?:\s*</a>)?)(.*)#is`: not anchored, so text
 * before the image is dropped), in time linear in the content; undefined when it holds no image.
 * @example
 * captionParts('Intro <img src="/a.jpg" /> A cat') // { image: '<img src="/a.jpg" />', rest: ' A cat' }
 */
export function captionParts(content: string): { image: string; rest: string } | undefined {
  const lower = content.toLowerCase()
  const img = firstImage(content, lower)
  if (!img) return undefined
  // A link that opens right before an image starts the match earlier than the first image alone does.
  let start = img.start
  let end = img.end
  let gt = -1
  for (let a = lower.indexOf('<a '); a >= 0 && a < img.start; a = lower.indexOf('<a ', a + 1)) {
    if (gt < a + 3) gt = content.indexOf('>', a + 3)
    if (gt < 0) break
    if (gt === a + 3) continue
    let at = gt + 1
    while (isPcreSpace(content[at])) at++
    const linked = startsWithAt(lower, at, '<img ') ? tagEnd(content, at + 5) : -1
    if (linked >= 0) {
      start = a
      end = linked + 1
      break
    }
  }
  let close = end
  while (isPcreSpace(content[close])) close++
  if (startsWithAt(lower, close, '</a>')) end = close + 4
  return { image: content.slice(start, end), rest: content.slice(end) }
}

function firstImage(content: string, lower: string): { start: number; end: number } | undefined {
  for (let at = lower.indexOf('<img '); at >= 0; at = lower.indexOf('<img ', at + 1)) {
    const gt = tagEnd(content, at + 5)
    if (gt >= 0) return { start: at, end: gt + 1 }
    // No `>` after this one: none after any later one either, unless this one is `<img >`.
    if (content[at + 5] !== '>') return undefined
  }
  return undefined
}

// PHP's trim(): space, tab, newline, carriage return, NUL, vertical tab.
const phpTrim = (s: string) => s.replace(/^[ \t\n\r\0\v]+/, '').replace(/[ \t\n\r\0\v]+$/, '')

/**
 * `[caption]` as WordPress's img_caption_shortcode prints it: the caption is the `caption` attribute, else the text
 * after the content's image (the content is then the image alone, text before it dropped); without a width of at
 * least 1 (read as PHP's `(int)` does) or without caption text, only the content, no figure.
 * @example
 * renderCaption({ named: { id: 'x' }, numeric: [] }, '<img src="/a.jpg" /> A cat') // '<img src="/a.jpg" />'
 */
export function renderCaption(a: ShortcodeAttrs, content: string): string {
  let image = content ?? ''
  let text = a.named.caption
  if (text === undefined) {
    const parts = captionParts(image)
    text = parts ? phpTrim(parts.rest) : ''
    if (parts) image = parts.image
  }
  const width = phpInt(a.named.width ?? '')
  // PHP's empty(): '' and '0' are no caption.
  if (width < 1n || text === '' || text === '0') return image
  const id = a.named.id ? ` id="${escapeAttribute(a.named.id)}"` : ''
  const align = a.named.align ?? 'alignnone'
  const caption = `<figcaption class="wp-caption-text">${text}</figcaption>`
  return `<figure${id} class="wp-caption ${escapeAttribute(align)}" style="width: ${width}px">${image}${caption}</figure>`
}
