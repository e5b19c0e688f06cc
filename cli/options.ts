/**
 * Options every command shares (`--format`, `--quiet`, `--verbose`) and the checks of option values. Every value is
 * checked before any work, and a refusal names the rule and gives an example, using the validator's own checks.
 */
import { checkAbsoluteRoutePath, checkTimestamp, checkTimezone, checkUrl } from '../src/validate/primitives/index.js'
import type { CliIo } from './io.js'
import type { Display } from './result.js'
import { colorEnabled } from './terminal.js'

/** `--format`, `--quiet` and `--verbose`, in `node:util` parseArgs form. */
export const DISPLAY_OPTIONS = {
  format: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  verbose: { type: 'boolean' },
} as const

/** The help lines of {@link DISPLAY_OPTIONS} and `--help`. */
export const DISPLAY_HELP = `      --format <format>      text (default: a report on standard error) or json: one result
                             document on standard output (see the README's "JSON output")
  -q, --quiet                print errors only
      --verbose              print every diagnostic (no cap per code) and notes
  -h, --help                 show this help
`

/** Reads the display options, or says what is wrong with them. */
export function readDisplay(values: { format?: string; quiet?: boolean; verbose?: boolean }, io: CliIo): Display | string {
  const format = values.format ?? 'text'
  const bad = checkChoice('--format', format, ['text', 'json'])
  if (bad) return bad
  if (values.quiet && values.verbose) return 'use --quiet or --verbose, not both'
  return { format: format as Display['format'], quiet: values.quiet === true, verbose: values.verbose === true, color: colorEnabled(io) }
}

/**
 * Checks that `value` is one of `choices` (or of `aliases`, older spellings that are still read).
 * @example
 * checkChoice('--drafts', 'maybe', ['include', 'exclude']) // '--drafts must be one of include, exclude; got "maybe". For example: --drafts include'
 */
export function checkChoice(name: string, value: string, choices: readonly string[], aliases: readonly string[] = []): string | null {
  if (choices.includes(value) || aliases.includes(value)) return null
  const older = aliases.length ? ` (or the older ${aliases.join(', ')})` : ''
  return `${name} must be one of ${choices.join(', ')}${older}; got ${shown(value)}. For example: ${name} ${choices[0]}`
}

/** Checks an RFC 3339 timestamp option (`--generated-at`) with the validator's own rule. */
export function checkTimestampOption(name: string, value: string): string | null {
  const reason = checkTimestamp(value)
  return reason === null ? null : `${name} ${shown(value)} ${reason}. It takes an RFC 3339 timestamp with a zone, for example: ${name} 2026-05-01T09:00:00Z`
}

/** Checks a time zone option (`--timezone`) with the validator's own rule. */
export function checkTimezoneOption(name: string, value: string): string | null {
  const reason = checkTimezone(value)
  return reason === null
    ? null
    : `${name} ${shown(value)} ${reason}. It takes UTC, a canonical IANA zone or a fixed offset, for example: ${name} Europe/Lisbon (or ${name} +09:00)`
}

/**
 * Checks a URL prefix option (`--media-to`, `--media-from`): an absolute http(s) URL or a root-relative path, as the
 * contract's navigation URLs, with no query or fragment (more is appended to it). `absolute` requires http(s).
 */
export function checkUrlPrefixOption(name: string, value: string, example: string, absolute = false): string | null {
  const rule = absolute ? 'an absolute http(s) URL' : 'an absolute http(s) URL or a path starting with "/"'
  const reason = checkUrl(value, 'navigation') ?? (/[?#]/.test(value) ? 'has a query or fragment' : absolute && value.startsWith('/') ? 'is a path, not an absolute URL' : null)
  return reason === null ? null : `${name} ${shown(value)} ${reason}. It takes ${rule} with no query or fragment, for example: ${name} ${example}`
}

/** Checks a URL path option (`--media-path`) with the contract's route rules. */
export function checkRoutePathOption(name: string, value: string, example: string): string | null {
  const reason = checkAbsoluteRoutePath(value)
  return reason === null ? null : `${name} ${shown(value)} ${reason}. It takes a URL path starting with "/", for example: ${name} ${example}`
}

/** Checks a positive whole number option (`--max-file-bytes`). */
export function checkPositiveIntegerOption(name: string, value: string, example: string): string | null {
  return /^[1-9][0-9]{0,15}$/.test(value) && Number.isSafeInteger(Number(value)) ? null : `${name} must be a whole number of at least 1; got ${shown(value)}. For example: ${name} ${example}`
}

/** Checks a folder named relative to the input folder (`--posts-dir`): no absolute path, no `..`. */
export function checkRelativeFolderOption(name: string, value: string, example: string): string | null {
  const parts = value.split(/[\\/]/)
  const ok = value !== '' && !value.startsWith('/') && !/^[A-Za-z]:/.test(value) && !parts.includes('..') && !value.includes('\0')
  return ok ? null : `${name} must be a folder inside the input folder, relative to it, without ".."; got ${shown(value)}. For example: ${name} ${example}`
}

/** Checks a file or folder name given to an option: not empty, no NUL. */
export function checkPathOption(name: string, value: string, example: string): string | null {
  return value !== '' && !value.includes('\0') ? null : `${name} needs a file name; got ${shown(value)}. For example: ${name} ${example}`
}

/** A value quoted for a message, escaped and cut to a readable length. */
function shown(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)
}
