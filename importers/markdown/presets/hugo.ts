import { DateTime } from 'luxon'
import { luxonZone, parseDate } from '../dates.js'
import type { DiscoveredFile } from '../discover.js'
import { IMAGE_KEYS } from '../fields.js'
import { isPlainObject } from '../front-matter.js'
import { canonicalLocale, convertPermalink, firstString, HTML_EXTENSIONS } from './_config.js'
import { mergedValues } from './_merge.js'
import { globTooLong, MAX_GLOB_LENGTH, pathGlobMatcher } from './_glob.js'
import type { ConfigMenuItem, Convention, Placement, Preset, PresetContext, SourceFile, TaxonomyDefinition, Unpublished } from './types.js'
import { emptyConfig, MARKDOWN_EXTENSIONS, splitPath } from './types.js'
import { trimBoth, trimTrailing } from '../../../src/trim.js'

/** Configuration files Hugo reads, in its order of precedence. */
const CONFIG_FILES = ['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json', 'config.toml', 'config.yaml', 'config.yml', 'config.json']
const CONFIG_DIR = 'config/_default/'

/** What a `ref`, `relref` or `pageRef` path may leave out: the extension, or the index file of a bundle or section. */
const REF_SUFFIXES = ['', '.md', '.html', '/index.md', '/_index.md', '/index.html', '/_index.html']

/** Whether an extension is a content format Hugo renders as a page: Markdown, or HTML (gohugo.io "Content formats"). */
function isContent(ext: string): boolean {
  return MARKDOWN_EXTENSIONS.has(ext) || HTML_EXTENSIONS.has(ext)
}
/** Sections that hold posts when neither the caller nor `params.mainSections` says otherwise. */
export const DEFAULT_POST_SECTIONS = ['posts', 'post', 'blog', 'news']

/** One folder of content and the language it holds (`contentDir` per language, or a module mount). */
interface ContentRoot {
  dir: string
  lang: string
}

/** A `cascade` entry: values applied below a folder, optionally only to some kinds or paths (`_target`/`target`). */
export interface Cascade {
  values: Record<string, unknown>
  /** `_target.kind`'s kinds (`{page,section}`, `page, section`). */
  kinds?: string[]
  path?: (path: string) => boolean
}

/**
 * Hugo (documented rules, gohugo.io "URL management", "Configure permalinks", "Build options", "Multilingual"):
 * content under `contentDir` (or per-language `contentDir`, or `[[module.mounts]]` targeting `content`); a page's URL
 * is its path in the content folder, lower-cased, with `slug` replacing the last segment, `url` replacing it all, a
 * `[permalinks]` pattern per top-level section, `uglyURLs`, and the language prefix for languages other than the
 * default (all of them with `defaultContentLanguageInSubdir`). `_index.md` is its section's list page, `index.md` a
 * leaf bundle whose other files are its resources; `headless`, `build`/`_build` (`render: never|link`) and `cascade`
 * are honoured. Posts are the dated pages of the post sections (`params.mainSections`, else posts/post/blog/news).
 */
/** Theme layouts of a blank page that lists every post (PaperMod's and Stack's `layout: archives`). */
const ARCHIVE_LAYOUTS = new Set(['archives', 'archive'])
/** A layout a page of `layout: search` may be drawn with: `layouts/<type or _default>/search.html` or `single.html`. */
const SEARCH_LAYOUT = /^((?:themes\/[^/]+\/)?layouts)\/([^/]+\/(?:search|single)\.html)$/

export const hugoPreset: Preset = {
  name: 'hugo',
  detect(discovery) {
    const has = (p: string) => discovery.paths.has(p)
    const found = ['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json'].find(has) ?? CONFIG_FILES.map((f) => CONFIG_DIR + f).find(has)
    if (found) return { strength: 90, reason: `found ${found}` }
    const config = ['config.toml', 'config.yaml', 'config.yml'].find(has)
    if (config && discovery.files.some((f) => f.rel.startsWith('content/'))) return { strength: 50, reason: `found ${config} and content/` }
    if (has('archetypes/default.md')) return { strength: 40, reason: 'found archetypes/default.md' }
    return null
  },
  async configure(ctx: PresetContext): Promise<Convention> {
    const config = emptyConfig()
    const cfg = await readHugoConfig(ctx, config)
    const get = (key: string): unknown => cfg[key] ?? cfg[Object.keys(cfg).find((k) => k.toLowerCase() === key.toLowerCase()) ?? '']
    const params = isPlainObject(get('params')) ? (get('params') as Record<string, unknown>) : {}
    const title = firstString(get('title'))
    const baseURL = firstString(get('baseURL'))
    const languages = isPlainObject(get('languages')) ? (get('languages') as Record<string, Record<string, unknown>>) : {}
    const defaultLang = (firstString(get('defaultContentLanguage')) ?? 'en').toLowerCase()
    const defaultLangConfig = isPlainObject(languages[defaultLang]) ? languages[defaultLang] : {}
    const languageTag = firstString(defaultLangConfig.locale, defaultLangConfig.languageCode, get('languageCode'), get('defaultContentLanguage'))
    const locale = languageTag ? canonicalLocale(languageTag) : undefined
    const timezone = firstString(get('timeZone'))
    const description = firstString(params.description, get('description'))
    const base = baseURL ? splitBase(baseURL) : undefined
    // Posts per list page: `pagination.pagerSize` (Hugo 0.128+, the default language's own first), else `paginate`
    // (its name before 0.128, deprecated since).
    const pagerSize = [lookupKey(defaultLangConfig.pagination, 'pagerSize'), lookupKey(get('pagination'), 'pagerSize'), get('paginate')].find((n): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1)
    config.site = {
      ...(title ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(base?.origin ? { url: base.origin } : {}),
      ...(locale ? { locale } : {}),
      ...(timezone ? { timezone } : {}),
      ...(pagerSize !== undefined ? { posts_per_page: pagerSize } : {}),
    }
    config.basePath = base?.path ?? ''
    config.excerptMarkers = ['<!--more-->']
    config.staticDirs = ['static', 'assets']
    const zone = luxonZone(timezone ?? 'UTC')

    // Every configured language is recognised (in file names and content folders); a disabled one is not published
    // ("Multilingual": `disabled = true` on the language, or its key in `disableLanguages`).
    const disabledList = new Set(Array.isArray(get('disableLanguages')) ? (get('disableLanguages') as unknown[]).filter((l): l is string => typeof l === 'string').map((l) => l.toLowerCase()) : [])
    const allLangKeys = Object.keys(languages).filter((k) => isPlainObject(languages[k])).map((k) => k.toLowerCase())
    // Looked up once per language and per document: a search of the keys each time grew with the square of their number.
    const configs = languageConfigs(languages)
    const disabled = new Set(allLangKeys.filter((k) => disabledList.has(k) || configs.get(k)?.disabled === true))
    const langKeys = allLangKeys
    const multilingual = allLangKeys.filter((k) => !disabled.has(k)).length > 1
    const inSubdir = get('defaultContentLanguageInSubdir') === true
    const langPrefix = (lang: string) => (multilingual && (inSubdir || lang !== defaultLang) ? `/${lang}` : '')
    const roots = contentRoots(ctx, get, languages, defaultLang)
    const lower = get('disablePathToLower') !== true
    const ugly = get('uglyURLs')
    const uglyFor = (section: string) => ugly === true || (isPlainObject(ugly) && ugly[section] === true)
    const buildDrafts = get('buildDrafts') === true
    // `buildFuture` and `buildExpired` publish what is dated after the build or expired before it ("Configure Hugo").
    config.publishes = { future: get('buildFuture') === true, expired: get('buildExpired') === true }

    const mainSections = Array.isArray(params.mainSections) ? params.mainSections.filter((s): s is string => typeof s === 'string') : undefined
    const postSections = new Set(ctx.options.postSections ?? mainSections ?? DEFAULT_POST_SECTIONS)
    const permalinks = isPlainObject(get('permalinks')) ? (get('permalinks') as Record<string, unknown>) : {}
    const pagePatterns = isPlainObject(permalinks.page) ? permalinks.page : permalinks
    const sectionPatterns = isPlainObject(permalinks.section) ? permalinks.section : {}

    // Where each file sits: its content root, language and path inside the root. Leaf bundles are found first,
    // since Markdown inside one (other than its index.md) is a resource of that page, not a page.
    const located = new Map<string, { root: ContentRoot; rel: string }>()
    const leafBundles = new Set<string>()
    for (const f of ctx.discovery.files) {
      const at = rootOf(roots, f.rel)
      if (!at) continue
      located.set(f.rel, at)
      const { dirs, base, ext } = splitPath(at.rel)
      if (isContent(ext) && stripLang(base, langKeys).name === 'index') leafBundles.add(`${at.root.dir}/${dirs.join('/')}`)
    }
    const isResource = (root: ContentRoot, dirs: string[], base: string) => {
      for (let i = 0; i <= dirs.length; i++) {
        if (leafBundles.has(`${root.dir}/${dirs.slice(0, i).join('/')}`) && !(i === dirs.length && base === 'index')) return true
      }
      return false
    }
    const cascades = new Map<string, Cascade[]>()
    // Folders holding an `_index.md`: below the top level, only they are sections (Hugo's `.Sections`).
    const sectionDirs = new Set<string>()
    // Sections Hugo does not build (a draft, future or expired `_index.md`): nothing below them is built either
    // (gohugoio/hugo#6312, Hugo 0.59+), by language.
    const unscheduled = new Map<string, { file: string; why: string }>()
    const nowMs = Date.parse(ctx.now)
    for (const [rel, at] of located) {
      const { dirs, base, ext } = splitPath(at.rel)
      const stripped = stripLang(base, langKeys)
      if (!isContent(ext) || stripped.name !== '_index') continue
      sectionDirs.add(`${at.root.dir}/${dirs.join('/')}`)
      const fm = await ctx.readFrontMatter(rel)
      const list = Array.isArray(fm?.cascade) ? fm.cascade : fm?.cascade !== undefined ? [fm.cascade] : []
      const entries = list.filter(isPlainObject).map((entry) => toCascade(entry, cascadeWarning(ctx, rel)))
      if (entries.length > 0) cascades.set(`${at.root.dir}/${dirs.join('/')}`, entries)
      const why = fm && dirs.length > 0 ? notScheduled(fm, { drafts: buildDrafts, ...config.publishes }, nowMs, timezone ?? 'UTC') : undefined
      if (why) unscheduled.set(`${at.root.dir}|${stripped.lang ?? at.root.lang}|${dirs.join('/')}`, { file: rel, why })
    }
    const unscheduledAbove = (root: ContentRoot, lang: string, dirs: string[], isList: boolean) => {
      for (let i = isList ? dirs.length - 1 : dirs.length; i >= 1; i--) {
        const found = unscheduled.get(`${root.dir}|${lang}|${dirs.slice(0, i).join('/')}`)
        if (found) return found
      }
      return undefined
    }
    const siteCascades = (Array.isArray(get('cascade')) ? (get('cascade') as unknown[]) : isPlainObject(get('cascade')) ? [get('cascade')] : []).filter(isPlainObject).map((entry) => toCascade(entry, cascadeWarning(ctx, config.file ?? '')))

    const firstPostSection = [...postSections].find((s) => [...located.values()].some((l) => l.rel.startsWith(`${s}/`) && isContent(splitPath(l.rel).ext)))
    if (firstPostSection) {
      const pattern = firstString(pagePatterns[firstPostSection])
      const converted = pattern ? convertPermalink(pattern, firstPostSection) : undefined
      if (converted && 'error' in converted) {
        ctx.diagnostics.warn(config.file ?? '', 0, 'unsupported_feature', `The permalink "${pattern}" cannot be expressed in Preview Data (${converted.error}); posts use /${firstPostSection}/:slug/ and redirects keep the old addresses.`)
      }
      // The default language's prefix (with defaultContentLanguageInSubdir) is part of its posts' URLs and of their
      // list's. One pattern carries one prefix: it is kept when every post is in the default language; with posts in
      // other languages the pattern has none (a French post is not put under /en/), and every post is redirected.
      const home = langPrefix(defaultLang)
      const postLanguages = new Set([...located].filter(([rel, l]) => l.rel.startsWith(`${firstPostSection}/`) && isContent(splitPath(rel).ext)).map(([, l]) => stripLang(splitPath(l.rel).base, langKeys).lang ?? l.root.lang).filter((l) => !disabled.has(l)))
      const postsPrefix = [...postLanguages].every((l) => l === defaultLang) ? home : ''
      config.permalinks = { posts: postsPrefix + (converted && !('error' in converted) ? converted.pattern : `/${firstPostSection}/:slug/`) }
      const sectionUrl = firstString(sectionPatterns[firstPostSection]) ?? `/${firstPostSection}/`
      config.postIndexPath = home + (lower ? sectionUrl.toLowerCase() : sectionUrl).replace(/\/?$/, '/')
    }

    // The contract's tags are Hugo's `tag` taxonomy and its categories the `category` one, under the plural
    // `[taxonomies]` gives each ("Configure taxonomies": `tag = "keywords"` reads `keywords` front matter and lists
    // terms at /keywords/x/); a term pattern (`[permalinks.term]`, before Hugo 0.115 the plural's key in
    // `[permalinks]`) is their archive's pattern when it has only `:slug` (or `:title`) to vary.
    const taxonomyTable = isPlainObject(get('taxonomies')) ? get('taxonomies') : undefined
    const pluralOf = (singular: string, fallback: string) => firstString(lookupKey(taxonomyTable, singular))?.trim().toLowerCase() || fallback
    const tagPlural = pluralOf('tag', 'tags')
    const categoryPlural = pluralOf('category', 'categories')
    const declaredTaxonomies = taxonomyTable !== undefined ? Object.values(taxonomyTable as Record<string, unknown>) : ['tags', 'categories']
    const taxonomyKeys =
      tagPlural === 'tags' && categoryPlural === 'categories'
        ? undefined
        : { tags: tagPlural === 'tags' ? ['tags', 'tag'] : [tagPlural], categories: categoryPlural === 'categories' ? ['categories', 'category'] : [categoryPlural] }
    const termPatterns = isPlainObject(permalinks.term) ? permalinks.term : permalinks
    for (const [kind, plural] of [['tags', tagPlural], ['categories', categoryPlural]] as const) {
      const pattern = firstString(lookupKey(termPatterns, plural))
      const converted = pattern === undefined ? undefined : convertPermalink(pattern, plural)
      const usable = converted !== undefined && !('error' in converted) && !/:(?:year|month|day)\b/.test(converted.pattern) && !converted.htmlExtension
      if (pattern !== undefined && !usable) ctx.diagnostics.warn(config.file ?? '', 0, 'unsupported_feature', `The ${plural} permalink "${pattern}" cannot be expressed in Preview Data (a term's archive pattern varies by :slug only); its terms use /${plural}/:slug/ and keep that address.`)
      const termPattern = usable ? converted.pattern : plural !== kind ? `/${urlize(plural, lower)}/:slug/` : undefined
      if (termPattern !== undefined) config.permalinks = { ...config.permalinks, [kind]: termPattern }
    }

    // Menus, per published language (`menuLangs`, each language Hugo builds a site for): the configuration's entries
    // (the language's own `menus`, which replace the site's whole, as Hugo 0.111 builds them), then the entries its
    // pages declare in their `menu:` front matter, gathered while placing them; the trees are built in `finish`.
    const menuLangs = multilingual ? allLangKeys.filter((k) => !disabled.has(k)) : [defaultLang]
    const menuEntries = new Map<string, Map<string, Record<string, unknown>[]>>(menuLangs.map((l) => [l, new Map()]))
    for (const lang of menuLangs) {
      const own = langConfig(configs, lang)
      const configMenus = own.menus ?? own.menu ?? get('menus') ?? get('menu')
      // Hugo reads configuration keys in lower case: `[menus.Footer]` is the menu `footer`.
      if (!isPlainObject(configMenus)) continue
      const byId = menuEntries.get(lang) as Map<string, Record<string, unknown>[]>
      for (const [id, entries] of Object.entries(configMenus)) {
        if (!Array.isArray(entries)) continue
        // Added to the list of an id met before in another case, not copied into a new one: 32,000 ids of one
        // spelling in different cases took 7 s.
        const list = byId.get(id.toLowerCase()) ?? []
        byId.set(id.toLowerCase(), list)
        for (const e of entries) if (isPlainObject(e)) list.push(withLanguageRef(e, lang))
      }
    }
    const buildMenus = () => {
      const ids = menuIds(menuEntries, defaultLang)
      const built = new Map<string, { name: string; entries: Record<string, unknown>[] }>()
      for (const [lang, byId] of menuEntries) {
        const label = lang === defaultLang ? '' : ` (${firstString(langConfig(configs, lang).languageName) ?? lang})`
        for (const [id, entries] of byId) {
          const menuId = ids.get(`${lang}|${id}`) as string
          // Two Hugo ids with one contract id (`Side` and `side`): one menu, as both name the same navigation.
          const known = built.get(menuId)
          if (known) for (const e of entries) known.entries.push(e)
          else built.set(menuId, { name: id.charAt(0).toUpperCase() + id.slice(1) + label, entries: [...entries] })
        }
      }
      for (const [id, { name, entries }] of built) config.menus[id] = { name, items: hugoMenuTree(entries) }
    }
    // A `pageRef` of another language's menu leads to that language's translation of the page (Hugo resolves it in
    // the menu's own site): written as the translation's file, which `resolveSource` finds.
    function withLanguageRef(entry: Record<string, unknown>, lang: string): Record<string, unknown> {
      const ref = lang === defaultLang ? undefined : firstString(entry.pageRef)
      const file = ref === undefined ? undefined : translationOf(ref, lang)
      return file === undefined ? entry : { ...entry, pageRef: undefined, source: file, url: entry.url ?? ref }
    }
    function translationOf(ref: string, lang: string): string | undefined {
      const path = normalize(ref.split('#')[0])
      for (const root of roots) {
        const names = root.lang === lang ? REF_SUFFIXES.map((s) => path + s) : []
        for (const ext of ['.md', '.html']) for (const stem of [path, `${path}/index`, `${path}/_index`]) names.push(`${stem}.${lang}${ext}`)
        const found = names.map((n) => `${root.dir}/${n}`.replace(/\/+/g, '/')).find((rel) => located.has(rel))
        if (found !== undefined) return found
      }
      return undefined
    }
    buildMenus()
    // `sectionPagesMenu`: each top-level section's list page in that menu ("Menus": section menu for lazy
    // bloggers), unless an entry of the menu has the section's name as identifier. A section without an
    // `_index.md` has an entry when its list is the post index; other such lists are not imported.
    const sectionMenu = firstString(get('sectionPagesMenu'))?.toLowerCase()
    const finish = () => {
      for (const [lang, byId] of sectionMenu === undefined ? [] : menuEntries) {
        const entries = byId.get(sectionMenu as string) ?? []
        const postIndex = lang === defaultLang ? config.postIndexPath : undefined
        if (firstPostSection !== undefined && postIndex !== undefined && !entries.some((e) => e.section === true && e.identifier === firstPostSection)) {
          entries.push({ identifier: firstPostSection, name: listTitle(firstPostSection, get('pluralizeListTitles') !== false, get('capitalizeListTitles') !== false), url: postIndex, section: true })
        }
        const named = new Set(entries.filter((e) => e.section !== true).map((e) => firstString(e.identifier)))
        byId.set(sectionMenu as string, entries.filter((e) => !(e.section === true && named.has(e.identifier as string))))
      }
      buildMenus()
    }

    // Hugo's list of every term of a taxonomy (`/tags/`; PaperMod's menu links there) has no route in the contract:
    // it leads to the post index, as a Jekyll or Eleventy page listing every term does, unless the site turns those
    // lists off (`disableKinds`: `taxonomy`, before Hugo 0.73 `taxonomyTerm`) or writes its own page there. Hugo
    // writes the lists of each published language under its prefix (/tags/, /fr/tags/): the contract has one post
    // index, which every language's list leads to.
    const disabledKinds = (Array.isArray(get('disableKinds')) ? (get('disableKinds') as unknown[]) : []).map((k) => String(k).toLowerCase())
    if (!disabledKinds.includes('taxonomy') && !disabledKinds.includes('taxonomyterm')) {
      const ownLists = new Set([...located.values()].flatMap((l) => {
        const { dirs, base, ext } = splitPath(l.rel)
        const stripped = stripLang(base, langKeys)
        return dirs.length === 1 && stripped.name === '_index' && isContent(ext) ? [`${stripped.lang ?? l.root.lang}/${dirs[0]}`] : []
      }))
      const lists = [tagPlural, categoryPlural].filter((plural) => declaredTaxonomies.includes(plural))
      const routes = menuLangs.flatMap((lang) => lists.filter((plural) => !ownLists.has(`${lang}/${plural}`)).map((plural) => ({ from: `${langPrefix(lang)}/${urlize(plural, lower)}/`, to: config.postIndexPath ?? '/', file: config.file ?? '' })))
      if (routes.length > 0) config.generatedRoutes = routes
    }

    // Taxonomy folders whose terms are the contract's tags and categories ("Taxonomies": `[taxonomies]`, by default
    // tag = "tags" and category = "categories"); a term's `_index.md` names and describes its term.

    const termRegistry = (folder: string | undefined) => (folder === tagPlural && declaredTaxonomies.includes(tagPlural) ? config.tags : folder === categoryPlural && declaredTaxonomies.includes(categoryPlural) ? config.categories : undefined)

    const isDocument = (file: DiscoveredFile): boolean => {
      const at = located.get(file.rel)
      if (!at) return false
      const { dirs, base, ext } = splitPath(at.rel)
      return isContent(ext) && !isResource(at.root, dirs, stripLang(base, langKeys).name)
    }

    const dateOrder = frontMatterDateOrder(get('frontmatter'))
    const searchShowsText = await searchLayoutPrintsText(ctx, themeNames(get('theme')))
    // Image files by the folder they sit in, for a bundle's featured image (made once, on the first bundle asked).
    let imagesByDir: Map<string, string[]> | undefined
    const bundleImages = (dir: string): string[] => {
      if (imagesByDir === undefined) {
        imagesByDir = new Map()
        for (const f of ctx.discovery.files) {
          if (!IMAGE_FILE.test(f.rel)) continue
          const d = f.rel.slice(0, Math.max(0, f.rel.lastIndexOf('/')))
          const list = imagesByDir.get(d)
          if (list) list.push(f.rel)
          else imagesByDir.set(d, [f.rel])
        }
        for (const list of imagesByDir.values()) list.sort()
      }
      return imagesByDir.get(dir) ?? []
    }
    // A page that is no bundle has no resources: only its front matter can name its image.
    const featured = (fields: Record<string, unknown>, file: string, bundle: boolean): string | undefined => {
      const dir = file.slice(0, Math.max(0, file.lastIndexOf('/')))
      const exists = (rel: string) => bundle && ctx.discovery.paths.has(rel)
      const own = IMAGE_KEYS.map((k) => fields[k]).find((v) => v !== undefined)
      // A key the importer reads (a path, or an object's image, src, url or path) is the document's own choice.
      if (typeof own === 'string' || (isPlainObject(own) && ['image', 'src', 'url', 'path'].some((k) => typeof own[k] === 'string'))) return undefined
      // Hugo Blox names a bundle image `image.filename`; Blowfish an image elsewhere `featureimage`.
      if (isPlainObject(own) && typeof own.filename === 'string' && exists(`${dir}/${own.filename}`)) return own.filename
      if (typeof fields.featureimage === 'string' && fields.featureimage.trim() !== '') return fields.featureimage.trim()
      return pageImage(fields, dir, bundle ? bundleImages(dir) : [], exists)
    }

    const place = (source: SourceFile): Placement | Unpublished => {
      const at = located.get(source.file.rel) as { root: ContentRoot; rel: string }
      const { dirs, base: rawBase, ext } = splitPath(at.rel)
      const { name: base, lang: fileLang } = stripLang(rawBase, langKeys)
      const lang = fileLang ?? at.root.lang
      if (disabled.has(lang)) return { skip: 'disabled-language', detail: `the language "${lang}" is disabled in the configuration` }
      const isList = base === '_index'
      const isBundle = base === 'index'
      const kind = isList ? (dirs.length === 0 ? 'home' : 'section') : 'page'
      const defaults = cascadeFor([...siteCascades.map((c) => ({ key: '', c })), ...cascadeChain(cascades, at.root.dir, dirs)], kind, cascadePaths(at.rel, dirs, isList || isBundle ? undefined : base))
      const own = source.fm.data
      const fields: Record<string, unknown> = { ...defaults, ...own }
      const build = isPlainObject(fields.build) ? fields.build : isPlainObject(fields._build) ? fields._build : {}
      const terms = isList && dirs.length === 2 ? termRegistry(dirs[0]) : undefined
      if (terms !== undefined) return termPage(terms, dirs[0] === tagPlural ? 'tag' : 'category', dirs[1], fields, source.fm.body, lang === defaultLang)
      if (fields.headless === true && isBundle) return { skip: 'headless', detail: 'headless: true (a headless bundle is never rendered)' }
      if (build.render === 'never' || build.render === false) return { skip: 'build-render-never', detail: 'build.render is never' }
      if (build.render === 'link') return { skip: 'build-render-link', detail: 'build.render is link (the page has a URL but is not published)' }
      const section = dirs[0]
      const name = isList || isBundle ? (dirs[dirs.length - 1] ?? '') : base
      // The date by the site's `[frontmatter]` order (`:filename` reads it from the file or bundle name, whose rest
      // is then the slug); written into the document's front matter when it has no `date` of its own.
      const dated = pageDate(fields, isList ? '' : name, dateOrder)
      if (dated.date !== undefined && fields.date === undefined) defaults.date = dated.date
      if (dated.slug !== undefined && fields.slug === undefined) fields.slug = defaults.slug = dated.slug
      const date = typeof dated.date === 'string' ? parseDate(dated.date, timezone ?? 'UTC') : null
      const inPostSection = !isList && section !== undefined && postSections.has(section)

      let url: string
      const ownUrl = firstString(fields.url)
      if (ownUrl !== undefined && ownUrl.trim() !== '') {
        url = frontMatterUrl(ownUrl.trim(), multilingual ? langPrefix(lang) : '')
      } else {
        const pattern = section === undefined ? undefined : isList ? firstString(sectionPatterns[section]) : dirs.length > 0 ? firstString(pagePatterns[section]) : undefined
        const slug = isList ? undefined : firstString(fields.slug)
        let path: string
        if (pattern) {
          // A page's sections: its top folder, then each folder below that has an `_index.md`, up to the first without.
          let depth = 1
          while (depth < dirs.length && sectionDirs.has(`${at.root.dir}/${dirs.slice(0, depth + 1).join('/')}`)) depth++
          const sections = isList ? dirs : dirs.slice(0, depth)
          path = expandPattern(pattern, { dirs, sections, name, slug, title: firstString(fields.title), date, zone, isList, lower })
          // With `uglyURLs`, a pattern's folder URL is a file (Hugo 0.111: `/:year/:filename/` → `/2024/hello.html`).
          if (!isList && uglyFor(section ?? '') && path.length > 1 && path.endsWith('/')) path = path.slice(0, -1) + '.html'
        } else {
          const segments = isList || isBundle ? [...dirs] : [...dirs, name]
          if (slug !== undefined && !isList && segments.length > 0) segments[segments.length - 1] = slug
          path = '/' + segments.map((s) => urlize(s, lower)).join('/')
          if (segments.length > 0) path += !isList && uglyFor(section ?? '') ? '.html' : '/'
        }
        url = langPrefix(lang) + (path === '' ? '/' : path)
      }
      // PaperMod's and Stack's archive page (`layout: archives`, no text: the theme's layout lists every post by year)
      // is the post list: its URL leads to the new site's post index, as a Jekyll archives page does.
      if (!inPostSection && !isList && ARCHIVE_LAYOUTS.has(firstString(fields.layout) ?? '') && source.fm.body.trim() === '') {
        const to = config.postIndexPath ?? '/'
        return { skip: 'post-index', detail: `its "${firstString(fields.layout)}" layout lists the posts and it has no text of its own: its URL leads to the new site's post index`, redirect: { from: url.replace(/\/{2,}/g, '/'), to } }
      }
      // PaperMod's and Stack's search page (`layout: search`): the theme's layout draws a search box its script fills
      // from a JSON index, and prints no text unless the site's own layout does (PaperMod's search.html has no
      // .Content). Preview Data's search is the new theme's own (site.search), so the page is not imported.
      if (!isList && firstString(fields.layout) === 'search' && (source.fm.body.trim() === '' || searchShowsText(pageType(fields, dirs, isBundle)) === false)) {
        return { skip: 'search-page', detail: 'its "search" layout is the theme\'s search box, filled by a script from a JSON index of the site, and shows no text of the page: the new theme\'s own search (site.search) takes its place' }
      }
      // Hugo's summary is the `summary` front matter, never `description` (that is the page's meta description):
      // where a page has both, its summary is the excerpt.
      if (typeof fields.summary === 'string' && fields.summary.trim() !== '' && fields.description !== undefined && fields.excerpt === undefined) defaults.excerpt = fields.summary
      const image = featured(fields, source.file.rel, isList || isBundle)
      if (image !== undefined) defaults.featured_image = image
      const above = unscheduledAbove(at.root, lang, dirs, isList)
      // A page's menu entries belong to its language's menus; a page Hugo does not build (a draft, future or expired,
      // or below such a section) has none, so its entry takes no identifier from a built page's.
      const langMenus = above === undefined && notScheduled(fields, { drafts: buildDrafts, ...config.publishes }, nowMs, timezone ?? 'UTC') === undefined ? menuEntries.get(lang) : undefined
      if (langMenus) {
        const own = pageMenuEntries(fields, source.file.rel, url)
        if (sectionMenu !== undefined && isList && dirs.length === 1) own.push([sectionMenu, { identifier: dirs[0], name: firstString(fields.linkTitle, fields.linktitle, fields.title) ?? dirs[0], weight: fields.weight, url, source: source.file.rel, section: true }])
        for (const [id, entry] of own) {
          const entries = langMenus.get(id)
          if (entries) entries.push(entry)
          else langMenus.set(id, [entry])
        }
      }
      // An alias without a leading slash is relative to the page's own URL's folder (Hugo 0.111 publishes `old` of
      // /2024/hi/ at /2024/old/, `../old` of /2024/03/hi/ at /2024/old/, never above the root); one without an
      // extension is a folder.
      const relativeAliases = (Array.isArray(fields.aliases) ? fields.aliases : [fields.aliases]).filter((a): a is string => typeof a === 'string' && a.trim() !== '' && !a.trim().startsWith('/') && !/^[a-z]+:/i.test(a.trim()))
      const pageUrl = url.replace(/\/{2,}/g, '/')
      const aliasBase = urlFolder(pageUrl)
      const aliases = relativeAliases.map((a) => resolveDots(aliasBase + a.trim() + (/\.[a-z0-9]+$/i.test(a.trim()) || a.trim().endsWith('/') ? '' : '/')))
      return {
        kind: inPostSection ? 'post' : 'page',
        name,
        url: url.replace(/\/{2,}/g, '/'),
        ...(aliases.length > 0 ? { aliases } : {}),
        ...(above ? { draft: true, draftReason: `below the section ${above.file}, which is ${above.why} (Hugo builds nothing below it)` } : {}),
        ...(isList || isBundle ? { isIndex: true } : {}),
        ...(isList ? { isList: true } : {}),
        ...(taxonomyKeys !== undefined ? { taxonomyKeys } : {}),
        ...(HTML_EXTENSIONS.has(ext) ? { documentType: 'html' as const } : {}),
        // With the default language in a subfolder, `/` redirects to its home (`/en/`): that home is the site's.
        ...(isList && dirs.length === 0 && lang === defaultLang && langPrefix(lang) !== '' ? { isHome: true } : {}),
        ...(Object.keys(defaults).length > 0 ? { defaults } : {}),
        ...(multilingual ? { language: canonicalLocale(firstString(languages[lang]?.locale, languages[lang]?.languageCode, lang) ?? lang) ?? lang } : {}),
        ...(buildDrafts && fields.draft === true ? { defaults: { ...defaults, draft: false } } : {}),
      }
    }

    const assetUrl = (rel: string): string | undefined => {
      for (const dir of config.staticDirs) if (rel.startsWith(dir + '/')) return '/' + rel.slice(dir.length + 1)
      const at = located.get(rel)
      if (!at) return undefined
      return langPrefix(at.root.lang) + '/' + (lower ? lowerDirs(at.rel) : at.rel)
    }

    // Pages by Hugo's logical path (from the content folder, extension and language dropped, lower case, an index
    // file standing for its folder), per content root: what the `include` shortcode's GetPage looks up.
    const logical = new Map<string, string>()
    for (const [rel, at] of located) {
      const { dirs, base, ext } = splitPath(at.rel)
      if (!isContent(ext)) continue
      const name = stripLang(base, langKeys).name
      const segments = name === 'index' || name === '_index' ? dirs : [...dirs, name]
      const key = `${at.root.dir}|${logicalPath(segments.join('/'))}`
      if (!logical.has(key)) logical.set(key, rel)
    }
    // Pages by their name alone (the file name without extension and language, or an index file's folder), per
    // content root and language; null when two pages share one. Hugo's ref/relref fall back to this lookup for a
    // path without a slash that matches nothing beside the page or at the content root (Hugo 0.111 resolves
    // `relref "how-to-update"` to docs/help/how-to-update.md from any page, and calls a shared name ambiguous).
    const byName = new Map<string, string | null>()
    const langOf = (at: { root: ContentRoot; rel: string }) => stripLang(splitPath(at.rel).base, langKeys).lang ?? at.root.lang
    for (const [rel, at] of located) {
      const { dirs, base, ext } = splitPath(at.rel)
      const name = stripLang(base, langKeys).name
      if (!isContent(ext) || isResource(at.root, dirs, name)) continue
      const own = name === 'index' || name === '_index' ? dirs.at(-1) : name
      if (own === undefined) continue
      const key = `${at.root.dir}|${langOf(at)}|${logicalPath(own)}`
      byName.set(key, byName.has(key) ? null : rel)
    }
    const siteFor = templateSites(cfg, params, languages, defaultLang)

    return {
      config,
      templates: ['hugo'],
      isDocument,
      place,
      finish,
      assetUrl,
      resourcesAtPageUrl: true,
      templateSite(file) {
        const at = located.get(file)
        const lang = at ? (stripLang(splitPath(at.rel).base, langKeys).lang ?? at.root.lang) : defaultLang
        return siteFor(lang)
      },
      includePath(kind, target, from) {
        const at = located.get(from)
        if (!at) return undefined
        const path = target.split('#')[0]
        if (kind === 'relative') {
          const rel = `${at.root.dir}/${normalize(`${splitPath(at.rel).dirs.join('/')}/${path}`)}`
          return ctx.discovery.paths.has(rel) ? rel : undefined
        }
        // GetPage: a path without a leading slash relative to the page's folder first, then from the content folder.
        const here = path.startsWith('/') ? [] : [normalize(`${splitPath(at.rel).dirs.join('/')}/${path}`)]
        for (const p of [...here, normalize(path)]) {
          const found = logical.get(`${at.root.dir}|${logicalPath(p.replace(/\.[a-z]+$/i, ''))}`)
          if (found !== undefined) return found
        }
        return undefined
      },
      resolveSource(kind, target, from) {
        if (kind !== 'ref') return undefined
        const path = target.split('#')[0]
        const fromAt = located.get(from)
        const candidates: string[] = []
        for (const root of roots) {
          const rel = path.startsWith('/') ? path.slice(1) : fromAt ? `${splitPath(fromAt.rel).dirs.join('/')}/${path}`.replace(/^\//, '') : path
          const norm = normalize(rel)
          for (const suffix of REF_SUFFIXES) candidates.push(`${root.dir}/${norm}${suffix}`.replace(/\/+/g, '/'))
          if (!path.startsWith('/') && !path.startsWith('.')) for (const suffix of REF_SUFFIXES) candidates.push(`${root.dir}/${normalize(path)}${suffix}`)
        }
        const found = candidates.find((c) => ctx.discovery.paths.has(c))
        if (found !== undefined || path.includes('/') || !fromAt) return found
        return byName.get(`${fromAt.root.dir}|${langOf(fromAt)}|${logicalPath(path.replace(/\.[a-z]+$/i, ''))}`) ?? undefined
      },
    }
  },
}

/** The themes a site names (`theme = "a"`, `theme = ["a", "b"]`), in Hugo's order: the first one's files win. */
function themeNames(value: unknown): string[] {
  const names = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
  return names.map((n) => n.trim()).filter((n) => n !== '' && !n.includes('/') && n !== '..')
}

/**
 * A page's content type (gohugo.io "Template lookup order"): its `type`, else its root section, else `page` (a file
 * or leaf bundle at the content root: hugo 0.111.3 drew content/find/index.md with layouts/page/search.html).
 */
function pageType(fields: Record<string, unknown>, dirs: readonly string[], isBundle: boolean): string {
  return firstString(fields.type)?.trim() || (dirs.length > (isBundle ? 1 : 0) ? (dirs[0] as string) : 'page')
}

/**
 * Whether the layout Hugo draws a page of `layout: search` and the given type with prints its text (`.Content`), by
 * Hugo 0.111's lookup order for a single page with a layout: `<type>/search.html`, `<type>/single.html`, then
 * `_default/search.html`, each path looked up in the site's `layouts/` then in each theme's in order (the lookups
 * interleave: hugo 0.111.3 drew a page with a theme's page/search.html over the site's _default/search.html, and with
 * the site's page/single.html over _default/search.html). Undefined when none is there (a theme fetched as a module).
 * Other files named search.html (a partial) are not layouts of the page.
 */
export async function searchLayoutPrintsText(ctx: PresetContext, themes: readonly string[]): Promise<(type: string) => boolean | undefined> {
  // Each root's place in the lookup: the site's layouts/, then each theme's (a theme named twice keeps its first place).
  const rank = new Map<string, number>()
  for (const root of ['layouts', ...themes.map((t) => `themes/${t}/layouts`)]) if (!rank.has(root)) rank.set(root, rank.size)
  // For each layout path below a root (`page/search.html`), the file of the first root that holds one. Found by
  // looking up each file's root, not by trying every root for every file and every page: a configuration naming
  // 32,000 themes over 8,000 layouts and search pages took 108 s that way.
  const first = new Map<string, { rank: number; prints: boolean }>()
  for (const f of ctx.discovery.files) {
    const m = SEARCH_LAYOUT.exec(f.rel)
    const at = m === null ? undefined : rank.get(m[1] as string)
    if (m === null || at === undefined) continue
    const prints = (await ctx.readText(f.rel))?.includes('.Content') ?? false
    const name = m[2] as string
    if ((first.get(name)?.rank ?? Infinity) > at) first.set(name, { rank: at, prints })
  }
  return (type) => {
    for (const name of [`${type}/search.html`, `${type}/single.html`, '_default/search.html']) {
      const found = first.get(name)
      if (found !== undefined) return found.prints
    }
    return undefined
  }
}

/**
 * Reads Hugo's configuration: the first configuration file at the root, then the files of `config/_default/`
 * (`hugo.toml`, and one file per top-level key such as `params.toml` or `menus.en.toml`), each read as data.
 */
async function readHugoConfig(ctx: PresetContext, config: ReturnType<typeof emptyConfig>): Promise<Record<string, unknown>> {
  const cfg: Record<string, unknown> = {}
  const main = ctx.options.configFile ?? CONFIG_FILES.find((f) => ctx.discovery.paths.has(f))
  if (main) {
    const data = await ctx.readData(main)
    config.configFiles.add(main)
    if (isPlainObject(data)) {
      config.file = main
      Object.assign(cfg, data)
    }
  }
  // Files of the configuration folder, sub-folders included (Doks keeps `menus/menus.en.toml`): the first folder
  // below it, else the file name, is the top-level key; a language in the file name (`menus.en.toml`) puts the values
  // under that language, as Hugo's `languages.en.menus`.
  const dirFiles = ctx.discovery.files.filter((f) => f.rel.startsWith(CONFIG_DIR) && ctx.dataLanguage(f.rel) !== null)
  const langOf = (rel: string) => splitPath(rel).base.split('.')[1]
  // A language's own files last, so that `languages.toml` read after them cannot replace what they put there.
  for (const f of [...dirFiles.filter((d) => !langOf(d.rel)), ...dirFiles.filter((d) => langOf(d.rel))]) {
    const data = await ctx.readData(f.rel)
    config.configFiles.add(f.rel)
    if (!isPlainObject(data)) continue
    const folders = f.rel.slice(CONFIG_DIR.length).split('/').slice(0, -1)
    const [stem, lang] = splitPath(f.rel).base.split('.')
    const key = folders[0] ?? stem
    if (key === 'hugo' || key === 'config') {
      Object.assign(cfg, data)
      config.file ??= f.rel
      continue
    }
    let into = cfg
    if (lang) {
      const languages = (cfg.languages = isPlainObject(cfg.languages) ? cfg.languages : {})
      into = languages[lang] = isPlainObject(languages[lang]) ? languages[lang] : {}
    }
    into[key] = isPlainObject(into[key]) ? { ...(into[key] as object), ...data } : data
  }
  return cfg
}

/**
 * Why Hugo does not build a page by its own front matter ("Front matter": `draft`, `publishDate`/`date` in the future,
 * `expiryDate` past), or undefined when it does.
 */
function notScheduled(fm: Record<string, unknown>, builds: { drafts: boolean; future?: boolean; expired?: boolean }, nowMs: number, zone: string): string | undefined {
  if (fm.draft === true && !builds.drafts) return 'a draft'
  const at = (v: unknown) => (typeof v === 'string' ? parseDate(v, zone) : null)
  const publish = at(fm.publishDate) ?? at(fm.publishdate) ?? at(fm.pubdate) ?? at(fm.date)
  if (publish && Date.parse(publish) > nowMs && builds.future !== true) return 'to be published in the future'
  const expiry = at(fm.expiryDate) ?? at(fm.expirydate) ?? at(fm.unpublishdate)
  if (expiry && Date.parse(expiry) <= nowMs && builds.expired !== true) return 'expired'
  return undefined
}

/**
 * A taxonomy term's own page (`tags/go/_index.md`, Hugo's "term" kind): not a document, since the term's archive
 * owns its URL, but its title names the term and its `description` (or a body of plain text) describes it, in the
 * default language's registry `terms`.
 */
function termPage(terms: Map<string, TaxonomyDefinition>, label: string, term: string, fields: Record<string, unknown>, body: string, describe: boolean): Unpublished {
  const text = body.trim()
  const description = firstString(fields.description) ?? (text !== '' && !/[<>{}[\]*_`#|\\]/.test(text) ? text.replace(/\s+/g, ' ') : undefined)
  const name = firstString(fields.title)?.trim() || term
  if (describe && !terms.has(term)) terms.set(term, { name, slug: term, ...(description !== undefined ? { description } : {}) })
  const said = description !== undefined ? 'title and description describe' : 'title names'
  return { skip: 'taxonomy-term', detail: `the page of the ${label} "${term}": the ${label}'s archive owns its URL; its ${said} the ${label}` }
}

/**
 * A front-matter `url` as Hugo publishes it ("URL management"): with a leading slash it is relative to the base URL;
 * without one, in a multilingual site, to the base URL plus the language prefix (`prefix`). A last segment without
 * an extension gets a trailing slash (`/articles/first` → `/articles/first/`).
 */
export function frontMatterUrl(value: string, prefix: string): string {
  let url = value.startsWith('/') ? value : `${prefix}/${value}`
  const last = url.slice(url.lastIndexOf('/') + 1)
  if (last !== '' && !last.includes('.')) url += '/'
  return url.replace(/\/{2,}/g, '/')
}

/** Hugo's logical path of a content path without its extension: lower case, spaces as hyphens, no slash at either end. */
function logicalPath(p: string): string {
  return trimBoth(p, '/').toLowerCase().replace(/\s+/g, '-')
}

/**
 * The site as Hugo's templates see it in each language (`site.Params`, `site.Title`, `privacy`, `baseURL`…): the
 * configuration, with the language's own keys over it and its `params` merged into the site's (Hugo's
 * "Multilingual": per-language `title`, `params` and the like override the root ones).
 */
function templateSites(cfg: Record<string, unknown>, siteParams: Record<string, unknown>, languages: Record<string, Record<string, unknown>>, defaultLang: string): (lang: string) => Record<string, unknown> {
  const cache = new Map<string, Record<string, unknown>>()
  const configs = languageConfigs(languages)
  return (lang: string) => {
    const known = cache.get(lang || defaultLang)
    if (known) return known
    const own = langConfig(configs, lang || defaultLang)
    const params = { ...siteParams, ...(isPlainObject(own.params) ? own.params : {}) }
    const site: Record<string, unknown> = { ...cfg, ...own, params, language: { lang: lang || defaultLang, ...own } }
    cache.set(lang || defaultLang, site)
    return site
  }
}

/** The content folders and their languages: module mounts targeting `content`, per-language `contentDir`, or `contentDir`. */
function contentRoots(
  ctx: PresetContext,
  get: (key: string) => unknown,
  languages: Record<string, Record<string, unknown>>,
  defaultLang: string,
): ContentRoot[] {
  const roots: ContentRoot[] = []
  const module = get('module')
  const mounts = isPlainObject(module) && Array.isArray(module.mounts) ? module.mounts.filter(isPlainObject) : []
  for (const m of mounts) {
    if (typeof m.source !== 'string' || m.target !== 'content') continue
    const matrix = isPlainObject(m.sites) && isPlainObject(m.sites.matrix) && Array.isArray(m.sites.matrix.languages) ? m.sites.matrix.languages : undefined
    const lang = firstString(m.lang, matrix?.[0]) ?? defaultLang
    roots.push({ dir: trim(m.source), lang: lang.toLowerCase() })
  }
  let dir = trim(firstString(get('contentDir')) ?? 'content')
  if (roots.length > 0) return roots
  // A language without a `contentDir` of its own reads the site's (Hugo 0.111: `content` by default).
  const own = Object.entries(languages).filter(([, lang]) => isPlainObject(lang) && typeof lang.contentDir === 'string')
  if (own.length > 0) {
    for (const [key, lang] of own) roots.push({ dir: trim(lang.contentDir as string), lang: key.toLowerCase() })
    const rest = Object.keys(languages).filter((key) => !own.some(([k]) => k === key)).map((key) => key.toLowerCase())
    if (rest.length > 0) roots.push({ dir, lang: rest.includes(defaultLang) ? defaultLang : (rest[0] as string) })
    return roots
  }
  // A content folder holding only a folder named after the default language is that language's content (a site
  // whose per-language mounts live in a module configuration this importer does not read).
  const hasDirect = ctx.discovery.files.some((f) => f.rel.startsWith(dir + '/') && f.rel.split('/').length === dir.split('/').length + 1 && isContent(splitPath(f.rel).ext))
  if (!hasDirect && ctx.discovery.files.some((f) => f.rel.startsWith(`${dir}/${defaultLang}/`))) dir = `${dir}/${defaultLang}`
  return [{ dir, lang: defaultLang }]
}

function rootOf(roots: ContentRoot[], rel: string): { root: ContentRoot; rel: string } | undefined {
  let best: ContentRoot | undefined
  for (const r of roots) if (rel.startsWith(r.dir + '/') && (!best || r.dir.length > best.dir.length)) best = r
  return best ? { root: best, rel: rel.slice(best.dir.length + 1) } : undefined
}

/** `about.fr` → `{ name: 'about', lang: 'fr' }` when `fr` is a configured language (translation by file name). */
function stripLang(base: string, langs: string[]): { name: string; lang?: string } {
  const dot = base.lastIndexOf('.')
  if (dot > 0) {
    const lang = base.slice(dot + 1).toLowerCase()
    if (langs.includes(lang)) return { name: base.slice(0, dot), lang }
  }
  return { name: base }
}

/**
 * The folder of a page's URL, where its relative aliases start: `/2024/hi/` → `/2024/`, `/a/b.html` → `/a/`, `/` →
 * `/`. Cut at the last slash before the last segment, not by /[^/]+\/$/, which read each long segment before the last
 * again from each of its characters (a `url` with a segment of 100,000 letters: 3.6 s).
 */
export function urlFolder(url: string): string {
  // A URL ending in an empty segment (`/`, `/a//`) has no last segment to cut.
  if (url.endsWith('/') && (url.length < 2 || url[url.length - 2] === '/')) return url
  const end = url.endsWith('/') ? url.length - 1 : url.length
  return url.slice(0, url.lastIndexOf('/', end - 1) + 1)
}

/** What a cascade entry left out is reported with: the file that holds it. */
function cascadeWarning(ctx: PresetContext, file: string): (message: string) => void {
  return (message) => ctx.diagnostics.warn(file, 0, 'dropped_data', message)
}

export function toCascade(entry: Record<string, unknown>, warn: (message: string) => void): Cascade {
  const target = isPlainObject(entry._target) ? entry._target : isPlainObject(entry.target) ? entry.target : undefined
  const { _target: _a, target: _b, params, ...values } = entry
  // Cascaded `params` are theme parameters, not page fields; they reach pages as values of their own.
  const merged: Record<string, unknown> = { ...values, ...(isPlainObject(params) ? params : {}) }
  return {
    values: merged,
    ...(target && typeof target.kind === 'string' && target.kind !== '' ? { kinds: target.kind.replace(/[{}]/g, '').split(',').map((k) => k.trim()) } : {}),
    ...(target && typeof target.path === 'string' ? { path: targetPath(target.path, warn) } : {}),
  }
}

/** A cascade `_target.path` glob's matcher; one too long to follow matches nothing, with a warning. */
function targetPath(glob: string, warn: (message: string) => void): (path: string) => boolean {
  if (!globTooLong(glob)) return pathGlobMatcher(glob)
  warn(`A cascade _target.path of ${glob.length} characters was left out, and its values with it: globs are followed up to ${MAX_GLOB_LENGTH} characters. Shorten it.`)
  return () => false
}

function cascadeChain(cascades: Map<string, Cascade[]>, root: string, dirs: string[]): Array<{ key: string; c: Cascade }> {
  const out: Array<{ key: string; c: Cascade }> = []
  for (let i = 0; i <= dirs.length; i++) {
    const key = `${root}/${dirs.slice(0, i).join('/')}`
    for (const c of cascades.get(key) ?? []) out.push({ key, c })
  }
  return out
}

/**
 * The paths a cascade's `_target.path` glob is matched against: Hugo before 0.123 matched the file's path below the
 * content folder (`/blog/p1.md`, `/blog/_index.md`), Hugo 0.123 on the page's own path (`/blog/p1`, a section or a
 * bundle its folder, `/blog`). Hugo 0.111 checked here: `/blog/**` and `/blog/p1.md` reach `content/blog/p1.md`,
 * `/blog/p1` does not; gohugo.io (gohugoio/hugo#11977) documents the newer form. A glob written for either version
 * reaches the page, so a cascaded `draft` or `build` option is never lost to the version the site was written for.
 * @example
 * cascadePaths('blog/p1.md', ['blog'], 'p1') // ['/blog/p1.md', '/blog/p1']
 */
export function cascadePaths(rel: string, dirs: string[], leafName: string | undefined): string[] {
  return [`/${rel}`, `/${[...dirs, ...(leafName === undefined ? [] : [leafName])].join('/')}`]
}

/** Values cascaded onto a page (its own section's `cascade` included): nearer `_index.md` files win. */
export function cascadeFor(chain: ReadonlyArray<{ c: Cascade }>, kind: string, paths: string[]): Record<string, unknown> {
  const reaching = chain.filter(({ c }) => (!c.kinds || c.kinds.includes(kind)) && (!c.path || paths.some((path) => c.path?.(path))))
  return mergedValues(reaching.map(({ c }) => c.values))
}

/** Expands a Hugo permalink pattern for one page (the tokens of "Configure permalinks"). */
function expandPattern(
  pattern: string,
  p: { dirs: string[]; sections: string[]; name: string; slug?: string; title?: string; date: string | null; zone: string; isList: boolean; lower: boolean },
): string {
  const dt = p.date ? DateTime.fromISO(p.date, { setZone: true }).setZone(p.zone) : null
  const title = urlize(p.title ?? p.name, p.lower)
  const values: Record<string, string> = {
    ':year': dt ? String(dt.year).padStart(4, '0') : '0001',
    ':month': dt ? String(dt.month).padStart(2, '0') : '01',
    ':monthname': dt ? dt.setLocale('en').toFormat('LLLL').toLowerCase() : 'january',
    ':day': dt ? String(dt.day).padStart(2, '0') : '01',
    ':weekday': dt ? String(dt.weekday % 7) : '1',
    ':yearday': dt ? String(dt.ordinal) : '1',
    ':section': urlize(p.dirs[0] ?? '', p.lower),
    ':sections': p.sections.map((d) => urlize(d, p.lower)).join('/'),
    ':title': title,
    ':slug': p.slug !== undefined ? urlize(p.slug, p.lower) : title,
    ':filename': urlize(p.name, p.lower),
    ':contentbasename': urlize(p.name, p.lower),
    ':slugorfilename': p.slug !== undefined ? urlize(p.slug, p.lower) : urlize(p.name, p.lower),
    ':slugorcontentbasename': p.slug !== undefined ? urlize(p.slug, p.lower) : urlize(p.name, p.lower),
  }
  // `:sections[1:]`, `[:last]`, `[last]`, `[0]`: a slice or one item of the sections, as Go indexes them.
  const out = pattern
    .replace(/:sections\[(\w*)(:?)(\w*)\]/g, (_t, from: string, colon: string, to: string) => {
      const n = p.sections.length
      const index = (v: string, fallback: number) => (v === '' ? fallback : v === 'last' ? n - 1 : Math.min(Number(v), n))
      const start = index(from, 0)
      const picked = colon === '' ? p.sections.slice(start, start + 1) : p.sections.slice(start, index(to, n))
      return picked.map((d) => urlize(d, p.lower)).join('/')
    })
    .replace(/:[a-z]+/g, (t) => values[t] ?? t)
  return ('/' + out).replace(/\/{2,}/g, '/')
}

/**
 * Hugo's path sanitising (`urlize`, its `UnicodeSanitize`): letters, digits, marks and `._/\\#+~-@` are kept, a
 * `%` only before two hex digits; a run of white space between kept characters becomes one hyphen; everything else
 * (`:`, `？`, `：`, `!`, quotes) is dropped. Unless `disablePathToLower`, letters are lower-cased.
 */
export function urlize(segment: string, lower: boolean): string {
  const chars = [...segment]
  let out = ''
  let pendingHyphen = false
  let wasHyphen = false
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]
    const allowed = '._/\\#+~-@'.includes(c) || /[\p{L}\p{Nd}\p{M}]/u.test(c) || (c === '%' && /^[0-9a-f]{2}$/i.test((chars[i + 1] ?? '') + (chars[i + 2] ?? '')))
    if (allowed) {
      wasHyphen = c === '-'
      if (pendingHyphen && !wasHyphen) out += '-'
      pendingHyphen = false
      out += c
    } else if (out !== '' && !wasHyphen && /\s/u.test(c)) pendingHyphen = true
  }
  return lower ? out.toLowerCase() : out
}

function lowerDirs(rel: string): string {
  const parts = rel.split('/')
  return [...parts.slice(0, -1).map((p) => p.toLowerCase()), parts[parts.length - 1]].join('/')
}

function normalize(rel: string): string {
  const out: string[] = []
  for (const part of rel.split('/')) {
    if (part === '' || part === '.') continue
    if (part === '..') out.pop()
    else out.push(part)
  }
  return out.join('/')
}

function trim(dir: string): string {
  return trimTrailing(dir.replace(/^\.?\/+/, ''), '/')
}

/**
 * The menu entries a page declares in front matter (gohugo.io "Menus": `menu: main`, a list of menu names, or a map
 * of menu name to entry settings), each standing for the page (`source`, at its old `url`): its `name` defaults to
 * the page's `linkTitle` or `title`, its `weight` to the page's.
 */
function pageMenuEntries(fields: Record<string, unknown>, source: string, url: string): Array<[string, Record<string, unknown>]> {
  const menu = fields.menu ?? fields.menus
  const named: Array<[string, unknown]> = typeof menu === 'string' ? [[menu, {}]] : Array.isArray(menu) ? menu.filter((m): m is string => typeof m === 'string').map((m) => [m, {}]) : isPlainObject(menu) ? Object.entries(menu) : []
  const title = firstString(fields.linkTitle, fields.linktitle, fields.title)
  return named.map(([id, settings]) => {
    const s = isPlainObject(settings) ? settings : {}
    return [id, { ...s, name: firstString(s.name) ?? title ?? source, weight: typeof s.weight === 'number' ? s.weight : fields.weight, url, source }]
  })
}

/** A language's own configuration (`languages.<lang>`, its key matched in any case), or an empty one. */
function langConfig(configs: Map<string, Record<string, unknown>>, lang: string): Record<string, unknown> {
  return configs.get(lang) ?? {}
}

/** Each language's own configuration by its key in lower case: the first key of that spelling, as Hugo reads keys. */
function languageConfigs(languages: Record<string, Record<string, unknown>>): Map<string, Record<string, unknown>> {
  const configs = new Map<string, Record<string, unknown>>()
  for (const [key, value] of Object.entries(languages)) {
    if (!configs.has(key.toLowerCase())) configs.set(key.toLowerCase(), isPlainObject(value) ? value : {})
  }
  return configs
}

/**
 * The contract id of each language's Hugo menu, keyed `lang|id`: Hugo's main navigation (`main`) is `primary`, as
 * every other importer names the navbar (unless the site has its own `primary`); other ids are lower-cased, with
 * anything the contract's pattern (`^[a-z][a-z0-9_-]{0,63}$`) does not allow as `-` and `menu-` before a leading
 * digit; another language's menus take its key as a suffix (`primary-fr`), cut to fit 64 characters.
 */
function menuIds(menus: Map<string, Map<string, unknown>>, defaultLang: string): Map<string, string> {
  const clean = (s: string) => s.toLowerCase().replace(/[^a-z0-9_-]+/g, '-')
  const hasPrimary = [...menus.values()].some((byId) => [...byId.keys()].some((id) => clean(id) === 'primary'))
  const out = new Map<string, string>()
  for (const [lang, byId] of menus) {
    const suffix = lang === defaultLang ? '' : `-${clean(lang)}`
    for (const id of byId.keys()) {
      let base = id === 'main' && !hasPrimary ? 'primary' : clean(id)
      if (!/^[a-z]/.test(base)) base = `menu-${base}`
      out.set(`${lang}|${id}`, base.slice(0, 64 - suffix.length) + suffix)
    }
  }
  return out
}

/**
 * Builds a menu tree from Hugo entries (`name`, `url` or `pageRef`, `weight`, `identifier`, `parent`; `source` for a
 * page's own entry), by weight then name, as Hugo 0.111 shows them.
 */
function hugoMenuTree(entries: Record<string, unknown>[]): ConfigMenuItem[] {
  const byId = new Map<string, ConfigMenuItem>()
  const parentOf = new Map<ConfigMenuItem, string>()
  const items = entries.map((e) => {
    const ref = firstString(e.url, e.pageRef) ?? '/'
    const pageRef = e.url === undefined ? firstString(e.pageRef) : undefined
    const item: ConfigMenuItem = {
      title: firstString(e.name, e.title, e.identifier) ?? ref,
      url: /^[a-z]+:/i.test(ref) || ref.startsWith('/') ? ref : `/${ref}`,
      weight: typeof e.weight === 'number' ? e.weight : 0,
      children: [],
      ...(pageRef !== undefined ? { pageRef } : {}),
      ...(typeof e.source === 'string' ? { source: e.source } : {}),
    }
    if (typeof e.parent === 'string') parentOf.set(item, e.parent)
    const id = firstString(e.identifier, e.name) ?? ref
    if (!byId.has(id)) byId.set(id, item)
    return item
  })
  const parentItem = (item: ConfigMenuItem) => (parentOf.has(item) ? byId.get(parentOf.get(item) as string) : undefined)
  // Entries whose parents lead back to them reach no top-level entry, so Hugo shows none of them; found walking up
  // from each entry, each walked once.
  const state = new Map<ConfigMenuItem, 'path' | 'done'>()
  const inLoop = new Set<ConfigMenuItem>()
  for (const item of items) {
    const path: ConfigMenuItem[] = []
    for (let at: ConfigMenuItem | undefined = item; at !== undefined && !state.has(at); ) {
      state.set(at, 'path')
      path.push(at)
      const parent = parentItem(at)
      if (parent !== undefined && state.get(parent) === 'path') for (const p of path.slice(path.indexOf(parent))) inLoop.add(p)
      at = parent
    }
    for (const p of path) state.set(p, 'done')
  }
  const roots: ConfigMenuItem[] = []
  // A parent no entry names is made by Hugo as an entry of that identifier without a link, holding its children:
  // here it leads where its first child does (as a navbar's dropdown does).
  const made = new Map<string, ConfigMenuItem>()
  for (const item of items) {
    if (inLoop.has(item)) continue
    const missing = parentOf.has(item) && !byId.has(parentOf.get(item) as string) ? (parentOf.get(item) as string) : undefined
    let parent = parentItem(item)
    if (missing !== undefined) {
      parent = made.get(missing)
      if (!parent) made.set(missing, (parent = { title: missing, url: '/', weight: 0, children: [] }))
      if (parent.children?.length === 0) roots.push(parent)
    }
    if (parent) parent.children?.push(item)
    else roots.push(item)
  }
  // Hugo's order: by weight, an entry without one (0) after those with one, then by name. Each list is sorted from a
  // stack of lists, not by recursion: a chain of 50,000 entries, each the parent of the next, overflowed the stack.
  const rank = (i: ConfigMenuItem) => (i.weight === undefined || i.weight === 0 ? Infinity : i.weight)
  for (const lists = [roots]; lists.length > 0; ) {
    const list = lists.pop() as ConfigMenuItem[]
    list.sort((a, b) => (rank(a) === rank(b) ? 0 : rank(a) < rank(b) ? -1 : 1) || ((a.title ?? '') < (b.title ?? '') ? -1 : (a.title ?? '') > (b.title ?? '') ? 1 : 0))
    for (const i of list) if (i.children) lists.push(i.children)
  }
  for (const parent of made.values()) {
    const { url, pageRef, source } = parent.children?.[0] as ConfigMenuItem
    Object.assign(parent, { url }, pageRef !== undefined ? { pageRef } : {}, source !== undefined ? { source } : {})
  }
  return roots
}

/** The origin and path of a base URL (`https://example.org/docs/` → `https://example.org`, `/docs`). */
function splitBase(url: string): { origin?: string; path: string } | undefined {
  try {
    const u = new URL(url)
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return { path: '' }
    return { origin: u.origin, path: trimTrailing(u.pathname, '/') }
  } catch {
    return undefined
  }
}

const IMAGE_FILE = /\.(?:png|jpe?g|gif|webp|avif|svg)$/i

/**
 * The image Hugo's own social-card templates take for a page with none named in its front matter (its embedded
 * `opengraph.html`, via `partials/_funcs/get-page-images`; Ananke, Blowfish, Congo and Hugo Blox show the same one
 * at the top of the page, by default `featured.*` for Hugo Blox): the first of `images`, a resource of the bundle when one has that name, else a path from
 * the site root; else the bundle's image whose name holds `feature`, else `cover` or `thumbnail` (case-insensitive).
 * Relative to the bundle's folder, as the front matter would say it.
 */
export function pageImage(fields: Record<string, unknown>, dir: string, images: readonly string[], exists: (rel: string) => boolean): string | undefined {
  const listed = Array.isArray(fields.images) ? fields.images[0] : fields.images
  if (typeof listed === 'string' && listed.trim() !== '') {
    const ref = listed.trim()
    if (/^[a-z][a-z0-9+.-]*:|^\//i.test(ref)) return ref
    return exists(`${dir}/${ref}`) ? ref : `/${ref}`
  }
  const named = (word: RegExp) => images.find((rel) => word.test(rel.slice(dir.length + 1)))
  const found = named(/feature/i) ?? named(/cover|thumbnail/i)
  return found === undefined ? undefined : found.slice(dir.length + 1)
}

/** A key of a configuration table in any case (Hugo's keys are case-insensitive), or undefined. */
function lookupKey(table: unknown, key: string): unknown {
  if (!isPlainObject(table)) return undefined
  const k = Object.keys(table).find((name) => name.toLowerCase() === key.toLowerCase())
  return k === undefined ? undefined : table[k]
}

/** Where a page's date comes from by default ("Configure front matter": `date`), `:default` standing for it. */
const DEFAULT_DATE_ORDER = ['date', 'publishdate', 'pubdate', 'published', 'lastmod', 'modified']

/** The site's `[frontmatter] date` order, lower-cased, `:default` expanded; Hugo's default without one. */
function frontMatterDateOrder(table: unknown): string[] {
  const order = lookupKey(table, 'date')
  const list = Array.isArray(order) ? order.filter((v): v is string => typeof v === 'string') : typeof order === 'string' ? [order] : []
  if (list.length === 0) return DEFAULT_DATE_ORDER
  return list.flatMap((id) => (id.toLowerCase() === ':default' ? DEFAULT_DATE_ORDER : [id.toLowerCase()]))
}

/**
 * A page's date by `order`: the first front-matter key present (any case), or `:filename`'s date from a name that
 * starts `YYYY-MM-DD` (then the rest, trimmed of blanks, `-` and `_`, is the slug, as Hugo takes it); `:fileModTime`
 * and `:git` are passed over (neither is the same on another machine).
 */
export function pageDate(fields: Record<string, unknown>, name: string, order: readonly string[]): { date?: string; slug?: string } {
  for (const id of order) {
    if (id === ':filename') {
      const m = /^(\d{4}-\d{2}-\d{2})(.*)$/.exec(name)
      if (m && !Number.isNaN(Date.parse(`${m[1]}T00:00:00Z`))) {
        const rest = trimBoth(m[2], ' \t_-')
        return { date: m[1], ...(rest !== '' ? { slug: rest } : {}) }
      }
      continue
    }
    const value = lookupKey(fields, id)
    if (typeof value === 'string' && value.trim() !== '') return { date: value }
  }
  return {}
}

/**
 * The title Hugo gives a section that has no `_index.md` ("Title": the section name, capitalized and pluralized,
 * unless `pluralizeListTitles` or `capitalizeListTitles` is false; checked with Hugo 0.111: post → Posts, blog →
 * Blogs, category → Categories). English plural rules for one word, as its inflection library applies them.
 */
export function listTitle(section: string, pluralize: boolean, capitalize: boolean): string {
  let word = section
  if (pluralize && !/s$/i.test(word)) word = /[^aeiou]y$/i.test(word) ? `${word.slice(0, -1)}ies` : /(?:ch|sh|x|z)$/i.test(word) ? `${word}es` : `${word}s`
  return capitalize ? word.replace(/(^|[\s_-])(\p{L})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase()) : word
}

/** A root-relative URL path with its `.` and `..` segments resolved, never above the root (as Hugo writes aliases). */
export function resolveDots(path: string): string {
  const out: string[] = []
  const parts = path.split('/')
  parts.forEach((seg, i) => {
    if (seg === '..') out.pop()
    else if (seg !== '.' && (seg !== '' || i === parts.length - 1)) out.push(seg)
  })
  return '/' + out.join('/')
}
