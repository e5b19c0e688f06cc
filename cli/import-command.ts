/**
 * What both `import` commands share: the options that mean the same thing in each (`-o`, `--site`, `--report`,
 * `--redirects`, `--redirects-format`, `--media-out`, `--drafts`, `--strict`, `--generated-at`, and the display
 * options), their checks, and the flow around an importer: check every value, plan the outputs against the inputs,
 * read the site file, run the importer, then write the payload, report and redirects as one set and print the
 * result. A command adds only its importer's own options and the call to its importer.
 */
import { basename, resolve } from 'node:path'
import { readFile, stat } from 'node:fs/promises'
import type { CheckResult } from '../src/check/index.js'
import type { PreviewData, Site } from '../src/contract/types.js'
import { REDIRECT_FORMATS, redirectFile } from '../importers/shared/redirects.js'
import type { Redirect, RedirectFormat } from '../importers/shared/redirects.js'
import type { DraftPolicy } from '../importers/shared/types.js'
import type { OutputContent } from './content.js'
import { CliIoError, EXIT } from './io.js'
import type { CliIo } from './io.js'
import { checkChoice, checkPathOption, checkTimestampOption, DISPLAY_HELP } from './options.js'
import { describeWrites, outputsSummary, planOutputs, writeOutputs } from './outputs.js'
import type { InputRequest, OutputRequest, PlannedOutput, WriteOutcome } from './outputs.js'
import { plural, printFailure, printResult } from './result.js'
import type { Diagnostic } from './result.js'
import { readSiteFile } from './site-file.js'
import { Progress } from './terminal.js'
import { parseCommandLine, usageError } from './usage.js'
import type { CommandLine } from './usage.js'

/** The shared options, in `node:util` parseArgs form. */
export const IMPORT_OPTIONS = {
  output: { type: 'string', short: 'o' },
  site: { type: 'string' },
  report: { type: 'string' },
  redirects: { type: 'string' },
  'redirects-format': { type: 'string' },
  'media-out': { type: 'string' },
  drafts: { type: 'string' },
  strict: { type: 'boolean' },
  'generated-at': { type: 'string' },
} as const

const DRAFT_POLICIES: readonly DraftPolicy[] = ['include', 'exclude']

/** The shared options, checked. */
export interface CommonImport {
  /** The payload file; `-` is standard output. */
  output: string
  /** `--site`: the base site settings file. */
  siteFile?: string
  report?: string
  redirects?: string
  redirectsFormat: RedirectFormat
  mediaOut?: string
  drafts: DraftPolicy
  strict: boolean
  generatedAt?: string
}

/** What an importer run gives back to the shared flow. */
export interface ImportOutcome {
  /** The payload to write; absent when there is none to write (the diagnostics say why). */
  payload?: OutputContent
  diagnostics: Diagnostic[]
  /** The importer's figures for the JSON summary (counts, the convention chosen…). */
  summary: Record<string, unknown>
  /** The same for people, a line each. */
  summaryText: string[]
  /** The value `--report` writes (as JSON). */
  report: unknown
  redirects: Redirect[]
  /** Releases what the run holds until its payload is written (a spool of bodies). */
  dispose?: () => Promise<void>
  /**
   * Copies the media files the payload references into `folder`, laid out by URL path; called only after the payload
   * and its companions were written, so a failed import leaves no media behind either.
   */
  deliverMedia?: (folder: string) => Promise<{ files: number }>
  /**
   * The payload as an object, for `check` after writing; without it the written payload file is read back (a payload
   * on standard output is then not checked).
   */
  payloadObject?: () => PreviewData
  /** True when the importer itself filled the `--media-out` folder while importing (WordPress with --uploads or --download-media). */
  mediaWritten?: boolean
}

/** A command's own part: its inputs, and how to run its importer with the shared settings. */
export interface ImportJob {
  inputs: InputRequest[]
  run(settings: { common: CommonImport; site?: Partial<Site>; progress: Progress }): Promise<ImportOutcome>
}

/** An import command: its name, help, own options, and how it turns its arguments into a job. */
export interface ImportCommand<T extends Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>> {
  command: 'import markdown' | 'import wordpress'
  /** The help's first lines: usage and what the command does. */
  usage: string
  /** The importer's own options and their help lines. */
  options: T
  optionsHelp: string
  /** Older spellings of `--drafts`, as options of their own: `{ 'status-policy': { draft: 'include', skip: 'exclude' } }`. */
  draftAliases?: Record<string, Record<string, DraftPolicy>>
  /** What `--media-out` needs that the importer does not do yet, or undefined when it does. */
  mediaOutMissing?: string
  /** Checks the command's own options and positionals; returns the job, or what is wrong (a usage error). */
  prepare(line: CommandLine<T & typeof IMPORT_OPTIONS>, common: CommonImport, io: CliIo): Promise<ImportJob | string>
}

/** The help of the shared options. */
export const IMPORT_HELP = `Options both importers take:
  -o, --output <file>        the payload to write (required; "-" is standard output); written
                             only when valid, whole or not at all, and never over an input
      --site <file>          base site settings (url, locale, timezone, permalinks, comments…)
                             as JSON or YAML, checked before anything is imported
      --report <file>        write the migration report (JSON): every input, where it went or why not
      --redirects <file>     write redirects from every old URL to its new one
      --redirects-format <f> netlify (a _redirects file), nginx (a map block) or json; default
                             by the file name: *.json json, *.conf or *.map nginx, else netlify
      --media-out <dir>      the folder media files are copied to, laid out by URL path, so that
                             serving it at the site root serves them (default: <payload>.media/
                             beside the payload, for importers that copy media)
      --drafts <policy>      exclude (default: drafts, pending, future and expired documents are
                             left out and counted) or include (kept with status draft)
      --generated-at <time>  the payload's generated_at, RFC 3339 (default: from the content)
      --strict               write nothing when there is any warning or error (without it, what
                             imported is written despite files with errors, and the exit code is 1)
${DISPLAY_HELP}`

/**
 * Runs an import command: every option checked and every output checked against every input before anything is
 * read; the importer run with a progress bar on a terminal; the payload, report and redirects written as one set.
 * Exit codes: 0 written, 1 invalid input or `--strict` warnings (nothing written) or errors the payload was written
 * despite, 2 usage or I/O error.
 */
export async function runImportCommand<T extends Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>>(argv: string[], io: CliIo, spec: ImportCommand<T>): Promise<number> {
  const help = `${spec.usage}\nOptions of this importer:\n${spec.optionsHelp}\n${IMPORT_HELP}\nExit codes: 0 written; 1 invalid input: files with errors (what imported is still written, unless\n--strict, which also counts warnings and then writes nothing) or nothing to import; 2 usage or I/O\nerror; 130 interrupted.\n`
  const line = parseCommandLine(argv, io, spec.command, { ...IMPORT_OPTIONS, ...spec.options }, help)
  if (typeof line === 'number') return line
  const { display } = line
  const common = readCommon(line.values as CommandLine<typeof IMPORT_OPTIONS>['values'], spec)
  if (typeof common === 'string') return usageError(io, spec.command, common, display)
  const job = await spec.prepare(line, common, io)
  if (typeof job === 'string') return usageError(io, spec.command, job, display)
  if ((line.values as { output?: string }).output === undefined) return usageError(io, spec.command, 'name the output file with -o payload.json (or -o - for standard output)', display)

  const inputs = [...job.inputs, ...(common.siteFile ? [{ label: 'the site file', path: common.siteFile }] : [])]
  const planFor = (c: CommonImport) => planOutputs(outputRequests(c), inputs, io, { jsonOnStdout: display.format === 'json' })
  let plan: PlannedOutput[]
  try {
    plan = await planFor(common)
  } catch (error) {
    if (!(error instanceof CliIoError)) throw error
    return printFailure(io, display, spec.command, 'io_error', error.message)
  }
  // Without --media-out, media goes to <payload>.media/ beside the payload, unless that folder cannot be an output
  // (inside the source folder, say): then the run goes on and says, if there is media, how to have it copied.
  let mediaUnplanned: string | undefined
  if (common.mediaOut === undefined && spec.mediaOutMissing === undefined && common.output !== '-') {
    const withMedia = { ...common, mediaOut: defaultMediaFolder(common.output) }
    try {
      plan = await planFor(withMedia)
      common.mediaOut = withMedia.mediaOut
    } catch (error) {
      if (!(error instanceof CliIoError)) throw error
      mediaUnplanned = `media files were not copied: ${error.message.replace(/; choose another output$/, '')}; name a folder with --media-out`
    }
  }

  const started = io.now ? io.now() : performance.now()
  let site: Partial<Site> | undefined
  let outcome: ImportOutcome
  try {
    if (common.siteFile) {
      const read = await readSiteFile(common.siteFile, io)
      if (Array.isArray(read)) {
        printResult(io, display, { ok: false, command: spec.command, summary: { outputs: outputsSummary(plan, undefined) }, diagnostics: read }, { lines: [], errors: [`nothing imported or written: fix the site file ${common.siteFile}`] })
        return EXIT.invalid
      }
      site = read
    }
    const progress = new Progress(io, 'importing', io.isTTY && !display.quiet)
    try {
      outcome = await job.run({ common, site, progress })
    } finally {
      progress.end()
    }
  } catch (error) {
    if (!(error instanceof CliIoError)) throw error
    return printFailure(io, display, spec.command, 'io_error', error.message)
  }

  try {
    return await finish(io, spec.command, common, display, plan, outcome, started, mediaUnplanned)
  } finally {
    await outcome.dispose?.()
  }
}

async function finish(io: CliIo, command: string, common: CommonImport, display: CommandLine['display'], plan: PlannedOutput[], outcome: ImportOutcome, started: number, mediaUnplanned?: string): Promise<number> {
  const diagnostics = [...outcome.diagnostics]
  if (mediaUnplanned && outcome.deliverMedia) diagnostics.push({ severity: 'warning', code: 'media_not_copied', message: mediaUnplanned })
  const contents: Record<string, OutputContent | undefined> = { payload: outcome.payload }
  let redirectNote: string | undefined
  if (common.redirects !== undefined) {
    const file = redirectFile(outcome.redirects, common.redirectsFormat)
    for (const s of file.skipped) {
      diagnostics.push({ severity: 'warning', code: 'redirect_skipped', message: `The redirect from ${quoted(s.from)} to ${quoted(s.to)} is left out of ${common.redirects}: ${s.reason}.` })
    }
    contents.redirects = file.text
    redirectNote = `${plural(file.written, 'redirect')}${file.skipped.length ? `, ${file.skipped.length} left out` : ''}`
  }
  if (common.report !== undefined) contents.report = JSON.stringify(outcome.report, null, 2) + '\n'

  const errors = diagnostics.filter((d) => d.severity === 'error').length
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length
  // Under --strict any problem means nothing is written; otherwise what imported is written despite errors in some
  // inputs (one bad file never sinks a site), and the exit code still says so.
  const strictFailure = common.strict && warnings + errors > 0
  let written: WriteOutcome | undefined
  const failures: string[] = []
  if (outcome.payload === undefined) failures.push('nothing written: fix the errors above')
  else if (strictFailure) failures.push(`nothing written: ${[errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : ''].filter(Boolean).join(' and ')}, and under --strict any problem is a failure`)
  else written = await writeOutputs(plan, contents, io)
  let mediaNote: string | undefined
  let mediaFailed = false
  if (written && !written.failure && outcome.deliverMedia && common.mediaOut !== undefined) {
    try {
      const { files } = await outcome.deliverMedia(resolve(io.cwd, common.mediaOut))
      mediaNote = `wrote ${plural(files, 'media file')} into ${common.mediaOut}`
    } catch (error) {
      mediaFailed = true
      failures.push(`the payload was written, but copying media into ${common.mediaOut} failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  const seconds = ((io.now ? io.now() : performance.now()) - started) / 1000
  // What a build of the written payload will get wrong (issue 13 item 10): the summary ends with `check`'s totals.
  const payloadBytes = written?.written.find((w) => w.label === 'payload')?.bytes
  const checked = written && !written.failure && !mediaFailed ? await checkWritten(io, common, outcome, mediaNote !== undefined || outcome.mediaWritten === true, payloadBytes) : undefined
  const peakMb = Math.round(process.resourceUsage().maxRSS / 1024)
  const described = written ? describeWrites(written, redirectNote ? { redirects: redirectNote } : {}) : { lines: [], errors: [] }
  const exit = written?.failure || mediaFailed ? EXIT.usage : written === undefined || errors > 0 ? EXIT.invalid : EXIT.ok
  printResult(
    io,
    display,
    {
      ok: exit === EXIT.ok,
      command,
      summary: { ...outcome.summary, warnings, errors, seconds: Number(seconds.toFixed(2)), peak_rss_mb: peakMb, outputs: outputsSummary(plan, written), ...(checked && 'totals' in checked ? { check: checked.totals } : {}) },
      diagnostics,
    },
    {
      lines: [...outcome.summaryText, `${plural(warnings, 'warning')}, ${plural(errors, 'error')}; took ${seconds.toFixed(2)} s, peak memory ${peakMb} MB`, ...described.lines, ...(mediaNote ? [mediaNote] : []), ...(checked ? [checkLine(checked, common)] : [])],
      errors: [...failures, ...described.errors],
      complete: common.report !== undefined ? `${common.report} has them all` : 'write them all with --report <file>, or show them with --verbose',
    },
  )
  return exit
}

/**
 * Runs `checkSite` on the payload just written, with the media folder just written (when media was delivered), and
 * the site's own URL as an origin so that absolute links on it are checked too. Never fails the command: a payload
 * that cannot be had back says why instead. A payload the importer still holds as an object is bounded too (see
 * `CHECK_HELD_MAX_BYTES`).
 */
async function checkWritten(io: CliIo, common: CommonImport, outcome: ImportOutcome, mediaWritten: boolean, payloadBytes: number | undefined): Promise<{ totals: CheckResult['totals']; drafts: number; origin?: string } | { skipped: string }> {
  let payload: PreviewData
  const tooLarge = payloadBytes === undefined ? undefined : readBackRefusal(payloadBytes, outcome.payloadObject !== undefined)
  if (tooLarge !== undefined) return { skipped: tooLarge }
  if (outcome.payloadObject) payload = outcome.payloadObject()
  else if (common.output === '-') return { skipped: 'the payload went to standard output' }
  else {
    try {
      const file = resolve(io.cwd, common.output)
      const tooLarge = readBackRefusal((await stat(file)).size)
      if (tooLarge !== undefined) return { skipped: tooLarge }
      payload = JSON.parse(await readFile(file, 'utf8')) as PreviewData
    } catch (error) {
      return { skipped: `the written payload could not be read back (${error instanceof Error ? error.message : String(error)})` }
    }
  }
  // `check` is loaded only when it runs: an import whose payload is too large to check back does not load it.
  const [{ checkSite }, { readMediaDir }] = await Promise.all([import('../src/check/index.js'), import('../src/check/media-dir.js')])
  const mediaFiles = mediaWritten && common.mediaOut !== undefined ? await readMediaDir(resolve(io.cwd, common.mediaOut)).catch(() => undefined) : undefined
  const result = checkSite(payload, { ...(mediaFiles ? { mediaFiles } : {}), ...(payload.site.url ? { origins: [payload.site.url] } : {}) })
  return { totals: result.totals, drafts: result.findings.filter((f) => f.code === 'draft').length, ...(payload.site.url ? { origin: payload.site.url } : {}) }
}

/**
 * Payload files up to this size are read back and checked after an import. Reading one back (its text, then its
 * objects) and checking it takes about three times its size on top of the import: on the generated 10,000-post
 * WordPress export (a 57 MB payload) the command's peak went from 294 to 477 MB, past the 300 MB the speed work
 * holds it to. A larger payload is left to `preview-data check`, which the summary says.
 */
export const CHECK_READ_BACK_MAX_BYTES = 16 * 1024 * 1024

/**
 * A payload the importer still holds as an object (the Markdown importer's) is checked up to this size. It is not read
 * back, so checking costs about its size again (a 107 MB payload of a generated 10,000-document site: 410 MB for the
 * import, 510 MB with the check) where reading back costs three times: the same memory as the read-back bound.
 */
export const CHECK_HELD_MAX_BYTES = 3 * CHECK_READ_BACK_MAX_BYTES

/**
 * Why a written payload of `bytes` is not checked for the summary, or undefined when it is; `held` when the importer
 * still holds it as an object.
 */
export function readBackRefusal(bytes: number, held = false): string | undefined {
  const limit = held ? CHECK_HELD_MAX_BYTES : CHECK_READ_BACK_MAX_BYTES
  if (bytes <= limit) return undefined
  return `the payload (${(bytes / 1048576).toFixed(1)} MB) is larger than the ${limit / 1048576} MB an import ${held ? 'checks' : 'reads back to check'}, to keep its memory down`
}

/** The summary's last line: the `check` totals of the written payload, and how to see every finding. */
function checkLine(checked: Awaited<ReturnType<typeof checkWritten>>, common: CommonImport): string {
  if ('skipped' in checked) return `check: not run, ${checked.skipped}; run preview-data check on the payload`
  const { documents, links, media, templates, findings } = checked.totals
  const internal = links.ok + links.broken
  const rate = internal === 0 ? '' : ` (${((100 * links.ok) / internal).toFixed(1)}%)`
  const mediaText = media.checked ? `media ${media.ok} of ${media.files} found${media.missing ? `, ${media.missing} missing` : ''}` : `media not checked (${plural(media.files, 'file')})`
  // The same check as this one: with the media folder, and the site's URL as the old site's origin.
  const command = `preview-data check ${common.output}${common.mediaOut !== undefined && media.checked ? ` --media-dir ${common.mediaOut}` : ''}${checked.origin ? ` --origin ${shellWord(checked.origin)}` : ''}`
  return (
    `check: ${plural(documents, 'document')}; internal links ${links.ok} of ${internal} resolve${rate}${links.broken ? `, ${links.broken} broken` : ''}; ${mediaText}; ` +
    `${plural(templates.total, 'template tag')} printed; ${plural(checked.drafts, 'draft')}; ${plural(findings.error, 'error')}, ${plural(findings.warning, 'warning')} (${command} lists them)`
  )
}

/** `text` as one shell word: as it is when it holds nothing a shell reads specially, else in single quotes. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./~-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`
}

function outputRequests(common: CommonImport): OutputRequest[] {
  return [
    { label: 'payload', path: common.output },
    ...(common.report !== undefined ? [{ label: 'report', path: common.report }] : []),
    ...(common.redirects !== undefined ? [{ label: 'redirects', path: common.redirects }] : []),
    ...(common.mediaOut !== undefined ? [{ label: 'media', path: common.mediaOut, folder: true }] : []),
  ]
}

/** Checks the shared options; returns them, or what is wrong. */
function readCommon(values: CommandLine<typeof IMPORT_OPTIONS>['values'], spec: Pick<ImportCommand<never>, 'draftAliases' | 'mediaOutMissing'>): CommonImport | string {
  const paths: Array<[string, string | undefined, string]> = [
    ['-o', values.output, 'payload.json'],
    ['--site', values.site, 'site.yml'],
    ['--report', values.report, 'report.json'],
    ['--redirects', values.redirects, '_redirects'],
    ['--media-out', values['media-out'], 'media'],
  ]
  for (const [name, value, example] of paths) {
    const bad = value === undefined ? null : checkPathOption(name, value, example)
    if (bad) return bad
  }
  if (values['media-out'] !== undefined && spec.mediaOutMissing) return `--media-out: ${spec.mediaOutMissing}`
  if (values['redirects-format'] !== undefined && values.redirects === undefined) return '--redirects-format needs --redirects <file>'
  const format = values['redirects-format'] ?? (values.redirects === undefined ? 'netlify' : redirectFormatFor(values.redirects))
  const badFormat = checkChoice('--redirects-format', format, REDIRECT_FORMATS)
  if (badFormat) return badFormat
  const badTime = values['generated-at'] === undefined ? null : checkTimestampOption('--generated-at', values['generated-at'])
  if (badTime) return badTime
  const drafts = readDrafts(values as Record<string, unknown>, spec.draftAliases ?? {})
  if ('error' in drafts) return drafts.error

  return {
    // Required, but checked after the command's own arguments: "name the folder" comes before "name the output".
    output: values.output ?? '',
    ...(values.site !== undefined ? { siteFile: values.site } : {}),
    ...(values.report !== undefined ? { report: values.report } : {}),
    ...(values.redirects !== undefined ? { redirects: values.redirects } : {}),
    redirectsFormat: format as RedirectFormat,
    ...(values['media-out'] !== undefined ? { mediaOut: values['media-out'] } : {}),
    drafts: drafts.policy,
    strict: values.strict === true,
    ...(values['generated-at'] !== undefined ? { generatedAt: values['generated-at'] } : {}),
  }
}

/** `--drafts`, or an older spelling of it (`--drafts draft|skip`, `--status-policy draft|skip`); a message when wrong. */
function readDrafts(values: Record<string, unknown>, aliases: Record<string, Record<string, DraftPolicy>>): { policy: DraftPolicy } | { error: string } {
  const older: Record<string, DraftPolicy> = { draft: 'include', skip: 'exclude' }
  const chosen: Array<[string, DraftPolicy]> = []
  if (typeof values.drafts === 'string') {
    const bad = checkChoice('--drafts', values.drafts, DRAFT_POLICIES, Object.keys(older))
    if (bad) return { error: bad }
    chosen.push(['--drafts', older[values.drafts] ?? (values.drafts as DraftPolicy)])
  }
  for (const [option, mapping] of Object.entries(aliases)) {
    const value = values[option]
    if (typeof value !== 'string') continue
    const bad = checkChoice(`--${option}`, value, Object.keys(mapping))
    if (bad) return { error: bad }
    chosen.push([`--${option}`, mapping[value]])
  }
  if (chosen.some(([, p]) => p !== chosen[0][1])) return { error: `${chosen.map(([o]) => o).join(' and ')} disagree; give --drafts include or --drafts exclude alone` }
  return { policy: chosen[0]?.[1] ?? 'exclude' }
}

/** Where media goes without `--media-out`: `<payload name>.media/` beside the payload. */
export function defaultMediaFolder(output: string): string {
  return output.replace(/\.json$/i, '') + '.media'
}

/** The redirect format a file name suggests: `*.json` JSON, `*.conf`/`*.map` nginx, anything else (`_redirects`) Netlify. */
export function redirectFormatFor(file: string): RedirectFormat {
  const name = basename(file).toLowerCase()
  if (name.endsWith('.json')) return 'json'
  if (name.endsWith('.conf') || name.endsWith('.map')) return 'nginx'
  return 'netlify'
}

/** A value from the input for a message: quoted, escaped, cut to a readable length. */
export function quoted(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)
}

/** The payload as JSON text, two-space indented with a final newline, as every command writes it. */
export function payloadText(payload: unknown): string {
  return JSON.stringify(payload, null, 2) + '\n'
}

