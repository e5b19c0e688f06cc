import { statSync } from 'node:fs'
import { checkUrl, createPreviewData, PreviewDataError } from '../../src/index.js'
import type { PreviewData, Site } from '../../src/index.js'
import { BodyPool, bodyWorker } from './bodies/pool.js'
import type { WorkerSource } from './bodies/pool.js'
import type { Finished } from './bodies/work.js'
import { createCollector, noteByteIssue } from './collect.js'
import type { Collected, ContentItem, StatusPolicy } from './collect.js'
import { decodeEntities } from './content/html.js'
import { formatOffset, resolveItemDates } from './dates.js'
import { languageOf } from './item-fields.js'
import { LIMITS } from './limits.js'
import { mediaRewriter } from './media.js'
import { MediaUse } from './media-use.js'
import { buildMenus } from './menus.js'
import type { MenuTargets } from './menus.js'
import { mapOldUrls } from './old-urls.js'
import { planPages } from './pages.js'
import type { PagePlan } from './pages.js'
import { orderItems, planPosts } from './posts.js'
import type { PostPlan, WarnItem } from './posts.js'
import { cleanBytes } from './read/decode.js'
import { exportFiles } from './read/sources.js'
import type { WordPressSource } from './read/sources.js'
import { readWxr } from './read/wxr.js'
import { compareCodeUnits } from './redirects.js'
import type { Redirect } from './redirects.js'
import { ReportBuilder } from './report.js'
import type { ImportReport, SkipReason } from './report.js'
import { payloadJson } from './bodies/payload-json.js'
import type { LinkIndex } from './links.js'
import { planSite } from './site.js'
import type { SitePlan } from './site.js'
import { decodeWpSlug } from './slugs.js'
import { planTerms, termSlugs } from './terms.js'
import type { Taxonomies } from './terms.js'

export type { WordPressSource } from './read/sources.js'

/** Options of `importWordPress`. */
export interface ImportWordPressOptions {
  /** Site settings WXR does not carry (URL, locale, time zone, permalinks, comments…), merged over what it does. */
  site?: Partial<Site>
  /** The payload's `generator`. Default `'preview-data-sdk wordpress importer'`. */
  generator?: string
  /** The payload's `generated_at`. Default: the export's own `pubDate`, so two imports give the same bytes. */
  generatedAt?: string
  /** `draft` (default) keeps draft, pending, future and private items as drafts; `skip` leaves them out. */
  statusPolicy?: StatusPolicy
  /** `skip` (default) leaves password-protected items out; `draft` keeps them as drafts (their password is dropped). */
  passwordProtected?: 'skip' | 'draft'
  /** Media URL prefix to replace (default: none, or `<old site>/wp-content/uploads/` when only `mediaTo` is given). */
  mediaFrom?: string
  /** Replacement for `mediaFrom` (for example `/media/` or `https://cdn.example/`). */
  mediaTo?: string
  /** Called as bytes and items are read, for progress display. */
  onProgress?: (progress: { file: string; bytes: number; items: number }) => void
}

/** What an import returns: the validated payload, the report, and the redirects from old URLs. */
export interface ImportWordPressResult {
  payload: PreviewData
  report: ImportReport
  redirects: Redirect[]
}

/**
 * An import whose post and page bodies wait in a temporary file (a large site's bodies would not fit in memory): the
 * payload's `content` and `excerpt` of posts and pages are empty, and `payloadJson` writes the payload with them.
 */
export interface ImportWordPressFileResult extends ImportWordPressResult {
  /** The pieces of `JSON.stringify(payload, null, 2)` with every body in place (see `payloadJson`). */
  json(): Generator<string | Buffer>
  /** Removes the temporary file; the result's JSON cannot be written after. */
  close(): Promise<void>
}

const GENERATOR = 'preview-data-sdk wordpress importer'
// Only used to check `options.site` before reading; the real builder gets the export's own date.
const CHECK_TIME = '2000-01-01T00:00:00Z'

type Builder = ReturnType<typeof createPreviewData>

/**
 * Imports a WordPress export (WXR 1.0–1.2; `.xml`, `.xml.gz`, or a WordPress.com `.zip`) into a validated Preview
 * Data payload through the builder: posts, pages (hierarchy in `path`), authors, categories, tags, media with sizes,
 * classic and block menus, and redirects from every old URL. Items it leaves out, fallbacks and unknown shortcodes are
 * listed in the report.
 * @example
 * const { payload, report, redirects } = await importWordPress('export.xml', { site: { url: 'https://example.com' } })
 */
export async function importWordPress(source: WordPressSource, options: ImportWordPressOptions = {}): Promise<ImportWordPressResult> {
  const run = await runImport(source, options, false)
  await run.pool.close()
  return { payload: run.payload, report: run.report, redirects: run.redirects }
}

/** `importWordPress` for writing the payload to a file (the CLI), with bodies kept out of memory until then. */
export async function importWordPressForFile(source: WordPressSource, options: ImportWordPressOptions = {}): Promise<ImportWordPressFileResult> {
  const { payload, report, redirects, pool, bodies } = await runImport(source, options, true)
  return { payload, report, redirects, json: () => payloadJson(payload, (kind, id) => bodies.get(`${kind}:${id}`), (place) => pool.finishedJson(place)), close: () => pool.close() }
}

/**
 * The path of every item: read the export (each item classified as it is read, bodies rendered on the body pool),
 * plan where everything goes (site, slugs, URLs, terms, old URLs), finish the bodies, and assemble the payload through
 * the builder, which checks the contract.
 */
async function runImport(source: WordPressSource, options: ImportWordPressOptions, keepFinished: boolean) {
  const override = options.site ?? {}
  // Checked against the contract before the export is read, so a bad --site costs nothing.
  createPreviewData({ generator: GENERATOR, generated_at: CHECK_TIME }).site(override)
  const report = new ReportBuilder()
  const pool = new BodyPool({ keepFinished, worker: await workerFor(source) })
  try {
    const { collected, files } = await readExport(source, options, pool, report)
    const site = planSite(collected.channels, collected.offsetCounts, override, options.generatedAt)
    const warnItem: WarnItem = (item, code, message) => report.warn({ code, path: '', message, file: item.file, line: item.line })
    // Terms first: the first post to name a term (in export order) gives it its name.
    const taxonomies = planTerms(collected.terms, collected.posts, report, files[0] ?? '')
    orderItems(collected.posts, collected.pages, collected.media.ids(), warnItem)
    const posts = planPosts(collected.posts, site.site, site.clock, site.generatedAt, report, warnItem)
    const pages = planPages(collected, site.site, site.basePath, report, warnItem)
    const { links, redirects } = mapOldUrls(posts, pages, taxonomies, site.site, site)
    const mediaFrom = options.mediaFrom ?? (options.mediaTo !== undefined && site.blogUrl ? `${site.blogUrl.replace(/\/+$/, '')}/wp-content/uploads/` : '')
    const finished = pool.finish(
      { links: links.toData(), mediaFrom, mediaTo: options.mediaTo ?? '', reusableBlocks: [...collected.reusableBlocks] },
      [...posts.values(), ...pages.values()].map(({ item }) => ({ body: item.body, excerpt: item.excerpt })),
    )
    const assembled = await assemble(collected, { site, taxonomies, posts, pages, links, mediaRewrite: mediaRewriter(mediaFrom, options.mediaTo ?? '') }, finished, options, report, files, keepFinished)
    ReportBuilder.merge(report.renderedShortcodes, pool.counts.rendered)
    ReportBuilder.merge(report.unknownShortcodes, pool.counts.unknown)
    ReportBuilder.merge(report.dynamicBlocks, pool.counts.dynamic)
    const redirectList = redirects.list()
    const counts = { ...assembled.counts, redirects: redirectList.length }
    return { payload: assembled.payload, report: report.finish(files, counts, formatOffset(site.inferredMinutes, true)), redirects: redirectList, pool, bodies: assembled.bodies }
  } catch (error) {
    await pool.close()
    throw error
  }
}

/** Reads every file of the export, item by item, into what the payload needs (see `createCollector`). */
async function readExport(source: WordPressSource, options: ImportWordPressOptions, pool: BodyPool, report: ReportBuilder): Promise<{ collected: Collected; files: string[] }> {
  const files: string[] = []
  let bytes = 0
  let items = 0
  const progress = () => options.onProgress?.({ file: files.at(-1) ?? '', bytes, items })
  const collect = createCollector({ statusPolicy: options.statusPolicy ?? 'draft', passwordProtected: options.passwordProtected ?? 'skip' }, pool, report, () => {
    if (++items % 1000 === 0) progress()
  })
  for await (const file of exportFiles(source)) {
    files.push(file.name)
    const chunks = cleanBytes(counted(file.bytes, (n) => (bytes += n)), file.name, (issue) => noteByteIssue(report, issue, file.name))
    const { sawWxr } = await readWxr(paced(chunks, pool), file.name, collect.sink)
    if (!sawWxr) throw new PreviewDataError('invalid_xml', `${file.name}: this RSS file has no WordPress (wp:) elements; it is not a WordPress export.`)
  }
  await pool.prepared()
  progress()
  return { collected: collect.collected, files }
}

/** What the plan of an import holds: where every item goes. */
type Plan = { site: SitePlan; taxonomies: Taxonomies; posts: Map<number, PostPlan>; pages: Map<number, PagePlan>; links: LinkIndex; mediaRewrite: (url: string) => string }

/**
 * Builds the payload: terms, authors, then each post and page with its finished body (in plan order, so the first
 * item to show an image decides its media entry), media, menus and custom CSS; the builder checks each call and the
 * whole at the end. An item the builder refuses is left out with a warning.
 */
async function assemble(c: Collected, plan: Plan, finished: AsyncIterable<Finished>, options: ImportWordPressOptions, report: ReportBuilder, files: string[], keepFinished: boolean) {
  const { site, taxonomies } = plan
  const file0 = files[0] ?? ''
  const warn = (code: Parameters<ReportBuilder['warn']>[0]['code'], message: string, where: { file: string; line: number } = { file: file0, line: 0 }) => report.warn({ code, path: '', message, file: where.file, line: where.line })
  let b: Builder = createPreviewData({ generator: options.generator ?? GENERATOR, generated_at: site.generatedAt }).site(site.derived).site(options.site ?? {})

  for (const taxonomy of ['category', 'post_tag'] as const) {
    const kind = taxonomy === 'category' ? 'category' : 'tag'
    for (const t of taxonomies[taxonomy].bySlug.values()) {
      const input = { name: t.name, slug: t.slug, ...(t.description ? { description: t.description } : {}) }
      try {
        b = taxonomy === 'category' ? b.category(input) : b.tag(input)
      } catch (e) {
        warn(codeOf(e), `The ${kind} "${t.name}" could not be imported: ${messageOf(e)}`)
      }
    }
  }

  // Authors: declared ones, then dc:creator logins that have none (see `authorOf`).
  const authorIds = new Set<string>()
  for (const a of [...c.authors.values()].sort((x, y) => compareCodeUnits(x.login, y.login))) {
    const display = decodeEntities(a.displayName) || [a.firstName, a.lastName].map(decodeEntities).filter(Boolean).join(' ') || a.login
    try {
      b = b.author({ id: a.login, display_name: display })
      authorIds.add(a.login)
    } catch (e) {
      warn(codeOf(e), `Author "${a.login}" could not be imported: ${messageOf(e)}`)
    }
  }
  const authorOf = (item: ContentItem): string => {
    const author = resolveAuthor(item.creator, authorIds)
    if (author.fallback) report.fallback(author.fallback)
    if (author.create) {
      b = b.author({ id: author.id, display_name: author.create })
      authorIds.add(author.id)
    }
    return author.id
  }

  const media = new MediaUse(c.media, plan.mediaRewrite, (kind) => report.fallback(kind))
  const featured = (item: ContentItem): string | undefined => {
    const id = Number(item.meta._thumbnail_id)
    if (!Number.isInteger(id) || id <= 0) return undefined
    const att = c.media.get(id)
    if (!att) {
      warn('unresolved_reference', `"${item.title}" (id ${item.postId}) has featured image ${id}, which is not in the export; it was left out.`, item)
      return undefined
    }
    const src = media.use(att.url)
    if (src === undefined) warn('invalid_url', `"${item.title}" (id ${item.postId}) has featured image "${att.url}", which is not a valid media URL; it was left out.`, item)
    return src
  }
  const comments = site.site.comments
  const commentsNeedToken = comments !== undefined && comments.enabled && (comments.provider ?? 'native') === 'native'
  const commentFields = (item: ContentItem, type: 'post' | 'page') => {
    if (comments === undefined || item.commentStatus !== 'open') return {}
    // The token format is the producer's own; the WordPress id keeps the old thread addressable.
    return { allow_comments: true, ...(commentsNeedToken ? { comments: { request_token: `wordpress-${type}-${item.postId}` } } : {}) }
  }
  // Bodies go into the payload, or (for a file) stay in the pool's file, found by kind and id when the JSON is written.
  const bodies = new Map<string, Finished>()
  const bodyFields = (kind: 'post' | 'page', item: ContentItem, body: Finished) => {
    if (!keepFinished) return { content: body.html as string, excerpt: body.excerpt as string }
    bodies.set(`${kind}:${item.postId}`, body)
    return { content: '', excerpt: '' }
  }
  const counts = { posts: 0, pages: 0, drafts: 0, linksRewritten: 0 }
  const dropItem = (item: ContentItem, e: unknown) => {
    report.skip({ file: item.file, line: item.line, post_id: item.postId, post_type: item.postType, status: item.status, title: item.title, reason: 'invalid_item', detail: messageOf(e) })
    warn(codeOf(e), `${item.postType === 'page' ? 'Page' : 'Post'} "${item.title}" (id ${item.postId}) was not imported: ${messageOf(e)}`, item)
  }
  // Posts name the same few terms over and over: each nicename is decoded once.
  const decoded = new Map<string, string>()
  const decode = (raw: string) => decoded.get(raw) ?? decoded.set(raw, decodeWpSlug(raw)).get(raw) as string

  const results = finished[Symbol.asyncIterator]()
  const nextBody = async (item: ContentItem): Promise<Finished> => {
    const { value: body } = await results.next()
    // Media are used in item order: the first use of an image decides its size.
    for (const img of body.late?.images ?? item.images ?? []) media.use(img.src, img)
    for (const id of body.late?.usedAttachments ?? []) media.used.add(id)
    for (const id of body.late?.missingAttachments ?? []) warn('unresolved_reference', `A [gallery] names attachment ${id}, which is not in the export; it was left out.`)
    for (const ref of body.late?.missingBlocks ?? []) warn('unresolved_reference', `"${item.title}" (id ${item.postId}) uses reusable block ${ref}, which is not in the export; it was left out.`, item)
    counts.linksRewritten += body.linksRewritten
    if (body.excerptFromMore) report.fallback('excerpt_from_more')
    return body
  }

  for (const p of plan.posts.values()) {
    const { item } = p
    const body = await nextBody(item)
    const lang = languageOf(item, site.basePath)
    const format = item.terms.find((t) => t.domain === 'post_format')?.nicename.replace(/^post-format-/, '')
    const meta = { ...(item.isSticky ? { sticky: true } : {}), ...(format ? { post_format: format } : {}), ...(lang.lang ? { language: lang.lang } : {}), ...(lang.group ? { translation_group: lang.group } : {}) }
    const image = featured(item)
    const status = item.status === 'publish' ? 'published' : 'draft'
    const authorId = authorOf(item)
    try {
      b = b.post({
        title: p.title,
        slug: p.slug,
        public_id: item.postId,
        ...bodyFields('post', item, body),
        document_type: 'html',
        published_at_iso: p.published,
        updated_at_iso: p.updated,
        author_id: authorId,
        status,
        category_slugs: termSlugs(item, 'category', taxonomies, decode),
        tag_slugs: termSlugs(item, 'post_tag', taxonomies, decode),
        ...(image ? { featured_image: image } : {}),
        ...(Object.keys(meta).length ? { meta } : {}),
        ...commentFields(item, 'post'),
      })
      counts.posts++
      if (status === 'draft') counts.drafts++
    } catch (e) {
      dropItem(item, e)
    }
    forget(item)
  }

  for (const p of plan.pages.values()) {
    const { item } = p
    const body = await nextBody(item)
    const lang = languageOf(item, site.basePath)
    const meta = { ...(lang.lang ? { language: lang.lang } : {}), ...(lang.group ? { translation_group: lang.group } : {}) }
    const image = featured(item)
    const status = item.status === 'publish' ? 'published' : 'draft'
    // A page needs only its modification date; with no date at all it gets none rather than the export's.
    const dates = resolveItemDates(item, site.clock, site.generatedAt)
    const undated = dates.fallbacks.includes('published_missing')
    for (const f of dates.fallbacks) if (!undated) report.fallback(f)
    if (undated) report.fallback('page_date_missing')
    try {
      b = b.page({
        title: p.title,
        slug: p.slug,
        ...(p.path !== undefined ? { path: p.path } : {}),
        public_id: item.postId,
        ...bodyFields('page', item, body),
        document_type: 'html',
        status,
        ...(undated ? {} : { updated_at_iso: dates.updated }),
        ...(image ? { featured_image: image } : {}),
        ...(Object.keys(meta).length ? { meta } : {}),
        ...commentFields(item, 'page'),
      })
      counts.pages++
      if (status === 'draft') counts.drafts++
    } catch (e) {
      dropItem(item, e)
    }
    forget(item)
  }

  if (counts.posts + counts.pages === 0) throw nothingToImport(c, report, files)

  for (const entry of media.entries()) {
    try {
      b = b.media(entry)
    } catch (e) {
      warn(codeOf(e), `Media "${entry.src}" could not be imported: ${messageOf(e)}`)
    }
  }
  for (const att of c.media.all()) {
    if (!media.used.has(att.id)) report.skip({ file: att.file, line: att.line, post_id: att.id, post_type: 'attachment', status: 'inherit', title: att.url, reason: 'attachment_unused', detail: 'no imported item shows it' })
  }
  // Attachments are a third of what an import holds; nothing reads them after this, and the build needs the room.
  c.media.clear()
  c.reusableBlocks.clear()

  const skippedBlocks: Record<string, number> = {}
  const menuWarn = (w: { message: string; file: string; line: number }) => warn('unresolved_reference', w.message, w)
  const menus = buildMenus(c.terms.filter((t) => t.taxonomy === 'nav_menu'), c.navItems, c.navigations, menuTargets(plan), menuWarn, skippedBlocks)
  for (const [name, n] of Object.entries(skippedBlocks)) report.fallback(`navigation_block_skipped_${name}`, n)
  let menusDone = 0
  for (const m of menus) {
    try {
      b = b.menu(m.id, { name: m.name, items: m.items })
      menusDone++
    } catch (e) {
      warn(codeOf(e), `Menu "${m.name}" could not be imported: ${messageOf(e)}`)
    }
  }

  // Custom CSS: WordPress keeps one per theme; the most recently changed one is the active theme's in practice.
  const css = [...c.customCss].sort((x, y) => compareCodeUnits(y.modified, x.modified) || y.id - x.id)
  if (css.length > 0) {
    b = b.customCss(css[0].content)
    report.fallback('custom_css_from_latest')
    for (const other of css.slice(1)) {
      report.skip({ file: other.file, line: other.line, post_id: other.id, post_type: 'custom_css', status: 'publish', title: other.title, reason: 'custom_css_inactive', detail: `older than the custom CSS of "${css[0].name}"` })
    }
  }

  const built = b.tryBuild()
  if (!built.ok) throw PreviewDataError.fromIssues(built.errors, 'The imported payload is not valid')
  const payload = built.payload
  return {
    payload,
    bodies,
    counts: {
      items_read: c.itemsRead,
      posts: counts.posts,
      pages: counts.pages,
      drafts: counts.drafts,
      authors: payload.content.authors.length,
      categories: payload.content.categories.length,
      tags: payload.content.tags.length,
      media: payload.content.media?.length ?? 0,
      menus: menusDone,
      redirects: 0,
      comments: c.comments,
      approved_comments: c.approvedComments,
      links_rewritten: counts.linksRewritten,
    },
  }
}

/**
 * Says why an export gave no post and no page: it holds no items, or what became of the ones it holds. Writing an
 * empty site would replace a real one with nothing.
 */
function nothingToImport(c: Collected, report: ReportBuilder, files: string[]): PreviewDataError {
  const where = files.join(', ')
  if (c.itemsRead === 0) return new PreviewDataError('nothing_to_import', `${where}: the export holds no items (no posts, pages, attachments or menus); there is nothing to import.`)
  const reasons = new Map<SkipReason, number>()
  for (const s of report.skipped) reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + 1)
  const left = [...reasons].map(([reason, n]) => `${n} ${reason}`).join(', ')
  return new PreviewDataError('nothing_to_import', `${where}: none of the export's ${c.itemsRead} items is a post or page that can be imported${left ? ` (left out: ${left})` : ''}; there is nothing to import.`)
}

/** How menu items find what they point at: imported posts and pages (published ones), terms, and old URLs. */
function menuTargets({ posts, pages, taxonomies, links, site }: Plan): MenuTargets {
  return {
    post: (id) => {
      const p = posts.get(id)
      return p && p.item.status === 'publish' ? { slug: p.slug } : undefined
    },
    page: (id) => {
      const p = pages.get(id)
      return p && p.emitted && p.item.status === 'publish' ? { path: p.effectivePath } : undefined
    },
    category: (id) => {
      const slug = taxonomies.category.byId.get(id)
      return slug ? { slug } : undefined
    },
    tag: (id) => {
      const slug = taxonomies.post_tag.byId.get(id)
      return slug ? { slug } : undefined
    },
    pageTree: () =>
      [...pages.values()]
        .filter((p) => p.emitted && p.item.status === 'publish')
        .sort((x, y) => x.item.menuOrder - y.item.menuOrder || compareCodeUnits(x.title, y.title) || x.item.postId - y.item.postId)
        .map((p) => ({ id: p.item.postId, parent: p.parentId, path: p.effectivePath })),
    internalUrl: (url) => links.resolve(url),
    checkUrl: (url) => checkUrl(url, 'navigation'),
    postIndexUrl: site.site.post_index?.path ?? '/',
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
  const id = login || FALLBACK_AUTHOR
  if (declared.has(id)) return { id, ...(login ? {} : { fallback: 'author_missing' }) }
  return { id, create: login || 'WordPress', fallback: login ? 'author_from_creator' : 'author_missing' }
}

const FALLBACK_AUTHOR = 'wordpress'

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

/** The body worker, for an export big enough to pay for starting one (a stream's size is not known: it gets one). */
async function workerFor(source: WordPressSource): Promise<WorkerSource | undefined> {
  const paths = typeof source === 'string' ? [source] : Array.isArray(source) ? (source as string[]) : undefined
  let bytes = paths === undefined ? Number.POSITIVE_INFINITY : 0
  for (const path of paths ?? []) {
    try {
      bytes += statSync(path).size
    } catch {
      // Reading reports the problem with its own message.
    }
  }
  return bytes >= LIMITS.workerMinBytes ? bodyWorker() : undefined
}

async function* counted(bytes: AsyncIterable<Uint8Array>, add: (n: number) => void): AsyncGenerator<Uint8Array> {
  for await (const chunk of bytes) {
    add(chunk.length)
    yield chunk
  }
}

/** The chunks of an export, each once the body pool is ready for more, so reading never runs far ahead of rendering. */
async function* paced<T>(chunks: AsyncIterable<T>, pool: BodyPool): AsyncGenerator<T> {
  for await (const chunk of chunks) {
    await pool.ready()
    yield chunk
  }
}

function codeOf(e: unknown) {
  return e instanceof PreviewDataError ? e.code : ('invalid_argument' as const)
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}
