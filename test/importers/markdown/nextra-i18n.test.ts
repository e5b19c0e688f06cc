import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { tempSites } from './_tmpsite.js'

// Nextra 1 and 2's i18n: next.config's `i18n: { locales, defaultLocale }` and each page's locale before its extension
// (`index.en-US.mdx`). Every expectation is what a real build of these files wrote (next 12.3.4, nextra 1.1.0,
// nextra-theme-docs 1.2.6): the default locale unprefixed, the others under /<locale>, a page a locale lacks served
// there in the default locale's text (/de-DE/guide/only shows the English page), the sidebar from meta.en-US.json.

const site = tempSites('md-nextra-i18n-')

const NEXT_CONFIG = `const withNextra = require('nextra')({ theme: 'nextra-theme-docs', themeConfig: './theme.config.js' })
module.exports = withNextra({
  i18n: {
    locales: ['en-US', 'zh-CN', 'de-DE'],
    defaultLocale: 'en-US',
  },
})
`
const PAGES = {
  'theme.config.js': 'export default {}\n',
  'pages/index.en-US.mdx': '---\ntitle: Home\n---\n\n# Welcome\n\nSee the [guide](/guide/start).\n',
  'pages/index.zh-CN.mdx': '# 欢迎\n\n见[指南](/guide/start)。\n',
  'pages/guide/start.en-US.mdx': '# Start\n\nStart here.\n',
  'pages/guide/start.de-DE.mdx': '# Anfang\n\nHier beginnen.\n',
  'pages/guide/only.en-US.mdx': '# Only English\n\nText.\n',
  'pages/meta.en-US.json': '{ "index": "Introduction", "guide": "Guide" }\n',
  'pages/meta.zh-CN.json': '{ "index": "介绍", "guide": "指南" }\n',
  'pages/guide/meta.en-US.json': '{ "start": "Start here", "only": "Only" }\n',
}

type Item = { title: string; url: string; children: Item[] }
const flat = (items: Item[]): unknown[] => items.map((i) => (i.children.length > 0 ? [i.title, i.url, flat(i.children)] : [i.title, i.url]))

describe('Nextra i18n: pages named with their locale', () => {
  test('URLs, languages, fallbacks and the default locale\'s sidebar are those the build wrote', async () => {
    const root = await site('suffixed', { 'next.config.js': NEXT_CONFIG, ...PAGES })
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    const pages = Object.fromEntries(result.report.items.filter((i) => 'kind' in i && i.kind === 'page').map((i) => [i.source, 'url' in i ? [i.url, 'language' in i ? i.language : undefined] : []]))
    expect(pages).toEqual({
      'pages/index.en-US.mdx': ['/', 'en-US'],
      'pages/index.zh-CN.mdx': ['/zh-CN/', 'zh-CN'],
      'pages/guide/start.en-US.mdx': ['/guide/start/', 'en-US'],
      'pages/guide/start.de-DE.mdx': ['/de-DE/guide/start/', 'de-DE'],
      'pages/guide/only.en-US.mdx': ['/guide/only/', 'en-US'],
    })
    expect(result.redirects.map((r) => [r.from, r.to]).sort()).toEqual([
      ['/de-DE', '/'],
      ['/de-DE/guide/only', '/guide/only/'],
      ['/zh-CN/guide/only', '/guide/only/'],
      ['/zh-CN/guide/start', '/guide/start/'],
    ])
    expect(result.payload?.site.front_page).toEqual({ type: 'page', page_path: 'home' })
    expect(flat((result.payload?.menus?.sidebar?.items ?? []) as Item[])).toEqual([['Introduction', '/'], ['Guide', '/guide/start/', [['Start here', '/guide/start/'], ['Only', '/guide/only/']]]])
  })

  test("each other locale's sidebar: its pages and meta file, the default locale's where it lacks them", async () => {
    const root = await site('suffixed-menus', { 'next.config.js': NEXT_CONFIG, ...PAGES })
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    const menus = Object.fromEntries(Object.entries(result.payload?.menus ?? {}).map(([id, m]) => [id, [m.name, flat(m.items as Item[])]]))
    // The built zh-CN pages show 介绍, then the guide's pages under 指南 with their English titles; de-DE's the
    // English titles, its own start page.
    expect(menus['sidebar-zh-cn']).toEqual(['Sidebar (zh-CN)', [['介绍', '/zh-CN/'], ['指南', '/guide/start/', [['Start here', '/guide/start/'], ['Only', '/guide/only/']]]]])
    expect(menus['sidebar-de-de']).toEqual(['Sidebar (de-DE)', [['Introduction', '/'], ['Guide', '/de-DE/guide/start/', [['Start here', '/de-DE/guide/start/'], ['Only', '/guide/only/']]]]])
  })

  test('without i18n in next.config, a dotted name is the page\'s own', async () => {
    const root = await site('no-i18n', { 'next.config.js': "module.exports = require('nextra')('nextra-theme-docs', './theme.config.js')()\n", 'theme.config.js': 'export default {}\n', 'pages/index.mdx': '# Home\n', 'pages/notes.en-US.mdx': '# Notes\n' })
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    expect(result.report.items.find((i) => i.source === 'pages/notes.en-US.mdx')).toMatchObject({ kind: 'page', url: '/notes.en-US/' })
  })

  test("a Next.js site without Nextra: i18n does not read a locale from the file name (Next.js serves /notes.en-US)", async () => {
    const root = await site('plain-next', {
      'package.json': '{"dependencies":{"next":"12.3.4","@next/mdx":"12.3.4"}}',
      'next.config.js': "module.exports = { i18n: { locales: ['en-US', 'de-DE'], defaultLocale: 'en-US' } }\n",
      'pages/index.mdx': '# Home\n',
      'pages/notes.en-US.mdx': '# Notes\n',
    })
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    expect(result.report.items.find((i) => i.source === 'pages/notes.en-US.mdx')).toMatchObject({ kind: 'page', url: '/notes.en-US/' })
    expect(result.redirects).toEqual([])
  })

  test('fallback redirects (locales × pages a locale lacks) stop at 10,000, with one warning', async () => {
    const locales = Array.from({ length: 2_001 }, (_, i) => `l${i}`)
    const pages = Object.fromEntries(Array.from({ length: 6 }, (_, i): [string, string] => [`pages/p${i}.l0.mdx`, `# P${i}\n`]))
    const root = await site('many-locales', {
      'next.config.js': `const withNextra = require('nextra')('nextra-theme-docs', './theme.config.js')\nmodule.exports = withNextra({ i18n: { locales: ${JSON.stringify(locales)}, defaultLocale: 'l0' } })\n`,
      'theme.config.js': 'export default {}\n',
      ...pages,
    })
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    expect(result.redirects.length).toBe(10_000)
    const warnings = result.diagnostics.filter((d) => d.code === 'unsupported_feature' && d.file === 'next.config.js')
    expect(warnings).toHaveLength(1)
    expect(warnings[0].message).toMatch(/more than 10000 pages .* Redirect the others by hand/)
  })
})
