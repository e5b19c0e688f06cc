import schema from '../../src/contract/preview-data.v0.7.schema.json' with { type: 'json' }
import { CliIoError, EXIT } from '../io.js'
import type { CliIo } from '../io.js'
import { checkPathOption, DISPLAY_HELP } from '../options.js'
import { describeWrites, outputsSummary, planOutputs, writeOutputs } from '../outputs.js'
import { printFailure, printResult } from '../result.js'
import { parseCommandLine, usageError } from '../usage.js'

const COMMAND = 'schema'

/** `preview-data schema [-o file]`: prints (or writes) the v0.7 JSON Schema. */
export async function runSchema(argv: string[], io: CliIo): Promise<number> {
  const line = parseCommandLine(argv, io, COMMAND, { output: { type: 'string', short: 'o' } }, HELP)
  if (typeof line === 'number') return line
  const { values, positionals, display } = line
  if (positionals.length > 0) return usageError(io, COMMAND, `unexpected argument "${positionals[0]}"; it takes none`, display)
  const bad = values.output === undefined ? null : checkPathOption('-o', values.output, 'preview-data.v0.7.schema.json')
  if (bad) return usageError(io, COMMAND, bad, display)
  const target = values.output ?? '-'
  if (target === '-' && display.format === 'json') return usageError(io, COMMAND, '--format json prints its result on standard output: name the output file with -o', display)
  try {
    const plan = await planOutputs([{ label: 'schema', path: target }], [], io)
    const outcome = await writeOutputs(plan, { schema: JSON.stringify(schema, null, 2) + '\n' }, io)
    const { lines, errors } = describeWrites(outcome)
    const ok = outcome.failure === undefined
    printResult(io, display, { ok, command: COMMAND, summary: { outputs: outputsSummary(plan, outcome) }, diagnostics: [] }, { lines: target === '-' && !display.verbose ? [] : lines, errors })
    return ok ? EXIT.ok : EXIT.usage
  } catch (error) {
    if (!(error instanceof CliIoError)) throw error
    return printFailure(io, display, COMMAND, 'io_error', error.message)
  }
}

const HELP = `Usage: preview-data schema [-o file] [options]

Prints the Preview Data v0.7 JSON Schema (draft 2020-12), or writes it to a file.

Options:
  -o, --output <file>        where to write (default, and "-": standard output); needed with
                             --format json, whose result takes standard output
${DISPLAY_HELP}
Exit codes: 0 written, 2 usage or I/O error, 130 interrupted.
`
