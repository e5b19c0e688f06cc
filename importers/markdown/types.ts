import type { PreviewData } from '../../src/contract/types.js'
import type { MarkdownDiagnostic } from './diagnostics.js'
import type { PresetName } from './presets/types.js'

/** Options of `importMarkdown`. */
export interface ImportMarkdownOptions {
  /** The folder convention; `auto` (default) detects it and reports which one it chose. */
  preset?: PresetName | 'auto'
  /** A native site file (site.yml format) read over the convention's own configuration; relative to the folder or absolute. */
  configFile?: string
  /** Default `preview-data-sdk/markdown`. */
  generator?: string
  /**
   * RFC 3339 generation time. Default: the newest publication or update time in the content, so two imports of the
   * same folder give the same bytes. Documents dated after it are future-dated.
   */
  generatedAt?: string
  /** The site time zone used for dates written without one; default the configuration's, else `UTC`. */
  timezone?: string
  /** Drafts, future-dated and expired documents: `draft` (default) imports them with `status: draft`; `skip` leaves them out. */
  drafts?: 'draft' | 'skip'
  /** URL path under which referenced images are published (default `/media`); see `assets` in the result. */
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
  /** Called as files are read, for progress displays. */
  onProgress?: (done: number, total: number) => void
}

/** An old URL of a document (Hugo `aliases`, Jekyll `redirect_from`) and the URL it now has. */
export interface Redirect {
  from: string
  to: string
  file: string
}

/** An image the payload references: publish `file` (relative to the folder) at `src`. */
export interface Asset {
  src: string
  file: string
}

/** What `importMarkdown` returns. */
export interface ImportMarkdownResult {
  /** True when the payload was built and no diagnostic is an error. */
  ok: boolean
  /** The validated payload; absent when it could not be built. */
  payload?: PreviewData
  /** Every problem found, sorted by file and line. */
  diagnostics: MarkdownDiagnostic[]
  preset: PresetName
  /** Why `preset` was chosen (`found hugo.toml`, or `chosen by the caller`). */
  presetReason: string
  redirects: Redirect[]
  assets: Asset[]
  /** Documents deliberately left out (headless bundles, `build.render: never`, skipped drafts). */
  skipped: Array<{ file: string; reason: string }>
  counts: { files: number; posts: number; pages: number; authors: number; categories: number; tags: number; media: number }
}
