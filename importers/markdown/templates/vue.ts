import { trimTrailing } from '../../../src/trim.js'
import { MAX_INCLUDES, outputLimit } from './_engine.js'
import { codeBlock, escapeHtml, inlineMarkup } from './_html.js'
import { lineBounds, NextFinder, Out, unchanged } from './_out.js'
import type { PassResult } from './_out.js'
import { findCode } from './_scan.js'
import type { TemplateContext } from './types.js'
import { emojified, hasShortcode } from './_emoji.js'
import { outsideProtected } from './_protected.js'

/**
 * What VuePress and VitePress add to Markdown beyond its containers (vuepress.vuejs.org "Markdown", vitepress.dev
 * "Using Vue in Markdown"): a page is compiled as a Vue template, so `{{ expression }}` outside code is evaluated
 * (`{{ $frontmatter.title }}` prints the front matter; anything else needs the site's running app and is removed,
 * reported), `::: v-pre` shows its content as written (its braces are kept as text, as entities), `::: details
 * Title` is a `<details>` block, `::: tabs` and `::: code-tabs` with `@tab label` lines are tabs (each an open
 * `<details>` with its label, as Docusaurus tabs become), `<!-- @include: ./file.md{1-5} -->` is the file's text
 * (the markdown-include plugin), `[[toc]]` is removed (the theme's table of contents), and `<script>`/`<style>` blocks at the top level are the page's component code,
 * never content. Other containers (`::: tip`) are left to the admonition pass. Code is left as written. An included
 * file's text goes through this pass too (its `{{ }}`, containers and `<script>` are the page's), but its own includes
 * are left as the comments they are (`includes` false), as the plugin leaves them unless told to go `deep`.
 */
export function expandVue(body: string, ctx: TemplateContext, includes = true): PassResult {
  const flags = ctx.data.site.markdown
  const enabled = new Set(flags && typeof flags === 'object' ? Object.keys(flags).filter((k) => (flags as Record<string, unknown>)[k] === true) : [])
  // Emoji shortcodes are on in every VuePress and VitePress site (markdown-it-emoji).
  if (hasShortcode(body)) enabled.add('emoji')
  if (enabled.size === 0 && !body.includes(':::') && !body.includes('{{') && !body.includes('@include') && !body.includes('<<<') && !/\[\[toc\]\]/i.test(body) && !/^<(?:script|style)\b/im.test(body)) return unchanged(body)
  const out = new Out(body)
  const ranges = findCode(body, { indentedCode: true })
  const open: Array<{ kind: 'v-pre' | 'details' | 'tabs' | 'align' | 'other'; colons: number; tab?: boolean; codeGroup?: boolean }> = []
  let cursor = 0
  let r = 0
  // How many `v-pre` containers are open: counted, not searched for, so deep nesting stays linear.
  let preDepth = 0
  const verbatim = () => preDepth > 0
  // Every search ahead is remembered, so that a body with many lines and one distant `{{` or `</script>` stays linear.
  const finder = new NextFinder(body)
  let lower: NextFinder | undefined
  // Includes are counted and their text is bounded, as the other dialects' are: a page that includes itself, or one
  // large file thousands of times, would otherwise multiply the body without end.
  const reader = new IncludeReader(ctx)
  const expandedIncludes = new Map<string, PassResult>()
  const limit = outputLimit(body.length)
  for (let pos = 0; pos < body.length; ) {
    const { end } = lineBounds(body, pos)
    const next = Math.min(end + 1, body.length)
    while (r < ranges.length && ranges[r].end <= pos) r++
    const block = ranges[r]
    if (block && block.start <= pos && (block.fence || block.end > end)) {
      // A code block: as written; in a VitePress `::: code-group`, a tab labelled by its `[label]`.
      const stop = block.end >= body.length ? body.length : lineBounds(body, block.end).end + 1
      const top = open[open.length - 1]
      const label = top?.codeGroup && block.fence ? tabLabel(body.slice(pos, end)) : undefined
      if (top?.codeGroup && block.fence) {
        out.copy(cursor, pos)
        out.emit(`${top.tab ? '\n</details>\n' : ''}<details class="tab" open>\n<summary>${inlineMarkup(label?.text.trim() || 'Code')}</summary>\n\n`, out.lines.line(pos))
        top.tab = true
        if (label) out.emit(label.fence, out.lines.line(pos))
        cursor = label ? pos + label.length : pos
      }
      pos = stop
      continue
    }
    const line = body.slice(pos, end)
    const container = containerFence(line.length > 4096 ? line.slice(0, 4096) : line)
    const component = /^<(script|style)\b/i.exec(line)
    const tabLine = lineMatch(/^[ \t]*@tab(?::active)?[ \t]+(.*)$/, line)
    const include = includes ? INCLUDE.exec(line) : null
    // A one-line indented code block ends where its line does (the test above lets it through): never a marker.
    const toc = line.includes('[[') && !(block && block.start <= pos && block.end >= end) ? lineMatch(TOC_LINE, line) : null
    const snippet = line.startsWith('<<<') || /^[ \t]+<<</.test(line) ? SNIPPET.exec(line) : null
    if (container && container[2] === '') {
      const top = open[open.length - 1]
      if (top && container[1].length >= top.colons) {
        open.pop()
        if (top.kind === 'v-pre') preDepth--
        if (top.kind !== 'other') {
          out.copy(cursor, pos)
          out.emit(top.kind === 'details' ? '\n</details>\n' : top.kind === 'tabs' ? `${top.tab ? '\n</details>\n' : ''}</div>\n` : top.kind === 'align' ? '\n</div>\n' : '', out.lines.line(pos))
          cursor = next
        }
      }
    } else if (container) {
      const [first, ...rest] = container[2].split(/\s+/)
      // `::: code-tabs#shell`: the id after `#` groups tabs across the page; it is not part of the name.
      const name = first.replace(/#.*$/, '')
      // theme-hope's `align` option: `::: center` and its kin align their content.
      const align = enabled.has('align') && ALIGNMENTS.has(name)
      const kind = name === 'v-pre' ? 'v-pre' : name === 'details' ? 'details' : name === 'tabs' || name === 'code-tabs' || name === 'code-group' ? 'tabs' : align ? 'align' : 'other'
      open.push({ kind, colons: container[1].length, ...(name === 'code-group' ? { codeGroup: true } : {}) })
      if (kind === 'v-pre') preDepth++
      if (kind !== 'other') {
        out.copy(cursor, pos)
        const title = rest.join(' ')
        out.emit(kind === 'details' ? `<details class="details">\n<summary>${title ? inlineMarkup(title) : 'Details'}</summary>\n\n` : kind === 'tabs' ? '<div class="tabs">\n' : kind === 'align' ? `<div style="text-align: ${name}">\n\n` : '', out.lines.line(pos))
        out.find(pos, `:::${name}`, 'expanded')
        cursor = next
      }
    } else if (tabLine && open[open.length - 1]?.kind === 'tabs') {
      // `@tab label` (or `@tab:active label`, `@tab label#id`) starts the next tab: an open <details> with its label.
      const top = open[open.length - 1]
      out.copy(cursor, pos)
      out.emit(`${top.tab ? '\n</details>\n' : ''}<details class="tab" open>\n<summary>${inlineMarkup(tabLine[1].replace(/#[\w-]*$/, '').trim() || 'Tab')}</summary>\n\n`, out.lines.line(pos))
      top.tab = true
      cursor = next
    } else if (toc && !verbatim()) {
      // `[[toc]]` (VuePress's and VitePress's built-in table of contents): made from the headings by the theme. The
      // blockquote or list item it opens stays, empty.
      out.copy(cursor, pos)
      if (toc[1].trim() !== '') out.emit(`${toc[1].trimEnd()}\n`, out.lines.line(pos))
      out.find(pos, '[[toc]]', 'removed', 'The [[toc]] marker is a table of contents the theme builds from the headings; it was removed (a theme shows its own).')
      cursor = next
    } else if (include && !verbatim()) {
      out.copy(cursor, pos)
      cursor = next
      const over = reader.count >= MAX_INCLUDES
      const text = over ? undefined : reader.read(include[1])
      if (over || (text !== undefined && out.written + text.length > limit)) {
        out.find(pos, '@include', 'removed', `The page includes more than ${MAX_INCLUDES} files or more text than the importer allows (a file that includes itself?); this include was left out.`)
      } else if (text === undefined) out.find(pos, '@include', 'unresolved', `The included file "${include[1]}" was not found beside this document; the include was removed. Put its text here.`)
      else {
        const at = out.lines.line(pos)
        let inner = expandedIncludes.get(include[1])
        if (inner === undefined) expandedIncludes.set(include[1], (inner = expandVue(text, ctx, false)))
        out.emit(inner.body.endsWith('\n') ? inner.body : inner.body + '\n', at)
        out.find(pos, '@include', 'expanded')
        for (const f of inner.findings) out.findAt(at, f.name, f.action, f.message && `In the included file "${include[1]}": ${f.message}`)
      }
    } else if (snippet && !verbatim()) {
      // `<<< @/snippets/x.js#region{2 ts}[label]`: the file's text (or its region) as a fenced block.
      out.copy(cursor, pos)
      cursor = next
      const text = reader.count >= MAX_INCLUDES ? undefined : snippetText(snippet[1], reader)
      if (text === undefined || out.written + text.length > limit) {
        out.find(pos, '<<<', text === undefined ? 'unresolved' : 'removed', text === undefined ? `The code snippet "${snippet[1]}" was not found in the site's folder; it was removed. Put the code here.` : 'The page imports more code than the importer allows; this snippet was left out.')
      } else {
        const lang = snippet[2]?.trim().split(/\s+/).find((w) => /^[A-Za-z][\w+-]*$/.test(w)) ?? SNIPPET_LANGS[snippet[1].replace(/#.*$/, '').split('.').pop()?.toLowerCase() ?? ''] ?? ''
        const title = snippet[3]?.trim() ? `<div class="code-block-title">${escapeHtml(snippet[3].trim())}</div>\n\n` : ''
        out.emit(`${title}${codeBlock(text, lang)}\n`, out.lines.line(pos))
        out.find(pos, '<<<', 'expanded')
      }
    } else if (component && !verbatim()) {
      // The page's component code: up to its closing tag, which may be on this line or a later one.
      lower ??= new NextFinder(body.toLowerCase())
      const close = lower.next(`</${component[1].toLowerCase()}>`, pos)
      const stop = close === -1 ? body.length : Math.min(lineBounds(body, close).end + 1, body.length)
      out.copy(cursor, pos)
      out.find(pos, `<${component[1].toLowerCase()}>`, 'removed', `A <${component[1].toLowerCase()}> block is the page's Vue component code, run by the site's own app; it was removed.`)
      cursor = stop
      while (r < ranges.length && ranges[r].end <= stop) r++
      pos = stop
      continue
    } else {
      // Lines longer than any real paragraph line are left as written: the patterns below are not linear on hostile text.
      const marks = verbatim() || line.length > 4096 ? undefined : (from: number, to: number) => inlineMarks(body, from, to, ranges, r, enabled)
      const marked = line.includes('{{') ? undefined : marks?.(pos, end)
      if (marked !== undefined) {
        out.copy(cursor, pos)
        out.emit(marked, out.lines.line(pos))
        out.find(pos, 'markdown extension', 'expanded')
        cursor = end
      } else if (marks && line.includes('{{')) {
        // The text around the line's `{{ }}` is Markdown as any other (markdown-it-emoji and the marks rewrite it).
        out.copy(cursor, pos)
        cursor = interpolations(body, pos, end, pos, ranges, r, out, ctx, false, finder, marks)
      } else cursor = interpolations(body, pos, end, cursor, ranges, r, out, ctx, verbatim(), finder)
    }
    pos = next
  }
  out.copy(cursor, body.length)
  return out.finish()
}

/**
 * The inline syntax vuepress-theme-hope's Markdown options turn on (theme-hope.vuejs.press "Markdown" → "Stylize"):
 * `mark` `==text==`, `sup` `^text^`, `sub` `~text~`, `spoiler` `!!text!!` become their HTML, and `attrs` `{#id .class}`
 * after an element is dropped (the element stays); and, in every VuePress and VitePress site, known emoji shortcodes
 * (`:tada:`) become their character (markdown-it-emoji). Returns the line rewritten, or undefined when nothing applied.
 * Code spans are left as written.
 */
const ALIGNMENTS = new Set(['left', 'center', 'right', 'justify'])

function inlineMarks(body: string, start: number, end: number, ranges: ReturnType<typeof findCode>, r: number, enabled: ReadonlySet<string>): string | undefined {
  if (enabled.size === 0) return undefined
  const pieces: string[] = []
  let at = start
  const plain = (text: string) => {
    let t = text
    if (enabled.has('mark')) t = t.replace(/==(?=\S)([^=\n]*?\S)==/g, '<mark>$1</mark>')
    if (enabled.has('spoiler')) t = t.replace(/!!(?=\S)([^!\n]*?\S)!!/g, '<span class="spoiler">$1</span>')
    if (enabled.has('sup')) t = t.replace(/\^([^\s^]+)\^/g, '<sup>$1</sup>')
    if (enabled.has('sub')) t = t.replace(/(?<!~)~([^\s~]+)~(?!~)/g, '<sub>$1</sub>')
    if (enabled.has('attrs')) t = t.replace(/\{(?:[#.][\w-]+)(?:\s+[#.][\w-]+)*\}/g, '')
    if (enabled.has('emoji')) t = outsideProtected(t, emojified)
    return t
  }
  for (let i = r; i < ranges.length && ranges[i].start < end; i++) {
    if (ranges[i].end <= start) continue
    pieces.push(plain(body.slice(at, Math.max(at, ranges[i].start))), body.slice(Math.max(at, ranges[i].start), Math.min(end, ranges[i].end)))
    at = Math.min(end, ranges[i].end)
  }
  pieces.push(plain(body.slice(at, end)))
  const text = pieces.join('')
  return text === body.slice(start, end) ? undefined : text
}

/**
 * A code snippet import (vitepress.dev "Import Code Snippets", VuePress 1 "Import Code Snippets"): `<<< @/path`
 * (`@` the source folder) or `<<< ./path` (beside the page), a `#region`, `{highlighted lines and a language}` and a
 * `[label]`: 1 the path with its region, 2 the braces' text, 3 the label.
 */
export const SNIPPET = /^[ \t]*<<<[ \t]+((?:@\/|\.{1,2}\/)[^\s{[]+?)(?:\{([^}\n]*)\})?(?:[ \t]*\[([^\]\n]*)\])?[ \t]*$/

/** A snippet's language by its file's extension, where the name differs from the extension or is worth stating. */
const SNIPPET_LANGS: Record<string, string> = { js: 'js', mjs: 'js', cjs: 'js', ts: 'ts', mts: 'ts', tsx: 'tsx', jsx: 'jsx', vue: 'vue', json: 'json', sh: 'sh', bash: 'bash', py: 'python', rb: 'ruby', rs: 'rust', go: 'go', css: 'css', scss: 'scss', html: 'html', md: 'md', yml: 'yaml', yaml: 'yaml', toml: 'toml', java: 'java', kt: 'kotlin', c: 'c', cpp: 'cpp', cs: 'csharp', php: 'php', sql: 'sql', swift: 'swift' }

/**
 * A snippet's text: the convention resolves the path (`@/` is the site's source folder), `#name` keeps the lines
 * between its region markers. Read through the same bounded reader as includes.
 */
function snippetText(spec: string, reader: IncludeReader): string | undefined {
  const text = reader.read(spec)
  return text === undefined ? undefined : trimTrailing(text, '\n')
}

/** `<!-- @include: ./file.md -->`, with a line range (`{3-10}`, `{3-}`, `{-10}`) or a region (`#name`). */
export const INCLUDE = /^[ \t]*<!--[ \t]*@include:[ \t]*([^\s>]+?)[ \t]*-->[ \t]*$/

/**
 * The text a VuePress include names (@vuepress/plugin-markdown-include): a file relative to the document, all of it,
 * a line range (1-based, inclusive) or the lines between `#region name` and `#endregion name` markers. Each file is
 * split into lines, and its regions found, once per body, so many includes of one large file stay linear.
 */
class IncludeReader {
  /** Includes asked for so far (past MAX_INCLUDES, the caller stops reading). */
  count = 0
  private readonly files = new Map<string, { lines: string[]; regions?: Map<string, { start: number; end: number }> } | undefined>()

  constructor(private readonly ctx: TemplateContext) {}

  read(spec: string): string | undefined {
    this.count++
    const m = /^(.*?)(?:\{(\d*)-(\d*)\}|#([\w-]+))?$/.exec(spec)
    const file = m?.[1] ?? spec
    if (!/^(?:\.{1,2}|@)\//.test(file)) return undefined
    if (!this.files.has(file)) {
      const text = this.ctx.readFile('relative', file)
      this.files.set(file, text === undefined ? undefined : { lines: text.split('\n') })
    }
    const got = this.files.get(file)
    if (got === undefined) return undefined
    const { lines } = got
    if (!m || (m[2] === undefined && m[3] === undefined && m[4] === undefined)) return lines.join('\n')
    if (m[4] !== undefined) {
      got.regions ??= regions(lines)
      const region = got.regions.get(m[4])
      return region === undefined ? undefined : lines.slice(region.start + 1, region.end === -1 ? undefined : region.end).join('\n')
    }
    const from = m[2] ? Number(m[2]) : 1
    const to = m[3] ? Number(m[3]) : lines.length
    return lines.slice(Math.max(from - 1, 0), to).join('\n')
  }
}

/** Each region's first `#region name` line and the first `#endregion name` after it (-1 when none), in one pass. */
function regions(lines: readonly string[]): Map<string, { start: number; end: number }> {
  const out = new Map<string, { start: number; end: number }>()
  lines.forEach((line, i) => {
    if (!line.includes('region')) return
    for (const [, endMark, name] of line.matchAll(/#(end)?region\s+([\w-]+)/g)) {
      const region = out.get(name)
      if (!endMark && region === undefined) out.set(name, { start: i, end: -1 })
      else if (endMark && region !== undefined && region.end === -1 && i > region.start) region.end = i
    }
  })
  return out
}

/** The inline syntax of part of a line, or undefined when nothing applied. */
type Marks = (from: number, to: number) => string | undefined

/**
 * Handles the `{{ … }}` of one line (outside code spans) and returns the new cursor: in a `v-pre` container the braces
 * become entities (shown as written, never read as a template again); elsewhere `$frontmatter.x` prints the value and
 * any other expression is removed.
 */
function interpolations(body: string, start: number, end: number, cursor: number, ranges: ReturnType<typeof findCode>, r: number, out: Out, ctx: TemplateContext, verbatim: boolean, finder: NextFinder, marks?: Marks): number {
  // The text between the braces, with the line's inline syntax applied when `marks` is given.
  let reported = false
  const text = (from: number, to: number) => {
    const marked = from < to ? marks?.(from, to) : undefined
    if (marked === undefined) return out.copy(from, to)
    out.emit(marked, out.lines.line(from))
    if (!reported) out.find(from, 'markdown extension', 'expanded')
    reported = true
  }
  let at = finder.next('{{', start)
  while (at !== -1 && at < end) {
    while (r < ranges.length && ranges[r].end <= at) r++
    if (r < ranges.length && ranges[r].start <= at) {
      at = finder.next('{{', ranges[r].end)
      continue
    }
    const close = finder.next('}}', at + 2)
    if (close === -1 || close >= end) break
    text(cursor, at)
    const expr = body.slice(at + 2, close).trim()
    if (verbatim) out.emit(`&#123;&#123;${escapeHtml(body.slice(at + 2, close))}&#125;&#125;`, out.lines.line(at))
    else {
      const field = /^\$frontmatter\.([A-Za-z_$][\w$]*)$/.exec(expr)
      const value = field ? ctx.data.page[field[1]] : undefined
      if (typeof value === 'string' || typeof value === 'number') {
        out.emit(escapeHtml(String(value)), out.lines.line(at))
        out.find(at, '{{ }}', 'expanded')
      } else out.find(at, '{{ }}', 'removed', `The Vue expression {{ ${expr.length > 60 ? expr.slice(0, 60) + '…' : expr} }} is evaluated by the site's own app; it was removed. Write its result in the text.`)
    }
    cursor = close + 2
    at = finder.next('{{', cursor)
  }
  if (marks === undefined || cursor >= end) return cursor
  text(cursor, end)
  return end
}

/**
 * A `:::` line: its colons and its title without the blanks around it, or null. `(.*?)[ \t]*$` read the blanks again
 * from each character, cubic when a U+2028 (which `.` does not cross) ended the line: the title is read as runs of
 * blanks a non-blank follows, and a line holding a line terminator is still no fence.
 */
export function containerFence(line: string): RegExpExecArray | null {
  return lineMatch(/^[ \t]*(:{3,})[ \t]*((?:[^ \t]|[ \t]+(?=[^ \t]))*)[ \t]*$/, line)
}

/**
 * A code-group tab's fence line, three backticks then `js [config.js]`: the fence and info before the label (without
 * the blanks before it), the label's text, and how much of the line they take; undefined without a label. What the
 * expression `^([ \t]*(?:fence)[^\n[]*?)[ \t]*\[([^\]\n]*)\]` read, but linear: its lazy info read the blanks after
 * each of its characters again (a fence line with 32,000 spaces inside: 0.9 s).
 */
function tabLabel(line: string): { fence: string; text: string; length: number } | undefined {
  const open = line.indexOf('[')
  const close = open === -1 ? -1 : line.indexOf(']', open + 1)
  const fence = /^[ \t]*(?:`{3,}|~{3,})/.exec(line)
  if (close === -1 || !fence || fence[0].length > open) return undefined
  return { fence: trimTrailing(line.slice(0, open), ' \t'), text: line.slice(open + 1, close), length: close + 1 }
}

/**
 * `pattern` on a line, which ends in `(.*)$` or the like: a line holding a line terminator (U+2028 where `.` stops)
 * never matched, and trying took time in the square of the line (`@tab`, a run of spaces, U+2028: 16 KB, 0.6 s).
 */
/**
 * A line that is a table of contents (@mdit-vue/plugin-toc, which VuePress 2 and VitePress use: a block whose first
 * token, the line split on spaces only (`[[toc]]<tab>` is no marker), is `[[toc]]`, in any case, in a blockquote or
 * list item too, interrupting a paragraph; the rest of its line is dropped). Group 1 is the markers before it.
 */
const TOC_LINE = /^([ \t]*(?:>[ \t]*)*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?)\[\[toc\]\](?: [^\n]*)?$/i

function lineMatch(pattern: RegExp, line: string): RegExpExecArray | null {
  return /[\n\r\u2028\u2029]/.test(line) ? null : pattern.exec(line)
}
