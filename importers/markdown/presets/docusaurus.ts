import { compareCodeUnits } from '../../../src/compare.js'
import { parseDate } from '../dates.js'
import type { DiscoveredFile } from '../discover.js'
import { closing, entries, exportedData, objectLiteral, objectsAfter, objectsOf, stringArray, stringLiteral, readJsConfig, stripComments } from './_jstext.js'
import { readSidebars, stripNumberPrefix } from './docusaurus-sidebars.js'
import type { CategoryFile, SidebarDoc, Sidebars } from './docusaurus-sidebars.js'
import { canonicalLocale, firstString, readAuthorRegistry, readTaxonomyRegistry } from './_config.js'
import { dependencyMajor } from './_package.js'
import { checkSlugSegment } from '../../../src/validate/primitives/index.js'
import { isPlainObject } from '../front-matter.js'
import { docusaurusPath } from '../links.js'
import { githubSlug } from './_slugger.js'
import { navbarItems, pageTitle, SidebarExpansions, sidebarMenuId, sidebarsLeftOut } from './_navbar.js'
import { configureV1, V1_CONFIG } from './docusaurus-v1.js'
import type { ConfigMenuItem, Convention, GeneratedRoute, Placement, Preset, PresetContext, SourceFile, TaxonomyDefinition, Unpublished } from './types.js'
import { emptyConfig, MARKDOWN_EXTENSIONS, splitPath } from './types.js'
import { trimBoth, trimTrailing } from '../../../src/trim.js'
import { decodeOrKeep } from '../../shared/decode.js'

export { stripNumberPrefix }

/** How many blog posts are read for evidence of where the blog was served, when there is no configuration file. */
const EVIDENCE_FILES = 200
const CONFIG_FILES = ['docusaurus.config.ts', 'docusaurus.config.js', 'docusaurus.config.mjs', 'docusaurus.config.cjs', 'docusaurus.config.mts']

/** One content plugin instance: where its files are, the URL path it serves them under, its i18n folder name. */
interface Instance {
  kind: 'docs' | 'blog' | 'pages'
  /** Folder of the source files, relative to the site (`docs`, `blog`, `src/pages`). */
  path: string
  /** URL path segments the plugin's routes start with ('' for `routeBasePath: '/'`). */
  base: string
  /** The plugin's folder under `i18n/<locale>/` (`docusaurus-plugin-content-docs`, `…-docs-<id>` for other ids). */
  i18nDir: string
  /** A blog's list pages, below its base: `archiveBasePath` (null: none), `tagsBasePath`, `authorsBasePath`, and `postsPerPage` as written. */
  lists?: { archive: string | null; tags: string; authors: string; perPage?: string }
  /** The plugin's `id` (`default` when it has none). */
  id: string
  /** The site's folder, relative to the imported folder, with a trailing slash ('' at its root): where `i18n/`, `versions.json` and the like are. */
  site: string
  /** Its options object as written (the preset's `docs: { … }`, or the plugin's own), '' when it has none. */
  options: string
  /** A docs instance's versions (its own `versions.json`, `<id>_versions.json` for another id); [] otherwise. */
  versions: Version[]
}

/** A docs version: its folder and the URL segment it adds (`''` for the last version, `next` for unreleased docs). */
interface Version {
  dir: string
  segment: string
  /** Why Docusaurus does not build it (`onlyIncludeVersions` leaves it out, `includeCurrentVersion: false`), when it does not. */
  notBuilt?: string
  /** Its `versions.<name>.label`, when the options give one. */
  label?: string
}

/**
 * Docusaurus (documented rules, docusaurus.io "Routing", "Docs introduction", "Blog", "Creating pages", "i18n",
 * "Versioning"), with `docusaurus.config.*` read as text, never run. Docs: `<routeBasePath>/<path>`, where the path
 * is the file's folder and its `id` (front matter) or file name, number prefixes (`01-intro`) stripped, a `slug`
 * replacing it (absolute from the docs root, or relative to the folder), and `index.md`, `README.md` or a file named
 * after its folder standing for the folder. Blog posts: `<routeBasePath>/<slug>`, else the dated path
 * (`2024-01-02-x.md`, `2024-01-02-x/index.md`, `2024/01/02/x.md` → `2024/01/02/x`), else the file's path; dated by
 * front matter or the name, never invented. `src/pages` Markdown is served by path. Files and folders starting with
 * `_` are partials (imported by MDX, never pages). i18n: `i18n/<locale>/docusaurus-plugin-content-{docs/current,
 * blog,pages}/…` under `/<locale>/`, the default locale without a prefix; the default locale's own copy there is
 * served in place of the source file. Versions: `versioned_docs/version-<v>/`
 * under `/<docs>/<v>/`, the last version at the docs root and unreleased docs under `next/`.
 */
export const docusaurusPreset: Preset = {
  name: 'docusaurus',
  detect(discovery) {
    const has = (p: string) => discovery.paths.has(p)
    const found = CONFIG_FILES.find(has) ?? ['blog/authors.yml', 'blog/tags.yml'].find(has)
    if (found) return { strength: 60, reason: `found ${found}` }
    if (has(V1_CONFIG)) return { strength: 60, reason: `found ${V1_CONFIG} (Docusaurus 1)` }
    if (discovery.files.some((f) => /^blog\/\d{4}-\d{1,2}-\d{1,2}-/.test(f.rel))) return { strength: 20, reason: 'found dated entries under blog/' }
    return null
  },
  async configure(ctx: PresetContext): Promise<Convention> {
    if (!CONFIG_FILES.some((f) => ctx.discovery.paths.has(f)) && ctx.discovery.paths.has(V1_CONFIG)) return configureV1(ctx)
    const config = emptyConfig()
    // The site may sit in a subfolder of the folder imported (`website/`) when its docs or blog are beside it (`path: '../docs'`).
    const site = ctx.siteFolder ? `${ctx.siteFolder}/` : ''
    const { file: configFile, text } = await readJsConfig(ctx, CONFIG_FILES.map((f) => site + f), config)
    const top = topLevel(text)
    const title = stringLiteral(top.get('title'))
    const tagline = stringLiteral(top.get('tagline'))
    const url = stringLiteral(top.get('url'))
    config.site = {
      ...(title ? { title } : {}),
      ...(tagline !== undefined ? { description: tagline } : {}),
      ...(url && /^https?:\/\//.test(url) ? { url: trimTrailing(url, '/') } : {}),
    }
    config.basePath = trimTrailing(stringLiteral(top.get('baseUrl')) ?? '/', '/').replace(/^(?=[^/])/, '/')
    config.excerptMarkers = ['<!-- truncate -->', '<!--truncate-->', '{/* truncate */}']
    config.staticDirs = [`${site}static`]
    // `favicon` and the navbar logo's `src` are paths in the static folder, served from the site root.
    const favicon = stringLiteral(top.get('favicon'))
    const logo = stringLiteral(entries(objectLiteral(entries(objectsOf(text, 'navbar')[0] ?? '').get('logo')) ?? '').get('src'))
    if (configFile && favicon) config.siteImages.push({ ref: `/${favicon.replace(/^\/+/, '')}`, from: configFile, use: 'favicon' })
    if (configFile && logo) config.siteImages.push({ ref: `/${logo.replace(/^\/+/, '')}`, from: configFile, use: 'logo' })

    const { instances, findings } = readInstances(text, site, configFile ?? 'the configuration')
    for (const f of findings) ctx.diagnostics.warn(configFile ?? '', 0, f.code, f.message)
    const markdownFormat = stringLiteral(objectsOf(text, 'markdown').map((o) => entries(o).get('format')).find((f) => f !== undefined))
    const i18n = entries(objectsOf(text, 'i18n')[0] ?? '')
    const defaultLocale = stringLiteral(i18n.get('defaultLocale')) ?? 'en'
    const locales = stringArray(i18n.get('locales')) ?? [defaultLocale]
    const multilingual = locales.length > 1
    const locale = i18n.has('defaultLocale') ? canonicalLocale(defaultLocale) : undefined
    if (locale) config.site.locale = locale

    for (const instance of instances) if (instance.kind === 'docs') instance.versions = await readVersions(ctx, text, instance)
    const locate = (rel: string) => locateFile(rel, instances, locales, defaultLocale, site)
    // The file Docusaurus reads for a default-locale document: its copy under i18n/<defaultLocale>/ when there is
    // one (each content plugin looks in the locale's folder first, the default locale's too), else the file itself.
    const served = (at: Located): string => {
      const local = translationPath(at, defaultLocale)
      return ctx.discovery.paths.has(local) ? local : at.source
    }
    // Docusaurus URLs have no trailing slash unless `trailingSlash: true`.
    const slash = top.get('trailingSlash')?.trim() === 'true'
    const generated: NonNullable<typeof config.generatedRoutes> = []

    const blog = instances.find((i) => i.kind === 'blog')
    if (blog) {
      const posts = await readBlogPosts(ctx, blog, locate, served)
      // Without a configuration file, the blog's own links say where it was served: at the root when they link to
      // posts as /2024/01/02/x rather than /blog/2024/01/02/x (the AKS blog), and on which origin.
      if (!configFile) {
        const evidence = await blogEvidence(ctx, posts)
        if (evidence.atRoot) blog.base = ''
        if (evidence.origin && !config.site.url) config.site.url = evidence.origin
      }
      config.postIndexPath = '/' + (blog.base === '' ? '' : blog.base + '/')
      const registries: Record<string, string> = {}
      for (const [base, into, read] of [
        ['authors', config.authors, readAuthorRegistry],
        ['tags', config.tags, readTaxonomyRegistry],
      ] as const) {
        const file = ['.yml', '.yaml', '.json'].map((e) => `${blog.path}/${base}${e}`).find((f) => ctx.discovery.paths.has(f))
        if (!file) continue
        const data = await ctx.readData(file)
        config.configFiles.add(file)
        registries[base] = file
        if (base === 'authors') config.authorsFile = file
        if (data) for (const [k, v] of read(data)) (into as Map<string, unknown>).set(k, v)
        if (base === 'tags' && isPlainObject(data)) applyTagPermalinks(data, config.tags)
        // A loop, not push(...pages): a spread of 300,000 authors' pages overflows the stack.
        if (base === 'authors' && isPlainObject(data)) for (const page of authorPages(data, blog, file, slash)) generated.push(page)
      }
      const lists = blog.lists ?? { archive: 'archive', tags: 'tags', authors: 'authors' }
      const tagsBase = joinUrl(blog.base, lists.tags)
      // Tag pages keep their URLs: the contract's tag archives are served under the blog's tags path.
      if (tagsBase.split('/').every((seg) => seg === '' || checkSlugSegment(seg) === null)) config.permalinks = { tags: `${tagsBase}:slug/` }
      // Without a configuration file, the list pages come from the blog folder itself: its first post names it.
      const listFile = configFile ?? posts[0]?.rel ?? blog.path
      if (lists.archive !== null && posts.length > 0) generated.push({ from: pageUrl(joinUrl(blog.base, lists.archive), slash), to: config.postIndexPath, file: listFile })
      if (posts.some((p) => p.tagged)) generated.push({ from: pageUrl(tagsBase, slash), to: config.postIndexPath, file: registries.tags ?? listFile })
      // The post index pages as the blog's list did (`postsPerPage`, default 10, 'ALL' one page): /blog/page/2 and on.
      const listed = posts.filter((p) => p.listed).length
      const perPage = postsPerPage(lists.perPage, listed)
      if (lists.perPage !== undefined && perPage !== undefined) config.site.posts_per_page = perPage
      const pages = Math.ceil(listed / (perPage ?? 10))
      const other = localeBlogLists(generated, locales.filter((l) => l !== defaultLocale), { index: config.postIndexPath, authors: pageUrl(joinUrl(blog.base, lists.authors), slash), file: listFile, slash, pages, perPage: perPage ?? 10 })
      for (const route of other.routes) generated.push(route)
      if (other.leftOut > 0) ctx.diagnostics.warn(configFile ?? listFile, 0, 'dropped_data', `${other.leftOut} list pages of the other locales' blogs (/<locale>${config.postIndexPath}page/<n>) are not redirected: the other locales' lists are redirected up to ${LOCALE_LIST_PAGES} routes, and ${locales.length - 1} locales with ${pages} list pages each make more. Redirect the others in your host's configuration if they matter.`)
    }
    const docsTags = ctx.discovery.files.find((f) => instances.some((i) => i.kind === 'docs' && f.rel === `${i.path}/tags.yml`))
    if (docsTags) config.configFiles.add(docsTags.rel)

    // `_category_.json`/`.yml` label sidebar categories; they are configuration, not pages, but a category whose
    // `link` is a generated index has a page at /<docs>/category/<label>: it redirects to the category's first doc.
    const categoryFiles = new Map<string, unknown>()
    for (const f of ctx.discovery.files) if (/(?:^|\/)_category_\.(?:json|ya?ml)$/.test(f.rel)) categoryFiles.set(f.rel, await ctx.readData(f.rel))
    for (const f of ctx.discovery.files) if (categoryFiles.has(f.rel) || instances.some((i) => i.kind === 'docs' && f.rel === versionsFile(i))) config.configFiles.add(f.rel)
    for (const [rel, data] of categoryFiles) {
      const route = await categoryIndex(ctx, rel, data, locate, served, slash)
      if (route) generated.push(route)
    }

    // Each docs plugin instance has its own sidebars (docusaurus.io "Docs Multi-instance").
    const allSidebars: Array<Sidebars & { docs: SidebarDoc[]; file?: string; instance: Instance; mains?: Map<Version, string> }> = []
    // All of the site's sidebars share one budget of autogenerated items (each instance's folders told apart).
    const expansions = new SidebarExpansions()
    // Each file is located once, not once per instance: a configuration may declare very many.
    const docsFiles = new Map<Instance, Array<{ file: DiscoveredFile; at: Located }>>()
    for (const file of ctx.discovery.files) {
      const at = locate(file.rel)
      if (at?.instance.kind !== 'docs') continue
      const list = docsFiles.get(at.instance) ?? []
      if (list.length === 0) docsFiles.set(at.instance, list)
      list.push({ file, at })
    }
    for (const instance of instances) {
      if (instance.kind !== 'docs') continue
      const docsSite = { text, configFile, site, categoryFiles, files: docsFiles.get(instance) ?? [], expansions }
      const sidebars = await docsSidebars(ctx, instance, docsSite, served, slash)
      // The version dropdown leads to each version's own main doc, read from that version's docs and sidebars.
      const mains = /\bdocsVersionDropdown\b/.test(text) ? await versionMains(ctx, instance, sidebars, docsSite, served, slash) : undefined
      allSidebars.push({ ...sidebars, instance, ...(mains ? { mains } : {}) })
      if (sidebars.file) config.configFiles.add(sidebars.file)
      for (const index of sidebars.indexes) if (!generated.some((g) => g.from === index.from)) generated.push({ ...index, file: sidebars.file ?? configFile ?? '' })
    }
    if (generated.length > 0) config.generatedRoutes = generated
    const navbar = readNavbar(text, allSidebars)
    if (navbar.length > 0) config.menus.primary = { name: 'Navbar', items: navbar }
    // One menu per sidebar: each is the navigation of its own part of the docs, shown beside those pages. The default
    // instance's come first; another instance's sidebar whose id is taken is told apart by the instance's id.
    let n = 0
    for (const { menus, instance } of allSidebars.sort((a, b) => Number(b.instance.id === 'default') - Number(a.instance.id === 'default'))) {
      for (const sidebar of menus) {
        const key = instance.id !== 'default' && sidebarMenuId(sidebar.sidebarId, 1, {}) in config.menus ? `${instance.id}-${sidebar.sidebarId}` : sidebar.sidebarId
        config.menus[sidebarMenuId(key, n++, config.menus)] = { name: sidebar.sidebarId, items: sidebar.items }
      }
    }
    if (expansions.leftOut > 0) ctx.diagnostics.warn(allSidebars.find((s) => s.file)?.file ?? configFile ?? '', 0, 'dropped_data', sidebarsLeftOut(expansions.leftOut))

    return {
      config,
      templates: ['mdx', 'docusaurus'],
      mdx: (file, fm) => parsedAsMdx(file, fm, markdownFormat),
      ...((await docusaurusMajor(ctx, site)) === 2 ? { mdxIndentedCode: true } : {}),
      isDocument: (file: DiscoveredFile) => {
        const at = locate(file.rel)
        return at !== null && MARKDOWN_EXTENSIONS.has(splitPath(file.rel).ext)
      },
      place(source: SourceFile): Placement | Unpublished {
        const at = locate(source.file.rel) as Located
        const { dirs, base } = splitPath(at.rel)
        const notBuilt = at.instance.versions.find((v) => (v.dir === '' ? 'current' : v.dir.slice(v.dir.lastIndexOf('/') + 1)) === at.versionDir)?.notBuilt
        if (notBuilt) return { skip: 'not-built', detail: `a doc of a version Docusaurus does not build (${notBuilt} in ${configFile ?? 'the configuration'})` }
        if (base.startsWith('_') || dirs.some((d) => d.startsWith('_'))) return { skip: 'partial', detail: 'a partial (its name starts with _): Docusaurus imports it into other documents and never publishes it' }
        if (!ctx.discovery.paths.has(at.source)) return { skip: 'no-source', detail: `a translation of ${at.source}, which does not exist: Docusaurus publishes the default locale's documents (translated where a translation exists), never a translation alone` }
        const override = at.locale === defaultLocale && served(at) !== source.file.rel ? served(at) : undefined
        if (override) return { skip: 'overridden', detail: `Docusaurus serves ${override} in its place: the default locale's own folder under i18n/ overrides the source file` }
        const prefix = at.locale === defaultLocale ? '' : `/${at.locale}`
        const language = multilingual ? { language: canonicalLocale(at.locale) ?? at.locale } : {}
        const fm = source.fm.data
        const route = (path: string) => pageUrl(prefix + joinUrl(at.instance.base, at.version, path), slash)
        // A locale without a translation of this file serves it at /<locale>/<its URL>, in the default language
        // (docusaurus.io "i18n – Introduction": untranslated content falls back to the default locale's). The
        // payload has one page per document, so those URLs redirect to it.
        const fallbacks = (url: string) => {
          if (at.locale !== defaultLocale) return {}
          const aliases = locales.filter((l) => l !== defaultLocale && !ctx.discovery.paths.has(translationPath(at, l))).map((l) => `/${l}${url}`)
          return aliases.length > 0 ? { aliases } : {}
        }
        if (at.instance.kind === 'blog') {
          const post = blogPath(at.rel, firstString(fm.slug))
          const url = route(post.path)
          return { kind: 'post', name: post.name, url, ...(post.date ? { nameDate: post.date } : {}), ...language, ...fallbacks(url) }
        }
        if (at.instance.kind === 'pages') {
          const path = [...dirs, base].join('/').replace(/(?:^|\/)index$/, '')
          const url = route(path)
          return { kind: 'page', name: base === 'index' ? (dirs[dirs.length - 1] ?? '') : base, url, ...(base === 'index' ? { isIndex: true } : {}), ...language, ...fallbacks(url) }
        }
        const doc = docPath(dirs, base, fm)
        const url = route(doc.path)
        return { kind: 'page', name: doc.name, url, ...(doc.isIndex ? { isIndex: true } : {}), ...language, ...fallbacks(url) }
      },
      assetUrl(rel) {
        if (rel.startsWith(`${site}static/`)) return rel.slice(`${site}static`.length)
        return undefined
      },
      // A translation's relative links resolve in the locale's folder, then in the default locale's (Docusaurus
      // looks a linked file up in each content path in turn).
      translationOf(file) {
        const at = locate(file)
        return at && at.source !== file ? at.source : undefined
      },
    }
  },
}

/** Where a file sits: which plugin instance, version and locale, and its path inside that folder. */
interface Located {
  instance: Instance
  /** The URL segment of the docs version ('' for the last version). */
  version: string
  /** The version's folder name under `i18n/<locale>/<plugin>/` (`current`, `version-1.0`); '' outside docs. */
  versionDir: string
  locale: string
  rel: string
  /** The default locale's file this one translates (the file itself outside `i18n/`). */
  source: string
}

function locateFile(rel: string, instances: Instance[], locales: string[], defaultLocale: string, site: string): Located | null {
  let locale = defaultLocale
  let inside = rel
  let viaI18n = false
  const m = rel.startsWith(`${site}i18n/`) ? /^([^/]+)\/(.+)$/.exec(rel.slice(site.length + 5)) : null
  if (m) {
    if (!locales.includes(m[1])) return null
    locale = m[1]
    inside = m[2]
    viaI18n = true
  }
  for (const instance of instances) {
    if (viaI18n) {
      const root = instance.kind === 'docs' ? `${instance.i18nDir}/current/` : `${instance.i18nDir}/`
      if (inside.startsWith(root)) {
        const at = inside.slice(root.length)
        return { instance, version: instance.kind === 'docs' ? currentSegment(instance.versions) : '', versionDir: instance.kind === 'docs' ? 'current' : '', locale, rel: at, source: `${instance.path}/${at}` }
      }
      if (instance.kind === 'docs') {
        const vm = new RegExp(`^${escapeRe(instance.i18nDir)}/version-([^/]+)/(.+)$`).exec(inside)
        const v = vm ? instance.versions.find((x) => x.dir === `${pluginPrefix(instance)}versioned_docs/version-${vm[1]}`) : undefined
        if (vm && v) return { instance, version: v.segment, versionDir: `version-${vm[1]}`, locale, rel: vm[2], source: `${v.dir}/${vm[2]}` }
      }
      continue
    }
    if (instance.kind === 'docs') {
      for (const v of instance.versions) {
        if (v.dir !== '' && inside.startsWith(v.dir + '/')) return { instance, version: v.segment, versionDir: v.dir.slice(v.dir.lastIndexOf('/') + 1), locale, rel: inside.slice(v.dir.length + 1), source: rel }
      }
    }
    if (inside.startsWith(instance.path + '/')) {
      const at = inside.slice(instance.path.length + 1)
      // The blog folder's registries and the docs folder's tags file are configuration.
      if (instance.kind === 'blog' && /^(?:authors|tags)\.(?:ya?ml|json)$/.test(at)) return null
      return { instance, version: instance.kind === 'docs' ? currentSegment(instance.versions) : '', versionDir: instance.kind === 'docs' ? 'current' : '', locale, rel: at, source: rel }
    }
  }
  return null
}

/** What a docs plugin's versioned folders and files start with: the site's folder, then nothing for the default id, `<id>_` for another (`community_versions.json`). */
function pluginPrefix(instance: Instance): string {
  return instance.site + (instance.id === 'default' ? '' : `${instance.id}_`)
}

function versionsFile(instance: Instance): string {
  return `${pluginPrefix(instance)}versions.json`
}

/** Where a locale's translation of a default-locale file would be (`i18n/fr/docusaurus-plugin-content-docs/current/x.md`). */
function translationPath(at: Located, locale: string): string {
  return at.instance.site + ['i18n', locale, at.instance.i18nDir, at.versionDir, at.rel].filter((s) => s !== '').join('/')
}

function currentSegment(versions: Version[]): string {
  return versions.find((v) => v.dir === '')?.segment ?? ''
}

/** What reading a content plugin's `path` found to say: a path refused, written as code, or with backslashes. */
interface PathFinding {
  code: 'invalid_config' | 'unsupported_feature'
  message: string
}

/**
 * The content plugin instances: the classic preset's docs and blog, extra plugin instances, and the pages plugin,
 * their paths relative to the folder imported (`site` is the site's folder in it, '' or `website/`). A path that is
 * absolute or leads out of the folder imported is refused, never read.
 */
/** Node's path module as configurations call it: `path.`, `require('path').`, `require('node:path').`, or bare (imported by name). */
const PATH_CALL = /^(?:(?:path|require\s*\(\s*(['"])(?:node:)?path\1\s*\))\s*\.\s*)?(resolve|join)\s*\(\s*__dirname\s*,([^()]*)\)$/

/**
 * A content plugin's `path` as configurations write it: a string literal, or, as monorepo configurations often do,
 * `path.resolve(__dirname, '../docs')` or `path.join(__dirname, 'a', 'b')` (or `require('path').…`) with literal
 * arguments, or `` `${__dirname}/../docs` ``, which name the same folder relative to the configuration's (`resolve`
 * restarts at an absolute argument, which `contentPath` then refuses); a name declared with one of those
 * (`const docsDir = …`) is read as its value. Anything else is code this importer does not run: undefined.
 */
function pathValue(raw: string | undefined, text: string): string | undefined {
  if (raw === undefined) return undefined
  const name = /^[A-Za-z_$][\w$]*$/.exec(raw.trim())?.[0]
  if (name === undefined) return pathExpression(raw)
  const declared = new RegExp(`(?:const|let|var)\\s+${name.replace(/\$/g, '\\$')}\\s*=([^;\\n]{1,300})`).exec(text)?.[1]
  return declared === undefined ? undefined : pathExpression(declared)
}

function pathExpression(raw: string): string | undefined {
  const literal = stringLiteral(raw)
  if (literal !== undefined) return literal
  const t = raw.trim()
  const template = /^`\$\{\s*__dirname\s*\}([^`$\\]*)`$/.exec(t)
  if (template) return template[1] === '' ? '.' : template[1].replace(/^\/+/, '')
  const call = PATH_CALL.exec(t)
  if (!call) return undefined
  const parts = call[3].split(',').map(stringLiteral)
  if (!parts.every((p): p is string => p !== undefined)) return undefined
  const absolute = call[2] === 'resolve' ? parts.findLastIndex((p) => /^(?:[/\\]|[A-Za-z]:)/.test(p)) : -1
  return absolute === -1 ? parts.join('/') : parts.slice(absolute).join('/')
}

function readInstances(text: string, site: string, file = 'the configuration'): { instances: Instance[]; findings: PathFinding[] } {
  const out: Instance[] = []
  const findings: PathFinding[] = []
  const presetDocs = /\bdocs\s*:\s*false\b/.test(text) ? undefined : (objectsOf(text, 'docs').find((o) => /\b(?:path|routeBasePath|sidebarPath)\s*:/.test(o)) ?? '')
  // The preset's `blog:` options, told from the theme's `blog:` (themeConfig.blog.sidebar) by a key only
  // plugin-content-blog takes (docusaurus.io "plugin-content-blog": Configuration).
  const presetBlog = /\bblog\s*:\s*false\b/.test(text) ? undefined : (objectsOf(text, 'blog').find((o) => /\b(?:path|routeBasePath|showReadingTime|blogTitle|blogDescription|blogSidebarCount|blogSidebarTitle|authorsMapPath|feedOptions|postsPerPage|archiveBasePath|tagsBasePath|authorsBasePath|pageBasePath)\s*:/.test(o)) ?? '')
  const instance = (kind: 'docs' | 'blog', obj: string, defaults: { path: string; base: string }, pluginName: string): void => {
    const e = entries(obj)
    const id = stringLiteral(e.get('id'))
    const base = trimBoth(stringLiteral(e.get('routeBasePath')) ?? defaults.base, '/')
    const raw = e.get('path')
    const value = pathValue(raw, text)
    if (raw !== undefined && value === undefined) findings.push(writtenAsCode(kind, raw.trim(), file, contentPath(site, defaults.path) as string))
    const written = value ?? defaults.path
    const path = contentPath(site, written)
    if (typeof path !== 'string') {
      findings.push({ code: 'invalid_config', message: `The ${kind} path "${written}" ${path.refused}; that content is not imported. Import the folder that holds both the site and its ${kind}.` })
      return
    }
    if (written.includes('\\')) findings.push({ code: 'unsupported_feature', message: `The ${kind} path "${written}" in ${file} separates folders with backslashes, as only Windows reads them (Node's path module on Linux and macOS, where sites are built, takes a backslash for part of a name): it is read as ${path}/. Write it with slashes to build the same everywhere.` })
    const trim = (key: string, fallback: string) => trimBoth(stringLiteral(e.get(key)) ?? fallback, '/')
    const perPage = e.get('postsPerPage')
    const lists = kind === 'blog' ? { lists: { archive: e.get('archiveBasePath')?.trim() === 'null' ? null : trim('archiveBasePath', 'archive'), tags: trim('tagsBasePath', 'tags'), authors: trim('authorsBasePath', 'authors'), ...(perPage !== undefined ? { perPage } : {}) } } : {}
    const own = id && id !== 'default' ? id : 'default'
    out.push({ kind, path, base, i18nDir: own !== 'default' ? `${pluginName}-${own}` : pluginName, id: own, site, options: obj, versions: [], ...lists })
  }
  if (presetDocs !== undefined) instance('docs', presetDocs, { path: 'docs', base: 'docs' }, 'docusaurus-plugin-content-docs')
  for (const q of ["'", '"']) {
    for (const obj of objectsAfter(text, `${q}@docusaurus/plugin-content-docs${q}`)) instance('docs', obj, { path: 'docs', base: 'docs' }, 'docusaurus-plugin-content-docs')
  }
  if (presetBlog !== undefined) instance('blog', presetBlog, { path: 'blog', base: 'blog' }, 'docusaurus-plugin-content-blog')
  for (const q of ["'", '"']) {
    for (const obj of objectsAfter(text, `${q}@docusaurus/plugin-content-blog${q}`)) instance('blog', obj, { path: 'blog', base: 'blog' }, 'docusaurus-plugin-content-blog')
  }
  out.push({ kind: 'pages', path: `${site}src/pages`, base: '', i18nDir: 'docusaurus-plugin-content-pages', id: 'default', site, options: '', versions: [] })
  // The longest folder first, so `docs/api` of a second instance is not taken for a page of `docs`.
  return { instances: out.sort((a, b) => b.path.length - a.path.length), findings }
}

/** The finding for a content path written as code: the expression (cut at 120 characters) and the default folder read instead. */
function writtenAsCode(kind: 'docs' | 'blog', code: string, file: string, fallback: string): PathFinding {
  const shown = code.length > 120 ? `${code.slice(0, 120)}…` : code
  const what = kind === 'docs' ? 'docs are' : 'blog posts are'
  return { code: 'unsupported_feature', message: `The ${kind} path in ${file} is written as code the importer does not run (${shown}): the ${what} read from ${fallback}/, Docusaurus's default (plugin-content-${kind} "path"). If they are elsewhere, write the path as a string (relative to the configuration's folder), or import that folder.` }
}

/**
 * A content plugin's `path` (relative to the site's folder, docusaurus.io plugin-content-docs "path") as a path in
 * the folder imported: `../docs` from `website/` is `docs`. An absolute path, or one leading out of the folder
 * imported, is refused: the import reads nothing outside the folder it was given.
 */
function contentPath(site: string, written: string): string | { refused: string } {
  if (/^(?:[/\\]|[A-Za-z]:)/.test(written)) return { refused: 'is absolute' }
  const parts: string[] = site.split('/').filter((s) => s !== '')
  for (const part of written.split(/[/\\]/)) {
    if (part === '' || part === '.') continue
    if (part !== '..') parts.push(part)
    else if (parts.pop() === undefined) return { refused: `leads out of the folder imported${site ? ` (from ${site})` : ''}` }
  }
  return parts.length === 0 ? '.' : parts.join('/')
}

/**
 * The folders, relative to the folder imported, a Docusaurus site in the subfolder `folder` takes its docs and
 * blog from outside that subfolder (`path: '../docs'` from `website/`): the site is then imported from the whole
 * folder, with `folder` as its `siteFolder`. `readText` reads the folder's files; none when it has no configuration.
 */
export async function contentBeside(folder: string, paths: ReadonlySet<string>, readText: (rel: string) => Promise<string | null>): Promise<string[]> {
  const file = CONFIG_FILES.map((f) => `${folder}/${f}`).find((f) => paths.has(f))
  if (!file) return []
  const { instances } = readInstances(stripComments((await readText(file)) ?? ''), `${folder}/`)
  return instances.filter((i) => i.kind !== 'pages' && i.path !== '.' && !i.path.startsWith(`${folder}/`)).map((i) => i.path)
}

/**
 * A docs instance's versions from its `versions.json` (`<id>_versions.json` for a plugin instance with another id;
 * docusaurus.io "Versioning", plugin-content-docs options): the last one (`lastVersion`, else the newest) at the
 * docs root, unreleased docs under `next/`, others under their name, each unless `versions.<name>.path` names its
 * segment; `onlyIncludeVersions` and `includeCurrentVersion: false` leave versions unbuilt. Versioned docs are in
 * `[<id>_]versioned_docs/version-<name>/`.
 */
async function readVersions(ctx: PresetContext, text: string, instance: Instance): Promise<Version[]> {
  const file = versionsFile(instance)
  if (!ctx.discovery.paths.has(file)) return []
  const data = await ctx.readData(file)
  if (!Array.isArray(data) || data.length === 0) return []
  const names = data.filter((v): v is string => typeof v === 'string')
  const versionOptions = (o: string) => /\b(?:lastVersion|onlyIncludeVersions|includeCurrentVersion|versions)\s*:/.test(o)
  // The preset's options are its `docs: { … }` object; a plugin instance's are its own.
  const docs = entries(instance.id === 'default' && !versionOptions(instance.options) ? (objectsOf(text, 'docs').find(versionOptions) ?? '') : instance.options)
  const last = stringLiteral(docs.get('lastVersion')) ?? names[0]
  const only = stringArray(docs.get('onlyIncludeVersions'))
  const options = entries(objectLiteral(docs.get('versions')) ?? '')
  const version = (dir: string, name: string, fallback: string): Version => {
    const own = entries(objectLiteral(options.get(name)) ?? '')
    const path = stringLiteral(own.get('path'))
    const label = stringLiteral(own.get('label'))
    const notBuilt = only && !only.includes(name) ? `onlyIncludeVersions leaves version "${name}" out` : name === 'current' && docs.get('includeCurrentVersion')?.trim() === 'false' ? 'includeCurrentVersion: false leaves the current version out' : undefined
    return { dir, segment: name === last ? '' : path !== undefined ? trimBoth(path, '/') : fallback, ...(notBuilt ? { notBuilt } : {}), ...(label !== undefined ? { label } : {}) }
  }
  const out: Version[] = [version('', 'current', 'next')]
  for (const name of names) out.push(version(`${pluginPrefix(instance)}versioned_docs/version-${name}`, name, name))
  return out
}

/** The top-level entries of the exported config object (`const config = { … }` or `module.exports = { … }`). */
function topLevel(text: string): Map<string, string> {
  const m = /(?:const\s+config\s*(?::[^=]+)?=|module\.exports\s*=|export\s+default)\s*(?:\(\s*)?\{/.exec(text)
  if (!m) return new Map()
  const open = m.index + m[0].length - 1
  const close = closing(text, open)
  const inner = objectLiteral(text.slice(open, (close === -1 ? text.length - 1 : close) + 1))
  return entries(inner ?? '')
}

/** A blog post of the default locale, as its front matter places it: its path below the blog root, whether it has tags. */
interface BlogPost {
  rel: string
  path: string
  tagged: boolean
  /** In the blog's lists: neither a draft (not built) nor unlisted. */
  listed: boolean
}

async function readBlogPosts(ctx: PresetContext, blog: Instance, locate: (rel: string) => Located | null, served: (at: Located) => string): Promise<BlogPost[]> {
  const out: BlogPost[] = []
  for (const f of ctx.discovery.files) {
    const at = locate(f.rel)
    if (!at || at.instance !== blog || at.source !== f.rel || !MARKDOWN_EXTENSIONS.has(splitPath(f.rel).ext)) continue
    const { dirs, base } = splitPath(at.rel)
    if (base.startsWith('_') || dirs.some((d) => d.startsWith('_'))) continue
    const fm = (await ctx.readFrontMatter(served(at))) ?? {}
    const tags = fm.tags
    out.push({ rel: f.rel, path: blogPath(at.rel, firstString(fm.slug)).path, tagged: (Array.isArray(tags) && tags.length > 0) || (typeof tags === 'string' && tags.trim() !== ''), listed: fm.draft !== true && fm.unlisted !== true })
  }
  return out
}

/** How many of a blog's own links name its posts at the root (`/2024/01/02/x`) or under `/blog/`, and on which origin. */
async function blogEvidence(ctx: PresetContext, posts: BlogPost[]): Promise<{ atRoot: boolean; origin?: string }> {
  const paths = new Set(posts.map((p) => trimTrailing(p.path, '/')))
  let root = 0
  let underBlog = 0
  const origins = new Map<string, number>()
  for (const post of posts.slice(0, EVIDENCE_FILES)) {
    const text = (await ctx.readText(post.rel)) ?? ''
    for (const m of text.matchAll(/\]\(\s*<?((?:https?:\/\/[^/\s)>]+)?\/[^)\s>#?]*)/g)) {
      const target = m[1]
      const origin = /^https?:\/\/[^/]+/i.exec(target)?.[0]
      const path = trimBoth(decodeOrKeep(target.slice(origin?.length ?? 0)), '/')
      if (paths.has(path)) root++
      else if (path.startsWith('blog/') && paths.has(path.slice(5))) underBlog++
      else continue
      if (origin) origins.set(origin.toLowerCase(), (origins.get(origin.toLowerCase()) ?? 0) + 1)
    }
  }
  const origin = [...origins].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0]
  return { atRoot: root > underBlog, ...(origin ? { origin } : {}) }
}

/** tags.yml's `permalink: /add-ons` is the tag's URL segment (Docusaurus serves it at /blog/tags/add-ons). */
function applyTagPermalinks(data: Record<string, unknown>, tags: Map<string, TaxonomyDefinition>): void {
  for (const [key, value] of Object.entries(data)) {
    const permalink = isPlainObject(value) ? firstString(value.permalink) : undefined
    const def = tags.get(key)
    const slug = permalink === undefined ? undefined : trimBoth(permalink, '/')
    if (def && slug && !slug.includes('/')) tags.set(key, { ...def, slug })
  }
}

/**
 * The author pages Docusaurus (3.5+) makes for authors.yml entries with `page: true` (at /<blog>/authors/<key>) or
 * `page: { permalink }`, and the authors list, which it makes whenever authors.yml names anyone (3.10's
 * `createAuthorsRoutes`); the contract has no author route, so each redirects to the post index.
 */
function authorPages(data: Record<string, unknown>, blog: Instance, file: string, slash: boolean): Array<{ from: string; to: string; file: string }> {
  const base = joinUrl(blog.base, blog.lists?.authors ?? 'authors')
  const index = joinUrl(blog.base)
  const out: Array<{ from: string; to: string; file: string }> = []
  for (const [key, value] of Object.entries(data)) {
    const page = isPlainObject(value) ? value.page : undefined
    if (page !== true && !isPlainObject(page)) continue
    const permalink = isPlainObject(page) ? firstString(page.permalink) : undefined
    out.push({ from: pageUrl(joinUrl(base, permalink ?? key), slash), to: index, file })
  }
  if (Object.values(data).some(isPlainObject)) out.push({ from: pageUrl(base, slash), to: index, file })
  return out
}

/** How many list pages of other locales are redirected at most. */
const LOCALE_LIST_PAGES = 100_000

/**
 * The blog list pages each other locale's build makes under /<locale>/ (docusaurus.io "i18n – Introduction": each
 * locale is built as a site of its own, the blog plugin with the locale's posts, translated under
 * `i18n/<locale>/docusaurus-plugin-content-blog/` or the default locale's): its blog index, archive, tags list and
 * authors list, all leading to the post index, and its paged list's page n (`/<locale>/blog/page/<n>`, the same posts
 * as the default locale's) to the post index's page n. Author pages are not repeated per locale (a registry may name
 * very many). Past LOCALE_LIST_PAGES routes, the paged lists are counted in `leftOut`, not made.
 */
export function localeBlogLists(lists: readonly GeneratedRoute[], locales: string[], blog: { index: string; authors: string; file: string; slash: boolean; pages: number; perPage: number }): { routes: GeneratedRoute[]; leftOut: number } {
  const out: GeneratedRoute[] = []
  let leftOut = 0
  const pages = lists.filter((r) => r.to === blog.index && !(r.from.startsWith(blog.authors) && r.from !== blog.authors))
  for (const locale of locales) {
    // The blog at the site's root has its index at /<locale>/, the locale's home page: not taken for a list.
    if (blog.index !== '/') out.push({ from: pageUrl(`/${locale}${blog.index}`, blog.slash), to: blog.index, file: blog.file })
    for (const r of pages) out.push({ from: `/${locale}${r.from}`, to: r.to, file: r.file })
    // Bounded: a configuration naming thousands of locales over a blog of thousands of pages is input, not a site.
    let n = 2
    for (; n <= blog.pages && out.length < LOCALE_LIST_PAGES; n++) out.push({ from: pageUrl(`/${locale}${blog.index}page/${n}/`, blog.slash), to: blog.index, file: blog.file, page: { n, perPage: blog.perPage } })
    leftOut += Math.max(0, blog.pages - n + 1)
  }
  return { routes: out, leftOut }
}

/**
 * The blog list's page size (plugin-content-blog `postsPerPage`): a number of at least 1, `'ALL'` (every listed post
 * on one page), else undefined (not written, or written as code: Docusaurus's default, 10).
 */
function postsPerPage(raw: string | undefined, listed: number): number | undefined {
  if (raw === undefined) return undefined
  if (stringLiteral(raw) === 'ALL') return Math.max(1, listed)
  const n = Number(raw.trim())
  return Number.isInteger(n) && n >= 1 ? n : undefined
}

/**
 * The generated index of a docs category (`link: { type: 'generated-index', slug? }` in `_category_.json`), served
 * at /<docs>/<version>/category/<label slugged as github-slugger does>, redirected to the category's first doc
 * (sidebar_position, else its number prefix, else its name).
 */
async function categoryIndex(ctx: PresetContext, rel: string, data: unknown, locate: (rel: string) => Located | null, served: (at: Located) => string, slash: boolean): Promise<{ from: string; to: string; file: string } | undefined> {
  const folder = rel.slice(0, rel.lastIndexOf('/'))
  const docs = ctx.discovery.files.filter((f) => f.rel.startsWith(folder + '/') && !f.rel.slice(folder.length + 1).includes('/') && MARKDOWN_EXTENSIONS.has(splitPath(f.rel).ext))
  const first = docs.map((f) => ({ f, at: locate(f.rel) })).find(({ at }) => at !== null)
  if (!first?.at || first.at.instance.kind !== 'docs' || first.at.source !== first.f.rel) return undefined
  const link = isPlainObject(data) && isPlainObject(data.link) ? data.link : undefined
  if (!link || link.type !== 'generated-index' || !isPlainObject(data)) return undefined
  const label = firstString(data.label) ?? stripNumberPrefix(folder.split('/').pop() ?? '')
  const slug = firstString(link.slug) ?? `/category/${githubSlug(label)}`
  const { instance, version } = first.at
  const ordered: Array<{ url: string; position: number; name: string }> = []
  for (const { f, at } of docs.map((d) => ({ f: d, at: locate(d.rel) }))) {
    if (!at || at.source !== f.rel) continue
    const { dirs, base } = splitPath(at.rel)
    if (base.startsWith('_')) continue
    const fm = (await ctx.readFrontMatter(served(at))) ?? {}
    if (fm.draft === true) continue
    const prefix = /^(\d+)\s*[-_.]/.exec(base)
    const position = typeof fm.sidebar_position === 'number' ? fm.sidebar_position : prefix ? Number(prefix[1]) : Number.POSITIVE_INFINITY
    ordered.push({ url: pageUrl(joinUrl(instance.base, version, docPath(dirs, base, fm).path), slash), position, name: base })
  }
  ordered.sort((a, b) => a.position - b.position || compareCodeUnits(a.name, b.name))
  if (ordered.length === 0) return undefined
  return { from: pageUrl(joinUrl(instance.base, version, slug), slash), to: ordered[0].url, file: rel }
}

/** A Docusaurus route as it is published: no trailing slash unless `trailingSlash: true` (the root keeps its slash). */
function pageUrl(url: string, slash: boolean): string {
  return slash || url === '/' ? url : url.replace(/\/$/, '')
}

/** A doc's path below the docs root, by the `id`, `slug`, number-prefix and category-index rules. */
export function docPath(dirs: string[], base: string, fm: Record<string, unknown>): { path: string; name: string; isIndex: boolean } {
  const parse = fm.parse_number_prefixes !== false
  const strip = (s: string) => (parse ? stripNumberPrefix(s) : s)
  const unprefixed = strip(base)
  const id = firstString(fm.id) ?? unprefixed
  const folder = dirs.map(strip)
  const slug = firstString(fm.slug)
  const last = folder[folder.length - 1]
  if (slug !== undefined && slug.startsWith('/')) return { path: slug, name: slug.split('/').filter((s) => s !== '').pop() ?? '', isIndex: false }
  const isIndex = slug === undefined && (/^(?:index|readme)$/i.test(unprefixed) || (last !== undefined && unprefixed.toLowerCase() === last.toLowerCase()))
  if (isIndex) return { path: folder.join('/'), name: last ?? '', isIndex: true }
  const resolved = resolveRelativeUrl(slug ?? id, folder)
  return { path: resolved, name: resolved.split('/').filter((s) => s !== '').pop() ?? id, isIndex: false }
}

/** `a/../b` style resolution of a relative slug against its folder (never above the root). */
function resolveRelativeUrl(rel: string, folder: string[]): string {
  const out = [...folder]
  for (const part of rel.split('/')) {
    if (part === '' || part === '.') continue
    if (part === '..') out.pop()
    else out.push(part)
  }
  return out.join('/')
}

/**
 * A blog post's path below the blog root: the `slug` (always under the blog root), else the dated path
 * (`[folder/]YYYY-MM-DD-name[/index]` or `YYYY/MM/DD/name` → `[folder/]YYYY/MM/DD/name`), else the file's path
 * without extension and `/index`. `date` is the file or folder name's date, when it has one.
 */
export function blogPath(rel: string, slug: string | undefined): { path: string; name: string; date?: string } {
  const noExt = rel.replace(/\.[^./]+$/, '')
  const m = /^(.*?)(\d{4})[-/](\d{1,2})[-/](\d{1,2})[-/]?(.*?)(?:\/index)?$/.exec(noExt)
  const date = m ? `${m[2]}-${m[3].padStart(2, '0')}-${m[4].padStart(2, '0')}` : undefined
  const valid = date !== undefined && parseDate(date, 'UTC') !== null
  const fromFile = valid && m ? `${m[1]}${m[2]}/${m[3]}/${m[4]}/${m[5]}` : noExt.replace(/(?:^|\/)index$/, '')
  const path = slug !== undefined && slug.trim() !== '' ? slug.trim().replace(/^\/+/, '') : fromFile
  const name = (valid && m ? m[5] : undefined) || path.split('/').filter((s) => s !== '').pop() || noExt
  return { path, name, ...(valid ? { date } : {}) }
}

function joinUrl(...parts: string[]): string {
  const path = parts.flatMap((p) => p.split('/')).filter((s) => s !== '').join('/')
  return '/' + path + (path === '' ? '' : '/')
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The navbar (`themeConfig.navbar.items`) as a menu: `{ label, to | href }`, dropdowns with `items`, a doc by
 * `docId` (`type: 'doc'`), a sidebar by its first link (`type: 'docSidebar'`), each of the docs plugin instance
 * `docsPluginId` names (the default one without it), a docs version dropdown; search and locale dropdowns are not links.
 */
function readNavbar(text: string, sidebars: Array<Sidebars & { docs: SidebarDoc[]; instance: Instance; mains?: Map<Version, string> }>): ConfigMenuItem[] {
  const raw = entries(objectsOf(text, 'navbar')[0] ?? '').get('items')
  if (raw === undefined) return []
  const ofPlugin = (fields: Map<string, string>) => sidebars.find((s) => s.instance.id === (stringLiteral(fields.get('docsPluginId')) ?? 'default'))
  return routed(navbarItems(raw, {
    title: ['label'],
    url: ['to', 'href'],
    children: ['items'],
    computed(fields) {
      const type = stringLiteral(fields.get('type'))
      if (type === 'doc') return ofPlugin(fields)?.docs.find((d) => d.id === stringLiteral(fields.get('docId')))?.url
      if (type === 'docSidebar') return ofPlugin(fields)?.menus.find((m) => m.sidebarId === stringLiteral(fields.get('sidebarId')))?.items[0]?.url
      return undefined
    },
    made(fields) {
      const docs = stringLiteral(fields.get('type')) === 'docsVersionDropdown' ? ofPlugin(fields) : undefined
      return docs ? versionDropdown(docs) : undefined
    },
  }))
}

/** How many versions' own docs and sidebars are read for the version dropdown; later ones lead to the same doc's copy. */
const MAX_DROPDOWN_VERSIONS = 20

/**
 * Each built version's main doc (Docusaurus getMainDocId: the doc whose slug is `/`, else the first doc of the
 * version's first sidebar, else its first doc), the version served at the root from its already read sidebars. Each
 * version's sidebars are read with a budget of their own, so the site's menus keep theirs.
 */
async function versionMains(ctx: PresetContext, instance: Instance, root: Sidebars & { docs: SidebarDoc[] }, site: DocsSite, served: (at: Located) => string, slash: boolean): Promise<Map<Version, string>> {
  const mains = new Map<Version, string>()
  for (const v of instance.versions.filter((x) => !x.notBuilt).slice(0, MAX_DROPDOWN_VERSIONS)) {
    const sidebars = v.segment === '' ? root : await docsSidebars(ctx, instance, { ...site, expansions: new SidebarExpansions() }, served, slash, v)
    const main = mainDoc(sidebars, pageUrl(joinUrl(instance.base, v.segment), slash))
    if (main !== undefined) mains.set(v, main)
  }
  return mains
}

/** A version's main doc's URL: the doc at the version's root, else the first doc its first sidebar leads to, else its first doc. */
function mainDoc({ menus, docs }: Sidebars & { docs: SidebarDoc[] }, root: string): string | undefined {
  const urls = new Set(docs.map((d) => d.url))
  const first = (items: readonly ConfigMenuItem[]): string | undefined => {
    for (const item of items) {
      if (typeof item.url === 'string' && urls.has(item.url)) return item.url
      const inner = first(item.children ?? [])
      if (inner !== undefined) return inner
    }
    return undefined
  }
  return (urls.has(root) ? root : undefined) ?? first(menus[0]?.items ?? []) ?? docs[0]?.url
}

/**
 * A docs version dropdown (`type: 'docsVersionDropdown'`, docusaurus.io "Versioning" and "Navbar"), as the pages
 * outside the docs show it: titled with the last version's label, leading to its main doc, with an item per built
 * version, unreleased docs first as "Next", then versions.json's order, each labelled by its `versions.<name>.label`
 * (else its name) and leading to that version's own main doc (past the first versions read, the same doc's copy).
 */
function versionDropdown({ menus, docs, instance, mains }: Sidebars & { docs: SidebarDoc[]; instance: Instance; mains?: Map<Version, string> }): ConfigMenuItem | undefined {
  const built = instance.versions.filter((v) => !v.notBuilt)
  const last = built.find((v) => v.segment === '')
  const main = (last && mains?.get(last)) ?? menus[0]?.items[0]?.url ?? docs[0]?.url
  const head = instance.base === '' ? '/' : `/${instance.base}/`
  if (main === undefined || !main.startsWith(head) || built.length === 0) return undefined
  const rest = main.slice(head.length)
  const name = (v: Version) => v.label ?? (v.dir === '' ? 'Next' : v.dir.slice(v.dir.lastIndexOf('/version-') + '/version-'.length))
  const children = built.map((v) => ({ title: name(v), url: mains?.get(v) ?? (v.segment === '' ? main : `${head}${v.segment}/${rest}`), children: [] }))
  return { title: last ? name(last) : 'Versions', url: main, children }
}

/**
 * The major version of Docusaurus the site's package.json asks for (`"@docusaurus/core": "^2.4.3"`, `">=2.0.0"` or
 * `"2.0.0-beta.6"` → 2), when it names one. Docusaurus 2 parses documents with MDX 1, which keeps indented code
 * blocks; Docusaurus 3 (docusaurus.io "Upgrading to Docusaurus v3") moved to MDX 3, which has none.
 */
async function docusaurusMajor(ctx: PresetContext, site: string): Promise<number | undefined> {
  return dependencyMajor(await ctx.readText(`${site}package.json`), '@docusaurus/core')
}

/**
 * Whether Docusaurus parses a document as MDX (docusaurus.io "MDX vs. CommonMark"): the front matter's `format` (or
 * `mdx.format`), else `markdown.format` in the configuration, `mdx` by default, so `.md` files too; `detect` goes by
 * the extension (`.mdx` MDX, the others CommonMark).
 */
export function parsedAsMdx(file: string, fm: Record<string, unknown>, configured: string | undefined): boolean {
  const own = firstString(isPlainObject(fm.mdx) ? fm.mdx.format : undefined) ?? firstString(fm.format)
  const format = own === 'md' || own === 'mdx' || own === 'detect' ? own : configured === 'md' || configured === 'detect' ? configured : 'mdx'
  return format === 'detect' ? /\.mdx$/i.test(file) : format === 'mdx'
}

/** Navbar items with `pathname:///x.html` links as the paths they are (`docusaurusPath`), dropdowns included. */
function routed(items: ConfigMenuItem[]): ConfigMenuItem[] {
  return items.map((item) => ({ ...item, url: typeof item.url === 'string' ? docusaurusPath(item.url) : item.url, children: routed(item.children ?? []) }))
}

/** What reading a docs instance's sidebars needs of the site. */
interface DocsSite {
  text: string
  configFile?: string
  site: string
  categoryFiles: Map<string, unknown>
  files: ReadonlyArray<{ file: DiscoveredFile; at: Located }>
  expansions: SidebarExpansions
}

/**
 * The sidebars of a docs plugin instance's docs served at its root (its last version: the current docs and its
 * sidebars file, or `[<id>_]versioned_docs/version-<v>/` and `[<id>_]versioned_sidebars/version-<v>-sidebars.json`)
 * as menus, and the sidebars file read (configuration, not a document).
 */
async function docsSidebars(ctx: PresetContext, docs: Instance, site: DocsSite, served: (at: Located) => string, slash: boolean, of: Version | undefined = docs.versions.find((v) => v.segment === '')): Promise<Sidebars & { docs: SidebarDoc[]; file?: string }> {
  const version = of !== undefined && of.dir !== '' ? of : undefined
  const versionDir = version ? version.dir.slice(version.dir.lastIndexOf('/') + 1) : 'current'
  const root = version ? version.dir : docs.path
  const categories = new Map<string, CategoryFile>()
  for (const [rel, data] of site.categoryFiles) {
    const m = /^(.*)\/_category_\.(?:json|ya?ml)$/.exec(rel)
    if (!m || !m[1].startsWith(root + '/')) continue
    if (isPlainObject(data)) categories.set(m[1].slice(root.length + 1), { ...(typeof data.label === 'string' ? { label: data.label } : {}), ...(typeof data.position === 'number' ? { position: data.position } : {}), ...('link' in data ? { link: data.link } : {}) })
  }
  // The preset's docs options written where they cannot be read (a variable): the configuration's first `sidebarPath`.
  const loose = docs.id === 'default' && docs.options === '' ? /\bsidebarPath\s*:[^,}\n]+/.exec(site.text)?.[0] : undefined
  const option = sidebarPathOption(loose ?? docs.options)
  const file = version ? `${pluginPrefix(docs)}versioned_sidebars/${versionDir}-sidebars.json` : sidebarsFile(ctx, option, site.configFile !== undefined, site.site)
  const known = file !== undefined && ctx.discovery.paths.has(file)
  const data = known ? await sidebarsData(ctx, file) : undefined
  const docsOf = await docEntries(ctx, site.files, versionDir, served, slash)
  // `sidebarPath: false`: no sidebar; a sidebars file written as code (a function) cannot be read: no menu rather than a wrong one.
  if (option === false || (known && data === undefined)) return { menus: [], indexes: [], docs: docsOf, ...(known ? { file } : {}) }
  const route = (path: string) => pageUrl(joinUrl(docs.base, path), slash)
  return { ...readSidebars(data, { docs: docsOf, categories, route, expansions: site.expansions, scope: `${docs.id}/${versionDir}` }), docs: docsOf, ...(known ? { file } : {}) }
}

/** The docs of one version of a docs plugin instance (`current`, `version-2.0`), as its sidebars name and show them; `files` are the instance's. */
async function docEntries(ctx: PresetContext, files: ReadonlyArray<{ file: DiscoveredFile; at: Located }>, versionDir: string, served: (at: Located) => string, slash: boolean): Promise<SidebarDoc[]> {
  const out: SidebarDoc[] = []
  for (const { file: f, at } of files) {
    if (at.source !== f.rel || at.versionDir !== versionDir || !MARKDOWN_EXTENSIONS.has(splitPath(f.rel).ext)) continue
    const { dirs, base } = splitPath(at.rel)
    if (base.startsWith('_') || dirs.some((d) => d.startsWith('_'))) continue
    const file = served(at)
    const fm = (await ctx.readFrontMatter(file)) ?? {}
    const parse = fm.parse_number_prefixes !== false
    const strip = (x: string) => (parse ? stripNumberPrefix(x) : x)
    const id = [...dirs.map(strip), firstString(fm.id) ?? strip(base)].join('/')
    const prefix = /^(\d+)\s*[-_.]/.exec(base)
    const position = typeof fm.sidebar_position === 'number' ? fm.sidebar_position : prefix ? Number(prefix[1]) : Number.POSITIVE_INFINITY
    const path = docPath(dirs, base, fm)
    const label = firstString(fm.sidebar_label) ?? (await pageTitle(ctx, file, fm)) ?? id.split('/').pop() ?? id
    out.push({ id, file, url: pageUrl(joinUrl(at.instance.base, at.version, path.path), slash), dirs, name: base, position, label, hidden: fm.unlisted === true || fm.draft === true, isIndex: path.isIndex })
  }
  return out
}

/**
 * A docs instance's `sidebarPath` option: the file it names (`'./sidebars.js'`, `require.resolve('./sidebars.js')`,
 * `path.resolve(__dirname, 'sidebars.js')`), `false` (no sidebars), `true` when it is written as code naming no file,
 * undefined when the option is absent.
 */
function sidebarPathOption(options: string): string | boolean | undefined {
  const raw = entries(options).get('sidebarPath')?.trim().replace(/,$/, '')
  if (raw === undefined) return undefined
  if (raw === 'false') return false
  const named = /['"`]\.?\/?([^'"`]+)['"`]\s*\)?$/.exec(raw)?.[1]
  return named ?? true
}

/**
 * The sidebars file: the one `sidebarPath` names. Without the option Docusaurus makes one autogenerated sidebar
 * (plugin-content-docs: "undefined: a fully autogenerated sidebar"), so no file is read; without a configuration
 * file at all, or with an option written as code, `sidebars.js`, `.ts` or `.json` beside the configuration. Paths
 * are the site folder's (`site`, '' or `website/`).
 */
function sidebarsFile(ctx: PresetContext, option: string | boolean | undefined, hasConfig: boolean, site: string): string | undefined {
  if (option === false || (option === undefined && hasConfig)) return undefined
  const named = typeof option === 'string' ? contentPath(site, option) : undefined
  return [typeof named === 'string' ? named : undefined, ...['sidebars.js', 'sidebars.ts', 'sidebars.mjs', 'sidebars.cjs', 'sidebars.json'].map((f) => site + f)].find((f): f is string => f !== undefined && ctx.discovery.paths.has(f))
}

/** The sidebars file's object: JSON or YAML as data, JavaScript's exported literals (never run). */
async function sidebarsData(ctx: PresetContext, file: string): Promise<Record<string, unknown> | undefined> {
  if (/\.(?:json|ya?ml)$/.test(file)) {
    const data = await ctx.readData(file)
    return isPlainObject(data) ? data : undefined
  }
  const found = exportedData(stripComments((await ctx.readText(file)) ?? ''))
  const computed = found?.computed.filter((key) => !key.includes('.')) ?? []
  if (computed.length > 0) ctx.diagnostics.warn(file, 0, 'unsupported_feature', `The sidebar(s) ${computed.map((k) => `"${k}"`).join(', ')} are built by the site's own code, which the importer does not run: they are not imported as menus. Write them as literal items, or add the menus to a --config site file.`)
  return found?.data
}
