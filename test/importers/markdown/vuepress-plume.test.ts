import { describe, expect, test } from 'vitest'
import { importedSite as imported, tempSites } from './_tmpsite.js'

// vuepress-theme-plume's starter (create-vuepress-theme-plume@1.0.0-rc.211, built with vuepress-theme-plume
// 1.0.0-rc.201 and vuepress 2.0.0-rc.30): its theme configuration file, collections and home sections, on a small site
// laid out as the starter writes it, with the front matter its first build writes into the files (createTime, permalink).

const site = tempSites('md-plume-')

const CONFIG = `import { viteBundler } from '@vuepress/bundler-vite'
import { defineUserConfig } from 'vuepress'
import { plumeTheme } from 'vuepress-theme-plume'

export default defineUserConfig({
  base: '/',
  lang: 'en-US',
  locales: {
    '/': { title: 'My Site', lang: 'en-US' },
    '/zh/': { title: 'My Site', lang: 'zh-CN' },
  },
  bundler: viteBundler(),
  theme: plumeTheme(),
})
`

const PLUME_CONFIG = `import { defineThemeConfig } from 'vuepress-theme-plume'
import { enCollections, zhCollections } from './collections'
import { enNavbar, zhNavbar } from './navbar'

export default defineThemeConfig({
  locales: {
    '/': { navbar: enNavbar, collections: enCollections },
    '/zh/': { navbar: zhNavbar, collections: zhCollections },
  },
})
`

const COLLECTIONS = `import { defineCollection, defineCollections } from 'vuepress-theme-plume'

const enBlog = defineCollection({ type: 'post', dir: 'blog', title: 'Blog', link: '/blog/' })
const enDemoDoc = defineCollection({ type: 'doc', dir: 'demo', linkPrefix: '/demo', title: 'Demo', sidebar: ['', 'foo', 'bar'] })
export const enCollections = defineCollections([enBlog, enDemoDoc])

const zhBlog = defineCollection({ type: 'post', dir: 'blog', title: 'Blog', link: '/blog/' })
export const zhCollections = defineCollections([zhBlog])
`

const NAVBAR = `import { defineNavbarConfig } from 'vuepress-theme-plume'

export const enNavbar = defineNavbarConfig([
  { text: 'Home', link: '/' },
  { text: 'Blog', link: '/blog/' },
  { text: 'Tags', link: '/blog/tags/' },
  { text: 'Notes', items: [{ text: 'Demo', link: '/demo/README.md' }] },
])
export const zhNavbar = defineNavbarConfig([
  { text: '首页', link: '/zh/' },
  { text: '博客', link: '/zh/blog/' },
])
`

const HOME = `---
pageLayout: home
config:
  - type: hero
    full: true
    hero:
      name: Theme Plume
      tagline: VuePress Next Theme
      text: A simple, feature-rich, document & blog
      actions:
        - theme: brand
          text: Blog
          link: /blog/
  - type: features
    title: Why
    features:
      - title: Fast
        details: Built with Vite.
---
`

function plumeSite(): Record<string, string> {
  return {
    'package.json': '{ "devDependencies": { "vuepress": "2.0.0-rc.30", "vuepress-theme-plume": "1.0.0-rc.201" } }\n',
    'docs/.vuepress/config.ts': CONFIG,
    'docs/.vuepress/plume.config.ts': PLUME_CONFIG,
    'docs/.vuepress/collections.ts': COLLECTIONS,
    'docs/.vuepress/navbar.ts': NAVBAR,
    'docs/README.md': HOME,
    'docs/blog/preview/article-1.md': '---\ntitle: Blog 1\ntags:\n  - blog\ncreateTime: 2025/10/17 08:19:29\npermalink: /blog/k4it82lg/\n---\n\nBody content\n',
    'docs/demo/README.md': '---\ntitle: Demo\ncreateTime: 2025/10/17 08:19:29\npermalink: /demo/\n---\n\n- [bar](./bar.md)\n',
    'docs/demo/bar.md': '---\ntitle: bar\ncreateTime: 2025/10/17 08:19:29\npermalink: /demo/fvyalkfu/\n---\n\n[foo](./foo.md)\n',
    'docs/demo/foo.md': '---\ntitle: foo\ncreateTime: 2025/10/17 08:19:29\npermalink: /demo/q1w2e3r4/\n---\n\n[bar](./bar.md)\n',
    'docs/zh/README.md': '---\npageLayout: home\n---\n',
    'docs/zh/blog/article-1.md': '---\ntitle: 博客文章 1\ncreateTime: 2025/10/18 08:19:29\npermalink: /zh/blog/rftjwmf0/\n---\n\n正文\n',
  }
}

describe('vuepress-theme-plume', () => {
  test('a post collection is the blog: its files are posts at their permalinks, dated by createTime, listed at its link', async () => {
    const got = await imported(await site('posts', plumeSite()))
    expect(got.preset).toBe('vuepress')
    expect(got.kinds['docs/blog/preview/article-1.md']).toBe('post')
    expect(got.urls['docs/blog/preview/article-1.md']).toBe('/blog/k4it82lg/')
    const post = got.payload.content.posts.find((p) => p.slug === 'k4it82lg')
    expect(post?.published_at_iso).toBe('2025-10-17T08:19:29Z')
    expect(got.payload.site.post_index?.path).toBe('/blog/')
    // The pages the theme generates beside the list lead to it; another locale's list too.
    for (const url of ['/blog/tags/', '/blog/archives/', '/blog/categories/', '/zh/blog/']) expect(got.served(url)).toBe(true)
    expect(got.kinds['docs/demo/bar.md']).toBe('page')
    expect(got.urls['docs/demo/bar.md']).toBe('/demo/fvyalkfu/')
  })

  test('the navbar of plume.config.ts is read, and a doc collection sidebar is its folder\'s files', async () => {
    const got = await imported(await site('menus', plumeSite()))
    const menus = got.payload.menus ?? {}
    expect(menus.primary?.items.map((i) => [i.title, i.url])).toEqual([
      ['Home', '/'],
      ['Blog', '/blog/'],
      ['Tags', '/blog/'],
      ['Notes', '/demo/'],
    ])
    expect(menus['primary-zh']?.items.map((i) => i.url)).toEqual(['/zh/', '/blog/'])
    expect(menus['sidebar-demo']?.items.map((i) => [i.title, i.url])).toEqual([
      ['Demo', '/demo/'],
      ['foo', '/demo/q1w2e3r4/'],
      ['bar', '/demo/fvyalkfu/'],
    ])
    // No sidebar of the whole site is made of the collection's ('' is not the home page).
    expect(menus.sidebar).toBeUndefined()
  })

  test('the home sections (pageLayout: home, config) are written before the body', async () => {
    const got = await imported(await site('home', plumeSite()))
    const home = got.payload.content.pages.find((p) => p.path === 'home')
    expect(home?.content).toContain('<strong>Theme Plume</strong>')
    expect(home?.content).toContain('<p class="hero-tagline">VuePress Next Theme</p>')
    expect(home?.content).toContain('<a class="button button-brand" href="/blog/">Blog</a>')
    // The sections nest deeper than data may: shown in the body, they are not reported as dropped.
    expect(got.result.diagnostics.filter((d) => d.code === 'dropped_data' && d.file === 'docs/README.md')).toEqual([])
    expect(home?.content).toContain('<h2>Why</h2>')
    expect(home?.content).toContain('<strong>Fast</strong><br>Built with Vite.')
  })
})

describe('vuepress-theme-plume post collection links', () => {
  const withBlog = (fields: string, permalink: string) => {
    const files = plumeSite()
    files['docs/.vuepress/collections.ts'] = COLLECTIONS.replace("const enBlog = defineCollection({ type: 'post', dir: 'blog', title: 'Blog', link: '/blog/' })", `const enBlog = defineCollection({ type: 'post', dir: 'blog', title: 'Blog', ${fields} })`)
    files['docs/blog/preview/article-1.md'] = files['docs/blog/preview/article-1.md'].replace('permalink: /blog/k4it82lg/', `permalink: ${permalink}`)
    return files
  }

  // rc.201 completeCollectionItems: the list is at `link`, the posts and their tags, archives and categories pages
  // below `linkPrefix` (default the link).
  test('the list is at link, posts and their tags, archives and categories pages below linkPrefix', async () => {
    const got = await imported(await site('link-prefix', withBlog("link: '/blog/', linkPrefix: '/article/'", '/article/k4it82lg/')))
    expect(got.payload.site.post_index?.path).toBe('/blog/')
    expect(got.urls['docs/blog/preview/article-1.md']).toBe('/article/k4it82lg/')
    expect(got.payload.content.posts.find((p) => p.title === 'Blog 1')?.slug).toBe('k4it82lg')
    for (const url of ['/article/tags/', '/article/archives/', '/article/categories/']) expect(got.served(url)).toBe(true)
  })

  test.each([
    // The home page holds the root, so the list goes to /blog/ as every convention's does (plan: a home page and posts).
    ['the site root', "link: '/'", '/k4it82lg/', '/blog/'],
    ['a doubled slash', "link: '//blog//'", '/blog/k4it82lg/', '/blog/'],
  ])('a link at %s is joined without empty folders', async (_name, fields, permalink, index) => {
    const got = await imported(await site(`link-${_name.replace(/\W/g, '')}`, withBlog(fields, permalink)))
    expect(got.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    expect(got.payload.site.post_index?.path ?? '/').toBe(index)
    expect(got.kinds['docs/blog/preview/article-1.md']).toBe('post')
  })

  test('a link no page URL can have is reported and the list left at the default place; the import goes on', async () => {
    const got = await imported(await site('link-space', withBlog("link: '/my posts/'", '/blog/k4it82lg/')))
    expect(got.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    expect(got.result.diagnostics.some((d) => d.code === 'unsupported_feature' && d.message.includes('"/my posts/"'))).toBe(true)
    expect(got.kinds['docs/blog/preview/article-1.md']).toBe('post')
  })
})

describe('vuepress-theme-plume encryption', () => {
  test('pages its encrypt.rules protect with a password stay private, matched as the theme matches them', async () => {
    const files = plumeSite()
    files['docs/blog/preview/markdown.md'] = '---\ntitle: Markdown\ncreateTime: 2025/10/17 08:19:29\npermalink: /blog/swmtwjki/\n---\n\nSecret.\n'
    files['docs/.vuepress/plume.config.ts'] = PLUME_CONFIG.replace('defineThemeConfig({', "defineThemeConfig({\n  encrypt: { rules: { '/demo/': '123', 'preview/markdown.md': '456', '^/zh/': '789' } },")
    const got = await imported(await site('encrypt', files))
    // As the built starter showed it: /demo/ and its pages, and the post whose file ends so, ask for the password.
    for (const file of ['docs/demo/README.md', 'docs/demo/bar.md', 'docs/demo/foo.md', 'docs/blog/preview/markdown.md']) expect(got.skipped[file]).toBe('draft')
    expect(got.bodies.join('\n')).not.toContain('Secret.')
    expect(got.kinds['docs/blog/preview/article-1.md']).toBe('post')
    // A rule written as a regular expression is not run, and said so.
    expect(got.result.diagnostics.some((d) => d.code === 'unsupported_feature' && d.message.includes('"^/zh/"'))).toBe(true)
  })

  // Plume takes any front-matter password (rc.201: toArray(password), each String(password)), so a number or a list
  // protects the page as a string does.
  test.each([
    ['a number', 'password: 123456'],
    ['a list', 'password:\n  - a\n  - b'],
    ['a string', 'password: abc'],
  ])('a front-matter password given as %s keeps the page private', async (_name, line) => {
    const files = plumeSite()
    files['docs/demo/foo.md'] = `---\ntitle: foo\n${line}\npermalink: /demo/q1w2e3r4/\n---\n\nSecret page.\n`
    files['docs/blog/preview/article-1.md'] = `---\ntitle: Blog 1\n${line}\ncreateTime: 2025/10/17 08:19:29\npermalink: /blog/k4it82lg/\n---\n\nSecret post.\n`
    const got = await imported(await site(`password-${_name.replace(/\W/g, '')}`, files))
    expect(got.skipped['docs/demo/foo.md']).toBe('draft')
    expect(got.skipped['docs/blog/preview/article-1.md']).toBe('draft')
    expect(got.bodies.join('\n')).not.toMatch(/Secret (page|post)\./)
  })

  test('encrypt.global protects every page', async () => {
    const files = plumeSite()
    files['docs/.vuepress/plume.config.ts'] = PLUME_CONFIG.replace('defineThemeConfig({', 'defineThemeConfig({\n  encrypt: { global: true, admin: ["x"] },')
    const got = await imported(await site('encrypt-global', files))
    expect(got.skipped['docs/README.md']).toBe('draft')
    expect(got.skipped['docs/blog/preview/article-1.md']).toBe('draft')
  })
})

describe('vuepress-theme-plume Markdown', () => {
  test('the inline syntax its md-power plugin always turns on is written as HTML; code is left as written', async () => {
    const files = plumeSite()
    files['docs/demo/foo.md'] = '---\ntitle: foo\n---\n\n- 19^th^\n- H~2~O\n\n==Marked text==\n\n`==code==`\n'
    const got = await imported(await site('inline', files))
    const body = got.payload.content.pages.find((p) => p.title === 'foo')?.content ?? ''
    expect(body).toContain('19<sup>th</sup>')
    expect(body).toContain('H<sub>2</sub>O')
    expect(body).toContain('<mark>Marked text</mark>')
    expect(body).toContain('`==code==`')
  })

  test('another VuePress theme keeps them as written', async () => {
    const files = plumeSite()
    files['docs/.vuepress/config.ts'] = CONFIG.replace('plumeTheme()', 'defaultTheme()')
    delete files['docs/.vuepress/plume.config.ts']
    files['docs/demo/foo.md'] = '---\ntitle: foo\n---\n\n- 19^th^\n'
    const got = await imported(await site('inline-default', files))
    expect(got.payload.content.pages.find((p) => p.title === 'foo')?.content).toContain('19^th^')
  })
})

describe('vuepress-theme-plume, hostile configuration', () => {
  test('deeply nested theme options and collections are read in linear time', async () => {
    const n = 20000
    const nested = `${'defineThemeConfig({ collections: [defineCollection({ sidebar: ['.repeat(n)}${'] })] })'.repeat(n)}`
    const many = Array.from({ length: n }, (_, i) => `defineCollection({ type: 'doc', dir: 'd${i}', sidebar: [''] })`).join(',\n')
    const root = await site('hostile', {
      'docs/.vuepress/config.ts': "import { plumeTheme } from 'vuepress-theme-plume'\nexport default defineUserConfig({ theme: plumeTheme() })\n",
      'docs/.vuepress/plume.config.ts': `export const a = ${nested}\nexport default defineThemeConfig({ collections: [\n${many}\n] })\n`,
      'docs/README.md': '# Home\n',
    })
    const started = performance.now()
    const got = await imported(root)
    expect(performance.now() - started).toBeLessThan(10000)
    expect(got.urls['docs/README.md']).toBe('/')
  })
})
