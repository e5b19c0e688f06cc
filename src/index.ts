// The public entry of preview-data-sdk. Exports are by name; a test pins the list.
export type * from './contract/types.js'
export { PreviewDataError, pointer } from './validate/issue.js'
export type { PreviewDataIssue } from './validate/issue.js'
export type { IssueCode } from './validate/codes.js'
