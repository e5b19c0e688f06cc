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
  version: PreviewDataVersion
  /** Nonblank name of the producer. */
  generator: string
  /** RFC 3339 generation time (not a publication time). */
  generated_at: string
  site: Site
  content: Content
  menus?: Record<string, Menu>
  widgets?: Record<string, WidgetArea>
  collections?: Record<string, Collection>
  custom_css?: CustomCss
  custom_html?: CustomHtml
}

/** Site settings and policies. */
export interface Site {
  title: string
  description: string
  /** Empty, or a credential-free absolute HTTP(S) origin. */
  url: string
  /** Empty, or an absolute HTTP(S) origin without credentials, path, query or fragment. */
  media_origin: string
  /** Canonical BCP 47 tag. */
  locale: string
  posts_per_page: number
  date_style: DisplayStyle
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
  favicon?: Favicon
  logo?: Logo
  newsletter?: Newsletter
  comments?: SiteComments
  permalinks?: Permalinks
  /** Default `{ type: 'theme_index' }`. */
  front_page?: FrontPage
  /** Default `{ enabled: true, path: '/', paginate: true }`. */
  post_index?: PostIndex
  footer?: Footer
  meta?: ScalarMap
}

export type MediaDeliveryMode = 'none' | 'media_domain'

/** `{ enabled }`, the shape of `site.search`, `site.feed` and `site.archive`. */
export interface EnabledFlag {
  enabled: boolean
}

export interface Robots {
  allow_indexing: boolean
}

/** At least one member is required; all are media URLs. */
export interface Favicon {
  icon?: string
  svg?: string
  png?: string
  apple_touch_icon?: string
  icon_dark?: string
}

export interface Logo {
  src: string
  alt?: string
}

/** When `enabled` is true, `signup_url` or `embed_url` is required. */
export interface Newsletter {
  enabled: boolean
  signup_url?: string
  embed_url?: string
  title?: string
  description?: string
  button_label?: string
}

export type CommentsProvider = 'native' | 'external'
export type CommentsOrder = 'asc' | 'desc'

export interface SiteComments {
  enabled: boolean
  /** Absolute HTTP(S) URL or single-slash root-relative path; no credentials, query or fragment. */
  api_base_url: string
  /** Default `native`. */
  provider?: CommentsProvider
  /** 1-100, default 50. */
  per_page?: number
  /** Default `desc`. */
  order?: CommentsOrder
  threading?: CommentsThreading
}

export interface CommentsThreading {
  /** Default `true`. */
  enabled?: boolean
  /** 2-10, default 2. */
  max_depth?: number
}

export type OutputStyle = 'directory' | 'html-extension'

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

export type FrontPage = FrontPageThemeIndex | FrontPagePage | FrontPageStandaloneHtml

export interface FrontPageThemeIndex {
  type: 'theme_index'
}

export interface FrontPagePage {
  type: 'page'
  /** An exported Page's effective path, NFC, no leading or trailing slash. */
  page_path: string
}

export interface FrontPageStandaloneHtml {
  type: 'standalone_html'
  /** A complete trusted HTML document. */
  html: string
}

export interface PostIndex {
  enabled?: boolean
  path?: string
  paginate?: boolean
}

export interface Footer {
  copyright_text?: string
  attribution?: boolean
}

/** The content arrays. */
export interface Content {
  authors: Author[]
  posts: Post[]
  pages: Page[]
  categories: Category[]
  tags: Tag[]
  media?: MediaEntry[]
}

export interface Author {
  id: string
  display_name: string
  avatar?: string
}

export type DocumentType = 'plaintext' | 'markdown' | 'html'
export type Status = 'published' | 'draft'
export type Discoverability = 'default' | 'noindex' | 'delist'

export interface ItemComments {
  /** Nonblank, at most 512 code points. */
  request_token: string
}

export interface Post {
  public_id: number
  title: string
  slug: string
  content: string
  document_type: DocumentType
  excerpt: string
  published_at_iso: string
  updated_at_iso: string
  author_id: string
  status: Status
  category_slugs: string[]
  tag_slugs: string[]
  featured_image?: string
  meta?: ScalarMap
  data?: DataObject
  discoverability?: Discoverability
  allow_comments?: boolean
  comments?: ItemComments
}

export interface Page {
  title: string
  slug: string
  content: string
  document_type: DocumentType
  status: Status
  public_id?: number
  /** Relative route override without leading or trailing slash. */
  path?: string
  excerpt?: string
  featured_image?: string
  updated_at_iso?: string
  meta?: ScalarMap
  data?: DataObject
  discoverability?: Discoverability
  allow_comments?: boolean
  comments?: ItemComments
}

export interface Category {
  name: string
  slug: string
  description?: string
}

export interface Tag {
  name: string
  slug: string
  description?: string
}

export interface MediaEntry {
  src: string
  width: number
  height: number
  alt?: string
}

export type MenuTarget = '_self' | '_blank'

export interface Menu {
  name: string
  items: MenuItem[]
}

export interface MenuItem {
  title: string
  url: string
  target: MenuTarget
  children: MenuItem[]
  meta?: ScalarMap
}

export interface WidgetArea {
  name: string
  items: WidgetItem[]
}

export interface WidgetItem {
  type: string
  /** May be empty or whitespace-only: no heading. */
  title: string
  settings?: { [key: string]: unknown }
}

export interface Collection {
  title?: string
  description?: string
  items: CollectionItem[]
}

export type CollectionItem = CollectionPostItem | CollectionPageItem

export interface CollectionPostItem {
  type: 'post'
  slug: string
}

export interface CollectionPageItem {
  type: 'page'
  path: string
}

export interface CustomCss {
  content: string
}

export interface CustomHtml {
  head_end?: string
  body_end?: string
}
