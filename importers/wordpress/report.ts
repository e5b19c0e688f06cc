import type { Permalinks, PreviewDataIssue } from '../../src/index.js'
import type { ImportDiagnostic, MigrationReport, ReportItem, UnresolvedReference } from '../shared/types.js'
import type { ByteIssue } from './read/decode.js'
import { compareCodeUnits } from '../../src/compare.js'
import { countBy } from '../shared/counts.js'

/** An importer warning: an issue plus where in which export file it came from. */
export type ImportIssue = PreviewDataIssue & { file: string; line?: number }

/** Why an item of the export is not in the payload. */
export type SkipReason =
  | 'status_trash'
  | 'status_auto_draft'
  | 'status_inherit'
  | 'status_draft'
  | 'status_pending'
  | 'status_future'
  | 'status_private'
  | 'password_protected'
  | 'posts_page'
  | 'product_variation'
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

/** Counts of an import, by kind. */
export interface ImportCounts {
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

/** The permalink structure the import found and what became of the old URLs. */
export interface PermalinksSection {
  /** WordPress's notation (`/%year%/%monthnum%/%postname%/`), or `plain`; absent when no post had a link. */
  structure?: string
  /** Published posts whose link shows the structure, of those with a link. */
  matched: number
  of: number
  /** The contract permalinks in the payload (the caller's `site.permalinks` over the inferred ones). */
  permalinks: Permalinks
  /** What the contract cannot express, and so is redirected. */
  notes: string[]
  /** Published posts and pages: served at the URL WordPress gave them, or redirected from it. */
  urls: { kept: number; redirected: number }
}

/** Where the old site's media is now served from. */
export interface MediaSection {
  /** `home`: files copied or fetched into the media folder; `old_host`: the payload still loads them from the old site. */
  mode: 'home' | 'old_host' | 'rewritten'
  /** The old site's media hosts. */
  hosts: string[]
  /** Distinct media files the payload refers to on those hosts (with `old_host`, what the site depends on them for). */
  on_old_hosts: number
  /** With `home`: files copied from the uploads folder, downloaded, already in the media folder, failed. */
  delivered?: { files: number; copied: number; downloaded: number; already_there: number; failed: number }
}

/**
 * The migration report of a WordPress import: the shared `MigrationReport` (one entry per export item, redirects,
 * unresolved links, missing media, shortcodes, diagnostics) and WordPress's own sections.
 */
export interface ImportReport extends MigrationReport {
  importer: 'wordpress'
  counts: ImportCounts & Record<string, number>
  files: string[]
  /** The offset inferred from items carrying both local and GMT dates (used when `site.timezone` is not given). */
  inferred_site_offset: string
  permalinks: PermalinksSection
  /** The page WordPress served at the root, the posts page, and how they were recognised. */
  /** `theme_template`: the active block theme's front-page template, which WordPress showed at the root instead; not imported. */
  front_page: { page_path?: string; post_index_path?: string; reason: string; theme_template?: { id: number; theme: string } }
  /** Which menu is `primary`, and why; every menu's id by its WordPress slug. */
  menus: { primary?: string; reason?: string; ids: Record<string, string> }
  /** Items of each post type other than post, page and the ones WordPress uses for itself: how many, and as what. */
  post_types: Record<string, { items: number; imported_as?: 'post' | 'page'; folded_into?: string }>
  /**
   * Taxonomies of imported items that the payload has no place for (a theme's or plugin's `series`, `product_cat`):
   * their distinct terms and the items that carry them; absent when there are none. Their archives are not served.
   */
  taxonomies?: Record<string, { terms: number; items: number }>
  media: MediaSection
  /** Fallbacks taken, by kind (a date read from local time, a derived slug…), with counts. */
  fallbacks: Record<string, number>
  /** Dynamic blocks that only render on a live WordPress and so have no static HTML. */
  dynamic_blocks: Record<string, number>
  /**
   * Plugins' shortcodes removed with nothing in their place (a form, a widget: only the plugin could print them),
   * by name; absent when there are none. Those whose inner text was kept are in `templates.removed`.
   */
  dropped_shortcodes?: Record<string, number>
  /**
   * The posts and pages that lost those shortcodes, so they can be fixed: how many, and the first of them in export
   * order (at most `LIMITS.maxReportedDroppedShortcodeItems`), each with its new URL and what it lost, by name.
   */
  dropped_shortcodes_in?: { count: number; listed: Array<{ source: string; line: number; title: string; url: string; shortcodes: Record<string, number> }> }
  /**
   * Custom fields of imported posts and pages that the payload leaves out, by plugin: Advanced Custom Fields' (`acf`),
   * which themes' templates printed and which may hold what was never shown; absent when there are none.
   */
  custom_fields?: { acf: { items: number; fields: number } }
  byte_issues: { count: number; listed: Array<ByteIssue & { file: string }> }
}

/** The sections the import decides after reading, handed to `ReportBuilder.finish`. */
export type ReportSections = Pick<ImportReport, 'convention' | 'redirects' | 'permalinks' | 'front_page' | 'menus' | 'post_types' | 'taxonomies' | 'media' | 'dropped_shortcodes_in'>

/** Collects report entries while importing and returns them in a deterministic order. */
export class ReportBuilder {
  readonly skipped: SkippedItem[] = []
  readonly placed: Array<Extract<ReportItem, { kind: string }> & { file: string; post_id: number }> = []
  readonly warnings: ImportIssue[] = []
  readonly fallbacks: Record<string, number> = {}
  readonly renderedShortcodes: Record<string, number> = {}
  readonly removedShortcodes: Record<string, number> = {}
  readonly keptShortcodes: Record<string, number> = {}
  readonly droppedShortcodes: Record<string, number> = {}
  readonly dynamicBlocks: Record<string, number> = {}
  readonly acfFields = { items: 0, fields: 0 }
  readonly unresolvedLinks: UnresolvedReference[] = []
  readonly missingMedia: UnresolvedReference[] = []
  readonly byteIssues: Array<ByteIssue & { file: string }> = []
  byteIssueCount = 0

  /** Counts the Advanced Custom Fields fields of an imported item, which are left out. */
  customFields(fields: number): void {
    if (fields === 0) return
    this.acfFields.items++
    this.acfFields.fields += fields
  }

  /** Counts one fallback of kind `kind`. */
  fallback(kind: string, n = 1): void {
    this.fallbacks[kind] = (this.fallbacks[kind] ?? 0) + n
  }

  /** Records an item left out of the payload. */
  skip(entry: SkippedItem): void {
    this.skipped.push(entry)
  }

  /** Records where an item went: its kind and new URL (and the old one, when it differs). */
  place(item: { file: string; line: number; postId: number }, entry: Omit<Extract<ReportItem, { kind: string }>, 'source' | 'line'>): void {
    this.placed.push({ source: `${item.file}#${item.postId}`, line: item.line, ...entry, file: item.file, post_id: item.postId })
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
  finish(files: string[], counts: ImportCounts, inferredOffset: string, sections: ReportSections): ImportReport {
    const fileIndex = new Map(files.map((f, i) => [f, i]))
    const byPlace = (a: { file: string; line?: number }, b: { file: string; line?: number }) => (fileIndex.get(a.file) ?? 0) - (fileIndex.get(b.file) ?? 0) || (a.line ?? 0) - (b.line ?? 0)
    const skipped = [...this.skipped].sort((a, b) => byPlace(a, b) || a.post_id - b.post_id || compareCodeUnits(a.reason, b.reason))
    const warnings = [...this.warnings].sort((a, b) => byPlace(a, b) || compareCodeUnits(a.path, b.path) || compareCodeUnits(a.message, b.message))
    const items: Array<{ file: string; line: number; post_id: number; entry: ReportItem }> = [
      ...this.placed.map(({ file, post_id, ...entry }) => ({ file, line: entry.line ?? 0, post_id, entry })),
      ...skipped.map((s) => ({ file: s.file, line: s.line, post_id: s.post_id, entry: { source: `${s.file}#${s.post_id}`, line: s.line, skipped: s.reason, ...(s.detail ? { detail: s.detail } : {}) } })),
    ]
    items.sort((a, b) => byPlace(a, b) || a.post_id - b.post_id)
    const diagnostics: ImportDiagnostic[] = warnings.map((w) => ({ severity: 'warning', code: w.code, message: w.message, file: w.file, ...(w.line ? { line: w.line } : {}), ...(w.path ? { path: w.path } : {}) }))
    const bySource = (a: UnresolvedReference, b: UnresolvedReference) => compareCodeUnits(a.source, b.source) || compareCodeUnits(a.target, b.target)
    return {
      importer: 'wordpress',
      convention: sections.convention,
      counts: { ...counts, skipped: skipped.length },
      items: items.map((i) => i.entry),
      skipped_by_reason: countBy(skipped.map((s) => s.reason)),
      redirects: sections.redirects,
      unresolved_links: [...this.unresolvedLinks].sort(bySource),
      missing_media: [...this.missingMedia].sort(bySource),
      templates: { expanded: sortKeys(this.renderedShortcodes), removed: sortKeys(this.removedShortcodes), kept: sortKeys(this.keptShortcodes) },
      diagnostics,
      files,
      inferred_site_offset: inferredOffset,
      permalinks: sections.permalinks,
      front_page: sections.front_page,
      menus: sections.menus,
      post_types: sortKeys(sections.post_types),
      ...(sections.taxonomies && Object.keys(sections.taxonomies).length > 0 ? { taxonomies: sortKeys(sections.taxonomies) } : {}),
      media: sections.media,
      fallbacks: sortKeys(this.fallbacks),
      dynamic_blocks: sortKeys(this.dynamicBlocks),
      ...(Object.keys(this.droppedShortcodes).length > 0 ? { dropped_shortcodes: sortKeys(this.droppedShortcodes) } : {}),
      ...(sections.dropped_shortcodes_in ? { dropped_shortcodes_in: sections.dropped_shortcodes_in } : {}),
      ...(this.acfFields.items > 0 ? { custom_fields: { acf: { ...this.acfFields } } } : {}),
      byte_issues: { count: this.byteIssueCount, listed: this.byteIssues },
    }
  }
}

function sortKeys<T>(map: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {}
  for (const k of Object.keys(map).sort(compareCodeUnits)) out[k] = map[k]
  return out
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/**
 * A short human summary of a report for the terminal: what was imported, where the URLs went, the front page and the
 * primary menu, what was left out and why (post types that an option imports), shortcodes removed, and whether the
 * site still depends on the old host for its media.
 * @example
 * summarizeReport(report) // 'Imported 12 posts, 3 pages, …'
 */
export function summarizeReport(report: ImportReport): string {
  const c = report.counts
  const lines = [
    `Imported ${plural(c.posts, 'post')} (${c.drafts} drafts), ${plural(c.pages, 'page')}, ${plural(c.authors, 'author')}, ${plural(c.categories, 'category', 'categories')}, ${plural(c.tags, 'tag')}, ${c.media} media, ${plural(c.menus, 'menu')}, ${plural(c.redirects, 'redirect')} from ${plural(c.items_read, 'item')}.`,
  ]
  const p = report.permalinks
  if (p.structure) lines.push(`Permalinks: ${p.structure} (from ${p.matched} of ${p.of} post links) as ${p.permalinks.posts ?? 'the default'}${p.permalinks.output_style === 'html-extension' ? ' with .html files' : ''}; ${p.urls.kept} published URLs kept, ${p.urls.redirected} redirected.`)
  for (const note of p.notes) lines.push(`  ${note}.`)
  if (report.front_page.page_path !== undefined) lines.push(`Front page: ${report.front_page.page_path}${report.front_page.post_index_path ? `; posts listed at ${report.front_page.post_index_path}` : '; no posts page, so the post index is off'}.`)
  const template = report.front_page.theme_template
  if (template) lines.push(`Front page: WordPress showed the ${template.theme} theme's front-page template (item ${template.id}, edited in the Site Editor) at the root; templates are not imported, so the root shows ${report.front_page.page_path !== undefined ? `the page ${report.front_page.page_path}` : 'the post index'}.`)
  if (report.menus.primary) lines.push(`Primary menu: ${report.menus.primary} (${report.menus.reason}).`)
  const reasons = Object.entries(report.skipped_by_reason)
  if (reasons.length) lines.push(`Not imported: ${reasons.map(([r, n]) => `${n} ${r.replace(/_/g, ' ')}`).join(', ')}.`)
  const types = Object.entries(report.post_types).filter(([, t]) => t.imported_as === undefined && t.folded_into === undefined && t.items > 0)
  if (types.length) lines.push(`Post types not imported: ${types.map(([name, t]) => `${t.items} ${name}`).join(', ')} (import one with --post-type <type>=post or =page).`)
  const taxonomies = Object.entries(report.taxonomies ?? {})
  if (taxonomies.length) lines.push(`Taxonomies the payload has no place for: ${taxonomies.map(([name, t]) => `${name} (${plural(t.terms, 'term')} on ${plural(t.items, 'item')})`).join(', ')}; the items are imported without them and their archives are not served.`)
  const dynamic = Object.entries(report.dynamic_blocks)
  if (dynamic.length) lines.push(`Dynamic blocks left out (WordPress renders them on each request; no static HTML): ${dynamic.map(([k, n]) => `${k} ×${n}`).join(', ')}.`)
  if (report.diagnostics.length) lines.push(`${plural(report.diagnostics.length, 'warning')} (see the report).`)
  const fallbacks = Object.entries(report.fallbacks)
  if (fallbacks.length) lines.push(`Fallbacks: ${fallbacks.map(([k, n]) => `${n} ${k.replace(/_/g, ' ')}`).join(', ')}.`)
  const removed = Object.entries(report.templates.removed)
  if (removed.length) lines.push(`Shortcodes removed (inner text kept): ${removed.map(([k, n]) => `[${k}] ×${n}`).join(', ')}.`)
  const dropped = Object.entries(report.dropped_shortcodes ?? {})
  const droppedIn = report.dropped_shortcodes_in ? ` in ${plural(report.dropped_shortcodes_in.count, 'item')} (dropped_shortcodes_in lists them)` : ''
  if (dropped.length) lines.push(`Shortcodes dropped (only their plugin could show them: forms, widgets): ${dropped.map(([k, n]) => `[${k}] ×${n}`).join(', ')}${droppedIn}.`)
  // TablePress registers its tables' post type with can_export false: no WordPress export has them.
  if (report.dropped_shortcodes?.table) lines.push(`  [table] shows a TablePress table, which WordPress's export never holds (TablePress keeps its tables out of it): export them from TablePress (HTML or CSV) and put them back where dropped_shortcodes_in says.`)
  const kept = Object.entries(report.templates.kept)
  if (kept.length) lines.push(`Shortcodes kept as text: ${kept.map(([k, n]) => `[${k}] ×${n}`).join(', ')}.`)
  const acf = report.custom_fields?.acf
  if (acf) lines.push(`Advanced Custom Fields: ${plural(acf.fields, 'field')} on ${plural(acf.items, 'item')} not imported: a field may hold what the theme never showed; a post's or page's \`data\` could carry those its templates printed.`)
  if (report.unresolved_links.length) lines.push(`${plural(report.unresolved_links.length, 'link')} to the old site match nothing imported (see unresolved_links).`)
  const m = report.media
  if (m.mode === 'home' && m.delivered) lines.push(`Media: ${plural(m.delivered.files, 'file')} in the media folder (${m.delivered.copied} copied, ${m.delivered.downloaded} downloaded, ${m.delivered.already_there} already there)${m.delivered.failed ? `; ${m.delivered.failed} could not be had and stay on ${m.hosts.join(', ')} (the report's missing_media says which and why)` : ''}.`)
  else if (m.on_old_hosts > 0) lines.push(`Media: the site still loads ${plural(m.on_old_hosts, 'file')} from ${m.hosts.join(', ')}${m.mode === 'rewritten' ? ' (outside the rewritten prefix)' : ''}; it breaks when that host goes. Bring them home with --uploads <dir> or --download-media, and --media-out <dir>.`)
  if (report.byte_issues.count) lines.push(`${report.byte_issues.count} malformed bytes or illegal characters were cleaned.`)
  return lines.join('\n') + '\n'
}
