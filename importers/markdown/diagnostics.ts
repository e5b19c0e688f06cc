import type { IssueCode } from '../../src/validate/codes.js'
import { compareCodeUnits } from '../../src/compare.js'

/** The codes the Markdown importer reports on top of the payload's own issue codes. */
export type MarkdownDiagnosticCode =
  | 'unreadable_file'
  | 'file_too_large'
  | 'symlink_outside'
  | 'unsupported_encoding'
  | 'front_matter_syntax'
  | 'front_matter_refused'
  | 'front_matter_not_object'
  | 'invalid_date'
  | 'missing_date'
  | 'invalid_field'
  | 'unknown_author'
  | 'duplicate_slug'
  | 'duplicate_path'
  | 'missing_image'
  | 'unreadable_image'
  | 'missing_link_target'
  | 'dropped_data'
  | 'invalid_config'
  | 'skipped_file'
  | 'unsupported_feature'
  | 'unsafe_key'
  | 'invalid_file_name'
  | 'nothing_to_import'
  | 'unresolved_link'
  | 'url_changed'
  | 'url_conflict'
  | 'template_removed'
  | 'template_unresolved'

/** How much a diagnostic matters: an error makes the import fail, a warning does not (except under `--strict`). */
export type DiagnosticSeverity = 'error' | 'warning'

/** One problem found while importing, located by file (relative to the input folder, with `/`) and 1-based line. */
export interface MarkdownDiagnostic {
  file: string
  /** 1-based line in the file; 0 when the problem concerns the file as a whole. */
  line: number
  code: MarkdownDiagnosticCode | IssueCode
  message: string
  severity: DiagnosticSeverity
  /** JSON Pointer into the payload when the problem came from payload validation. */
  path?: string
}

/** The longest message kept whole; messages quote the input, and a file can hold a megabyte on one line. */
export const MESSAGE_MAX = 2000

/**
 * A message cut in its middle when it is longer than `MESSAGE_MAX`: its start says what is wrong and its end what to
 * do, so both stay.
 * @example
 * boundedMessage('x'.repeat(5000)).length < 2100 // true
 */
export function boundedMessage(message: string): string {
  if (message.length <= MESSAGE_MAX) return message
  const cut = message.length - 1500
  return `${message.slice(0, 1000)}… (${cut} characters cut) …${message.slice(-500)}`
}

/** Collects diagnostics while the import runs and hands them back in a stable order. */
export class Diagnostics {
  private readonly items: MarkdownDiagnostic[] = []

  /** Records an error. */
  error(file: string, line: number, code: MarkdownDiagnostic['code'], message: string): void {
    this.items.push({ file, line, code, message: boundedMessage(message), severity: 'error' })
  }

  /** Records a warning. */
  warn(file: string, line: number, code: MarkdownDiagnostic['code'], message: string): void {
    this.items.push({ file, line, code, message: boundedMessage(message), severity: 'warning' })
  }

  /** Adds a fully formed diagnostic. */
  push(d: MarkdownDiagnostic): void {
    this.items.push({ ...d, message: boundedMessage(d.message) })
  }

  /** How many diagnostics were recorded so far: a mark for `since`. */
  get count(): number {
    return this.items.length
  }

  /** The diagnostics recorded after the mark `from` (a `count` read earlier). */
  since(from: number): readonly MarkdownDiagnostic[] {
    return this.items.slice(from)
  }

  /** Whether any error was recorded. */
  hasErrors(): boolean {
    return this.items.some((d) => d.severity === 'error')
  }

  /**
   * The diagnostics sorted by file, line, code and message. Files are read concurrently, so the order in which
   * problems are found varies between runs; the report must not.
   */
  sorted(): MarkdownDiagnostic[] {
    return [...this.items].sort(compareDiagnostics)
  }
}

/** Orders diagnostics by file, line, code, then message (code-unit order, independent of the locale). */
export function compareDiagnostics(a: MarkdownDiagnostic, b: MarkdownDiagnostic): number {
  return compareCodeUnits(a.file, b.file) || a.line - b.line || compareCodeUnits(a.code, b.code) || compareCodeUnits(a.message, b.message)
}
