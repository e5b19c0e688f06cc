import { arrayItems, entries, objectLiteral, stringLiteral } from './_jstext.js'
import { firstString } from './_config.js'
import { scanBody } from '../scan.js'
import type { ConfigMenuItem, PresetContext } from './types.js'
import { trimTrailing } from '../../../src/trim.js'

/** How deep a navbar's dropdowns are followed (themes show two levels; a hostile configuration may nest more). */
const MAX_DEPTH = 4

/** Which keys of a navbar item hold its label, its link and its sub-items, in the generator's own terms. */
export interface NavbarKeys {
  title: readonly string[]
  url: readonly string[]
  children: readonly string[]
  /** A path its sub-items' relative links are written from (VuePress 2's `prefix`, VitePress's `base`). */
  prefix?: readonly string[]
  /** The link of an item whose link the generator computes (Docusaurus's `type: 'doc'`), from its fields. */
  computed?: (fields: Map<string, string>) => string | undefined
  /** A whole item the generator makes from its fields (Docusaurus's `type: 'docsVersionDropdown'`), else undefined. */
  made?: (fields: Map<string, string>) => ConfigMenuItem | undefined
  /**
   * An item written as a page's path alone (VuePress 2's `'/guide/'`), which the generator shows with the page's
   * title: the item for it, or undefined when it names no page.
   */
  page?: (link: string) => ConfigMenuItem | undefined
}

/**
 * A navbar written as an array literal (VuePress and VitePress `nav`/`navbar`/`sidebar`, Docusaurus `navbar.items`),
 * as menu items: each object with a label and a link (or sub-items, the dropdown then leading to its first sub-item's
 * link), and each page path where `keys.page` reads them (alone, or as VuePress 1's `[path, text]`), in the order written; spreads and items without a label or
 * a link are left out. A relative link is written from its parent's `prefix` (`base`). URLs are as the old site
 * wrote them: the import maps them to the new site's.
 */
export function navbarItems(raw: string | undefined, keys: NavbarKeys, depth = 0, prefix = ''): ConfigMenuItem[] {
  if (depth >= MAX_DEPTH) return []
  const out: ConfigMenuItem[] = []
  const from = (link: string) => (prefix === '' || /^(?:\/|[a-z][a-z0-9+.-]*:|#)/i.test(link) ? link : trimTrailing(prefix, '/') + '/' + link.replace(/^\.\//, ''))
  for (const item of arrayItems(raw) ?? []) {
    const written = stringLiteral(item)
    if (written !== undefined) {
      // '' names the page of the parent's prefix (vuepress-theme-hope's sidebar `'/': ['', …]`).
      const page = written.trim() === '' && prefix === '' ? undefined : keys.page?.(from(written.trim()))
      if (page) out.push(page)
      continue
    }
    // VuePress 1's `['/page-b', 'Explicit link text']`: the page with that text, or an external link so titled.
    const tuple = keys.page ? arrayItems(item)?.map((v) => stringLiteral(v)?.trim()) : undefined
    if (tuple) {
      const [link, text] = tuple
      const page = link === undefined || link === '' ? undefined : keys.page?.(from(link))
      if (page) out.push(text ? { ...page, title: text } : page)
      else if (link && text && /^[a-z][a-z0-9+.-]*:/i.test(link)) out.push({ title: text, url: link, children: [] })
      continue
    }
    const inner = objectLiteral(item)
    if (inner === undefined) continue
    const fields = entries(inner)
    const made = keys.made?.(fields)
    if (made) {
      out.push(made)
      continue
    }
    const title = keys.title.map((k) => stringLiteral(fields.get(k))).find((v) => v !== undefined && v.trim() !== '')
    const own = keys.prefix?.map((k) => stringLiteral(fields.get(k))).find((v) => v !== undefined)
    const childKey = keys.children.find((k) => fields.has(k))
    const children = childKey ? navbarItems(fields.get(childKey), keys, depth + 1, own === undefined ? prefix : from(own)) : []
    // A bare fragment (`link: '#'`, a placeholder) leads nowhere of its own: the item leads to its first sub-item, if any.
    const link = keys.url.map((k) => stringLiteral(fields.get(k))).find((v) => v !== undefined && v.trim() !== '' && !v.trim().startsWith('#'))
    const url = (link === undefined ? undefined : from(link)) ?? keys.computed?.(fields) ?? children[0]?.url
    if (title === undefined || url === undefined) continue
    // A link to a page's Markdown file (`/guide/config.md`), which VuePress and VitePress serve at the page's URL.
    const source = keys.page && /^[^?#]*\.md(?:[?#]|$)/.test(url) ? keys.page(url)?.source : undefined
    out.push({ title, url, children, ...(source !== undefined ? { source } : {}) })
  }
  return out
}

/**
 * The menu id of a sidebar: `sidebar` for the first (the one a theme with one sidebar shows), `sidebar-<its key>`
 * for the others (Docusaurus's `apiSidebar` → `sidebar-apisidebar`, VitePress's `/guide/` → `sidebar-guide`), a
 * number where that is taken or not an id.
 */
export function sidebarMenuId(key: string, n: number, taken: Record<string, unknown>): string {
  if (n === 0 && !('sidebar' in taken)) return 'sidebar'
  const own = `sidebar-${key.toLowerCase().replace(/[^a-z0-9_]+/g, '-').replace(/^-+|-+$/g, '')}`.slice(0, 64)
  return /^[a-z][a-z0-9_-]{0,63}$/.test(own) && own !== 'sidebar-' && !(own in taken) ? own : `sidebar-${n + 1}`
}

/**
 * The title a generator shows for a page in its navigation: `title` front matter (`fm`, when read already), else its
 * first `# ` heading; undefined when it has neither.
 */
export async function pageTitle(ctx: PresetContext, file: string, fm?: Record<string, unknown>): Promise<string | undefined> {
  const own = firstString((fm ?? (await ctx.readFrontMatter(file)) ?? {}).title)
  if (own !== undefined && own.trim() !== '') return own
  const body = ((await ctx.readText(file)) ?? '').replace(/^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, '')
  // The heading as the import reads a document's title (outside code, ATX or setext, inline markup stripped).
  return scanBody(body, false).h1 ?? undefined
}

/**
 * Gives the items read from a page's path alone (`NavbarKeys.page`: blank titles, the page as `source`) the page's
 * title, or its file name when it has none; the others are kept as they are. Each page is read once for all the
 * menus given the same `titles` (a page named n times was read n times: 400 items naming a 1 MB page took 5.6 s).
 */
export async function titlePages(ctx: PresetContext, items: ConfigMenuItem[], titles = new Map<string, string>()): Promise<ConfigMenuItem[]> {
  const pending = [...items]
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const source = item.source
    if (item.title === '' && source !== undefined) {
      if (!titles.has(source)) titles.set(source, (await pageTitle(ctx, source)) ?? source.replace(/^.*\/|\.[^.]*$/g, ''))
      item.title = titles.get(source) as string
    }
    for (const child of item.children ?? []) pending.push(child)
  }
  return items
}

/** The most menu items the autogenerated folders of one site's sidebars expand to, all sidebars together. */
export const MAX_SIDEBAR_ITEMS = 100_000

/**
 * The autogenerated folders of a site's sidebars (Docusaurus `{ type: 'autogenerated' }`, Starlight `autogenerate`),
 * each laid out once and copied where it is named again, within `MAX_SIDEBAR_ITEMS` items: a folder of n docs named n
 * times (in one sidebar or n of them) made n² items (1,000: a million, 1.8 s; 10,000 would exhaust memory).
 * An expansion past the budget is left out and counted in `leftOut`.
 */
export class SidebarExpansions {
  leftOut = 0
  #room = MAX_SIDEBAR_ITEMS
  readonly #made = new Map<string, { items: ConfigMenuItem[]; size: number; used: boolean }>()

  /** The items of the expansion `key` (its folder, and whatever else it depends on), made by `make` the first time. */
  take(key: string, make: () => ConfigMenuItem[]): ConfigMenuItem[] {
    let made = this.#made.get(key)
    if (made === undefined) {
      const items = make()
      made = { items, size: itemCount(items), used: false }
      this.#made.set(key, made)
    }
    if (made.size > this.#room) {
      this.leftOut += made.size
      return []
    }
    this.#room -= made.size
    if (made.used) return structuredClone(made.items)
    made.used = true
    return made.items
  }
}

/** The warning for items `SidebarExpansions` left out. */
export function sidebarsLeftOut(count: number): string {
  return `The sidebars' autogenerated folders make more than ${MAX_SIDEBAR_ITEMS.toLocaleString('en-US')} menu items together; ${count.toLocaleString('en-US')} more were left out of the menus. Name each folder once, or add the menus to a --config site file.`
}

/** How many items a menu list holds, all levels. */
function itemCount(items: readonly ConfigMenuItem[]): number {
  let count = 0
  const pending = [...items]
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    count++
    for (const child of item.children ?? []) pending.push(child)
  }
  return count
}
