import { validatePreviewData } from '../../src/validate/index.js'
import type { PreviewDataIssue } from '../../src/validate/issue.js'
import { CliIoError, EXIT, formatIssueLine } from '../io.js'
import type { CliIo, JsonParseResult } from '../io.js'
import { readPayloadFile } from '../payload-file.js'
import { parseCommandLine, usageError } from '../usage.js'

type FileReport = { file: string; ok: boolean; errors: PreviewDataIssue[]; error?: string }

/** `preview-data validate <file...> [--format text|json]`: a report per file; exit 0 valid, 1 invalid, 2 usage or I/O. */
export async function runValidate(argv: string[], io: CliIo): Promise<number> {
  const line = parseCommandLine(argv, io, 'validate', { format: { type: 'string', default: 'text' } }, VALIDATE_HELP)
  if (typeof line === 'number') return line
  const { values, positionals: files } = line
  if (files.length === 0) return usageError(io, 'validate', 'name at least one payload file (or - for standard input)')
  if (values.format !== 'text' && values.format !== 'json') return usageError(io, 'validate', `--format must be "text" or "json", not "${values.format}"`)

  const reports: FileReport[] = []
  for (const file of files) {
    let parsed: JsonParseResult
    try {
      parsed = await readPayloadFile(file, io)
    } catch (error) {
      if (!(error instanceof CliIoError)) throw error
      reports.push({ file, ok: false, errors: [], error: error.message })
      continue
    }
    if (!parsed.ok) {
      const issue: PreviewDataIssue = { code: 'invalid_json', path: '', message: `not valid JSON at line ${parsed.line}, column ${parsed.column}: ${parsed.message}. Fix the syntax there.` }
      reports.push({ file, ok: false, errors: [issue] })
      continue
    }
    const result = validatePreviewData(parsed.value)
    reports.push({ file, ok: result.ok, errors: result.errors })
  }

  if (values.format === 'json') {
    io.stdout(JSON.stringify({ ok: reports.every((r) => r.ok), files: reports }, null, 2) + '\n')
  } else {
    for (const report of reports) {
      const name = report.file === '-' ? '<stdin>' : report.file
      if (report.error) io.stderr(`${name}: error: ${report.error}\n`)
      else if (report.ok) io.stdout(`${name}: valid\n`)
      else io.stdout(`${name}: invalid (${report.errors.length === 1 ? '1 problem' : `${report.errors.length} problems`})\n${report.errors.map(formatIssueLine).join('\n')}\n`)
    }
  }
  if (reports.some((r) => r.error)) return EXIT.usage
  return reports.every((r) => r.ok) ? EXIT.ok : EXIT.invalid
}

const VALIDATE_HELP = `Usage: preview-data validate <file...> [--format text|json]

Checks each Preview Data v0.7 payload against the whole contract and reports every problem
with its code, JSON pointer and what to do. "-" reads standard input.
Exit codes: 0 all valid, 1 some invalid, 2 usage or I/O error.
`
