#!/usr/bin/env node
import { text } from 'node:stream/consumers'
import { runCli } from './run.js'

// The bin: the only place that touches process. Everything else takes argv and io as parameters.
runCli(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  isTTY: Boolean(process.stderr.isTTY),
  cwd: process.cwd(),
  readStdin: () => text(process.stdin),
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
