// preview-data-sdk/wordpress: import a WordPress (WXR) export into a Preview Data payload.
export { importWordPress } from './import.js'
export type { ImportWordPressOptions, ImportWordPressResult, WordPressSource } from './import.js'
export type { StatusPolicy } from './collect.js'
export type { ImportIssue, ImportReport, SkippedItem, SkipReason } from './report.js'
export { summarizeReport } from './report.js'
export type { Redirect, RedirectFormat } from './redirects.js'
export { formatRedirects } from './redirects.js'
