import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { toString } from 'mdast-util-to-string'

/** The longest excerpt the importer derives, in code points, unless the caller picks another bound. */
export const DEFAULT_EXCERPT_LENGTH = 300

// Only the slice that becomes the excerpt is parsed, and its tree is dropped right away: a full parse of every
// body costs seconds and hundreds of megabytes on a thousand-file blog.
const SLICE_LIMIT = 8 * 1024
const PARSE_LIMIT = 2 * 1024
const parser = unified().use(remarkParse)

/**
 * Derives a plain-text excerpt from a Markdown body: the text before the first of `markers` when one is present,
 * else the first paragraph within the first 8 KB (else the first non-heading block), bounded to `maxLength`
 * code points on a word boundary.
 */
export function deriveExcerpt(body: string, markers: readonly string[], maxLength = DEFAULT_EXCERPT_LENGTH): string {
  let cut = -1
  for (const marker of markers) {
    const i = body.indexOf(marker)
    if (i !== -1 && (cut === -1 || i < cut)) cut = i
  }
  const slice = cut !== -1 ? body.slice(0, Math.min(cut, SLICE_LIMIT)) : firstBlock(body.slice(0, SLICE_LIMIT))
  if (slice.trim() === '') return ''
  return boundText(markdownToText(slice), maxLength)
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
  const tree = parser.parse(source)
  const parts: string[] = []
  for (const node of tree.children) {
    if (node.type === 'heading' || node.type === 'code' || node.type === 'html' || node.type === 'thematicBreak') continue
    if (node.type === 'yaml' || node.type === 'definition') continue
    parts.push(toString(node, { includeImageAlt: false, includeHtml: false }))
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim()
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
  let unknownEntity = false
  let text = kept.join('\n').replace(ESCAPABLE, (_m, ch: string) => String.fromCharCode(HOLD + held.push(ch) - 1))
  if (/\[[^\]]*\[/.test(text)) return null
  text = text
    .replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_m, _f, code: string) => code.trim() || code)
    .replace(/!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])/g, '')
    .replace(/\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])/g, '$1')
    .replace(/<((?:https?|mailto):[^>\s]+)>/g, '$1')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/(\*\*|\*|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\p{L}\p{N}_])(__?)(?=\S)([\s\S]*?\S)\2(?![\p{L}\p{N}_])/gu, '$1$3')
    .replace(/&(#\d+|#x[\da-f]+|[a-z][a-z\d]*);/gi, (m, e: string) => {
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
  return text.replace(/\s+/g, ' ').trim()
}

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' })

/** Shortens `text` to at most `max` code points, preferring the last space, never splitting a grapheme; adds `…` when cut. */
export function boundText(text: string, max: number): string {
  if (text.length <= max || Array.from(text).length <= max) return text
  if (!/[^\u0000-\u02ff]/.test(text.slice(0, max))) return cutAtSpace(text.slice(0, max - 1))
  // Whole graphemes only, so an emoji or a letter with its combining accent is never cut in half. A grapheme is
  // rarely longer than a few code units, so a prefix of the text is all the segmenter needs to see.
  let head = ''
  let count = 0
  for (const { segment } of segmenter.segment(text.slice(0, max * 4))) {
    const n = Array.from(segment).length
    if (count + n > max - 1) break
    head += segment
    count += n
  }
  return cutAtSpace(head)
}

function cutAtSpace(head: string): string {
  const space = head.lastIndexOf(' ')
  const cut = space > head.length * 0.6 ? head.slice(0, space) : head
  return cut.replace(/[\s,;:.\-–—]+$/u, '') + '…'
}

const NOT_PARAGRAPH = /^(?: {0,3}(?:#{1,6}(?:\s|$)|[-*+]\s|\d{1,9}[.)]\s|>|\||<|`{3}|~{3}|\{[{%]|[-*_](?:\s*[-*_]){2,}\s*$|=+\s*$)|import\s|export\s|:::|\s{4})/

/** The first paragraph of `markdown` (outside fenced code); when there is none, the first non-heading block. */
export function firstBlock(markdown: string): string {
  const lines = markdown.split('\n')
  let fence: string | null = null
  let other: string | null = null
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line)
    if (fence !== null) {
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length) fence = null
      continue
    }
    if (f) {
      fence = f[1]
      continue
    }
    if (line.trim() === '' || /^ {0,3}#{1,6}(?:\s|$)/.test(line)) continue
    let j = i
    while (j < lines.length && lines[j].trim() !== '') j++
    const block = lines.slice(i, j)
    if (!NOT_PARAGRAPH.test(line)) return block.join('\n')
    if (other === null && /^ {0,3}(?:[-*+]\s|\d{1,9}[.)]\s|>)/.test(line)) other = block.join('\n')
    i = j - 1
  }
  return other ?? ''
}
