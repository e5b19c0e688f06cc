import { Parser } from 'htmlparser2'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import type { DocumentType } from '../contract/types.js'

/** The longest default excerpt, in code points, before it is cut on a word boundary. */
export const EXCERPT_MAX_LENGTH = 300

const markdown = unified().use(remarkParse)
// What can make CommonMark inline parsing (remark-parse, without GFM) give other text than the paragraph itself:
// escapes, code spans, `*` emphasis, links, images, autolinks and HTML, entity references, NUL (replaced), and a `_`
// not between two letters or digits (an intraword `_`, as in snake_case, can neither open nor close emphasis). A `!`, `&`,
// `~`, `|`, `>` or bare URL elsewhere is plain text, so a paragraph with none of these skips the parser.
const INLINE_SYNTAX = /[\\`*[\]<\0]|&(?:#\d+|#[xX][\da-fA-F]+|[A-Za-z][A-Za-z\d]*);|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/u
const BLOCK_SKIP = /^(?: {0,3}(?:#{1,6}(?:\s|$)|[-*_](?:\s*[-*_]){2,}\s*$|>|[-+*]\s|\d{1,9}[.)]\s|\||<!--|<\/?[a-zA-Z]|\[[^\]]+\]:)| {4}|\t)/
const FENCE = /^ {0,3}(`{3,}|~{3,})/

/**
 * A plain-text excerpt of a document: its first paragraph as text (Markdown through remark, HTML by its text),
 * whitespace collapsed, cut to `maxLength` code points on a word boundary with `…`. Only the first paragraph is
 * parsed, so a long body costs no more than a short one.
 * @example
 * plainTextExcerpt('# Title\n\nHello **world**.', 'markdown') // 'Hello world.'
 */
export function plainTextExcerpt(content: string, type: DocumentType, maxLength = EXCERPT_MAX_LENGTH): string {
  const text = type === 'html' ? htmlText(content, maxLength) : type === 'markdown' ? markdownText(content, maxLength) : firstBlock(content)
  return truncateOnWord(collapse(text), maxLength)
}

function collapse(text: string): string {
  return text.replace(/\s+/gu, ' ').trim()
}

/** Plain text has no syntax: its first non-blank block, bounded. */
function firstBlock(content: string): string {
  const head = content.slice(0, 8192).replace(/^\s+/u, '')
  const end = head.search(/\n[ \t]*\n/)
  return end === -1 ? head : head.slice(0, end)
}

function markdownText(content: string, maxLength: number): string {
  const paragraph = firstMarkdownParagraph(content)
  const source = paragraph ?? content.slice(0, Math.max(2048, maxLength * 4))
  if (paragraph !== undefined && !INLINE_SYNTAX.test(paragraph)) return paragraph
  return mdastText(markdown.parse(source))
}

/** The first paragraph of a Markdown body, found by scanning lines: headings, fences, lists, quotes and HTML are skipped. */
function firstMarkdownParagraph(content: string): string | undefined {
  const lines = content.slice(0, 16384).split(/\r?\n/)
  let fence: string | undefined
  const collected: string[] = []
  for (const line of lines) {
    if (fence) {
      if (line.trimStart().startsWith(fence)) fence = undefined
      continue
    }
    if (collected.length > 0) {
      if (line.trim() === '' || BLOCK_SKIP.test(line) || FENCE.test(line)) break
      collected.push(line)
      continue
    }
    const open = FENCE.exec(line)
    if (open) {
      fence = open[1]
      continue
    }
    if (line.trim() === '' || BLOCK_SKIP.test(line) || /^ {0,3}(=+|-+)\s*$/.test(line)) continue
    collected.push(line)
  }
  return collected.length > 0 ? collected.join('\n') : undefined
}

type MdNode = { type: string; value?: string; children?: MdNode[] }

function mdastText(node: MdNode): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value ?? ''
  if (node.type === 'html' || node.type === 'image' || node.type === 'imageReference' || node.type === 'code' || node.type === 'definition') return ''
  if (node.type === 'break') return ' '
  if (!node.children) return ''
  const parts = node.children.map(mdastText)
  return node.type === 'root' || node.type === 'list' || node.type === 'blockquote' || node.type === 'listItem' ? parts.join(' ') : parts.join('')
}

const SKIP_TAGS = new Set(['script', 'style', 'template', 'noscript', 'svg', 'math', 'head', 'figcaption', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
const BLOCK_TAGS = new Set(['p', 'div', 'li', 'blockquote', 'section', 'article', 'td', 'dd', 'figure', 'ul', 'ol', 'table'])

/** The text of the first HTML block with text in it (headings, code and scripts skipped), else the document's text. */
function htmlText(content: string, maxLength: number): string {
  let skipDepth = 0
  let current = ''
  let first: string | undefined
  let all = ''
  const parser = new Parser(
    {
      onopentagname(name) {
        if (SKIP_TAGS.has(name)) skipDepth++
        else if (BLOCK_TAGS.has(name) && current.trim() !== '' && first === undefined) first = current
        if (name === 'br') current += ' '
      },
      ontext(text) {
        if (skipDepth > 0 || first !== undefined) return
        current += text
        if (all.length < maxLength * 4) all += text
      },
      onclosetag(name) {
        if (SKIP_TAGS.has(name)) skipDepth = Math.max(0, skipDepth - 1)
        else if (BLOCK_TAGS.has(name) && first === undefined && current.trim() !== '') first = current
        if (BLOCK_TAGS.has(name)) current = first === undefined ? '' : current
        all += ' '
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  )
  // Excerpts need the opening of a document; parsing a bounded prefix keeps the cost flat.
  parser.write(content.slice(0, 32768))
  parser.end()
  return first ?? (current.trim() !== '' ? current : all)
}

// A fixed locale, not the machine's default: the same content must give the same excerpt on every machine.
const wordSegmenter = new Intl.Segmenter('en', { granularity: 'word' })

/**
 * Cuts text to at most `maxLength` code points, ending on a word boundary (also for scripts written without spaces)
 * and never inside a surrogate pair or grapheme cluster; adds `…` when it cut.
 * @example
 * truncateOnWord('one two three', 9) // 'one two…'
 */
export function truncateOnWord(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text
  const points = Array.from(text)
  if (points.length <= maxLength) return text
  const head = points.slice(0, maxLength - 1).join('')
  const space = head.lastIndexOf(' ')
  if (space >= head.length * 0.6) return `${head.slice(0, space).replace(/[\s\p{P}]+$/u, '')}…`
  let end = 0
  for (const segment of wordSegmenter.segment(head)) {
    const stop = segment.index + segment.segment.length
    if (stop < head.length || segment.isWordLike === false) end = segment.isWordLike ? stop : segment.index
  }
  const cut = (end > 0 ? head.slice(0, end) : head).replace(/[\s\p{P}]+$/u, '')
  return `${cut}…`
}
