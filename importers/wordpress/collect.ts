import type { BodyPool } from './bodies/pool.js'
import { toAttachment, MediaIndex } from './media.js'
import type { ImageUse } from './media.js'
import type { NavMenuItem } from './menus.js'
import type { ByteIssue } from './read/decode.js'
import type { WxrAuthor, WxrChannel, WxrItem, WxrSink, WxrTerm } from './read/wxr.js'
import type { ReportBuilder, SkipReason } from './report.js'
import { offsetBetween } from './dates.js'
import { LIMITS } from './limits.js'

/** How non-published items are treated: kept as drafts (default) or left out. */
export type StatusPolicy = 'draft' | 'skip'

/** A post or page that will be emitted: its body went to the body pool as `body`, where it is rendered. */
export type ContentItem = WxrItem & { body: number; images?: ImageUse[] }

/** What the collector keeps of the whole export: only what will be emitted, plus small skeletons for lookups. */
export interface Collected {
  channels: WxrChannel[]
  authors: Map<string, WxrAuthor>
  terms: WxrTerm[]
  /** Posts and pages that will be emitted (their bodies are in the body pool). */
  posts: ContentItem[]
  pages: ContentItem[]
  /** Every page of any status (no body), for the hierarchy of paths. */
  pageSkeleton: Map<number, { id: number; parent: number; postName: string; title: string; link: string; terms: WxrItem['terms'] }>
  media: MediaIndex
  navItems: NavMenuItem[]
  navigations: Array<{ id: number; slug: string; title: string; content: string; file: string; line: number }>
  reusableBlocks: Map<number, string>
  customCss: Array<{ id: number; name: string; content: string; modified: string; file: string; line: number; title: string }>
  offsetCounts: Map<number, number>
  itemsRead: number
  comments: number
  approvedComments: number
}

// Site-editor and plugin internals: exported by WordPress, but they are theme configuration, not content.
const SITE_EDITOR_TYPES = new Set([
  'wp_global_styles', 'wp_template', 'wp_template_part', 'customize_changeset', 'oembed_cache', 'user_request',
  'wp_font_family', 'wp_font_face', 'revision', 'scheduled-action', 'wp_area',
])
const NON_PUBLISHED = new Set(['draft', 'pending', 'future', 'private'])

/** Options that decide, item by item, what is kept. */
export interface CollectOptions {
  statusPolicy: StatusPolicy
  passwordProtected: 'skip' | 'draft'
}

/**
 * A `WxrSink` that keeps only what the payload will need, item by item as the export is read: the bodies of posts and
 * pages that will be emitted go to the body pool (which renders them), attachments too (which reads their metadata)
 * and then to a compact index; menu items, navigation and reusable-block bodies and the custom CSS are kept;
 * everything else is recorded in the report as skipped, with its reason, and dropped at once.
 */
export function createCollector(options: CollectOptions, pool: BodyPool, report: ReportBuilder, onItem?: () => void): { sink: WxrSink; collected: Collected } {
  const collected: Collected = {
    channels: [], authors: new Map(), terms: [], posts: [], pages: [], pageSkeleton: new Map(), media: new MediaIndex(),
    navItems: [], navigations: [], reusableBlocks: new Map(), customCss: [], offsetCounts: new Map(), itemsRead: 0,
    comments: 0, approvedComments: 0,
  }
  const seenIds = new Set<string>()

  const skip = (item: WxrItem, reason: SkipReason, detail?: string) =>
    report.skip({
      file: item.file, line: item.line, post_id: item.postId, post_type: item.postType, status: item.status,
      title: item.title.length > 200 ? item.title.slice(0, 200) + '…' : item.title, reason, ...(detail ? { detail } : {}),
    })

  const sink: WxrSink = {
    channel: (c) => collected.channels.push(c),
    author: (a) => {
      if (a.login && !collected.authors.has(a.login)) collected.authors.set(a.login, a)
    },
    term: (t) => collected.terms.push(t),
    warning: (message, file, line) => report.warn({ code: 'invalid_value', path: '', message, file, line }),
    item: (item) => {
      collected.itemsRead++
      onItem?.()
      if (item.postId > 0) {
        // WordPress.com exports repeat a menu item's id in each menu that shows it; those are distinct items.
        const key = item.postType === 'nav_menu_item' ? `${item.postId}/${item.terms.find((t) => t.domain === 'nav_menu')?.nicename ?? ''}` : String(item.postId)
        if (seenIds.has(key)) {
          skip(item, 'duplicate_id', 'an earlier item (or file of this split export) has the same post id')
          return
        }
        seenIds.add(key)
      }
      const offset = offsetBetween(item.postDate, item.postDateGmt)
      if (offset !== undefined) collected.offsetCounts.set(offset, (collected.offsetCounts.get(offset) ?? 0) + 1)
      switch (item.postType) {
        case 'post':
        case 'page':
          return contentItem(item)
        case 'attachment': {
          const { file, line, postId, postParent, menuOrder, attachmentUrl, guid, excerpt, meta } = item
          const attachment = { file, line, postId, postParent, menuOrder, attachmentUrl, guid, excerpt, meta }
          pool.prepare({ attachment }, (result) => {
            if ('sizes' in result) collected.media.add(toAttachment(attachment, result.sizes))
          })
          return
        }
        case 'nav_menu_item': {
          if (item.status !== 'publish') return skip(item, 'menu_item_unpublished')
          const menu = item.terms.find((t) => t.domain === 'nav_menu')
          collected.navItems.push({
            id: item.postId, title: item.title, menu: menu?.nicename ?? '', order: item.menuOrder,
            parent: Number(item.meta._menu_item_menu_item_parent) || 0, type: item.meta._menu_item_type ?? 'custom',
            object: item.meta._menu_item_object ?? '', objectId: Number(item.meta._menu_item_object_id) || 0,
            url: item.meta._menu_item_url ?? '', target: item.meta._menu_item_target ?? '', file: item.file, line: item.line,
          })
          return
        }
        case 'wp_navigation':
          if (item.status !== 'publish') return skip(item, 'menu_item_unpublished')
          collected.navigations.push({ id: item.postId, slug: item.postName, title: item.title, content: item.content, file: item.file, line: item.line })
          return
        case 'wp_block':
          if (item.status !== 'trash') collected.reusableBlocks.set(item.postId, item.content)
          return skip(item, 'reusable_block', 'inlined where a post uses it')
        case 'custom_css':
          if (item.status === 'publish' && item.content.trim() !== '') {
            collected.customCss.push({ id: item.postId, name: item.postName, content: item.content, modified: item.postModifiedGmt || item.postModified, file: item.file, line: item.line, title: item.title })
          } else skip(item, 'custom_css_inactive')
          return
        default:
          if (SITE_EDITOR_TYPES.has(item.postType)) return skip(item, 'site_editor_item')
          report.unknownPostTypes[item.postType || '(none)'] = (report.unknownPostTypes[item.postType || '(none)'] ?? 0) + 1
          return skip(item, 'unknown_post_type')
      }
    },
  }

  function contentItem(item: WxrItem) {
    collected.comments += item.comments
    collected.approvedComments += item.approvedComments
    if (item.postType === 'page') {
      collected.pageSkeleton.set(item.postId, { id: item.postId, parent: item.postParent, postName: item.postName, title: item.title, link: item.link, terms: item.terms })
    }
    const status = item.status
    if (status === 'trash') return skip(item, 'status_trash')
    if (status === 'auto-draft') return skip(item, 'status_auto_draft')
    if (status === 'inherit') return skip(item, 'status_inherit')
    if (status !== 'publish' && !NON_PUBLISHED.has(status)) return skip(item, 'unknown_status', `status "${status}"`)
    if (status !== 'publish' && options.statusPolicy === 'skip') return skip(item, 'status_policy', `status "${status}" with --status-policy skip`)
    if (item.password !== '') {
      if (options.passwordProtected === 'skip') return skip(item, 'password_protected', 'password-protected items are skipped by default')
      item.status = 'draft'
      report.fallback('password_protected_as_draft')
    }
    if (item.postId <= 0) report.fallback('missing_post_id')
    const kept = item as ContentItem
    kept.body = pool.prepare({ body: { postId: item.postId, raw: item.content } }, (result) => {
      if ('images' in result) kept.images = result.images
    })
    item.content = ''
    ;(item.postType === 'post' ? collected.posts : collected.pages).push(kept)
  }

  return { sink, collected }
}

/**
 * Counts a cleaned byte problem and lists the first ones of the export, in file order (files come one after another;
 * within a file, issues may be found out of order).
 */
export function noteByteIssue(report: ReportBuilder, issue: ByteIssue, file: string): void {
  report.byteIssueCount++
  const listed = report.byteIssues
  let at = listed.length
  while (at > 0 && listed[at - 1].file === file && listed[at - 1].byteOffset > issue.byteOffset) at--
  if (at < LIMITS.maxReportedByteIssues) {
    listed.splice(at, 0, { ...issue, file })
    if (listed.length > LIMITS.maxReportedByteIssues) listed.pop()
  }
}
