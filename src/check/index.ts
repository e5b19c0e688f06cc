/**
 * What a site built from a valid payload will get wrong, found without building it: any runtime.
 * `import { checkSite } from 'preview-data-sdk/check'`.
 * @module preview-data-sdk/check
 */
export { checkSite } from './check-site.js'
export type { CheckOptions } from './check-site.js'
export { CHECK_CODES } from './findings.js'
export type { CheckCode, CheckFinding, CheckResult, CheckSeverity, CheckTotals } from './findings.js'
