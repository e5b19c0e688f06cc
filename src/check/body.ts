import type { DocumentType } from '../contract/types.js'
import { scanHtml } from './html.js'
import type { HtmlRef } from './html.js'
import { scanMarkdownFast } from './markdown/fast.js'
import type { MarkdownScan } from './markdown/scan.js'
import { scanMarkdownWithRemark } from './markdown/slow.js'
import { findMarkdownInHtml, mayHaveMarkdownMarks } from './markdown-in-html.js'
import type { MarkdownLeak } from './markdown-in-html.js'
import { findTemplateTags, mayHaveTemplateTags } from './templates.js'
import type { TemplateTag } from './templates.js'
import { appendAll } from '../append.js'

/** What one body holds that a check looks at, with offsets into the body. */
export interface BodyReading {
  refs: HtmlRef[]
  tags: TemplateTag[]
  markdown: MarkdownLeak[]
  /** Why the body was not read (then it has no refs, tags or leaks): its nesting depth, for one. */
  unread?: string
}

const EMPTY: BodyReading = { refs: [], tags: [], markdown: [] }

/**
 * Reads a body the way a build stage does: Markdown through remark (or the fast reader that agrees with it), HTML
 * through the HTML parser, plain text as text (it has no links). Returns its links and media, the template syntax
 * printed as text, and Markdown left in an HTML body.
 * @example
 * readBody('See [us](/about/) {{< figure >}}', 'markdown').refs // [{ kind: 'link', url: '/about/', offset: 4 }]
 */
export function readBody(body: string, type: DocumentType): BodyReading {
  if (type === 'markdown') return readMarkdown(body)
  if (type === 'html') return readHtml(body)
  // A build prints plain text as it is: no links, but printed template syntax all the same.
  return mayHaveTemplateTags(body) ? { refs: [], tags: findTemplateTags(body, []), markdown: [] } : EMPTY
}

function readMarkdown(body: string): BodyReading {
  // Links, images and raw HTML need one of these characters, template tags their markers; MDX statements start a line.
  if (!body.includes('[') && !body.includes('<') && !mayHaveTemplateTags(body, { markdown: true }) && !mayHaveEsm(body)) return EMPTY
  let scan = scanMarkdownFast(body)
  if (!scan) {
    // remark's list handling grows with the square of the nesting depth: 2,000 nested list items in a 4 MB body took
    // minutes, then overflowed the stack (found by the Markdown fuzz run). No real page nests so deep.
    const depth = markdownNestingDepth(body)
    if (depth > MAX_MARKDOWN_NESTING) return { ...EMPTY, unread: `it nests lists or quotes ${depth} levels deep, more than the ${MAX_MARKDOWN_NESTING} this check reads` }
    scan = scanMarkdownWithRemark(body)
  }
  // Markdown's links and images are already in the shape of the HTML parser's.
  const refs: HtmlRef[] = scan.refs
  const masks = scan.code
  const components: Component[] = []
  if (scan.html.length > 0) {
    readMarkdownHtml(body, scan, refs, masks, components)
    refs.sort((a, b) => a.offset - b.offset)
  }
  const tags: TemplateTag[] = []
  if (mayHaveTemplateTags(body, { markdown: true })) appendAll(tags, findTemplateTags(body, mergeRanges(masks), { markdown: true }))
  for (const offset of scan.esm) tags.push({ offset, family: 'mdx', name: body.startsWith('import', offset) ? 'import' : 'export' })
  if (components.length > 0) appendAll(tags, jsxComponents(components, mergeRanges(masks)))
  tags.sort((a, b) => a.offset - b.offset)
  return { refs, tags, markdown: [] }
}

/** The deepest list or quote nesting a Markdown body is read to. */
export const MAX_MARKDOWN_NESTING = 100

/**
 * An upper bound of how deeply a Markdown body nests lists and quotes, in one pass over its lines: each `>` and each
 * list marker at the start of a line (after indentation) is a level, and indentation before them counts two columns
 * a level, as nested list items are indented.
 * @example
 * markdownNestingDepth('- a\n  - b\n    > c') // 3
 */
export function markdownNestingDepth(body: string): number {
  let deepest = 0
  let start = 0
  while (start <= body.length) {
    let end = body.indexOf('\n', start)
    if (end === -1) end = body.length
    let i = start
    let columns = 0
    let levels = 0
    for (; i < end; i++) {
      const c = body.charCodeAt(i)
      if (c === 0x20) columns++
      else if (c === 0x09) columns += 4
      else if (c === 0x3e || ((c === 0x2d || c === 0x2a || c === 0x2b) && body.charCodeAt(i + 1) === 0x20)) levels++
      else break
    }
    if (levels > 0) deepest = Math.max(deepest, levels + (columns >> 1))
    start = end + 1
  }
  return deepest
}

type Component = { name: string; offset: number; block: boolean; closing: boolean; selfClosing: boolean }

function mayHaveEsm(body: string): boolean {
  return body.startsWith('import') || body.startsWith('export') || body.includes('\nimport') || body.includes('\nexport')
}

/** Reads each raw HTML node of a Markdown body with the HTML parser, following elements across a group's nodes. */
function readMarkdownHtml(
  body: string,
  scan: MarkdownScan,
  refs: HtmlRef[],
  masks: number[],
  components: Component[],
): void {
  let open = 0
  for (let i = 0; i < scan.html.length; i++) {
    const node = scan.html[i]
    const at = sourceOffsets(body, node.offset, node.value)
    const html = scanHtml(node.value, open)
    for (const r of html.refs) refs.push({ ...r, offset: at(r.offset) })
    for (let k = 0; k < html.masks.length; k += 2) masks.push(at(html.masks[k]), at(html.masks[k + 1]))
    for (const t of html.tags) components.push({ ...t, offset: at(t.offset), block: node.block })
    // An element left open (`<code>` before text, `</code>` in a later node) masks up to the group's next node.
    const next = scan.html[i + 1]
    const sameGroup = next !== undefined && next.group === node.group
    open = html.openMasks > 0 && sameGroup ? html.openMasks : 0
    if (html.openMasks > 0) masks.push(node.offset + node.value.length, sameGroup ? next.offset : node.groupEnd)
  }
}

/**
 * Maps offsets in an HTML node's value to offsets in the body. Inline nodes and most blocks are a slice of the body;
 * a block inside a container lost its lines' `>` markers and indentation, so its lines are matched by their ends.
 */
function sourceOffsets(body: string, offset: number, value: string): (k: number) => number {
  if (body.startsWith(value, offset)) return (k) => offset + k
  const lineEnds: number[] = []
  for (let p = body.indexOf('\n', offset); p !== -1 && lineEnds.length <= value.length; p = body.indexOf('\n', p + 1)) lineEnds.push(p)
  lineEnds.push(body.length)
  const valueLineStarts = [0]
  for (let p = value.indexOf('\n'); p !== -1; p = value.indexOf('\n', p + 1)) valueLineStarts.push(p + 1)
  return (k) => {
    let line = valueLineStarts.length - 1
    while (line > 0 && valueLineStarts[line] > k) line--
    const valueLineEnd = line + 1 < valueLineStarts.length ? valueLineStarts[line + 1] - 1 : value.length
    return Math.max(offset, (lineEnds[line] ?? body.length) - (valueLineEnd - k))
  }
}

/**
 * Capitalized elements in Markdown are JSX components (MDX): a browser shows only their text. Counted when they
 * stand as a block, close themselves, or come with their closing tag, so `List<String>` in a sentence is not one.
 */
function jsxComponents(components: Component[], masks: readonly number[]): TemplateTag[] {
  const closed = new Set(components.filter((c) => c.closing).map((c) => c.name))
  const tags: TemplateTag[] = []
  for (const c of components) {
    if (!(c.block || c.selfClosing || c.closing || closed.has(c.name))) continue
    if (inRanges(masks, c.offset)) continue
    tags.push({ offset: c.offset, family: 'mdx', name: `<${c.name}>` })
  }
  return tags
}

function readHtml(body: string): BodyReading {
  // Text ranges are kept only for a body that may hold Markdown: recording one per tag was a fifth of what a check
  // of the benchmark's 10,000-post payload allocated (19 of 101 MB).
  const marks = mayHaveMarkdownMarks(body)
  const html = scanHtml(body, 0, marks)
  const tags = mayHaveTemplateTags(body) ? findTemplateTags(body, mergeRanges(html.masks)) : []
  return { refs: html.refs, tags, markdown: marks ? findMarkdownInHtml(body, html.texts) : [] }
}

/** Sorts `[start, end)` pairs and merges overlapping ones. */
export function mergeRanges(pairs: readonly number[]): number[] {
  const n = pairs.length / 2
  if (n <= 1) return [...pairs]
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => pairs[2 * a] - pairs[2 * b])
  const out: number[] = []
  for (const i of order) {
    const [s, e] = [pairs[2 * i], pairs[2 * i + 1]]
    if (out.length > 0 && s <= out[out.length - 1]) out[out.length - 1] = Math.max(out[out.length - 1], e)
    else out.push(s, e)
  }
  return out
}

function inRanges(ranges: readonly number[], offset: number): boolean {
  for (let i = 0; i < ranges.length; i += 2) {
    if (ranges[i] > offset) return false
    if (offset < ranges[i + 1]) return true
  }
  return false
}
