import { EXIT } from './io.js'
import type { CliIo } from './io.js'

const HELP = `Usage: preview-data <command> [options]

Commands:
  validate <file...>                 check payloads against the v0.7 contract
  check <file>                       find what a site built from a payload will get wrong
  canonicalize <file> [-o out]       rewrite a payload in canonical key order
  schema [-o out]                    print the v0.7 JSON Schema
  import markdown <dir> -o out       turn a folder of Markdown files into a payload
  import wordpress <export.xml> -o out
                                     migrate a WordPress (WXR) export into a payload

Every command takes --format json (one result document on standard output), -q/--quiet,
--verbose and --help; "-o -" is standard output. Run "preview-data <command> --help" for
a command's options. --version prints the version.
Exit codes: 0 success, 1 invalid input, 2 usage or I/O error, 130 interrupted.
`

/**
 * Runs the `preview-data` command line with the given arguments (without `node` and the script) and returns the
 * exit code; it never calls `process.exit`, so tests can drive it.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv
  switch (command) {
    case 'validate':
      return (await import('./commands/validate.js')).runValidate(rest, io)
    case 'check':
      return (await import('./commands/check.js')).runCheck(rest, io)
    case 'canonicalize':
      return (await import('./commands/canonicalize.js')).runCanonicalize(rest, io)
    case 'schema':
      return (await import('./commands/schema.js')).runSchema(rest, io)
    case 'import': {
      const [kind, ...args] = rest
      // Importers load remark or an XML parser; they are imported only when asked for.
      if (kind === 'markdown') return (await import('./commands/import-markdown.js')).runImportMarkdown(args, io)
      if (kind === 'wordpress') return (await import('./commands/import-wordpress.js')).runImportWordPress(args, io)
      if (kind === '--help' || kind === '-h') {
        io.stdout(IMPORT_HELP)
        return EXIT.ok
      }
      // An option where the kind goes (`import --format json`) is not what was meant either.
      const got = kind === undefined || kind.startsWith('-') ? 'nothing' : JSON.stringify(kind)
      io.stderr(`preview-data import: expected "markdown" or "wordpress", got ${got}.\n\n${IMPORT_HELP}`)
      // Under --format json the result document too, as every command gives one, failed or not.
      if (rest.some((a, i) => a === '--format=json' || (a === '--format' && rest[i + 1] === 'json'))) {
        const message = `expected "markdown" or "wordpress" after import, got ${got}`
        io.stdout(JSON.stringify({ ok: false, command: 'import', summary: {}, diagnostics: [{ severity: 'error', code: 'usage_error', message }] }, null, 2) + '\n')
      }
      return EXIT.usage
    }
    case undefined:
      io.stderr(HELP)
      return EXIT.usage
    case '--help':
    case '-h':
    case 'help':
      io.stdout(HELP)
      return EXIT.ok
    case '--version':
    case '-v':
      io.stdout(`${VERSION}\n`)
      return EXIT.ok
    default:
      io.stderr(`preview-data: unknown command "${command}".\n\n${HELP}`)
      return EXIT.usage
  }
}

const IMPORT_HELP = `Usage: preview-data import <markdown|wordpress> <source> -o payload.json [options]

  import markdown <dir>              a folder of Markdown files (Hugo, Jekyll, Docusaurus, Astro, Starlight,
                                     Eleventy, Next.js, Gatsby, VuePress, VitePress, MkDocs, native or plain)
  import wordpress <export.xml...>   a WordPress (WXR) export, one file or the parts of a split one

Both take the same options for the same things: -o, --site, --report, --redirects,
--redirects-format, --media-out, --drafts, --generated-at, --strict, --format, --quiet, --verbose.
Run "preview-data import markdown --help" or "preview-data import wordpress --help" for all of them.
`

declare const __PACKAGE_VERSION__: string | undefined
const VERSION = typeof __PACKAGE_VERSION__ === 'string' ? __PACKAGE_VERSION__ : '0.0.0-dev'
