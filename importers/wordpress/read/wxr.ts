import { PreviewDataError } from '../../src/index.js'
import { LIMITS } from './limits.js'
import type { ImageUse } from './media.js'
import { streamXml } from './xml-stream.js'
import type { ByteIssue, Namespace, XmlHandler } from './xml-stream.js'

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

/** One `<item>` with the fields the importer uses; postmeta is limited to `KEPT_META` keys. */
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
  /** Set once `content` holds rendered HTML instead of the raw body. */
  rendered: boolean
  /** Plain text before `<!--more-->`, kept when the body is rendered early. */
  moreText?: string
  /** The `BodySpool` id of the rendered body, when it waits on disk (`content` is then empty). */
  spooled?: number
  /** The images the rendered body shows (`imageSources`), found when it was rendered early. */
  images?: ImageUse[]
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

/** What the reader hands over as it goes; items arrive one by one so the caller decides what to keep. */
export interface WxrSink {
  channel(channel: WxrChannel): void
  author(author: WxrAuthor): void
  term(term: WxrTerm): void
  item(item: WxrItem): void
  byteIssue(issue: ByteIssue, file: string): void
  warning(message: string, file: string, line: number): void
}

type Context = 'outside' | 'rss' | 'channel' | 'author' | 'category' | 'tag' | 'term' | 'item' | 'postmeta' | 'comment' | 'skip'

const blankChannel = (): WxrChannel => ({
  title: '', link: '', description: '', language: '', wxrVersion: '', baseSiteUrl: '', baseBlogUrl: '', generator: '', pubDate: '',
})

const blankItem = (file: string, line: number): WxrItem => ({
  file, line, postId: 0, title: '', link: '', guid: '', pubDate: '', creator: '', content: '', excerpt: '', postDate: '',
  postDateGmt: '', postModified: '', postModifiedGmt: '', commentStatus: '', postName: '', status: '', postParent: 0,
  menuOrder: 0, postType: '', password: '', isSticky: false, attachmentUrl: '', terms: [], meta: {}, oldSlugs: [],
  comments: 0, approvedComments: 0, rendered: false,
})

// Leaf elements read per context: `ns:local` -> field. Anything not listed is streamed past without building text.
const CHANNEL_FIELDS: Record<string, keyof WxrChannel> = {
  ':title': 'title', ':link': 'link', ':description': 'description', ':language': 'language', ':generator': 'generator',
  ':pubDate': 'pubDate', 'wp:wxr_version': 'wxrVersion', 'wp:base_site_url': 'baseSiteUrl', 'wp:base_blog_url': 'baseBlogUrl',
}
const AUTHOR_FIELDS: Record<string, keyof WxrAuthor> = {
  'wp:author_login': 'login', 'wp:author_display_name': 'displayName', 'wp:author_first_name': 'firstName', 'wp:author_last_name': 'lastName',
}
const TERM_FIELDS: Record<string, keyof WxrTerm | 'termIdText'> = {
  'wp:term_id': 'termIdText', 'wp:category_nicename': 'slug', 'wp:category_parent': 'parent', 'wp:cat_name': 'name',
  'wp:category_description': 'description', 'wp:tag_slug': 'slug', 'wp:tag_name': 'name', 'wp:tag_description': 'description',
  'wp:term_taxonomy': 'taxonomy', 'wp:term_slug': 'slug', 'wp:term_parent': 'parent', 'wp:term_name': 'name', 'wp:term_description': 'description',
}
type ItemTextField = 'title' | 'link' | 'guid' | 'pubDate' | 'creator' | 'content' | 'excerpt' | 'postDate' | 'postDateGmt' | 'postModified' |
  'postModifiedGmt' | 'commentStatus' | 'postName' | 'status' | 'postType' | 'password' | 'attachmentUrl'
const ITEM_FIELDS: Record<string, ItemTextField | 'postIdText' | 'postParentText' | 'menuOrderText' | 'stickyText' | 'category'> = {
  ':title': 'title', ':link': 'link', ':guid': 'guid', ':pubDate': 'pubDate', 'dc:creator': 'creator', 'content:encoded': 'content',
  'excerpt:encoded': 'excerpt', 'wp:post_id': 'postIdText', 'wp:post_date': 'postDate', 'wp:post_date_gmt': 'postDateGmt',
  'wp:post_modified': 'postModified', 'wp:post_modified_gmt': 'postModifiedGmt', 'wp:comment_status': 'commentStatus',
  'wp:post_name': 'postName', 'wp:status': 'status', 'wp:post_parent': 'postParentText', 'wp:menu_order': 'menuOrderText',
  'wp:post_type': 'postType', 'wp:post_password': 'password', 'wp:is_sticky': 'stickyText', 'wp:attachment_url': 'attachmentUrl',
  ':category': 'category',
}

const toInt = (s: string): number => {
  const t = s.trim()
  return /^-?\d{1,15}$/.test(t) ? Number(t) : 0
}

/**
 * Reads one WXR file (any version, `http://` or `https://` namespaces) and hands channel facts, authors, terms and
 * items to `sink` as they complete, holding at most one item at a time.
 * @example
 * await readWxr(createReadStream('export.xml'), 'export.xml', sink)
 */
export async function readWxr(source: AsyncIterable<Uint8Array | string>, file: string, sink: WxrSink): Promise<{ sawWxr: boolean }> {
  const stack: Context[] = []
  let context: Context = 'outside'
  let channel = blankChannel()
  let author: WxrAuthor | undefined
  let term: (WxrTerm & { termIdText?: string }) | undefined
  let item: WxrItem | undefined
  let metaKey = ''
  let metaValue = ''
  let commentApproved = ''
  let field = ''
  let capturing = false
  let text = ''
  let categoryAttrs: Record<string, string> = {}
  let sawWxr = false
  // Items repeat the same few categories and tags: one shared, frozen object each instead of one per item.
  const termCache = new Map<string, WxrItemTerm[]>()
  const sharedTerm = (domain: string, nicename: string, name: string): WxrItemTerm => {
    let list = termCache.get(nicename)
    if (list === undefined) termCache.set(nicename, (list = []))
    for (const term of list) if (term.domain === domain && term.name === name) return term
    const term = Object.freeze({ domain, nicename, name })
    // A few variants per slug are shared; past that (a hostile export) each is its own object, so this stays linear.
    if (list.length < 8) list.push(term)
    return term
  }

  const handler: XmlHandler = {
    wantsText: () => capturing,
    open(ns: Namespace, local: string, attributes: Record<string, string>, line: number, qualified?: string) {
      stack.push(context)
      if (capturing) {
        // Markup inside a leaf we read (never written by WordPress) is skipped; its text still joins the leaf.
        context = 'skip'
        return
      }
      const key = qualified ?? ns + ':' + local
      if (ns === 'wp') sawWxr = true
      switch (context) {
        case 'outside':
          context = local === 'rss' ? 'rss' : 'skip'
          return
        case 'rss':
          context = local === 'channel' && ns === '' ? 'channel' : 'skip'
          if (context === 'channel') channel = blankChannel()
          return
        case 'channel':
          if (ns === '' && local === 'item') {
            item = blankItem(file, line)
            context = 'item'
          } else if (key === 'wp:author') {
            author = { login: '', displayName: '', firstName: '', lastName: '' }
            context = 'author'
          } else if (key === 'wp:category' || key === 'wp:tag' || key === 'wp:term') {
            term = { taxonomy: local === 'category' ? 'category' : local === 'tag' ? 'post_tag' : '', termId: 0, slug: '', name: '', parent: '', description: '' }
            context = local === 'term' ? 'term' : local === 'category' ? 'category' : 'tag'
          } else {
            startLeaf(CHANNEL_FIELDS[key])
            context = 'skip'
          }
          return
        case 'author':
          startLeaf(AUTHOR_FIELDS[key])
          context = 'skip'
          return
        case 'category':
        case 'tag':
        case 'term':
          startLeaf(TERM_FIELDS[key])
          context = 'skip'
          return
        case 'item':
          if (key === 'wp:postmeta') {
            metaKey = metaValue = ''
            context = 'postmeta'
            return
          }
          if (key === 'wp:comment') {
            commentApproved = ''
            context = 'comment'
            return
          }
          if (key === ':category') categoryAttrs = attributes
          startLeaf(ITEM_FIELDS[key])
          context = 'skip'
          return
        case 'postmeta':
          startLeaf(key === 'wp:meta_key' ? 'metaKey' : key === 'wp:meta_value' ? 'metaValue' : undefined)
          context = 'skip'
          return
        case 'comment':
          startLeaf(key === 'wp:comment_approved' ? 'commentApproved' : undefined)
          context = 'skip'
          return
        default:
          context = 'skip'
      }
    },
    text(t: string) {
      if (!capturing) return
      text += t
      if (text.length > LIMITS.maxElementTextUnits) {
        throw new PreviewDataError('too_long', `${file}: an element's text exceeds ${LIMITS.maxElementTextUnits} characters; refusing to hold it.`)
      }
    },
    close() {
      const parent = stack[stack.length - 1]
      if (capturing && parent !== 'skip') endLeaf(parent)
      const ended = context
      context = stack.pop() ?? 'outside'
      switch (ended) {
        case 'channel':
          sink.channel(channel)
          return
        case 'author':
          if (author) sink.author(author)
          author = undefined
          return
        case 'category':
        case 'tag':
        case 'term':
          if (term) {
            term.termId = toInt(term.termIdText ?? '')
            delete term.termIdText
            sink.term(term)
          }
          term = undefined
          return
        case 'postmeta':
          if (item && KEPT_META.has(metaKey)) item.meta[metaKey] = metaValue
          else if (item && metaKey === '_wp_old_slug' && metaValue !== '') item.oldSlugs.push(metaValue)
          return
        case 'comment':
          if (item) {
            item.comments++
            if (commentApproved.trim() === '1') item.approvedComments++
          }
          return
        case 'item':
          if (item) sink.item(item)
          item = undefined
          return
        default:
      }
    },
  }

  function startLeaf(name: string | undefined) {
    if (name === undefined) return
    field = name
    capturing = true
    text = ''
  }

  function endLeaf(context: Context) {
    capturing = false
    const value = text
    text = ''
    switch (context) {
      case 'channel':
        channel[field as keyof WxrChannel] = value.trim()
        return
      case 'author':
        if (author) author[field as keyof WxrAuthor] = value.trim()
        return
      case 'category':
      case 'tag':
      case 'term':
        if (term) (term as unknown as Record<string, string>)[field] = value.trim()
        return
      case 'postmeta':
        if (field === 'metaKey') metaKey = value.trim()
        else metaValue = value
        return
      case 'comment':
        commentApproved = value
        return
      case 'item':
        if (!item) return
        switch (field) {
          case 'postIdText':
            item.postId = toInt(value)
            return
          case 'postParentText':
            item.postParent = toInt(value)
            return
          case 'menuOrderText':
            item.menuOrder = toInt(value)
            return
          case 'stickyText':
            item.isSticky = value.trim() === '1'
            return
          case 'category':
            item.terms.push(sharedTerm(categoryAttrs.domain ?? '', categoryAttrs.nicename ?? '', value.trim()))
            return
          case 'content':
          case 'excerpt':
            item[field] = value
            return
          default:
            item[field as ItemTextField] = value.trim()
        }
        return
      default:
    }
  }

  await streamXml(source, handler, {
    file,
    onByteIssue: (issue) => sink.byteIssue(issue, file),
    onWarning: (message, line) => sink.warning(message, file, line),
  })
  return { sawWxr }
}
