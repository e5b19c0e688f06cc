import { canonicalJsonChunks } from '../../src/canonicalize.js'
import { PreviewDataError } from '../../src/validate/issue.js'
import { CliIoError, EXIT, formatIssueLine, parseJsonText, readTextInput, writeChunksAtomic } from '../io.js'
import type { CliIo } from '../io.js'
import { parseCommandLine, usageError } from '../usage.js'

/**
 * `preview-data canonicalize <file> [-o out] [--in-place]`: rewrites a payload in canonical key order. Writes
 * atomically and never replaces its input unless `--in-place` is given; without `-o` it prints to standard output.
 */
export async function runCanonicalize(argv: string[], io: CliIo): Promise<number> {
  const line = parseCommandLine(argv, io, 'canonicalize', { output: { type: 'string', short: 'o' }, 'in-place': { type: 'boolean' } }, CANONICALIZE_HELP)
  if (typeof line === 'number') return line
  const { values, positionals: files } = line
  if (files.length !== 1) return usageError(io, 'canonicalize', 'name exactly one payload file (or - for standard input)')
  const [file] = files
  if (values['in-place'] && values.output) return usageError(io, 'canonicalize', 'use either -o or --in-place, not both')
  if (values['in-place'] && file === '-') return usageError(io, 'canonicalize', '--in-place needs a file, not standard input')
  try {
    const parsed = parseJsonText(await readTextInput(file, io))
    if (!parsed.ok) {
      io.stderr(`${file}: not valid JSON at line ${parsed.line}, column ${parsed.column}: ${parsed.message}. Fix the syntax there.\n`)
      return EXIT.invalid
    }
    // Written in pieces, never as one string: memory stays near the parsed payload's own size. A value JSON cannot
    // write back as it is (a number that overflowed to Infinity) is refused before anything is written.
    const pieces = withNewline(canonicalJsonChunks(parsed.value, 2))
    const target = values['in-place'] ? file : typeof values.output === 'string' ? values.output : undefined
    if (target === undefined) for (const piece of pieces) io.stdout(piece)
    else await writeChunksAtomic(target, pieces, io, [file], values['in-place'] === true)
    return EXIT.ok
  } catch (error) {
    if (error instanceof PreviewDataError) {
      io.stderr(`${file}: not canonicalized, since that would change a value:\n${formatIssueLine(error)}\n`)
      return EXIT.invalid
    }
    if (!(error instanceof CliIoError)) throw error
    io.stderr(`preview-data canonicalize: ${error.message}\n`)
    return EXIT.usage
  }
}

function* withNewline(pieces: Iterable<string>): Generator<string> {
  yield* pieces
  yield '\n'
}

const CANONICALIZE_HELP = `Usage: preview-data canonicalize <file> [-o out.json] [--in-place]

Rewrites a payload with its keys in canonical order (the v0.7 schema's order for known keys,
sorted map and open-object keys); array order, values and unknown fields are kept. It does
not validate, and it never changes a value: a number too large for JSON (1e999) is refused
with its JSON pointer (exit 1). Prints to standard output unless -o is given; --in-place
replaces the input.
`
