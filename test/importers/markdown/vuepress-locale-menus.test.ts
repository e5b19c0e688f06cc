import { describe, expect, test } from 'vitest'
import { importedSite, tempSites } from './_tmpsite.js'

// VuePress 2's default theme (vuejs.press "Default Theme Config: locales") and vuepress-theme-hope take a navbar and
// a sidebar per locale in the theme's own `locales` ('/zh/': { navbar, sidebar }), as VuePress 1 did in
// `themeConfig.locales` ('/zh/': { nav, sidebar }). Each locale's are that language's menus (`primary-<locale>`,
// named "Navbar (<language name>)", and `sidebar-<path>`), beside the root locale's, as VitePress locales' are.
const site = tempSites('md-vuepress-locale-menus-')
const doc = (title: string) => `---\ntitle: ${title}\n---\n\nText of ${title}.\n`
const PAGES = { 'docs/README.md': doc('Home'), 'docs/guide/README.md': doc('Guide'), 'docs/zh/README.md': doc('首页'), 'docs/zh/guide/README.md': doc('指南') }

describe('VuePress per-locale navbars and sidebars', () => {
  test.each([
    [
      'VuePress 2 default theme, the menus held by names',
      "import { defaultTheme } from '@vuepress/theme-default'\nimport { defineUserConfig } from 'vuepress'\n\nconst enNavbar = [{ text: 'Guide', link: '/guide/' }]\nconst zhNavbar = [{ text: '指南', link: '/zh/guide/' }]\n\nexport default defineUserConfig({\n  locales: { '/': { lang: 'en-US', title: 'Widgets' }, '/zh/': { lang: 'zh-CN', title: '小部件' } },\n  theme: defaultTheme({\n    locales: {\n      '/': { navbar: enNavbar, sidebar: { '/guide/': ['/guide/README.md'] } },\n      '/zh/': { selectLanguageName: '简体中文', navbar: zhNavbar, sidebar: { '/zh/guide/': ['/zh/guide/README.md'] } },\n    },\n  }),\n})\n",
      'Navbar (简体中文)',
    ],
    [
      'VuePress 1 themeConfig.locales',
      "module.exports = {\n  locales: { '/': { lang: 'en-US', title: 'Widgets' }, '/zh/': { lang: 'zh-CN', title: '小部件' } },\n  themeConfig: {\n    locales: {\n      '/': { nav: [{ text: 'Guide', link: '/guide/' }], sidebar: { '/guide/': ['/guide/'] } },\n      '/zh/': { nav: [{ text: '指南', link: '/zh/guide/' }], sidebar: { '/zh/guide/': ['/zh/guide/'] } },\n    },\n  },\n}\n",
      // No language name given: the locale's language (s10-review2: it was named "Navbar (/zh/)").
      'Navbar (zh-CN)',
    ],
    [
      'VuePress 1 themeConfig.locales, the site locale without a lang',
      "module.exports = {\n  locales: { '/': { title: 'Widgets' }, '/zh/': { title: '小部件' } },\n  themeConfig: {\n    locales: {\n      '/': { nav: [{ text: 'Guide', link: '/guide/' }], sidebar: { '/guide/': ['/guide/'] } },\n      '/zh/': { nav: [{ text: '指南', link: '/zh/guide/' }], sidebar: { '/zh/guide/': ['/zh/guide/'] } },\n    },\n  },\n}\n",
      'Navbar (zh)',
    ],
  ])('%s', async (name, config, zhName) => {
    const got = await importedSite(await site(name.replace(/\W+/g, '-'), { ...PAGES, 'docs/.vuepress/config.js': config }))
    expect(got.preset).toBe('vuepress')
    const menu = (id: string) => (got.payload.menus?.[id]?.items ?? []).map((i) => [i.title, i.url])
    expect(menu('primary')).toEqual([['Guide', '/guide/']])
    expect(menu('primary-zh')).toEqual([['指南', '/zh/guide/']])
    expect(got.payload.menus?.['primary-zh']?.name).toBe(zhName)
    expect(menu('sidebar-zh-guide')).toEqual([['指南', '/zh/guide/']])
  })
})

describe("a locale's whole sidebar is named by the locale", () => {
  test('keyed by its own folder, without a language name', async () => {
    const config = "module.exports = {\n  locales: { '/': { lang: 'en-US' }, '/zh/': { lang: 'zh-CN' } },\n  themeConfig: {\n    locales: {\n      '/zh/': { sidebar: { '/zh/': ['/zh/guide/'] } },\n    },\n  },\n}\n"
    const got = await importedSite(await site('whole-sidebar', { ...PAGES, 'docs/.vuepress/config.js': config }))
    expect(got.payload.menus?.['sidebar-zh']?.name).toBe('Sidebar (zh-CN)')
  })
})
