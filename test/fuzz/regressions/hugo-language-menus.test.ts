import { expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { tempSites } from '../../importers/markdown/_tmpsite.js'

// A Hugo site's menus are every language's that has none of its own (Hugo 0.111), so each of its entries is in each
// language's menu. An entry leading nowhere was warned once per language: 1,000 languages and 1,000 such entries wrote
// a million warnings, a 387 MB report, in 2 GB of memory and 43 s (found by s7-hunt). It is said once.

const site = tempSites('hugo-language-menus-')

test('an entry of the site menu leading nowhere is said once, whatever the languages', async () => {
  const languages = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`l${i}`, { weight: i + 1 }]))
  const root = await site('s', {
    'hugo.json': JSON.stringify({ baseURL: 'https://s.example/', title: 'S', defaultContentLanguage: 'l0', languages, menus: { main: [{ name: 'Gone', url: '/gone/' }, { name: 'Home', url: '/' }] } }),
    ...Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`content/_index.l${i}.md`, `---\ntitle: Home ${i}\n---\nx\n`])),
  })
  const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
  expect(result.diagnostics.filter((d) => d.code === 'missing_link_target' && d.message.includes('/gone/'))).toHaveLength(1)
  // Each language's menu still has its entry that leads somewhere.
  const menus = Object.values(result.payload?.menus ?? {})
  expect(menus.length).toBe(50)
  expect(menus.every((m) => m.items.length === 1 && m.items[0].title === 'Home')).toBe(true)
})
