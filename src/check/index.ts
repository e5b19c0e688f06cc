export { checkSite } from './check-site.js'
export type { CheckOptions } from './check-site.js'
export { CHECK_CODES } from './findings.js'
export type { CheckCode, CheckFinding, CheckResult, CheckSeverity, CheckTotals } from './findings.js'
