import { stat } from 'node:fs/promises'
import { relative, resolve, sep } from 'node:path'
import { deliverMedia, importMarkdown } from '../../importers/markdown/index.js'
import type { ImportMarkdownOptions, ImportMarkdownResult, MarkdownDiagnostic, PresetName } from '../../importers/markdown/index.js'
import { CliIoError, EXIT, systemMessage, writeOutputAtomic } from '../io.js'
import type { CliIo } from '../io.js'
import { parseCommandLine, usageError } from '../usage.js'

const COMMAND = 'import markdown'
const PRESETS: readonly string[] = ['auto', 'native', 'hugo', 'jekyll', 'docusaurus', 'astro']

const HELP = `Usage: preview-data import markdown <dir> -o payload.json [options]

Turns a folder of Markdown files (native, Hugo, Jekyll, Docusaurus or Astro layout) into a Preview Data v0.7 payload.

Options:
  -o, --output <file>        where to write the payload (written atomically, only when valid)
      --preset <name>        auto (default), native, hugo, jekyll, docusaurus or astro
      --config <file>        a site file (site.yml format) read over the convention's own configuration
      --redirects <file>     also write the redirect list (aliases, redirect_from, URLs that changed) as JSON
      --report <file>        also write the migration report (every file: where it went or why not) as JSON
      --media-out <dir>      deliver referenced images and files there, laid out by URL path
                             (default: <payload name>.media/ beside the payload)
      --generated-at <time>  RFC 3339 generation time (default: the newest date in the content)
      --timezone <zone>      time zone for dates written without one (default: the site's, else UTC)
      --drafts <policy>      exclude (default: drafts, future and expired documents are left out) or
                             include (kept with status draft); draft and skip are older spellings
      --media-path <path>    URL path for referenced images (default /media)
      --posts-dir <dir>      native layout: folder of posts (default posts)
      --pages-dir <dir>      native layout: folder of pages (default pages)
      --max-file-bytes <n>   files larger than this are reported and not loaded (default 4194304)
      --strict               write nothing when there is any error or warning
      --format <format>      text (default) or json: the report on standard output
  -h, --help                 show this help

Exit codes: 0 written, 1 invalid input (files with errors were skipped and the rest written; under --strict,
nothing written), 2 usage or I/O error.
`

/**
 * `preview-data import markdown <dir> -o payload.json`: imports a Markdown folder, reports every diagnostic with file
 * and line, and writes the payload atomically only when it is valid (and, with `--strict`, free of warnings).
 */
export async function runImportMarkdown(argv: string[], io: CliIo): Promise<number> {
  const line = parseCommandLine(
    argv,
    io,
    COMMAND,
    {
    output: { type: 'string', short: 'o' },
    preset: { type: 'string', default: 'auto' },
    config: { type: 'string' },
    redirects: { type: 'string' },
    report: { type: 'string' },
    'media-out': { type: 'string' },
    'generated-at': { type: 'string' },
    timezone: { type: 'string' },
    drafts: { type: 'string', default: 'exclude' },
    'media-path': { type: 'string' },
    'posts-dir': { type: 'string' },
    'pages-dir': { type: 'string' },
    'max-file-bytes': { type: 'string' },
    strict: { type: 'boolean', default: false },
    format: { type: 'string', default: 'text' },
    },
    HELP,
  )
  if (typeof line === 'number') return line
  const { values, positionals } = line
  if (positionals.length !== 1) return usageError(io, COMMAND, positionals.length === 0 ? 'name the folder to import' : 'name exactly one folder')
  if (typeof values.output !== 'string' || values.output === '') return usageError(io, COMMAND, 'name the output file with -o payload.json')
  if (!PRESETS.includes(values.preset as string)) return usageError(io, COMMAND, `--preset must be one of ${PRESETS.join(', ')}, not "${values.preset}"`)
  if (values.format !== 'text' && values.format !== 'json') return usageError(io, COMMAND, `--format must be "text" or "json", not "${values.format}"`)
  const drafts = ({ include: 'include', exclude: 'exclude', draft: 'include', skip: 'exclude' } as const)[values.drafts as 'include']
  if (drafts === undefined) return usageError(io, COMMAND, `--drafts must be "exclude" or "include", not "${values.drafts}"`)
  const maxFileBytes = values['max-file-bytes'] === undefined ? undefined : Number(values['max-file-bytes'])
  if (maxFileBytes !== undefined && !(Number.isInteger(maxFileBytes) && maxFileBytes > 0)) return usageError(io, COMMAND, '--max-file-bytes must be a positive integer')

  const dir = resolve(io.cwd, positionals[0])
  try {
    if (!(await stat(dir)).isDirectory()) return usageError(io, COMMAND, `${positionals[0]} is not a folder`)
  } catch (error) {
    io.stderr(`preview-data ${COMMAND}: cannot read ${positionals[0]}: ${systemMessage(error)}\n`)
    return EXIT.usage
  }

  const options: ImportMarkdownOptions = {
    preset: values.preset as PresetName | 'auto',
    drafts,
    ...(typeof values.config === 'string' ? { configFile: resolve(io.cwd, values.config) } : {}),
    ...(typeof values['generated-at'] === 'string' ? { generatedAt: values['generated-at'] } : {}),
    ...(typeof values.timezone === 'string' ? { timezone: values.timezone } : {}),
    ...(typeof values['media-path'] === 'string' ? { mediaPath: values['media-path'] } : {}),
    ...(typeof values['posts-dir'] === 'string' ? { postsDir: values['posts-dir'] } : {}),
    ...(typeof values['pages-dir'] === 'string' ? { pagesDir: values['pages-dir'] } : {}),
    ...(maxFileBytes !== undefined ? { maxFileBytes } : {}),
    // Progress only on a terminal, where it can redraw one line; logs and pipes get the summary alone.
    ...(io.isTTY ? { onProgress: ({ done, total }: { done: number; total?: number }) => io.stderr(`\rreading ${done}/${total} files`) } : {}),
  }
  const started = performance.now()
  let result: ImportMarkdownResult
  try {
    result = await importMarkdown(dir, options)
  } catch (error) {
    io.stderr(`preview-data ${COMMAND}: ${systemMessage(error)}\n`)
    return EXIT.usage
  }
  if (io.isTTY) io.stderr('\r\x1b[K')
  const seconds = (performance.now() - started) / 1000

  const warnings = result.diagnostics.filter((d) => d.severity === 'warning').length
  const errors = result.diagnostics.length - warnings
  // One bad file never sinks a site: the rest is written (and the exit code says something was skipped), except
  // under --strict, where any problem means nothing is written.
  const writable = result.payload !== undefined && !(values.strict && result.diagnostics.length > 0)
  let written = false
  if (writable) {
    const output = values.output
    try {
      const target = resolve(io.cwd, output)
      const inside = relative(dir, target)
      if (!inside.startsWith('..') && !inside.startsWith(sep) && (await exists(target))) {
        throw new CliIoError(`refusing to write over ${output}, which is inside the input folder: choose another output`)
      }
      await writeOutputAtomic(output, JSON.stringify(result.payload, null, 2) + '\n', io)
      if (typeof values.redirects === 'string') {
        const list = result.redirects.map(({ from, to }) => ({ from, to }))
        await writeOutputAtomic(values.redirects, JSON.stringify(list, null, 2) + '\n', io, [output])
      }
      if (typeof values.report === 'string') await writeOutputAtomic(values.report, JSON.stringify(result.report, null, 2) + '\n', io, [output])
      if (result.assets.length > 0) {
        const mediaOut = typeof values['media-out'] === 'string' ? values['media-out'] : output.replace(/\.json$/i, '') + '.media'
        await deliverMedia(dir, result.assets, resolve(io.cwd, mediaOut))
      }
      written = true
    } catch (error) {
      if (!(error instanceof CliIoError)) throw error
      io.stderr(`preview-data ${COMMAND}: ${error.message}\n`)
      return EXIT.usage
    }
  }

  if (values.format === 'json') {
    io.stdout(JSON.stringify({ ok: written, written: written ? values.output : null, preset: result.preset, preset_reason: result.presetReason, counts: result.counts, warnings, errors, diagnostics: result.diagnostics, skipped: result.skipped, redirects: result.redirects.length, assets: result.assets }, null, 2) + '\n')
  } else {
    for (const d of result.diagnostics) io.stderr(formatDiagnostic(d) + '\n')
    io.stderr(summary(result, warnings, errors, seconds) + '\n')
    if (written) io.stderr(`wrote ${values.output}${typeof values.redirects === 'string' ? ` and ${values.redirects}` : ''}\n`)
    else io.stderr(`nothing written: ${!result.payload ? 'fix the errors above' : 'problems are failures under --strict'}\n`)
  }
  return written && errors === 0 ? EXIT.ok : EXIT.invalid
}

/** One diagnostic as an editor-friendly line: `file:line: severity [code] message`. */
export function formatDiagnostic(d: MarkdownDiagnostic): string {
  const where = d.file === '' ? '(site)' : d.line > 0 ? `${d.file}:${d.line}` : d.file
  return `${where}: ${d.severity} [${d.code}]${d.path ? ` ${d.path}` : ''} ${d.message}`
}

function summary(r: ImportMarkdownResult, warnings: number, errors: number, seconds: number): string {
  const c = r.counts
  const plural = (n: number, one: string, many = one + 's') => `${n} ${n === 1 ? one : many}`
  return (
    `preset ${r.preset} (${r.presetReason}); ${plural(c.posts, 'post')}, ${plural(c.pages, 'page')}, ${plural(c.authors, 'author')}, ` +
    `${plural(c.categories, 'category', 'categories')}, ${plural(c.tags, 'tag')}, ${c.media} media` +
    `${r.skipped.length > 0 ? `, ${r.skipped.length} skipped` : ''}; ${plural(warnings, 'warning')}, ${plural(errors, 'error')}; ${seconds.toFixed(2)} s`
  )
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file)
    return true
  } catch {
    return false
  }
}
