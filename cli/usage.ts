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
  const all: Options = { ...options, ...DISPLAY_OPTIONS, help: { type: 'boolean', short: 'h' } }
  let parsed
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: all })
  } catch (error) {
    return printFailure(io, early, command, 'usage_error', parseErrorMessage(error, all, argv))
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

/**
 * Node's parseArgs message in ours: it names the option and, for a misspelt one, the option meant
 * ("Unknown option '--ouput'; did you mean --output?"). Node's own ("… To specify a positional argument starting
 * with a '-', place it at the end of the command after '--', as in '-- "--ouput"") explains what the user rarely
 * meant and leaves a quote open.
 */
function parseErrorMessage(error: unknown, options: Options, argv: readonly string[]): string {
  const message = error instanceof Error ? error.message : String(error)
  const code = (error as { code?: unknown } | null)?.code
  const unknown = /^Unknown option '([^']*)'/.exec(message)
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown) {
    const given = unknown[1]
    const meant = closestOption(given, options)
    // A file whose name starts with "-" is read as an option (`-draft.json` as -d, -r…); "--" ends the options.
    const arg = argv.find((a) => a === given || (!given.startsWith('--') && a.startsWith(given)))
    const file = arg !== undefined && /[./]/.test(arg) ? `; a file whose name starts with "-" goes after "--": -- ${arg}` : ''
    return `Unknown option '${given}'${meant ? `; did you mean ${meant}?` : ''}${file}`
  }
  const value = /^Option '([^']*?)(?: <value>)?' (argument missing|does not take an argument)/.exec(message)
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && value) {
    return value[2] === 'argument missing' ? `${value[1]} needs a value, for example: ${value[1].split(', ').pop()} <value>` : `${value[1]} takes no value; write it alone`
  }
  return message
}

/** The known long option nearest to `given` (at most two edits, or one it starts), as `--name`; `--json` is `--format json`. */
function closestOption(given: string, options: Options): string | undefined {
  const name = given.replace(/^-+/, '').split('=')[0]
  if (name.length < 2) return undefined
  // Other tools spell it --json; ours is one option for every format.
  if (name === 'json' && 'format' in options) return '--format json'
  let best: { option: string; distance: number } | undefined
  for (const option of Object.keys(options)) {
    const distance = option.startsWith(name) ? 1 : editDistance(name, option)
    if (distance <= 2 && (!best || distance < best.distance)) best = { option, distance }
  }
  return best && `--${best.option}`
}

/** Levenshtein distance, for option names of a few letters. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    previous = row
  }
  return previous[b.length]
}
