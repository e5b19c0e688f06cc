import type { Discovery } from '../discover.js'
import type { SiteConfig } from './types.js'
import { checkSlugSegment } from '../../../src/validate/primitives/index.js'
import { isPlainObject } from '../front-matter.js'
import { firstString } from './_config.js'
import { featureList, heroHtml } from './_hero.js'
import { arrayItems, closing, entries, objectLiteral, resolvedValue, stringLiteral } from './_jstext.js'
import { escapeHtmlAndBraces } from '../templates/_html.js'
import { trimBoth } from '../../../src/trim.js'

/**
 * vuepress-theme-plume (theme-plume.vuejs.press), read as text and never run: its own theme configuration file, its
 * collections (the folders it makes blogs and documentation of) and its home page's sections, as the theme's
 * 1.0.0-rc builds publish them.
 */

/** The names the theme looks for its configuration under in `.vuepress/`, in its own order (`findConfigPath`). */
const CONFIG_NAMES = ['ts', 'js', 'mjs', 'cjs', 'mts', 'cts'].map((ext) => `plume.config.${ext}`)

/** How many collections are read: each costs a lookup in the configuration's text. */
const MAX_COLLECTIONS = 100
/** How many of the theme's locales are read for collections (each may name a module's whole text). */
const MAX_LOCALES = 100

/**
 * The theme's configuration file beside the site's configuration (`.vuepress/plume.config.ts`, "Theme
 * Configuration": the theme loads it by itself, so the site's configuration does not import it), or undefined.
 */
export function plumeConfigFile(discovery: Discovery, siteConfig: string): string | undefined {
  const dir = siteConfig.slice(0, siteConfig.lastIndexOf('/') + 1)
  return CONFIG_NAMES.map((n) => dir + n).find((f) => discovery.paths.has(f))
}

/**
 * The inline syntax the theme always turns on (its vuepress-plugin-md-power registers @mdit's `mark`, `sub`, `sup`
 * and `attrs` for every page: `==mark==`, `H~2~O`, `19^th^`, `{.class}`), as the vue template pass names it.
 */
export const PLUME_INLINE = ['mark', 'sub', 'sup', 'attrs']

/** Whether the site's theme is vuepress-theme-plume (`theme: plumeTheme({ … })`). */
export function usesPlume(themeText: string): boolean {
  return /\bplumeTheme\s*\(/.test(themeText)
}

/** A collection ("Collections": `defineCollection({ type, dir, … })`) as the theme completes it. */
export interface PlumeCollection {
  type: 'post' | 'doc'
  /** Its folder below the source folder, the locale's folder first, without slashes at the ends (`blog`, `zh/blog`). */
  dir: string
  /** A post collection's list page (`link`, by default `/<dir>/`); a doc collection's `linkPrefix`. The locale's folder first (`/blog/`, `/zh/demo/`). */
  link: string
  /** Where a post collection's posts and its tags, archives and categories pages are (`linkPrefix`, by default its `link`); a doc collection's `link`. */
  prefix: string
  /** Its sidebar as written (an array literal's text), for a doc collection; its items are files of `dir`. */
  sidebar?: string
  /** The theme locale it belongs to (`/`, `/zh/`). */
  locale: string
}

/** The options objects the theme reads: `plumeTheme({ … })` in the site's configuration, `defineThemeConfig({ … })`. */
function optionObjects(text: string): string[] {
  return outermost(text, /\b(?:plumeTheme|defineThemeConfig)\s*\(\s*\{/g).map(([from, to]) => text.slice(from + 1, to - 1))
}

/**
 * Where the brackets each match of `re` ends on open and close, for matches outside earlier ones (one written inside
 * another is part of it: each bracket is scanned once, whatever the nesting), as [open, after close].
 */
function outermost(text: string, re: RegExp): Array<[number, number]> {
  const spans: Array<[number, number]> = []
  let covered = 0
  for (const m of text.matchAll(re)) {
    const open = m.index + m[0].length - 1
    if (open < covered) continue
    const close = closing(text, open)
    if (close === -1) continue
    spans.push([open, close + 1])
    covered = close + 1
  }
  return spans
}

/**
 * The collections of the theme's options: `collections` at the top (the root locale's) and in each of `locales`
 * (`'/zh/': { collections: zhCollections }`), each an array of `defineCollection({ … })` calls or objects, written
 * there or held by a variable. The theme's defaults ("Collections"): `link` of a post collection `/<dir>/`,
 * `linkPrefix` its `link`, of a doc collection `/<dir>/`. At most `MAX_COLLECTIONS`.
 */
export function readPlumeCollections(text: string): PlumeCollection[] {
  const out: PlumeCollection[] = []
  const add = (raw: string | undefined, locale: string) => {
    for (const item of arrayItems(raw === undefined ? undefined : resolvedValue(text, raw)) ?? []) {
      if (out.length >= MAX_COLLECTIONS) return
      const collection = readCollection(text, item, locale)
      if (collection) out.push(collection)
    }
  }
  for (const options of optionObjects(text)) {
    const top = entries(options)
    add(top.get('collections'), '/')
    const locales = resolvedValue(text, top.get('locales') ?? '')
    for (const [key, raw] of [...entries(objectLiteral(locales) ?? '')].slice(0, MAX_LOCALES)) add(entries(objectLiteral(resolvedValue(text, raw)) ?? '').get('collections'), key)
  }
  return out
}

function readCollection(text: string, item: string, locale: string): PlumeCollection | undefined {
  const t = item.trim()
  const call = /^defineCollection\s*\(\s*\{/.exec(t)
  const close = call ? closing(t, call[0].length - 1) : -1
  const fields = entries(objectLiteral(call ? (close === -1 ? undefined : t.slice(call[0].length - 1, close + 1)) : resolvedValue(text, item)) ?? '')
  const type = stringLiteral(fields.get('type'))
  const dir = trimBoth(stringLiteral(fields.get('dir')) ?? '', '/')
  if ((type !== 'post' && type !== 'doc') || dir === '' || dir.split('/').some((s) => s === '..' || s === '.')) return undefined
  const folder = trimBoth(locale, '/')
  const linkField = stringLiteral(fields.get('link'))
  const prefixField = stringLiteral(fields.get('linkPrefix'))
  // rc.201 completeCollectionItems: a post collection's list is at `link` (default `/<dir>/`), its posts and their
  // tags, archives and categories pages below `linkPrefix` (default the `link`).
  const link = folderPath(folder, (type === 'post' ? linkField : prefixField) ?? dir)
  const prefix = type === 'post' ? folderPath(folder, prefixField ?? linkField ?? dir) : link
  const sidebar = type === 'doc' ? fields.get('sidebar') : undefined
  const list = sidebar === undefined ? undefined : resolvedValue(text, sidebar)
  return { type, dir: [folder, dir].filter((s) => s !== '').join('/'), link, prefix, locale, ...(list !== undefined ? { sidebar: list } : {}) }
}

/** A folder's URL from the locale's folder and a path as written (`'/'`, `'blog'`, `'/zh//blog/'`): empty components dropped. */
function folderPath(folder: string, path: string): string {
  const parts = [...folder.split('/'), ...path.split('/')].filter((s) => s !== '')
  return parts.length === 0 ? '/' : `/${parts.join('/')}/`
}

/** Whether every folder of a path is one the contract's permalinks can say. */
function sayable(path: string): boolean {
  return path.split('/').every((seg) => seg === '' || checkSlugSegment(seg) === null)
}

/**
 * The text with every collection blanked (`defineCollection({ … })` calls and `collections: [ … ]` written in
 * place), so that a collection's own `sidebar`, whose links are read from its folder, is not taken for the site's.
 */
export function withoutCollections(text: string): string {
  let out = ''
  let at = 0
  for (const [from, to] of outermost(text, /\bdefineCollection\s*\(\s*\{|(?:^|[\s,{])['"]?collections['"]?\s*:\s*\[/g)) {
    out += text.slice(at, from) + ' '.repeat(to - from)
    at = to
  }
  return out + text.slice(at)
}

/**
 * A home page's sections (`pageLayout: home` with `config: [{ type: 'hero', hero }, { type: 'features', … }]`,
 * "Frontmatter - Home"), which the theme renders instead of the body, as HTML before the body: heroes and banners
 * (`hero: { name, tagline, text, actions }`, a `doc-hero`'s `image`), features (`title`, `description`,
 * `features: [{ title, details, link }]`), text with an image (`title`, `description`, `list`) and a profile
 * (`name`, `description`). The theme's post lists and custom sections have no text of their own.
 */
export function plumeHomeSections(fm: Record<string, unknown>): string[] | undefined {
  if (fm.pageLayout !== 'home' || !Array.isArray(fm.config)) return undefined
  return fm.config.filter(isPlainObject).flatMap((section) => {
    const html = sectionHtml(section)
    return html === undefined ? [] : [html]
  })
}

function sectionHtml(section: Record<string, unknown>): string | undefined {
  const type = section.type
  if (type === 'hero' || type === 'doc-hero' || type === 'banner') {
    const hero = isPlainObject(section.hero) ? section.hero : {}
    const image = isPlainObject(hero.image) ? hero.image : undefined
    return heroHtml({
      image: image ? firstString(image.src, image.light) : firstString(hero.image),
      heading: [firstString(hero.name), firstString(hero.text)].filter((t): t is string => t !== undefined),
      tagline: firstString(hero.tagline),
      actions: (Array.isArray(hero.actions) ? hero.actions : []).filter(isPlainObject).map((a) => ({ text: firstString(a.text), link: firstString(a.link), variant: firstString(a.theme) })),
    })
  }
  if (type === 'features' || type === 'text-image' || type === 'image-text' || type === 'profile') {
    const title = firstString(section.title, section.name)
    const description = firstString(section.description)
    const items = type === 'features' ? featureList(section.features) : type === 'profile' ? undefined : list(section.list)
    const parts = [title ? `<h2>${escapeHtmlAndBraces(title)}</h2>` : '', description ? `<p>${escapeHtmlAndBraces(description)}</p>` : '', items ?? ''].filter((x) => x !== '')
    return parts.length === 0 ? undefined : `<section class="home-${type}">\n${parts.join('\n')}\n</section>`
  }
  return undefined
}

function list(value: unknown): string | undefined {
  const items = (Array.isArray(value) ? value : []).flatMap((x) => {
    if (typeof x === 'string') return [`<li>${escapeHtmlAndBraces(x)}</li>`]
    if (!isPlainObject(x)) return []
    const title = firstString(x.title)
    const description = firstString(x.description)
    if (!title && !description) return []
    return [`<li>${title ? `<strong>${escapeHtmlAndBraces(title)}</strong>` : ''}${title && description ? '<br>' : ''}${description ? escapeHtmlAndBraces(description) : ''}</li>`]
  })
  return items.length === 0 ? undefined : `<ul>\n${items.join('\n')}\n</ul>`
}

/**
 * A document of a post collection as a post (the collection's own `README.md` is no post): its slug the last folder
 * of the permalink the theme wrote into its front matter (`/blog/k4it82lg/` → `k4it82lg`, "Collections": a post's
 * `permalink` is `<linkPrefix><nanoid>/`), else its file name; dated by the `createTime` the theme wrote, when the
 * front matter gives no date of its own. `rel` is the file below the source folder.
 */
export function plumePost(collections: readonly PlumeCollection[], rel: string, url: string, fm: Record<string, unknown>): { kind: 'post'; name: string; url: string; defaults?: Record<string, unknown> } | undefined {
  const c = collections.find((x) => x.type === 'post' && rel.startsWith(x.dir + '/'))
  if (!c || /^readme\.md$/i.test(rel.slice(c.dir.length + 1))) return undefined
  const segments = url.split('/').filter((s) => s !== '')
  const name = url.endsWith('/') && url.startsWith(c.prefix) && url.length > c.prefix.length ? segments[segments.length - 1] : rel.slice(rel.lastIndexOf('/') + 1).replace(/\.md$/i, '')
  const created = firstString(fm.createTime)
  return { kind: 'post', name, url, ...(created !== undefined && fm.date === undefined ? { defaults: { date: created } } : {}) }
}

/**
 * The blog the post collections make: the root locale's first post collection lists the posts (the post index at its
 * `link`, posts at `<link>:slug/`), and the pages the theme generates besides (every post collection's tags, archives and categories pages,
 * "Collections": `<linkPrefix>tags/` …, and another collection's list) lead to it.
 */
export function plumeBlog(collections: readonly PlumeCollection[], config: SiteConfig, warn: (message: string) => void): void {
  const posts = collections.filter((c) => c.type === 'post')
  const index = posts.find((c) => c.locale === '/') ?? posts[0]
  if (index === undefined || config.postIndexPath !== undefined) return
  if (!sayable(index.link)) {
    warn(`The post collection "${index.dir}" lists its posts at ${JSON.stringify(index.link)}, a path a page URL cannot have: the post list is left at the default place. Give the collection a \`link\` of plain folder names (such as '/blog/').`)
    return
  }
  config.postIndexPath = index.link
  // Its posts keep their URLs (`<linkPrefix><slug>/`) where the contract can say the folder.
  if (sayable(index.prefix)) config.permalinks = { ...config.permalinks, posts: `${index.prefix}:slug/` }
  const file = config.file ?? ''
  const routes = posts.flatMap((c) => [...(c === index ? [] : [c.link]), ...['tags/', 'archives/', 'categories/'].map((l) => c.prefix + l)]).filter(sayable)
  config.generatedRoutes = [...(config.generatedRoutes ?? []), ...routes.map((from) => ({ from, to: index.link, file }))]
}

/** How many `encrypt.rules` are read: each page is matched against every one. */
const MAX_RULES = 100

/** The theme's password protection ("Encryption": `encrypt: { global, rules }` in its options). */
export interface PlumeEncrypt {
  global: boolean
  /** `rules` keys: a page path or folder (`/demo/`), a file's path below the source folder or its end (`a/b.md`). */
  rules: string[]
  /** `rules` keys the theme reads as regular expressions (`^/note/(a|b)/`), which the import does not run. */
  patterns: string[]
}

/** The `encrypt` option of the theme's options, as written; undefined without one. */
export function readPlumeEncrypt(text: string): PlumeEncrypt | undefined {
  for (const options of optionObjects(text)) {
    const encrypt = entries(options).get('encrypt')
    if (encrypt === undefined) continue
    const fields = entries(objectLiteral(resolvedValue(text, encrypt)) ?? '')
    const keys = [...entries(objectLiteral(resolvedValue(text, fields.get('rules') ?? '')) ?? '').keys()].slice(0, MAX_RULES)
    return { global: fields.get('global')?.trim() === 'true', rules: keys.filter((k) => !k.startsWith('^')), patterns: keys.filter((k) => k.startsWith('^')) }
  }
  return undefined
}

/**
 * The rule that asks a page for a password, as the theme's `isEncryptPage` matches it: the global switch, a key
 * ending in `.md` that the file's path below the source folder ends with, else a key the page's URL or that path
 * starts with (a leading slash dropped for the path). `rel` is the file below the source folder.
 */
export function plumeLockedBy(encrypt: PlumeEncrypt | undefined, url: string, rel: string): string | undefined {
  if (!encrypt) return undefined
  if (encrypt.global) return 'encrypt.global'
  const key = encrypt.rules.find((k) => (k.endsWith('.md') ? rel.endsWith(k) : url.startsWith(k) || rel.startsWith(k.replace(/^\/+/, ''))))
  return key === undefined ? undefined : `encrypt.rules "${key}"`
}
