import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { PreviewDataError } from '../../src/validate/issue.js'
import { summarizeReport } from '../../importers/wordpress/index.js'
import { importWordPressForFile } from '../../importers/wordpress/import.js'
import type { ImportWordPressFileResult } from '../../importers/wordpress/import.js'
import { runImportCommand } from '../import-command.js'
import type { ImportCommand, ImportOutcome } from '../import-command.js'
import { systemMessage } from '../io.js'
import type { CliIo } from '../io.js'
import { checkChoice, checkUrlPrefixOption } from '../options.js'
import type { Diagnostic } from '../result.js'

const OPTIONS = {
  'media-from': { type: 'string' },
  'media-to': { type: 'string' },
  'password-protected': { type: 'string' },
  'status-policy': { type: 'string' },
} as const

const WORDPRESS: ImportCommand<typeof OPTIONS> = {
  command: 'import wordpress',
  usage: `Usage: preview-data import wordpress <export.xml...> -o payload.json [options]

Migrates a WordPress export (WXR 1.0-1.2, as .xml, .xml.gz or a WordPress.com .zip; several files of
one split export are read as one site) into a Preview Data v0.7 payload: posts, pages, authors,
categories, tags, media, menus and redirects.
`,
  options: OPTIONS,
  optionsHelp: `      --media-from <url> --media-to <url>
                             rewrite media URLs starting with one prefix to another; --media-to
                             alone rewrites <old site>/wp-content/uploads/
      --password-protected skip|draft
                             password-protected items: leave out (default) or keep as drafts
                             (their password is dropped, so publishing them exposes them)
  Older spelling: --status-policy draft|skip is --drafts include|exclude.
  With --drafts include, private items are kept as drafts too (for now).
`,
  draftAliases: { 'status-policy': { draft: 'include', skip: 'exclude' } },
  // TODO(wp): drop once importWordPress takes CommonImportOptions.mediaOut (issue 14 item 7).
  mediaOutMissing: 'the WordPress importer does not copy media yet; use --media-from and --media-to to point media URLs at where you serve them',
  async prepare({ values, positionals: files }, common, io) {
    if (files.length === 0) return 'name at least one WordPress export file'
    if (values['media-from'] !== undefined && values['media-to'] === undefined) return '--media-from needs --media-to'
    const checks = [
      values['media-from'] === undefined ? null : checkUrlPrefixOption('--media-from', values['media-from'], 'https://old.example/wp-content/uploads/', true),
      values['media-to'] === undefined ? null : checkUrlPrefixOption('--media-to', values['media-to'], '/media/'),
      values['password-protected'] === undefined ? null : checkChoice('--password-protected', values['password-protected'], ['skip', 'draft']),
    ]
    const bad = checks.find((c) => c !== null)
    if (bad) return bad
    for (const file of files) {
      try {
        if (!(await stat(resolve(io.cwd, file))).isFile()) return `${file} is not a file`
      } catch (error) {
        return `cannot read ${file}: ${systemMessage(error)}`
      }
    }
    return {
      inputs: files.map((path) => ({ label: 'the export', path })),
      async run({ site, progress }) {
        let total = 0
        for (const file of files) total += (await stat(resolve(io.cwd, file))).size
        try {
          // Bodies wait in temporary files no folder shows (gone however the process ends) until the payload is written.
          const result = await importWordPressForFile(
            files.map((f) => resolve(io.cwd, f)),
            {
              ...(site ? { site } : {}),
              // TODO(wp): pass `drafts: common.drafts` once importWordPress takes CommonImportOptions.drafts; until then
              // 'include' maps to the status policy that also keeps private items as drafts (issue 14 item 3).
              statusPolicy: common.drafts === 'include' ? 'draft' : 'skip',
              passwordProtected: values['password-protected'] === 'draft' ? 'draft' : 'skip',
              ...(values['media-from'] !== undefined ? { mediaFrom: values['media-from'] } : {}),
              ...(values['media-to'] !== undefined ? { mediaTo: values['media-to'] } : {}),
              ...(common.generatedAt !== undefined ? { generatedAt: common.generatedAt } : {}),
              onProgress: ({ bytes }) => progress.update(bytes, total, 'bytes'),
            },
          )
          return { ...outcome(result), dispose: () => result.close() }
        } catch (error) {
          if (!(error instanceof PreviewDataError)) throw error
          return { ...failed(error), dispose: async () => undefined }
        }
      },
    }
  },
}

/**
 * `preview-data import wordpress <export.xml...> -o payload.json`: migrates a WordPress export into a payload, with a
 * report and a redirect map, written only when the payload is valid.
 */
export async function runImportWordPress(argv: string[], io: CliIo): Promise<number> {
  return runImportCommand(argv, io, WORDPRESS)
}

function outcome(result: ImportWordPressFileResult): Omit<ImportOutcome, 'dispose'> {
  const { report, redirects } = result
  const diagnostics: Diagnostic[] = [
    ...report.warnings.map((w) => ({ severity: 'warning' as const, code: w.code, message: w.message, file: w.file, ...(w.line ? { line: w.line } : {}), ...(w.path ? { path: w.path } : {}) })),
    ...report.byte_issues.listed.map((b) => ({ severity: 'warning' as const, code: b.kind, message: `${b.detail} at byte ${b.byteOffset}; it was cleaned.`, file: b.file })),
  ]
  return {
    // A large site's JSON is more than one string can hold: its bodies are copied into it as bytes while it is written.
    payload: (function* () {
      yield* result.json()
      yield '\n'
    })(),
    diagnostics,
    summary: { counts: report.counts, skipped_by_reason: report.skipped_by_reason, fallbacks: report.fallbacks, byte_issues: report.byte_issues.count },
    summaryText: summarizeReport(report).trimEnd().split('\n'),
    report,
    redirects,
  }
}

/** An export that could not be imported: the error and its issues as diagnostics, and nothing to write. */
function failed(error: PreviewDataError): Omit<ImportOutcome, 'dispose'> {
  const issues = error.errors.filter((i) => i.message !== error.message)
  // The reader words an export's errors `<file>:<line>: <what>`; the diagnostic carries file and line as fields.
  // TODO(wp): give PreviewDataError (or the importer's own error) file and line, and drop this parse.
  const located = /^([^\n]+?):(\d+): ([^]*)$/.exec(error.message)
  const where = located ? { file: located[1], line: Number(located[2]), message: located[3] } : { message: error.message }
  return {
    diagnostics: [{ severity: 'error', code: error.code, ...where, ...(error.path ? { path: error.path } : {}) }, ...issues.map((i) => ({ severity: 'error' as const, code: i.code, message: i.message, ...(i.path ? { path: i.path } : {}) }))],
    summary: {},
    summaryText: [],
    report: null,
    redirects: [],
  }
}
