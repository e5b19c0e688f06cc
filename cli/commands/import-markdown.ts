import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { deliverMedia, importMarkdown } from '../../importers/markdown/index.js'
import type { ImportMarkdownOptions, ImportMarkdownResult, MarkdownDiagnostic, PresetName } from '../../importers/markdown/index.js'
import { payloadText, runImportCommand } from '../import-command.js'
import type { ImportCommand, ImportOutcome } from '../import-command.js'
import { systemMessage } from '../io.js'
import type { CliIo } from '../io.js'
import { checkChoice, checkPathOption, checkPositiveIntegerOption, checkRelativeFolderOption, checkRoutePathOption, checkTimezoneOption } from '../options.js'
import { plural } from '../result.js'
import type { Diagnostic } from '../result.js'

const PRESETS: readonly string[] = ['auto', 'native', 'plain', 'hugo', 'jekyll', 'docusaurus', 'astro', 'starlight', 'eleventy', 'nextjs', 'gatsby', 'vuepress', 'vitepress', 'hexo', 'mkdocs']

const OPTIONS = {
  preset: { type: 'string' },
  config: { type: 'string' },
  timezone: { type: 'string' },
  'media-path': { type: 'string' },
  'posts-dir': { type: 'string' },
  'pages-dir': { type: 'string' },
  'max-file-bytes': { type: 'string' },
} as const

const MARKDOWN: ImportCommand<typeof OPTIONS> = {
  command: 'import markdown',
  usage: `Usage: preview-data import markdown <dir> -o payload.json [options]

Turns a folder of Markdown files (Hugo, Jekyll, Hexo, Docusaurus, Astro, Starlight, Eleventy, Next.js,
Gatsby, VuePress, VitePress, MkDocs, native or plain layout) into a Preview Data v0.7 payload.
`,
  options: OPTIONS,
  optionsHelp: `      --preset <name>        auto (default), native, plain, hugo, jekyll, docusaurus,
                             astro, starlight, eleventy, nextjs, gatsby, vuepress, vitepress,
                             hexo or mkdocs
      --config <file>        a native site file (site.yml format: site settings, menus, widgets,
                             collections, authors) read over the convention's own configuration
      --timezone <zone>      time zone for dates written without one (default: the site's, else UTC)
      --media-path <path>    URL path for referenced images (default /media)
      --posts-dir <dir>      native layout: folder of posts (default posts)
      --pages-dir <dir>      native layout: folder of pages (default pages)
      --max-file-bytes <n>   files larger than this are reported and not loaded (default 4194304)
  Older spelling: --drafts draft|skip is --drafts include|exclude.
`,
  async prepare({ values, positionals }, common, io) {
    if (positionals.length !== 1) return positionals.length === 0 ? 'name the folder to import' : 'name exactly one folder'
    const checks = [
      values.preset === undefined ? null : checkChoice('--preset', values.preset, PRESETS),
      values.config === undefined ? null : checkPathOption('--config', values.config, 'site.yml'),
      values.timezone === undefined ? null : checkTimezoneOption('--timezone', values.timezone),
      values['media-path'] === undefined ? null : checkRoutePathOption('--media-path', values['media-path'], '/media'),
      values['posts-dir'] === undefined ? null : checkRelativeFolderOption('--posts-dir', values['posts-dir'], 'posts'),
      values['pages-dir'] === undefined ? null : checkRelativeFolderOption('--pages-dir', values['pages-dir'], 'pages'),
      values['max-file-bytes'] === undefined ? null : checkPositiveIntegerOption('--max-file-bytes', values['max-file-bytes'], '4194304'),
    ]
    const bad = checks.find((c) => c !== null)
    if (bad) return bad
    const dir = positionals[0]
    try {
      if (!(await stat(resolve(io.cwd, dir))).isDirectory()) return `${dir} is not a folder`
    } catch (error) {
      return `cannot read ${dir}: ${systemMessage(error)}`
    }
    const configFile = values.config
    return {
      inputs: [{ label: 'the source folder', path: dir, folder: true }, ...(values.config !== undefined ? [{ label: 'the config file', path: values.config }] : [])],
      async run({ site, progress }) {
        const options: ImportMarkdownOptions = {
          preset: (values.preset ?? 'auto') as PresetName | 'auto',
          drafts: common.drafts,
          ...(site !== undefined ? { site } : {}),
          ...(configFile !== undefined ? { configFile: resolve(io.cwd, configFile) } : {}),
          ...(common.generatedAt !== undefined ? { generatedAt: common.generatedAt } : {}),
          ...(values.timezone !== undefined ? { timezone: values.timezone } : {}),
          ...(values['media-path'] !== undefined ? { mediaPath: values['media-path'] } : {}),
          ...(values['posts-dir'] !== undefined ? { postsDir: values['posts-dir'] } : {}),
          ...(values['pages-dir'] !== undefined ? { pagesDir: values['pages-dir'] } : {}),
          ...(values['max-file-bytes'] !== undefined ? { maxFileBytes: Number(values['max-file-bytes']) } : {}),
          onProgress: ({ done, total }) => progress.update(done, total, 'files'),
        }
        const root = resolve(io.cwd, dir)
        return outcome(await importMarkdown(root, options))
      },
    }
  },
}

/**
 * `preview-data import markdown <dir> -o payload.json`: imports a Markdown folder, reports every diagnostic with file
 * and line, and writes the payload (with the report and redirects) only when it is valid.
 */
export async function runImportMarkdown(argv: string[], io: CliIo): Promise<number> {
  return runImportCommand(argv, io, MARKDOWN)
}

function outcome(result: ImportMarkdownResult): ImportOutcome {
  const c = result.counts
  const diagnostics = result.diagnostics.map(toDiagnostic)
  const redirects = result.redirects.map(({ from, to }) => ({ from, to, status: 301 as const }))
  return {
    // One bad file never sinks a site: what imported is written, and its errors still make the exit code 1.
    ...(result.payload ? { payload: payloadText(result.payload) } : {}),
    diagnostics,
    summary: { preset: result.preset, preset_reason: result.presetReason, counts: c, skipped: result.skipped.length, assets: result.assets.length, redirects: redirects.length },
    summaryText: [
      `preset ${result.preset} (${result.presetReason}); ${plural(c.posts, 'post')}, ${plural(c.pages, 'page')}, ${plural(c.authors, 'author')}, ` +
        `${plural(c.categories, 'category', 'categories')}, ${plural(c.tags, 'tag')}, ${c.media} media${result.skipped.length > 0 ? `, ${result.skipped.length} skipped` : ''}`,
    ],
    report: result.report,
    redirects,
    ...(result.assets.length > 0
      ? { deliverMedia: async (folder: string) => ({ files: (await deliverMedia(result.root, result.assets, folder)).length }) }
      : {}),
    ...(result.payload ? { payloadObject: () => result.payload as NonNullable<typeof result.payload> } : {}),
  }
}

/** A Markdown diagnostic in the CLI's one shape: line 0 (the whole file) and the site file's empty name are left out. */
function toDiagnostic(d: MarkdownDiagnostic): Diagnostic {
  return { severity: d.severity, code: d.code, message: d.message, ...(d.file ? { file: d.file } : {}), ...(d.line > 0 ? { line: d.line } : {}), ...(d.path ? { path: d.path } : {}) }
}
