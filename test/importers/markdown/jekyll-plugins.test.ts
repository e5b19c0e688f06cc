import { describe, expect, test } from 'vitest'
import { importedSite as imported, tempSites } from './_tmpsite.js'
import { paginatedListPath } from '../../../importers/markdown/presets/jekyll-paginate.js'

// GitHub Pages builds a Jekyll site with plugins a plain `jekyll build` runs only when asked (pages-gem's
// DEFAULT_PLUGINS): jekyll-optional-front-matter, jekyll-readme-index, jekyll-relative-links. Each expected URL
// below is what `jekyll build` 4.3.1 published with those plugins (0.3.2, 0.3.0, 0.7.0) listed in `plugins:`.

const site = tempSites('md-jekyll-plugins-')

/** A repository's GitHub Pages site as people write one: Markdown without front matter, READMEs, repository files. */
const DOCS = {
  'README.md': '# Widget\n\nStart with the [guide](docs/guide/setup.md) or read [about](about.md).\n',
  'about.md': '# About Widget\n\nSee [setup](docs/guide/setup.md#install).\n',
  'LICENSE.md': 'MIT\n',
  'CONTRIBUTING.md': '# Contributing\n\nSend patches.\n',
  'docs/guide/README.md': '# Guide\n\nThe [setup](setup.md).\n',
  'docs/guide/setup.md': 'Setup\n=====\n\n## Install\n\nRun it. Back to [home](../../README.md).\n',
}

/** Old URLs GitHub Pages serves for DOCS, and the files it copies as they are. */
const PAGES_URLS = ['/', '/about.html', '/docs/guide/', '/docs/guide/setup.html']
const COPIED = ['LICENSE.md', 'CONTRIBUTING.md']

describe('a site GitHub Pages builds: Markdown without front matter is a page, a README its folder\'s index', () => {
  test.each<{ name: string; files: Record<string, string> }>([
    { name: 'no Gemfile', files: { '_config.yml': 'theme: jekyll-theme-cayman\ntitle: Widget\n' } },
    { name: 'a remote theme and no Gemfile', files: { '_config.yml': 'remote_theme: pages-themes/cayman@v0.2.0\n' } },
    { name: 'the github-pages gem', files: { '_config.yml': 'title: Widget\n', Gemfile: 'source "https://rubygems.org"\ngem "github-pages", group: :jekyll_plugins\n' } },
    { name: 'its own build naming the plugins', files: { '_config.yml': 'plugins:\n  - jekyll-optional-front-matter\n', Gemfile: 'gem "jekyll", "~> 4.3"\ngroup :jekyll_plugins do\n  gem "jekyll-readme-index"\nend\n' } },
  ])('$name', async ({ name, files }) => {
    const got = await imported(await site(name.replace(/\W+/g, '-'), { ...DOCS, ...files }))
    expect(got.preset).toBe('jekyll')
    for (const url of PAGES_URLS) expect(got.served(url), url).toBe(true)
    for (const f of COPIED) expect(got.skipped[f], f).toBe('static-file')
    expect(got.urls['README.md']).toBe('/')
    expect(got.urls['docs/guide/README.md']).toBe('/docs/guide/')
    // jekyll-relative-links: a link to a Markdown file leads to its page (and the fragment is kept).
    const bodies = got.bodies.join('\n')
    expect(bodies).toContain('[setup](/docs/guide/setup#install)')
    expect(bodies).toContain('[home](/)')
    expect(got.payload.site.front_page).toEqual({ type: 'page', page_path: 'home' })
  })
})

describe('where GitHub Pages\' plugins do not run, or are switched off', () => {
  const gemfile = 'source "https://rubygems.org"\ngem "jekyll", "~> 4.3"\n'
  test.each<{ name: string; files: Record<string, string> }>([
    { name: 'a Gemfile without github-pages', files: { '_config.yml': 'title: Widget\n', Gemfile: gemfile } },
    { name: 'optional_front_matter enabled false', files: { '_config.yml': 'optional_front_matter:\n  enabled: false\nreadme_index:\n  enabled: false\n' } },
    { name: 'require_front_matter', files: { '_config.yml': 'require_front_matter: true\nreadme_index:\n  enabled: false\n' } },
  ])('$name: files without front matter are copied as they are', async ({ name, files }) => {
    const got = await imported(await site(name.replace(/\W+/g, '-'), { ...DOCS, 'index.md': '---\ntitle: Home\n---\n\nHome.\n', ...files }))
    for (const f of ['about.md', 'README.md', 'docs/guide/README.md', 'docs/guide/setup.md', ...COPIED]) expect(got.skipped[f], f).toBe('static-file')
    expect(got.urls['index.md']).toBe('/')
  })

  test('optional front matter without the README index: READMEs stay files', async () => {
    const got = await imported(await site('no-readme-index', { ...DOCS, '_config.yml': 'readme_index:\n  enabled: false\n' }))
    expect(got.skipped['README.md']).toBe('static-file')
    expect(got.skipped['docs/guide/README.md']).toBe('static-file')
    expect(got.served('/about.html')).toBe(true)
  })
})

describe('jekyll-readme-index: which README stands for its folder', () => {
  test('a folder with an index page, a page whose permalink is the folder, or an index.html keeps its README a file', async () => {
    const got = await imported(
      await site('readme-index-rules', {
        '_config.yml': 'title: Rules\n',
        'README.md': '# Readme\n',
        'index.md': '# Home\n\nWelcome.\n',
        'a/README.md': '# A readme\n',
        'a/overview.md': '---\npermalink: /a/\n---\n\n# Overview\n',
        'b/README.md': '# B readme\n',
        'b/index.html': '<p>B</p>\n',
        'c/README.md': '---\ntitle: C\n---\n\nC.\n',
        'd/Readme.markdown': '# D\n',
      }),
    )
    expect(got.urls['index.md']).toBe('/')
    expect(got.skipped['README.md']).toBe('static-file')
    expect(got.urls['a/overview.md']).toBe('/a/')
    expect(got.skipped['a/README.md']).toBe('static-file')
    expect(got.skipped['b/README.md']).toBe('static-file')
    // With front matter a README is a page at its own name, unless `with_frontmatter: true`.
    expect(got.served('/c/README.html')).toBe(true)
    expect(got.urls['d/Readme.markdown']).toBe('/d/')
  })

  test('with_frontmatter: a README with front matter stands for its folder too', async () => {
    const got = await imported(await site('readme-with-front-matter', { '_config.yml': 'readme_index:\n  with_frontmatter: true\n', 'c/README.md': '---\ntitle: C\n---\n\nC.\n', 'index.md': '# Home\n' }))
    expect(got.urls['c/README.md']).toBe('/c/')
  })

  test('a repository file named in include: is a page', async () => {
    const got = await imported(await site('include-license', { '_config.yml': 'include: [LICENSE.md]\n', 'LICENSE.md': '# License\n\nMIT.\n', 'index.md': '# Home\n' }))
    expect(got.served('/LICENSE.html')).toBe(true)
  })
})

describe('jekyll-github-metadata: what GitHub Pages knows from `repository:`', () => {
  test.each([
    // Where a project site is served (acme.github.io/widget, or a domain its packaged folder lost) is not guessed.
    { name: 'a project site', repository: 'acme/widget', cname: undefined, title: 'widget', url: '', base: '' },
    { name: 'a user site', repository: 'https://github.com/acme/acme.github.io', cname: undefined, title: 'acme.github.io', url: 'https://acme.github.io', base: '' },
    { name: 'a custom domain', repository: 'acme/widget', cname: 'docs.acme.example\n', title: 'widget', url: 'https://docs.acme.example', base: '' },
  ])('$name: title, and the URL where known, when the configuration has none; site.github in Liquid', async ({ name, repository, cname, title, url, base }) => {
    const got = await imported(
      await site(name.replace(/\W+/g, '-'), {
        '_config.yml': `repository: ${repository}\n`,
        ...(cname ? { CNAME: cname } : {}),
        'index.md': `# Home\n\nSee [the code]({{ site.github.repository_url }}) by {{ site.github.owner_name }}, [the guide](${base}/guide.html) and [again](${url}${base}/guide.html).\n`,
        'guide.md': '# Guide\n\nText.\n',
      }),
    )
    expect(got.payload.site.title).toBe(title)
    expect(got.payload.site.url).toBe(url)
    const home = got.bodies.find((b) => b.startsWith('See'))
    expect(home).toBe(`See [the code](https://github.com/${repository.replace('https://github.com/', '')}) by acme, [the guide](/guide) and [again](/guide).\n`)
    expect(got.result.diagnostics).toEqual([])
  })

  test('a site named by `name:` keeps it, and a `url` on its own domain is served at its root (jekyllrb.com\'s docs)', async () => {
    const got = await imported(await site('own-name', { '_config.yml': 'repository: https://github.com/jekyll/jekyll\nname: Jekyll Docs\nurl: https://jekyllrb.com\n', 'index.md': '# Home\n\n[Guide](/guide.html) and [again](https://jekyllrb.com/guide.html)\n', 'guide.md': '# Guide\n' }))
    expect(got.payload.site.title).toBe('Jekyll Docs')
    expect(got.bodies).toContain('[Guide](/guide) and [again](/guide)\n')
  })

  test('the configuration\'s own title, url and baseurl win', async () => {
    const got = await imported(await site('own-title', { '_config.yml': 'repository: acme/widget\ntitle: Widget Docs\nurl: https://widget.example\nbaseurl: ""\n', 'index.md': '# Home\n\n[Guide](/guide.html)\n', 'guide.md': '# Guide\n' }))
    expect(got.payload.site.title).toBe('Widget Docs')
    expect(got.payload.site.url).toBe('https://widget.example')
    expect(got.result.diagnostics).toEqual([])
  })
})

describe('jekyll-titles-from-headings: a page without a title takes its opening heading', () => {
  test.each([
    { body: '## Getting started\n\nText.\n', title: 'Getting started' },
    { body: '### *Deep* `dive`\n', title: 'Deep dive' },
    { body: 'Second level\n------------\n\nText.\n', title: 'Second level' },
    { body: 'Text first.\n\n## Later\n', title: 'notes' },
  ])('$title', async ({ body, title }) => {
    const got = await imported(await site(`titles-${title.replace(/\W+/g, '-')}`, { '_config.yml': 'title: T\n', 'index.md': '# Home\n', 'notes.md': body }))
    expect(got.payload.content.pages.find((p) => p.slug === 'notes')?.title).toBe(title)
  })

  test('not where the plugin does not run', async () => {
    const got = await imported(await site('titles-off', { '_config.yml': 'title: T\ntitles_from_headings:\n  enabled: false\n', 'index.md': '# Home\n', 'notes.md': '---\n---\n## Getting started\n' }))
    expect(got.payload.content.pages.find((p) => p.slug === 'notes')?.title).toBe('notes')
  })
})

describe('jekyll-archives (a site\'s own build): its term archives keep their URLs', () => {
  const post = '---\ntitle: Hello\ncategories: [News Items]\ntags: [Ruby, Static Sites]\n---\n\nSee [ruby](/tag/ruby/) and [news](/topics/news-items/).\n'
  const gemfile = 'source "https://rubygems.org"\ngem "jekyll"\ngroup :jekyll_plugins do\n  gem "jekyll-archives"\nend\n'
  // jekyll build 4.3.1 with jekyll-archives 2.2.1 wrote tag/ruby/index.html and topics/news-items/index.html.
  test('enabled archives answer at their permalinks, and links to them lead there', async () => {
    const got = await imported(
      await site('archives', {
        Gemfile: gemfile,
        '_config.yml': 'title: Archives\njekyll-archives:\n  enabled: [tags, categories]\n  permalinks:\n    category: /topics/:name/\n',
        '_posts/2024-01-02-hello.md': post,
        'index.md': '---\ntitle: Home\n---\n\nHome.\n',
      }),
    )
    expect(got.payload.site.permalinks).toMatchObject({ categories: '/topics/:slug/', tags: '/tag/:slug/' })
    // The site's URLs end in .html (Jekyll's default `date` style), so the archive's public URL has no slash.
    expect(got.bodies).toContain('\nSee [ruby](/tag/ruby) and [news](/topics/news-items).\n')
    expect(got.result.diagnostics.filter((d) => d.code !== 'unknown_author')).toEqual([])
  })

  test.each([
    { name: 'not enabled', config: 'jekyll-archives:\n  enabled: [year]\n', gemfile },
    { name: 'not installed', config: 'jekyll-archives:\n  enabled: all\n', gemfile: 'gem "jekyll"\n' },
    { name: 'GitHub Pages (which does not allow it)', config: 'plugins: [jekyll-archives]\njekyll-archives:\n  enabled: all\n', gemfile: 'gem "github-pages", group: :jekyll_plugins\n' },
  ])('$name: the default archives', async ({ name, config, gemfile }) => {
    const got = await imported(await site(`archives-${name.replace(/\W+/g, '-')}`, { Gemfile: gemfile, '_config.yml': `title: A\n${config}`, '_posts/2024-01-02-hello.md': post }))
    expect(got.payload.site.permalinks?.tags).toBeUndefined()
    expect(got.payload.site.permalinks?.categories).toBeUndefined()
  })

  test('a pattern the contract cannot say is reported', async () => {
    const got = await imported(await site('archives-html', { Gemfile: gemfile, '_config.yml': 'title: A\njekyll-archives:\n  enabled: [tags]\n  permalinks:\n    tag: /tag/:name.html\n', '_posts/2024-01-02-hello.md': post }))
    expect(got.payload.site.permalinks?.tags).toBeUndefined()
    expect(got.result.diagnostics.map((d) => d.code)).toContain('unsupported_feature')
  })
})

describe('a link to a term archive leads to its public URL', () => {
  test('under html-extension a tag archive is /tags/x, whatever the link wrote', async () => {
    const got = await imported(await site('term-link', { '_config.yml': 'title: T\npermalink: date\n', '_posts/2024-01-02-hello.md': '---\ntitle: Hello\nauthor: A\ntags: [Ruby]\n---\n\nMore [Ruby](/tags/ruby/).\n' }))
    expect(got.payload.site.permalinks?.output_style).toBe('html-extension')
    expect(got.bodies).toContain('\nMore [Ruby](/tags/ruby).\n')
  })
})

describe('jekyll-paginate-v2', () => {
  test.each([
    { config: 'pagination:\n  enabled: true\n  per_page: 5\n', perPage: 5 },
    { config: 'pagination:\n  enabled: false\n  per_page: 5\n', perPage: 10 },
    { config: 'paginate: 7\n', perPage: 7 },
    { config: 'paginate: 0\n', perPage: 10 },
  ])('$config: $perPage posts a page', async ({ config, perPage }) => {
    const got = await imported(await site(`paginate-${config.replace(/\W+/g, '-')}`, { '_config.yml': `title: P\n${config}`, 'blog/index.html': '---\npagination:\n  enabled: true\n---\n{% for post in paginator.posts %}{{ post.title }}{% endfor %}\n', '_posts/2024-01-02-p1.md': '---\ntitle: P1\nauthor: A\n---\n\nOne.\n' }))
    expect(got.payload.site.posts_per_page).toBe(perPage)
    expect(got.payload.site.post_index).toEqual({ path: '/blog/' })
  })
})

// jekyllrb.com "Pagination": with `paginate: N`, jekyll-paginate writes the blog's index.html with the first N posts and
// page n (from 2) at `paginate_path` with `:num` as n (default `/page:num`: /page2/, /page3/). Nothing answered
// there on the new site: each leads to the post index's page n (/page/2/), and links to them follow.
describe('jekyll-paginate pages', () => {
  const posts = Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`_posts/2024-01-0${i}-p${i}.md`, `---\ntitle: P${i}\nauthor: A\n---\n\nText ${i}.\n`]))
  const list = '---\ntitle: Blog\n---\n{% for post in paginator.posts %}{{ post.title }}{% endfor %}\n'
  test.each<[string, Record<string, string>, string[]]>([
    // The default `date` permalink (.html posts) is the html-extension output: the post index's pages are /page/<n>.
    ['the default path, the list at /', { '_config.yml': 'title: P\npaginate: 2\n', 'index.html': list }, ['/page2/ /page/2', '/page3/ /page/3']],
    ['paginate_path under /blog/, pretty permalinks', { '_config.yml': 'title: P\npermalink: pretty\npaginate: 2\npaginate_path: /blog/page:num/\n', 'blog/index.html': list }, ['/blog/page2/ /blog/page/2/', '/blog/page3/ /blog/page/3/']],
    ['paginate 5: one page', { '_config.yml': 'title: P\npaginate: 5\n', 'index.html': list }, []],
    // The list is the root index.html (no page/index.html): the post index stays at /, its pages are Jekyll's.
    ['paginate_path /page/:num/, the contract\'s own form', { '_config.yml': 'title: P\npermalink: pretty\npaginate: 2\npaginate_path: /page/:num/\n', 'index.html': list }, []],
    ['a list of site.posts: one page', { '_config.yml': 'title: P\npaginate: 2\npaginate_path: /blog/page:num/\n', 'blog/index.html': '---\ntitle: Blog\n---\n{% for post in site.posts %}{{ post.title }}{% endfor %}\n' }, []],
  ])('%s', async (name, files, want) => {
    const got = await imported(await site(`jekyll-paginate-${name.replace(/\W+/g, '-')}`, { ...posts, ...files, 'about.md': '---\ntitle: About\n---\n\n[older](/page2/)\n' }))
    expect(got.result.redirects.filter((r) => r.file === '_config.yml').map((r) => `${r.from} ${r.to}`)).toEqual(want)
    if (name.startsWith('the default')) expect(got.bodies).toContain('\n[older](/page/2)\n')
    if (name.startsWith('paginate_path /page/')) expect([got.payload.site.post_index, got.bodies.includes('\n[older](/page2/)\n')]).toEqual([undefined, true])
  })

  // The new site's posts_per_page (5) is not jekyll-paginate's (2): each old page leads to the new page holding its
  // first post (/page4/, posts 7-8, to /page/2, posts 6-10), not to the new page of its number.
  test('paginate 2 over ten posts, the new site showing five a page', async () => {
    const ten = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`_posts/2024-01-${String(i + 10)}-p${i}.md`, `---\ntitle: P${i}\nauthor: A\n---\n\nText.\n`]))
    const got = await imported(await site('jekyll-paginate-sizes', { ...ten, '_config.yml': 'title: P\npaginate: 2\n', 'index.html': list }), { site: { posts_per_page: 5 } })
    expect(got.result.redirects.filter((r) => r.file === '_config.yml').map((r) => `${r.from} ${r.to}`)).toEqual(['/page2/ /', '/page3/ /', '/page4/ /page/2', '/page5/ /page/2'])
  })

  // jekyll-paginate pages only an index.html (pager.rb pagination_candidate?; jekyllrb.com "Pagination"), and only
  // when it runs: GitHub Pages runs it (pages-gem DEFAULT_PLUGINS), a build of its own when plugins or the Gemfile name it.
  test.each<[string, Record<string, string>, string[]]>([
    ['an index.md is not paged', { '_config.yml': 'title: P\npaginate: 2\n', 'index.md': list }, []],
    ['its own build without the plugin', { '_config.yml': 'title: P\npaginate: 2\n', Gemfile: 'gem "jekyll", "~> 4.3"\n', 'index.html': list }, []],
    ['its own build listing it in plugins', { '_config.yml': 'title: P\npaginate: 2\nplugins: [jekyll-paginate]\n', Gemfile: 'gem "jekyll", "~> 4.3"\n', 'index.html': list }, ['/page2/ /page/2', '/page3/ /page/3']],
    // jekyll-paginate 1.1.0 pagination.rb pages `site.posts.reject { |post| post['hidden'] }`: five posts in three pages, not seven in four.
    ['hidden posts are not paged', { '_config.yml': 'title: P\npaginate: 2\n', 'index.html': list, '_posts/2024-01-06-h.md': '---\ntitle: H\nhidden: true\n---\n\nH.\n', '_posts/2024-01-07-i.md': '---\ntitle: I\nhidden: true\n---\n\nI.\n' }, ['/page2/ /page/2', '/page3/ /page/3']],
    ['its own build with the gem in jekyll_plugins', { '_config.yml': 'title: P\npaginate: 2\n', Gemfile: 'gem "jekyll", "~> 4.3"\ngroup :jekyll_plugins do\n  gem "jekyll-paginate"\nend\n', 'index.html': list }, ['/page2/ /page/2', '/page3/ /page/3']],
  ])('%s', async (name, files, want) => {
    const got = await imported(await site(`jekyll-paginate-runs-${name.replace(/\W+/g, '-')}`, { ...posts, ...files, 'about.md': '---\ntitle: About\n---\n\n[older](/page2/)\n' }))
    expect(got.result.redirects.filter((r) => r.file === '_config.yml').map((r) => `${r.from} ${r.to}`)).toEqual(want)
    // A link to a page Jekyll never wrote stays as written: no redirect makes it lead somewhere.
    if (want.length === 0) expect(got.bodies).toContain('\n[older](/page2/)\n')
  })

  // jekyll-paginate's template is an index.html in paginate_path's folder or one above it, the deepest
  // (Pager.pagination_candidate?, Pagination#template_page). The post index went to /page/ for `/page/:num/`.
  test.each<[string, string[], string]>([
    ['/blog/page:num/', ['index.html', 'blog/index.html'], '/blog/'],
    ['/blog/page:num/', ['index.html'], '/'],
    ['/page/:num/', ['index.html'], '/'],
    ['/page:num', ['index.html'], '/'],
    ['/news/page/:num/', ['index.html', 'news/index.html'], '/news/'],
    ['/news/page:num/', [], '/news/'],
  ])('the list of %s with %j is at %s', (path, files, want) => {
    expect(paginatedListPath(path, (rel) => files.includes(rel))).toBe(want)
  })
})
