import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { readRewrites } from '../../../importers/markdown/presets/_rewrites.js'
import { localeBlogLists, parsedAsMdx } from '../../../importers/markdown/presets/docusaurus.js'
import { importedSite, tempSites } from './_tmpsite.js'

// Generators' documented options that change which documents are published and where, each row a small site built
// with the real generator (Docusaurus 3.10.2's `.docusaurus/` route metadata) and the URL it gave each file: the
// import must keep that URL (served as is or redirected) and leave out what the generator did not build.

const site = tempSites('md-documented-')
const doc = (title: string) => `---\ntitle: ${title}\n---\n\nText of ${title}.\n`

/** A Docusaurus site with versions 2.0 and 1.0 and current docs, each holding a.md, with these docs options. */
const versioned = (options: string) => ({
  'docusaurus.config.js': `module.exports = {\n  title: 'V', url: 'https://v.example', baseUrl: '/',\n  presets: [['classic', { docs: { sidebarPath: './sidebars.js', ${options} }, blog: false }]],\n}\n`,
  'sidebars.js': "module.exports = { s: ['a'] }\n",
  'versions.json': '["2.0", "1.0"]',
  'docs/a.md': doc('A current'),
  'versioned_docs/version-2.0/a.md': doc('A 2.0'),
  'versioned_docs/version-1.0/a.md': doc('A 1.0'),
  'versioned_sidebars/version-2.0-sidebars.json': '{ "s": ["a"] }',
  'versioned_sidebars/version-1.0-sidebars.json': '{ "s": ["a"] }',
})

describe('Docusaurus versions (docusaurus.io "Versioning", plugin-content-docs options)', () => {
  test.each<[string, string, Record<string, string>]>([
    ['the newest version at the docs root, current docs under next/', '', { 'docs/a.md': '/docs/next/a', 'versioned_docs/version-2.0/a.md': '/docs/a', 'versioned_docs/version-1.0/a.md': '/docs/1.0/a' }],
    // Docusaurus built only /docs/dev/a and /docs/a.
    ["onlyIncludeVersions and a version's own path", "onlyIncludeVersions: ['current', '2.0'], versions: { current: { path: 'dev', label: 'Dev' } }", { 'docs/a.md': '/docs/dev/a', 'versioned_docs/version-2.0/a.md': '/docs/a', 'versioned_docs/version-1.0/a.md': 'not-built' }],
    // Docusaurus built only /docs/a (1.0) and /docs/two/a.
    ['includeCurrentVersion: false, lastVersion and a path', "includeCurrentVersion: false, lastVersion: '1.0', versions: { '2.0': { path: 'two' } }", { 'docs/a.md': 'not-built', 'versioned_docs/version-2.0/a.md': '/docs/two/a', 'versioned_docs/version-1.0/a.md': '/docs/a' }],
  ])('%s', async (_name, options, want) => {
    const got = await importedSite(await site(options.replace(/\W+/g, '-') || 'plain', versioned(options)))
    for (const [file, url] of Object.entries(want)) {
      if (url === 'not-built') expect(got.skipped[file], file).toBe('not-built')
      else expect(got.served(url), `${file} at ${url}`).toBe(true)
    }
  })
})

// Docusaurus 3 parses `.md` files as MDX unless told otherwise; `docusaurus build` (3.10.2) rendered a `.md` doc's
// `<img src={require('./img/b.png').default} />` as the image.
describe('Docusaurus: which documents are MDX (docusaurus.io "MDX vs. CommonMark")', () => {
  test.each([
    ['a.md', {}, undefined, true],
    ['a.mdx', {}, undefined, true],
    ['a.md', {}, 'detect', false],
    ['a.mdx', {}, 'detect', true],
    ['a.mdx', {}, 'md', false],
    ['a.md', { format: 'md' }, undefined, false],
    ['a.md', { format: 'mdx' }, 'detect', true],
    ['a.md', { mdx: { format: 'md' } }, 'mdx', false],
    ['a.mdx', { format: 'detect' }, 'md', true],
    ['a.md', { format: 'nonsense' }, 'detect', false],
  ])('%s with front matter %j and markdown.format %s: MDX %s', (file, fm, configured, want) => expect(parsedAsMdx(file, fm, configured)).toBe(want))

  test("a .md doc's expressions, exports and required images, and a format: md doc's braces as text", async () => {
    const { bodies } = await importedSite(fileURLToPath(new URL('../../fixtures/markdown/docusaurus-md-as-mdx/input', import.meta.url)))
    expect(bodies.join('\n')).toContain('Welcome to Widget.\n\n<img src="/media/docs/img/diagram.png" alt="Diagram">')
    expect(bodies.join('\n')).toContain('In CommonMark, {product} is text.')
  })
})

// Docusaurus 2 parses every document with MDX 1, which keeps CommonMark's indented code blocks (MDX 2 and later, in
// Docusaurus 3, dropped them): create-docusaurus 2's own template (@docusaurus/init@2.0.0-beta.6,
// docs/tutorial-basics/markdown-features.mdx) shows how to write an admonition in an indented block, printed as written.
describe('Docusaurus 2: indented code blocks (MDX 1)', () => {
  const page = 'Write one so:\n\n    :::tip My tip\n\n    Use this awesome feature option\n\n    :::\n\n:::tip My tip\n\nUsed.\n\n:::\n'
  test.each([
    ['2.0.0-beta.6', true],
    ['^2.4.3', true],
    ['~2.4.0', true],
    ['3.10.2', false],
    ['^3.0.0', false],
  ])('@docusaurus/core %s: indented code kept %s', async (version, kept) => {
    const got = await importedSite(await site(`docusaurus-${version.replace(/\W+/g, '-')}`, {
      'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { docs: { sidebarPath: false }, blog: false }]] }\n",
      'package.json': JSON.stringify({ dependencies: { '@docusaurus/core': version, '@docusaurus/preset-classic': version } }),
      'docs/features.mdx': page,
    }))
    const body = got.bodies.join('\n')
    expect(body.includes('    :::tip My tip\n'), body).toBe(kept)
    expect(body).toMatch(/<aside class="admonition admonition-tip">\n<p class="admonition-title">My tip<\/p>\n+Used\./)
  })
})

// The blog's list is paginated (plugin-content-blog `postsPerPage`, default 10, 'ALL' for one page): /blog/page/2
// and on, in each locale (a docusaurus 3.10.2 build of the corpus's built-docusaurus-i18n, 40 posts: news/page/2…4
// and fr/news/page/2…4). Drafts are not built and unlisted posts are in no list.
describe('Docusaurus blog list pages (plugin-content-blog postsPerPage)', () => {
  const posts = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`blog/2024-01-${String(i + 1).padStart(2, '0')}-p${i}.md`, `---\ntitle: P${i}\n${i === 0 ? 'draft: true\n' : i === 1 ? 'unlisted: true\n' : ''}---\n\nText.\n`]))
  test.each<[string, number, string, string[], string[]]>([
    ['12 listed posts, the default 10 a page', 14, '', ['/blog/page/2', '/fr/blog/page/2'], ['/blog/page/3']],
    ['postsPerPage: 5', 13, 'postsPerPage: 5, ', ['/blog/page/2', '/blog/page/3', '/fr/blog/page/3'], ['/blog/page/4']],
    ["postsPerPage: 'ALL'", 14, "postsPerPage: 'ALL', ", [], ['/blog/page/2']],
  ])('%s', async (name, n, option, served, not) => {
    const got = await importedSite(await site(`paged-${name.replace(/\W+/g, '-')}`, {
      'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', i18n: { defaultLocale: 'en', locales: ['en', 'fr'] }, presets: [['classic', { docs: false, blog: { ${option}showReadingTime: true } }]] }\n`,
      ...posts(n),
    }))
    for (const url of served) expect(got.served(url), url).toBe(true)
    for (const url of not) expect(got.served(url), url).toBe(false)
  })

  // The preset's blog options were found only by a key such as `showReadingTime` or `path`: `blog: { postsPerPage: 5 }`
  // alone was not read, and the post index paged by 10 where Docusaurus paged by 5 (/blog/page/3 answered by nothing).
  test.each<[string, string]>([
    ['postsPerPage', 'postsPerPage: 5'],
    ['postsPerPage and archiveBasePath', "postsPerPage: 5, archiveBasePath: 'old'"],
  ])('the blog options with only %s are read', async (name, option) => {
    const got = await importedSite(await site(`paged-only-${name.replace(/\W+/g, '-')}`, {
      'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { docs: false, blog: { ${option} } }]] }\n`,
      ...posts(13),
    }))
    expect(got.payload.site.posts_per_page).toBe(5)
    expect(got.served('/blog/page/3')).toBe(true)
  })

  // Each locale's list holds the same posts, page by page (the default locale's where untranslated): the French
  // list's page n leads to the post index's page n, the build stage's /blog/page/<n>/ (it led to /blog/).
  test("another locale's list page n leads to the post index's page n", async () => {
    const got = await importedSite(await site('paged-locale-targets', {
      'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', i18n: { defaultLocale: 'en', locales: ['en', 'fr'] }, presets: [['classic', { docs: false, blog: { postsPerPage: 5, showReadingTime: true } }]] }\n`,
      ...posts(13),
    }))
    const to = Object.fromEntries(got.result.redirects.map((r) => [r.from, r.to]))
    expect([to['/fr/blog'], to['/fr/blog/page/2'], to['/fr/blog/page/3']]).toEqual(['/blog/', '/blog/page/2/', '/blog/page/3/'])
  })
})

describe('VitePress rewrites (vitepress.dev "Routing": route rewrites)', () => {
  test('static and parameter rules move pages where VitePress 1.6.4 served them; links by source file follow', async () => {
    const root = await site('vitepress-rewrites', {
      '.vitepress/config.mts': `import { defineConfig } from 'vitepress'\n\nexport default defineConfig({\n  title: 'RW',\n  cleanUrls: true,\n  rewrites: {\n    'old/intro.md': 'guide/start.md',\n    'packages/:pkg/src/(.*)': ':pkg/(.*)',\n  },\n})\n`,
      'index.md': doc('Home'),
      'old/intro.md': '---\ntitle: Intro\n---\n\nSee [a](../packages/pkg-a/src/index.md).\n',
      'old/stay.md': doc('Stay'),
      'packages/pkg-a/src/index.md': doc('A'),
      'packages/pkg-a/src/usage.md': doc('A usage'),
      'packages/Pkg-B/src/index.md': doc('B'),
    })
    const got = await importedSite(root)
    // The pages VitePress wrote: /guide/start, /old/stay, /pkg-a/, /pkg-a/usage, /Pkg-B/.
    for (const url of ['/guide/start', '/old/stay', '/pkg-a/', '/pkg-a/usage', '/Pkg-B/']) expect(got.served(url), url).toBe(true)
    expect(got.served('/old/intro')).toBe(false)
    expect(got.bodies.join('\n')).toContain(`[a](${got.urls['packages/pkg-a/src/index.md']})`)
  })

  test('rules written as code are reported, and their pages keep their paths', async () => {
    const root = await site('vitepress-rewrites-code', {
      '.vitepress/config.mts': "export default {\n  title: 'C',\n  rewrites(id) {\n    return id.replace('old/', 'new/')\n  },\n}\n",
      'old/a.md': doc('A'),
    })
    const got = await importedSite(root)
    expect(got.served('/old/a.html')).toBe(true)
    expect(got.result.diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/^The rewrites "rewrites" are code/)])
  })
})

describe('VitePress rewrite rules, one by one', () => {
  const rules: Array<[string, string]> = [
    ['old/intro.md', 'guide/start.md'],
    ['packages/:pkg/src/(.*)', ':pkg/(.*)'],
    ['packages/:pkg/docs/index.md', 'docs-:pkg.md'],
    ['^packages/(?<pkg>.*)\\.md$', ':pkg.md'],
    ['a/:x:y.md', 'b.md'],
    ['c/(.*)/(.*)', 'd.md'],
    ['e/([a-z]+).md', 'f.md'],
  ]
  const rewrites = readRewrites(rules)
  test.each([
    ['old/intro.md', 'guide/start.md'],
    ['OLD/Intro.md', 'guide/start.md'],
    ['packages/pkg-a/src/deep/x.md', 'pkg-a/deep/x.md'],
    ['packages/pkg-a/docs/index.md', 'docs-pkg-a.md'],
    ['packages/x.md', 'packages/x.md'],
    ['other.md', 'other.md'],
  ])('%s → %s', (page, want) => expect(rewrites.apply(page)).toBe(want))
  test("the site's own regular expressions, and rules whose matching could take a power of the path's length, are not run", () => {
    expect(rewrites.unsupported).toEqual(['^packages/(?<pkg>.*)\\.md$', 'a/:x:y.md', 'c/(.*)/(.*)', 'e/([a-z]+).md'])
  })
})

describe("Chirpy's media_subpath (chirpy.cotes.page \"Writing a New Post\": media resources path)", () => {
  test("a post's relative images and its image.path are read under media_subpath (img_path before Chirpy 7), else as written", async () => {
    const png = 'PNG'
    const root = await site('chirpy-media-subpath', {
      '_config.yml': 'title: C\ntheme: jekyll-theme-chirpy\ndefaults:\n  - scope: { path: "_posts/2024-01-03-old.md" }\n    values: { img_path: /img/old }\n',
      '_posts/2024-01-02-new.md': '---\ntitle: New\nmedia_subpath: /assets/img/new/\nimage:\n  path: cover.png\n  alt: The cover\n---\n\n![Shot](shot.png)\n\n![Logo](/assets/logo.png)\n\n![Remote](https://cdn.example/r.png)\n',
      '_posts/2024-01-03-old.md': '---\ntitle: Old\n---\n\n<img src="diagram.png" alt="Diagram">\n',
      'assets/img/new/shot.png': png,
      'assets/img/new/cover.png': png,
      'assets/logo.png': png,
      'img/old/diagram.png': png,
    })
    const got = await importedSite(root)
    const post = (slug: string) => got.payload.content.posts.find((p) => p.slug === slug)!
    const media = got.result.assets.map((a) => a.file).sort()
    expect(media).toEqual(['assets/img/new/cover.png', 'assets/img/new/shot.png', 'assets/logo.png', 'img/old/diagram.png'])
    const src = (file: string) => got.result.assets.find((a) => a.file === file)!.src
    expect(post('new').content).toContain(`![Shot](${src('assets/img/new/shot.png')})`)
    expect(post('new').content).toContain(`![Logo](${src('assets/logo.png')})`)
    expect(post('new').content).toContain('![Remote](https://cdn.example/r.png)')
    expect(post('new').featured_image).toBe(src('assets/img/new/cover.png'))
    expect(post('old').content).toContain(`src="${src('img/old/diagram.png')}"`)
    expect(got.result.report.missing_media).toEqual([])
  })
})

// s10-review2 item 7: past LOCALE_LIST_PAGES routes, the other locales' paged lists were left out without a word.
describe("Docusaurus: other locales' blog list pages past the bound", () => {
  test('are counted as left out, not made', () => {
    const blog = { index: '/blog/', authors: '/blog/authors', file: 'docusaurus.config.js', slash: false, pages: 1_000, perPage: 10 }
    const locales = Array.from({ length: 200 }, (_, i) => `l${i}`)
    const { routes, leftOut } = localeBlogLists([], locales, blog)
    // Each locale: its index, then pages 2…1000 while fewer than 100,000 routes are made.
    expect(routes.length + leftOut).toBe(200 * 1_000)
    expect(routes.length).toBeLessThanOrEqual(100_000 + 200)
    expect(leftOut).toBeGreaterThan(0)
    expect(localeBlogLists([], ['fr'], blog)).toMatchObject({ leftOut: 0 })
  })
})
