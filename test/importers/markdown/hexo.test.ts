import { utimes } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { archivePages, categoryHierarchies, cleanUrl, hexoSlug, menuItems, pagePath, parseFileName, postPath, readSettings } from '../../../importers/markdown/presets/hexo.js'
import { tempSites } from './_tmpsite.js'
import { LIST_PAGES_LIMIT } from '../../../importers/markdown/presets/_list-pages.js'

// Hexo's documented rules (hexo.io "Permalinks", "Writing", "Front-matter", "Configuration"). The URLs in these rows
// are what `hexo generate` (hexo 7.3) wrote for the same configuration and file: the oracle, run once by hand.
const site = tempSites('hexo-')

describe('post permalinks', () => {
  const rows = [
    {
      name: 'the default pattern: date folders and the slug, a folder in _posts/ kept in :title',
      config: {},
      file: '2023/older-post.md',
      fm: { title: 'An Older Post' },
      date: '2023-05-06T23:30:00+01:00',
      zone: 'Europe/Lisbon',
      url: '/2023/05/06/2023/older-post/',
    },
    {
      name: 'every date token, :name, :hash, :post_title, the last category under its parent, trailing_html off',
      config: { new_post_name: ':year-:month-:day-:title.md', permalink: ':category/:year/:i_month/:i_day/:hour/:minute/:second/:name-:hash-:post_title.html', pretty_urls: { trailing_html: false }, category_map: { 'Café Talk': 'cafe' }, filename_case: 1 },
      file: 'notes/2024-03-04-Deep-Dive.md',
      fm: { title: 'A Deep Dive, Vol. 2!', categories: ['Café Talk', 'Espresso Bar'] },
      date: '2024-03-04T08:05:09+09:00',
      zone: 'Asia/Tokyo',
      url: '/cafe/espresso-bar/2024/3/4/08/05/09/notes-2024-03-04-Deep-Dive-3216cc782c84-a-deep-dive-vol-2',
    },
    {
      name: 'new_post_name read back from the file name; no category gives default_category',
      config: { new_post_name: ':year-:month-:day-:title.md', permalink: ':category/:year/:i_month/:i_day/:hour/:minute/:second/:name-:hash-:post_title.html', pretty_urls: { trailing_html: false } },
      file: '2024-03-04-asset-post.md',
      fm: { title: 'Asset post' },
      date: '2024-03-04T23:59:59+09:00',
      zone: 'Asia/Tokyo',
      url: '/uncategorized/2024/3/4/23/59/59/asset-post-89783e42cc5c-asset-post',
    },
    {
      name: 'front-matter permalink, as written',
      config: { permalink: ':year/:title/' },
      file: 'own.md',
      fm: { title: 'Own', permalink: 'custom/own-url' },
      date: '2024-03-05T00:00:00+09:00',
      zone: 'Asia/Tokyo',
      url: '/custom/own-url',
    },
    {
      name: 'a front-matter key and permalink_defaults fill their own tokens',
      config: { permalink: ':lang/:section/:title.html', permalink_defaults: { lang: 'en', section: 'blog' } },
      file: 'hola.md',
      fm: { title: 'Hola', lang: 'es' },
      date: '2024-01-01T00:00:00Z',
      zone: 'UTC',
      url: '/es/blog/hola.html',
    },
    {
      name: 'post_asset_folder ends an extensionless URL with a slash',
      config: { permalink: ':year/:title', post_asset_folder: true },
      file: 'cats.md',
      fm: { title: 'Cats' },
      date: '2024-01-01T00:00:00Z',
      zone: 'UTC',
      url: '/2024/cats/',
    },
    {
      name: 'trailing_index off drops index.html; :timestamp is seconds',
      config: { permalink: 'p/:timestamp/index.html', pretty_urls: { trailing_index: false } },
      file: 't.md',
      fm: { title: 'T' },
      date: '2024-01-01T00:00:00Z',
      zone: 'UTC',
      url: '/p/1704067200/',
    },
  ]
  test.each(rows)('$name', ({ config, file, fm, date, zone, url }) => {
    const s = readSettings(config)
    const info = parseFileName(s.newPostName, file)
    expect(postPath(s, { slug: info.title, date, zone, fields: fm, info, hierarchies: categoryHierarchies((fm as Record<string, unknown>).categories) })).toBe(url)
  })
})

test.each([
  ['/a/../b/./c/', '/a/b/c/'],
  ['/x//y', '/x/y'],
  ['/café/a b/', '/caf%C3%A9/a%20b/'],
  ['/100%/%41/', '/100%25/%41/'],
  ['/line\nbreak/', '/line%0Abreak/'],
])('a permalink filled from front matter is a clean path: %j', (url, clean) => {
  expect(cleanUrl(url)).toBe(clean)
})

describe('file names and slugs', () => {
  test.each([
    [':title.md', '2023/older-post.md', { title: '2023/older-post' }],
    [':year-:month-:day-:title.md', '2024-03-04-asset-post.md', { year: '2024', month: '03', day: '04', title: 'asset-post' }],
    [':year-:month-:day-:title.md', 'notes/2024-03-04-Deep-Dive.md', { title: 'notes-2024-03-04-Deep-Dive' }],
    [':lang/:title.md', 'fr/bonjour.md', { lang: 'fr', title: 'bonjour' }],
  ])('%s reads %s', (pattern, file, expected) => {
    expect(parseFileName(pattern, file)).toEqual(expected)
  })
  test.each([
    ['A Deep Dive, Vol. 2!', 1, 'a-deep-dive-vol-2'],
    ['Café Talk', 0, 'Cafe-Talk'],
    ['  --x__y-- ', 2, 'X-Y'],
  ])('slugize %s (case %i)', (text, transform, slug) => {
    expect(hexoSlug(text, transform)).toBe(slug)
  })
})

describe('categories', () => {
  test.each([
    ['one name', 'Travel', [['Travel']]],
    ['a list is one hierarchy', ['A', 'B'], [['A', 'B']]],
    ['lists are several', [['A', 'B'], ['C']], [['A', 'B'], ['C']]],
    ['a name among lists is a hierarchy of its own', ['A', ['B', 'C']], [['A'], ['B', 'C']]],
    ['nothing', undefined, []],
  ])('%s', (_, value, expected) => {
    expect(categoryHierarchies(value)).toEqual(expected)
  })
})

describe('page URLs', () => {
  test.each([
    ['about/index.md', undefined, true, '/about/'],
    ['a.md', undefined, true, '/a.html'],
    ['a.md', undefined, false, '/a'],
    ['docs/x.markdown', undefined, true, '/docs/x.html'],
    ['x.md', 'custom/', true, '/custom/'],
    ['x.md', '/custom/page', true, '/custom/page.html'],
    ['x.md', 'feed.xml', true, '/feed.xml'],
  ])('%s with permalink %s (trailing_html %s)', (inside, permalink, trailingHtml, url) => {
    expect(pagePath(inside, permalink, { trailingHtml })).toBe(url)
  })
})

test('a theme menu: plain titles, NexT translation keys and icons, nested entries', () => {
  expect(menuItems({ Home: '/', archives: '/archives/ || fa fa-archive', docs: { default: '/docs/ || fa fa-book', Intro: 'docs/intro/' } })).toEqual([
    { title: 'Home', url: '/', target: '_self', children: [] },
    { title: 'Archives', url: '/archives/', target: '_self', children: [] },
    { title: 'Docs', url: '/docs/', target: '_self', children: [{ title: 'Intro', url: '/docs/intro/', target: '_self', children: [] }] },
  ])
})

describe('a Hexo site', () => {
  test('is told from Jekyll by its scaffolds, and its post without a date is dated by its file time, as Hexo does', async () => {
    const root = await site('starter', {
      '_config.yml': 'title: Hexo\nurl: http://example.com\nroot: /\npermalink: :year/:month/:day/:title/\n',
      'scaffolds/post.md': '---\ntitle: {{ title }}\n---\n',
      'scaffolds/page.md': '---\ntitle: {{ title }}\n---\n',
      'source/_posts/hello-world.md': '---\ntitle: Hello World\n---\nWelcome to [Hexo](https://hexo.io/)!\n',
    })
    await utimes(path.join(root, 'source/_posts/hello-world.md'), new Date('2024-02-03T04:05:06Z'), new Date('2024-02-03T04:05:06Z'))
    const result = await importMarkdown(root, { generatedAt: '2026-01-01T00:00:00Z' })
    expect(result.preset).toBe('hexo')
    expect(result.payload?.content.pages).toEqual([])
    expect(result.payload?.content.posts.map((p) => [p.slug, p.published_at_iso])).toEqual([['hello-world', '2024-02-03T04:05:06Z']])
    expect(result.report.items.find((i) => i.source === 'source/_posts/hello-world.md')).toMatchObject({ kind: 'post', url: '/2024/02/03/hello-world/' })
    expect(result.diagnostics.map((d) => d.code)).toContain('missing_date')
  })

  // hexo-generator-archive (its README: `archive_generator: yearly: true, monthly: true, daily: false` by default)
  // writes a list per year and month that has posts under `archive_dir`: `hexo generate` (hexo 7.3, the starter
  // `hexo init` writes, hexo-cli 4.3.2's assets) wrote /archives/, /archives/2026/ and /archives/2026/11/. The
  // contract has no date archives: each leads to the post index, and links to them do. Dates are the site's zone's.
  test('the year, month and (with daily) day archives lead to the post index', async () => {
    const files = {
      'package.json': '{"dependencies":{"hexo":"^7.0.0","hexo-generator-archive":"^2.0.0"}}',
      'source/_posts/late.md': '---\ntitle: Late\ndate: 2023-12-31 20:00:00 +0000\n---\nSee [2024](/archives/2024/) and [March](/archives/2024/03/).\n',
      'source/_posts/spring.md': '---\ntitle: Spring\ndate: 2024-03-05\n---\nx\n',
      'source/_drafts/wip.md': '---\ntitle: Wip\ndate: 2022-01-02\n---\nx\n',
    }
    const monthly = await importMarkdown(await site('archives-default', { ...files, '_config.yml': 'title: A\ntimezone: Asia/Tokyo\n' }), { generatedAt: '2026-01-01T00:00:00Z' })
    expect(monthly.redirects.filter((r) => r.file === '_config.yml').map((r) => [r.from, r.to])).toEqual([['/archives/', '/'], ['/archives/2024/', '/'], ['/archives/2024/01/', '/'], ['/archives/2024/03/', '/']])
    expect(monthly.payload?.content.posts.find((p) => p.title === 'Late')?.content).toBe('See [2024](/) and [March](/).\n')
    const daily = await importMarkdown(await site('archives-daily', { ...files, '_config.yml': 'title: A\narchive_dir: old\narchive_generator:\n  monthly: false\n  daily: true\n' }), { generatedAt: '2026-01-01T00:00:00Z' })
    expect(daily.redirects.filter((r) => r.file === '_config.yml').map((r) => r.from)).toEqual(['/old/', '/old/2023/', '/old/2023/12/31/', '/old/2024/', '/old/2024/03/05/'])
    // lib/generator.js returns after the list of every post when `yearly` is off: no month or day archives either
    // (they were redirected, from pages Hexo never wrote).
    const yearless = await importMarkdown(await site('archives-yearless', { ...files, '_config.yml': 'title: A\narchive_dir: old\narchive_generator:\n  yearly: false\n  daily: true\n' }), { generatedAt: '2026-01-01T00:00:00Z' })
    expect(yearless.redirects.filter((r) => r.file === '_config.yml').map((r) => r.from)).toEqual(['/old/'])
  })

  // The archives are hexo-generator-archive's: a site whose package.json names hexo but not the plugin has none
  // (`hexo init`'s package.json lists it, so a site without one is taken to have it). Its lib/generator.js pages
  // each archive with hexo-pagination: `<archive>/page/<n>/` from 2, by archive_generator.per_page, else per_page.
  test('archives only with hexo-generator-archive, each paged by its per_page', async () => {
    const posts = Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`source/_posts/p${i}.md`, `---\ntitle: P${i}\ndate: 2024-0${i < 4 ? 1 : 2}-0${i}\n---\nx\n`]))
    const froms = async (name: string, files: Record<string, string>) => (await importMarkdown(await site(name, { ...posts, ...files }), { generatedAt: '2026-01-01T00:00:00Z' })).redirects.filter((r) => r.file === '_config.yml').map((r) => r.from)
    expect(await froms('archives-no-plugin', { '_config.yml': 'title: A\n', 'package.json': '{"dependencies":{"hexo":"^7.0.0"}}' })).toEqual([])
    expect(await froms('archives-no-package', { '_config.yml': 'title: A\n' })).toEqual(['/archives/', '/archives/2024/', '/archives/2024/01/', '/archives/2024/02/'])
    expect(await froms('archives-paged', { '_config.yml': 'title: A\nper_page: 5\narchive_generator:\n  per_page: 2\n', 'package.json': '{"dependencies":{"hexo":"^7.0.0","hexo-generator-archive":"^2.0.0"}}' })).toEqual([
      '/archives/', '/archives/2024/', '/archives/2024/01/', '/archives/2024/01/page/2/', '/archives/2024/02/', '/archives/2024/page/2/', '/archives/2024/page/3/', '/archives/page/2/', '/archives/page/3/',
    ])
  })

  // hexo-generator-index (lib/generator.js) pages the index with hexo-pagination: page n from 2 at
  // `<index_generator.path>/<dir>/<n>/`, dir `index_generator.pagination_dir`, else `pagination_dir`, else `page`.
  // Under `page` those are the post index's own pages on the new site (a link to /page/2/ resolves; it was reported
  // as leading nowhere); under another dir each leads to the post index's page n (there was nothing at /p/2/).
  test.each<[string, string, string[]]>([
    ['the default dir: the same URLs', 'per_page: 2\n', []],
    ['pagination_dir: p', 'per_page: 2\npagination_dir: p\n', ['/p/2/ /page/2/', '/p/3/ /page/3/']],
    ['index_generator.pagination_dir over pagination_dir, under index_generator.path', 'per_page: 2\npagination_dir: p\nindex_generator:\n  path: blog\n  pagination_dir: seite\n', ['/blog/seite/2/ /blog/page/2/', '/blog/seite/3/ /blog/page/3/']],
    ['per_page 0: one page', 'per_page: 0\npagination_dir: p\n', []],
  ])('index pages: %s', async (name, config, want) => {
    const posts = Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`source/_posts/p${i}.md`, `---\ntitle: P${i}\ndate: 2024-01-0${i}\n---\nx\n`]))
    const about = { 'source/about/index.md': '---\ntitle: About\n---\n[older](/page/2/)\n' }
    const result = await importMarkdown(await site(`index-pages-${name.replace(/\W+/g, '-')}`, { ...posts, ...about, '_config.yml': `title: A\n${config}` }), { generatedAt: '2026-01-01T00:00:00Z' })
    expect(result.redirects.filter((r) => r.file === '_config.yml' && !r.from.startsWith('/archives/')).map((r) => `${r.from} ${r.to}`)).toEqual(want)
    if (!config.includes('blog') && !config.includes('per_page: 0')) expect(result.report.unresolved_links).toEqual([])
  })

  // `hexo init` installs hexo-theme-landscape from npm (`theme: landscape`), whose own _config.yml (1.1.0) has
  // `menu: {Home: /, Archives: /archives}`: hexo 7.3 wrote both links in every page's #main-nav. A site that keeps the
  // theme in node_modules has that menu; its _config.landscape.yml or a themes/landscape/ copy says otherwise.
  test("Hexo's default theme from npm brings its menu", async () => {
    const files = { 'package.json': '{"dependencies":{"hexo":"^7.0.0","hexo-generator-archive":"^2.0.0","hexo-theme-landscape":"^1.0.0"}}', 'source/_posts/a.md': '---\ntitle: A\ndate: 2024-01-02\n---\nA\n' }
    const menu = async (name: string, extra: Record<string, string>) => (await importMarkdown(await site(name, { ...files, ...extra }), { generatedAt: '2026-01-01T00:00:00Z' })).payload?.menus?.primary?.items.map((i) => [i.title, i.url])
    expect(await menu('landscape-npm', { '_config.yml': 'title: A\ntheme: landscape\n', '_config.landscape.yml': '# nothing\n' })).toEqual([['Home', '/'], ['Archives', '/']])
    expect(await menu('landscape-own', { '_config.yml': 'title: A\ntheme: landscape\n', '_config.landscape.yml': 'menu:\n  Blog: /\n' })).toEqual([['Blog', '/']])
    expect(await menu('other-theme', { '_config.yml': 'title: A\ntheme: cactus\n' })).toBeUndefined()
  })

  test('a Jekyll site with _config.yml stays Jekyll; so does Octopress, whose posts sit in source/_posts/', async () => {
    const jekyll = await site('jekyll', { '_config.yml': 'title: J\n', '_posts/2024-01-01-a.md': '---\ntitle: A\n---\nA\n' })
    expect((await importMarkdown(jekyll, { generatedAt: '2026-01-01T00:00:00Z' })).preset).toBe('jekyll')
    const octopress = await site('octopress', { '_config.yml': 'source: source\n', Gemfile: "gem 'jekyll'\n", Rakefile: '', 'source/_posts/2024-01-01-a.md': '---\ntitle: A\n---\nA\n' })
    expect((await importMarkdown(octopress, { generatedAt: '2026-01-01T00:00:00Z' })).preset).toBe('jekyll')
  })

  test('drafts, published: false and future posts follow render_drafts and future', async () => {
    const files = {
      'package.json': '{"dependencies":{"hexo":"^7.0.0"}}',
      'source/_posts/future.md': '---\ntitle: Later\ndate: 2030-01-01\n---\nx\n',
      'source/_posts/hidden.md': '---\ntitle: Hidden\ndate: 2024-01-01\npublished: false\n---\nx\n',
      'source/_drafts/wip.md': '---\ntitle: Wip\ndate: 2024-01-02\n---\nx\n',
    }
    const byDefault = await importMarkdown(await site('drafts-default', { ...files, '_config.yml': 'title: D\n' }), { generatedAt: '2026-01-01T00:00:00Z' })
    expect(byDefault.payload?.content.posts.map((p) => p.slug)).toEqual(['future'])
    expect(byDefault.skipped.map((s) => [s.file, s.reason])).toEqual([['source/_drafts/wip.md', 'draft'], ['source/_posts/hidden.md', 'draft']])
    const configured = await importMarkdown(await site('drafts-rendered', { ...files, '_config.yml': 'title: D\nrender_drafts: true\nfuture: false\n' }), { generatedAt: '2026-01-01T00:00:00Z' })
    expect(configured.payload?.content.posts.map((p) => p.slug)).toEqual(['wip'])
  })

  test('source_dir, root, skip_render, exclude and include decide what is read, and where', async () => {
    const root = await site('dirs', {
      '_config.yml': 'title: D\nsource_dir: src\nroot: /blog/\nskip_render: [static/**]\nexclude: [notes/**]\ninclude: [_pages/**]\n',
      'scaffolds/post.md': '---\n---\n',
      'src/_posts/a.md': '---\ntitle: A\ndate: 2024-01-01\n---\nSee [the page](/blog/_pages/kept.html) and ![the logo](/blog/static/logo.png).\n',
      'src/static/raw.md': '# copied as it is\n',
      'src/static/logo.png': 'png',
      'src/notes/n.md': '# excluded\n',
      'src/_pages/kept.md': '---\ntitle: Kept\n---\nKept.\n',
      'source/_posts/elsewhere.md': '---\ntitle: Not the source folder\ndate: 2024-01-01\n---\n',
    })
    const result = await importMarkdown(root, { generatedAt: '2026-01-01T00:00:00Z' })
    const placed = result.report.items.filter((i) => 'kind' in i && (i.kind === 'post' || i.kind === 'page')).map((i) => [i.source, 'url' in i ? i.url : ''])
    expect(placed).toEqual([['src/_pages/kept.md', '/_pages/kept/'], ['src/_posts/a.md', '/2024/01/01/a/']])
    expect(result.redirects.map((r) => r.from)).toContain('/blog/2024/01/01/a/')
    expect(result.payload?.content.posts[0].content).toContain('(/_pages/kept/)')
    expect(result.assets.map((a) => [a.src, a.file])).toEqual([['/static/logo.png', 'src/static/logo.png']])
  })

  test('post asset folders: a bare file name in the body and asset_img are the post folder’s files', async () => {
    const root = await site('assets', {
      '_config.yml': 'title: A\npost_asset_folder: true\n',
      'scaffolds/post.md': '---\n---\n',
      'source/_posts/cats.md': '---\ntitle: Cats\ndate: 2024-01-01\n---\n![a cat](cat.png)\n\n{% asset_img cat.png A cat %}\n\n{% asset_link notes.txt The notes %}\n',
      'source/_posts/cats/cat.png': 'png',
      'source/_posts/cats/notes.txt': 'notes',
    })
    const result = await importMarkdown(root, { generatedAt: '2026-01-01T00:00:00Z' })
    const body = result.payload?.content.posts[0].content ?? ''
    expect(result.assets.map((a) => a.file).sort()).toEqual(['source/_posts/cats/cat.png', 'source/_posts/cats/notes.txt'])
    expect(body).not.toContain('](cat.png)')
    expect(body).toContain('<img src="/2024/01/01/cats/cat.png" title="A cat" alt="A cat">')
    expect(body).toContain('href="/2024/01/01/cats/notes.txt"')
    expect(result.diagnostics.filter((d) => d.code === 'missing_image' || d.code === 'missing_link_target')).toEqual([])
  })

  test('a multilingual site: each document’s language from lang:, new_post_name’s :lang or its folder', async () => {
    const root = await site('i18n', {
      '_config.yml': 'title: I\nlanguage: [en, zh-TW, default]\nnew_post_name: :lang/:title.md\npermalink: :lang/:title/\n',
      'scaffolds/post.md': '---\n---\n',
      'source/_posts/en/hello.md': '---\ntitle: Hello\ndate: 2024-01-01\n---\nHi\n',
      'source/_posts/zh-tw/hello.md': '---\ntitle: 你好\ndate: 2024-01-01\n---\nHi\n',
      'source/_posts/misc.md': '---\ntitle: Misc\ndate: 2024-01-01\nlang: zh-TW\n---\nHi\n',
      'source/zh-TW/about.md': '---\ntitle: 關於\n---\nAbout\n',
      'source/about.md': '---\ntitle: About\n---\nAbout\n',
    })
    const result = await importMarkdown(root, { generatedAt: '2026-01-01T00:00:00Z' })
    const placed = result.report.items.filter((i) => 'kind' in i && (i.kind === 'post' || i.kind === 'page')).map((i) => [i.source, 'language' in i ? i.language : undefined, 'old_url' in i && i.old_url ? i.old_url : 'url' in i ? i.url : ''])
    expect(placed).toEqual([
      ['source/_posts/en/hello.md', 'en', '/en/hello/'],
      ['source/_posts/misc.md', 'zh-TW', '/zh-TW/misc/'],
      ['source/_posts/zh-tw/hello.md', 'zh-TW', '/zh-tw/hello/'],
      ['source/about.md', 'en', '/about.html'],
      ['source/zh-TW/about.md', 'zh-TW', '/zh-TW/about.html'],
    ])
    expect(result.payload?.site.locale).toBe('en')
  })

  test('NexT: its menu, its tags and categories pages (left to the new site’s archives), its tags in bodies', async () => {
    const root = await site('next', {
      'package.json': '{"dependencies":{"hexo":"^7.0.0","hexo-generator-archive":"^2.0.0","hexo-theme-next":"^8.0.0"}}',
      '_config.yml': 'title: N\ntheme: next\n',
      '_config.next.yml': 'menu:\n  home: / || fa fa-home\n  tags: /tags/ || fa fa-tags\n  categories: /categories/ || fa fa-th\n  archives: /archives/ || fa fa-archive\n  about: /about/ || fa fa-user\n',
      'source/tags/index.md': '---\ntitle: tags\ntype: tags\ncomments: false\n---\n',
      'source/categories/index.md': '---\ntitle: categories\ntype: categories\n---\n',
      'source/about/index.md': '---\ntitle: About\n---\n{% note info %}\nHi.\n{% endnote %}\n',
      'source/_posts/a.md': '---\ntitle: A\ndate: 2024-01-01\ntags: [x]\n---\nA\n',
    })
    const result = await importMarkdown(root, { generatedAt: '2026-01-01T00:00:00Z' })
    expect(result.skipped).toEqual([{ file: 'source/categories/index.md', reason: 'term-list' }, { file: 'source/tags/index.md', reason: 'term-list' }])
    expect(result.payload?.menus?.primary.items.map((i) => [i.title, i.url])).toEqual([['Home', '/'], ['Tags', '/tags/'], ['Categories', '/categories/'], ['Archives', '/'], ['About', '/about/']])
    expect(result.payload?.content.pages[0].content).toContain('<aside class="admonition admonition-info">')
    expect(result.diagnostics.filter((d) => d.severity === 'warning' && d.code !== 'unknown_author')).toEqual([])
  })

  test('Butterfly and Fluid: menu groups, note colours, cover images the themes read', async () => {
    const root = await site('butterfly', {
      'package.json': '{"dependencies":{"hexo":"^7.0.0"}}',
      '_config.yml': 'title: B\ntheme: butterfly\n',
      '_config.butterfly.yml': 'menu:\n  Home: / || fas fa-home\n  List||fas fa-list||hide:\n    Music: /music/ || fas fa-music\n    Movie: /movies/ || fas fa-video\n',
      'source/music/index.md': '---\ntitle: Music\n---\nM\n',
      'source/movies/index.md': '---\ntitle: Movies\n---\nM\n',
      'source/img/c.png': 'png',
      'source/_posts/a.md': "---\ntitle: A\ndate: 2024-01-01\nindex_img: /img/c.png\n---\n{% note blue 'fas fa-bullhorn' simple %}\nNews.\n{% endnote %}\n",
      'source/_posts/b.md': '---\ntitle: B\ndate: 2024-01-02\ncover: /img/c.png\ntop_img: /img/none.png\n---\nB\n',
    })
    const result = await importMarkdown(root, { generatedAt: '2026-01-01T00:00:00Z' })
    const menu = result.payload?.menus?.primary.items ?? []
    expect(menu.map((i) => [i.title, i.url, i.children.map((c) => [c.title, c.url])])).toEqual([
      ['Home', '/', []],
      ['List', '/music/', [['Music', '/music/'], ['Movie', '/movies/']]],
    ])
    const posts = result.payload?.content.posts ?? []
    const [a, b] = ['a', 'b'].map((slug) => posts.find((p) => p.slug === slug)!)
    expect(a.content).toContain('<aside class="admonition admonition-info">\n\nNews.')
    expect([a.featured_image, b.featured_image]).toEqual(['/img/c.png', '/img/c.png'])
  })
})

// `per_page: 1` pages every archive by the post (hexo-pagination: ⌈posts ÷ per_page⌉ pages, `page/<n>/` from 2), and
// hexo-generator-archive pages the list of every post, each year's and each month's: three pages a post, 30,000
// redirects for 10,000 posts (300,000 for 100,000, each held and written), with no word of it. At most
// LIST_PAGES_LIMIT are written, the date archives first, and the site is told how many more Hexo wrote.
describe('archive pages with a small per_page', () => {
  const days = (n: number) => Array.from({ length: n }, (_, i) => new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10))

  test.each<[string, Record<string, unknown>, number, number, number]>([
    // name, _config.yml, posts, redirects written, pages Hexo wrote besides /archives/
    ['per_page 1, 10 posts in one month', { per_page: 1 }, 10, 2 + 9 * 3, 2 + 9 * 3],
    ['per_page 0: one page an archive', { per_page: 0 }, 10, 2, 2],
    ['per_page 1, 10,000 posts', { per_page: 1 }, 10_000, LIST_PAGES_LIMIT, 0],
    ['archive_generator.per_page 1 over per_page 10, 200,000 posts', { per_page: 10, archive_generator: { per_page: 1 } }, 200_000, LIST_PAGES_LIMIT, 0],
  ])('%s', (_, cfg, count, written, total) => {
    const dates = count === 10 ? Array.from({ length: 10 }, (_, i) => `2024-05-${String(i + 1).padStart(2, '0')}`) : days(count)
    const got = archivePages(cfg, dates, 'UTC')
    expect(got.urls.length).toBe(written)
    expect(new Set(got.urls).size).toBe(got.urls.length)
    // Every page Hexo wrote is counted: those not written are what the warning says.
    const months = new Set(dates.map((d) => d.slice(0, 7))).size
    const years = new Set(dates.map((d) => d.slice(0, 4))).size
    const perPage = (cfg.archive_generator as { per_page?: number } | undefined)?.per_page ?? (cfg.per_page as number)
    expect(got.total).toBe(total !== 0 ? total : years + months + (perPage >= 1 ? 3 * count - years - months - 1 : 0))
  })

  // Growth, not a wall-clock limit (which a loaded machine breaks): four times the posts take about four times as long
  // (linear), far from the sixteen of a quadratic count. The best of three runs each, on the same machine moment.
  test('the count grows linearly with the posts', () => {
    const cfg = { per_page: 10, archive_generator: { per_page: 1 } }
    const best = (dates: string[]) => Math.min(...[0, 1, 2].map(() => {
      const started = performance.now()
      archivePages(cfg, dates, 'UTC')
      return performance.now() - started
    }))
    const [small, large] = [days(25_000), days(100_000)]
    best(small)
    expect(best(large) / best(small)).toBeLessThan(8)
  })

  test('the date archives come first when the limit cuts', () => {
    const got = archivePages({ per_page: 1 }, days(20_000), 'UTC')
    expect(got.urls.filter((u) => !u.includes('/page/')).length).toBe(new Set(days(20_000).map((d) => d.slice(0, 7))).size + new Set(days(20_000).map((d) => d.slice(0, 4))).size)
  })

  test('a site past the limit is told, on its _config.yml', async () => {
    const posts = Object.fromEntries(Array.from({ length: 3_400 }, (_, i) => [`source/_posts/p${i}.md`, `---\ntitle: P${i}\ndate: 2024-01-01\n---\nx\n`]))
    const result = await importMarkdown(await site('archives-per-page-1', { ...posts, '_config.yml': 'title: A\nper_page: 1\n' }), { generatedAt: '2026-01-01T00:00:00Z' })
    expect(result.redirects.filter((r) => r.file === '_config.yml').length).toBe(LIST_PAGES_LIMIT + 1)
    const said = result.diagnostics.filter((d) => d.file === '_config.yml' && d.message.includes('archives besides'))
    expect(said.map((d) => d.message)).toEqual([`hexo-generator-archive's archives besides /archives/ (3400 posts, per_page 1) wrote ${2 + 3 * 3_399} pages; only the first ${LIST_PAGES_LIMIT} redirect to the post index at / (or its pages). Redirect the others by hand (a rule such as /archives/* → / on the host), or raise archive_generator.per_page.`])
  }, 60_000)
})
