// The validator's format primitives: pure, allocation-light checks shared by the schema rules, routes, builder and
// importers. Each check* returns null when valid, else a reason that reads after "<field> is invalid: ".
export { codePointLength, isBlank } from './codepoints.js'
export { checkSlugSegment, normalizeSlug } from './slug.js'
export { checkUrl } from './url.js'
export type { UrlClass } from './url.js'
export { checkTimestamp, civilFromDays, daysFromCivil, formatTimestamp, parseTimestamp } from './timestamp.js'
export { checkLocale } from './locale.js'
export { checkTimezone, localDateParts, offsetMinutesAt } from './timezone.js'
export { checkAbsoluteRoutePath, checkPageReference, checkPagePath, checkRouteSegment, splitRoutePath } from './route.js'
export { KeySet } from './key-set.js'
export { suggestMapId } from './map-id.js'
