import type { PreviewDataIssue } from '../../src/index.js'
import type { ByteIssue } from './read/decode.js'
import { compareCodeUnits } from './redirects.js'

/** An importer warning: an issue plus where in which export file it came from. */
export type ImportIssue = PreviewDataIssue & { file: string; line?: number }

/** Why an item of the export is not in the payload. */
export type SkipReason =
  | 'status_trash'
  | 'status_auto_draft'
  | 'status_inherit'
  | 'status_policy'
  | 'password_protected'
  | 'duplicate_id'
  | 'invalid_item'
  | 'attachment_unused'
  | 'menu_item_unpublished'
  | 'menu_item_unresolved'
  | 'reusable_block'
  | 'site_editor_item'
  | 'custom_css_inactive'
  | 'unknown_post_type'
  | 'unknown_status'

/** One export item that is not in the payload, and why. */
export interface SkippedItem {
  file: string
  line: number
  post_id: number
  post_type: string
  status: string
  title: string
  reason: SkipReason
  detail?: string
}

/** Everything an import did not carry over as-is: nothing is dropped without an entry here. */
export interface ImportReport {
  files: string[]
  counts: {
    items_read: number
    posts: number
    pages: number
    drafts: number
    authors: number
    categories: number
    tags: number
    media: number
    menus: number
    redirects: number
    comments: number
    approved_comments: number
    links_rewritten: number
  }
  /** The offset inferred from items carrying both local and GMT dates (used when `site.timezone` is not given). */
  inferred_site_offset: string
  skipped: SkippedItem[]
  skipped_by_reason: Partial<Record<SkipReason, number>>
  warnings: ImportIssue[]
  /** Fallbacks taken, by kind (a date read from local time, a derived slug…), with counts. */
  fallbacks: Record<string, number>
  rendered_shortcodes: Record<string, number>
  unknown_shortcodes: Record<string, number>
  unknown_post_types: Record<string, number>
  /** Dynamic blocks that only render on a live WordPress and so have no static HTML. */
  dynamic_blocks: Record<string, number>
  byte_issues: { count: number; listed: Array<ByteIssue & { file: string }> }
}

/** Collects report entries while importing and returns them in a deterministic order. */
export class ReportBuilder {
  readonly skipped: SkippedItem[] = []
  readonly warnings: ImportIssue[] = []
  readonly fallbacks: Record<string, number> = {}
  readonly renderedShortcodes: Record<string, number> = {}
  readonly unknownShortcodes: Record<string, number> = {}
  readonly unknownPostTypes: Record<string, number> = {}
  readonly dynamicBlocks: Record<string, number> = {}
  readonly byteIssues: Array<ByteIssue & { file: string }> = []
  byteIssueCount = 0

  /** Counts one fallback of kind `kind`. */
  fallback(kind: string, n = 1): void {
    this.fallbacks[kind] = (this.fallbacks[kind] ?? 0) + n
  }

  /** Records an item left out of the payload. */
  skip(entry: SkippedItem): void {
    this.skipped.push(entry)
  }

  /** Records a warning about one item. */
  warn(issue: ImportIssue): void {
    this.warnings.push(issue)
  }

  /** Adds every count of `from` into `into`. */
  static merge(into: Record<string, number>, from: Record<string, number>): void {
    for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v
  }

  /** The finished report; lists sorted by file order, line and id so reruns give the same bytes. */
  finish(files: string[], counts: ImportReport['counts'], inferredOffset: string): ImportReport {
    const fileIndex = new Map(files.map((f, i) => [f, i]))
    const byPlace = (a: { file: string; line?: number }, b: { file: string; line?: number }) =>
      (fileIndex.get(a.file) ?? 0) - (fileIndex.get(b.file) ?? 0) || (a.line ?? 0) - (b.line ?? 0)
    const skipped = [...this.skipped].sort((a, b) => byPlace(a, b) || a.post_id - b.post_id || compareCodeUnits(a.reason, b.reason))
    const warnings = [...this.warnings].sort((a, b) => byPlace(a, b) || compareCodeUnits(a.path, b.path) || compareCodeUnits(a.message, b.message))
    const byReason: Partial<Record<SkipReason, number>> = {}
    for (const s of skipped) byReason[s.reason] = (byReason[s.reason] ?? 0) + 1
    return {
      files,
      counts,
      inferred_site_offset: inferredOffset,
      skipped,
      skipped_by_reason: sortKeys(byReason),
      warnings,
      fallbacks: sortKeys(this.fallbacks),
      rendered_shortcodes: sortKeys(this.renderedShortcodes),
      unknown_shortcodes: sortKeys(this.unknownShortcodes),
      unknown_post_types: sortKeys(this.unknownPostTypes),
      dynamic_blocks: sortKeys(this.dynamicBlocks),
      byte_issues: { count: this.byteIssueCount, listed: this.byteIssues },
    }
  }
}

function sortKeys<T>(map: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {}
  for (const k of Object.keys(map).sort(compareCodeUnits)) out[k] = map[k]
  return out
}

/**
 * A short human summary of a report for the terminal: counts per kind, skips by reason, warnings and fallbacks.
 * @example
 * summarizeReport(report) // 'Imported 12 posts, 3 pages, …'
 */
export function summarizeReport(report: ImportReport): string {
  const c = report.counts
  const lines = [
    `Imported ${c.posts} posts (${c.drafts} drafts), ${c.pages} pages, ${c.authors} authors, ${c.categories} categories, ${c.tags} tags, ${c.media} media, ${c.menus} menus, ${c.redirects} redirects from ${c.items_read} items.`,
  ]
  const reasons = Object.entries(report.skipped_by_reason)
  if (reasons.length) lines.push(`Not imported: ${reasons.map(([r, n]) => `${n} ${r.replace(/_/g, ' ')}`).join(', ')}.`)
  if (report.warnings.length) lines.push(`${report.warnings.length} warning${report.warnings.length === 1 ? '' : 's'} (see the report).`)
  const fallbacks = Object.entries(report.fallbacks)
  if (fallbacks.length) lines.push(`Fallbacks: ${fallbacks.map(([k, n]) => `${n} ${k.replace(/_/g, ' ')}`).join(', ')}.`)
  const unknown = Object.entries(report.unknown_shortcodes)
  if (unknown.length) lines.push(`Shortcodes kept as text: ${unknown.map(([k, n]) => `[${k}] ×${n}`).join(', ')}.`)
  if (report.byte_issues.count) lines.push(`${report.byte_issues.count} malformed bytes or illegal characters were cleaned.`)
  return lines.join('\n') + '\n'
}
