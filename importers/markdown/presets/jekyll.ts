import { compareCodeUnits } from '../../../src/compare.js'
import { DateTime } from 'luxon'
import { categoryRoute, tagRoute } from '../../../src/routes/index.js'
import { slugFor } from '../_core.js'
import { dateFromName, luxonZone, parseDate } from '../dates.js'
import { readTable } from '../csv.js'
import { resolveRelative } from '../discover.js'
import type { DiscoveredFile } from '../discover.js'
import { isPlainObject } from '../front-matter.js'
import { canonicalLocale, convertPermalink, firstString, HTML_EXTENSIONS, NAVIGATION_DATA, navigationMenus, navigationTree, postListing, readAuthorRegistry, readDataFolder } from './_config.js'
import type { NavigationEntry } from './_config.js'
import { docThemeMenus, navbarLinks } from './jekyll-theme-menus.js'
import { dateArchiveUrls, isReadme, needsFrontMatter, pagesPlugins, titleFromHeading, withGitHubMetadata } from './jekyll-github-pages.js'
import type { ConfigMenuItem, Convention, Placement, Preset, PresetContext, SourceFile, Unpublished } from './types.js'
import { emptyConfig, MARKDOWN_EXTENSIONS, splitPath } from './types.js'
import { mergedValues } from './_merge.js'
import { addNumberedPages } from './_list-pages.js'
import { paginatedListPath, paginationTemplate, paginatorPages } from './jekyll-paginate.js'
import { globTooLong, MAX_GLOB_LENGTH, pathGlobMatcher } from './_glob.js'
import { trimBoth, trimTrailing } from '../../../src/trim.js'
import { expandTemplates } from '../templates/index.js'
import { UNKNOWN } from '../templates/_expr.js'

/** Jekyll's named permalink styles (jekyllrb.com "Permalinks", built-in formats). */
export const PERMALINK_STYLES: Readonly<Record<string, string>> = {
  date: '/:categories/:year/:month/:day/:title:output_ext',
  pretty: '/:categories/:year/:month/:day/:title/',
  ordinal: '/:categories/:year/:y_day/:title:output_ext',
  weekdate: '/:categories/:year/W:week/:short_day/:title:output_ext',
  none: '/:categories/:title:output_ext',
}

/** Files Jekyll excludes unless the configuration says otherwise (its default `exclude`). */
const DEFAULT_EXCLUDE = ['Gemfile', 'Gemfile.lock', 'node_modules', 'vendor/bundle/', 'vendor/cache/', 'vendor/gems/', 'vendor/ruby/', '.sass-cache', '.jekyll-cache', 'gemfiles']
/** Extensions Jekyll converts to HTML (its default `markdown_ext`); other text files are published as they are. */
const CONVERTED = new Set(['.markdown', '.mkdown', '.mkdn', '.mkd', '.md'])
/** Theme layouts that list the posts or the terms by themselves (minimal-mistakes, Chirpy, minima's `home`). */
const LIST_LAYOUTS: ReadonlyMap<string, { of: 'posts' } | { of: 'category' | 'tag'; term?: string }> = new Map([
  ['home', { of: 'posts' }],
  ['posts', { of: 'posts' }],
  ['archives', { of: 'posts' }],
  ['categories', { of: 'category' }],
  ['tags', { of: 'tag' }],
])

/** Non-Markdown text posts Jekyll publishes unconverted (`.text`, R Markdown). */
const PLAIN_POSTS = new Set(['.text', '.txt', '.rmd'])

export interface Collection {
  label: string
  output: boolean
  permalink?: string
  /** `sort_by`: the front-matter field its documents are listed by ("Collections": sort_by). */
  sortBy?: string
}

/** A placed document of a collection, as `site.<label>` lists it once it is known to be published. */
export interface CollectionEntry {
  label: string
  rel: string
  fields: Record<string, unknown>
  url: string
  name: string
  /** Its text after the front matter. */
  body?: string
  /** Its collection has no `output: true`: listed in `site.<label>`, never written. */
  unwritten?: boolean
}

export interface DefaultSet {
  path: string
  /** Whether the scope's path holds a file: a glob's matcher, made once. */
  holds: (rel: string) => boolean
  type?: string
  values: Record<string, unknown>
}

/**
 * Jekyll (documented rules, jekyllrb.com "Permalinks", "Front Matter Defaults", "Collections", "Posts", "Pages"):
 * posts are `_posts/YYYY-MM-DD-title.ext` (folders around `_posts` are categories), drafts `_drafts/`, collections
 * `_<label>/` declared in `collections:`, pages are the other files with front matter outside `_` folders. URLs follow
 * the front-matter `permalink`, then `defaults:` (scoped by path and type), then the collection's `permalink`, then
 * the site `permalink` (a pattern or the `date`/`pretty`/`ordinal`/`weekdate`/`none` styles). `baseurl` is the
 * site's path; `published: false` and future posts are not published; `redirect_to` pages are redirects.
 */
export const jekyllPreset: Preset = {
  name: 'jekyll',
  detect(discovery) {
    const config = ['_config.yml', '_config.yaml', '_config.toml'].find((f) => discovery.paths.has(f))
    if (config) return { strength: 80, reason: `found ${config}` }
    if (discovery.files.some((f) => f.rel.startsWith('_posts/') || f.rel.includes('/_posts/'))) return { strength: 40, reason: 'found a _posts folder' }
    // Jekyll builds a folder without `_config.yml` (GitHub Pages does), and `_layouts/` is its folder alone: Eleventy
    // keeps layouts in `_includes/` unless its configuration (found above, stronger) says otherwise.
    const layout = discovery.files.find((f) => /^_layouts\/[^/]+\.html?$/i.test(f.rel))
    if (layout) return { strength: 28, reason: `found ${layout.rel}` }
    return null
  },
  async configure(ctx: PresetContext): Promise<Convention> {
    const config = emptyConfig()
    const file = ctx.options.configFile ?? ['_config.yml', '_config.yaml', '_config.toml'].find((f) => ctx.discovery.paths.has(f))
    const data = file ? await ctx.readData(file) : undefined
    if (file) config.configFiles.add(file)
    const written: Record<string, unknown> = isPlainObject(data) ? data : {}
    if (isPlainObject(data)) config.file = file
    // GitHub Pages' plugins: Markdown pages without front matter, READMEs as their folders' indexes, `site.github`.
    const pages = await pagesPlugins(ctx, file, written)
    const cfg = withGitHubMetadata(written, pages.github)
    const includesDir = folderSetting(cfg.includes_dir, '_includes')
    const siteData = await readSiteData(ctx, folderSetting(cfg.data_dir, '_data'), config.configFiles)
    if (siteData !== undefined && siteData.authors !== undefined) {
      for (const [k, v] of readAuthorRegistry(siteData.authors)) config.authors.set(k, v)
      config.authorsFile = [...config.configFiles].find((f) => /\/authors\.[a-z]+$/i.test(f) && f.startsWith(folderSetting(cfg.data_dir, '_data') + '/'))
    }
    const site = templateSite(cfg, siteData)
    // The theme's menus: a navigation data file (`_data/navigation.yml`, minimal-mistakes' and most themes'), else
    // the Documentation Theme's top navigation and sidebars (`_data/topnav.yml`, `_data/sidebars/`), else Beautiful
    // Jekyll's `navbar-links`, else minima's
    // `header_pages` (the pages its header links to, by file), else a `navigation` list in the configuration.
    const navKey = NAVIGATION_DATA.find((k) => siteData?.[k] !== undefined)
    if (navKey !== undefined) Object.assign(config.menus, navigationMenus(siteData?.[navKey]))
    else if (siteData !== undefined && (siteData.topnav !== undefined || siteData.sidebars !== undefined)) Object.assign(config.menus, docThemeMenus(siteData))
    else if (isPlainObject(cfg['navbar-links'])) config.menus.primary = { name: 'Primary', items: navbarLinks(cfg['navbar-links']) }
    else if (Array.isArray(cfg.header_pages)) config.menus.primary = { name: 'Primary', items: await headerPages(ctx, cfg.header_pages) }
    else if (Array.isArray(cfg.navigation)) Object.assign(config.menus, navigationMenus(cfg.navigation))
    // just-the-docs builds its sidebar from the pages themselves (`nav_order`, `parent`, `nav_exclude`): gathered while
    // placing them, built in `finish`.
    const sideNav: NavigationEntry[] = []
    const justTheDocs = /just-the-docs/i.test(`${firstString(cfg.theme) ?? ''} ${firstString(cfg.remote_theme) ?? ''}`)
    const title = firstString(cfg.title, cfg.name)
    const description = firstString(cfg.description)
    const url = firstString(cfg.url)
    const timezone = firstString(cfg.timezone)
    const localeTag = firstString(cfg.lang, cfg.locale)
    const locale = localeTag ? canonicalLocale(localeTag) : undefined
    config.site = {
      ...(title ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(url ? { url: trimTrailing(url, '/') } : {}),
      ...(timezone ? { timezone } : {}),
      ...(locale ? { locale } : {}),
      ...(postsPerPage(cfg) !== undefined ? { posts_per_page: postsPerPage(cfg) } : {}),
    }
    config.basePath = trimTrailing(firstString(cfg.baseurl) ?? '', '/').replace(/^(?=[^/])/, '/')
    // jekyll-seo-tag's `logo` (a path or URL): the site's logo.
    const logo = firstString(cfg.logo)
    if (logo && file) config.siteImages.push({ ref: logo, from: file, use: 'logo' })
    if (typeof cfg.excerpt_separator === 'string') config.excerptMarkers = [cfg.excerpt_separator]
    if (typeof cfg.paginate_path === 'string') config.postIndexPath = paginatedListPath(cfg.paginate_path, (rel) => ctx.discovery.paths.has(rel))
    // jekyll-paginate writes later pages only when it runs and finds an index.html to page.
    const paginated = pages.paginate && paginationTemplate(typeof cfg.paginate_path === 'string' ? cfg.paginate_path : '/page:num', (rel) => ctx.discovery.paths.has(rel)) !== undefined
    const zone = luxonZone(timezone ?? 'UTC')
    const showUnpublished = cfg.unpublished === true
    // `future: true` publishes posts dated after the build ("Configuration Options").
    if (cfg.future === true) config.publishes = { future: true }

    const collectionsDir = trimBoth(firstString(cfg.collections_dir) ?? '', '/')
    const collections = new Map<string, Collection>()
    const declared = cfg.collections
    if (Array.isArray(declared)) for (const label of declared) if (typeof label === 'string') collections.set(label, { label, output: false })
    if (isPlainObject(declared)) {
      for (const [label, c] of Object.entries(declared)) {
        const meta = isPlainObject(c) ? c : {}
        collections.set(label, { label, output: meta.output === true, ...(typeof meta.permalink === 'string' ? { permalink: meta.permalink } : {}), ...(typeof meta.sort_by === 'string' ? { sortBy: meta.sort_by } : {}) })
      }
    }
    const posts = collections.get('posts')
    const sitePermalink = firstString(posts?.permalink, cfg.permalink) ?? 'date'
    const siteStyle = PERMALINK_STYLES[sitePermalink] ?? sitePermalink
    // The site's own `permalink` (not the posts collection's) decides the suffix of page and collection URLs.
    const styleName = firstString(cfg.permalink) ?? 'date'
    const defaults = readDefaults(cfg.defaults, (message) => ctx.diagnostics.warn(file ?? '', 0, 'dropped_data', message))
    const exclude = [...DEFAULT_EXCLUDE, ...(Array.isArray(cfg.exclude) ? cfg.exclude.filter((e): e is string => typeof e === 'string') : [])]
    const include = Array.isArray(cfg.include) ? cfg.include.filter((e): e is string => typeof e === 'string') : []
    const includedDirs = include.map((i) => trimBoth(i, '/')).filter((dir) => dir !== '')
    const includedFolder = (rel: string) => includedDirs.some((dir) => rel.startsWith(dir + '/'))
    const included = (rel: string) => include.some((i) => rel === i || rel.startsWith(i.replace(/\/?$/, '/')))
    const excluded = (rel: string) => !included(rel) && exclude.some((e) => rel === e.replace(/\/$/, '') || rel.startsWith(e.replace(/\/?$/, '/')))

    // The posts pattern the contract can keep: the site's, with categories left out (redirects keep those URLs).
    const converted = convertPermalink(siteStyle.replace(/\/:categories(?=\/)/, ''))
    if ('error' in converted) {
      ctx.diagnostics.warn(file ?? '', 0, 'unsupported_feature', `The permalink "${sitePermalink}" cannot be expressed in Preview Data (${converted.error}); posts use /posts/:slug/ and redirects keep the old addresses.`)
    } else {
      config.permalinks = { posts: converted.pattern, ...(converted.htmlExtension ? { output_style: 'html-extension' as const } : {}) }
    }
    // jekyll-archives' category and tag pages: the new site's term archives answer at the same URLs where the
    // contract can say them (`/tag/:slug/`: a `:name` segment, literal segments, a trailing slash).
    for (const [kind, pattern] of [['categories', pages.archives?.category], ['tags', pages.archives?.tag]] as const) {
      if (pattern === undefined) continue
      if (/^(?:\/[A-Za-z0-9_-]+)*\/:name\/$/.test(pattern)) config.permalinks = { ...config.permalinks, [kind]: pattern.replace(':name', ':slug') }
      else ctx.diagnostics.warn(file ?? '', 0, 'unsupported_feature', `The jekyll-archives permalink "${pattern}" cannot be expressed in Preview Data (a term's archive is a folder named by its slug, such as /tag/:slug/); the ${kind} archives answer at the new site's default addresses instead.`)
    }

    /** Where a file sits for Jekyll: a post, a draft, a collection document, a page, or nothing it publishes. */
    const roleOf = (rel: string): { role: 'post' | 'draft' | 'collection' | 'page'; collection?: Collection; inside: string; categories: string[] } | { role: 'none'; why: string } => {
      if (excluded(rel)) return { role: 'none', why: 'excluded by _config.yml' }
      const { dirs } = splitPath(rel)
      const within = collectionsDir !== '' && rel.startsWith(collectionsDir + '/') ? dirs.slice(collectionsDir.split('/').length) : dirs
      const postsAt = within.indexOf('_posts')
      const draftsAt = within.indexOf('_drafts')
      if (postsAt !== -1 || draftsAt !== -1) {
        const at = postsAt !== -1 ? postsAt : draftsAt
        const before = within.slice(0, at)
        if (before.some((d) => d.startsWith('_'))) return { role: 'none', why: 'inside a folder whose name starts with _' }
        // Categories come from the folders above `_posts` (jekyllrb.com "Posts": categories), not from folders inside it.
        return { role: postsAt !== -1 ? 'post' : 'draft', inside: within.slice(at + 1).join('/'), categories: before }
      }
      const first = within[0]
      // A folder `include:` names is read like any other (minimal-mistakes' and academicpages' `_pages/`): its files
      // are pages at their path, unless their permalink says otherwise.
      const listed = includedFolder(rel)
      if (first?.startsWith('_')) {
        const c = collections.get(first.slice(1))
        if (c && !within.slice(1).some((d) => d.startsWith('_'))) return { role: 'collection', collection: c, inside: within.slice(1).join('/'), categories: [] }
        if (!listed) return { role: 'none', why: `${first}/ is not a collection Jekyll publishes` }
      }
      if (!listed && dirs.some((d) => d.startsWith('_') || d.startsWith('.'))) return { role: 'none', why: 'inside a folder whose name starts with _' }
      return { role: 'page', inside: dirs.join('/'), categories: [] }
    }

    const indexed = pages.readmeIndex ? await indexedFolders(ctx, ctx.discovery.files.filter((f) => roleOf(f.rel).role === 'page'), pages.optionalFrontMatter) : new Set<string>()

    const isDocument = (file: DiscoveredFile): boolean => {
      const role = roleOf(file.rel)
      const { base, ext } = splitPath(file.rel)
      if (role.role === 'none' || base.startsWith('_')) return false
      if (role.role === 'post' || role.role === 'draft') return (MARKDOWN_EXTENSIONS.has(ext) || PLAIN_POSTS.has(ext) || HTML_EXTENSIONS.has(ext)) && (role.role === 'draft' || dateFromName(base) !== null)
      // A README or CHANGELOG is a page like any other when it has front matter (Jekyll has no list of such names;
      // one without front matter is a static file, which place says). So is an HTML file with front matter
      // (`index.html`, `about.html`): Jekyll renders its Liquid and publishes it.
      return MARKDOWN_EXTENSIONS.has(ext) || HTML_EXTENSIONS.has(ext)
    }

    // HTML files Jekyll renders (front matter), which are pages or stand in for one, never files it copies.
    const rendered = new Set<string>()
    // The placed documents of the collections; templates list those the import publishes as `site.<label>`.
    const collectionEntries: CollectionEntry[] = []
    // HTML pages, whose site.<label> shows no document's Markdown as its content (htmlView).
    const htmlPages = new Set<string>()
    let htmlSite: Record<string, unknown> | undefined
    // The dates of the posts Jekyll publishes, whose years, months and days jekyll-archives writes archives for.
    const postDates: string[] = []
    // Posts with `hidden: true`, which jekyll-paginate leaves out of its pages (pagination.rb: `reject { |post| post['hidden'] }`).
    const hiddenPosts = new Set<string>()
    const nowMs = Date.parse(ctx.now)
    const place = (source: SourceFile): Placement | Unpublished => {
      const rel = source.file.rel
      const role = roleOf(rel) as Exclude<ReturnType<typeof roleOf>, { role: 'none' }>
      const { dirs, base, ext } = splitPath(rel)
      if (HTML_EXTENSIONS.has(ext) && (source.fm.fenced || role.role !== 'page')) rendered.add(rel)
      const converts = CONVERTED.has(ext)
      // jekyll-readme-index: a README stands for its folder when the folder has no index.
      const readme = role.role === 'page' && converts && pages.readmeIndex !== undefined && isReadme(base) && (!source.fm.fenced || pages.readmeIndex.withFrontMatter) && !indexed.has(dirs.join('/'))
      // Jekyll copies a page without front matter as a static file (posts and collection documents need none), unless
      // jekyll-optional-front-matter makes a Markdown page of it.
      if (role.role === 'page' && !source.fm.fenced && !readme) {
        const optional = converts && pages.optionalFrontMatter
        if (!optional) return { skip: 'static-file', detail: 'no front matter: Jekyll copies the file as it is, without making a page of it' }
        const builder = pages.builtBy !== undefined ? 'GitHub Pages' : 'Jekyll'
        if (isReadme(base) && pages.readmeIndex) return { skip: 'static-file', detail: `no front matter, and its folder has an index: jekyll-readme-index leaves the README a file that ${builder} copies as it is` }
        if (needsFrontMatter(base) && !included(rel)) return { skip: 'static-file', detail: `no front matter: jekyll-optional-front-matter leaves ${base}${ext} (a repository's own file) a file that ${builder} copies as it is` }
      }
      const type = role.role === 'post' ? 'posts' : role.role === 'draft' ? 'drafts' : role.role === 'collection' ? (role.collection as Collection).label : 'pages'
      const fallback = withHeadingTitle(defaultsFor(defaults, rel, type), source, converts && (role.role === 'page' || (role.role === 'collection' && pages.titlesFromHeadings?.collections === true)) ? pages.titlesFromHeadings : undefined)
      const fields: Record<string, unknown> = { ...fallback, ...source.fm.data }
      const outputExt = converts ? '.html' : extOf(rel)
      // jekyll-redirect-from: a page, post or document with `redirect_to` is a redirect from its own URL to the first target.
      const redirectTo = firstString(fields.redirect_to, Array.isArray(fields.redirect_to) ? fields.redirect_to[0] : undefined)
      if (fields.published === false && !showUnpublished) return { skip: 'unpublished', detail: 'published: false' }

      const dated = dateFromName(base)
      const isPost = role.role === 'post' || role.role === 'draft'
      const date = typeof fields.date === 'string' ? parseDate(fields.date, timezone ?? 'UTC') : dated ? parseDate(dated.date, timezone ?? 'UTC') : null
      const name = isPost && dated ? dated.rest : base
      const permalinkField = firstString(fields.permalink)
      let url: string
      if (isPost) {
        const categories = [...role.categories, ...fieldList(fields.categories), ...fieldList(fields.category)]
        const pattern = permalinkField ?? PERMALINK_STYLES[firstString(fallback.permalink) ?? ''] ?? firstString(fallback.permalink) ?? siteStyle
        url = expand(pattern, { date, zone, title: prettySlug(firstString(fields.slug) ?? name, true), slug: prettySlug(firstString(fields.slug) ?? name, false), categories, outputExt, name: base, path: rel, collection: 'posts' })
      } else if (role.role === 'collection') {
        const c = role.collection as Collection
        const inside = role.inside === '' ? name : `${role.inside}/${name}`
        const pattern = permalinkField ?? firstString(fallback.permalink) ?? (c.permalink ? PERMALINK_STYLES[c.permalink] ?? c.permalink : withStyleSuffix('/:collection/:path', styleName))
        url = expand(pattern, { date, zone, title: prettySlug(firstString(fields.slug) ?? name, true), slug: prettySlug(firstString(fields.slug) ?? name, false), categories: [], outputExt, name, path: inside, collection: c.label })
      } else {
        const isIndex = name === 'index' || readme
        const template = permalinkField ?? firstString(fallback.permalink) ?? (isIndex ? '/:path/' : withStyleSuffix('/:path/:basename', styleName))
        // A permalink to a folder's `index.html` (the Documentation Theme's `permalink: index.html`) is that folder's
        // page, which hosts serve at `/x/`.
        url = expand(template, { date, zone, title: name, slug: name, categories: [], outputExt, name, path: dirs.join('/'), collection: '', basename: name }).replace(/(?<=\/)index\.html?$/, '')
      }
      // A document of a collection without `output: true` has no page, but `site.<label>` lists it (Jekyll reads every
      // document of every collection), at the URL it would have had.
      if (role.role === 'collection' && !(role.collection as Collection).output) {
        collectionEntries.push({ label: (role.collection as Collection).label, rel, fields, url, name, body: source.fm.body, unwritten: true })
        return { skip: 'collection-not-output', detail: `the ${(role.collection as Collection).label} collection has no output: true` }
      }
      if (redirectTo !== undefined && redirectTo.trim() !== '') {
        return { skip: 'redirect-stub', detail: `redirect_to ${redirectTo} (a jekyll-redirect-from stub: written as a redirect)`, redirect: { from: url, to: redirectTo.trim() } }
      }
      const html = HTML_EXTENSIONS.has(ext)
      if (html) htmlPages.add(rel)
      // A page without text whose theme layout lists the posts or the terms (minimal-mistakes' `_pages/` with
      // `layout: posts`, `categories`, `tags`; Chirpy's tabs) is that list, as a page that loops over them is.
      const layoutListing = !isPost && source.fm.body.trim() === '' ? LIST_LAYOUTS.get(firstString(fields.layout) ?? '') : undefined
      // The not-found page is served by the host for every missing URL, never at an address of its own; a build
      // stage writes its theme's. A Markdown `404.md` with `permalink: /404.html` is one too.
      if (!isPost && (url === '/404.html' || url === '/404/')) return { skip: 'not-found-page', detail: `Jekyll's not-found page (${url}), which hosts serve for missing URLs; a build stage writes its theme's own 404 page, so its text is not imported` }
      if ((html || layoutListing !== undefined) && !isPost) {
        // A page that loops over the posts is the blog's list (minima's and most themes' `index.html`, a
        // `blog/index.html` with the paginator): the new site's post index takes its place at its URL.
        const listing = layoutListing ?? postListing(source.fm.body)
        if (listing !== undefined && listing.of !== 'posts') {
          // A list of all the terms has no route of its own in the contract: its URL leads to the post index.
          if (listing.term === undefined) return { skip: 'term-list', detail: `it lists the ${listing.of === 'tag' ? 'tags' : 'categories'} (${layoutListing ? `its "${firstString(fields.layout)}" layout, with no text of its own` : 'a Liquid loop over them'}): the new site's archives list them, and its URL leads to the post index`, redirect: { from: url, to: config.postIndexPath ?? '/' } }
          // Its URL leads to that term's archive (the contract's default taxonomy routes: Jekyll configures none).
          const archive = (listing.of === 'category' ? categoryRoute : tagRoute)(slugFor(listing.term), { permalinks: config.permalinks ?? {} }).url
          return { skip: 'term-list', detail: `it lists the posts of the ${listing.of} "${listing.term}" (a Liquid loop over them): the new site's archive of that ${listing.of} at ${archive} shows them`, redirect: { from: url, to: archive } }
        }
        // A blank page of a layout that lists all the posts by date (a year archive): its URL leads to the post index.
        if (listing !== undefined && layoutListing !== undefined && url !== '/' && firstString(fields.layout) !== 'home') {
          return { skip: 'post-index', detail: `its "${firstString(fields.layout)}" layout lists the posts and it has no text of its own: its URL leads to the new site's post index`, redirect: { from: url, to: config.postIndexPath ?? '/' } }
        }
        if (listing !== undefined) {
          const moved = config.basePath !== ''
          if (url === '/') return { skip: 'home-list', detail: `it lists the posts (${layoutListing ? 'its "home" layout, with no text of its own' : 'a Liquid loop over them'}): the theme's index of latest posts owns /`, ...(moved ? { redirect: { from: url, to: '/' } } : {}) }
          const index = url.replace(/index\.html?$/, '').replace(/\.html?$/, '/')
          config.postIndexPath ??= index
          // A loop over site.posts (not jekyll-paginate's paginator.posts) lists every post on that one page.
          if (config.postIndexPath === index && layoutListing === undefined && !/\bpaginator\.posts\b/.test(source.fm.body)) config.postIndex = { ...config.postIndex, paginate: false }
          if (config.postIndexPath === index) return { skip: 'post-index', detail: `it lists the posts (a Liquid loop over them): the new site's post index at ${index} takes its place`, ...(moved || index !== url ? { redirect: { from: url, to: index } } : {}) }
        }
      }
      if (role.role === 'post' && fields.hidden === true) hiddenPosts.add(rel)
      if (role.role === 'post' && date !== null && (config.publishes?.future === true || Date.parse(date) <= nowMs)) postDates.push(date)
      if (role.role === 'collection') collectionEntries.push({ label: (role.collection as Collection).label, rel, fields, url, name, body: source.fm.body })
      const categories = isPost ? role.categories.filter((c) => !c.startsWith('_')) : []
      const navTitle = firstString(fields.title)
      if (!isPost && navTitle !== undefined && fields.nav_exclude !== true && (justTheDocs || fields.nav_order !== undefined)) {
        sideNav.push({ key: navTitle, title: navTitle, parent: firstString(fields.parent), order: typeof fields.nav_order === 'number' ? fields.nav_order : Number.MAX_SAFE_INTEGER, url, source: rel })
      }
      // Chirpy reads a post's relative images (and its `image.path`) under `media_subpath` (`img_path` before 7.0).
      const imageBase = firstString(fields.media_subpath) ?? firstString(fields.img_path)
      return {
        kind: isPost ? 'post' : 'page',
        name,
        url,
        // Jekyll dates any document from a YYYY-MM-DD- file name (Document#populate_title), a collection's too, and
        // does not write one dated after the build: the date decides what is published, not the document's name.
        ...((isPost || role.role === 'collection') && dated ? { nameDate: dated.date } : {}),
        ...(categories.length > 0 ? { folderCategories: categories } : {}),
        ...(role.role === 'draft' ? { draft: true } : {}),
        ...(PLAIN_POSTS.has(ext) ? { documentType: 'plaintext' as const } : html ? { documentType: 'html' as const } : {}),
        ...(Object.keys(fallback).length > 0 ? { defaults: fallback } : {}),
        ...(imageBase ? { imageBase } : {}),
        ...(!isPost && (name === 'index' || readme) ? { isIndex: true } : {}),
        // The root index of a blog theme lists the posts (minima's `layout: home`); blank, it has no text of its own.
        ...(!isPost && url === '/' ? { isList: true } : {}),
      }
    }

    return {
      config,
      templates: ['liquid'],
      isDocument,
      place,
      finish(published) {
        // jekyll-archives' year, month and day pages: the contract has no date archives, so each leads to the post index.
        const archives = pages.archives === undefined ? [] : dateArchiveUrls(pages.archives, postDates, zone)
        if (archives.length > 0 && file !== undefined) config.generatedRoutes = [...(config.generatedRoutes ?? []), ...archives.map((from) => ({ from, to: config.postIndexPath ?? '/', file }))]
        // jekyll-paginate's later pages of the blog's list (`/page2/`): each to the post index's page of its number.
        if (file !== undefined && paginated && config.postIndex?.paginate !== false) {
          const posts = [...published].filter((rel) => roleOf(rel).role === 'post' && !hiddenPosts.has(rel)).length
          const pages = paginatorPages(cfg, posts)
          addNumberedPages(config, pages, { file, diagnostics: ctx.diagnostics, lists: `jekyll-paginate's pages (${posts} posts, paginate ${String(cfg.paginate)})`, rule: pages.routes[0]?.from.replace(/2\/$/, '*') ?? '' })
        }
        // A document the import withholds (future, expired, a draft) is in no list, by choice: jekyll 4.3.1 lists a
        // future document of an output collection in site.<label> though it writes no page for it, but a date in the
        // future says "not public yet", and a list printing its title or text would publish it on the new site before
        // its time. One of a collection without output is written by no build, so only `published: false` (above)
        // keeps it out.
        const listed = collectionEntries.filter((e) => e.unwritten === true || published.has(e.rel))
        for (const [label, list] of collectionLists(collections.values(), listed)) if (!(label in site)) site[label] = list
        // just-the-docs' sidebar: top-level pages by nav_order (then title), each page's children by `parent` title.
        if (sideNav.length > 0 && config.menus.sidebar === undefined) config.menus.sidebar = { name: 'Sidebar', items: navigationTree(sideNav) }
      },
      templateSite: (file) => (htmlPages.has(file) ? (htmlSite ??= htmlView(site, collections.keys())) : site),
      isIncludable: (rel) => rel.startsWith(includesDir + '/'),
      includePath(kind, target, from) {
        // Jekyll refuses `..` in both tags ("Includes"): an include never leaves its folder.
        const name = target.trim()
        if (name === '' || name.split('/').some((s) => s === '..')) return undefined
        const rel = kind === 'include' ? resolveRelative(`${includesDir}/x`, name) : resolveRelative(from, name)
        return rel !== null && ctx.discovery.paths.has(rel) ? rel : undefined
      },
      assetUrl(rel) {
        const role = roleOf(rel)
        return role.role === 'page' && !splitPath(rel).base.startsWith('_') && !rendered.has(rel) ? '/' + rel.split('/').map(escapeSegment).join('/') : undefined
      },
      resolveSource(kind, target) {
        if (kind === 'link') {
          const clean = target.replace(/^\/+/, '')
          return ctx.discovery.paths.has(clean) ? clean : undefined
        }
        if (kind === 'post_url') {
          const t = target.replace(/^\/+/, '')
          const slash = t.lastIndexOf('/')
          const dir = slash === -1 ? '' : t.slice(0, slash + 1)
          const name = t.slice(slash + 1)
          return ctx.discovery.files.find((f) => {
            const i = f.rel.indexOf('_posts/')
            if (i === -1) return false
            const after = f.rel.slice(i + '_posts/'.length)
            const { base } = splitPath(after)
            const folder = after.slice(0, after.length - after.split('/').pop()!.length)
            return base === name && (dir === '' || folder === dir || f.rel.startsWith(dir))
          })?.rel
        }
        return undefined
      },
    }
  },
}

/**
 * minima's header links (`header_pages: [about.md, blog.html]`): each page file, titled as its front matter says,
 * leading to where that page is imported (left out when it is not).
 */
async function headerPages(ctx: PresetContext, files: unknown[]): Promise<ConfigMenuItem[]> {
  const items: ConfigMenuItem[] = []
  for (const f of files) {
    if (typeof f !== 'string' || !ctx.discovery.paths.has(f)) continue
    const fm = await ctx.readFrontMatter(f)
    // No address of its own: the item leads where the page is imported, or is left out.
    items.push({ title: firstString(fm?.title) ?? splitPath(f).base, url: '', source: f, children: [] })
  }
  return items
}

/** Site variables Jekyll computes from the whole site: a configuration key of the same name does not reach templates. */
const COMPUTED_SITE_KEYS = ['posts', 'pages', 'collections', 'categories', 'tags', 'documents', 'static_files', 'html_pages', 'html_files', 'time', 'related_posts', 'data']

/**
 * `site` as Jekyll's Liquid sees it ("Variables": every `_config.yml` key, plus what Jekyll computes): the
 * configuration as written, `site.data` from the data folder; the computed lists are left for templates to report.
 */
function templateSite(cfg: Record<string, unknown>, data: Record<string, unknown> | undefined): Record<string, unknown> {
  const site: Record<string, unknown> = Object.create(null)
  for (const [k, v] of Object.entries(cfg)) if (!COMPUTED_SITE_KEYS.includes(k)) site[k] = v
  if (data !== undefined) site.data = data
  return site
}

/**
 * `site.<label>` of each collection, by label: its documents among `entries`, which are grouped
 * by collection once (a configuration may declare thousands of collections, a site hold thousands of documents).
 */
export function collectionLists(collections: Iterable<Collection>, entries: readonly CollectionEntry[]): Map<string, Array<Record<string, unknown>>> {
  const byLabel = new Map<string, CollectionEntry[]>()
  for (const e of entries) {
    const mine = byLabel.get(e.label)
    if (mine) mine.push(e)
    else byLabel.set(e.label, [e])
  }
  const lists = new Map<string, Array<Record<string, unknown>>>()
  for (const c of collections) lists.set(c.label, collectionList(c, byLabel.get(c.label) ?? []))
  return lists
}

/**
 * `site.<label>` as Jekyll's Liquid sees it ("Collections": the published documents of a collection, listed whether
 * or not it has `output: true`): each document's front matter with `url` (the address it was published at, which links then
 * carry to its new one), `slug`, `collection`, `relative_path` and a `title` from its name when it has none, ordered
 * by the collection's `sort_by` field (documents without it last), else by path, as Jekyll orders them, and its
 * `content` (documentContent).
 * @example
 * // {% for r in site.recipes %}[{{ r.title }}]({{ r.url }}){% endfor %} lists every recipe
 */
function collectionList(c: Collection, mine: readonly CollectionEntry[]): Array<Record<string, unknown>> {
  const key = (e: CollectionEntry): unknown => (c.sortBy === undefined ? undefined : e.fields[c.sortBy])
  const sorted = [...mine].sort((a, b) => {
    const ka = key(a)
    const kb = key(b)
    if (ka !== undefined && kb !== undefined && ka !== kb) return typeof ka === 'number' && typeof kb === 'number' ? ka - kb : String(ka) < String(kb) ? -1 : 1
    if ((ka === undefined) !== (kb === undefined)) return ka === undefined ? 1 : -1
    return compareCodeUnits(a.rel, b.rel)
  })
  return sorted.map((e) => {
    const doc: Record<string, unknown> = Object.create(null)
    doc.title = e.name.replace(/[-_]+/g, ' ').replace(/\b\w/g, (ch) => ch.toUpperCase())
    for (const [k, v] of Object.entries(e.fields)) doc[k] = v
    doc.url = e.url
    doc.slug = e.name
    doc.collection = c.label
    doc.relative_path = e.rel
    const content = documentContent(e, doc)
    if (content !== undefined) doc.content = content
    return doc
  })
}

/**
 * A document's `content` as `site.<label>` gives it: Jekyll gives it rendered, its Liquid expanded with the document
 * as `page`, then its Markdown converted to HTML (jekyll 4.3.1 printed `<p>Zoe <em>draws</em>.</p>` for `Zoe
 * *draws*.`). Its text when it holds no Liquid; with Liquid, the text with every tag expanded here (the document
 * as `page`, no site data), else UNKNOWN: Jekyll prints something, so it is not unset. The Markdown stays Markdown:
 * a Markdown page printing it shows the text as written (jekyll 4.3.1, printing HTML inside a list item of a
 * Markdown page, even showed its <p> tags as text), and an HTML page sees no Markdown document's content (htmlView).
 */
function documentContent(e: CollectionEntry, doc: Record<string, unknown>): string | typeof UNKNOWN | undefined {
  if (e.body === undefined) return undefined
  if (!/\{[{%]/.test(e.body)) return e.body.trim()
  const out = expandTemplates(e.body, { file: e.rel, dialects: ['liquid'], url: e.url, baseurl: '', resolve: () => undefined, readFile: () => undefined, data: { site: {}, page: doc } })
  return out.findings.every((f) => f.action === 'expanded') ? out.body.trim() : UNKNOWN
}

/**
 * `site` as an HTML page sees it: the `content` of each Markdown document of the collections is UNKNOWN, as Jekyll
 * prints it converted to HTML, which the importer does not do (printing the Markdown would show its marks as text).
 */
function htmlView(site: Record<string, unknown>, labels: Iterable<string>): Record<string, unknown> {
  const view: Record<string, unknown> = Object.assign(Object.create(null), site)
  for (const label of labels) {
    const list = site[label]
    if (!Array.isArray(list)) continue
    view[label] = list.map((d: Record<string, unknown>) => (d.content === undefined || !MARKDOWN_EXTENSIONS.has(splitPath(String(d.relative_path)).ext) ? d : Object.assign(Object.create(null), d, { content: UNKNOWN })))
  }
  return view
}

/**
 * Jekyll's data folder as `site.data` ("Data Files"): YAML, JSON, CSV and TSV files, each under its name without the
 * extension, folders as nested maps. Undefined when the site has no data folder. Every file read is listed in `read`.
 */
async function readSiteData(ctx: PresetContext, dir: string, read: Set<string>): Promise<Record<string, unknown> | undefined> {
  return readDataFolder(ctx.discovery.files, dir, read, /\.(?:ya?ml|json|csv|tsv)$/i, async (rel) => {
    const ext = splitPath(rel).ext
    if (ext !== '.csv' && ext !== '.tsv') return ctx.readData(rel)
    const text = await ctx.readText(rel)
    return text === null ? null : readTable(text, ext === '.csv' ? ',' : '\t')
  })
}

/** Posts per list page: jekyll-paginate's `paginate`, or jekyll-paginate-v2's `pagination: { enabled, per_page }`. */
function postsPerPage(cfg: Record<string, unknown>): number | undefined {
  const v2 = isPlainObject(cfg.pagination) && cfg.pagination.enabled === true ? cfg.pagination.per_page : undefined
  const n = typeof cfg.paginate === 'number' ? cfg.paginate : v2
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : undefined
}

/** A folder setting (`includes_dir`, `data_dir`) as a relative path without slashes at the ends. */
function folderSetting(value: unknown, fallback: string): string {
  const dir = trimTrailing((typeof value === 'string' ? value : fallback).replace(/^\.?\/+/, ''), '/')
  return dir === '' || dir.split('/').includes('..') ? fallback : dir
}

function extOf(rel: string): string {
  const name = rel.slice(rel.lastIndexOf('/') + 1)
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot) : ''
}

/**
 * The URL template of a page or a collection document without a permalink of its own (`/:path/:basename`,
 * `/:collection/:path`) with the ending the site's `permalink` gives it (Jekyll's `add_permalink_suffix`): `/` for
 * `pretty` or a pattern ending in `/`; the output extension for `date`, `ordinal`, `none` or a pattern ending in
 * `:output_ext`; nothing otherwise (an extensionless URL, written as `.html`).
 */
export function withStyleSuffix(template: string, style: string): string {
  if (style === 'pretty') return `${template}/`
  if (style === 'date' || style === 'ordinal' || style === 'none') return `${template}:output_ext`
  return template + (style.endsWith('/') ? '/' : '') + (style.endsWith(':output_ext') ? ':output_ext' : '')
}

const UNDERLINE = /=+[ \t]*(?:\r?\n|$)/y

/**
 * Whether a body opens, after its blanks, with a level-1 heading: `# ` or a line with `===` under it (a blank line
 * under it counts as that line). What /^\s*(?:#[ \t]|[^\n]*\r?\n=+[ \t]*(?:\r?\n|$))/ said, without reading the
 * rest of the line again from each blank it opens with (a body of 100,000 spaces took 3.9 s): the only lines a `===`
 * can stand under are the one the first character other than a blank is on and the blank one before it.
 */
export function opensWithLevelOneHeading(body: string): boolean {
  const first = body.search(/\S/)
  if (first === -1) return false
  if (body[first] === '#' && (body[first + 1] === ' ' || body[first + 1] === '\t')) return true
  const underlined = (at: number) => {
    UNDERLINE.lastIndex = at
    return UNDERLINE.test(body)
  }
  if (first > 0 && body[first - 1] === '\n' && underlined(first)) return true
  const end = body.indexOf('\n', first)
  return end !== -1 && underlined(end + 1)
}

/**
 * The `defaults:` values with the title jekyll-titles-from-headings gives a page that has none: its opening heading.
 * A level-1 one is left to the import's own rule, which takes it as the title and off the body (themes print the
 * title); a `##`/`###` or `---` one is the title and stays in the body, as the plugin leaves it.
 */
function withHeadingTitle(fallback: Record<string, unknown>, source: SourceFile, titles: object | undefined): Record<string, unknown> {
  if (titles === undefined || source.fm.data.title !== undefined || fallback.title !== undefined) return fallback
  if (opensWithLevelOneHeading(source.fm.body)) return fallback
  const title = titleFromHeading(source.fm.body)
  return title === undefined ? fallback : { ...fallback, title }
}

export function readDefaults(value: unknown, warn: (message: string) => void): DefaultSet[] {
  if (!Array.isArray(value)) return []
  const out: DefaultSet[] = []
  for (const d of value) {
    if (!isPlainObject(d) || !isPlainObject(d.values)) continue
    const scope = isPlainObject(d.scope) ? d.scope : {}
    const path = typeof scope.path === 'string' ? trimBoth(scope.path, '/') : ''
    if (path.includes('*') && globTooLong(path)) {
      warn(`A defaults scope path of ${path.length} characters was left out: globs are followed up to ${MAX_GLOB_LENGTH} characters. Shorten it.`)
      continue
    }
    out.push({ path, holds: scopeMatcher(path), ...(typeof scope.type === 'string' ? { type: scope.type } : {}), values: d.values })
  }
  return out
}

/**
 * The `defaults:` values for a file: every set whose scope path contains the file (a prefix, or a glob with `*`) and
 * whose type matches, the more specific scopes (longer path, then a type) winning over the less specific.
 */
export function defaultsFor(sets: DefaultSet[], rel: string, type: string): Record<string, unknown> {
  const matching = sets
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => (s.type === undefined || s.type === type) && s.holds(rel))
    .sort((a, b) => a.s.path.length - b.s.path.length || Number(a.s.type !== undefined) - Number(b.s.type !== undefined) || a.i - b.i)
  return mergedValues(matching.map(({ s }) => s.values))
}

/**
 * A scope path's test: the file is the path or below it, or, when the path has a `*`, is or is below what the glob
 * matches, read as Ruby's Dir.glob reads it (Jekyll 4.3's `FrontmatterDefaults#applies_path?` globs only a path with
 * a `*`, and `glob_scope` keeps a file that starts with a path Dir.glob gives).
 */
function scopeMatcher(scope: string): (rel: string) => boolean {
  if (scope === '') return () => true
  if (scope.includes('*')) return pathGlobMatcher(scope, { prefix: true, dialect: 'ruby' })
  return (rel) => rel === scope || rel.startsWith(scope + '/')
}

function fieldList(value: unknown): string[] {
  if (typeof value === 'string') return value.split(/\s+/).filter((s) => s !== '')
  if (typeof value === 'number') return [String(value)]
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string' || typeof v === 'number').map(String)
  return []
}

/**
 * Jekyll's `slugify` in `pretty` mode: runs of characters other than letters, digits and `._~!$&'()+,;=@` become one
 * hyphen, hyphens are trimmed from the ends; `cased` keeps the letters' case (`:title`), otherwise they are lowered.
 */
function prettySlug(text: string, cased: boolean): string {
  const s = text.replace(/[^\p{L}\p{N}._~!$&'()+,;=@]+/gu, '-').replace(/^-+|-+$/g, '')
  return cased ? s : s.toLowerCase()
}

/** Percent-encodes a path segment the way Jekyll's URL escaping does (reserved sub-delimiters kept). */
function escapeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%2B/g, '+').replace(/%40/g, '@').replace(/%24/g, '$').replace(/%26/g, '&').replace(/%2C/g, ',').replace(/%3B/g, ';').replace(/%3D/g, '=').replace(/%3A/g, ':').replace(/%28/g, '(').replace(/%29/g, ')').replace(/%27/g, "'").replace(/%21/g, '!')
}

/** Fills a Jekyll permalink template and cleans the result as Jekyll's URL class does. */
function expand(
  template: string,
  v: { date: string | null; zone: string; title: string; slug: string; categories: string[]; outputExt: string; name: string; path: string; collection: string; basename?: string },
): string {
  const dt = v.date ? DateTime.fromISO(v.date, { setZone: true }).setZone(v.zone).setLocale('en') : null
  const values: Record<string, string> = {
    year: dt ? String(dt.year) : '',
    month: dt ? dt.toFormat('MM') : '',
    i_month: dt ? String(dt.month) : '',
    day: dt ? dt.toFormat('dd') : '',
    i_day: dt ? String(dt.day) : '',
    short_year: dt ? dt.toFormat('yy') : '',
    hour: dt ? dt.toFormat('HH') : '',
    minute: dt ? dt.toFormat('mm') : '',
    second: dt ? dt.toFormat('ss') : '',
    y_day: dt ? String(dt.ordinal).padStart(3, '0') : '',
    short_month: dt ? dt.toFormat('LLL') : '',
    long_month: dt ? dt.toFormat('LLLL') : '',
    short_day: dt ? dt.toFormat('ccc') : '',
    long_day: dt ? dt.toFormat('cccc') : '',
    week: dt ? dt.toFormat('WW') : '',
    w_year: dt ? String(dt.weekYear) : '',
    title: v.title,
    slug: v.slug,
    name: v.name,
    basename: v.basename ?? v.name,
    path: v.path,
    collection: v.collection,
    output_ext: v.outputExt,
    categories: [...new Set(v.categories.map((c) => c.toLowerCase()))].join('/'),
    slugified_categories: [...new Set(v.categories.map((c) => prettySlug(c, false)))].join('/'),
  }
  const filled = template.replace(/:(output_ext|slugified_categories|categories|collection|basename|short_year|short_month|long_month|short_day|long_day|i_month|i_day|w_year|y_day|minute|second|month|title|year|slug|name|path|hour|week|day)/g, (_, k: string) => values[k])
  // Jekyll's URL cleaning: `..` never survives as a segment, slashes collapse, the path starts with one.
  const clean = ('/' + filled).replace(/\/{2,}/g, '/').split('/').map((s) => (s === '..' || s === '.' ? '' : s)).join('/').replace(/\/{2,}/g, '/')
  return clean.split('/').map((s) => (/%[0-9a-f]{2}/i.test(s) ? s : escapeSegment(s))).join('/')
}

/**
 * The folders (relative, '' for the root) jekyll-readme-index finds an index in, where a README stays a file: a page
 * or file named `index` (`index.md`, `index.html`; a Markdown one only when it is a page), or a page whose
 * `permalink` is the folder's URL. Front matter is read only when a README could otherwise stand for its folder.
 */
async function indexedFolders(ctx: PresetContext, pageFiles: DiscoveredFile[], optionalFrontMatter: boolean): Promise<Set<string>> {
  const out = new Set<string>()
  for (const f of pageFiles) {
    const { dirs, base, ext } = splitPath(f.rel)
    if (base.toLowerCase() !== 'index') continue
    if (/^\.(?:html?|xhtml|xml)$/.test(ext) || (CONVERTED.has(ext) && (optionalFrontMatter || (await ctx.readFrontMatter(f.rel)) !== null))) out.add(dirs.join('/'))
  }
  const readmes = pageFiles.filter((f) => CONVERTED.has(splitPath(f.rel).ext) && isReadme(splitPath(f.rel).base) && !out.has(splitPath(f.rel).dirs.join('/')))
  if (readmes.length === 0) return out
  for (const f of pageFiles) {
    const { base, ext } = splitPath(f.rel)
    if (isReadme(base) || !(CONVERTED.has(ext) || HTML_EXTENSIONS.has(ext))) continue
    const permalink = firstString((await ctx.readFrontMatter(f.rel))?.permalink)
    if (permalink !== undefined && /(?:\/|\/index\.html?)$/.test(permalink)) out.add(trimBoth(permalink.replace(/index\.html?$/, ''), '/'))
  }
  return out
}
