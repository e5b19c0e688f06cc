import { createHash } from 'node:crypto'
import { stat } from 'node:fs/promises'
import { DateTime } from 'luxon'
import { luxonZone, parseDate } from '../dates.js'
import { IMAGE_KEYS } from '../fields.js'
import type { DiscoveredFile } from '../discover.js'
import { isPlainObject } from '../front-matter.js'
import { canonicalLocale, convertPermalink, firstString, HTML_EXTENSIONS, httpOrigin } from './_config.js'
import { globMatcher } from './_glob.js'
import { addNumberedPages, LIST_PAGES_LIMIT, numberedPages, warnListPagesCapped } from './_list-pages.js'
import type { NumberedPages } from './_list-pages.js'
import { dateArchiveUrls } from './jekyll-github-pages.js'
import type { ArchivePatterns } from './jekyll-github-pages.js'
import type { ConfigMenuItem, Convention, Placement, Preset, PresetContext, SiteConfig, SourceFile, Unpublished } from './types.js'
import type { Diagnostics } from '../diagnostics.js'
import { emptyConfig, MARKDOWN_EXTENSIONS, splitPath } from './types.js'
import { trimBoth, trimTrailing } from '../../../src/trim.js'
import { HEXO_POSTS_KEY } from '../templates/hexo.js'
import type { HexoPostRef } from '../templates/hexo.js'

const CONFIG_FILES = ['_config.yml', '_config.yaml', '_config.json']
/** Configuration keys only Hexo's `_config.yml` has (hexo.io "Configuration"); Jekyll's has none of them. */
export const HEXO_ONLY_KEYS = ['new_post_name', 'source_dir', 'public_dir', 'permalink_defaults', 'pretty_urls', 'render_drafts', 'post_asset_folder', 'default_category', 'category_map', 'tag_map', 'index_generator', 'tag_dir', 'category_dir', 'archive_dir']
/**
 * Hexo (documented rules, hexo.io "Configuration", "Writing", "Front-matter", "Permalinks", "Asset Folders"): the site
 * is `source_dir` (default `source/`); posts are `_posts/**` (subfolders allowed), drafts `_drafts/**` (published only
 * with `render_drafts`); a file or folder starting with `_` or `.` is not read, unless `include` names it; `exclude`,
 * `ignore` and `skip_render` (copied as it is, not rendered) are globs. Other Markdown files are pages at their path
 * (`about/index.md` → `/about/`, `a.md` → `/a.html`). A post's URL is the site's `permalink` (default
 * `:year/:month/:day/:title/`) filled with its date, its slug (the `new_post_name` pattern read back from the file
 * name), its last category, its front matter and `permalink_defaults`; front-matter `permalink` overrides it.
 * `pretty_urls` drops `index.html` and `.html`; `root` is the site's path; `future: false` hides future posts.
 * Categories are hierarchies (`[A, B]` is B under A; `[[A], [B]]` two), named through `category_map`/`tag_map`.
 * The theme's `menu:` (`_config.<theme>.yml`, else `themes/<theme>/_config.yml`) is the primary menu.
 */
export const hexoPreset: Preset = {
  name: 'hexo',
  detect(discovery) {
    if (discovery.dependencies?.has('hexo')) return { strength: 90, reason: 'found hexo in package.json' }
    const config = CONFIG_FILES.find((f) => discovery.paths.has(f))
    const scaffold = discovery.files.find((f) => /^scaffolds\/[^/]+\.md$/.test(f.rel))
    const posts = discovery.files.some((f) => f.rel.startsWith('source/_posts/'))
    // Hexo 5's theme configuration beside the site's (`_config.landscape.yml`): no other generator names a file so.
    const themeConfig = discovery.files.find((f) => /^_config\.[\w-]+\.ya?ml$/.test(f.rel))
    // Stronger than Jekyll's `_config.yml` (80) only where Hexo's own layout is there beside it.
    if (config && scaffold) return { strength: 85, reason: `found ${config} and ${scaffold.rel} (a Hexo scaffold)` }
    if (config && themeConfig) return { strength: 85, reason: `found ${config} and ${themeConfig.rel} (a Hexo theme configuration)` }
    // Octopress (Jekyll) keeps its posts in `source/_posts/` too, with a Gemfile and a Rakefile Hexo has no use for.
    if (config && posts && !discovery.paths.has('Gemfile') && !discovery.paths.has('Rakefile')) return { strength: 82, reason: `found ${config} and source/_posts/` }
    if (scaffold && posts) return { strength: 45, reason: `found ${scaffold.rel} and source/_posts/` }
    return null
  },
  async configure(ctx: PresetContext): Promise<Convention> {
    const config = emptyConfig()
    const file = ctx.options.configFile ?? CONFIG_FILES.find((f) => ctx.discovery.paths.has(f))
    const data = file ? await ctx.readData(file) : undefined
    if (file) config.configFiles.add(file)
    const cfg: Record<string, unknown> = isPlainObject(data) ? data : {}
    if (isPlainObject(data)) config.file = file
    const settings = readSettings(cfg)
    const about = readSite(cfg)
    // hexo-generator-archive writes the archives only where it is installed: `hexo init`'s package.json lists it,
    // so a site without a package.json (or one that does not name hexo) is taken to have it.
    const deps = ctx.discovery.dependencies
    const archives = deps === undefined || !deps.has('hexo') || deps.has('hexo-generator-archive')
    applySite(config, cfg, about, settings, archives ? file : undefined)
    const menu = await themeMenu(ctx, cfg, config.configFiles)
    if (menu.length > 0) config.menus.primary = { name: 'Primary', items: menu }
    applyPermalink(config, settings, ctx, file)

    const posts: Record<string, HexoPostRef> = Object.create(null)
    const site: Record<string, unknown> = Object.create(null)
    for (const [k, v] of Object.entries(cfg)) site[k] = v
    site[HEXO_POSTS_KEY] = posts
    const isDocument = (f: DiscoveredFile): boolean => isHexoDocument(f.rel, settings)
    const h: HexoSite = {
      settings,
      about,
      zone: luxonZone(about.timezone ?? 'UTC'),
      fileTimes: await postFileTimes(ctx.discovery.files.filter((f) => isPostRole(f.rel, settings) && isDocument(f))),
      posts,
      assetFolders: new Map(),
      postDates: new Map(),
      rendered: new Set(),
      diagnostics: ctx.diagnostics,
    }
    return {
      config,
      templates: ['hexo'],
      isDocument,
      place: (source) => placeDocument(source, h),
      finish(published) {
        // hexo-generator-archive's lists by year, month and day: the contract has no date archives, so each leads to the post index.
        const dates = [...h.postDates].filter(([rel]) => published.has(rel)).map(([, date]) => date)
        const { urls: archiveUrls, total } = file === undefined || !archives ? { urls: [], total: 0 } : archivePages(cfg, dates, h.zone)
        if (file !== undefined && archiveUrls.length > 0) config.generatedRoutes = [...(config.generatedRoutes ?? []), ...archiveUrls.map((from) => ({ from, to: config.postIndexPath ?? '/', file }))]
        if (file !== undefined && total > archiveUrls.length) {
          const dir = trimBoth(firstString(cfg.archive_dir) ?? 'archives', '/')
          const perPage = JSON.stringify(isPlainObject(cfg.archive_generator) && cfg.archive_generator.per_page !== undefined ? cfg.archive_generator.per_page : cfg.per_page)
          warnListPagesCapped(ctx.diagnostics, file, { lists: `hexo-generator-archive's archives besides /${dir}/ (${dates.length} posts, per_page ${perPage})`, total, index: config.postIndexPath ?? '/', rule: `/${dir}/*`, remedy: 'raise archive_generator.per_page' })
        }
        if (file !== undefined && (deps === undefined || !deps.has('hexo') || deps.has('hexo-generator-index'))) {
          const pages = indexPageRoutes(cfg, about, dates.length)
          addNumberedPages(config, pages, { file, diagnostics: ctx.diagnostics, lists: `hexo-generator-index's pages under ${pages.at} (${dates.length} posts, per_page ${about.perPage ?? 10})`, rule: `${pages.at}*` })
        }
      },
      templateSite: () => site,
      assetUrl: (rel) => assetUrl(rel, h),
      includePath(kind, target, from) {
        const name = target.trim()
        if (name === '' || name.split('/').some((s) => s === '..')) return undefined
        // `include_code` names a file under `code_dir` (default `downloads/code`) of the source folder.
        const rel = kind === 'include' ? [settings.sourceDir, settings.codeDir, name.replace(/^\/+/, '')].filter((s) => s !== '').join('/') : from.replace(/[^/]*$/, '') + name
        return ctx.discovery.paths.has(rel) ? rel : undefined
      },
      resolveSource(kind, target) {
        if (kind !== 'post_url') return undefined
        const t = target.trim().replace(/^\/+/, '').replace(/\.(?:md|markdown|html?)$/i, '')
        return Object.hasOwn(posts, t) ? posts[t].file : undefined
      },
    }
  },
}

/** What `_config.yml` says about the site itself, as the preset reads it. */
interface HexoAbout {
  title?: string
  description?: string
  url?: string
  timezone?: string
  /** `language`: one tag or a list, the first the default ("Internationalization"; `default` is Hexo's fallback). */
  languages: string[]
  /** The site's `author`: every post's author (themes print it), unless a post names its own. */
  author?: string
  /** `index_generator.per_page`, else `per_page`. */
  perPage?: number
  /** `index_generator.path` without slashes at the ends ('' when unset). */
  indexPath: string
}

function readSite(cfg: Record<string, unknown>): HexoAbout {
  const index = isPlainObject(cfg.index_generator) ? cfg.index_generator : {}
  return {
    title: firstString(cfg.title),
    description: firstString(cfg.description, cfg.subtitle),
    url: httpOrigin(firstString(cfg.url)),
    timezone: firstString(cfg.timezone)?.trim() || undefined,
    languages: (Array.isArray(cfg.language) ? cfg.language : [cfg.language]).filter((l): l is string => typeof l === 'string' && l.trim() !== '' && l !== 'default'),
    author: firstString(cfg.author)?.trim() || undefined,
    perPage: typeof index.per_page === 'number' ? index.per_page : typeof cfg.per_page === 'number' ? cfg.per_page : undefined,
    indexPath: trimBoth(firstString(index.path) ?? '', '/'),
  }
}

/** The site's settings, base path, post index, terms and generated routes, into `config`. */
function applySite(config: SiteConfig, cfg: Record<string, unknown>, about: HexoAbout, settings: HexoSettings, file: string | undefined): void {
  const { title, description, url, timezone, perPage } = about
  const locale = about.languages[0] ? canonicalLocale(about.languages[0]) : undefined
  config.site = {
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...(url ? { url } : {}),
    ...(timezone ? { timezone } : {}),
    ...(locale ? { locale } : {}),
    ...(perPage !== undefined && perPage >= 1 ? { posts_per_page: Math.floor(perPage) } : {}),
  }
  // `per_page: 0` turns pagination off: every post on the index.
  if (perPage === 0) config.postIndex = { paginate: false }
  config.basePath = trimTrailing(firstString(cfg.root) ?? '/', '/').replace(/^(?=[^/])/, '/')
  if (about.indexPath !== '') config.postIndexPath = `/${about.indexPath}/`
  // Hexo publishes posts dated in the future unless `future: false` ("Configuration": Writing).
  if (cfg.future !== false) config.publishes = { future: true }
  for (const [name, slug] of mapOf(cfg.category_map)) config.categories.set(name, { name, slug: hexoSlug(slug, settings.filenameCase) })
  for (const [name, slug] of mapOf(cfg.tag_map)) config.tags.set(name, { name, slug: hexoSlug(slug, settings.filenameCase) })
  // hexo-generator-archive's list of every post (`archive_dir`, default `archives`): the new site's post index.
  const archiveDir = trimBoth(firstString(cfg.archive_dir) ?? 'archives', '/')
  if (file && archiveDir !== '' && !archiveDir.split('/').includes('..')) config.generatedRoutes = [{ from: `/${archiveDir}/`, to: config.postIndexPath ?? '/', file }]
}

/**
 * The date archives hexo-generator-archive writes under `archive_dir` (its README: `archive_generator` `yearly` and
 * `monthly` on, `daily` off by default; none when `enabled: false`).
 */
function dateArchives(cfg: Record<string, unknown>): ArchivePatterns {
  const dir = trimBoth(firstString(cfg.archive_dir) ?? 'archives', '/')
  const gen = isPlainObject(cfg.archive_generator) ? cfg.archive_generator : {}
  // Its lib/generator.js returns after the list of every post when `yearly` is off: no month or day archives either.
  if (dir === '' || dir.split('/').includes('..') || gen.enabled === false || gen.yearly === false) return {}
  return {
    ...(gen.yearly !== false ? { year: `/${dir}/:year/` } : {}),
    ...(gen.monthly !== false ? { month: `/${dir}/:year/:month/` } : {}),
    ...(gen.daily === true ? { day: `/${dir}/:year/:month/:day/` } : {}),
  }
}

/**
 * The pages hexo-generator-archive writes besides `archive_dir`'s first: each date archive, and every archive's later
 * pages (`<archive>/<pagination_dir>/<n>/`, from 2), by `archive_generator.per_page`, else `per_page`, else 10, posts
 * a page (0: one page). Its lib/generator.js pages the full list and each date's with hexo-pagination. At most
 * LIST_PAGES_LIMIT, the date archives first, then the later pages archive by archive; `total` counts them all,
 * without writing them out.
 */
export function archivePages(cfg: Record<string, unknown>, dates: readonly string[], zone: string): { urls: string[]; total: number } {
  const gen = isPlainObject(cfg.archive_generator) ? cfg.archive_generator : {}
  const dir = trimBoth(firstString(cfg.archive_dir) ?? 'archives', '/')
  if (dir === '' || dir.split('/').includes('..') || gen.enabled === false) return { urls: [], total: 0 }
  const patterns = dateArchives(cfg)
  const perPage = typeof gen.per_page === 'number' ? gen.per_page : typeof cfg.per_page === 'number' ? cfg.per_page : 10
  const pagesDir = trimBoth(firstString(cfg.pagination_dir) ?? 'page', '/')
  const counts = new Map<string, number>([[`/${dir}/`, dates.length]])
  for (const date of dates) for (const url of dateArchiveUrls(patterns, [date], zone)) counts.set(url, (counts.get(url) ?? 0) + 1)
  const archives = [...counts.keys()].sort()
  const urls = archives.filter((u) => u !== `/${dir}/`).slice(0, LIST_PAGES_LIMIT)
  let total = counts.size - 1
  if (perPage >= 1 && pagesDir !== '' && !pagesDir.split('/').includes('..')) {
    const later: string[] = []
    for (const url of archives) {
      const pages = Math.ceil((counts.get(url) ?? 0) / perPage)
      total += Math.max(0, pages - 1)
      for (let n = 2; n <= pages && urls.length + later.length < LIST_PAGES_LIMIT; n++) later.push(`${url}${pagesDir}/${n}/`)
    }
    for (const url of later.sort()) urls.push(url)
  }
  return { urls, total }
}

/**
 * hexo-generator-index's later pages (its lib/generator.js: pages 2 to ⌈posts ÷ per_page⌉ at, per_page as written:
 * hexo-pagination 3.0's `Math.ceil(length / perPage)`, 2.5 making four pages of ten posts,
 * `<index_generator.path>/<pagination_dir>/<n>/`, the directory `index_generator.pagination_dir`, else
 * `pagination_dir`, else `page`). Under `page` they are the post index's own pages on the new site; under another
 * directory (`pagination_dir: p`: `/p/2/`) each leads to the post index's page holding its first post (numberedPages, at most
 * LIST_PAGES_LIMIT). None when `per_page` is 0 (one page). `at` is where the pages are, for a host rule.
 */
export function indexPageRoutes(cfg: Record<string, unknown>, about: Pick<HexoAbout, 'perPage' | 'indexPath'>, posts: number): NumberedPages & { at: string } {
  const gen = isPlainObject(cfg.index_generator) ? cfg.index_generator : {}
  const dir = trimBoth(firstString(gen.pagination_dir) || firstString(cfg.pagination_dir) || 'page', '/')
  const perPage = about.perPage ?? 10
  const at = `${about.indexPath === '' ? '/' : `/${about.indexPath}/`}${dir}/`
  if (dir === 'page' || dir === '' || dir.split('/').includes('..') || !(perPage >= 1)) return { routes: [], total: 0, perPage: 1, at }
  return { ...numberedPages(2, Math.ceil(posts / perPage), perPage, (n) => `${at}${n}/`), at }
}

/** The contract's posts pattern for the site's `permalink`, or a warning when it has none. */
function applyPermalink(config: SiteConfig, settings: HexoSettings, ctx: PresetContext, file: string | undefined): void {
  const converted = convertPermalink(contractPattern(settings.permalink))
  if ('error' in converted) {
    ctx.diagnostics.warn(file ?? '', 0, 'unsupported_feature', `The permalink "${settings.permalink}" cannot be expressed in Preview Data (${converted.error}); posts use /posts/:slug/ and redirects keep the old addresses.`)
  } else {
    config.permalinks = { posts: converted.pattern, ...(converted.htmlExtension && settings.trailingHtml ? { output_style: 'html-extension' as const } : {}) }
  }
}

/** What placing documents reads and gathers, shared by the preset's steps. */
interface HexoSite {
  settings: HexoSettings
  about: HexoAbout
  zone: string
  /** Posts' file modification times, for posts without a date. */
  fileTimes: Map<string, Date>
  /** Posts by their path in `_posts/` without extension, for `post_link`/`post_path` (gathered while placing). */
  posts: Record<string, HexoPostRef>
  /** Post asset folders (`_posts/hello/` beside `_posts/hello.md`) by folder, with the URL of the post they belong to. */
  assetFolders: Map<string, string>
  /** Posts' dates by file, for the date archives. */
  postDates: Map<string, string>
  /** HTML files Hexo renders (with front matter): pages, never files it copies. */
  rendered: Set<string>
  diagnostics: Diagnostics
}

/** Whether Hexo renders a file as a page or post (drafts included). */
function isHexoDocument(rel: string, settings: HexoSettings): boolean {
  const role = roleOf(rel, settings)
  if (role.role === 'none') return false
  const { ext } = splitPath(rel)
  if (role.role === 'page') return MARKDOWN_EXTENSIONS.has(ext) || HTML_EXTENSIONS.has(ext)
  // With post asset folders, only files with the extension of `new_post_name` are posts; the rest are assets.
  return settings.postAssetFolder ? ext === splitPath(settings.newPostName).ext : MARKDOWN_EXTENSIONS.has(ext) || HTML_EXTENSIONS.has(ext)
}

function isPostRole(rel: string, settings: HexoSettings): boolean {
  const role = roleOf(rel, settings).role
  return role === 'post' || role === 'draft'
}

/**
 * Hexo dates a post without a date by its file's time ("Front-matter": date defaults to the file's creation time);
 * the modification time stands for it, which the file system keeps everywhere. Asked of the file system a batch at a
 * time: a site of thousands of posts does not wait on each in turn.
 */
async function postFileTimes(postFiles: DiscoveredFile[]): Promise<Map<string, Date>> {
  const fileTimes = new Map<string, Date>()
  for (let i = 0; i < postFiles.length; i += 64) {
    await Promise.all(postFiles.slice(i, i + 64).map(async (f) => {
      const time = await stat(f.abs).then((st) => st.mtime, () => undefined)
      if (time !== undefined && Number.isFinite(time.getTime())) fileTimes.set(f.rel, time)
    }))
  }
  return fileTimes
}

/**
 * A multilingual site's documents say their language (`lang:`, a `:lang` of `new_post_name`, or a page's first folder
 * named for one of the site's languages, as `i18n_dir: :lang` lays them out); the rest are the default's.
 */
function languageOf(languages: string[], fields: Record<string, unknown>, named: string | undefined, firstDir: string | undefined): string | undefined {
  if (languages.length <= 1) return undefined
  const tag = firstString(fields.lang, fields.language) ?? named ?? (firstDir !== undefined && languages.includes(firstDir) ? firstDir : undefined) ?? languages[0]
  return canonicalLocale(tag)
}

function placeDocument(source: SourceFile, h: HexoSite): Placement | Unpublished {
  const role = roleOf(source.file.rel, h.settings) as Exclude<Role, { role: 'none' }>
  return role.role === 'page' ? placePage(source, role.inside, h) : placePost(source, role, h)
}

/** A page of the source folder (`inside` its path there) at its path, or why Hexo publishes none. */
function placePage(source: SourceFile, inside: string, h: HexoSite): Placement | Unpublished {
  const rel = source.file.rel
  const fields = source.fm.data
  const html = HTML_EXTENSIONS.has(splitPath(rel).ext)
  // An HTML file without front matter is copied as it is (a verification file, a demo): a file, not a page.
  if (html && !source.fm.fenced) return { skip: 'static-file', detail: 'an HTML file without front matter: served as it is, not made a page' }
  if (html) h.rendered.add(rel)
  const pageUrl = pagePath(inside, firstString(fields.permalink), h.settings)
  // A blank page of `type: tags` or `categories` is the themes' list of all the terms (NexT, Butterfly, Fluid
  // document it): the new site's archives list them, and its URL is theirs.
  const listing = firstString(fields.type, fields.layout)
  if ((listing === 'tags' || listing === 'categories') && source.fm.body.trim() === '') return { skip: 'term-list', detail: `a page of type "${listing}" with no text of its own: the theme lists the ${listing} there, as the new site's archives do` }
  if (pageUrl === '/404.html' || pageUrl === '/404/') return { skip: 'not-found-page', detail: `Hexo's not-found page (${pageUrl}), which hosts serve for missing URLs; a build stage writes its theme's own 404 page` }
  const { dirs, base } = splitPath(inside)
  const isIndex = base === 'index'
  const pageLanguage = languageOf(h.about.languages, fields, undefined, dirs[0])
  return {
    kind: 'page',
    ...(pageLanguage ? { language: pageLanguage } : {}),
    name: isIndex ? (dirs[dirs.length - 1] ?? '') : base,
    url: pageUrl,
    ...(html ? { documentType: 'html' as const } : {}),
    ...(isIndex ? { isIndex: true } : {}),
    ...(pageUrl === '/' ? { isList: true } : {}),
  }
}

/**
 * A post's date as Hexo takes it: front-matter `date`, else the date `new_post_name` reads from the file name (`named`),
 * else the file's time (`fileTime`, reported by the caller).
 */
function postDate(source: SourceFile, info: Record<string, string | undefined>, h: HexoSite): { dateText?: string; named?: string; fileTime?: string; date: string | null } {
  const dateText = fieldDate(source, 'date')
  const named = info.year && (info.month ?? info.i_month) && (info.day ?? info.i_day) ? `${info.year}-${pad(info.month ?? info.i_month)}-${pad(info.day ?? info.i_day)}` : undefined
  const mtime = dateText === undefined && named === undefined ? h.fileTimes.get(source.file.rel) : undefined
  const fileTime = mtime === undefined ? undefined : (DateTime.fromJSDate(mtime).setZone(h.zone).startOf('second').toISO({ suppressMilliseconds: true }) ?? undefined)
  const timezone = h.about.timezone ?? 'UTC'
  const date = dateText !== undefined ? parseDate(dateText, timezone) : named !== undefined ? parseDate(named, timezone) : (fileTime ?? null)
  return { dateText, named, fileTime, date }
}

/**
 * The cover image the popular themes read (Fluid's `index_img`, `banner_img`; Butterfly's `top_img`; Hexo's own
 * `photos`), when the post names none the importer reads itself (`cover`, `thumbnail`, `image`…).
 */
function themeCover(fields: Record<string, unknown>): string | undefined {
  const photos = Array.isArray(fields.photos) ? fields.photos[0] : fields.photos ?? fields.photo
  return IMAGE_KEYS.some((k) => fields[k] !== undefined) ? undefined : firstString(fields.index_img, fields.banner_img, fields.top_img, photos)
}

/** A post (or draft) at the URL the site's `permalink` gives it, recorded for `post_link` and its asset folder. */
function placePost(source: SourceFile, role: Extract<Role, { role: 'post' | 'draft' }>, h: HexoSite): Placement {
  const { settings, about } = h
  const rel = source.file.rel
  const fields = source.fm.data
  const { ext } = splitPath(rel)
  const info = parseFileName(settings.newPostName, role.inside)
  const { dateText, named, fileTime, date } = postDate(source, info, h)
  if (date !== null) h.postDates.set(rel, date)
  const draft = role.role === 'draft' && !settings.renderDrafts
  if (fileTime !== undefined && !draft) h.diagnostics.warn(rel, 0, 'missing_date', `This post has no date in its front matter or file name: Hexo dates it by the file's time, so it was dated ${fileTime} from the file's modification time, which a copy or a checkout changes. Add \`date:\` to keep it.`)
  const raw = fields.categories ?? fields.category
  const postUrl = postPath(settings, { slug: info.title, date, zone: h.zone, fields, info, hierarchies: categoryHierarchies(raw) })
  // Names inside nested lists, which the importer's own reading of `categories` (plain names) does not see.
  const nestedCategories = Array.isArray(raw) ? categoryHierarchies(raw.filter(Array.isArray)).flat() : []
  const stem = role.inside.slice(0, role.inside.length - ext.length)
  h.posts[stem] = { file: rel, title: firstString(fields.title) ?? info.title }
  if (settings.postAssetFolder) h.assetFolders.set(`${settings.sourceDir === '' ? '' : settings.sourceDir + '/'}${role.dir}/${stem}`, postUrl)
  const postLanguage = languageOf(about.languages, fields, info.lang, undefined)
  const image = themeCover(fields)
  const { author } = about
  const html = HTML_EXTENSIONS.has(ext)
  return {
    kind: 'post',
    ...(postLanguage ? { language: postLanguage } : {}),
    name: info.title.split('/').pop() ?? info.title,
    url: postUrl,
    ...(named !== undefined && dateText === undefined ? { nameDate: named } : {}),
    ...(fileTime !== undefined || author !== undefined || image !== undefined
      ? { defaults: { ...(fileTime !== undefined ? { date: fileTime } : {}), ...(author !== undefined ? { author } : {}), ...(image !== undefined ? { featured_image: image } : {}) } }
      : {}),
    ...(nestedCategories.length > 0 ? { folderCategories: nestedCategories } : {}),
    ...(draft ? { draft: true, draftReason: `in ${role.dir}/ (Hexo publishes drafts only with render_drafts: true)` } : {}),
    ...(html ? { documentType: 'html' as const } : {}),
    // A post's own assets sit in the folder of its name beside it, named by bare file name ("Asset Folders").
    ...(settings.postAssetFolder ? { imageBase: splitPath(rel).base } : {}),
  }
}

/**
 * Where Hexo publishes a file of the folder that is not a document: a post's asset beside the post's own page
 * (`/2024/01/02/hello/cat.png`), every other file of the source folder Hexo reads (`skip_render` ones too) at its
 * path. URLs here leave the base path (`root`) out, as the old-URL index does.
 */
function assetUrl(rel: string, h: HexoSite): string | undefined {
  const { settings } = h
  const { sourceDir } = settings
  if (!rel.startsWith(sourceDir === '' ? '' : sourceDir + '/')) return undefined
  const slash = rel.lastIndexOf('/')
  const folderUrl = h.assetFolders.get(rel.slice(0, slash))
  if (folderUrl !== undefined) return folderUrl.replace(/[^/]*$/, '') + encodeSegment(rel.slice(slash + 1))
  const inside = rel.slice(sourceDir === '' ? 0 : sourceDir.length + 1)
  if (settings.ignore(rel) || settings.exclude(inside) || (hidden(inside) && !settings.include(inside)) || h.rendered.has(rel)) return undefined
  return '/' + inside.split('/').map(encodeSegment).join('/')
}

/** What Hexo's configuration says about where files are and how URLs are written, with Hexo's defaults. */
export interface HexoSettings {
  sourceDir: string
  permalink: string
  permalinkDefaults: Record<string, unknown>
  newPostName: string
  defaultCategory: string
  categoryMap: Map<string, string>
  filenameCase: number
  postAssetFolder: boolean
  renderDrafts: boolean
  trailingIndex: boolean
  trailingHtml: boolean
  /** `root` with slashes at both ends (`/`, `/blog/`). */
  root: string
  codeDir: string
  skipRender: (rel: string) => boolean
  exclude: (rel: string) => boolean
  include: (rel: string) => boolean
  ignore: (rel: string) => boolean
}

/** Hexo's settings from a parsed `_config.yml`, each defaulting as Hexo's own default configuration does. */
export function readSettings(cfg: Record<string, unknown>): HexoSettings {
  const pretty = isPlainObject(cfg.pretty_urls) ? cfg.pretty_urls : {}
  const globs = (v: unknown) => globMatcher(typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [])
  const root = trimBoth(firstString(cfg.root) ?? '/', '/')
  return {
    sourceDir: folder(cfg.source_dir, 'source'),
    permalink: firstString(cfg.permalink)?.trim() || ':year/:month/:day/:title/',
    permalinkDefaults: isPlainObject(cfg.permalink_defaults) ? cfg.permalink_defaults : {},
    newPostName: firstString(cfg.new_post_name)?.trim() || ':title.md',
    defaultCategory: firstString(cfg.default_category) ?? 'uncategorized',
    categoryMap: mapOf(cfg.category_map),
    filenameCase: cfg.filename_case === 1 || cfg.filename_case === 2 ? cfg.filename_case : 0,
    postAssetFolder: cfg.post_asset_folder === true,
    renderDrafts: cfg.render_drafts === true,
    trailingIndex: pretty.trailing_index !== false,
    trailingHtml: pretty.trailing_html !== false,
    root: root === '' ? '/' : `/${root}/`,
    codeDir: folder(cfg.code_dir, 'downloads/code'),
    skipRender: globs(cfg.skip_render),
    exclude: globs(cfg.exclude),
    include: globs(cfg.include),
    ignore: globs(cfg.ignore),
  }
}

type Role = { role: 'post' | 'draft'; dir: string; inside: string } | { role: 'page'; inside: string } | { role: 'none' }

/**
 * Where a file of the site folder sits for Hexo: a post or draft (with its path inside `_posts/`/`_drafts/`), a page
 * (with its path inside the source folder), or nothing Hexo renders (outside the source folder, hidden, excluded,
 * ignored or in `skip_render`).
 */
function roleOf(rel: string, s: HexoSettings): Role {
  if (s.ignore(rel)) return { role: 'none' }
  const prefix = s.sourceDir === '' ? '' : s.sourceDir + '/'
  if (!rel.startsWith(prefix)) return { role: 'none' }
  const inside = rel.slice(prefix.length)
  if (/[~%]$/.test(inside)) return { role: 'none' }
  for (const dir of ['_posts', '_drafts'] as const) {
    if (!inside.startsWith(dir + '/')) continue
    const within = inside.slice(dir.length + 1)
    if (hidden(within) || s.skipRender(inside)) return { role: 'none' }
    return { role: dir === '_posts' ? 'post' : 'draft', dir, inside: within }
  }
  if (s.exclude(inside) || (hidden(inside) && !s.include(inside)) || s.skipRender(inside)) return { role: 'none' }
  return { role: 'page', inside }
}

/** Hexo's hidden files: any path segment starting with `_` or `.`. */
function hidden(path: string): boolean {
  return /(?:^|\/)[_.]/.test(path)
}

/**
 * A page's public URL: its path in the source folder with `.html` for its extension, or its front-matter `permalink`
 * (a trailing `/` meaning `index.html`); `index.html` stands for its folder, and `.html` is dropped under
 * `pretty_urls.trailing_html: false`. Without the site's `root`, which the plan puts in front.
 */
export function pagePath(inside: string, permalink: string | undefined, s: Pick<HexoSettings, 'trailingHtml'>): string {
  let path: string
  if (permalink !== undefined && permalink.trim() !== '') {
    path = permalink.trim().replace(/^\/+/, '')
    if (path === '' || path.endsWith('/')) path += 'index'
    if (!/\.[^/.]+$/.test(path)) path += '.html'
  } else path = inside.replace(/\.[^/.]+$/, '') + '.html'
  return cleanUrl(publicUrl(path, s))
}

/** A route file (`about/index.html`, `a.html`) as the URL a host serves it at, `pretty_urls.trailing_html` applied. */
function publicUrl(path: string, s: Pick<HexoSettings, 'trailingHtml'>): string {
  const clean = '/' + path.replace(/^\/+/, '')
  if (/(?:^|\/)index\.html$/.test(clean)) return clean.slice(0, -'index.html'.length)
  if (!s.trailingHtml && clean.endsWith('.html')) return clean.slice(0, -'.html'.length)
  return clean
}

/** What a post's URL is filled from. */
export interface PostValues {
  /** Hexo's slug: the `:title` of `new_post_name` read from the path inside `_posts/` (`folder/hello-world`). */
  slug: string
  /** The post's date (RFC 3339), or null when it has none. */
  date: string | null
  zone: string
  fields: Record<string, unknown>
  /** Values `new_post_name` read from the file name (`year`, `month`, `lang`…). */
  info: Record<string, string | undefined>
  hierarchies: string[][]
}

/**
 * A post's public URL as Hexo writes it (hexo.io "Permalinks"): front-matter `permalink` as written, else the site's
 * `permalink` with `:year :month :i_month :day :i_day :hour :minute :second :timestamp :title :name :post_title
 * :category :hash`, front-matter keys and `permalink_defaults` filled in (a key nothing fills prints `undefined`, as
 * Hexo does). With `post_asset_folder` a URL that ends in neither `/` nor `.html` gets a `/`.
 */
export function postPath(s: HexoSettings, v: PostValues): string {
  const own = firstString(v.fields.permalink)?.trim()
  let path: string
  if (own) path = own
  else {
    const dt = v.date ? DateTime.fromISO(v.date, { setZone: true }).setZone(v.zone) : null
    const at = (fmt: string) => (dt ? dt.toFormat(fmt) : 'undefined')
    const last = v.hierarchies[v.hierarchies.length - 1]
    const values: Record<string, string> = {
      year: at('yyyy'),
      month: at('MM'),
      day: at('dd'),
      hour: at('HH'),
      minute: at('mm'),
      second: at('ss'),
      i_month: at('M'),
      i_day: at('d'),
      timestamp: dt ? String(Math.floor(dt.toSeconds())) : 'undefined',
      title: v.slug,
      name: v.slug.split('/').pop() ?? v.slug,
      post_title: hexoSlug(firstString(v.fields.title) ?? '', 1),
      hash: dt ? createHash('sha1').update(v.slug + String(Math.floor(dt.toSeconds()))).digest('hex').slice(0, 12) : 'null',
      category: last ? categorySlug(last, s) : s.defaultCategory,
    }
    path = s.permalink.replace(/:(\w*[^_\W])/g, (_, name: string) => {
      if (name in values) return values[name]
      // Values read from the file name win over front matter: Hexo copies them over it.
      const value = v.info[name] ?? v.fields[name] ?? s.permalinkDefaults[name]
      return value === undefined || value === null ? 'undefined' : String(value)
    })
  }
  if (s.postAssetFolder && !path.endsWith('/') && !path.endsWith('.html')) path += '/'
  if (!s.trailingIndex && path.endsWith('/index.html')) path = path.slice(0, -'index.html'.length)
  return cleanUrl(publicUrl(path, s))
}

/**
 * A URL path as a browser requests it: characters a path may not hold percent-encoded (an escape already written
 * kept), `.` and `..` segments and repeated slashes gone. Front matter fills a permalink, and is input like any other.
 */
export function cleanUrl(url: string): string {
  const segments = url.split('/').filter((seg, i, all) => (seg !== '' || i === 0 || i === all.length - 1) && seg !== '.' && seg !== '..')
  const path = segments.map((seg) => seg.replace(/%(?![0-9a-fA-F]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@%]+/g, (c) => encodeURIComponent(c))).join('/')
  return path.startsWith('/') ? path : '/' + path
}

/**
 * The values `new_post_name` (`:title.md`, `:year-:month-:day-:title.md`) names in a post's path inside `_posts/`,
 * read back as Hexo does: `title` is the slug; a path that does not fit the pattern is slugged whole.
 * @example
 * parseFileName(':year-:month-:day-:title.md', '2024-03-04-hello.md') // { year: '2024', month: '03', day: '04', title: 'hello' }
 */
export function parseFileName(pattern: string, inside: string): Record<string, string | undefined> & { title: string } {
  const stem = (p: string) => p.replace(/\.[^/.]*$/, '')
  const path = stem(inside)
  const found = path.length <= MAX_NAME_LENGTH ? matchPattern(stem(pattern), path) : undefined
  if (!found) return { title: hexoSlug(path, 0) }
  return { ...found, title: found.title ?? hexoSlug(path, 0) }
}

/** Longest post path (inside `_posts/`, without extension) read back against `new_post_name`; longer ones are slugged whole. */
const MAX_NAME_LENGTH = 512

/** What a token of `new_post_name` matches, as Hexo's reading of it does: fixed digit runs for dates, else 1+ characters. */
const TOKEN_RUNS: Readonly<Record<string, { digits: boolean; min: number; max: number }>> = {
  year: { digits: true, min: 4, max: 4 },
  month: { digits: true, min: 2, max: 2 },
  day: { digits: true, min: 2, max: 2 },
  i_month: { digits: true, min: 1, max: 2 },
  i_day: { digits: true, min: 1, max: 2 },
  hash: { digits: false, min: 12, max: 12 },
}

/**
 * Matches a path against a `new_post_name` pattern as a regular expression of literal text and lazy groups would
 * (each token takes the fewest characters that let the rest match), without one: a pattern is the site's own input,
 * and a backtracking expression of several lazy groups takes polynomial time of a high degree on a path that does not
 * fit. Here a table says, for each part and position, whether the rest can match from there, filled from the end
 * (a free token by a running "any position after this one"): linear in parts × length.
 */
function matchPattern(rule: string, path: string): Record<string, string> | undefined {
  if (rule.length > 256) return undefined
  const parts: Array<{ literal: string } | { token: string }> = []
  let last = 0
  for (const m of rule.matchAll(/:(\w*[^_\W])/g)) {
    if (m.index > last) parts.push({ literal: rule.slice(last, m.index) })
    parts.push({ token: m[1] })
    last = m.index + m[0].length
  }
  if (last < rule.length) parts.push({ literal: rule.slice(last) })
  const n = path.length
  const inRun = (run: (typeof TOKEN_RUNS)[string], c: string) => (run.digits ? c >= '0' && c <= '9' : /^[0-9a-f]$/.test(c))
  // ok[k][at]: parts k.. match path[at..] exactly.
  const ok: Uint8Array[] = Array.from({ length: parts.length + 1 }, () => new Uint8Array(n + 2))
  ok[parts.length][n] = 1
  for (let k = parts.length - 1; k >= 0; k--) {
    const part = parts[k]
    const next = ok[k + 1]
    if ('literal' in part) {
      for (let at = 0; at + part.literal.length <= n; at++) if (next[at + part.literal.length] && path.startsWith(part.literal, at)) ok[k][at] = 1
      continue
    }
    const run = TOKEN_RUNS[part.token]
    if (run === undefined) {
      let any = 0
      for (let at = n - 1; at >= 0; at--) {
        any |= next[at + 1]
        ok[k][at] = any
      }
      continue
    }
    for (let at = 0; at < n; at++) {
      for (let len = 1; len <= run.max && at + len <= n && inRun(run, path[at + len - 1]); len++) {
        if (len >= run.min && next[at + len]) {
          ok[k][at] = 1
          break
        }
      }
    }
  }
  if (!ok[0][0]) return undefined
  const out: Record<string, string> = {}
  let at = 0
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k]
    if ('literal' in part) {
      at += part.literal.length
      continue
    }
    let len = TOKEN_RUNS[part.token]?.min ?? 1
    while (!ok[k + 1][at + len]) len++
    out[part.token] = path.slice(at, at + len)
    at += len
  }
  return out
}

/**
 * Hexo's `slugize`: accents taken off, runs of white space and punctuation (slashes too) become one `-`, trimmed at
 * the ends; `filename_case` 1 lowers, 2 uppers.
 * @example
 * hexoSlug('A Deep Dive, Vol. 2!', 1) // 'a-deep-dive-vol-2'
 */
export function hexoSlug(text: string, transform: number): string {
  const s = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[\u0000-\u001f]/g, '')
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'<>,.?/]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return transform === 1 ? s.toLowerCase() : transform === 2 ? s.toUpperCase() : s
}

/** A category's Hexo slug: its parents' and its own names, each through `category_map`, slugged and joined by `/`. */
function categorySlug(hierarchy: string[], s: Pick<HexoSettings, 'categoryMap' | 'filenameCase'>): string {
  return hierarchy.map((name) => hexoSlug(s.categoryMap.get(name) ?? name, s.filenameCase)).join('/')
}

/**
 * Front-matter `categories` as Hexo reads them: a list is one hierarchy (`[A, B]`: B under A), a list holding lists
 * is several (`[[A, B], [C]]`), a single name is one category.
 * @example
 * categoryHierarchies([['A', 'B'], 'C']) // [['A', 'B'], ['C']]
 */
export function categoryHierarchies(value: unknown): string[][] {
  const name = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '')
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) return name(value) === '' ? [] : [[name(value)]]
  // Once one item is a list, every item is a hierarchy of its own (`[A, [B, C]]`: A, and C under B).
  if (!value.some(Array.isArray)) {
    const h = value.map(name).filter((n) => n !== '')
    return h.length > 0 ? [h] : []
  }
  return value.map((item) => (Array.isArray(item) ? item : [item]).map(name).filter((n) => n !== '')).filter((h) => h.length > 0)
}

/** A date field as written (the YAML text, which a YAML date would turn to UTC), or undefined. */
function fieldDate(source: SourceFile, key: string): string | undefined {
  if (!(key in source.fm.data)) return undefined
  return source.fm.textOf(key)?.trim() || undefined
}

function pad(n: string | undefined): string {
  return (n ?? '').padStart(2, '0')
}

/** The contract's posts pattern for a Hexo permalink: `:name`/`:post_title` stand for the slug, categories left out. */
function contractPattern(permalink: string): string {
  return permalink.replace(/:(?:name|post_title)\b/g, ':title').replace(/(^|\/):category(?=\/)/g, '$1').replace(/^\/*/, '/')
}

/** A name → name map (`category_map`, `tag_map`), string values only. */
function mapOf(value: unknown): Map<string, string> {
  const out = new Map<string, string>()
  if (!isPlainObject(value)) return out
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string' || typeof v === 'number') out.set(k, String(v))
  return out
}

/** A folder setting as a relative path without slashes at the ends; the fallback for anything leaving the site. */
function folder(value: unknown, fallback: string): string {
  const dir = trimBoth((typeof value === 'string' ? value : fallback).replace(/^\.\//, ''), '/')
  return dir.split('/').includes('..') ? fallback : dir
}

function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%40/g, '@').replace(/%3A/g, ':').replace(/%2C/g, ',')
}

/** hexo-theme-landscape's own `menu` (its _config.yml, 1.1.0), shown when the site sets none. */
const LANDSCAPE_MENU = { Home: '/', Archives: '/archives' }

/**
 * The theme's `menu:` (Hexo 5's `_config.<theme>.yml` beside the site's, over `theme_config:` in `_config.yml`, over
 * the theme's own `themes/<theme>/_config.yml`): `Title: /path`, or NexT's `home: / || fa fa-home`, whose key is
 * shown capitalised; for Hexo's default theme from npm, its own. An item's URL is relative to the site's `root`.
 */
async function themeMenu(ctx: PresetContext, cfg: Record<string, unknown>, read: Set<string>): Promise<ConfigMenuItem[]> {
  const theme = firstString(cfg.theme)?.trim()
  const candidates: Array<{ file?: string; menu: unknown }> = []
  if (theme && /^[\w.-]+$/.test(theme) && !theme.startsWith('.')) {
    for (const f of [`_config.${theme}.yml`, `_config.${theme}.yaml`]) {
      if (!ctx.discovery.paths.has(f)) continue
      const d = await ctx.readData(f)
      read.add(f)
      if (isPlainObject(d)) candidates.push({ file: f, menu: d.menu })
    }
    if (isPlainObject(cfg.theme_config)) candidates.push({ menu: cfg.theme_config.menu })
    for (const f of [`themes/${theme}/_config.yml`, `themes/${theme}/_config.yaml`]) {
      if (!ctx.discovery.paths.has(f)) continue
      const d = await ctx.readData(f)
      read.add(f)
      if (isPlainObject(d)) candidates.push({ file: f, menu: d.menu })
    }
  }
  // Hexo's default theme, which `hexo init` installs from npm (out of the folder's reach): its own menu.
  if (theme === 'landscape') candidates.push({ menu: LANDSCAPE_MENU })
  const found = candidates.find((c) => isPlainObject(c.menu))
  return found ? menuItems(found.menu as Record<string, unknown>) : []
}

/** Menu entries (`Home: /`, `home: / || fa fa-home`, NexT's nested `{default: /docs/ || …, Sub: …}`) as menu items. */
export function menuItems(menu: Record<string, unknown>): ConfigMenuItem[] {
  const items: ConfigMenuItem[] = []
  for (const [key, value] of Object.entries(menu)) {
    if (key === 'default') continue
    const nested = isPlainObject(value) ? value : undefined
    const raw = nested ? firstString(nested.default) : firstString(value)
    const children = nested ? menuItems(nested) : []
    // A group without an address of its own (Butterfly's `List || fas fa-list: {Music: /music/}`) leads where its
    // first entry does.
    const target = raw !== undefined ? raw.split('||')[0].trim() : (children[0]?.url ?? '')
    if (target === '') continue
    const url = /^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('/') ? target : `/${target}`
    // NexT's keys are translation ids (`home`, `archives`), shown through its language files: their English is the word.
    const name = key.split('||')[0].trim()
    if (name === '') continue
    const title = /^[a-z][a-z0-9_]*$/.test(name) ? name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ') : name
    items.push({ title, url, target: '_self', children })
  }
  return items
}
