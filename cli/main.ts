#!/usr/bin/env node
import { readUnsized } from './io.js'
import { runCli } from './run.js'

// Cleanups of temporary files that an interrupted command would otherwise leave behind. The handlers stay in place
// while the cleanups run (a second Ctrl-C then waits instead of killing the process half-way); after them the signal
// is raised again with no handler, so the process ends the way an interrupted one does: a shell reports 130 for
// Ctrl-C, and a shell script running the command stops (bash goes on when a child merely exits 130).
const cleanups = new Set<() => void>()
const SIGNALS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const
let interrupted = false
for (const signal of Object.keys(SIGNALS) as (keyof typeof SIGNALS)[]) {
  process.on(signal, () => {
    if (interrupted) return
    interrupted = true
    runCleanups()
    // Outputs are renamed into place whole, so none is ever half-written; one renamed before the signal stays.
    process.stderr.write(`\npreview-data: interrupted (${signal}); temporary files removed, no output left half-written.\n`)
    for (const name of Object.keys(SIGNALS)) process.removeAllListeners(name)
    try {
      process.kill(process.pid, signal)
    } catch {
      // Where a signal cannot be raised (SIGHUP on Windows), the conventional status instead.
    }
    process.exit(128 + SIGNALS[signal])
  })
}

function runCleanups(): void {
  for (const cleanup of cleanups) {
    try {
      cleanup()
    } catch {
      // Best effort: one failed removal must not keep the others from running.
    }
  }
}

// A reader that stops early (`preview-data schema | head`) closes the pipe: that ends the command quietly, without
// a stack trace and without temporary files, as it would any other program.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error
  runCleanups()
  process.exit(process.exitCode ?? 0)
})

// The bin: the only place that touches process. Everything else takes argv and io as parameters.
runCli(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  isTTY: Boolean(process.stderr.isTTY),
  env: process.env,
  cwd: process.cwd(),
  // Bounded like a pipe named on the command line: `cat /dev/zero | preview-data validate -` was read without end.
  readStdin: () => readUnsized('standard input', process.stdin),
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
