import { PreviewDataError } from '../../../src/index.js'
import { LIMITS } from '../limits.js'
import type { CleanChunk } from './decode.js'
import { readXml } from './xml.js'
import type { ElementName, XmlHandler, XmlPosition } from './xml.js'

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
}

/** Postmeta keys the importer reads; everything else is skipped while streaming so it is never held. */
export const KEPT_META = new Set([
  '_thumbnail_id',
  '_wp_attachment_metadata',
  '_wp_attached_file',
  '_wp_attachment_image_alt',
  '_menu_item_type',
  '_menu_item_object',
  '_menu_item_object_id',
  '_menu_item_url',
  '_menu_item_menu_item_parent',
  '_menu_item_target',
])

/** What the reader hands over as it goes; items arrive one by one, so the caller decides what to keep. */
export interface WxrSink {
  channel(channel: WxrChannel): void
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
  comments: 0, approvedComments: 0,
})

const toInt = (s: string): number => {
  const t = s.trim()
  return /^-?\d{1,15}$/.test(t) ? Number(t) : 0
}

// A record being read: which one, the leaf fields it reads, and what a finished leaf does to it.
type Record_ = { fields: Record<string, string>; set(field: string, value: string, attributes: Record<string, string>): void; done(): void }

/**
 * Reads one WXR file (any version, `http://` or `https://` namespaces) and hands channel facts, authors, terms and
 * items to `sink` as each one ends, holding at most one item at a time.
 * @example
 * await readWxr(cleanBytes(bytes, 'export.xml', onIssue), 'export.xml', sink)
 */
export async function readWxr(source: AsyncIterable<CleanChunk>, file: string, sink: WxrSink): Promise<{ sawWxr: boolean }> {
  let sawWxr = false
  // Items repeat the same few categories and tags: one shared, frozen object each instead of one per item.
  const sharedTerms = new Map<string, WxrItemTerm>()
  const sharedTerm = (domain: string, nicename: string, name: string): WxrItemTerm => {
    const key = `${domain}\u0000${nicename}\u0000${name}`
    let term = sharedTerms.get(key)
    if (term === undefined) {
      term = Object.freeze({ domain, nicename, name })
      // Past a bound (a hostile export), each reference is its own object, so this stays flat in memory.
      if (sharedTerms.size < LIMITS.maxSharedTerms) sharedTerms.set(key, term)
    }
    return term
  }

  const channelRecord = (channel: WxrChannel): Record_ => ({
    fields: CHANNEL_FIELDS,
    set: (field, value) => (channel[field as keyof WxrChannel] = value.trim()),
    done: () => sink.channel(channel),
  })
  const authorRecord = (): Record_ => {
    const author: WxrAuthor = { login: '', displayName: '', firstName: '', lastName: '' }
    return { fields: AUTHOR_FIELDS, set: (field, value) => (author[field as keyof WxrAuthor] = value.trim()), done: () => sink.author(author) }
  }
  const termRecord = (taxonomy: string): Record_ => {
    const term: WxrTerm = { taxonomy, termId: 0, slug: '', name: '', parent: '', description: '' }
    return {
      fields: TERM_FIELDS,
      set: (field, value) => {
        if (field === 'termId') term.termId = toInt(value)
        else (term as unknown as Record<string, string>)[field] = value.trim()
      },
      done: () => sink.term(term),
    }
  }
  const itemRecord = (item: WxrItem): Record_ => ({ fields: ITEM_FIELDS, set: (field, value, attributes) => setItemField(item, field, value, attributes), done: () => sink.item(item) })
  const setItemField = (item: WxrItem, field: string, value: string, attributes: Record<string, string>) => {
    switch (field) {
      case 'postId':
      case 'postParent':
      case 'menuOrder':
        item[field] = toInt(value)
        return
      case 'isSticky':
        item.isSticky = value.trim() === '1'
        return
      case 'category':
        item.terms.push(sharedTerm(attributes.domain ?? '', attributes.nicename ?? '', value.trim()))
        return
      case 'content':
      case 'excerpt':
        item[field] = value
        return
      default:
        ;(item as unknown as Record<string, string>)[field] = value.trim()
    }
  }
  const metaRecord = (item: WxrItem): Record_ => {
    const meta = { key: '', value: '' }
    return {
      fields: META_FIELDS,
      set: (field, value) => (field === 'key' ? (meta.key = value.trim()) : (meta.value = value)),
      done: () => {
        if (KEPT_META.has(meta.key)) item.meta[meta.key] = meta.value
        else if (meta.key === '_wp_old_slug' && meta.value !== '') item.oldSlugs.push(meta.value)
      },
    }
  }
  const commentRecord = (item: WxrItem): Record_ => {
    let approved = ''
    return {
      fields: COMMENT_FIELDS,
      set: (_field, value) => (approved = value),
      done: () => {
        item.comments++
        if (approved.trim() === '1') item.approvedComments++
      },
    }
  }

  // One entry per open element: the record it opened, or (for any other element) undefined.
  const records: Array<Record_ | undefined> = []
  let depth = 0
  let item: WxrItem | undefined
  // The leaf being read: its field, where it is (`depth`), the record it belongs to, and its text so far. Markup
  // inside it (never written by WordPress) is skipped, and its text joins the leaf.
  let leaf: { field: string; depth: number; record: Record_; attributes: Record<string, string> } | undefined
  let text = ''

  /** The record an element opens at this place, if it opens one. */
  const recordFor = (name: ElementName, at: XmlPosition): Record_ | undefined => {
    const parent = records[depth - 2]
    if (depth === 2 && name.key === ':channel') return channelRecord(blankChannel())
    if (depth !== 3 && depth !== 4) return undefined
    if (depth === 3 && parent?.fields === CHANNEL_FIELDS) {
      if (name.key === ':item') return itemRecord((item = blankItem(file, at.line())))
      if (name.key === 'wp:author') return authorRecord()
      const taxonomy = TERM_ELEMENTS[name.key]
      if (taxonomy !== undefined) return termRecord(taxonomy)
    }
    if (depth === 4 && parent?.fields === ITEM_FIELDS && item !== undefined) {
      if (name.key === 'wp:postmeta') return metaRecord(item)
      if (name.key === 'wp:comment') return commentRecord(item)
    }
    return undefined
  }

  const handler: XmlHandler = {
    wantsText: () => leaf !== undefined,
    open(name, attributes, at) {
      depth++
      if (leaf !== undefined) {
        records.push(undefined)
        return
      }
      if (name.ns === 'wp') sawWxr = true
      const record = recordFor(name, at)
      records.push(record)
      const parent = records[depth - 2]
      const field = parent?.fields[name.key]
      if (record === undefined && parent !== undefined && field !== undefined) {
        leaf = { field, depth, record: parent, attributes }
        text = ''
      }
    },
    text(piece) {
      text += piece
      if (text.length > LIMITS.maxElementTextUnits) {
        throw new PreviewDataError('too_long', `${file}: an element's text exceeds ${LIMITS.maxElementTextUnits} characters; refusing to hold it.`)
      }
    },
    close() {
      if (leaf !== undefined && leaf.depth === depth) {
        leaf.record.set(leaf.field, text, leaf.attributes)
        leaf = undefined
        text = ''
      }
      const record = records.pop()
      depth--
      if (record !== undefined) {
        record.done()
        if (record.fields === ITEM_FIELDS) item = undefined
      }
    },
  }

  await readXml(source, file, handler, (message, line) => sink.warning(message, file, line))
  return { sawWxr }
}
