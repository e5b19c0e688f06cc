import { LineIndex } from '../../../src/lines.js'
import { trimLeading, trimTrailing } from '../../../src/trim.js'
import { outputLimit } from './_engine.js'
import { EMOJI } from './_emoji.js'
import { inlineMarkup } from './_html.js'
import type { PassResult } from './_out.js'
import { findCode } from './_scan.js'
import { admonitionOpen } from './docusaurus.js'
import type { TemplateContext, TemplateFinding } from './types.js'
import { keepsIndentedCode } from './types.js'

/** How deep snippets include snippets (pymdownx.snippets stops at a file already being included; this also bounds it). */
const MAX_SNIPPET_DEPTH = 8
/** How deep admonitions, details and tabs nest (a hostile body may nest without end; real ones nest two or three). */
const MAX_BLOCK_DEPTH = 32

/** `--8<-- "file.md"` (pymdownx.snippets), a whole line; `;--8<--` is the escaped form, printed without the `;`. */
const SNIPPET = /^([ \t]*)(;?)-+8<-+[ \t]+([^\n]*)$/
/** The multi-line form: a `--8<--` line alone opens and closes a list of files, one a line. */
const SNIPPET_BLOCK = /^[ \t]*-{1,}8<-{1,}[ \t]*$/
/** `!!! type "Title"` (admonition), `??? type` and `???+ type` (pymdownx.details): the marker, then `ADMONITION_TYPES`. */
const ADMONITION = /^([ \t]*)(!!!|\?\?\?\+?)/
/** After an admonition's marker: its type and classes, then (see `admonitionLine`) its title in quotes. */
const ADMONITION_TYPES = /^[ \t]*([\w-]+(?:[ \t]+[\w-]+)*)?/
/** `=== "Tab"` (pymdownx.tabbed), `===!` starting a new set, `===+` selected. */
const TAB = /^([ \t]*)===([!+]{0,2})[ \t]+"(.*)"[ \t]*$/
/** `*[HTML]: Hyper Text Markup Language` (abbr). */
const ABBREVIATION = /^[ \t]{0,3}\*\[[^\]\n]+\]:.*$/
/** A definition (def_list): `:` and up to three spaces at the start of a line, below its term. */
const DEFINITION = /^:[ \t]{1,3}(?=\S)/
/** attr_list's lists in a term (`` `note`{: #note } ``), which a `<dt>` would otherwise print. */
const SPAN_ATTRIBUTES = /\{:?[ \t]*[.#][^{}\n]*\}/g
/** What a block, `[TOC]` or an abbreviation needs in a body: without any, the block pass is skipped. */
const BLOCK_MARKS = /!!!|\?\?\?|===|\[TOC\]|\*\[|^:[ \t]/m
/** A fence as CommonMark reads one: at most three spaces in, a backtick fence's info string without backticks. */
const FENCE = /^ {0,3}(`{3,}(?!.*`)|~{3,})/
/**
 * How many lines snippets may add to one body in all (a file included a hundred times by one included a hundred times…);
 * their characters are bounded as every dialect's includes are (`outputLimit`), or one long line included a
 * hundred thousand times would be hundreds of gigabytes.
 */
const MAX_SNIPPET_LINES = 100_000

/**
 * Admonition types of Material for MkDocs and their aliases, as the callout kinds the other conventions' asides
 * use (note, info, tip, success, warning, caution, danger, important); a custom type is a note.
 */
const KINDS: Record<string, string> = {
  note: 'note', seealso: 'note', abstract: 'info', summary: 'info', tldr: 'info', info: 'info', todo: 'info',
  tip: 'tip', hint: 'tip', important: 'important', success: 'success', check: 'success', done: 'success',
  question: 'info', help: 'info', faq: 'info', warning: 'warning', attention: 'warning', caution: 'caution',
  failure: 'danger', fail: 'danger', missing: 'danger', danger: 'danger', error: 'danger', bug: 'danger',
  example: 'note', quote: 'note', cite: 'note',
}

/** A line of output and the input line it came from. */
interface Line {
  text: string
  line: number
}

/**
 * Python-Markdown and pymdown-extensions syntax as MkDocs and Material for MkDocs render it, which a CommonMark
 * renderer prints as text:
 * - snippets (`--8<-- "file.md"`, and the multi-line form) include the named file, inside code blocks too (the
 *   extension runs before Markdown); a file not in the folder or a URL is reported and prints nothing;
 * - admonitions (`!!! note "Title"`, `!!! tip ""` without a title) become the admonition asides the other
 *   conventions' callouts become; `??? note` and `???+ note` become `<details>` (open with `+`); their indented
 *   content is their body, and nests;
 * - content tabs (`=== "Tab"`) become labelled open `<details>` in a `<div class="tabs">`, every tab's content shown;
 * - `[TOC]` goes, with a finding (the old theme showed its table of contents there), and abbreviation definitions
 *   (`*[HTML]: …`) go (they only added tooltips);
 * - emoji shortcodes become their character where known (`:smile:`), Material's icons (`:material-check:`,
 *   `:fontawesome-brands-github:`, `:octicons-…:`, `:simple-…:`) go with a finding, and so does an attribute list
 *   styling one; unknown ones stay as written; keys (`++ctrl+c++`) become `<kbd>`.
 * Attribute lists (`{ .md-button }`) are `expandAttributes`' work. Code is left as written, snippets aside.
 */
export function expandPymdown(body: string, ctx: TemplateContext): PassResult {
  const findings: TemplateFinding[] = []
  let lines: Line[] = body.split('\n').map((text, i) => ({ text, line: i + 1 }))
  if (body.includes('8<-')) lines = snippets(lines, ctx, findings, 0, new Set([ctx.file]), { lines: MAX_SNIPPET_LINES, chars: outputLimit(body.length) })
  // Snippets come first (pymdownx.snippets runs before Markdown): what they include is read as the page's own text.
  if (BLOCK_MARKS.test(lines.length === 1 ? body : lines.map((l) => l.text).join('\n'))) lines = blocks(lines, findings, 0)
  // Every line holds one line of text (blocks write their HTML a line at a time).
  const joined = lines.map((l) => l.text).join('\n')
  const lineMap = lines.map((l) => l.line)
  // Emoji are found in the expanded body: their findings are moved back to the lines they were written on.
  const icons: TemplateFinding[] = []
  INLINE.lastIndex = 0
  const text = INLINE.test(joined) ? inline(joined, ctx, icons) : joined
  for (const f of icons) findings.push({ ...f, line: lineMap[f.line - 1] ?? f.line })
  findings.sort((a, b) => a.line - b.line)
  return { body: text, findings, lineMap }
}

/**
 * A snippet line (`SNIPPET`): its indent, whether it is escaped, and the file it names, its quotes (`"` or `'`, the
 * same both ends) and trailing blanks taken off; undefined when it is not one (a quote inside the name). The blanks
 * are cut by hand: a lazy name before `[ \t]*$` read the rest of a run of blanks at each of its characters.
 */
function snippetLine(text: string): { indent: string; escaped: boolean; target: string } | undefined {
  const m = SNIPPET.exec(text)
  if (!m) return undefined
  const rest = trimTrailing(m[3], ' \t')
  const quoted = rest.length >= 2 && (rest[0] === '"' || rest[0] === "'") && rest.endsWith(rest[0])
  const target = quoted ? rest.slice(1, -1) : rest
  return /["']/.test(target) ? undefined : { indent: m[1], escaped: m[2] === ';', target: target.trim() }
}

/**
 * An admonition line, `!!! type classes "Title"`: its indent, marker, type and classes (undefined when none are
 * written) and title (undefined without one), or null when the line is not one. The trailing blanks and the quoted
 * title are read by hand: blanks matched before the title and at the end of one pattern read a run of blanks again
 * at each of its places (`!!!`, 32,000 blanks and `"x`: 5 s).
 */
function admonitionLine(text: string): [indent: string, marker: string, classes: string | undefined, title: string | undefined] | null {
  const start = ADMONITION.exec(text)
  if (!start) return null
  const rest = trimTrailing(text.slice(start[0].length), ' \t')
  const types = ADMONITION_TYPES.exec(rest) as RegExpExecArray
  const after = rest.slice(types[0].length)
  if (after === '') return [start[1], start[2], types[1], undefined]
  // The title is a blank or more away from the marker or the last class, in double quotes, on this line.
  const quoted = trimLeading(after, ' \t')
  const spaced = quoted.length < after.length || (types[1] === undefined && types[0] !== '')
  if (!spaced || quoted.length < 2 || quoted[0] !== '"' || !quoted.endsWith('"') || /[\r\u2028\u2029]/.test(quoted)) return null
  return [start[1], start[2], types[1], quoted.slice(1, -1)]
}

/** The file a snippet names: `file.md:3:5` (lines) and `file.md:name` (a section) name part of a file, whose whole is included. */
function snippetFile(target: string): string {
  return target.replace(/:[\w-]+(?::\d*)?$/, '').replace(/:\d*(?::\d*)?$/, '')
}

/**
 * The files a body's snippets name (`--8<-- "a.md"`, each line of the multi-line form; escaped ones and URLs not),
 * so that the import can read them before expansion.
 */
export function snippetTargets(body: string): string[] {
  const out: string[] = []
  let block = false
  for (const line of body.split('\n')) {
    if (SNIPPET_BLOCK.test(line)) block = !block
    else if (block && line.trim() !== '') out.push(line.trim())
    else {
      const m = snippetLine(line)
      if (m && !m.escaped && m.target !== '') out.push(m.target)
    }
  }
  return out.map(snippetFile).filter((t) => t !== '' && !/^[a-z][a-z0-9+.-]*:\/\//i.test(t))
}

/** Lines with every snippet line replaced by the lines of the file it names (read through `ctx.readFile('include', …)`). */
function snippets(lines: Line[], ctx: TemplateContext, findings: TemplateFinding[], depth: number, within: Set<string>, budget: { lines: number; chars: number }): Line[] {
  const out: Line[] = []
  for (let i = 0; i < lines.length; i++) {
    const { text, line } = lines[i]
    if (SNIPPET_BLOCK.test(text)) {
      // The multi-line form: file names up to the closing marker (a block never closed is left as written).
      let end = i + 1
      while (end < lines.length && !SNIPPET_BLOCK.test(lines[end].text) && lines[end].text.trim() !== '') end++
      if (end < lines.length && SNIPPET_BLOCK.test(lines[end].text)) {
        for (let k = i + 1; k < end; k++) include(lines[k].text.trim(), '', line, ctx, findings, depth, within, budget, out)
        i = end
        continue
      }
    }
    const m = snippetLine(text)
    if (!m || m.target === '') {
      out.push(lines[i])
      continue
    }
    if (m.escaped) out.push({ text: text.replace(';', ''), line })
    else include(m.target, m.indent, line, ctx, findings, depth, within, budget, out)
  }
  return out
}

/** One snippet: the file's lines (its own snippets expanded), each with `indent` before it, all on the snippet's line. */
function include(target: string, indent: string, line: number, ctx: TemplateContext, findings: TemplateFinding[], depth: number, within: Set<string>, budget: { lines: number; chars: number }, out: Line[]): void {
  if (target === '' || target.startsWith(';')) return
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    findings.push({ line, name: '--8<--', action: 'unresolved', message: `The snippet "${target}" is a URL; it was not fetched and prints nothing. Copy its text into the page or a file of the site.` })
    return
  }
  const file = snippetFile(target)
  const text = within.has(file) || depth >= MAX_SNIPPET_DEPTH ? undefined : ctx.readFile('include', file)
  if (text === undefined) {
    findings.push({ line, name: '--8<--', action: 'unresolved', message: within.has(file) ? `The snippet "${file}" includes itself; it was left out.` : `The snippet "${file}" names no file of the site (pymdownx.snippets reads it from its base_path); it prints nothing. Add the file or fix the path.` })
    return
  }
  const own = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n').map((t) => ({ text: t === '' ? '' : indent + t, line }))
  const chars = text.length + indent.length * own.length
  if (own.length > budget.lines || chars > budget.chars) {
    findings.push({ line, name: '--8<--', action: 'unresolved', message: `The snippet "${file}" would make the page longer than the importer allows (${MAX_SNIPPET_LINES} included lines, eight times the page's own text and 4 MB); it was left out.` })
    return
  }
  budget.lines -= own.length
  budget.chars -= chars
  findings.push({ line, name: '--8<--', action: 'expanded' })
  const next = new Set(within).add(file)
  for (const l of own.some((x) => x.text.includes('8<-')) ? snippets(own, ctx, findings, depth + 1, next, budget) : own) out.push({ text: l.text, line })
}

/** Admonitions, details and tabs at any indentation (in a list item too), `[TOC]` and abbreviations, outside fenced code. */
function blocks(lines: Line[], findings: TemplateFinding[], depth: number): Line[] {
  const out: Line[] = []
  let fence: { char: string; length: number } | undefined
  const above = new Outline()
  for (let i = 0; i < lines.length; i++) {
    const { text, line } = lines[i]
    const inList = above.inListItem(text)
    const f = FENCE.exec(text)
    if (fence) {
      if (f && f[1][0] === fence.char && f[1].length >= fence.length && text.trim() === f[1]) fence = undefined
      out.push(lines[i])
      continue
    }
    if (f) {
      fence = { char: f[1][0], length: f[1].length }
      out.push(lines[i])
      continue
    }
    const marked = depth < MAX_BLOCK_DEPTH && /^[ \t]*(?:!!!|\?\?\?|===)/.test(text) && (/^\S/.test(text) || inList)
    const admonition = marked ? admonitionLine(text) : null
    const tab = marked && !admonition ? TAB.exec(text) : null
    if (admonition) {
      const [indent, marker, classes, title] = admonition
      const content = indented(lines, i + 1, indent)
      const inner = blocks(content.lines, findings, depth + 1)
      const written = (classes ?? '').split(/[ \t]+/)[0].toLowerCase()
      if (written === '') {
        out.push(lines[i])
        continue
      }
      const kind = KINDS[written] ?? 'note'
      const label = title ?? written.charAt(0).toUpperCase() + written.slice(1)
      const open = marker === '!!!' ? asideOpen(kind, label) : `<details class="admonition admonition-${kind}"${marker === '???+' ? ' open' : ''}>\n<summary>${inlineMarkup(label)}</summary>`
      const close = marker === '!!!' ? '</aside>' : '</details>'
      pushWrapped(out, indent, open, inner, close, line, content.end > i + 1 ? lines[content.end - 1].line : line)
      findings.push({ line, name: marker === '!!!' ? `!!! ${written}` : `${marker} ${written}`, action: 'expanded' })
      i = content.end - 1
    } else if (tab) {
      // One tab set: this tab and the tabs that follow it at the same indentation (`===!` starts a new set).
      const indent = tab[1]
      const set: Line[] = []
      let at = i
      let first = true
      for (;;) {
        const t = at < lines.length ? TAB.exec(lines[at].text) : null
        if (!t || t[1] !== indent || (!first && t[2].includes('!'))) break
        const content = indented(lines, at + 1, indent)
        const inner = blocks(content.lines, findings, depth + 1)
        const label = `<details class="tab" open>\n<summary>${inlineMarkup(t[3])}</summary>`
        pushWrapped(set, indent, label, inner, '</details>', lines[at].line, content.end > at + 1 ? lines[content.end - 1].line : lines[at].line)
        findings.push({ line: lines[at].line, name: '=== tab', action: 'expanded' })
        first = false
        // Blank lines between two tabs belong to the set.
        let next = content.end
        while (next < lines.length && lines[next].text.trim() === '') next++
        const more = next < lines.length ? TAB.exec(lines[next].text) : null
        at = content.end
        if (!more || more[1] !== indent || more[2].includes('!')) break
        at = next
      }
      out.push({ text: `${indent}<div class="tabs">`, line }, { text: '', line })
      for (const l of set) out.push(l)
      out.push({ text: '', line: set.at(-1)?.line ?? line }, { text: `${indent}</div>`, line: set.at(-1)?.line ?? line })
      i = at - 1
    } else if (depth < MAX_BLOCK_DEPTH && DEFINITION.test(text) && lastText(out) !== undefined) {
      // def_list: `Term` then `:   definition` (its further lines indented four spaces), as a description list.
      const first = { text: text.replace(DEFINITION, ''), line }
      const content = indented(lines, i + 1, '')
      const inner = blocks([first, ...content.lines], findings, depth + 1)
      const term = termAbove(out)
      const open = term === undefined ? '<dl>\n<dd>' : `<dl>\n<dt>${inlineMarkup(term.replace(SPAN_ATTRIBUTES, ''))}</dt>\n<dd>`
      pushWrapped(out, '', open, inner, '</dd>\n</dl>', line, content.end > i + 1 ? lines[content.end - 1].line : line)
      findings.push({ line, name: ': definition', action: 'expanded' })
      i = content.end - 1
    } else if (text.trim() === '[TOC]') {
      out.push({ text: '', line })
      findings.push({ line, name: '[TOC]', action: 'removed', message: 'Python-Markdown printed a table of contents here ([TOC]); it was removed: the new theme shows its own, or none. Add one by hand if the page needs it.' })
    } else if (ABBREVIATION.test(text)) {
      out.push({ text: '', line })
      findings.push({ line, name: '*[abbr]', action: 'expanded' })
    } else out.push(lines[i])
  }
  return out
}

const LIST_ITEM = /^[ \t]*(?:[-*+]|\d+[.)])[ \t]/

/**
 * The lines above, as far as indentation goes: for each width, the nearest line above that is indented less.
 * An indented block marker is in a list item's content (where Python-Markdown reads it) when the nearest line above
 * that is indented less is an item; elsewhere an indented line is code, left as written. A stack of ever deeper lines
 * answers each line in constant time on average (a body of indented markers once looked back over every line).
 */
class Outline {
  private readonly stack: Array<{ width: number; item: boolean }> = []

  /** Whether `text`, the next line, is in a list item's content; then it is taken as the line above the next. */
  inListItem(text: string): boolean {
    if (text.trim() === '') return false
    let width = 0
    for (let k = 0; k < text.length && (text[k] === ' ' || text[k] === '\t'); k++) width += text[k] === '\t' ? 4 : 1
    while (this.stack.length > 0 && (this.stack.at(-1) as { width: number }).width >= width) this.stack.pop()
    const parent = this.stack.at(-1)
    this.stack.push({ width, item: LIST_ITEM.test(text) })
    return parent?.item === true
  }
}

/** The last line of `out` that is not blank, if any. */
function lastText(out: Line[]): string | undefined {
  for (let k = out.length - 1; k >= 0; k--) if (out[k].text.trim() !== '') return out[k].text
  return undefined
}

/**
 * The term a definition belongs to, taken out of `out`: a one-line paragraph just above it (blank lines between
 * allowed). Undefined when the line above is not a term (another definition's end, a block's HTML).
 */
function termAbove(out: Line[]): string | undefined {
  let k = out.length - 1
  while (k >= 0 && out[k].text.trim() === '') k--
  if (k < 0 || /^\s|^<\/?[a-z]/i.test(out[k].text) || (k > 0 && out[k - 1].text.trim() !== '')) return undefined
  const term = out[k].text.trim()
  out.length = k
  return term
}

/** The opening of an admonition aside; `""` (an empty title) has no title line, as Python-Markdown prints it. */
function asideOpen(kind: string, title: string): string {
  return title.trim() === '' ? `<aside class="admonition admonition-${kind}">` : admonitionOpen(kind, title)
}

/**
 * The lines below a block's marker that are its content: indented four spaces (or a tab) past the marker, blank
 * lines between them included, the trailing blank lines not; returned without that indentation.
 */
function indented(lines: Line[], from: number, indent: string): { lines: Line[]; end: number } {
  const deeper = deeperThan(indent)
  let end = from
  let last = from
  while (end < lines.length && (lines[end].text.trim() === '' || deeper.test(lines[end].text))) {
    if (lines[end].text.trim() !== '') last = end + 1
    end++
  }
  const content = lines.slice(from, last).map((l) => ({ text: l.text.replace(deeper, ''), line: l.line }))
  return { lines: content, end: last }
}

const DEEPER = new Map<string, RegExp>()

/** A line indented four spaces (or a tab) past `indent` (made once per indentation: a body may have thousands of blocks). */
function deeperThan(indent: string): RegExp {
  let re = DEEPER.get(indent)
  if (re === undefined) {
    re = new RegExp(`^${indent.replace(/\t/g, '\\t')}(?: {4}|\\t)`)
    if (DEEPER.size < 64) DEEPER.set(indent, re)
  }
  return re
}

/** `open`, a blank line, the content, a blank line and `close`, each line indented as the marker was. */
function pushWrapped(out: Line[], indent: string, open: string, inner: Line[], close: string, line: number, lastLine: number): void {
  for (const o of open.split('\n')) out.push({ text: indent + o, line })
  out.push({ text: '', line })
  // The blank lines a tab's content starts or ends with are the separator already written.
  let from = 0
  let to = inner.length
  while (from < to && inner[from].text.trim() === '') from++
  while (to > from && inner[to - 1].text.trim() === '') to--
  for (const l of inner.slice(from, to)) out.push({ text: l.text === '' ? '' : indent + l.text, line: l.line })
  out.push({ text: '', line: lastLine })
  for (const c of close.split('\n')) out.push({ text: indent + c, line: lastLine })
}

/**
 * Emoji shortcodes (pymdownx.emoji) with a name and a letter in it, not inside a word or a time (`10:30:00`), with
 * the attribute list that may style an icon (`:material-clock:{ .lg .middle }`, Material's card grids); and keys
 * (pymdownx.keys, `++ctrl+alt+del++`).
 */
const INLINE = /(?<![\w:]):([a-z0-9_+-]*[a-z][a-z0-9_+-]*):(?![\w:])(\{:?[ \t]*[.#][^{}\n]*\})?|\+\+([\w-]+(?:\+[\w-]+)*)\+\+/g
/** Material for MkDocs' icon sets, written as emoji shortcodes. */
const ICON = /^(?:material|fontawesome|octicons|simple)-/

/**
 * Emoji and keys outside code: known emoji as their character, Material's icons removed (said once per body), other
 * shortcodes as written; `++ctrl+c++` as `<kbd>Ctrl</kbd>+<kbd>C</kbd>`, as pymdownx.keys shows it.
 */
function inline(body: string, ctx: TemplateContext, findings: TemplateFinding[]): string {
  const code = findCode(body, { indentedCode: keepsIndentedCode(ctx) })
  let r = 0
  let icons = 0
  let firstIcon = 0
  const index = new LineIndex(body)
  const out = body.replace(INLINE, (m: string, name: string | undefined, attributes: string | undefined, keys: string | undefined, offset: number) => {
    while (r < code.length && code[r].end <= offset) r++
    if (r < code.length && code[r].start <= offset) return m
    if (keys !== undefined) {
      findings.push({ line: index.line(offset), name: '++keys++', action: 'expanded' })
      return keys
        .split('+')
        .map((k) => `<kbd>${k.charAt(0).toUpperCase() + k.slice(1)}</kbd>`)
        .join('+')
    }
    const shortcode = name as string
    if (ICON.test(shortcode)) {
      if (icons++ === 0) firstIcon = index.line(offset)
      return ''
    }
    const char = EMOJI[shortcode]
    if (char === undefined) return attributes === undefined ? m : `:${shortcode}:`
    findings.push({ line: index.line(offset), name: `:${shortcode}:`, action: 'expanded' })
    return char
  })
  if (icons > 0) findings.push({ line: firstIcon, name: ':icon:', action: 'removed', message: `${icons} Material icon shortcode(s) (:material-…:, :fontawesome-…:, :octicons-…:, :simple-…:) were removed: they are the old theme's icon font, which the new site does not have.` })
  return out
}
