import { EXIT } from './io.js'
import type { CliIo } from './io.js'

/** Reports a usage mistake for a command and returns exit code 2. */
export function usageError(io: CliIo, command: string, error: unknown): number {
  const text = error instanceof Error ? error.message : String(error)
  io.stderr(`preview-data ${command}: ${text}\nRun "preview-data ${command} --help" for usage.\n`)
  return EXIT.usage
}
