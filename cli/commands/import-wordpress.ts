import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { PreviewDataError } from '../../src/validate/issue.js'
import { summarizeReport } from '../../importers/wordpress/index.js'
import { importWordPressForFile } from '../../importers/wordpress/import.js'
import type { ImportWordPressFileResult } from '../../importers/wordpress/import.js'
import { runImportCommand } from '../import-command.js'
import type { ImportCommand, ImportOutcome } from '../import-command.js'
import { CliIoError, systemMessage } from '../io.js'
import type { CliIo } from '../io.js'
import { checkChoice, checkPathOption, checkUrlPrefixOption } from '../options.js'
import { parsePostTypes } from '../../importers/wordpress/post-types.js'
import { isCompressedExport } from '../../importers/wordpress/read/sources.js'
import type { Diagnostic } from '../result.js'

const OPTIONS = {
  'media-from': { type: 'string' },
  'media-to': { type: 'string' },
  uploads: { type: 'string' },
  'download-media': { type: 'boolean' },
  private: { type: 'string' },
  'password-protected': { type: 'string' },
  'post-type': { type: 'string', multiple: true },
  menu: { type: 'string', multiple: true },
  'keep-shortcodes': { type: 'boolean' },
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
  optionsHelp: `      --uploads <dir>        a local copy of the old site's wp-content/uploads: media files the
                             items show are copied into --media-out, and their URLs made local
      --download-media       fetch the media files --uploads does not have from the old site's
                             own media hosts (4 at a time, retried; a second run resumes)
      --media-from <url> --media-to <url>
                             rewrite media URLs starting with one prefix to another; --media-to
                             alone rewrites the uploads folder the attachments' URLs show
                             (<old site>/wp-content/uploads/, or under WordPress's own folder)
      --private skip|draft   private items (only the site's editors saw them): leave out
                             (default) or keep as drafts; a build that publishes drafts makes
                             them public
      --password-protected skip|draft
                             password-protected items: leave out (default) or keep as drafts;
                             their password is dropped, so publishing them shows them to anyone
      --post-type <type>=post|page
                             import items of a custom post type as posts or pages (repeatable);
                             WooCommerce products (product=page) bring price and attributes in
                             data, their variations folded in
      --menu <slug>=<id>     give a menu its id, e.g. --menu main-nav=primary (repeatable);
                             without a primary, the menu named like main/primary/header/top,
                             else the largest, becomes primary
      --keep-shortcodes      keep shortcodes that are not rendered as written; by default their
                             tags are removed and their inner text kept
  --drafts include keeps drafts, pending and future items as drafts; private and password-protected
  items need their own option. Older spelling: --status-policy draft|skip is --drafts include|exclude.
`,
  draftAliases: { 'status-policy': { draft: 'include', skip: 'exclude' } },
  async prepare({ values, positionals: files }, common, io) {
    if (files.length === 0) return 'name at least one WordPress export file'
    if (values['media-from'] !== undefined && values['media-to'] === undefined) return '--media-from needs --media-to'
    // Media files go to --media-out, else to <payload>.media/ beside the payload (the convention's default).
    const bringHome = values.uploads !== undefined || values['download-media'] === true
    if (common.mediaOut !== undefined && !bringHome) return '--media-out needs --uploads <dir> (a copy of wp-content/uploads) or --download-media to fill it'
    const postTypes = parsePostTypes(values['post-type'] ?? [])
    if (typeof postTypes === 'string') return postTypes
    const menus = parseMenuIds(values.menu ?? [])
    if (typeof menus === 'string') return menus
    const checks = [
      values['media-from'] === undefined ? null : checkUrlPrefixOption('--media-from', values['media-from'], 'https://old.example/wp-content/uploads/', true),
      values['media-to'] === undefined ? null : checkUrlPrefixOption('--media-to', values['media-to'], '/media/'),
      values.private === undefined ? null : checkChoice('--private', values.private, ['skip', 'draft']),
      values['password-protected'] === undefined ? null : checkChoice('--password-protected', values['password-protected'], ['skip', 'draft']),
      values.uploads === undefined ? null : checkPathOption('--uploads', values.uploads, 'wp-content/uploads'),
    ]
    const bad = checks.find((c) => c !== null)
    if (bad) return bad
    if (values.uploads !== undefined) {
      try {
        if (!(await stat(resolve(io.cwd, values.uploads))).isDirectory()) return `--uploads ${values.uploads} is not a folder`
      } catch (error) {
        return `cannot read --uploads ${values.uploads}: ${systemMessage(error)}`
      }
    }
    for (const file of files) {
      try {
        if (!(await stat(resolve(io.cwd, file))).isFile()) return `${file} is not a file`
      } catch (error) {
        return `cannot read ${file}: ${systemMessage(error)}`
      }
    }
    return {
      inputs: [...files.map((path) => ({ label: 'the export', path })), ...(values.uploads !== undefined ? [{ label: 'the uploads folder', path: values.uploads, folder: true }] : [])],
      async run({ site, progress }) {
        if (bringHome && common.mediaOut === undefined) throw new CliIoError(`${values.uploads !== undefined ? '--uploads' : '--download-media'} brings media files into a folder, and none could be planned beside the payload: name one with --media-out <dir>`)
        // Progress counts the bytes read, decompressed: a compressed export's size is no total for them.
        let total: number | undefined = 0
        for (const file of files) {
          const path = resolve(io.cwd, file)
          if (total !== undefined) total = (await isCompressedExport(path)) ? undefined : total + (await stat(path)).size
        }
        const heap = heapKeeper()
        try {
          // Bodies wait in temporary files no folder shows (gone however the process ends) until the payload is written.
          const result = await importWordPressForFile(
            files.map((f) => resolve(io.cwd, f)),
            {
              ...(site ? { site } : {}),
              drafts: common.drafts,
              privateItems: values.private === 'draft' ? 'draft' : 'skip',
              passwordProtected: values['password-protected'] === 'draft' ? 'draft' : 'skip',
              postTypes,
              menus,
              keepShortcodes: values['keep-shortcodes'] === true,
              ...(common.mediaOut !== undefined ? { mediaOut: resolve(io.cwd, common.mediaOut) } : {}),
              ...(values.uploads !== undefined ? { uploads: resolve(io.cwd, values.uploads) } : {}),
              ...(values['download-media'] ? { downloadMedia: true } : {}),
              onMediaProgress: (done, total) => progress.update(done, total, 'files'),
              ...(values['media-from'] !== undefined ? { mediaFrom: values['media-from'] } : {}),
              ...(values['media-to'] !== undefined ? { mediaTo: values['media-to'] } : {}),
              ...(common.generatedAt !== undefined ? { generatedAt: common.generatedAt } : {}),
              onProgress: ({ done }) => {
                progress.update(done, total, 'bytes')
                heap.check()
              },
            },
          )
          const dispose = async () => {
            heap.restore()
            await result.close()
          }
          return { ...outcome(result), ...(bringHome ? { mediaWritten: true } : {}), dispose }
        } catch (error) {
          heap.restore()
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
    ...report.diagnostics.map((d) => ({ ...d, severity: 'warning' as const })),
    ...report.byte_issues.listed.map((b) => ({ severity: 'warning' as const, code: b.kind, message: `${b.detail} at byte ${b.byteOffset}; it was cleaned.`, file: b.file })),
  ]
  return {
    // A large site's JSON is more than one string can hold: its bodies are copied into it as bytes while it is written.
    payload: (function* () {
      yield* result.json()
      yield '\n'
    })(),
    diagnostics,
    summary: {
      counts: report.counts,
      skipped_by_reason: report.skipped_by_reason,
      fallbacks: report.fallbacks,
      byte_issues: report.byte_issues.count,
      permalinks: { ...(report.permalinks.structure ? { structure: report.permalinks.structure } : {}), ...report.permalinks.urls },
      media: { mode: report.media.mode, on_old_hosts: report.media.on_old_hosts, ...(report.media.delivered ? { delivered: report.media.delivered } : {}) },
    },
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

/**
 * Keeps a large import's heap near what is alive in it. Left to itself, V8 lets the heap grow to up to four times what
 * outlived its last full collection before collecting again: a 100,000-post export (about 460 MB alive at most)
 * peaked at 1.18 GB of memory. Once the heap passes `HEAP_KEPT_FROM_BYTES`, V8 is asked to collect before it grows
 * past one and a half times that (`--heap-growing-percent`): the same import peaks at 0.94 GB, in the same CPU time.
 * Smaller imports are left alone: on a 10,000-post export it cost 8% more CPU time to save 8 MB. It is not a limit:
 * V8 still takes all the memory an import needs and only collects sooner, so no import can fail for it. A process
 * started with heap options of its own keeps them; `restore` gives V8 back its own growth once the payload is written.
 * (`process_` and `v8` are there for tests.)
 */
export function heapKeeper(process_: Pick<NodeJS.Process, 'execArgv' | 'env'> = process, v8 = { getHeapStatistics, setFlagsFromString }): { check(): void; restore(): void } {
  const given = [...process_.execArgv, ...(process_.env.NODE_OPTIONS ?? '').split(/\s+/)]
  let state: 'left' | 'kept' | 'theirs' = given.some((option) => /^--(?:heap[-_]growing[-_]percent|max[-_]old[-_]space[-_]size|max[-_]heap[-_]size)\b/.test(option)) ? 'theirs' : 'left'
  return {
    check() {
      if (state !== 'left' || v8.getHeapStatistics().total_heap_size < HEAP_KEPT_FROM_BYTES) return
      v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
      state = 'kept'
    },
    restore() {
      if (state !== 'kept') return
      v8.setFlagsFromString('--heap-growing-percent=0')
      state = 'left'
    },
  }
}

// The heap size past which `heapKeeper` keeps it near what is alive, and how far past that it may then grow (percent).
const HEAP_KEPT_FROM_BYTES = 256 * 1024 * 1024
const HEAP_GROWING_PERCENT = 50

/** `--menu <slug>=<id>` values as a map, or what is wrong with one. */
function parseMenuIds(values: readonly string[]): Record<string, string> | string {
  const out: Record<string, string> = {}
  for (const value of values) {
    const m = /^([^=\s]+)=([a-z][a-z0-9_-]{0,63})$/.exec(value.trim())
    if (!m) return `--menu takes <menu slug>=<id>, the id lower-case letters, digits, _ and - starting with a letter (for example --menu main-nav=primary), not ${JSON.stringify(value)}`
    out[m[1]] = m[2]
  }
  return out
}
