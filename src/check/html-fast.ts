import { decodeHTMLAttribute } from 'entities'
import { isCapitalized, MASKING, srcsetUrls, tagName, URL_ATTRIBUTES } from './html-elements.js'
import type { HtmlRef, HtmlScan } from './html-elements.js'

/**
 * Elements whose content htmlparser2's tokenizer reads as raw text (or, for `title` and `textarea`, as text without
 * tags) up to their closing tag. `plaintext` runs to the end of the document and is left to the parser.
 */
const RAW_TEXT = new Set(['script', 'style', 'iframe', 'noembed', 'noframes', 'title', 'textarea', 'xmp'])

/**
 * `scanHtml` for the HTML most bodies hold, in one pass that jumps from `<` to `<` and reads only what is inside tags:
 * text, comments, opening and closing tags with attributes in any quote style, and raw-text elements. It finds what
 * `scanHtml`'s htmlparser2 reading finds (test/check/html.property.test.ts holds the two together) and returns null,
 * for that reading to take over, at anything whose reading by htmlparser2 has a subtlety this pass does not follow:
 * SVG or MathML (foreign content), `<!` other than a comment (doctype, CDATA, bogus comments), `<?`, `</` without a
 * letter, a closing tag with anything between its name and `>`, `plaintext`, and anything left unterminated.
 *
 * On the 34 MB of bodies of the benchmark's 10k payload (531,000 `<`), htmlparser2's Parser took 131 ms of CPU (each
 * tag and attribute a callback, every character inside a tag a state-machine step, every event a Parser method), this
 * pass about 75 ms, of which 18 ms is finding each `<`. Without `keepTexts`, the text ranges are not recorded
 * (`texts` is empty): a body with no Markdown mark in it has no text to read them for.
 * @example
 * scanHtmlFast('<p>See <a href="/about/">us</a></p>', 0)?.refs // [{ kind: 'link', url: '/about/', offset: 7 }]
 */
export function scanHtmlFast(html: string, openMasks: number, keepTexts = true): HtmlScan | null {
  const result: HtmlScan = { refs: [], masks: [], texts: [], tags: [], openMasks }
  let maskStart = openMasks > 0 ? 0 : -1
  /** Where the next event starts, as htmlparser2's Parser counts it: the end of the previous one. */
  let from = 0
  const length = html.length
  const dashes = new Ahead(html, '-->')
  const bang = new Ahead(html, '--!>')
  for (let lt = html.indexOf('<'); lt !== -1; lt = html.indexOf('<', lt + 1)) {
    const c = html.charCodeAt(lt + 1)
    if (isAsciiLetter(c)) {
      const end = readOpenTag(html, lt)
      if (end === -1) return null
      if (keepTexts) text(result, from, lt)
      const { name } = tag
      const lower = name === '' ? '' : name.toLowerCase()
      if (name === 'svg' || name === 'math' || lower === 'plaintext') return null
      const selfClosing = html.charCodeAt(end - 1) === 0x2f
      if (tag.wanted) addRefs(result, tag.wanted, lt)
      if (isCapitalized(name)) result.tags.push({ name, offset: lt, closing: false, selfClosing })
      if (MASKING.has(lower) && !selfClosing && result.openMasks++ === 0) maskStart = end + 1
      from = end + 1
      if (RAW_TEXT.has(lower) && !tag.selfClosing) {
        // The tokenizer's self-closing (a `/` before `>` outside a value) and the parser's (the character before `>`)
        // differ on `<script src=a/>`: left to the parser.
        if (selfClosing) return null
        const close = rawTextEnd(html, end + 1, lower)
        if (close === -1) return null
        if (keepTexts) text(result, from, close)
        const nameEnd = close + 2 + lower.length
        if (html.charCodeAt(nameEnd) !== 0x3e) return null
        closeTag(result, html.slice(close + 2, nameEnd), close, maskStart)
        from = nameEnd + 1
        lt = nameEnd
      } else lt = end
    } else if (c === 0x2f) {
      // `</name>`, nothing between the name and `>`.
      if (!isAsciiLetter(html.charCodeAt(lt + 2))) return null
      let nameEnd = lt + 3
      while (nameEnd < length && !isEndOfTagSection(html.charCodeAt(nameEnd))) nameEnd++
      if (html.charCodeAt(nameEnd) !== 0x3e) return null
      if (keepTexts) text(result, from, lt)
      closeTag(result, tagName(html, lt + 2, nameEnd), lt, maskStart)
      from = nameEnd + 1
      lt = nameEnd
    } else if (c === 0x21) {
      // `<!--` … `-->` (or `--!>`; `<!-->` and `<!--->` end at once); other declarations are left to the parser.
      if (html.charCodeAt(lt + 2) !== 0x2d || html.charCodeAt(lt + 3) !== 0x2d) return null
      const end = commentEnd(html, lt + 4, dashes, bang)
      if (end === -1) return null
      if (keepTexts) text(result, from, lt)
      if (result.openMasks === 0) result.masks.push(lt, end + 1)
      from = end + 1
      lt = end
    } else if (c === 0x3f || lt + 1 === length) {
      return null
    }
    // Any other `<` (`a < b`, `<3`) is text.
  }
  if (keepTexts) text(result, from, length)
  if (result.openMasks > 0) result.masks.push(maskStart, length)
  return result

  function closeTag(scan: HtmlScan, name: string, offset: number, start: number): void {
    if (isCapitalized(name)) scan.tags.push({ name, offset, closing: true, selfClosing: false })
    if (scan.openMasks > 0 && MASKING.has(name.toLowerCase()) && --scan.openMasks === 0) scan.masks.push(start, offset)
  }
}

/** Text from `start` to `end`, unless a masking element is open; contiguous pieces make one range. */
function text(scan: HtmlScan, start: number, end: number): void {
  if (end <= start || scan.openMasks > 0) return
  const texts = scan.texts
  const last = texts.length
  if (last > 0 && texts[last - 1] === start) texts[last - 1] = end
  else texts.push(start, end)
}

/**
 * The opening tag `readOpenTag` read last: its name as `tagName` gives it, and for an element of URL_ATTRIBUTES the
 * attributes check reads (`Wanted`). One object, filled in for each tag: a body has a tag every 65 characters, and an
 * object for each was a sixth of what a check of the benchmark's 10,000-post payload allocated (17 of 101 MB).
 */
interface OpenTag {
  name: string
  /** Whether the tokenizer takes it as self-closing (`/` then `>`, outside any value). */
  selfClosing: boolean
  wanted: Wanted | undefined
}

const tag: OpenTag = { name: '', selfClosing: false, wanted: undefined }

/**
 * The attributes read on one element of URL_ATTRIBUTES (its URL attributes, then `alt`), and the first value of each
 * in the tag being read: compared in place, so that no other attribute's name or value is copied out.
 */
interface Wanted {
  names: readonly string[]
  refs: readonly (readonly [string, HtmlRef['kind']])[]
  values: (string | undefined)[]
}

const WANTED = new Map<string, Wanted>(
  [...URL_ATTRIBUTES].map(([element, refs]) => {
    const names = [...refs.map(([attribute]) => attribute), 'alt']
    return [element, { names, refs, values: names.map(() => undefined) }]
  }),
)

/**
 * Reads the opening tag at `lt` as htmlparser2's tokenizer does (its states from the tag name to `>`: attribute
 * names end at `=`, whitespace, `/` or `>`; values are double-, single- or unquoted; a `/` outside a value is
 * whitespace unless `>` follows) into `tag`. Returns the offset of its `>`, or -1 when the tag does not end.
 */
function readOpenTag(html: string, lt: number): number {
  const length = html.length
  let i = lt + 2
  while (i < length && !isEndOfTagSection(html.charCodeAt(i))) i++
  if (i >= length) return -1
  const name = tagName(html, lt + 1, i)
  const wanted = name === '' ? undefined : WANTED.get(name.toLowerCase())
  wanted?.values.fill(undefined)
  let slash = false
  while (i < length) {
    const c = html.charCodeAt(i)
    if (c === 0x3e) {
      tag.name = name
      tag.selfClosing = slash
      tag.wanted = wanted
      return i
    }
    if (c === 0x2f) {
      slash = true
      i++
      continue
    }
    if (isWhitespace(c)) {
      i++
      continue
    }
    slash = false
    // An attribute name: up to `=`, whitespace, `/` or `>` (its first character may be `=`).
    const nameStart = i
    i++
    while (i < length) {
      const d = html.charCodeAt(i)
      if (d === 0x3d || isEndOfTagSection(d)) break
      i++
    }
    const attribute = wanted ? wantedIndex(html, nameStart, i, wanted.names) : -1
    while (i < length && isWhitespace(html.charCodeAt(i))) i++
    let value = ''
    if (html.charCodeAt(i) === 0x3d) {
      i++
      while (i < length && isWhitespace(html.charCodeAt(i))) i++
      if (i >= length) return -1
      const q = html.charCodeAt(i)
      if (q === 0x22 || q === 0x27) {
        const close = html.indexOf(q === 0x22 ? '"' : "'", i + 1)
        if (close === -1) return -1
        if (attribute !== -1) value = html.slice(i + 1, close)
        i = close + 1
      } else {
        const start = i
        while (i < length) {
          const d = html.charCodeAt(i)
          if (d === 0x3e || isWhitespace(d)) break
          i++
        }
        if (attribute !== -1) value = html.slice(start, i)
      }
    }
    if (attribute !== -1 && wanted && wanted.values[attribute] === undefined) wanted.values[attribute] = value
  }
  return -1
}

/**
 * Which of `names` (in lower case, ASCII, none with a `k`) the attribute name at `[start, end)` is, in any case; -1
 * when none. Lower-casing a name turns no other character into one of theirs (only the Kelvin sign becomes ASCII, `k`).
 */
function wantedIndex(html: string, start: number, end: number, names: readonly string[]): number {
  for (let n = 0; n < names.length; n++) {
    const candidate = names[n]
    if (candidate.length !== end - start) continue
    let k = 0
    while (k < candidate.length && (html.charCodeAt(start + k) | 0x20) === candidate.charCodeAt(k)) k++
    if (k === candidate.length) return n
  }
  return -1
}

/** The refs of an element of URL_ATTRIBUTES at `offset`, as `scanHtml` reads them. */
function addRefs(scan: HtmlScan, { refs, values }: Wanted, offset: number): void {
  for (let n = 0; n < refs.length; n++) {
    const raw = values[n]
    if (raw === undefined) continue
    const [attribute, kind] = refs[n]
    const value = raw.includes('&') ? decodeHTMLAttribute(raw) : raw
    if (attribute === 'srcset') for (const url of srcsetUrls(value)) scan.refs.push({ kind, url, offset })
    else if (kind === 'image') scan.refs.push({ kind, url: value.trim(), offset, noAlt: values[values.length - 1] === undefined })
    else scan.refs.push({ kind, url: value.trim(), offset })
  }
}

/**
 * The offset of the `</name` (any case) that closes a raw-text element whose content starts at `from`, followed by
 * whitespace, `/` or `>`; -1 when there is none. The tokenizer compares `c | 0x20` with each character, so U+000F and
 * U+001C stand for `/` and `<` there: a content holding either is left to the parser (-1).
 */
function rawTextEnd(html: string, from: number, name: string): number {
  for (let lt = html.indexOf('<', from); lt !== -1; lt = html.indexOf('<', lt + 1)) {
    if (html.charCodeAt(lt + 1) !== 0x2f) continue
    let k = 0
    while (k < name.length && (html.charCodeAt(lt + 2 + k) | 0x20) === name.charCodeAt(k)) k++
    if (k < name.length || !isEndOfTagSection(html.charCodeAt(lt + 2 + k))) continue
    const content = html.slice(from, lt)
    return content.includes('\u000f') || content.includes('\u001c') ? -1 : lt
  }
  return -1
}

/**
 * The next occurrence of a string at or after an offset, for offsets that only grow: each search starts where the
 * last one found, so a document of many comments is searched once in all, not once per comment.
 */
class Ahead {
  private at = -2
  constructor(
    private readonly html: string,
    private readonly needle: string,
  ) {}

  from(offset: number): number {
    if (this.at !== -1 && this.at < offset) this.at = this.html.indexOf(this.needle, offset)
    return this.at
  }
}

/**
 * The offset of the `>` that ends a comment whose text starts at `from` (after `<!--`): at the first `-->` or `--!>`;
 * -1 when it does not end.
 */
function commentEnd(html: string, from: number, dashes: Ahead, bang: Ahead): number {
  // `<!-->` and `<!--->` end where they stand.
  if (html.charCodeAt(from) === 0x3e) return from
  if (html.charCodeAt(from) === 0x2d && html.charCodeAt(from + 1) === 0x3e) return from + 1
  const d = dashes.from(from)
  const b = bang.from(from)
  if (d === -1) return b === -1 ? -1 : b + 3
  return b === -1 || d < b ? d + 2 : b + 3
}

function isAsciiLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)
}

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d
}

function isEndOfTagSection(c: number): boolean {
  return c === 0x2f || c === 0x3e || isWhitespace(c)
}
