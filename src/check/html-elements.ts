/** What check reads of HTML elements, shared by its two HTML readers (html.ts, html-fast.ts). */

/** A URL an HTML element uses: a link (`a`, `area`, `iframe`), an image (`img`) or other media. */
export interface HtmlRef {
  kind: 'link' | 'image' | 'media'
  url: string
  /** Offset of the element's `<`. */
  offset: number
  /** Images: the element has no `alt` attribute (an empty one marks a decorative image and is fine). */
  noAlt?: boolean
}

/** An element whose name starts with a capital letter, as JSX components do. */
export interface CapitalizedTag {
  name: string
  offset: number
  closing: boolean
  selfClosing: boolean
}

/** What the HTML parser finds in a piece of HTML; offsets are into that piece. */
export interface HtmlScan {
  refs: HtmlRef[]
  /** `[start, end)` pairs of what a reader never sees as text: comments and the content of `pre`, `code`, scripts… */
  masks: number[]
  /** `[start, end)` pairs of text outside masks. */
  texts: number[]
  tags: CapitalizedTag[]
  /** How many masking elements are still open at the end (a `<code>` closed in a later inline tag). */
  openMasks: number
}

// Elements whose content is shown verbatim or not at all: template syntax in them is an example, not a leak.
export const MASKING = new Set(['pre', 'code', 'kbd', 'samp', 'script', 'style', 'textarea', 'template', 'noscript', 'xmp', 'plaintext', 'listing'])

/** The elements (in lower case) whose URLs check reads: each attribute, with the kind of URL it holds. */
export const URL_ATTRIBUTES = new Map<string, readonly (readonly [string, HtmlRef['kind']])[]>([
  ['a', [['href', 'link']]],
  ['area', [['href', 'link']]],
  ['iframe', [['src', 'link']]],
  ['img', [['src', 'image'], ['srcset', 'image']]],
  ['source', [['src', 'media'], ['srcset', 'media']]],
  ['video', [['src', 'media'], ['poster', 'media']]],
  ['audio', [['src', 'media']]],
  ['track', [['src', 'media']]],
  ['embed', [['src', 'media']]],
  ['object', [['data', 'media']]],
])

/**
 * For each lower-case first letter, the lengths (bit n for length n) of the element names the readers look at (also
 * the raw-text elements of htmlparser2's tokenizer).
 * Lower-casing keeps an ASCII name's length and first letter, and turns no other character into an ASCII one
 * but the Kelvin sign (into `k`, one for one).
 */
const NAME_LENGTHS = new Uint32Array(26)
for (const name of [...URL_ATTRIBUTES.keys(), ...MASKING, 'svg', 'math', 'title', 'noembed', 'noframes']) NAME_LENGTHS[name.charCodeAt(0) - 0x61] |= 1 << name.length

/**
 * The element name at `[start, end)` as written, or '' when it is none the readers look at: one written in lower
 * case whose first letter and length no name of URL_ATTRIBUTES, MASKING, foreign content or raw text has (most
 * elements: `p`, `div`, `li`, `h2`…), so that their names are not copied out.
 */
export function tagName(html: string, start: number, end: number): string {
  const c = html.charCodeAt(start)
  const length = end - start
  if (c >= 0x61 && c <= 0x7a && (length >= 32 || (NAME_LENGTHS[c - 0x61] & (1 << length)) === 0)) return ''
  return html.slice(start, end)
}

export function isCapitalized(name: string): boolean {
  const c = name.charCodeAt(0)
  return c >= 0x41 && c <= 0x5a
}

/** The URLs of a `srcset` (`a.png 1x, b.png 2x`). */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = []
  for (const candidate of srcset.split(/,\s+|,$/)) {
    const url = candidate.trim().split(/\s+/)[0]
    if (url) urls.push(url)
  }
  return urls
}
