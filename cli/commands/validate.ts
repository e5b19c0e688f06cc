import { validatePreviewData } from '../../src/validate/index.js'
import { CliIoError, EXIT } from '../io.js'
import type { CliIo, JsonParseResult } from '../io.js'
import { DISPLAY_HELP } from '../options.js'
import { plural, printResult } from '../result.js'
import type { Diagnostic } from '../result.js'
import { readPayloadFile } from '../payload-file.js'
import { Progress } from '../terminal.js'
import { parseCommandLine, usageError } from '../usage.js'

const COMMAND = 'validate'

/** `preview-data validate <file...>`: every problem of each payload; exit 0 all valid, 1 some invalid, 2 usage or I/O. */
export async function runValidate(argv: string[], io: CliIo): Promise<number> {
  const line = parseCommandLine(argv, io, COMMAND, {}, HELP)
  if (typeof line === 'number') return line
  const { positionals: files, display } = line
  if (files.length === 0) return usageError(io, COMMAND, 'name at least one payload file (or - for standard input)', display)
  if (files.filter((f) => f === '-').length > 1) return usageError(io, COMMAND, 'standard input (-) can be read once only', display)

  const diagnostics: Diagnostic[] = []
  const verdicts: Array<{ file: string; ok: boolean; errors: number; unreadable?: true }> = []
  const progress = new Progress(io, 'validating', io.isTTY && !display.quiet)
  for (const [index, file] of files.entries()) {
    progress.update(index, files.length, 'files')
    const name = file === '-' ? '<stdin>' : file
    let parsed: JsonParseResult
    try {
      parsed = await readPayloadFile(file, io)
    } catch (error) {
      if (!(error instanceof CliIoError)) throw error
      diagnostics.push({ severity: 'error', code: 'unreadable_file', message: `${error.message}.`, file: name })
      verdicts.push({ file: name, ok: false, errors: 1, unreadable: true })
      continue
    }
    if (!parsed.ok) {
      diagnostics.push({ severity: 'error', code: 'invalid_json', message: `not valid JSON: ${parsed.message}. Fix the syntax there.`, file: name, line: parsed.line, column: parsed.column })
      verdicts.push({ file: name, ok: false, errors: 1 })
      continue
    }
    const { errors } = validatePreviewData(parsed.value)
    for (const e of errors) diagnostics.push({ severity: 'error', code: e.code, message: e.message, file: name, path: e.path })
    verdicts.push({ file: name, ok: errors.length === 0, errors: errors.length })
  }
  progress.end()

  const unreadable = verdicts.filter((v) => v.unreadable).length
  const valid = verdicts.filter((v) => v.ok).length
  const exit = unreadable > 0 ? EXIT.usage : valid === verdicts.length ? EXIT.ok : EXIT.invalid
  printResult(
    io,
    display,
    { ok: exit === EXIT.ok, command: COMMAND, summary: { files: verdicts.map(({ file, ok, errors }) => ({ file, ok, errors })), valid, invalid: verdicts.length - valid - unreadable, unreadable }, diagnostics },
    { lines: verdicts.map((v) => `${v.file}: ${v.unreadable ? 'not read' : v.ok ? 'valid' : `invalid (${plural(v.errors, 'problem')})`}`) },
  )
  return exit
}

const HELP = `Usage: preview-data validate <file...> [options]

Checks each Preview Data v0.7 payload against the whole contract and reports every problem
with its file, JSON pointer, code and what to do. "-" reads standard input.

Options:
${DISPLAY_HELP}
Exit codes: 0 all valid, 1 some invalid, 2 usage or I/O error (a file could not be read), 130 interrupted.
`
