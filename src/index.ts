/**
 * The builder, the validator, routes and canonical key order for Preview Data v0.7 payloads: no Node.js built-in, so
 * it runs in browsers, workers and edge runtimes too. `import { createPreviewData } from 'preview-data-sdk'`.
 * @module preview-data-sdk
 */
// The public entry of preview-data-sdk. Exports are by name; a test pins the list, so a new export is a reviewed choice.
export type * from './contract/types.js'
export {
  COLLECTION_ITEM_TYPES,
  COMMENTS_ORDERS,
  COMMENTS_PROVIDERS,
  DATA_KEY_PATTERN,
  DEFAULT_COMMENTS,
  DEFAULT_PERMALINKS,
  DEFAULT_POST_INDEX,
  DISCOVERABILITY_VALUES,
  DISPLAY_STYLES,
  DOCUMENT_TYPES,
  FIXED_OFFSET_PATTERN,
  FRONT_PAGE_TYPES,
  LIMITS,
  MAP_ID_PATTERN,
  MEDIA_DELIVERY_MODES,
  MENU_TARGETS,
  OUTPUT_STYLES,
  PREVIEW_DATA_VERSION,
  STATUSES,
} from './contract/constants.js'
export { PreviewDataError, pointer } from './validate/issue.js'
export type { PreviewDataIssue } from './validate/issue.js'
export { ISSUE_CODES } from './validate/codes.js'
export type { IssueCode } from './validate/codes.js'
export { assertPreviewData, isPreviewData, validatePreviewData } from './validate/index.js'
export type { ValidationResult } from './validate/index.js'
export {
  checkAbsoluteRoutePath,
  checkLocale,
  checkPagePath,
  checkSlugSegment,
  checkTimestamp,
  checkTimezone,
  checkUrl,
  codePointLength,
  normalizeSlug,
} from './validate/primitives/index.js'
export type { UrlClass } from './validate/primitives/index.js'
export {
  categoryRoute,
  checkPermalinkPattern,
  deriveRoutes,
  effectivePagePath,
  isSafeOutputPath,
  pageRoute,
  postRoute,
  preflightPreviewData,
  tagRoute,
} from './routes/index.js'
export type { PermalinkKind, RouteEntry, RouteKind, RouteLocation } from './routes/index.js'
export { canonicalJsonChunks, canonicalizePreviewDataKeyOrder } from './canonicalize.js'
export {
  createPreviewData,
  EXCERPT_MAX_LENGTH,
  plainTextExcerpt,
  PreviewDataBuilder,
  SITE_DEFAULTS,
  slugFor,
  slugWithSuffix,
  toTimestamp,
  truncateOnWord,
} from './builder/index.js'
export type {
  AuthorInput,
  BuilderOptions,
  BuildResult,
  BuilderSnapshot,
  CollectionInput,
  CollectionItemInput,
  DateTimeLike,
  DocumentExtras,
  FrontPageInput,
  MenuInput,
  MenuItemInput,
  PageInput,
  PostInput,
  RemovableKind,
  SiteInput,
  TaxonomyInput,
  TimestampInput,
  WidgetAreaInput,
} from './builder/index.js'
