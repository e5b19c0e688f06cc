import type { MarkdownScan } from './scan.js'
import { BAIL, destination, isAsciiAlpha, isAsciiAlphanumeric, isAsciiControl, isAsciiPunctuation, normalizeLabel, parseDestination, parseLabel, parseTitle } from './fast-syntax.js'

/** What the inline reader shares across the paragraphs and headings of one body. */
export interface InlineContext {
  src: string
  /**
   * Link reference definitions by normalized label (the first of each label): the URL, or null for a GFM footnote's,
   * which makes a reference as in remark but no link.
   */
  definitions: ReadonlyMap<string, string | null>
  scan: MarkdownScan
  /** For each character in STREAMS, its next offset in the body at or after where reading is (`Infinity`: none). */
  next: number[]
  /** The smallest of `next`. */
  nextMin: number
  /** Open brackets of the unit being read, innermost last; reused from unit to unit. */
  openers: Opener[]
  /** Opener objects to reuse: `pool[k]` serves the k-th open bracket. */
  pool: Opener[]
  /** Set when a link was added after refs inside it (its images): refs then need sorting. */
  unordered: boolean
}

/**
 * The characters inline syntax that matters to links starts with: escapes, code spans, autolinks and raw HTML,
 * brackets (`!` is looked at behind a `[`). Emphasis and character references never change where a link is. Each is
 * found with `indexOf`, which searches a one-byte string at memory speed; one regular expression for all five took
 * three times as long on the benchmark's 32 MB.
 */
const STREAMS = ['[', ']', '`', '<', '\\']

/** A fresh set of stream positions for one body. */
export function newStreams(): number[] {
  return STREAMS.map(() => -1)
}

/** An open `[` or `![`: where, and how many refs and HTML nodes the scan had then (an image drops those inside it). */
type Opener = { pos: number; image: boolean; active: boolean; refs: number; html: number }

const BACKSLASH = 0x5c
const BACKTICK = 0x60
const LT = 0x3c
const GT = 0x3e
const BANG = 0x21
const OPEN = 0x5b
const CLOSE = 0x5d
const LPAREN = 0x28
const RPAREN = 0x29
const NL = 0x0a

/**
 * Reads the inline content of one paragraph or heading, `[start, end)` of the body, and adds its links, images, raw
 * HTML and code spans to the scan. `quoted` says the content sits in a block quote, whose `>` markers interleave its
 * lines. Throws BAIL for what it leaves to remark.
 */
export function scanInline(ctx: InlineContext, start: number, end: number, quoted: boolean, group: number): void {
  const { src, scan, openers } = ctx
  if (openers.length > 0) openers.length = 0
  let at = start
  for (;;) {
    const i = nextSpecial(ctx, at)
    if (i >= end) break
    const free = at
    at = i + 1
    switch (src.charCodeAt(i)) {
      case BACKSLASH:
        if (i + 1 < end && isAsciiPunctuation(src.charCodeAt(i + 1))) at = i + 2
        break
      case BACKTICK:
        at = codeSpan(ctx, i, end)
        break
      case LT:
        at = angle(ctx, i, end, group)
        break
      case OPEN: {
        // `![` opens an image, unless the `!` was taken by what came before (an escape, a code span).
        const image = i > start && i - 1 >= free && src.charCodeAt(i - 1) === BANG
        // Opener objects are reused from a pool: one per `[` was a tenth of the allocations of a large blog.
        const n = openers.length
        const opener = ctx.pool[n] ?? (ctx.pool[n] = { pos: 0, image: false, active: true, refs: 0, html: 0 })
        opener.pos = image ? i - 1 : i
        opener.image = image
        opener.active = true
        opener.refs = scan.refs.length
        opener.html = scan.html.length
        openers.push(opener)
        break
      }
      case CLOSE:
        at = closeBracket(ctx, openers, i, end, quoted)
        break
    }
  }
}

/** The offset of the next special character at or after `p`; `p` never decreases within a body. */
function nextSpecial(ctx: InlineContext, p: number): number {
  if (ctx.nextMin >= p) return ctx.nextMin
  const { next, src } = ctx
  let min = Infinity
  for (let k = 0; k < next.length; k++) {
    let at = next[k]
    if (at < p) {
      at = src.indexOf(STREAMS[k], p)
      if (at === -1) at = Infinity
      next[k] = at
    }
    if (at < min) min = at
  }
  ctx.nextMin = min
  return min
}

/** A code span opening at `i`; returns where reading resumes. A run with no closing run of its length is text. */
function codeSpan(ctx: InlineContext, i: number, end: number): number {
  const { src } = ctx
  let k = i
  while (k < end && src.charCodeAt(k) === BACKTICK) k++
  const size = k - i
  let j = k
  for (;;) {
    j = src.indexOf('`', j)
    if (j === -1 || j >= end) return k
    let r = j
    while (r < end && src.charCodeAt(r) === BACKTICK) r++
    if (r - j === size) {
      ctx.scan.code.push(i, r)
      return r
    }
    j = r
  }
}

/** `<` at `i`: an autolink, else raw HTML, else text. */
function angle(ctx: InlineContext, i: number, end: number, group: number): number {
  const auto = autolink(ctx.src, i, end)
  if (auto !== null) {
    ctx.scan.refs.push({ kind: 'link', url: auto.url, offset: i })
    return auto.end
  }
  const html = rawHtml(ctx.src, i, end)
  if (html === -1) return i + 1
  ctx.scan.html.push({ offset: i, value: ctx.src.slice(i, html), block: false, group, groupEnd: end })
  return html
}

/** A URI or e-mail autolink at `i` (micromark's autolink states). */
function autolink(src: string, i: number, end: number): { url: string; end: number } | null {
  const at = (q: number) => (q < end ? src.charCodeAt(q) : -1)
  let q = i + 1
  const c = at(q)
  if (isAsciiAlpha(c)) {
    // A scheme is 2 to 32 characters of letters, digits, `+`, `-`, `.`, then `:`.
    let s = q + 1
    while (s - q < 32 && isSchemeChar(at(s))) s++
    if (s - q >= 2 && at(s) === 0x3a) {
      for (let u = s + 1; u < end; u++) {
        const d = src.charCodeAt(u)
        if (d === GT) return { url: src.slice(q, u), end: u + 1 }
        if (d === 0x20 || d === LT || isAsciiControl(d)) return null
      }
      return null
    }
  } else if (c === 0x40) return null
  // An e-mail address: atext, `@`, then dot-separated labels of letters, digits and inner `-` (at most 63 each).
  while (isAtext(at(q))) q++
  if (at(q) !== 0x40 || q === i + 1) return null
  q++
  for (;;) {
    if (!isAsciiAlphanumeric(at(q))) return null
    let size = 0
    let last = -1
    while (isAsciiAlphanumeric(at(q)) || at(q) === 0x2d) {
      if (++size > 63) return null
      last = at(q)
      q++
    }
    if (last === 0x2d) return null
    if (at(q) === GT) return { url: `mailto:${src.slice(i + 1, q)}`, end: q + 1 }
    if (at(q) !== 0x2e) return null
    q++
  }
}

function isSchemeChar(c: number): boolean {
  return c === 0x2b || c === 0x2d || c === 0x2e || isAsciiAlphanumeric(c)
}

function isAtext(c: number): boolean {
  // micromark's atext: # to ', *, +, - to 9, =, ?, A to Z, ^ to ~.
  return (c >= 0x23 && c <= 0x27) || c === 0x2a || c === 0x2b || (c >= 0x2d && c <= 0x39) || c === 0x3d || c === 0x3f || (c >= 0x41 && c <= 0x5a) || (c >= 0x5e && c <= 0x7e)
}

/**
 * Inline raw HTML at `i` (micromark's html-text states): returns the offset after it, or -1 when `<` is text. Raw
 * HTML may continue past a line ending, which the fast reader leaves to remark.
 */
function rawHtml(src: string, i: number, end: number): number {
  const at = (q: number) => {
    if (q >= end) return -1
    const c = src.charCodeAt(q)
    if (c === NL) throw BAIL
    return c
  }
  // The end of a comment, CDATA section, declaration or instruction; one that is not in the unit makes `<` text.
  // Found past a line ending, it would also hold the `>` markers of a block quote, which remark does not see.
  const until = (needle: string, from: number): number => {
    const j = src.indexOf(needle, from)
    if (j === -1 || j + needle.length > end) return -1
    const nl = src.indexOf('\n', from)
    if (nl !== -1 && nl < j) throw BAIL
    return j + needle.length
  }
  const space = (c: number) => c === 0x20 || c === 0x09
  let q = i + 1
  let c = at(q)
  if (c === BANG) {
    q++
    c = at(q)
    if (c === 0x2d) {
      if (at(q + 1) !== 0x2d) return -1
      // `<!-->`, `<!--->` and `<!-- … -->` are comments: the first `-->` from the opening dashes ends one.
      return until('-->', q)
    }
    if (c === OPEN) {
      if (!src.startsWith('CDATA[', q + 1)) return -1
      return until(']]>', q + 7)
    }
    if (isAsciiAlpha(c)) return until('>', q)
    return -1
  }
  if (c === 0x3f) return until('?>', q + 1)
  if (c === 0x2f) {
    q++
    if (!isAsciiAlpha(at(q))) return -1
    while (isAsciiAlphanumeric(at(q)) || at(q) === 0x2d) q++
    while (space(at(q))) q++
    return at(q) === GT ? q + 1 : -1
  }
  if (!isAsciiAlpha(c)) return -1
  while (isAsciiAlphanumeric(at(q)) || at(q) === 0x2d) q++
  c = at(q)
  if (!(c === 0x2f || c === GT || space(c))) return -1
  // Attributes.
  for (;;) {
    c = at(q)
    if (c === 0x2f) return at(q + 1) === GT ? q + 2 : -1
    if (c === GT) return q + 1
    if (space(c)) {
      q++
      continue
    }
    if (!(c === 0x3a || c === 0x5f || isAsciiAlpha(c))) return -1
    q++
    while ((c = at(q)) === 0x2d || c === 0x2e || c === 0x3a || c === 0x5f || isAsciiAlphanumeric(c)) q++
    while (space(at(q))) q++
    if (at(q) !== 0x3d) continue
    q++
    while (space(at(q))) q++
    c = at(q)
    if (c === -1 || c === LT || c === 0x3d || c === GT || c === BACKTICK) return -1
    if (c === 0x22 || c === 0x27) {
      const close = src.indexOf(String.fromCharCode(c), q + 1)
      const nl = src.indexOf('\n', q + 1)
      if (nl !== -1 && nl < end && (close === -1 || nl < close)) throw BAIL
      if (close === -1 || close >= end) return -1
      q = close + 1
      c = at(q)
      if (!(c === 0x2f || c === GT || space(c))) return -1
      continue
    }
    while ((c = at(q)) !== -1 && !(c === 0x22 || c === 0x27 || c === LT || c === 0x3d || c === BACKTICK || c === 0x2f || c === GT || space(c))) q++
    if (c === -1 || c === 0x22 || c === 0x27 || c === LT || c === 0x3d || c === BACKTICK) return -1
  }
}

/** `]` at `i`: closes the innermost open bracket into a link or image when a destination or definition follows. */
function closeBracket(ctx: InlineContext, openers: Opener[], i: number, end: number, quoted: boolean): number {
  const { src, scan, definitions } = ctx
  const opener = openers[openers.length - 1]
  if (opener === undefined) return i + 1
  if (!opener.active) {
    openers.pop()
    return i + 1
  }
  const labelStart = opener.pos + (opener.image ? 2 : 1)
  let defined: string | null | undefined
  if (definitions.size > 0) {
    const label = src.slice(labelStart, i)
    // Inside a block quote a label that spans lines holds the next line's `>`, which remark does not see.
    if (quoted && label.includes('\n')) throw BAIL
    defined = definitions.get(normalizeLabel(label))
  }
  let url: string | null | undefined
  let after = i + 1
  const next = after < end ? src.charCodeAt(after) : -1
  if (next === LPAREN) {
    const resource = parseResource(src, after, end)
    if (resource !== -1) {
      url = destination.url
      after = resource
    } else url = defined
  } else if (next === OPEN && definitions.size > 0) {
    const line = lineEnd(src, after, end)
    const reference = parseLabel(src, after, line)
    if (reference === BAIL) throw BAIL
    const target = reference === null ? undefined : definitions.get(normalizeLabel(reference.text))
    if (reference !== null && target !== undefined) {
      url = target
      after = reference.end
    } else if (defined !== undefined && src.charCodeAt(after + 1) === CLOSE && after + 1 < end) {
      url = defined
      after += 2
    }
  } else url = defined
  openers.pop()
  if (url === undefined) return i + 1
  if (opener.image) {
    const label = src.slice(labelStart, i)
    if (/[`&[\]]/.test(label)) throw BAIL
    // remark keeps no nodes inside an image's alternative text: drop what the label produced.
    if (scan.refs.length > opener.refs) scan.refs.length = opener.refs
    if (scan.html.length > opener.html) scan.html.length = opener.html
    if (url !== null) scan.refs.push({ kind: 'image', url, offset: opener.pos, noAlt: label.trim() === '' })
  } else {
    // A reference to a footnote's label is a link to remark too, only to no URL.
    if (url !== null) {
      if (scan.refs.length > opener.refs) ctx.unordered = true
      scan.refs.push({ kind: 'link', url, offset: opener.pos })
    }
    // Links may not contain links: the brackets opened before this one are text now.
    for (const o of openers) if (!o.image) o.active = false
  }
  return after
}

/** `(destination "title")` at `p`, within the unit: the offset after it (its URL in `destination.url`), or -1. */
function parseResource(src: string, p: number, end: number): number {
  // Whitespace may hold one line ending, and a title may run onto the next line: such links are left to remark.
  let q = skipSpace(src, p + 1, end)
  if (q >= end) return -1
  let c = src.charCodeAt(q)
  if (c === NL) throw BAIL
  if (c === RPAREN) {
    destination.url = ''
    return q + 1
  }
  const after = parseDestination(src, q, end, 32)
  if (after === BAIL) throw BAIL
  if (after === -1) return -1
  q = skipSpace(src, after, end)
  c = q < end ? src.charCodeAt(q) : -1
  if (c === NL) throw BAIL
  if (q > after && (c === 0x22 || c === 0x27 || c === LPAREN)) {
    const title = parseTitle(src, q, end)
    if (title === BAIL) throw BAIL
    if (title === null) return -1
    q = skipSpace(src, title, end)
    c = q < end ? src.charCodeAt(q) : -1
    if (c === NL) throw BAIL
  }
  return c === RPAREN ? q + 1 : -1
}

function skipSpace(src: string, q: number, end: number): number {
  while (q < end && (src.charCodeAt(q) === 0x20 || src.charCodeAt(q) === 0x09)) q++
  return q
}

function lineEnd(src: string, from: number, end: number): number {
  const nl = src.indexOf('\n', from)
  return nl === -1 || nl > end ? end : nl
}
