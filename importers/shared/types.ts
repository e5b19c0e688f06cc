/**
 * What both importers share: the options that mean the same thing in each, the diagnostic every problem is reported
 * as, and the migration report's common shape. An importer adds its own sections to the report; it never renames
 * these.
 */
import type { Site } from '../../src/contract/types.js'
import type { Redirect } from './redirects.js'

/** How much a diagnostic matters: an error fails the import (exit 1), a warning only under `strict`. */
export type ImportSeverity = 'error' | 'warning' | 'info'

/**
 * One problem found while importing. The same shape is printed by every CLI command under `--format json`.
 * `file` is relative to the input folder (Markdown) or the export's name (WordPress), always with `/`.
 */
export interface ImportDiagnostic {
  severity: ImportSeverity
  /** Stable snake_case code (the payload's issue codes, or an importer's own). */
  code: string
  /** What is wrong and what to do about it. */
  message: string
  file?: string
  /** 1-based line in `file`. */
  line?: number
  /** 1-based column in `file`. */
  column?: number
  /** RFC 6901 JSON Pointer into the payload, when the problem is about a payload value. */
  path?: string
}

/**
 * What to do with documents that are not public on the old site (drafts, pending, future-dated, expired).
 * `exclude` (the default) leaves them out and counts them; `include` keeps them with `status: draft`. A build stage
 * may publish whatever a payload holds, so nothing private goes in unless asked for.
 */
export type DraftPolicy = 'exclude' | 'include'

/** How far an import has come: `done` of `total` (when it is known) `unit`s. */
export interface ImportProgress {
  done: number
  total?: number
  unit: 'files' | 'items' | 'bytes'
}

/**
 * Options both importers take, with the same names and meanings; each importer adds only its own. `Progress` is what
 * its `onProgress` is told: an `ImportProgress`, which an importer may tell more (WordPress: the file being read).
 */
export interface CommonImportOptions<Progress extends ImportProgress = ImportProgress> {
  /**
   * Site settings the source does not carry (URL, locale, time zone, permalinks…), applied over what it does and what
   * the import infers. Markdown applies each setting whole; WordPress merges `permalinks` and `post_index` member by
   * member.
   */
  site?: Partial<Site>
  /** The payload's `generator`. Default: the importer's name (`preview-data-sdk/markdown`, `preview-data-sdk wordpress importer`). */
  generator?: string
  /**
   * The payload's `generated_at`; default a time taken from the content, so two imports give the same bytes (Markdown:
   * the newest document's date; WordPress: the export's own `pubDate`).
   */
  generatedAt?: string
  /**
   * Drafts, pending, future and expired documents; default `exclude`. (WordPress's private and password-protected
   * items have options of their own.)
   */
  drafts?: DraftPolicy
  /**
   * The folder media files are delivered to, laid out by URL path so that serving it at the site root serves every
   * file the payload references. Without it, nothing is written and the report lists what would be. (WordPress
   * takes the files from `uploads` or `downloadMedia`, which need it.)
   */
  mediaOut?: string
  /** Called as work advances, for progress displays. */
  onProgress?: (progress: Progress) => void
}

/** Where one input of the migration went: a document at a URL, or left out and why. */
export type ReportItem =
  | {
      /** The file (Markdown) or `<export>#<wp:post_id>` (WordPress) the item came from. */
      source: string
      line?: number
      kind: 'post' | 'page' | 'media' | 'author' | 'category' | 'tag' | 'menu' | 'menu_item' | 'redirect' | 'asset' | 'config'
      /** The new public URL, for documents. */
      url?: string
      /** The URL the old site served it at, when known and different. */
      old_url?: string
      status?: 'published' | 'draft'
      language?: string
    }
  | {
      source: string
      line?: number
      /** Why it is not in the payload: `draft`, `private`, `password_protected`, `parse_error`, `partial`… */
      skipped: string
      detail?: string
    }

/** A reference from a document that leads nowhere (a link or an image). */
export interface UnresolvedReference {
  source: string
  line?: number
  target: string
}

/** The migration report both importers write with `--report`: one entry per input, so nothing is lost silently. */
export interface MigrationReport {
  importer: 'markdown' | 'wordpress'
  /** The convention or structure chosen, and why (`hugo: found hugo.toml`, `permalinks: /%year%/%monthnum%/%postname%/ from 412 links`). */
  convention: { name: string; reason: string }
  counts: Record<string, number>
  /** Published documents per language (BCP 47), for multilingual sources; absent for a single-language site. */
  languages?: Record<string, number>
  /** Every input, in a stable order. */
  items: ReportItem[]
  skipped_by_reason: Record<string, number>
  redirects: Redirect[]
  unresolved_links: UnresolvedReference[]
  missing_media: UnresolvedReference[]
  /** Template syntax (shortcodes, Liquid, MDX) by name: how often it was expanded, removed (inner text kept) or kept. */
  templates: { expanded: Record<string, number>; removed: Record<string, number>; kept: Record<string, number> }
  diagnostics: ImportDiagnostic[]
}
