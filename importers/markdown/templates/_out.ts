import { LineIndex } from '../../../src/lines.js'
import type { TemplateFinding } from './types.js'

/** What one dialect pass returns: the new body, its findings (lines of the pass's input) and where each output line came from. */
export interface PassResult {
  body: string
  findings: TemplateFinding[]
  /** `lineMap[i]` is the 1-based input line that output line `i + 1` came from; undefined when lines did not move. */
  lineMap?: number[]
}

/** A pass that found nothing to do: the body as it was, its lines where they were. */
export const unchanged = (body: string): PassResult => ({ body, findings: [] })

/** Findings listed one by one per pass; a body with more (a hostile one: real pages have a few thousand at most) gets
 *  one more finding that counts the rest. */
const MAX_FINDINGS = 20_000

/**
 * The output of one pass, written front to back. Every piece remembers the input line it came from, so findings of a
 * later pass can be reported on the lines of the body as given. Text copied from the input keeps its own line count;
 * generated text is attributed to the construct that produced it. `begin()`/`end()` capture a nested construct's
 * output (a `highlight` body, a partial) instead of writing it.
 */
export class Out {
  readonly findings: TemplateFinding[] = []
  readonly lines: LineIndex
  /** Characters written so far, captures included: the budget that keeps expansion output bounded. */
  written = 0
  private readonly parts: string[] = []
  private readonly partLine: number[] = []
  private readonly partCopied: boolean[] = []
  private readonly captures: string[][] = []
  private unlisted = 0

  constructor(readonly src: string) {
    this.lines = new LineIndex(src)
  }

  /** Copies `src[from, to)`, removing up to `dedent` leading blanks from each line that starts inside it. */
  copy(from: number, to: number, dedent = 0): void {
    if (to <= from) return
    if (dedent <= 0) return this.put(this.src.slice(from, to), this.lines.line(from), true)
    let pos = from
    while (pos < to) {
      if (pos === 0 || this.src.charCodeAt(pos - 1) === 10) {
        let k = pos
        while (k < to && k - pos < dedent && (this.src[k] === ' ' || this.src[k] === '\t')) k++
        pos = k
      }
      const nl = this.src.indexOf('\n', pos)
      const end = nl === -1 || nl >= to ? to : nl + 1
      if (end > pos) this.put(this.src.slice(pos, end), this.lines.line(pos), true)
      pos = end
    }
  }

  /** Writes generated text, attributed to input line `line`. */
  emit(text: string, line: number): void {
    if (text !== '') this.put(text, line, false)
  }

  begin(): void {
    this.captures.push([])
  }

  end(): string {
    return (this.captures.pop() ?? []).join('')
  }

  get capturing(): boolean {
    return this.captures.length > 0
  }

  /** The last character written at the current level ('' when nothing was), to know whether a block starts a line. */
  lastChar(): string {
    const level = this.captures.length > 0 ? this.captures[this.captures.length - 1] : this.parts
    for (let i = level.length - 1; i >= 0; i--) if (level[i] !== '') return level[i][level[i].length - 1]
    return ''
  }

  find(offset: number, name: string, action: TemplateFinding['action'], message?: string): void {
    this.findAt(this.lines.line(offset), name, action, message)
  }

  findAt(line: number, name: string, action: TemplateFinding['action'], message?: string): void {
    if (this.findings.length >= MAX_FINDINGS) {
      this.unlisted++
      return
    }
    this.findings.push(message === undefined ? { line, name, action } : { line, name, action, message })
  }

  finish(): PassResult {
    if (this.unlisted > 0) {
      const last = this.findings[this.findings.length - 1]
      this.findings.push({ line: last.line, name: 'templates', action: 'removed', message: `${this.unlisted} more template constructs in this body were handled the same way but are not listed one by one.` })
      this.unlisted = 0
    }
    const body = this.parts.join('')
    const lineMap: number[] = [this.partLine[0] ?? 1]
    let atLineStart = true
    for (let p = 0; p < this.parts.length; p++) {
      const text = this.parts[p]
      if (text === '') continue
      if (atLineStart) lineMap[lineMap.length - 1] = this.partLine[p]
      let seen = 0
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
        seen++
        lineMap.push(this.partCopied[p] ? this.partLine[p] + seen : this.partLine[p])
      }
      atLineStart = text.charCodeAt(text.length - 1) === 10
    }
    return { body, findings: this.findings, lineMap }
  }

  private put(text: string, line: number, copied: boolean): void {
    this.written += text.length
    if (this.captures.length > 0) {
      this.captures[this.captures.length - 1].push(text)
      return
    }
    this.parts.push(text)
    this.partLine.push(line)
    this.partCopied.push(copied)
  }
}

/**
 * `indexOf` for one needle, remembered: asked again from a later offset before the last answer, it answers at once.
 * A lexer that looks for the closer of every opener (`>}}` after each `{{<`) stays linear on hostile input.
 */
export class NextFinder {
  private readonly memo = new Map<string, { from: number; at: number }>()
  constructor(private readonly text: string) {}

  next(needle: string, from: number): number {
    const m = this.memo.get(needle)
    if (m && m.from <= from && (m.at === -1 || m.at >= from)) return m.at
    const at = this.text.indexOf(needle, from)
    this.memo.set(needle, { from, at })
    return at
  }
}

/** Where the line holding `offset` starts and ends (the end excludes its newline). */
export function lineBounds(text: string, offset: number): { start: number; end: number } {
  const start = text.lastIndexOf('\n', offset - 1) + 1
  const nl = text.indexOf('\n', offset)
  return { start, end: nl === -1 ? text.length : nl }
}

/** How many blank characters the alone-on-its-line checks look at: bounded, so many tags on one line stay linear. */
const BLANK_CAP = 256

/** The start of the line holding `offset` when only blanks stand between them (at most a few hundred), else -1. */
export function blankStart(text: string, offset: number): number {
  for (let i = offset - 1; i >= 0 && offset - i <= BLANK_CAP; i--) {
    const c = text.charCodeAt(i)
    if (c === 10) return i + 1
    if (c !== 32 && c !== 9 && c !== 13) return -1
  }
  return offset <= BLANK_CAP ? 0 : -1
}

/** The end of the line holding `offset` (its newline, or the text's end) when only blanks follow, else -1. */
export function blankEnd(text: string, offset: number): number {
  for (let i = offset; i < text.length && i - offset <= BLANK_CAP; i++) {
    const c = text.charCodeAt(i)
    if (c === 10) return i
    if (c !== 32 && c !== 9 && c !== 13) return -1
  }
  return text.length - offset <= BLANK_CAP ? text.length : -1
}

/** Whether `text[from, to)` is blanks only. */
export function blank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i)
    if (c !== 32 && c !== 9 && c !== 13) return false
  }
  return true
}
