import { compareCodeUnits } from '../../../src/compare.js'
import type { Site, WidgetItem } from '../../../src/contract/types.js'
import type { Diagnostics } from '../diagnostics.js'
import { isPlainObject } from '../front-matter.js'
import type { ConfigMenuItem, RegistryAuthor, SiteConfig, TaxonomyDefinition } from './types.js'
import { appendAll } from '../../../src/append.js'

/** The `site` members a site file may set directly (the contract's own names). */
const SITE_KEYS: ReadonlySet<string> = new Set([
  'title', 'description', 'url', 'media_origin', 'locale', 'posts_per_page', 'date_style', 'time_style', 'timezone',
  'media_delivery_mode', 'expose_generator', 'search', 'feed', 'archive', 'robots', 'favicon', 'logo', 'newsletter',
  'comments', 'footer', 'meta',
])

/** Keys of the native site file besides the site members. */
const NATIVE_KEYS: ReadonlySet<string> = new Set([
  'site', 'permalinks', 'front_page', 'post_index', 'menus', 'widgets', 'collections', 'custom_css', 'custom_html',
  'excerpt_separator', 'authors', 'categories', 'tags', 'posts_dir', 'pages_dir', 'static_dirs',
])

/**
 * Applies a native site file (`site.yml` and friends) to `config`: site members at the top level or under `site`,
 * plus permalinks, front page, post index, menus, widgets, collections, custom CSS/HTML, registries and folders.
 * Unknown keys are reported so a typo does not silently do nothing.
 */
export function applyNativeSiteFile(data: unknown, config: SiteConfig, rel: string, diagnostics: Diagnostics): { postsDir?: string; pagesDir?: string } {
  if (!isPlainObject(data)) {
    diagnostics.error(rel, 1, 'invalid_config', 'The site file must be a map of settings (title, url, timezone, menus, …).')
    return {}
  }
  const site: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(data)) {
    if (SITE_KEYS.has(key)) site[key] = value
    else if (!NATIVE_KEYS.has(key)) diagnostics.warn(rel, 0, 'invalid_config', `Unknown site file key "${key}" was ignored. Site settings use the contract's names (title, url, timezone, …).`)
  }
  if (isPlainObject(data.site)) Object.assign(site, data.site)
  config.site = { ...config.site, ...(site as Partial<Site>) }
  if (isPlainObject(data.permalinks)) config.permalinks = data.permalinks
  if (isPlainObject(data.front_page)) config.frontPage = data.front_page as SiteConfig['frontPage']
  if (isPlainObject(data.post_index)) config.postIndex = data.post_index
  if (isPlainObject(data.menus)) {
    for (const [id, menu] of Object.entries(data.menus)) {
      if (!isPlainObject(menu)) continue
      config.menus[id] = { name: String(menu.name ?? id), items: Array.isArray(menu.items) ? (menu.items.filter(isPlainObject) as ConfigMenuItem[]) : [] }
    }
  }
  if (isPlainObject(data.widgets)) {
    for (const [id, area] of Object.entries(data.widgets)) {
      if (!isPlainObject(area)) continue
      config.widgets[id] = { name: String(area.name ?? id), items: Array.isArray(area.items) ? (area.items as WidgetItem[]) : [] }
    }
  }
  if (isPlainObject(data.collections)) {
    for (const [id, c] of Object.entries(data.collections)) {
      if (!isPlainObject(c)) continue
      config.collections[id] = {
        ...(typeof c.title === 'string' ? { title: c.title } : {}),
        ...(typeof c.description === 'string' ? { description: c.description } : {}),
        items: Array.isArray(c.items) ? (c.items.filter(isPlainObject) as Array<{ post: string } | { page: string }>) : [],
      }
    }
  }
  if (typeof data.custom_css === 'string') config.customCss = data.custom_css
  if (isPlainObject(data.custom_html)) config.customHtml = data.custom_html
  if (typeof data.excerpt_separator === 'string') config.excerptMarkers = [data.excerpt_separator, ...config.excerptMarkers]
  if (data.authors !== undefined) mergeMap(config.authors, readAuthorRegistry(data.authors))
  if (data.categories !== undefined) mergeMap(config.categories, readTaxonomyRegistry(data.categories))
  if (data.tags !== undefined) mergeMap(config.tags, readTaxonomyRegistry(data.tags))
  if (Array.isArray(data.static_dirs)) appendAll(config.staticDirs, data.static_dirs.filter((d): d is string => typeof d === 'string'))
  return {
    ...(typeof data.posts_dir === 'string' ? { postsDir: data.posts_dir } : {}),
    ...(typeof data.pages_dir === 'string' ? { pagesDir: data.pages_dir } : {}),
  }
}

/**
 * Reads an author registry: a map from key to `{ display_name | name, avatar | image_url }` (Docusaurus, ours,
 * and the Node.js `authors.json` keyed by display name), or a list of `{ id | key, … }`.
 */
export function readAuthorRegistry(data: unknown): Map<string, RegistryAuthor> {
  const out = new Map<string, RegistryAuthor>()
  const add = (key: string, value: unknown) => {
    if (typeof value === 'string') {
      out.set(key, { display_name: value })
      return
    }
    if (!isPlainObject(value)) return
    const name = firstString(value.display_name, value.name, value.title, key) as string
    const avatar = firstString(value.avatar, value.image_url, value.image, value.picture)
    out.set(key, { display_name: name, ...(avatar ? { avatar } : {}) })
  }
  if (Array.isArray(data)) {
    for (const item of data) if (isPlainObject(item)) add(String(item.id ?? item.key ?? item.name ?? ''), item)
  } else if (isPlainObject(data)) {
    for (const [key, value] of Object.entries(data)) add(key, value)
  }
  out.delete('')
  return out
}

/** Reads a taxonomy registry: a map from key to `{ name | label, slug, description }`, a map to names, or a list. */
export function readTaxonomyRegistry(data: unknown): Map<string, TaxonomyDefinition> {
  const out = new Map<string, TaxonomyDefinition>()
  const add = (key: string, value: unknown) => {
    if (value === null || value === undefined) out.set(key, { name: key })
    else if (typeof value === 'string') out.set(key, { name: value })
    else if (isPlainObject(value)) {
      const slug = firstString(value.slug)
      const description = firstString(value.description)
      out.set(key, {
        name: firstString(value.name, value.label, value.title, key) as string,
        ...(slug ? { slug } : {}),
        ...(description !== undefined ? { description } : {}),
      })
    }
  }
  if (Array.isArray(data)) {
    for (const item of data) {
      if (typeof item === 'string') add(item, item)
      else if (isPlainObject(item)) add(String(item.slug ?? item.key ?? item.name ?? ''), item)
    }
  } else if (isPlainObject(data)) {
    for (const [key, value] of Object.entries(data)) add(key, value)
  }
  out.delete('')
  return out
}

/** The first argument that is a string. */
export function firstString(...values: unknown[]): string | undefined {
  for (const v of values) if (typeof v === 'string') return v
  return undefined
}

/**
 * The origin of a site URL a configuration names (`https://example.org/docs/` → `https://example.org`), or undefined
 * when it is not an http(s) URL a browser could open (`https://`, `http://exa mple.org`): a configuration is input.
 */
export function httpOrigin(url: string | undefined): string | undefined {
  if (url === undefined || !/^https?:\/\//i.test(url) || !URL.canParse(url)) return undefined
  return new URL(url).origin
}

function mergeMap<V>(into: Map<string, V>, from: Map<string, V>): void {
  for (const [k, v] of from) into.set(k, v)
}

/**
 * Converts a Jekyll or Hugo permalink pattern into the contract's tokens (`:title`, `:filename` → `:slug`),
 * or returns null with the reason when it uses something the contract cannot express.
 */
export function convertPermalink(pattern: string, section?: string): { pattern: string; htmlExtension: boolean } | { error: string } {
  let p = pattern.trim()
  let htmlExtension = false
  if (/(?:\.html|:output_ext)$/.test(p)) {
    htmlExtension = true
    p = p.replace(/(?:\.html|:output_ext)$/, '/')
  }
  if (!p.startsWith('/')) p = '/' + p
  if (!p.endsWith('/')) p += '/'
  const segments = p.split('/').filter((s) => s !== '')
  const out: string[] = []
  for (const seg of segments) {
    if (!seg.startsWith(':')) {
      if (seg.includes(':')) return { error: `segment "${seg}" mixes text and a token` }
      out.push(seg)
      continue
    }
    switch (seg) {
      case ':title': case ':slug': case ':filename': case ':slugorfilename': case ':slugorcontentbasename': case ':contentbasename':
        out.push(':slug'); break
      case ':year': case ':month': case ':day':
        out.push(seg); break
      case ':section':
        if (!section) return { error: 'the :section token has no single value here' }
        out.push(section); break
      default:
        return { error: `the ${seg} token has no equivalent (use :slug, :public_id, :year, :month, :day)` }
    }
  }
  if (!out.includes(':slug')) return { error: 'the pattern has no :title or :slug' }
  return { pattern: '/' + out.join('/') + '/', htmlExtension }
}

/** The canonical BCP 47 form of a language tag (`en-us` → `en-US`, `pt_BR` → `pt-BR`), or undefined when it is not one. */
export function canonicalLocale(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag.replace(/_/g, '-'))[0]
  } catch {
    return undefined
  }
}

/**
 * Extensions of HTML content: Jekyll renders an `.html` file with front matter as a page (jekyllrb.com "Pages"),
 * Hugo takes `.html` content files (gohugo.io "Content formats"), Eleventy `.html` templates ("Template languages").
 * Such a document's body is HTML (`document_type: html`), its template tags expanded as a Markdown body's are.
 */
export const HTML_EXTENSIONS: ReadonlySet<string> = new Set(['.html', '.htm'])

// A loop over (or a variable set to) the generator's list of posts: Jekyll's `site.posts`, `paginator.posts` and
// `site.categories.x`/`site.tags.x` (all the terms without `.x`), Eleventy's `collections.posts` (or `post`) and its
// base blog's `collections.tagList`, or since version 9 the names of all collections (`collections | getKeys`).
const POST_LIST = /\{%-?\s*(?:for\s+[\w,\s]{1,60}?\s+in|set\s+\w{1,60}\s*=)\s*(?:(?:paginator\.posts|site\.posts|collections\.posts?)\b|(?:site\.(categories|tags)|collections(?:\.(tagList)|\s*(\|)))(?:\.([\w-]{1,100})|\[\s*["']([^"'\n]{1,100})["']\s*\])?)/

/**
 * What list of posts a template page shows, if it is one: `posts` for a blog's home or index (`index.html`,
 * `blog/index.html` looping over the paginator), a category or tag with its term for an archive of one term, without
 * one for the list of all terms. Such a
 * page is replaced by the new site's post index or term archive rather than imported with a loop no theme can run.
 * @example
 * postListing('{% for post in paginator.posts %}<h2>{{ post.title }}</h2>{% endfor %}') // { of: 'posts' }
 * postListing('{% for post in site.categories.release %}…{% endfor %}') // { of: 'category', term: 'release' }
 * postListing('<p>About us</p>') // undefined
 */
export function postListing(body: string): { of: 'posts' } | { of: 'category' | 'tag'; term?: string } | undefined {
  const m = POST_LIST.exec(body)
  if (m === null) return undefined
  if (m[1] === undefined && m[2] === undefined && m[3] === undefined) return { of: 'posts' }
  const term = m[4] ?? m[5]
  return { of: m[1] === 'categories' ? 'category' : 'tag', ...(term !== undefined ? { term } : {}) }
}

/** Data files themes keep their menus in (`_data/navigation.yml` and its other names), in the order they are tried. */
export const NAVIGATION_DATA = ['navigation', 'nav', 'menus', 'menu', 'main_menu', 'navbar']

/**
 * The menus of a navigation data file as themes write them (Jekyll's minimal-mistakes, Chirpy-like and most
 * Eleventy starters): a list is the `primary` menu (the navbar, as other presets name it); a map holds one menu per
 * key whose value is a list. An item is a `title` (or `name`, `text`, `label`) with a `url` (or `link`, `href`,
 * `path`) and optional `children` (or `subnav`, `submenu`, `items`); an item with children but no address leads where
 * its first child does. Menu ids are made to fit the contract's (`Docs Nav` → `docs-nav`).
 */
export function navigationMenus(data: unknown): Record<string, { name: string; items: ConfigMenuItem[] }> {
  const lists: Array<[string, unknown[]]> = Array.isArray(data) ? [['primary', data]] : isPlainObject(data) ? Object.entries(data).filter((e): e is [string, unknown[]] => Array.isArray(e[1])) : []
  const menus: Record<string, { name: string; items: ConfigMenuItem[] }> = {}
  // `main` (minimal-mistakes' masthead) is the navbar, `primary`, as Hugo's `main` is, unless the file has a `primary`.
  const hasPrimary = lists.some(([key]) => key.toLowerCase() === 'primary')
  for (const [key, list] of lists) {
    const id = key.toLowerCase() === 'main' && !hasPrimary ? 'primary' : key.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^[^a-z]+/, '').slice(0, 64)
    const items = navigationItems(list, 0)
    if (id !== '' && items.length > 0 && !(id in menus)) menus[id] = { name: key.charAt(0).toUpperCase() + key.slice(1), items }
  }
  return menus
}

/** Navigation data deeper than this is not read: no theme nests menus that far, and the builder refuses 256 levels. */
const NAVIGATION_DEPTH = 16

function navigationItems(list: unknown[], depth: number): ConfigMenuItem[] {
  const out: ConfigMenuItem[] = []
  for (const entry of list) {
    if (!isPlainObject(entry)) continue
    const title = firstString(entry.title, entry.name, entry.text, entry.label)
    const nested = [entry.children, entry.subnav, entry.submenu, entry.items].find(Array.isArray)
    const children = nested !== undefined && depth < NAVIGATION_DEPTH ? navigationItems(nested, depth + 1) : []
    const url = firstString(entry.url, entry.link, entry.href, entry.path) ?? children[0]?.url
    if (title === undefined || title.trim() === '' || url === undefined || url.trim() === '') continue
    out.push({ title: title.trim(), url: url.trim(), ...(entry.external === true || entry.target === '_blank' ? { target: '_blank' as const } : {}), children })
  }
  return out
}

/**
 * A generator's data folder as templates see it (Jekyll's `site.data`, Eleventy's global data): each file whose
 * path `accept` matches under its name without the extension, folders as nested maps, read by `readOne` (null or
 * undefined values left out). Undefined when the folder has no such file. Every file read is listed in `read`.
 */
export async function readDataFolder(files: ReadonlyArray<{ rel: string }>, dir: string, read: Set<string>, accept: RegExp, readOne: (rel: string) => Promise<unknown>): Promise<Record<string, unknown> | undefined> {
  const found = files.filter((f) => f.rel.startsWith(dir + '/') && accept.test(f.rel))
  if (found.length === 0) return undefined
  const root: Record<string, unknown> = Object.create(null)
  for (const f of found) {
    const value = await readOne(f.rel)
    read.add(f.rel)
    if (value === null || value === undefined) continue
    const parts = f.rel.slice(dir.length + 1).split('/')
    const last = parts.pop() as string
    const name = last.lastIndexOf('.') > 0 ? last.slice(0, last.lastIndexOf('.')) : last
    let at = root
    for (const p of parts) {
      if (!isPlainObject(at[p])) at[p] = Object.create(null)
      at = at[p] as Record<string, unknown>
    }
    at[name] = value
  }
  return root
}

/** One page in a navigation built from pages' own data (eleventy-navigation, just-the-docs). */
export interface NavigationEntry {
  key: string
  title: string
  parent?: string
  order: number
  url: string
  source: string
}

/**
 * A navigation built from pages' own data (the eleventy-navigation plugin's, just-the-docs'): entries under the entry
 * whose key their `parent` names, ordered by `order` (then by key, for a stable result). An entry whose parent is
 * missing or whose parents loop back is left out, as both find only entries reachable from the top.
 */
export function navigationTree(entries: NavigationEntry[]): ConfigMenuItem[] {
  const byKey = new Map<string, NavigationEntry>()
  for (const e of entries) if (!byKey.has(e.key)) byKey.set(e.key, e)
  const children = new Map<string | undefined, NavigationEntry[]>()
  for (const e of byKey.values()) {
    const siblings = children.get(e.parent)
    if (siblings) siblings.push(e)
    else children.set(e.parent, [e])
  }
  const build = (parent: string | undefined, depth: number): ConfigMenuItem[] =>
    depth > 32 ? [] : (children.get(parent) ?? []).sort((a, b) => a.order - b.order || compareCodeUnits(a.key, b.key)).map((e) => ({ title: e.title, url: e.url, source: e.source, children: build(e.key, depth + 1) }))
  return build(undefined, 0)
}
