import { describe, expect, test } from 'vitest'
import { importedSite, tempSites } from './_tmpsite.js'

// vitepress.dev "Internationalization" (and VitePress's own docs) keep each locale's options in a module of its own,
// spread into the configuration: `export default defineConfig({ ...shared, locales: { root: { label: 'English',
// ...en }, zh: { label: '简体中文', ...zh } } })`, where `zh` is `export const zh = defineConfig({ lang, themeConfig:
// { nav, sidebar } })` in `.vitepress/zh.ts`. The spread objects' options are the locale's (and the site's) as if
// written in place: a later key wins over an earlier one, as in JavaScript.
const site = tempSites('md-vitepress-locale-modules-')
const doc = (title: string) => `---\ntitle: ${title}\n---\n\nText of ${title}.\n`

const MODULES = {
  '.vitepress/shared.ts': "import { defineConfig } from 'vitepress'\n\nexport const shared = defineConfig({\n  title: 'Widgets',\n  cleanUrls: true,\n  themeConfig: { logo: '/logo.svg' },\n})\n",
  '.vitepress/en.ts': "import { defineConfig, type DefaultTheme } from 'vitepress'\n\nexport const en = defineConfig({\n  lang: 'en-US',\n  description: 'Widgets for everyone',\n  themeConfig: {\n    nav: nav(),\n    sidebar: { '/guide/': [{ text: 'Guide', items: [{ text: 'Start', link: '/guide/start' }] }] },\n  },\n})\n\nfunction nav(): DefaultTheme.NavItem[] {\n  return [{ text: 'Guide', link: '/guide/start' }]\n}\n",
  '.vitepress/zh.ts': "import { defineConfig, type DefaultTheme } from 'vitepress'\n\nexport const zh = defineConfig({\n  lang: 'zh-Hans',\n  description: '小部件',\n  themeConfig: {\n    nav: [{ text: '指南', link: '/zh/guide/start' }],\n    sidebar: { '/zh/guide/': [{ text: '指南', items: [{ text: '开始', link: '/zh/guide/start' }] }] },\n  },\n})\n",
  'index.md': doc('Home'),
  'guide/start.md': doc('Start'),
  'zh/index.md': doc('首页'),
  'zh/guide/start.md': doc('开始'),
}

describe('VitePress locale options in modules of their own', () => {
  test.each([
    ['spread into each locale', "import { defineConfig } from 'vitepress'\nimport { shared } from './shared'\nimport { en } from './en'\nimport { zh } from './zh'\n\nexport default defineConfig({\n  ...shared,\n  locales: {\n    root: { label: 'English', ...en },\n    zh: { label: '简体中文', ...zh },\n  },\n})\n"],
    ['the imported objects themselves', "import { defineConfig } from 'vitepress'\nimport { shared } from './shared'\nimport { en } from './en'\nimport { zh } from './zh'\n\nexport default defineConfig({\n  ...shared,\n  locales: { root: en, zh },\n})\n"],
  ])('%s', async (name, config) => {
    const got = await importedSite(await site(name.replace(/\W+/g, '-'), { ...MODULES, '.vitepress/config.mts': config }))
    expect(got.preset).toBe('vitepress')
    expect(got.payload.site.title).toBe('Widgets')
    expect(got.payload.site.locale).toBe('en-US')
    // cleanUrls: true, from the shared module: the old URLs have no .html.
    const old = (source: string) => got.result.report.items.find((i) => i.source === source && 'url' in i) as { url?: string; old_url?: string } | undefined
    expect(old('guide/start.md')?.old_url ?? old('guide/start.md')?.url).toMatch(/^\/guide\/start\/?$/)
    expect(old('zh/guide/start.md')?.old_url ?? old('zh/guide/start.md')?.url).toMatch(/^\/zh\/guide\/start\/?$/)
    const language = (source: string) => got.result.report.items.find((i) => i.source === source && 'language' in i) as { language?: string } | undefined
    expect(language('zh/guide/start.md')?.language).toBe('zh-Hans')
    expect(language('guide/start.md')?.language).toBe('en-US')
    const menu = (id: string) => (got.payload.menus?.[id]?.items ?? []).map((i) => [i.title, i.url])
    expect(menu('primary')).toEqual([['Guide', '/guide/start/']])
    expect(menu('primary-zh')).toEqual([['指南', '/zh/guide/start/']])
  })
})
