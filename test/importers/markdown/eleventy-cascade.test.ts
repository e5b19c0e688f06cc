import { describe, expect, test } from 'vitest'
import { cascaded, cascadeRules } from '../../../importers/markdown/presets/eleventy-cascade.js'
import { importedSite as imported, tempSites } from './_tmpsite.js'

// Eleventy's data cascade (11ty.dev "Data Cascade", "Data Deep Merge"; @11ty/eleventy-utils src/Merge.js): since 1.0
// the layouts' front matter, directory and template data files and the template's front matter are merged deeply,
// objects key by key and arrays concatenated, a key written `override:x` replacing what is below it; Eleventy 0.x
// merged them with Object.assign unless the configuration called `setDataDeepMerge(true)`, and ranked a layout's
// front matter over the data files ("this moved in 1.0"). The importer merged data files and front matter shallowly
// (tags alone concatenated, whatever the version) and never read a layout's front matter.

describe('cascaded (Eleventy Merge)', () => {
  test.each<[string, Array<Record<string, unknown>>, boolean, Record<string, unknown>]>([
    ['arrays concatenate', [{ tags: ['posts'] }, { tags: ['css', 'html'] }], true, { tags: ['posts', 'css', 'html'] }],
    ['objects merge key by key', [{ nav: { parent: 'Blog', order: 1 } }, { nav: { key: 'A', order: 2 } }], true, { nav: { parent: 'Blog', order: 2, key: 'A' } }],
    ['override: replaces', [{ tags: ['posts'], nav: { parent: 'Blog' } }, { 'override:tags': ['css'], nav: { 'override:parent': 'Docs' } }], true, { tags: ['css'], nav: { parent: 'Docs' } }],
    ['an object stays against a later scalar', [{ nav: { key: 'A' } }, { nav: false }], true, { nav: { key: 'A' } }],
    ['a scalar gives way to an object', [{ nav: 'x' }, { nav: { key: 'A' } }], true, { nav: { key: 'A' } }],
    ['an array gives way to a scalar', [{ tags: ['a'] }, { tags: 'b' }], true, { tags: 'b' }],
    ['shallow: the last value of each key', [{ tags: ['posts'], nav: { parent: 'Blog' } }, { tags: ['css'], nav: { key: 'A' } }], false, { tags: ['css'], nav: { key: 'A' } }],
    ['shallow: override: is a name like any other', [{ tags: ['posts'] }, { 'override:tags': ['css'] }], false, { tags: ['posts'], 'override:tags': ['css'] }],
    ['no prototype through override:', [{}, { 'override:__proto__': { polluted: true } }], true, {}],
  ])('%s', (_, levels, deep, want) => {
    const before = JSON.stringify(levels)
    expect(JSON.parse(JSON.stringify(cascaded(levels, deep)))).toEqual(want)
    // The levels are the site's data, shared by every page: never changed.
    expect(JSON.stringify(levels)).toBe(before)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  test('300,000 tags over 200 levels merge in linear time, without overflowing the stack', () => {
    const levels = Array.from({ length: 200 }, (_, i) => ({ tags: Array.from({ length: 1500 }, (_, j) => `t${i}-${j}`) }))
    const started = performance.now()
    expect((cascaded(levels, true).tags as string[]).length).toBe(300_000)
    expect(performance.now() - started).toBeLessThan(2000)
  })
})

describe('cascadeRules', () => {
  test.each<[number | undefined, string, boolean, boolean]>([
    [undefined, '', true, true],
    [3, '', true, true],
    [1, 'eleventyConfig.setDataDeepMerge(false);', false, true],
    [0, '', false, false],
    [0, 'eleventyConfig.setDataDeepMerge(true);', true, false],
  ])('Eleventy %s with %j: deep %s, layouts below the data files %s', (major, config, deep, layoutBelowData) => {
    expect(cascadeRules(major, config)).toEqual({ deep, layoutBelowData })
  })
})

const site = tempSites('md-eleventy-cascade-')
const pkg = (range: string) => JSON.stringify({ devDependencies: { '@11ty/eleventy': range } })
const POST = (fm: string) => `---\ntitle: A post\ndate: 2024-01-02\n${fm}---\nText.\n`

describe('which collection a page is in', () => {
  test.each<[string, string, string, Record<string, string>, 'post' | 'page']>([
    // Since 1.0 the folder's `posts` tag and the post's own tags concatenate: the post is in collections.posts.
    ['Eleventy 2: tags concatenate', '^2.0.1', '', { 'posts/posts.json': '{ "tags": ["posts"] }', 'posts/a.md': POST('tags: [css]\n') }, 'post'],
    // 0.x: the post's own tags replace the folder's, so it is not in collections.posts.
    ['Eleventy 0.11: front matter replaces the folder\'s tags', '^0.11.1', '', { 'posts/posts.json': '{ "tags": ["posts"] }', 'posts/a.md': POST('tags: [css]\n') }, 'page'],
    ['Eleventy 0.11 with setDataDeepMerge(true)', '^0.11.1', 'eleventyConfig.setDataDeepMerge(true);', { 'posts/posts.json': '{ "tags": ["posts"] }', 'posts/a.md': POST('tags: [css]\n') }, 'post'],
    ['Eleventy 2 with setDataDeepMerge(false)', '^2.0.1', 'eleventyConfig.setDataDeepMerge(false);', { 'posts/posts.json': '{ "tags": ["posts"] }', 'posts/a.md': POST('tags: [css]\n') }, 'page'],
    ['override:tags leaves the folder\'s tags out', '^2.0.1', '', { 'posts/posts.json': '{ "tags": ["posts"] }', 'posts/a.md': POST('"override:tags": [css]\n') }, 'page'],
    // The layout's front matter is data of the page: its tags count. (Layouts named `article`: a `post` layout alone
    // makes a dated page a post.)
    ['a layout\'s tags', '^2.0.1', '', { '_includes/article.njk': '---\ntags: posts\n---\n{{ content }}\n', 'a.md': POST('layout: article.njk\n') }, 'post'],
    ['a layout named without its extension, through its chain', '^3.0.0', '', { '_includes/base.njk': '---\ntags: posts\n---\n{{ content }}\n', '_includes/article.njk': '---\nlayout: base\n---\n{{ content }}\n', 'a.md': POST('layout: article\n') }, 'post'],
    ['a layout alias', '^2.0.1', 'eleventyConfig.addLayoutAlias("article", "layouts/article.njk");', { '_includes/layouts/article.njk': '---\ntags: [posts]\n---\n{{ content }}\n', 'a.md': POST('layout: article\n') }, 'post'],
    ['a layout that names itself', '^2.0.1', '', { '_includes/article.njk': '---\nlayout: article.njk\ntags: posts\n---\n{{ content }}\n', 'a.md': POST('layout: article.njk\n') }, 'post'],
    ['a layout in dir.layouts', '^2.0.1', '', { '_layouts/article.njk': '---\ntags: posts\n---\n{{ content }}\n', 'a.md': POST('layout: article.njk\n') }, 'post'],
    ['a layout\'s tags under override:tags', '^2.0.1', '', { '_includes/article.njk': '---\ntags: posts\n---\n{{ content }}\n', 'a.md': POST('layout: article.njk\n"override:tags": [css]\n') }, 'page'],
  ])('%s', async (name, range, config, files, kind) => {
    const root = await site(`kind-${name.replace(/\W/g, '_')}`, {
      '.eleventy.js': `module.exports = function (eleventyConfig) {\n  ${config}\n  return ${name.includes('dir.layouts') ? '{ dir: { layouts: "_layouts" } }' : '{}'};\n};\n`,
      'package.json': pkg(range),
      'index.md': '---\ntitle: Home\n---\nHome.\n',
      ...files,
    })
    const file = Object.keys(files).find((f) => f.endsWith('a.md')) as string
    expect((await imported(root)).kinds[file]).toBe(kind)
  })
})

describe('what the page gets from the cascade', () => {
  test('a post\'s tags are every level\'s, less the posts collection', async () => {
    const root = await site('tags', {
      '.eleventy.js': 'module.exports = function () {\n  return {};\n};\n',
      'package.json': pkg('^2.0.1'),
      'posts/posts.json': '{ "tags": ["posts", "news"] }',
      'posts/a.md': POST('tags: [css]\n'),
    })
    const got = await imported(root)
    expect(got.payload.content.posts.map((p) => p.tag_slugs)).toEqual([['news', 'css']])
  })

  test('eleventyNavigation merges the folder\'s parent with the page\'s key', async () => {
    const root = await site('nav', {
      '.eleventy.js': 'module.exports = function () {\n  return {};\n};\n',
      'package.json': pkg('^2.0.1'),
      'docs/index.md': '---\ntitle: Docs\neleventyNavigation:\n  key: Docs\n---\nDocs.\n',
      'docs/guides/guides.json': '{ "eleventyNavigation": { "parent": "Docs" } }',
      'docs/guides/setup.md': '---\ntitle: Setup\neleventyNavigation:\n  key: Setup\n---\nSetup.\n',
    })
    const items = (await imported(root)).payload.menus?.primary?.items ?? []
    expect(items.map((i) => [i.title, (i.children ?? []).map((c) => c.title)])).toEqual([['Docs', ['Setup']]])
  })

  test.each<[string, string, string]>([
    // 1.0: the data files rank over the layout's front matter; 0.x: the layout's over them.
    ['^2.0.1', '/a/', 'dir-permalink'],
    ['^0.11.1', '/b/', 'layout-permalink'],
  ])('Eleventy %s: the permalink of the folder or of the layout (%s)', async (range, prefix, name) => {
    const root = await site(name, {
      '.eleventy.js': 'module.exports = function () {\n  return {};\n};\n',
      'package.json': pkg(range),
      'notes/notes.json': '{ "permalink": "/a/{{ page.fileSlug }}/", "layout": "note.njk" }',
      '_includes/note.njk': '---\npermalink: /b/{{ page.fileSlug }}/\n---\n{{ content }}\n',
      'notes/x.md': '---\ntitle: X\n---\nText.\n',
    })
    expect((await imported(root)).urls['notes/x.md']).toBe(`${prefix}x/`)
  })
})
