import { describe, expect, test } from 'vitest'
import { buildNavigationMenu } from '../../../importers/wordpress/menus.js'
import type { MenuTargets } from '../../../importers/wordpress/menus.js'
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
