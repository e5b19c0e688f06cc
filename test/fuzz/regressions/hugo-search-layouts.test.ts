import { describe, expect, test } from 'vitest'
import { searchLayoutPrintsText } from '../../../importers/markdown/presets/hugo.js'
import type { PresetContext } from '../../../importers/markdown/presets/types.js'
import { growthAsync } from './_growth.js'

// Which layout draws a Hugo page of `layout: search` (found by the s11 hostile-input hunt): every layout file was
// tried against every root the configuration's `theme` names, and every search page looked in every root, so a
// hugo.toml naming 32,000 themes (`theme = "t0,t1,…"`) over 8,000 layouts and 8,000 search pages took 108 s (8,000
// themes: 6.3 s). Eight times the themes, files and pages may take at most 32 times as long.

const context = (files: Record<string, string>) =>
  ({ discovery: { files: Object.keys(files).map((rel) => ({ rel })) }, readText: async (rel: string) => files[rel] }) as unknown as PresetContext

describe('the search layout lookup takes time linear in the themes, layouts and pages', () => {
  test('as many themes, layouts and search pages', async () => {
    const ratio = await growthAsync(async (n) => {
      const files: Record<string, string> = {}
      for (let i = 0; i < n; i++) files[`layouts/x${i}/single.html`] = '{{ .Content }}'
      const prints = await searchLayoutPrintsText(context(files), Array.from({ length: n }, (_, i) => `t${i}`))
      for (let i = 0; i < n; i++) prints(`y${i}`)
    }, 500)
    expect(ratio).toBeLessThan(32)
  })
})

// gohugo.io "Template lookup order": <type>/search.html, <type>/single.html, _default/search.html, each in the
// site's layouts/ then in each theme's, in the order the configuration names them.
test.each([
  // files (rel → prints .Content), themes, page type, expected
  [{ 'themes/a/layouts/page/search.html': true, 'layouts/page/search.html': false }, ['a'], 'page', false],
  [{ 'themes/a/layouts/page/search.html': true, 'themes/b/layouts/page/search.html': false }, ['b', 'a'], 'page', false],
  [{ 'themes/a/layouts/page/search.html': true, 'themes/b/layouts/page/search.html': false }, ['a', 'b', 'a'], 'page', true],
  [{ 'themes/a/layouts/page/search.html': true, 'layouts/_default/search.html': false }, ['a'], 'page', true],
  [{ 'layouts/page/single.html': true, 'layouts/_default/search.html': false }, [], 'page', true],
  [{ 'themes/c/layouts/page/search.html': true }, ['a'], 'page', undefined],
  [{ 'layouts/partials/search.html': true }, [], 'page', undefined],
  [{ 'layouts/post/search.html': false }, [], 'page', undefined],
])('%j with themes %j, type %s: %s', async (files, themes, type, expected) => {
  const text = Object.fromEntries(Object.entries(files).map(([rel, prints]) => [rel, prints ? '{{ .Content }}' : '<div id="search"></div>']))
  const prints = await searchLayoutPrintsText(context(text), themes)
  expect(prints(type)).toBe(expected)
})
