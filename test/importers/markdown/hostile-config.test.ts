import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { laterPages } from '../../../importers/markdown/presets/eleventy.js'
import { LIST_PAGES_LIMIT } from '../../../importers/markdown/presets/_list-pages.js'
import type { PagedList } from '../../../importers/markdown/presets/eleventy.js'
import { tempSites } from './_tmpsite.js'

// Configuration files come from strangers too: what they say is read as text and checked, never trusted to be well
// formed. Found by the hostile-input hunt on the VuePress presets (a theme's `hostname: 'https://'` threw
// "TypeError: Invalid URL" out of importMarkdown, a stack trace from the command); the same reading of a site URL
// was in the Astro, Gatsby and Eleventy presets.
const site = tempSites('md-hostile-config-')

const BAD_URLS = ['https://', 'http://exa mple.org', 'https://[::1', 'http://a:b:c/']

const PRESETS: Array<[string, (url: string) => Record<string, string>]> = [
  ['vuepress', (url) => ({
    'docs/.vuepress/config.ts': "import theme from './theme.js'\nexport default defineUserConfig({ title: 'T', theme })\n",
    'docs/.vuepress/theme.ts': `export default hopeTheme({ hostname: ${JSON.stringify(url)} })\n`,
    'docs/a.md': '# A\n',
  })],
  ['astro', (url) => ({ 'astro.config.mjs': `export default defineConfig({ site: ${JSON.stringify(url)} })\n`, 'src/pages/a.md': '# A\n' })],
  ['gatsby', (url) => ({ 'gatsby-config.js': `module.exports = { siteMetadata: { title: 'T', siteUrl: ${JSON.stringify(url)} } }\n`, 'content/blog/a/index.md': '---\ntitle: A\ndate: 2024-01-01\n---\nA\n' })],
  ['eleventy', (url) => ({ '.eleventy.js': 'module.exports = function () {}\n', '_data/metadata.json': JSON.stringify({ title: 'T', url }), 'a.md': '# A\n' })],
]

describe('a site URL in a configuration that is no URL is left out, not thrown', () => {
  test.each(PRESETS.flatMap(([preset, files]) => BAD_URLS.map((url) => [preset, url, files] as const)))('%s: %j', async (preset, url, files) => {
    const root = await site(`${preset}-${BAD_URLS.indexOf(url)}`, files(url))
    const result = await importMarkdown(root, {})
    expect(result.preset).toBe(preset)
    expect(result.payload?.site.url).toBe('')
  })

  test.each(PRESETS)('%s: a good URL still gives the origin', async (preset, files) => {
    const root = await site(`${preset}-good`, files('https://example.org/docs/'))
    const result = await importMarkdown(root, {})
    expect(result.payload?.site.url).toBe('https://example.org')
  })
})

describe('configurations are read in time linear in their size', () => {
  // Found by the hostile-input hunt: Astro's defineConfig({ … }) was found by an expression that read to the last
  // `})` from each `defineConfig({`; 32,000 of them (450 KB) took 12 s, 4,000 took 0.24 s.
  test('an Astro configuration repeating defineConfig({', async () => {
    const time = async (n: number) => {
      const root = await site(`astro-define-${n}`, { 'astro.config.mjs': 'defineConfig({'.repeat(n) + '}'.repeat(n), 'src/pages/a.md': '# A\n' })
      let best = Infinity
      for (let i = 0; i < 2; i++) {
        const started = performance.now()
        await importMarkdown(root, {})
        best = Math.min(best, performance.now() - started)
      }
      return best
    }
    await time(500)
    const small = await time(4_000)
    expect((await time(32_000)) / Math.max(small, 20)).toBeLessThan(32)
  }, 60_000)
})

describe('Hugo menus whose parents run in a chain or a loop', () => {
  // A parent loop (a → b → a) sent the tree builder into endless recursion when it sorted the children; the entries
  // are walked once each now, so thousands of entries are read in linear time, and entries in a loop are left out,
  // as Hugo leaves them out (they reach no top-level entry).
  test('a loop is left out, a long chain is kept whole', async () => {
    const chain = Array.from({ length: 200 }, (_, i) => `[[menus.main]]\n  name = "n${i}"\n  url = "https://example.org/n${i}/"\n${i > 0 ? `  parent = "n${i - 1}"\n` : ''}`).join('')
    const wide = Array.from({ length: 5000 }, (_, i) => `[[menus.main]]\n  name = "w${i}"\n  url = "https://example.org/w${i}/"\n  parent = "n199"\n`).join('')
    const loop = '[[menus.main]]\n  name = "a"\n  parent = "b"\n  url = "https://example.org/a/"\n[[menus.main]]\n  name = "b"\n  parent = "a"\n  url = "https://example.org/b/"\n[[menus.main]]\n  name = "self"\n  parent = "self"\n  url = "https://example.org/s/"\n'
    const root = await site('hugo-menu-loop', { 'hugo.toml': `title = "T"\n${loop}${chain}${wide}`, 'content/a.md': '---\ntitle: A\n---\nA\n' })
    const started = performance.now()
    const result = await importMarkdown(root, {})
    expect(performance.now() - started).toBeLessThan(5000)
    const items = result.payload?.menus?.primary.items ?? []
    expect(items.map((i) => i.title)).toEqual(['n0'])
    let depth = 0
    let last = items[0]
    for (let at = items[0]; at !== undefined; at = at.children[0]) {
      depth++
      if (at.children.length > 0) last = at
    }
    expect(depth).toBe(201)
    expect(last.children).toHaveLength(5000)
  })
})

describe('a menu nested deeper than the contract checks', () => {
  // A chain of 300 parents made the builder refuse the menu, and with it the whole payload: one configuration entry
  // sank every page. Below 256 levels the items are now cut, counted and reported.
  test('is cut at 256 levels, the rest of the site imported', async () => {
    const chain = Array.from({ length: 300 }, (_, i) => `[[menus.main]]\n  name = "n${i}"\n  url = "https://example.org/n${i}/"\n${i > 0 ? `  parent = "n${i - 1}"\n` : ''}`).join('')
    const root = await site('hugo-menu-deep', { 'hugo.toml': `title = "T"\n${chain}`, 'content/a.md': '---\ntitle: A\n---\nA\n' })
    const result = await importMarkdown(root, {})
    expect(result.ok).toBe(true)
    expect(result.payload?.content.pages.map((p) => p.title)).toEqual(['A'])
    let depth = 0
    for (let at = result.payload?.menus?.primary.items[0]; at !== undefined; at = at.children[0]) depth++
    expect(depth).toBe(256)
    expect(result.diagnostics.find((d) => d.code === 'unsupported_feature')?.message).toMatch(/nests deeper than 256 levels; 44 item\(s\)|44 item\(s\) below that were left out/)
  })
})

// Each page of a paginated post list is its permalink rendered once (Eleventy, 11ty.dev "Pagination"): lists of size
// 2 over 50,000 posts, many times over, would render millions of times. Only the post index's list is paged in full
// (a second list's first page is redirected), and the redirects stop at LIST_PAGES_LIMIT, with `capped` set.
describe('Eleventy paginated post lists', () => {
  test('the pages redirected are bounded, however many lists and posts', () => {
    const posts = new Set(Array.from({ length: 50_000 }, (_, i) => `posts/p${i}.md`))
    const lists: PagedList[] = Array.from({ length: 20 }, (_, i) => ({ tag: 'posts', size: 2, file: `l${i}.njk`, url: `/l${i}/`, fields: {}, dialect: 'nunjucks', first: `/l${i}/` }))
    const started = performance.now()
    const { routes, capped } = laterPages(lists, new Map([['posts', posts]]), posts, { url: '/l0/' })
    expect(routes).toHaveLength(LIST_PAGES_LIMIT)
    expect(capped).toBe(true)
    expect(routes[0]).toEqual({ from: '/l0/1/', to: '/l0/', file: 'l0.njk', page: { n: 2, perPage: 2 } })
    const second = laterPages(lists, new Map([['posts', new Set([...posts].slice(0, 100))]]), posts, { url: '/l0/' })
    expect(second.capped).toBe(false)
    expect(second.routes.filter((r) => r.file === 'l1.njk').map((r) => r.from)).toEqual(['/l1/'])
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})
