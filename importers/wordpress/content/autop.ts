// WordPress's `wpautop` rules, written for speed; `@wordpress/autop` (WordPress's own JavaScript version of them)
// is the reference, and a property test checks this module against it on random and real bodies, byte for byte.
//
// Why not call `@wordpress/autop`, when our guide says not to hand-write what a maintained library does well:
// measured on the generated 10,000-post benchmark export, its ~25 whole-text passes took 0.95 s of the render
// worker's 1.5 s, and that worker is one of the two threads the 2.5 s target leaves us. Most passes look for text a
// given body does not contain (`<script`, `</div>`, `<li`, `\r`…); here each such pass runs only when its literal is
// present. Two steps ran a regular expression per paragraph or per newline (trimming newlines off each paragraph,
// and turning single newlines into `<br />`); here they are plain scans. Every other step is the same rule.

import { isSpace } from './html.js'

// The block-level elements wpautop never wraps in a paragraph.
const ALL_BLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)'
const BLOCK_OPEN = new RegExp(`(<${ALL_BLOCKS}[\\s/>])`, 'g')
const BLOCK_CLOSE = new RegExp(`(</${ALL_BLOCKS}>)`, 'g')
const P_AROUND_BLOCK_TAG = new RegExp(`<p>\\s*(</?${ALL_BLOCKS}[^>]*>)\\s*</p>`, 'g')
const P_BEFORE_BLOCK_TAG = new RegExp(`<p>\\s*(</?${ALL_BLOCKS}[^>]*>)`, 'g')
const P_AFTER_BLOCK_TAG = new RegExp(`(</?${ALL_BLOCKS}[^>]*>)\\s*</p>`, 'g')
const BR_AFTER_BLOCK_TAG = new RegExp(`(</?${ALL_BLOCKS}[^>]*>)\\s*<br />`, 'g')
const BR_BEFORE_CLOSING = /<br \/>(\s*<\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)/g

// A tag, a comment or a CDATA section, as wpautop splits HTML to find newlines inside tags.
const HTML_TAG = /<(?:(?=!--|!\[CDATA\[)(?:(?=!-)!(?:-(?!->)[^-]*)*(?:-->)?|!\[CDATA\[[^\]]*(?:](?!]>)[^\]]*)*?(?:]]>)?)|[^>]*>?)/g
const PARAGRAPH_BREAK = /\n\s*\n/
const PRESERVED_OPENING = /<(script|style|svg|math)/g

// The shortcodes that render block-level HTML; WordPress's `shortcode_unautop` unwraps them from the paragraph
// `wpautop` puts around them, so a figure never ends up inside a <p> (Jetpack's `[slideshow]` is printed as a gallery).
const BLOCK_SHORTCODES = 'caption|wp_caption|gallery|slideshow|embed|audio|video|playlist'
const WRAPPED = new RegExp(`<p>\\s*(\\[(${BLOCK_SHORTCODES})\\b[^\\]]*\\](?:[\\s\\S]*?\\[\\/\\2\\])?)\\s*(?:<br\\s*\\/?>\\s*)?<\\/p>`, 'g')

/**
 * Adds paragraphs to a classic-editor body the way WordPress's `wpautop` does, then `shortcode_unautop`.
 * @example
 * classicAutop('One\n\nTwo') // '<p>One</p>\n<p>Two</p>\n'
 */
export function classicAutop(html: string): string {
  if (html.trim() === '') return ''
  const text = autop(html)
  return text.includes('[') ? text.replace(WRAPPED, '$1') : text
}

/**
 * WordPress's `wpautop` with line breaks on: paragraphs for blank-line-separated text, `<br />` for single
 * newlines, block elements left unwrapped, `<pre>` bodies untouched.
 * @example
 * autop('One\ntwo') // '<p>One<br />\ntwo</p>\n'
 */
export function autop(input: string): string {
  if (input.trim() === '') return ''
  let text = input + '\n'
  // <pre> elements wait outside, as numbered placeholders, until the end (their text is back before the last rule).
  const inputHas = markersOf(text)
  const pre: Array<[number, string]> = []
  const whole = text
  if (inputHas & PRE) text = setAsidePre(text, pre)
  // One pass finds which of the tags the rules look for the text holds at all, instead of a search per rule. Until
  // the <li> rule, no rule joins text into a new tag or removes one of these. The rules WordPress itself runs only
  // when their tag is present also check for it as WordPress does, which costs a search only for bodies that have it.
  // (Setting <pre> aside also drops stray </pre>s, joining the text around them, hence a pass after it.)
  let has = text === whole ? inputHas : markersOf(text)
  if (has & BR) text = text.replace(/<br\s*\/?>\s*<br\s*\/?>/g, '\n\n')
  text = text.replace(BLOCK_OPEN, '\n\n$1').replace(BLOCK_CLOSE, '$1\n\n')
  if (text.includes('\r')) text = text.replace(/\r\n|\r/g, '\n')
  const marked = markNewlinesInTags(text)
  const tagsHadNewlines = marked !== text
  text = marked
  if (has & OPTION && text.includes('<option')) text = text.replace(/(?:(?<!\s)\s+)?<option/g, '<option').replace(/<\/option>\s*/g, '</option>')
  if (has & OBJECT_END && text.includes('</object>')) {
    text = text
      .replace(/(<object[^>]*>)\s*/g, '$1')
      .replace(/(?:(?<!\s)\s+)?<\/object>/g, '</object>')
      .replace(/(?:(?<!\s)\s+)?(<\/?(?:param|embed)[^>]*>)\s*/g, '$1')
  }
  if (has & SOURCE_OR_TRACK && (text.includes('<source') || text.includes('<track'))) {
    text = text
      .replace(/([<[](?:audio|video)[^>\]]*[>\]])\s*/g, '$1')
      .replace(/(?:(?<!\s)\s+)?([<[]\/(?:audio|video)[>\]])/g, '$1')
      .replace(/(?:(?<!\s)\s+)?(<(?:source|track)[^>]*>)\s*/g, '$1')
  }
  // Only the first caption of a body, as in WordPress.
  if (has & FIGCAPTION && text.includes('<figcaption')) text = text.replace(/(?:(?<!\s)\s+)?(<figcaption[^>]*>)/, '$1').replace(/<\/figcaption>\s*/, '</figcaption>')
  if (text.includes('\n\n\n')) text = text.replace(/\n\n+/g, '\n\n')

  // The rules below that need a tag right next to a <p>, </p> or <br /> run only where one is (most paragraphs
  // hold text at both ends).
  text = paragraphs(text)
  if (tagBeside(text, '<p>', AFTER)) text = text.replace(/<p>\s*<\/p>/g, '')
  if (has & DIV_ADDRESS_FORM_END) text = text.replace(/<p>([^<]+)<\/(div|address|form)>/g, '<p>$1</p></$2>')
  if (tagBeside(text, '<p>', AFTER)) text = text.replace(P_AROUND_BLOCK_TAG, '$1')
  if (has & LI) {
    const before = text
    text = unwrapListItems(text)
    // Dropping a </p> joins what was around it, which can make a tag the pass did not see.
    if (text !== before) has = markersOf(text)
  }
  if (has & BLOCKQUOTE) text = text.replace(/<p><blockquote([^>]*)>/gi, '<blockquote$1><p>')
  if (has & BLOCKQUOTE_END) text = text.replaceAll('</blockquote></p>', '</p></blockquote>')
  if (tagBeside(text, '<p>', AFTER)) text = text.replace(P_BEFORE_BLOCK_TAG, '$1')
  if (tagBeside(text, '</p>', BEFORE)) text = text.replace(P_AFTER_BLOCK_TAG, '$1')

  // Newlines inside these elements are not line breaks.
  const preserve = (has & PRESERVED) !== 0
  if (preserve) text = mapPreserved(text, (element) => element.replaceAll('\n', '<WPPreserveNewline />'))
  if (has & BR) text = text.replace(/<br>|<br\/>/g, '<br />')
  text = lineBreaks(text)
  if (preserve || has & PRESERVE_MARKER) text = text.replaceAll('<WPPreserveNewline />', '\n')
  if (tagBeside(text, '<br />', BEFORE)) text = text.replace(BR_AFTER_BLOCK_TAG, '$1')
  if (tagBeside(text, '<br />', AFTER)) text = text.replace(BR_BEFORE_CLOSING, '$1')
  if (text.endsWith('\n</p>')) text = text.slice(0, -5) + '</p>'

  if (pre.length > 0) text = putBackPre(text, pre)
  // After the <pre> texts are back: WordPress turns every marker into a newline, theirs too.
  if (tagsHadNewlines || (has | inputHas) & NEWLINE_MARKER) text = text.replace(/\s?<!-- wpnl -->\s?/g, '\n')
  return text
}

const [PRE, BR, OPTION, OBJECT_END, SOURCE_OR_TRACK, FIGCAPTION, DIV_ADDRESS_FORM_END, LI, PRESERVED, PRESERVE_MARKER, NEWLINE_MARKER, BLOCKQUOTE, BLOCKQUOTE_END] = Array.from(
  { length: 13 },
  (_, i) => 1 << i,
)

// The tags each rule needs.
const MARKERS: Array<[string, number]> = [
  ['<pre', PRE], ['<br', BR], ['<option', OPTION], ['<source', SOURCE_OR_TRACK], ['<track', SOURCE_OR_TRACK], ['<script', PRESERVED],
  ['<style', PRESERVED], ['<svg', PRESERVED], ['<math', PRESERVED], ['<figcaption', FIGCAPTION], ['<li', LI],
  ['<WPPreserveNewline />', PRESERVE_MARKER], ['<!-- wpnl -->', NEWLINE_MARKER], ['</object>', OBJECT_END], ['</div>', DIV_ADDRESS_FORM_END],
  ['</address>', DIV_ADDRESS_FORM_END], ['</form>', DIV_ADDRESS_FORM_END], ['</blockquote>', BLOCKQUOTE_END],
]

// The same tags by the code of the character after their `<` (after `</`, plus 128, for end tags), the key of a tag
// at `text[at]`; 0 when nothing can be, so that most tags are one look at two characters.
const MARKERS_BY_KEY: Array<Array<[string, number]>> = []
for (const marker of MARKERS) (MARKERS_BY_KEY[markerKey(marker[0], 0)] ??= []).push(marker)

function markerKey(text: string, at: number): number {
  const c = text.charCodeAt(at + 1)
  const key = c === 0x2f ? 128 + text.charCodeAt(at + 2) : c
  return key < 256 ? key : 0
}

/**
 * Which of the tags in `MARKERS` `text` holds, as bits, and `<blockquote` in any case (its rule ignores case): one
 * look at each `<` instead of a search per tag.
 */
function markersOf(text: string): number {
  let has = 0
  for (let i = text.indexOf('<'); i >= 0; i = text.indexOf('<', i + 1)) {
    const candidates = MARKERS_BY_KEY[markerKey(text, i)]
    if (candidates !== undefined) for (const [tag, bit] of candidates) if (text.startsWith(tag, i)) has |= bit
    if ((text.charCodeAt(i + 1) | 0x20) === 0x62 /* b */ && (text.charCodeAt(i + 2) | 0x20) === 0x6c /* l */ && text.slice(i + 1, i + 11).toLowerCase() === 'blockquote') has |= BLOCKQUOTE
  }
  return has
}

const AFTER = true
const BEFORE = false

/** Whether some `literal` in `text` has a tag next to it (`<` after it, or `>` before it), whitespace aside. */
function tagBeside(text: string, literal: string, after: boolean): boolean {
  for (let at = text.indexOf(literal); at >= 0; at = text.indexOf(literal, at + literal.length)) {
    if (after) {
      let i = at + literal.length
      while (i < text.length && isSpace(text.charCodeAt(i))) i++
      if (text.charCodeAt(i) === 0x3c) return true
    } else {
      let i = at - 1
      while (i >= 0 && isSpace(text.charCodeAt(i))) i--
      if (text.charCodeAt(i) === 0x3e) return true
    }
  }
  return false
}

const preName = (n: number) => `<pre wp-pre-tag-${n}></pre>`

/**
 * Replaces each `<pre>…</pre>` with a placeholder (`<pre wp-pre-tag-N></pre>`, N its part's number) and keeps the
 * original in `into`, in text order.
 */
function setAsidePre(text: string, into: Array<[number, string]>): string {
  const parts = text.split('</pre>')
  const last = parts.pop() as string
  let out = ''
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]
    const start = part.indexOf('<pre')
    if (start === -1) {
      out += part
      continue
    }
    const name = preName(i)
    into.push([i, part.slice(start) + '</pre>'])
    out += part.slice(0, start) + name
  }
  return out + last
}

const PLACEHOLDER = /<pre wp-pre-tag-(\d+)><\/pre>/g

/** The N of a placeholder's text a `<pre>` ends with (the only place one can be: a `<pre>` ends at its first `</pre>`), or -1. */
function endingName(original: string): number {
  const at = original.lastIndexOf('<pre wp-pre-tag-')
  const digits = at < 0 ? '' : original.slice(at + 16, -7)
  return original.endsWith('></pre>') && /^\d+$/.test(digits) ? Number(digits) : -1
}

/**
 * The `<pre>` elements put back, as `@wordpress/autop` puts them (each name in turn replaces its first occurrence in
 * the text as it then is), in one pass: replacing them one by one searched the text again for each (20,000
 * `<pre></pre>` in a body: 1.8 s; 80,000: 25 s). The first occurrence of a name is its placeholder, unless a `<pre>`
 * already put back before it ends with the same name's text (`<pre x><pre wp-pre-tag-1></pre>`): then that one is
 * replaced, the earliest such, and the placeholder stays as written.
 */
function putBackPre(text: string, pre: ReadonlyArray<[number, string]>): string {
  // For each placeholder put back, its pieces: originals each ending where the next was put in place of its last name.
  const pieces = new Map<number, string[]>()
  // For each name not yet replaced, the placeholders whose text put back so far ends with it.
  const endingWith = new Map<number, number[]>()
  const put = (slot: number, original: string, after: number) => {
    const list = pieces.get(slot) ?? []
    const previous = list.length - 1
    if (previous >= 0) list[previous] = list[previous]!.slice(0, list[previous]!.length - preName(after).length)
    list.push(original)
    pieces.set(slot, list)
    const next = endingName(original)
    if (next > after) {
      const slots = endingWith.get(next)
      if (slots === undefined) endingWith.set(next, [slot])
      else slots.push(slot)
    }
  }
  for (const [n, original] of pre) {
    const earlier = endingWith.get(n)
    endingWith.delete(n)
    put(earlier === undefined ? n : earlier.reduce((a, b) => Math.min(a, b)), original, n)
  }
  return text.replace(PLACEHOLDER, (name, n: string) => pieces.get(Number(n))?.join('') ?? name)
}

/** Newlines inside tags and comments become ` <!-- wpnl --> `, so they survive as newlines, not `<br />`. */
function markNewlinesInTags(text: string): string {
  if (!text.includes('<')) return text
  let out = ''
  let from = 0
  HTML_TAG.lastIndex = 0
  for (let m = HTML_TAG.exec(text); m !== null; m = HTML_TAG.exec(text)) {
    if (!m[0].includes('\n')) continue
    out += text.slice(from, m.index) + m[0].replaceAll('\n', ' <!-- wpnl --> ')
    from = m.index + m[0].length
  }
  return from === 0 ? text : out + text.slice(from)
}

/** Each blank-line-separated piece becomes `<p>piece</p>\n`, without the newlines at its ends. */
function paragraphs(text: string): string {
  let out = ''
  for (const piece of text.split(PARAGRAPH_BREAK)) {
    if (piece === '') continue
    let start = 0
    let end = piece.length
    while (start < end && piece.charCodeAt(start) === 10) start++
    while (end > start && piece.charCodeAt(end - 1) === 10) end--
    out += '<p>' + (start === 0 && end === piece.length ? piece : piece.slice(start, end)) + '</p>\n'
  }
  return out
}

/**
 * wpautop's `(<br />)?\s*\n` rule: in every run of whitespace that holds a newline, the part up to its last newline
 * becomes `<br />\n`, unless the run directly follows a `<br />`.
 */
function lineBreaks(text: string): string {
  let out = ''
  let from = 0
  let i = text.indexOf('\n')
  while (i !== -1) {
    let start = i
    while (start > from && isSpace(text.charCodeAt(start - 1))) start--
    let lastNewline = i
    let end = i + 1
    for (let c = text.charCodeAt(end); end < text.length && isSpace(c); c = text.charCodeAt(++end)) if (c === 10) lastNewline = end
    if (!(start >= 6 && text.startsWith('<br />', start - 6))) {
      out += text.slice(from, start) + '<br />\n'
      from = lastNewline + 1
    }
    i = text.indexOf('\n', end)
  }
  return from === 0 ? text : out + text.slice(from)
}

const LINE_END = /[\n\r\u2028\u2029]/g

/**
 * `text.replace(/<p>(<li.+?)<\/p>/g, '$1')` in linear time: the expression looked along the rest of the line for a
 * `</p>` from every `<p><li`, so a long line of them with none took time in its square (128 KB: 2 s). The nearest
 * `</p>` and line end are found once each and kept while they still lie ahead.
 */
export function unwrapListItems(text: string): string {
  let out = ''
  let from = 0
  let close = -1
  let lineEnd = -1
  let at = text.indexOf('<p><li')
  while (at !== -1) {
    // `.+?` starts after `<p><li` and takes at least one character, none of them a line end.
    const start = at + 6
    if (close < start + 1) close = text.indexOf('</p>', start + 1)
    if (close === -1) break
    if (lineEnd < start) {
      LINE_END.lastIndex = start
      lineEnd = LINE_END.exec(text)?.index ?? text.length
    }
    if (close < lineEnd) {
      out += text.slice(from, at) + text.slice(at + 3, close)
      from = close + 4
      at = text.indexOf('<p><li', from)
    } else at = text.indexOf('<p><li', at + 1)
  }
  return out + text.slice(from)
}

/**
 * `text.replace(/<(script|style|svg|math)[\s\S]*?<\/\1>/g, f)` in linear time: the expression looked for the end tag
 * to the end of the text from every opening that has none (a body of `<script a</` repeated: 1 MB, 33 s). Where the
 * last end tag of a name lies is found once, and an opening after it is not looked at further.
 */
export function mapPreserved(text: string, f: (element: string) => string): string {
  const lastEnd = new Map<string, number>()
  let out = ''
  let from = 0
  for (const m of text.matchAll(PRESERVED_OPENING)) {
    if (m.index < from) continue
    const end = `</${m[1]}>`
    let last = lastEnd.get(end)
    if (last === undefined) lastEnd.set(end, (last = text.lastIndexOf(end)))
    const start = m.index + m[0].length
    const close = start <= last ? text.indexOf(end, start) : -1
    if (close === -1) continue
    out += text.slice(from, m.index) + f(text.slice(m.index, close + end.length))
    from = close + end.length
  }
  return out + text.slice(from)
}
