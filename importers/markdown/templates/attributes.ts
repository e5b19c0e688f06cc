import { LineIndex } from '../../../src/lines.js'
import { trimTrailing } from '../../../src/trim.js'
import { withoutClosingHashes } from '../scan.js'
import { githubSlug } from '../presets/_slugger.js'
import { escapeHtml } from './_html.js'
import { admonitionOpen } from './docusaurus.js'
import type { PassResult } from './_out.js'
import { findCode } from './_scan.js'
import type { CodeRange } from './_scan.js'
import type { TemplateContext, TemplateFinding } from './types.js'
import { keepsIndentedCode } from './types.js'

/**
 * Attribute syntax of a generator's own Markdown renderer, which a CommonMark renderer prints as text:
 * - headings `## Title {#id}` (kramdown, Hugo's Goldmark, Docusaurus), and Goldmark's `{#id .class key=value}`;
 * - with `kramdown` (Jekyll): attribute lists on a line of their own (`{: .note .info}`, `{: #id}`, Chirpy's
 *   `{: .prompt-tip }`, `{: file="a.go" }`) or right after a span (`[x](url){:target="_blank"}`), attribute
 *   definitions (`{:name: .class}`), the table of contents (`* TOC` + `{:toc}`), and the extensions `{::comment}`,
 *   `{::nomarkdown}` and `{::options /}`.
 *
 * - with `attrList` (Python-Markdown's attr_list, MkDocs): the same lists with the colon optional (`{ .md-button }`,
 *   `{: #id }`), after a span or on a block's last line.
 *
 * Attributes go: their classes and styles belong to the old theme, and the old site never showed them. A heading's
 * explicit id stays reachable as an empty anchor in the heading, `## Title <a id="id"></a>`, unless the heading's own
 * slug is that id, so links to `#id` still land. A `{:toc}` is removed with a finding (the old site showed a table of
 * contents there). Lines stay where they were (a removed line is left empty); code is left as written. Linear in the
 * body.
 */
export function expandAttributes(body: string, ctx: TemplateContext, kramdown: boolean, attrList = false): PassResult {
  if (!body.includes('{')) return { body, findings: [] }
  const findings: TemplateFinding[] = []
  const codeOf = (text: string) => new CodeMap(text, findCode(text, { indentedCode: keepsIndentedCode(ctx) }))
  // Extensions first: they keep every line where it was, so what follows reports on the body's own lines.
  if (kramdown && body.includes('{::')) body = extensions(body, codeOf(body), findings)
  const code = codeOf(body)
  const lines: string[] = []
  // The lines just above, while an attribute list on the next line would still belong to their block.
  let above: number[] = []
  // Where the block being read starts, and a callout waiting for the block below its attribute list.
  let blockStart = -1
  let pending: { kind: string; from: number } | undefined
  const closePending = () => {
    if (pending && pending.from !== -1 && pending.from < lines.length) asCallout(lines, pending.from, lastText(lines), pending.kind)
    pending = undefined
  }
  let start = 0
  for (let n = 1; start <= body.length; n++) {
    const nl = body.indexOf('\n', start)
    const end = nl === -1 ? body.length : nl
    const text = body.slice(start, end)
    if (code.blockAt(start)) {
      closePending()
      lines.push(text)
      above = []
    } else if ((kramdown && isAttributeLine(text)) || (attrList && isAttrListLine(text))) {
      const content = text.trim().slice(1, -1).replace(/^:/, '').trim()
      const kind = kramdown ? calloutKind(content) : undefined
      lines.push('')
      const last = above.at(-1)
      // After a block it styles that block; alone above one (`{: .note }` then a paragraph), the block below.
      if (kind !== undefined && last !== undefined && !ATX.test(lines[last])) {
        asCallout(lines, blockStart, last, kind)
        findings.push({ line: n, name: '{: }', action: 'expanded' })
      } else if (kind !== undefined && last === undefined) {
        closePending()
        pending = { kind, from: -1 }
        findings.push({ line: n, name: '{: }', action: 'expanded' })
      } else attributeLine(content, above.map((i) => ({ index: i, lines })), n, findings)
      above = []
    } else {
      const blank = text.trim() === ''
      if (blank) closePending()
      else if (above.length === 0) blockStart = lines.length
      if (!blank && pending?.from === -1) pending.from = lines.length
      lines.push(rewriteLine(text, start, code, kramdown, n, findings, attrList))
      above = blank ? [] : [...above.slice(-1), lines.length - 1]
    }
    if (nl === -1) break
    start = nl + 1
  }
  closePending()
  // Callouts added lines around their blocks: each is the line of the element it was written into.
  const lineMap: number[] = []
  lines.forEach((l, i) => {
    for (let k = l.split('\n').length; k > 0; k--) lineMap.push(i + 1)
  })
  return { body: lines.join('\n'), findings, lineMap }
}

const ATX = /^ {0,3}#{1,6}(?:[ \t]|$)/
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/
const LIST_ITEM = /^\s*(?:[*+-]|\d+[.)])[ \t]+\S/

/** Where code is, asked by offset in any order. */
class CodeMap {
  constructor(
    private readonly body: string,
    private readonly ranges: CodeRange[],
  ) {}

  /** The code range holding `offset`, if any. */
  at(offset: number): CodeRange | undefined {
    let lo = 0
    let hi = this.ranges.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      const r = this.ranges[mid]
      if (r.end <= offset) lo = mid + 1
      else if (r.start > offset) hi = mid - 1
      else return r
    }
    return undefined
  }

  /** Whether the line starting at `lineStart` is inside a code block (or a code span that began on a line above). */
  blockAt(lineStart: number): boolean {
    const r = this.at(lineStart)
    return r !== undefined && (r.fence !== undefined || r.start < lineStart || this.body[r.start] !== '`')
  }
}

/**
 * A kramdown attribute list on a line of its own: it belongs to the block just above. `{:toc}` under a list item
 * replaces that list with a table of contents, which goes; a `#id` under a heading becomes its anchor.
 */
function attributeLine(content: string, above: Array<{ index: number; lines: string[] }>, line: number, findings: TemplateFinding[]): void {
  const last = above.at(-1)
  if (/^toc$/i.test(content) && last && LIST_ITEM.test(last.lines[last.index])) {
    last.lines[last.index] = ''
    findings.push({ line: line - 1, name: '{:toc}', action: 'removed', message: 'kramdown printed a table of contents here ({:toc}); it was removed: the new theme shows its own, or none. Add one by hand if the page needs it.' })
    return
  }
  findings.push({ line, name: '{: }', action: 'expanded' })
  const id = /(?:^|\s)#([^\s.#"'=}]+)/.exec(content)?.[1]
  if (id === undefined || !last) return
  const heading = ATX.test(last.lines[last.index]) ? last.index : SETEXT_UNDERLINE.test(last.lines[last.index]) && above.length === 2 ? above[0].index : undefined
  if (heading !== undefined) last.lines[heading] = withAnchor(last.lines[heading], id)
}

/**
 * The admonition kind of an attribute list's classes when they make a callout: Jekyll's docs `.note .warning`,
 * just-the-docs `.note`/`.warning`/`.important`, Chirpy's `.prompt-tip`, Minimal Mistakes' `.notice--info`.
 */
function calloutKind(content: string): string | undefined {
  let kind: string | undefined
  for (const m of content.matchAll(/(?:^|\s)\.([\w-]+)/g)) {
    const c = /^(?:prompt-|notice--)?(note|info|tip|warning|danger|caution|important|success|error|primary)$/i.exec(m[1]) ?? (/^notice$/i.test(m[1]) ? [m[1], 'note'] : null)
    if (c === null) continue
    const k = c[1].toLowerCase()
    const mapped = k === 'error' ? 'danger' : k === 'primary' ? 'note' : k
    if (kind === undefined || kind === 'note') kind = mapped
  }
  return kind
}

/** Lines `from`..`to` as an admonition of `kind` (a block quote's markers taken off), the line count kept apart from the two added. */
function asCallout(lines: string[], from: number, to: number, kind: string): void {
  if (from < 0 || to < from) return
  const quoted = lines.slice(from, to + 1).every((l) => /^ {0,3}>/.test(l))
  if (quoted) for (let i = from; i <= to; i++) lines[i] = lines[i].replace(/^ {0,3}> ?/, '')
  lines[from] = `${admonitionOpen(kind)}\n\n${lines[from]}`
  lines[to] = `${lines[to]}\n\n</aside>`
}

/** The index of the last line that is not blank. */
function lastText(lines: string[]): number {
  let i = lines.length - 1
  while (i >= 0 && lines[i].trim() === '') i--
  return i
}

/** A kramdown attribute list (or definition) alone on its line: `{: .class}`, `{:#id}`, `{:toc}`, `{:name: .x}`. */
function isAttributeLine(text: string): boolean {
  const t = text.trim()
  return t.length >= 3 && t.startsWith('{:') && t[2] !== ':' && t[2] !== '/' && t.indexOf('}') === t.length - 1 && t.lastIndexOf('{') === 0
}

/** A heading line with an empty anchor for `id` at its end, unless its own slug is already `id`. */
function withAnchor(heading: string, id: string): string {
  const text = withoutClosingHashes(heading.replace(/^ {0,3}#{1,6}[ \t]*/, '')).trim()
  if (githubSlug(text) === id) return heading
  return `${trimTrailing(heading, ' \t')} <a id="${escapeHtml(id)}"></a>`
}

/**
 * One line outside code blocks: a heading's trailing `{#id …}` becomes its anchor, and (kramdown) span attribute
 * lists after a link, image, code span or emphasis go.
 */
function rewriteLine(text: string, start: number, code: CodeMap, kramdown: boolean, line: number, findings: TemplateFinding[], attrList = false): string {
  let out = text
  if (ATX.test(text)) {
    const trimmed = trimTrailing(text, ' \t')
    const open = trimmed.lastIndexOf('{')
    const inner = trimmed.slice(open + 1, -1)
    const parsed = trimmed.endsWith('}') && open > 0 && /[ \t]/.test(trimmed[open - 1]) && !code.at(start + open) ? headingAttributes(attrList ? inner.replace(/^:/, '') : inner) : undefined
    if (parsed !== undefined) {
      const heading = trimTrailing(trimmed.slice(0, open), ' \t')
      out = parsed.id === undefined ? heading : withAnchor(heading, parsed.id)
      findings.push({ line, name: '{#id}', action: 'expanded' })
    }
  }
  if (attrList && out.includes('{')) return withoutSpanAttributes(out, start, code, line, findings)
  if (!kramdown || !out.includes('{:')) return out
  // Span attribute lists (offsets are the line's own until the heading rewrite, which never leaves one behind).
  let result = ''
  let from = 0
  for (let at = out.indexOf('{:'); at > 0; at = out.indexOf('{:', from)) {
    const close = out.indexOf('}', at)
    if (close === -1) break
    const isSpan = ')]`*_'.includes(out[at - 1]) && out[at + 2] !== ':' && out[at + 2] !== '/' && !out.slice(at + 2, close).includes('{') && !code.at(start + at)
    if (isSpan) {
      result += out.slice(from, at)
      findings.push({ line, name: '{: }', action: 'expanded' })
    } else result += out.slice(from, close + 1)
    from = close + 1
  }
  return from === 0 ? out : result + out.slice(from)
}

/** attr_list's list alone on a line (`{ .class }`, `{: #id }`), its content only attributes. */
function isAttrListLine(text: string): boolean {
  const t = text.trim()
  return t.length >= 3 && t.startsWith('{') && t.endsWith('}') && !t.startsWith('{::') && t.indexOf('{', 1) === -1 && headingAttributes(t.slice(1, -1).replace(/^:/, '')) !== undefined
}

/** attr_list's span lists (`[x](url){ .md-button }`, `![a](b.png){ width="300" }`, `` `x`{: .y } ``) taken out of a line. */
function withoutSpanAttributes(text: string, start: number, code: CodeMap, line: number, findings: TemplateFinding[]): string {
  let result = ''
  let from = 0
  for (let at = text.indexOf('{'); at > 0; at = text.indexOf('{', at + 1)) {
    const close = text.indexOf('}', at)
    if (close === -1) break
    if (at < from || !')]`*_'.includes(text[at - 1]) || code.at(start + at)) continue
    if (headingAttributes(text.slice(at + 1, close).replace(/^:/, '')) === undefined) continue
    result += text.slice(from, at)
    findings.push({ line, name: '{: }', action: 'expanded' })
    from = close + 1
  }
  return from === 0 ? text : result + text.slice(from)
}

/** The content of Goldmark's heading attributes (`#id`, `.class`, `key=value`, `key="a b"`), or undefined when it is not one. */
function headingAttributes(content: string): { id?: string } | undefined {
  const token = /\s*(?:#([^\s.#"'=}]+)|\.([^\s.#"'=}]+)|([A-Za-z_:][\w:.-]*)=("[^"]*"|'[^']*'|[^\s"'=}]+))\s*/y
  let id: string | undefined
  let pos = 0
  if (content.trim() === '') return undefined
  while (pos < content.length) {
    token.lastIndex = pos
    const m = token.exec(content)
    if (!m) return undefined
    if (m[1] !== undefined) id = m[1]
    pos = token.lastIndex
  }
  return id === undefined ? {} : { id }
}

/**
 * kramdown's extensions: `{::comment}…{:/comment}` prints nothing, `{::nomarkdown}…{:/nomarkdown}` its content as
 * it is, `{::options … /}` nothing; an unknown one its content. A tag that is never closed is left as written. The
 * lines a removed extension held stay, empty.
 */
function extensions(body: string, code: CodeMap, findings: TemplateFinding[]): string {
  const lines = new LineIndex(body)
  const tag = /\{::([a-z]+)[^{}\n]*?(\/)?\}/g
  // The next closing tag at or after a point, per tag text: points only grow, so each is searched once a time.
  const next = new Map<string, number>()
  const closing = (close: string, from: number): number => {
    let at = next.get(close)
    if (at === undefined || (at !== -1 && at < from)) next.set(close, (at = body.indexOf(close, from)))
    return at
  }
  let out = ''
  let from = 0
  for (let m = tag.exec(body); m !== null; m = tag.exec(body)) {
    if (code.at(m.index)) continue
    const name = m[1]
    let inner = ''
    let end = tag.lastIndex
    if (m[2] === undefined) {
      const named = closing(`{:/${name}}`, end)
      const bare = closing('{:/}', end)
      const at = named === -1 ? bare : bare === -1 ? named : Math.min(named, bare)
      if (at === -1) continue
      inner = body.slice(end, at)
      end = at + (at === named ? name.length + 4 : 4)
    }
    const removed = name === 'comment' || name === 'options'
    out += body.slice(from, m.index) + (removed ? '\n'.repeat(lines.line(end) - lines.line(m.index)) : inner)
    from = end
    tag.lastIndex = end
    findings.push({ line: lines.line(m.index), name: `{::${name}}`, action: 'expanded' })
  }
  return out + body.slice(from)
}
