import { isPlainObject } from '../front-matter.js'
import { firstString } from './_config.js'
import type { ConfigMenuItem } from './types.js'

type Menus = Record<string, { name: string; items: ConfigMenuItem[] }>

/**
 * The menus of the Documentation Theme for Jekyll (tomjoht/documentation-theme-jekyll), as its `_includes/topnav.html`
 * and `_includes/sidebar.html` print them from the site's data: the top navigation (`_data/topnav.yml`: `topnav`
 * items, `topnav_dropdowns` folders, `topnav_github` items) is `primary`; each sidebar file (`_data/sidebars/x.yml`:
 * `entries`, their `folders`, `folderitems`, `subfolders`, `subfolderitems`) is a menu named by its file. A sidebar
 * shows only what its `output` says is for the web; an item with an `external_url` opens in a new tab.
 */
export function docThemeMenus(data: Record<string, unknown>): Menus {
  const menus: Menus = {}
  const topnav = isPlainObject(data.topnav) ? data.topnav : {}
  const top = [...entryItems(topnav.topnav, 'items', false), ...entries(topnav.topnav_dropdowns).flatMap((e) => folderItems(e.folders, 'folderitems', false)), ...entryItems(topnav.topnav_github, 'items', false)]
  if (top.length > 0) menus.primary = { name: 'Top navigation', items: top }
  const sidebars = isPlainObject(data.sidebars) ? data.sidebars : {}
  for (const key of Object.keys(sidebars).sort()) {
    const id = key.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^[^a-z]+/, '').slice(0, 64)
    const list = entries(isPlainObject(sidebars[key]) ? sidebars[key].entries : undefined)
    const items = list.flatMap((e) => folderItems(e.folders, 'folderitems', true))
    const product = firstString(list[0]?.product)
    if (id !== '' && items.length > 0 && !(id in menus)) menus[id] = { name: product ? `${product} sidebar` : key, items }
  }
  return menus
}

function entries(value: unknown): Array<Record<string, unknown>> {
  return Array.isArray(value) ? value.filter(isPlainObject) : []
}

function forWeb(entry: Record<string, unknown>, sidebar: boolean): boolean {
  return !sidebar || (typeof entry.output === 'string' && entry.output.includes('web'))
}

/** The items of each entry (`topnav: [{ items: [...] }]`). */
function entryItems(value: unknown, key: string, sidebar: boolean): ConfigMenuItem[] {
  return entries(value).flatMap((e) => links(e[key], sidebar))
}

/** Folders as parent items (leading where their first child does), their items below. */
function folderItems(value: unknown, key: 'folderitems' | 'subfolderitems', sidebar: boolean): ConfigMenuItem[] {
  const out: ConfigMenuItem[] = []
  for (const folder of entries(value)) {
    const title = firstString(folder.title)?.trim()
    const children = links(folder[key], sidebar)
    if (!forWeb(folder, sidebar) || title === undefined || title === '' || children.length === 0) continue
    out.push({ title, url: children[0].url, children })
  }
  return out
}

function links(value: unknown, sidebar: boolean): ConfigMenuItem[] {
  const out: ConfigMenuItem[] = []
  for (const item of entries(value)) {
    const title = firstString(item.title)?.trim()
    const external = firstString(item.external_url)?.trim()
    const url = external ?? firstString(item.url)?.trim()
    if (!forWeb(item, sidebar) || title === undefined || title === '' || url === undefined || url === '') continue
    // The sidebar writes `url | remove: "/"`, relative to the site root the theme's pages sit in.
    const own = external === undefined && sidebar && !url.startsWith('/') ? `/${url}` : url
    out.push({ title, url: own, ...(external !== undefined ? { target: '_blank' as const } : {}), children: sidebar ? folderItems(item.subfolders, 'subfolderitems', true) : [] })
  }
  return out
}

/**
 * Beautiful Jekyll's navbar (`navbar-links:` in `_config.yml`, as its `_includes/nav.html` prints it): each key is a
 * title; a string value its address (relative ones under the site, as `relative_url` makes them), a list of
 * one-key maps a dropdown of those links. An address with `://` leaves the site.
 */
export function navbarLinks(value: unknown): ConfigMenuItem[] {
  if (!isPlainObject(value)) return []
  const link = (title: string, url: unknown): ConfigMenuItem | undefined => {
    if (typeof url !== 'string' || url.trim() === '' || title.trim() === '') return undefined
    const address = url.trim()
    return { title: title.trim(), url: address.includes('://') || address.startsWith('/') ? address : `/${address}`, children: [] }
  }
  const out: ConfigMenuItem[] = []
  for (const [title, target] of Object.entries(value)) {
    if (Array.isArray(target)) {
      const children = target.filter(isPlainObject).flatMap((entry) => Object.entries(entry).flatMap(([t, u]) => link(t, u) ?? []))
      if (children.length > 0 && title.trim() !== '') out.push({ title: title.trim(), url: children[0].url, children })
    } else {
      const item = link(title, target)
      if (item) out.push(item)
    }
  }
  return out
}
