import { expect, test } from 'vitest'
import { assignMenuIds } from '../../../importers/wordpress/primary-menu.js'
import type { MenuSummary } from '../../../importers/wordpress/primary-menu.js'

const menu = (slug: string, items: number, name = slug): MenuSummary => ({ slug, name, id: slug, items })

const cases: Array<{ name: string; menus: MenuSummary[]; assigned?: Record<string, string>; ids: Record<string, string>; primary?: string; unknown?: string[] }> = [
  { name: 'named main', menus: [menu('footer', 9), menu('main-menu', 2, 'Main Menu')], ids: { footer: 'footer', 'main-menu': 'primary' }, primary: 'main-menu' },
  { name: 'named header', menus: [menu('links', 9), menu('header-nav', 2)], ids: { links: 'links', 'header-nav': 'primary' }, primary: 'header-nav' },
  { name: 'a Chinese main menu', menus: [menu('menu-9', 4, '呃呃呃'), menu('menu-8', 6, '我的主菜单')], ids: { 'menu-9': 'menu-9', 'menu-8': 'primary' }, primary: 'menu-8' },
  { name: 'no such name: the largest', menus: [menu('short', 3), menu('all-pages-flat', 18), menu('social', 5)], ids: { short: 'short', 'all-pages-flat': 'primary', social: 'social' }, primary: 'all-pages-flat' },
  { name: 'a tie: the first by slug', menus: [menu('b', 3), menu('a', 3)], ids: { a: 'primary', b: 'b' }, primary: 'a' },
  { name: 'a menu called Navigation before a larger one', menus: [menu('old-links', 7, 'Old links'), menu('navigation', 4, 'Navigation')], ids: { 'old-links': 'old-links', navigation: 'primary' }, primary: 'navigation' },
  { name: 'a main menu before one called Navigation', menus: [menu('navigation', 4, 'Navigation'), menu('main', 2, 'Main')], ids: { navigation: 'navigation', main: 'primary' }, primary: 'main' },
  { name: 'one menu', menus: [menu('navigation', 1)], ids: { navigation: 'primary' }, primary: 'navigation' },
  { name: 'no menus', menus: [], ids: {} },
  { name: '"maintenance" is not "main"', menus: [menu('maintenance', 1), menu('site', 4)], ids: { maintenance: 'maintenance', site: 'primary' }, primary: 'site' },
  { name: 'assigned by --menu', menus: [menu('main', 9), menu('second', 2)], assigned: { second: 'primary' }, ids: { main: 'main', second: 'primary' }, primary: 'second' },
  { name: 'assigned another id, primary still inferred', menus: [menu('main', 9), menu('second', 2)], assigned: { second: 'footer' }, ids: { main: 'primary', second: 'footer' }, primary: 'main' },
  { name: 'an assignment naming no menu is reported', menus: [menu('main', 9)], assigned: { nope: 'primary' }, ids: { main: 'primary' }, primary: 'main', unknown: ['nope'] },
  { name: 'a menu already called primary keeps it', menus: [menu('primary', 2), menu('main', 9)], ids: { primary: 'primary', main: 'main' }, primary: 'primary' },
  { name: 'an id taken by an assignment gets a suffix', menus: [menu('footer', 2), menu('main', 9)], assigned: { main: 'footer' }, ids: { footer: 'primary', main: 'footer' }, primary: 'footer' },
]

test.each(cases)('$name', ({ menus, assigned, ids, primary, unknown }) => {
  const out = assignMenuIds(menus, assigned ?? {})
  expect(Object.fromEntries(out.ids)).toEqual(ids)
  expect(out.primary?.slug).toBe(primary)
  expect(out.unknown).toEqual(unknown ?? [])
})
