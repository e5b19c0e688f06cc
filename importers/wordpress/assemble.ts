import { checkUrl, createPreviewData, PreviewDataError } from '../../src/index.js'
import type { IssueCode, MenuItemInput, PageInput, PostInput, PreviewData, Site } from '../../src/index.js'
import type { KeptBodies } from './bodies/payload-json.js'
import type { Finished } from './bodies/work.js'
import type { Collected, ContentItem } from './collect.js'
import { decodeEntities } from './content/html.js'
import { resolveItemDates } from './dates.js'
import { languageOf } from './item-fields.js'
import { samePath } from './old-urls.js'
import type { LinkIndex } from './links.js'
import { MediaUse } from './media-use.js'
import { oldSiteTargets } from './menu-old-urls.js'
import { buildMenus } from './menus.js'
import type { MenuSpec, MenuTargets } from './menus.js'
import type { HomeFile } from './media-home.js'
import { productData } from './post-types.js'
import { assignMenuIds } from './primary-menu.js'
import type { MenuIds } from './primary-menu.js'
import type { PagePlan } from './pages.js'
import type { PostPlan } from './posts.js'
import type { WxrAuthor } from './read/wxr.js'
import { compareCodeUnits } from '../../src/compare.js'
import type { ImportCounts, ReportBuilder, SkipReason } from './report.js'
import type { SitePlan } from './site.js'
import { listedPages } from './site-blocks.js'
import { decodeWpSlug } from './slugs.js'
import { termSlugs } from './terms.js'
import { chooseThemeCss, themeStylesheet } from './theme-css.js'
import type { Taxonomies, Taxonomy } from './terms.js'
import { seoFields } from './seo.js'

type Builder = ReturnType<typeof createPreviewData>

/** Where every item goes, as the plan decided it. */
export type Plan = {
  site: SitePlan
  taxonomies: Taxonomies
  posts: Map<number, PostPlan>
  pages: Map<number, PagePlan>
  links: LinkIndex
  mediaRewrite: (url: string) => string
  /** Media files brought home, by `mediaKey` of their old URL. */
  home?: ReadonlyMap<string, HomeFile>
  /** The static front page and the posts page (whose URL the post index has). */
  front: { front?: PagePlan; postsPage?: PagePlan; postIndexUrl?: string }
  /** Menu ids the caller assigned (`--menu main=primary`). */
  menuIds: Readonly<Record<string, string>>
  /** The old site's media hosts, to count what the payload still loads from them. */
  mediaHosts: ReadonlySet<string>
}

/** How bodies reach the payload: as text, or (for a file) kept aside by kind and id, to be written in place. */
export type BodyOutput = { keep?: KeptBodies }

/**
 * Builds the payload through the builder, which checks every call and the whole: terms, authors, each post and page
 * with its finished body (in plan order, so the first item to show an image decides its media entry), media, menus
 * and custom CSS. A call the builder refuses leaves its item out with a warning; the payload goes on without it.
 */
export async function assemble(c: Collected, plan: Plan, finished: AsyncIterable<Finished>, header: { generator: string; site: Partial<Site> }, report: ReportBuilder, files: string[], output: BodyOutput) {
  // The site as planned: what the export says and the import inferred, the caller's settings over it. The builder
  // takes the front page through a call of its own.
  void header.site
  const { front_page: frontPage, ...site } = plan.site.site
  let builder = createPreviewData({ generator: header.generator, generated_at: plan.site.generatedAt }).site(site)
  if (frontPage) builder = builder.frontPage(frontPage)
  const a = new Assembly(builder, report, files[0] ?? '')
  addTerms(a, plan.taxonomies)
  const authorOf = addAuthors(a, c.authors)
  const media = new MediaUse(c.media, plan.mediaRewrite, (kind) => report.fallback(kind), plan.home, plan.mediaHosts)
  // Posts name the same few terms over and over: each nicename is decoded once.
  const decoded = new Map<string, string>()
  const decode = (raw: string) => decoded.get(raw) ?? (decoded.set(raw, decodeWpSlug(raw)).get(raw) as string)
  const bodies = finished[Symbol.asyncIterator]()
  const nextBody = async (item: ContentItem) => bodyFound(a, media, item, (await bodies.next()).value as Finished)
  for (const p of plan.posts.values()) {
    const body = await nextBody(p.item)
    const image = featuredImage(a, media, c, p.item)
    const author = authorOf(p.item)
    const data = productData(p.item.meta, p.item.terms, c.variations.get(p.item.postId) ?? [])
    a.addItem(p.item, 'post', p.url, (b) => b.post({ ...toPostInput(p, bodyFields('post', p.item, body, output), author, image, plan, decode), ...(data ? { data } : {}) }))
  }
  for (const p of plan.pages.values()) {
    const body = await nextBody(p.item)
    const image = featuredImage(a, media, c, p.item)
    const data = productData(p.item.meta, p.item.terms, c.variations.get(p.item.postId) ?? [])
    a.addItem(p.item, 'page', p.item === plan.front.front?.item ? '/' : p.url, (b) => b.page({ ...toPageInput(p, bodyFields('page', p.item, body, output), image, plan, report), ...(data ? { data } : {}) }))
  }
  if (a.counts.posts + a.counts.pages === 0) throw nothingToImport(c, report, files.join(', '))
  addMedia(a, media, c)
  const menuIds = addMenus(a, c, plan)
  addCustomCss(a, c, media)
  const built = a.builder.tryBuild()
  if (!built.ok) throw PreviewDataError.fromIssues(built.errors, 'The imported payload is not valid')
  return { payload: built.payload, counts: countsOf(built.payload, c, a), menuIds, remoteMedia: media.remote }
}

/** The builder being filled, what it took, and how a refused call is reported. */
class Assembly {
  builder: Builder
  readonly counts = { posts: 0, pages: 0, drafts: 0, menus: 0, linksRewritten: 0 }

  constructor(
    builder: Builder,
    readonly report: ReportBuilder,
    readonly file: string,
  ) {
    this.builder = builder
  }

  warn(code: IssueCode, message: string, where: { file: string; line: number } = { file: this.file, line: 0 }): void {
    this.report.warn({ code, path: '', message, file: where.file, line: where.line })
  }

  /** Makes a builder call; one it refuses is a warning: `what` "could not be imported", and why. */
  add(what: string, call: (b: Builder) => Builder): boolean {
    try {
      this.builder = call(this.builder)
      return true
    } catch (e) {
      this.warn(codeOf(e), `${what} could not be imported: ${messageOf(e)}`)
      return false
    }
  }

  /**
   * Adds a post or page and reports where it went (`url`, and the old URL when it differs); one the builder refuses is
   * skipped with its reason. Then forgets what it no longer needs.
   */
  addItem(item: ContentItem, kind: 'post' | 'page', url: string, call: (b: Builder) => Builder): void {
    try {
      this.builder = call(this.builder)
      this.counts[kind === 'post' ? 'posts' : 'pages']++
      if (item.status !== 'publish') this.counts.drafts++
      const language = item.terms.find((t) => t.domain === 'language')?.nicename
      const old = oldPath(item.link)
      this.report.place({ file: item.file, line: item.line, postId: item.postId }, {
        kind,
        url,
        ...(old !== undefined && !samePath(old, url) ? { old_url: old } : {}),
        status: item.status === 'publish' ? 'published' : 'draft',
        ...(language ? { language } : {}),
      })
    } catch (e) {
      this.report.skip({ file: item.file, line: item.line, post_id: item.postId, post_type: item.postType, status: item.status, title: item.title, reason: 'invalid_item', detail: messageOf(e) })
      this.warn(codeOf(e), `${kind === 'page' ? 'Page' : 'Post'} "${item.title}" (id ${item.postId}) was not imported: ${messageOf(e)}`, item)
    }
    forget(item)
  }
}

function addTerms(a: Assembly, taxonomies: Taxonomies): void {
  for (const taxonomy of ['category', 'post_tag'] as const) {
    for (const t of taxonomies[taxonomy].bySlug.values()) {
      const input = { name: t.name, slug: t.slug, ...(t.description ? { description: t.description } : {}) }
      a.add(`The ${taxonomy === 'category' ? 'category' : 'tag'} "${t.name}"`, (b) => (taxonomy === 'category' ? b.category(input) : b.tag(input)))
    }
  }
}

/** Adds the declared authors; returns what gives an item its author (adding one for a login that has none). */
function addAuthors(a: Assembly, declared: ReadonlyMap<string, WxrAuthor>): (item: ContentItem) => string {
  const ids = new Set<string>()
  for (const author of [...declared.values()].sort((x, y) => compareCodeUnits(x.login, y.login))) {
    const display = decodeEntities(author.displayName) || [author.firstName, author.lastName].map(decodeEntities).filter(Boolean).join(' ') || author.login
    if (a.add(`Author "${author.login}"`, (b) => b.author({ id: author.login, display_name: display }))) ids.add(author.login)
  }
  return (item) => {
    const author = resolveAuthor(item.creator, ids)
    if (author.fallback) a.report.fallback(author.fallback)
    if (author.create !== undefined) {
      a.builder = a.builder.author({ id: author.id, display_name: author.create })
      ids.add(author.id)
    }
    return author.id
  }
}

/**
 * The author id of an item: its `dc:creator` when that login is declared (or is once stray markup is removed, as
 * hand-edited exports have it); else an author made from the login, or `wordpress` when there is none.
 */
function resolveAuthor(creator: string, declared: ReadonlySet<string>): { id: string; create?: string; fallback?: string } {
  const login = creator.trim()
  if (login && declared.has(login)) return { id: login }
  // Hand-edited exports carry stray markup around logins (`themereviewteam>` in the theme unit test data).
  const cleaned = login.replace(/[<>"'\s]/g, '')
  if (cleaned && declared.has(cleaned)) return { id: cleaned, fallback: 'author_login_repaired' }
  const id = login || 'wordpress'
  if (declared.has(id)) return { id, ...(login ? {} : { fallback: 'author_missing' }) }
  return { id, create: login || 'WordPress', fallback: login ? 'author_from_creator' : 'author_missing' }
}

/** Takes in what finishing found of an item's body: the images it shows (used in item order), problems, counts. */
function bodyFound(a: Assembly, media: MediaUse, item: ContentItem, body: Finished): Finished {
  for (const target of body.unresolved) a.report.unresolvedLinks.push({ source: `${item.file}#${item.postId}`, line: item.line, target })
  for (const img of body.late?.images ?? item.images ?? []) media.use(img.src, img)
  for (const id of body.late?.usedAttachments ?? []) media.used.add(id)
  for (const id of body.late?.missingAttachments ?? []) a.warn('unresolved_reference', `A [gallery] names attachment ${id}, which is not in the export; it was left out.`)
  for (const ref of body.late?.missingBlocks ?? []) a.warn('unresolved_reference', `"${item.title}" (id ${item.postId}) uses reusable block ${ref}, which is not in the export; it was left out.`, item)
  a.counts.linksRewritten += body.linksRewritten
  if (body.excerptFromMore) a.report.fallback('excerpt_from_more')
  return body
}

/** An item's `_thumbnail_id` as a media URL, when the export has that attachment and its URL is valid. */
function featuredImage(a: Assembly, media: MediaUse, c: Collected, item: ContentItem): string | undefined {
  const id = Number(item.meta._thumbnail_id)
  if (!Number.isInteger(id) || id <= 0) return undefined
  const att = c.media.get(id)
  if (!att) {
    a.warn('unresolved_reference', `"${item.title}" (id ${item.postId}) has featured image ${id}, which is not in the export; it was left out.`, item)
    return undefined
  }
  const src = media.use(att.url)
  if (src === undefined) a.warn('invalid_url', `"${item.title}" (id ${item.postId}) has featured image "${att.url}", which is not a valid media URL; it was left out.`, item)
  return src
}

/** A body's text for the payload, or (for a file) empty text, the body kept aside to be written in its place. */
function bodyFields(kind: 'post' | 'page', item: ContentItem, body: Finished, output: BodyOutput): { content: string; excerpt: string } {
  if (output.keep === undefined) return { content: body.html as string, excerpt: body.excerpt as string }
  output.keep.keep(kind, item.postId, body)
  return { content: '', excerpt: '' }
}

/** What an SEO plugin wrote that goes to `meta` (see seoFields): `description` and `seo_title`. */
function seoMeta(seo: ReturnType<typeof seoFields>): { description?: string; seo_title?: string } {
  return { ...(seo.description !== undefined ? { description: seo.description } : {}), ...(seo.title !== undefined ? { seo_title: seo.title } : {}) }
}

/** A WordPress post as the builder takes it. */
function toPostInput(p: PostPlan, body: { content: string; excerpt: string }, authorId: string, image: string | undefined, plan: Plan, decode: (raw: string) => string): PostInput {
  const { item } = p
  const lang = languageOf(item, plan.site.basePath)
  const format = item.terms.find((t) => t.domain === 'post_format')?.nicename.replace(/^post-format-/, '')
  const seo = seoFields(item.meta)
  const meta = {
    ...(item.isSticky ? { sticky: true } : {}),
    ...(format ? { post_format: format } : {}),
    ...(lang.lang ? { language: lang.lang } : {}),
    ...(lang.group ? { translation_group: lang.group } : {}),
    ...seoMeta(seo),
  }
  return {
    title: p.title,
    slug: p.slug,
    public_id: item.postId,
    ...body,
    document_type: 'html',
    published_at_iso: p.published,
    updated_at_iso: p.updated,
    author_id: authorId,
    status: item.status === 'publish' ? 'published' : 'draft',
    category_slugs: termSlugs(item, 'category', plan.taxonomies, decode),
    tag_slugs: termSlugs(item, 'post_tag', plan.taxonomies, decode),
    ...(image ? { featured_image: image } : {}),
    ...(Object.keys(meta).length ? { meta } : {}),
    ...(seo.noindex ? { discoverability: 'noindex' as const } : {}),
    ...commentFields(item, 'post', plan.site.site),
  }
}

/** A WordPress page as the builder takes it; it keeps only its modification date, and none when it has no date. */
function toPageInput(p: PagePlan, body: { content: string; excerpt: string }, image: string | undefined, plan: Plan, report: ReportBuilder): PageInput {
  const { item } = p
  const lang = languageOf(item, plan.site.basePath)
  const seo = seoFields(item.meta)
  const meta = { ...(lang.lang ? { language: lang.lang } : {}), ...(lang.group ? { translation_group: lang.group } : {}), ...seoMeta(seo) }
  const dates = resolveItemDates(item, plan.site.clock, plan.site.generatedAt)
  const undated = dates.fallbacks.includes('published_missing')
  if (undated) report.fallback('page_date_missing')
  else for (const f of dates.fallbacks) report.fallback(f)
  return {
    title: p.title,
    slug: p.slug,
    ...(p.path !== undefined ? { path: p.path } : {}),
    public_id: item.postId,
    ...body,
    document_type: 'html',
    status: item.status === 'publish' ? 'published' : 'draft',
    ...(undated ? {} : { updated_at_iso: dates.updated }),
    ...(image ? { featured_image: image } : {}),
    ...(Object.keys(meta).length ? { meta } : {}),
    ...(seo.noindex ? { discoverability: 'noindex' as const } : {}),
    ...commentFields(item, 'page', plan.site.site),
  }
}

function commentFields(item: ContentItem, type: 'post' | 'page', site: Site) {
  const comments = site.comments
  if (comments === undefined || item.commentStatus !== 'open') return {}
  // The token format is the producer's own; the WordPress id keeps the old thread addressable.
  const needsToken = comments.enabled && (comments.provider ?? 'native') === 'native'
  return { allow_comments: true, ...(needsToken ? { comments: { request_token: `wordpress-${type}-${item.postId}` } } : {}) }
}

/** The media entries, then every attachment: where the ones items show went, the others as skipped; they are let go. */
function addMedia(a: Assembly, media: MediaUse, c: Collected): void {
  for (const entry of media.entries()) a.add(`Media "${entry.src}"`, (b) => b.media(entry))
  for (const att of c.media.all()) {
    if (media.used.has(att.id)) a.report.place({ file: att.file, line: att.line, postId: att.id }, { kind: 'media', url: media.urlOf(att.url) })
    else a.report.skip({ file: att.file, line: att.line, post_id: att.id, post_type: 'attachment', status: 'inherit', title: att.url, reason: 'attachment_unused', detail: 'no imported item shows it' })
  }
  // Attachments are a third of what an import holds; nothing reads them after this, and the build needs the room.
  c.media.clear()
  c.reusableBlocks.clear()
}

/**
 * Adds the menus, each under the id a theme finds it by (see `assignMenuIds`: the main navigation is `primary`), and
 * reports every menu item: in its menu, or dropped and why. Returns the ids chosen.
 */
function addMenus(a: Assembly, c: Collected, plan: Plan): MenuIds {
  const skippedBlocks: Record<string, number> = {}
  const dropped = new Map<string, string>()
  const warn = (w: { message: string; file: string; line: number }) => {
    dropped.set(`${w.file}:${w.line}`, w.message)
    a.warn('unresolved_reference', w.message, w)
  }
  // A menu item whose target stays on the old site is kept, and listed with the body links that do the same.
  const onOldSite = (item: { id: number; file: string; line: number }, url: string) => a.report.unresolvedLinks.push({ source: `${item.file}#${item.id}`, line: item.line, target: url })
  const channel = c.channels.find((ch) => ch.link || ch.baseBlogUrl)
  const oldSite = channel ? oldSiteTargets(channel.link || channel.baseBlogUrl, c.otherLinks, c.terms) : undefined
  const menus = buildMenus(c.terms.filter((t) => t.taxonomy === 'nav_menu'), c.navItems, c.navigations, { ...menuTargets(plan, c.pageSkeleton), ...(oldSite ? { oldSite } : {}) }, warn, skippedBlocks, onOldSite)
  for (const [name, n] of Object.entries(skippedBlocks)) a.report.fallback(`navigation_block_skipped_${name}`, n)
  const ids = assignMenuIds(menus.map((m) => ({ slug: m.slug, name: m.name, id: m.id, items: countItems(m.items) })), plan.menuIds)
  for (const slug of ids.unknown) a.warn('unresolved_reference', `--menu names the menu "${slug}", which the export does not have; it was ignored.`)
  const added = new Set<string>()
  for (const m of menus) {
    const id = ids.ids.get(m.slug) ?? m.id
    if (a.add(`Menu "${m.name}"`, (b) => b.menu(id, { name: m.name, items: m.items as MenuItemInput[] }))) {
      a.counts.menus++
      added.add(m.slug)
    }
  }
  for (const item of c.navItems) {
    const where = { file: item.file, line: item.line, postId: item.id }
    // A warning drops the item, except a parent cycle's, which only moves it to the top.
    const why = dropped.get(`${item.file}:${item.line}`)
    const kept = added.has(item.menu) && (why === undefined || why.includes('parent cycle'))
    if (kept) a.report.place(where, { kind: 'menu_item' })
    else a.report.skip({ file: item.file, line: item.line, post_id: item.id, post_type: 'nav_menu_item', status: 'publish', title: item.title, reason: 'menu_item_unresolved', detail: why ?? 'its menu has no item that could be imported' })
  }
  for (const nav of c.navigations) {
    const slug = nav.slug || 'navigation'
    if (menus.some((m) => m.slug === slug && added.has(slug))) a.report.place({ file: nav.file, line: nav.line, postId: nav.id }, { kind: 'menu' })
    else a.report.skip({ file: nav.file, line: nav.line, post_id: nav.id, post_type: 'wp_navigation', status: 'publish', title: nav.title, reason: 'menu_item_unresolved', detail: 'none of its blocks is a link that could be imported' })
  }
  return ids
}

function countItems(items: MenuSpec['items']): number {
  return items.reduce((n, item) => n + 1 + countItems(item.children ?? []), 0)
}

/** How menu items find what they point at: imported posts and pages (published ones), terms, and old URLs. */
function menuTargets({ posts, pages, taxonomies, links, site, front }: Plan, skeleton: Collected['pageSkeleton']): MenuTargets {
  const published = <P extends { item: ContentItem }>(p: P | undefined) => (p && p.item.status === 'publish' ? p : undefined)
  // A term by id: its slug as claimed, and its name (the names by claimed slug, made once for each taxonomy).
  const termOf = (t: Taxonomies[Taxonomy]) => {
    const names = new Map([...t.bySlug.values()].map((term) => [term.slug, term.name]))
    return (id: number) => {
      const slug = t.byId.get(id)
      return slug ? { slug, name: names.get(slug) ?? '' } : undefined
    }
  }
  const page = (id: number) => {
    if (id === front.front?.item.postId) return { url: '/', title: front.front.title }
    if (id === front.postsPage?.item.postId) return { url: front.postIndexUrl ?? '/', title: front.postsPage.title }
    const p = published(pages.get(id))
    return p ? { path: p.effectivePath } : undefined
  }
  return {
    post: (id) => {
      const p = published(posts.get(id))
      return p && { slug: p.slug }
    },
    page,
    category: termOf(taxonomies.category),
    tag: termOf(taxonomies.post_tag),
    // get_pages( array( 'sort_column' => 'menu_order,post_title' ) ): published pages, password-protected ones too.
    pageTree: () => listedPages(skeleton).map((p) => ({ id: p.id, parent: p.parent, target: page(p.id) })),
    internalUrl: (url) => links.resolve(url),
    checkUrl: (url) => checkUrl(url, 'navigation'),
    postIndexUrl: front.postIndexUrl ?? site.site.post_index?.path ?? '/',
  }
}

/**
 * WordPress keeps the custom CSS of each theme (the Customizer's Additional CSS and, on block themes, the global
 * styles' CSS) but prints only the active theme's (`chooseThemeCss`); other themes' CSS is reported as left out. The
 * files it loads from the old site's uploads move with the rest of the media (`MediaUse.text`).
 */
function addCustomCss(a: Assembly, c: Collected, media: MediaUse): void {
  const { theme, used, others } = chooseThemeCss(c.themeCss, c.themeActivity)
  if (used.length > 0) {
    a.builder = a.builder.customCss(media.text(themeStylesheet(used)))
    for (const css of used) a.report.place({ file: css.file, line: css.line, postId: css.id }, { kind: 'asset' })
    a.report.fallback('custom_css_from_latest')
  }
  for (const other of others) {
    const detail = used.length > 0 ? `older than the custom CSS of "${theme}"` : `the CSS of theme "${other.theme}", not the active one ("${theme}" was customized later)`
    a.report.skip({ file: other.file, line: other.line, post_id: other.id, post_type: other.postType, status: 'publish', title: other.title, reason: 'custom_css_inactive', detail })
  }
}

/**
 * Says why an export gave no post and no page: it holds no items, or what became of the ones it holds. Writing an
 * empty site would replace a real one with nothing.
 */
function nothingToImport(c: Collected, report: ReportBuilder, file: string): PreviewDataError {
  if (c.itemsRead === 0) return new PreviewDataError('nothing_to_import', `${file}: the export holds no items (no posts, pages, attachments or menus); there is nothing to import.`)
  const reasons = new Map<SkipReason, number>()
  for (const s of report.skipped) reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + 1)
  const left = [...reasons].map(([reason, n]) => `${n} ${reason}`).join(', ')
  return new PreviewDataError('nothing_to_import', `${file}: none of the export's ${c.itemsRead} items is a post or page that can be imported${left ? ` (left out: ${left})` : ''}; there is nothing to import.`)
}

function countsOf(payload: PreviewData, c: Collected, a: Assembly): ImportCounts {
  return {
    items_read: c.itemsRead,
    posts: a.counts.posts,
    pages: a.counts.pages,
    drafts: a.counts.drafts,
    authors: payload.content.authors.length,
    categories: payload.content.categories.length,
    tags: payload.content.tags.length,
    media: payload.content.media?.length ?? 0,
    menus: a.counts.menus,
    redirects: 0,
    comments: c.comments,
    approved_comments: c.approvedComments,
    links_rewritten: a.counts.linksRewritten,
  }
}

/**
 * Empties what an emitted item no longer needs once it is in the builder; menus read only its id, status and menu
 * order. On 100,000 posts these fields hold about 100 MB that would otherwise stay alive through the build.
 */
function forget(item: ContentItem): void {
  item.guid = item.pubDate = item.creator = item.excerpt = item.link = ''
  item.postDate = item.postDateGmt = item.postModified = item.postModifiedGmt = item.commentStatus = ''
  item.terms = []
  item.meta = {}
  item.oldSlugs = []
  item.images = undefined
}

function codeOf(e: unknown): IssueCode {
  return e instanceof PreviewDataError ? e.code : 'invalid_argument'
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}

/** The root-relative path (and query) of an old URL, for the report. */
function oldPath(link: string): string | undefined {
  const m = /^https?:\/\/[^/?#]+(\/[^#]*)?/i.exec(link.trim())
  return m ? (m[1] ?? '/') : undefined
}
