#!/usr/bin/env node
import { text } from 'node:stream/consumers'
import { runCli } from './run.js'

// Cleanups of temporary files that an interrupted command would otherwise leave behind.
const cleanups = new Set<() => void>()
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  process.on(signal, () => {
    for (const cleanup of cleanups) {
      try {
        cleanup()
      } catch {
        // Best effort: one failed removal must not keep the others from running.
      }
    }
    process.stderr.write(`\npreview-data: interrupted (${signal}); nothing was written.\n`)
    process.exit(code)
  })
}

// The bin: the only place that touches process. Everything else takes argv and io as parameters.
runCli(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  isTTY: Boolean(process.stderr.isTTY),
  cwd: process.cwd(),
  readStdin: () => text(process.stdin),
  onInterrupt: (cleanup) => {
    cleanups.add(cleanup)
    return () => cleanups.delete(cleanup)
  },
}).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    // A bug, not bad input: say so plainly instead of a bare stack trace.
    process.stderr.write(`preview-data: internal error: ${error instanceof Error ? error.message : String(error)}\nPlease report this with the command you ran.\n`)
    process.exitCode = 2
  },
)
