import { posix } from 'node:path'
import { DateTime } from 'luxon'
import { checkSlugSegment } from '../../../src/validate/primitives/index.js'
import { LIMITS } from '../../../src/contract/constants.js'
import { dateFromName, parseDate } from '../dates.js'
import type { DiscoveredFile } from '../discover.js'
import { isPlainObject, warnUnsafeKey } from '../front-matter.js'
import { closing, entries, exportedData, exportedLiteral, objectsOf, readJsConfig, stringArray, stringLiteral, stripComments } from './_jstext.js'
import { firstString, httpOrigin, NAVIGATION_DATA, navigationMenus, navigationTree, postListing, readDataFolder } from './_config.js'
import type { NavigationEntry } from './_config.js'
import { cascadeRules, cleanTags, dataSource, mergedSources } from './eleventy-cascade.js'
import type { CascadeRules, DataSource } from './eleventy-cascade.js'
import { SiteCascade, withSiteData } from './eleventy-data.js'
import { LayoutData } from './eleventy-layouts.js'
import { globMatcher } from './_glob.js'
import { LIST_PAGES_LIMIT, warnListPagesCapped } from './_list-pages.js'
import { dependencyRange, rangeMajor } from './_package.js'
import { pagedPostList, pageUrl } from './eleventy-pagination.js'
import type { PagedPostList } from './eleventy-pagination.js'
import type { Convention, Placement, Preset, PresetContext, SourceFile, Unpublished } from './types.js'
import type { SiteConfig } from './types.js'
import { emptyConfig, MARKDOWN_EXTENSIONS, splitPath } from './types.js'
import { trimBoth, trimTrailing } from '../../../src/trim.js'

/**
 * Template languages besides Markdown whose pages are imported (11ty.dev "Template Languages"): HTML (preprocessed with
 * Liquid by default), Nunjucks and Liquid, all in Eleventy's default `templateFormats`. Their bodies are HTML.
 */
const PAGE_TEMPLATES: ReadonlyMap<string, string> = new Map([['.html', 'html'], ['.htm', 'html'], ['.njk', 'njk'], ['.liquid', 'liquid']])

const CONFIG_FILES = ['eleventy.config.js', 'eleventy.config.mjs', 'eleventy.config.cjs', 'eleventy.config.ts', '.eleventy.js', '.eleventy.cjs', '.eleventy.mjs']
/** Date values that mean a file-system or git time in Eleventy: never a date the author wrote. */
const FILE_TIME_DATES = /^(?:git )?(?:last modified|created)$/i

/**
 * Eleventy (documented rules, 11ty.dev "Permalinks", "Template and Directory Data Files", "Collections", "Content
 * Dates", "Ignoring files"), its configuration read as text: templates under `dir.input` (default `.`), except the
 * includes and data folders, `node_modules` and `.eleventyignore` entries. `x.md` → `/x/`, `x/index.md` and
 * `x/x.md` → `/x/`, the file name (dates included) kept as written; front-matter `permalink` (a path, `false` for
 * not written, or a template whose `page.fileSlug`, `page.filePathStem` and data variables are filled in) overrides
 * it. A page's data is Eleventy's data cascade (`SiteCascade`): global data, its layouts' front matter, directory data
 * files (`posts/posts.json`, `posts/posts.11tydata.json`), template data files and front matter, merged as the site's
 * Eleventy merges them. A post is a dated document of the `posts`/`post` collection or with a post layout; with no
 * `date` (Eleventy would use the file's creation time) it is a page.
 */
export const eleventyPreset: Preset = {
  name: 'eleventy',
  detect(discovery) {
    const found = CONFIG_FILES.find((f) => discovery.paths.has(f))
    if (found) return { strength: 85, reason: `found ${found}` }
    if (discovery.dependencies?.has('@11ty/eleventy')) return { strength: 75, reason: 'found @11ty/eleventy in package.json' }
    if (discovery.files.some((f) => /\.11tydata\.(?:json|js|cjs|mjs)$/.test(f.rel))) return { strength: 40, reason: 'found an Eleventy data file (*.11tydata.*)' }
    return null
  },
  async configure(ctx: PresetContext): Promise<Convention> {
    const config = emptyConfig()
    const { text } = await readJsConfig(ctx, CONFIG_FILES, config)
    const dir = entries(objectsOf(text, 'dir')[0] ?? '')
    const options = configEntries(text)
    // Eleventy 3's setters (`eleventyConfig.setInputDirectory("content")`) over the `dir` object.
    const folder = (name: string) => setterArgument(text, `set${name}Directory`) ?? stringLiteral(dir.get(name.toLowerCase()))
    const input = trim(folder('Input') ?? '.')
    // Folders are relative to the input folder, and may leave it (`../_includes` beside `content/`, the base blog's).
    const at = (sub: string) => trim(posix.normalize(input === '' ? sub : `${input}/${sub}`))
    const includes = at(trim(folder('Includes') ?? '_includes'))
    const layouts = folder('Layouts')
    const dataDir = at(trim(folder('Data') ?? '_data'))
    const output = trim(folder('Output') ?? '_site')
    const prefix = trimTrailing(stringLiteral(options.get('pathPrefix')) ?? '/', '/')
    // The engine that preprocesses Markdown ("Configuration": `markdownTemplateEngine`, Liquid by default; the base
    // blog sets Nunjucks): the first dialect is the one a Markdown or HTML body is expanded with.
    const markdownEngine = setterArgument(text, 'setMarkdownTemplateEngine') ?? stringLiteral(options.get('markdownTemplateEngine'))
    config.basePath = prefix === '' || prefix === '/' ? '' : prefix.replace(/^(?=[^/])/, '/')
    // `.eleventyignore` lines are ignore globs of Eleventy's file search: fast-glob (1.x, 2.x) and tinyglobby (3.x),
    // both called with `caseSensitiveMatch: false, dot: true` (src/FileSystemSearch.js).
    const ignored = globMatcher(await readIgnores(ctx), { nocase: true, dot: true })
    if (ctx.discovery.paths.has('.eleventyignore')) config.configFiles.add('.eleventyignore')

    // Global data the base blog uses for the site: `_data/metadata.json` (title, url, description, author), or
    // `_data/metadata.js` in the base blog since version 8.
    const metadataFile = ['metadata.json', 'site.json', 'metadata.yml', 'site.yml', 'metadata.js', 'site.js'].map((f) => `${dataDir}/${f}`).find((f) => ctx.discovery.paths.has(f))
    let defaultAuthor: string | undefined
    if (metadataFile) {
      const meta = metadataFile.endsWith('.js') ? await readJsData(ctx, metadataFile) : await ctx.readData(metadataFile)
      config.configFiles.add(metadataFile)
      if (isPlainObject(meta)) {
        const title = firstString(meta.title)
        const url = firstString(meta.url)
        const description = firstString(meta.description)
        config.site = {
          ...(title ? { title } : {}),
          ...(description !== undefined ? { description: description.trim() } : {}),
          ...(httpOrigin(url) ? { url: httpOrigin(url) } : {}),
        }
        defaultAuthor = isPlainObject(meta.author) ? firstString(meta.author.name) : firstString(meta.author)
      }
    }

    // How the site's Eleventy merges the data cascade: by its major (package.json) and `setDataDeepMerge`.
    const range = dependencyRange(await ctx.readText('package.json'), '@11ty/eleventy')
    const major = range === undefined ? undefined : rangeMajor(range)
    const rules = cascadeRules(range, major, text)
    // Directory and template data files, each read once as its own source of the cascade. JavaScript data files
    // (`x.11tydata.js`) are read as text, never run: the values they write as literals apply.
    const { directories, templates } = await readDataFiles(ctx, input, [dataDir, includes], rules, config.configFiles)

    // Posts keep their URLs when the posts' directory data gives one permalink the contract's posts pattern can
    // express (`/blog/{{ page.fileSlug }}/` → `/blog/:slug/`); posts with a permalink of their own are redirected.
    // A folder tagged `posts` is the posts collection; a post layout alone is weaker evidence (recipes share it).
    // A collection gathered by glob (`getFilteredByGlob("src/posts/*.md")`) is the posts collection as a tag is.
    const postGlobs = collectionGlobs(text, ['posts', 'post'])
    const inPosts = globMatcher(postGlobs, { files: true, ...filteredByGlobOptions(major) })
    const globbed = (folder: string) => postGlobs.length > 0 && ctx.discovery.files.some((f) => f.rel.startsWith(folder + '/') && inPosts(f.rel))
    const byTag = new Set<string>()
    const byLayout = new Set<string>()
    for (const [folder, sources] of directories) {
      const data = mergedSources(sources, rules.deep)
      if (typeof data.permalink !== 'string') continue
      if (tagList(data.tags).some((t) => t === 'posts' || t === 'post') || globbed(folder)) byTag.add(data.permalink.trim())
      else if (/(?:^|\/)post(?:\.[a-z]+)?$/i.test(firstString(data.layout) ?? '')) byLayout.add(data.permalink.trim())
    }
    const postPermalinks = byTag.size > 0 ? byTag : byLayout
    const postsPattern = postPermalinks.size === 1 ? permalinkPattern([...postPermalinks][0]) : undefined
    if (postsPattern) config.permalinks = { posts: postsPattern }

    const copies = passthroughCopies(text, input)
    const formats = templateFormats(text)
    const isFormat = (ext: string) => (MARKDOWN_EXTENSIONS.has(ext) && (formats === undefined || formats.has('md'))) || (PAGE_TEMPLATES.has(ext) && (formats === undefined || formats.has(PAGE_TEMPLATES.get(ext) as string)))
    const isTemplate = (rel: string) =>
      isFormat(splitPath(rel).ext) && inside(rel, input) && !rel.startsWith(includes + '/') && !rel.startsWith(dataDir + '/') &&
      !(layouts && rel.startsWith(at(trim(layouts)) + '/')) && !(output !== '' && rel.startsWith(output + '/')) && !ignored(rel)

    // Menus: the eleventy-navigation plugin's entries, gathered from pages' `eleventyNavigation` while placing them
    // (built in `finish`), else a navigation data file (`_data/navigation.json`).
    const globalData = await readGlobalData(ctx, dataDir, config.configFiles)
    const navEntries: NavigationEntry[] = []
    const navFile = NAVIGATION_DATA.flatMap((n) => ['json', 'yml', 'yaml', 'js'].map((e) => `${dataDir}/${n}.${e}`)).find((f) => ctx.discovery.paths.has(f))
    const navData = navFile === undefined ? undefined : navFile.endsWith('.js') ? await readJsData(ctx, navFile) : await ctx.readData(navFile)
    if (navFile !== undefined) config.configFiles.add(navFile)
    const layoutData = await readLayouts(ctx, layouts === undefined ? includes : at(trim(layouts)), text, rules)
    const cascade = new SiteCascade(rules, globalData, layoutData, directories, templates, (path) => warnUnsafeKey(ctx.diagnostics, dataDir, 0, path), (file, key) => warnTooBig(ctx.diagnostics, file, key))

    // Templates paging through the posts, and the files of each post collection, for the pages written after the first.
    const pagedLists: PagedList[] = []
    const tagged = new Map<string, Set<string>>([['posts', new Set()], ['post', new Set()]])

    return {
      config,
      templates: markdownEngine === 'njk' ? ['nunjucks', 'liquid'] : ['liquid', 'nunjucks'],
      isDocument: (f: DiscoveredFile) => isTemplate(f.rel),
      templateSite: () => globalData,
      finish(published) {
        const index = config.postIndexPath ?? '/'
        const { routes, cut } = laterPages(pagedLists, tagged, published, { url: index })
        // The pages of the list it cut are below its first page's URL (/blog/1/), but for a list at / (/1/, /2/).
        if (cut?.first !== undefined) warnListPagesCapped(ctx.diagnostics, cut.file, { lists: 'The paginated lists of posts', index, rule: cut.first === '/' ? '/<n>/ for each page number' : `${cut.first}*` })
        if (routes.length > 0) config.generatedRoutes = [...(config.generatedRoutes ?? []), ...routes]
        if (navEntries.length > 0) config.menus.primary = { name: 'Primary', items: navigationTree(navEntries) }
        else if (navData !== undefined) Object.assign(config.menus, navigationMenus(navData))
      },
      place(source: SourceFile): Placement | Unpublished {
        const rel = source.file.rel
        const within = input === '' ? rel : rel.slice(input.length + 1)
        const { dirs, base, ext } = splitPath(within)
        const page = PAGE_TEMPLATES.has(ext)
        const fm = source.fm.data
        const { fields, site } = cascade.page(input === '' ? dirs : [...input.split('/'), ...dirs], base, fm, rel, {
          unsafe: (path) => warnUnsafeKey(ctx.diagnostics, rel, source.fm.lineOf(path.split('.')[0]), path),
          invalidTags: (value) => warnInvalidTags(ctx.diagnostics, rel, source.fm.lineOf('tags'), value),
        })
        const tags = tagList(fields.tags)
        const excluded = excludedCollections(fields.eleventyExcludeFromCollections, major)
        for (const t of tags) if (excluded !== 'all' && !excluded.has(t)) tagged.get(t)?.add(rel)
        if (fields.permalink === false) return { skip: 'permalink-false', detail: 'permalink: false (Eleventy does not write this template)' }
        const paged = page ? pagedPostList(fields) : undefined
        if (paged !== undefined) {
          const permalink = typeof fields.permalink === 'string' && fields.permalink.trim() !== '' ? fields.permalink.trim() : undefined
          const list = { ...paged, file: rel, url: defaultUrl(dirs, base), fields: permalink === undefined ? fields : withSiteData(permalink, fields, site), dialect: ext === '.njk' ? ('nunjucks' as const) : ('liquid' as const), ...(permalink !== undefined ? { permalink } : {}) }
          pagedLists.push(list)
          const skipped = postListPage(list, config, ctx.diagnostics)
          if (skipped !== undefined) return skipped
        }
        const generated = page ? generatedOutput(fields, source.fm.body) : undefined
        if (generated !== undefined) return generated
        const fileSlug = fileSlugOf(dirs, base)
        const stem = '/' + [...dirs, base].join('/')
        const dateValue = fields.date
        const fileTime = typeof dateValue === 'string' && FILE_TIME_DATES.test(dateValue.trim())
        const named = dateFromName(base)
        let url = defaultUrl(dirs, base)
        // Computed data comes last in the data cascade ("Computed Data"): its permalink wins.
        const permalink = isPlainObject(fields.eleventyComputed) && typeof fields.eleventyComputed.permalink === 'string' ? fields.eleventyComputed.permalink : fields.permalink
        if (typeof permalink === 'string' && permalink.trim() !== '') {
          const date = fileTime ? undefined : pageDate(dateValue, named?.date)
          const filled = fillTemplate(permalink.trim(), { fileSlug, filePathStem: stem, data: withSiteData(permalink, fields, site), ...(date ? { date } : {}) })
          if (filled === undefined) {
            const own = fm.permalink !== undefined
            ctx.diagnostics.warn(rel, own ? source.fm.lineOf('permalink') : 0, 'unsupported_feature', `The permalink "${permalink}"${own ? '' : " (from this folder's data file)"} uses template code or values this importer cannot evaluate here${date ? '' : ' (a page.date needs a date in the front matter or the file name)'}; the default URL ${url} is assumed. Redirect the old URL by hand if it differs.`)
          } else url = normalizePermalink(filled)
        }
        // The not-found page is written as 404.html for the host to serve on every missing URL, never as a
        // document at a URL of its own; a build stage writes its theme's instead.
        if (url === '/404.html' || url === '/404/') return { skip: 'not-found-page', detail: `Eleventy's not-found page (${url}), which hosts serve for missing URLs; a build stage writes its theme's own 404 page, so its text is not imported` }
        // A navigation entry leads to its page, or to what replaces it (the post index for the blog's list).
        const nav = isPlainObject(fields.eleventyNavigation) ? fields.eleventyNavigation : undefined
        const key = nav === undefined ? undefined : firstString(nav.key)
        if (nav !== undefined && key !== undefined) {
          navEntries.push({ key, title: firstString(nav.title) ?? key, parent: firstString(nav.parent), order: typeof nav.order === 'number' ? nav.order : 0, url: firstString(nav.url) ?? url, source: rel })
        }
        if (page) {
          const skipped = templatePageSkip(source.fm.body, url, config)
          if (skipped !== undefined) return skipped
        }
        const hasDate = !fileTime && (named !== null || (dateValue !== undefined && dateValue !== null && dateValue !== ''))
        const layout = firstString(fields.layout) ?? ''
        const postLike = tags.some((t) => t === 'posts' || t === 'post') || /(?:^|\/)post(?:\.[a-z]+)?$/i.test(layout) || inPosts(rel)
        const kind = postLike && hasDate ? 'post' : 'page'
        // The page's data as Eleventy merges it, read by mapping instead of front matter over defaults. A post's terms
        // are its tags less the collection that makes it a post, which is no topic (the base blog's tag list and tag
        // pages leave out `posts` and `post`, as they do `all`).
        const data = Object.assign(Object.create(null) as Record<string, unknown>, fields)
        if (kind === 'post' && Array.isArray(fields.tags)) data.tags = fields.tags.filter((t) => t !== 'posts' && t !== 'post' && (excluded === 'all' || !excluded.has(String(t))))
        if (fileTime) data.date = undefined
        // Out of every collection, or of the one that makes it a post: the blog does not list it.
        if (excluded === 'all' || tags.some((t) => (t === 'posts' || t === 'post') && excluded.has(t))) data.unlisted = true
        if (defaultAuthor !== undefined && fields.author === undefined && fields.authors === undefined) data.author = defaultAuthor
        return {
          kind,
          name: base === 'index' || base === dirs[dirs.length - 1] ? (dirs[dirs.length - 1] ?? '') : (named?.rest || base),
          url,
          ...(named ? { nameDate: named.date } : {}),
          ...(base === 'index' ? { isIndex: true } : {}),
          data,
          ...(fileTime ? { undatedPost: true } : {}),
          ...(page && !/\bmd\b/.test(String(fields.templateEngineOverride ?? '')) ? { documentType: 'html' as const } : {}),
        }
      },
      assetUrl(rel) {
        const copy = copies.find((c) => rel === c.from || inside(rel, c.from))
        if (copy !== undefined) return '/' + [copy.to, rel.slice(copy.from.length + 1)].filter((p) => p !== '').join('/')
        return inside(rel, input) ? '/' + (input === '' ? rel : rel.slice(input.length + 1)) : undefined
      },
    }
  },
}

/** Says that data key `key` was dropped where two levels of the cascade met, too big for data (`SiteCascade`). */
function warnTooBig(diagnostics: PresetContext['diagnostics'], file: string, key: string): void {
  diagnostics.warn(file, 0, 'dropped_data', `"${key}" was dropped from the data of this and every other page where two levels of the data cascade (global data, a layout, data files, front matter) both set it: merged, it holds an object of more than ${LIMITS.dataKeysPerObject} keys or a list of more than ${LIMITS.dataItemsPerArray} items, which a document's data cannot hold. Keep such data in one level only, or make it smaller.`)
}

/** Says that `tags` in `file` is `value`, neither a string nor a list (`cleanTags`). */
function warnInvalidTags(diagnostics: PresetContext['diagnostics'], file: string, line: number, value: unknown): void {
  const what = isPlainObject(value) ? 'an object' : `the ${typeof value} ${String(value)}`
  diagnostics.warn(file, line, 'invalid_field', `\`tags\` is ${what}, neither a string nor a list: Eleventy 3.1 stops the build on it ("String or Array expected for \`tags\`"), and here it replaces the tags of the levels below it (a folder's \`posts\`), so the page is in no collection. Write a list of names (\`tags: ["2024"]\`).`)
}

/** A template paging through the posts, as `pageUrl` reads it, with its first page's URL once known. */
export interface PagedList extends PagedPostList {
  file: string
  url: string
  permalink?: string
  fields: Record<string, unknown>
  dialect: 'nunjucks' | 'liquid'
  first?: string
}

/**
 * What a template paging through the posts is (11ty.dev "Pagination"): the blog's list, paged by its size. The
 * first one is the new site's post index at its first page's URL (the theme's index of latest posts at `/`); a later
 * one leads there. Undefined when its permalink cannot be evaluated (it is then a paginated template, not imported).
 */
function postListPage(list: PagedList, config: SiteConfig, diagnostics: PresetContext['diagnostics']): Unpublished | undefined {
  const first = pageUrl(list, 0, list.dialect)
  if (first === undefined) {
    diagnostics.warn(list.file, 0, 'unsupported_feature', `The permalink "${list.permalink ?? ''}" of this list of posts uses template code this importer cannot evaluate; the new site's post index is not put at its address, and its pages are not redirected. Redirect them by hand.`)
    return undefined
  }
  list.first = first
  const perPage = `${list.size} posts a page, as collections.${list.tag} is paged here`
  if (first === '/') {
    config.site.posts_per_page ??= list.size
    return { skip: 'home-list', detail: `it pages through collections.${list.tag}: the theme's index of latest posts owns /, ${perPage}` }
  }
  config.postIndexPath ??= first
  if (config.postIndexPath !== first) return { skip: 'paginated', detail: `a second list of collections.${list.tag}: its pages lead to the new site's post index at ${config.postIndexPath}` }
  config.site.posts_per_page ??= list.size
  return { skip: 'post-index', detail: `it pages through collections.${list.tag}: the new site's post index at ${first} takes its place, ${perPage}` }
}

/**
 * The pages a list of posts wrote besides the one the post index took, each leading to the post index. The list the
 * post index replaced, and the home page's list (page 0 is the home page itself, never redirected), are paged in full:
 * as many pages as its size divides the published posts of its collection into, page n (from 0) leading to the post
 * index's page that holds page n's first post (`page`: its number and the list's size). A second list's first page is
 * redirected, not its later ones: twenty lists over 50,000 posts would be 500,000 pages rendered. LIST_PAGES_LIMIT
 * pages in all; `cut` names the list it cut (`capped`: whether there is one).
 */
export function laterPages(lists: readonly PagedList[], tagged: ReadonlyMap<string, ReadonlySet<string>>, published: ReadonlySet<string>, postIndex: { url: string }): { routes: NonNullable<SiteConfig['generatedRoutes']>; capped: boolean; cut?: PagedList } {
  const index = postIndex.url
  const out: NonNullable<SiteConfig['generatedRoutes']> = []
  let cut: PagedList | undefined
  // Each collection's published posts are counted once, not once for each list paging it.
  const counts = new Map<string, number>()
  const publishedIn = (tag: string) => {
    let count = counts.get(tag)
    if (count === undefined) {
      count = 0
      for (const f of tagged.get(tag) ?? []) if (published.has(f)) count++
      counts.set(tag, count)
    }
    return count
  }
  for (const list of lists) {
    if (cut) break
    if (list.first === undefined) continue
    const paged = list.first === index || list.first === '/'
    const pages = paged ? Math.max(1, Math.ceil(publishedIn(list.tag) / list.size)) : 1
    for (let n = paged ? 1 : 0; n < pages; n++) {
      if (out.length >= LIST_PAGES_LIMIT) {
        cut = list
        break
      }
      const from = pageUrl(list, n, list.dialect)
      if (from !== undefined && from !== index && from !== '/') out.push({ from, to: index, file: list.file, ...(paged ? { page: { n: n + 1, perPage: list.size } } : {}) })
    }
  }
  return { routes: out, capped: cut !== undefined, ...(cut ? { cut } : {}) }
}

/**
 * Why an HTML, Nunjucks or Liquid template writes no document, by its front matter and body alone: a paginated
 * template writes a page per slice of some data (tag pages, paged lists), a body of XML or JSON is a feed, sitemap
 * or data file.
 */
function generatedOutput(fields: Record<string, unknown>, body: string): Unpublished | undefined {
  if (fields.pagination !== undefined && fields.pagination !== null) {
    const data = isPlainObject(fields.pagination) ? firstString(fields.pagination.data) : undefined
    return { skip: 'paginated', detail: `a paginated template${data ? ` over ${data}` : ''}: Eleventy writes a page per slice of that data, which the new site's post index and archives list` }
  }
  if (/^\s*(?:<\?xml|\{\s*"|\[\s*[{"\]])/.test(body)) return { skip: 'not-html-output', detail: 'its body is XML or JSON (a feed, sitemap or data file), not a page: a build stage writes its own' }
  return undefined
}

/**
 * Why the output of an HTML, Nunjucks or Liquid template at `url` is not a document: a permalink of another type is
 * a file (`/robots.txt`, `/feed.xml`); a page that loops over the posts is the blog's list, replaced by the new
 * site's post index (its home at `/`), or a list of tags, replaced by the tag archives. Undefined for a content page.
 */
function templatePageSkip(body: string, url: string, config: SiteConfig): Unpublished | undefined {
  const last = url.slice(url.lastIndexOf('/') + 1)
  if (last.includes('.') && !/\.html?$/i.test(last)) return { skip: 'not-html-output', detail: `Eleventy writes ${url}, a file that is not a page (a feed, sitemap or data file): a build stage writes its own` }
  const listing = postListing(body)
  if (listing === undefined) return undefined
  // A list of terms has no route of its own in the contract: its URL leads to the post index.
  if (listing.of !== 'posts') return { skip: 'term-list', detail: `it lists the ${listing.of === 'tag' ? 'tags' : 'categories'}${listing.term !== undefined ? ` "${listing.term}"` : ''}: the new site's archives list them, and its URL leads to the post index`, redirect: { from: url, to: config.postIndexPath ?? '/' } }
  if (url === '/') return { skip: 'home-list', detail: "it lists the posts (a loop over collections.posts): the theme's index of latest posts owns /" }
  config.postIndexPath ??= url
  if (config.postIndexPath !== url) return undefined
  // Not paginated (a paginated template is `paginated`): Eleventy lists every post on that one page.
  config.postIndex = { ...config.postIndex, paginate: false }
  return { skip: 'post-index', detail: `it lists the posts (a loop over collections.posts): the new site's post index at ${url} takes its place` }
  return undefined
}

/** A page's `eleventyNavigation` entry (the eleventy-navigation plugin): `key`, `parent` key, `order`, `title`, its URL. */

/** Eleventy's default URL: `x.md` → `/x/`, `x/index.md` and `x/x.md` → `/x/`, `index.md` → `/`. */
function defaultUrl(dirs: string[], base: string): string {
  const own = base === 'index' || base === dirs[dirs.length - 1] ? dirs : [...dirs, base]
  return own.length === 0 ? '/' : '/' + own.map(encodeURIComponent).join('/') + '/'
}

/**
 * Eleventy's global data ("Global Data Files"): each file of the data folder under its name (`_data/metadata.json`
 * → `metadata`, folders nesting), JSON and YAML as data and JavaScript files by the literals they export (never
 * run): what templates see as the site's data, and the lowest level of every page's data cascade. Files read are
 * listed in `read`.
 */
async function readGlobalData(ctx: PresetContext, dir: string, read: Set<string>): Promise<Record<string, unknown>> {
  // A JavaScript file that exports code is said once where its values matter (metadata, navigation), not here.
  const data = await readDataFolder(ctx.discovery.files, dir, read, /\.(?:json|ya?ml|js|cjs|mjs)$/i, async (rel) => {
    if (!/\.[cm]?js$/i.test(rel)) return ctx.readData(rel)
    // An object of literals, or another literal (`_data/layout.js`: `module.exports = "post.njk";`).
    const text = stripComments((await ctx.readText(rel)) ?? '')
    return exportedData(text)?.data ?? exportedLiteral(text)
  })
  return data ?? Object.create(null)
}

/**
 * The template formats the configuration sets (`templateFormats: ['md', 'njk']` in the returned object, or
 * `eleventyConfig.setTemplateFormats('md,njk')`), or undefined when it sets none (Eleventy's defaults then).
 */
function templateFormats(text: string): Set<string> | undefined {
  const raw = configEntries(text).get('templateFormats') ?? /setTemplateFormats\(\s*(\[[^\]]{0,500}\]|"[^"]{0,500}"|'[^']{0,500}')/.exec(text)?.[1]
  if (raw === undefined) return undefined
  const list = stringArray(raw) ?? stringLiteral(raw)?.split(',')
  return list === undefined ? undefined : new Set(list.map((f) => f.trim().toLowerCase()).filter((f) => f !== ''))
}

/** `page.fileSlug`: the file name without a date prefix, or the folder's name for an index file. */
function fileSlugOf(dirs: string[], base: string): string {
  if (base === 'index') return dirs[dirs.length - 1] ?? ''
  return dateFromName(base)?.rest || base
}

/** A permalink as Eleventy writes it: `404.html` → `/404.html`, `about/` → `/about/`, `x/index.html` → `/x/`. */
function normalizePermalink(p: string): string {
  const url = ('/' + p.replace(/^\/+/, '')).replace(/\/{2,}/g, '/').replace(/(^|\/)index\.html$/, '$1')
  return url
}

/** The values a permalink template may use: Eleventy's `page` variables and the data cascade. */
export interface PermalinkValues {
  fileSlug: string
  filePathStem: string
  data: Record<string, unknown>
  /** `page.date` as an ISO instant, when the page has a date its author wrote (front matter or file name). */
  date?: string
}

/**
 * `template` with each output tag `{{ expr }}` replaced by `fn(expr)`: the expression up to the first `}`, without the
 * `-` trimming markers and the spaces around it, as `/\{\{-?\s*([^}]*?)\s*-?\}\}/g` finds them, but in time linear in
 * the text (that expression read on to the end from every `{{` that is never closed).
 * @example
 * replaceOutputTags('/{{- page.fileSlug -}}/', (e) => `<${e}>`) // '/<page.fileSlug>/'
 */
export function replaceOutputTags(template: string, fn: (expr: string) => string): string {
  let out = ''
  let done = 0
  let close = -1
  for (let open = template.indexOf('{{'); open >= 0; open = template.indexOf('{{', open + 1)) {
    // The first `}` after the braces; the same one for every `{{` before it.
    if (close < open + 2) close = template.indexOf('}', open + 2)
    if (close < 0) break
    if (template[close + 1] !== '}') continue
    let expr = template.slice(open + 2, close)
    if (expr.startsWith('-')) expr = expr.slice(1)
    expr = expr.trimStart()
    if (expr.endsWith('-')) expr = expr.slice(0, -1)
    out += template.slice(done, open) + fn(expr.trimEnd())
    done = close + 2
    open = close + 1
  }
  return out + template.slice(done)
}

/**
 * Fills a permalink template as Eleventy renders it, where that needs no code of the site: `{{ page.fileSlug }}`,
 * `{{ page.filePathStem }}`, data names (`{{ title }}`, `{{ section.name }}`), quoted strings, and the filters
 * `slug`/`slugify`, `lower` and Liquid's `date` with a strftime format (`{{ page.date | date: "%Y/%m/%d" }}`, read in
 * UTC as Eleventy's own dates are). Undefined when it holds anything else (tags, other filters, missing values).
 */
export function fillTemplate(template: string, v: PermalinkValues): string | undefined {
  if (/\{%/.test(template)) return undefined
  let failed = false
  const out = replaceOutputTags(template, (expr) => {
    const [head, ...filters] = splitFilters(expr)
    let value: string | undefined
    if (head === 'page.fileSlug') value = v.fileSlug
    else if (head === 'page.filePathStem') value = v.filePathStem
    else if (head === 'page.date') value = v.date
    else if (/^[A-Za-z_][\w.]*$/.test(head)) {
      let cur: unknown = v.data
      for (const k of head.split('.')) cur = isPlainObject(cur) ? cur[k] : undefined
      value = typeof cur === 'string' || typeof cur === 'number' ? String(cur) : undefined
    } else if (/^(['"]).*\1$/.test(head)) value = head.slice(1, -1)
    for (const f of filters) {
      if (value === undefined) break
      const date = /^date\s*:\s*(['"])(.*)\1$/.exec(f)
      if (f === 'slug' || f === 'slugify') value = slugifyLike(value)
      else if (f === 'lower') value = value.toLowerCase()
      else if (date && head === 'page.date') value = strftime(value, date[2])
      else value = undefined
    }
    if (value === undefined) failed = true
    return value ?? ''
  })
  return failed ? undefined : out
}

/** `a | b: "x|y"` → `['a', 'b: "x|y"']`: a pipe inside quotes is not a filter separator. */
function splitFilters(expr: string): string[] {
  return (expr.match(/(?:[^|'"]|'[^']*'|"[^"]*")+/g) ?? ['']).map((s) => s.trim())
}

/** Liquid's `date` filter for the directives a URL uses (%Y %y %m %d %e %j %H %M %S %%), in UTC; undefined for others. */
function strftime(iso: string, format: string): string | undefined {
  const d = DateTime.fromISO(iso, { zone: 'UTC' })
  if (!d.isValid) return undefined
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  const parts: Record<string, string> = { Y: String(d.year), y: pad(d.year % 100), m: pad(d.month), d: pad(d.day), e: String(d.day), j: pad(d.ordinal, 3), H: pad(d.hour), M: pad(d.minute), S: pad(d.second), '%': '%' }
  let ok = true
  const out = format.replace(/%(.)/g, (_, c: string) => {
    if (parts[c] === undefined) ok = false
    return parts[c] ?? ''
  })
  return ok ? out : undefined
}

/** `page.date` as Eleventy sets it from the author's `date` (a YAML date arrives as text here) or the file name, in UTC. */
function pageDate(value: unknown, nameDate: string | undefined): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return parseDate(value, 'UTC') ?? undefined
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString()
  return nameDate !== undefined ? (parseDate(nameDate, 'UTC') ?? undefined) : undefined
}

/**
 * The contract's posts pattern for a permalink template whose every segment is a literal slug segment or one of
 * `page.fileSlug`, `title | slug(ify)` (→ `:slug`) and `page.date | date: "%Y"`, `"%m"`, `"%d"` runs (→ date
 * tokens), with `:slug` present; undefined for anything else.
 */
export function permalinkPattern(template: string): string | undefined {
  let ok = true
  const tokens = replaceOutputTags(template, (expr) => {
    const [head, ...filters] = splitFilters(expr)
    const slugged = filters.every((f) => f === 'slug' || f === 'slugify')
    if ((head === 'page.fileSlug' || head === 'title') && slugged && (head === 'page.fileSlug' || filters.length > 0)) return '\u0000slug'
    const date = filters.length === 1 ? /^date\s*:\s*(['"])(.*)\1$/.exec(filters[0]) : null
    if (head === 'page.date' && date) {
      return date[2].replace(/%(.)|([^%]+)/g, (m, c: string | undefined) => {
        if (c === 'Y') return '\u0000year'
        if (c === 'm') return '\u0000month'
        if (c === 'd') return '\u0000day'
        if (c === undefined && /^\/+$/.test(m)) return m
        ok = false
        return ''
      })
    }
    ok = false
    return ''
  })
  if (!ok || /\{%/.test(tokens)) return undefined
  const path = tokens.replace(/^\/+/, '').replace(/(?:^|\/)index\.html$/, '').replace(/\.html$/, '')
  const segments = path.split('/').filter((s) => s !== '')
  const out: string[] = []
  for (const seg of segments) {
    if (/^\u0000[a-z]+$/.test(seg)) out.push(':' + seg.slice(1))
    else if (!seg.includes('\u0000') && checkSlugSegment(seg) === null) out.push(seg)
    else return undefined
  }
  return out.includes(':slug') ? '/' + out.join('/') + '/' : undefined
}

/** Eleventy's `slugify` filter (the `@sindresorhus/slugify` defaults): lower case, runs of other characters as `-`. */
function slugifyLike(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
}

/**
 * The directory and template data files of the input folder (not those of the data and includes folders), each read
 * once as its own source of the cascade: by folder (from the site's root) and by template (its path without
 * extension), in the order Eleventy merges a folder's or template's files (getLocalDataPaths, the last over the
 * others: `x.json`, `x.11tydata.json`, `.mjs`, `.cjs`, `.js`). Files read are listed in `read`.
 */
async function readDataFiles(ctx: PresetContext, input: string, outside: string[], rules: CascadeRules, read: Set<string>): Promise<{ directories: Map<string, DataSource[]>; templates: Map<string, DataSource[]> }> {
  const directories = new Map<string, DataSource[]>()
  const templates = new Map<string, DataSource[]>()
  const isJs = (rel: string) => /\.11tydata\.(?:js|cjs|mjs)$/.test(rel)
  const candidates = ctx.discovery.files.filter((f) => (f.rel.endsWith('.json') || isJs(f.rel)) && inside(f.rel, input) && !outside.some((dir) => f.rel.startsWith(dir + '/')))
  candidates.sort((a, b) => dataFileRank(a.rel) - dataFileRank(b.rel))
  for (const f of candidates) {
    const { dirs, base } = splitPath(f.rel)
    const stem = base.replace(/\.11tydata$/, '')
    const folder = dirs.join('/')
    const isDirData = dirs.length > 0 && stem === dirs[dirs.length - 1]
    const templateSibling = [...MARKDOWN_EXTENSIONS].some((e) => ctx.discovery.paths.has(`${folder === '' ? '' : folder + '/'}${stem}${e}`))
    if (!isDirData && !templateSibling && !base.endsWith('.11tydata')) continue
    const data = isJs(f.rel) ? await readJsData(ctx, f.rel) : await ctx.readData(f.rel)
    read.add(f.rel)
    if (!isPlainObject(data)) continue
    const [map, key] = isDirData ? [directories, folder] : [templates, `${folder === '' ? '' : folder + '/'}${stem}`]
    map.set(key, [...(map.get(key) ?? []), dataSource(cleanTags(data, rules.splitTags, (value) => warnInvalidTags(ctx.diagnostics, f.rel, 0, value)), rules.deep, (path) => warnUnsafeKey(ctx.diagnostics, f.rel, 0, path))])
  }
  return { directories, templates }
}

/** Where a data file comes among its folder's or template's (TemplateData.getLocalDataPaths, reversed). */
function dataFileRank(rel: string): number {
  const m = /\.11tydata\.(json|mjs|cjs|js)$/.exec(rel)
  return m === null ? 0 : ['json', 'mjs', 'cjs', 'js'].indexOf(m[1]) + 1
}

/**
 * The front matter of the layouts Eleventy may use, read once (never run), with the configuration's
 * `addLayoutAlias("post", "layouts/post.njk")` aliases.
 */
async function readLayouts(ctx: PresetContext, folder: string, config: string, rules: CascadeRules): Promise<LayoutData> {
  const aliases = new Map<string, string>()
  for (const m of config.matchAll(/\.addLayoutAlias\(\s*(["'`])([^"'`\n]{1,300})\1\s*,\s*(["'`])([^"'`\n]{1,300})\3\s*\)/g)) aliases.set(m[2], m[4])
  const frontMatter = new Map<string, Record<string, unknown>>()
  for (const rel of LayoutData.candidates(folder, ctx.discovery.paths)) {
    const data = await ctx.readFrontMatter(rel)
    if (data !== null && Object.keys(data).length > 0) frontMatter.set(rel, data)
  }
  return new LayoutData(folder, aliases, frontMatter, ctx.discovery.paths, rules, (rel, path) => warnUnsafeKey(ctx.diagnostics, rel, 0, path))
}

/**
 * The collections a page's `eleventyExcludeFromCollections` leaves it out of (src/TemplateMap.js, src/Data/TemplateData.js
 * getNormalizedExcludedCollections): `true` every one; from Eleventy 3 a list of names or a string of them split at
 * commas, those only; before 3, any value that is set every one.
 */
function excludedCollections(value: unknown, major: number | undefined): 'all' | Set<string> {
  if (value === true || (major !== undefined && major < 3 && Boolean(value))) return 'all'
  if (Array.isArray(value)) return new Set(value.map(String))
  return new Set(typeof value === 'string' && value !== '' ? value.split(',') : [])
}

function tagList(v: unknown): string[] {
  if (typeof v === 'string') return [v]
  if (Array.isArray(v)) return v.filter((t): t is string => typeof t === 'string')
  return []
}

/**
 * How `getFilteredByGlob` matches (src/TemplateCollection.js): Eleventy 3 through `isGlobMatch` (src/Util/GlobMatcher.js:
 * picomatch with `dot: true, nocase: true`, so `Posts/*.md` takes `posts/a.md`), Eleventy 1 and 2 through multimatch
 * (case-sensitive, no dot names). A site whose package.json names no one major is taken as the current, 3.
 */
function filteredByGlobOptions(major: number | undefined): { nocase: boolean; dot: boolean } {
  const current = major === undefined || major >= 3
  return { nocase: current, dot: current }
}

/**
 * `.eleventyignore` entries: globs relative to the project root, each leaving out what it matches and what is below
 * it (11ty.dev "Ignore Template Files": `_drafts/`), read as picomatch reads them (Eleventy 3 matches with picomatch).
 */
async function readIgnores(ctx: PresetContext): Promise<string[]> {
  const text = ctx.discovery.paths.has('.eleventyignore') ? await ctx.readText('.eleventyignore') : null
  return (text ?? '').split(/\r?\n/).map((line) => line.trim()).filter((g) => g !== '' && !g.startsWith('#') && !g.startsWith('!'))
}

/** The object a CommonJS or ESM config function returns (`return { dir: …, pathPrefix: … }`), as inner text. */
function topReturn(text: string): string {
  const objects = objectsOf(text.replace(/\breturn\s*\{/g, 'returned: {'), 'returned')
  return objects[objects.length - 1] ?? ''
}

/**
 * The configuration's options as written: the object its function returns (`return { dir, templateFormats }`) and,
 * over it, the object Eleventy 3 reads from the module's `config` export (`export const config = { … }`,
 * `module.exports.config = { … }`), as text by key.
 */
function configEntries(text: string): Map<string, string> {
  const exported = objectsOf(text.replace(/\b(?:export\s+const\s+|module\.exports\.)config\s*=\s*\{/g, 'exportedConfig: {'), 'exportedConfig')
  return new Map([...entries(topReturn(text)), ...entries(exported[exported.length - 1] ?? '')])
}

/**
 * The globs a collection of one of `names` gathers its files by (`eleventyConfig.addCollection("posts", (api) =>
 * api.getFilteredByGlob("src/posts/*.md"))`, "Collections": globs from the project folder, which Eleventy 3 matches
 * with picomatch), relative to it.
 */
function collectionGlobs(text: string, names: string[]): string[] {
  const out: string[] = []
  for (const m of text.matchAll(/\.addCollection\(\s*(["'`])([\w-]{1,60})\1\s*,/g)) {
    if (!names.includes(m[2])) continue
    // The collection's function is read up to the next collection, within a bounded window.
    const next = text.indexOf('.addCollection(', (m.index ?? 0) + m[0].length)
    const body = text.slice((m.index ?? 0) + m[0].length, Math.min(next < 0 ? text.length : next, (m.index ?? 0) + 2000))
    const arg = /\.getFilteredByGlob\(\s*(\[[^\]]{0,1000}\]|"[^"\n]{0,300}"|'[^'\n]{0,300}'|`[^`$\n]{0,300}`)\s*\)/.exec(body)?.[1]
    const globs = arg === undefined ? [] : (stringArray(arg) ?? [stringLiteral(arg)]).filter((g): g is string => g !== undefined)
    for (const g of globs) out.push(g.trim().replace(/^(?:\.\/)+/, ''))
  }
  return out
}

/** The string a configuration call is given (`eleventyConfig.setInputDirectory("content")` → `content`), if any. */
/**
 * What `addPassthroughCopy` copies (11ty.dev "Passthrough File Copy"), as folder or file mappings from the project
 * root: a path is copied to the same path in the output, less the input folder when it is inside it
 * (`"content/fonts"` → `/fonts/`); an object maps each path to a folder of the output (eleventy-base-blog v9's
 * `{ "./public/": "/" }`). Globs and paths leaving the folder are not followed; the configuration is never run.
 */
function passthroughCopies(text: string, input: string): Array<{ from: string; to: string }> {
  const out: Array<{ from: string; to: string }> = []
  const add = (from: string, to: string | undefined) => {
    const source = trim(from)
    if (source === '' || /[*?{}[\]!]/.test(source) || source.split('/').includes('..')) return
    const target = to === undefined ? (input !== '' && inside(source, input) ? source.slice(input.length + 1) : source) : trim(to)
    if (!target.split('/').includes('..')) out.push({ from: source, to: target })
  }
  for (const m of text.matchAll(/\.addPassthroughCopy\(\s*/g)) {
    const at = m.index + m[0].length
    if (text[at] === '{') {
      const end = closing(text, at)
      if (end === -1) continue
      for (const [from, raw] of entries(text.slice(at + 1, end))) {
        const to = stringLiteral(raw)
        if (to !== undefined) add(from, to)
      }
      continue
    }
    const literal = /^(?:"[^"\n]{0,300}"|'[^'\n]{0,300}'|`[^`$\n]{0,300}`)/.exec(text.slice(at, at + 310))
    const from = literal === null ? undefined : stringLiteral(literal[0])
    if (from !== undefined) add(from, undefined)
  }
  return out
}

function setterArgument(text: string, method: string): string | undefined {
  const m = new RegExp(`\\.${method}\\(\\s*("[^"\\n]{0,300}"|'[^'\\n]{0,300}'|\`[^\`$\\n]{0,300}\`)\\s*\\)`).exec(text)
  return m === null ? undefined : stringLiteral(m[1])
}

function inside(rel: string, dir: string): boolean {
  return dir === '' || rel.startsWith(dir + '/')
}

function trim(dir: string): string {
  // `./x` is `x` and `.` the folder itself; `../x` keeps its dots (it leaves the folder).
  return dir === '.' ? '' : trimBoth(dir.replace(/^(?:\.\/)+/, ''), '/')
}

/**
 * A JavaScript data file's exported literals (`_jstext.exportedData`), never run; the keys written as code are
 * reported, and a file that exports no object literal (a function) is reported and read as nothing.
 */
async function readJsData(ctx: PresetContext, rel: string): Promise<Record<string, unknown> | undefined> {
  const found = exportedData(stripComments((await ctx.readText(rel)) ?? ''))
  if (!found) {
    ctx.diagnostics.warn(rel, 0, 'unsupported_feature', 'This Eleventy data file exports code (a function, a variable), which is never run; its values are not applied. Export an object of plain values, or write them as JSON, to have them imported.')
    return undefined
  }
  if (found.computed.length > 0) ctx.diagnostics.warn(rel, 0, 'unsupported_feature', `In this Eleventy data file, ${found.computed.join(', ')} ${found.computed.length === 1 ? 'is' : 'are'} code, which is never run; ${found.computed.length === 1 ? 'it is' : 'they are'} not applied. Its plain values are.`)
  return found.data
}
