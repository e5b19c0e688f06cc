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
  const min = Math.min(...listed.map((h) => h.depth))
  const list = listed.map((h, i) => `${'  '.repeat(h.depth - min)}- [${unlinked(h.inline)}](#${ids[close + i]})`).join('\n')
  const out = new Out(body)
  out.copy(0, toc.end)
  out.emit(`\n${list}\n\n`, out.lines.line(toc.start))
  out.copy(headings[close].start, body.length)
  out.find(toc.start, 'remark-toc', 'expanded')
  return out.finish()
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

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+([^\n]*?))?[ \t]*$/
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
        const inline = withoutClosingHashes(atx[2] ?? '').trim()
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
