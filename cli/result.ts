/**
 * What every command prints: one result shape, as JSON under `--format json` (described by `cli/output.schema.json`)
 * or as text on standard error, with diagnostics capped per code.
 */
import type { ImportDiagnostic } from '../importers/shared/types.js'
import { EXIT } from './io.js'
import type { CliIo } from './io.js'
import { palette, printable } from './terminal.js'
import type { Palette } from './terminal.js'

/** The one diagnostic shape every command prints: `{ severity, code, message, file?, line?, column?, path? }`. */
export type Diagnostic = ImportDiagnostic

/**
 * A command's result: whether it succeeded (exit code 0), the command (`validate`, `import wordpress`…), a summary
 * whose members depend on the command (counts, timings, and `outputs`: what was written), and every diagnostic.
 */
export interface CommandResult {
  ok: boolean
  command: string
  summary: Record<string, unknown>
  diagnostics: Diagnostic[]
}

/** How a command prints: the format, how much, and whether in colour. */
export interface Display {
  format: 'text' | 'json'
  /** Errors only. */
  quiet: boolean
  /** Every diagnostic (no cap per code), `info` ones too. */
  verbose: boolean
  color: boolean
}

/** The plain display: text, neither quiet nor verbose, no colour. */
export const PLAIN: Display = { format: 'text', quiet: false, verbose: false, color: false }

/** The text a command prints after its diagnostics. */
export interface TextReport {
  /** What it found and did: counts, what it wrote. Left out under `--quiet`. */
  lines: string[]
  /** Failures (`nothing written: …`), printed even under `--quiet`, after `preview-data <command>: `. */
  errors?: string[]
  /** Where the diagnostics a cap left out can be read, e.g. "report.json has them all". */
  complete?: string
}

/** Diagnostics of one code shown in text before the rest are counted ("and 412 more"). */
export const SHOWN_PER_CODE = 10

/** Prints a command's result in the chosen format. JSON goes to standard output, text to standard error. */
export function printResult(io: CliIo, display: Display, result: CommandResult, text: TextReport): void {
  if (display.format === 'json') {
    io.stdout(JSON.stringify(result, null, 2) + '\n')
    return
  }
  const p = palette(display.color)
  const shown = result.diagnostics.filter((d) => (display.quiet ? d.severity === 'error' : display.verbose || d.severity !== 'info'))
  const perCode = new Map<string, number>()
  for (const d of shown) {
    const n = (perCode.get(d.code) ?? 0) + 1
    perCode.set(d.code, n)
    if (display.verbose || n <= SHOWN_PER_CODE) io.stderr(formatDiagnostic(d, p) + '\n')
  }
  if (!display.verbose) {
    for (const [code, n] of perCode) {
      if (n > SHOWN_PER_CODE) io.stderr(p.dim(`  … and ${n - SHOWN_PER_CODE} more [${code}]; ${text.complete ?? '--verbose shows them all'}`) + '\n')
    }
  }
  // Summary lines quote the input too (a menu's name, a file name), so they are escaped like diagnostics.
  if (!display.quiet) for (const line of text.lines) io.stderr(printable(line) + '\n')
  // Named like every other failure (printFailure), so that a script's log says which command failed.
  for (const line of text.errors ?? []) io.stderr(p.error(printable(`preview-data ${result.command}: ${line}`)) + '\n')
}

/**
 * One diagnostic as an editor-friendly line: `file:line:column: severity [code] /pointer message`. Text from the
 * input is escaped so it cannot drive the terminal.
 * @example
 * formatDiagnostic({ severity: 'error', code: 'invalid_json', message: 'Fix it.', file: 'a.json', line: 3, column: 12 })
 * // 'a.json:3:12: error [invalid_json] Fix it.'
 */
export function formatDiagnostic(d: Diagnostic, p: Palette = palette(false)): string {
  const where = d.file === undefined || d.file === '' ? '' : `${printable(d.file)}${d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : ''}: `
  const severity = d.severity === 'error' ? p.error('error') : d.severity === 'warning' ? p.warning('warning') : p.info('info')
  return `${where}${severity} [${printable(d.code)}]${d.path ? ` ${printable(d.path)}` : ''} ${printable(d.message)}`
}

/**
 * Reports a usage mistake or an I/O failure: a line on standard error (with a pointer to `--help` for usage
 * mistakes) and, under `--format json`, the result shape on standard output. Returns exit code 2.
 */
export function printFailure(io: CliIo, display: Display | undefined, command: string, code: 'usage_error' | 'io_error', message: string): number {
  io.stderr(printable(`preview-data ${command}: ${message}`) + '\n' + (code === 'usage_error' ? `Run "preview-data ${command} --help" for usage.\n` : ''))
  if (display?.format === 'json') io.stdout(JSON.stringify({ ok: false, command, summary: {}, diagnostics: [{ severity: 'error', code, message }] } satisfies CommandResult, null, 2) + '\n')
  return EXIT.usage
}

/**
 * `n` with its thousands grouped by commas (`12,345`), as `toLocaleString('en-US')` writes a whole number, without
 * the 40–50 ms that loading the ICU number formatter costs the first call.
 */
export function grouped(n: number): string {
  const digits = String(Math.abs(Math.trunc(n)))
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1)
  for (let i = out.length; i < digits.length; i += 3) out += ',' + digits.slice(i, i + 3)
  return (n < 0 ? '-' : '') + out
}

/** `n thing` or `n things`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}
