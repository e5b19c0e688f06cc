import { canonicalizePreviewDataKeyOrder } from '../../src/canonicalize.js'
import { CliIoError, EXIT } from '../io.js'
import type { CliIo } from '../io.js'
import { jsonPieces, readPayloadFile, writeJsonFile } from '../payload-file.js'
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
    const parsed = await readPayloadFile(file, io, { finiteNumbers: true })
    if (!parsed.ok) {
      io.stderr(`${file}: not valid JSON at line ${parsed.line}, column ${parsed.column}: ${parsed.message}. Fix the syntax there.\n`)
      return EXIT.invalid
    }
    const canonical = canonicalizePreviewDataKeyOrder(parsed.value)
    const target = values['in-place'] ? file : typeof values.output === 'string' ? values.output : undefined
    if (target === undefined) for (const piece of jsonPieces(canonical)) io.stdout(piece)
    else await writeJsonFile(target, canonical, io, [file], values['in-place'] === true)
    return EXIT.ok
  } catch (error) {
    if (!(error instanceof CliIoError)) throw error
    io.stderr(`preview-data canonicalize: ${error.message}\n`)
    return EXIT.usage
  }
}

const CANONICALIZE_HELP = `Usage: preview-data canonicalize <file> [-o out.json] [--in-place]

Rewrites a payload with its keys in canonical order (the v0.7 schema's order for known keys,
sorted map and open-object keys); array order, values and unknown fields are kept. It does
not validate. Prints to standard output unless -o is given; --in-place replaces the input.
`
