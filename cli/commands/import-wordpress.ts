import { closeSync, openSync, rmSync, writeSync } from 'node:fs'
import { readFile, realpath, rename, stat, unlink } from 'node:fs/promises'
import { resolve } from 'node:path'
import { PreviewDataError } from '../../src/validate/issue.js'
import type { Site } from '../../src/contract/types.js'
import { formatRedirects, summarizeReport } from '../../importers/wordpress/index.js'
import { importWordPressForFile } from '../../importers/wordpress/import.js'
import type { ImportWordPressFileResult } from '../../importers/wordpress/import.js'
import type { ImportIssue, RedirectFormat } from '../../importers/wordpress/index.js'
import { CliIoError, EXIT, formatIssueLine, systemMessage, writeOutputAtomic } from '../io.js'
import type { CliIo } from '../io.js'
import { parseCommandLine, usageError } from '../usage.js'

const COMMAND = 'import wordpress'
const REDIRECT_FORMATS: readonly RedirectFormat[] = ['netlify', 'nginx', 'json']

/**
 * `preview-data import wordpress <export.xml...> -o payload.json`: migrates a WordPress export into a payload, with a
 * report and a redirect map. Writes only when the payload is valid (and, with `--strict`, free of warnings), never
 * over an input, each file atomically. Exit codes: 0 ok, 1 invalid input, 2 usage or I/O error.
 */
export async function runImportWordPress(argv: string[], io: CliIo): Promise<number> {
  const line = parseCommandLine(
    argv,
    io,
    COMMAND,
    {
      output: { type: 'string', short: 'o' },
      site: { type: 'string' },
      report: { type: 'string' },
      redirects: { type: 'string' },
      'redirects-format': { type: 'string' },
      'media-from': { type: 'string' },
      'media-to': { type: 'string' },
      'status-policy': { type: 'string' },
      'password-protected': { type: 'string' },
      'generated-at': { type: 'string' },
      strict: { type: 'boolean' },
      format: { type: 'string' },
    },
    HELP,
  )
  if (typeof line === 'number') return line
  const { values, positionals: files } = line
  if (files.length === 0) return usageError(io, COMMAND, 'name at least one WordPress export file')
  if (!values.output) return usageError(io, COMMAND, 'name the payload file with -o payload.json')
  const statusPolicyArg = values['status-policy'] ?? 'draft'
  if (statusPolicyArg !== 'draft' && statusPolicyArg !== 'skip') return usageError(io, COMMAND, `--status-policy is "draft" or "skip", not "${statusPolicyArg}"`)
  const statusPolicy: 'draft' | 'skip' = statusPolicyArg
  const passwordProtectedArg = values['password-protected'] ?? 'skip'
  if (passwordProtectedArg !== 'skip' && passwordProtectedArg !== 'draft') return usageError(io, COMMAND, `--password-protected is "skip" or "draft", not "${passwordProtectedArg}"`)
  const passwordProtected: 'skip' | 'draft' = passwordProtectedArg
  const redirectsFormat = (values['redirects-format'] ?? 'netlify') as RedirectFormat
  if (!REDIRECT_FORMATS.includes(redirectsFormat)) return usageError(io, COMMAND, `--redirects-format is one of ${REDIRECT_FORMATS.join(', ')}, not "${redirectsFormat}"`)
  if (values.format !== undefined && values.format !== 'json' && values.format !== 'text') return usageError(io, COMMAND, `--format is "json" or "text", not "${values.format}"`)
  if (values['media-from'] !== undefined && values['media-to'] === undefined) return usageError(io, COMMAND, '--media-from needs --media-to')

  const started = performance.now()
  const inputs = [...files, ...(values.site ? [values.site] : [])]
  try {
    // Every output is checked against every input before anything is read, so a typo cannot clobber the export.
    const outputs = [values.output, values.report, values.redirects].filter((o): o is string => o !== undefined)
    await refuseInputsAsOutputs(outputs, inputs, io)
    for (const f of files) await mustBeFile(f, io)

    let site: Partial<Site> | undefined
    if (values.site) {
      const parsedSite = await readSite(values.site, io)
      if (typeof parsedSite === 'string') {
        io.stderr(`preview-data ${COMMAND}: ${parsedSite}\n`)
        return EXIT.invalid
      }
      site = parsedSite
    }

    return await importAndWrite(site)
  } catch (error) {
    if (!(error instanceof CliIoError)) throw error
    io.stderr(`preview-data ${COMMAND}: ${error.message}\n`)
    return EXIT.usage
  }

  async function importAndWrite(site: Partial<Site> | undefined): Promise<number> {
    let lastShown = 0
    let result: ImportWordPressFileResult
    try {
      // Bodies wait in a temporary file (gone however the process ends) until the payload is written.
      result = await importWordPressForFile(
        files.map((f) => resolve(io.cwd, f)),
        {
          ...(site ? { site } : {}),
          statusPolicy,
          passwordProtected,
          ...(values['media-from'] !== undefined ? { mediaFrom: values['media-from'] } : {}),
          ...(values['media-to'] !== undefined ? { mediaTo: values['media-to'] } : {}),
          ...(values['generated-at'] !== undefined ? { generatedAt: values['generated-at'] } : {}),
          onProgress: io.isTTY
            ? ({ bytes, items }) => {
                const now = performance.now()
                if (now - lastShown < 200) return
                lastShown = now
                io.stderr(`\r  read ${(bytes / 1048576).toFixed(1)} MB, ${items} items`)
              }
            : undefined,
        },
      )
    } catch (error) {
      if (io.isTTY) io.stderr('\n')
      if (error instanceof PreviewDataError) {
        io.stderr(`preview-data ${COMMAND}: ${error.message}\n`)
        for (const issue of error.errors.slice(0, 50)) if (issue.message !== error.message) io.stderr(formatIssueLine(issue) + '\n')
        io.stderr('Nothing was written.\n')
        return EXIT.invalid
      }
      throw error
    }
    if (io.isTTY) io.stderr('\r' + ' '.repeat(60) + '\r')
    try {
      return await write(result)
    } finally {
      await result.close()
    }
  }

  async function write(result: ImportWordPressFileResult): Promise<number> {
    const { report, redirects } = result
    if (values.strict && (report.warnings.length > 0 || report.byte_issues.count > 0)) {
      io.stderr(`preview-data ${COMMAND}: --strict and ${report.warnings.length} warning(s), ${report.byte_issues.count} cleaned byte problem(s):\n`)
      for (const w of report.warnings.slice(0, 50)) io.stderr(formatWarning(w) + '\n')
      io.stderr('Nothing was written.\n')
      return EXIT.invalid
    }

    await writeJsonStreamAtomic(values.output as string, result.json(), io)
    if (values.report) await writeOutputAtomic(values.report, JSON.stringify(report, null, 2) + '\n', io, inputs)
    if (values.redirects) await writeOutputAtomic(values.redirects, formatRedirects(redirects, redirectsFormat), io, inputs)

    const seconds = (performance.now() - started) / 1000
    const peakMb = Math.round(process.resourceUsage().maxRSS / 1024)
    if (values.format === 'json') {
      io.stdout(JSON.stringify({ counts: report.counts, skipped_by_reason: report.skipped_by_reason, warnings: report.warnings.length, fallbacks: report.fallbacks, seconds: Number(seconds.toFixed(2)), peak_rss_mb: peakMb }, null, 2) + '\n')
    } else {
      io.stderr(summarizeReport(report))
      for (const w of report.warnings.slice(0, 20)) io.stderr(formatWarning(w) + '\n')
      if (report.warnings.length > 20) io.stderr(`  … and ${report.warnings.length - 20} more warnings${values.report ? ` in ${values.report}` : ' (write them with --report)'}\n`)
      io.stderr(`Wrote ${values.output} in ${seconds.toFixed(2)} s, peak memory ${peakMb} MB.\n`)
    }
    return EXIT.ok
  }
}

function formatWarning(w: ImportIssue): string {
  return `  ${w.file}${w.line ? `:${w.line}` : ''}  ${w.code}  ${w.message}`
}

async function mustBeFile(file: string, io: CliIo): Promise<void> {
  try {
    const s = await stat(resolve(io.cwd, file))
    if (!s.isFile()) throw new CliIoError(`${file} is not a file`)
  } catch (error) {
    if (error instanceof CliIoError) throw error
    throw new CliIoError(`cannot read ${file}: ${systemMessage(error)}`)
  }
}

async function readSite(file: string, io: CliIo): Promise<Partial<Site> | string> {
  let text: string
  try {
    text = await readFile(resolve(io.cwd, file), 'utf8')
  } catch (error) {
    throw new CliIoError(`cannot read ${file}: ${systemMessage(error)}`)
  }
  let value: unknown
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  } catch (error) {
    return `${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`
  }
  // Accept either a bare site object or a payload-shaped file with a `site` member.
  const site = value !== null && typeof value === 'object' && !Array.isArray(value) && 'site' in value && 'version' in value ? (value as { site: unknown }).site : value
  if (site === null || typeof site !== 'object' || Array.isArray(site)) return `${file} must hold a JSON object with site settings`
  return site as Partial<Site>
}

async function refuseInputsAsOutputs(outputs: string[], inputs: string[], io: CliIo): Promise<void> {
  const real = async (p: string) => {
    try {
      return await realpath(resolve(io.cwd, p))
    } catch {
      return resolve(io.cwd, p)
    }
  }
  const inputPaths = new Set(await Promise.all(inputs.map(real)))
  const seen = new Set<string>()
  for (const o of outputs) {
    const path = await real(o)
    if (inputPaths.has(path)) throw new CliIoError(`refusing to write over the input file ${o}: choose another output`)
    if (seen.has(path)) throw new CliIoError(`${o} is named for two outputs: choose different files`)
    seen.add(path)
  }
}

/**
 * Writes a payload's JSON pieces through a temporary file renamed into place, in 1 MiB synchronous writes: a large
 * site's JSON exceeds what one string can hold (write-file-atomic needs the whole text in memory), and a write
 * stream would queue one thread-pool write per spooled body. Byte pieces are spooled bodies, copied as they are.
 */
async function writeJsonStreamAtomic(file: string, pieces: Iterable<string | Buffer>, io: CliIo): Promise<void> {
  const target = resolve(io.cwd, file)
  const temp = `${target}.${process.pid}.tmp`
  let fd: number | undefined
  const forget = io.onInterrupt?.(() => rmSync(temp, { force: true }))
  try {
    fd = openSync(temp, 'wx')
    const out = fd
    const buffer = Buffer.allocUnsafe(1 << 20)
    let used = 0
    const flush = () => {
      for (let done = 0; done < used; ) done += writeSync(out, buffer, done, used - done)
      used = 0
    }
    const put = (bytes: Buffer) => {
      if (used + bytes.length > buffer.length) flush()
      if (bytes.length > buffer.length) {
        for (let done = 0; done < bytes.length; ) done += writeSync(out, bytes, done, bytes.length - done)
      } else used += bytes.copy(buffer, used)
    }
    for (const piece of pieces) {
      if (typeof piece !== 'string') put(piece)
      // UTF-8 takes at most 3 bytes per UTF-16 unit, so a piece that fits that bound is encoded in place.
      else if (piece.length * 3 <= buffer.length - used) used += buffer.write(piece, used, 'utf8')
      else put(Buffer.from(piece, 'utf8'))
    }
    put(Buffer.from('\n'))
    flush()
    closeSync(fd)
    fd = undefined
    await rename(temp, target)
  } catch (error) {
    if (fd !== undefined) closeSync(fd)
    await unlink(temp).catch(() => undefined)
    throw new CliIoError(`cannot write ${file}: ${systemMessage(error)}`)
  } finally {
    forget?.()
  }
}

const HELP = `Usage: preview-data import wordpress <export.xml...> -o payload.json [options]

Migrates a WordPress export (WXR 1.0-1.2, as .xml, .xml.gz or a WordPress.com .zip; several files of
one split export are read as one site) into a Preview Data v0.7 payload: posts, pages, authors,
categories, tags, media, menus and redirects.

Options:
  -o, --output <file>            the payload to write (required; never an input)
  --site <file>                  JSON site settings WXR does not carry (url, locale, timezone,
                                 permalinks, comments, ...), checked before the export is read
  --report <file>                write the import report (skipped items and why, warnings, fallbacks)
  --redirects <file>             write redirects from every old URL to its new one
  --redirects-format <f>         netlify (default, a _redirects file), nginx (a map block) or json
  --media-from <url> --media-to <url>
                                 rewrite media URLs starting with one prefix to another; --media-to
                                 alone rewrites <old site>/wp-content/uploads/
  --status-policy draft|skip     draft, pending, future and private items: keep as drafts (default)
                                 or leave out; trash and auto-drafts are never imported
  --password-protected skip|draft  password-protected items: leave out (default) or keep as drafts
  --generated-at <timestamp>     the payload's generated_at (default: the export's own date)
  --strict                       treat warnings as errors: write nothing when there are any
  --format json                  print the summary as JSON on standard output
  -h, --help                     show this help

Exit codes: 0 written, 1 invalid export or payload (nothing written), 2 usage or I/O error.
`
