import type { DiscoveredFile, Discovery } from '../discover.js'
import { resolveRelative } from '../discover.js'
import { DATE_KEYS } from '../fields.js'
import { arrayItems, closing, entries, literalData, objectLiteral, objectsOf, resolvedValue, stringArray, stringLiteral, readJsConfig, stripComments } from './_jstext.js'
import { starlightSidebar } from './starlight-sidebar.js'
import type { StarlightEntry } from './starlight-sidebar.js'
import { canonicalLocale, firstString, httpOrigin } from './_config.js'
import { githubSlug } from './_slugger.js'
import { isPlainObject } from '../front-matter.js'
import type { ConfigMenuItem, Convention, Placement, Preset, PresetContext, SourceFile, Unpublished } from './types.js'
import { emptyConfig, MARKDOWN_EXTENSIONS, splitPath } from './types.js'
import { heroHtml } from './_hero.js'
import { globMatcher } from './_glob.js'
import { SidebarExpansions, sidebarsLeftOut } from './_navbar.js'
import { trimBoth, trimTrailing } from '../../../src/trim.js'
import { headerMenu, pageNumberRoutes, paperSite, servesPageNumbers } from './astro-paper.js'
import { addNumberedPages } from './_list-pages.js'

/** Collections that hold posts when the caller does not say. */
export const DEFAULT_POST_COLLECTIONS = ['blog', 'posts', 'post', 'news', 'articles']
/** AstroPaper's header, whose `<nav>` links are the site's menu. */
const PAPER_HEADER = 'src/components/Header.astro'
/** AstroPaper's list of every tag. */
const PAPER_TAGS = 'src/pages/tags/index.astro'
const CONFIG_FILES = ['astro.config.mjs', 'astro.config.ts', 'astro.config.js', 'astro.config.mts', 'astro.config.cjs']
const COLLECTION_CONFIGS = ['src/content.config.ts', 'src/content.config.mjs', 'src/content.config.js', 'src/content/config.ts', 'src/content/config.mjs', 'src/content/config.js']

/** A content collection: its folder and the URL path its entries are served under. */
interface Collection {
  name: string
  dir: string
  /** URL path segments of the route that renders it (`blog` for `src/pages/blog/[...slug].astro`; '' for Starlight docs). */
  base: string
  /** Why that URL: a route file that reads it, Starlight, or the collection's name by default. */
  why: string
  /** Front-matter fields the route's slug function slugs, the first one set winning (RouteFile.slugFields). */
  slugFields?: string[]
  /** Which files below `dir` are its entries (the path below `dir`): its loader's patterns. */
  includes: (rel: string) => boolean
  /** What the rest are. */
  leftOut: Unpublished
  /** Its loader names entries with the site's own `generateId` code, which the importer does not run. */
  generateId?: boolean
}

/**
 * Astro and Starlight (documented rules, docs.astro.build "Routing" and "Content collections", starlight.astro.build
 * "Pages", "Internationalization"), configuration read as text. Markdown under `src/pages/` is routed by path
 * (`index` → its folder, `_` names excluded; `404.md`, the not-found page, is not a document). Content collections (`src/content/<name>/`, or
 * a `glob()` loader's `base` in `src/content.config.ts`) have no URL of their own: the route file that reads the
 * collection (`src/pages/blog/[...slug].astro` calling `getCollection('blog')`) gives it one; without one, the
 * collection's name. Entry ids are the path slugified per segment (lower case, as Astro's github-slugger does), or
 * the `slug` front matter. Starlight serves its `docs` collection at the site root (never `/docs/`), locales under
 * `/<locale>/` with the `root` locale unprefixed. Dated entries of a blog collection are posts; the rest are pages.
 */
export const astroPreset: Preset = {
  name: 'astro',
  detect(discovery) {
    if (isStarlight(discovery)) return null
    const found = CONFIG_FILES.find((f) => discovery.paths.has(f)) ?? COLLECTION_CONFIGS.find((f) => discovery.paths.has(f))
    if (found) return { strength: 60, reason: `found ${found}` }
    if (discovery.dependencies?.has('astro')) return { strength: 55, reason: 'found astro in package.json' }
    if (discovery.files.some((f) => f.rel.startsWith('src/content/') && MARKDOWN_EXTENSIONS.has(splitPath(f.rel).ext))) return { strength: 30, reason: 'found src/content (Astro content collections)' }
    return null
  },
  configure: (ctx) => configureAstro(ctx, false),
}

/** Starlight: Astro with the Starlight integration; its `docs` collection is the site, served at `/`. */
export const starlightPreset: Preset = {
  name: 'starlight',
  detect(discovery) {
    if (!isStarlight(discovery)) return null
    return { strength: 65, reason: discovery.dependencies?.has('@astrojs/starlight') ? 'found @astrojs/starlight in package.json' : 'found src/content/docs with an Astro configuration' }
  },
  configure: (ctx) => configureAstro(ctx, true),
}

function isStarlight(discovery: Discovery): boolean {
  if (discovery.dependencies?.has('@astrojs/starlight')) return true
  const config = CONFIG_FILES.some((f) => discovery.paths.has(f))
  return config && discovery.files.some((f) => f.rel.startsWith('src/content/docs/')) && !discovery.files.some((f) => /^src\/content\/(?!docs\/|config\.)/.test(f.rel))
}

async function configureAstro(ctx: PresetContext, starlight: boolean): Promise<Convention> {
  const config = emptyConfig()
  const { file: configFile, text } = await readJsConfig(ctx, CONFIG_FILES, config)
  // The object passed to defineConfig, to its matching brace (an expression reading to the last `})` took time in the
  // square of a configuration that repeats `defineConfig({`).
  const call = /defineConfig\s*\(\s*\{/.exec(text)
  const open = call ? call.index + call[0].length - 1 : -1
  const close = open === -1 ? -1 : closing(text, open)
  const top = entries(close !== -1 ? text.slice(open + 1, close) : (objectsOf(text, 'export default')[0] ?? ''))
  const literal = async (key: string) => stringLiteral(top.get(key)) ?? (configFile ? await importedString(ctx, configFile, text, top.get(key)) : undefined)
  const site = await literal('site')
  // AstroPaper's site object (`site: SITE.website`): its title, description and list size.
  const paper = configFile ? await importedObject(ctx, configFile, text, top.get('site')) : undefined
  const theme = paper ? paperSite(paper.values) : {}
  if (theme.title) config.site.title = theme.title
  if (theme.description) config.site.description = theme.description
  if (theme.perPage) config.site.posts_per_page = theme.perPage
  const origin = httpOrigin(site)
  if (origin) config.site.url = origin
  config.basePath = trimTrailing((await literal('base')) ?? '', '/').replace(/^(?=[^/])/, '/')
  const trailing = stringLiteral(top.get('trailingSlash')) ?? 'ignore'
  config.staticDirs = ['public']

  // Starlight's options: title, locales ({ root: {…}, fr: {…} }) and defaultLocale.
  const sl = starlight ? starlightOptions(text) : undefined
  if (sl?.title) config.site.title = sl.title
  if (sl?.lang) config.site.locale = sl.lang

  const collections = await readCollections(ctx, starlight)
  const dateField = await schemaDateField(ctx)
  const routes = await readRouteFiles(ctx)
  const located = new Set(ctx.discovery.files.map((f) => locateAstro(f.rel, collections)?.collection))
  for (const c of collections) {
    const route = routes.find((r) => r.collections.includes(c.name))
    if (route) Object.assign(c, { base: route.base, why: `rendered by ${route.file}`, ...(route.slugFields ? { slugFields: route.slugFields } : {}) })
    // Said of the collections that hold pages only (not of one of JSON files read by the same route).
    if (!located.has(c)) continue
    if (c.generateId && !route?.computed) ctx.diagnostics.warn(COLLECTION_CONFIGS.find((f) => ctx.discovery.paths.has(f)) ?? '', 0, 'unsupported_feature', `The "${c.name}" collection names its entries with the site's own \`generateId\` code, which the importer does not run: each entry was placed at the id Astro gives by default (its path, slugified, or \`slug\`) instead, and URLs the code made differently are lost. Set \`slug:\` in those entries' front matter, or list redirects for them.`)
    if (route?.computed) ctx.diagnostics.warn(route.file, route.computed.line, 'unsupported_feature', `This route names the "${c.name}" entries' URLs with the site's own code (${route.computed.expr.slice(0, 60)}), which the importer does not run: each entry was placed at its id (its file name or \`slug\`) instead, and URLs the code made differently are lost. Set \`slug:\` in those entries' front matter, or list redirects for them.`)
  }
  const postCollections = new Set(ctx.options.postCollections ?? DEFAULT_POST_COLLECTIONS)
  const blog = collections.find((c) => postCollections.has(c.name))
  if (blog) config.postIndexPath = '/' + (blog.base === '' ? '' : blog.base + '/')
  // A posts route that also writes the lists' numbered pages (AstroPaper 2's `posts/[slug].astro`): each redirected.
  const numbered = blog && theme.perPage ? routes.find((r) => r.collections.includes(blog.name) && r.pageNumbers) : undefined
  const blogPosts = new Set<string>()
  for (const f of COLLECTION_CONFIGS) if (ctx.discovery.paths.has(f)) config.configFiles.add(f)

  // build.format 'file' writes /x and /x/ (an index) as x.html and, with trailingSlash 'ignore', links them without
  // the slash (docs.astro.build "Configuration Reference": build.format); the payload's html-extension style does
  // both. 'preserve' (index pages as x/index.html, the rest as x.html) is left to the directory style.
  const format = stringLiteral(entries(objectLiteral(top.get('build')) ?? '').get('format')) ?? 'directory'
  const unslashed = trailing === 'never' || (trailing === 'ignore' && format === 'file')
  if (unslashed && trailing === 'ignore') config.permalinks = { output_style: 'html-extension' }
  const slash = (url: string) => (url === '/' || unslashed ? url.replace(/(?<=.)\/$/, '') : url.endsWith('/') ? url : url + '/')
  if (paper && !starlight) {
    const header = ctx.discovery.paths.has(PAPER_HEADER) ? headerMenu(stripComments((await ctx.readText(PAPER_HEADER)) ?? '')) : []
    if (header.length > 0) {
      config.menus.primary = { name: 'Primary', items: header }
      config.configFiles.add(PAPER_HEADER)
    }
    // Its list of every tag (`src/pages/tags/index.astro`) has no route in the contract: it leads to the post index.
    if (blog && ctx.discovery.paths.has(PAPER_TAGS)) config.generatedRoutes = [{ from: slash('/tags'), to: config.postIndexPath ?? '/', file: PAPER_TAGS }]
    config.configFiles.add(paper.module)
  }
  const locate = (rel: string) => locateAstro(rel, collections)
  const docs = starlight ? collections.find((c) => c.name === 'docs') : undefined
  const translated = sl && docs && sl.locales.size + (sl.hasRoot ? 1 : 0) > 1 ? await translatedKeys(ctx, docs, sl.locales, sl.hasRoot) : undefined
  // An untranslated page of the default locale is served in every other locale at /<locale>/<its id>/, in the
  // default language with a notice (starlight.astro.build "Internationalization": fallback content). The payload has
  // one page per document, so those URLs redirect to it.
  const fallbacks = (locale: string, key: string): { aliases?: string[] } => {
    if (!sl || !translated || locale !== sl.defaultKey) return {}
    const aliases = [...translated.keys()].filter((l) => l !== locale && !translated.get(l)?.has(key)).map((l) => slash('/' + [l === 'root' ? '' : l, key].filter((s) => s !== '').join('/')))
    return aliases.length > 0 ? { aliases } : {}
  }
  if (sl && docs) {
    const sidebar = await readStarlightSidebar(ctx, sl, docs, slash, config.file ?? '')
    if (sidebar.length > 0) config.menus.sidebar = { name: 'Sidebar', items: sidebar }
  }
  return {
    config,
    templates: listsRemarkToc(text, top) ? ['mdx', 'docusaurus', 'remark-toc'] : ['mdx', 'docusaurus'],
    isDocument: (file: DiscoveredFile) => locate(file.rel) !== null,
    finish(published) {
      if (!numbered || !blog || !theme.perPage || !config.postIndexPath) return
      let count = 0
      for (const f of blogPosts) if (published.has(f)) count++
      const at = (n: number) => slash('/' + [blog.base, String(n)].filter((s) => s !== '').join('/'))
      addNumberedPages(config, pageNumberRoutes(count, theme.perPage, at), { file: numbered.file, diagnostics: ctx.diagnostics, lists: `The numbered lists of posts (${count} posts, postPerPage ${theme.perPage})`, rule: at(1).replace(/1\/?$/, '*') })
    },
    place(source: SourceFile): Placement | Unpublished {
      const at = locate(source.file.rel) as NonNullable<ReturnType<typeof locate>>
      const { dirs, base } = splitPath(at.rel)
      if (at.collection ? !at.collection.includes(at.rel) : base.startsWith('_') || dirs.some((d) => d.startsWith('_'))) return at.collection?.leftOut ?? UNDERSCORED
      const fm = source.fm.data
      if (at.collection === undefined) {
        // src/pages: routed by path, case kept. `404.md` is written as 404.html, which hosts serve for every missing
        // URL: not a document at a URL of its own, and a build stage writes its theme's instead.
        if (dirs.length === 0 && base === '404') return NOT_FOUND_PAGE
        const own = base === 'index' ? dirs : [...dirs, base]
        return { kind: 'page', name: base === 'index' ? (dirs[dirs.length - 1] ?? '') : base, url: slash('/' + own.map(encodeURIComponent).join('/')), ...(base === 'index' ? { isIndex: true } : {}) }
      }
      const c = at.collection
      const slugged = c.slugFields?.map((k) => firstString(fm[k])).find((v) => v !== undefined && v.trim() !== '')
      const id = slugged !== undefined ? githubSlug(slugged) : entryId(dirs, base, firstString(fm.slug))
      let locale: string | undefined
      let path = id
      if (sl && c.name === 'docs' && sl.locales.has(id.split('/')[0])) locale = id.split('/')[0]
      if (path === 'index') path = ''
      const key = localeKey(id, locale)
      // Starlight renders a docs entry with the id `404` (per locale) as its not-found page.
      if (c === docs && key === '404') return NOT_FOUND_PAGE
      const url = slash('/' + [c.base, path].filter((s) => s !== '').join('/'))
      const dateKeys = dateField ? [dateField, ...POST_DATE_KEYS] : POST_DATE_KEYS
      const dateKey = dateKeys.find((k) => fm[k] !== undefined && fm[k] !== null && fm[k] !== '' && typeof fm[k] !== 'boolean')
      const isPost = postCollections.has(c.name) && dateKey !== undefined
      if (isPost && c === blog) blogPosts.add(source.file.rel)
      const name = id.split('/').pop() ?? id
      return {
        kind: isPost ? 'post' : 'page',
        name: name === 'index' ? (id.split('/').slice(-2, -1)[0] ?? '') : name,
        url,
        ...(name === 'index' ? { isIndex: true } : {}),
        ...(sl && sl.locales.size + (sl.hasRoot ? 1 : 0) > 1 ? { language: canonicalLocale(locale ? (sl.locales.get(locale) ?? locale) : (sl.lang ?? 'en')) ?? 'en' } : {}),
        ...(c === docs ? fallbacks(locale ?? 'root', key) : {}),
        // Without a root locale, / sends visitors to the default locale's home (/en/), which is the site's home.
        ...(c === docs && sl && !sl.hasRoot && locale === sl.defaultKey && key === '' ? { isHome: true } : {}),
        ...(c === docs && isPlainObject(fm.hero) ? heroPrefix(fm.hero) : {}),
        // The schema's own date field (`pubDatetime: z.date()`) is the post's date when it is not one the importer reads.
        ...(isPost && dateKey !== undefined && !DATE_KEYS.includes(dateKey) ? { defaults: { date: fm[dateKey] } } : {}),
      }
    },
    assetUrl(rel) {
      return rel.startsWith('public/') ? rel.slice('public'.length) : undefined
    },
  }
}

/**
 * Whether `markdown.remarkPlugins` lists remark-toc as it is, without options (`import remarkToc from 'remark-toc'`,
 * `remarkPlugins: [remarkToc, …]`; AstroPaper's): Astro runs it on every Markdown page (docs.astro.build
 * "Configuration Reference": markdown.remarkPlugins; @astrojs/mdx extends the Markdown configuration by default). With
 * options (`[remarkToc, { heading: 'contents' }]`) its heading and depth are the site's, and it is left alone.
 */
function listsRemarkToc(text: string, top: ReadonlyMap<string, string>): boolean {
  const name = /^import\s+([A-Za-z_$][\w$]*)\s+from\s+['"]remark-toc['"]/m.exec(text)?.[1]
  if (name === undefined) return false
  const plugins = arrayItems(entries(objectLiteral(top.get('markdown')) ?? '').get('remarkPlugins')) ?? []
  return plugins.some((p) => p.trim() === name)
}

const UNDERSCORED: Unpublished = { skip: 'partial', detail: 'a file or folder starting with _ is not routed by Astro' }

const NOT_FOUND_PAGE: Unpublished = { skip: 'not-found-page', detail: 'the not-found page (404.html), which hosts serve for missing URLs; a build stage writes its theme\'s own 404 page, so its text is not imported' }

/**
 * Starlight's splash hero (front matter `hero`: `tagline`, `image.file` or `image.light`, `actions` with `text` and
 * `link`), rendered before the body as Starlight shows it above the content, so a theme that knows nothing of
 * `hero` still shows the tagline, the image and the calls to action. The value also stays in `data.hero`.
 */
export function heroPrefix(hero: Record<string, unknown>): { bodyPrefix?: string } {
  const image = isPlainObject(hero.image) ? hero.image : undefined
  const actions = (Array.isArray(hero.actions) ? hero.actions : []).filter(isPlainObject)
  const html = heroHtml({
    image: image ? firstString(image.file, image.light, image.dark) : undefined,
    alt: firstString(image?.alt),
    tagline: firstString(hero.tagline),
    actions: actions.map((a) => ({ text: firstString(a.text), link: firstString(a.link), variant: firstString(a.variant) })),
  })
  return html === undefined ? {} : { bodyPrefix: `${html}\n\n` }
}

/** An entry id without its locale segment (`fr/guides/x` → `guides/x`; the root locale's `index` → ''). */
function localeKey(id: string, locale: string | undefined): string {
  const key = locale === undefined ? id : id.slice(locale.length + 1)
  return key === 'index' ? '' : key
}

/**
 * The ids (without locale) each locale of a Starlight docs collection has a page for, by locale key (`root` for the
 * unprefixed one). Drafts count: a locale that has the page, even unpublished, gets no fallback for it.
 */
async function translatedKeys(ctx: PresetContext, docs: Collection, locales: ReadonlyMap<string, string>, hasRoot: boolean): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>([...(hasRoot ? ['root'] : []), ...locales.keys()].map((l): [string, Set<string>] => [l, new Set()]))
  for (const f of ctx.discovery.files) {
    if (!f.rel.startsWith(docs.dir + '/') || !MARKDOWN_EXTENSIONS.has(splitPath(f.rel).ext) || !docs.includes(f.rel.slice(docs.dir.length + 1))) continue
    const { dirs, base } = splitPath(f.rel.slice(docs.dir.length + 1))
    const fm = await ctx.readFrontMatter(f.rel)
    const id = entryId(dirs, base, firstString(fm?.slug))
    const first = id.split('/')[0]
    const locale = locales.has(first) ? first : undefined
    out.get(locale ?? 'root')?.add(localeKey(id, locale))
  }
  return out
}

/** The collection or `src/pages` a file belongs to, and its path inside. */
function locateAstro(rel: string, collections: Collection[]): { collection?: Collection; rel: string } | null {
  if (!MARKDOWN_EXTENSIONS.has(splitPath(rel).ext)) return null
  // Two loaders may read one folder (Fumadocs: pages and meta.json files): the one whose patterns take the file.
  let folder: { collection: Collection; rel: string } | undefined
  for (const c of collections) {
    if (c.dir !== '' && !rel.startsWith(c.dir + '/')) continue
    const inside = c.dir === '' ? rel : rel.slice(c.dir.length + 1)
    if (c.includes(inside)) return { collection: c, rel: inside }
    if (c.dir !== '') folder ??= { collection: c, rel: inside }
  }
  if (folder) return folder
  if (rel.startsWith('src/pages/')) return { rel: rel.slice('src/pages/'.length) }
  return null
}

/** An entry's id as Astro makes it: the `slug` front matter, else each path segment slugified, `/index` dropped. */
export function entryId(dirs: string[], base: string, slug: string | undefined): string {
  if (slug !== undefined && slug.trim() !== '') return trimBoth(slug.trim(), '/')
  const segments = [...dirs, base].map(githubSlug)
  if (segments.length > 1 && segments[segments.length - 1] === 'index') segments.pop()
  return segments.join('/')
}


/**
 * The collections (docs.astro.build "Content collections", "Content Loader API"), from `src/content.config.ts` read as
 * text: each `defineCollection` named in `collections`, written there or held by a variable. A `glob({ base, pattern
 * })` loader's entries are the files below `base` its patterns match (underscores included unless a pattern leaves
 * them out, as `**\/[^_]*.md` does); Starlight's `docsLoader()` is `glob({ base: 'src/content/docs', pattern:
 * '**\/[^_]*.{md,mdx,…}' })`; a collection without a loader is a legacy one, `src/content/<name>/` without files or
 * folders starting with `_`. `file()` and other loaders hold data, not pages. Folders of `src/content/` the
 * configuration does not name are legacy collections too, unless every collection it names uses a loader (Astro
 * then makes none of them). For Starlight, `docs` is served at the root.
 */
async function readCollections(ctx: PresetContext, starlight: boolean): Promise<Collection[]> {
  const out: Collection[] = []
  const file = COLLECTION_CONFIGS.find((f) => ctx.discovery.paths.has(f))
  const text = file ? stripComments((await ctx.readText(file)) ?? '') : ''
  const assigned = /\bcollections\s*=\s*\{/.exec(text)
  const close = assigned ? closing(text, assigned.index + assigned[0].length - 1) : -1
  const exported = objectsOf(text, 'collections')[0] ?? (assigned && close !== -1 ? text.slice(assigned.index + assigned[0].length, close) : '')
  const named = new Map(entries(exported))
  for (const part of exported.split(',')) {
    const name = part.trim()
    if (/^[A-Za-z_$][\w$]*$/.test(name) && !named.has(name)) named.set(name, name)
  }
  let understood = named.size > 0
  let loaders = 0
  for (const [name, raw] of named) {
    const written = /^defineCollection\s*\(/.test(raw) ? raw : /^[A-Za-z_$][\w$]*$/.test(raw) ? definitionOf(text, raw) : undefined
    const loader = written === undefined ? undefined : collectionLoader(written)
    if (loader === undefined) {
      understood = false
      continue
    }
    if (loader.kind !== 'legacy') loaders++
    const collection = loader.kind === 'glob' ? globCollection(name, loader, file ?? '') : loader.kind === 'legacy' ? legacyCollection(name) : loader.kind === 'docs' ? docsCollection(name) : undefined
    if (collection) out.push(collection)
  }
  const folders = new Set<string>()
  for (const f of ctx.discovery.files) {
    const m = /^src\/content\/([^/_.][^/]*)\//.exec(f.rel)
    if (m) folders.add(m[1])
  }
  const orphans = !(understood && loaders === named.size)
  for (const name of [...folders].sort()) {
    if (orphans && !named.has(name) && !out.some((c) => c.dir === `src/content/${name}`)) out.push(legacyCollection(name))
  }
  if (starlight) {
    const docs = out.find((c) => c.name === 'docs') ?? (out.some((c) => c.dir === 'src/content/docs') ? undefined : docsCollection('docs'))
    if (docs) {
      Object.assign(docs, { base: '', why: 'Starlight serves docs at the site root' })
      if (!out.includes(docs)) out.push(docs)
    }
  }
  return out.sort((a, b) => b.dir.length - a.dir.length)
}

/** The loader a `defineCollection({ … })` call's text names, as far as its options are literal. */
type Loader =
  | { kind: 'glob'; base?: string; patterns?: string[]; generateId: boolean }
  | { kind: 'legacy' | 'docs' | 'data' }

function collectionLoader(call: string): Loader | undefined {
  const open = call.indexOf('{')
  const close = open === -1 ? -1 : closing(call, open)
  if (close === -1) return undefined
  const options = entries(call.slice(open + 1, close))
  const loader = options.get('loader')
  if (loader === undefined) return options.get('type') !== undefined && stringLiteral(options.get('type')) === 'data' ? { kind: 'data' } : { kind: 'legacy' }
  if (/^docsLoader\s*\(/.test(loader)) return { kind: 'docs' }
  const glob = /^glob\s*\(\s*\{/.exec(loader)
  if (!glob) return { kind: 'data' }
  const end = closing(loader, glob[0].length - 1)
  const args = entries(loader.slice(glob[0].length, end === -1 ? loader.length : end))
  const raw = args.get('pattern')
  const patterns = raw === undefined ? undefined : (stringArray(raw) ?? (stringLiteral(raw) !== undefined ? [stringLiteral(raw) as string] : undefined))
  const base = stringLiteral(args.get('base'))
  return { kind: 'glob', ...(base !== undefined ? { base } : {}), ...(patterns ? { patterns } : {}), generateId: args.has('generateId') }
}

/** The `defineCollection(…)` text a variable of the configuration holds (`const blog = defineCollection({ … })`). */
function definitionOf(text: string, name: string): string | undefined {
  const m = new RegExp(`(?:const|let|var)\\s+${name.replace(/\$/g, '\\$')}\\s*=\\s*(defineCollection\\s*\\()`).exec(text)
  if (!m) return undefined
  const open = text.indexOf('{', m.index + m[0].length)
  const close = open === -1 ? -1 : closing(text, open)
  return close === -1 ? undefined : text.slice(m.index + m[0].length - m[1].length, close + 1)
}

/** Markdown below `src/content/<name>/`, files and folders starting with `_` left out. */
function legacyCollection(name: string): Collection {
  return { name, dir: `src/content/${name}`, base: name, why: 'src/content folder', includes: (rel) => !rel.split('/').some((s) => s.startsWith('_')), leftOut: UNDERSCORED }
}

/** Starlight's `docsLoader()`: `src/content/docs`, files starting with `_` left out. */
function docsCollection(name: string): Collection {
  return { name, dir: 'src/content/docs', base: name, why: 'docsLoader()', includes: (rel) => !(rel.split('/').pop() ?? '').startsWith('_'), leftOut: UNDERSCORED }
}

/**
 * A `glob()` loader's collection: the files below its base (the site root when unset: ids are then the whole path)
 * its patterns match (`!x` leaves out), and whether the site's own `generateId` names its entries.
 */
function globCollection(name: string, loader: Extract<Loader, { kind: 'glob' }>, file: string): Collection | undefined {
  const dir = trimBoth(trimTrailing((loader.base ?? '').replace(/^\.\//, ''), '/'), '/').replace(/^\.$/, '')
  const patterns = loader.patterns ?? []
  if (patterns.length === 0 || patterns.some((p) => p.startsWith('../') || p.startsWith('/')) || dir.split('/').includes('..')) return undefined
  const include = globMatcher(patterns.filter((p) => !p.startsWith('!')), { files: true })
  const exclude = globMatcher(patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1)), { files: true })
  return { name, dir, base: name, why: `${file}: glob() base`, includes: (rel) => include(rel) && !exclude(rel),
    leftOut: { skip: 'excluded', detail: `the "${name}" collection's glob() pattern (${patterns.join(', ')}) leaves it out: Astro makes no entry of it` },
    ...(loader.generateId ? { generateId: true } : {}) }
}

/** Front-matter keys that date an entry of a blog collection, whatever its schema says. */
const POST_DATE_KEYS = ['pubDate', 'date', 'publishDate', 'published']

/**
 * The field a content collection's schema declares as its publication date (`pubDatetime: z.date()`, `published:
 * z.coerce.date()`), read as text from the collection configuration and the local modules it imports its schemas
 * from (`import { blogSchema } from './_schemas'`): the date front matter Astro validates and a blog's pages show. One
 * named like a date the importer reads wins; fields of a later edit (`modDatetime`, `updatedDate`) never do.
 */
export async function schemaDateField(ctx: PresetContext): Promise<string | undefined> {
  const file = COLLECTION_CONFIGS.find((f) => ctx.discovery.paths.has(f))
  if (!file) return undefined
  const text = (await ctx.readText(file)) ?? ''
  const texts = [text]
  for (const m of text.matchAll(/^import\s[^'"\n]*from\s+['"](\.{1,2}\/[^'"\n]+)['"]/gm)) {
    const target = resolveRelative(file, m[1])
    const found = target === null ? undefined : ['', '.ts', '.mts', '.js', '.mjs'].map((ext) => target + ext).find((f) => ctx.discovery.paths.has(f))
    if (found) texts.push((await ctx.readText(found)) ?? '')
  }
  const fields = texts.flatMap((t) => [...stripComments(t).matchAll(/(?<![\w$])([A-Za-z_$][\w$]*)\s*:\s*z\s*\.\s*(?:coerce\s*\.\s*)?date\s*\(/g)].map((m) => m[1]))
  return fields.find((f) => DATE_KEYS.includes(f) || POST_DATE_KEYS.includes(f)) ?? fields.find((f) => !/^(?:mod|upd|edit|last|changed|revised)/i.test(f))
}

/** A route file of a collection: its URL base, and how it names entries when not by their id. */
interface RouteFile {
  file: string
  base: string
  collections: string[]
  /** A parameter the site's own code computes, which the importer cannot follow. */
  computed?: { expr: string; line: number }
  /** The entry's front-matter fields a local github-slugger function slugs, the first one set winning (AstroPaper). */
  slugFields?: string[]
  /** Whether it also writes the lists of posts by number (AstroPaper 2: `/posts/2`). */
  pageNumbers?: boolean
}

/**
 * The fields a route's slug function reads, when it is a local module's function that passes front-matter fields
 * to github-slugger's `slug` (AstroPaper's `slugify(post.data)`: `post.postSlug ? slugger(post.postSlug) :
 * slugger(post.title)`), in the order written; undefined for any other code. The module is found by its relative
 * path or, for an alias (`@utils/slugify`, `~/utils/slugify`), by the path below `src/` the alias names.
 */
async function sluggerFields(ctx: PresetContext, routeFile: string, routeText: string, expr: string): Promise<string[] | undefined> {
  const call = /^([A-Za-z_$][\w$]*)\(\s*[A-Za-z_$][\w$]*\.data\s*\)$/.exec(expr)
  if (!call) return undefined
  const spec = importSource(routeText, call[1])
  if (!spec) return undefined
  const file = localModule(ctx, routeFile, spec)
  if (!file) return undefined
  const text = stripComments((await ctx.readText(file)) ?? '')
  const slugger = /import\s*\{\s*slug(?:\s+as\s+([A-Za-z_$][\w$]*))?\s*\}\s*from\s*['"]github-slugger['"]/.exec(text)
  const exported = /export\s+default\s+([A-Za-z_$][\w$]*)/.exec(text)?.[1]
  if (!slugger || !exported) return undefined
  const body = new RegExp(`(?:const|let|function)\\s+${exported}\\b[^\\n]*(?:\\n[ \\t][^\\n]*)*`).exec(text)?.[0] ?? ''
  const fn = slugger[1] ?? 'slug'
  const fields = [...body.matchAll(new RegExp(`\\b${fn}\\(\\s*[A-Za-z_$][\\w$]*\\.([A-Za-z_$][\\w$]*)\\s*\\)`, 'g'))].map((m) => m[1])
  // Any other code in the function (a date, a template string) makes URLs this cannot know.
  const rest = body.replace(new RegExp(`\\b${fn}\\(\\s*[A-Za-z_$][\\w$]*\\.[A-Za-z_$][\\w$]*\\s*\\)`, 'g'), '')
  if (fields.length === 0 || /`|\+|\.(?:replace|toLowerCase|join|split|slice)\b|new\s+Date/.test(rest)) return undefined
  return [...new Set(fields)]
}

/**
 * A string a configuration value names as a property of an object the site's own module exports (AstroPaper's
 * `site: SITE.website`, with `import { SITE } from './src/config'` and `export const SITE: Site = { website: '…' }`),
 * as Astro reads it when it runs the configuration; undefined for anything else.
 */
async function importedString(ctx: PresetContext, file: string, text: string, raw: string | undefined): Promise<string | undefined> {
  const held = await importedObject(ctx, file, text, raw)
  return held === undefined ? undefined : stringLiteral(held.values.get(held.property))
}

/**
 * The object a configuration value `X.property` reads, when `X` is an object the site's own module exports (see
 * importedString), by its keys as text, with the property named; undefined for anything else.
 */
async function importedObject(ctx: PresetContext, file: string, text: string, raw: string | undefined): Promise<{ values: Map<string, string>; property: string; module: string } | undefined> {
  const m = /^([A-Za-z_$][\w$]*)\s*\.\s*([A-Za-z_$][\w$]*)$/.exec(raw?.trim() ?? '')
  if (!m) return undefined
  const imported = namedImport(text, m[1])
  const module = imported === undefined ? undefined : localModule(ctx, file, imported.spec)
  if (!imported || !module) return undefined
  const held = objectLiteral(resolvedValue(stripComments((await ctx.readText(module)) ?? ''), imported.name))
  return held === undefined ? undefined : { values: entries(held), property: m[2], module }
}

/**
 * The module a line-opening named import takes `local` from, and the name that module exports it as (`import { SITE }
 * from './src/config'`; `{ SITE as S }` for `S`). The braces are read to at most 2,000 characters, so an `import {`
 * never closed costs no more than that.
 */
function namedImport(text: string, local: string): { spec: string; name: string } | undefined {
  for (const m of text.matchAll(/^import\s*\{([^{}]{0,2000})\}\s*from\s*['"]([^'"\n]+)['"]/gm)) {
    for (const part of m[1].split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/)
      if ((alias ?? name)?.trim() === local) return { spec: m[2], name: name.trim() }
    }
  }
  return undefined
}

/**
 * The site's own module an import names, found by its relative path or, for an alias (`@/lib/source`,
 * `~/utils/slugify`), by the path below `src/` the alias names; undefined for a package or a file not there.
 */
function localModule(ctx: PresetContext, from: string, spec: string): string | undefined {
  const stem = spec.startsWith('.') ? resolveRelative(from, spec) : `src/${spec.replace(/^(?:@|~)\/?/, '')}`
  return stem === null ? undefined : ['', '.ts', '.js', '.mjs', '.mts'].map((e) => stem + e).find((f) => ctx.discovery.paths.has(f))
}

/**
 * The collections a route reads (`getCollection('blog')`): in its own text or, when it reads none there, in the
 * site's modules it imports (Fumadocs' Astro template: `source` from `@/lib/source`, which reads `docs`), one level.
 */
async function routeCollections(ctx: PresetContext, file: string, text: string): Promise<string[]> {
  const read = (t: string) => [...t.matchAll(/getCollection\s*\(\s*['"`]([^'"`]+)['"`]/g)].map((x) => x[1])
  const own = read(text)
  if (own.length > 0) return own
  const out: string[] = []
  for (const m of text.matchAll(/^[ \t]*import\s[^'"\n;]*?from\s+['"]([^'"\n]+)['"]/gm)) {
    const module = localModule(ctx, file, m[1])
    if (module) out.push(...read(stripComments((await ctx.readText(module)) ?? '')))
  }
  return [...new Set(out)]
}

/**
 * The module a line-opening import takes `name` from (`import name from '…'`, `import { default as name } from '…'`),
 * the first such import. Each is read from its line's start to its own closing brace, no further: the expression once
 * used, `^import\s+(?:name|\{[^}]*\bdefault\s+as\s+name\b[^}]*\})\s+from\s+['"]([^'"]+)['"]`, read to the end of the
 * file from every `import {` never closed (512 KB of them: 24 s). A brace inside the braces is no import.
 * @example
 * importSource("import { default as slugify } from '../utils/slugify'\n", 'slugify') // '../utils/slugify'
 */
export function importSource(text: string, name: string): string | undefined {
  const statement = /import\s+(?:([A-Za-z_$][\w$]*)|\{([^{}]*)\})\s+from\s+['"]([^'"]+)['"]/y
  const renamed = new RegExp(`\\bdefault\\s+as\\s+${name.replace(/\$/g, '\\$')}\\b`)
  for (const line of text.matchAll(/^import\s/gm)) {
    statement.lastIndex = line.index
    const m = statement.exec(text)
    if (m && (m[1] === name || (m[2] !== undefined && renamed.test(m[2])))) return m[3]
  }
  return undefined
}

/**
 * Route files with a dynamic parameter (`[...slug].astro`, `[slug].astro`, `[slug]/index.astro`) and the collections
 * each one reads. A route that paginates (`paginate(posts)`, docs.astro.build "Routing" → "Pagination") makes list
 * pages, not an entry's page, and is not one; of the rest, those that render an entry's content (`render(post)`,
 * `post.render()`, `<Content />`) come first: a tag page reads the same collection but shows no entry.
 */
async function readRouteFiles(ctx: PresetContext): Promise<RouteFile[]> {
  const out: Array<RouteFile & { renders: boolean }> = []
  for (const f of ctx.discovery.files) {
    const m = /^src\/pages\/(?:(.*)\/)?\[\.{0,3}[A-Za-z_]+\](?:\/index)?\.(?:astro|ts|js)$/.exec(f.rel)
    if (!m) continue
    if (m[1] !== undefined && /\[/.test(m[1])) continue
    const text = stripComments((await ctx.readText(f.rel)) ?? '')
    if (/\bpaginate\s*\(/.test(text)) continue
    const collections = await routeCollections(ctx, f.rel, text)
    // docs.astro.build "Content collections" → "Generating routes": `params: { slug: entry.slug }` (or `entry.id`) is
    // the entry's own id; anything else (`slugify(post.data)`) is the site's code, whose URLs cannot be known here.
    const param = /params\s*:\s*\{\s*[A-Za-z_$][\w$]*\s*:\s*([^,}\n]+)/.exec(text)
    const computed = param && !/^[A-Za-z_$][\w$]*\.(?:slug|id)$/.test(param[1].trim()) ? { expr: param[1].trim(), line: text.slice(0, param.index).split('\n').length } : undefined
    const slugFields = computed ? await sluggerFields(ctx, f.rel, text, computed.expr) : undefined
    const renders = /(?:\brender|\.render)\s*\(|<Content\b/.test(text)
    if (collections.length > 0) out.push({ file: f.rel, base: m[1] ?? '', collections, renders, ...(slugFields ? { slugFields } : computed ? { computed } : {}), ...(servesPageNumbers(text) ? { pageNumbers: true } : {}) })
  }
  return out.sort((a, b) => Number(b.renders) - Number(a.renders) || (a.file < b.file ? -1 : 1))
}

/**
 * Starlight's sidebar as the `sidebar` menu (`starlight-sidebar.ts`), in the default locale: the root locale's pages,
 * or the default locale's under its prefix. Drafts and the not-found page are not in it. A `sidebar` option written
 * as code is reported and gives no menu.
 */
async function readStarlightSidebar(ctx: PresetContext, sl: StarlightOptions, docs: Collection, slash: (url: string) => string, file: string): Promise<ConfigMenuItem[]> {
  // Written in place, or held by a variable of the configuration (`sidebar: sidebar`, `const sidebar = [ … ]`).
  const held = sl.sidebar === undefined ? undefined : resolvedValue(sl.text, sl.sidebar)
  const written = held === undefined ? undefined : literalData(held)
  if (sl.sidebar !== undefined && written === undefined) {
    ctx.diagnostics.warn(file, 0, 'unsupported_feature', "Starlight's `sidebar` is built by the site's own code, which the importer does not run: it is not imported as a menu. Write it as literal items, or add the menu to a --config site file.")
    return []
  }
  const locale = sl.hasRoot || sl.locales.size === 0 ? undefined : sl.defaultKey !== 'root' ? sl.defaultKey : [...sl.locales.keys()][0]
  const entries: StarlightEntry[] = []
  for (const f of ctx.discovery.files) {
    if (!f.rel.startsWith(docs.dir + '/') || !MARKDOWN_EXTENSIONS.has(splitPath(f.rel).ext) || !docs.includes(f.rel.slice(docs.dir.length + 1))) continue
    const { dirs, base } = splitPath(f.rel.slice(docs.dir.length + 1))
    const fm = (await ctx.readFrontMatter(f.rel)) ?? {}
    if (fm.draft === true) continue
    const id = entryId(dirs, base, firstString(fm.slug))
    const first = id.split('/')[0]
    const inLocale = sl.locales.has(first) ? first : undefined
    if (inLocale !== locale || localeKey(id, inLocale) === '404') continue
    const slug = id === 'index' ? '' : id
    const side = isPlainObject(fm.sidebar) ? fm.sidebar : {}
    entries.push({
      file: f.rel,
      path: [...dirs, base].join('/'),
      slug,
      url: slash('/' + slug),
      label: firstString(side.label, fm.title) ?? base,
      order: typeof side.order === 'number' && Number.isFinite(side.order) ? side.order : Number.MAX_VALUE,
      hidden: side.hidden === true,
    })
  }
  const expansions = new SidebarExpansions()
  const items = starlightSidebar(written?.value, entries, locale, expansions)
  if (expansions.leftOut > 0) ctx.diagnostics.warn(file, 0, 'dropped_data', sidebarsLeftOut(expansions.leftOut))
  return items
}

/** Starlight's options, as `starlightOptions` reads them. */
interface StarlightOptions {
  title?: string
  lang?: string
  locales: Map<string, string>
  hasRoot: boolean
  defaultKey: string
  /** The `sidebar` option's text, when written (`{ sidebar }` as `sidebar`), and the configuration's text it may name a variable of. */
  sidebar?: string
  text: string
}

/** Starlight's `title`, `locales` (key → lang), whether a `root` locale exists and `sidebar`, from `starlight({ … })`. */
function starlightOptions(text: string): StarlightOptions {
  const at = text.search(/starlight\s*\(\s*\{/)
  const opts = at === -1 ? new Map<string, string>() : entries(objectsOf(text.slice(at).replace(/^starlight\s*\(\s*\{/, 'starlightOptions: {'), 'starlightOptions')[0] ?? '')
  const titleRaw = opts.get('title')
  const title = stringLiteral(titleRaw) ?? (titleRaw ? stringLiteral(entries(objectLiteral(titleRaw) ?? '').values().next().value) : undefined)
  const locales = new Map<string, string>()
  let hasRoot = false
  for (const [key, raw] of entries(objectLiteral(opts.get('locales')) ?? '')) {
    const lang = stringLiteral(entries(objectLiteral(raw) ?? '').get('lang')) ?? key
    if (key === 'root') hasRoot = true
    else locales.set(key, lang)
  }
  const defaultLocale = stringLiteral(opts.get('defaultLocale'))
  const rootLang = hasRoot ? stringLiteral(entries(objectLiteral(entries(objectLiteral(opts.get('locales')) ?? '').get('root')) ?? '').get('lang')) : undefined
  const lang = canonicalLocale(rootLang ?? (defaultLocale && defaultLocale !== 'root' ? (locales.get(defaultLocale) ?? defaultLocale) : 'en') ?? 'en')
  // The locale fallback content comes from: `defaultLocale`, else the root locale.
  const defaultKey = defaultLocale && defaultLocale !== 'root' && locales.has(defaultLocale) ? defaultLocale : 'root'
  const sidebar = opts.get('sidebar') ?? (/[{,]\s*sidebar\s*[,}]/.test(text.slice(at === -1 ? 0 : at)) ? 'sidebar' : undefined)
  return {
    text, ...(title ? { title } : {}), ...(lang ? { lang } : {}), locales, hasRoot, defaultKey, ...(sidebar !== undefined ? { sidebar } : {}) }
}

