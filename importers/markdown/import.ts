import path from 'node:path'
import { DateTime } from 'luxon'
import { createPreviewData, PreviewDataError } from '../../src/index.js'
import type { MediaEntry, PreviewData } from '../../src/contract/types.js'
import { effectivePagePath, pageRoute, postRoute, slugWithSuffix } from './_core.js'
import { AuthorResolver } from './authors.js'
import { instant, isKnownZone } from './dates.js'
import { detectPreset, PRESETS } from './detect.js'
import { cmp, Diagnostics } from './diagnostics.js'
import { discover, resolveRelative } from './discover.js'
import type { DiscoveredFile } from './discover.js'
import { mapDocument } from './document.js'
import type { SourceDoc } from './document.js'
import { EXCERPT_MAX_LENGTH } from './_core.js'
import { parseData, parseFrontMatter } from './front-matter.js'
import type { DataLanguage } from './front-matter.js'
import { decodePath, isLocalRef, mediaUrl, readImageDimensions, splitSuffix } from './images.js'
import { applyEdits, linkEdits } from './links.js'
import type { Edit } from './links.js'
import { applyNativeSiteFile } from './presets/_config.js'
import type { Classified, ConfigMenuItem, PresetContext, SiteConfig } from './presets/types.js'
import { DEFAULT_MAX_FILE_BYTES, readText } from './read.js'
import { TaxonomyResolver } from './taxonomies.js'
import type { Asset, ImportMarkdownOptions, ImportMarkdownResult, Redirect } from './types.js'

const EPOCH = '1970-01-01T00:00:00Z'

/**
 * Imports a folder of Markdown files (native, Jekyll, Hugo, Docusaurus or Astro layout) into a validated Preview
 * Data payload. Every entity goes through the builder, so the payload is canonical and two imports of the same
 * folder give the same bytes. Problems come back as diagnostics with file and line; the payload is absent when
 * it could not be built.
 * @example
 * const { payload, diagnostics } = await importMarkdown('examples/site', { preset: 'native' })
 */
export async function importMarkdown(dir: string, options: ImportMarkdownOptions = {}): Promise<ImportMarkdownResult> {
  const diagnostics = new Diagnostics()
  const root = path.resolve(dir)
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES
  const concurrency = Math.max(1, options.concurrency ?? 16)
  const discovery = await discover(root, diagnostics)

  const detected = options.preset && options.preset !== 'auto' ? { preset: options.preset, reason: 'chosen by the caller' } : detectPreset(discovery)
  const preset = PRESETS[detected.preset]
  const presetOptions = {
    ...(options.postsDir !== undefined ? { postsDir: options.postsDir } : {}),
    ...(options.pagesDir !== undefined ? { pagesDir: options.pagesDir } : {}),
    ...(options.postSections ? { postSections: options.postSections } : {}),
    ...(options.postCollections ? { postCollections: options.postCollections } : {}),
  }
  const configRel = options.configFile ? configPath(root, options.configFile) : undefined
  const readData = async (rel: string): Promise<unknown> => {
    const abs = path.isAbsolute(rel) ? rel : path.join(root, rel)
    if (!path.isAbsolute(rel) && !discovery.paths.has(rel)) return undefined
    const text = await readText(abs, rel, maxFileBytes, diagnostics)
    const lang = dataLanguage(rel)
    if (text === null || lang === null) return null
    return parseData(text, lang, rel, 0, diagnostics)?.value ?? null
  }
  const ctx: PresetContext = {
    dir: root,
    discovery,
    diagnostics,
    readData,
    dataLanguage,
    options: { ...presetOptions, ...(detected.preset === 'native' && configRel ? { configFile: configRel } : {}) },
    async readFrontMatter(rel) {
      // Errors in this early look are reported when the file itself is imported; a throwaway list avoids doubles.
      const quiet = new Diagnostics()
      const text = await readText(path.join(root, rel), rel, maxFileBytes, quiet)
      return text === null ? null : (parseFrontMatter(text, rel, quiet)?.data ?? null)
    },
  }
  const config = await preset.loadConfig(ctx)
  if (configRel && detected.preset !== 'native') {
    const data = await readData(configRel)
    if (data !== undefined && data !== null) applyNativeSiteFile(data, config, configRel, diagnostics)
    else if (data === undefined) diagnostics.error(configRel, 0, 'invalid_config', `The site file "${configRel}" does not exist.`)
  }

  if (config.site.title === undefined || String(config.site.title).trim() === '') {
    const title = path.basename(root)
    diagnostics.warn(config.file ?? '', 0, 'invalid_config', `The site has no title; the folder name "${title}" is used. Set \`title\` in the site configuration (or pass a --config site file).`)
    config.site.title = title
  }
  let timezone = options.timezone ?? config.site.timezone ?? 'UTC'
  if (!isKnownZone(timezone)) {
    diagnostics.warn(config.file ?? '', 0, 'invalid_config', `The time zone "${timezone}" is unknown; UTC is used to read dates. Use an IANA name such as Europe/Lisbon.`)
    timezone = 'UTC'
  }

  // Read and map every document, a bounded number at a time; results land at their sorted index, so the
  // order in which reads finish never matters.
  const candidates: Array<{ file: DiscoveredFile; cls: Classified }> = []
  for (const file of discovery.files) {
    const cls = preset.classify(file, config, ctx.options)
    if (cls) candidates.push({ file, cls })
  }
  const mapContext = {
    preset: detected.preset,
    timezone,
    excerptMarkers: config.excerptMarkers,
    excerptLength: options.excerptLength ?? EXCERPT_MAX_LENGTH,
    diagnostics,
  }
  let done = 0
  const mapped = await mapLimit(candidates, concurrency, async ({ file, cls }) => {
    const text = await readText(file.abs, file.rel, maxFileBytes, diagnostics)
    const fm = text === null ? null : parseFrontMatter(text, file.rel, diagnostics)
    done++
    if (options.onProgress && (done % 100 === 0 || done === candidates.length)) options.onProgress(done, candidates.length)
    if (!fm) return null
    const doc = mapDocument(file.rel, fm, cls, mapContext)
    return { doc, rootIndex: cls.kind === 'page' && cls.isIndex === true && cls.name === '' }
  })

  const skipped: Array<{ file: string; reason: string }> = []
  const docs: SourceDoc[] = []
  for (const m of mapped) {
    if (!m) continue
    if (m.doc.skip) skipped.push({ file: m.doc.file, reason: m.doc.skip })
    else if (m.rootIndex && m.doc.content.trim() === '') skipped.push({ file: m.doc.file, reason: 'home page list without content' })
    else docs.push(m.doc)
  }

  const generatedAt = normalizeInstant(options.generatedAt) ?? newestDate(docs) ?? EPOCH
  const now = instant(generatedAt)
  // Parsed once per post: sorting would otherwise parse each timestamp O(log n) times.
  const publishedMs = new Map<SourceDoc, number>()
  for (const doc of docs) publishedMs.set(doc, doc.published !== undefined ? instant(doc.published) : now)
  const kept: SourceDoc[] = []
  for (const doc of docs) {
    const future = doc.published !== undefined && (publishedMs.get(doc) as number) > now
    const expired = doc.expiry !== undefined && instant(doc.expiry) <= now
    if (doc.draft || future || expired) {
      const reason = doc.draft ? 'draft' : future ? 'future-dated' : 'expired'
      if (options.drafts === 'skip') {
        skipped.push({ file: doc.file, reason })
        continue
      }
      doc.draft = true
    }
    kept.push(doc)
  }
  const posts = kept.filter((d) => d.kind === 'post')
  const pages = kept.filter((d) => d.kind === 'page')

  const missingDate = posts.filter((p) => p.published === undefined)
  if (missingDate.length > 0) {
    diagnostics.warn(missingDate[0].file, 0, 'missing_date', `${missingDate.length} post(s) have no date in front matter or file name and were dated ${generatedAt}: ${missingDate.map((p) => p.file).join(', ')}. Add \`date:\`.`)
  }

  const site = {
    timezone,
    ...(config.permalinks ? { permalinks: config.permalinks } : {}),
    ...(config.site.permalinks ? { permalinks: config.site.permalinks } : {}),
  }
  assignPostSlugs(posts, diagnostics)
  const pagePaths = assignPagePaths(pages, site, diagnostics)

  // Public ids follow publication order, so adding an older post later is the only thing that renumbers.
  const postIds = new Map<SourceDoc, number>()
  ;[...posts]
    .sort((a, b) => (publishedMs.get(a) as number) - (publishedMs.get(b) as number) || cmp(a.slug, b.slug) || cmp(a.file, b.file))
    .forEach((p, i) => postIds.set(p, i + 1))

  const urlOf = new Map<string, string>()
  for (const p of posts) urlOf.set(p.file, postRoute({ slug: p.slug, public_id: postIds.get(p) as number, published_at_iso: p.published ?? generatedAt }, site).url)
  for (const p of pages) urlOf.set(p.file, pageRoute({ slug: p.slug, ...(pagePaths.get(p) !== undefined ? { path: pagePaths.get(p) } : {}) }, site).url)

  const media = await resolveImages(kept, root, discovery.paths, config, options.mediaPath ?? '/media', concurrency, diagnostics)
  const redirects: Redirect[] = []
  for (const doc of kept) {
    const edits: Edit[] = [...linkEdits(doc.file, doc.refs, urlOf, discovery.paths, diagnostics), ...(media.edits.get(doc) ?? [])]
    doc.content = applyEdits(doc.content, edits)
    for (const from of doc.redirects) redirects.push({ from: from.startsWith('/') || /^[a-z]+:/i.test(from) ? from : `/${from}`, to: urlOf.get(doc.file) as string, file: doc.file })
  }
  redirects.sort((a, b) => cmp(a.from, b.from) || cmp(a.file, b.file))

  const authors = new AuthorResolver(config.authors)
  const categories = new TaxonomyResolver(config.categories, 'category')
  const tags = new TaxonomyResolver(config.tags, 'tag')
  const postAuthors = new Map<SourceDoc, string[]>()
  const postTerms = new Map<SourceDoc, { categories: string[]; tags: string[] }>()
  for (const p of posts) {
    postAuthors.set(p, authors.resolve(p.file, p.authors))
    postTerms.set(p, { categories: categories.resolve(p.file, p.categories, diagnostics), tags: tags.resolve(p.file, p.tags, diagnostics) })
  }
  authors.report(diagnostics, registryName(config))

  const result = {
    preset: detected.preset,
    presetReason: detected.reason,
    redirects,
    assets: media.assets,
    skipped: skipped.sort((a, b) => cmp(a.file, b.file)),
  }
  const payload = buildPayload()
  const sorted = diagnostics.sorted()
  return {
    ok: payload !== undefined && !sorted.some((d) => d.severity === 'error'),
    ...(payload ? { payload } : {}),
    diagnostics: sorted,
    ...result,
    counts: {
      files: discovery.files.length,
      posts: payload?.content.posts.length ?? 0,
      pages: payload?.content.pages.length ?? 0,
      authors: payload?.content.authors.length ?? 0,
      categories: payload?.content.categories.length ?? 0,
      tags: payload?.content.tags.length ?? 0,
      media: payload?.content.media?.length ?? 0,
    },
  }

  function buildPayload(): PreviewData | undefined {
    let b = createPreviewData({ generator: options.generator ?? 'preview-data-sdk/markdown', generated_at: generatedAt, autoCreateTaxonomies: false })
    const call = (file: string, fn: () => typeof b) => {
      try {
        b = fn()
      } catch (err) {
        if (!(err instanceof PreviewDataError)) throw err
        for (const issue of err.errors) diagnostics.push({ file, line: 0, code: issue.code, message: issue.message, severity: 'error', path: issue.path })
      }
    }
    const configFile = config.file ?? configRel ?? ''
    call(configFile, () =>
      b.site({
        ...config.site,
        timezone,
        ...(site.permalinks ? { permalinks: site.permalinks } : {}),
        ...(config.postIndex ? { post_index: config.postIndex } : {}),
      }),
    )
    for (const author of [...authors.authors.values()].sort((x, y) => cmp(x.id, y.id))) call(configFile, () => b.author(author))
    for (const c of [...categories.terms.values()].sort((x, y) => cmp(x.slug, y.slug))) call(configFile, () => b.category(c))
    for (const t of [...tags.terms.values()].sort((x, y) => cmp(x.slug, y.slug))) call(configFile, () => b.tag(t))
    for (const m of media.entries) call(m.file, () => b.media(m.entry))
    for (const p of posts) {
      const terms = postTerms.get(p) as { categories: string[]; tags: string[] }
      const ids = postAuthors.get(p) as string[]
      const data = ids.length > 1 ? { ...p.data, authors: ids } : p.data
      call(p.file, () =>
        b.post({
          title: p.title,
          slug: p.slug,
          public_id: postIds.get(p) as number,
          content: p.content,
          document_type: p.documentType,
          excerpt: p.excerpt ?? '',
          published_at_iso: p.published ?? generatedAt,
          updated_at_iso: p.updated ?? p.published ?? generatedAt,
          author_id: ids[0],
          status: p.draft ? 'draft' : 'published',
          category_slugs: terms.categories,
          tag_slugs: terms.tags,
          ...(media.featured.get(p) ? { featured_image: media.featured.get(p) } : {}),
          ...(p.meta ? { meta: p.meta } : {}),
          ...(data ? { data } : {}),
          ...(p.discoverability ? { discoverability: p.discoverability } : {}),
        }),
      )
    }
    for (const p of pages) {
      const pagePath = pagePaths.get(p)
      call(p.file, () =>
        b.page({
          title: p.title,
          slug: p.slug,
          ...(pagePath !== undefined ? { path: pagePath } : {}),
          content: p.content,
          document_type: p.documentType,
          status: p.draft ? 'draft' : 'published',
          ...(p.excerpt !== undefined ? { excerpt: p.excerpt } : {}),
          ...(p.updated ?? p.published ? { updated_at_iso: p.updated ?? p.published } : {}),
          ...(media.featured.get(p) ? { featured_image: media.featured.get(p) } : {}),
          ...(p.meta ? { meta: p.meta } : {}),
          ...(p.data ? { data: p.data } : {}),
          ...(p.discoverability ? { discoverability: p.discoverability } : {}),
        }),
      )
    }
    for (const [id, menu] of Object.entries(config.menus).sort((x, y) => cmp(x[0], y[0]))) call(configFile, () => b.menu(id, { name: menu.name, items: menu.items.map(menuItem) }))
    for (const [id, area] of Object.entries(config.widgets).sort((x, y) => cmp(x[0], y[0]))) call(configFile, () => b.widgetArea(id, area))
    for (const [id, c] of Object.entries(config.collections).sort((x, y) => cmp(x[0], y[0]))) call(configFile, () => b.collection(id, c))
    if (config.customCss !== undefined) call(configFile, () => b.customCss(config.customCss as string))
    if (config.customHtml) call(configFile, () => b.customHtml(config.customHtml as object))
    if (config.frontPage) call(configFile, () => b.frontPage(config.frontPage as Parameters<typeof b.frontPage>[0]))
    const built = b.tryBuild()
    if (built.ok) return built.payload
    for (const issue of built.errors) diagnostics.push({ file: configFile, line: 0, code: issue.code, message: issue.message, severity: 'error', path: issue.path })
    return undefined
  }
}

/** Converts a site-file menu item into the builder's form, dropping the importer's own bookkeeping. */
function menuItem(item: ConfigMenuItem): Parameters<ReturnType<typeof createPreviewData>['menu']>[1]['items'][number] {
  const { weight: _w, line: _l, children, ...rest } = item
  return { ...rest, ...(children && children.length > 0 ? { children: children.map(menuItem) } : {}) }
}

/**
 * Gives every post a unique slug. Slugs are claimed in file order; a later file whose slug is taken gets `-2`,
 * `-3`… and a warning that names both files.
 */
function assignPostSlugs(posts: SourceDoc[], diagnostics: Diagnostics): void {
  const owner = new Map<string, SourceDoc>()
  const clashes: SourceDoc[] = []
  for (const p of posts) {
    const key = p.slug.normalize('NFC')
    if (owner.has(key)) clashes.push(p)
    else owner.set(key, p)
  }
  for (const p of clashes) {
    const first = owner.get(p.slug.normalize('NFC')) as SourceDoc
    let n = 2
    while (owner.has(slugWithSuffix(p.slug, n).normalize('NFC'))) n++
    const slug = slugWithSuffix(p.slug, n)
    diagnostics.warn(p.file, p.slugLine, 'duplicate_slug', `The post slug "${p.slug}" is already used by ${first.file}; this post gets "${slug}". Set a distinct \`slug:\` in one of the two files.`)
    p.slug = slug
    owner.set(slug.normalize('NFC'), p)
  }
}

/**
 * Gives every page a unique effective path (folders, then slug; or the author's `url`/`permalink`). A later file
 * whose path is taken gets a suffixed slug and a warning that names both files. Returns the explicit `path` of
 * each page that needs one.
 */
function assignPagePaths(pages: SourceDoc[], site: Parameters<typeof effectivePagePath>[1], diagnostics: Diagnostics): Map<SourceDoc, string | undefined> {
  const out = new Map<SourceDoc, string | undefined>()
  const owner = new Map<string, SourceDoc>()
  const pathFor = (p: SourceDoc, slug: string): string | undefined =>
    p.pathOverride && slug === p.slug ? p.pathOverride : p.pathDirs.length > 0 ? [...p.pathDirs, slug].join('/') : undefined
  const clashes: SourceDoc[] = []
  for (const p of pages) {
    const explicit = pathFor(p, p.slug)
    const key = effectivePagePath({ slug: p.slug, ...(explicit !== undefined ? { path: explicit } : {}) }, site)
    if (owner.has(key)) clashes.push(p)
    else {
      owner.set(key, p)
      out.set(p, explicit)
    }
  }
  for (const p of clashes) {
    const explicit = pathFor(p, p.slug)
    const taken = effectivePagePath({ slug: p.slug, ...(explicit !== undefined ? { path: explicit } : {}) }, site)
    const first = owner.get(taken) as SourceDoc
    const base = p.pathOverride ? (p.pathOverride.split('/').pop() as string) : p.slug
    const dirs = p.pathOverride ? p.pathOverride.split('/').slice(0, -1) : p.pathDirs
    let n = 2
    let slug = slugWithSuffix(base, n)
    const candidate = (s: string) => (dirs.length > 0 ? [...dirs, s].join('/') : undefined)
    const keyOf = (s: string) => effectivePagePath({ slug: s, ...(candidate(s) !== undefined ? { path: candidate(s) } : {}) }, site)
    while (owner.has(keyOf(slug))) slug = slugWithSuffix(base, ++n)
    diagnostics.warn(p.file, p.slugLine, 'duplicate_path', `The page path "${taken}" is already used by ${first.file}; this page gets "${keyOf(slug)}". Give one of the two files a distinct slug or url.`)
    p.slug = slug
    delete p.pathOverride
    p.pathDirs = dirs
    owner.set(keyOf(slug), p)
    out.set(p, candidate(slug))
  }
  return out
}

/**
 * Finds the images documents reference (bodies and featured images), reads their dimensions from the file
 * headers, and plans the rewrites to their media URLs. Missing images are reported with file and line.
 */
async function resolveImages(
  docs: SourceDoc[],
  root: string,
  existing: ReadonlySet<string>,
  config: SiteConfig,
  mediaPath: string,
  concurrency: number,
  diagnostics: Diagnostics,
): Promise<{
  edits: Map<SourceDoc, Edit[]>
  featured: Map<SourceDoc, string>
  entries: Array<{ file: string; entry: MediaEntry }>
  assets: Asset[]
}> {
  const locate = (file: string, ref: string): string | null => {
    const { path: p } = splitSuffix(ref)
    const decoded = decodePath(p)
    const direct = resolveRelative(file, decoded)
    if (direct !== null && existing.has(direct)) return direct
    if (decoded.startsWith('/')) {
      for (const dir of config.staticDirs) {
        const inStatic = resolveRelative('', `${dir}${decoded}`)
        if (inStatic !== null && existing.has(inStatic)) return inStatic
      }
    }
    return null
  }
  const wanted = new Map<string, string>()
  const plan: Array<{ doc: SourceDoc; file: string; start: number; end: number; featured: boolean; alt: string }> = []
  for (const doc of docs) {
    const refs = doc.refs.filter((r) => r.kind === 'image').map((r) => ({ target: r.target, line: r.line, start: r.start, end: r.end, featured: false, alt: r.alt }))
    if (doc.featuredImage) refs.push({ target: doc.featuredImage.text, line: doc.featuredImage.line, start: -1, end: -1, featured: true, alt: '' })
    for (const ref of refs) {
      if (!isLocalRef(ref.target)) continue
      const found = locate(doc.file, ref.target)
      if (found === null) {
        diagnostics.warn(doc.file, ref.line, 'missing_image', `The image "${ref.target}" was not found in the folder; the reference was left as written. Add the file or fix the path.`)
        continue
      }
      wanted.set(found, mediaUrl(mediaPath, found))
      plan.push({ doc, file: found, start: ref.start, end: ref.end, featured: ref.featured, alt: ref.alt })
    }
  }
  const files = [...wanted.keys()].sort(cmp)
  const dims = await mapLimit(files, concurrency, async (file) => {
    try {
      return await readImageDimensions(path.join(root, file))
    } catch {
      return null
    }
  })
  const dimsOf = new Map(files.map((f, i) => [f, dims[i]]))
  const altOf = new Map<string, string>()
  for (const p of plan) if (p.alt.trim() !== '' && !altOf.has(p.file)) altOf.set(p.file, p.alt)
  const entries: Array<{ file: string; entry: MediaEntry }> = []
  for (const file of files) {
    const d = dimsOf.get(file)
    if (!d) {
      diagnostics.warn(file, 0, 'unreadable_image', 'The image size could not be read, so it has no media entry (it is still referenced). Check that the file is a valid image.')
      continue
    }
    const alt = altOf.get(file)
    entries.push({ file, entry: { src: wanted.get(file) as string, width: d.width, height: d.height, ...(alt !== undefined ? { alt } : {}) } })
  }
  const edits = new Map<SourceDoc, Edit[]>()
  const featured = new Map<SourceDoc, string>()
  for (const p of plan) {
    const src = wanted.get(p.file) as string
    if (p.featured) featured.set(p.doc, src)
    else {
      const list = edits.get(p.doc) ?? []
      list.push({ start: p.start, end: p.end, text: src })
      edits.set(p.doc, list)
    }
  }
  return { edits, featured, entries, assets: files.map((file) => ({ src: wanted.get(file) as string, file })) }
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

function normalizeInstant(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const dt = DateTime.fromISO(value, { setZone: true })
  if (!dt.isValid) throw new PreviewDataError('invalid_timestamp', `generatedAt "${value}" is not an RFC 3339 timestamp.`, '/generated_at')
  return value
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

function registryName(config: SiteConfig): string {
  return config.authors.size > 0 ? 'the authors registry' : 'any registry'
}

