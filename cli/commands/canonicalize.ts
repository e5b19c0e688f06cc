import { canonicalJsonChunks } from '../../src/canonicalize.js'
import { PreviewDataError } from '../../src/validate/issue.js'
import { CliIoError, EXIT } from '../io.js'
import type { CliIo } from '../io.js'
import { checkPathOption, DISPLAY_HELP } from '../options.js'
import { describeWrites, outputsSummary, planOutputs, writeOutputs } from '../outputs.js'
import { readPayloadFile } from '../payload-file.js'
import { printFailure, printResult } from '../result.js'
import { parseCommandLine, usageError } from '../usage.js'

const COMMAND = 'canonicalize'

/**
 * `preview-data canonicalize <file> [-o out] [--in-place]`: rewrites a payload in canonical key order. Writes a file
 * whole or not at all, and never replaces its input unless `--in-place` is given; without `-o` it prints to standard
 * output.
 */
export async function runCanonicalize(argv: string[], io: CliIo): Promise<number> {
  const line = parseCommandLine(argv, io, COMMAND, { output: { type: 'string', short: 'o' }, 'in-place': { type: 'boolean' } }, HELP)
  if (typeof line === 'number') return line
  const { values, positionals: files, display } = line
  if (files.length !== 1) return usageError(io, COMMAND, 'name exactly one payload file (or - for standard input)', display)
  const [file] = files
  if (values['in-place'] && values.output !== undefined) return usageError(io, COMMAND, 'use either -o or --in-place, not both', display)
  if (values['in-place'] && file === '-') return usageError(io, COMMAND, '--in-place needs a file, not standard input', display)
  const badOutput = values.output === undefined ? null : checkPathOption('-o', values.output, 'canonical.json')
  if (badOutput) return usageError(io, COMMAND, badOutput, display)
  const target = values['in-place'] ? file : (values.output ?? '-')
  if (target === '-' && display.format === 'json') return usageError(io, COMMAND, '--format json prints its result on standard output: name the output file with -o', display)

  try {
    const plan = await planOutputs([{ label: 'payload', path: target, mayReplaceInput: values['in-place'] === true }], [{ label: 'the input payload', path: file }], io)
    const source = file === '-' ? '<stdin>' : file
    const parsed = await readPayloadFile(file, io)
    if (!parsed.ok) {
      const diagnostics = [{ severity: 'error' as const, code: 'invalid_json', message: `not valid JSON: ${parsed.message}. Fix the syntax there.`, file: source, line: parsed.line, column: parsed.column }]
      printResult(io, display, { ok: false, command: COMMAND, summary: { outputs: outputsSummary(plan, undefined) }, diagnostics }, { lines: [], errors: ['nothing written: the input is not JSON'] })
      return EXIT.invalid
    }
    // Written in pieces, never as one string, so memory stays near the parsed payload's own size. A value JSON cannot
    // write back as it is (a number that overflowed to Infinity) is refused, with its pointer, before anything is written.
    let pieces: Iterable<string>
    try {
      pieces = withNewline(canonicalJsonChunks(parsed.value, 2))
    } catch (error) {
      if (!(error instanceof PreviewDataError)) throw error
      const diagnostics = [{ severity: 'error' as const, code: error.code, message: error.message, file: source, path: error.path }]
      printResult(io, display, { ok: false, command: COMMAND, summary: { outputs: outputsSummary(plan, undefined) }, diagnostics }, { lines: [], errors: ['nothing written: canonicalizing would change a value'] })
      return EXIT.invalid
    }
    const outcome = await writeOutputs(plan, { payload: pieces }, io)
    const { lines, errors } = describeWrites(outcome)
    const ok = outcome.failure === undefined
    // What went to standard output is in plain sight; saying so is for --verbose.
    const shown = lines.filter((_, i) => outcome.written[i].kind !== 'stdout' || display.verbose)
    printResult(io, display, { ok, command: COMMAND, summary: { outputs: outputsSummary(plan, outcome) }, diagnostics: [] }, { lines: shown, errors })
    return ok ? EXIT.ok : EXIT.usage
  } catch (error) {
    if (!(error instanceof CliIoError)) throw error
    return printFailure(io, display, COMMAND, 'io_error', error.message)
  }
}

function* withNewline(pieces: Iterable<string>): Generator<string> {
  yield* pieces
  yield '\n'
}

const HELP = `Usage: preview-data canonicalize <file> [-o out.json | --in-place] [options]

Rewrites a payload with its keys in canonical order (the v0.7 schema's order for known keys,
sorted map and open-object keys); array order, values and unknown fields are kept. It does
not validate, and it never changes a value: a number too large for JSON (1e999 reads as
Infinity) is refused with its JSON pointer. "-" reads standard input.

Options:
  -o, --output <file>        where to write (default, and "-": standard output); a file is
                             replaced whole or not at all, and never an input; needed with
                             --format json, whose result takes standard output
      --in-place             replace the input file itself
${DISPLAY_HELP}
Exit codes: 0 written, 1 the input is not JSON or holds a value JSON cannot write back,
2 usage or I/O error, 130 interrupted.
`
