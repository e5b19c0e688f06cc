import type { BodyPool } from './bodies/pool.js'
import { attachmentSizes, toAttachment, MediaIndex } from './media.js'
import type { ImageUse, MediaRefs } from './media.js'
import { toNavMenuItem } from './menus.js'
import type { NavMenuItem } from './menus.js'
import type { ByteIssue } from './read/decode.js'
import { bodyText } from './read/wxr.js'
import type { WxrAuthor, WxrChannel, WxrItem, WxrSink, WxrTerm } from './read/wxr.js'
import type { ReportBuilder, SkipReason } from './report.js'
import type { DraftPolicy } from '../shared/types.js'
import { elementorBody } from './content/elementor.js'
import { siteOriginBody } from './content/siteorigin.js'
import { withFootnotes } from './content/footnotes.js'
import { withPodcastEpisode } from './content/podcast.js'
import { bodyPages } from './content/render.js'
import { htmlToText } from './content/html.js'
import { VARIATION_TYPE } from './post-types.js'
import type { PostTypeTarget, Variation } from './post-types.js'
import { offsetBetween } from './dates.js'
import { OffsetSamples } from './timezone.js'
import { TermBaseVotes } from './term-bases.js'
import { slugLocale } from './sanitize-title.js'
import { decodeWpSlug } from './slugs.js'
import { fillOldFields } from './item-fields.js'
import { fillDeclaredSlugs, NamedTerms } from './terms.js'
import { LIMITS } from './limits.js'
import { globalStylesCss, globalStylesCustomized, themeOf } from './theme-css.js'
import type { ThemeActivity, ThemeCss } from './theme-css.js'

/** What becomes of items the public could not see: left out (the default), or kept with `status: draft`. */
export type HiddenPolicy = 'skip' | 'draft'

/**
 * A post or page that will be emitted: its body went to the body pool as `body`, where it is rendered. `kind` is what
 * it becomes (a custom post type imported with `--post-type` is a post or a page); `emptyBody` says its body had no
 * text or media (the posts page of a static front page).
 */
export type ContentItem = WxrItem & {
  body: number
  kind: 'post' | 'page'
  emptyBody: boolean
  /** How many pages `<!--nextpage-->` splits the body into on WordPress (1: not split). */
  bodyPages?: number
  /** Whether the id was given here (the export had no usable `wp:post_id`): the old site never knew the item by it. */
  idGiven?: true
  images?: ImageUse[]
  media?: MediaRefs
}

/** What the collector keeps of the whole export: only what will be emitted, plus small skeletons for lookups. */
export interface Collected {
  channels: WxrChannel[]
  authors: Map<string, WxrAuthor>
  terms: WxrTerm[]
  /** Posts and pages that will be emitted (their bodies are in the body pool). */
  posts: ContentItem[]
  pages: ContentItem[]
  /** Every page of the export, whatever its status (`listed`: published, so WordPress's page lists showed it), for hierarchy paths and page lists. */
  pageSkeleton: Map<number, { id: number; parent: number; postName: string; title: string; link: string; menuOrder: number; listed: boolean }>
  /** Every exported item of a custom type imported as pages, whatever its status, for hierarchy paths. */
  typedSkeleton: Map<number, { parent: number; postName: string; title: string; postType: string }>
  /** The WordPress locale slugs are made from titles and names by (`slugLocale`): the first file's `<language>`. */
  slugLocale: string
  media: MediaIndex
  navItems: NavMenuItem[]
  navigations: Array<{ id: number; slug: string; title: string; content: string; date: string; file: string; line: number }>
  reusableBlocks: Map<number, string>
  /** Each theme's own CSS (Additional CSS, a block theme's global styles CSS), and when each theme was last customized. */
  themeCss: ThemeCss[]
  themeActivity: ThemeActivity[]
  /** The published `front-page` templates (wp_template) of block themes, which WordPress shows at the root. */
  frontTemplates: Array<{ theme: string; id: number }>
  offsetCounts: Map<number, number>
  /** WooCommerce variations, by the id of their product, to fold into it. */
  variations: Map<number, Variation[]>
  /** Items by post type that are not imported (`--post-type` imports them). */
  otherTypes: Map<string, number>
  /** Where the old site served published items of those types, by id, for menu items that point at them. */
  otherLinks: Map<number, { type: string; link: string; title: string }>
  /** Offsets items were published with, sampled, to find a daylight-saving time zone. */
  offsets: OffsetSamples
  /** Links to term archives, to find the category and tag bases the site used. */
  termBases: TermBaseVotes
  /**
   * What the bodies that render once the whole export is known (they show galleries or reusable blocks) may show:
   * the attachments their galleries name, the posts whose attachments they show, whether they use reusable blocks, and
   * whether they list posts (query loops, latest posts), and how many wait raw (reusable blocks, blocks built from the
   * site), which share what blocks built from the site may add.
   */
  late: { ids: Set<number>; parents: Set<number>; blocks: boolean; lists: boolean; raw: number }
  itemsRead: number
  comments: number
  approvedComments: number
}

// Site-editor and plugin internals: exported by WordPress, but they are theme configuration, not content.
const SITE_EDITOR_TYPES = new Set([
  'wp_global_styles', 'wp_template', 'wp_template_part', 'customize_changeset', 'oembed_cache', 'user_request',
  'wp_font_family', 'wp_font_face', 'revision', 'scheduled-action', 'wp_area',
])
// Statuses of items the public did not see yet: `--drafts include` keeps them as drafts.
const UNPUBLISHED = new Set(['draft', 'pending', 'future'])

/** Options that decide, item by item, what is kept. */
export interface CollectOptions {
  /** Drafts, pending and future items (default `exclude`). */
  drafts: DraftPolicy
  /** Private items: only logged-in editors saw them (default `skip`). */
  privateItems: HiddenPolicy
  /** Password-protected items: only readers with the password saw them (default `skip`). */
  passwordProtected: HiddenPolicy
  /** Custom post types to import, and as what. */
  postTypes: Readonly<Record<string, PostTypeTarget>>
}

/**
 * Why a post or page is left out, from its status and password and the options, or that it is imported (as a draft,
 * when it was not public and an option keeps it). Nothing the public could not see is published: drafts, pending and
 * future items need `--drafts include`, private ones `--private draft`, password-protected ones
 * `--password-protected draft`, and even then they are drafts.
 * @example
 * contentSkip({ status: 'private', password: '' }, options).reason // 'status_private'
 */
export function contentSkip(item: Pick<WxrItem, 'status' | 'password'>, options: Pick<CollectOptions, 'drafts' | 'privateItems' | 'passwordProtected'>): { reason: SkipReason; detail?: string } | { asDraft: boolean } {
  const status = item.status
  if (status === 'trash') return { reason: 'status_trash' }
  if (status === 'auto-draft') return { reason: 'status_auto_draft' }
  if (status === 'inherit') return { reason: 'status_inherit' }
  if (status === 'private') {
    if (options.privateItems !== 'draft') return { reason: 'status_private', detail: 'only logged-in editors saw it; --private draft keeps it as a draft' }
  } else if (UNPUBLISHED.has(status)) {
    if (options.drafts !== 'include') return { reason: `status_${status}` as SkipReason, detail: `status "${status}"; --drafts include keeps it as a draft` }
  } else if (status !== 'publish') return { reason: 'unknown_status', detail: `status "${status}"` }
  const hidden = status !== 'publish'
  if (item.password === '') return { asDraft: hidden }
  if (options.passwordProtected !== 'draft') return { reason: 'password_protected', detail: 'only readers with its password saw it; --password-protected draft keeps it as a draft' }
  return { asDraft: true }
}

/**
 * A `WxrSink` that keeps only what the payload will need, item by item as the export is read: the bodies of posts and
 * pages that will be emitted go to the body pool (which renders them), attachments too (which reads their metadata)
 * and then to a compact index; menu items, navigation and reusable-block bodies and the custom CSS are kept;
 * everything else is recorded in the report as skipped, with its reason, and dropped at once.
 */
export class Collector implements WxrSink {
  readonly collected: Collected = {
    channels: [], authors: new Map(), terms: [], posts: [], pages: [], pageSkeleton: new Map(), typedSkeleton: new Map(), slugLocale: '', media: new MediaIndex(),
    navItems: [], navigations: [], reusableBlocks: new Map(), themeCss: [], themeActivity: [], frontTemplates: [], offsetCounts: new Map(), variations: new Map(),
    otherTypes: new Map(), otherLinks: new Map(), late: { ids: new Set(), parents: new Set(), blocks: false, lists: false, raw: 0 }, offsets: new OffsetSamples(), termBases: new TermBaseVotes(),
    itemsRead: 0, comments: 0, approvedComments: 0,
  }
  readonly #seenIds = new Set<string>()
  // Term slugs seen so far (declared terms come before items), decoded and in lower case, for TermBaseVotes.
  readonly #termSlugs = { category: new Set<string>(), tag: new Set<string>() }
  // Terms items name without a nicename (WordPress 2.x), and the kept items that name them, resolved by `end`.
  readonly #namedTerms = new NamedTerms()
  readonly #namedItems: ContentItem[] = []

  constructor(
    readonly options: CollectOptions,
    readonly pool: BodyPool,
    readonly report: ReportBuilder,
    readonly onItem?: () => void,
  ) {}

  channel(channel: WxrChannel): void {
    this.collected.channels.push(channel)
  }

  language(language: string): void {
    // The first file's: a channel is kept once it ends, so none yet is the first file's. Slugs are made from names and
    // titles only once the export is read, wherever the element was.
    if (this.collected.channels.length === 0) this.collected.slugLocale = slugLocale([{ language }])
  }

  author(author: WxrAuthor): void {
    if (author.login && !this.collected.authors.has(author.login)) this.collected.authors.set(author.login, author)
  }

  term(term: WxrTerm): void {
    this.collected.terms.push(term)
    if (term.taxonomy === 'category' || term.taxonomy === 'post_tag') this.#termSlugs[term.taxonomy === 'category' ? 'category' : 'tag'].add(decodeWpSlug(term.slug).toLowerCase())
  }

  /**
   * Once every file is read: what needed the whole export. A declared category or tag without a slug gets one, and
   * items' terms named only by name are found among the declared ones, by the locale of the first file's
   * `<language>` and whatever the order of the export's parts (WXR writes both first; other files may not).
   */
  end(): void {
    const c = this.collected
    fillDeclaredSlugs(c.terms, this.report, c.slugLocale)
    this.#namedTerms.settle(c.terms, this.report, c.slugLocale)
    for (const item of this.#namedItems) item.terms = this.#namedTerms.resolve(item.terms)
    this.#namedItems.length = 0
  }

  warning(message: string, file: string, line: number): void {
    this.report.warn({ code: 'invalid_value', path: '', message, file, line })
  }

  item(item: WxrItem): void {
    const c = this.collected
    c.itemsRead++
    this.onItem?.()
    // WordPress.com exports repeat a menu item's id in each menu that shows it; those are distinct items.
    const key = item.postType === 'nav_menu_item' ? `${item.postId}/${item.terms.find((t) => t.domain === 'nav_menu')?.nicename ?? ''}` : String(item.postId)
    if (item.postId > 0 && this.#seenIds.has(key)) return this.#skip(item, 'duplicate_id', 'an earlier item (or file of this split export) has the same post id')
    if (item.postId > 0) this.#seenIds.add(key)
    const offset = offsetBetween(item.postDate, item.postDateGmt)
    if (offset !== undefined) {
      c.offsetCounts.set(offset, (c.offsetCounts.get(offset) ?? 0) + 1)
      c.offsets.add(item.postDate, item.postDateGmt)
    }
    switch (item.postType) {
      case 'post':
      case 'page':
        return this.#content(item, item.postType)
      case 'attachment':
        return this.#attachment(item)
      case 'nav_menu_item': {
        if (item.status !== 'publish') return this.#skip(item, 'menu_item_unpublished')
        const navItem = toNavMenuItem(item)
        if (navItem.url) c.termBases.scan(` href="${navItem.url}"`, this.#termSlugs)
        c.navItems.push(navItem)
        return
      }
      case 'wp_navigation':
        if (item.status !== 'publish') return this.#skip(item, 'menu_item_unpublished')
        c.navigations.push({ id: item.postId, slug: item.postName, title: item.title, content: bodyText(item), date: item.postDateGmt || item.postDate, file: item.file, line: item.line })
        return
      case 'wp_block':
        // WordPress shows a reusable block (a synced pattern) only when it is published without a password
        // (render_block_core_block): a draft, private or protected one shows nothing where a post uses it.
        if (item.status !== 'trash') c.reusableBlocks.set(item.postId, item.status === 'publish' && !item.password ? bodyText(item) : '')
        return this.#skip(item, 'reusable_block', 'inlined where a post uses it')
      case 'custom_css': {
        const css = bodyText(item)
        if (item.status !== 'publish' || css.trim() === '') return this.#skip(item, 'custom_css_inactive')
        return this.#themeCss(item, css)
      }
      case 'wp_global_styles': {
        const json = bodyText(item)
        if (item.status === 'publish' && globalStylesCustomized(json)) {
          const css = globalStylesCss(json)
          if (css.root.trim() !== '' || css.blocks !== '') return this.#themeCss(item, css.root, css.blocks)
          this.#themeCustomized(item)
        }
        return this.#skip(item, 'site_editor_item')
      }
      case 'wp_template':
      case 'wp_template_part':
        if (item.status === 'publish') this.#themeCustomized(item)
        if (item.status === 'publish' && item.postType === 'wp_template' && item.postName === 'front-page') this.collected.frontTemplates.push({ theme: themeOf(item), id: item.postId })
        return this.#skip(item, 'site_editor_item')
      default:
        return this.#other(item)
    }
  }

  /** A theme's own CSS, kept until the active theme is known. */
  #themeCss(item: WxrItem, content: string, blocks?: string): void {
    const { postId: id, title, file, line } = item
    this.collected.themeCss.push({ theme: themeOf(item), postType: item.postType === 'custom_css' ? 'custom_css' : 'wp_global_styles', id, title, content, ...(blocks ? { blocks } : {}), modified: item.postModifiedGmt || item.postModified, file, line })
    this.#themeCustomized(item)
  }

  /** Notes that the user customized the theme an item belongs to (only the active theme can be), and when. */
  #themeCustomized(item: WxrItem): void {
    this.collected.themeActivity.push({ theme: themeOf(item), modified: item.postModifiedGmt || item.postModified, id: item.postId })
  }

  /** A post or page: counted, its place in the page tree kept, and, when it is imported, its body sent to render. */
  #content(item: WxrItem, kind: 'post' | 'page'): void {
    const c = this.collected
    c.comments += item.comments
    c.approvedComments += item.approvedComments
    const named = this.#namedTerms.note(item.terms)
    fillOldFields(item, this.report)
    if (item.postType === 'page') c.pageSkeleton.set(item.postId, { id: item.postId, parent: item.postParent, postName: item.postName, title: item.title, link: item.link, menuOrder: item.menuOrder, listed: item.status === 'publish' })
    else if (kind === 'page') c.typedSkeleton.set(item.postId, { parent: item.postParent, postName: item.postName, title: item.title, postType: item.postType })
    const decision = contentSkip(item, this.options)
    if ('reason' in decision) return this.#skip(item, decision.reason, decision.detail)
    if (decision.asDraft) {
      if (item.password !== '') this.report.fallback('password_protected_as_draft')
      if (item.status === 'private') this.report.fallback('private_as_draft')
      item.status = 'draft'
    }
    if (item.postId <= 0) this.report.fallback('missing_post_id')
    const kept = item as ContentItem
    if (named) this.#namedItems.push(kept)
    // Links in the first bodies show where the site kept its category and tag archives.
    this.collected.termBases.scan(item.contentBytes ?? item.content, this.#termSlugs)
    kept.kind = kind
    this.report.customFields(item.customFields)
    // PowerPress prints no player while post_password_required(), so a password-protected episode kept as a draft has none.
    const episode = item.password === '' ? item.meta.enclosure : undefined
    const raw = withPodcastEpisode(this.#builderBody(item) ?? withFootnotes(item.contentBytes ?? item.content, item.meta.footnotes), episode)
    // Only pages are asked whether they are empty (the posts page of a static front page), and they are few.
    kept.emptyBody = kind === 'page' && isEmptyBody(typeof raw === 'string' ? raw : raw.toString('utf8'))
    // A body split by <!--nextpage--> had more URLs than its own (see mapOldUrls), known before rendering is back.
    const pages = bodyPages(raw)
    if (pages > 1) kept.bodyPages = pages
    kept.body = this.pool.prepareBody(item.postId, raw, (result) => {
      if ('images' in result) kept.images = result.images
      else if ('late' in result) {
        for (const id of result.late.ids) c.late.ids.add(id)
        for (const id of result.late.parents) c.late.parents.add(id)
        c.late.blocks ||= result.late.blocks
        c.late.lists ||= result.late.lists === true
        if (result.late.raw) c.late.raw++
      }
      if (result.media) kept.media = result.media
    })
    item.content = ''
    item.contentBytes = undefined
    delete item.meta.footnotes
    delete item.meta.enclosure
    delete item.meta._elementor_data
    delete item.meta.panels_data
    ;(kind === 'post' ? c.posts : c.pages).push(kept)
  }

  /**
   * The body of a page Elementor or SiteOrigin's Page Builder built whose own body is empty (the builders keep a plain
   * copy there, but not always), from its layout; widgets only the builder draws are counted with the dynamic blocks.
   * Undefined otherwise.
   */
  #builderBody(item: WxrItem): string | undefined {
    const { _elementor_data: elementor, panels_data: panels } = item.meta
    if ((!elementor && !panels) || !isEmptyBody(item.contentBytes ? item.contentBytes.toString('utf8') : item.content)) return undefined
    const [builder, body] = elementor ? ['elementor', elementorBody(elementor)] : ['siteorigin', siteOriginBody(panels)]
    if (!body) return undefined
    for (const [type, n] of Object.entries(body.skipped)) this.report.dynamicBlocks[`${builder}/${type}`] = (this.report.dynamicBlocks[`${builder}/${type}`] ?? 0) + n
    if (body.html.trim() === '') return undefined
    this.report.fallback(`body_from_${builder}_layout`)
    return body.html
  }

  /**
   * An attachment, with the sizes its metadata gives, kept in the media index in export order. Read here, not on the
   * body worker: the URLs planned before rendering is back need every attachment.
   */
  #attachment(item: WxrItem): void {
    const { file, line, postId, postParent, menuOrder, attachmentUrl, guid, link, excerpt, meta } = item
    const sizes = attachmentSizes({ attachmentUrl, guid, meta: { _wp_attachment_metadata: meta._wp_attachment_metadata ?? '' } })
    this.collected.media.add(toAttachment({ file, line, postId, postParent, menuOrder, attachmentUrl, guid, link, excerpt, meta }, sizes))
  }

  /** An item of another post type: imported as the caller asked, folded into its product, or counted and left out. */
  #other(item: WxrItem): void {
    if (SITE_EDITOR_TYPES.has(item.postType)) return this.#skip(item, 'site_editor_item')
    const type = item.postType || '(none)'
    const c = this.collected
    c.otherTypes.set(type, (c.otherTypes.get(type) ?? 0) + 1)
    if (item.status === 'publish' && item.link) c.otherLinks.set(item.postId, { type, link: item.link, title: item.title })
    const target = this.options.postTypes[type]
    if (target) return this.#content(item, target)
    if (type === VARIATION_TYPE && this.options.postTypes.product && item.postParent > 0) {
      const list = c.variations.get(item.postParent) ?? []
      list.push({ id: item.postId, parent: item.postParent, title: item.title, menuOrder: item.menuOrder, status: item.status, meta: item.meta })
      c.variations.set(item.postParent, list)
      return this.#skip(item, 'product_variation', `folded into product ${item.postParent}`)
    }
    this.#skip(item, 'unknown_post_type', `post type "${type}"; --post-type ${type}=post or =page imports it`)
  }

  #skip(item: WxrItem, reason: SkipReason, detail?: string): void {
    const title = item.title.length > 200 ? item.title.slice(0, 200) + '…' : item.title
    this.report.skip({ file: item.file, line: item.line, post_id: item.postId, post_type: item.postType, status: item.status, title, reason, ...(detail ? { detail } : {}) })
  }
}

/** Whether a body shows nothing: no text, image, embed or shortcode once its markup is gone. */
function isEmptyBody(raw: string): boolean {
  return !/<(?:img|iframe|video|audio|object|embed)\b|\[[a-z]/i.test(raw) && htmlToText(raw) === ''
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
