import type { MenuItemFields } from '../../src/builder/inputs.js'
import { titleText } from './display-text.js'
import { capitalPTitle } from './content/capital-p.js'
import { blockTokens } from './content/blocks.js'
import { decodeEntities, htmlToText } from './content/html.js'
import { LIMITS } from './limits.js'
import type { OldSiteTarget, OldSiteTargets } from './menu-old-urls.js'
import type { WxrItem } from './read/wxr.js'
import { compareCodeUnits } from '../../src/compare.js'
import { decodeWpSlug } from './slugs.js'
import { trimBoth } from '../../src/trim.js'

/** A menu item as the builder takes it: exactly one target, the title defaulting to the target's. */
export type MenuItemSpec = MenuItemFields

/** A menu ready for the builder. */
export interface MenuSpec {
  id: string
  /** The menu's WordPress slug (`nav_menu` term or `wp_navigation` post name). */
  slug: string
  name: string
  items: MenuItemSpec[]
}

/** A `nav_menu_item` item reduced to what a menu needs. */
export interface NavMenuItem {
  id: number
  title: string
  menu: string
  order: number
  parent: number
  type: string
  object: string
  objectId: number
  url: string
  target: string
  file: string
  line: number
}

/**
 * A `nav_menu_item` item as a menu needs it: its menu, order, parent, and what it points at (`_menu_item_*` postmeta).
 * @example
 * toNavMenuItem(item).type // 'post_type', 'taxonomy', 'custom'…
 */
export function toNavMenuItem(item: WxrItem): NavMenuItem {
  const meta = item.meta
  return {
    id: item.postId, title: item.title, menu: item.terms.find((t) => t.domain === 'nav_menu')?.nicename ?? '', order: item.menuOrder,
    parent: Number(meta._menu_item_menu_item_parent) || 0, type: meta._menu_item_type ?? 'custom', object: meta._menu_item_object ?? '',
    objectId: Number(meta._menu_item_object_id) || 0, url: meta._menu_item_url ?? '', target: meta._menu_item_target ?? '', file: item.file, line: item.line,
  }
}

/** A problem with one menu item; the item is dropped and its children move up. */
export interface MenuWarning {
  menu: string
  item: string
  message: string
  file: string
  line: number
}

/** How menu targets are looked up in what was imported. */
export interface MenuTargets {
  post(wpId: number): { slug: string } | undefined
  /**
   * A page's path, or the URL WordPress served it at instead (`/` for the static front page, the posts page's index)
   * with its title, which a URL item needs.
   */
  page(wpId: number): { path: string } | { url: string; title: string } | undefined
  /** A category or tag by its term id: its slug, and its name as the payload holds it. */
  category(termId: number): { slug: string; name: string } | undefined
  tag(termId: number): { slug: string; name: string } | undefined
  /** Published pages for `wp:page-list`, in WordPress order, with their parent's WordPress id (0 at the top). */
  /**
   * The pages WordPress's page list showed (published ones, in menu order and by title), each with its parent and
   * where it is now (undefined: not imported, as a password-protected page; its children take its place).
   */
  pageTree(): Array<{ id: number; parent: number; target: { path: string } | { url: string; title: string } | undefined }>
  /** The new URL of an old-site URL, when it points at something imported. */
  internalUrl(url: string): string | undefined
  /** `null` when `url` is a valid navigation URL, else the reason. */
  checkUrl(url: string): string | null
  postIndexUrl: string
  /** Where the old site served targets the payload does not hold (another post type's items, terms, archives). */
  oldSite?: OldSiteTargets
}

/**
 * A contract map id from a WordPress menu slug: lower-case ASCII letters, digits, `_` and `-`, starting with a
 * letter, at most 64 characters, unique among `taken` (a `-2`, `-3`… suffix otherwise).
 * @example
 * menuId('Main Menu', 5, new Set()) // 'main-menu'
 */
export function menuId(slug: string, fallbackNumber: number, taken: Set<string>): string {
  let base = trimBoth(
    decodeWpSlug(slug)
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/-{2,}/g, '-'),
    '-_',
  )
  if (!/^[a-z]/.test(base)) base = base ? `menu-${base}` : `menu-${fallbackNumber}`
  base = base.slice(0, LIMITS.mapIdLength).replace(/[-_]+$/, '')
  let id = base
  for (let n = 2; taken.has(id); n++) id = `${base.slice(0, LIMITS.mapIdLength - String(n).length - 1)}-${n}`
  taken.add(id)
  return id
}

/** `oldSite`: the item leads to its target's URL on the old site, since the payload does not hold the target. */
type Resolved = { spec: MenuItemSpec; oldSite?: string } | { error: string; hidden?: boolean }

function resolveClassic(item: NavMenuItem, targets: MenuTargets): Resolved {
  // Walker_Nav_Menu prints each item's title through the_title.
  const title = titleText(item.title) || undefined
  const target = item.target === '_blank' ? ('_blank' as const) : undefined
  const base = { ...(title ? { title } : {}), ...(target ? { target } : {}) }
  switch (item.type) {
    case 'post_type': {
      if (item.object === 'page') {
        const page = targets.page(item.objectId)
        return page ? { spec: { ...pageTarget(page), ...base } } : { error: `links to page ${item.objectId}, which was not imported` }
      }
      if (item.object === 'post') {
        const post = targets.post(item.objectId)
        return post ? { spec: { ...base, post: post.slug } } : { error: `links to post ${item.objectId}, which was not imported` }
      }
      // WordPress (6.4 on) serves an attachment's page as its file, and so does the new site (see mapOldUrls).
      if (item.object === 'attachment') {
        const file = targets.internalUrl(`/?attachment_id=${item.objectId}`)
        return file ? customUrl(file, title, target, targets) : { error: `links to attachment ${item.objectId}, which is not in the export` }
      }
      // Another post type, imported as pages or posts (`--post-type`): found among those.
      const page = targets.page(item.objectId)
      if (page) return { spec: { ...pageTarget(page), ...base } }
      const post = targets.post(item.objectId)
      if (post) return { spec: { ...base, post: post.slug } }
      const old = targets.oldSite?.item(item.objectId)
      return old ? oldSiteUrl(old, title, target, targets) : { error: `links to a "${item.object}" item, a post type that is not imported, and the export has no published item ${item.objectId} to lead to on the old site` }
    }
    case 'taxonomy': {
      if (item.object !== 'category' && item.object !== 'post_tag') {
        const old = targets.oldSite?.term(item.object, item.objectId)
        return old ? oldSiteUrl(old, title, target, targets) : { error: `links to ${item.object} ${item.objectId}, which is not in the export` }
      }
      const term = item.object === 'category' ? targets.category(item.objectId) : targets.tag(item.objectId)
      if (!term) return { error: `links to ${item.object} ${item.objectId}, which was not imported` }
      // Without a label of its own, WordPress printed the term's name through the_title, which capital_P_dangit is on.
      const shown = title ? undefined : capitalPTitle(term.name)
      return { spec: { ...base, ...(shown !== undefined && shown !== term.name ? { title: shown } : {}), [item.object === 'category' ? 'category' : 'tag']: term.slug } }
    }
    case 'post_type_archive':
      // The posts' archive is the post index; another type's archive (a shop) has no page in the payload, so the item
      // leads to it on the old site.
      if (item.object !== 'post' && item.object !== '') {
        const old = targets.oldSite?.archive(item.object)
        return old ? oldSiteUrl(old, title, target, targets) : { error: `links to the archive of the "${item.object}" post type, which has no page here` }
      }
      return { spec: { title: title ?? 'Posts', url: targets.postIndexUrl, ...(target ? { target } : {}) } }
    default:
      return customUrl(item.url, title, target, targets)
  }
}

function pageTarget(page: { path: string } | { url: string; title: string }): { page: string } | { url: string; title: string } {
  return 'url' in page ? { url: page.url, title: page.title } : { page: page.path }
}

/** A target the payload does not hold, at its URL on the old site: the link works while that site serves it. */
function oldSiteUrl(old: OldSiteTarget, title: string | undefined, target: '_blank' | undefined, targets: MenuTargets): Resolved {
  const reason = targets.checkUrl(old.url)
  if (reason !== null) return { error: `leads to "${old.url}" on the old site, which ${reason}` }
  return { spec: { title: title ?? old.title ?? old.url, url: old.url, ...(target ? { target } : {}) }, oldSite: old.url }
}

function customUrl(raw: string, title: string | undefined, target: '_blank' | undefined, targets: MenuTargets): Resolved {
  const url = decodeEntities(raw)
  // A `#` item only opens its submenu; it takes its first child's target once children are known (see fillPlaceholders).
  if (isPlaceholderUrl(url)) return { spec: { title: title ?? '…', url: PLACEHOLDER, ...(target ? { target } : {}) } }
  const internal = targets.internalUrl(url)
  const finalUrl = internal ?? url
  const reason = targets.checkUrl(finalUrl)
  if (reason !== null) return { error: `has the URL "${url}", which ${reason}` }
  return { spec: { title: title ?? url, url: finalUrl, ...(target ? { target } : {}) } }
}

/**
 * Builds classic menus from `nav_menu` terms and their published `nav_menu_item` items: ordered by `menu_order`,
 * nested by `_menu_item_menu_item_parent`, targets resolved to imported items, or else to their URL on the old site
 * (`onOldSite` hears of each). An item that cannot be resolved is dropped with a warning and its children move up to
 * its parent; a parent cycle is broken at the top.
 */
export function buildClassicMenus(
  menus: ReadonlyArray<{ slug: string; name: string; termId: number; file?: string; line?: number }>,
  items: readonly NavMenuItem[],
  targets: MenuTargets,
  taken: Set<string>,
  warn: (w: MenuWarning) => void,
  onOldSite: (item: NavMenuItem, url: string) => void = () => {},
): MenuSpec[] {
  const byMenu = new Map<string, NavMenuItem[]>()
  for (const item of items) {
    const list = byMenu.get(item.menu)
    if (list) list.push(item)
    else byMenu.set(item.menu, [item])
  }
  const out: MenuSpec[] = []
  const sorted = [...menus].sort((a, b) => compareCodeUnits(a.slug, b.slug) || a.termId - b.termId)
  for (const menu of sorted) {
    const menuName = decodeEntities(menu.name) || menu.slug
    const list = (byMenu.get(menu.slug) ?? []).sort((a, b) => a.order - b.order || a.id - b.id)
    if (list.length === 0) continue
    const items = classicMenuItems({ ...menu, name: menuName }, list, targets, warn, onOldSite)
    if (items.length > 0) out.push({ id: menuId(menu.slug, menu.termId, taken), slug: menu.slug, name: menuName, items })
  }
  return out
}

/** A classic menu as its warnings name it: its slug, its name as shown, where it was read. */
type ClassicMenu = { slug: string; name: string; file?: string; line?: number }

/** One classic menu's items (in order), resolved, nested, and without placeholders that point at nothing. */
function classicMenuItems(menu: ClassicMenu, list: readonly NavMenuItem[], targets: MenuTargets, warn: (w: MenuWarning) => void, onOldSite: (item: NavMenuItem, url: string) => void): MenuItemSpec[] {
  const byId = new Map(list.map((i) => [i.id, i]))
  const specs = new Map<number, MenuItemSpec>()
  for (const item of list) {
    const r = resolveClassic(item, targets)
    if ('error' in r) warn({ menu: menu.slug, item: item.title || `#${item.id}`, message: `Menu item ${item.title ? `"${item.title}"` : item.id} in menu "${menu.name}" ${r.error}; it was dropped and its children moved up.`, file: item.file, line: item.line })
    else {
      specs.set(item.id, r.spec)
      if (r.oldSite !== undefined) onOldSite(item, r.oldSite)
    }
  }
  const roots = nestClassicItems(menu, list, byId, specs, warn)
  const sourceOf = new Map([...specs].map(([id, spec]) => [spec, byId.get(id) as NavMenuItem]))
  return fillPlaceholders(roots, (spec) => {
    const source = sourceOf.get(spec)
    warn({ menu: menu.slug, item: spec.title ?? '', message: `Menu item "${spec.title ?? ''}" in menu "${menu.name}" links to "#" and has no children to point at; it was dropped.`, file: source?.file ?? menu.file ?? '', line: source?.line ?? menu.line ?? 0 })
  })
}

/**
 * The kept items (`specs`) nested under their nearest kept ancestor, so children of a dropped item stay in the menu.
 * Children are attached only along chains reachable from the top, so a parent cycle cannot nest forever, and no
 * deeper than LIMITS.maxMenuDepth, so a hostile chain of parents cannot exhaust the stack; what is left is moved to
 * the top level with a warning.
 */
function nestClassicItems(menu: ClassicMenu, list: readonly NavMenuItem[], byId: ReadonlyMap<number, NavMenuItem>, specs: ReadonlyMap<number, MenuItemSpec>, warn: (w: MenuWarning) => void): MenuItemSpec[] {
  const { rootIds, childrenOf } = classicParents(list, byId, specs)
  const attached = new Set<number>()
  const attach = (id: number, depth: number): MenuItemSpec => {
    attached.add(id)
    const spec = specs.get(id) as MenuItemSpec
    const kids = depth + 1 < LIMITS.maxMenuDepth ? (childrenOf.get(id) ?? []).filter((k) => !attached.has(k)) : []
    if (kids.length > 0) spec.children = kids.map((k) => attach(k, depth + 1))
    return spec
  }
  const roots = rootIds.map((id) => attach(id, 0))
  for (const item of list) {
    if (!specs.has(item.id) || attached.has(item.id)) continue
    warn({ menu: menu.slug, item: item.title || `#${item.id}`, message: `Menu item ${item.title ? `"${item.title}"` : item.id} in menu "${menu.name}" is in a parent cycle or nested deeper than ${LIMITS.maxMenuDepth} levels; it was moved to the top level.`, file: item.file, line: item.line })
    roots.push(attach(item.id, 0))
  }
  return roots
}

/** The kept items at the top level, and each kept item's kept children, by the nearest kept ancestor; cycles end at the top level. */
function classicParents(list: readonly NavMenuItem[], byId: ReadonlyMap<number, NavMenuItem>, specs: ReadonlyMap<number, MenuItemSpec>): { rootIds: number[]; childrenOf: Map<number, number[]> } {
  const keptParent = (item: NavMenuItem): number => {
    const seen = new Set<number>([item.id])
    let p = item.parent
    while (p > 0 && byId.has(p) && !seen.has(p)) {
      if (specs.has(p)) return p
      seen.add(p)
      p = (byId.get(p) as NavMenuItem).parent
    }
    return 0
  }
  const rootIds: number[] = []
  const childrenOf = new Map<number, number[]>()
  for (const item of list) {
    if (!specs.has(item.id)) continue
    const parent = keptParent(item)
    if (parent === 0) rootIds.push(item.id)
    else {
      const kids = childrenOf.get(parent)
      if (kids) kids.push(item.id)
      else childrenOf.set(parent, [item.id])
    }
  }
  return { rootIds, childrenOf }
}

const PLACEHOLDER = '#'

/** Whether a menu URL only names a fragment of the current page (`#`, `#menu`): a parent that opens a submenu. */
function isPlaceholderUrl(url: string): boolean {
  return url.trim() === '' || url.trim().startsWith('#')
}

/**
 * Gives each `#` item (a parent that only opens its submenu in WordPress) the target of its first child, children
 * first, so a chain of `#` parents ends at a real link; a `#` item without children has nothing to point at and is
 * dropped (`onDropped`). The contract requires every item to have a URL.
 * @example
 * fillPlaceholders([{ title: 'More', url: '#', children: [{ page: 'about' }] }], () => {})[0].page // 'about'
 */
export function fillPlaceholders(items: MenuItemSpec[], onDropped: (item: MenuItemSpec) => void): MenuItemSpec[] {
  const out: MenuItemSpec[] = []
  for (const item of items) {
    if (item.children) {
      item.children = fillPlaceholders(item.children, onDropped)
      if (item.children.length === 0) delete item.children
    }
    if (item.url !== PLACEHOLDER) {
      out.push(item)
      continue
    }
    const first = item.children?.[0]
    if (!first) {
      onDropped(item)
      continue
    }
    delete item.url
    for (const key of ['url', 'post', 'page', 'category', 'tag'] as const) if (first[key] !== undefined) item[key] = first[key]
    out.push(item)
  }
  return out
}

/**
 * Builds a menu from a `wp_navigation` item's block markup: links, submenus, the home link and page lists become
 * items; other blocks (search, social links, site logo) are not links and are counted in `skippedBlocks`.
 */
export function buildNavigationMenu(
  nav: { id: number; slug: string; title: string; content: string; file: string; line: number },
  targets: MenuTargets,
  taken: Set<string>,
  warn: (w: MenuWarning) => void,
  skippedBlocks: Record<string, number>,
): MenuSpec | undefined {
  const name = decodeEntities(nav.title) || `Navigation ${nav.id}`
  const root: MenuItemSpec[] = []
  const stack: Array<MenuItemSpec[]> = [root]
  const opened: Array<boolean> = []
  const current = () => stack[stack.length - 1]
  const add = (r: Resolved, label: string) => {
    if ('error' in r) {
      warn({ menu: nav.slug, item: label, message: `Navigation "${name}" item "${label}" ${r.error}; it was dropped.`, file: nav.file, line: nav.line })
      return undefined
    }
    current().push(r.spec)
    return r.spec
  }
  // Inside a submenu WordPress does not show (it links to a draft), nothing is shown.
  let hiddenDepth = 0
  // Submenus deeper than LIMITS.maxMenuDepth open no level of their own (their items join the deepest level), and
  // page lists past LIMITS.maxPageListsPerNavigation are left out: each says so once.
  let tooDeep = false
  let pageLists = 0
  for (const t of blockTokens(nav.content)) {
    if (hiddenDepth > 0) {
      if (t.name === 'navigation-submenu' && t.kind !== 'void') hiddenDepth += t.kind === 'open' ? 1 : -1
      continue
    }
    if (t.name === 'navigation-link' || t.name === 'navigation-submenu') {
      if (t.kind === 'close') {
        if (t.name === 'navigation-submenu' && opened.pop()) stack.pop()
        continue
      }
      const label = htmlToText(String(t.attrs.label ?? '')) || String(t.attrs.url ?? '')
      let resolved = navigationTarget(t.attrs, label, targets)
      // A submenu without a link of its own opens its children, as a `#` parent does in a classic menu.
      if ('error' in resolved && !resolved.hidden && t.kind === 'open' && t.name === 'navigation-submenu' && !t.attrs.url) resolved = { spec: { title: label || '…', url: PLACEHOLDER } }
      const spec = add(resolved, label)
      if (t.kind === 'open' && t.name === 'navigation-submenu' && 'hidden' in resolved && resolved.hidden) {
        hiddenDepth = 1
        continue
      }
      if (t.kind === 'open' && t.name === 'navigation-submenu') {
        const deeper = spec !== undefined && stack.length < LIMITS.maxMenuDepth
        if (deeper) {
          spec.children = []
          stack.push(spec.children)
        } else if (spec && !tooDeep) {
          tooDeep = true
          warn({ menu: nav.slug, item: label, message: `Navigation "${name}" nests submenus deeper than ${LIMITS.maxMenuDepth} levels; the items below that level were kept at that level.`, file: nav.file, line: nav.line })
        }
        opened.push(deeper)
      }
    } else if (t.name === 'home-link' && t.kind !== 'close') {
      current().push({ title: htmlToText(String(t.attrs.label ?? '')) || 'Home', url: '/' })
    } else if (t.name === 'page-list' && t.kind !== 'close') {
      if (++pageLists <= LIMITS.maxPageListsPerNavigation) for (const spec of pageList(targets)) current().push(spec)
      else if (pageLists === LIMITS.maxPageListsPerNavigation + 1) warn({ menu: nav.slug, item: 'page list', message: `Navigation "${name}" has more than ${LIMITS.maxPageListsPerNavigation} page lists, each all of the site's pages; the others were left out.`, file: nav.file, line: nav.line })
    } else if (t.kind !== 'close' && t.name !== 'navigation') {
      skippedBlocks[t.name] = (skippedBlocks[t.name] ?? 0) + 1
    }
  }
  const items = fillPlaceholders(root, (item) => warn({ menu: nav.slug, item: item.title ?? '', message: `Navigation "${name}" item "${item.title ?? ''}" has no link and no children to point at; it was dropped.`, file: nav.file, line: nav.line }))
  if (items.length === 0) return undefined
  return { id: menuId(nav.slug || 'navigation', nav.id, taken), slug: nav.slug || 'navigation', name, items }
}

function navigationTarget(attrs: Record<string, unknown>, label: string, targets: MenuTargets): Resolved {
  const id = Number(attrs.id)
  const type = String(attrs.type ?? '')
  const title = label || undefined
  const target = attrs.opensInNewTab === true ? ('_blank' as const) : undefined
  const base = { ...(title ? { title } : {}), ...(target ? { target } : {}) }
  if (Number.isInteger(id) && id > 0) {
    // WordPress does not show a link (or a submenu, with its children) to a post or page that is not published
    // (render_block_core_navigation_link, render_block_core_navigation_submenu): nor does the import.
    if ((type === 'page' || type === 'post') && !(type === 'page' ? targets.page(id) : targets.post(id))) return { error: `links to ${type} ${id}, which is not published or was not imported`, hidden: true }
    if (type === 'page') {
      const page = targets.page(id)
      if (page) return { spec: { ...pageTarget(page), ...base } }
    } else if (type === 'post') {
      const post = targets.post(id)
      if (post) return { spec: { ...base, post: post.slug } }
    } else if (type === 'category') {
      const c = targets.category(id)
      if (c) return { spec: { ...base, category: c.slug } }
    } else if (type === 'tag' || type === 'post_tag') {
      const c = targets.tag(id)
      if (c) return { spec: { ...base, tag: c.slug } }
    }
  }
  const url = typeof attrs.url === 'string' ? attrs.url : ''
  if (!url) return { error: 'has no URL and no imported target' }
  return customUrl(url, title, target, targets)
}

/**
 * The items of a page list block, as `render_block_core_page_list` nests them: published pages under their parents,
 * top-level pages at the top, and a page whose parent is not published (a private page's child) not at all, since
 * WordPress never reaches it. A page listed but not imported gives its place to its children.
 */
function pageList(targets: MenuTargets): MenuItemSpec[] {
  const pages = targets.pageTree()
  const children = new Map<number, typeof pages>()
  for (const p of pages) {
    if (p.parent <= 0 || p.parent === p.id) continue
    const list = children.get(p.parent)
    if (list) list.push(p)
    else children.set(p.parent, [p])
  }
  const seen = new Set<number>()
  // Nesting deeper than any real hierarchy (LIMITS.maxPageDepth) is cut there, so a hostile export cannot exhaust the stack.
  const level = (list: typeof pages, depth: number): MenuItemSpec[] =>
    list.flatMap((p) => {
      if (seen.has(p.id)) return []
      seen.add(p.id)
      const below = depth < LIMITS.maxPageDepth ? level(children.get(p.id) ?? [], depth + 1) : []
      if (p.target === undefined) return below
      return [{ ...pageTarget(p.target), ...(below.length ? { children: below } : {}) }]
    })
  return level(pages.filter((p) => p.parent === 0 || p.parent === p.id), 0)
}

/**
 * Every menu of an export: classic menus (`nav_menu` terms and their items; a menu its items name but the export
 * does not declare is named after its slug), then block navigation (`wp_navigation` items), by id. Problems with one
 * item are warned about; blocks that are not links are counted in `skippedBlocks`.
 */
export function buildMenus(
  menuTerms: ReadonlyArray<{ slug: string; name: string; termId: number }>,
  items: readonly NavMenuItem[],
  navigations: ReadonlyArray<{ id: number; slug: string; title: string; content: string; file: string; line: number }>,
  targets: MenuTargets,
  warn: (w: MenuWarning) => void,
  skippedBlocks: Record<string, number>,
  onOldSite?: (item: NavMenuItem, url: string) => void,
): MenuSpec[] {
  const taken = new Set<string>()
  const menus = new Map(menuTerms.map((t) => [t.slug, { slug: t.slug, name: t.name, termId: t.termId }]))
  for (const item of items) if (!menus.has(item.menu)) menus.set(item.menu, { slug: item.menu, name: item.menu, termId: 0 })
  const specs = buildClassicMenus([...menus.values()], items, targets, taken, warn, onOldSite)
  for (const nav of [...navigations].sort((x, y) => x.id - y.id)) {
    const spec = buildNavigationMenu(nav, targets, taken, warn, skippedBlocks)
    if (spec) specs.push(spec)
  }
  return specs
}
