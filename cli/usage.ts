import { parseArgs } from 'node:util'
import type { ParseArgsConfig } from 'node:util'
import { EXIT } from './io.js'
import type { CliIo } from './io.js'
import { DISPLAY_OPTIONS, readDisplay } from './options.js'
import { PLAIN, printFailure } from './result.js'
import type { Display } from './result.js'

type Options = NonNullable<ParseArgsConfig['options']>

/** The parsed command line of a command: its option values (typed by the options given), positionals and display. */
export type CommandLine<T extends Options = Options> = {
  values: ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; strict: true; options: T & typeof DISPLAY_OPTIONS }>>['values']
  positionals: string[]
  display: Display
}

/**
 * Parses a command's arguments strictly (an unknown option is a usage error), with `--format`, `--quiet`,
 * `--verbose` and `--help`/`-h` added; prints the help (exit 0) or the usage error (exit 2) itself and returns the
 * exit code in those cases, else the parsed command line.
 */
export function parseCommandLine<T extends Options>(argv: string[], io: CliIo, command: string, options: T, help: string): CommandLine<T> | number {
  // Known before parsing, so that even a parse error is reported in the requested shape.
  const wantsJson = argv.some((a, i) => a === '--format=json' || (a === '--format' && argv[i + 1] === 'json'))
  const early: Display = { ...PLAIN, format: wantsJson ? 'json' : 'text' }
  let parsed
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { ...options, ...DISPLAY_OPTIONS, help: { type: 'boolean', short: 'h' } } })
  } catch (error) {
    return printFailure(io, early, command, 'usage_error', error instanceof Error ? error.message : String(error))
  }
  const values = parsed.values as CommandLine<T>['values'] & { help?: boolean }
  if (values.help) {
    io.stdout(help)
    return EXIT.ok
  }
  const display = readDisplay(values as { format?: string; quiet?: boolean; verbose?: boolean }, io)
  if (typeof display === 'string') return printFailure(io, early, command, 'usage_error', display)
  return { values, positionals: parsed.positionals, display }
}

/** Reports a usage mistake for a command (under `--format json`, also as the result shape) and returns exit code 2. */
export function usageError(io: CliIo, command: string, message: string, display?: Display): number {
  return printFailure(io, display, command, 'usage_error', message)
}
