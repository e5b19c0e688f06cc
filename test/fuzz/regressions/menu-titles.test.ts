import { expect, test } from 'vitest'
import { titlePages } from '../../../importers/markdown/presets/_navbar.js'
import type { PresetContext } from '../../../importers/markdown/presets/types.js'
import type { ConfigMenuItem } from '../../../importers/markdown/presets/types.js'

// A VuePress or VitePress navbar or sidebar item written as a page's path is shown with the page's title, read from
// the page. A configuration naming one large page n times had it read n times, in each of its menus (found by
// s7-hunt: 400 items naming a 1 MB page took 5.6 s; a 70 KB sidebar and a 4 MB page, minutes).

test('a page named by many items of several menus is read once', async () => {
  const reads: string[] = []
  const ctx = {
    readFrontMatter: async (rel: string) => (reads.push(`front matter of ${rel}`), {}),
    readText: async (rel: string) => (reads.push(rel), `# Big page\n\n${'word '.repeat(1000)}`),
  } as unknown as PresetContext
  const item = (): ConfigMenuItem => ({ title: '', url: '/big', source: 'docs/big.md', children: [] })
  const titles = new Map<string, string>()
  const navbar = await titlePages(ctx, Array.from({ length: 1000 }, item), titles)
  const sidebar = await titlePages(ctx, [{ title: 'Group', url: '/big', children: Array.from({ length: 1000 }, item) }], titles)
  expect(reads).toEqual(['front matter of docs/big.md', 'docs/big.md'])
  expect(navbar.every((i) => i.title === 'Big page')).toBe(true)
  expect(sidebar[0].children?.every((i) => i.title === 'Big page')).toBe(true)
})
