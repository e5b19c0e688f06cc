export { createPreviewData, PreviewDataBuilder } from './builder.js'
export type { BuilderSnapshot, RemovableKind } from './builder.js'
export type { BuildResult } from './build.js'
export type {
  AuthorInput,
  BuilderOptions,
  CollectionInput,
  CollectionItemInput,
  DocumentExtras,
  FrontPageInput,
  LinkTarget,
  MenuInput,
  MenuItemInput,
  SiteInput,
  PageInput,
  PostInput,
  TaxonomyInput,
  WidgetAreaInput,
} from './inputs.js'
export type { DateTimeLike, TimestampInput } from './time.js'
export { toTimestamp } from './time.js'
export { slugFor, slugWithSuffix, truncateSlug } from './slug.js'
export { plainTextExcerpt, truncateOnWord, EXCERPT_MAX_LENGTH } from './excerpt.js'
export { SITE_DEFAULTS } from './fragment.js'
