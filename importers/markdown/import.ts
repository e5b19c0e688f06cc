import path from 'node:path'
import { DateTime } from 'luxon'
import { createPreviewData, LIMITS, PreviewDataError, SITE_DEFAULTS } from '../../src/index.js'
import type { MenuItemFields, MenuItemInput, SiteInput } from '../../src/builder/inputs.js'
import { categoryRoute, tagRoute } from '../../src/routes/index.js'
import { isListed, visitPostIndex } from '../../src/routes/derive.js'
import type { MediaEntry, PreviewData } from '../../src/contract/types.js'
import { countBy } from '../shared/counts.js'
import { readImageDimensions } from '../shared/image-dimensions.js'
import { deliverFile } from '../shared/media-out.js'
import type { MigrationReport, ReportItem } from '../shared/types.js'
import { EXCERPT_MAX_LENGTH, slugFor } from './_core.js'
import { AuthorResolver, inlineAvatars } from './authors.js'
import { instant, isKnownZone } from './dates.js'
import { detectSite, PRESETS } from './detect.js'
import { Diagnostics } from './diagnostics.js'
import { compareCodeUnits } from '../../src/compare.js'
import { discover, onePathEach, resolveRelative } from './discover.js'
import type { DiscoveredFile, Discovery } from './discover.js'
import { bodyExcerpt, mapDocument } from './document.js'
import { DATE_KEYS, firstKey } from './fields.js'
import type { MapContext, SourceDoc } from './document.js'
import { parseData, parseFrontMatter } from './front-matter.js'
import type { DataLanguage, FrontMatter } from './front-matter.js'
import { IMAGE_EXTENSIONS } from './images.js'
import { applyEdits, resolveReference, urlKey } from './links.js'
import type { Edit, LinkIndex } from './links.js'
import { planRoutes, servesSame } from './plan.js'
import type { RoutePlan } from './plan.js'
import { applyNativeSiteFile } from './presets/_config.js'
import { dependencyNames } from './presets/_package.js'
import { listPageTarget } from './presets/_list-pages.js'
import { contentBeside } from './presets/docusaurus.js'
import { isUnpublished } from './presets/types.js'
import type { ConfigMenuItem, Convention, GeneratedRoute, Placement, PresetContext, PresetName, SiteConfig, SourceFile } from './presets/types.js'
import { DEFAULT_MAX_FILE_BYTES, readText } from './read.js'
import { scanBody } from './scan.js'
import { TaxonomyResolver } from './taxonomies.js'
import { expandTemplates, includeTargets, relativeIncludeFolders, TEMPLATES_EXPANDED } from './templating.js'
import type { Asset, ImportMarkdownOptions, ImportMarkdownResult, Redirect } from './types.js'
import type { TemplateResult } from './templating.js'
import { trimBoth, trimLeading, trimTrailing } from '../../src/trim.js'

const EPOCH = '1970-01-01T00:00:00Z'

/**
 * Imports a folder of Markdown files into a validated Preview Data payload, keeping the site its generator
 * published: the same documents at the same URLs (or redirects from them), working links, delivered images. The
 * path of one file is: discover → read → place (the generator's rules) → expand templates → links and media →
 * builder → report. One bad file is reported and skipped; the rest is imported.
 * @example
 * const { payload, diagnostics, report } = await importMarkdown('examples/site', { preset: 'native' })
 */
export async function importMarkdown(dir: string, options: ImportMarkdownOptions = {}): Promise<ImportMarkdownResult> {
  const run = startRun(dir, options)
  const site = await openSite(run)
  // A document reached by several paths (through symbolic links, which generators follow) is imported once.
  const sources = onePathEach(site.discovery.files.filter((f) => site.convention.isDocument(f)), (rel, of) => run.skip(rel, 'symlink-duplicate', `the same file as ${of}, reached through a symbolic link: imported once, as ${of}`))
  if (sources.length === 0) return nothingToImport(site.discovery, site.detected, run.diagnostics, run.items, run.root)

  const mapContext: MapContext = { preset: site.detected.preset, timezone: site.timezone, excerptMarkers: site.config.excerptMarkers, excerptLength: options.excerptLength ?? EXCERPT_MAX_LENGTH, diagnostics: run.diagnostics }
  const { docs, stubs } = await readDocuments(run, site, sources, mapContext)
  const kept = keepPublished(run, docs, site.now, site.config.publishes)
  site.convention.finish?.(new Set(kept.filter((d) => !d.draft).map((d) => d.file)))
  const generatedAt = options.generatedAt ?? newestDate(kept) ?? EPOCH
  const routes = planSite(run, site, kept)
  const terms = resolveTerms(run, site, routes)
  const links = linkSite(run, site, routes, terms, stubs)
  const bodies = await rewriteBodies(run, site, routes.placed, links.index, mapContext)
  deliverSiteImages(site.config, (ref, from, what) => siteImage(run, links.index, bodies, ref, from, what))
  terms.authors.refresh(site.config.authors)
  const entries = await bodies.media.measure(run.root, run.concurrency, run.diagnostics)

  // builder: every entity goes through it, so the payload is checked and canonical.
  const payload = buildPayload(run, site, { generatedAt, routes, terms, featured: bodies.featured, entries })
  const result = importResult(run, site, { payload, routes, links, bodies })
  if (options.mediaOut && payload) await deliverMedia(run.root, bodies.media.assets(), options.mediaOut)
  return result
}

/** A redirect stub (Jekyll `redirect_to`): answers at its old URL with its target. */
type RedirectStub = { file: string; from: string; to: string }

/** What every step of one import shares: the caller's options, the findings so far, one report entry per file. */
interface Run {
  /** The folder imported: the one given, or the subfolder detection found the site in. */
  root: string
  options: ImportMarkdownOptions
  diagnostics: Diagnostics
  maxFileBytes: number
  concurrency: number
  /** One report entry per input file; the last word on a file stands. */
  items: Map<string, ReportItem>
  skip(source: string, skipped: string, detail?: string): void
}

function startRun(dir: string, options: ImportMarkdownOptions): Run {
  const items = new Map<string, ReportItem>()
  return {
    root: path.resolve(dir),
    options,
    diagnostics: new Diagnostics(),
    maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    concurrency: Math.max(1, options.concurrency ?? 16),
    items,
    skip: (source, skipped, detail) => items.set(source, { source, skipped, ...(detail ? { detail } : {}) }),
  }
}

/** The folder as its generator sees it: its files, its convention and that convention's configuration. */
interface Site {
  discovery: Discovery
  detected: { preset: ImportMarkdownResult['preset']; reason: string }
  convention: Convention
  config: SiteConfig
  /** The caller's native site file (`--config`), relative to the folder. */
  configRel: string | undefined
  timezone: string
  /** The instant that decides what is future or expired. */
  now: string
  /** The files the preset read while configuring, which `readDocuments` takes instead of reading them again. */
  early: Map<string, EarlyRead>
}

/**
 * The site of a convention the caller chose: the whole folder, read with that convention's rules (`--preset` imports
 * the whole folder even where detection would take a subfolder), except that a site detection finds in a subfolder
 * taking its content from beside it (Docusaurus in website/ with `path: '../docs'`) is read the same way, its
 * configuration in that subfolder: the caller named the convention the folder holds, not other rules for it.
 */
async function chosenSite(preset: PresetName, walked: Discovery, detect: () => ReturnType<typeof detectSite>): ReturnType<typeof detectSite> {
  const chosen = { folder: '', discovery: walked, preset, reason: 'chosen by the caller' }
  // Only Docusaurus sites take content from beside their folder: for the others, detection is not run.
  if (preset !== 'docusaurus') return chosen
  const detected = await detect()
  if (detected.preset !== preset || detected.folder !== '' || detected.siteFolder === undefined) return chosen
  return { ...chosen, siteFolder: detected.siteFolder, reason: `chosen by the caller; its configuration read in ${detected.siteFolder}/ (${detected.reason})` }
}

/** Discovers every file in a stable order (names that are not UTF-8 are reported and left out), then reads the convention's configuration. */
async function openSite(run: Run): Promise<Site> {
  const { options, diagnostics, maxFileBytes } = run
  const walked = await discover(run.root, diagnostics)
  walked.dependencies = await packageDependencies(run.root, walked.paths, maxFileBytes)
  // Detection may find the site in a subfolder (a repository's docs/ or website/): that folder is then the root.
  const detect = () => detectSite(walked, (folder, paths) => packageDependencies(path.join(run.root, folder), paths, maxFileBytes), (folder) => contentBeside(folder, walked.paths, (rel) => readText(path.join(run.root, rel), rel, maxFileBytes, new Diagnostics())))
  const found = options.preset && options.preset !== 'auto' ? await chosenSite(options.preset, walked, detect) : await detect()
  run.root = path.join(run.root, found.folder)
  const { root } = run
  const { discovery } = found
  const detected = { preset: found.preset, reason: found.reason }
  for (const r of discovery.rejected) run.skip(r.rel, r.reason)
  // The clock decides what is future or expired (as the generator's build would), never what the payload says:
  // `generated_at` comes from the content, so two imports of one folder give the same bytes.
  if (options.generatedAt !== undefined && !DateTime.fromISO(options.generatedAt, { setZone: true }).isValid) {
    throw new PreviewDataError('invalid_timestamp', `generatedAt "${options.generatedAt}" is not an RFC 3339 timestamp.`, '/generated_at')
  }
  const now = options.generatedAt ?? new Date().toISOString()
  const { ctx, early } = presetContext(root, discovery, diagnostics, maxFileBytes, options, now)
  if (found.siteFolder !== undefined) ctx.siteFolder = found.siteFolder
  const convention = await PRESETS[detected.preset].configure(ctx)
  const config = convention.config
  const configRel = options.configFile ? configPath(root, options.configFile) : undefined
  if (configRel && detected.preset !== 'native') {
    const data = await ctx.readData(configRel)
    if (data !== undefined && data !== null) applyNativeSiteFile(data, config, configRel, diagnostics)
    else if (data === undefined) diagnostics.error(configRel, 0, 'invalid_config', `The site file "${configRel}" does not exist.`)
    config.configFiles.add(configRel)
  }
  if (options.site) config.site = { ...config.site, ...options.site }
  const timezone = siteTimezone(config, options, diagnostics)
  return { discovery, detected, convention, config, configRel, timezone, now, early }
}

/**
 * Reads each document (front matter and body as plain data) and places it by the generator's rules for that one
 * file. Unreadable and unpublished files are reported and skipped; redirect stubs (Jekyll `redirect_to`) are kept
 * apart for later.
 */
async function readDocuments(run: Run, site: Site, sources: DiscoveredFile[], mapContext: MapContext): Promise<{ docs: SourceDoc[]; stubs: RedirectStub[] }> {
  const { options, diagnostics } = run
  let done = 0
  const { early } = site
  const read = await mapLimit(sources, run.concurrency, async (file): Promise<SourceFile | { file: DiscoveredFile; failed: string }> => {
    // A file the preset read already (a docs sidebar reads every doc's front matter) is not read or parsed again.
    const kept = early.get(file.rel)
    early.delete(file.rel)
    if (kept) for (const d of kept.findings.since(0)) diagnostics.push(d)
    const text = kept ? kept.text : await readText(file.abs, file.rel, run.maxFileBytes, diagnostics)
    const fm = kept?.fm !== undefined ? kept.fm : text === null ? null : parseFrontMatter(text, file.rel, diagnostics)
    done++
    if (options.onProgress && (done % 100 === 0 || done === sources.length)) options.onProgress({ done, total: sources.length, unit: 'files' })
    return fm ? { file, fm } : { file, failed: text === null ? 'unreadable' : 'parse-error' }
  })
  early.clear()
  const docs: SourceDoc[] = []
  const stubs: RedirectStub[] = []
  for (const r of read) {
    if ('failed' in r) {
      run.skip(r.file.rel, r.failed, 'see the diagnostics for the line and the fix')
      continue
    }
    const place = site.convention.place(r)
    if (isUnpublished(place)) {
      run.skip(r.file.rel, place.skip, place.detail)
      if (place.redirect) stubs.push({ file: r.file.rel, ...place.redirect })
      continue
    }
    docs.push(mapPlaced(run, r, place, mapContext))
  }
  return { docs, stubs }
}

/** Maps one placed file; dates are never invented, so a document of a post folder without any date is a page. */
function mapPlaced(run: Run, r: SourceFile, place: Placement, mapContext: MapContext): SourceDoc {
  const { diagnostics } = run
  const mark = diagnostics.count
  const doc = mapDocument(r.file.rel, r.fm, place, mapContext)
  if (doc.kind !== 'post' || doc.published !== undefined) return doc
  // Mapped again as a page; what the first mapping reported about this file stands, so it is not said twice.
  const page = mapDocument(r.file.rel, r.fm, { ...place, kind: 'page', ...(place.url === undefined && !place.pathDirs ? { pathDirs: [] } : {}) }, { ...mapContext, diagnostics: new Diagnostics() })
  // A date written but unreadable was reported by the first mapping, on the date's line.
  const dateKey = firstKey(r.fm.data, DATE_KEYS)
  const unreadable = dateKey === undefined ? undefined : diagnostics.since(mark).find((d) => d.code === 'invalid_date' && d.line === r.fm.lineOf(dateKey))
  // A draft left out (Jekyll's _drafts/ have no date by design) is not imported at all: nothing to say about it.
  if (!(page.draft && run.options.drafts !== 'include')) diagnostics.warn(r.file.rel, unreadable?.line ?? 0, 'missing_date', unreadable
    ? 'This document sits with the posts, but its date cannot be read (see invalid_date on this line), so it was imported as a page. Correct the date to make it a post.'
    : 'This document sits with the posts but has no date in its front matter or file name, so it was imported as a page. Add `date:` to make it a post.')
  return page
}

/**
 * Drafts, unpublished, future and expired documents stay private unless asked for (then they are drafts), or, for
 * future and expired ones, unless the site's build publishes them (`publishes`).
 */
function keepPublished(run: Run, docs: SourceDoc[], now: string, publishes: SiteConfig['publishes']): SourceDoc[] {
  const nowMs = instant(now)
  const kept: SourceDoc[] = []
  for (const doc of docs) {
    const future = publishes?.future !== true && doc.published !== undefined && instant(doc.published) > nowMs
    const expired = publishes?.expired !== true && doc.expiry !== undefined && instant(doc.expiry) <= nowMs
    if (doc.draft || future || expired) {
      const reason = doc.draft ? 'draft' : future ? 'future' : 'expired'
      if (run.options.drafts !== 'include') {
        run.skip(doc.file, reason, doc.draft ? doc.draftReason : undefined)
        continue
      }
      doc.draft = true
    }
    kept.push(doc)
  }
  return kept
}

/** The documents that have a URL, and the plan that gave it. */
interface Routes {
  plan: RoutePlan
  placed: SourceDoc[]
  posts: SourceDoc[]
  pages: SourceDoc[]
}

/** Routes: the generator's URLs where the contract can express them, redirects from the rest. */
function planSite(run: Run, site: Site, kept: SourceDoc[]): Routes {
  const { config } = site
  const permalinks = config.site.permalinks ?? config.permalinks
  const plan = planRoutes(kept.filter((d) => d.kind === 'post'), kept.filter((d) => d.kind === 'page'), {
    timezone: site.timezone,
    ...(permalinks ? { permalinks } : {}),
    ...(config.postIndexPath ? { postIndexPath: config.postIndexPath } : {}),
    basePath: config.basePath,
    diagnostics: run.diagnostics,
  })
  for (const d of plan.dropped) run.skip(d.doc.file, d.reason, d.detail)
  const dropped = new Set(plan.dropped.map((d) => d.doc))
  const placed = kept.filter((d) => !dropped.has(d))
  return { plan, placed, posts: placed.filter((d) => d.kind === 'post'), pages: placed.filter((d) => d.kind === 'page') }
}

/** Each post's authors and terms, resolved against the site's registries. */
interface Terms {
  authors: AuthorResolver
  categories: TaxonomyResolver
  tags: TaxonomyResolver
  ofPost: Map<SourceDoc, PostTerms>
}

interface PostTerms {
  authors: string[]
  categories: string[]
  tags: string[]
}

/** Authors and taxonomies come before links: their archive routes are link targets. */
function resolveTerms(run: Run, site: Site, routes: Routes): Terms {
  const { config, convention } = site
  const { diagnostics } = run
  const authors = new AuthorResolver(config.authors, convention.authorSeparator)
  const categories = new TaxonomyResolver(config.categories, 'category')
  const tags = new TaxonomyResolver(config.tags, 'tag')
  const ofPost: Terms['ofPost'] = new Map()
  for (const p of routes.posts) {
    const ids = authors.resolve(p.file, p.authors)
    ofPost.set(p, { authors: ids, categories: categories.resolve(p.file, p.categories, diagnostics), tags: tags.resolve(p.file, p.tags, diagnostics) })
  }
  authors.report(diagnostics, config.authors.size > 0 ? 'the authors registry' : 'any registry')
  addInlineAvatars(config, authors, routes.posts)
  keepArchivesApart(routes.plan, { categories: [...categories.terms.keys()], tags: [...tags.terms.keys()] }, config.file ?? '', diagnostics)
  return { authors, categories, tags, ofPost }
}

/** What links resolve against, and the redirects the generator's own pages and stubs stand for. */
interface Links {
  index: LinkIndex
  generated: Redirect[]
  stubbed: Redirect[]
}

/** Builds the link index once every route is known, then points the menus at the new URLs. */
function linkSite(run: Run, site: Site, routes: Routes, terms: Terms, stubs: RedirectStub[]): Links {
  const { config, convention } = site
  const { diagnostics } = run
  const index: LinkIndex = { ...linkIndex(routes.placed, routes.plan, convention, site.discovery.paths, config, { categories: terms.categories.terms.keys(), tags: terms.tags.terms.keys() }), mounts: mountsOf(run.root) }
  const documents = new Set([...routes.placed.flatMap((d) => (d.url === undefined ? [] : [d.url])), ...index.urlOfFile.values()].map(urlKey))
  const generated = generatedRedirects(config, index, documents, diagnostics)
  // Redirect stubs answer at their old URLs with their target: links to them lead there too.
  const stubbed = stubRedirects(stubs, index, config.basePath, diagnostics)
  for (const r of stubbed) {
    const from = r.from.slice(config.basePath.length)
    if (r.to.startsWith('/') && !index.urlOfOld.has(urlKey(from))) (index.urlOfOld as Map<string, string>).set(urlKey(from), r.to)
  }
  index.urlOfStub = stubTargets(stubbed)
  const menuContext: MenuContext = { file: config.file ?? '', convention, index, diagnostics, warned: new Set() }
  for (const [id, menu] of Object.entries(config.menus)) {
    const cut = { items: 0 }
    menu.items = menuItemsNow(menu.items, menuContext, 1, cut)
    if (cut.items > 0) diagnostics.warn(config.file ?? '', 0, 'unsupported_feature', `The menu "${id}" nests deeper than ${LIMITS.menuItemDepth} levels, the deepest the contract's checks read; ${cut.items} item(s) below that were left out. Flatten the menu.`)
    if (menu.items.length === 0) delete config.menus[id]
  }
  return { index, generated, stubbed }
}

/** What rewriting the bodies collected: the files they use and what they could not resolve. */
interface Bodies {
  media: MediaCollector
  templates: MigrationReport['templates']
  unresolved: MigrationReport['unresolved_links']
  missingMedia: MigrationReport['missing_media']
  /** Each document's featured image, as its new URL. */
  featured: Map<SourceDoc, string>
}

/** What one document's body is rewritten with. */
interface BodyContext {
  run: Run
  site: Site
  index: LinkIndex
  includes: Map<string, string>
  excerptLength: number
  out: Bodies
}

/** Expands templates, then rewrites links and collects media, one document at a time. */
async function rewriteBodies(run: Run, site: Site, placed: SourceDoc[], index: LinkIndex, mapContext: MapContext): Promise<Bodies> {
  const out: Bodies = {
    media: new MediaCollector(site.convention, run.options.mediaPath ?? '/media'),
    templates: { expanded: {}, removed: {}, kept: {} },
    unresolved: [],
    missingMedia: [],
    featured: new Map(),
  }
  const includes = await preloadIncludes(site.discovery.files, placed, site.convention, run.maxFileBytes, run.concurrency)
  const ctx: BodyContext = { run, site, index, includes, excerptLength: mapContext.excerptLength, out }
  for (const doc of placed) {
    doc.content = rewriteReferences(doc, expandBody(doc, ctx), ctx)
    if (doc.featuredImage) featuredImage(doc, doc.featuredImage, ctx)
  }
  return out
}

/**
 * The body with the generator's template tags expanded (or removed, said so), and where each of its lines was
 * written; a derived excerpt follows it.
 */
function expandBody(doc: SourceDoc, ctx: BodyContext): TemplateResult {
  const { site, index, includes, out } = ctx
  const { config, convention } = site
  const expanded = expandTemplates(doc.content, {
    file: doc.file,
    dialects: convention.templatesOf?.(doc.file) ?? convention.templates,
    url: index.urlOfFile.get(doc.file) as string,
    resolve: (kind, target) => resolveTemplateRef(kind, target, doc, convention, index),
    readFile: (kind, target) => {
      const rel = includePath(convention, kind, target, doc.file)
      return rel === undefined ? undefined : includes.get(rel)
    },
    data: { site: convention.templateSite?.(doc.file) ?? { ...config.site, baseurl: config.basePath }, page: doc.fields },
    baseurl: config.basePath,
    mdx: convention.mdx?.(doc.file, doc.fields),
    ...(convention.mdxIndentedCode ? { indentedCode: true } : {}),
  })
  for (const f of expanded.findings) {
    const bucket = out.templates[f.action === 'expanded' ? 'expanded' : f.action === 'removed' ? 'removed' : 'kept']
    bucket[f.name] = (bucket[f.name] ?? 0) + 1
    if (f.action !== 'expanded') ctx.run.diagnostics.warn(doc.file, f.line + doc.bodyLine - 1, f.action === 'removed' ? 'template_removed' : 'template_unresolved', f.message ?? `The template tag "${f.name}" could not be expanded.`)
  }
  if (expanded.body !== doc.content && doc.excerpt !== undefined && doc.excerptDerived) doc.excerpt = bodyExcerpt(expanded.body, doc.documentType, config.excerptMarkers, ctx.excerptLength)
  return expanded
}

/** The body with each link and image pointing at its new URL; what leads nowhere is left as written and reported. */
function rewriteReferences(doc: SourceDoc, expanded: TemplateResult, ctx: BodyContext): string {
  const { index, out } = ctx
  const { body } = expanded
  const edits: Edit[] = []
  for (const ref of scanBody(body).refs) {
    // Reported on the line it was written on, before templates moved it.
    const line = expanded.sourceLine(ref.line) + doc.bodyLine - 1
    let resolved = ref.kind === 'image' ? resolveImage(ref.target, doc, index) : resolveReference(ref.target, doc.file, doc.url, index)
    // A translation's link that leads nowhere may be one its original resolves.
    const original = resolved.to === 'nothing' ? ctx.site.convention.translationOf?.(doc.file) : undefined
    if (original !== undefined) {
      const again = resolveReference(ref.target, original, doc.url, index)
      if (again.to !== 'nothing') resolved = again
    }
    const suffix = ref.target.slice(ref.target.search(/[#?]|$/)).replace(/^\?[^#]*/, '')
    if (resolved.to === 'document') edits.push({ start: ref.start, end: ref.end, text: resolved.url + suffix })
    // A route written with the old base path or origin (`/docs/tags/x/`) is the new site's route at the root.
    else if (resolved.to === 'route' && ref.target.slice(0, ref.target.search(/[#?]|$/)) !== resolved.url) edits.push({ start: ref.start, end: ref.end, text: resolved.url + suffix })
    else if (resolved.to === 'file') edits.push({ start: ref.start, end: ref.end, text: out.media.use(resolved.file, ref.alt) })
    else if (resolved.to === 'nothing') {
      const isImage = ref.kind === 'image'
      ;(isImage ? out.missingMedia : out.unresolved).push({ source: doc.file, line, target: ref.target })
      ctx.run.diagnostics.warn(doc.file, line, isImage ? 'missing_image' : 'missing_link_target', `The ${isImage ? 'image' : 'link'} "${ref.target}" ${resolved.why}; it was left as written. Fix the path or remove the ${isImage ? 'image' : 'link'}.`)
    }
  }
  return applyEdits(body, edits)
}

/** An image as the theme finds it: under the document's image folder when it names one and the file is there, else as written. */
function resolveImage(target: string, doc: SourceDoc, index: LinkIndex): ReturnType<typeof resolveReference> {
  if (doc.imageBase !== undefined && !/^(?:[a-z][a-z\d+.-]*:|\/\/|#)/i.test(target)) {
    const under = resolveReference(`${trimTrailing(doc.imageBase, '/')}/${trimLeading(target, '/')}`, doc.file, doc.url, index)
    if (under.to === 'file') return under
  }
  return resolveReference(target, doc.file, doc.url, index)
}

/** The front matter's image, delivered when it is a file of the folder, kept when it is elsewhere, reported when it is missing. */
function featuredImage(doc: SourceDoc, image: NonNullable<SourceDoc['featuredImage']>, ctx: BodyContext): void {
  const { out } = ctx
  const resolved = resolveImage(image.text, doc, ctx.index)
  if (resolved.to === 'file') out.featured.set(doc, out.media.use(resolved.file, ''))
  else if (resolved.to === 'nothing' || (resolved.to !== 'external' && !/^https?:/i.test(image.text))) {
    out.missingMedia.push({ source: doc.file, line: image.line, target: image.text })
    ctx.run.diagnostics.warn(doc.file, image.line, 'missing_image', `The image "${image.text}" was not found in the folder; it is not the featured image. Add the file or fix the path.`)
  } else if (/^https?:/i.test(image.text)) out.featured.set(doc, image.text)
}

/** The new URL of an image the site's configuration names (a logo, an avatar), or undefined to leave it out. */
function siteImage(run: Run, index: LinkIndex, bodies: Bodies, ref: string, from: string, what: string): string | undefined {
  const resolved = resolveReference(ref, from, undefined, index)
  if (resolved.to === 'file') return bodies.media.use(resolved.file, '')
  if (resolved.to === 'external') return ref
  bodies.missingMedia.push({ source: from, line: 0, target: ref })
  if (/^https?:\/\//i.test(ref)) {
    // On the site's own address but not in the folder: it may be served from elsewhere today, so it stays, said so.
    run.diagnostics.warn(from, 0, 'missing_image', `The ${what} "${ref}" is on the site's own address but not a file of the folder, so it was kept as written: it breaks once the new site replaces the old one. Add the file to the folder or point at another address.`)
    return ref
  }
  run.diagnostics.warn(from, 0, 'missing_image', `The ${what} "${ref}" is not a file of the folder, so it was left out. Add the file or fix the path.`)
  return undefined
}

/**
 * Every entity goes through the builder, so the payload is checked and canonical. A call the builder refuses is
 * reported against the file it came from, and the rest goes on; undefined when the payload cannot be built.
 */
function buildPayload(run: Run, site: Site, what: { generatedAt: string; routes: Routes; terms: Terms; featured: Map<SourceDoc, string>; entries: Array<{ file: string; entry: MediaEntry }> }): PreviewData | undefined {
  const { config } = site
  const { routes, terms, featured } = what
  const { plan } = routes
  let b = createPreviewData({ generator: run.options.generator ?? 'preview-data-sdk/markdown', generated_at: what.generatedAt, autoCreateTaxonomies: false })
  const call = (file: string, fn: () => typeof b) => {
    try {
      b = fn()
    } catch (err) {
      if (!(err instanceof PreviewDataError)) throw err
      for (const issue of err.errors.length > 0 ? err.errors : [{ code: err.code, message: err.message, path: err.path }]) {
        run.diagnostics.push({ file, line: 0, code: issue.code, message: issue.message, severity: 'error', path: issue.path })
      }
    }
  }
  const configFile = config.file ?? site.configRel ?? ''
  // config.site comes from the site's files: a front_page there is refused by the call, with its message.
  call(configFile, () => b.site({ ...siteInput(config, plan), timezone: site.timezone }))
  for (const author of [...terms.authors.authors.values()].sort((x, y) => compareCodeUnits(x.id, y.id))) call(configFile, () => b.author(author))
  for (const c of [...terms.categories.terms.values()].sort((x, y) => compareCodeUnits(x.slug, y.slug))) call(configFile, () => b.category(c))
  for (const t of [...terms.tags.terms.values()].sort((x, y) => compareCodeUnits(x.slug, y.slug))) call(configFile, () => b.tag(t))
  for (const m of what.entries) call(m.file, () => b.media(m.entry))
  for (const p of routes.posts) {
    const { authors: ids, categories, tags } = terms.ofPost.get(p) as PostTerms
    const data = ids.length > 1 ? { ...p.data, authors: ids } : p.data
    call(p.file, () =>
      b.post({
        title: p.title,
        slug: p.slug,
        public_id: plan.postIds.get(p) as number,
        content: p.content,
        document_type: p.documentType,
        excerpt: p.excerpt ?? '',
        published_at_iso: p.published as string,
        updated_at_iso: p.updated ?? (p.published as string),
        author_id: ids[0],
        status: statusOf(p),
        category_slugs: categories,
        tag_slugs: tags,
        ...(featured.get(p) ? { featured_image: featured.get(p) } : {}),
        ...(p.meta ? { meta: p.meta } : {}),
        ...(data ? { data } : {}),
        ...(p.discoverability ? { discoverability: p.discoverability } : {}),
      }),
    )
  }
  for (const p of routes.pages) {
    const pagePath = plan.pagePaths.get(p)
    call(p.file, () =>
      b.page({
        title: p.title,
        slug: p.slug,
        ...(pagePath !== undefined ? { path: pagePath } : {}),
        content: p.content,
        document_type: p.documentType,
        status: statusOf(p),
        ...(p.excerpt !== undefined ? { excerpt: p.excerpt } : {}),
        ...(p.updated ?? p.published ? { updated_at_iso: p.updated ?? p.published } : {}),
        ...(featured.get(p) ? { featured_image: featured.get(p) } : {}),
        ...(p.meta ? { meta: p.meta } : {}),
        ...(p.data ? { data: p.data } : {}),
        ...(p.discoverability ? { discoverability: p.discoverability } : {}),
      }),
    )
  }
  for (const [id, menu] of Object.entries(config.menus).sort((x, y) => compareCodeUnits(x[0], y[0]))) call(configFile, () => b.menu(id, { name: menu.name, items: menu.items.map(menuItem) as MenuItemInput[] }))
  for (const [id, area] of Object.entries(config.widgets).sort((x, y) => compareCodeUnits(x[0], y[0]))) call(configFile, () => b.widgetArea(id, area))
  for (const [id, c] of Object.entries(config.collections).sort((x, y) => compareCodeUnits(x[0], y[0]))) call(configFile, () => b.collection(id, c))
  if (config.customCss !== undefined) call(configFile, () => b.customCss(config.customCss as string))
  if (config.customHtml) call(configFile, () => b.customHtml(config.customHtml as object))
  const frontPage = config.frontPage ?? plan.frontPage
  if (frontPage) call(configFile, () => b.frontPage(frontPage as Parameters<typeof b.frontPage>[0]))
  const built = b.tryBuild()
  if (built.ok) return built.payload
  for (const issue of built.errors) run.diagnostics.push({ file: configFile, line: 0, code: issue.code, message: issue.message, severity: 'error', path: issue.path })
  return undefined
}

/** The result and its report: one entry per input file, the redirects, and what could not be resolved. */
function importResult(run: Run, site: Site, what: { payload: PreviewData | undefined; routes: Routes; links: Links; bodies: Bodies }): ImportMarkdownResult {
  const { items } = run
  const { config, convention, discovery, detected } = site
  const { payload, routes, bodies } = what
  const { plan } = routes
  for (const doc of routes.placed) {
    const url = plan.urlOf.get(doc.file) as string
    const oldUrl = doc.url !== undefined && (config.basePath !== '' || !servesSame(doc.url, url)) ? { old_url: config.basePath + doc.url } : {}
    items.set(doc.file, { source: doc.file, kind: doc.kind, url, ...oldUrl, status: doc.draft ? 'draft' : 'published', ...(doc.language ? { language: doc.language } : {}) })
  }
  const assets = bodies.media.assets()
  for (const a of assets) items.set(a.file, { source: a.file, kind: IMAGE_EXTENSIONS.has(path.extname(a.file).toLowerCase()) ? 'media' : 'asset', url: a.src })
  for (const f of config.configFiles) if (!items.has(f)) items.set(f, { source: f, kind: 'config' })
  for (const f of discovery.files) if (!items.has(f.rel)) run.skip(f.rel, 'not-content', convention.isDocument(f) ? undefined : 'not a document of this convention, and no document references it')

  const redirects: Redirect[] = [...plan.redirects.map(({ from, to, file }) => ({ from, to, file })), ...what.links.generated, ...what.links.stubbed].sort((a, b) => compareCodeUnits(a.from, b.from) || compareCodeUnits(a.file, b.file))
  const sorted = run.diagnostics.sorted()
  const skipped = [...items.values()].filter((i): i is Extract<ReportItem, { skipped: string }> => 'skipped' in i && i.skipped !== 'not-content').map((i) => ({ file: i.source, reason: i.skipped }))
  const counts = {
    files: discovery.files.length,
    posts: payload?.content.posts.length ?? 0,
    pages: payload?.content.pages.length ?? 0,
    authors: payload?.content.authors.length ?? 0,
    categories: payload?.content.categories.length ?? 0,
    tags: payload?.content.tags.length ?? 0,
    media: payload?.content.media?.length ?? 0,
  }
  const languages: Record<string, number> = {}
  for (const d of routes.placed) if (d.language) languages[d.language] = (languages[d.language] ?? 0) + 1
  const report: MigrationReport = {
    importer: 'markdown',
    convention: { name: detected.preset, reason: detected.reason },
    counts: { ...counts, redirects: redirects.length, skipped: skipped.length, assets: assets.length },
    ...(Object.keys(languages).length > 0 ? { languages } : {}),
    items: [...items.values()].sort((a, b) => compareCodeUnits(a.source, b.source)),
    skipped_by_reason: countBy(skipped.map((s) => s.reason)),
    redirects: redirects.map(({ from, to }) => ({ from, to, status: 301 as const })),
    unresolved_links: bodies.unresolved,
    missing_media: bodies.missingMedia,
    templates: bodies.templates,
    diagnostics: sorted.map((d) => ({ severity: d.severity, code: d.code, message: d.message, file: d.file, ...(d.line > 0 ? { line: d.line } : {}), ...(d.path ? { path: d.path } : {}) })),
  }
  if (!TEMPLATES_EXPANDED && convention.templates.length > 0) report.counts.templates_not_expanded = 1
  return {
    ok: payload !== undefined && !sorted.some((d) => d.severity === 'error'),
    ...(payload ? { payload } : {}),
    diagnostics: sorted,
    preset: detected.preset,
    presetReason: detected.reason,
    redirects,
    assets,
    root: run.root,
    skipped: skipped.sort((a, b) => compareCodeUnits(a.file, b.file)),
    counts,
    report,
  }
}

/** The result for a folder with no document of its convention: said so, nothing to write. */
function nothingToImport(
  discovery: { files: DiscoveredFile[] },
  detected: { preset: ImportMarkdownResult['preset']; reason: string },
  diagnostics: Diagnostics,
  items: Map<string, ReportItem>,
  root: string,
): ImportMarkdownResult {
  // A Hugo theme's folder (its own site is `exampleSite/`, a demo): say where the site is.
  const example = discovery.files.find((f) => /^exampleSite\/(?:hugo|config)\.(?:toml|ya?ml|json)$/.test(f.rel))
  const hint = example ? ` This looks like a Hugo theme, whose example site is exampleSite/: import that folder instead.` : ' Check the folder, or choose the convention with --preset.'
  diagnostics.error('', 0, 'nothing_to_import', `There is nothing to import: the folder has no Markdown document of the ${detected.preset} convention (${discovery.files.length} file(s) found).${hint}`)
  for (const f of discovery.files) if (!items.has(f.rel)) items.set(f.rel, { source: f.rel, skipped: 'not-content' })
  const sorted = diagnostics.sorted()
  const counts = { files: discovery.files.length, posts: 0, pages: 0, authors: 0, categories: 0, tags: 0, media: 0 }
  return {
    ok: false,
    diagnostics: sorted,
    preset: detected.preset,
    presetReason: detected.reason,
    redirects: [],
    assets: [],
    root,
    skipped: [],
    counts,
    report: {
      importer: 'markdown',
      convention: { name: detected.preset, reason: detected.reason },
      counts,
      items: [...items.values()].sort((a, b) => compareCodeUnits(a.source, b.source)),
      skipped_by_reason: {},
      redirects: [],
      unresolved_links: [],
      missing_media: [],
      templates: { expanded: {}, removed: {}, kept: {} },
      diagnostics: sorted.map((d) => ({ severity: d.severity, code: d.code, message: d.message, ...(d.file ? { file: d.file } : {}) })),
    },
  }
}

/** A file a preset read while configuring: its text, its front matter once parsed, and what reading them found. */
interface EarlyRead {
  text: string
  fm?: FrontMatter | null
  /** Kept aside: reported when the file is imported as a document, never twice, never for a file that is not one. */
  findings: Diagnostics
}

/**
 * What presets read configuration through: data files parsed into plain data, front matter only, the options; and
 * the files they read by text or front matter (`early`), which the import takes instead of reading them again.
 */
function presetContext(root: string, discovery: PresetContext['discovery'], diagnostics: Diagnostics, maxFileBytes: number, options: ImportMarkdownOptions, now: string): { ctx: PresetContext; early: Map<string, EarlyRead> } {
  const configRel = options.configFile ? configPath(root, options.configFile) : undefined
  const readData = async (rel: string): Promise<unknown> => {
    const abs = path.isAbsolute(rel) ? rel : path.join(root, rel)
    if (!path.isAbsolute(rel) && !discovery.paths.has(rel)) return undefined
    const text = await readText(abs, rel, maxFileBytes, diagnostics)
    const lang = dataLanguage(rel)
    if (text === null || lang === null) return null
    return parseData(text, lang, rel, 0, diagnostics)?.value ?? null
  }
  const early = new Map<string, EarlyRead>()
  const textOf = async (rel: string): Promise<EarlyRead | null> => {
    const kept = early.get(rel)
    if (kept) return kept
    const findings = new Diagnostics()
    const text = await readText(path.join(root, rel), rel, maxFileBytes, findings)
    if (text === null) return null
    const read = { text, findings }
    early.set(rel, read)
    return read
  }
  const ctx: PresetContext = {
    dir: root,
    discovery,
    diagnostics,
    now,
    readData,
    dataLanguage,
    options: {
      ...(options.postsDir !== undefined ? { postsDir: options.postsDir } : {}),
      ...(options.pagesDir !== undefined ? { pagesDir: options.pagesDir } : {}),
      ...(options.postSections ? { postSections: options.postSections } : {}),
      ...(options.postCollections ? { postCollections: options.postCollections } : {}),
      ...(configRel && (options.preset === 'native' || options.preset === undefined || options.preset === 'auto') ? { configFile: configRel } : {}),
    },
    async readText(rel) {
      if (!discovery.paths.has(rel)) return null
      return (await textOf(rel))?.text ?? null
    },
    async readFrontMatter(rel) {
      // Errors in this early look are reported when the file itself is imported, from `findings`.
      const read = await textOf(rel)
      if (!read) return null
      if (read.fm === undefined) read.fm = parseFrontMatter(read.text, rel, read.findings)
      return read.fm?.data ?? null
    },
  }
  return { ctx, early }
}

/** The folder path of the file a template includes from `from` (the convention's rule, else `_includes/` and relative). */
function includePath(convention: Convention, kind: 'include' | 'relative', target: string, from: string): string | undefined {
  if (convention.includePath) return convention.includePath(kind, target, from)
  return resolveRelative(kind === 'include' ? '_includes/x' : from, target) ?? undefined
}

/**
 * The files templates may include, read before expansion (its `readFile` is synchronous): what the convention
 * marks includable (Jekyll's `_includes/`), else `_includes/` and Markdown partials (names starting with `_`,
 * imported by MDX); then the files the bodies name in an include (Hugo's `include` shortcode, Liquid
 * `include_relative`, MDX imports of Markdown), and what those name in turn. Only files of the folder are read;
 * unreadable ones are simply absent.
 */
async function preloadIncludes(files: readonly DiscoveredFile[], docs: readonly SourceDoc[], convention: Convention, maxFileBytes: number, concurrency: number): Promise<Map<string, string>> {
  const byRel = new Map(files.map((f) => [f.rel, f]))
  const includable = convention.isIncludable ?? ((rel: string) => rel.startsWith('_includes/') || /(?:^|\/)_[^/]+\.(?:md|mdx|markdown)$/i.test(rel))
  const out = new Map<string, string>()
  const read = async (wanted: DiscoveredFile[]) => {
    const texts = await mapLimit(wanted, concurrency, (f) => readText(f.abs, f.rel, maxFileBytes, new Diagnostics()))
    wanted.forEach((f, i) => {
      const t = texts[i]
      if (t !== null) out.set(f.rel, t)
    })
    return wanted.map((f) => ({ file: f.rel, text: out.get(f.rel) })).filter((x): x is { file: string; text: string } => x.text !== undefined)
  }
  // A relative include named with variables may be any file of the folder it names: each of those, up to a bound.
  const inFolder = filesByFolder(files)
  const named = (from: string, text: string, origin: string) =>
    includeTargets(text, convention.templates)
      .map(({ kind, target }) => includePath(convention, kind, target, kind === 'relative' ? from : origin))
      .concat(relativeIncludeFolders(text, convention.templates).flatMap((dir) => folderFiles(inFolder, from, dir)))
      .filter((rel): rel is string => rel !== undefined && !out.has(rel) && byRel.has(rel))
  await read(files.filter((f) => includable(f.rel)))
  // Includes resolve against the document that is being expanded (`origin`), relative ones against their own file.
  let next = new Map<string, string>()
  for (const d of docs) for (const rel of named(d.file, d.content, d.file)) next.set(rel, d.file)
  for (const t of [...out]) for (const rel of named(t[0], t[1], t[0])) next.set(rel, t[0])
  for (let round = 0; round < 8 && next.size > 0; round++) {
    const origins = next
    const got = await read([...origins.keys()].filter((rel) => !out.has(rel)).map((rel) => byRel.get(rel) as DiscoveredFile))
    next = new Map()
    for (const g of got) for (const rel of named(g.file, g.text, origins.get(g.file) as string)) next.set(rel, origins.get(g.file) as string)
  }
  return out
}

/** How many files of one folder a relative include named with variables may bring in, read before expansion. */
const VARIABLE_INCLUDE_FILES = 200

/** The files (at most VARIABLE_INCLUDE_FILES) of folder `dir` relative to file `from`; none outside the site folder. */
function folderFiles(inFolder: ReadonlyMap<string, string[]>, from: string, dir: string): string[] {
  const inside = resolveRelative(from, `${dir}x`)
  return inside === null ? [] : (inFolder.get(inside.slice(0, inside.lastIndexOf('/') + 1)) ?? []).slice(0, VARIABLE_INCLUDE_FILES)
}

/** The files of each folder by the folder's path with a trailing slash ('' for the root), in discovery order. */
function filesByFolder(files: readonly DiscoveredFile[]): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const f of files) {
    const dir = f.rel.slice(0, f.rel.lastIndexOf('/') + 1)
    const list = out.get(dir)
    if (list) list.push(f.rel)
    else out.set(dir, [f.rel])
  }
  return out
}

/** The names in the root `package.json`'s dependency lists (read as JSON, never run); empty when there is none. */
async function packageDependencies(root: string, paths: ReadonlySet<string>, maxFileBytes: number): Promise<Set<string>> {
  if (!paths.has('package.json')) return new Set()
  return dependencyNames(await readText(path.join(root, 'package.json'), 'package.json', maxFileBytes, new Diagnostics()))
}

/** The site's time zone (the caller's, the configuration's, else UTC), checked so dates are never read in a wrong zone. */
function siteTimezone(config: SiteConfig, options: ImportMarkdownOptions, diagnostics: Diagnostics): string {
  if (config.site.title === undefined || String(config.site.title).trim() === '') {
    diagnostics.warn(config.file ?? '', 0, 'invalid_config', 'The site has no title; "Untitled site" is used. Set `title` in the site configuration (or pass a --config site file).')
    config.site.title = 'Untitled site'
  }
  const timezone = options.timezone ?? config.site.timezone ?? 'UTC'
  if (isKnownZone(timezone)) return timezone
  diagnostics.warn(config.file ?? '', 0, 'invalid_config', `The time zone "${timezone}" is unknown; UTC is used to read dates. Use an IANA name such as Europe/Lisbon.`)
  return 'UTC'
}

/**
 * A category or tag archive the convention's permalinks put at a document's URL (nodejs.org lists a category at
 * /en/blog/<category>/, beside posts at /en/blog/<slug>/, so a post slugged like a category would collide): that
 * taxonomy goes back to the contract's default archive path, with a warning, rather than two pages at one URL.
 */
function keepArchivesApart(plan: ReturnType<typeof planRoutes>, terms: { categories: string[]; tags: string[] }, file: string, diagnostics: Diagnostics): void {
  const documents = new Set([...plan.urlOf.values()].map(urlKey))
  for (const kind of ['categories', 'tags'] as const) {
    if (plan.permalinks[kind] === undefined) continue
    const route = kind === 'categories' ? categoryRoute : tagRoute
    const clash = terms[kind].find((slug) => documents.has(urlKey(route(slug, { permalinks: plan.permalinks }).url)))
    if (clash === undefined) continue
    diagnostics.warn(file, 0, 'unsupported_feature', `The ${kind} archive of "${clash}" would be at the URL of a document (${route(clash, { permalinks: plan.permalinks }).url}), so ${kind} archives use the default path ${route(clash, { permalinks: {} }).url} instead. Rename the document or the ${kind === 'categories' ? 'category' : 'tag'} to keep the old archive URLs.`)
    delete plan.permalinks[kind]
  }
}

/**
 * The redirects that answer for the pages a generator made from its configuration (SiteConfig.generatedRoutes), each
 * to the new URL of its target (a list's page `page` to the post index's page of that number, when there is one);
 * links to them lead there too. A target that names nothing is reported. None leaves from `/` or from a published
 * document's old or new URL (`documents`, by `urlKey`), nor from a page of the post index: those pages are on the new
 * site.
 */
function generatedRedirects(config: SiteConfig, index: LinkIndex, documents: ReadonlySet<string>, diagnostics: Diagnostics): Redirect[] {
  const out: Redirect[] = []
  const indexPages = new Set((index.indexPages ?? []).map(urlKey))
  for (const r of config.generatedRoutes ?? []) {
    const to = generatedTarget(r, index)
    if (to === undefined) {
      diagnostics.warn(r.file, 0, 'missing_link_target', `The page the generator made at ${r.from} would redirect to ${r.to}, which is not on the new site; nothing answers at ${r.from}. Add the page it should lead to, or a redirect by hand.`)
      continue
    }
    if (urlKey(r.from) === urlKey(to)) continue
    const onSite = urlKey(r.from) === urlKey('/') || documents.has(urlKey(r.from)) ? (r.from === '/' ? 'the home page is' : 'a document is published') : undefined
    const served = onSite ?? (indexPages.has(urlKey(r.from)) ? 'a page of the post index is' : undefined)
    if (served !== undefined) {
      diagnostics.warn(r.file, 0, 'unsupported_feature', `The page the generator made at ${r.from} would redirect to ${to}, but ${served} at ${r.from}: no redirect leaves from it.`)
      continue
    }
    out.push({ from: config.basePath + r.from, to, file: r.file })
    if (!index.urlOfOld.has(urlKey(r.from))) (index.urlOfOld as Map<string, string>).set(urlKey(r.from), to)
  }
  return out
}

/**
 * The new URL a generated page leads to: its target's, or, for a page of a list the post index replaced, the post
 * index's page holding that page's first post (listPageTarget: the generator's page size may not be the new
 * site's) when the new site has it. Undefined when the target names nothing.
 */
function generatedTarget(r: GeneratedRoute, index: LinkIndex): string | undefined {
  const target = resolveReference(r.to, r.file, undefined, index)
  const to = target.to === 'document' || target.to === 'route' ? target.url : undefined
  const pages = index.indexPages ?? []
  if (to === undefined || r.page === undefined || pages.length === 0 || urlKey(to) !== urlKey(pages[0])) return to
  return pages[listPageTarget(r.page, index.indexPerPage ?? SITE_DEFAULTS.posts_per_page) - 1] ?? to
}

/** The last one to four folder names of the imported folder's path, as root-relative paths, longest first (LinkIndex.mounts). */
function mountsOf(root: string): string[] {
  const names = root.split(path.sep).filter((n) => n !== '')
  const out: string[] = []
  for (let k = Math.min(4, names.length); k >= 1; k--) out.push('/' + names.slice(-k).join('/'))
  return out
}

/**
 * Each delivered file of a bundle (a folder whose `index`/`_index` document was published) by the key of the URL it
 * is also served at: that document's old URL plus the file's path below the folder (Hugo's page resources). Each
 * file walks up to the nearest such folder; a branch bundle's (`_index`) are only the files directly in it (gohugo.io
 * "Page bundles": hugo 0.111.3 published content/posts/img/a.png at /posts/img/a.png, not below the section's URL,
 * and content/posts/b.png below it), a leaf bundle's (`index`) every file below it.
 */
function bundleResourceUrls(docs: readonly SourceDoc[], files: ReadonlySet<string>, delivered: ReadonlyMap<string, string>): Map<string, string> {
  const pageOfDir = new Map<string, { url: string; branch: boolean }>()
  for (const d of docs) {
    const slash = d.file.lastIndexOf('/')
    const name = d.file.slice(slash + 1)
    if (d.url !== undefined && d.url.endsWith('/') && /^_?index(?:\.[\w-]+)?\.\w+$/.test(name)) pageOfDir.set(d.file.slice(0, Math.max(0, slash)), { url: d.url, branch: name.startsWith('_') })
  }
  const deliveredFiles = new Set(delivered.values())
  const out = new Map<string, string>()
  if (pageOfDir.size === 0) return out
  for (const f of files) {
    if (!deliveredFiles.has(f)) continue
    const parent = f.lastIndexOf('/')
    for (let end = parent; end > 0; end = f.lastIndexOf('/', end - 1)) {
      const page = pageOfDir.get(f.slice(0, end))
      if (page === undefined) continue
      if (!page.branch || end === parent) out.set(urlKey(page.url + f.slice(end + 1)), f)
      break
    }
  }
  return out
}

function linkIndex(docs: SourceDoc[], plan: ReturnType<typeof planRoutes>, convention: Convention, files: ReadonlySet<string>, config: SiteConfig, terms: { categories: Iterable<string>; tags: Iterable<string> }): LinkIndex {
  const urlOfOld = new Map<string, string>()
  for (const d of docs) if (d.url !== undefined) urlOfOld.set(urlKey(d.url), plan.urlOf.get(d.file) as string)
  for (const r of plan.redirects) {
    const from = r.from.startsWith(config.basePath + '/') ? r.from.slice(config.basePath.length) : r.from
    if (!urlOfOld.has(urlKey(from))) urlOfOld.set(urlKey(from), r.to)
  }
  // Template references (`{% post_url %}`, `{{< ref >}}`) are written as their targets' new URLs: those resolve too.
  for (const url of plan.urlOf.values()) if (!urlOfOld.has(urlKey(url))) urlOfOld.set(urlKey(url), url)
  const fileOfUrl = new Map<string, string>()
  for (const f of files) {
    const url = convention.assetUrl(f)
    if (url !== undefined && !/\.(?:md|markdown|mdx|mkdn|mkd)$/i.test(f)) fileOfUrl.set(urlKey(url), f)
  }
  if (convention.resourcesAtPageUrl) for (const [url, f] of bundleResourceUrls(docs, files, fileOfUrl)) if (!fileOfUrl.has(url)) fileOfUrl.set(url, f)
  // Each route the new site makes besides documents, by its key, with its public URL where links must change to it
  // (a term archive under html-extension is `/tags/x`, not the `/tags/x/` an old link wrote).
  const routes = new Map<string, string | undefined>([['/', undefined], ['/tags', undefined], ['/categories', undefined]])
  // The post index and its pages (`/posts/page/2/`), each by its public URL (a link to `/posts` becomes `/posts/`).
  const { urls: indexPages, perPage: indexPerPage } = postIndexPages(docs.filter((d) => d.kind === 'post'), config, plan)
  for (const url of indexPages) if (url !== '/') routes.set(urlKey(url), url)
  // Category and tag archives answer at the site's permalinks (Docusaurus's /blog/tags/x kept as it was).
  for (const slug of terms.categories) {
    const { url } = categoryRoute(slug, { permalinks: plan.permalinks })
    routes.set(urlKey(url), url)
  }
  for (const slug of terms.tags) {
    const { url } = tagRoute(slug, { permalinks: plan.permalinks })
    routes.set(urlKey(url), url)
  }
  let origin: string | undefined
  try {
    origin = config.site.url ? new URL(config.site.url).origin : undefined
  } catch {
    origin = undefined
  }
  return { urlOfFile: plan.urlOf, urlOfOld, routes, indexPages, indexPerPage, files, staticDirs: config.staticDirs, basePath: config.basePath, fileOfUrl, ...(origin ? { origin } : {}), ...(config.localePrefix ? { localePrefix: config.localePrefix } : {}) }
}

/**
 * The redirects stub files stand for (Jekyll `redirect_to`): from the stub's old URL (with the base path) to the new
 * URL of what the target named in the old site, or to the target as written when it is elsewhere. A target inside
 * the site that names nothing is reported and written as it is.
 */
function stubRedirects(stubs: readonly RedirectStub[], index: LinkIndex, basePath: string, diagnostics: Diagnostics): Redirect[] {
  const out: Redirect[] = []
  for (const s of stubs) {
    const resolved = resolveReference(s.to, s.file, s.from, index)
    const suffix = s.to.slice(s.to.search(/[#?]|$/))
    let to = s.to
    if (resolved.to === 'document' || resolved.to === 'route') to = resolved.url + suffix
    else if (resolved.to === 'nothing') diagnostics.warn(s.file, 0, 'missing_link_target', `The redirect target "${s.to}" ${resolved.why}; the redirect was written to it as it is. Fix redirect_to.`)
    if (!/^(?:https?:\/\/|\/)/i.test(to)) to = `/${to}`
    out.push({ from: basePath + s.from, to, file: s.file })
  }
  return out
}

/**
 * Where a link naming a stub's file leads: the end of its chain of stubs (`a.html` → `b.html` → `c.md`), on this site.
 * A stub in a loop or leading to itself has none, nor one whose target carries a query or fragment (a redirect's
 * fragment replaces the link's own, which a link cannot say): links to those keep leading to the stub's file.
 */
function stubTargets(stubbed: readonly Redirect[]): Map<string, string> {
  const next = new Map<string, string>()
  for (const r of stubbed) if (r.to.startsWith('/')) next.set(urlKey(r.from), r.to)
  const out = new Map<string, string>()
  for (const r of stubbed) {
    const seen = new Set<string>()
    let at: string | undefined = r.to
    while (at !== undefined && next.has(urlKey(at))) {
      if (seen.has(urlKey(at))) at = undefined
      else {
        seen.add(urlKey(at))
        at = next.get(urlKey(at))
      }
    }
    if (at !== undefined && at.startsWith('/') && !/[?#]/.test(at)) out.set(r.file, at)
  }
  return out
}

/**
 * The avatars posts give authors no registry describes (`inlineAvatars`) join the registry's entries and the site
 * images, so they are delivered like a registry's (a path relative to the post that names it) and reach the authors.
 */
function addInlineAvatars(config: SiteConfig, authors: AuthorResolver, posts: readonly SourceDoc[]): void {
  const registryIds = new Set([...config.authors.keys()].map((k) => slugFor(k) || k))
  for (const a of inlineAvatars(posts)) {
    const id = slugFor(a.name) || a.name
    if (registryIds.has(id) || !authors.authors.has(id) || config.authors.has(a.name)) continue
    config.authors.set(a.name, { display_name: a.name, avatar: a.image })
    config.siteImages.push({ ref: a.image, from: a.file, use: 'avatar', key: a.name })
  }
}

/**
 * Delivers the images the configuration names (the logo, favicons, registry avatars and `siteImages` a preset
 * found) like body images, and points the site and authors at their new URLs; `deliver` returns that URL, or
 * undefined for a file that is not there (reported), which is then left out rather than left broken.
 */
function deliverSiteImages(config: SiteConfig, deliver: (ref: string, from: string, what: string) => string | undefined): void {
  const from = config.file ?? ''
  const registry = config.authorsFile ?? from
  for (const image of config.siteImages) {
    if (image.use === 'logo' && config.site.logo === undefined) config.site.logo = { src: image.ref }
    else if (image.use === 'favicon' && config.site.favicon === undefined) config.site.favicon = { icon: image.ref }
  }
  const origin = new Map(config.siteImages.map((i) => [`${i.use}:${i.key ?? ''}:${i.ref}`, i.from]))
  const fromOf = (use: string, ref: string, key = '') => origin.get(`${use}:${key}:${ref}`) ?? from
  if (config.site.logo !== undefined) {
    const src = deliver(config.site.logo.src, fromOf('logo', config.site.logo.src), 'logo')
    if (src === undefined) delete config.site.logo
    else config.site.logo = { ...config.site.logo, src }
  }
  if (config.site.favicon !== undefined) {
    const favicon: Record<string, string> = {}
    for (const [key, ref] of Object.entries(config.site.favicon)) {
      const src = typeof ref === 'string' ? deliver(ref, fromOf('favicon', ref), 'favicon') : undefined
      if (src !== undefined) favicon[key] = src
    }
    if (Object.keys(favicon).length > 0) config.site.favicon = favicon as NonNullable<typeof config.site.favicon>
    else delete config.site.favicon
  }
  for (const [key, author] of config.authors) {
    if (author.avatar === undefined) continue
    const avatar = deliver(author.avatar, origin.get(`avatar:${key}:${author.avatar}`) ?? registry, `avatar of ${author.display_name}`)
    const { avatar: _old, ...rest } = author
    config.authors.set(key, avatar === undefined ? rest : { ...rest, avatar })
  }
}

/** Resolves a template reference (Hugo ref/relref, Jekyll link/post_url, an MDX import path) to a new URL. */
function resolveTemplateRef(kind: 'ref' | 'post_url' | 'link' | 'path', target: string, doc: SourceDoc, convention: Convention, index: LinkIndex): string | undefined {
  const hash = target.includes('#') ? target.slice(target.indexOf('#')) : ''
  if (kind !== 'path') {
    const source = convention.resolveSource?.(kind, target, doc.file)
    const url = source === undefined ? undefined : index.urlOfFile.get(source)
    if (url !== undefined) return url + hash
  }
  const resolved = resolveReference(target, doc.file, doc.url, index)
  return resolved.to === 'document' ? resolved.url + hash : undefined
}

/**
 * The files documents reference, each delivered once at the URL its generator published it at (or under the media
 * path when it published none), with the first non-empty alt text met for images.
 */
class MediaCollector {
  private readonly used = new Map<string, { src: string; alt: string }>()
  private readonly srcs = new Set<string>()

  constructor(
    private readonly convention: Convention,
    private readonly mediaPath: string,
  ) {}

  /** The URL of `file` in the new site; registers it for delivery. */
  use(file: string, alt: string): string {
    const known = this.used.get(file)
    if (known) {
      if (known.alt === '' && alt.trim() !== '') known.alt = alt
      return known.src
    }
    let src = encodeUrlPath(this.convention.assetUrl(file) ?? mediaUrl(this.mediaPath, file))
    // Two files published at one URL (case-folded paths): the later one moves under the media path.
    if (this.srcs.has(src)) src = mediaUrl(this.mediaPath, file)
    this.srcs.add(src)
    this.used.set(file, { src, alt: alt.trim() })
    return src
  }

  assets(): Asset[] {
    return [...this.used].map(([file, u]) => ({ src: u.src, file })).sort((a, b) => compareCodeUnits(a.src, b.src) || compareCodeUnits(a.file, b.file))
  }

  /** Media entries with the dimensions read from each image's header; unreadable sizes are reported. */
  async measure(root: string, concurrency: number, diagnostics: Diagnostics): Promise<Array<{ file: string; entry: MediaEntry }>> {
    const images = this.assets().filter((a) => IMAGE_EXTENSIONS.has(path.extname(a.file).toLowerCase()))
    const dims = await mapLimit(images, concurrency, async (a) => {
      try {
        return await readImageDimensions(path.join(root, a.file))
      } catch {
        return null
      }
    })
    const out: Array<{ file: string; entry: MediaEntry }> = []
    images.forEach((a, i) => {
      const d = dims[i]
      if (!d) {
        diagnostics.warn(a.file, 0, 'unreadable_image', 'The image size could not be read, so it has no media entry (it is still delivered and referenced). Check that the file is a valid image.')
        return
      }
      const alt = (this.used.get(a.file) as { alt: string }).alt
      out.push({ file: a.file, entry: { src: a.src, width: d.width, height: d.height, ...(alt !== '' ? { alt } : {}) } })
    })
    return out
  }
}

/** A URL path with each segment percent-encoded once (already-encoded segments are kept). */
function encodeUrlPath(url: string): string {
  return url
    .split('/')
    .map((s) => {
      try {
        return encodeURIComponent(decodeURIComponent(s))
      } catch {
        return encodeURIComponent(s)
      }
    })
    .join('/')
}

function mediaUrl(mediaPath: string, rel: string): string {
  const base = '/' + trimBoth(mediaPath, '/')
  return `${base === '/' ? '' : base}/${rel.split('/').map(encodeURIComponent).join('/')}`
}

/**
 * Copies every delivered file into `mediaOut`, laid out by its URL path, so that serving that folder at the site
 * root serves every file the payload references. Each goes through `deliverFile`, as WordPress media do: its path is
 * checked to stay inside `mediaOut` once links are followed, and it is written to a temporary file renamed into place,
 * so a link already in the folder (a file or a folder linked elsewhere) is replaced or refused, never written through.
 * @example
 * await deliverMedia(result.root, result.assets, 'payload.media')
 */
export async function deliverMedia(root: string, assets: readonly Asset[], mediaOut: string): Promise<string[]> {
  const written: string[] = []
  for (const a of assets) {
    const target = await deliverFile(path.join(root, a.file), mediaOut, a.src)
    if ('file' in target) written.push(target.file)
  }
  return written
}

/**
/** What resolving menu items needs: the file that wrote them, the convention, the link index, the diagnostics. */
interface MenuContext {
  file: string
  convention: Convention
  index: LinkIndex
  diagnostics: Diagnostics
  /**
   * The items already said to lead nowhere, by line, title and URL: one entry in several menus (a Hugo site's menus,
   * which each language without its own shows) is said once. 1,000 languages and 1,000 such entries wrote a million
   * warnings (a 387 MB report, 2 GB of memory).
   */
  warned: Set<string>
}

/**
 * Menu items as the new site serves them: each one written in the old site's terms (an old URL, with or without the
 * base path; a Hugo `pageRef`; a page's own front-matter entry) leads to its document's new URL or to the route that
 * replaced it; an entry of a page that is not published is left out, its children in its place, and so is an item
 * whose site URL leads nowhere on the new site (a list page the generator made), said so. Others stay as written.
 */
function menuItemsNow(items: readonly ConfigMenuItem[], ctx: MenuContext, depth: number, cut: { items: number }): ConfigMenuItem[] {
  const out: ConfigMenuItem[] = []
  for (const item of items) {
    // Deeper than the builder accepts, a menu would sink the whole payload: what is below that is counted and cut.
    if (depth >= LIMITS.menuItemDepth && item.children && item.children.length > 0) cut.items += countItems(item.children)
    const children = item.children ? (depth >= LIMITS.menuItemDepth ? [] : menuItemsNow(item.children, ctx, depth + 1, cut)) : undefined
    const url = menuUrl(item, ctx)
    // A loop, not push(...children): a spread of 200,000 arguments overflows the stack.
    if (url === null) for (const child of children ?? []) out.push(child)
    else out.push({ ...item, ...(url !== undefined ? { url } : {}), ...(children ? { children } : {}) })
  }
  return out
}

/** How many items a menu list holds, nested ones included (walked without recursion). */
function countItems(items: readonly ConfigMenuItem[]): number {
  let n = 0
  for (const stack = [...items]; stack.length > 0; n++) for (const child of (stack.pop() as ConfigMenuItem).children ?? []) stack.push(child)
  return n
}

/**
 * The new URL of one menu item; undefined to keep it as written, null to leave it out: it stands for a page that is
 * not published (a page replaced by a route, such as the blog's list by the post index, leads to that route), or its
 * site URL names nothing of the new site.
 */
function menuUrl(item: ConfigMenuItem, ctx: MenuContext): string | null | undefined {
  const { file, convention, index, diagnostics } = ctx
  if (item.source !== undefined) {
    const url = index.urlOfFile.get(item.source)
    // The item's own `#fragment` (`/guide/config.md#options`) is a place on that page.
    if (url !== undefined) return url + (typeof item.url === 'string' ? item.url.slice(item.url.search(/#|$/)) : '')
    const replaced = typeof item.url === 'string' ? resolveReference(item.url, item.source, undefined, index) : undefined
    return replaced?.to === 'document' || replaced?.to === 'route' ? replaced.url : null
  }
  if (item.pageRef !== undefined) {
    const ref = convention.resolveSource?.('ref', item.pageRef, file)
    const url = ref === undefined ? undefined : index.urlOfFile.get(ref)
    if (url !== undefined) return url + item.pageRef.slice(item.pageRef.search(/#|$/))
  }
  if (typeof item.url !== 'string' || item.url === '') return undefined
  const resolved = resolveReference(item.url, file, undefined, index)
  const said = `${item.line ?? 0}\n${item.title ?? ''}\n${item.url}`
  if (resolved.to === 'nothing' && item.url.startsWith('/') && ctx.warned.has(said)) return null
  if (resolved.to === 'nothing' && item.url.startsWith('/')) {
    ctx.warned.add(said)
    diagnostics.warn(file, item.line ?? 0, 'missing_link_target', `The menu item "${item.title ?? item.url}" leads to ${item.url}, which the new site does not have (it ${resolved.why}: a page the generator made itself); it was left out of the menu. Add a page at that address and a menu item by hand if the site needs it.`)
    return null
  }
  const suffix = item.url.slice(item.url.search(/[#?]|$/))
  return resolved.to === 'document' || resolved.to === 'route' ? resolved.url + suffix : undefined
}

/** The site's settings as the payload states them: the configuration's, with the plan's permalinks and post index. */
function siteInput(config: SiteConfig, plan: RoutePlan): SiteInput {
  return { ...(config.site as SiteInput), permalinks: plan.permalinks, ...(plan.postIndex ?? config.postIndex ? { post_index: { ...config.postIndex, ...plan.postIndex } } : {}) }
}

/** A document's status in the payload: a draft kept (`--drafts include`) is a draft, the rest published. */
function statusOf(doc: SourceDoc): 'draft' | 'published' {
  return doc.draft ? 'draft' : 'published'
}

/**
 * The public URLs of the new site's post index pages (page n at n - 1), as the build stage makes them from the
 * payload's settings and its listed posts (`visitPostIndex`), none when the post index is disabled; and how many
 * posts each shows.
 */
function postIndexPages(posts: readonly SourceDoc[], config: SiteConfig, plan: RoutePlan): { urls: string[]; perPage: number } {
  const settings = siteInput(config, plan)
  const perPage = Number.isInteger(settings.posts_per_page) ? (settings.posts_per_page as number) : SITE_DEFAULTS.posts_per_page
  const listed = posts.filter((p) => isListed({ status: statusOf(p), ...(p.discoverability ? { discoverability: p.discoverability } : {}) })).length
  const urls: string[] = []
  visitPostIndex({ ...settings, posts_per_page: perPage }, listed, ({ url }) => urls.push(url))
  return { urls, perPage }
}

/** Converts a site-file menu item into the builder's form, dropping the importer's own bookkeeping. */
function menuItem(item: ConfigMenuItem): MenuItemFields {
  const { weight: _w, line: _l, pageRef: _p, source: _s, children, ...rest } = item
  return { ...rest, ...(children && children.length > 0 ? { children: children.map(menuItem) } : {}) }
}

/** Runs `fn` over `items` with at most `limit` calls in flight; results keep the items' order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i])
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

function newestDate(docs: SourceDoc[]): string | undefined {
  let best: number | undefined
  for (const d of docs) {
    for (const t of [d.published, d.updated]) {
      if (t === undefined) continue
      const ms = instant(t)
      if (best === undefined || ms > best) best = ms
    }
  }
  return best === undefined ? undefined : (DateTime.fromMillis(best, { zone: 'UTC' }).toISO({ suppressMilliseconds: true }) as string)
}

function dataLanguage(rel: string): DataLanguage | null {
  const ext = path.extname(rel).toLowerCase()
  return ext === '.yml' || ext === '.yaml' ? 'yaml' : ext === '.toml' ? 'toml' : ext === '.json' ? 'json' : null
}

function configPath(root: string, file: string): string {
  const abs = path.resolve(root, file)
  const rel = path.relative(root, abs)
  return rel.startsWith('..') || path.isAbsolute(rel) ? abs : rel.split(path.sep).join('/')
}
