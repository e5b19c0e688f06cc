import { describe, expect, test } from 'vitest'
import { importedSite as imported, tempSites } from './_tmpsite.js'

// MkDocs (mkdocs.org "Configuration", "Writing your docs") and Material for MkDocs ("Setting up navigation", "Built-in
// blog plugin"). URLs, titles and the nav were checked against mkdocs 1.4.2 builds of sites like these; the blog
// plugin (Material 9) against its documentation. Each site here was imported as a plain folder before the preset.

const site = tempSites('md-mkdocs-')

/** Each document's URL on the old site (the report's `old_url` where the new URL differs), by source. */
const oldUrls = (got: Awaited<ReturnType<typeof imported>>) =>
  Object.fromEntries(got.result.report.items.flatMap((i) => ('url' in i && (i.kind === 'page' || i.kind === 'post') ? [[i.source, 'old_url' in i && i.old_url ? i.old_url : i.url]] : [])))

const PAGES = {
  'docs/index.md': '# Widgets\n\nWelcome.\n',
  'docs/about.md': 'No heading here.\n',
  'docs/guide/index.md': '---\ntitle: Guide Home\n---\n\nIntro.\n',
  'docs/guide/getting-started.md': '# Getting started\n\nSteps.\n',
  'docs/guide/README.md': '# Shadowed\n',
  'docs/api/README.md': '# API\n\nReference.\n',
  'docs/Mixed_Case/My_Page.md': '# Mixed\n',
  'docs/.hidden.md': '# Hidden\n',
  'docs/templates/x.md': '# Theme template\n',
  'README.md': '# The repository\n',
}

describe('URLs as MkDocs publishes them', () => {
  const cases = [
    { name: 'use_directory_urls (the default)', config: 'site_name: W\n', urls: { 'docs/index.md': '/', 'docs/about.md': '/about/', 'docs/guide/index.md': '/guide/', 'docs/guide/getting-started.md': '/guide/getting-started/', 'docs/api/README.md': '/api/', 'docs/Mixed_Case/My_Page.md': '/Mixed_Case/My_Page/' } },
    { name: 'use_directory_urls: false', config: 'site_name: W\nuse_directory_urls: false\n', urls: { 'docs/index.md': '/', 'docs/about.md': '/about.html', 'docs/guide/index.md': '/guide/index.html', 'docs/guide/getting-started.md': '/guide/getting-started.html', 'docs/api/README.md': '/api/index.html', 'docs/Mixed_Case/My_Page.md': '/Mixed_Case/My_Page.html' } },
  ]
  test.each(cases)('$name', async ({ config, urls }) => {
    const got = await imported(await site(`urls-${config.length}`, { 'mkdocs.yml': config, ...PAGES }))
    expect(got.preset).toBe('mkdocs')
    for (const [file, url] of Object.entries(urls)) {
      // Under html-extension output the report writes `x.html` as `/x`, the URL the new site answers it at.
      expect([url, url.replace(/\.html$/, '')], file).toContain(oldUrls(got)[file])
      expect(got.served(url), url).toBe(true)
    }
  })

  test('a README beside an index, dot files, the root templates/ and files outside docs_dir are not pages', async () => {
    const got = await imported(await site('not-pages', { 'mkdocs.yml': 'site_name: W\n', ...PAGES }))
    expect(got.skipped['docs/guide/README.md']).toBe('excluded')
    expect(got.skipped['docs/templates/x.md']).toBe('not-content')
    expect(got.skipped['README.md']).toBe('not-content')
    expect(got.urls['docs/.hidden.md']).toBeUndefined()
    expect(got.payload.content.pages).toHaveLength(6)
  })

  test('docs_dir, exclude_docs and draft_docs (gitignore patterns)', async () => {
    const got = await imported(
      await site('docs-dir', {
        'mkdocs.yml': 'site_name: W\ndocs_dir: src/content\nexclude_docs: |\n  *.tmp.md\n  /private/\n  !private/keep.md\ndraft_docs: |\n  drafts/\n',
        'src/content/index.md': '# Home\n',
        'src/content/a.tmp.md': '# Scratch\n',
        'src/content/private/secret.md': '# Secret\n',
        'src/content/private/keep.md': '# Kept\n',
        'src/content/drafts/wip.md': '# Work in progress\n',
        'docs/stray.md': '# Not the docs folder\n',
      }),
    )
    expect(got.urls['src/content/index.md']).toBe('/')
    expect(got.skipped['src/content/a.tmp.md']).toBe('excluded')
    expect(got.skipped['src/content/private/secret.md']).toBe('excluded')
    expect(got.urls['src/content/private/keep.md']).toBe('/private/keep/')
    expect(got.skipped['src/content/drafts/wip.md']).toBe('draft')
    expect(got.skipped['docs/stray.md']).toBe('not-content')
  })

  test("site_url's path is the base path: links written with it land, old URLs redirect", async () => {
    const got = await imported(
      await site('base-path', {
        'mkdocs.yml': 'site_name: W\nsite_url: https://example.org/widgets/\n',
        'docs/index.md': '# Home\n\n[About](/widgets/about/) and [again](about.md).\n',
        'docs/about.md': '# About\n',
      }),
    )
    expect(got.payload.site.url).toBe('https://example.org')
    expect(got.result.redirects).toContainEqual(expect.objectContaining({ from: '/widgets/about/', to: '/about/' }))
    expect(got.bodies.find((b) => b.includes('[About]'))).toContain('[About](/about/) and [again](/about/)')
  })

  test('a docs_dir outside the folder is refused, docs/ read instead', async () => {
    const got = await imported(await site('docs-outside', { 'mkdocs.yml': 'site_name: W\ndocs_dir: ../../etc\n', 'docs/index.md': '# Home\n' }))
    expect(got.urls['docs/index.md']).toBe('/')
    expect(got.result.diagnostics.some((d) => d.code === 'invalid_config' && /outside the folder/.test(d.message))).toBe(true)
  })
})

describe('site settings, titles and the nav', () => {
  const config = [
    'site_name: Widget Docs',
    'site_url: https://example.org/',
    'site_description: All about widgets',
    'site_author: Jane Doe',
    'copyright: Copyright &copy; 2024 <a href="https://example.org">Jane</a>',
    'theme:',
    '  name: material',
    '  language: pt-BR',
    'extra_css:',
    '  - stylesheets/extra.css',
    '  - https://cdn.example.org/x.css',
    'markdown_extensions:',
    '  - pymdownx.emoji:',
    '      emoji_index: !!python/name:material.extensions.emoji.twemoji',
    '      emoji_generator: !!python/name:material.extensions.emoji.to_svg',
    '  - pymdownx.superfences:',
    '      custom_fences:',
    '        - name: mermaid',
    '          format: !!python/object/apply:os.system ["touch /tmp/pwned"]',
    'nav:',
    '  - Home: index.md',
    "  - 'User Guide':",
    '      - guide/index.md',
    "      - 'Start here': guide/getting-started.md",
    '  - about.md',
    '  - API: api/README.md',
    '  - Issues: https://github.com/example/widgets/issues',
    '',
  ].join('\n')

  test('mkdocs.yml with Python tags loads as data (never run) and gives the site its settings', async () => {
    const got = await imported(await site('settings', { 'mkdocs.yml': config, 'docs/stylesheets/extra.css': ':root { --x: 1; }\n', ...PAGES }))
    const s = got.payload.site
    expect({ title: s.title, description: s.description, url: s.url, locale: s.locale, footer: s.footer, meta: s.meta }).toEqual({
      title: 'Widget Docs',
      description: 'All about widgets',
      url: 'https://example.org',
      locale: 'pt-BR',
      footer: { copyright_text: 'Copyright © 2024 Jane' },
      meta: { author: 'Jane Doe' },
    })
    expect(got.payload.custom_css?.content).toContain(':root { --x: 1; }')
    expect(got.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
  })

  test('nav: is the primary menu, with sections, page titles, and links; a page takes its nav title only without one of its own', async () => {
    const got = await imported(await site('nav', { 'mkdocs.yml': config, ...PAGES }))
    const menu = (items: Array<{ title: string; url: string; children: unknown[] }>): unknown => items.map((i) => [i.title, i.url, ...(i.children.length ? [menu(i.children as typeof items)] : [])])
    expect(menu(got.payload.menus?.primary?.items ?? [])).toEqual([
      ['Home', '/'],
      ['User Guide', '/guide/', [['Guide Home', '/guide/'], ['Start here', '/guide/getting-started/']]],
      ['About', '/about/'],
      ['API', '/api/'],
      ['Issues', 'https://github.com/example/widgets/issues'],
    ])
    const title = (path: string) => got.payload.content.pages.find((p) => (p.path ?? p.slug) === path)?.title
    // The body's heading is the title its page shows; the file name where there is nothing else (MkDocs' rule).
    expect([title('home'), title('about'), title('guide'), title('guide/getting-started'), title('Mixed_Case/My_Page')]).toEqual(['Widgets', 'About', 'Guide Home', 'Getting started', 'Mixed'])
  })

  test('without nav:, the menu is every page in MkDocs order, folders as sections, not_in_nav left out', async () => {
    const got = await imported(
      await site('auto-nav', {
        'mkdocs.yml': 'site_name: W\nnot_in_nav: |\n  /orphan.md\n',
        ...PAGES,
        'docs/zed.md': '# Zed\n',
        'docs/alpha.md': '# Alpha\n',
        'docs/orphan.md': '# Orphan\n',
        'docs/guide/deep/a.md': '# Deep\n',
      }),
    )
    const menu = (items: Array<{ title: string; children: unknown[] }>): unknown => items.map((i) => (i.children.length ? [i.title, menu(i.children as typeof items)] : i.title))
    expect(menu(got.payload.menus?.primary?.items ?? [])).toEqual(['Widgets', 'About', 'Alpha', 'Zed', ['Mixed Case', ['Mixed']], ['Api', ['API']], ['Guide', ['Guide Home', 'Getting started', ['Deep', ['Deep']]]]])
  })
})

describe("Material's blog plugin", () => {
  const blog = (plugin: string) => ({
    'mkdocs.yml': `site_name: Team\ntheme:\n  name: material\nplugins:\n  - search\n${plugin}`,
    'docs/index.md': '# Home\n',
    'docs/blog/index.md': '# Blog\n',
    'docs/blog/.authors.yml': 'authors:\n  jane:\n    name: Jane Doe\n    avatar: https://github.com/jane.png\n',
    'docs/blog/posts/hello.md': '---\ndate: 2024-01-31\nauthors: [jane]\ncategories: [Release Notes]\n---\n\n# Hello, World!\n\nFirst.\n\n<!-- more -->\n\nRest.\n',
    'docs/blog/posts/2024/second.md': '---\ndate:\n  created: 2024-03-02\n  updated: 2024-03-05\nslug: custom-slug\ncategories: [News]\n---\n\n# Second post\n',
    'docs/blog/posts/draft.md': '---\ndate: 2024-04-01\ndraft: true\n---\n\n# Not yet\n',
  })
  const cases = [
    { name: 'default post_url_format {date}/{slug}', plugin: '  - blog\n', hello: '/blog/2024/01/31/hello-world/', second: '/blog/2024/03/02/custom-slug/' },
    { name: 'post_url_format {slug}', plugin: '  - blog:\n      post_url_format: "{slug}"\n', hello: '/blog/hello-world/', second: '/blog/custom-slug/' },
    { name: 'post_url_format {categories}/{slug}, material/blog', plugin: '  - material/blog:\n      post_url_format: "{categories}/{slug}"\n', hello: '/blog/release-notes/hello-world/', second: '/blog/news/custom-slug/' },
    { name: 'blog_dir and post_url_date_format', plugin: '  - blog:\n      blog_dir: .\n      post_dir: blog/posts\n      post_url_date_format: yyyy/MM\n', hello: '/2024/01/hello-world/', second: '/2024/03/custom-slug/' },
  ]
  test.each(cases)('$name', async ({ plugin, hello, second }) => {
    const got = await imported(await site(`blog-${cases.findIndex((c) => c.plugin === plugin)}`, blog(plugin)))
    expect(got.kinds['docs/blog/posts/hello.md']).toBe('post')
    expect(oldUrls(got)['docs/blog/posts/hello.md']).toBe(hello)
    expect(oldUrls(got)['docs/blog/posts/2024/second.md']).toBe(second)
    expect(got.served(hello)).toBe(true)
    expect(got.skipped['docs/blog/posts/draft.md']).toBe('draft')
  })

  test('posts keep their dates, authors and categories; the blog index is the post index', async () => {
    const got = await imported(await site('blog-content', blog('  - blog\n')))
    const hello = got.payload.content.posts.find((p) => p.slug === 'hello-world')
    const second = got.payload.content.posts.find((p) => p.slug === 'custom-slug')
    expect(hello).toMatchObject({ title: 'Hello, World!', author_id: 'jane', category_slugs: ['release-notes'], published_at_iso: '2024-01-31T00:00:00Z', excerpt: 'First.' })
    expect(second).toMatchObject({ published_at_iso: '2024-03-02T00:00:00Z', updated_at_iso: '2024-03-05T00:00:00Z' })
    expect(got.payload.content.authors).toContainEqual({ id: 'jane', display_name: 'Jane Doe', avatar: 'https://github.com/jane.png' })
    expect(got.skipped['docs/blog/index.md']).toBe('post-index')
    expect(got.payload.site.post_index).toMatchObject({ path: '/blog/' })
    expect(got.payload.site.permalinks?.categories).toBe('/blog/category/:slug/')
  })

  test('authors_file and categories_url_format', async () => {
    const files = { ...blog('  - blog:\n      authors_file: team/people.yml\n      categories_url_format: "topics/{slug}"\n'), 'docs/team/people.yml': 'authors:\n  jane:\n    name: Jane from the team file\n' }
    const got = await imported(await site('blog-options', files))
    expect(got.payload.content.authors).toContainEqual({ id: 'jane', display_name: 'Jane from the team file' })
    expect(got.payload.site.permalinks?.categories).toBe('/blog/topics/:slug/')
  })
})

describe('the mkdocs-redirects plugin', () => {
  test('redirect_maps: each old page answers with a redirect to its target', async () => {
    const got = await imported(
      await site('redirects', {
        'mkdocs.yml': "site_name: W\nplugins:\n  - redirects:\n      redirect_maps:\n        'old/page.md': 'guide/new.md#usage'\n        'gone.md': 'index.md'\n",
        'docs/index.md': '# Home\n',
        'docs/guide/new.md': '# New\n\n## Usage\n',
      }),
    )
    expect(got.result.redirects).toEqual(expect.arrayContaining([expect.objectContaining({ from: '/old/page/', to: '/guide/new/' }), expect.objectContaining({ from: '/gone/', to: '/' })]))
    expect(got.served('/old/page/')).toBe(true)
  })
})

describe('Python-Markdown syntax in bodies, and snippets from base_path', () => {
  test('admonitions, tabs and snippets are expanded; nothing is printed as text', async () => {
    const got = await imported(
      await site('bodies', {
        'mkdocs.yml': 'site_name: W\nmarkdown_extensions:\n  - admonition\n  - pymdownx.snippets:\n      base_path: [includes]\n  - attr_list\n',
        'docs/index.md': '# Home\n\n!!! note "Read"\n    Body.\n\n=== "A"\n    Tab a.\n\n--8<-- "warn.md"\n\n--8<-- "../../../etc/passwd"\n\n[Go](about.md){ .md-button }\n',
        'docs/about.md': '# About\n',
        'includes/warn.md': '!!! warning\n    Careful.\n',
      }),
    )
    const home = got.bodies.find((b) => b.includes('Read')) as string
    expect(home).toContain('<aside class="admonition admonition-note">')
    expect(home).toContain('<aside class="admonition admonition-warning">\n<p class="admonition-title">Warning</p>\n\nCareful.')
    expect(home).toContain('<summary>A</summary>')
    expect(home).toContain('[Go](/about/)\n')
    expect(home).not.toMatch(/!!!|===|--8<--|\{ \.md-button \}|root:/)
    expect(got.result.diagnostics.some((d) => d.code === 'template_unresolved' && d.line === 11)).toBe(true)
  })
})

describe('detection', () => {
  test('mkdocs.yml in a subfolder holding the docs makes that folder the site', async () => {
    const got = await imported(await site('sub', { 'package.json': '{"name":"x"}', 'README.md': '# X\n', 'website/mkdocs.yml': 'site_name: W\n', 'website/docs/index.md': '# Home\n', 'website/docs/a.md': '# A\n', 'website/docs/b/c.md': '# C\n' }))
    expect(got.preset).toBe('mkdocs')
    expect(got.urls['website/docs/b/c.md'] ?? got.urls['docs/b/c.md']).toBe('/b/c/')
  })
})
