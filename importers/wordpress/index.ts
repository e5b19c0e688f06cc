/**
 * Import a WordPress (WXR) export into a Preview Data payload: Node.js only.
 * `import { importWordPress } from 'preview-data-sdk/wordpress'`.
 * @module preview-data-sdk/wordpress
 */
export { importWordPress } from './import.js'
export type { DownloadSettings, ImportWordPressOptions, ImportWordPressResult, WordPressProgress, WordPressSource } from './import.js'
export type { HiddenPolicy } from './collect.js'
export type { PostTypeTarget } from './post-types.js'
export type { ImportCounts, ImportIssue, ImportReport, MediaSection, PermalinksSection, SkippedItem, SkipReason } from './report.js'
export { summarizeReport } from './report.js'
export type { Redirect, RedirectFormat } from './redirects.js'
// The shared types the options and report name, so a consumer can name them too (`diagnostics: ImportDiagnostic[]`).
export type { CommonImportOptions, DraftPolicy, ImportDiagnostic, ImportProgress, ImportSeverity, MigrationReport, ReportItem, UnresolvedReference } from '../shared/types.js'
export type { ByteIssue } from './read/decode.js'
export { formatRedirects } from './redirects.js'
