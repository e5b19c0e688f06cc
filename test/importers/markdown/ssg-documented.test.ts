import { describe, expect, test } from 'vitest'
import { importedSite as imported, tempSites } from './_tmpsite.js'

// Hugo, Jekyll and Eleventy behaviour their documentation states and real sites use, each checked against the real
// generator (hugo 0.111.3, jekyll 4.3.1, eleventy 2.0.1) on a site like the one written here, and reproduced small.

const site = tempSites('md-ssg-')

describe('Hugo taxonomy term pages (gohugo.io "Taxonomies": content/tags/<term>/_index.md)', () => {
  test("a term's own page is its tag's name and description, not a page at the tag archive's URL", async () => {
    const root = await site('hugo-term-pages', {
      'hugo.toml': 'baseURL = "https://example.org/"\ntitle = "T"\n',
      'content/posts/first.md': '---\ntitle: First\ndate: 2024-01-02\ntags: [Go, Big Stuff]\ncategories: [News]\n---\n\nHello.\n',
      'content/tags/go/_index.md': '---\ntitle: The Go tag\n---\n\nAll about   go.\n',
      'content/tags/big-stuff/_index.md': '---\ntitle: Big Stuff!\ndescription: Large things.\n---\n\nSome **bold** text.\n',
      'content/categories/news/_index.md': '---\ntitle: Newsroom\n---\n\nSee {{< ref "posts/first.md" >}}.\n',
    })
    const got = await imported(root)
    expect(got.skipped['content/tags/go/_index.md']).toBe('taxonomy-term')
    expect(got.skipped['content/categories/news/_index.md']).toBe('taxonomy-term')
    expect(got.payload.content.tags).toEqual([
      { name: 'Big Stuff!', slug: 'big-stuff', description: 'Large things.' },
      { name: 'The Go tag', slug: 'go', description: 'All about go.' },
    ])
    // A body with markup or template code is not a description.
    expect(got.payload.content.categories).toEqual([{ name: 'Newsroom', slug: 'news' }])
    expect(got.served('/tags/go/')).toBe(true)
  })

  test('with [taxonomies] naming other taxonomies, tags/ is an ordinary section', async () => {
    const root = await site('hugo-term-custom', {
      'hugo.toml': 'title = "T"\n[taxonomies]\n  series = "series"\n',
      'content/tags/go/_index.md': '---\ntitle: Go\n---\n\nA section.\n',
    })
    expect((await imported(root)).urls['content/tags/go/_index.md']).toBe('/tags/go/')
  })
})

describe('Hugo buildFuture and buildExpired (gohugo.io "Configure Hugo"), Jekyll future (jekyllrb.com "Configuration Options")', () => {
  const hugo = (settings: string) => ({
    'hugo.toml': `title = "T"\n${settings}`,
    'content/posts/future.md': '---\ntitle: Future\ndate: 2099-01-02\n---\n\nLater.\n',
    'content/posts/old.md': '---\ntitle: Old\ndate: 2020-01-02\nexpiryDate: 2021-01-01\n---\n\nGone.\n',
    'content/later/_index.md': '---\ntitle: Later\npublishDate: 2099-01-01\n---\n\nSoon.\n',
    'content/later/inside.md': '---\ntitle: Inside\n---\n\nIn.\n',
  })
  test.each([
    ['neither', '', { future: 'future', old: 'expired', later: 'future', inside: 'draft' }],
    ['buildFuture', 'buildFuture = true\n', { future: undefined, old: 'expired', later: undefined, inside: undefined }],
    ['buildExpired', 'buildExpired = true\n', { future: 'future', old: undefined, later: 'future', inside: 'draft' }],
  ])('Hugo with %s', async (name, settings, skipped) => {
    const got = await imported(await site(`hugo-schedule-${name}`, hugo(settings)))
    expect(got.skipped['content/posts/future.md']).toBe(skipped.future)
    expect(got.skipped['content/posts/old.md']).toBe(skipped.old)
    expect(got.skipped['content/later/_index.md']).toBe(skipped.later)
    expect(got.skipped['content/later/inside.md']).toBe(skipped.inside)
  })

  test.each([
    ['future: true', 'future: true\n', undefined],
    ['no future setting', '', 'future'],
  ])('Jekyll with %s', async (name, settings, skipped) => {
    const root = await site(`jekyll-${name.replace(/\W+/g, '-')}`, {
      '_config.yml': `title: J\n${settings}`,
      '_posts/2099-01-02-later.md': '---\ntitle: Later\n---\n\nLater.\n',
    })
    const got = await imported(root)
    expect(got.skipped['_posts/2099-01-02-later.md']).toBe(skipped)
    if (skipped === undefined) expect(got.urls['_posts/2099-01-02-later.md']).toBe('/2099/01/02/later')
  })
})

describe('Hugo sectionPagesMenu (gohugo.io "Menus": the section menu)', () => {
  test('each top-level section is an entry of that menu, by weight, unless an entry has its name as identifier', async () => {
    const root = await site('hugo-section-menu', {
      'hugo.toml': 'title = "T"\nsectionPagesMenu = "main"\n[[menu.main]]\n  name = "Home"\n  pageRef = "/"\n  weight = 1\n[[menu.main]]\n  identifier = "notes"\n  name = "Our notes"\n  pageRef = "/notes"\n  weight = 5\n',
      'content/_index.md': '---\ntitle: Home\n---\n\nWelcome.\n',
      'content/posts/first.md': '---\ntitle: First\ndate: 2024-01-02\n---\n\nHello.\n',
      'content/docs/_index.md': '---\ntitle: Documentation\nlinkTitle: Docs\nweight: 2\n---\n\nRead.\n',
      'content/docs/guide/_index.md': '---\ntitle: Guide\n---\n\nNot top-level.\n',
      'content/notes/_index.md': '---\ntitle: Notes\n---\n\nNotes.\n',
    })
    const got = await imported(root)
    const items = got.payload.menus?.primary?.items.map((i) => [i.title, i.url])
    expect(items).toEqual([['Home', '/'], ['Docs', '/docs/'], ['Our notes', '/notes/'], ['Posts', '/posts/']])
  })
})

describe('Hugo uglyURLs with a [permalinks] pattern (gohugo.io "URL management": ugly URLs)', () => {
  test("a pattern's folder URL is an .html file, as Hugo 0.111 writes it", async () => {
    const root = await site('hugo-ugly-pattern', {
      'config.yaml': 'title: U\nuglyURLs: true\npermalinks:\n  blog: /:section/:year/:filename/\nparams:\n  mainSections: [blog]\n',
      'content/blog/hello.md': '---\ntitle: Hello\ndate: 2024-01-01\n---\n\nHello.\n',
      'content/pages/about.md': '---\ntitle: About\n---\n\nBack to [hello](../blog/hello.md).\n',
    })
    const got = await imported(root)
    expect(got.urls['content/blog/hello.md']).toBe('/blog/2024/hello')
    expect(got.served('/blog/2024/hello.html')).toBe(true)
    expect(got.served('/pages/about.html')).toBe(true)
  })
})

describe('Eleventy 3 configuration (11ty.dev "Configuration": the exported config object and the directory setters)', () => {
  test('export const config: its folders, markdownTemplateEngine "njk" (the base blog v9) and template formats are read', async () => {
    const root = await site('eleventy3-export-config', {
      'eleventy.config.js': 'export default async function (eleventyConfig) {\n  eleventyConfig.addPassthroughCopy({ "./public/": "/" });\n}\nexport const config = {\n  templateFormats: ["md", "njk"],\n  markdownTemplateEngine: "njk",\n  dir: { input: "content", includes: "../_includes", data: "../_data" },\n};\n',
      '_data/metadata.js': 'export default { title: "Base Blog", url: "https://example.com/" };\n',
      'content/blog/blog.11tydata.js': 'export default { tags: ["posts"], layout: "layouts/post.njk" };\n',
      'content/blog/first.md': '---\ntitle: First\ndate: 2018-05-01\n---\n{% set who = "Possum" %}Hello {{ who }} from {{ metadata.title }}.\n',
      'content/notes.html': '---\ntitle: Notes\n---\n<p>Not a template format here.</p>\n',
      'content/tags.njk': '---\npermalink: /tags/\n---\n<ul>{% for tag in collections | getKeys | filterTagList %}<li>{{ tag }}</li>{% endfor %}</ul>\n',
    })
    const got = await imported(root)
    expect(got.preset).toBe('eleventy')
    expect(got.urls['content/blog/first.md']).toBe('/blog/first/')
    expect(got.bodies.join('\n')).toContain('Hello Possum from Base Blog.')
    expect(got.result.diagnostics.filter((d) => d.code.startsWith('template_'))).toEqual([])
    expect(got.urls['content/notes.html']).toBeUndefined()
    expect(got.skipped['content/tags.njk']).toBe('term-list')
  })

  test('setInputDirectory and setMarkdownTemplateEngine', async () => {
    const root = await site('eleventy3-setters', {
      'eleventy.config.js': 'export default function (eleventyConfig) {\n  eleventyConfig.setInputDirectory("src");\n  eleventyConfig.setMarkdownTemplateEngine("njk");\n}\n',
      'src/about.md': '---\ntitle: About\n---\n{% set x = 2 %}Two: {{ x }}.\n',
      'README.md': '# Not a page of the site\n',
    })
    const got = await imported(root)
    expect(got.urls['src/about.md']).toBe('/about/')
    expect(got.urls['README.md']).toBeUndefined()
    expect(got.bodies).toEqual(['Two: 2.\n'])
  })
})

describe("template references to a document whose URL changed (Jekyll post_url, Hugo relref)", () => {
  test('the new URL they are written as is not reported as a link to nothing', async () => {
    const root = await site('jekyll-post-url-moved', {
      '_config.yml': 'title: J\npermalink: /blog/:categories/:year/:month/:day/:title:output_ext\n',
      '_posts/2024-01-02-hello.md': '---\ntitle: Hello\ncategories: [news, Big Stuff]\n---\n\nHello.\n',
      'index.md': '---\ntitle: Home\n---\n\nRead [the post]({% post_url 2024-01-02-hello %}).\n',
    })
    const got = await imported(root)
    expect(got.served('/blog/news/big%20stuff/2024/01/02/hello.html')).toBe(true)
    expect(got.bodies.join('\n')).toContain(`[the post](${got.urls['_posts/2024-01-02-hello.md']})`)
    expect(got.result.diagnostics.filter((d) => d.code === 'missing_link_target')).toEqual([])
  })
})

describe("Jekyll navigation data with a main list (minimal-mistakes' _data/navigation.yml)", () => {
  test('main is the primary menu, as Hugo\'s main is; other lists keep their names', async () => {
    const root = await site('jekyll-navigation-main', {
      '_config.yml': 'title: J\n',
      '_data/navigation.yml': 'main:\n  - title: About\n    url: /about/\ndocs:\n  - title: Start\n    children:\n      - title: Intro\n        url: /about/\n',
      'about.md': '---\ntitle: About\npermalink: /about/\n---\n\nAbout.\n',
    })
    const menus = (await imported(root)).payload.menus ?? {}
    expect(Object.keys(menus).sort()).toEqual(['docs', 'primary'])
    expect(menus.primary.items.map((i) => i.url)).toEqual(['/about/'])
  })
})

describe("a language's own markup settings (Hugo 0.111: a language's [markup] replaces the site's whole)", () => {
  const body = '---\ntitle: A\n---\n\nText <span class="x">inline</span>.\n'
  test.each([
    ['only French sets unsafe', '[languages.fr.markup.goldmark.renderer]\n  unsafe = true\n', { en: false, fr: true }],
    ['the site sets unsafe, French sets other markup', '[markup.goldmark.renderer]\n  unsafe = true\n[languages.fr.markup.highlight]\n  style = "monokai"\n', { en: true, fr: false }],
  ])('%s', async (name, settings, kept) => {
    const config = `title = "T"\ndefaultContentLanguage = "en"\n${settings}[languages.en]\n  weight = 1\n[languages.fr]\n  weight = 2\n`
    const got = await imported(await site(`hugo-unsafe-${name.replace(/\W+/g, '-')}`, { 'hugo.toml': config, 'content/a.md': body, 'content/a.fr.md': body }))
    const byPath = Object.fromEntries(got.payload.content.pages.map((p) => [p.path, p.content]))
    expect(byPath.a?.includes('<span')).toBe(kept.en)
    expect(byPath['fr/a']?.includes('<span')).toBe(kept.fr)
  })
})

describe('Eleventy posts gathered by glob, and computed permalinks (11ty.dev "Collections", "Computed Data")', () => {
  test('addCollection("posts", … getFilteredByGlob(…)) makes posts; eleventyComputed.permalink wins over permalink', async () => {
    const root = await site('eleventy-glob-posts', {
      '.eleventy.js': 'module.exports = function (eleventyConfig) {\n  eleventyConfig.addCollection("pages", (api) => api.getFilteredByGlob("src/*.md"));\n  eleventyConfig.addCollection("posts", function (collectionApi) {\n    return collectionApi.getFilteredByGlob(["./src/posts/**/*.md"]);\n  });\n  return { dir: { input: "src" } };\n};\n',
      'src/posts/posts.json': '{ "permalink": "/articles/{{ page.fileSlug }}/" }\n',
      'src/posts/one.md': '---\ntitle: One\ndate: 2021-02-03\n---\nOne.\n',
      'src/posts/2021/two.md': '---\ntitle: Two\ndate: 2021-03-04\neleventyComputed:\n  permalink: "/special/{{ title | slugify }}/"\n---\nTwo.\n',
      'src/about.md': '---\ntitle: About\ndate: 2021-01-01\n---\nAbout.\n',
    })
    const got = await imported(root)
    expect(got.kinds).toEqual({ 'src/about.md': 'page', 'src/posts/one.md': 'post', 'src/posts/2021/two.md': 'post' })
    expect(got.urls['src/posts/one.md']).toBe('/articles/one/')
    expect(got.served('/special/two/')).toBe(true)
  })
})

describe("Jekyll theme list pages without text (minimal-mistakes' _pages/, Chirpy's tabs) and a Markdown 404 page", () => {
  test('blank pages of list layouts lead to the post index; 404.md at /404.html is the not-found page', async () => {
    const root = await site('jekyll-minimal-mistakes-pages', {
      '_config.yml': 'title: MM\ninclude: [_pages]\npaginate: 5\npaginate_path: /page:num/\n',
      '_pages/category-archive.md': '---\ntitle: Posts by Category\nlayout: categories\npermalink: /categories/\n---\n',
      '_pages/tag-archive.md': '---\ntitle: Posts by Tag\nlayout: tags\npermalink: /tags/\n---\n',
      '_pages/year-archive.md': '---\ntitle: Posts by Year\nlayout: posts\npermalink: /posts/\n---\n',
      '_pages/collection-archive.md': '---\ntitle: Collections\nlayout: archive\npermalink: /collection-archive/\n---\n\nSome text of its own.\n',
      '_pages/404.md': '---\ntitle: Page Not Found\npermalink: /404.html\n---\n\nSorry.\n',
      '_posts/2024-01-02-hello.md': '---\ntitle: Hello\ntags: [x]\n---\n\nHello.\n',
      'index.html': '---\nlayout: home\n---\n',
    })
    const got = await imported(root)
    expect(got.skipped).toMatchObject({
      '_pages/category-archive.md': 'term-list',
      '_pages/tag-archive.md': 'term-list',
      '_pages/year-archive.md': 'post-index',
      '_pages/404.md': 'not-found-page',
      'index.html': 'home-list',
    })
    expect(got.urls['_pages/collection-archive.md']).toBe('/collection-archive/')
    for (const old of ['/categories/', '/tags/', '/posts/']) expect(got.served(old)).toBe(true)
    expect(got.result.redirects.map((r) => r.from)).not.toContain('/404.html')
  })
})

describe('Hugo contentDir for some languages only (gohugo.io "Multilingual mode": contentDir per language)', () => {
  test("a language without a contentDir of its own reads the site's content folder, as hugo 0.111.3 built it", async () => {
    const root = await site('hugo-some-content-dirs', {
      'hugo.toml': 'baseURL = "https://h.example/"\ntitle = "H"\ndefaultContentLanguage = "en"\n[languages.en]\n  weight = 1\n[languages.fr]\n  weight = 2\n  contentDir = "content-fr"\n',
      'content/posts/hello.md': '---\ntitle: Hello\ndate: 2024-01-02\n---\n\nHi.\n',
      'content-fr/posts/bonjour.md': '---\ntitle: Bonjour\ndate: 2024-01-02\n---\n\nSalut.\n',
    })
    const got = await imported(root)
    // Hugo wrote /posts/hello/ and /fr/posts/bonjour/; the import found nothing in content/ before.
    expect(got.kinds).toEqual({ 'content/posts/hello.md': 'post', 'content-fr/posts/bonjour.md': 'post' })
    expect(got.served('/posts/hello/')).toBe(true)
    expect(got.served('/fr/posts/bonjour/')).toBe(true)
  })
})

describe('just-the-docs navigation (just-the-docs.com "Navigation Structure": nav_order, parent, nav_exclude)', () => {
  test("the theme's sidebar is the pages themselves: top level by nav_order then title, children by their parent's title", async () => {
    const page = (fm: string) => `---\n${fm}\n---\n\nText.\n`
    const root = await site('just-the-docs', {
      '_config.yml': 'title: Docs\nremote_theme: just-the-docs/just-the-docs\n',
      'index.md': page('title: Home\nnav_order: 1'),
      'docs/guide.md': page('title: Guide\nnav_order: 2'),
      'docs/install.md': page('title: Install\nparent: Guide\nnav_order: 1'),
      'docs/config.md': page('title: Configure\nparent: Guide'),
      'docs/about.md': page('title: About'),
      'docs/secret.md': page('title: Secret\nnav_exclude: true'),
    })
    const got = await imported(root)
    const sidebar = got.payload.menus?.sidebar
    const shape = (items: Array<{ title?: string; children?: unknown[] }> = []): unknown[] => items.map((i) => (i.children?.length ? [i.title, shape(i.children as never)] : i.title))
    expect(shape(sidebar?.items as never)).toEqual(['Home', ['Guide', ['Install', 'Configure']], 'About'])
    expect(got.payload.menus?.primary).toBeUndefined()
  })
})
