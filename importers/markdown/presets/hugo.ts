import type { DiscoveredFile } from '../discover.js'
import { isPlainObject } from '../front-matter.js'
import { canonicalLocale, convertPermalink, firstString } from './_config.js'
import type { Classified, ConfigMenuItem, Preset, PresetContext, PresetOptions, SiteConfig } from './types.js'
import { emptyConfig, MARKDOWN_EXTENSIONS, splitPath } from './types.js'

const CONFIG_FILES = ['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json', 'config.toml', 'config.yaml', 'config.yml', 'config.json', 'config/_default/hugo.toml', 'config/_default/config.toml']
/** Sections that hold posts when neither the caller nor `params.mainSections` says otherwise. */
export const DEFAULT_POST_SECTIONS = ['posts', 'post', 'blog', 'news']

interface HugoState {
  contentRoot: string
  postSections: Set<string>
  /** Folders holding an `index.md` (leaf bundles): their other Markdown files are resources, not pages. */
  leafBundles: Set<string>
  /** Cascaded front-matter values by folder (relative to the content root, '' for the root). */
  cascades: Map<string, Record<string, unknown>>
}

const states = new WeakMap<SiteConfig, HugoState>()

/**
 * Hugo: `content/` (or `content/<language>/`) sections; posts are the pages of the post sections (`posts`, `post`,
 * `blog`, `news`, or `params.mainSections`), everything else is a page whose path follows its folders. `_index.md`
 * is its section's page, `index.md` a leaf bundle whose other files are resources; `headless`, `draft`,
 * `expiryDate`, `build` and `cascade` are honoured. `hugo.toml`/`config.toml` give title, baseURL,
 * languageCode, timeZone, permalinks and menus.
 */
export const hugoPreset: Preset = {
  name: 'hugo',
  async loadConfig(ctx: PresetContext): Promise<SiteConfig> {
    const config = emptyConfig()
    const file = ctx.options.configFile ?? CONFIG_FILES.find((f) => ctx.discovery.paths.has(f))
    const data = file ? await ctx.readData(file) : undefined
    const cfg = isPlainObject(data) ? data : {}
    if (file && isPlainObject(data)) config.file = file
    const get = (key: string) => cfg[key] ?? cfg[Object.keys(cfg).find((k) => k.toLowerCase() === key.toLowerCase()) ?? '']
    const params = isPlainObject(get('params')) ? (get('params') as Record<string, unknown>) : {}
    const title = firstString(get('title'))
    const baseURL = firstString(get('baseURL'))
    const languageTag = firstString(get('languageCode'), get('defaultContentLanguage'))
    const language = languageTag ? canonicalLocale(languageTag) : undefined
    const timezone = firstString(get('timeZone'))
    const description = firstString(params.description, get('description'))
    const origin = baseURL ? originOf(baseURL) : undefined
    config.site = {
      ...(title ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(origin ? { url: origin } : {}),
      ...(language ? { locale: language } : {}),
      ...(timezone ? { timezone } : {}),
      ...(typeof get('paginate') === 'number' ? { posts_per_page: get('paginate') as number } : {}),
    }
    config.excerptMarkers = ['<!--more-->']
    config.staticDirs = ['static', 'assets']

    const defaultLang = firstString(get('defaultContentLanguage'), 'en') as string
    let contentRoot = firstString(get('contentDir')) ?? 'content'
    const hasDirect = ctx.discovery.files.some((f) => f.rel.startsWith(contentRoot + '/') && f.rel.split('/').length === contentRoot.split('/').length + 1 && MARKDOWN_EXTENSIONS.has(splitPath(f.rel).ext))
    if (!hasDirect && ctx.discovery.files.some((f) => f.rel.startsWith(`${contentRoot}/${defaultLang}/`))) contentRoot = `${contentRoot}/${defaultLang}`

    const mainSections = Array.isArray(params.mainSections) ? params.mainSections.filter((s): s is string => typeof s === 'string') : undefined
    const postSections = new Set(ctx.options.postSections ?? mainSections ?? DEFAULT_POST_SECTIONS)

    const leafBundles = new Set<string>()
    const indexFiles: string[] = []
    for (const f of ctx.discovery.files) {
      if (!f.rel.startsWith(contentRoot + '/')) continue
      const rel = f.rel.slice(contentRoot.length + 1)
      const { dirs, base, ext } = splitPath(rel)
      if (!MARKDOWN_EXTENSIONS.has(ext)) continue
      if (base === 'index') leafBundles.add(dirs.join('/'))
      if (base === '_index') indexFiles.push(f.rel)
    }
    const cascades = new Map<string, Record<string, unknown>>()
    for (const rel of indexFiles) {
      const fm = await ctx.readFrontMatter(rel)
      const cascade = fm?.cascade
      const values = Array.isArray(cascade) ? cascade.find(isPlainObject) : cascade
      if (isPlainObject(values)) cascades.set(splitPath(rel.slice(contentRoot.length + 1)).dirs.join('/'), values)
    }
    states.set(config, { contentRoot, postSections, leafBundles, cascades })

    const firstPostSection = [...postSections].find((s) => ctx.discovery.files.some((f) => f.rel.startsWith(`${contentRoot}/${s}/`)))
    const permalinks = isPlainObject(get('permalinks')) ? (get('permalinks') as Record<string, unknown>) : {}
    const pattern = firstPostSection ? firstString(permalinks[firstPostSection], isPlainObject(permalinks.page) ? permalinks.page[firstPostSection] : undefined) : undefined
    if (pattern && firstPostSection) {
      const converted = convertPermalink(pattern, firstPostSection)
      if ('error' in converted) ctx.diagnostics.warn(file ?? '', 0, 'unsupported_feature', `The permalink "${pattern}" cannot be expressed in Preview Data (${converted.error}); posts use /${firstPostSection}/:slug/.`)
      else config.permalinks = { posts: converted.pattern }
    }
    if (!config.permalinks && firstPostSection) config.permalinks = { posts: `/${firstPostSection}/:slug/` }

    const menus = isPlainObject(get('menus')) ? get('menus') : isPlainObject(get('menu')) ? get('menu') : {}
    for (const [id, entries] of Object.entries(menus as Record<string, unknown>)) {
      if (!Array.isArray(entries)) continue
      config.menus[id] = { name: id.charAt(0).toUpperCase() + id.slice(1), items: hugoMenuTree(entries.filter(isPlainObject)) }
    }
    return config
  },
  classify(file: DiscoveredFile, config: SiteConfig, _options: PresetOptions): Classified | null {
    const state = states.get(config)
    if (!state || !file.rel.startsWith(state.contentRoot + '/')) return null
    const rel = file.rel.slice(state.contentRoot.length + 1)
    const { dirs, base, ext } = splitPath(rel)
    if (!MARKDOWN_EXTENSIONS.has(ext)) return null
    // Markdown inside a leaf bundle (other than its index.md) is a resource of that bundle.
    for (let i = 1; i <= dirs.length; i++) {
      if (state.leafBundles.has(dirs.slice(0, i).join('/')) && !(i === dirs.length && base === 'index')) return null
    }
    const defaults = cascadeFor(state, dirs)
    const section = dirs[0]
    const inPostSection = section !== undefined && state.postSections.has(section)
    const extra = defaults ? { defaults } : {}
    if (base === '_index') {
      return { kind: 'page', name: dirs[dirs.length - 1] ?? '', pathDirs: dirs.slice(0, -1), isIndex: true, ...extra }
    }
    if (inPostSection) {
      const name = base === 'index' ? dirs[dirs.length - 1] : base
      return { kind: 'post', name, ...extra }
    }
    if (base === 'index') return { kind: 'page', name: dirs[dirs.length - 1] ?? '', pathDirs: dirs.slice(0, -1), isIndex: true, ...extra }
    return { kind: 'page', name: base, pathDirs: dirs, ...extra }
  },
}

/** Front-matter values cascaded onto a file in `dirs`: nearer `_index.md` files win. */
function cascadeFor(state: HugoState, dirs: string[]): Record<string, unknown> | undefined {
  let out: Record<string, unknown> | undefined
  for (let i = 0; i <= dirs.length; i++) {
    const values = state.cascades.get(dirs.slice(0, i).join('/'))
    if (values) out = { ...out, ...values }
  }
  return out
}

/** Builds a menu tree from Hugo entries (`name`, `url` or `pageRef`, `weight`, `identifier`, `parent`), by weight then name. */
function hugoMenuTree(entries: Record<string, unknown>[]): ConfigMenuItem[] {
  const byId = new Map<string, ConfigMenuItem>()
  const items = entries.map((e) => {
    const ref = firstString(e.url, e.pageRef) ?? '/'
    const item: ConfigMenuItem & { parent?: string } = {
      title: firstString(e.name, e.title, e.identifier) ?? ref,
      url: /^[a-z]+:/i.test(ref) || ref.startsWith('/') ? ref : `/${ref}`,
      weight: typeof e.weight === 'number' ? e.weight : 0,
      children: [],
      ...(typeof e.parent === 'string' ? { parent: e.parent } : {}),
    }
    byId.set(firstString(e.identifier, e.name) ?? ref, item)
    return item
  })
  const roots: ConfigMenuItem[] = []
  for (const item of items) {
    const parent = item.parent ? byId.get(item.parent) : undefined
    delete item.parent
    if (parent && parent !== item) parent.children?.push(item)
    else roots.push(item)
  }
  const sort = (list: ConfigMenuItem[]) => {
    list.sort((a, b) => (a.weight ?? 0) - (b.weight ?? 0) || ((a.title ?? '') < (b.title ?? '') ? -1 : (a.title ?? '') > (b.title ?? '') ? 1 : 0))
    for (const i of list) if (i.children) sort(i.children)
  }
  sort(roots)
  return roots
}

function originOf(url: string): string | undefined {
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined
  } catch {
    return undefined
  }
}
