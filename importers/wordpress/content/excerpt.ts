import { proseText } from './prose.js'
import { detach } from '../detach.js'
import { LIMITS } from '../limits.js'

/**
 * WordPress's automatic excerpt: the first 55 words of the plain text of its prose (media and captions left out), or 110 characters for text written without
 * spaces. Only the head of the body is converted, since a 55-word excerpt never needs more: a short head first,
 * which holds 55 words in nearly every body, then a longer one, then the whole body.
 * @example
 * deriveExcerpt('<p>Hello <b>world</b></p>') // 'Hello world'
 */
export function deriveExcerpt(html: string): string {
  return detach(excerptOf(html))
}

// Heads tried, in UTF-16 units of HTML: 55 words fill about 400 characters of text, which 800 of HTML hold unless
// markup crowds the start (a figure, an embed).
const SHORT_HEAD = 800
const HEAD = 1500

function excerptOf(html: string): string {
  if (html.length > SHORT_HEAD) {
    const head = headOf(html, SHORT_HEAD)
    const words = head === undefined ? undefined : firstWords(proseText(head))
    if (words !== undefined) return words
  }
  const cut = html.length > HEAD
  const head = cut ? headOf(html, HEAD) : html
  if (head === undefined) return deriveExcerptFull(html)
  const text = proseText(head)
  const words = firstWords(text)
  if (words !== undefined) return words
  const chars = spacesIn(text) < 10 ? firstChars(text) : undefined
  if (chars !== undefined) return chars
  // The head held fewer than 55 words: use the whole body, as rare as that is.
  return cut ? deriveExcerptFull(html) : text
}

/**
 * The excerpt of `html` when its text is long enough to be cut (55 words, or 110 characters of text without spaces),
 * so that no HTML after it could change it; else undefined.
 * @example
 * cutExcerpt('<p>Too short</p>') // undefined
 */
export function cutExcerpt(html: string): string | undefined {
  if (html.length > SHORT_HEAD) {
    const head = headOf(html, SHORT_HEAD)
    const words = head === undefined ? undefined : firstWords(proseText(head))
    if (words !== undefined) return detach(words)
  }
  const text = proseText(html)
  const words = firstWords(text)
  if (words !== undefined) return detach(words)
  const chars = spacesIn(text) < 10 ? firstChars(text) : undefined
  return chars === undefined ? undefined : detach(chars)
}

/** The text up to the 55th space, with `…`, or undefined when there are fewer. */
function firstWords(text: string): string | undefined {
  let spaces = 0
  for (let i = text.indexOf(' '); i >= 0; i = text.indexOf(' ', i + 1)) {
    if (++spaces === LIMITS.excerptWords) return text.slice(0, i) + '…'
  }
  return undefined
}

function spacesIn(text: string): number {
  let spaces = 0
  for (let i = text.indexOf(' '); i >= 0; i = text.indexOf(' ', i + 1)) spaces++
  return spaces
}

/**
 * The first `size` units of `html`, cut where its plain text is a prefix of the whole body's: before a tag or a
 * shortcode the cut split. Undefined when the cut falls inside something whose text `htmlToText` drops only whole
 * (a comment, a script or style element): only the whole body then gives the right text.
 */
function headOf(html: string, size: number): string | undefined {
  // A tag left open, and a `[` with no `]` after it (a shortcode the cut may have split), end the head; each cut can
  // leave the other behind (`<img alt="[x`), so both repeat until neither changes it.
  let head = html.slice(0, size)
  for (let before = -1; before !== head.length; ) {
    before = head.length
    head = withoutOpenTag(head)
    const bracket = head.indexOf('[', head.lastIndexOf(']') + 1)
    if (bracket >= 0) head = head.slice(0, bracket)
    head = beforeUnclosedMedia(head)
  }
  // A comment, script or style element the cut split: read the whole body instead. (htmlToText reads HTML as a
  // stream, so a head's text starts the body's text anyway; this check, older than the parser, only costs a few
  // whole-body reads, and never finds an element open that the parser sees closed.)
  const bare = head.includes('<!--') ? head.replace(COMMENT, ' ') : head
  if (bare.includes('<!--')) return undefined
  if (OPENING.test(bare) && OPENING.test(bare.replace(ELEMENT, ' '))) return undefined
  return head
}

// Media shortcodes, whose content the excerpt leaves out up to their closing tag (see `proseText`).
const MEDIA_OPENER = /\[(caption|wp_caption|gallery|embed|audio|video|playlist)\b/gi

/** The head up to the first media shortcode whose closing tag the cut may have left out, since its content goes with it. */
function beforeUnclosedMedia(head: string): string {
  if (!head.includes('[')) return head
  for (const m of head.matchAll(MEDIA_OPENER)) {
    if (!head.includes(`[/${m[1]}]`, m.index)) return head.slice(0, m.index)
  }
  return head
}

// Comments, and script and style elements, by the first end after their start.
const COMMENT = /<!--[\s\S]*?-->/g
const ELEMENT = /<(script|style)[\s>][\s\S]*?<\/\1>/gi
const OPENING = /<(?:script|style)[\s>]/i

// `text.replace(/<[^>]*$/, '')` without the regex's rescans: the first `<` after the last `>` starts the cut tag.
function withoutOpenTag(text: string): string {
  const lt = text.indexOf('<', text.lastIndexOf('>') + 1)
  return lt < 0 ? text : text.slice(0, lt)
}

/** `deriveExcerpt` over the whole body: the first 55 words of its text, else 110 characters of spaceless text, else the text. */
export function deriveExcerptFull(html: string): string {
  return excerptOfText(proseText(html))
}

/**
 * Plain text cut as WordPress cuts an automatic excerpt (`wp_trim_words`): its first 55 words, else 110 characters
 * of text written without spaces, else the whole text.
 * @example
 * excerptOfText('Short teaser') // 'Short teaser'
 */
export function excerptOfText(text: string): string {
  const words = firstWords(text)
  if (words !== undefined) return words
  return (spacesIn(text) < 10 ? firstChars(text) : undefined) ?? text
}

/** The first 110 code points of text written without spaces, with `…`, or undefined when it has no more than that. */
function firstChars(text: string): string | undefined {
  const chars = Array.from(text.slice(0, LIMITS.excerptChars * 2))
  return chars.length > LIMITS.excerptChars ? chars.slice(0, LIMITS.excerptChars).join('') + '…' : undefined
}
