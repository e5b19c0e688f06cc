import { resolve } from 'node:path'
import { checkSite } from '../../src/check/index.js'
import type { CheckFinding, CheckResult, CheckTotals } from '../../src/check/index.js'
import { readMediaDir } from '../../src/check/media-dir.js'
import { validatePreviewData } from '../../src/validate/index.js'
import type { PreviewData } from '../../src/contract/types.js'
import { CliIoError, EXIT, parseJsonText, readTextInput, systemMessage } from '../io.js'
import type { CliIo } from '../io.js'
import { parseCommandLine, usageError } from '../usage.js'

const COMMAND = 'check'
/** Findings shown per code in the text report; `--format json` lists them all. */
const SHOWN_PER_CODE = 10

const HELP = `Usage: preview-data check <payload.json> [--media-dir DIR] [--origin URL]... [--format text|json]

Finds what a site built from the payload will get wrong, without building it: internal links that
lead nowhere, links to the old site, media files that were never delivered, Hugo shortcodes, Liquid,
MDX and WordPress shortcodes printed as text, Markdown left in HTML, empty bodies, drafts, duplicate
titles, documents nothing reaches and images without alternative text. Nothing is fetched.

Options:
      --media-dir <dir>   the folder whose files are served at the site root: media files are checked
                          against it (without it, they are not, and the report says so)
      --origin <url>      a URL the old site lived at (repeatable): absolute links on it are internal,
                          and those the new site answers are counted apart
      --format <format>   text (default), or json: every finding, for machines
  -h, --help              show this help

"-" reads the payload from standard input.
Exit codes: 0 no errors (warnings and notes allowed), 1 errors or an invalid payload, 2 usage or I/O error.
`

/** A finding as the command line's JSON diagnostics carry it (`path` is the JSON Pointer, `line` is in that field). */
type Diagnostic = { severity: CheckFinding['severity']; code: string; message: string; file?: string; line?: number; column?: number; path?: string; source?: string; url?: string; target?: string }

/**
 * `preview-data check <payload.json>`: validates the payload, then reports what a build of it will get wrong.
 * Text: totals, then findings grouped by code (at most ten each). JSON: `{ ok, command, summary, diagnostics }`.
 */
export async function runCheck(argv: string[], io: CliIo): Promise<number> {
  const line = parseCommandLine(
    argv,
    io,
    COMMAND,
    { 'media-dir': { type: 'string' }, origin: { type: 'string', multiple: true }, format: { type: 'string', default: 'text' } },
    HELP,
  )
  if (typeof line === 'number') return line
  const { values, positionals } = line
  if (positionals.length !== 1) return usageError(io, COMMAND, positionals.length === 0 ? 'name the payload file (or - for standard input)' : 'name exactly one payload file')
  if (values.format !== 'text' && values.format !== 'json') return usageError(io, COMMAND, `--format must be "text" or "json", not "${values.format}"`)
  const origins = (values.origin ?? []) as string[]
  for (const origin of origins) {
    if (!/^https?:\/\/[^/]/i.test(origin) || !URL.canParse(origin)) return usageError(io, COMMAND, `--origin must be an absolute http(s) URL such as https://old.example, not "${origin}"`)
  }
  const [file] = positionals
  const json = values.format === 'json'

  let text: string
  let mediaFiles: Set<string> | undefined
  try {
    text = await readTextInput(file, io)
    if (typeof values['media-dir'] === 'string') mediaFiles = await readMediaFolder(values['media-dir'], io)
  } catch (error) {
    if (!(error instanceof CliIoError)) throw error
    io.stderr(`preview-data ${COMMAND}: ${error.message}\n`)
    return EXIT.usage
  }
  const name = file === '-' ? '<stdin>' : file

  const parsed = parseJsonText(text)
  if (!parsed.ok) {
    const message = `not valid JSON at line ${parsed.line}, column ${parsed.column}: ${parsed.message}. Fix the syntax there.`
    return failed(io, json, name, [{ severity: 'error', code: 'invalid_json', message, file: name, line: parsed.line, column: parsed.column }])
  }
  // A build stage validates first: an invalid payload builds nothing, so there is nothing else to check.
  const validation = validatePreviewData(parsed.value)
  if (!validation.ok) {
    return failed(
      io,
      json,
      name,
      validation.errors.map((e) => ({ severity: 'error', code: e.code, message: e.message, file: name, path: e.path })),
    )
  }
  const result = checkSite(parsed.value as PreviewData, { mediaFiles, origins })
  if (json) io.stdout(JSON.stringify(jsonReport(name, result), null, 2) + '\n')
  else io.stdout(textReport(name, result))
  return result.totals.findings.error > 0 ? EXIT.invalid : EXIT.ok
}

async function readMediaFolder(dir: string, io: CliIo): Promise<Set<string>> {
  try {
    return await readMediaDir(resolve(io.cwd, dir))
  } catch (error) {
    throw new CliIoError(`cannot read the media folder ${dir}: ${systemMessage(error)}`)
  }
}

/** An input that is not a valid payload: its problems, exit 1. */
function failed(io: CliIo, json: boolean, name: string, diagnostics: Diagnostic[]): number {
  if (json) {
    io.stdout(JSON.stringify({ ok: false, command: COMMAND, summary: { file: name, valid: false }, diagnostics }, null, 2) + '\n')
  } else {
    const count = diagnostics.length === 1 ? '1 problem' : `${diagnostics.length} problems`
    io.stdout(`${name}: not a valid payload (${count}), so nothing else was checked:\n${diagnostics.map((d) => `  ${d.path || '/'}  ${d.code}  ${d.message}`).join('\n')}\n`)
  }
  return EXIT.invalid
}

function jsonReport(name: string, { findings, totals }: CheckResult) {
  const diagnostics: Diagnostic[] = findings.map((f) => ({
    severity: f.severity,
    code: f.code,
    message: f.message,
    path: f.source,
    ...(f.line !== undefined ? { line: f.line } : {}),
    source: f.source,
    ...(f.url !== undefined ? { url: f.url } : {}),
    ...(f.target !== undefined ? { target: f.target } : {}),
  }))
  return { ok: totals.findings.error === 0, command: COMMAND, summary: { file: name, valid: true, ...totals }, diagnostics }
}

const number = (n: number) => n.toLocaleString('en-US')
const plural = (n: number, one: string, many = `${one}s`) => `${number(n)} ${n === 1 ? one : many}`

/** The totals as a short table, then findings grouped by code, each group capped. */
export function textReport(name: string, { findings, totals }: CheckResult): string {
  const out: string[] = [`${name}: ${plural(totals.documents, 'document')} checked`, '', ...totalsTable(totals), '']
  const groups = new Map<string, CheckFinding[]>()
  for (const f of findings) {
    const group = groups.get(f.code)
    if (group) group.push(f)
    else groups.set(f.code, [f])
  }
  const order = { error: 0, warning: 1, info: 2 }
  const sorted = [...groups].sort(([a, x], [b, y]) => order[x[0].severity] - order[y[0].severity] || (a < b ? -1 : 1))
  for (const [code, group] of sorted) {
    out.push(`${code} (${number(group.length)} ${group[0].severity === 'info' ? 'note' : group[0].severity}${group.length === 1 ? '' : 's'})`)
    for (const f of group.slice(0, SHOWN_PER_CODE)) {
      const where = f.url !== undefined ? `${f.url}${f.line !== undefined ? `:${f.line}` : ''}` : `${f.source || '(site)'}${f.line !== undefined ? `:${f.line}` : ''}`
      out.push(`  ${where}  ${f.message}`)
    }
    if (group.length > SHOWN_PER_CODE) out.push(`  … and ${number(group.length - SHOWN_PER_CODE)} more (--format json lists them all)`)
    out.push('')
  }
  if (findings.length === 0) out.push('Nothing found.', '')
  return out.join('\n')
}

function totalsTable(totals: CheckTotals): string[] {
  const { links, media, templates, findings } = totals
  const linkParts = [`${number(links.ok)} ok`, `${number(links.broken)} broken`]
  if (links.old_origin > 0) linkParts.push(`${number(links.old_origin)} to the old site`)
  if (links.to_drafts > 0) linkParts.push(`${number(links.to_drafts)} to drafts`)
  if (links.not_checked > 0) linkParts.push(`${number(links.not_checked)} to files not checked`)
  const mediaText = !media.checked
    ? `${plural(media.files, 'file')} used; not checked (give --media-dir)`
    : `${plural(media.files, 'file')} used: ${number(media.ok)} found, ${number(media.missing)} missing`
  const tags = Object.entries(templates.by_tag).slice(0, 5).map(([tag, n]) => `${tag} ×${number(n)}`)
  const more = Object.keys(templates.by_tag).length > 5 ? ', …' : ''
  return [
    `  links      ${number(links.internal)} internal: ${linkParts.join(', ')}; ${number(links.external)} external (not fetched)`,
    `  media      ${mediaText}`,
    `  templates  ${plural(templates.total, 'tag')} printed as text${tags.length > 0 ? `: ${tags.join(', ')}${more}` : ''}`,
    `  findings   ${plural(findings.error, 'error')}, ${plural(findings.warning, 'warning')}, ${plural(findings.info, 'note')}`,
  ]
}
