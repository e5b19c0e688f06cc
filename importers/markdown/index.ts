/**
 * Import a folder of Markdown (Hugo, Jekyll, Docusaurus, Astro, Eleventy, VuePress, VitePress… or our own layout):
 * Node.js only. `import { importMarkdown } from 'preview-data-sdk/markdown'`.
 * @module preview-data-sdk/markdown
 */
// The public entry of preview-data-sdk/markdown. Exports are by name.
export { deliverMedia, importMarkdown } from './import.js'
export type { Asset, ImportMarkdownOptions, ImportMarkdownResult, Redirect } from './types.js'
export type { DiagnosticSeverity, MarkdownDiagnostic, MarkdownDiagnosticCode } from './diagnostics.js'
export type { PresetName } from './presets/types.js'
// The shared types the result names, so a consumer can name them too (`report: MigrationReport`).
export type { CommonImportOptions, DraftPolicy, ImportDiagnostic, ImportProgress, ImportSeverity, MigrationReport, ReportItem, UnresolvedReference } from '../shared/types.js'
