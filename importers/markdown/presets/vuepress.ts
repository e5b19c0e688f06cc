import type { DiscoveredFile, Discovery } from '../discover.js'
import { resolveRelative } from '../discover.js'
import { closing, entries, entriesWithSpreads, objectLiteral, objectsOf, resolvedValue, stringArray, stringLiteral, stripComments } from './_jstext.js'
import { navbarItems, sidebarMenuId, titlePages } from './_navbar.js'
import { readRewrites } from './_rewrites.js'
import type { Rewrites } from './_rewrites.js'
import { canonicalLocale, firstString, httpOrigin } from './_config.js'
import { escapeHtmlAndBraces } from '../templates/_html.js'
import { featureList, heroHtml } from './_hero.js'
import { PLUME_INLINE, plumeBlog, plumeConfigFile, plumeHomeSections, plumeLockedBy, plumePost, readPlumeCollections, readPlumeEncrypt, usesPlume, withoutCollections } from './_plume.js'
import type { PlumeCollection } from './_plume.js'
import { isBlogArticle } from './plain.js'
import { isPlainObject } from '../front-matter.js'
import { globMatcher } from './_glob.js'
import type { ConfigMenuItem, Convention, Placement, Preset, PresetContext, PresetName, SiteConfig, SourceFile, Unpublished } from './types.js'
import { emptyConfig, splitPath } from './types.js'
import { trimBoth, trimTrailing } from '../../../src/trim.js'

/** What tells VuePress and VitePress apart: the hidden folder beside the pages, and its configuration files. */
const FLAVOURS = {
  vuepress: { dir: '.vuepress', packages: ['vuepress', 'vuepress-theme-hope', '@vuepress/core'] },
  vitepress: { dir: '.vitepress', packages: ['vitepress'] },
} as const
const CONFIG_NAMES = ['config.ts', 'config.mts', 'config.js', 'config.mjs', 'config.cjs']
/** Where the pages are when package.json names the generator but no configuration file is found. */
const USUAL_SOURCES = ['docs', 'src', '']

type Flavour = keyof typeof FLAVOURS

/** How many modules deep the configuration's local imports are followed. */
const IMPORT_DEPTH = 3

/**
 * VuePress (1 and 2, vuepress-theme-hope included) and VitePress, configuration read as text (never run); their
 * documented routing (vuepress.vuejs.org "Page", vitepress.dev "Routing"): every Markdown file under the source
 * folder (the folder holding `.vuepress/`, or VitePress's `srcDir`) is a page at its path with `.html`
 * (`guide/page.md` → `/guide/page.html`); `index.md` stands for its folder, and so does `README.md` in VuePress
 * (not in VitePress, where it is `/README.html`); VitePress's `cleanUrls: true` drops the `.html`; VuePress's
 * front-matter `permalink` overrides the path. `locales` (`'/zh/': { lang }` in VuePress, `zh: { lang }` in
 * VitePress, `root` unprefixed) give each folder its language. Public files (`.vuepress/public/`, VitePress's
 * `<srcDir>/public/`) are served at the site root. A dated article in a blog/posts folder, or with a dated name,
 * is a post, as in a plain folder; everything else is a page. Bodies use markdown-it containers (`::: tip Title`),
 * Vue components and `{{ }}` interpolation (the `vue` template dialect).
 */
export const vuepressPreset: Preset = vuePreset('vuepress')
export const vitepressPreset: Preset = vuePreset('vitepress')

function vuePreset(flavour: Flavour): Preset {
  return {
    name: flavour satisfies PresetName,
    detect(discovery) {
      const found = locate(discovery, flavour)
      if (found?.config) return { strength: 70, reason: `found ${found.config}` }
      const dep = FLAVOURS[flavour].packages.find((p) => discovery.dependencies?.has(p))
      if (dep) return { strength: 60, reason: `found ${dep} in package.json` }
      if (found) return { strength: 40, reason: `found ${found.source === '' ? '' : found.source + '/'}${FLAVOURS[flavour].dir}/` }
      return null
    },
    configure: (ctx) => configure(ctx, flavour),
  }
}

/**
 * The Markdown files of the source folder that are not pages, and why. VitePress (its `resolvePages`): files under
 * `node_modules/` or `dist/` and those the `srcExclude` globs match; a path with a `[param]` is a dynamic route, whose
 * pages its `[param].paths.js` loader makes by running code. VuePress 2: files its `pagePatterns` globs leave out
 * (`!x` excludes; the default, every `.md` but `.vuepress/` and `node_modules/`, is the caller's own rule).
 */
function excludedPages(top: Map<string, string>, flavour: Flavour): (rel: string) => Unpublished | undefined {
  if (flavour === 'vitepress') {
    const patterns = stringArray(top.get('srcExclude')) ?? []
    const matches = globMatcher(['**/dist', ...patterns])
    return (rel) => {
      if (/\[\w+?\]/.test(rel)) return { skip: 'dynamic-route', detail: 'a dynamic route: VitePress makes its pages by running the [param].paths.js loader beside it, which the importer does not run. Import the pages it makes as Markdown files of their own.' }
      if (matches(rel)) return { skip: 'excluded', detail: patterns.length > 0 ? `srcExclude (${patterns.join(', ')}) or the dist folder: VitePress does not make it a page` : 'in a dist folder, which VitePress never makes pages of' }
      return undefined
    }
  }
  const patterns = stringArray(top.get('pagePatterns'))
  if (!patterns) return () => undefined
  const include = globMatcher(patterns.filter((p) => !p.startsWith('!')))
  const exclude = globMatcher(patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1)))
  return (rel) => (!include(rel) || exclude(rel) ? { skip: 'excluded', detail: `pagePatterns (${patterns.join(', ')}) leave it out: VuePress does not make it a page` } : undefined)
}

/** The folder holding `.vuepress/` or `.vitepress/` (the shallowest), and its configuration file when there is one. */
function locate(discovery: Discovery, flavour: Flavour): { source: string; config?: string } | undefined {
  const marker = FLAVOURS[flavour].dir
  let best: { source: string; config?: string } | undefined
  for (const f of discovery.files) {
    const parts = f.rel.split('/')
    const at = parts.indexOf(marker)
    if (at === -1 || parts.slice(0, at).some((p) => p === 'node_modules')) continue
    const source = parts.slice(0, at).join('/')
    const config = parts.length === at + 2 && CONFIG_NAMES.includes(parts[at + 1]) ? f.rel : undefined
    if (!best || source.length < best.source.length || (source === best.source && config && !best.config)) best = { source, ...(config ? { config } : {}) }
  }
  return best
}

async function configure(ctx: PresetContext, flavour: Flavour): Promise<Convention> {
  const config = emptyConfig()
  const found = locate(ctx.discovery, flavour) ?? { source: USUAL_SOURCES.find((d) => ctx.discovery.files.some((f) => f.rel.startsWith(d + '/'))) ?? '' }
  const text = found.config ? stripComments((await ctx.readText(found.config)) ?? '') : ''
  if (found.config) {
    config.file = found.config
    config.configFiles.add(found.config)
  }
  // The theme's options often live in a module the configuration imports (`import theme from './theme.js'`).
  const themeText = found.config ? await themeConfigText(ctx, found.config, text, config.configFiles) : ''
  const theme = readThemeOptions(themeText)
  if (usesPlume(themeText)) theme.markdown = [...new Set([...theme.markdown, ...PLUME_INLINE])]
  const encryptKeys = indexKeys(theme.encrypted)
  if (theme.hostname) config.site.url = theme.hostname
  // The options object: `defineUserConfig({ … })`, `defineConfig({ … })`, `export default { … }`, or VuePress 1's
  // `module.exports = { … }`.
  const call = /(?:define(?:User)?Config\s*\(\s*|export\s+default\s+|module\.exports\s*=\s*)\{/.exec(text)
  const open = call ? call.index + call[0].length - 1 : -1
  const close = open === -1 ? -1 : closing(text, open)
  // Options spread in from modules (`...shared`, as vitepress.dev's i18n layout writes them) count as written in place.
  const top = entriesWithSpreads(close !== -1 ? text.slice(open + 1, close) : '', themeText)
  const base = stringLiteral(top.get('base'))
  if (base) config.basePath = trimTrailing(base, '/').replace(/^(?=[^/])/, '/')
  // VitePress: `srcDir` (relative to the project folder) holds the pages; VuePress: the folder holding `.vuepress/`.
  const srcDir = flavour === 'vitepress' ? trimTrailing((stringLiteral(top.get('srcDir')) ?? '.').replace(/^\.\/?/, ''), '/') : ''
  const source = [found.source, srcDir].filter((s) => s !== '').join('/')
  const cleanUrls = flavour === 'vitepress' && top.get('cleanUrls')?.trim() === 'true'
  // `rewrites(id) { … }`, a method, is no entry of the options: it is read as written as code.
  const rewrites = flavour === 'vitepress' ? readConfigRewrites(ctx, top.get('rewrites') ?? (/\brewrites\s*\([^)]*\)\s*\{/.test(text) ? 'code' : undefined), found.config ?? '') : undefined
  const { locales, total: localeCount } = readLocales(top.get('locales'), flavour, themeText)
  if (localeCount > locales.length) ctx.diagnostics.warn(config.file ?? '', 0, 'dropped_data', `The configuration's locales name more than ${LOCALE_LOOKUPS} objects held elsewhere (variables, spreads); the first ${locales.length} of its ${localeCount} locales were read, the others left out, and their pages get the root locale's language. Write those locales' options in place, or set the pages' languages in front matter.`)
  const root = locales.find((l) => l.prefix === '/')
  const title = stringLiteral(top.get('title')) ?? root?.title
  const description = stringLiteral(top.get('description')) ?? root?.description
  const lang = canonicalLocale(stringLiteral(top.get('lang')) ?? root?.lang ?? '')
  config.site = { ...config.site, ...(title ? { title } : {}), ...(description !== undefined ? { description } : {}), ...(lang ? { locale: lang } : {}) }
  const publicDir = flavour === 'vuepress' ? [found.source, '.vuepress/public'].filter((s) => s !== '').join('/') : [source, 'public'].filter((s) => s !== '').join('/')
  config.staticDirs = [publicDir]
  // VuePress 1's blog posts are served as folders (`/2019/02/26/x/`), its pages as `.html`: with a blog, the output
  // style that serves most of the old URLs is left to the plan.
  const blog = flavour === 'vuepress' ? readV1Blog(text) : { directories: [] }
  // vuepress-theme-plume's collections: its posts and most pages are served as folders (`/blog/k4it82lg/`).
  const plume = flavour === 'vuepress' ? readPlumeCollections(themeText) : []
  const plumeEncrypt = flavour === 'vuepress' ? readPlumeEncrypt(themeText) : undefined
  if (plumeEncrypt && plumeEncrypt.patterns.length > 0) ctx.diagnostics.warn(config.file ?? '', 0, 'unsupported_feature', `The theme's encrypt.rules ${plumeEncrypt.patterns.map((p) => JSON.stringify(p)).join(', ')} are regular expressions, which the import does not run: the pages they protect with a password are imported as public. Add a rule by path (a folder such as '/notes/' or a file such as 'notes/a.md') for each, or mark those pages \`password:\` in front matter.`)
  const folders = blog.directories.length > 0 || plume.length > 0
  config.permalinks = { ...(cleanUrls || folders ? {} : { output_style: 'html-extension' as const }), ...blogArchives(themeText) }
  if (blog.tags) config.permalinks.tags = blog.tags
  const inSource = (rel: string) => (source === '' ? rel : rel.startsWith(source + '/') ? rel.slice(source.length + 1) : null)
  // A navbar or sidebar link names a page by the path it is served as, which a rewrite moves.
  const served = rewrites ? servedPages(ctx.discovery.files, inSource, rewrites) : undefined
  // A page's path alone (`'/guide/'`, `'/config.md'`) stands for that page, shown with its title.
  const page = (link: string): ConfigMenuItem | undefined => {
    const file = served ? served.get(pageFile(served.paths, '', link, flavour) ?? '') : pageFile(ctx.discovery.paths, source, link, flavour)
    return file === undefined ? undefined : { title: '', url: link, source: file, children: [] }
  }
  const titles = new Map<string, string>()
  // A Plume collection's sidebar is read from its folder (below), not taken for the site's.
  const menuText = plume.length > 0 ? withoutCollections(themeText) : themeText
  const navbar = await titlePages(ctx, readNavbar(menuText, page), titles)
  if (navbar.length > 0) config.menus.primary = { name: 'Navbar', items: navbar }
  for (const [n, sidebar] of readSidebars(menuText, page).entries()) config.menus[sidebarMenuId(sidebar.key, n, config.menus)] = { name: sidebar.key === '/' ? 'Sidebar' : `Sidebar ${sidebar.key}`, items: await titlePages(ctx, sidebar.items, titles) }
  await localeMenus(ctx, flavour, { top, themeText: menuText, locales }, page, titles, config)
  await plumeMenus(ctx, plume, page, titles, config)
  plumeBlog(plume, config, (message) => ctx.diagnostics.warn(config.file ?? '', 0, 'unsupported_feature', message))
  const multilingual = locales.length > 1
  // The longest prefix first, so `/zh/tw/` wins over `/zh/`.
  locales.sort((a, b) => b.prefix.length - a.prefix.length)
  // The locale of a URL: its longest prefix, looked up among the URL's own folders (not every locale tried on every page).
  const byPrefix = new Map<string, Locale>()
  for (const l of locales) if (!byPrefix.has(l.prefix)) byPrefix.set(l.prefix, l)
  const longestPrefix = locales.length > 0 ? locales[0].prefix.length : 0
  const localeOf = (url: string) => {
    let found: Locale | undefined
    for (let slash = url.indexOf('/'); slash !== -1 && slash < longestPrefix; slash = url.indexOf('/', slash + 1)) found = byPrefix.get(url.slice(0, slash + 1)) ?? found
    return found
  }
  const excluded = excludedPages(top, flavour)

  return {
    config,
    templates: ['vue', 'docusaurus'],
    isDocument(file: DiscoveredFile) {
      const rel = inSource(file.rel)
      if (rel === null || splitPath(rel).ext !== '.md') return false
      // The hidden folders, the public folder and dependencies are not pages (VuePress's default `pagePatterns`).
      return !rel.split('/').some((p) => p.startsWith('.') || p === 'node_modules') && !file.rel.startsWith(publicDir + '/')
    },
    place(src: SourceFile): Placement | Unpublished {
      const skip = excluded(inSource(src.file.rel) as string)
      if (skip) return skip
      // VitePress serves a rewritten page as the path its rule gives (`packages/a/src/index.md` → `a/index.md`).
      const rel = rewrites ? rewrites.apply(inSource(src.file.rel) as string) : (inSource(src.file.rel) as string)
      const { dirs, base } = splitPath(rel)
      const isIndex = base === 'index' || (flavour === 'vuepress' && /^readme$/i.test(base))
      const own = isIndex ? dirs : [...dirs, base]
      const path = own.map(encodeURIComponent).join('/')
      let url = own.length === 0 ? '/' : isIndex ? `/${path}/` : `/${path}${cleanUrls ? '' : '.html'}`
      const permalink = flavour === 'vuepress' ? firstString(src.fm.data.permalink) : undefined
      if (permalink && permalink.startsWith('/')) url = permalink
      const directory = blog.directories.find((d) => rel.startsWith(d.dirname + '/'))
      if (directory) {
        const post = v1PostUrl(permalink ?? directory.itemPermalink, dirs, base, src.fm.data.date, localeOf(url)?.prefix ?? '/')
        const locale = localeOf(post.url)
        return { kind: 'post', name: post.slug, url: post.url, ...(post.date ? { nameDate: post.date } : {}), ...(multilingual && locale?.lang ? { language: locale.lang } : {}) }
      }
      const locale = localeOf(url)
      const locked = encryptedBy(theme, encryptKeys, url, src.fm.data) ?? plumeLockedBy(plumeEncrypt, url, rel)
      const lock = locked ? { draft: true, draftReason: `password-protected (${locked}): the site shows it only to those who know the password` } : {}
      const collected = plumePost(plume, rel, url, src.fm.data)
      if (collected) return { ...collected, ...lock, ...(multilingual && locale?.lang ? { language: locale.lang } : {}) }
      const article = isBlogArticle(dirs, base, src.fm.data)
      return {
        kind: article && url !== '/' ? 'post' : 'page',
        ...lock,
        ...(theme.author && firstString(src.fm.data.author) === undefined ? { defaults: { author: theme.author } } : {}),
        ...homePrefix(src.fm.data),
        name: article?.rest || (isIndex ? (dirs[dirs.length - 1] ?? '') : base),
        url,
        ...(article?.date ? { nameDate: article.date } : {}),
        ...(isIndex ? { isIndex: true } : {}),
        ...(multilingual && locale?.lang ? { language: locale.lang } : {}),
      }
    },
    assetUrl(rel) {
      return rel.startsWith(publicDir + '/') ? rel.slice(publicDir.length) : undefined
    },
    // A rewritten page's relative links are written from the path it is served as (vitepress.dev "Routing": "relative
    // links should be based on the rewritten paths"): `../guide/` in `packages/a/src/x.md`, served as `a/x.md`.
    ...(rewrites
      ? {
          translationOf(file: string) {
            const rel = inSource(file)
            const to = rel === null ? rel : rewrites.apply(rel)
            return to === null || to === rel ? undefined : [source, to].filter((s) => s !== '').join('/')
          },
        }
      : {}),
    // `@/x` in a code snippet import (`<<< @/snippets/a.js`) is the source folder's (VitePress's srcDir), or for
    // VuePress 1, whose `@` is its working folder, the project's; other paths are the page's own.
    includePath(kind, target, from) {
      if (!target.startsWith('@/')) return resolveRelative(kind === 'include' ? '_includes/x' : from, target) ?? undefined
      const inSource = resolveRelative('', [source, target.slice(2)].filter((x) => x !== '').join('/'))
      const atRoot = resolveRelative('', target.slice(2))
      return [inSource, atRoot].find((f): f is string => f !== null && ctx.discovery.paths.has(f)) ?? inSource ?? undefined
    },
    // The vue template pass reads which Markdown extensions the theme turned on (`==mark==`, `^sup^`, …).
    templateSite: () => ({ ...config.site, markdown: Object.fromEntries(theme.markdown.map((k) => [k, true])) }),
  }
}

/**
 * A home page's hero and features, which the themes render from front matter above the body (VuePress's default
 * theme and vuepress-theme-hope: `home: true` with `heroImage`, `heroText`, `tagline`, `actions`, `features`,
 * `highlights`; VitePress: `layout: home` with `hero: { name, text, tagline, image, actions }` and `features`), as
 * HTML before the body, so that a theme that knows nothing of that front matter still shows them. The values also
 * stay in the document's data.
 */
export function homePrefix(fm: Record<string, unknown>): { bodyPrefix?: string; renderedKeys?: string[] } {
  const sections = plumeHomeSections(fm)
  if (sections !== undefined) return sections.length === 0 ? {} : { bodyPrefix: sections.join('\n\n') + '\n\n', renderedKeys: ['config'] }
  if (fm.home !== true && fm.layout !== 'home') return {}
  const hero = isPlainObject(fm.hero) ? fm.hero : {}
  const actions = (Array.isArray(hero.actions) ? hero.actions : Array.isArray(fm.actions) ? fm.actions : []).filter(isPlainObject)
  const html = heroHtml({
    image: isPlainObject(hero.image) ? firstString(hero.image.src, hero.image.light) : firstString(hero.image, fm.heroImage),
    alt: (isPlainObject(hero.image) ? firstString(hero.image.alt) : undefined) ?? firstString(fm.heroAlt),
    heading: [firstString(hero.name), firstString(hero.text, fm.heroText)].filter((t): t is string => t !== undefined),
    tagline: firstString(hero.tagline, fm.tagline),
    actions: actions.map((a) => ({ text: firstString(a.text), link: firstString(a.link), variant: firstString(a.theme, a.type) })),
  })
  const blocks = html === undefined ? [] : [html]
  const features = featureList(fm.features)
  if (features) blocks.push(features)
  // vuepress-theme-hope's highlights: sections with a header, a description and features (or nested highlights).
  for (const h of Array.isArray(fm.highlights) ? fm.highlights.filter(isPlainObject) : []) {
    const header = firstString(h.header)
    const description = firstString(h.description)
    const items = featureList(h.features) ?? featureList(h.highlights)
    const parts = [header ? `<h2>${escapeHtmlAndBraces(header)}</h2>` : '', description ? `<p>${escapeHtmlAndBraces(description)}</p>` : '', items ?? ''].filter((x) => x !== '')
    if (parts.length > 0) blocks.push(`<section class="highlight">\n${parts.join('\n')}\n</section>`)
  }
  return blocks.length === 0 ? {} : { bodyPrefix: blocks.join('\n\n') + '\n\n' }
}

/** What vuepress-theme-hope's options (`hopeTheme({ … })`) say that the import uses. */
export interface ThemeOptions {
  hostname?: string
  /** The default author of every page (`author: 'Name'` or `{ name }`). */
  author?: string
  /** `encrypt.config` keys: a folder (`/guide/`) or a page (`/config/page.html`) shown only with a password. */
  encrypted: string[]
  /** `encrypt.global: true`: the whole site asks for a password. */
  encryptAll: boolean
  /** The Markdown syntax extensions turned on (`markdown: { mark: true, sup: true, … }`), for the vue template pass. */
  markdown: string[]
}

/**
 * A Plume doc collection's sidebar (`sidebar: ['', 'foo', 'bar']`, "Collections": files of the collection's folder,
 * `''` its README) as the menu `sidebar-<folder>`, named "Sidebar /<folder>/".
 */
async function plumeMenus(ctx: PresetContext, collections: readonly PlumeCollection[], page: (link: string) => ConfigMenuItem | undefined, titles: Map<string, string>, config: SiteConfig): Promise<void> {
  for (const c of collections) {
    if (c.sidebar === undefined) continue
    const folder = `/${c.dir}/`
    const items = await titlePages(ctx, navbarItems(c.sidebar, { ...MENU_KEYS, page }, 0, folder), titles)
    if (items.length > 0) config.menus[sidebarMenuId(folder, 1, config.menus)] = { name: `Sidebar ${folder}`, items }
  }
}

/**
 * The configuration's text with the local modules it imports, followed by vuepress-theme-plume's own theme
 * configuration file beside it (`.vuepress/plume.config.ts`, which the theme loads by itself: theme-plume.vuejs.press
 * "Theme Configuration") and the modules that file imports (`collections.ts`, `navbar.ts`).
 */
async function themeConfigText(ctx: PresetContext, file: string, text: string, configFiles: Set<string>): Promise<string> {
  const own = await importedText(ctx, file, text, configFiles)
  const plume = plumeConfigFile(ctx.discovery, file)
  if (plume === undefined || configFiles.has(plume)) return own
  configFiles.add(plume)
  return `${own}\n${await importedText(ctx, plume, stripComments((await ctx.readText(plume)) ?? ''), configFiles)}`
}

/**
 * The configuration's text and the local modules it imports, and those import or re-export in turn (`theme.ts` →
 * `navbar/index.ts` → `export * from './en.js'`, as vuepress-theme-hope's template lays them out), each once, at most
 * `IMPORT_DEPTH` modules deep; the modules read are named in `configFiles`.
 */
async function importedText(ctx: PresetContext, file: string, text: string, configFiles: Set<string>): Promise<string> {
  const parts = [text]
  const seen = new Set([file])
  let level = [{ file, text }]
  for (let depth = 0; depth < IMPORT_DEPTH && level.length > 0; depth++) {
    const next: typeof level = []
    for (const module of level) {
      for (const m of module.text.matchAll(/^(?:import|export)\s[^'"\n]*from\s+['"](\.{1,2}\/[^'"\n]+)['"]/gm)) {
        const target = resolveRelative(module.file, m[1])
        if (target === null) continue
        const stem = target.replace(/\.[cm]?[jt]s$/, '')
        const found = [target, ...['.ts', '.mts', '.js', '.mjs', '.cjs'].map((e) => stem + e), ...['.ts', '.js'].map((e) => `${target}/index${e}`)].find((f) => ctx.discovery.paths.has(f))
        if (!found || seen.has(found)) continue
        seen.add(found)
        configFiles.add(found)
        const read = stripComments((await ctx.readText(found)) ?? '')
        parts.push(read)
        next.push({ file: found, text: read })
      }
    }
    level = next
  }
  return parts.join('\n')
}

/**
 * vuepress-theme-hope's options (theme-hope.vuejs.press "Theme Options", "Encryption"): `hostname`, the default
 * `author`, and `encrypt` (`config` keys by path, `global`), read as text.
 */
export function readThemeOptions(text: string): ThemeOptions {
  const call = /hopeTheme\s*\(\s*\{/.exec(text)
  const close = call ? closing(text, call.index + call[0].length - 1) : -1
  if (!call || close === -1) return { encrypted: [], encryptAll: false, markdown: [] }
  const top = entries(text.slice(call.index + call[0].length, close))
  const hostname = stringLiteral(top.get('hostname'))
  const author = stringLiteral(top.get('author')) ?? stringLiteral(entries(objectLiteral(top.get('author')) ?? '').get('name'))
  const encrypt = entries(objectLiteral(top.get('encrypt')) ?? '')
  const encrypted = [...entries(objectLiteral(encrypt.get('config')) ?? '').keys()].filter((k) => k.startsWith('/'))
  return {
    ...(httpOrigin(hostname) ? { hostname: httpOrigin(hostname) } : {}),
    ...(author ? { author } : {}),
    encrypted,
    encryptAll: encrypt.get('global')?.trim() === 'true',
    markdown: [...entries(objectLiteral(top.get('markdown')) ?? '')].filter(([, v]) => v.trim() === 'true').map(([k]) => k),
  }
}

/** `encrypt.config` keys by their place in the configuration, and the longest one's length. */
interface EncryptKeys {
  keys: ReadonlyMap<string, number>
  longest: number
}

export function indexKeys(encrypted: readonly string[]): EncryptKeys {
  const keys = new Map<string, number>()
  let longest = 0
  encrypted.forEach((k, i) => {
    if (!keys.has(k)) keys.set(k, i)
    longest = Math.max(longest, k.length)
  })
  return { keys, longest }
}

/**
 * Why a page asks for a password (the `encrypt.config` key that covers it, the global switch, its own `password`), or
 * undefined. The first key that covers the URL (the URL itself, or a folder of it) is found by looking up the URL's
 * own folders, not by trying every key on every page.
 */
export function encryptedBy(theme: ThemeOptions, { keys, longest }: EncryptKeys, url: string, fm: Record<string, unknown>): string | undefined {
  if (theme.encryptAll) return 'encrypt.global'
  let key: string | undefined
  const consider = (k: string) => {
    const at = keys.get(k)
    if (at !== undefined && (key === undefined || at < (keys.get(key) as number))) key = k
  }
  if (keys.size > 0) {
    consider(url)
    // No key is longer than the longest, so a long URL (a front-matter permalink) is not sliced at each of its slashes.
    for (let slash = url.indexOf('/'); slash !== -1 && slash < longest; slash = url.indexOf('/', slash + 1)) consider(url.slice(0, slash + 1))
  }
  if (key) return `encrypt.config "${key}"`
  if (hasPassword(fm.password)) return 'front-matter password'
  return undefined
}

/**
 * Whether a front-matter `password` asks for one. vuepress-theme-plume takes any value (`toArray(password)`, each
 * `String(password)`: `password: 123456` and a list of passwords protect the page); vuepress-theme-hope documents
 * strings only. Anything given is taken as a lock, so a page is never published because its password is a number.
 */
function hasPassword(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false
  return !Array.isArray(value) || value.length > 0
}

/**
 * The archive URLs @vuepress/plugin-blog gives categories and tags (ecosystem.vuejs.press "plugin-blog": each
 * `category` entry's `itemPath`, by default `/<key>/:name/`), for the entries keyed like categories or tags. A path
 * with anything the contract's permalinks cannot say is left to the defaults.
 */
export function blogArchives(text: string): { categories?: string; tags?: string } {
  if (!/blogPlugin\s*\(|['"]@vuepress\/(?:plugin-)?blog['"]/.test(text)) return {}
  const out: { categories?: string; tags?: string } = {}
  for (const entry of arrayObjects(text, 'category')) {
    const fields = entries(entry)
    const key = stringLiteral(fields.get('key'))
    const member = key && /^categor/i.test(key) ? 'categories' : key && /^tags?$/i.test(key) ? 'tags' : undefined
    if (!member || !key) continue
    const itemPath = (stringLiteral(fields.get('itemPath')) ?? `/${key}/:name/`).replace(/:name\b/, ':slug').replace(/\/?$/, '/')
    if (/^\/(?:[\w-]+\/)*:slug\/$/.test(itemPath)) out[member] = itemPath
  }
  return out
}

/** The object literals of an array option (`category: [ … ]`, `directories: [ … ]`), the first one written. */
function arrayObjects(text: string, key: string): string[] {
  const m = new RegExp(`(?:^|[\\s,{(])['"]?${key}['"]?\\s*:\\s*\\[`).exec(text)
  if (!m) return []
  const open = m.index + m[0].length - 1
  const close = closing(text, open)
  if (close === -1) return []
  const out: string[] = []
  for (let i = text.indexOf('{', open); i !== -1 && i < close; ) {
    const end = closing(text, i)
    if (end === -1) break
    out.push(text.slice(i + 1, end))
    i = text.indexOf('{', end)
  }
  return out
}

/** How many locales' own menus are read. */
const MAX_LOCALE_MENUS = 100

/**
 * The navbar and sidebars a locale other than the root gives of its own, as that language's menus beside the root's:
 * `primary-<key>` ("Navbar (<label>)") and `sidebar-<path>`; a locale that gives none shows the root's, which are
 * already there. VitePress: a locale's own `themeConfig` (vitepress.dev "Internationalization"). VuePress 2: the
 * theme's `locales` (`defaultTheme({ locales: { '/zh/': { navbar, sidebar } } })`, vuejs.press "Default Theme Config",
 * vuepress-theme-hope alike), VuePress 1: `themeConfig.locales` (`'/zh/': { nav, sidebar }`).
 */
async function localeMenus(ctx: PresetContext, flavour: Flavour, { top, themeText, locales: site }: { top: Map<string, string>; themeText: string; locales: Locale[] }, page: (link: string) => ConfigMenuItem | undefined, titles: Map<string, string>, config: SiteConfig): Promise<void> {
  const { menus } = config
  const langs = new Map(site.map((l) => [l.prefix, l.lang]))
  const vitepress = flavour === 'vitepress'
  const raw = vitepress ? top.get('locales') : themeLocales(themeText)
  const locales = [...localeEntries(raw, themeText)]
  // Each locale's menus are read from the whole configuration's text: a bound keeps a hostile one linear.
  if (locales.length > MAX_LOCALE_MENUS) ctx.diagnostics.warn(config.file ?? '', 0, 'dropped_data', `The configuration has ${locales.length} locales; the menus of the first ${MAX_LOCALE_MENUS} were read, the others' left out. Add those menus to a --config site file if the site needs them.`)
  const fieldsOf = localeFieldsOf(themeText)
  for (const [key, value] of locales.slice(0, MAX_LOCALE_MENUS)) {
    const fields = fieldsOf(value)
    const own = vitepress ? fields.get('themeConfig') : value
    const local = own === undefined ? undefined : resolvedValue(themeText, own)
    if (key === (vitepress ? 'root' : '/') || local === undefined) continue
    // Read ahead of the whole text, so that the variables it names (`nav: zhNav`) are found there.
    const scoped = `${local}\n${themeText}`
    const id = key.toLowerCase().replace(/[^a-z0-9_]+/g, '-').replace(/^-+|-+$/g, '')
    // The name the language menu shows, else the locale's language, else its folder (`Navbar (zh-CN)`, not `(/zh/)`).
    const label = stringLiteral(fields.get('label')) ?? stringLiteral(fields.get('selectLanguageName')) ?? langs.get(localePrefix(key, flavour)) ?? trimBoth(key, '/')
    if (/(?:^|[\s,{])['"]?nav(?:bar)?['"]?\s*[:,}]/.test(local) && /^[a-z][a-z0-9_-]{0,55}$/.test(id) && !(`primary-${id}` in menus)) {
      const items = await titlePages(ctx, readNavbar(scoped, page), titles)
      if (items.length > 0) menus[`primary-${id}`] = { name: `Navbar (${label})`, items }
    }
    if (!/(?:^|[\s,{])['"]?sidebar['"]?\s*[:,}]/.test(local)) continue
    // The locale's whole sidebar (keyed `/` or by the locale's own folder) is named by the locale, one of a folder by it.
    const whole = (k: string) => k === '/' || k === localePrefix(key, flavour)
    for (const [n, sidebar] of readSidebars(scoped, page).entries()) menus[sidebarMenuId(sidebar.key === '/' ? key : sidebar.key, n + 1, menus)] = { name: whole(sidebar.key) ? `Sidebar (${label})` : `Sidebar ${sidebar.key}`, items: await titlePages(ctx, sidebar.items, titles) }
  }
}

/**
 * A VuePress theme's `locales` (the first `locales` object of the configuration and the modules it imports whose
 * locales give a navbar or sidebar; the site's own `locales`, of `lang` and `title`, give none).
 */
function themeLocales(text: string): string | undefined {
  const menu = /(?:^|[\s,{])['"]?(?:nav|navbar|sidebar)['"]?\s*[:,}]/
  const found = objectsOf(text, 'locales').find((inner) => [...entries(inner).values()].some((v) => menu.test(v)))
  return found === undefined ? undefined : `{${found}}`
}

/** The `locales` option's entries: written in place or held by a name (`locales: locales`), modules spread into it. */
function localeEntries(raw: string | undefined, text: string): Map<string, string> {
  const inner = raw === undefined ? undefined : objectLiteral(resolvedValue(text, raw))
  return inner === undefined ? new Map() : entriesWithSpreads(inner, text)
}

/**
 * How many objects held elsewhere (a name: `zh`; a spread: `...zh`) the site's locales are read from, in all. Each is
 * read whole, and one may hold others nested (`const a0 = { f() { const a1 = { … } } }`): without a bound, n locales
 * naming n nested objects take time in n times the text. Real sites name one or two per locale, for a few dozen.
 */
const LOCALE_LOOKUPS = 100

/**
 * One locale's options: its object, or the object a name holds (`zh`, imported from `./zh`), spreads included. Each
 * value is read once: n locales naming one object of the text's size (`a0: big, a1: big, …`) read it n times (time in
 * n times the text: 10,000 locales naming one 220 KB object took 194 s). `lookups`, when given, counts the objects
 * held elsewhere that are read, each name and each spread, and stops the spreads when none are left.
 */
function localeFieldsOf(text: string, lookups?: { left: number }): (value: string) => Map<string, string> {
  const read = new Map<string, Map<string, string>>()
  return (value) => {
    const key = value.trim()
    let fields = read.get(key)
    if (fields === undefined) {
      if (lookups && !/^[[{]/.test(key)) lookups.left--
      fields = entriesWithSpreads(objectLiteral(resolvedValue(text, key)) ?? '', text, 0, lookups)
      read.set(key, fields)
    }
    return fields
  }
}

/** The URL prefix of a locale's key: VitePress's `zh` (`root` unprefixed) or VuePress's `'/zh/'`. */
function localePrefix(key: string, flavour: Flavour): string {
  if (flavour === 'vitepress') return key === 'root' ? '/' : `/${key.replace(/^\/|\/$/g, '')}/`
  return key.endsWith('/') ? key : key + '/'
}

/** A locale of the configuration: its URL prefix (`/`, `/zh/`) and what it says about the site. */
interface Locale {
  prefix: string
  lang?: string
  title?: string
  description?: string
}

/**
 * `locales: { '/': { lang: 'en-US' }, '/zh/': { … } }` (VuePress) or `{ root: { … }, zh: { … } }` (VitePress), read
 * until `LOCALE_LOOKUPS` objects held elsewhere have been read for them, and how many the configuration has.
 */
export function readLocales(raw: string | undefined, flavour: Flavour, text: string): { locales: Locale[]; total: number } {
  const out: Locale[] = []
  const all = localeEntries(raw, text)
  const lookups = { left: LOCALE_LOOKUPS }
  const fieldsOf = localeFieldsOf(text, lookups)
  for (const [key, value] of all) {
    if (lookups.left <= 0) break
    const fields = fieldsOf(value)
    const prefix = localePrefix(key, flavour)
    const lang = canonicalLocale(stringLiteral(fields.get('lang')) ?? (flavour === 'vitepress' && key !== 'root' ? key : ''))
    const title = stringLiteral(fields.get('title'))
    const description = stringLiteral(fields.get('description'))
    out.push({ prefix, ...(lang ? { lang } : {}), ...(title ? { title } : {}), ...(description !== undefined ? { description } : {}) })
  }
  return { locales: out, total: all.size }
}

/** A VuePress 1 blog's post folders (`@vuepress/plugin-blog` `directories`) and its tag archive, as the theme sets them. */
interface V1Blog {
  directories: Array<{ dirname: string; itemPermalink: string }>
  /** The tag archive permalink (`/tag/:slug/`), when the blog classifies pages by `tags`. */
  tags?: string
}

/** `@vuepress/theme-blog`'s defaults: `_posts/` at `/:year/:month/:day/:slug`, tags at `/tag/<tag>/`. */
const V1_THEME_BLOG = { directories: [{ dirname: '_posts', itemPermalink: '/:year/:month/:day/:slug' }], frontmatters: [{ keys: ['tags'], path: '/tag/' }] }

/**
 * VuePress 1's blog (v1.vuepress.vuejs.org "plugin-blog", vuepress-theme-blog "Config"): `theme: '@vuepress/theme-blog'`
 * (or `'@vuepress/blog'`) classifies `_posts/` as posts unless `themeConfig.directories` says otherwise; the
 * plugin alone (`['@vuepress/blog', { directories }]`) has none by default. Each directory's posts are at its
 * `itemPermalink` (default `/:year/:month/:day/:slug`); a `frontmatters` entry keyed on `tags` gives tag pages at its
 * `path` (default `/<id>/`) plus the tag. VuePress 2's `blogPlugin()` is `blogArchives`'s business.
 */
export function readV1Blog(text: string): V1Blog {
  const theme = /(?:^|[\s,{])['"]?theme['"]?\s*:\s*['"]@vuepress\/(?:theme-)?blog['"]/.test(text)
  const plugin = /['"]@vuepress\/(?:plugin-)?blog['"]\s*[,:]/.test(text)
  if (!theme && !plugin) return { directories: [] }
  const given = arrayObjects(text, 'directories')
  const directories = given.length > 0 || !theme
    ? given.map((d) => entries(d)).flatMap((e) => {
        const dirname = trimBoth(stringLiteral(e.get('dirname')) ?? '', '/')
        return dirname ? [{ dirname, itemPermalink: stringLiteral(e.get('itemPermalink')) ?? '/:year/:month/:day/:slug' }] : []
      })
    : V1_THEME_BLOG.directories
  const classifiers = arrayObjects(text, 'frontmatters')
  const frontmatters = classifiers.length > 0 || !theme
    ? classifiers.map((c) => entries(c)).map((e) => ({ keys: stringArray(e.get('keys')) ?? [], path: stringLiteral(e.get('path')) ?? `/${stringLiteral(e.get('id')) ?? ''}/` }))
    : V1_THEME_BLOG.frontmatters
  const tagPath = frontmatters.find((f) => f.keys.some((k) => k === 'tags' || k === 'tag'))?.path.replace(/\/?$/, '/')
  return { directories, ...(tagPath && /^\/(?:[\w-]+\/)*$/.test(tagPath) ? { tags: `${tagPath}:slug/` } : {}) }
}

/** VuePress 1's date prefix of a file or folder name (`2019-2-26-x`, `2019-02-x`), not anchored, as VuePress has it. */
const V1_DATE = /(\d{4}-\d{1,2}(-\d{1,2})?)-(.*)/

/**
 * A VuePress 1 post's URL by its permalink pattern (@vuepress/shared-utils getPermalink): the date from front matter,
 * else the file or folder name; the slug is the file name without its date prefix (the folder's for `index`/`README`),
 * slugified as VuePress does; the URL gets a trailing slash unless it ends in `.html`.
 */
export function v1PostUrl(pattern: string, dirs: string[], base: string, fmDate: unknown, localePath: string): { url: string; slug: string; date?: string } {
  const strip = (name: string) => V1_DATE.exec(name)?.[3] ?? name
  const folder = dirs[dirs.length - 1] ?? ''
  const own = strip(base)
  const slug = vuepressSlugify(/^(?:index|readme)$/i.test(own) && strip(folder) !== '' ? strip(folder) : own)
  const named = V1_DATE.exec(base)?.[1] ?? V1_DATE.exec(folder)?.[1]
  const ymd = fmDate instanceof Date && !Number.isNaN(fmDate.getTime())
    ? [fmDate.getUTCFullYear(), fmDate.getUTCMonth() + 1, fmDate.getUTCDate()]
    : (typeof fmDate === 'string' && fmDate !== '' ? fmDate : named ?? '1970-1-1').split('-').slice(0, 3).map((x) => parseInt(x, 10))
  const [year, month, day] = [ymd[0], ymd[1] ?? 1, ymd[2] ?? 1].map((n) => (Number.isFinite(n) ? n : NaN))
  const valid = [year, month, day].every((n) => !Number.isNaN(n))
  const pad = (n: number) => String(n).padStart(2, '0')
  const link = localePath + pattern.replace(/^\//, '')
    .replace(/:year/, String(year))
    .replace(/:month/, pad(month))
    .replace(/:i_month/, String(month))
    .replace(/:i_day/, String(day))
    .replace(/:day/, pad(day))
    .replace(/:slug/, encodeURI(slug))
  const path = '/' + link.replace(/^\/+/, '')
  const url = /(?:\.html|\/)$/.test(path) ? path : path + '/'
  const dated = valid && (fmDate instanceof Date || (typeof fmDate === 'string' && fmDate !== '') || named !== undefined)
  return { url, slug, ...(dated ? { date: `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}` } : {}) }
}

/** VuePress 1's slugify (@vuepress/shared-utils): accents dropped, punctuation and spaces to one dash, a leading digit prefixed with `_`, lower case. */
export function vuepressSlugify(s: string): string {
  return s.normalize('NFKD')
    .replace(/[\u0300-\u036F]/g, '')
    .replace(/[\u0000-\u001f]/g, '')
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’–—<>,.?/]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase()
}

/**
 * The page file a link names in the source folder (`/guide/` → `guide/README.md` or `guide/index.md`, `/config.md`,
 * `/config.html` and `/config` → `config.md`), as VuePress and VitePress resolve a path written in a navbar or
 * sidebar; undefined when there is none.
 */
export function pageFile(paths: ReadonlySet<string>, source: string, link: string, flavour: Flavour): string | undefined {
  if (!link.startsWith('/')) return undefined
  let path: string
  try {
    path = decodeURI(link.replace(/[?#].*$/s, '')).slice(1)
  } catch {
    return undefined
  }
  const stem = path.replace(/\.(?:md|html)$/, '')
  const names = path === '' || path.endsWith('/') ? [`${path}index.md`, ...(flavour === 'vuepress' ? [`${path}README.md`, `${path}readme.md`] : [])] : [`${stem}.md`, `${stem}/index.md`, ...(flavour === 'vuepress' ? [`${stem}/README.md`] : [])]
  return names.map((n) => (source === '' ? n : `${source}/${n}`)).find((f) => paths.has(f))
}

/**
 * The Markdown pages of the source folder by the path each is served as (after `rewrites`), with that set of paths,
 * for `pageFile`: the source file of each (`a/index.md` → `src/packages/a/src/index.md`).
 */
function servedPages(files: readonly DiscoveredFile[], inSource: (rel: string) => string | null, rewrites: Rewrites): Map<string, string> & { paths: ReadonlySet<string> } {
  const served = new Map<string, string>()
  for (const file of files) {
    const rel = inSource(file.rel)
    if (rel !== null && splitPath(rel).ext === '.md' && !served.has(rewrites.apply(rel))) served.set(rewrites.apply(rel), file.rel)
  }
  return Object.assign(served, { paths: new Set(served.keys()) })
}

/**
 * VitePress's `rewrites` option (`_rewrites.ts`), written as an object of string literals; a function (`rewrites(id)
 * { … }`), or rules the importer does not run, are reported, and the pages they would move keep their own paths.
 */
function readConfigRewrites(ctx: PresetContext, raw: string | undefined, file: string): Rewrites | undefined {
  if (raw === undefined) return undefined
  const inner = objectLiteral(raw)
  const rules = [...entries(inner ?? '')].map(([from, to]): [string, string | undefined] => [from, stringLiteral(to)])
  const literal = rules.filter((r): r is [string, string] => r[1] !== undefined)
  const rewrites = readRewrites(literal)
  const unread = [...(inner === undefined ? ['rewrites'] : []), ...rules.filter((r) => r[1] === undefined).map((r) => r[0]), ...rewrites.unsupported]
  if (unread.length > 0) ctx.diagnostics.warn(file, 0, 'unsupported_feature', `The rewrites ${unread.slice(0, 5).map((r) => `"${r.slice(0, 80)}"`).join(', ')}${unread.length > 5 ? ` and ${unread.length - 5} more` : ''} are code or regular expressions of the site's own, which the importer does not run: the pages they move keep their own paths. Write them as 'from/path.md': 'to/path.md' rules (with :name and (.*) parameters), or list redirects for those pages.`)
  return literal.length > 0 ? rewrites : undefined
}

/** The keys of navbar and sidebar items in VuePress 1 (`title`, `path`), VuePress 2 (`text`, `link`, `children`, `prefix`) and VitePress (`items`, `base`). */
const MENU_KEYS = { title: ['text', 'title'], url: ['link', 'path'], children: ['items', 'children'], prefix: ['prefix', 'base'] } as const

/**
 * The site's navbar as a menu: VuePress 1's and VitePress's `themeConfig.nav` (`{ text, link, items }`), VuePress 2
 * themes' `navbar` (`{ text, link, children, prefix }`, and a page's path alone, shown with that page's title), the
 * first one written (the root locale's); a variable or a function returning the array (`nav: nav()`, `navbar:
 * enNavbar`) is looked up in the configuration and the modules it imports. `page` reads a page path.
 */
export function readNavbar(text: string, page?: (link: string) => ConfigMenuItem | undefined): ConfigMenuItem[] {
  for (const value of valuesOf(text, ['nav', 'navbar'])) {
    // A link without a leading slash is read from the site root (`'guide/'` is `/guide/`), as the themes normalize it.
    const items = navbarItems(value, { ...MENU_KEYS, ...(page ? { page } : {}) }, 0, '/')
    if (items.length > 0) return items
  }
  return []
}

/**
 * The sidebar as menus (vitepress.dev "Sidebar", vuejs.press "sidebar"), the first one written: an array is one
 * sidebar (`sidebar`); an object keyed by path (`'/guide/': [ … ]` or `{ base, items }`) one sidebar each, the first
 * `sidebar`, the others `sidebar-<path>`. Items as the navbar's; `'auto'`, `'heading'` and `false` are sidebars a
 * page's headings make, not menus.
 */
export function readSidebars(text: string, page?: (link: string) => ConfigMenuItem | undefined): Array<{ key: string; items: ConfigMenuItem[] }> {
  const keys = { ...MENU_KEYS, ...(page ? { page } : {}) }
  for (const value of valuesOf(text, ['sidebar'])) {
    if (value.startsWith('[')) {
      const items = navbarItems(value, keys, 0, '/')
      if (items.length > 0) return [{ key: '/', items }]
      continue
    }
    const out: Array<{ key: string; items: ConfigMenuItem[] }> = []
    for (const [key, raw] of entries(objectLiteral(value) ?? '')) {
      const inner = resolvedValue(text, raw)
      const fields = inner?.startsWith('{') ? entries(objectLiteral(inner) ?? '') : undefined
      const list = fields ? resolvedValue(text, fields.get('items') ?? '') : inner
      // Relative links are written from the sidebar's `base`, else from its path (vuepress-theme-hope's `'/': ['', 'portfolio']`).
      const items = navbarItems(list, keys, 0, stringLiteral(fields?.get('base')) ?? (key.startsWith('/') ? key : '/'))
      if (items.length > 0) out.push({ key, items })
    }
    if (out.length > 0) return out
  }
  return []
}

/**
 * The values written for one of `names` (`nav: [ … ]`, `nav: nav()`, `navbar: enNavbar`, the shorthand `{ navbar }`),
 * in text order, each an array or object literal's text: written there, or held by the variable or returned by the
 * function named there.
 */
function* valuesOf(text: string, names: readonly string[]): Generator<string> {
  const re = new RegExp(`(?:^|[\\s,{(])['"]?(${names.join('|')})['"]?\\s*(?::\\s*|(?=[,}]))`, 'g')
  for (const m of text.matchAll(re)) {
    const at = m.index + m[0].length
    const value = m[0].trimEnd().endsWith(':') ? resolvedValue(text, text.slice(at, at + 200), at) : resolvedValue(text, m[1])
    if (value !== undefined) yield value
  }
}

