import { decodeHTML } from 'entities'
import { Parser } from 'htmlparser2'
import { boundOpenElements } from '../../../src/html-depth.js'

/** Escapes text for a double-quoted HTML attribute. */
export function escapeAttribute(text: string): string {
  return text.replace(/&(?!(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);)/gi, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Escapes text for HTML element content; entities already written stay as they are. */
export function escapeText(text: string): string {
  return text.replace(/&(?!(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * Plain text of an HTML fragment, read by the HTML parser as a browser reads it: comments, scripts and styles
 * dropped, tags removed (a `>` inside a quoted attribute value does not end one, and a `<` that starts no tag is
 * text), block tags a word break, entities decoded, and whitespace collapsed. Used for excerpts and for names
 * WordPress stores HTML-escaped.
 * @example
 * htmlToText('<p>Fish &amp; <b>chips</b></p>') // 'Fish & chips'
 */
export function htmlToText(html: string): string {
  const text = html.includes('<') ? parsedText(html) : html.includes('&') ? decodeHTML(html) : html
  // The same as replacing every run of /\s+/ with one space, but a lone space (most of them) is not a match.
  return text.replace(/\s{2,}|[^\S ]/g, ' ').trim()
}

// Elements whose tags separate words; the dropped ones separate words too, and their text is not prose.
const BREAKING = new Set(['p', 'div', 'br', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'figure', 'figcaption', 'blockquote', 'tr', 'td', 'th', 'pre'])
const DROPPED = new Set(['script', 'style'])

/** htmlparser2's Parser with at most `MAX_OPEN_ELEMENTS` elements open (see `boundOpenElements`). */
class BoundedParser extends Parser {
  override onopentagname(start: number, endIndex: number): void {
    boundOpenElements(this)
    super.onopentagname(start, endIndex)
  }
}

// One parser, reset for each fragment: building a parser per call costs more than most fragments take to read.
let collected = ''
let dropped = 0
const textParser = new BoundedParser(
  {
    onopentagname(name) {
      if (DROPPED.has(name)) dropped++
      if (BREAKING.has(name) || DROPPED.has(name)) collected += ' '
    },
    onclosetag(name) {
      if (DROPPED.has(name)) dropped = Math.max(0, dropped - 1)
      if (BREAKING.has(name) || DROPPED.has(name)) collected += ' '
    },
    ontext(part) {
      if (dropped === 0) collected += part
    },
    oncomment() {
      collected += ' '
    },
  },
  { decodeEntities: true },
)

function parsedText(html: string): string {
  collected = ''
  dropped = 0
  textParser.reset()
  // A tag or comment the input ends inside (a cut head) gives no text. The parser is synchronous: no other call
  // can use it before this one returns.
  textParser.end(html)
  const text = collected
  collected = ''
  return text
}

/**
 * A URL from an attribute with its `&`s as written: editors write `&amp;`, wptexturize `&#038;` (`&#38;`, `&#x26;`
 * alike); nothing else in the URL is decoded.
 * @example
 * urlAmpersands('/a?x=1&#038;y=2') // '/a?x=1&y=2'
 */
export function urlAmpersands(url: string): string {
  return url.includes('&') ? url.replace(/&(?:amp|#0*38|#x0*26);/gi, '&') : url
}

/**
 * Decodes the HTML entities WordPress leaves in titles and term names (`Fish &amp; Chips`) and trims.
 * @example
 * decodeEntities('Fish &amp; Chips') // 'Fish & Chips'
 */
export function decodeEntities(text: string): string {
  return text.includes('&') ? decodeHTML(text).trim() : text.trim()
}

// `\sname\s*=\s*` for each attribute name read, in any case: where a value of it starts.
const ATTRIBUTE_STARTS = new Map<string, RegExp>()

/**
 * Where the next value of the attribute `name` starts in a tag's source at or after `from` (past the blank before the
 * name, the name in any case, `=` and the blanks around it), or -1. Each call reads on from where the last one
 * stopped, so a loop over every value of a tag, however many there are, reads it once.
 * @example
 * attributeValueAt('<img SRC = "a.jpg">', 'src') // 11
 */
export function attributeValueAt(tag: string, name: string, from = 0): number {
  return attributeAt(tag, name, from)?.value ?? -1
}

/** The next `\sname\s*=\s*` at or after `from`: where it starts (its blank) and where its value starts. */
function attributeAt(tag: string, name: string, from: number): { start: number; value: number } | undefined {
  let re = ATTRIBUTE_STARTS.get(name)
  if (!re) ATTRIBUTE_STARTS.set(name, (re = new RegExp(`\\s${name}\\s*=\\s*`, 'gi')))
  re.lastIndex = from
  const m = re.exec(tag)
  return m === null ? undefined : { start: m.index, value: re.lastIndex }
}

/**
 * Reads the value of `name` from an HTML tag's source, entities decoded, or `undefined`: the first value quoted and
 * closed, or (unless `quoted`) written bare up to a blank or `>`, where a quote never closed counts as a bare one's
 * first character. What `/\sname\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i` (without its last branch when `quoted`)
 * matched first.
 * @example
 * attributeOf('<img src="a.jpg" width=300>', 'width') // '300'
 */
export function attributeOf(tag: string, name: string, quoted = false): string | undefined {
  // A match that gives no value is retried from the character after its start, as the expression was: its value's
  // first characters may be the blank and name of the next (`src= src="a.jpg"`).
  for (let m = attributeAt(tag, name, 0); m !== undefined; m = attributeAt(tag, name, m.start + 1)) {
    const at = m.value
    const quote = tag[at]
    const close = quote === '"' || quote === "'" ? tag.indexOf(quote, at + 1) : -1
    if (close >= 0) return decodeEntities(tag.slice(at + 1, close))
    if (quoted) continue
    let end = at
    while (end < tag.length && tag[end] !== '>' && !isSpace(tag.charCodeAt(end))) end++
    if (end > at) return decodeEntities(tag.slice(at, end))
  }
  return undefined
}

/**
 * Whether `html` may hold a `<pre>` or `<code>` element (`<pre` or `<code`, in any case, then whitespace or `>`):
 * one look at each `<`, so that bodies without either skip splitting around them.
 * @example
 * hasPreOrCode('<p>a</p><CODE>x</CODE>') // true
 */
export function hasPreOrCode(html: string): boolean {
  for (let i = html.indexOf('<'); i >= 0; i = html.indexOf('<', i + 1)) {
    const name = (html.charCodeAt(i + 1) | 0x20) === 0x70 /* p */ ? 'pre' : (html.charCodeAt(i + 1) | 0x20) === 0x63 /* c */ ? 'code' : ''
    if (name === '' || html.slice(i + 1, i + 1 + name.length).toLowerCase() !== name) continue
    const after = html.charCodeAt(i + 1 + name.length)
    if (after === 0x3e || isSpace(after)) return true
  }
  return false
}

/** Whether the UTF-16 unit `c` is what JavaScript's `\s` matches: ASCII whitespace, Unicode spaces, line and paragraph separators, BOM. */
export function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13)
  if (c < 160) return false
  return c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
}

// Elements that show media, not prose: figures hold images, captions, galleries and embeds in both editors.
const MEDIA_OPEN = /<(figure|iframe|audio|video|object|embed|noscript)[\s>/]/i

// The classes of the table and pullquote blocks' figures, whose text WordPress's excerpt reads (excerpt_remove_blocks).
const PROSE_FIGURE_CLASS = /\bwp-block-(?:table|pullquote)\b/i

/**
 * Whether a `<figure …>` tag is a table or pullquote block's: a class value (quoted or not, read to the next quote or
 * `>`) names `wp-block-table` or `wp-block-pullquote`. Values that end at the same quote are read once, from the
 * first, so a tag of many `class=` takes time linear in its length.
 * @example
 * isProseFigure('<figure class="wp-block-table is-style-stripes">') // true
 */
export function isProseFigure(tag: string): boolean {
  let read = 0
  for (let at = attributeValueAt(tag, 'class'); at >= 0; at = attributeValueAt(tag, 'class', at)) {
    const from = tag[at] === '"' || tag[at] === "'" ? at + 1 : at
    // A value starting before the end of one already read lies inside it.
    if (from < read) continue
    read = from
    while (read < tag.length && !'"\'>'.includes(tag[read])) read++
    if (PROSE_FIGURE_CLASS.test(tag.slice(from, read))) return true
  }
  return false
}

/**
 * HTML without its media elements (figures with their captions, galleries, iframes, audio, video; not the table and
 * pullquote blocks' figures), whole and nested ones included, so that an excerpt is taken from prose only, as
 * WordPress's own excerpts are. An element left open (a cut head) is removed to the end.
 * @example
 * withoutMedia('<figure><img src="a.jpg"><figcaption>A cat</figcaption></figure><p>Hello</p>') // '<p>Hello</p>'
 */
export function withoutMedia(html: string): string {
  if (!html.includes('<') || !MEDIA_OPEN.test(html)) return html
  let out = ''
  let at = 0
  const tag = /<(\/?)(figure|iframe|audio|video|object|embed|noscript)(?=[\s>/])[^>]*>/gi
  let depth = 0
  let name = ''
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    const element = m[2].toLowerCase()
    if (depth === 0) {
      if (m[1] || (element === 'figure' && isProseFigure(m[0]))) continue
      out += html.slice(at, m.index) + ' '
      name = element
      depth = element === 'embed' || m[0].endsWith('/>') ? 0 : 1
      at = m.index + m[0].length
      continue
    }
    if (element !== name) continue
    depth += m[1] ? -1 : 1
    if (depth === 0) at = m.index + m[0].length
  }
  return depth > 0 ? out : out + html.slice(at)
}
