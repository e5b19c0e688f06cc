import { describe, expect, test } from 'vitest'
import { buildClassicMenus, buildNavigationMenu } from '../../../importers/wordpress/menus.js'
import type { MenuTargets, MenuWarning, NavMenuItem } from '../../../importers/wordpress/menus.js'
import { LIMITS } from '../../../importers/wordpress/limits.js'

type Tree = ReturnType<MenuTargets['pageTree']>

/** Targets where every page of `tree` is published at /p<id>/, and nothing else exists. */
function targets(tree: Tree): MenuTargets {
  const pages = new Set(tree.map((p) => p.id))
  return {
    post: () => undefined,
    page: (id) => (pages.has(id) ? { path: `p${id}` } : undefined),
    category: () => undefined,
    tag: () => undefined,
    pageTree: () => tree,
    internalUrl: () => undefined,
    checkUrl: () => null,
    postIndexUrl: '/',
  }
}

const nav = (content: string) => ({ id: 1, slug: 'nav', title: 'Nav', content, file: 'x.xml', line: 1 })

function depth(items: Array<{ children?: unknown[] }>): number {
  let d = 0
  for (let level = items; level.length > 0; level = (level[0].children ?? []) as typeof items) d++
  return d
}

describe('block navigation page lists, on hostile hierarchies', () => {
  test('a chain of 20,000 pages is nested no deeper than any real hierarchy, without exhausting the stack', () => {
    const tree: Tree = Array.from({ length: 20_000 }, (_, i) => ({ id: i + 1, parent: i, target: { path: `p${i + 1}` } }))
    const menu = buildNavigationMenu(nav('<!-- wp:page-list /-->'), targets(tree), new Set(), () => {}, {})
    expect(depth(menu?.items ?? [])).toBe(LIMITS.maxPageDepth + 1)
  })

  test('50,000 children of one page are listed in order, in linear time', () => {
    const tree: Tree = [{ id: 1, parent: 0, target: { path: 'p1' } }, ...Array.from({ length: 50_000 }, (_, i) => ({ id: i + 2, parent: 1, target: { path: `p${i + 2}` } }))]
    const started = performance.now()
    const menu = buildNavigationMenu(nav('<!-- wp:page-list /-->'), targets(tree), new Set(), () => {}, {})
    expect(menu?.items[0].children).toHaveLength(50_000)
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})

// Found by the hostile-input hunt: menus nested 16,000 deep threw RangeError (Maximum call stack size exceeded) out of
// the import, and 400 page lists in one navigation made 10 MB of menu from a 20 KB export.
describe('hostile menus', () => {
  const count = (items: Array<{ children?: unknown[] }>): number => items.reduce((n, i) => n + 1 + count((i.children ?? []) as typeof items), 0)
  const sub = (i: number) => `<!-- wp:navigation-submenu {"label":"L${i}","url":"https://s.example/l${i}/","kind":"custom"} -->`
  const link = '<!-- wp:navigation-link {"label":"x","url":"https://s.example/x/","kind":"custom"} /-->'

  test.each([
    ['closed', `${Array.from({ length: 20_000 }, (_, i) => sub(i)).join('')}${link}${'<!-- /wp:navigation-submenu -->'.repeat(20_000)}${link}`, 20_002],
    ['never closed', `${Array.from({ length: 20_000 }, (_, i) => sub(i)).join('')}${link}`, 20_001],
  ])('20,000 submenus nested (%s) keep every item, no deeper than LIMITS.maxMenuDepth, and say so once', (_name, content, items) => {
    const warnings: MenuWarning[] = []
    const menu = buildNavigationMenu(nav(content), targets([]), new Set(), (w) => warnings.push(w), {})
    expect(depth(menu?.items ?? [])).toBe(LIMITS.maxMenuDepth)
    expect(count(menu?.items ?? [])).toBe(items)
    expect(warnings.map((w) => w.message)).toEqual([expect.stringMatching(/nests submenus deeper than 100 levels/)])
  })

  test('a submenu to a draft page is not shown, children and all, whether or not it has a URL', () => {
    const menu = buildNavigationMenu(nav(`<!-- wp:navigation-submenu {"label":"Draft","type":"page","id":7,"kind":"post-type"} -->${link}<!-- /wp:navigation-submenu -->${link}`), targets([]), new Set(), () => {}, {})
    expect(menu?.items).toHaveLength(1)
  })

  test('page lists past LIMITS.maxPageListsPerNavigation are left out, and said so once', () => {
    const tree: Tree = Array.from({ length: 1_000 }, (_, i) => ({ id: i + 1, parent: 0, target: { path: `p${i + 1}` } }))
    const warnings: MenuWarning[] = []
    const menu = buildNavigationMenu(nav('<!-- wp:page-list /-->'.repeat(1_000)), targets(tree), new Set(), (w) => warnings.push(w), {})
    expect(menu?.items).toHaveLength(LIMITS.maxPageListsPerNavigation * 1_000)
    expect(warnings.map((w) => w.message)).toEqual([expect.stringMatching(/more than 4 page lists/)])
  })

  test('a classic menu whose items are parents in a chain of 20,000 is cut into levels no deeper than LIMITS.maxMenuDepth', () => {
    const items: NavMenuItem[] = Array.from({ length: 20_000 }, (_, i) => ({ id: i + 1, title: `I${i}`, menu: 'main', order: i, parent: i, type: 'custom', object: 'custom', objectId: 0, url: `https://s.example/i${i}/`, target: '', file: 'x.xml', line: i + 1 }))
    const warnings: MenuWarning[] = []
    const [menu] = buildClassicMenus([{ slug: 'main', name: 'Main', termId: 1 }], items, targets([]), new Set(), (w) => warnings.push(w))
    expect(depth(menu.items)).toBe(LIMITS.maxMenuDepth)
    expect(count(menu.items)).toBe(20_000)
    expect(warnings.length).toBe(20_000 / LIMITS.maxMenuDepth - 1)
    expect(warnings[0].message).toMatch(/nested deeper than 100 levels; it was moved to the top level/)
  })
})
