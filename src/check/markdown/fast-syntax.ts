// Small pieces of CommonMark syntax shared by the fast reader's block and inline parts, written to agree with
// micromark (the tokenizer under remark-parse) rather than with any looser reading.

/** Thrown inside the fast reader when a body needs remark; caught at its entry. */
export const BAIL = Symbol('bail')

/** HTML block kind 1: elements whose content may hold blank lines. */
export const HTML_RAW_NAMES = ['pre', 'script', 'style', 'textarea']

/** HTML block kind 6: the block-level element names of CommonMark 0.31. */
export const HTML_BLOCK_NAMES = new Set(
  (
    'address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt ' +
    'fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link ' +
    'main menu menuitem nav noframes ol optgroup option p param search section summary table tbody td tfoot th thead ' +
    'title tr track ul'
  ).split(' '),
)

export function isAsciiAlpha(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)
}

export function isAsciiAlphanumeric(c: number): boolean {
  return isAsciiAlpha(c) || (c >= 0x30 && c <= 0x39)
}

export function isAsciiPunctuation(c: number): boolean {
  return (c >= 0x21 && c <= 0x2f) || (c >= 0x3a && c <= 0x40) || (c >= 0x5b && c <= 0x60) || (c >= 0x7b && c <= 0x7e)
}

/** ASCII control characters, which CommonMark treats like whitespace in a few places. */
export function isAsciiControl(c: number): boolean {
  return c < 0x20 || c === 0x7f
}

/** A link label as CommonMark compares them: whitespace collapsed, trimmed, case-folded. */
export function normalizeLabel(label: string): string {
  return label
    .replace(/[\t\n\r ]+/g, ' ')
    .replace(/^ | $/g, '')
    .toLowerCase()
    .toUpperCase()
}

/**
 * A link label `[…]` at `p`, within one line (`[p, le)`): its text and the offset after `]`; null when it is not a
 * label; BAIL when it runs past the line (labels may span lines, which the fast reader leaves to remark).
 */
export function parseLabel(src: string, p: number, le: number): { text: string; end: number } | null | typeof BAIL {
  let seen = false
  for (let q = p + 1; q < le; q++) {
    const c = src.charCodeAt(q)
    if (q - p - 1 > 999) return null
    if (c === 0x5b) return null
    if (c === 0x5d) return seen ? { text: src.slice(p + 1, q), end: q + 1 } : null
    if (c !== 0x20 && c !== 0x09) seen = true
    if (c === 0x5c && q + 1 < le) {
      const d = src.charCodeAt(q + 1)
      if (d === 0x5b || d === 0x5c || d === 0x5d) q++
    }
  }
  return BAIL
}

/**
 * A link destination at `p` (`<…>` or a run with balanced parentheses, at most `maxDepth` deep), within one line:
 * the offset after it, or -1 when there is none; its URL, backslash escapes decoded as remark decodes them, is left
 * in `destination.url` (one link at a time, and no object per link: a blog has a hundred thousand). Destinations
 * holding something that looks like a character reference (`&amp;`) are left to remark (BAIL), which knows the two
 * thousand HTML entity names.
 */
export function parseDestination(src: string, p: number, end: number, maxDepth: number): number | typeof BAIL {
  let special = false
  if (src.charCodeAt(p) === 0x3c) {
    for (let q = p + 1; q < end; q++) {
      const c = src.charCodeAt(q)
      if (c === 0x3e) return decodeDestination(src, p + 1, q, special) ? q + 1 : BAIL
      // A line ending ends `<…>` too: then it is not a destination.
      if (c === 0x3c || c === 0x0a) return -1
      if (c === 0x26) special = true
      if (c === 0x5c) {
        special = true
        const d = src.charCodeAt(q + 1)
        if (q + 1 < end && (d === 0x3c || d === 0x3e || d === 0x5c)) q++
      }
    }
    return -1
  }
  let depth = 0
  let q = p
  for (; q < end; q++) {
    const c = src.charCodeAt(q)
    if (depth === 0 && (c === 0x29 || c === 0x20 || c === 0x09 || c === 0x0a)) break
    if (c === 0x28) {
      if (depth >= maxDepth) return -1
      depth++
    } else if (c === 0x29) depth--
    else if (isAsciiControl(c) || c === 0x20) return -1
    else if (c === 0x26) special = true
    else if (c === 0x5c) {
      special = true
      // An escaped parenthesis or backslash does not count towards the balance.
      const d = src.charCodeAt(q + 1)
      if (q + 1 < end && (d === 0x28 || d === 0x29 || d === 0x5c)) q++
    }
  }
  if (q === p || depth > 0) return -1
  return decodeDestination(src, p, q, special) ? q : BAIL
}

/** The URL of the last destination `parseDestination` read. */
export const destination = { url: '' }

function decodeDestination(src: string, from: number, to: number, special: boolean): boolean {
  let url = src.slice(from, to)
  if (!special) {
    destination.url = url
    return true
  }
  if (url.includes('&') && /&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/.test(url)) return false
  if (url.includes('\\')) url = url.replace(/\\([!-/:-@[-`{-~])/g, '$1')
  destination.url = url
  return true
}

/**
 * A link title (`"…"`, `'…'` or `(…)`) at `p`, before `end`: the offset after it, null when there is none, BAIL when
 * it runs onto another line (titles may, which the fast reader leaves to remark).
 */
export function parseTitle(src: string, p: number, end: number): number | null | typeof BAIL {
  const open = src.charCodeAt(p)
  const close = open === 0x28 ? 0x29 : open
  if (open !== 0x22 && open !== 0x27 && open !== 0x28) return null
  for (let q = p + 1; q < end; q++) {
    const c = src.charCodeAt(q)
    if (c === close) return q + 1
    if (c === 0x0a) return BAIL
    if (c === 0x5c && q + 1 < end && (src.charCodeAt(q + 1) === close || src.charCodeAt(q + 1) === 0x5c)) q++
  }
  return null
}
