import { statSync } from 'node:fs'
import { createPreviewData, PreviewDataError } from '../../src/index.js'
import type { PreviewData } from '../../src/index.js'
import type { CommonImportOptions, ImportProgress } from '../shared/types.js'
import { assemble } from './assemble.js'
import { BodyPool, bodyWorker } from './bodies/pool.js'
import type { WorkerSource } from './bodies/pool.js'
import type { FinishSetup, RenderCounts } from './bodies/work.js'
import { KeptBodies, payloadJson } from './bodies/payload-json.js'
import { Collector, noteByteIssue } from './collect.js'
import type { Collected, HiddenPolicy } from './collect.js'
import { formatOffset } from './dates.js'
import type { LinkIndex } from './links.js'
import { LIMITS } from './limits.js'
import { mediaKey, mediaRewriter, uploadsPrefix, webUrl } from './media.js'
import { homeMedia, mediaHostsOf } from './media-plan.js'
import { mapOldUrls } from './old-urls.js'
import { planPlaces } from './places.js'
import { siteBlocksOf } from './site-blocks.js'
import type { PostTypeTarget } from './post-types.js'
import { orderItems } from './posts.js'
import type { WarnItem } from './posts.js'
import { cleanBytes } from './read/decode.js'
import { exportFiles } from './read/sources.js'
import type { WordPressSource } from './read/sources.js'
import { readWxr } from './read/wxr.js'
import type { Redirect } from './redirects.js'
import { ReportBuilder } from './report.js'
import type { ImportReport } from './report.js'
import { droppedShortcodeItems, mediaSection, permalinkSection, reportSections, taxonomySection } from './report-sections.js'
import { planTerms } from './terms.js'

export type { WordPressSource } from './read/sources.js'

/** How `downloadMedia` fetches files; every member has a default. */
export interface DownloadSettings {
  /** Files fetched at once. Default 4. */
  concurrency?: number
  /** Largest file accepted, in bytes. Default 256 MiB. */
  maxBytes?: number
  /** Milliseconds one attempt may take. Default 60,000. */
  timeoutMs?: number
  /** Retries of a failed fetch (network errors, 429, 5xx). Default 2. */
  retries?: number
  /** Allow private and loopback addresses (a local test server). Default false: an export cannot reach the local network. */
  allowPrivateNetwork?: boolean
}

/**
 * What `onProgress` is told as the export is read: `done` bytes read (decompressed), also given as `bytes` with the
 * `items` read so far and the `file` being read. The size of the whole is not known before reading (a stream, a `.gz`,
 * a `.zip`), so `total` is left out.
 */
export interface WordPressProgress extends ImportProgress {
  unit: 'bytes'
  file: string
  bytes: number
  items: number
}

/**
 * Options of `importWordPress`: the options both importers share (`site`, `generator`, `generatedAt`, `drafts`,
 * `mediaOut`, `onProgress`; see `CommonImportOptions`), plus WordPress's own.
 */
export interface ImportWordPressOptions extends CommonImportOptions<WordPressProgress> {
  /**
   * Private items, which only the site's editors saw: `skip` (default) or `draft`. A build stage may publish a draft,
   * so keeping them can make them public.
   */
  privateItems?: HiddenPolicy
  /** `skip` (default) leaves password-protected items out; `draft` keeps them as drafts (their password is dropped). */
  passwordProtected?: HiddenPolicy
  /** Items of other post types to import, and as what: `{ product: 'page' }`. WooCommerce variations fold into their product. */
  postTypes?: Record<string, PostTypeTarget>
  /** Menu ids by WordPress menu slug (`{ 'main-nav': 'primary' }`); without `primary`, the import chooses one. */
  menus?: Record<string, string>
  /** Keep shortcodes that are not rendered as they are written, instead of removing their tags (their inner text stays either way). */
  keepShortcodes?: boolean
  /** A local copy of the old site's `wp-content/uploads`, where media files are taken from (into `mediaOut`). */
  uploads?: string
  /** Fetch media files the uploads copy does not have from the old site's own media hosts (never from anywhere else), into `mediaOut`. */
  downloadMedia?: boolean | DownloadSettings
  /** Called as media files are brought home. */
  onMediaProgress?: (done: number, total: number) => void
  /** Media URL prefix to replace (default: none, or, when only `mediaTo` is given, the `…/wp-content/uploads/` most attachments' URLs start with, else `<old site>/wp-content/uploads/`). */
  mediaFrom?: string
  /** Replacement for `mediaFrom` (for example `/media/` or `https://cdn.example/`). */
  mediaTo?: string
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
  return { payload, report, redirects, json: () => payloadJson(payload, (kind, id) => bodies.get(kind, id), (kept) => pool.finishedJson(kept)), close: () => pool.close() }
}

/**
 * The path of every item: read the export (each item classified as it is read, bodies rendered on the body pool),
 * plan where everything goes (site, slugs, URLs, terms, old URLs), finish the bodies, and assemble the payload through
 * the builder, which checks the contract.
 */
async function runImport(source: WordPressSource, options: ImportWordPressOptions, keepFinished: boolean) {
  const { override, bringHome } = checkOptions(options)
  const report = new ReportBuilder()
  const pool = new BodyPool({ keepFinished, worker: await workerFor(source), render: { keepShortcodes: options.keepShortcodes === true, mediaRefs: bringHome } })
  try {
    const { collected, files, bytes } = await readExport(source, options, pool, report)
    const warnItem: WarnItem = (item, code, message) => report.warn({ code, path: '', message, file: item.file, line: item.line })
    // Terms first: the first post to name a term (in export order) gives it its name.
    const taxonomies = planTerms(collected.terms, collected.posts, report, files[0] ?? '', collected.slugLocale)
    orderItems(collected.posts, collected.pages, collected.media.ids(), warnItem)
    const { site, permalinks, bases, front, pages, posts } = planPlaces(collected, override, options.generatedAt, report, warnItem)
    const mediaHosts = mediaHostsOf(site, collected)
    // The media files items show come with their rendering, which the worker may still be finishing.
    if (bringHome) await pool.prepared()
    const home = bringHome ? await homeMedia(collected, posts, pages, homeMediaOptions(options, mediaHosts), report) : undefined
    const media = mediaUrls(collected, site.blogUrl, options, home)
    const { links, redirects } = mapOldUrls(posts, pages, taxonomies, site.site, site, front, bases, { all: collected.media.all(), fileUrl: media.fileUrl })
    // Planned while the worker rendered the last bodies it was given; what it found is needed from here on.
    await pool.prepared()
    // The setup is not kept here: the pool lets go of it once the bodies that need it are finished.
    const finished = pool.finish(
      finishSetup(collected, media, links, home && { hosts: [...mediaHosts], files: [...home.files].map(([key, f]): [string, string] => [key, f.url]) }, siteBlocksOf(collected, posts, pages, front, site, taxonomies, bytes, (body) => pool.renderedBody(body))),
      [...posts.values(), ...pages.values()].map(({ item }) => ({ body: item.body, excerpt: item.excerpt })),
    )
    const plan = { site, taxonomies, posts, pages, links, mediaRewrite: media.rewrite, front, menuIds: options.menus ?? {}, mediaHosts, ...(home ? { home: home.files } : {}) }
    // Counted before assembling, which lets go of where items were.
    const urls = permalinkSection(permalinks, site.site.permalinks ?? {}, posts, pages, front, redirects)
    const otherTaxonomies = taxonomySection(collected)
    const bodies = new KeptBodies()
    const header = { generator: options.generator ?? GENERATOR, site: override }
    const assembled = await assemble(collected, plan, finished, header, report, files, keepFinished ? { keep: bodies } : {})
    mergeRenderCounts(report, pool.counts)
    const redirectList = redirects.list()
    const counts = { ...assembled.counts, redirects: redirectList.length }
    const sections = reportSections({ permalinks, urls, front, menuIds: assembled.menuIds, collected, postTypes: options.postTypes ?? {}, redirects: redirectList, taxonomies: otherTaxonomies, media: mediaSection(mediaHosts, home, assembled.remoteMedia, media.from), droppedShortcodesIn: droppedShortcodeItems(pool.counts.droppedIn, files, posts, pages) })
    return { payload: assembled.payload, report: report.finish(files, counts, formatOffset(site.inferredMinutes, true), sections), redirects: redirectList, pool, bodies }
  } catch (error) {
    await pool.close()
    throw error
  }
}

/** The options checked before the export is read, so a bad `--site` costs nothing; and whether media files come home. */
function checkOptions(options: ImportWordPressOptions): { override: NonNullable<ImportWordPressOptions['site']>; bringHome: boolean } {
  const override = options.site ?? {}
  const { front_page: frontPage, ...fields } = override
  const checked = createPreviewData({ generator: GENERATOR, generated_at: CHECK_TIME }).site(fields)
  if (frontPage) checked.frontPage(frontPage)
  const bringHome = options.uploads !== undefined || Boolean(options.downloadMedia)
  if (bringHome && options.mediaOut === undefined) throw new PreviewDataError('invalid_argument', 'uploads and downloadMedia bring media files into mediaOut: give the media folder too.')
  return { override, bringHome }
}

/** What bringing media files home needs of the options: where they go, from where, and who hears of its progress. */
function homeMediaOptions(options: ImportWordPressOptions, hosts: Set<string>): Parameters<typeof homeMedia>[3] {
  const download = typeof options.downloadMedia === 'object' ? options.downloadMedia : {}
  return {
    mediaOut: options.mediaOut as string,
    ...(options.uploads !== undefined ? { uploads: options.uploads } : {}),
    download: Boolean(options.downloadMedia),
    hosts,
    ...download,
    ...(options.onMediaProgress ? { onProgress: options.onMediaProgress } : {}),
  }
}

/** Where media URLs go: `from` (the uploads prefix `--media-to` replaces), its `rewrite`, and each file's new URL. */
type MediaUrls = { from: string; to: string; rewrite: (url: string) => string; fileUrl: (url: string) => string }

function mediaUrls(collected: Collected, blogUrl: string, options: ImportWordPressOptions, home: Awaited<ReturnType<typeof homeMedia>> | undefined): MediaUrls {
  const from = options.mediaFrom ?? (options.mediaTo !== undefined ? uploadsPrefix(collected.media.all(), blogUrl) : '')
  const rewrite = mediaRewriter(from, options.mediaTo ?? '')
  // Files brought home move to their new URLs everywhere, galleries included; the rest by the prefix rewrite.
  const homeUrl = home ? (url: string) => home.files.get(mediaKey(url) ?? '')?.url : undefined
  return { from, to: options.mediaTo ?? '', rewrite, fileUrl: (url: string) => webUrl(homeUrl?.(url) ?? rewrite(url)) }
}

/** What finishing bodies needs once the export is read (see `FinishSetup`). */
function finishSetup(collected: Collected, media: MediaUrls, links: LinkIndex, home: FinishSetup['home'] | undefined, siteBlocks: FinishSetup['siteBlocks']): FinishSetup {
  // A gallery in a reusable block may show anything (and its post's attachments), so then every attachment goes.
  const blockGalleries = collected.late.blocks && [...collected.reusableBlocks.values()].some((block) => block.includes('[gallery') || block.includes('[playlist'))
  const gallery = collected.media.gallery(media.fileUrl, { ...collected.late, all: blockGalleries })
  // File names with white space (kept as uploaded) are what leaves URLs with spaces in bodies.
  const spacedUrls = collected.media.all().some((att) => /\s/.test(att.url))
  return { links, mediaFrom: media.from, mediaTo: media.to, reusableBlocks: [...collected.reusableBlocks], gallery, siteBlocks, ...(home ? { home } : {}), ...(spacedUrls ? { spacedUrls } : {}) }
}

/** The shortcodes and dynamic blocks the body pool's renders counted, into the report. */
function mergeRenderCounts(report: ReportBuilder, counts: RenderCounts): void {
  ReportBuilder.merge(report.renderedShortcodes, counts.rendered)
  ReportBuilder.merge(report.removedShortcodes, counts.removed)
  ReportBuilder.merge(report.keptShortcodes, counts.kept)
  ReportBuilder.merge(report.droppedShortcodes, counts.dropped)
  ReportBuilder.merge(report.dynamicBlocks, counts.dynamic)
}

/** Reads every file of the export, item by item, into what the payload needs (see `Collector`). */
async function readExport(source: WordPressSource, options: ImportWordPressOptions, pool: BodyPool, report: ReportBuilder): Promise<{ collected: Collected; files: string[]; bytes: number }> {
  const files: string[] = []
  let bytes = 0
  let items = 0
  const progress = () => options.onProgress?.({ done: bytes, unit: 'bytes', file: files.at(-1) ?? '', bytes, items })
  const policy = { drafts: options.drafts ?? 'exclude', privateItems: options.privateItems ?? 'skip', passwordProtected: options.passwordProtected ?? 'skip', postTypes: options.postTypes ?? {} } as const
  const collector = new Collector(policy, pool, report, () => {
    if (++items % 1000 === 0) progress()
  })
  for await (const file of exportFiles(source)) {
    files.push(file.name)
    const chunks = cleanBytes(counted(file.bytes, (n) => (bytes += n)), file.name, (issue) =>
      issue.kind === 'text_before_xml' ? report.warn({ code: 'invalid_value', path: '', message: `${issue.detail}.`, file: file.name, line: 1 }) : noteByteIssue(report, issue, file.name),
    )
    const { sawWxr } = await readWxr(paced(chunks, pool), file.name, collector)
    if (!sawWxr) throw new PreviewDataError('invalid_xml', `${file.name}: this RSS file has no WordPress (wp:) elements; it is not a WordPress export.`)
  }
  collector.end()
  pool.flush()
  progress()
  return { collected: collector.collected, files, bytes }
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
