import { parseArgs } from 'node:util'
import type { ParseArgsConfig } from 'node:util'
import { EXIT } from './io.js'
import type { CliIo } from './io.js'

/** Reports a usage mistake for a command and returns exit code 2. */
export function usageError(io: CliIo, command: string, error: unknown): number {
  const text = error instanceof Error ? error.message : String(error)
  io.stderr(`preview-data ${command}: ${text}\nRun "preview-data ${command} --help" for usage.\n`)
  return EXIT.usage
}

type Options = NonNullable<ParseArgsConfig['options']>

/** The parsed command line of a command: its option values and positional arguments. */
export type CommandLine = { values: Record<string, string | boolean | undefined>; positionals: string[] }

/**
 * Parses a command's arguments strictly (an unknown option is a usage error) with `--help`/`-h` added; prints the
 * help or the usage error itself and returns the exit code in those cases, else the parsed command line.
 */
export function parseCommandLine(argv: string[], io: CliIo, command: string, options: Options, help: string): CommandLine | number {
  try {
    const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { ...options, help: { type: 'boolean', short: 'h' } } })
    if (values.help) {
      io.stdout(help)
      return EXIT.ok
    }
    return { values: values as CommandLine['values'], positionals }
  } catch (error) {
    return usageError(io, command, error)
  }
}
