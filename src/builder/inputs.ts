import type {
  Author,
  CollectionItem,
  DocumentType,
  FrontPage,
  MenuTarget,
  Post,
  ScalarMap,
  Site,
  Status,
  WidgetItem,
} from '../contract/types.js'
import type { TimestampInput } from './time.js'

/** Options of `createPreviewData`. */
export type BuilderOptions = {
  /** Nonblank name of your producer, e.g. `'field-notes 1.0'`. */
  generator: string
  /** When the payload was generated; the builder never reads a clock. */
  generated_at: TimestampInput
  /**
   * Create categories and tags that posts reference but nobody declared (name taken from the reference). Default
   * `true`; with `false`, an undeclared reference is left as it is.
   */
  autoCreateTaxonomies?: boolean
}

/** The optional fields Posts and Pages share, as the contract defines them (checked by `checkDocumentExtras`). */
export type DocumentExtras = Pick<Post, 'featured_image' | 'meta' | 'data' | 'discoverability' | 'allow_comments' | 'comments'>

/** A category or tag: `slug` is derived from `name` when omitted. */
export type TaxonomyInput = { name: string; slug?: string; description?: string }

/** A Post as the builder takes it: the contract's fields, with the conveniences documented on each. */
export type PostInput = {
  title: string
  /** Derived from the title when omitted; a derived slug that collides gets `-2`, `-3`… at build. */
  slug?: string
  /** Assigned at build when omitted: the smallest free ids, oldest post first. */
  public_id?: number
  /** Default `''`. */
  content?: string
  /** Default `markdown`. */
  document_type?: DocumentType
  /** Default: the first paragraph of the content as plain text, at most 300 code points. */
  excerpt?: string
  /** RFC 3339 string, zone-less date or time (read in `site.timezone`), `Date` or luxon `DateTime`. */
  published_at_iso: TimestampInput
  /** Default: `published_at_iso`. */
  updated_at_iso?: TimestampInput
  author_id: string
  /** Default `published`. */
  status?: Status
  category_slugs?: string[]
  tag_slugs?: string[]
  /** Categories by display name: each becomes a slug reference (and a category when undeclared). */
  categories?: string[]
  /** Tags by display name, in display order: each becomes a slug reference (and a tag when undeclared). */
  tags?: string[]
} & DocumentExtras

/** A Page as the builder takes it. */
export type PageInput = {
  title: string
  /** Derived from the title when omitted (or from the last component of `path`). */
  slug?: string
  /** Relative route override (`about/team`); default: the pages permalink applied to the slug. */
  path?: string
  /** Assigned at build only for Pages that allow comments (they need one). */
  public_id?: number
  content?: string
  document_type?: DocumentType
  status?: Status
  excerpt?: string
  updated_at_iso?: TimestampInput
} & DocumentExtras

/** A link target named by reference instead of a URL; resolved through the routes code at build. */
export type LinkTarget = { post: string } | { page: string } | { category: string } | { tag: string } | { url: string }

/**
 * The fields every menu item may carry besides its one target.
 * @inline
 */
type MenuItemCommon = {
  /** Default `_self`. */
  target?: MenuTarget
  children?: MenuItemInput[]
  meta?: ScalarMap
}

/**
 * A menu item: exactly one target — a `url`, or a post (slug), page (effective path), category or tag (slug) named by
 * reference. `title` defaults to the target's title or name, and is required with `url`.
 */
export type MenuItemInput =
  | (MenuItemCommon & { url: string; title: string; post?: never; page?: never; category?: never; tag?: never })
  | (MenuItemCommon & { post: string; title?: string; url?: never; page?: never; category?: never; tag?: never })
  | (MenuItemCommon & { page: string; title?: string; url?: never; post?: never; category?: never; tag?: never })
  | (MenuItemCommon & { category: string; title?: string; url?: never; post?: never; page?: never; tag?: never })
  | (MenuItemCommon & { tag: string; title?: string; url?: never; post?: never; page?: never; category?: never })

/**
 * A menu item with every target optional, as importers assemble them from source files: `.menu()` checks at the call
 * that each names exactly one (the check `MenuItemInput` makes at compile time).
 */
export type MenuItemFields = {
  title?: string
  url?: string
  post?: string
  page?: string
  category?: string
  tag?: string
  target?: MenuTarget
  children?: MenuItemFields[]
  meta?: ScalarMap
}

/** The argument of `.menu(id, menu)`. */
export type MenuInput = {
  /** The menu name; nonblank. */
  name: string
  /** The top-level items, in order. */
  items: MenuItemInput[]
}
/** The argument of `.widgetArea(id, area)`. */
export type WidgetAreaInput = {
  /** The widget area name; nonblank. */
  name: string
  /** The widget items, in order, as the contract writes them. */
  items: WidgetItem[]
}

/** A collection item: `{ post: slug }`, `{ page: path }` or the contract's own `{ type, slug | path }`; one of them. */
export type CollectionItemInput = { post: string; page?: never } | { page: string; post?: never } | CollectionItem
/** The argument of `.collection(id, collection)`. */
export type CollectionInput = {
  /** A title, nonblank when present. */
  title?: string
  /** A description; may be empty. */
  description?: string
  /** The references, in order; each must resolve at build. */
  items: CollectionItemInput[]
}

/** The argument of `.site(fields)`: any of the contract's site fields except `front_page`, which `.frontPage()` sets. */
export type SiteInput = Partial<Omit<Site, 'front_page'>> & { front_page?: never }

/** The front page: the contract's branches, or `{ page: path }` for a Page by effective path (not both). */
export type FrontPageInput = FrontPage | { page: string; type?: never }

/** The argument of `.author(author)`: the contract's Author. */
export type AuthorInput = Author
