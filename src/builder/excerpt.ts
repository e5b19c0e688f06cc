import { Parser } from 'htmlparser2'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { toString } from 'mdast-util-to-string'
import type { DocumentType } from '../contract/types.js'

/** The longest default excerpt, in code points, before it is cut on a word boundary. */
export const EXCERPT_MAX_LENGTH = 300

const remark = unified().use(remarkParse)

/**
 * A plain-text excerpt of a document: its first paragraph as text (Markdown through remark, HTML by its text),
 * whitespace collapsed, cut to `maxLength` code points on a word boundary with `…`. Only the first paragraph is
 * parsed, so a long body costs no more than a short one.
 * @example
 * plainTextExcerpt('# Title\n\nHello **world**.', 'markdown') // 'Hello world.'
 */
export function plainTextExcerpt(content: string, type: DocumentType, maxLength = EXCERPT_MAX_LENGTH): string {
  if (type === 'markdown') return markdownExcerpt(content, [], maxLength)
  const text = type === 'html' ? htmlText(content, maxLength) : firstBlock(content)
  return truncateOnWord(collapseWhitespace(text), maxLength)
}

/** Plain text has no syntax: its first non-blank block, bounded. */
function firstBlock(content: string): string {
  const head = content.slice(0, 8192).replace(/^\s+/u, '')
  const end = head.search(/\n[ \t]*\n/)
  return end === -1 ? head : head.slice(0, end)
}

const SKIP_TAGS = new Set(['script', 'style', 'template', 'noscript', 'svg', 'math', 'head', 'figcaption', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
const BLOCK_TAGS = new Set(['p', 'div', 'li', 'blockquote', 'section', 'article', 'td', 'dd', 'figure', 'ul', 'ol', 'table'])

/** The text of the first HTML block with text in it (headings, code and scripts skipped), else the document's text. */
function htmlText(content: string, maxLength: number): string {
  let skipDepth = 0
  let current = ''
  let first: string | undefined
  let all = ''
  // Once the first block is known nothing later can change the result: the parser stops there rather than reading
  // the rest of the 32 KB prefix (a 2.5 KB body is mostly read for nothing otherwise).
  const found = (text: string) => {
    first = text
    parser.pause()
  }
  const parser = new Parser(
    {
      onopentagname(name) {
        if (SKIP_TAGS.has(name)) skipDepth++
        else if (BLOCK_TAGS.has(name) && current.trim() !== '' && first === undefined) found(current)
        if (name === 'br') current += ' '
      },
      ontext(text) {
        if (skipDepth > 0 || first !== undefined) return
        current += text
        if (all.length < maxLength * 4) all += text
      },
      onclosetag(name) {
        if (SKIP_TAGS.has(name)) skipDepth = Math.max(0, skipDepth - 1)
        else if (BLOCK_TAGS.has(name) && first === undefined && current.trim() !== '') found(current)
        if (BLOCK_TAGS.has(name)) current = first === undefined ? '' : current
        all += ' '
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  )
  // Excerpts need the opening of a document; parsing a bounded prefix keeps the cost flat.
  parser.write(content.slice(0, 32768))
  if (first === undefined) parser.end()
  return first ?? (current.trim() !== '' ? current : all)
}

// Fixed locales, not the machine's default: the same content must give the same excerpt on every machine.
const wordSegmenter = new Intl.Segmenter('en', { granularity: 'word' })
const graphemeSegmenter = new Intl.Segmenter('en', { granularity: 'grapheme' })

/**
 * Cuts text to at most `maxLength` code points, ending on a word boundary (also for scripts written without spaces)
 * and never inside a surrogate pair or grapheme cluster; adds `…` when it cut.
 * @example
 * truncateOnWord('one two three', 9) // 'one two…'
 */
export function truncateOnWord(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text
  if (codePointEnd(text, maxLength) === text.length) return text
  const head = wholeGraphemes(text, maxLength - 1)
  const space = head.lastIndexOf(' ')
  if (space >= head.length * 0.6) return `${withoutTrailingPunctuation(head.slice(0, space))}…`
  const end = lastWordEnd(head)
  return `${withoutTrailingPunctuation(end > 0 ? head.slice(0, end) : head)}…`
}

const SPACE_OR_PUNCTUATION = /^[\s\p{P}]$/u

/**
 * `text` without its trailing whitespace and punctuation, tested one code point at a time from the end: the same
 * as `replace(/[\s\p{P}]+$/u, '')`, whose engine tries a match at every position of the excerpt (about 4 µs an
 * excerpt, the largest line of the builder's profile after the segmenter change).
 */
function withoutTrailingPunctuation(text: string): string {
  let end = text.length
  while (end > 0) {
    const start = end >= 2 && isLowSurrogate(text.charCodeAt(end - 1)) && isHighSurrogate(text.charCodeAt(end - 2)) ? end - 2 : end - 1
    if (!SPACE_OR_PUNCTUATION.test(text.slice(start, end))) break
    end = start
  }
  return end === text.length ? text : text.slice(0, end)
}

/**
 * Where `head` is cut when its last space is too far back: before a trailing non-word segment (punctuation, space),
 * else before the last word, which may be a word the cut split; 0 when `head` is one segment. Only the last two
 * segments decide it, so they are looked up with `containing()` rather than by iterating every segment: stepping a
 * segmenter costs about half a microsecond per segment, a third of the builder's time on 10,000 posts.
 */
function lastWordEnd(head: string): number {
  if (head === '') return 0
  const segments = wordSegmenter.segment(head)
  const last = segments.containing(head.length - 1)
  if (last === undefined) return 0
  if (!last.isWordLike) return last.index
  if (last.index === 0) return 0
  const previous = segments.containing(last.index - 1)
  if (previous === undefined) return 0
  return previous.isWordLike ? last.index : previous.index
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff

/** The index just after the first `count` code points of `text` (a lone surrogate counts as one), or its length. */
function codePointEnd(text: string, count: number): number {
  let at = 0
  for (let n = 0; n < count && at < text.length; n++) {
    at += isHighSurrogate(text.charCodeAt(at)) && isLowSurrogate(text.charCodeAt(at + 1)) ? 2 : 1
  }
  return at
}

/** The longest prefix of whole grapheme clusters with at most `max` code points. */
function wholeGraphemes(text: string, max: number): string {
  // Below U+0300 no character joins the next one into a cluster (whitespace is already collapsed, so no CR LF):
  // a code-point cut is a grapheme cut, without the segmenter.
  if (!/[^\u0000-\u02ff]/.test(text.slice(0, max + 1))) return text.slice(0, max)
  const end = codePointEnd(text, Math.max(0, max))
  if (end === text.length) return text
  // The cut keeps every cluster that ends by `end`: it falls at the start of the cluster holding the code unit at
  // `end`. `containing()` finds that start from the neighbourhood of `end`; iterating clusters from the start of the
  // text cost about 200 µs per excerpt of non-Latin text (0.6 µs a cluster), and more as a build went on.
  // A cluster is rarely more than a few code units, so a prefix of the text is all the segmenter needs to see.
  const cluster = graphemeSegmenter.segment(text.slice(0, max * 4 + 8)).containing(end)
  return text.slice(0, cluster?.index ?? end)
}

// Only the slice that becomes the excerpt is parsed, and its tree is dropped right away: a full parse of every
// body costs seconds and hundreds of megabytes on a thousand-file blog.
const SLICE_LIMIT = 8 * 1024
const PARSE_LIMIT = 2 * 1024

/**
 * A plain-text excerpt of a Markdown body: the text before the first of `markers` (such as `<!--more-->`) when one
 * is present, else the first paragraph within the first 8 KB (else the first non-heading block), cut to `maxLength`
 * code points on a word boundary.
 * @example
 * markdownExcerpt('# Title\n\nHello **world**.') // 'Hello world.'
 */
export function markdownExcerpt(body: string, markers: readonly string[] = [], maxLength = EXCERPT_MAX_LENGTH): string {
  let cut = -1
  for (const marker of markers) {
    const i = body.indexOf(marker)
    if (i !== -1 && (cut === -1 || i < cut)) cut = i
  }
  const slice = cut !== -1 ? body.slice(0, Math.min(cut, SLICE_LIMIT)) : firstMarkdownBlock(body.slice(0, SLICE_LIMIT))
  if (slice.trim() === '') return ''
  return truncateOnWord(markdownToText(slice), maxLength)
}

/**
 * Converts a small Markdown fragment to plain text, blocks separated by a space. Plain paragraphs with common
 * inline marks (emphasis, code, links, images, tags, entities) take a fast path; anything else goes through remark.
 */
export function markdownToText(markdown: string): string {
  // remark reads about a character per microsecond: read only as much source as a bounded excerpt can need.
  const source = markdown.length > PARSE_LIMIT ? markdown.slice(0, markdown.lastIndexOf('\n', PARSE_LIMIT) + 1 || PARSE_LIMIT) : markdown
  const fast = simpleText(source)
  if (fast !== null) return fast
  const tree = remark.parse(source)
  const parts: string[] = []
  for (const node of tree.children) {
    if (node.type === 'heading' || node.type === 'code' || node.type === 'html' || node.type === 'thematicBreak') continue
    if (node.type === 'yaml' || node.type === 'definition') continue
    parts.push(toString(node, { includeImageAlt: false, includeHtml: false }))
  }
  return collapseWhitespace(parts.join(' '))
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }
const ESCAPABLE = /\\([!-/:-@[-`{-~])/g
// Private-use characters stand in for escaped marks while the marks are removed, then turn back into the marks.
const HOLD = 0xe000

/**
 * Plain text of a fragment that uses only common Markdown (paragraphs, headings, list and quote markers, links,
 * images, emphasis, code spans, tags, entities, escapes), or null when remark is needed (code blocks, HTML blocks,
 * tables, setext headings, or marks the fast path could not account for).
 */
export function simpleText(markdown: string): string | null {
  const kept: string[] = []
  // Inside a list, indented lines continue items; elsewhere they are code, which the fast path leaves to remark.
  let inList = false
  for (const raw of markdown.split('\n')) {
    if (/^ {0,3}(?:[-*+]|\d{1,9}[.)])\s/.test(raw)) inList = true
    else if (raw.trim() === '') inList = inList && true
    else if (!/^\s/.test(raw)) inList = false
    if (/^ {0,3}(?:`{3}|~{3}|<!--|<[a-zA-Z/]|\||=+\s*$|-+\s*$)/.test(raw) || (!inList && /^(?: {4}|\t)/.test(raw))) return null
    if (/^ {0,3}#{1,6}(?:\s|$)/.test(raw) || /^ {0,3}\[[^\]]+\]:/.test(raw)) continue
    kept.push(raw.replace(/^ {0,3}(?:>\s?)+/, '').replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?/, '').trim())
  }
  const held: string[] = []
  const hold = (text: string) => String.fromCharCode(HOLD + held.push(text) - 1)
  let unknownEntity = false
  let text = kept.join('\n')
  // Each pass runs only when its mark occurs at all: most excerpts use one or two kinds of mark, and a hundred
  // thousand posts would otherwise pay for every regular expression.
  const has = (mark: string) => text.includes(mark)
  // Backslashes mean nothing inside code spans but escape a backtick outside them: leave that mix to remark.
  if (has('`') && has('\\')) return null
  // Code span contents are literal: hold them before any other mark is removed, so `*a*` in code stays as written.
  if (has('`')) text = text.replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_m, _f, code: string) => hold(code.trim() || code))
  if (has('\\')) text = text.replace(ESCAPABLE, (_m, ch: string) => hold(ch))
  if (has('[')) {
    if (/\[[^\]]*\[/.test(text)) return null
    text = text.replace(/!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])/g, '').replace(/\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])/g, '$1')
  }
  if (has('<')) {
    text = text.replace(/<((?:https?|mailto):[^>\s]+)>/g, '$1')
    // Inline HTML is left to remark, which reads a tag by CommonMark's rules: a `>` inside a quoted attribute value
    // does not end it (`<img alt="a>b">`), and a `<` that starts no tag is text.
    if (/<[a-zA-Z/!?]/.test(text)) return null
  }
  if (has('*') || has('~~')) text = text.replace(/(\*\*|\*|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
  if (has('_')) text = text.replace(/(^|[^\p{L}\p{N}_])(__?)(?=\S)([\s\S]*?\S)\2(?![\p{L}\p{N}_])/gu, '$1$3')
  if (has('&'))
    text = text.replace(/&(#\d+|#x[\da-f]+|[a-z][a-z\d]*);/gi, (m, e: string) => {
      if (e[0] !== '#') {
        // HTML has two thousand named entities; only remark knows them all.
        const known = ENTITIES[e]
        if (known === undefined) unknownEntity = true
        return known ?? m
      }
      const cp = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)
      return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : m
    })
  if (unknownEntity) return null
  // Leftover marks mean the fast path misread something (an unclosed link or emphasis): let remark decide.
  if (/`|\*\S|\S\*|\[[^\]]*\]\(|<[a-zA-Z/!]/.test(text)) return null
  if (held.length > 0) text = text.replace(/[\ue000-\uf8ff]/g, (c) => held[c.charCodeAt(0) - HOLD] ?? c)
  return collapseWhitespace(text)
}

const NOT_PARAGRAPH = /^(?: {0,3}(?:#{1,6}(?:\s|$)|[-*+]\s|\d{1,9}[.)]\s|>|\||<|`{3}|~{3}|\{[{%]|[-*_](?:\s*[-*_]){2,}\s*$|=+\s*$)|import\s|export\s|:::|\s{4})/

/** The first paragraph of `markdown` (outside fenced code); when there is none, the first non-heading block. */
export function firstMarkdownBlock(markdown: string): string {
  // Lines are read one at a time rather than split up front: the first paragraph is usually a few lines in, and
  // splitting every body into an array of lines is most of the cost on a hundred thousand posts.
  let fence: string | null = null
  let other: string | null = null
  let at = 0
  while (at < markdown.length) {
    const end = lineEnd(markdown, at)
    const line = markdown.slice(at, end)
    const next = end + 1
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line)
    if (fence !== null) {
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length) fence = null
      at = next
      continue
    }
    if (f) {
      fence = f[1]
      at = next
      continue
    }
    if (line.trim() === '' || /^ {0,3}#{1,6}(?:\s|$)/.test(line)) {
      at = next
      continue
    }
    // The block runs to the next blank line.
    let blockEnd = end
    while (blockEnd < markdown.length) {
      const after = lineEnd(markdown, blockEnd + 1)
      if (markdown.slice(blockEnd + 1, after).trim() === '') break
      blockEnd = after
    }
    const block = markdown.slice(at, Math.min(blockEnd, markdown.length))
    if (!NOT_PARAGRAPH.test(line)) return block
    if (other === null && /^ {0,3}(?:[-*+]\s|\d{1,9}[.)]\s|>)/.test(line)) other = block
    at = blockEnd + 1
  }
  return other ?? ''
}

function lineEnd(text: string, from: number): number {
  const i = text.indexOf('\n', from)
  return i === -1 ? text.length : i
}

/**
 * Runs of whitespace become one space, and the ends are trimmed. Only runs that are not already a single space are
 * replaced: rewriting every space of a paragraph costs more than everything else done to an excerpt.
 * @example
 * collapseWhitespace(' a\t b ') // 'a b'
 */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s\s+|[^\S ]/g, ' ').trim()
}
