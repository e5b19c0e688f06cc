import { slugFor } from '../_core.js'
import { dateFromName } from '../dates.js'
import type { DiscoveredFile, Discovery } from '../discover.js'
import { resolveRelative } from '../discover.js'
import { canonicalLocale, readAuthorRegistry } from './_config.js'
import { entries, objectsAfter, stringLiteral, stripComments } from './_jstext.js'
import { hasNextraMeta, nextraMenus } from './_nextra-meta.js'
import { LIKELY_NOT_MILLISECONDS, nextraBlogNav, numericDate, usesNextraBlogTheme } from './_nextra-blog.js'
import { FALLBACK_LIMIT, fallbackUrls, NEXT_CONFIGS, splitLocale, suffixLocales } from './_next-i18n.js'
import type { FallbackBudget, SuffixLocales } from './_next-i18n.js'
import type { Convention, Placement, Preset, PresetContext, SiteConfig, SourceFile, Unpublished } from './types.js'
import type { TemplateDialect } from '../templates/types.js'
import { emptyConfig, MARKDOWN_EXTENSIONS, splitPath } from './types.js'

/** Folder names whose dated documents are blog posts. */
const BLOG_FOLDERS = new Set(['blog', 'blogs', 'posts', 'post', 'news', 'articles'])
/** A locale folder name as Next.js sites write them (`en`, `zh-cn`, `pt-BR`). */
const LOCALE_DIR = /^[a-z]{2,3}(?:[-_][A-Za-z]{2,4})?$/
/** nodejs.org's author separators (apps/site/util/authorUtils: `, `, ` and `, `;`, ` & `, ` prepared by `, ` by `). */
const NODEJS_AUTHOR_SEPARATOR = /, | and |;| & | prepared by | by /i

/** One folder of Markdown and the URL path Next.js serves it under. */
interface Root {
  dir: string
  /** URL path the folder's documents are served under ('' for the site root, `/docs` for Fumadocs). */
  base: string
  /** Whether the first folder below is a locale (`pages/en/…` → `/en/…`). */
  localeDirs: boolean
  /** Route groups `(name)` add no URL segment (App Router, Fumadocs). */
  groups: boolean
  /** App Router: only `page.md(x)` files are routes, served at their folder. */
  appRouter?: boolean
  /** A folder a dynamic route serves under a blog path (`/posts/[slug]`): its dated documents are posts. */
  posts?: boolean
  why: string
}

/**
 * Next.js sites whose Markdown is routed by file path (documented rules: Next.js "Pages and Layouts" and
 * "Dynamic Routes", `@next/mdx`; nodejs.org's `[locale]/[...path]` route; Nextra's `pages/`/`content/` with
 * `_meta` files; Fumadocs' `content/docs` loader with `baseUrl: '/docs'`): a file's URL is its path without the
 * extension, `index` standing for its folder, no trailing slash, case kept. `pages/<locale>/…` is served under
 * `/<locale>/…`; the default locale's `index` is the home page. Dated documents of a blog folder are posts; the
 * blog folder's own index is the post index. Authors come from an `authors.json` registry keyed by display name;
 * nodejs.org splits an author string on `, `, ` and `, ` & `.
 */
export const nextjsPreset: Preset = {
  name: 'nextjs',
  detect(discovery) {
    const has = (p: string) => discovery.paths.has(p)
    const deps = discovery.dependencies ?? new Set<string>()
    const config = NEXT_CONFIGS.find(has)
    const flavour = ['fumadocs-core', 'fumadocs-mdx', 'nextra', 'contentlayer', 'contentlayer2', '@next/mdx'].find((d) => deps.has(d))
    const routed = roots(discovery).length > 0 || routedCandidates(discovery).length > 0
    if (config && routed) return { strength: 70, reason: `found ${config}${flavour ? ` and ${flavour} in package.json` : ''}` }
    if (deps.has('next') && routed) return { strength: 65, reason: `found next${flavour ? ` and ${flavour}` : ''} in package.json` }
    // Fumadocs runs on React Router, TanStack Start, Waku… as on Next.js (fumadocs.dev "Manual Installation"): its
    // loader serves content/docs at /docs the same way whatever the framework.
    const fumadocs = ['fumadocs-core', 'fumadocs-mdx'].find((d) => deps.has(d))
    if (fumadocs && roots(discovery).some((r) => r.dir === 'content/docs')) return { strength: 50, reason: `found ${fumadocs} in package.json (Fumadocs serves content/docs at /docs on any framework)` }
    const locale = localePagesRoot(discovery)
    if (locale) return { strength: 35, reason: `found Markdown pages under ${locale}/<locale>/ (a Next.js pages folder by locale)` }
    if (discovery.files.some((f) => /(?:^|\/)_meta\.(?:json|js|ts|tsx)$/.test(f.rel))) return { strength: 35, reason: 'found _meta files (Nextra)' }
    return null
  },
  async configure(ctx: PresetContext): Promise<Convention> {
    const config = emptyConfig()
    const found = roots(ctx.discovery)
    // Content folders a dynamic route's code reads (`app/posts/[slug]/page.tsx` reading `_posts/`): served at the
    // route's path, longest folder first like the others.
    const lists = await contentlayerLists(ctx)
    for (const r of await routedFolders(ctx, lists)) {
      if (found.some((f) => f.dir === r.dir)) continue
      found.push({ dir: r.dir, base: r.base, localeDirs: false, groups: false, posts: BLOG_FOLDERS.has(r.base.split('/').pop()?.toLowerCase() ?? ''), why: `${r.dir}/ (read by ${r.route})` })
    }
    found.sort((a, b) => b.dir.length - a.dir.length)
    const registry = ['authors.json', 'authors.yml', 'authors.yaml', 'data/authors.json', 'data/authors.yml'].find((f) => ctx.discovery.paths.has(f))
    if (registry) {
      const data = await ctx.readData(registry)
      config.configFiles.add(registry)
      config.authorsFile = registry
      if (data) for (const [k, v] of readAuthorRegistry(data)) config.authors.set(k, v)
    } else {
      // A Contentlayer `authors` type no route renders (tailwind-nextjs-starter-blog's data/authors/default.mdx):
      // each file is an author, keyed by its path below the folder as posts' `authors: ['default']` name it.
      const folder = [...lists.values()].find((dir) => /(?:^|\/)authors?$/.test(dir) && !found.some((r) => r.dir === dir))
      const files = folder === undefined ? [] : ctx.discovery.files.filter((f) => f.rel.startsWith(folder + '/') && MARKDOWN_EXTENSIONS.has(splitPath(f.rel).ext))
      const data: Record<string, unknown> = {}
      for (const f of files) data[f.rel.slice(folder!.length + 1).replace(/\.[^./]+$/, '')] = (await ctx.readFrontMatter(f.rel)) ?? {}
      if (folder !== undefined && files.length > 0) {
        config.authorsFile = folder
        for (const [k, v] of readAuthorRegistry(data)) config.authors.set(k, v)
      }
    }
    for (const f of ctx.discovery.files) if (/(?:^|\/)(?:_meta\.(?:json|m?[jt]sx?)|meta\.json)$/.test(f.rel)) config.configFiles.add(f.rel)
    config.staticDirs = ['public']
    config.excerptMarkers = ['<!--more-->', '{/* more */}', '<!-- truncate -->']

    // Nextra 1 and 2's pages named with their locale (`index.en-US.mdx`), served by Next.js's i18n routing.
    const nextraSite = await usesNextra(ctx)
    const i18n = nextraSite ? await suffixLocales(ctx, found.filter((r) => !r.appRouter && !r.localeDirs).map((r) => r.dir)) : undefined
    const budget = fallbackBudget(ctx, NEXT_CONFIGS.find((f) => ctx.discovery.paths.has(f)) ?? '')
    const locales = new Set<string>()
    for (const r of found) if (r.localeDirs) for (const f of ctx.discovery.files) if (f.rel.startsWith(r.dir + '/')) {
      const first = f.rel.slice(r.dir.length + 1).split('/')[0]
      if (LOCALE_DIR.test(first) && f.rel.split('/').length > r.dir.split('/').length + 1) locales.add(first)
    }
    const defaultLocale = (locales.has('en') ? 'en' : [...locales].sort()[0]) ?? i18n?.defaultLocale
    const multilingual = locales.size > 1 || (i18n?.locales.length ?? 0) > 1
    const tag = defaultLocale ? canonicalLocale(defaultLocale) : undefined
    if (tag) config.site.locale = tag
    // A locale-folder site answers `/x` as `/<default>/x` (nodejs.org's middleware adds the default locale).
    if (defaultLocale && found.some((r) => r.localeDirs)) config.localePrefix = `/${defaultLocale}`

    const locate = (rel: string): { root: Root; dirs: string[]; base: string; locale?: string; suffixed?: boolean } | null => {
      const { ext } = splitPath(rel)
      if (!MARKDOWN_EXTENSIONS.has(ext)) return null
      const root = found.find((r) => rel.startsWith(r.dir + '/'))
      if (!root) return null
      const { dirs, base } = splitPath(rel.slice(root.dir.length + 1))
      if (root.appRouter && base !== 'page') return null
      if (root.localeDirs) {
        if (dirs.length === 0 || !LOCALE_DIR.test(dirs[0])) return null
        return { root, dirs: dirs.slice(1), base, locale: dirs[0] }
      }
      if (i18n && !root.appRouter) {
        const split = splitLocale(base, i18n.locales)
        return { root, dirs, base: split.base, locale: split.locale ?? i18n.defaultLocale, suffixed: true }
      }
      return { root, dirs, base }
    }
    const urlOf = (at: { root: Root; dirs: string[]; base: string; locale?: string; suffixed?: boolean }) => {
      const dirs = at.root.groups ? at.dirs.filter((d) => !/^\(.*\)$/.test(d)) : at.dirs
      const own = at.root.appRouter || at.base === 'index' ? dirs : [...dirs, at.base]
      // Next.js serves its default locale without a prefix; locale folders (nodejs.org's `pages/en/`) keep theirs.
      const prefix = at.suffixed && at.locale === i18n?.defaultLocale ? '' : (at.locale ?? '')
      return '/' + [at.root.base, prefix, ...own].flatMap((s) => s.split('/')).filter((s) => s !== '').map(encodeURIComponent).join('/')
    }
    // Nextra's navigation from its pages folder's `_meta` files (Fumadocs' `meta.json` files are another format).
    const deps = ctx.discovery.dependencies ?? new Set<string>()
    const nextra = deps.has('nextra') || deps.has('nextra-theme-docs') || ctx.discovery.files.some((f) => /^theme\.config\.[jt]sx?$/.test(f.rel) || /(?:^|\/)_meta\.[jt]sx?$|(?:^|\/)_meta\.json$/.test(f.rel))
    const pagesRoot = nextra && !deps.has('fumadocs-core') && !deps.has('fumadocs-mdx') ? found.find((r) => !r.appRouter && !r.posts) : undefined
    if (pagesRoot) {
      const dir = pagesRoot.localeDirs && defaultLocale ? `${pagesRoot.dir}/${defaultLocale}` : pagesRoot.dir
      const locale = i18n ? { locale: i18n.defaultLocale, locales: i18n.locales, defaultLocale: i18n.defaultLocale } : undefined
      if (hasNextraMeta(ctx, dir, locale)) {
        await nextraMenus(ctx, dir, config, locale)
        if (i18n) await localeMenus(ctx, dir, config, i18n)
      }
    }
    const postsRoot = found.find((r) => r.posts)
    if (postsRoot) config.postIndexPath = postsRoot.base + '/'
    // The post index: the first blog folder's own URL (`/en/blog`), where its list page was.
    const blogDoc = postsRoot ? undefined : ctx.discovery.files.map((f) => ({ f, at: locate(f.rel) })).find(({ at }) => at !== null && at.dirs.some((d) => BLOG_FOLDERS.has(d.toLowerCase())) && (at.locale === undefined || at.locale === defaultLocale))
    if (blogDoc?.at) {
      const i = blogDoc.at.dirs.findIndex((d) => BLOG_FOLDERS.has(d.toLowerCase()))
      config.postIndexPath = urlOf({ ...blogDoc.at, dirs: blogDoc.at.dirs.slice(0, i + 1), base: 'index' }) + '/'
      // A blog whose posts sit in category folders lists each category at the folder's URL (nodejs.org's
      // /en/blog/release): category archives keep those URLs, unless a post's name is also a category's.
      const names = new Set<string>()
      const categories = new Set<string>()
      for (const f of ctx.discovery.files) {
        const at = locate(f.rel)
        if (!at || at.locale !== blogDoc.at.locale || at.dirs.length < i + 2 || at.dirs[i].toLowerCase() !== blogDoc.at.dirs[i].toLowerCase()) continue
        categories.add(slugFor(at.dirs[i + 1]))
        names.add(slugFor(dateFromName(at.base)?.rest || at.base))
      }
      if (categories.size > 0 && ![...categories].some((c) => names.has(c)) && /^[^:]*$/.test(config.postIndexPath)) config.permalinks = { categories: `${config.postIndexPath}:slug/` }
    }

    const blogTheme = pagesRoot !== undefined && (await usesNextraBlogTheme(ctx))
    if (pagesRoot && !config.menus.primary && blogTheme) {
      // The blog's list page (`posts/index.md`, `type: posts`) is replaced by the post index: its item leads there.
      const pages = ctx.discovery.files.flatMap((f) => {
        const at = locate(f.rel)
        const url = at && at.root === pagesRoot && (at.locale === undefined || at.locale === defaultLocale) ? urlOf(at) || '/' : undefined
        return url === undefined ? [] : [{ rel: f.rel, url: url + '/' === config.postIndexPath ? config.postIndexPath : url, name: at?.base ?? '' }]
      })
      const nav = await nextraBlogNav(ctx, pages)
      if (nav.length > 0) config.menus.primary = { name: 'Navigation', items: nav }
    }

    return {
      config,
      templates: ['mdx', ...frameworkDialects(ctx, nextraSite)],
      ...(registry && found.some((r) => r.localeDirs) ? { authorSeparator: NODEJS_AUTHOR_SEPARATOR } : {}),
      isDocument: (file: DiscoveredFile) => locate(file.rel) !== null,
      place(source: SourceFile): Placement | Unpublished {
        const at = locate(source.file.rel) as NonNullable<ReturnType<typeof locate>>
        if (at.base.startsWith('_') || at.dirs.some((d) => d.startsWith('_'))) return { skip: 'partial', detail: 'a file or folder starting with _ is not a route in Next.js' }
        // nextjs.org "Dynamic Routes": `[tag].mdx`, `[...slug]/index.mdx` render once per value the page's code lists
        // (getStaticPaths, generateStaticParams); such a file is a template of the site's app, not a document at a URL.
        if ([at.base, ...at.dirs].some((s) => /^\[.+\]$/.test(s))) return { skip: 'dynamic-route', detail: 'a dynamic route ([param]) is rendered by the site\'s own code once per value it lists, not a document at one URL' }
        const url = urlOf(at)
        const isIndex = at.base === 'index' || at.root.appRouter === true
        const name = isIndex ? (at.dirs[at.dirs.length - 1] ?? '') : at.base
        const dated = dateFromName(name)
        const blogAt = at.dirs.findIndex((d) => BLOG_FOLDERS.has(d.toLowerCase()))
        const data = blogTheme && typeof source.fm.data.date === 'number' ? blogDate(source, ctx.diagnostics) : undefined
        const fm = data ?? source.fm.data
        const hasDate = dated !== null || ['date', 'pubDate', 'publishDate', 'published_at'].some((k) => fm[k] !== undefined && fm[k] !== null && fm[k] !== '')
        const isPost = ((blogAt !== -1 && !(isIndex && at.dirs.length === blogAt + 1)) || at.root.posts === true) && hasDate
        const isHome = at.root.base === '' && at.dirs.length === 0 && isIndex && (at.locale === undefined || at.locale === defaultLocale)
        const categories = isPost ? at.dirs.slice(blogAt + 1, isIndex ? -1 : undefined) : []
        return {
          kind: isPost ? 'post' : 'page',
          name: dated?.rest || name,
          url: url === '' ? '/' : url,
          ...(dated ? { nameDate: dated.date } : {}),
          ...(isIndex ? { isIndex: true } : {}),
          ...(isHome ? { isHome: true } : {}),
          ...(categories.length > 0 ? { folderCategories: categories } : {}),
          ...(multilingual && at.locale ? { language: canonicalLocale(at.locale) ?? at.locale } : {}),
          ...(i18n && at.suffixed && at.locale === i18n.defaultLocale ? fallbacks(i18n, [...at.dirs, at.base].join('/'), url === '' ? '/' : url, budget) : {}),
          ...(data ? { data } : {}),
        }
      },
      assetUrl(rel) {
        return rel.startsWith('public/') ? rel.slice('public'.length) : undefined
      },
    }
  },
}

/**
 * The navigation of each other locale that has pages of its own (the first 100), as Nextra shows it there: its menus
 * with the locale as a suffix (`sidebar-zh-cn`, named "Sidebar (zh-CN)"), its pages and `_meta` files, the default
 * locale's where it lacks them.
 */
async function localeMenus(ctx: PresetContext, dir: string, config: SiteConfig, i18n: SuffixLocales): Promise<void> {
  for (const l of i18n.locales.filter((x) => x !== i18n.defaultLocale && (i18n.pages.get(x)?.size ?? 0) > 0).slice(0, 100)) {
    const own = emptyConfig()
    await nextraMenus(ctx, dir, own, { locale: l, locales: i18n.locales, defaultLocale: i18n.defaultLocale })
    const suffix = l.toLowerCase().replace(/[^a-z0-9]+/g, '-')
    for (const [id, menu] of Object.entries(own.menus)) {
      const key = `${id}-${suffix}`.slice(0, 64)
      if (/^[a-z][a-z0-9_-]*$/.test(key) && !(key in config.menus)) config.menus[key] = { name: `${menu.name} (${l})`, items: menu.items }
    }
  }
}

/** A default-locale page's URLs in the locales that lack it, which serve it in its text: redirected to it. */
function fallbacks(i18n: SuffixLocales, key: string, url: string, budget: FallbackBudget): { aliases?: string[] } {
  const aliases = fallbackUrls(i18n, key, url, budget)
  return aliases.length > 0 ? { aliases } : {}
}

/** The fallback redirects' budget of a site: FALLBACK_LIMIT, with a warning on `file` the first time it runs out. */
function fallbackBudget(ctx: PresetContext, file: string): FallbackBudget {
  let warned = false
  const budget: FallbackBudget = {
    left: FALLBACK_LIMIT,
    spent: () => {
      if (warned) return
      warned = true
      ctx.diagnostics.warn(file, 0, 'unsupported_feature', `The locales of next.config's i18n serve more than ${FALLBACK_LIMIT} pages in the default locale's text for want of their own; only the first ${FALLBACK_LIMIT} of those URLs redirect to the default locale's pages. Redirect the others by hand (a rule such as /<locale>/* → /* on the host).`)
    },
  }
  return budget
}

/**
 * Whether the site uses Nextra, whose loader reads a page's locale from its file name (`index.en-US.mdx`): its
 * dependency (or its docs or blog theme's), a `theme.config.*`, or next.config naming it; plain Next.js serves such a
 * file at `/index.en-US`.
 */
async function usesNextra(ctx: PresetContext): Promise<boolean> {
  const deps = ctx.discovery.dependencies ?? new Set<string>()
  if (NEXTRA_PACKAGES.some((d) => deps.has(d))) return true
  if (ctx.discovery.files.some((f) => /^theme\.config\.[jt]sx?$/.test(f.rel))) return true
  for (const f of NEXT_CONFIGS) if (ctx.discovery.paths.has(f) && /['"]nextra['"]/.test((await ctx.readText(f)) ?? '')) return true
  return false
}

/** The pages folder whose first level is locale folders with Markdown in them (`pages/en/…`), if any. */
function localePagesRoot(discovery: Discovery): string | undefined {
  for (const dir of ['pages', 'src/pages']) {
    const below = discovery.files.filter((f) => f.rel.startsWith(dir + '/') && MARKDOWN_EXTENSIONS.has(splitPath(f.rel).ext))
    if (below.length === 0) continue
    const firsts = below.map((f) => f.rel.slice(dir.length + 1).split('/'))
    if (firsts.every((p) => p.length > 1 && LOCALE_DIR.test(p[0]))) return dir
  }
  return undefined
}

/** The folders of routed Markdown a Next.js site has, by evidence: pages/, app/ page.mdx, content/docs, content/. */
function roots(discovery: Discovery): Root[] {
  const deps = discovery.dependencies ?? new Set<string>()
  const hasMd = (dir: string) => discovery.files.some((f) => f.rel.startsWith(dir + '/') && MARKDOWN_EXTENSIONS.has(splitPath(f.rel).ext))
  const out: Root[] = []
  const localeRoot = localePagesRoot(discovery)
  for (const dir of ['pages', 'src/pages']) {
    if (hasMd(dir)) out.push({ dir, base: '', localeDirs: dir === localeRoot, groups: false, why: `${dir}/ (file-system routes)` })
  }
  for (const dir of ['app', 'src/app']) {
    if (discovery.files.some((f) => f.rel.startsWith(dir + '/') && /(?:^|\/)page\.mdx?$/.test(f.rel))) out.push({ dir, base: '', localeDirs: false, groups: true, appRouter: true, why: `${dir}/**/page.mdx (App Router)` })
  }
  const fumadocs = deps.has('fumadocs-core') || deps.has('fumadocs-mdx') || discovery.paths.has('source.config.ts') || discovery.paths.has('content/docs/meta.json')
  if (hasMd('content/docs') && (fumadocs || !deps.has('nextra'))) out.push({ dir: 'content/docs', base: '/docs', localeDirs: false, groups: true, why: 'content/docs (Fumadocs, served at /docs)' })
  if (hasMd('src/content')) out.push({ dir: 'src/content', base: '', localeDirs: false, groups: false, why: 'src/content (collections served under their names)' })
  if (hasMd('content') && !out.some((r) => r.dir === 'content/docs' && fumadocs && !discovery.files.some((f) => f.rel.startsWith('content/') && !f.rel.startsWith('content/docs/') && MARKDOWN_EXTENSIONS.has(splitPath(f.rel).ext)))) {
    // Nextra 3+ serves `content/` at the root; a Contentlayer-style `content/<collection>/` serves each collection
    // under its own name, which is the same path.
    out.push({ dir: 'content', base: '', localeDirs: false, groups: false, why: 'content/ (Nextra content folder or collections)' })
  }
  // The longest folder first, so `content/docs` wins over `content`.
  return out.sort((a, b) => b.dir.length - a.dir.length)
}

/** Route parameters that name a list page of many documents (`/tags/[tag]`, `/blog/page/[page]`), not one document. */
const LIST_PARAMS = new Set(['tag', 'tags', 'category', 'categories', 'page', 'author', 'year', 'month'])

/**
 * A dynamic route file (`app/posts/[slug]/page.tsx`, `pages/blog/[...slug].js`): its file and the URL path before
 * the parameter; routes whose parameter names one document come first, those of list pages (`[tag]`, `[page]`) last.
 */
function dynamicRoutes(discovery: Discovery): Array<{ file: string; base: string }> {
  const out: Array<{ file: string; base: string; list: boolean }> = []
  for (const f of discovery.files) {
    const m = /^(?:src\/)?(app|pages)\/((?:[^/[\]]+\/)*)\[{1,2}(?:\.\.\.)?([\w-]+)\]{1,2}(\/page|\/index)?\.(?:tsx|ts|jsx|js)$/.exec(f.rel)
    if (!m || (m[1] === 'app' ? m[4] !== '/page' : m[4] === '/page')) continue
    const base = m[2].split('/').filter((s) => s !== '' && !/^\(.*\)$/.test(s))
    out.push({ file: f.rel, base: '/' + base.join('/'), list: LIST_PARAMS.has(m[3].toLowerCase()) })
  }
  return out.sort((a, b) => Number(a.list) - Number(b.list) || (a.file < b.file ? -1 : 1)).map(({ file, base }) => ({ file, base }))
}

const CONTENTLAYER_CONFIGS = ['contentlayer.config.ts', 'contentlayer.config.js', 'contentlayer.config.mjs', 'contentlayer.config.mts']

/**
 * Contentlayer's document types (contentlayer.dev "Defining document types", read as text, never run): the folder
 * of each, `contentDirPath` joined to its `filePathPattern` up to the first wildcard, by the name of the list its
 * generated module exports (`allBlogs` for `name: 'Blog'`, pluralized as Contentlayer does for the usual names).
 */
async function contentlayerLists(ctx: PresetContext): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  const file = CONTENTLAYER_CONFIGS.find((f) => ctx.discovery.paths.has(f))
  if (!file) return out
  const text = stripComments((await ctx.readText(file)) ?? '')
  const root = /\bcontentDirPath\s*:\s*['"`]\.?\/?([^'"`]*)['"`]/.exec(text)?.[1] ?? ''
  for (const obj of objectsAfter(text, 'defineDocumentType(')) {
    const fields = entries(obj)
    const name = stringLiteral(fields.get('name'))
    const pattern = stringLiteral(fields.get('filePathPattern'))
    if (!name || pattern === undefined) continue
    const fixed = pattern.split('/').filter((seg) => seg !== '')
    const dir = [root, ...fixed.slice(0, Math.max(0, fixed.findIndex((seg) => /[*?{[]/.test(seg))))].flatMap((seg) => seg.split('/')).filter((seg) => seg !== '' && seg !== '.').join('/')
    out.set(`all${/s$/.test(name) ? name : /[^aeiou]y$/.test(name) ? name.slice(0, -1) + 'ies' : name + 's'}`, dir)
  }
  return out
}

/** Folders of Markdown such routes usually read, for detection before any file is read. */
const ROUTED_DIRS = ['_posts', 'posts', 'content', 'data', 'blog', 'src/posts', 'src/content', 'src/data']

function routedCandidates(discovery: Discovery): string[] {
  if (dynamicRoutes(discovery).length === 0) return []
  return ROUTED_DIRS.filter((d) => discovery.files.some((f) => f.rel.startsWith(d + '/') && MARKDOWN_EXTENSIONS.has(splitPath(f.rel).ext)))
}

/**
 * The Markdown folder each dynamic route reads (the Next.js blog starter's `app/posts/[slug]/page.tsx` with
 * `lib/api.ts` reading `join(process.cwd(), "_posts")`; the learn tutorial's `pages/posts/[id].js` reading
 * `posts/`): named in the route file or a local module it imports (relative, or `@/`/`~/` from the project or
 * `src/`), as `join(process.cwd(), 'a', 'b')`, a Contentlayer list (`allBlogs`: the `Blog` type's folder) or a string
 * naming a folder that holds Markdown; the first found wins. Read as text, never run.
 */
async function routedFolders(ctx: PresetContext, lists: Map<string, string>): Promise<Array<{ dir: string; base: string; route: string }>> {
  const hasMd = (dir: string) => dir !== '' && ctx.discovery.files.some((f) => f.rel.startsWith(dir + '/') && MARKDOWN_EXTENSIONS.has(splitPath(f.rel).ext))
  const out: Array<{ dir: string; base: string; route: string }> = []
  for (const route of dynamicRoutes(ctx.discovery)) {
    const texts = [(await ctx.readText(route.file)) ?? '']
    for (const m of texts[0].matchAll(/^import\s[^'"\n]*from\s+['"]((?:\.{1,2}|@|~)\/[^'"\n]+)['"]/gm)) {
      const spec = m[1]
      const stems = spec.startsWith('.') ? [resolveRelative(route.file, spec)] : [spec.slice(2), `src/${spec.slice(2)}`]
      const found = stems.flatMap((st) => (st === null ? [] : ['', '.ts', '.tsx', '.js', '.jsx', '.mjs', '/index.ts', '/index.js'].map((e) => st + e))).find((f) => ctx.discovery.paths.has(f))
      if (found) texts.push((await ctx.readText(found)) ?? '')
    }
    let dir: string | undefined
    for (const text of texts) {
      const joined = [...text.matchAll(/\b(?:join|resolve)\(\s*process\.cwd\(\)\s*,((?:\s*['"][^'"\n]+['"]\s*,?)+)\)/g)].map((m) => [...m[1].matchAll(/['"]([^'"\n]+)['"]/g)].map((x) => x[1]).join('/'))
      const literals = [...text.matchAll(/['"`]\.?\/?([\w][\w./-]*?)\/?['"`]/g)].map((m) => m[1])
      // A Contentlayer list the route renders (`allBlogs` from 'contentlayer/generated'): its document type's folder.
      const generated = lists.size > 0 ? [...text.matchAll(/\ball[A-Z]\w*/g)].map((m) => lists.get(m[0])).filter((d): d is string => d !== undefined) : []
      dir = [...generated, ...joined, ...literals].map((d) => resolveRelative('', d) ?? '').find(hasMd)
      if (dir) break
    }
    if (dir && !out.some((o) => o.dir === dir)) out.push({ dir, base: route.base === '/' ? '' : route.base, route: route.file })
  }
  return out
}

/** Nextra and its themes: a site that depends on one of them renders its pages with Nextra. */
const NEXTRA_PACKAGES = ['nextra', 'nextra-theme-docs', 'nextra-theme-blog']

/**
 * The documentation framework whose MDX components the pages use: Fumadocs by the site's dependencies (`fumadocs-ui`,
 * `fumadocs-core`, `fumadocs-mdx`), else Nextra as `usesNextra` finds it (create-nextra-app's templates ship no
 * package.json: their next.config's `require('nextra')` says it). A site with neither has its own `<Callout>`, if any.
 */
function frameworkDialects(ctx: PresetContext, nextraSite: boolean): TemplateDialect[] {
  const deps = ctx.discovery.dependencies ?? new Set<string>()
  if (['fumadocs-ui', 'fumadocs-core', 'fumadocs-mdx'].some((d) => deps.has(d))) return ['fumadocs']
  return nextraSite ? ['nextra'] : []
}

/**
 * A nextra-theme-blog page's values with a numeric `date` as the theme reads it (`numericDate`: milliseconds since
 * 1970; 0 none), said when the number reads as a year or seconds (`date: 2021`: the theme showed Jan 01 1970).
 */
function blogDate(source: SourceFile, diagnostics: PresetContext['diagnostics']): Record<string, unknown> {
  const value = source.fm.data.date as number
  const iso = numericDate(value)
  if (iso === undefined && value !== 0) diagnostics.warn(source.file.rel, source.fm.lineOf('date'), 'invalid_date', `"date: ${value}" is a number past the range of dates (new Date(${value}) is Invalid Date, which nextra-theme-blog cannot print): the document has no date. Write it as YYYY-MM-DD.`)
  if (iso !== undefined && Math.abs(value) < LIKELY_NOT_MILLISECONDS) diagnostics.warn(source.file.rel, source.fm.lineOf('date'), 'invalid_date', `"date: ${value}" is a number, which nextra-theme-blog reads as milliseconds since 1970 (new Date(${value}) is ${iso}) and showed as that day; it is imported as that instant. Write the date as YYYY-MM-DD (2021 → 2021-01-01) if that is not what was meant.`)
  return { ...source.fm.data, date: iso }
}
