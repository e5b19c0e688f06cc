import { statSync } from 'node:fs'
import type { Worker } from 'node:worker_threads'
import { basename } from 'node:path'
import { categoryRoute, checkUrl, createPreviewData, PreviewDataError, postRoute, tagRoute } from '../../src/index.js'
import type { PreviewData, Site } from '../../src/index.js'
import { createCollector } from './collect.js'
import type { Collected, StatusPolicy } from './collect.js'
import { decodeEntities, htmlToText } from './content/html.js'
import { earlyRenderEnv, renderBody, rendersLate } from './content/render.js'
import type { RenderEnv } from './content/render.js'
import type { ShortcodeStats } from './content/shortcodes.js'
import { formatOffset, modeOffset, parseOffset, pubDateToIso, resolveItemDates } from './dates.js'
import type { SiteClock } from './dates.js'
import { LIMITS } from './limits.js'
import { countFinished, finishText } from './finish.js'
import type { FinishCounts, FinishEnv } from './finish.js'
import { LateFinisher } from './late-finish.js'
import { LinkIndex } from './links.js'
import { imageSources, mediaRewriter } from './media.js'
import type { AttachmentSizes, MediaFile } from './media.js'
import { buildClassicMenus, buildNavigationMenu } from './menus.js'
import type { MenuSpec, MenuTargets } from './menus.js'
import { readWxr } from './read-wxr.js'
import { fileChunks } from './xml-stream.js'
import type { WxrItem } from './read-wxr.js'
import { compareCodeUnits, RedirectSet, redirectSource } from './redirects.js'
import type { Redirect } from './redirects.js'
import { ReportBuilder } from './report.js'
import { detach } from './detach.js'
import type { BodySpool } from './body-spool.js'
import { EarlyRenderer } from './early-render.js'
import type { RenderWorkerSource } from './early-render.js'
import { itemSlug, itemTitle, languageOf } from './item-fields.js'
import { planPages } from './pages.js'
import type { ImportReport } from './report.js'
import { decodeWpSlug, repairSlug, slugFromTitle, SlugRegistry } from './slugs.js'

/** A WXR source: a file path, several paths of one split export, or a stream of bytes (a Node `Readable` is one). */
export type WordPressSource = string | readonly string[] | AsyncIterable<Uint8Array | string>

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

const GENERATOR = 'preview-data-sdk wordpress importer'
// Only used to check `options.site` before reading; the real builder gets the export's own date.
const CHECK_TIME = '2000-01-01T00:00:00Z'

type Builder = ReturnType<typeof createPreviewData>

/**
 * Imports a WordPress export (WXR 1.0–1.2) into a validated Preview Data payload through the builder: posts,
 * pages (hierarchy in `path`), authors, categories, tags, media with sizes, classic and block menus, and redirects
 * from every old URL. Items it leaves out, fallbacks and unknown shortcodes are listed in the report.
 * @example
 * const { payload, report, redirects } = await importWordPress('export.xml', { site: { url: 'https://example.com' } })
 */
export async function importWordPress(source: WordPressSource, options: ImportWordPressOptions = {}): Promise<ImportWordPressResult> {
  return importWordPressVia(source, options)
}

/**
 * `importWordPress` for the CLI: with a `spool`, post and page bodies wait on disk, and the payload's `content` and
 * `excerpt` of each post and page are placeholders that only `spool.expand` turns back into text as it writes JSON.
 */
export async function importWordPressVia(source: WordPressSource, options: ImportWordPressOptions = {}, spool?: BodySpool): Promise<ImportWordPressResult> {
  const siteOverride = options.site ?? {}
  // Checked against the contract before the export is read, so a bad --site costs nothing.
  createPreviewData({ generator: GENERATOR, generated_at: CHECK_TIME }).site(siteOverride)
  const statusPolicy = options.statusPolicy ?? 'draft'
  const passwordProtected = options.passwordProtected ?? 'skip'
  const report = new ReportBuilder()
  const files: string[] = []
  let items = 0
  let bytes = 0
  let currentFile = ''
  const progress = () => options.onProgress?.({ file: currentFile, bytes, items })
  const stats: ShortcodeStats = { rendered: report.renderedShortcodes, unknown: report.unknownShortcodes, missingAttachments: [] }
  // Bodies that need attachments (galleries) or reusable blocks render late; the rest as they are read.
  const size = sourceBytes(source)
  const renderer = new EarlyRenderer(earlyRenderEnv(stats, report.dynamicBlocks), {
    worker: await renderWorker(),
    // An export known to be large starts the worker with its first body rather than after a few MB of them.
    ...(size > LIMITS.renderWorkerEagerBytes ? { startAfterChars: 0 } : {}),
    // The worker keeps what it learns of each body for finishing only when it will finish them (see below); a stream's
    // size is not known up front.
    ...(spool ? { spool, earlyFacts: size > 0 && size <= LIMITS.finishWorkerMaxBytes } : {}),
  })
  const prepare = (item: WxrItem) => {
    if (!rendersLate(item.content)) renderer.render(item)
  }
  const measure = (item: WxrItem, done: (sizes: AttachmentSizes) => void) => renderer.measure(item, done)
  const { sink, collected } = createCollector({ statusPolicy, passwordProtected, prepare, measure }, report, () => {
    items++
    if (items % 1000 === 0) progress()
  })

  let worker: Worker | undefined
  try {
    for (const [name, stream] of sources(source)) {
      files.push(name)
      currentFile = name
      const counted = countBytes(stream, (n) => {
        bytes += n
      })
      const { sawWxr } = await readWxr(counted, name, sink)
      if (!sawWxr) throw new PreviewDataError('invalid_xml', `${name}: this RSS file has no WordPress (wp:) elements; it is not a WordPress export.`)
    }
    // With a spool, the worker is kept: it finishes bodies while this thread assembles the payload.
    worker = await renderer.finish({ keepWorker: spool !== undefined && bytes <= LIMITS.finishWorkerMaxBytes })
  } finally {
    await renderer.close()
  }
  try {
    progress()
    return await assemble(collected, report, stats, files, siteOverride, options, spool, worker)
  } finally {
    await worker?.terminate()
  }
}

/**
 * The render worker, when this code runs as built JavaScript. From TypeScript sources (tests, tsx) Node could not
 * load the worker module, and small imports never start one anyway.
 */
async function renderWorker(): Promise<RenderWorkerSource | undefined> {
  if (!/\.m?js$/.test(new URL(import.meta.url).pathname)) return undefined
  const { renderWorkerUrl } = await import('./content/render-worker.js')
  // Only a chunk of its own (tsup's code splitting names it render-worker-<hash>.js): a bundle without splitting
  // would hand the worker the whole CLI, which would run again inside it.
  if (!/\/render-worker[^/]*\.m?js$/.test(new URL(renderWorkerUrl).pathname)) return undefined
  return { url: new URL(renderWorkerUrl) }
}

/** The size of the export files, or 0 for a stream (or a file that cannot be read, which fails later). */
function sourceBytes(source: WordPressSource): number {
  const paths = typeof source === 'string' ? [source] : Array.isArray(source) ? (source as string[]) : []
  let total = 0
  for (const path of paths) {
    try {
      total += statSync(path).size
    } catch {
      // Reading reports the problem with its own message.
    }
  }
  return total
}

function* sources(source: WordPressSource): Generator<[string, AsyncIterable<Uint8Array | string>]> {
  if (typeof source === 'string') {
    yield [basename(source), fileChunks(source, LIMITS.readChunkBytes)]
  } else if (Array.isArray(source)) {
    for (const path of source as string[]) yield [basename(path), fileChunks(path, LIMITS.readChunkBytes)]
  } else {
    yield ['<stream>', source as AsyncIterable<Uint8Array | string>]
  }
}

async function* countBytes(stream: AsyncIterable<Uint8Array | string>, add: (n: number) => void): AsyncGenerator<Uint8Array | string> {
  for await (const chunk of stream) {
    add(typeof chunk === 'string' ? chunk.length : chunk.byteLength)
    yield chunk
  }
}

async function assemble(
  c: Collected,
  report: ReportBuilder,
  stats: ShortcodeStats,
  files: string[],
  siteOverride: Partial<Site>,
  options: ImportWordPressOptions,
  spool: BodySpool | undefined,
  worker: Worker | undefined,
): Promise<ImportWordPressResult> {
  const channel = c.channels[0] ?? { title: '', link: '', description: '', language: '', baseBlogUrl: '', baseSiteUrl: '', pubDate: '', generator: '', wxrVersion: '' }
  const oldSiteUrls = [...new Set(c.channels.flatMap((ch) => [ch.link, ch.baseBlogUrl, ch.baseSiteUrl]).filter(Boolean))]
  const oldHosts = new Set(oldSiteUrls.map((u) => /^https?:\/\/([^/?#]+)/i.exec(u)?.[1]?.toLowerCase().replace(/^www\./, '')).filter((h): h is string => !!h))
  const blogUrl = channel.baseBlogUrl || channel.link
  const basePath = (/^https?:\/\/[^/]+(\/[^?#]*)?/i.exec(blogUrl)?.[1] ?? '').replace(/\/+$/, '')

  // Site: what WXR knows, then the caller's settings over it.
  const inferredMinutes = modeOffset(c.offsetCounts)
  const derivedSite: Partial<Site> = {
    title: decodeEntities(channel.title) || 'WordPress site',
    description: htmlToText(channel.description),
    locale: canonicalLocale(channel.language),
    timezone: formatOffset(inferredMinutes, true),
  }
  const origin = /^(https?:\/\/[^/?#]+)/i.exec(blogUrl)?.[1]
  if (origin && checkUrl(origin, 'site_url') === null) derivedSite.url = origin.toLowerCase()
  const site = { ...derivedSite, ...siteOverride } as Site
  const clock = siteClock(site.timezone, inferredMinutes)

  const generatedAt = options.generatedAt ?? pubDateToIso(channel.pubDate) ?? '1970-01-01T00:00:00Z'
  let b: Builder = createPreviewData({ generator: options.generator ?? GENERATOR, generated_at: generatedAt })
    .site(derivedSite)
    .site(siteOverride)

  const mediaFrom = options.mediaFrom ?? (options.mediaTo !== undefined && blogUrl ? `${blogUrl.replace(/\/+$/, '')}/wp-content/uploads/` : '')
  const rewriteMedia = mediaRewriter(mediaFrom, options.mediaTo ?? '')
  const warnItem = (item: { file: string; line: number }, code: Parameters<ReportBuilder['warn']>[0]['code'], path: string, message: string) =>
    report.warn({ code, path, message, file: item.file, line: item.line })

  // Taxonomies: declared terms and inline references, slugs decoded, repaired and made unique per taxonomy.
  const taxonomies = { category: new Map<string, TermOut>(), post_tag: new Map<string, TermOut>() }
  const termIds = { category: new Map<number, string>(), post_tag: new Map<number, string>() }
  const rawTerms: Array<{ taxonomy: 'category' | 'post_tag'; raw: string; key: string; name: string; description: string; termId: number; parent: string }> = []
  for (const t of c.terms) {
    if (t.taxonomy === 'category' || t.taxonomy === 'post_tag') rawTerms.push({ taxonomy: t.taxonomy, raw: t.slug, key: decodeWpSlug(t.slug), name: t.name, description: t.description, termId: t.termId, parent: t.parent })
  }
  // The reader shares one object per distinct reference; a repeat is indistinguishable from its first occurrence,
  // and the sort below is stable, so only first occurrences are kept (a handful instead of one per post).
  const seenRefs = new Set<WxrItem['terms'][number]>()
  for (const item of c.posts) {
    for (const t of item.terms) {
      if ((t.domain === 'category' || t.domain === 'post_tag') && !seenRefs.has(t)) {
        seenRefs.add(t)
        rawTerms.push({ taxonomy: t.domain, raw: t.nicename, key: decodeWpSlug(t.nicename), name: t.name, description: '', termId: 0, parent: '' })
      }
    }
  }
  // Declared terms (with ids) first, then by slug, so the claim order never depends on file order.
  rawTerms.sort((a, b) => compareCodeUnits(a.taxonomy, b.taxonomy) || Number(b.termId > 0) - Number(a.termId > 0) || compareCodeUnits(a.key, b.key) || a.termId - b.termId)
  const registries = { category: new SlugRegistry(), post_tag: new SlugRegistry() }
  for (const t of rawTerms) {
    const key = t.key
    const map = taxonomies[t.taxonomy]
    const existing = map.get(key)
    if (existing) {
      if (t.termId > 0 && !termIds[t.taxonomy].has(t.termId)) termIds[t.taxonomy].set(t.termId, existing.slug)
      continue
    }
    const name = htmlToText(t.name) || key || `${t.taxonomy === 'category' ? 'Category' : 'Tag'} ${t.termId}`
    let slug = repairSlug(key)
    if (!slug) {
      slug = slugFromTitle(name) || `${t.taxonomy === 'category' ? 'category' : 'tag'}-${t.termId || map.size + 1}`
      report.fallback('term_slug_derived')
    }
    const claimed = registries[t.taxonomy].claim(slug)
    if (claimed !== slug) {
      report.warn({ code: 'duplicate_slug', path: '', message: `The ${t.taxonomy === 'category' ? 'category' : 'tag'} "${name}" (slug "${key}") collides with another after repair; it was given the slug "${claimed}".`, file: files[0] ?? '', line: 0 })
    }
    const out: TermOut = { name, slug: claimed, description: htmlToText(t.description), raw: t.raw, parentRaw: t.parent }
    map.set(key, out)
    if (t.termId > 0) termIds[t.taxonomy].set(t.termId, claimed)
  }

  // Authors: declared ones, plus dc:creator logins that have no entry.
  const authorIds = new Set<string>()
  for (const a of [...c.authors.values()].sort((x, y) => compareCodeUnits(x.login, y.login))) {
    const display = decodeEntities(a.displayName) || [a.firstName, a.lastName].map(decodeEntities).filter(Boolean).join(' ') || a.login
    try {
      b = b.author({ id: a.login, display_name: display })
      authorIds.add(a.login)
    } catch (e) {
      report.warn({ code: errorCode(e), path: '', message: `Author "${a.login}" could not be imported: ${errorMessage(e)}`, file: files[0] ?? '', line: 0 })
    }
  }
  const FALLBACK_AUTHOR = 'wordpress'
  const authorFor = (item: WxrItem): string => {
    const login = item.creator.trim()
    if (login && authorIds.has(login)) return login
    // Hand-edited exports carry stray markup around logins (`themereviewteam>` in the theme unit test data).
    const cleaned = login.replace(/[<>"'\s]/g, '')
    if (cleaned && authorIds.has(cleaned)) {
      report.fallback('author_login_repaired')
      return cleaned
    }
    const id = login || FALLBACK_AUTHOR
    if (!authorIds.has(id)) {
      b = b.author({ id, display_name: login || 'WordPress' })
      authorIds.add(id)
      report.fallback(login ? 'author_from_creator' : 'author_missing')
    } else if (!login) report.fallback('author_missing')
    return id
  }

  // Posts: published first, then by WordPress id, so slug collisions resolve the same way every time.
  const statusRank = (i: WxrItem) => (i.status === 'publish' ? 0 : 1)
  const byRankThenId = (a: WxrItem, b2: WxrItem) => statusRank(a) - statusRank(b2) || a.postId - b2.postId || a.line - b2.line
  c.posts.sort(byRankThenId)
  c.pages.sort(byRankThenId)
  // A loop, not Math.max(...ids): a spread of 100,000 arguments overflows the stack.
  let maxId = 0
  for (const list of [c.posts.map((p) => p.postId), c.pages.map((p) => p.postId), c.media.ids()]) for (const id of list) if (id > maxId) maxId = id
  let nextSyntheticId = maxId + 1
  for (const item of [...c.posts, ...c.pages]) {
    if (item.postId <= 0) {
      item.postId = nextSyntheticId++
      warnItem(item, 'invalid_value', '', `Item "${item.title}" has no usable wp:post_id; it was given id ${item.postId}.`)
    }
  }

  const postSlugs = new SlugRegistry()
  const postOut = new Map<number, PostPlan>()
  for (const item of c.posts) {
    const title = itemTitle(item, report)
    const slug = postSlugs.claim(itemSlug(item, title, report))
    const wanted = repairSlug(decodeWpSlug(item.postName))
    if (wanted && slug !== wanted) warnItem(item, 'duplicate_slug', '', `Post "${title}" (id ${item.postId}) has the slug "${wanted}" of an earlier post; it was given "${slug}".`)
    const dates = resolveItemDates(item, clock, generatedAt)
    for (const f of dates.fallbacks) report.fallback(f)
    const url = postRoute({ slug, public_id: item.postId, published_at_iso: dates.published }, site).url
    postOut.set(item.postId, { item, title, slug, url, published: dates.published, updated: dates.updated })
  }

  // Pages: hierarchy from post_parent, computed over every exported page so a draft parent still shapes the path.
  const pagePlans = planPages(c, site, basePath, report, warnItem)

  // Old URLs → new URLs, for content links, menus and redirects.
  const links = new LinkIndex(oldSiteUrls)
  const redirects = new RedirectSet()
  const addRedirect = (oldUrl: string, newUrl: string) => {
    const from = redirectSource(oldUrl, oldHosts)
    if (from !== undefined) redirects.add(from, newUrl)
  }
  for (const p of postOut.values()) {
    const published = p.item.status === 'publish'
    if (p.item.link) links.addUrl(p.item.link, p.url)
    links.addQuery('p', p.item.postId, p.url)
    if (!published) continue
    if (p.item.link && !/[?&]p=\d/.test(p.item.link)) addRedirect(p.item.link, p.url)
    redirects.add(`${basePath}/?p=${p.item.postId}`, p.url)
    for (const old of p.item.oldSlugs) {
      const oldLink = replaceLastSegment(p.item.link, p.item.postName, old)
      if (oldLink) {
        links.addUrl(oldLink, p.url)
        addRedirect(oldLink, p.url)
      }
    }
  }
  for (const p of pagePlans.values()) {
    if (!p.emitted) continue
    const published = p.item.status === 'publish'
    if (p.item.link) links.addUrl(p.item.link, p.url)
    links.addQuery('page_id', p.item.postId, p.url)
    links.addQuery('p', p.item.postId, p.url)
    if (!published) continue
    if (p.item.link && !/[?&](?:p|page_id)=\d/.test(p.item.link)) addRedirect(p.item.link, p.url)
    redirects.add(`${basePath}/?page_id=${p.item.postId}`, p.url)
  }
  for (const [taxonomy, map] of Object.entries(taxonomies) as Array<['category' | 'post_tag', Map<string, TermOut>]>) {
    const base = taxonomy === 'category' ? 'category' : 'tag'
    for (const t of map.values()) {
      const url = (taxonomy === 'category' ? categoryRoute : tagRoute)(t.slug, site).url
      const oldPaths = [`${basePath}/${base}/${t.raw}/`]
      const chain = categoryChain(t, map)
      if (chain.length > 1) oldPaths.push(`${basePath}/${base}/${chain.join('/')}/`)
      for (const path of oldPaths) {
        links.addUrl(path, url)
        redirects.add(path, url)
      }
      if (taxonomy === 'post_tag') links.addQuery('tag', t.raw, url)
    }
    if (taxonomy === 'category') {
      for (const [id, slug] of termIds.category) {
        const url = categoryRoute(slug, site).url
        links.addQuery('cat', id, url)
        redirects.add(`${basePath}/?cat=${id}`, url)
      }
    }
  }

  // Categories and tags go in first so every post reference resolves to a declared term.
  for (const [taxonomy, map] of Object.entries(taxonomies) as Array<['category' | 'post_tag', Map<string, TermOut>]>) {
    for (const t of map.values()) {
      const input = { name: t.name, slug: t.slug, ...(t.description ? { description: t.description } : {}) }
      try {
        b = taxonomy === 'category' ? b.category(input) : b.tag(input)
      } catch (e) {
        report.warn({ code: errorCode(e), path: '', message: `The ${taxonomy === 'category' ? 'category' : 'tag'} "${t.name}" could not be imported: ${errorMessage(e)}`, file: files[0] ?? '', line: 0 })
      }
    }
  }

  // Content, media and comments for each item.
  const media = new Map<string, MediaFile>()
  const usedAttachments = new Set<number>()
  // What finishing bodies adds to the report, on this thread and (below) on the worker.
  const finished: FinishCounts = { linksRewritten: 0, excerptsFromMore: 0 }
  const comments = site.comments
  const commentsNeedToken = comments !== undefined && comments.enabled && (comments.provider ?? 'native') === 'native'

  // URLs already used whose media entry exists: a repeat has nothing more to find, check or record.
  const inMedia = new Map<string, string>()
  // An attachment's size comes from its metadata, else from a `-WxH` file name, else from the <img> attributes.
  // `url` is kept as a map key and in the payload: callers pass a string of its own, never a view of a whole body.
  const useImage = (url: string, shown?: { width?: number; height?: number }): string | undefined => {
    const known = inMedia.get(url)
    if (known !== undefined) return known
    const hit = c.media.lookup(url)
    const src = rewriteMedia(url)
    if (hit) usedAttachments.add(hit.att.id)
    if (checkUrl(src, 'media') !== null) return undefined
    if (!hit) return src
    if (!media.has(src)) {
      const width = hit.width ?? shown?.width
      const height = hit.height ?? shown?.height
      if (width && height) {
        if (!hit.width) report.fallback('media_size_from_img_attributes')
        media.set(src, { src, width, height, ...(hit.att.alt ? { alt: hit.att.alt } : {}) })
      } else report.fallback('media_without_dimensions')
    }
    if (media.has(src)) inMedia.set(url, src)
    return src
  }

  const late: RenderEnv = {
    reusableBlocks: c.reusableBlocks,
    shortcodes: (postId) => ({
      postId,
      attachment: (id) => {
        const img = c.media.shortcodeImage(id, rewriteMedia)
        if (img) usedAttachments.add(id)
        return img
      },
      childAttachments: (id) => c.media.childIds(id),
    }),
    stats,
    dynamicBlocks: report.dynamicBlocks,
  }
  const finishEnv: FinishEnv = { links, ...(mediaFrom ? { mediaFrom, mediaTo: options.mediaTo ?? '' } : {}) }
  // The render worker, idle since reading ended, finishes the bodies it rendered while this thread goes on.
  const elsewhere = worker && spool ? new LateFinisher(worker, spool, finishEnv) : undefined
  const finishBody = (item: WxrItem): { html: string; excerpt: string } => {
    // Media are used here, in item order, whichever thread finishes the body: the first use of an image sets its size.
    if (elsewhere && item.rendered && item.spooled !== undefined && item.images) {
      for (const img of item.images) useImage(img.src, img)
      return elsewhere.add(item.spooled, item.excerpt, item.moreText)
    }
    let html = item.spooled !== undefined && spool ? spool.rendered(item.spooled) : item.content
    let moreText = item.moreText
    item.content = ''
    if (!item.rendered) {
      const body = renderBody(html, item.postId, late)
      html = body.html
      moreText = body.moreText
      for (const ref of body.missingBlocks) warnItem(item, 'unresolved_reference', '', `"${item.title}" (id ${item.postId}) uses reusable block ${ref}, which is not in the export; it was left out.`)
    }
    // Sources cut from the body are copied out of it (see useImage); early renders already did that.
    for (const img of (item.rendered && item.images) || imageSources(html).map((img) => ({ ...img, src: detach(img.src) }))) useImage(img.src, img)
    const done = finishText(html, item.excerpt, moreText, finishEnv)
    countFinished(finished, done)
    // Excerpts end in `…`, which makes each a two-byte string: on disk too, with the bodies.
    return spool ? { html: spool.placeholder(done.html, done.otherEscapes), excerpt: spool.placeholder(done.excerpt) } : { html: done.html, excerpt: done.excerpt }
  }

  const featured = (item: WxrItem): string | undefined => {
    const id = Number(item.meta._thumbnail_id)
    if (!Number.isInteger(id) || id <= 0) return undefined
    const att = c.media.get(id)
    if (!att) {
      warnItem(item, 'unresolved_reference', '', `"${item.title}" (id ${item.postId}) has featured image ${id}, which is not in the export; it was left out.`)
      return undefined
    }
    const src = useImage(att.url)
    if (src === undefined) warnItem(item, 'invalid_url', '', `"${item.title}" (id ${item.postId}) has featured image "${att.url}", which is not a valid media URL; it was left out.`)
    return src
  }

  const commentFields = (item: WxrItem, type: 'post' | 'page') => {
    if (comments === undefined || item.commentStatus !== 'open') return {}
    // The token format is the producer's own; the WordPress id keeps the old thread addressable.
    return { allow_comments: true, ...(commentsNeedToken ? { comments: { request_token: `wordpress-${type}-${item.postId}` } } : {}) }
  }

  // Posts name the same few terms over and over: each nicename is decoded once.
  const decodedSlugs = new Map<string, string>()
  const decodedSlug = (raw: string): string => {
    let key = decodedSlugs.get(raw)
    if (key === undefined) decodedSlugs.set(raw, (key = decodeWpSlug(raw)))
    return key
  }

  let drafts = 0
  let postsDone = 0
  for (const p of postOut.values()) {
    const { item } = p
    const body = finishBody(item)
    const lang = languageOf(item, basePath)
    const meta: Record<string, string | boolean> = {}
    if (item.isSticky) meta.sticky = true
    const format = item.terms.find((t) => t.domain === 'post_format')?.nicename.replace(/^post-format-/, '')
    if (format) meta.post_format = format
    if (lang.lang) meta.language = lang.lang
    if (lang.group) meta.translation_group = lang.group
    const categories = uniqueSlugs(item.terms.filter((t) => t.domain === 'category').map((t) => taxonomies.category.get(decodedSlug(t.nicename))?.slug))
    const tags = uniqueSlugs(item.terms.filter((t) => t.domain === 'post_tag').map((t) => taxonomies.post_tag.get(decodedSlug(t.nicename))?.slug))
    const image = featured(item)
    const status = item.status === 'publish' ? 'published' : 'draft'
    const authorId = authorFor(item)
    try {
      b = b.post({
        title: p.title,
        slug: p.slug,
        public_id: item.postId,
        content: body.html,
        document_type: 'html',
        excerpt: body.excerpt,
        published_at_iso: p.published,
        updated_at_iso: p.updated,
        author_id: authorId,
        status,
        category_slugs: categories,
        tag_slugs: tags,
        ...(image ? { featured_image: image } : {}),
        ...(Object.keys(meta).length ? { meta } : {}),
        ...commentFields(item, 'post'),
      })
      postsDone++
      if (status === 'draft') drafts++
    } catch (e) {
      dropItem(item, e)
    }
    trim(item)
  }

  let pagesDone = 0
  for (const p of pagePlans.values()) {
    if (!p.emitted) continue
    const { item } = p
    const body = finishBody(item)
    const lang = languageOf(item, basePath)
    const meta: Record<string, string | boolean> = {}
    if (lang.lang) meta.language = lang.lang
    if (lang.group) meta.translation_group = lang.group
    const image = featured(item)
    const status = item.status === 'publish' ? 'published' : 'draft'
    // A page needs only its modification date; with no date at all it gets none rather than the export's.
    const dates = resolveItemDates(item, clock, generatedAt)
    const undated = dates.fallbacks.includes('published_missing')
    for (const f of dates.fallbacks) if (!undated) report.fallback(f)
    if (undated) report.fallback('page_date_missing')
    try {
      b = b.page({
        title: p.title,
        slug: p.slug,
        ...(p.path !== undefined ? { path: p.path } : {}),
        public_id: item.postId,
        content: body.html,
        document_type: 'html',
        status,
        excerpt: body.excerpt,
        ...(undated ? {} : { updated_at_iso: dates.updated }),
        ...(image ? { featured_image: image } : {}),
        ...(Object.keys(meta).length ? { meta } : {}),
        ...commentFields(item, 'page'),
      })
      pagesDone++
      if (status === 'draft') drafts++
    } catch (e) {
      dropItem(item, e)
    }
    trim(item)
  }

  function dropItem(item: WxrItem, e: unknown) {
    report.skip({ file: item.file, line: item.line, post_id: item.postId, post_type: item.postType, status: item.status, title: item.title, reason: 'invalid_item', detail: errorMessage(e) })
    warnItem(item, errorCode(e), '', `${item.postType === 'page' ? 'Page' : 'Post'} "${item.title}" (id ${item.postId}) was not imported: ${errorMessage(e)}`)
  }

  for (const id of stats.missingAttachments) report.warn({ code: 'unresolved_reference', path: '', message: `A [gallery] names attachment ${id}, which is not in the export; it was left out.`, file: files[0] ?? '', line: 0 })

  // Media entries, sorted by URL for a stable payload.
  for (const src of [...media.keys()].sort(compareCodeUnits)) {
    try {
      b = b.media(media.get(src) as MediaFile)
    } catch (e) {
      report.warn({ code: errorCode(e), path: '', message: `Media "${src}" could not be imported: ${errorMessage(e)}`, file: files[0] ?? '', line: 0 })
    }
  }
  for (const att of c.media.all()) {
    if (!usedAttachments.has(att.id)) {
      report.skip({ file: att.file, line: att.line, post_id: att.id, post_type: 'attachment', status: 'inherit', title: att.url, reason: 'attachment_unused', detail: 'no imported item shows it' })
    }
  }
  // Attachments are a third of what an import holds; nothing reads them after this, and the build needs the room.
  c.media.clear()
  c.reusableBlocks.clear()

  // Menus: classic menus, then block navigation.
  const menuTargets: MenuTargets = {
    post: (id) => {
      const p = postOut.get(id)
      return p && p.item.status === 'publish' ? { slug: p.slug } : undefined
    },
    page: (id) => {
      const p = pagePlans.get(id)
      return p && p.emitted && p.item.status === 'publish' ? { path: p.effectivePath } : undefined
    },
    category: (id) => {
      const slug = termIds.category.get(id)
      return slug ? { slug } : undefined
    },
    tag: (id) => {
      const slug = termIds.post_tag.get(id)
      return slug ? { slug } : undefined
    },
    pageTree: () =>
      [...pagePlans.values()]
        .filter((p) => p.emitted && p.item.status === 'publish')
        .sort((x, y) => x.item.menuOrder - y.item.menuOrder || compareCodeUnits(x.title, y.title) || x.item.postId - y.item.postId)
        .map((p) => ({ id: p.item.postId, parent: p.parentId, path: p.effectivePath })),
    internalUrl: (url) => links.resolve(url),
    checkUrl: (url) => checkUrl(url, 'navigation'),
    postIndexUrl: site.post_index?.path ?? '/',
  }
  const takenMenuIds = new Set<string>()
  const menuWarn = (w: { message: string; file: string; line: number }) => report.warn({ code: 'unresolved_reference', path: '', message: w.message, file: w.file, line: w.line })
  const navMenus = c.terms.filter((t) => t.taxonomy === 'nav_menu')
  const uniqueMenus = [...new Map(navMenus.map((t) => [t.slug, { slug: t.slug, name: t.name, termId: t.termId }])).values()]
  for (const item of c.navItems) {
    if (!uniqueMenus.some((m) => m.slug === item.menu)) uniqueMenus.push({ slug: item.menu, name: item.menu, termId: 0 })
  }
  const menuSpecs: MenuSpec[] = buildClassicMenus(uniqueMenus, c.navItems, menuTargets, takenMenuIds, menuWarn)
  const skippedBlocks: Record<string, number> = {}
  for (const nav of [...c.navigations].sort((x, y) => x.id - y.id)) {
    const spec = buildNavigationMenu(nav, menuTargets, takenMenuIds, menuWarn, skippedBlocks)
    if (spec) menuSpecs.push(spec)
  }
  for (const [name, n] of Object.entries(skippedBlocks)) report.fallback(`navigation_block_skipped_${name}`, n)
  let menusDone = 0
  for (const m of menuSpecs) {
    try {
      b = b.menu(m.id, { name: m.name, items: m.items })
      menusDone++
    } catch (e) {
      report.warn({ code: errorCode(e), path: '', message: `Menu "${m.name}" could not be imported: ${errorMessage(e)}`, file: files[0] ?? '', line: 0 })
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
  if (elsewhere) {
    const counts = await elsewhere.done()
    finished.linksRewritten += counts.linksRewritten
    finished.excerptsFromMore += counts.excerptsFromMore
  }
  if (finished.excerptsFromMore > 0) report.fallback('excerpt_from_more', finished.excerptsFromMore)
  const payload = built.payload
  const redirectList = redirects.list()
  const counts: ImportReport['counts'] = {
    items_read: c.itemsRead,
    posts: postsDone,
    pages: pagesDone,
    drafts,
    authors: payload.content.authors.length,
    categories: payload.content.categories.length,
    tags: payload.content.tags.length,
    media: payload.content.media?.length ?? 0,
    menus: menusDone,
    redirects: redirectList.length,
    comments: c.comments,
    approved_comments: c.approvedComments,
    links_rewritten: finished.linksRewritten,
  }
  return { payload, report: report.finish(files, counts, formatOffset(inferredMinutes, true)), redirects: redirectList }
}

type TermOut = { name: string; slug: string; description: string; raw: string; parentRaw: string }
type PostPlan = { item: WxrItem; title: string; slug: string; url: string; published: string; updated: string }

/** Category names from the root down, by raw slug, for `/category/parent/child/` archive URLs. */
function categoryChain(t: TermOut, map: Map<string, TermOut>): string[] {
  const chain = [t.raw]
  const seen = new Set([t.raw])
  let parent = t.parentRaw
  while (parent && !seen.has(parent) && chain.length < LIMITS.maxPageDepth) {
    seen.add(parent)
    chain.unshift(parent)
    parent = map.get(decodeWpSlug(parent))?.parentRaw ?? ''
  }
  return chain
}

/**
 * Empties what an emitted item no longer needs once it is in the builder; menus read only its id, status and menu
 * order. On 100,000 posts these fields hold about 100 MB that would otherwise stay alive through the build.
 */
function trim(item: WxrItem): void {
  item.guid = item.pubDate = item.creator = item.excerpt = item.link = ''
  item.postDate = item.postDateGmt = item.postModified = item.postModifiedGmt = item.commentStatus = ''
  item.terms = []
  item.meta = {}
  item.oldSlugs = []
  item.moreText = undefined
  item.images = undefined
}

function replaceLastSegment(link: string, current: string, old: string): string | undefined {
  const m = /^(https?:\/\/[^?#]*\/)([^/?#]+)(\/?)$/i.exec(link)
  if (!m || decodeWpSlug(m[2]) !== decodeWpSlug(current)) return undefined
  return m[1] + old + m[3]
}

function uniqueSlugs(slugs: Array<string | undefined>): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const s of slugs) {
    if (s && !seen.has(s)) {
      seen.add(s)
      out.push(s)
    }
  }
  return out
}


function canonicalLocale(language: string): string {
  const tag = language.trim().replace(/_/g, '-')
  if (!tag) return 'en'
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'en'
  } catch {
    return 'en'
  }
}

function siteClock(timezone: string | undefined, inferredMinutes: number): SiteClock {
  if (timezone === undefined) return { kind: 'offset', minutes: inferredMinutes }
  const fixed = parseOffset(timezone)
  if (fixed !== undefined) return { kind: 'offset', minutes: fixed }
  return { kind: 'zone', zone: timezone }
}

function errorCode(e: unknown): ReturnType<typeof codeOf> {
  return codeOf(e)
}

function codeOf(e: unknown) {
  return e instanceof PreviewDataError ? e.code : ('invalid_argument' as const)
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}
