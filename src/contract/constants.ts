/**
 * The enums, patterns, limits and defaults of Preview Data v0.7 as named constants. The JSON Schema and the
 * runtime rules both read from here, so a limit is written once.
 */

/** The only `version` value v0.7 accepts. */
export const PREVIEW_DATA_VERSION = '0.7' as const

/** The values of `site.date_style` and `site.time_style`. */
export const DISPLAY_STYLES = ['none', 'short', 'medium', 'long', 'full'] as const
/** The values of `site.media_delivery_mode`. */
export const MEDIA_DELIVERY_MODES = ['none', 'media_domain'] as const
/** The values of `site.comments.provider`. */
export const COMMENTS_PROVIDERS = ['native', 'external'] as const
/** The values of `site.comments.order`. */
export const COMMENTS_ORDERS = ['asc', 'desc'] as const
/** The values of `site.permalinks.output_style`. */
export const OUTPUT_STYLES = ['directory', 'html-extension'] as const
/** The values of a Post or Page `document_type`. */
export const DOCUMENT_TYPES = ['plaintext', 'markdown', 'html'] as const
/** The values of a Post or Page `status`. */
export const STATUSES = ['published', 'draft'] as const
/** The values of a Post or Page `discoverability`. */
export const DISCOVERABILITY_VALUES = ['default', 'noindex', 'delist'] as const
/** The values of a menu item `target`. */
export const MENU_TARGETS = ['_self', '_blank'] as const
/** The values of `site.front_page.type`. */
export const FRONT_PAGE_TYPES = ['theme_index', 'page', 'standalone_html'] as const
/** The values of a collection item `type`. */
export const COLLECTION_ITEM_TYPES = ['post', 'page'] as const

/** Menu, widget-area and collection ids. */
export const MAP_ID_PATTERN = /^[a-z][a-z0-9_-]{0,63}$/
/** Keys of a Post or Page `data` object (at every level). */
export const DATA_KEY_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_]*(?:-[a-zA-Z0-9_]+)*$/
/** A canonical fixed-offset time zone; `+00:00` and `-00:00` are excluded by a runtime rule (use `UTC`). */
export const FIXED_OFFSET_PATTERN = /^[+-](?:(?:0\d|1[0-3]):[0-5]\d|14:00)$/

/** The numeric limits of the contract, each counted as the contract says (code points, not UTF-16 units). */
export const LIMITS = {
  /** Slug segment or literal route segment, in code points after NFC. */
  slugCodePoints: 200,
  /** `comments.request_token`, in code points. */
  requestTokenCodePoints: 512,
  /** `custom_html.head_end` and `body_end`, in code points each. */
  customHtmlCodePoints: 65_536,
  /** Map ids (menus, widgets, collections). */
  mapIdLength: 64,
  /** Keys per object under `data`. */
  dataKeysPerObject: 64,
  /** Items per array under `data`. */
  dataItemsPerArray: 256,
  /** Container levels below the root `data` object. */
  dataNestingLevels: 4,
  commentsPerPageMin: 1,
  commentsPerPageMax: 100,
  threadingMaxDepthMin: 2,
  threadingMaxDepthMax: 10,
  postsPerPageMin: 1,
  /** Fixed-offset time zones span -14:00 through +14:00. */
  fixedOffsetMaxMinutes: 14 * 60,
  mediaDimensionMin: 1,
  /**
   * Not a contract limit (menu items nest "to any depth"): the deepest menu item level this SDK checks, top-level
   * items being level 1. Deeper items are refused with `invalid_payload` and their pointer, since checking them would
   * take the stack of a recursive validator; no real menu comes near it.
   */
  menuItemDepth: 256,
} as const

/** The route patterns used when `site.permalinks` omits a member. */
export const DEFAULT_PERMALINKS = {
  output_style: 'directory',
  posts: '/posts/:slug/',
  pages: '/:slug/',
  categories: '/categories/:slug/',
  tags: '/tags/:slug/',
} as const

/** Tokens each permalink pattern may use, and which of them it must use (at least one). */
export const PERMALINK_TOKENS = {
  posts: { allowed: [':slug', ':public_id', ':year', ':month', ':day'], required: [':slug', ':public_id'] },
  pages: { allowed: [':slug'], required: [':slug'] },
  categories: { allowed: [':slug'], required: [':slug'] },
  tags: { allowed: [':slug'], required: [':slug'] },
} as const

/** The effective `site.post_index` when omitted or partly given. */
export const DEFAULT_POST_INDEX = { enabled: true, path: '/', paginate: true } as const

/** The effective `site.comments` members when omitted. */
export const DEFAULT_COMMENTS = { provider: 'native', per_page: 50, order: 'desc', threading: { enabled: true, max_depth: 2 } } as const
