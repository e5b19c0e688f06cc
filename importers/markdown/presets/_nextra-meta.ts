import { isPlainObject } from '../front-matter.js'
import { firstString } from './_config.js'
import { exportedData, stripComments } from './_jstext.js'
import { pageTitle, sidebarMenuId } from './_navbar.js'
import type { ConfigMenuItem, PresetContext, SiteConfig } from './types.js'
import { MARKDOWN_EXTENSIONS, splitPath } from './types.js'
import { splitLocale } from './_next-i18n.js'

/** The names a folder's `_meta` file goes by: Nextra 4 and 3 (`.js`, `.ts`…), Nextra 2 (`_meta.json`), Nextra 1 (`meta.json`). */
const META_FILES = ['_meta.js', '_meta.jsx', '_meta.ts', '_meta.tsx', '_meta.mjs', '_meta.json', 'meta.json']

/** How deep folders are followed (a hostile tree may nest more than any sidebar shows). */
const MAX_DEPTH = 8

/**
 * The locale whose navigation is read, on a site whose pages name their locale before the extension (Nextra 1 and
 * 2's i18n, `_next-i18n.ts`): its pages (for the default locale, pages without one too) and its `_meta.<locale>.json`
 * (Nextra 1: `meta.<locale>.json`); where another locale lacks a page or a `_meta` file, the default locale's, as
 * Nextra's loader falls back to them.
 */
export interface MetaLocale {
  locale: string
  locales: readonly string[]
  defaultLocale: string
}

/** One entry of a folder: a page file, a sub-folder, or both (`docs.mdx` beside `docs/`). */
interface Entry {
  file?: string
  folder?: string
}

/**
 * Nextra's navigation, from the `_meta` files of a pages folder (nextra.site "_meta.js File"; Nextra 2's `_meta.json`,
 * Nextra 1's `meta.json`), as the docs theme shows it: a folder's pages and sub-folders in the order its `_meta` file
 * lists them, the others after them by name; each titled by `_meta` (a string, or `title`), else by the page's own
 * title or first heading, else its name as Nextra formats it (`getting-started` → "Getting Started"); `display:
 * 'hidden'` and `type: 'separator'` left out, `href` an external link, a folder a group leading to its page
 * (`docs.mdx`, else `docs/index.mdx`, else its first item). Top-level items of `type: 'page'` or `'menu'` are the
 * navbar (`primary`), and each page folder's tree is a sidebar of its own; the rest of the top level is `sidebar`.
 * Read as text, never run: a `_meta` file whose values are code gives what it writes as literals.
 */
export async function nextraMenus(ctx: PresetContext, dir: string, config: SiteConfig, locale?: MetaLocale): Promise<void> {
  const tree = folderTree(ctx, dir, locale)
  const titles = new Map<string, string>()
  const top = await folderItems(ctx, tree, dir, 0, titles, locale)
  const navbar: ConfigMenuItem[] = []
  const sidebar: ConfigMenuItem[] = []
  const sections: Array<{ key: string; items: ConfigMenuItem[] }> = []
  for (const { item, type, key } of top) {
    if (type === 'page' || type === 'menu') {
      navbar.push({ ...item, children: type === 'menu' ? item.children : [] })
      if (type === 'page' && (item.children?.length ?? 0) > 0) sections.push({ key, items: item.children ?? [] })
    } else sidebar.push(item)
  }
  if (navbar.length > 0 && !config.menus.primary) config.menus.primary = { name: 'Navbar', items: navbar }
  const sidebars = [...(sidebar.length > 0 ? [{ key: '/', items: sidebar }] : []), ...sections]
  for (const [n, s] of sidebars.entries()) config.menus[sidebarMenuId(s.key, n, config.menus)] = { name: s.key === '/' ? 'Sidebar' : `Sidebar ${s.key}`, items: s.items }
}

/** Whether a pages folder has any `_meta` file, so that its navigation is Nextra's. */
export function hasNextraMeta(ctx: PresetContext, dir: string, locale?: MetaLocale): boolean {
  const names = new Set([...META_FILES, ...(locale ? [...localeMetaFiles(locale.locale), ...localeMetaFiles(locale.defaultLocale)] : [])])
  return ctx.discovery.files.some((f) => f.rel.startsWith(dir + '/') && names.has(f.rel.slice(f.rel.lastIndexOf('/') + 1)))
}

/** A locale's own `_meta` file names (Nextra 2 `_meta.en-US.json`, Nextra 1 `meta.en-US.json`). */
function localeMetaFiles(locale: string): string[] {
  return [`_meta.${locale}.json`, `meta.${locale}.json`]
}

/** Every folder below `dir` with its entries by name (pages without extension, sub-folders), in one pass over the files. */
function folderTree(ctx: PresetContext, dir: string, locale?: MetaLocale): Map<string, Map<string, Entry>> {
  const tree = new Map<string, Map<string, Entry>>()
  const entry = (folder: string, name: string) => {
    let entries = tree.get(folder)
    if (!entries) tree.set(folder, (entries = new Map()))
    let e = entries.get(name)
    if (!e) entries.set(name, (e = {}))
    return e
  }
  // A locale's own pages first; then, for another locale, the default locale's pages it lacks.
  const passes = locale === undefined || locale.locale === locale.defaultLocale ? [locale?.locale] : [locale.locale, locale.defaultLocale]
  for (const wanted of passes) for (const f of ctx.discovery.files) {
    if (!f.rel.startsWith(dir + '/')) continue
    const parts = f.rel.slice(dir.length + 1).split('/')
    if (parts.length > MAX_DEPTH + 1 || parts.some((p) => p.startsWith('_') || p.startsWith('.') || /^\[.+\]$/.test(p.replace(/\.[^.]*$/, '')))) continue
    const { base: name, ext } = splitPath(parts[parts.length - 1])
    if (!MARKDOWN_EXTENSIONS.has(ext)) continue
    const split = locale ? splitLocale(name, locale.locales) : { base: name }
    if (locale && (split.locale ?? locale.defaultLocale) !== wanted) continue
    const base = split.base
    let folder = dir
    for (const p of parts.slice(0, -1)) {
      entry(folder, p).folder = `${folder}/${p}`
      folder = `${folder}/${p}`
    }
    entry(folder, base).file ??= f.rel
  }
  return tree
}

/** The menu items of one folder, each with its `_meta` type and key. */
async function folderItems(ctx: PresetContext, tree: Map<string, Map<string, Entry>>, folder: string, depth: number, titles: Map<string, string>, locale?: MetaLocale): Promise<Array<{ item: ConfigMenuItem; type?: string; key: string }>> {
  const entries = tree.get(folder) ?? new Map<string, Entry>()
  const meta = await readMeta(ctx, folder, locale)
  const listed = Object.keys(meta).filter((k) => k !== '*')
  const keys = [...listed, ...[...entries.keys()].filter((k) => !Object.hasOwn(meta, k)).sort()]
  const out: Array<{ item: ConfigMenuItem; type?: string; key: string }> = []
  for (const key of keys) {
    const raw = Object.hasOwn(meta, key) ? meta[key] : undefined
    const spec: Record<string, unknown> = typeof raw === 'string' ? { title: raw } : isPlainObject(raw) ? raw : {}
    const type = firstString(spec.type)
    if (spec.display === 'hidden' || type === 'separator') continue
    const own = firstString(spec.title)?.trim() || undefined
    const href = firstString(spec.href)
    if (href !== undefined) {
      out.push({ item: { title: own ?? formatName(key), url: href, children: [] }, type, key })
      continue
    }
    if (type === 'menu') {
      const items = isPlainObject(spec.items) ? spec.items : {}
      const children: ConfigMenuItem[] = []
      for (const [k, v] of Object.entries(items)) {
        const link = isPlainObject(v) ? firstString(v.href) : undefined
        const file = entries.get(k)?.file
        const title = (isPlainObject(v) ? firstString(v.title) : firstString(v)) ?? formatName(k)
        if (link !== undefined) children.push({ title, url: link, children: [] })
        else if (file !== undefined) children.push({ title, url: '', source: file, children: [] })
      }
      if (children.length > 0) out.push({ item: { title: own ?? formatName(key), url: children[0].url, ...(children[0].source ? { source: children[0].source } : {}), children }, type, key })
      continue
    }
    const entry = entries.get(key)
    if (!entry) continue
    const children = entry.folder !== undefined && depth < MAX_DEPTH ? (await folderItems(ctx, tree, entry.folder, depth + 1, titles, locale)).map((c) => c.item) : []
    const page = entry.file ?? (entry.folder !== undefined ? tree.get(entry.folder)?.get('index')?.file : undefined)
    const title = own ?? (entry.file !== undefined ? await titleOf(ctx, entry.file, key, titles) : formatName(key))
    const lead = page ?? children[0]?.source
    if (lead === undefined && children.length === 0) continue
    out.push({ item: { title, url: lead === undefined ? children[0].url : '', ...(lead !== undefined ? { source: lead } : {}), children }, type, key })
  }
  return out
}

/** A folder's `_meta` data (null-prototype plain data), or an empty object when it has none. */
async function readMeta(ctx: PresetContext, folder: string, locale?: MetaLocale): Promise<Record<string, unknown>> {
  for (const name of [...(locale ? [...localeMetaFiles(locale.locale), ...localeMetaFiles(locale.defaultLocale)] : []), ...META_FILES]) {
    const file = `${folder}/${name}`
    if (!ctx.discovery.paths.has(file)) continue
    const text = (await ctx.readText(file)) ?? ''
    if (name.endsWith('.json')) {
      try {
        const data: unknown = JSON.parse(text)
        return isPlainObject(data) ? data : {}
      } catch {
        return {}
      }
    }
    return exportedData(stripComments(text))?.data ?? {}
  }
  return {}
}

/** A page's title in the sidebar when `_meta` gives none: its front-matter title or first heading, else its name formatted. */
async function titleOf(ctx: PresetContext, file: string, key: string, titles: Map<string, string>): Promise<string> {
  if (!titles.has(file)) titles.set(file, (await pageTitle(ctx, file)) ?? formatName(key))
  return titles.get(file) as string
}

/** A file or folder name as Nextra titles it (the `title` package): words split on `-` and `_`, each capitalised. */
export function formatName(name: string): string {
  return name
    .split(/[-_\s]+/)
    .filter((w) => w !== '')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ')
}
