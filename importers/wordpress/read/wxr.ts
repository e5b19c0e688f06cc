import { PreviewDataError } from '../../../src/index.js'
import { LIMITS } from '../limits.js'
import type { CleanChunk } from './decode.js'
import { readXml } from './xml.js'
import type { ElementName, XmlHandler, XmlPosition } from './xml.js'
import { SEO_META_KEYS } from '../seo.js'

/** The `<channel>` facts of one export file. */
export interface WxrChannel {
  title: string
  link: string
  description: string
  language: string
  wxrVersion: string
  baseSiteUrl: string
  baseBlogUrl: string
  generator: string
  pubDate: string
}

/** One `<wp:author>`; e-mail addresses are read past and never kept. */
export interface WxrAuthor {
  login: string
  displayName: string
  firstName: string
  lastName: string
}

/** A term from `<wp:category>`, `<wp:tag>` or `<wp:term>`. */
export interface WxrTerm {
  taxonomy: string
  termId: number
  slug: string
  name: string
  parent: string
  description: string
}

/** A `<category domain nicename>` reference inside an item. */
export interface WxrItemTerm {
  domain: string
  nicename: string
  name: string
}

/** One `<item>` as the export has it, with the fields the importer uses; postmeta is limited to `KEPT_META` keys. */
export interface WxrItem {
  file: string
  line: number
  postId: number
  title: string
  link: string
  guid: string
  pubDate: string
  creator: string
  content: string
  /**
   * The body as the export's UTF-8 bytes, when it is one CDATA section (as WordPress writes it; `content` is then
   * empty): a post's or page's body goes on to be rendered without being decoded here (see `bodyText`).
   */
  contentBytes?: Buffer
  excerpt: string
  postDate: string
  postDateGmt: string
  postModified: string
  postModifiedGmt: string
  commentStatus: string
  postName: string
  status: string
  postParent: number
  menuOrder: number
  postType: string
  password: string
  isSticky: boolean
  attachmentUrl: string
  terms: WxrItemTerm[]
  meta: Record<string, string>
  /** Every `_wp_old_slug` value, in file order. */
  oldSlugs: string[]
  comments: number
  approvedComments: number
  /** Advanced Custom Fields' fields on the item (a `_name` meta holding a `field_…` key beside each value), not imported. */
  customFields: number
}

/** Postmeta keys the importer reads; everything else is skipped while streaming so it is never held. */
export const KEPT_META = new Set([
  '_thumbnail_id',
  // The notes of the footnotes block (WordPress 6.3 on), which renders them from here.
  'footnotes',
  // A podcast episode Blubrry PowerPress plays below the post (see withPodcastEpisode); WordPress's own enclosures too.
  'enclosure',
  // The layout of a page Elementor built, the only copy of its content when its body is empty (see elementorBody).
  '_elementor_data',
  // The layout of a page SiteOrigin's Page Builder laid out, read the same way (see siteOriginBody).
  'panels_data',
  // Where WordPress's Blogger importer found a post on Blogger (`x.blogspot.com`, `/2010/04/a.html`): links there are links to it.
  'blogger_blog',
  'blogger_permalink',
  '_wp_attachment_metadata',
  '_wp_attached_file',
  '_wp_attachment_image_alt',
  '_menu_item_type',
  '_menu_item_object',
  '_menu_item_object_id',
  '_menu_item_url',
  '_menu_item_menu_item_parent',
  '_menu_item_target',
  // WooCommerce products and variations (imported with --post-type product=…; see post-types.ts).
  '_price',
  '_regular_price',
  '_sale_price',
  '_sku',
  '_stock_status',
  '_product_attributes',
  // SEO plugins' "no index" and meta description (see seo.ts).
  ...SEO_META_KEYS,
])

/** What the reader hands over as it goes; items arrive one by one, so the caller decides what to keep. */
export interface WxrSink {
  /** The channel, once it ends (after its items). */
  channel(channel: WxrChannel): void
  /** The channel's `<language>`, as soon as it is read (before the items, which a slug made from a title needs it for). */
  language?(language: string): void
  author(author: WxrAuthor): void
  term(term: WxrTerm): void
  item(item: WxrItem): void
  warning(message: string, file: string, line: number): void
}

// Leaf elements read in each record, `ns:local` -> field; anything else is streamed past without building its text.
const CHANNEL_FIELDS: Record<string, keyof WxrChannel> = {
  ':title': 'title', ':link': 'link', ':description': 'description', ':language': 'language', ':generator': 'generator',
  ':pubDate': 'pubDate', 'wp:wxr_version': 'wxrVersion', 'wp:base_site_url': 'baseSiteUrl', 'wp:base_blog_url': 'baseBlogUrl',
}
const AUTHOR_FIELDS: Record<string, keyof WxrAuthor> = {
  'wp:author_login': 'login', 'wp:author_display_name': 'displayName', 'wp:author_first_name': 'firstName', 'wp:author_last_name': 'lastName',
}
const TERM_FIELDS: Record<string, keyof WxrTerm> = {
  'wp:term_id': 'termId', 'wp:category_nicename': 'slug', 'wp:category_parent': 'parent', 'wp:cat_name': 'name',
  'wp:category_description': 'description', 'wp:tag_slug': 'slug', 'wp:tag_name': 'name', 'wp:tag_description': 'description',
  'wp:term_taxonomy': 'taxonomy', 'wp:term_slug': 'slug', 'wp:term_parent': 'parent', 'wp:term_name': 'name', 'wp:term_description': 'description',
}
const ITEM_FIELDS: Record<string, keyof WxrItem | 'category'> = {
  ':title': 'title', ':link': 'link', ':guid': 'guid', ':pubDate': 'pubDate', 'dc:creator': 'creator', 'content:encoded': 'content',
  'excerpt:encoded': 'excerpt', 'wp:post_id': 'postId', 'wp:post_date': 'postDate', 'wp:post_date_gmt': 'postDateGmt',
  'wp:post_modified': 'postModified', 'wp:post_modified_gmt': 'postModifiedGmt', 'wp:comment_status': 'commentStatus',
  'wp:post_name': 'postName', 'wp:status': 'status', 'wp:post_parent': 'postParent', 'wp:menu_order': 'menuOrder',
  'wp:post_type': 'postType', 'wp:post_password': 'password', 'wp:is_sticky': 'isSticky', 'wp:attachment_url': 'attachmentUrl',
  ':category': 'category',
}
const META_FIELDS: Record<string, 'key' | 'value'> = { 'wp:meta_key': 'key', 'wp:meta_value': 'value' }
const COMMENT_FIELDS: Record<string, 'approved'> = { 'wp:comment_approved': 'approved' }
const TERM_ELEMENTS: Record<string, string> = { 'wp:category': 'category', 'wp:tag': 'post_tag', 'wp:term': '' }

const blankChannel = (): WxrChannel => ({
  title: '', link: '', description: '', language: '', wxrVersion: '', baseSiteUrl: '', baseBlogUrl: '', generator: '', pubDate: '',
})
const blankItem = (file: string, line: number): WxrItem => ({
  file, line, postId: 0, title: '', link: '', guid: '', pubDate: '', creator: '', content: '', excerpt: '', postDate: '',
  postDateGmt: '', postModified: '', postModifiedGmt: '', commentStatus: '', postName: '', status: '', postParent: 0,
  menuOrder: 0, postType: '', password: '', isSticky: false, attachmentUrl: '', terms: [], meta: {}, oldSlugs: [],
  comments: 0, approvedComments: 0, customFields: 0,
})

const toInt = (s: string): number => {
  const t = s.trim()
  return /^-?\d{1,15}$/.test(t) ? Number(t) : 0
}

/** An item's body as text. */
export function bodyText(item: WxrItem): string {
  return item.contentBytes === undefined ? item.content : item.contentBytes.toString('utf8')
}

// A record being read: the leaf fields it reads, what a finished leaf does to it, and what its end does.
type WxrRecord = { fields: Record<string, string>; set(field: string, value: string | Buffer, attributes: Record<string, string>): void; done(): void }

/**
 * Reads one WXR file (any version, `http://` or `https://` namespaces) and hands channel facts, authors, terms and
 * items to `sink` as each one ends, holding at most one item at a time.
 * @example
 * await readWxr(cleanBytes(bytes, 'export.xml', onIssue), 'export.xml', sink)
 */
export async function readWxr(source: AsyncIterable<CleanChunk>, file: string, sink: WxrSink): Promise<{ sawWxr: boolean }> {
  const reader = new WxrReader(file, sink)
  await readXml(source, file, reader, (message, line) => sink.warning(message, file, line))
  return { sawWxr: reader.sawWxr }
}

/** The records of WXR, by where they open: the channel, and in it authors, terms and items, and in items postmeta and comments. */
class WxrReader implements XmlHandler {
  sawWxr = false
  // One entry per open element: the record it opened, or (for any other element) undefined.
  readonly #records: Array<WxrRecord | undefined> = []
  #item: WxrItem | undefined
  // The leaf being read: its field, where it is, the record it belongs to, and its text so far. Markup inside it
  // (never written by WordPress) is skipped, and its text joins the leaf.
  #leaf: { field: string; depth: number; record: WxrRecord; attributes: Record<string, string> } | undefined
  // Its text so far: nearly always one piece (a CDATA section, or text between two tags), rarely more.
  #piece: string | Buffer | undefined
  #morePieces: Array<string | Buffer> = []
  #length = 0
  readonly #terms = new SharedTerms()

  constructor(
    readonly file: string,
    readonly sink: WxrSink,
  ) {}

  wantsText(): boolean {
    return this.#leaf !== undefined
  }

  wantsBytes(): boolean {
    return this.#leaf?.field === 'content'
  }

  open(name: ElementName, attributes: Record<string, string>, at: XmlPosition): void {
    const records = this.#records
    if (this.#leaf !== undefined) {
      records.push(undefined)
      return
    }
    if (name.ns === 'wp') this.sawWxr = true
    const parent = records.at(-1)
    const record = this.#recordFor(name, records.length + 1, parent, at)
    records.push(record)
    const field = parent?.fields[name.key]
    if (record === undefined && parent !== undefined && field !== undefined) {
      this.#leaf = { field, depth: records.length, record: parent, attributes }
      this.#length = 0
    }
  }

  text(piece: string | Buffer): void {
    if (this.#piece === undefined) this.#piece = piece
    else this.#morePieces.push(piece)
    this.#length += piece.length
    if (this.#length > LIMITS.maxElementTextUnits) {
      throw new PreviewDataError('too_long', `${this.file}: an element's text exceeds ${LIMITS.maxElementTextUnits} characters; refusing to hold it.`)
    }
  }

  bytes(piece: Buffer): void {
    this.text(piece)
  }

  close(): void {
    const leaf = this.#leaf
    if (leaf !== undefined && leaf.depth === this.#records.length) {
      const more = this.#morePieces
      leaf.record.set(leaf.field, more.length === 0 ? (this.#piece ?? '') : joined([this.#piece as string | Buffer, ...more]), leaf.attributes)
      this.#leaf = undefined
      this.#piece = undefined
      if (more.length > 0) this.#morePieces = []
    }
    const record = this.#records.pop()
    if (record === undefined) return
    record.done()
    if (record.fields === ITEM_FIELDS) this.#item = undefined
  }

  /** The record an element at `depth` opens, under `parent`, if it opens one. */
  #recordFor(name: ElementName, depth: number, parent: WxrRecord | undefined, at: XmlPosition): WxrRecord | undefined {
    if (depth === 2 && name.key === ':channel') return channelRecord(this.sink)
    if (depth === 3 && parent?.fields === CHANNEL_FIELDS) {
      if (name.key === ':item') return itemRecord((this.#item = blankItem(this.file, at.line())), this.sink, this.#terms)
      if (name.key === 'wp:author') return authorRecord(this.sink)
      const taxonomy = TERM_ELEMENTS[name.key]
      if (taxonomy !== undefined) return termRecord(taxonomy, this.sink)
    }
    if (depth === 4 && parent?.fields === ITEM_FIELDS && this.#item !== undefined) {
      if (name.key === 'wp:postmeta') return new MetaRecord(this.#item)
      if (name.key === 'wp:comment') return new CommentRecord(this.#item)
    }
    return undefined
  }
}

/** A leaf's value from its pieces: its CDATA sections' bytes, as they are, or its text. */
function joined(pieces: ReadonlyArray<string | Buffer>): string | Buffer {
  if (pieces.every((p) => typeof p !== 'string')) return Buffer.concat(pieces as Buffer[])
  return pieces.map((p) => (typeof p === 'string' ? p : p.toString('utf8'))).join('')
}

function channelRecord(sink: WxrSink): WxrRecord {
  const channel = blankChannel()
  const set = (field: string, value: string | Buffer) => {
    channel[field as keyof WxrChannel] = String(value).trim()
    if (field === 'language') sink.language?.(channel.language)
  }
  return { fields: CHANNEL_FIELDS, set, done: () => sink.channel(channel) }
}

function authorRecord(sink: WxrSink): WxrRecord {
  const author: WxrAuthor = { login: '', displayName: '', firstName: '', lastName: '' }
  return { fields: AUTHOR_FIELDS, set: (field, value) => (author[field as keyof WxrAuthor] = String(value).trim()), done: () => sink.author(author) }
}

function termRecord(taxonomy: string, sink: WxrSink): WxrRecord {
  const term: WxrTerm = { taxonomy, termId: 0, slug: '', name: '', parent: '', description: '' }
  return {
    fields: TERM_FIELDS,
    set: (field, value) => {
      if (field === 'termId') term.termId = toInt(String(value))
      else (term as unknown as Record<string, string>)[field] = String(value).trim()
    },
    done: () => sink.term(term),
  }
}

function itemRecord(item: WxrItem, sink: WxrSink, terms: SharedTerms): WxrRecord {
  return {
    fields: ITEM_FIELDS,
    set: (field, value, attributes) => {
      if (typeof value !== 'string') item.contentBytes = value
      else if (field === 'postId' || field === 'postParent' || field === 'menuOrder') item[field] = toInt(value)
      else if (field === 'isSticky') item.isSticky = value.trim() === '1'
      else if (field === 'category') item.terms.push(terms.get(termDomain(attributes.domain), attributes.nicename ?? '', value.trim()))
      else if (field === 'content' || field === 'excerpt') item[field] = value
      else (item as unknown as Record<string, string>)[field] = value.trim()
    },
    done: () => {
      if (item.terms.some((t) => t.nicename === '')) item.terms = withoutRssDuplicates(item.terms)
      sink.item(item)
    },
  }
}

/** WordPress 2.x and 3.0 exports name tags `tag`, which WordPress's importer reads as `post_tag`. */
function termDomain(domain: string | undefined): string {
  return domain === 'tag' ? 'post_tag' : (domain ?? '')
}

/**
 * An item's terms without the plain RSS ones that exports before WordPress 3.1 write beside each term
 * (`<category>Name</category>`, `<category domain="tag">Name</category>`, then the same with its `nicename`):
 * WordPress's importer reads only terms with a `nicename`. One without it and without a twin is kept.
 */
function withoutRssDuplicates(list: WxrItemTerm[]): WxrItemTerm[] {
  const named = new Set(list.filter((t) => t.nicename !== '').map((t) => `${t.domain}\u0000${t.name}`))
  const anyDomain = new Set(list.filter((t) => t.nicename !== '').map((t) => t.name))
  return list.filter((t) => t.nicename !== '' || !(t.domain === '' ? anyDomain.has(t.name) : named.has(`${t.domain}\u0000${t.name}`)))
}

// Postmeta and comments come by the hundred thousand: each is one small object (of a class), not a set of closures.

const ACF_FIELD_KEY = /^field_[0-9a-f]{8,}$/

/** A `<wp:postmeta>`: only `KEPT_META` keys are kept, and every `_wp_old_slug`; ACF's fields are counted. */
class MetaRecord implements WxrRecord {
  readonly fields = META_FIELDS
  #key = ''
  #value = ''

  constructor(readonly item: WxrItem) {}

  set(field: string, value: string | Buffer): void {
    if (field === 'key') this.#key = String(value).trim()
    else this.#value = String(value)
  }

  done(): void {
    const { item } = this
    // A variation's attribute values are keys of their own (`attribute_pa_color`).
    if (KEPT_META.has(this.#key) || this.#key.startsWith('attribute_')) item.meta[this.#key] = this.#value
    else if (this.#key === '_wp_old_slug' && this.#value !== '') item.oldSlugs.push(this.#value)
    // ACF keeps each field's key (`field_` and 13 hex digits) under `_` and the field's name, its value under the name.
    else if (this.#key.startsWith('_') && ACF_FIELD_KEY.test(this.#value)) item.customFields++
  }
}

/** A `<wp:comment>`: counted, and counted as approved when it is. */
class CommentRecord implements WxrRecord {
  readonly fields = COMMENT_FIELDS
  #approved = ''

  constructor(readonly item: WxrItem) {}

  set(_field: string, value: string | Buffer): void {
    this.#approved = String(value)
  }

  done(): void {
    this.item.comments++
    if (this.#approved.trim() === '1') this.item.approvedComments++
  }
}

/**
 * Items repeat the same few categories and tags: one shared, frozen object each instead of one per item. Past a bound
 * (a hostile export), each reference is an object of its own, so this stays flat in memory.
 */
class SharedTerms {
  readonly #terms = new Map<string, WxrItemTerm>()

  get(domain: string, nicename: string, name: string): WxrItemTerm {
    const key = `${domain}\u0000${nicename}\u0000${name}`
    let term = this.#terms.get(key)
    if (term === undefined) {
      term = Object.freeze({ domain, nicename, name })
      if (this.#terms.size < LIMITS.maxSharedTerms) this.#terms.set(key, term)
    }
    return term
  }
}
