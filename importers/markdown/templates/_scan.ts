/** A stretch of a Markdown body that renders as code: a fenced block (fences included), an indented block or a span. */
export interface CodeRange {
  start: number
  end: number
  /** For a fenced block: its info string and where the opening fence line starts and ends. */
  fence?: { info: string; lineStart: number; lineEnd: number; indent: string }
}

export interface ScanOptions {
  /** CommonMark's indented code blocks. MDX has none (four spaces are not code there), and then a fence may sit at
   *  any indentation, as in micromark with `codeIndented` disabled. */
  indentedCode: boolean
}

interface Line {
  start: number
  end: number
  /** Offset after the indentation (and any `>` markers). */
  text: number
  /** Columns of indentation, tabs to the next multiple of 4. */
  indent: number
}

const FENCE_MIN = 3

/**
 * Finds where code is in a Markdown body in one pass over its lines, without a syntax tree: fenced blocks (``` and
 * ~~~, any length, closed by a fence of the same character at least as long), indented blocks (when the options
 * allow them, with list items' content columns taken into account) and inline code spans (a run of backticks closed
 * by a run of the same length, within a paragraph). The result is sorted and never overlaps. Linear in the body.
 */
export function findCode(text: string, options: ScanOptions): CodeRange[] {
  const ranges: CodeRange[] = []
  let fence: { char: number; len: number; indent: number; start: number; info: string; lineEnd: number; pad: string } | null = null
  let indented: { start: number; end: number } | null = null
  const listColumns: number[] = []
  let prevBlank = true
  let prevParagraph = false
  let inlineStart = -1
  let inlineEnd = -1
  // The next backtick at or after a paragraph: asked once per paragraph, answered from memory while it lies ahead.
  let tick = -2
  const flushInline = () => {
    if (inlineStart !== -1) {
      if (tick !== -1 && tick < inlineStart) tick = text.indexOf('`', inlineStart)
      if (tick !== -1 && tick < inlineEnd) findSpans(text, inlineStart, inlineEnd, ranges)
    }
    inlineStart = -1
  }
  const flushIndented = () => {
    if (indented) ranges.push({ start: indented.start, end: indented.end })
    indented = null
  }

  let pos = 0
  while (pos <= text.length) {
    const nl = text.indexOf('\n', pos)
    const line = measure(text, pos, nl === -1 ? text.length : nl)
    const next = nl === -1 ? text.length + 1 : nl + 1
    const isBlank = line.text >= line.end || blankFrom(text, line.text, line.end)

    if (fence) {
      if (!isBlank && closesFence(text, line, fence, options)) {
        ranges.push({ start: fence.start, end: line.end, fence: { info: fence.info, lineStart: fence.start, lineEnd: fence.lineEnd, indent: fence.pad } })
        fence = null
        prevParagraph = false
        prevBlank = false
      }
      pos = next
      continue
    }

    if (isBlank) {
      flushInline()
      prevBlank = true
      prevParagraph = false
      pos = next
      continue
    }

    const container = listColumns.length > 0 ? listColumns[listColumns.length - 1] : 0
    // An indented block continues through blank lines while lines stay indented; anything else ends it.
    if (indented && line.indent >= container + 4) {
      indented.end = line.end
      pos = next
      continue
    }
    flushIndented()

    if (prevBlank || !prevParagraph) {
      while (listColumns.length > 0 && listColumns[listColumns.length - 1] > line.indent) listColumns.pop()
    }
    const col = listColumns.length > 0 ? listColumns[listColumns.length - 1] : 0

    const opener = options.indentedCode && line.indent > col + 3 ? null : fenceOpener(text, line)
    if (opener) {
      flushInline()
      fence = { char: opener.char, len: opener.len, indent: opener.indent, info: opener.info, start: line.start, lineEnd: line.end, pad: text.slice(line.start, line.text) }
      pos = next
      continue
    }
    if (options.indentedCode && !prevParagraph && line.indent >= col + 4) {
      flushInline()
      indented = { start: line.start, end: line.end }
      prevBlank = false
      pos = next
      continue
    }

    const item = listItem(text, line)
    if (item !== -1) {
      while (listColumns.length > 0 && listColumns[listColumns.length - 1] > line.indent) listColumns.pop()
      listColumns.push(item)
    }
    const c = text.charCodeAt(line.text)
    const heading = c === 35 /* # */ || thematicBreak(text, line)
    if (heading) flushInline()
    if (inlineStart === -1) inlineStart = line.text
    inlineEnd = line.end
    if (heading) flushInline()
    prevParagraph = !heading
    prevBlank = false
    pos = next
  }
  if (fence) ranges.push({ start: fence.start, end: text.length, fence: { info: fence.info, lineStart: fence.start, lineEnd: fence.lineEnd, indent: fence.pad } })
  flushIndented()
  flushInline()
  ranges.sort((a, b) => a.start - b.start)
  return ranges
}

/**
 * Answers "is this offset inside code?" for offsets asked in increasing order, in constant time per question.
 */
export class CodeCursor {
  private i = 0
  constructor(readonly ranges: CodeRange[]) {}

  /** The code range holding `offset`, if any; offsets must not decrease between calls. */
  at(offset: number): CodeRange | undefined {
    while (this.i < this.ranges.length && this.ranges[this.i].end <= offset) this.i++
    const r = this.ranges[this.i]
    return r && r.start <= offset ? r : undefined
  }

  /** Where the next code range at or after `offset` starts (the text length when there is none). */
  nextStart(offset: number, length: number): number {
    while (this.i < this.ranges.length && this.ranges[this.i].end <= offset) this.i++
    const r = this.ranges[this.i]
    return r ? Math.max(r.start, offset) : length
  }
}

function measure(text: string, start: number, end: number): Line {
  let i = start
  let indent = 0
  for (;;) {
    while (i < end && (text[i] === ' ' || text[i] === '\t')) {
      indent = text[i] === '\t' ? indent + 4 - (indent % 4) : indent + 1
      i++
    }
    // A block quote marker: the rest of the line is measured as if the quote were a container.
    if (i < end && text[i] === '>' && indent < 4) {
      i++
      if (text[i] === ' ') i++
      indent = 0
      continue
    }
    break
  }
  return { start, end, text: i, indent }
}

function blankFrom(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text[i] !== ' ' && text[i] !== '\t' && text[i] !== '\r') return false
  return true
}

function fenceOpener(text: string, line: Line): { char: number; len: number; indent: number; info: string } | null {
  const char = text.charCodeAt(line.text)
  if (char !== 96 && char !== 126) return null
  let i = line.text
  while (i < line.end && text.charCodeAt(i) === char) i++
  const len = i - line.text
  if (len < FENCE_MIN) return null
  const info = text.slice(i, line.end).trim()
  if (char === 96 && info.includes('`')) return null
  return { char, len, indent: line.indent, info }
}

function closesFence(text: string, line: Line, fence: { char: number; len: number; indent: number }, options: ScanOptions): boolean {
  if (options.indentedCode && line.indent > Math.max(3, fence.indent + 3)) return false
  let i = line.text
  while (i < line.end && text.charCodeAt(i) === fence.char) i++
  return i - line.text >= fence.len && blankFrom(text, i, line.end)
}

/** The content column of a list item starting on this line, or -1. */
function listItem(text: string, line: Line): number {
  let i = line.text
  const c = text[i]
  if (c === '-' || c === '+' || c === '*') i++
  else {
    while (i < line.end && i - line.text < 9 && text[i] >= '0' && text[i] <= '9') i++
    if (i === line.text || (text[i] !== '.' && text[i] !== ')')) return -1
    i++
  }
  const marker = i - line.text
  if (i >= line.end) return line.indent + marker + 1
  if (text[i] !== ' ' && text[i] !== '\t') return -1
  let spaces = 0
  while (i < line.end && text[i] === ' ' && spaces < 5) {
    spaces++
    i++
  }
  return line.indent + marker + (spaces >= 5 || i >= line.end ? 1 : Math.max(1, spaces))
}

function thematicBreak(text: string, line: Line): boolean {
  const c = text[line.text]
  if (c !== '-' && c !== '*' && c !== '_') return false
  let count = 0
  for (let i = line.text; i < line.end; i++) {
    if (text[i] === c) count++
    else if (text[i] !== ' ' && text[i] !== '\t') return false
  }
  return count >= 3
}

/** Code spans in `text[from, to)`: each backtick run is matched with the next run of the same length. */
function findSpans(text: string, from: number, to: number, out: CodeRange[]): void {
  const runs: Array<{ at: number; len: number }> = []
  for (let i = from; i < to; i++) {
    if (text.charCodeAt(i) !== 96) continue
    let j = i
    while (j < to && text.charCodeAt(j) === 96) j++
    let slashes = 0
    for (let k = i - 1; k >= from && text[k] === '\\'; k--) slashes++
    // An escaped first backtick is literal; the rest of the run still counts.
    if (slashes % 2 === 1) {
      if (j - i > 1) runs.push({ at: i + 1, len: j - i - 1 })
    } else runs.push({ at: i, len: j - i })
    i = j - 1
  }
  // For each length, the runs of that length in order, and how far matching has consumed them.
  const byLength = new Map<number, { list: number[]; next: number }>()
  runs.forEach((r, idx) => {
    const e = byLength.get(r.len) ?? { list: [], next: 0 }
    e.list.push(idx)
    byLength.set(r.len, e)
  })
  let i = 0
  while (i < runs.length) {
    const r = runs[i]
    const same = byLength.get(r.len)!
    while (same.next < same.list.length && same.list[same.next] <= i) same.next++
    if (same.next < same.list.length) {
      const j = same.list[same.next]
      out.push({ start: r.at, end: runs[j].at + runs[j].len })
      i = j + 1
    } else i++
  }
}
