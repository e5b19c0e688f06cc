/**
 * The Preview Data v0.7 payload as TypeScript types. Field names are the contract's own; every object is closed
 * unless the contract lists it as open (`meta`, `data`, widget `settings`, and the maps of menus, widgets and
 * collections). Optional members are optional here too; the effective defaults are documented on each field.
 */

/** The literal version string that v0.7 accepts. */
export type PreviewDataVersion = '0.7'

/** One of the display styles for site-local dates and times. */
export type DisplayStyle = 'none' | 'short' | 'medium' | 'long' | 'full'

/** A scalar extension map: strings, finite numbers, booleans or `null`. */
export type ScalarMap = { [key: string]: string | number | boolean | null }

/** A value under a Post or Page `data` object. */
export type DataValue = string | number | boolean | null | DataValue[] | { [key: string]: DataValue }

/** The structured `data` object of a Post or Page. */
export type DataObject = { [key: string]: DataValue }

/** The whole payload. */
export interface PreviewData {
  /** Schema URI or path hint for tooling; not interpreted by validation. */
  $schema?: string
  /** The literal string "0.7". Earlier versions (v0.6, v0.5) are not alternative valid shapes. */
  version: PreviewDataVersion
  /** Nonblank name of the producer. */
  generator: string
  /** RFC 3339 generation time (not a publication time). */
  generated_at: string
  /** The site's settings and policies. */
  site: Site
  /** Authors, posts, pages, categories and tags (all five arrays required, even when empty), and optional media metadata. */
  content: Content
  /** Menu id to menu. Omitting it and giving {} are equivalent: there are none. */
  menus?: Record<string, Menu>
  /** Widget-area id to widget area. Omitting it and giving {} are equivalent: there are none. */
  widgets?: Record<string, WidgetArea>
  /** Collection id to named collection. Omitting it and giving {} are equivalent: there are none. */
  collections?: Record<string, Collection>
  /** Trusted custom CSS, emitted as a site stylesheet asset. */
  custom_css?: CustomCss
  /** Trusted raw HTML slots inserted into theme-rendered HTML routes. */
  custom_html?: CustomHtml
}

/** Site settings and policies. */
export interface Site {
  /** The site title; nonblank. */
  title: string
  /** The site description; may be empty. */
  description: string
  /** Empty, or a credential-free absolute HTTP(S) origin. */
  url: string
  /** Empty, or an absolute HTTP(S) origin without credentials, path, query or fragment. */
  media_origin: string
  /** Canonical BCP 47 tag. */
  locale: string
  /** Posts per listing page; an integer of at least 1. */
  posts_per_page: number
  /** How the build formats the date part of site-local fallback text; "none" omits it. */
  date_style: DisplayStyle
  /** How the build formats the time part of site-local fallback text; "none" omits it. When both styles are "none", the display strings are empty while the *_at_iso timestamps remain. */
  time_style: DisplayStyle
  /** `UTC`, a canonical IANA id, or a canonical fixed offset such as `+09:00`. */
  timezone: string
  /** Default `none`. */
  media_delivery_mode?: MediaDeliveryMode
  /** Default `true`. */
  expose_generator?: boolean
  /** Default `{ enabled: true }`. */
  search?: EnabledFlag
  /** Default `{ enabled: true }`. */
  feed?: EnabledFlag
  /** Default `{ enabled: true }`. */
  archive?: EnabledFlag
  /** Default `{ allow_indexing: true }`. */
  robots?: Robots
  /** Favicon media URLs; at least one member. When omitted, build wrappers may discover conventional favicon files. */
  favicon?: Favicon
  /** The site logo: src (media URL) and an optional alt text. */
  logo?: Logo
  /** Newsletter signup: enabled, and when enabled at least one of signup_url and embed_url. Provider behaviour and scripts are not defined. */
  newsletter?: Newsletter
  /** Comment provider settings. When omitted, no provider is configured and the comment runtime is unavailable. */
  comments?: SiteComments
  /** Route patterns for posts, pages, categories and tags, and the output style; every member is optional and defaults on its own. */
  permalinks?: Permalinks
  /** Default `{ type: 'theme_index' }`. */
  front_page?: FrontPage
  /** Default `{ enabled: true, path: '/', paginate: true }`. */
  post_index?: PostIndex
  /** Footer copyright text and attribution preference. */
  footer?: Footer
  /** Scalar extension map: string, finite number, boolean or null values; keys are not interpreted. */
  meta?: ScalarMap
}

/** How Build Core delivers media: `none` keeps normalized URLs; `media_domain` allows responsive variants from `site.media_origin`. */
export type MediaDeliveryMode = 'none' | 'media_domain'

/** `{ enabled }`, the shape of `site.search`, `site.feed` and `site.archive`. */
export interface EnabledFlag {
  /** Whether the feature is requested; what is effective also depends on the theme and the build. */
  enabled: boolean
}

/** The fallback robots.txt policy, `site.robots`. */
export interface Robots {
  /** false makes the fallback robots.txt disallow indexing. */
  allow_indexing: boolean
}

/** At least one member is required; all are media URLs. */
export interface Favicon {
  /** The favicon (media URL). */
  icon?: string
  /** An SVG favicon (media URL). */
  svg?: string
  /** A PNG favicon (media URL). */
  png?: string
  /** The Apple touch icon (media URL). */
  apple_touch_icon?: string
  /** The icon for the dark color scheme (media URL). */
  icon_dark?: string
}

/** The site logo, `site.logo`. */
export interface Logo {
  /** The logo image (media URL). */
  src: string
  /** Alternative text; may be empty. A theme may fall back to site.title. */
  alt?: string
}

/** When `enabled` is true, `signup_url` or `embed_url` is required. */
export interface Newsletter {
  /** Whether the signup is offered; true requires signup_url or embed_url. */
  enabled: boolean
  /** The signup page (navigation URL). */
  signup_url?: string
  /** An embeddable signup form (navigation URL). */
  embed_url?: string
  /** Display title; optional. */
  title?: string
  /** Display description; optional. */
  description?: string
  /** Display label of the signup button; optional. */
  button_label?: string
}

/** Who serves comments: `native` (items carry request tokens) or `external`. */
export type CommentsProvider = 'native' | 'external'
/** The order comments are listed in. */
export type CommentsOrder = 'asc' | 'desc'

/** Comment provider settings, `site.comments`; when omitted the comment runtime is unavailable. */
export interface SiteComments {
  /** Whether comments are enabled. */
  enabled: boolean
  /** Absolute HTTP(S) URL or single-slash root-relative path; no credentials, query or fragment. */
  api_base_url: string
  /** Default `native`. */
  provider?: CommentsProvider
  /** 1-100, default 50. */
  per_page?: number
  /** Default `desc`. */
  order?: CommentsOrder
  /** Reply threading: enabled and max_depth. */
  threading?: CommentsThreading
}

/** Reply threading settings, `site.comments.threading`. */
export interface CommentsThreading {
  /** Default `true`. */
  enabled?: boolean
  /** 2-10, default 2. */
  max_depth?: number
}

/** How routes become files: `directory` (`about/index.html`) or `html-extension` (`about.html`). */
export type OutputStyle = 'directory' | 'html-extension'

/** Route patterns and output style, `site.permalinks`; every member is optional and defaults on its own. */
export interface Permalinks {
  /** Default `directory`. */
  output_style?: OutputStyle
  /** Default `/posts/:slug/`. */
  posts?: string
  /** Default `/:slug/`. */
  pages?: string
  /** Default `/categories/:slug/`. */
  categories?: string
  /** Default `/tags/:slug/`. */
  tags?: string
}

/** Who owns `/`, `site.front_page`: a discriminated union on `type`. */
export type FrontPage = FrontPageThemeIndex | FrontPagePage | FrontPageStandaloneHtml

/** The theme index owns `/` (the default). */
export interface FrontPageThemeIndex {
  /** "theme_index": the theme index owns "/"; "page": the Page at page_path owns it; "standalone_html": html owns it, bypassing theme rendering. */
  type: 'theme_index'
}

/** The Page at `page_path` owns `/`. */
export interface FrontPagePage {
  /** "theme_index": the theme index owns "/"; "page": the Page at page_path owns it; "standalone_html": html owns it, bypassing theme rendering. */
  type: 'page'
  /** An exported Page's effective path, NFC, no leading or trailing slash. */
  page_path: string
}

/** A complete trusted HTML document owns `/`, bypassing theme rendering. */
export interface FrontPageStandaloneHtml {
  /** "theme_index": the theme index owns "/"; "page": the Page at page_path owns it; "standalone_html": html owns it, bypassing theme rendering. */
  type: 'standalone_html'
  /** A complete trusted HTML document. */
  html: string
}

/** The post listing, `site.post_index`. */
export interface PostIndex {
  /** Whether the post index is generated (a theme may also disable it). Default true. */
  enabled?: boolean
  /** The absolute path of the post index, "/" or slug segments such as "/blog/". Default "/". */
  path?: string
  /** Whether page 2 and later routes are generated. Default true. */
  paginate?: boolean
}

/** Footer settings, `site.footer`. */
export interface Footer {
  /** Copyright text, nonblank when present; no copyright symbol is added. */
  copyright_text?: string
  /** Missing or true lets a supporting theme show attribution; false asks it to hide it. */
  attribution?: boolean
}

/** The content arrays. */
export interface Content {
  /** The exported authors; required, may be empty. */
  authors: Author[]
  /** The Posts; required, may be empty. */
  posts: Post[]
  /** The Pages; required, may be empty. */
  pages: Page[]
  /** The categories Posts refer to by slug; required, may be empty. */
  categories: Category[]
  /** The tags Posts refer to by slug; required, may be empty. The array's order has no meaning (deterministic producers sort by name, then slug). */
  tags: Tag[]
  /** Metadata (dimensions, alt) of media referenced by other fields; optional. Build Core matches normalized URLs to attach dimensions and derive variants. */
  media?: MediaEntry[]
}

/** An author of `content.authors`. */
export interface Author {
  /** The author id: nonblank, unique among authors; Posts name it in author_id. */
  id: string
  /** The name shown for the author; nonblank. */
  display_name: string
  /** The author's avatar (media URL). */
  avatar?: string
}

/** How a Post or Page body is written. */
export type DocumentType = 'plaintext' | 'markdown' | 'html'
/** A Post or Page status. */
export type Status = 'published' | 'draft'
/** Per-document discovery policy: `default`, `noindex` or `delist` (also left out of listings, sitemap and search). */
export type Discoverability = 'default' | 'noindex' | 'delist'

/** Comment metadata of a Post or Page. */
export interface ItemComments {
  /** Nonblank, at most 512 code points. */
  request_token: string
}

/** A Post of `content.posts`. There is no Post id field: `public_id` is its public identity. */
export interface Post {
  /** The Post's public identity: an integer of at least 1, unique among Posts (a Page may share it). */
  public_id: number
  /** The title; nonblank. */
  title: string
  /** A safe slug segment, unique among Posts after NFC normalization. */
  slug: string
  /** The body, written as document_type says; may be empty. */
  content: string
  /** How content is written: "plaintext", "markdown" or "html". */
  document_type: DocumentType
  /** Summary text; may be empty. */
  excerpt: string
  /** The publication instant, an RFC 3339 timestamp; date permalink tokens use it in site.timezone. */
  published_at_iso: string
  /** The last update, an RFC 3339 timestamp. */
  updated_at_iso: string
  /** The id of an exported author; nonblank. */
  author_id: string
  /** "published" or "draft". */
  status: Status
  /** Slugs of the Post's categories, each naming an entry of content.categories. */
  category_slugs: string[]
  /** Slugs of the Post's tags, in theme-facing display order and unique after NFC normalization; the first tag is not implicitly primary. */
  tag_slugs: string[]
  /** The featured image (media URL). */
  featured_image?: string
  /** Scalar extension map: string, finite number, boolean or null values. */
  meta?: ScalarMap
  /** Structured theme-facing data: keys like "hero_image" or "read-time", at most 64 keys per object, 256 items per array and 4 container levels below this object. */
  data?: DataObject
  /** "default"; "noindex" (rendered with robots noindex); or "delist" (also left out of generated listings, the sitemap and native search). Default "default"; canonical producers omit it. */
  discoverability?: Discoverability
  /** Whether the Post takes comments; missing means false. */
  allow_comments?: boolean
  /** The Post's comment metadata, {request_token}: required when site.comments is enabled with the native provider and allow_comments is true. */
  comments?: ItemComments
}

/** A Page of `content.pages`, routed by its effective path. */
export interface Page {
  /** The title; nonblank. */
  title: string
  /** The leaf slug, a safe slug segment. Not an identity: two Pages may share it when their effective paths differ. */
  slug: string
  /** The body, written as document_type says; may be empty. */
  content: string
  /** How content is written: "plaintext", "markdown" or "html". */
  document_type: DocumentType
  /** "published" or "draft". */
  status: Status
  /** An optional public identity: an integer of at least 1, unique among Pages (a Post may share it). Required when allow_comments is true. */
  public_id?: number
  /** Relative route override without leading or trailing slash. */
  path?: string
  /** Summary text; may be empty. */
  excerpt?: string
  /** The featured image (media URL). */
  featured_image?: string
  /** The last update, an RFC 3339 timestamp. */
  updated_at_iso?: string
  /** Scalar extension map: string, finite number, boolean or null values. */
  meta?: ScalarMap
  /** Structured theme-facing data: at most 64 keys per object, 256 items per array and 4 container levels below this object. */
  data?: DataObject
  /** "default"; "noindex" (rendered with robots noindex); or "delist" (also left out of generated listings, the sitemap and native search). Default "default"; canonical producers omit it. */
  discoverability?: Discoverability
  /** Whether the Page takes comments; missing means false. true requires a public_id. */
  allow_comments?: boolean
  /** The Page's comment metadata, {request_token}: required when site.comments is enabled with the native provider and allow_comments is true. */
  comments?: ItemComments
}

/** A category of `content.categories`; Posts refer to it by slug. */
export interface Category {
  /** The display name; nonblank. */
  name: string
  /** A safe slug segment, unique among categories after NFC normalization. */
  slug: string
  /** A description; may be empty. */
  description?: string
}

/** A tag of `content.tags`; Posts refer to it by slug. */
export interface Tag {
  /** The display name; nonblank. */
  name: string
  /** A safe slug segment, unique among tags after NFC normalization. */
  slug: string
  /** A description; may be empty. */
  description?: string
}

/** Managed-media metadata, `content.media[]`, for a media URL referenced by other fields. */
export interface MediaEntry {
  /** The media URL, unique across entries; the same normalized URL used by the fields that reference the media. */
  src: string
  /** Width in pixels, an integer of at least 1. */
  width: number
  /** Height in pixels, an integer of at least 1. */
  height: number
  /** Alternative text; may be empty. */
  alt?: string
}

/** Where a menu link opens. */
export type MenuTarget = '_self' | '_blank'

/** A menu of the `menus` map. */
export interface Menu {
  /** The menu name; nonblank. */
  name: string
  /** The top-level menu items, in order. */
  items: MenuItem[]
}

/** A menu item; `children` nest to any depth. */
export interface MenuItem {
  /** The label; nonblank. */
  title: string
  /** The link target (navigation URL). There is no item type field. */
  url: string
  /** "_self" or "_blank". */
  target: MenuTarget
  /** Nested menu items, in order, to any depth (this SDK checks up to 256 levels). */
  children: MenuItem[]
  /** Scalar extension map: string, finite number, boolean or null values. */
  meta?: ScalarMap
}

/** A widget area of the `widgets` map. */
export interface WidgetArea {
  /** The widget area name; nonblank. */
  name: string
  /** The widget items, in order. */
  items: WidgetItem[]
}

/** A widget item; `settings` is open to the widget type. */
export interface WidgetItem {
  /** The widget type, interpreted by Theme Runtime; nonblank. */
  type: string
  /** May be empty or whitespace-only: no heading. */
  title: string
  /** Open object: its keys belong to the widget type and Theme Runtime. */
  settings?: { [key: string]: unknown }
}

/** A named collection of the `collections` map. */
export interface Collection {
  /** A title, nonblank when present. */
  title?: string
  /** A description; may be empty. */
  description?: string
  /** References to Posts ({type: "post", slug}) and Pages ({type: "page", path}), in order. Every reference must resolve and none may repeat. */
  items: CollectionItem[]
}

/** A collection reference: a discriminated union on `type`. */
export type CollectionItem = CollectionPostItem | CollectionPageItem

/** A reference to a Post by its normalized slug. */
export interface CollectionPostItem {
  /** "post" (with slug) or "page" (with path). */
  type: 'post'
  /** For type post only: the normalized slug of a Post. */
  slug: string
}

/** A reference to a Page by its NFC effective path. */
export interface CollectionPageItem {
  /** "post" (with slug) or "page" (with path). */
  type: 'page'
  /** For type page only: the NFC-normalized effective path of a Page. */
  path: string
}

/** Trusted custom CSS, `custom_css`. */
export interface CustomCss {
  /** Raw CSS, nonblank, emitted as a stylesheet asset without trimming, minifying, removing comments or rewriting. */
  content: string
}

/** Trusted custom HTML slots, `custom_html`; at least one of `head_end` and `body_end`. */
export interface CustomHtml {
  /** Raw HTML inserted before the closing head tag of theme-rendered routes: nonblank, at most 65,536 code points, never sanitized or rewritten. */
  head_end?: string
  /** Raw HTML inserted before the closing body tag of theme-rendered routes: nonblank, at most 65,536 code points, never sanitized or rewritten. */
  body_end?: string
}
