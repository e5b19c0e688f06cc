import { describe, expect, test } from 'vitest'
import { entries, exportedData, objectsAfter, objectsOf, stringArray, stringLiteral, stripComments } from '../../../importers/markdown/presets/_jstext.js'
import { entryId } from '../../../importers/markdown/presets/astro.js'
import { blogPath, docPath, stripNumberPrefix } from '../../../importers/markdown/presets/docusaurus.js'
import { fillTemplate } from '../../../importers/markdown/presets/eleventy.js'
import { frontMatterUrl, urlize } from '../../../importers/markdown/presets/hugo.js'
import { withStyleSuffix } from '../../../importers/markdown/presets/jekyll.js'
import { postListing } from '../../../importers/markdown/presets/_config.js'
import { wholeDocument } from '../../../importers/markdown/document.js'
import { inferPostPattern } from '../../../importers/markdown/plan.js'
import type { SourceDoc } from '../../../importers/markdown/document.js'

// The generators' documented rules, as tables (docusaurus.io "Docs introduction", "Blog"; docs.astro.build
// "Content collections"; 11ty.dev "Permalinks").

describe('Docusaurus number prefixes', () => {
  test.each([
    ['01-intro', 'intro'],
    ['003 - Getting Started', 'Getting Started'],
    ['1_setup', 'setup'],
    ['2024-01-02-release', '2024-01-02-release'],
    ['1.2-notes', '1.2-notes'],
    ['intro', 'intro'],
  ])('%s -> %s', (name, want) => expect(stripNumberPrefix(name)).toBe(want))
})

describe('Docusaurus doc paths', () => {
  test.each([
    { dirs: [], base: '01-intro', fm: {}, path: 'intro' },
    { dirs: ['02-guides'], base: '01-setup', fm: {}, path: 'guides/setup' },
    { dirs: ['api'], base: 'README', fm: {}, path: 'api' },
    { dirs: ['api'], base: 'index', fm: {}, path: 'api' },
    { dirs: ['Tutorial'], base: 'tutorial', fm: {}, path: 'Tutorial' },
    { dirs: ['api'], base: 'auth', fm: { slug: '/security/auth' }, path: '/security/auth' },
    { dirs: ['api', 'v1'], base: 'keys', fm: { slug: '../keys' }, path: 'api/keys' },
    { dirs: ['ids'], base: 'plain', fm: { id: 'renamed' }, path: 'ids/renamed' },
    { dirs: ['01-a'], base: '01-b', fm: { parse_number_prefixes: false }, path: '01-a/01-b' },
  ])('$dirs/$base $fm -> $path', ({ dirs, base, fm, path }) => expect(docPath(dirs, base, fm).path).toBe(path))
})

describe('Docusaurus blog paths', () => {
  test.each([
    { rel: '2024-01-02-hello.md', slug: undefined, path: '2024/01/02/hello', date: '2024-01-02' },
    { rel: '2024-01-02-hello/index.md', slug: undefined, path: '2024/01/02/hello', date: '2024-01-02' },
    { rel: '2024/3/4/dated.md', slug: undefined, path: '2024/3/4/dated', date: '2024-03-04' },
    { rel: 'team/2024-05-06-x.mdx', slug: undefined, path: 'team/2024/05/06/x', date: '2024-05-06' },
    { rel: 'undated.md', slug: undefined, path: 'undated', date: undefined },
    { rel: 'folder/index.md', slug: undefined, path: 'folder', date: undefined },
    { rel: '2024-01-02-hello.md', slug: 'welcome', path: 'welcome', date: '2024-01-02' },
    { rel: '2024-01-02-hello.md', slug: '/2025/04/22/Post', path: '2025/04/22/Post', date: '2024-01-02' },
    { rel: '2024-13-40-not-a-date.md', slug: undefined, path: '2024-13-40-not-a-date', date: undefined },
  ])('$rel (slug $slug) -> $path', ({ rel, slug, path, date }) => {
    const got = blogPath(rel, slug)
    expect(got.path).toBe(path)
    expect(got.date).toBe(date)
  })
})

describe('Astro entry ids', () => {
  test.each([
    [['guides'], 'Getting Started', undefined, 'guides/getting-started'],
    [[], 'index', undefined, 'index'],
    [['guides'], 'index', undefined, 'guides'],
    [['fr'], "L'été", undefined, 'fr/lété'],
    [['reference'], 'config', 'reference/configuration', 'reference/configuration'],
  ])('%j/%s (slug %s) -> %s', (dirs, base, slug, want) => expect(entryId(dirs as string[], base as string, slug as string | undefined)).toBe(want))
})

describe('Eleventy permalink templates', () => {
  const v = { fileSlug: 'my-post', filePathStem: '/posts/2021-01-01-my-post', data: { title: 'Hello There, World!', section: { name: 'Notes' } } }
  test.each([
    ['/posts/{{ page.fileSlug }}/', '/posts/my-post/'],
    ['{{ page.filePathStem }}.html', '/posts/2021-01-01-my-post.html'],
    ['/p/{{ title | slugify }}/', '/p/hello-there-world/'],
    ['/{{ section.name | lower }}/x/', '/notes/x/'],
    ['/c/{{ page.date | date("yyyy") }}/', undefined],
    ['/t/{% if x %}a{% endif %}/', undefined],
    ['/m/{{ missing }}/', undefined],
  ])('%s -> %s', (template, want) => expect(fillTemplate(template, v)).toBe(want))
})

describe('the posts pattern inferred from old post URLs', () => {
  const post = (url: string, published: string) => ({ url, published }) as SourceDoc
  test.each([
    { name: 'a shared prefix', posts: [post('/blog/a', '2024-01-01T00:00:00Z'), post('/blog/b', '2024-02-01T00:00:00Z')], want: '/blog/:slug/' },
    { name: 'a varying category is dropped', posts: [post('/en/blog/release/a', '2024-01-01T00:00:00Z'), post('/en/blog/news/b', '2024-01-01T00:00:00Z')], want: '/en/blog/:slug/' },
    { name: 'date segments become tokens', posts: [post('/blog/2024/01/02/a', '2024-01-02T10:00:00Z'), post('/blog/2024/03/04/b', '2024-03-04T10:00:00Z')], want: '/blog/:year/:month/:day/:slug/' },
    { name: 'the most common shape wins', posts: [post('/blog/2024/01/02/a', '2024-01-02T10:00:00Z'), post('/blog/2024/03/04/b', '2024-03-04T10:00:00Z'), post('/blog/c', '2024-01-01T00:00:00Z')], want: '/blog/:year/:month/:day/:slug/' },
    { name: 'no old URLs', posts: [{ published: '2024-01-01T00:00:00Z' } as SourceDoc], want: undefined },
  ])('$name', ({ posts, want }) => expect(inferPostPattern(posts, 'UTC')).toBe(want))
})

describe('configuration read as text', () => {
  const text = stripComments(`
    // title: 'commented out'
    const config = {
      title: 'Site, with a comma', /* routeBasePath: 'nope' */
      i18n: { defaultLocale: 'fr', locales: ['fr', "en"] },
      presets: [['classic', { docs: { routeBasePath: '/', path: 'content' }, blog: false }]],
      plugins: [['@docusaurus/plugin-content-docs', { id: 'api', path: 'api', routeBasePath: \`api\` }]],
      url: process.env.URL,
    }`)
  test('comments are blanked, strings kept', () => {
    expect(text).not.toContain('commented out')
    expect(text).not.toContain('nope')
    expect(text).toContain("'Site, with a comma'")
  })
  test('object literals and their entries', () => {
    const i18n = entries(objectsOf(text, 'i18n')[0])
    expect(stringLiteral(i18n.get('defaultLocale'))).toBe('fr')
    expect(stringArray(i18n.get('locales'))).toEqual(['fr', 'en'])
    expect(stringLiteral(entries(objectsOf(text, 'docs')[0]).get('routeBasePath'))).toBe('/')
    expect(stringLiteral(entries(objectsAfter(text, "'@docusaurus/plugin-content-docs'")[0]).get('routeBasePath'))).toBe('api')
  })
  test('computed values read as absent', () => {
    const top = entries(text.slice(text.indexOf('{') + 1, text.lastIndexOf('}')))
    expect(stringLiteral(top.get('title'))).toBe('Site, with a comma')
    expect(stringLiteral(top.get('url'))).toBeUndefined()
  })
})

// A JavaScript data file (Eleventy's `x.11tydata.js`, `_data/metadata.js`) is read for the literals it exports.
describe('the literals a JavaScript data file exports', () => {
  test.each([
    { src: 'module.exports = { tags: ["posts"], "layout": "layouts/post.njk", n: -2.5, ok: true, none: null, }', data: { tags: ['posts'], layout: 'layouts/post.njk', n: -2.5, ok: true, none: null }, computed: [] },
    { src: 'export default { author: { name: "A", url: process.env.URL }, list: [1, f()] }', data: { author: { name: 'A' } }, computed: ['author.url', 'list'] },
    { src: 'export default { eleventyComputed: { permalink: (data) => data.permalink } }', data: { eleventyComputed: {} }, computed: ['eleventyComputed.permalink'] },
    { src: 'export default function () { return { x: 1 } }', data: undefined, computed: undefined },
    // A name declared with an object literal is followed (the classic template's `sidebars.ts`).
    { src: 'const x = { a: 1 }; module.exports = x', data: { a: 1 }, computed: [] },
    { src: "import type { SidebarsConfig } from 'x'\nconst sidebars: SidebarsConfig = { s: ['intro'] }\n\nexport default sidebars;\n", data: { s: ['intro'] }, computed: [] },
    { src: 'const x = make(); module.exports = x', data: undefined, computed: undefined },
  ])('$src', ({ src, data, computed }) => {
    const found = exportedData(stripComments(src))
    expect(found === undefined ? undefined : JSON.parse(JSON.stringify(found.data))).toEqual(data)
    expect(found?.computed).toEqual(computed)
  })
  test('nesting past its bound is taken for code, and a long object reads in linear time', () => {
    const deep = 'export default { a: ' + '{ a: '.repeat(100) + '1' + ' }'.repeat(100) + ' }'
    expect(exportedData(deep)?.computed).toHaveLength(1)
    const long = 'export default {' + Array.from({ length: 100_000 }, (_, i) => `k${i}: "v${i}"`).join(', ') + '}'
    const started = performance.now()
    expect(Object.keys(exportedData(long)?.data ?? {})).toHaveLength(100_000)
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})

// jekyllrb.com "Permalinks" (a page's or collection document's ending follows the site's style: Jekyll's
// add_permalink_suffix); gohugo.io "URL management" (front-matter url, urlize).

describe('Jekyll: the ending of pages and collection documents without a permalink', () => {
  test.each([
    ['pretty', '/:collection/:path/'],
    ['date', '/:collection/:path:output_ext'],
    ['ordinal', '/:collection/:path:output_ext'],
    ['none', '/:collection/:path:output_ext'],
    ['/:year/:title/', '/:collection/:path/'],
    ['/:year/:title:output_ext', '/:collection/:path:output_ext'],
    ['/:year/:title', '/:collection/:path'],
    ['weekdate', '/:collection/:path'],
  ])('site permalink %s -> %s', (style, want) => expect(withStyleSuffix('/:collection/:path', style)).toBe(want))
})

describe('Hugo urlize', () => {
  test.each([
    ['Trip: Berlin!', true, 'trip-berlin'],
    ['旅の記録：金沢', true, '旅の記録金沢'],
    ['  Setup   Guide ', false, 'Setup-Guide'],
    ['a - b', true, 'a-b'],
    ['C# and C++ ~ 100%', true, 'c#-and-c++-~-100'],
    ['50%20off', true, '50%20off'],
    ['Café crème', true, 'café-crème'],
  ])('%s (lower %s) -> %s', (text, lower, want) => expect(urlize(text, lower)).toBe(want))
})

describe('Hugo front-matter url', () => {
  test.each([
    { url: '/about', prefix: '', want: '/about/' },
    { url: 'about', prefix: '', want: '/about/' },
    { url: '/about', prefix: '/fr', want: '/about/' },
    { url: 'about', prefix: '/fr', want: '/fr/about/' },
    { url: '/feed.xml', prefix: '/fr', want: '/feed.xml' },
    { url: '/docs/', prefix: '', want: '/docs/' },
  ])('$url with prefix "$prefix" -> $want', ({ url, prefix, want }) => expect(frontMatterUrl(url, prefix)).toBe(want))
})

// A template page that loops over the posts is the blog's list (jekyllrb.com "Pagination", "Posts": displaying an
// index of posts; 11ty.dev "Collections"): the new site's post index or term archive replaces it.
describe('pages that list the posts', () => {
  test.each([
    ['{% for post in paginator.posts %}<h2>{{ post.title }}</h2>{% endfor %}', { of: 'posts' }],
    ['{%- for post in site.posts limit: 5 -%}', { of: 'posts' }],
    ['{% for post in site.categories.release %}', { of: 'category', term: 'release' }],
    ["{% for post in site.tags['ruby lang'] %}", { of: 'tag', term: 'ruby lang' }],
    ['{%- set postslist = collections.posts | reverse -%}', { of: 'posts' }],
    ['{% for post in collections.post %}', { of: 'posts' }],
    ['{% for tag in collections.tagList %}', { of: 'tag' }],
    ['{% for category in site.categories %}', { of: 'category' }],
    ['{% for page in site.pages %}', undefined],
    ['{% for p in site.postscript %}', undefined],
    ['{% for item in pagination.items %}', undefined],
    ['<p>Our posts are elsewhere: site.posts</p>', undefined],
  ])('%s', (body, want) => expect(postListing(body)).toEqual(want))
})

// An HTML page written as a whole document (Jekyll `layout: null`, an Eleventy .html without a layout): its <body>.
describe('HTML bodies that are whole documents', () => {
  test.each([
    ['<!doctype html><title>T</title><body><p>Hi</p></body></html>', { body: '<p>Hi</p>', linesBefore: 0, title: 'T' }],
    ['<!-- built -->\n<html lang="en">\n<head><title> Search </title></head>\n<body class="x">\n<p>Find</p>\n</body></html>', { body: '\n<p>Find</p>\n', linesBefore: 3, title: 'Search' }],
    ['<HTML><BODY>No end', { body: 'No end', linesBefore: 0 }],
    ['<!DOCTYPE html><title>Search | {{ site.title }}</title><body>x</body>', { body: 'x', linesBefore: 0, title: 'Search' }],
    ['<html><head></head></html>', undefined],
    ['<p>A fragment</p><body>', undefined],
  ])('%j', (html, want) => expect(wholeDocument(html)).toEqual(want))

  test('a hostile run of <body tags is read in linear time', () => {
    const started = performance.now()
    expect(wholeDocument('<html>' + '<body '.repeat(200_000))).toBeUndefined()
    expect(performance.now() - started).toBeLessThan(1000)
  })
})
