import { stripInline, withoutClosingHashes } from '../scan.js'
import { githubSlug } from '../presets/_slugger.js'
import { Out, unchanged } from './_out.js'
import type { PassResult } from './_out.js'
import { findCode } from './_scan.js'
import type { CodeRange } from './_scan.js'
import type { TemplateContext } from './types.js'
import { keepsIndentedCode } from './types.js'

/** remark-toc's default `heading` option, matched against a heading's whole text, in any case. */
const TOC_HEADING = /^(?:toc|table[ -]of[ -]contents?)$/i

/** A heading of the body: where its lines are, its rank, its text as written and as plain text. */
interface Heading {
  start: number
  /** After its last line's newline. */
  end: number
  depth: number
  inline: string
  text: string
}

/**
 * The remark-toc plugin (remark-toc 8 with mdast-util-toc 6, its defaults: what a site gets from `remarkPlugins:
 * [remarkToc]`): the first top-level heading whose text is `Table of contents` (or `toc`, `table-of-contents`, in any
 * case) keeps its place, and what lies between it and the next heading of the same or a higher rank is replaced by a
 * list of the headings from there on, nested by rank, each a link to the heading's id (github-slugger's slug of its
 * text, counting repeats over every heading of the page, as the plugin and Astro's heading ids do), its links
 * unwrapped. A page without such a heading, or with no heading after it, is left as it is. Code is not read.
 */
export function expandRemarkToc(body: string, ctx: TemplateContext): PassResult {
  if (!/toc|table[ -]of[ -]content/i.test(body)) return unchanged(body)
  const headings = headingsOf(body, findCode(body, { indentedCode: keepsIndentedCode(ctx) }))
  const at = headings.findIndex((h) => TOC_HEADING.test(h.text))
  if (at === -1) return unchanged(body)
  const toc = headings[at]
  const close = headings.findIndex((h, i) => i > at && h.depth <= toc.depth)
  if (close === -1) return unchanged(body)
  const ids = slugsOf(headings)
  const listed = headings.slice(close)
  const list = tocLines(nest(listed.map((h, i) => ({ depth: h.depth, link: `[${unlinked(h.inline)}](#${ids[close + i]})` }))), '').join('\n')
  const out = new Out(body)
  out.copy(0, toc.end)
  out.emit(`\n${list}\n\n`, out.lines.line(toc.start))
  out.copy(headings[close].start, body.length)
  out.find(toc.start, 'remark-toc', 'expanded')
  return out.finish()
}

/** A list of the table: its items, each a link (none for an item that only opens a deeper list) and its sublist. */
interface TocItem {
  link?: string
  sub?: TocItem[]
}

/**
 * The headings as mdast-util-toc 6.1.1 nests them (lib/contents.js, `insert`): ranks counted from the shallowest, one
 * list per rank, so that a heading two ranks below the one before it sits in an item holding only a list. The
 * shallowest rank is found by a loop: spreading 300,000 headings as arguments overflows the stack.
 */
function nest(entries: ReadonlyArray<{ depth: number; link: string }>): TocItem[] {
  let min = Infinity
  for (const e of entries) min = Math.min(min, e.depth)
  const root: TocItem[] = []
  for (const e of entries) {
    let list = root
    for (let level = min; level < e.depth; level++) {
      if (list.length === 0) list.push({})
      const tail = list[list.length - 1]
      list = tail.sub ??= []
    }
    list.push({ link: e.link })
  }
  return root
}

/**
 * The list as Markdown that reads back to the same lists: each level two columns in (the content column of `- `), an
 * item with no link written as `- ` before its sublist's first item, and a list with a sublist in any item loose
 * (items and an item's sublist apart by a blank line), as mdast-util-toc marks it (`spread`) when `tight` is off.
 */
function tocLines(items: readonly TocItem[], indent: string): string[] {
  const loose = items.some((item) => item.sub !== undefined)
  const out: string[] = []
  for (const item of items) {
    if (loose && out.length > 0) out.push('')
    const sub = item.sub === undefined ? [] : tocLines(item.sub, `${indent}  `)
    if (item.link === undefined) {
      out.push(`${indent}- ${sub[0].slice(indent.length + 2)}`, ...sub.slice(1))
    } else {
      out.push(`${indent}- ${item.link}`)
      if (sub.length > 0) out.push('', ...sub)
    }
  }
  return out
}

/** Link text keeps its text (mdast-util-toc unwraps links); an image stays. */
function unlinked(inline: string): string {
  return inline.replace(/(?<!!)\[([^[\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
}

/** Each heading's id, as github-slugger gives them in order: a repeat gets `-1`, `-2`… */
function slugsOf(headings: readonly Heading[]): string[] {
  const seen = new Map<string, number>()
  return headings.map((h) => {
    const base = githubSlug(h.text)
    let slug = base
    while (seen.has(slug)) {
      const n = (seen.get(base) ?? 0) + 1
      seen.set(base, n)
      slug = `${base}-${n}`
    }
    seen.set(slug, 0)
    return slug
  })
}

/** The text is taken whole and its trailing blanks cut in code: a lazy text before `[ \t]*$` was quadratic in them. */
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+([^\n]*))?$/
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/
/** A line that cannot be the text of a setext heading: blank, a block's own marker, or HTML. */
const NOT_PARAGRAPH = /^\s*$|^ {0,3}(?:[#>|<]|[-*+](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|```|~~~)/

/** The top-level ATX and setext headings outside code, in one pass over the lines. */
function headingsOf(body: string, code: readonly CodeRange[]): Heading[] {
  const out: Heading[] = []
  let r = 0
  let previous: { start: number; line: string; heading: boolean } | undefined
  for (let start = 0; start < body.length; ) {
    const nl = body.indexOf('\n', start)
    const end = nl === -1 ? body.length : nl + 1
    const line = body.slice(start, nl === -1 ? body.length : nl).replace(/\r$/, '')
    while (r < code.length && code[r].end <= start) r++
    const inCode = r < code.length && code[r].start <= start
    let heading = false
    if (!inCode) {
      const atx = ATX.exec(line)
      const setext = atx ? null : SETEXT.exec(line)
      if (atx) {
        const inline = withoutClosingHashes((atx[2] ?? '').trimEnd()).trim()
        out.push({ start, end, depth: atx[1].length, inline, text: stripInline(inline) })
        heading = true
      } else if (setext && previous && !previous.heading && !NOT_PARAGRAPH.test(previous.line)) {
        const inline = previous.line.trim()
        out.push({ start: previous.start, end, depth: setext[1][0] === '=' ? 1 : 2, inline, text: stripInline(inline) })
        heading = true
      }
    }
    previous = inCode ? undefined : { start, line, heading }
    start = end
  }
  return out
}
