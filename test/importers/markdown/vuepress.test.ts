import fc from 'fast-check'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { importedSite, tempSites } from './_tmpsite.js'
import { heroPrefix } from '../../../importers/markdown/presets/astro.js'
import { blogArchives, encryptedBy, homePrefix, indexKeys, readThemeOptions, readV1Blog, v1PostUrl, vuepressSlugify } from '../../../importers/markdown/presets/vuepress.js'

// VuePress and VitePress routing as documented (vuepress.vuejs.org "Page": README.md and index.md stand for their
// folder, other files get `.html`; vitepress.dev "Routing": only index.md stands for its folder, `cleanUrls` drops
// `.html`, `srcDir` moves the pages; both: `locales` give each folder its language, public files are served at /).

const site = tempSites('md-vuepress-')

const VUEPRESS_CONFIG = `import { defineUserConfig } from "vuepress";
// title: "Not this one"
export default defineUserConfig({
  base: "/",
  locales: {
    "/": { lang: "en-US", title: "Docs Demo", description: "A demo" },
    "/zh/": { lang: "zh-CN", title: "文档演示" },
  },
  theme,
});
`
const page = (title: string, extra = '') => `---\ntitle: ${title}\n${extra}---\n\nText of ${title}.\n`

/** The import of a site: its preset, each document's kind, whether an old URL is served, its title and locale. */
async function imported(root: string): Promise<{ preset: string; kinds: Record<string, string | undefined>; served: (url: string) => boolean; title?: string; locale?: string }> {
  const { preset, kinds, served, payload } = await importedSite(root)
  return { preset, kinds, served, title: payload.site.title, locale: payload.site.locale }
}

describe('VuePress', () => {
  test('detection, URLs, home, languages and public files', async () => {
    const root = await site('vuepress', {
      'package.json': '{"devDependencies":{"vuepress":"2.0.0"}}',
      'src/.vuepress/config.ts': VUEPRESS_CONFIG,
      'src/.vuepress/public/logo.png': 'png',
      'src/README.md': page('Home', 'home: true\n'),
      'src/guide/README.md': page('Guide'),
      'src/guide/getting-started.md': page('Getting Started') + '\n![logo](/logo.png)\n\nSee [the guide](./README.md).\n',
      'src/contributing.md': page('Contributing'),
      'src/custom.md': page('Custom', 'permalink: /custom-place/\n'),
      'src/posts/2024-01-02-hello.md': page('Hello'),
      'src/posts/dated.md': page('Dated', 'date: 2024-03-04\n'),
      'src/zh/README.md': page('Zh Home'),
      'src/zh/guide/page.md': page('Zh Page'),
      'src/.vuepress/templates/skip.md': page('Not a page'),
    })
    const { preset, kinds, served, title, locale } = await imported(root)
    expect(preset).toBe('vuepress')
    expect(title).toBe('Docs Demo')
    expect(locale).toBe('en-US')
    const want: Record<string, { url: string; kind: string }> = {
      'src/README.md': { url: '/', kind: 'page' },
      'src/guide/README.md': { url: '/guide/', kind: 'page' },
      'src/guide/getting-started.md': { url: '/guide/getting-started.html', kind: 'page' },
      'src/contributing.md': { url: '/contributing.html', kind: 'page' },
      'src/custom.md': { url: '/custom-place/', kind: 'page' },
      'src/posts/2024-01-02-hello.md': { url: '/posts/2024-01-02-hello.html', kind: 'post' },
      'src/posts/dated.md': { url: '/posts/dated.html', kind: 'post' },
      'src/zh/README.md': { url: '/zh/', kind: 'page' },
      'src/zh/guide/page.md': { url: '/zh/guide/page.html', kind: 'page' },
    }
    for (const [source, w] of Object.entries(want)) {
      expect(kinds[source], source).toBe(w.kind)
      expect(served(w.url), `${source} at ${w.url}`).toBe(true)
    }
    expect(Object.keys(kinds).sort()).toEqual(Object.keys(want).sort())
  })

  test('VuePress 1: module.exports configuration', async () => {
    const root = await site('vuepress1', {
      'docs/.vuepress/config.js': "module.exports = {\n  title: 'Old Docs',\n  locales: { '/': { lang: 'en-US' }, '/fr/': { lang: 'fr-FR' } },\n}\n",
      'docs/README.md': page('Home'),
      'docs/guide.md': page('Guide'),
      'docs/fr/README.md': page('Accueil'),
    })
    const { preset, served, title } = await imported(root)
    expect(preset).toBe('vuepress')
    expect(title).toBe('Old Docs')
    for (const url of ['/', '/guide.html', '/fr/']) expect(served(url), url).toBe(true)
  })

  test('languages come from the locales, and public files are delivered at the root', async () => {
    const root = await site('vuepress-lang', {
      'src/.vuepress/config.ts': VUEPRESS_CONFIG,
      'src/.vuepress/public/logo.png': 'png',
      'src/README.md': page('Home') + '\n![logo](/logo.png)\n',
      'src/zh/README.md': page('Zh Home'),
    })
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    expect(result.report.languages).toEqual({ 'en-US': 1, 'zh-CN': 1 })
    expect(result.report.missing_media).toEqual([])
  })
})

describe('code snippet imports', () => {
  // vitepress.dev "Import Code Snippets": `@` is the source folder (srcDir); VuePress 1's `@` is its working folder.
  test('@/ reads from the source folder, then from the project root; the file is read only because a page names it', async () => {
    const root = await site('snippets', {
      'package.json': '{ "devDependencies": { "vitepress": "^1.6.0" } }',
      'docs/.vitepress/config.mjs': "export default { title: 'Snippets', srcDir: 'src' }\n",
      'docs/src/index.md': page('Home'),
      'docs/src/guide/use.md': page('Use') + '\n<<< @/snippets/a.js{2}\n\n<<< @/tools/run.sh\n\n<<< @/nowhere.py\n',
      'docs/src/snippets/a.js': 'export const a = 1\nexport const b = 2\n',
      'tools/run.sh': 'echo run\n',
    })
    const { bodies, result } = await importedSite(root)
    const use = bodies.find((b) => b.includes('Text of Use')) as string
    expect(use).toContain('```js\nexport const a = 1\nexport const b = 2\n```')
    expect(use).toContain('```sh\necho run\n```')
    expect(use).not.toContain('<<<')
    expect(result.diagnostics.filter((d) => d.code === 'template_unresolved').map((d) => [d.file, d.line])).toEqual([['docs/src/guide/use.md', 11]])
  })
})

describe('VuePress bodies', () => {
  test('an included file is read beside the document, containers become HTML, no Vue syntax is left', async () => {
    const root = await site('vuepress-body', {
      'docs/.vuepress/config.js': 'export default defineUserConfig({ title: "T" })',
      'docs/guide/README.md': page('Guide') + '\n<!-- @include: ./_part.md{2-2} -->\n\n::: tip Note\n{{ $frontmatter.title }} tip\n:::\n',
      'docs/guide/_part.md': 'line one\nline two\n',
    })
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    const body = result.payload?.content.pages.find((p) => p.title === 'Guide')?.content ?? ''
    expect(body).toContain('line two')
    expect(body).not.toContain('line one')
    expect(body).toContain('<aside class="admonition admonition-tip">')
    expect(body).toContain('Guide tip')
    expect(body).not.toMatch(/\{\{|:::|@include/)
  })
})

describe('VitePress', () => {
  test.each([
    { name: 'default', config: 'export default defineConfig({ title: "VP" })', prefix: '', want: { 'index.md': '/', 'guide/index.md': '/guide/', 'guide/setup.md': '/guide/setup.html', 'README.md': '/README.html' } },
    { name: 'cleanUrls', config: 'export default defineConfig({ cleanUrls: true })', prefix: '', want: { 'index.md': '/', 'guide/index.md': '/guide/', 'guide/setup.md': '/guide/setup', 'README.md': '/README' } },
    { name: 'srcDir', config: "export default { srcDir: './pages' }", prefix: 'pages/', want: { 'index.md': '/', 'guide/index.md': '/guide/', 'guide/setup.md': '/guide/setup.html', 'README.md': '/README.html' } },
  ])('$name', async ({ name, config, prefix, want }) => {
    const files: Record<string, string> = { '.vitepress/config.mts': config }
    for (const rel of Object.keys(want)) files[prefix + rel] = page(rel)
    const root = await site(`vitepress-${name}`, files)
    const { preset, kinds, served } = await imported(root)
    expect(preset).toBe('vitepress')
    expect(Object.keys(kinds).sort()).toEqual(Object.keys(want).map((rel) => prefix + rel).sort())
    for (const [rel, url] of Object.entries(want)) expect(served(url), `${rel} at ${url}`).toBe(true)
  })

  test('locales by folder name, root unprefixed', async () => {
    const root = await site('vitepress-locales', {
      'docs/.vitepress/config.ts': "export default defineConfig({ locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } } })",
      'docs/index.md': page('Home'),
      'docs/fr/index.md': page('Accueil'),
      'docs/fr/guide.md': page('Guide'),
    })
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    expect(result.report.convention.name).toBe('vitepress')
    expect(result.report.languages).toEqual({ en: 1, fr: 2 })
  })

  // What `vitepress build` (1.6.4) published from these files: /, /guide/start.html, /keep.html, and the pages the
  // dynamic route's loader made (/packages/foo.html, /packages/bar.html), which the importer cannot make.
  test('srcExclude, dist folders and dynamic routes are not pages', async () => {
    const root = await site('vitepress-exclude', {
      'docs/.vitepress/config.mts': "import { defineConfig } from 'vitepress'\n\nexport default defineConfig({\n  title: 'Ex',\n  srcExclude: ['**/README.md', 'notes/**', '{todo,wip}.md'],\n})\n",
      'docs/index.md': '# Home\n',
      'docs/README.md': '# Readme\n',
      'docs/guide/README.md': '# Guide readme\n',
      'docs/guide/start.md': '# Guide\n',
      'docs/notes/a.md': '# Note\n',
      'docs/todo.md': '# Todo\n',
      'docs/wip.md': '# WIP\n',
      'docs/keep.md': '# Kept\n',
      'docs/dist/old.md': '# Dist\n',
      'docs/packages/[pkg].md': '# {{ $params.pkg }}\n',
      'docs/packages/[pkg].paths.mjs': "export default { paths() { return [{ params: { pkg: 'foo' } }, { params: { pkg: 'bar' } }] } }\n",
    })
    const { kinds, skipped, served } = await importedSite(root)
    expect(Object.keys(kinds).sort()).toEqual(['docs/guide/start.md', 'docs/index.md', 'docs/keep.md'])
    for (const url of ['/', '/guide/start.html', '/keep.html']) expect(served(url), url).toBe(true)
    expect(skipped).toMatchObject({ 'docs/README.md': 'excluded', 'docs/guide/README.md': 'excluded', 'docs/notes/a.md': 'excluded', 'docs/todo.md': 'excluded', 'docs/wip.md': 'excluded', 'docs/dist/old.md': 'excluded', 'docs/packages/[pkg].md': 'dynamic-route' })
  })

  test('VuePress 2 pagePatterns: what its negated globs name is not a page', async () => {
    const root = await site('vuepress-pagepatterns', {
      'docs/.vuepress/config.ts': "export default defineUserConfig({ pagePatterns: ['**/*.md', '!.vuepress', '!node_modules', '!drafts', '!**/CHANGELOG.md'] })\n",
      'docs/README.md': page('Home'),
      'docs/guide.md': page('Guide'),
      'docs/drafts/x.md': page('Draft'),
      'docs/api/CHANGELOG.md': page('Changes'),
    })
    const { kinds, skipped } = await importedSite(root)
    expect(Object.keys(kinds).sort()).toEqual(['docs/README.md', 'docs/guide.md'])
    expect(skipped).toMatchObject({ 'docs/drafts/x.md': 'excluded', 'docs/api/CHANGELOG.md': 'excluded' })
  })

  // test/fixtures/markdown/vitepress-rewrites-menus, built with `vitepress build` (1.6.4): its sidebar leads to
  // /kit/guide/config and /kit/alpha/intro#usage, and the rewritten alpha/intro page's `../guide/config.md` to
  // ./../guide/config (written from the path the page is served as; the build fails on it as a dead link otherwise).
  test('sidebar links to Markdown files and to rewritten pages, and relative links from a rewritten page', async () => {
    const { payload, result } = await importedSite(fileURLToPath(new URL('../../fixtures/markdown/vitepress-rewrites-menus/input', import.meta.url)))
    expect(result.diagnostics).toEqual([])
    expect(payload.menus?.sidebar.items[0].children?.map((i) => i.url)).toEqual(['/guide/config/', '/alpha/intro/#usage'])
    const intro = payload.content.pages.find((p) => p.path === 'alpha/intro')
    expect(intro?.content).toContain('Back to [alpha](/alpha/) and the [config](/guide/config/).')
  })

  test("1,000 VitePress locales each with its own navbar: the first 100 (root among them) are read, in linear time", async () => {
    const n = 1_000
    const locales = Array.from({ length: n }, (_, i) => `l${i}: { label: 'L${i}', themeConfig: { nav: [{ text: 'Home ${i}', link: '/l${i}/' }] } }`).join(',\n')
    const files: Record<string, string> = { '.vitepress/config.mts': `export default {\n  ${'// padding\n'.repeat(2_000)}locales: { root: { label: 'English' },\n${locales} },\n}\n`, 'index.md': '# Home\n' }
    for (let i = 0; i < n; i++) files[`l${i}/index.md`] = `# L${i}\n`
    const started = performance.now()
    const result = await importMarkdown(await site('vitepress-many-locale-menus', files), { generatedAt: '2026-11-01T00:00:00Z' })
    expect(performance.now() - started).toBeLessThan(15_000)
    expect(Object.keys(result.payload?.menus ?? {}).filter((k) => k.startsWith('primary-')).length).toBe(99)
    expect(result.diagnostics.map((d) => d.code)).toContain('dropped_data')
  })

  test('the longest locale prefix wins, among 3,000 locales on 3,000 pages', async () => {
    // Found by the hostile-input hunt: each page tried every locale (pages x locales).
    const n = 3_000
    const locales = Array.from({ length: n }, (_, i) => `'/l${i}/': { lang: 'de' }`).join(', ')
    const files: Record<string, string> = { 'docs/.vuepress/config.js': `module.exports = { locales: { '/': { lang: 'en' }, '/zh/': { lang: 'zh' }, '/zh/tw/': { lang: 'zh-TW' }, ${locales} } }\n` }
    for (let i = 0; i < n; i++) files[`docs/l${i}/p.md`] = page(`P${i}`)
    Object.assign(files, { 'docs/zh/a.md': page('A'), 'docs/zh/tw/b.md': page('B'), 'docs/zh/twx.md': page('C') })
    const result = await importMarkdown(await site('vuepress-many-locales', files), { generatedAt: '2026-11-01T00:00:00Z' })
    expect(result.report.languages).toEqual({ de: n, zh: 2, 'zh-TW': 1 })
  })
})

describe('@vuepress/plugin-blog archive URLs', () => {
  test.each([
    { name: 'default itemPath', text: "plugins: [blogPlugin({ category: [{ key: 'category', getter: (p) => p.frontmatter.category || [] }, { key: 'tag', layout: 'Tag' }] })]", want: { categories: '/category/:slug/', tags: '/tag/:slug/' } },
    { name: 'own itemPath', text: "blogPlugin({ category: [{ key: 'tags', itemPath: '/topics/:name' }] })", want: { tags: '/topics/:slug/' } },
    { name: 'a key that is neither', text: "blogPlugin({ category: [{ key: 'series' }] })", want: {} },
    { name: 'a path the contract cannot say', text: "blogPlugin({ category: [{ key: 'category', itemPath: '/c-:name/' }] })", want: {} },
    { name: 'no blog plugin', text: "export default { category: [{ key: 'category' }] }", want: {} },
  ])('$name', ({ text, want }) => expect(blogArchives(text)).toEqual(want))
})

// VuePress 1's blog, as @vuepress/core 1.9 and @vuepress/theme-blog 2.3 route it (checked with their createApp().process()).
describe('VuePress 1 blog posts', () => {
  test.each([
    ['the theme, no options: _posts/ and tags by default', `module.exports = { theme: '@vuepress/theme-blog' }`, [{ dirname: '_posts', itemPermalink: '/:year/:month/:day/:slug' }], '/tag/:slug/'],
    ['the shortcut name', `module.exports = { theme: "@vuepress/blog", themeConfig: {} }`, [{ dirname: '_posts', itemPermalink: '/:year/:month/:day/:slug' }], '/tag/:slug/'],
    ['the theme with its own directories and classifiers', `module.exports = { theme: '@vuepress/theme-blog', themeConfig: { directories: [{ id: 'note', dirname: 'notes', path: '/notes/', itemPermalink: '/notes/:slug' }], frontmatters: [{ id: 'topic', keys: ['tags'], path: '/topics/' }] } }`, [{ dirname: 'notes', itemPermalink: '/notes/:slug' }], '/topics/:slug/'],
    ['the plugin alone has no directory unless given one', `module.exports = { plugins: [['@vuepress/blog', { frontmatters: [{ id: 'tag', keys: ['tag'] }] }]] }`, [], '/tag/:slug/'],
    ['the plugin with a directory', `module.exports = { plugins: { '@vuepress/plugin-blog': { directories: [{ id: 'post', dirname: 'posts' }] } } }`, [{ dirname: 'posts', itemPermalink: '/:year/:month/:day/:slug' }], undefined],
    ['VuePress 2 blogPlugin() is not VuePress 1', `import { blogPlugin } from '@vuepress/plugin-blog'\nexport default defineUserConfig({ plugins: [blogPlugin({})] })`, [], undefined],
  ])('%s', (_, text, directories, tags) => {
    const blog = readV1Blog(text)
    expect(blog.directories).toEqual(directories)
    expect(blog.tags).toBe(tags)
  })

  test.each([
    ['/:year/:month/:day/:slug', [], '2019-2-6-first-frost', undefined, '/2019/02/06/first-frost/'],
    ['/:year/:month/:day/:slug', [], '2019-2-6-first-frost', '2020-12-25', '/2020/12/25/first-frost/'],
    ['/:year/:month/:day/:slug', [], 'Spring_Walk', new Date(Date.UTC(2023, 3, 9)), '/2023/04/09/spring-walk/'],
    ['/:year/:month/:day/:slug', ['2024-01-02-lake-trip'], 'README', undefined, '/2024/01/02/lake-trip/'],
    ['/:year/:i_month/:i_day/:slug.html', [], '2019-02-06-x', undefined, '/2019/2/6/x.html'],
    ['/writings/:year/:slug', [], '2021-11-30-on-maps', undefined, '/writings/2021/on-maps/'],
    ['/:slug', [], '2021-11-30-1st place', undefined, '/_1st-place/'],
  ])('%s for %j %s (date %s) is %s', (pattern, dirs, base, date, url) => {
    expect(v1PostUrl(pattern, dirs, base, date, '/').url).toBe(url)
  })

  test.each([
    ['Spring Walk', 'spring-walk'],
    ['Café – Menu', 'cafe-menu'],
    ['2019 review', '_2019-review'],
    ['__a__b__', 'a-b'],
  ])('slugify %j is %j', (input, slug) => expect(vuepressSlugify(input)).toBe(slug))
})

describe('vuepress-theme-hope options', () => {
  test.each([
    { name: 'encrypt by folder and page, author object', text: "export default hopeTheme({ hostname: 'https://x.example/docs', author: { name: 'Mr.Hope', url: 'u' }, encrypt: { config: { '/guide/': ['1234'], \"/config/page.html\": { password: '1', hint: 'h' } } } })", want: { hostname: 'https://x.example', author: 'Mr.Hope', encrypted: ['/guide/', '/config/page.html'], encryptAll: false, markdown: [] } },
    { name: 'global encryption, author string, Markdown extensions', text: "hopeTheme({ author: 'Ana', encrypt: { global: true, admin: 'x' }, markdown: { mark: true, sup: false, tabs: true, stylize: [] } })", want: { author: 'Ana', encrypted: [], encryptAll: true, markdown: ['mark', 'tabs'] } },
    { name: 'not the hope theme', text: "defaultTheme({ author: 'Ana', encrypt: { global: true } })", want: { encrypted: [], encryptAll: false, markdown: [] } },
  ])('$name', ({ text, want }) => expect(readThemeOptions(text)).toEqual(want))

  test('password-protected pages are kept private by default, and signed by the theme author', async () => {
    const root = await site('vuepress-hope-encrypt', {
      'src/.vuepress/config.ts': "import theme from './theme.js'\nexport default defineUserConfig({ title: 'T', theme })",
      'src/.vuepress/theme.ts': "export default hopeTheme({ author: { name: 'Mr.Hope' }, encrypt: { config: { '/secret/': ['1'], '/demo/locked.html': '2' } } })",
      'src/README.md': page('Home'),
      'src/demo/locked.md': page('Locked'),
      'src/demo/open.md': page('Open'),
      'src/secret/README.md': page('Secret index'),
      'src/secret/inner.md': page('Secret inner'),
      'src/own.md': page('Own', 'password: abc\n'),
      'src/posts/hello.md': page('Hello', 'date: 2024-01-02\n'),
    })
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    const skipped = result.report.items.flatMap((i) => ('skipped' in i && i.skipped === 'draft' ? [i.source] : [])).sort()
    expect(skipped).toEqual(['src/demo/locked.md', 'src/own.md', 'src/secret/README.md', 'src/secret/inner.md'])
    const payload = result.payload
    expect([...(payload?.content.pages ?? []), ...(payload?.content.posts ?? [])].map((d) => d.title).sort()).toEqual(['Hello', 'Home', 'Open'])
    expect(payload?.content.authors.map((a) => a.display_name)).toEqual(['Mr.Hope'])
  })
})

describe('home pages written in front matter', () => {
  test.each([
    {
      name: 'VuePress default theme',
      fm: { home: true, heroImage: '/hero.png', heroText: 'Site', tagline: 'Fast', actions: [{ text: 'Start', link: '/start.html', type: 'primary' }], features: [{ title: 'One', details: 'First {{ x }}' }] },
      want: '<div class="hero">\n<p class="hero-image"><img src="/hero.png" alt=""></p>\n<p class="hero-title"><strong>Site</strong></p>\n<p class="hero-tagline">Fast</p>\n<p class="hero-actions"><a class="button button-primary" href="/start.html">Start</a></p>\n</div>\n\n<ul class="features">\n<li class="feature"><strong>One</strong><br>First &#123;&#123; x &#125;&#125;</li>\n</ul>\n\n',
    },
    {
      name: 'VitePress hero',
      fm: { layout: 'home', hero: { name: 'VP', text: 'Docs <fast>', image: { src: '/logo.svg', alt: 'Logo' }, actions: [{ theme: 'brand', text: 'Go', link: '/guide' }] }, features: [{ title: 'Linked', details: 'D', link: '/x' }] },
      want: '<div class="hero">\n<p class="hero-image"><img src="/logo.svg" alt="Logo"></p>\n<p class="hero-title"><strong>VP</strong><br><strong>Docs &lt;fast&gt;</strong></p>\n<p class="hero-actions"><a class="button button-brand" href="/guide">Go</a></p>\n</div>\n\n<ul class="features">\n<li class="feature"><strong><a href="/x">Linked</a></strong><br>D</li>\n</ul>\n\n',
    },
    {
      name: 'vuepress-theme-hope highlights',
      fm: { home: true, highlights: [{ header: 'Easy', description: 'Why', features: [{ title: 'A' }] }] },
      want: '<section class="highlight">\n<h2>Easy</h2>\n<p>Why</p>\n<ul class="features">\n<li class="feature"><strong>A</strong></li>\n</ul>\n</section>\n\n',
    },
    { name: 'not a home page', fm: { heroText: 'Site', features: [{ title: 'One' }] }, want: undefined },
    { name: 'a home page with nothing to show', fm: { home: true, title: 'Home' }, want: undefined },
    // Found by the hostile-input hunt: front matter is input, and these links were written into the page as they were.
    {
      name: 'script and data URLs are left out, as in every link the import writes',
      fm: { home: true, heroImage: 'javascript:alert(1)', heroText: 'Site', actions: [{ text: 'A', link: '  JaVaScRiPt:alert(1)' }, { text: 'B', link: 'java\tscript:x' }, { text: 'C', link: 'data:text/html,x' }, { text: 'D', link: '/ok/' }], features: [{ title: 'F', link: 'vbscript:x' }] },
      want: '<div class="hero">\n<p class="hero-title"><strong>Site</strong></p>\n<p class="hero-actions"><a class="button button-primary" href="/ok/">D</a></p>\n</div>\n\n<ul class="features">\n<li class="feature"><strong>F</strong></li>\n</ul>\n\n',
    },
    { name: 'odd types are ignored', fm: { home: true, hero: [1, 2], heroText: 5, heroImage: { a: 1 }, tagline: ['x'], actions: 7, features: { x: 1 }, highlights: [1, null, { features: 3 }] }, want: undefined },
  ])('$name', ({ fm, want }) => expect(homePrefix(fm).bodyPrefix).toBe(want))

  test("Starlight's hero leaves script URLs out too", () => {
    expect(heroPrefix({ image: { file: 'javascript:alert(1)' }, tagline: 'T', actions: [{ text: 'A', link: 'javascript:alert(1)' }] }).bodyPrefix).toBe('<div class="hero">\n<p class="hero-tagline">T</p>\n</div>\n\n')
  })
})

// Found by the hostile-input hunt: every page tried every encrypt.config key (pages x keys; 100,000 of each would be
// 10^10 comparisons). The key is now found from the page URL's own folders.
describe('encrypt.config keys', () => {
  const theme = (encrypted: string[]) => ({ encrypted, encryptAll: false, markdown: [] })
  const naive = (keys: string[], url: string) => keys.find((k) => url === k || (k.endsWith('/') && url.startsWith(k)))

  test('the key that covers a page is the first in the configuration that the old search found', () => {
    const segment = fc.constantFrom('/', 'a', 'b', 'a/', 'b/', '.html', 'a.html')
    const path = fc.array(segment, { maxLength: 6 }).map((p) => '/' + p.join(''))
    fc.assert(
      fc.property(fc.array(path, { maxLength: 8 }), path, (keys, url) => {
        const want = naive(keys, url)
        expect(encryptedBy(theme(keys), indexKeys(keys), url, {})).toBe(want === undefined ? undefined : `encrypt.config "${want}"`)
      }),
      { numRuns: 3000 },
    )
  })

  test('50,000 keys and 50,000 pages take well under a second', () => {
    const keys = Array.from({ length: 50_000 }, (_, i) => `/k${i}/`)
    const index = indexKeys(keys)
    const started = performance.now()
    let locked = 0
    for (let i = 0; i < 50_000; i++) if (encryptedBy(theme(keys), index, `/p${i}/${'x/'.repeat(i % 50)}page.html`, {})) locked++
    expect(locked).toBe(0)
    expect(performance.now() - started).toBeLessThan(1_000)
  })
})
