import { compareCodeUnits } from '../../src/compare.js'

/** A menu as the choice of ids sees it: its WordPress slug, name, the id it would get, and its size. */
export interface MenuSummary {
  slug: string
  name: string
  id: string
  /** Items at every level. */
  items: number
}

/** The ids menus get, and which became `primary` and why. */
export interface MenuIds {
  /** New id by WordPress slug. */
  ids: Map<string, string>
  primary?: { slug: string; reason: string }
  /** `--menu` assignments that name no menu of the export. */
  unknown: string[]
}

// Names themes give the main navigation's location and users give its menu: English, and the languages seen in exports.
const PRIMARY_NAMES = /(?:^|[\s_-])(?:primary|main|header|top|principal|haupt|menu-principal)(?:$|[\s_-])|主菜单|主导航|主選單|主要|اصلی|главное|основное/iu
// Names that say only "a navigation" (WordPress calls a new navigation block menu "Navigation"): weaker than the above,
// stronger than size.
const NAVIGATION_NAMES = /^(?:nav|navigation|menu|site[\s_-]?(?:nav|navigation|menu))(?:[\s_-]?\d+)?$/i

/**
 * Menu ids themes can find. WXR does not record theme locations, so: ids the caller assigns (`--menu main-nav=primary`)
 * come first; without one that is `primary`, the menu named like a main navigation (primary, main, header, top, or
 * their translations; else just "Navigation" or "Menu") becomes `primary`, else the one with the most items (the first
 * by slug on a tie). Every other
 * menu keeps its own id; one that collides with an assigned id gets a `-2` suffix.
 * @example
 * assignMenuIds([{ slug: 'footer', name: 'Footer', id: 'footer', items: 3 }, { slug: 'main-menu', name: 'Main Menu', id: 'main-menu', items: 2 }], {}).ids.get('main-menu') // 'primary'
 */
export function assignMenuIds(menus: readonly MenuSummary[], assigned: Readonly<Record<string, string>>): MenuIds {
  const ids = new Map<string, string>()
  const bySlug = new Map(menus.map((m) => [m.slug.toLowerCase(), m]))
  const unknown: string[] = []
  for (const [slug, id] of Object.entries(assigned)) {
    const menu = bySlug.get(slug.toLowerCase()) ?? menus.find((m) => m.id === slug || m.name === slug)
    if (menu) ids.set(menu.slug, id)
    else unknown.push(slug)
  }
  let primary: MenuIds['primary']
  const assignedPrimary = [...ids].find(([, id]) => id === 'primary')
  if (assignedPrimary) primary = { slug: assignedPrimary[0], reason: 'assigned with --menu' }
  else if (!menus.some((m) => m.id === 'primary')) {
    const open = menus.filter((m) => !ids.has(m.slug)).sort((a, b) => compareCodeUnits(a.slug, b.slug))
    const named = open.find((m) => PRIMARY_NAMES.test(m.name) || PRIMARY_NAMES.test(m.slug)) ?? open.find((m) => NAVIGATION_NAMES.test(m.name.trim()) || NAVIGATION_NAMES.test(m.slug))
    const largest = open.reduce<MenuSummary | undefined>((best, m) => (best === undefined || m.items > best.items ? m : best), undefined)
    const chosen = named ?? largest
    if (chosen) {
      ids.set(chosen.slug, 'primary')
      primary = { slug: chosen.slug, reason: named ? `its name "${chosen.name}" is a main navigation's` : `no menu is named like a main navigation; "${chosen.name}" has the most items (${chosen.items})` }
    }
  } else {
    const own = menus.find((m) => m.id === 'primary') as MenuSummary
    primary = { slug: own.slug, reason: 'its own id is primary' }
  }
  const taken = new Set(ids.values())
  for (const m of menus) {
    if (ids.has(m.slug)) continue
    let id = m.id
    for (let n = 2; taken.has(id); n++) id = `${m.id.slice(0, 60)}-${n}`
    taken.add(id)
    ids.set(m.slug, id)
  }
  return { ids, ...(primary ? { primary } : {}), unknown }
}
