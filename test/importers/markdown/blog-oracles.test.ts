import { describe, expect, test } from 'vitest'
import { importedSite as imported, tempSites } from './_tmpsite.js'

// Blogs written here from each generator's documentation and official starters, built with the generator (jekyll
// 4.3.1, hugo 0.111.3) and compared with the import URL for URL and body for body. Each case is what differed.

const site = tempSites('md-blog-oracles-')

describe('Jekyll', () => {
  // jekyllrb.com "Collections": a page looping over `site.staff_members` lists the collection's documents. Jekyll
  // 4.3.1 printed one link per recipe, by path (or by `sort_by`), at each document's URL.
  test('a page looping over an output collection lists its documents, at their new URLs', async () => {
    const root = await site('collection-list', {
      '_config.yml': 'title: Recipes\ncollections:\n  recipes:\n    output: true\n    permalink: /recipes/:title/\n  people:\n    output: true\n    sort_by: order\n',
      '_recipes/pancakes.md': '---\ntitle: Pancakes\n---\nMix.\n',
      '_recipes/waffle-iron.md': '---\nlayout: recipe\n---\nHeat.\n',
      '_people/zoe.md': '---\nname: Zoe\norder: 1\n---\nZ\n',
      '_people/adam.md': '---\nname: Adam\norder: 2\n---\nA\n',
      'recipes.md': '---\ntitle: All recipes\n---\n{% for r in site.recipes %}- [{{ r.title }}]({{ r.url | relative_url }})\n{% endfor %}',
      'people.md': '---\ntitle: People\n---\n{% for p in site.people %}{{ p.name }} ({{ p.collection }}); {% endfor %}\n',
    })
    const s = await imported(root)
    const recipes = s.payload.content.pages.find((p) => p.path === 'recipes')
    expect(recipes?.content).toBe('- [Pancakes](/recipes/pancakes/)\n- [Waffle Iron](/recipes/waffle-iron/)\n')
    expect(s.payload.content.pages.find((p) => p.path === 'people')?.content?.trim()).toBe('Zoe (people); Adam (people);')
  })

  // Jekyll publishes a collection document dated after the build only with `future: true` ("Configuration
  // Options"), and never one with `published: false`: `site.<label>` lists neither, so a page looping over the
  // collection names no withheld document. A document another import rule withholds (an expiry date, a draft) is
  // left out of the list too.
  test('a page looping over a collection lists only the documents that are published', async () => {
    const files = {
      '_config.yml': 'title: Recipes\ncollections:\n  recipes:\n    output: true\n',
      '_recipes/pancakes.md': '---\ntitle: Pancakes\n---\nMix.\n',
      '_recipes/secret.md': '---\ntitle: Secret Launch Cake\ndate: 2099-01-01\n---\nNot yet.\n',
      '_recipes/hidden.md': '---\ntitle: Hidden\npublished: false\n---\nNo.\n',
      // Jekyll dates any document from a YYYY-MM-DD- file name (Document#populate_title), not only a post.
      '_recipes/2099-01-01-launch-pie.md': '---\ntitle: Launch Pie\n---\nLater.\n',
      '_recipes/gone.md': '---\ntitle: Gone Soup\nexpiry_date: 2020-01-01\n---\nOver.\n',
      '_recipes/wip.md': '---\ntitle: Work In Progress\ndraft: true\n---\nSoon.\n',
      'recipes.md': '---\ntitle: All recipes\n---\n{% for r in site.recipes %}- [{{ r.title }}]({{ r.url }})\n{% endfor %}',
    }
    const s = await imported(await site('collection-list-private', files))
    expect(s.payload.content.pages.find((p) => p.path === 'recipes')?.content).toBe('- [Pancakes](/recipes/pancakes)\n')
    expect(s.skipped['_recipes/secret.md']).toBe('future')
    expect(s.skipped['_recipes/2099-01-01-launch-pie.md']).toBe('future')
    // `future: true` publishes the future-dated document, and the list names it.
    const built = await imported(await site('collection-list-future', { ...files, '_config.yml': files['_config.yml'] + 'future: true\n' }))
    expect(built.payload.content.pages.find((p) => p.path === 'recipes')?.content).toBe('- [Launch Pie](/recipes/2099-01-01-launch-pie)\n- [Pancakes](/recipes/pancakes)\n- [Secret Launch Cake](/recipes/secret)\n')
  })
})

describe('Jekyll include names built from variables', () => {
  // jekyllrb.com "Includes": "Using variables names for the include file" (`{% include {{ page.my_variable }} %}`);
  // the name may mix text and `{{ }}` with filters and blanks inside. jekyll 4.3.1 on jekyll@3.0.0-beta1's own test
  // site (test/source, _posts/2014-09-02-relative-includes.markdown) printed "relative_included" for each form.
  test('an include_relative or include whose name holds {{ }} includes the file it names', async () => {
    const root = await site('include-variables', {
      '_config.yml': 'title: Inc\n',
      '_includes/note-tip.html': 'TIP',
      '_posts/include_relative/rel_include.html': 'relative_included',
      '_posts/2014-09-02-relative-includes.md': "---\ntitle: Post\ninclude1: rel_include.html\ninclude2: include_relative/rel_include\ninclude3: rel_INCLUDE\nkind: tip\n---\n- 1 {% include_relative include_relative/{{ page.include1 }} %}\n- 2 {% include_relative {{ page.include2 | append: '.html' }} %}\n- 3 {% include_relative include_relative/{{  page.include3   | downcase |   append:  '.html'}} %}\n- 4 {% include note-{{ page.kind }}.html %}\n",
    })
    const s = await imported(root)
    expect(s.payload.content.posts[0]?.content).toBe('- 1 relative_included\n- 2 relative_included\n- 3 relative_included\n- 4 TIP\n')
  })
})

describe('Jekyll collections without output', () => {
  // jekyllrb.com "Collections": `output: false` (the default) writes no page per document, but `site.<label>` still
  // holds every document Jekyll read, a team page looping over `site.people` being the usual use. Jekyll 4.3.1 listed
  // each (by path, or `sort_by`) with the URL it would have had and its text as `content`, and left out only
  // `published: false` ones.
  test('a page looping over a collection with no output lists its documents', async () => {
    const root = await site('collection-no-output', {
      '_config.yml': 'title: Team\ncollections:\n  people:\n    output: false\n    sort_by: order\n  staff: {}\n',
      '_people/zoe.md': '---\nname: Zoe\norder: 1\n---\nZoe *draws*.\n',
      '_people/adam.md': '---\nname: Adam\norder: 2\n---\nAdam {{ page.name }}\n',
      '_people/hidden.md': '---\nname: Hidden\npublished: false\n---\nH\n',
      '_staff/bo.md': '---\ntitle: Bo\n---\nB\n',
      '_people/ida.md': '---\nname: Ida\norder: 3\n---\nIda {{ site.title }}\n',
      'team.md': '---\ntitle: Team\n---\n{% for p in site.people %}- {{ p.name }} ({{ p.collection }}): {{ p.content }}\n{% endfor %}{% for s in site.staff %}- {{ s.title }}\n{% endfor %}',
      'team-html.html': '---\ntitle: Team HTML\n---\n<div>{% for p in site.people %}<p>{{ p.name }}: {{ p.content }}</p>{% endfor %}</div>\n',
    })
    const s = await imported(root)
    // A document's content is rendered, its Liquid expanded with it as page (jekyll 4.3.1: "Adam Adam"); one whose
    // Liquid needs what the importer does not give it (site data) is unknown, reported as such, not as unset.
    expect(s.payload.content.pages.find((p) => p.path === 'team')?.content).toBe('- Zoe (people): Zoe *draws*.\n- Adam (people): Adam Adam\n- Ida (people): \n- Bo\n')
    // An HTML page: Jekyll prints the rendered HTML (<p>Zoe <em>draws</em>.</p>), which the importer does not make;
    // the content is unknown there, never the Markdown's marks shown as text.
    expect(s.payload.content.pages.find((p) => p.title === 'Team HTML')?.content).toBe('<div><p>Zoe: </p><p>Adam: </p><p>Ida: </p></div>\n')
    const unresolved = s.result.diagnostics.filter((d) => d.code === 'template_unresolved' && d.file === 'team-html.html')
    expect(unresolved.length).toBeGreaterThan(0)
    for (const d of unresolved) expect(d.message).toMatch(/^"p\.content" depends on data the importer does not have/)
    expect(s.result.diagnostics.some((d) => /as the generator prints nothing/.test(d.message) && d.file.startsWith('team'))).toBe(false)
    expect(s.skipped['_people/zoe.md']).toBe('collection-not-output')
    expect(s.skipped['_people/hidden.md']).toBe('unpublished')
  })
})

describe('Jekyll date archives', () => {
  // jekyll-archives (its README, "Configuration"; a site built from its Gemfile, GitHub Pages does not run it):
  // `enabled: [year, month]` (or `all`) writes a page per year and
  // month that has posts, at `permalinks.year` (`/:year/`) and `.month` (`/:year/:month/`). The contract has no date
  // archives: each of those URLs, and links to it, lead to the post index.
  test('each year and month archive jekyll-archives wrote leads to the post index', async () => {
    const root = await site('date-archives', {
      '_config.yml': 'title: Archives\ntimezone: Asia/Tokyo\nplugins: [jekyll-archives]\njekyll-archives:\n  enabled: [year, month, tags]\n  permalinks:\n    month: /archive/:year/:month/\n',
      Gemfile: 'source "https://rubygems.org"\ngem "jekyll"\ngem "jekyll-archives"\n',
      '_posts/2023-12-31-late.md': '---\ntitle: Late\ndate: 2023-12-31 20:00:00 +0000\n---\nIn Tokyo it is 2024 already. [2024](/2024/)\n',
      '_posts/2024-03-05-spring.md': '---\ntitle: Spring\n---\nSee [March](/archive/2024/03/).\n',
      '_posts/2099-01-01-future.md': '---\ntitle: Future\n---\nx\n',
      '_drafts/draft.md': '---\ntitle: Draft\ndate: 2022-01-01\n---\nx\n',
    })
    const s = await imported(root)
    const archives = s.result.redirects.filter((r) => r.file === '_config.yml').map((r) => [r.from, r.to])
    expect(archives).toEqual([['/2024/', '/'], ['/archive/2024/01/', '/'], ['/archive/2024/03/', '/']])
    expect(s.bodies.join('\n')).toContain('[2024](/)')
    expect(s.bodies.join('\n')).toContain('[March](/)')
  })
})

describe('Hugo', () => {
  // PaperMod's and Stack's documented archive page: a content file with `layout: archives` and no text, which the
  // theme's layout fills with every post by year. Its URL (and a menu entry to it) leads to the post index, as a
  // Jekyll `layout: archives` page does.
  test('a blank page of layout archives is the post list: its URL and menu entry lead to the post index', async () => {
    const root = await site('papermod-archives', {
      'hugo.toml': 'title = "Blog"\nbaseURL = "https://example.org/"\n[[menu.main]]\n  name = "Archive"\n  url = "/archives/"\n  weight = 5\n[[menu.main]]\n  name = "About"\n  url = "/about/"\n  weight = 6\n',
      'content/posts/hello.md': '---\ntitle: Hello\ndate: 2024-01-02\n---\nSee [the archive](/archives/).\n',
      'content/archives.md': '---\ntitle: Archive\nlayout: archives\nurl: /archives/\nsummary: archives\n---\n',
      'content/page/stack-archives/index.md': '---\ntitle: Archives\nlayout: archives\n---\n',
      'content/about.md': '---\ntitle: About\nlayout: archives\n---\nA page of text keeps its place whatever its layout.\n',
    })
    const s = await imported(root)
    expect(s.skipped['content/archives.md']).toBe('post-index')
    expect(s.skipped['content/page/stack-archives/index.md']).toBe('post-index')
    expect(s.urls['content/about.md']).toBe('/about/')
    expect(s.result.redirects).toContainEqual(expect.objectContaining({ from: '/archives/', to: '/posts/' }))
    expect(s.served('/page/stack-archives/')).toBe(true)
    expect(s.payload.menus?.primary?.items.map((i) => [i.title, i.url])).toEqual([['Archive', '/posts/'], ['About', '/about/']])
    expect(s.bodies.join('\n')).toContain('[the archive](/posts/)')
  })
})

describe('Hugo page resources', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex').toString('latin1')

  // gohugo.io "Page bundles": a leaf bundle's files are its resources, published below the page's own URL. With
  // `[permalinks] posts = "/:year/:slug/"` hugo 0.111.3 wrote content/posts/b/pic.png at /2021/bee/pic.png and
  // content/posts/x/sub/b.png at /2020/x/sub/b.png: a page that links there (the address a reader copied from the
  // live site) finds the file, as one naming it beside the page does.
  test('a link to a resource at its published address finds the file', async () => {
    const root = await site('bundle-resources', {
      'hugo.toml': 'title = "T"\nbaseURL = "https://example.org/"\n[permalinks]\n  posts = "/:year/:slug/"\n',
      'content/posts/b/index.md': '---\ntitle: B\ndate: 2021-05-01\nslug: bee\n---\n![p](pic.png)\n',
      'content/posts/b/pic.png': png,
      'content/posts/x/index.md': '---\ntitle: X\ndate: 2020-01-01\n---\n![b](sub/b.png)\n',
      'content/posts/x/sub/b.png': png,
      'content/posts/plain.md': '---\ntitle: Plain\ndate: 2021-05-02\n---\n![e](/2021/bee/pic.png) ![f](/2020/x/sub/b.png) [g](https://example.org/2021/bee/pic.png)\n',
    })
    const s = await imported(root)
    const body = s.payload.content.posts.find((p) => p.title === 'Plain')?.content ?? ''
    const own = s.payload.content.posts.find((p) => p.title === 'B')?.content ?? ''
    const pic = /\]\(([^)]+)\)/.exec(own)?.[1]
    expect(pic).toMatch(/pic\.png$/)
    expect(body).toBe(`![e](${pic}) ![f](${/\]\(([^)]+)\)/.exec(s.payload.content.posts.find((p) => p.title === 'X')?.content ?? '')?.[1]}) [g](${pic})\n`)
    expect(s.result.report.missing_media).toEqual([])
  })

  // A branch bundle's (`_index.md`) resources are the files directly in its folder: hugo 0.111.3, with the section
  // at `url: /blog/`, wrote content/posts/b.png at /blog/b.png but content/posts/img/a.png at /posts/img/a.png, and a
  // leaf's content/posts/leaf/sub/c.png at /lf/sub/c.png.
  test("a branch bundle's resources are the files directly in its folder", async () => {
    const root = await site('branch-resources', {
      'hugo.toml': 'title = "T"\nbaseURL = "https://example.org/"\n',
      'content/posts/_index.md': '---\ntitle: Posts\nurl: /blog/\n---\n',
      'content/posts/img/a.png': png,
      'content/posts/b.png': png,
      'content/posts/leaf/index.md': '---\ntitle: Leaf\nurl: /lf/\n---\n![x](sub/c.png)\n',
      'content/posts/leaf/sub/c.png': png,
      'content/posts/p.md': '---\ntitle: P\ndate: 2024-01-01\n---\n![a](/blog/img/a.png) ![b](/posts/img/a.png) ![c](/blog/b.png) ![d](/lf/sub/c.png)\n',
    })
    const s = await imported(root)
    const body = s.payload.content.posts.find((p) => p.title === 'P')?.content ?? ''
    const media = [...body.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1])
    expect(media).toEqual(['/blog/img/a.png', '/posts/img/a.png', '/posts/b.png', '/posts/leaf/sub/c.png'])
    expect(s.result.report.missing_media.map((m) => m.target)).toEqual(['/blog/img/a.png'])
  })
})

describe('Hugo menu entries of pages it does not build', () => {
  // gohugo.io "Menus": a page's `menu:` front matter adds an entry for it, but only a page Hugo builds has entries.
  // Hugo 0.111.3 on this site: Home, Docs > A, and `fut` (the parent a future page would have been, made without a
  // link) > Child of future; the draft's entry, which took the `docs` identifier first, is nowhere.
  test("a draft's or a future page's entry is not in the menu, and does not take an identifier from a built one", async () => {
    const root = await site('menu-unbuilt', {
      'hugo.toml': 'title = "T"\nbaseURL = "https://example.org/"\n[[menus.main]]\n  name = "Home"\n  url = "/"\n  weight = 1\n',
      'content/about.md': '---\ntitle: Old docs\ndraft: true\nmenu:\n  main:\n    identifier: docs\n    weight: 1\n---\n',
      'content/docs/_index.md': '---\ntitle: Docs\nmenu:\n  main:\n    identifier: docs\n    weight: 2\n---\n',
      'content/docs/a.md': '---\ntitle: A\nmenu:\n  main:\n    parent: docs\n---\na\n',
      'content/docs/future.md': '---\ntitle: Future\ndate: 2099-01-01\nmenu:\n  main:\n    identifier: fut\n    weight: 3\n---\n',
      'content/docs/kid.md': '---\ntitle: Child of future\nmenu:\n  main:\n    parent: fut\n---\nx\n',
    })
    const s = await imported(root)
    const tree = (items: Array<{ title?: string; url?: string; children?: unknown[] }>): unknown[] => items.map((i) => [i.title, i.url, ...(i.children && i.children.length > 0 ? [tree(i.children as typeof items)] : [])])
    expect(tree(s.payload.menus?.primary?.items ?? [])).toEqual([['Home', '/'], ['Docs', '/docs/', [['A', '/docs/a/']]], ['fut', '/docs/kid/', [['Child of future', '/docs/kid/']]]])
  })
})

describe('Hugo search pages', () => {
  // PaperMod's documented search page ("Features": content/search.md with `layout: search`) and Stack's
  // (`page/search/index.md`): the theme's search.html draws a search box filled by a script from /index.json and
  // never prints the page's text (PaperMod's layouts/_default/search.html has no .Content). Preview Data's search is
  // the new theme's own (site.search): the page is not imported, and a menu entry to it is left out with a warning.
  // A layout of the site's own that prints .Content keeps the page's text; so does a page of text whose layout is
  // not in the site (a theme fetched as a module). The layout is found by Hugo 0.111's lookup order (gohugo.io
  // "Template lookup order": <type>/search.html, <type>/single.html, _default/search.html, each path in the site's
  // layouts/ then the theme's): hugo 0.111.3 drew the page with the theme's page/search.html over the site's
  // _default/search.html, and with the site's page/single.html over _default/search.html. A partial named search.html
  // is no layout of the page.
  test.each([
    ['blank, theme not in the site', {}, '', 'search-page'],
    ['with text, theme not in the site', {}, 'Type to search.\n', undefined],
    ['with text, theme layout without .Content', { 'themes/PaperMod/layouts/_default/search.html': '{{ define "main" }}<input id="searchInput">{{ end }}' }, 'This file exists only to answer /search/.\n', 'search-page'],
    ['with text, own layout printing .Content', { 'layouts/_default/search.html': '{{ define "main" }}{{ .Content }}<input>{{ end }}' }, 'Search tips.\n', undefined],
    ['with text, a partial named search.html', { 'layouts/partials/search.html': '<input id="q">' }, 'Search tips: use quotes.\n', undefined],
    ['with text, own layout over the same path of the theme', { 'layouts/_default/search.html': '{{ .Content }}', 'themes/PaperMod/layouts/_default/search.html': '<input>' }, 'Search tips.\n', undefined],
    ['with text, the theme\'s page/search.html over the site\'s _default/', { 'layouts/_default/search.html': '{{ .Content }}', 'themes/PaperMod/layouts/page/search.html': '<input>' }, 'Search tips.\n', 'search-page'],
    ['with text, own page/single.html over _default/search.html', { 'layouts/page/single.html': '{{ .Content }}', 'themes/PaperMod/layouts/_default/search.html': '<input>' }, 'Search tips.\n', undefined],
    ['with text, a theme the site does not name', { 'themes/Other/layouts/_default/search.html': '<input>' }, 'Search tips.\n', undefined],
  ])('%s', async (name, files, body, skipped) => {
    const root = await site(`search-${name.replace(/[ ,.]+/g, '-')}`, {
      'hugo.toml': 'title = "Blog"\nbaseURL = "https://example.org/"\ntheme = "PaperMod"\n[[menu.main]]\n  name = "Search"\n  url = "/search/"\n  weight = 1\n[[menu.main]]\n  name = "Posts"\n  url = "/posts/"\n  weight = 2\n',
      'content/posts/hello.md': '---\ntitle: Hello\ndate: 2024-01-02\n---\nHi.\n',
      'content/search.md': `---\ntitle: Search\nlayout: search\nplaceholder: Search the blog\n---\n${body}`,
      ...files,
    })
    const s = await imported(root)
    expect(s.skipped['content/search.md']).toBe(skipped)
    expect(s.payload.menus?.primary?.items.map((i) => i.title)).toEqual(skipped === undefined ? ['Search', 'Posts'] : ['Posts'])
  })
})

describe('Hugo taxonomy lists', () => {
  // Hugo 0.111 writes a list of every term of each taxonomy (/tags/, /categories/; PaperMod's menu links there). The
  // contract has term archives but no list of them, so, as a Jekyll or Eleventy page listing every tag, that URL and
  // links and menu entries to it lead to the post index (which `check` then finds) instead of nowhere.
  test.each([
    ['default taxonomies', '', [['/categories/', '/posts/'], ['/tags/', '/posts/']]],
    ['renamed taxonomies', '[taxonomies]\n  tag = "keywords"\n  category = "topics"\n', [['/keywords/', '/posts/'], ['/topics/', '/posts/']]],
    ['only tags', '[taxonomies]\n  tag = "tags"\n', [['/tags/', '/posts/']]],
    ['lists disabled', 'disableKinds = ["taxonomy"]\n', []],
  ])('%s', async (name, extra, expected) => {
    const root = await site(`taxonomy-lists-${name.replace(/ /g, '-')}`, {
      'hugo.toml': `title = "Blog"\nbaseURL = "https://example.org/"\n${extra}[[menu.main]]\n  name = "Tags"\n  url = "/tags/"\n`,
      'content/posts/hello.md': '---\ntitle: Hello\ndate: 2024-01-02\ntags: [go]\n---\nSee [all tags](/tags/).\n',
    })
    const s = await imported(root)
    const lists = s.result.redirects.filter((r) => !r.from.startsWith('/posts/')).map((r) => [r.from, r.to])
    expect(lists).toEqual(expected)
    if (expected.some(([from]) => from === '/tags/')) {
      expect(s.payload.menus?.primary?.items.map((i) => i.url)).toEqual(['/posts/'])
      expect(s.bodies.join('')).toContain('[all tags](/posts/)')
    }
  })

  // Hugo builds one site per published language ("Multilingual mode"), each with its own term lists: /tags/ and
  // /fr/tags/ (built-hugo-filenames: /en/, /fr/ and /ja/ lists). Each leads to the post index; a disabled language
  // writes none, and a language's own `tags/_index.<lang>.md` keeps its list where it is.
  const languages = '[languages]\n  [languages.en]\n    weight = 1\n  [languages.fr]\n    weight = 2\n  [languages.de]\n    weight = 3\n    disabled = true\n'
  test.each([
    ['default at the root', '', {}, [['/categories/', '/posts/'], ['/fr/categories/', '/posts/'], ['/fr/tags/', '/posts/'], ['/tags/', '/posts/']]],
    ['default in a subfolder', 'defaultContentLanguageInSubdir = true\n', {}, [['/en/categories/', '/en/posts/'], ['/en/tags/', '/en/posts/'], ['/fr/categories/', '/en/posts/'], ['/fr/tags/', '/en/posts/']]],
    ['a language with its own list', '', { 'content/tags/_index.fr.md': '---\ntitle: Étiquettes\n---\nToutes.\n' }, [['/categories/', '/posts/'], ['/fr/categories/', '/posts/'], ['/tags/', '/posts/']]],
  ])('languages: %s', async (name, extra, files, expected) => {
    const root = await site(`taxonomy-lists-languages-${name.replace(/ /g, '-')}`, {
      'hugo.toml': `title = "Blog"\nbaseURL = "https://example.org/"\ndefaultContentLanguage = "en"\n${extra}${languages}`,
      'content/posts/hello.md': '---\ntitle: Hello\ndate: 2024-01-02\ntags: [go]\n---\nHi.\n',
      'content/posts/hello.fr.md': '---\ntitle: Bonjour\ndate: 2024-01-02\ntags: [go]\n---\nSalut.\n',
      ...files,
    })
    const s = await imported(root)
    const lists = s.result.redirects.filter((r) => r.file === 'hugo.toml').map((r) => [r.from, r.to])
    expect(lists).toEqual(expected)
  })
})

describe('Eleventy', () => {
  // eleventy-base-blog v9 copies `public/` to the site root (`addPassthroughCopy({ "./public/": "/" })`); 11ty.dev
  // "Passthrough File Copy": a path is copied to the same path in the output (less the input folder), an object maps
  // a path to a folder of the output. Eleventy 3.1.8 served /img/logo.png, /assets/app.css and /fonts/a.woff2.
  test('addPassthroughCopy folders are served where Eleventy copies them', async () => {
    const png = '\x89PNG\r\n\x1a\n'
    const root = await site('passthrough', {
      'eleventy.config.js': 'export default function (eleventyConfig) {\n  // eleventyConfig.addPassthroughCopy({ "src/static": "old" })\n  eleventyConfig.addPassthroughCopy({ "./public/": "/" });\n  eleventyConfig.addPassthroughCopy({ "src/static": "assets" });\n  eleventyConfig.addPassthroughCopy("content/fonts");\n}\nexport const config = { dir: { input: "content" } };\n',
      'content/blog/post.md': '---\ntitle: Post\ndate: 2024-01-02\ntags: posts\n---\n![Logo](/img/logo.png) [css](/assets/app.css) [font](/fonts/a.woff2)\n',
      'public/img/logo.png': png,
      'src/static/app.css': 'body{}',
      'content/fonts/a.woff2': 'x',
    })
    const s = await imported(root)
    const assets = Object.fromEntries(s.result.assets.map((a) => [a.file, a.src]))
    expect(assets).toEqual({ 'public/img/logo.png': '/img/logo.png', 'src/static/app.css': '/assets/app.css', 'content/fonts/a.woff2': '/fonts/a.woff2' })
    expect(s.result.report.missing_media).toEqual([])
    expect(s.result.report.unresolved_links).toEqual([])
  })
})

describe('Eleventy paginated post lists', () => {
  // Seven posts tagged posts, in an Eleventy site.
  const blog = {
    'eleventy.config.js': 'export default function (eleventyConfig) {}\n',
    ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((i) => [`posts/p${i}.md`, `---\ntitle: Post ${i}\ndate: 2024-01-0${i}\ntags: posts\n---\nBody ${i}\n`])),
  }

  // 11ty.dev "Pagination": a template with `pagination: { data: collections.posts, size: N }` writes a page per N
  // posts, at its URL, then (without a permalink) at /blog/1/, /blog/2/, or where its permalink puts
  // `pagination.pageNumber`. Eleventy 3.1.8 on this site: /blog/, /blog/1/, /blog/2/ and /news/, /news/page-2/ to
  // /news/page-4/. The first such list is the new site's post index, paged by its size: its later pages lead to the
  // post index's pages of the same number (/blog/1/, the second page, to /blog/page/2/), the first page of a second
  // list to the post index, and links to them do too (a second list's later pages are not redirected: lists × posts
  // would be unbounded).
  test('a template paginating collections.posts is the paged post index', async () => {
    const root = await site('eleventy-paginated', {
      ...blog,
      'blog.njk': '---\ntitle: Blog\npagination:\n  data: collections.posts\n  size: 3\n  reverse: true\n  alias: posts\n---\n<ul>{% for p in posts %}<li><a href="{{ p.url }}">{{ p.data.title }}</a></li>{% endfor %}</ul>\n',
      'news/index.njk': '---\npagination:\n  data: collections.posts\n  size: 2\npermalink: "news/{% if pagination.pageNumber > 0 %}page-{{ pagination.pageNumber + 1 }}/{% endif %}index.html"\n---\n{% for p in pagination.items %}<a href="{{ p.url }}">{{ p.data.title }}</a>{% endfor %}\n',
      'about.md': '---\ntitle: About\n---\nSee [blog](/blog/) and [page 2](/blog/1/) and [news](/news/).\n',
    })
    const s = await imported(root)
    expect(s.payload.site.post_index).toEqual({ path: '/blog/' })
    expect(s.payload.site.posts_per_page).toBe(3)
    expect(s.skipped['blog.njk']).toBe('post-index')
    expect(s.result.redirects.map((r) => [r.from, r.to]).sort()).toEqual([['/blog/1/', '/blog/page/2/'], ['/blog/2/', '/blog/page/3/'], ['/news/', '/blog/']])
    expect(s.payload.content.pages.find((p) => p.title === 'About')?.content).toBe('See [blog](/blog/) and [page 2](/blog/page/2/) and [news](/blog/).\n')
  })

  // Page 0 of a list whose first page is / is the home page: Eleventy 3.1.8 wrote /, /1/, /2/ for index.njk (size 3)
  // and /blog/ to /blog/3/ for blog.njk (size 2) over seven posts. No redirect leaves from /, and a link to / stays.
  // blog.njk is the post index, 2 a page (/blog/page/2/ to /blog/page/4/): its page n leads to the post index's page
  // n; the home list's pages (3 a page) each to the post index's page holding their first post (/1/: posts 4-6, post
  // 4 on /blog/page/2/; /2/: post 7, on /blog/page/4/).
  test('a list at / and a second list: the home page is never redirected', async () => {
    const root = await site('eleventy-home-list', {
      ...blog,
      'index.njk': '---\ntitle: Home\npagination:\n  data: collections.posts\n  size: 3\n  alias: posts\n---\n{% for p in posts %}<a href="{{ p.url }}">{{ p.data.title }}</a>{% endfor %}\n',
      'blog.njk': '---\ntitle: Blog\npagination:\n  data: collections.posts\n  size: 2\n---\n{% for p in pagination.items %}<a href="{{ p.url }}">{{ p.data.title }}</a>{% endfor %}\n',
      'about.md': '---\ntitle: About\n---\nSee [home](/) and [blog](/blog/).\n',
    })
    const s = await imported(root)
    expect(s.payload.site.post_index).toEqual({ path: '/blog/' })
    expect(s.result.redirects.map((r) => [r.from, r.to]).sort()).toEqual([['/1/', '/blog/page/2/'], ['/2/', '/blog/page/4/'], ['/blog/1/', '/blog/page/2/'], ['/blog/2/', '/blog/page/3/'], ['/blog/3/', '/blog/page/4/']])
    expect(s.payload.content.pages.find((p) => p.title === 'About')?.content).toBe('See [home](/) and [blog](/blog/).\n')
  })
})

describe('a post list written as a page keeps its paging', () => {
  // eleventy-base-blog's blog.njk (v9) and archive.njk (v5–v8) loop over collections.posts without `pagination:`:
  // Eleventy 3.1.8 wrote every post on that one page; so does a Jekyll page looping over site.posts, while one over
  // paginator.posts is paged by jekyll-paginate's `paginate`.
  test.each([
    ['Eleventy, every post', { 'eleventy.config.js': 'export default function () {}\n', 'blog.njk': '<ul>{% for post in collections.posts | reverse %}<li>{{ post.data.title }}</li>{% endfor %}</ul>\n', 'posts/a.md': '---\ntitle: A\ndate: 2024-01-02\ntags: posts\n---\nA\n' }, { path: '/blog/', paginate: false }],
    ['Jekyll, every post', { '_config.yml': 'title: J\n', 'archive.html': '---\ntitle: Archive\n---\n{% for post in site.posts %}<a href="{{ post.url }}">{{ post.title }}</a>{% endfor %}\n', '_posts/2024-01-02-a.md': '---\ntitle: A\n---\nA\n' }, { path: '/archive/', paginate: false }],
    ['Hexo, per_page: 0 under an index path', { '_config.yml': 'title: H\nper_page: 0\nindex_generator:\n  path: blog\n', 'scaffolds/post.md': '---\ntitle: {{ title }}\n---\n', 'source/_posts/a.md': '---\ntitle: A\ndate: 2024-01-02\n---\nA\n' }, { path: '/blog/', paginate: false }],
    ['Jekyll, paged', { '_config.yml': 'title: J\npaginate: 5\npaginate_path: /blog/page:num/\n', 'blog/index.html': '---\ntitle: Blog\n---\n{% for post in paginator.posts %}<a href="{{ post.url }}">{{ post.title }}</a>{% endfor %}\n', '_posts/2024-01-02-a.md': '---\ntitle: A\n---\nA\n' }, { path: '/blog/' }],
  ])('%s', async (name, files, postIndex) => {
    const s = await imported(await site(`post-list-${name.replace(/\W+/g, '-')}`, files))
    expect(s.payload.site.post_index).toEqual(postIndex)
  })
})
