import type { PreviewData } from '../../src/contract/types.js'
import type { CommonImportOptions, MigrationReport } from '../shared/types.js'
import type { MarkdownDiagnostic } from './diagnostics.js'
import type { PresetName } from './presets/types.js'

/** Options of `importMarkdown`: the options both importers share, plus the Markdown conventions' own. */
export interface ImportMarkdownOptions extends CommonImportOptions {
  /** The folder convention; `auto` (default) detects it by evidence and reports which one it chose and why. */
  preset?: PresetName | 'auto'
  /** A native site file (site.yml format) read over the convention's own configuration; relative to the folder or absolute. */
  configFile?: string
  /** The site time zone used for dates written without one; default the configuration's, else `UTC`. */
  timezone?: string
  /**
   * URL path under which referenced files that the old site did not publish at a URL of their own are delivered
   * (default `/media`); files it did publish keep their URL. See `assets` in the result.
   */
  mediaPath?: string
  /** Files larger than this many bytes are reported and not loaded (default 4 MiB). */
  maxFileBytes?: number
  /** Longest derived excerpt in code points (default 300). */
  excerptLength?: number
  /** Files read at once (default 16). */
  concurrency?: number
  /** Native preset: the posts folder (default `posts`). */
  postsDir?: string
  /** Native preset: the pages folder (default `pages`). */
  pagesDir?: string
  /** Hugo preset: sections that hold posts (default `posts`, `post`, `blog`, `news`, or `params.mainSections`). */
  postSections?: string[]
  /** Astro preset: collections that hold posts (default `blog`, `posts`, `post`). */
  postCollections?: string[]
}

/** An old URL of a document (an alias, or an address the contract's routes cannot keep) and the URL it now has. */
export interface Redirect {
  from: string
  to: string
  file: string
}

/** A file the payload references: deliver `file` (relative to the folder) at URL path `src`. */
export interface Asset {
  src: string
  file: string
}

/** What `importMarkdown` returns. */
export interface ImportMarkdownResult {
  /** True when the payload was built and no diagnostic is an error (a skipped bad file is an error). */
  ok: boolean
  /** The validated payload; absent when it could not be built or there was nothing to import. */
  payload?: PreviewData
  /** Every problem found, sorted by file and line. */
  diagnostics: MarkdownDiagnostic[]
  preset: PresetName
  /** Why `preset` was chosen (`found hugo.toml`, or `chosen by the caller`). */
  presetReason: string
  redirects: Redirect[]
  /** Files delivered beside the payload, each `file` relative to `root`. */
  assets: Asset[]
  /**
   * The folder imported (absolute): the one given, or the subfolder detection found the site in (a repository's
   * `docs/`). `assets`, `skipped` and the report's sources are relative to it: `deliverMedia(result.root, …)`.
   */
  root: string
  /** Documents deliberately left out, with the reason (`draft`, `build-render-never`, `parse-error`…). */
  skipped: Array<{ file: string; reason: string }>
  counts: { files: number; posts: number; pages: number; authors: number; categories: number; tags: number; media: number }
  /** The migration report: one entry per input file, unresolved links, missing media, templates, redirects. */
  report: MigrationReport
}
