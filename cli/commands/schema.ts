import schema from '../../src/contract/preview-data.v0.7.schema.json' with { type: 'json' }
import { EXIT } from '../io.js'
import type { CliIo } from '../io.js'

/** `preview-data schema`: prints the v0.7 JSON Schema. */
export async function runSchema(argv: string[], io: CliIo): Promise<number> {
  if (argv.length > 0 && !(argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h'))) {
    io.stderr(`preview-data schema: unexpected argument "${argv[0]}"; it takes none.\n`)
    return EXIT.usage
  }
  io.stdout(argv.length === 1 ? 'Usage: preview-data schema\n\nPrints the Preview Data v0.7 JSON Schema (draft 2020-12).\n' : JSON.stringify(schema, null, 2) + '\n')
  return EXIT.ok
}
