import { resolve } from 'node:path'
import { checkSite } from '../../src/check/index.js'
import type { CheckFinding, CheckTotals } from '../../src/check/index.js'
import { readMediaDir } from '../../src/check/media-dir.js'
import type { PreviewData } from '../../src/contract/types.js'
import { preflightPreviewData } from '../../src/routes/preflight.js'
import { validatePreviewData } from '../../src/validate/index.js'
import { CliIoError, EXIT, systemMessage } from '../io.js'
import type { CliIo, JsonParseResult } from '../io.js'
import { DISPLAY_HELP } from '../options.js'
import { readPayloadFile } from '../payload-file.js'
import { grouped, plural, printFailure, printResult } from '../result.js'
import type { Diagnostic } from '../result.js'
import { parseCommandLine, usageError } from '../usage.js'

const COMMAND = 'check'

const HELP = `Usage: preview-data check <payload.json> [--media-dir DIR] [--origin URL]... [options]

Finds what a site built from the payload will get wrong, without building it: build failures (the
post index and a page both at "/", two documents writing one file), internal links that lead
nowhere, links to the old site, media files that were never delivered, Hugo shortcodes, Liquid,
MDX and WordPress shortcodes printed as text, Markdown left in HTML, empty bodies, drafts, duplicate
titles, documents nothing reaches and images without alternative text. Nothing is fetched. "-" reads
the payload from standard input.

Options:
      --media-dir <dir>      the folder whose files are served at the site root: media files are
                             checked against it (without it, they are not, and a note says so)
      --origin <url>         a URL the old site lived at (repeatable): absolute links on it are
                             internal, and those the new site answers are counted apart
${DISPLAY_HELP}
Findings are printed by code, errors first, ten of each; notes (unreachable documents, images
without alternative text) with --verbose. Under --format json every finding is a diagnostic whose
path is the JSON Pointer of its field, line the line in that field, url the document's public URL
and target the link, media URL or template tag.
Exit codes: 0 no errors (warnings and notes allowed), 1 errors, an invalid payload or one whose
build fails, 2 usage or I/O error, 130 interrupted.
`

/** A check finding as the command line's diagnostics carry it: the common shape, plus the document's URL and target. */
type CheckDiagnostic = Diagnostic & { url?: string; target?: string }

/**
 * `preview-data check <payload.json>`: validates the payload, then reports what a build of it will get wrong.
 * Exit 0 without errors, 1 with errors or an invalid payload, 2 for usage and I/O errors.
 */
export async function runCheck(argv: string[], io: CliIo): Promise<number> {
  const line = parseCommandLine(argv, io, COMMAND, { 'media-dir': { type: 'string' }, origin: { type: 'string', multiple: true } }, HELP)
  if (typeof line === 'number') return line
  const { values, positionals, display } = line
  if (positionals.length !== 1) return usageError(io, COMMAND, positionals.length === 0 ? 'name the payload file (or - for standard input)' : 'name exactly one payload file', display)
  const origins = (values.origin ?? []) as string[]
  for (const origin of origins) {
    if (!/^https?:\/\/[^/]/i.test(origin) || !URL.canParse(origin)) {
      return usageError(io, COMMAND, `--origin must be an absolute http(s) URL; got ${JSON.stringify(origin)}. For example: --origin https://old.example`, display)
    }
  }
  const [file] = positionals
  const name = file === '-' ? '<stdin>' : file

  // A payload of any size: one larger than a JavaScript string can hold is parsed as a stream, as `validate` does.
  let parsed: JsonParseResult
  let mediaFiles: Set<string> | undefined
  try {
    parsed = await readPayloadFile(file, io)
    if (typeof values['media-dir'] === 'string') mediaFiles = await readMediaFolder(values['media-dir'], io)
  } catch (error) {
    if (!(error instanceof CliIoError)) throw error
    return printFailure(io, display, COMMAND, 'io_error', error.message)
  }

  if (!parsed.ok) {
    const diagnostics: Diagnostic[] = [{ severity: 'error', code: 'invalid_json', message: `not valid JSON: ${parsed.message}. Fix the syntax there.`, file: name, line: parsed.line, column: parsed.column }]
    printResult(io, display, { ok: false, command: COMMAND, summary: { file: name, valid: false }, diagnostics }, { lines: [`${name}: not JSON, so nothing was checked`] })
    return EXIT.invalid
  }
  // A build stage validates first: an invalid payload builds nothing, so there is nothing else to check.
  const { errors } = validatePreviewData(parsed.value)
  if (errors.length > 0) {
    const diagnostics: Diagnostic[] = errors.map((e) => ({ severity: 'error', code: e.code, message: e.message, file: name, path: e.path }))
    printResult(io, display, { ok: false, command: COMMAND, summary: { file: name, valid: false }, diagnostics }, { lines: [`${name}: not a valid payload (${plural(errors.length, 'problem')}), so nothing else was checked`] })
    return EXIT.invalid
  }
  // Then it lays out every document: a post index and a page both at "/", or two documents writing one file, fail the
  // build although the contract's validator accepts the payload, so there is no site to check either.
  const failures = preflightPreviewData(parsed.value as PreviewData)
  if (failures.length > 0) {
    const diagnostics: Diagnostic[] = failures.map((e) => ({ severity: 'error', code: e.code, message: e.message, file: name, path: e.path }))
    printResult(io, display, { ok: false, command: COMMAND, summary: { file: name, valid: true, builds: false }, diagnostics }, { lines: [`${name}: valid, but a build of it fails (${plural(failures.length, 'problem')}), so nothing else was checked`] })
    return EXIT.invalid
  }

  const { findings, totals } = checkSite(parsed.value as PreviewData, { mediaFiles, origins })
  const ok = totals.findings.error === 0
  // In JSON, `path` and `line` say where in the payload; in text, a finding is placed at its document's URL and
  // body line, which a reader can open.
  const diagnostics = display.format === 'json' ? findings.map(toDiagnostic) : byCode(findings).map((f) => ({ ...toDiagnostic(f), file: f.url ?? name }))
  printResult(io, display, { ok, command: COMMAND, summary: { file: name, valid: true, ...totals }, diagnostics }, { lines: totalsLines(name, totals), complete: '--format json lists them all' })
  return ok ? EXIT.ok : EXIT.invalid
}

async function readMediaFolder(dir: string, io: CliIo): Promise<Set<string>> {
  try {
    return await readMediaDir(resolve(io.cwd, dir))
  } catch (error) {
    throw new CliIoError(`cannot read the media folder ${dir}: ${systemMessage(error)}`)
  }
}

function toDiagnostic(f: CheckFinding): CheckDiagnostic {
  return {
    severity: f.severity,
    code: f.code,
    message: f.message,
    ...(f.source !== '' ? { path: f.source } : {}),
    ...(f.line !== undefined ? { line: f.line } : {}),
    ...(f.url !== undefined ? { url: f.url } : {}),
    ...(f.target !== undefined ? { target: f.target } : {}),
  }
}

/** Findings grouped by code, errors first, each group in payload order. */
function byCode(findings: readonly CheckFinding[]): CheckFinding[] {
  const rank = { error: 0, warning: 1, info: 2 }
  return findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank[a.f.severity] - rank[b.f.severity] || (a.f.code < b.f.code ? -1 : a.f.code > b.f.code ? 1 : a.i - b.i))
    .map(({ f }) => f)
}

/** The totals as a short table. */
function totalsLines(name: string, { documents, links, media, templates, findings }: CheckTotals): string[] {
  const linkParts = [`${grouped(links.ok)} ok`, `${grouped(links.broken)} broken`]
  if (links.old_origin > 0) linkParts.push(`${grouped(links.old_origin)} to the old site`)
  if (links.to_drafts > 0) linkParts.push(`${grouped(links.to_drafts)} to drafts`)
  if (links.not_checked > 0) linkParts.push(`${grouped(links.not_checked)} to files not checked`)
  if (links.unknown_site_url > 0) linkParts.push(`${grouped(links.unknown_site_url)} on site.url answered by nothing here`)
  const mediaText = !media.checked
    ? `${plural(media.files, 'file')} used; not checked (give --media-dir)`
    : `${plural(media.files, 'file')} used: ${grouped(media.ok)} found, ${grouped(media.missing)} missing`
  const tags = Object.entries(templates.by_tag)
    .slice(0, 5)
    .map(([tag, n]) => `${tag} ×${grouped(n)}`)
  const more = Object.keys(templates.by_tag).length > 5 ? ', …' : ''
  return [
    `${name}: ${plural(documents, 'document')} checked`,
    `  links      ${grouped(links.internal)} internal: ${linkParts.join(', ')}; ${grouped(links.external)} external (not fetched)`,
    `  media      ${mediaText}`,
    `  templates  ${plural(templates.total, 'tag')} printed as text${tags.length > 0 ? `: ${tags.join(', ')}${more}` : ''}`,
    `  findings   ${plural(findings.error, 'error')}, ${plural(findings.warning, 'warning')}, ${plural(findings.info, 'note')}`,
  ]
}
