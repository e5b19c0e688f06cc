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

/** The parsed command line of a command: its option values (typed by the options given) and positional arguments. */
export type CommandLine<T extends Options = Options> = {
  values: ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; strict: true; options: T }>>['values']
  positionals: string[]
}

/**
 * Parses a command's arguments strictly (an unknown option is a usage error) with `--help`/`-h` added; prints the
 * help or the usage error itself and returns the exit code in those cases, else the parsed command line.
 */
export function parseCommandLine<T extends Options>(argv: string[], io: CliIo, command: string, options: T, help: string): CommandLine<T> | number {
  try {
    const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { ...options, help: { type: 'boolean', short: 'h' } } })
    if ((values as { help?: boolean }).help) {
      io.stdout(help)
      return EXIT.ok
    }
    return { values: values as CommandLine<T>['values'], positionals }
  } catch (error) {
    return usageError(io, command, error)
  }
}
