import { describe, expect, test } from 'vitest'
import { exportedLiteral } from '../../../importers/markdown/presets/_jstext.js'
import { cascadeRules, cleanTags, dataSource, mergedSources } from '../../../importers/markdown/presets/eleventy-cascade.js'
import { importedSite as imported, tempSites } from './_tmpsite.js'

// Eleventy's data cascade (11ty.dev "Data Cascade", "Data Deep Merge", "Template and Directory Data Files", "Global
// Data Files", "Collections"; src/Template.js getData, src/Data/TemplateData.js, @11ty/eleventy-utils src/Merge.js):
// global data, the layout chain's front matter, the directory and template data files, the front matter, merged deeply
// since 1.0 (objects key by key, arrays concatenated, `override:` replacing). Rows marked «real» were checked against
// a real Eleventy build (3.1.8; 2.0.1 for the 2.x rows). The importer merged the data files and front matter one
// level deep whatever the version (tags alone concatenated), and read neither global data nor layouts.

const src = (values: Record<string, unknown>) => dataSource(values, true)

describe('mergedSources (Eleventy Merge)', () => {
  test.each<[string, Array<Record<string, unknown>>, boolean, Record<string, unknown>]>([
    ['arrays concatenate', [{ tags: ['posts'] }, { tags: ['css', 'html'] }], true, { tags: ['posts', 'css', 'html'] }],
    ['objects merge key by key', [{ nav: { parent: 'Blog', order: 1 } }, { nav: { key: 'A', order: 2 } }], true, { nav: { parent: 'Blog', order: 2, key: 'A' } }],
    ['three levels meet in one object', [{ x: { a: 1 } }, { x: { b: 2 } }, { x: { c: 3 } }], true, { x: { a: 1, b: 2, c: 3 } }],
    ['override: replaces a list', [{ tags: ['posts'] }, { 'override:tags': ['css'] }], true, { tags: ['css'] }],
    ['override: replaces an object, nested too', [{ nav: { parent: 'Blog', list: [1] } }, { nav: { 'override:list': [2] } }, { 'override:x': { b: 1 } }], true, { nav: { parent: 'Blog', list: [2] }, x: { b: 1 } }],
    ['an object stays against a later scalar or list', [{ nav: { key: 'A' } }, { nav: false }, { nav: ['x'] }], true, { nav: { key: 'A' } }],
    ['a scalar gives way to an object', [{ nav: 'x' }, { nav: { key: 'A' } }], true, { nav: { key: 'A' } }],
    ['a list gives way to a scalar', [{ tags: ['a'] }, { tags: 'b' }], true, { tags: 'b' }],
    ['shallow: the last value of each key', [{ tags: ['posts'], nav: { parent: 'Blog' } }, { tags: ['css'], nav: { key: 'A' } }], false, { tags: ['css'], nav: { key: 'A' } }],
    ['shallow: override: is a name like any other', [{ tags: ['posts'] }, { 'override:tags': ['css'] }], false, { tags: ['posts'], 'override:tags': ['css'] }],
  ])('%s', (_, levels, deep, want) => {
    const before = JSON.stringify(levels)
    expect(JSON.parse(JSON.stringify(mergedSources(levels.map((l) => dataSource(l, deep)), deep)))).toEqual(want)
    // The sources are the site's data, shared by every page: never changed.
    expect(JSON.stringify(levels)).toBe(before)
  })

  test('a merge result is no source of override: (a data file\'s override: stops at the data files)', () => {
    const local = mergedSources([src({ tags: ['posts'] }), src({ 'override:tags': ['a'] })], true)
    expect(mergedSources([src({ tags: ['global'] }), { values: local }], true)).toEqual({ tags: ['global', 'a'] })
  })

  test('what only one source holds is shared, not copied; what two hold is copied once', () => {
    const big = { items: { a: 1 } }
    const list = ['posts']
    const merged = mergedSources([src({ big, tags: list }), src({ tags: ['a'], title: 'T' })], true)
    expect(merged.big).toBe(big)
    expect(merged.tags).toEqual(['posts', 'a'])
    expect(list).toEqual(['posts'])
  })

  test('no prototype through a key', () => {
    const merged = mergedSources([src(JSON.parse('{"__proto__": {"polluted": 1}, "a": {"b": 1}}')), src(JSON.parse('{"a": {"__proto__": {"polluted": 2}}}'))], true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(merged.a)).toBeNull()
  })
})

describe('mergedSources with a bound (a value past the data limits where two sources meet, under a key not read)', () => {
  const many = (n: number, prefix: string) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, i]))
  const bound = (dropped: string[]) => ({ reads: (k: string) => k === 'tags' || k === 'title', onDrop: (k: string) => void dropped.push(k) })
  test.each<[string, Array<Record<string, unknown>>, string[], string[]]>([
    ['a big object under a small one: dropped', [{ catalog: many(65, 'k') }, { catalog: { mine: 1 } }], [], ['catalog']],
    ['a small object under a big one: dropped', [{ catalog: { mine: 1 } }, { catalog: many(65, 'k') }], [], ['catalog']],
    ['nested: the top-level key is dropped, later sources too', [{ nav: { list: many(65, 'k') } }, { nav: { list: { a: 1 } } }, { nav: { b: 2 } }], [], ['nav']],
    ['lists past 256 items together: dropped', [{ items: Array(200).fill(1) }, { items: Array(57).fill(2) }], [], ['items']],
    ['at the limits: merged', [{ catalog: many(64, 'k') }, { catalog: { k0: 'x' } }, { items: Array(200).fill(1) }, { items: Array(56).fill(2) }], ['catalog', 'items'], []],
    ['a key the preset reads: merged whatever its size', [{ tags: Array(300).fill('a') }, { tags: ['b'] }], ['tags'], []],
    ['one source only: shared, never dropped', [{ catalog: many(65, 'k') }, { other: 1 }], ['catalog', 'other'], []],
  ])('%s', (_, levels, kept, droppedWant) => {
    const dropped: string[] = []
    const merged = mergedSources(levels.map((l) => src(l)), true, bound(dropped))
    expect(Object.keys(merged).sort()).toEqual(kept)
    expect(dropped).toEqual(droppedWant)
  })
})

describe('cascadeRules', () => {
  test.each<[string | undefined, number | undefined, string, Record<string, boolean>]>([
    [undefined, undefined, '', { deep: true, layoutBelowData: true, splitTags: true }],
    ['^3.0.0', 3, '', { deep: true, layoutBelowData: true, splitTags: true }],
    ['3.0.0', 3, '', { deep: true, layoutBelowData: true, splitTags: false }],
    ['~3.0.1', 3, '', { deep: true, layoutBelowData: true, splitTags: false }],
    ['^2.0.1', 2, 'eleventyConfig.setDataDeepMerge(false);', { deep: false, layoutBelowData: true, splitTags: false }],
    ['^0.11.1', 0, '', { deep: false, layoutBelowData: false, splitTags: false }],
    ['^0.11.1', 0, 'eleventyConfig.setDataDeepMerge(true);', { deep: true, layoutBelowData: false, splitTags: false }],
  ])('%s with %j', (range, major, config, want) => {
    expect(cascadeRules(range, major, config)).toEqual(want)
  })
})

describe('cleanTags (cleanupData)', () => {
  test.each<[unknown, boolean, unknown]>([
    ['posts', false, ['posts']],
    ['a,b', false, ['a,b']],
    // «real» 3.1.8: a string splits at commas, blanks kept; numbers are names.
    ['one,two, three', true, ['one', 'two', ' three']],
    [[2024, 'posts', 'posts'], true, ['2024', 'posts']],
    [[2024, 'posts', 'posts'], false, [2024, 'posts']],
    ['', true, []],
    [null, false, []],
  ])('%j (3.1: %s) → %j', (tags, split, want) => {
    expect(cleanTags({ tags }, split).tags).toEqual(want)
  })
})

describe('exportedLiteral (a JavaScript global data file read as text)', () => {
  test.each<[string, unknown]>([
    ['module.exports = "layouts/post.njk";', 'layouts/post.njk'],
    ["export default ['posts', 'news']\n", ['posts', 'news']],
    ['module.exports = 3', 3],
    ['module.exports = "a" + b;', undefined],
    ['module.exports = ["a", b]', undefined],
    ['module.exports = function () { return "x" }', undefined],
  ])('%s', (text, want) => {
    expect(exportedLiteral(text)).toEqual(want)
  })

  test('a string never closed, 200,000 characters long, is no literal, at once', () => {
    const started = performance.now()
    expect(exportedLiteral(`module.exports = "${'a'.repeat(200_000)}`)).toBeUndefined()
    expect(performance.now() - started).toBeLessThan(500)
  })
})

const site = tempSites('md-eleventy-cascade-')
const pkg = (range: string) => JSON.stringify({ devDependencies: { '@11ty/eleventy': range } })
const POST = (fm: string) => `---\ntitle: A post\ndate: 2024-01-02\n${fm}---\nText.\n`
const LAYOUT = (fm: string) => `---\n${fm}---\n{{ content }}\n`

async function siteOf(name: string, range: string, config: string, files: Record<string, string>) {
  return imported(
    await site(name.replace(/\W/g, '_'), {
      '.eleventy.js': `module.exports = function (eleventyConfig) {\n  ${config}\n  return ${name.includes('dir.layouts') ? '{ dir: { layouts: "_layouts" } }' : '{}'};\n};\n`,
      'package.json': pkg(range),
      'index.md': '---\ntitle: Home\n---\nHome.\n',
      ...files,
    }),
  )
}

describe('which collection a page is in (tags of every level: posts makes a dated page a post)', () => {
  test.each<[string, string, string, Record<string, string>, 'post' | 'page']>([
    // «real» Global data is the lowest level of the cascade: `_data/tags.json` tags every page.
    ['global tags.json', '^3.1.8', '', { '_data/tags.json': '["posts"]', 'posts/a.md': POST('') }, 'post'],
    // «real» `_data/layout.json` gives every page without one its layout (a post layout: a post).
    ['global layout.json', '^3.1.8', '', { '_data/layout.json': '"post.njk"', '_includes/post.njk': LAYOUT('x: 1\n'), 'posts/a.md': POST('') }, 'post'],
    // «real» A JavaScript global data file exporting a string or a list (read as text, never run) does the same.
    ['global layout.js', '^3.1.8', '', { '_data/layout.js': 'module.exports = "post.njk"; // the post layout\n', '_includes/post.njk': LAYOUT('x: 1\n'), 'posts/a.md': POST('') }, 'post'],
    ['global tags.js', '^3.1.8', '', { '_data/tags.js': 'module.exports = [\n  "posts",\n]\n', 'posts/a.md': POST('') }, 'post'],
    ['global tags.js exporting code', '^3.1.8', '', { '_data/tags.js': 'module.exports = ["posts"].concat(extra)\n', 'posts/a.md': POST('') }, 'page'],
    ['a layout\'s tags', '^2.0.1', '', { '_includes/article.njk': LAYOUT('tags: posts\n'), 'a.md': POST('layout: article.njk\n') }, 'post'],
    ['a layout the folder\'s data names', '^2.0.1', '', { '_includes/article.njk': LAYOUT('tags: posts\n'), 'notes/notes.json': '{ "layout": "article.njk" }', 'notes/a.md': POST('') }, 'post'],
    ['a layout named without its extension, through its chain', '^3.0.0', '', { '_includes/base.njk': LAYOUT('tags: posts\n'), '_includes/article.njk': LAYOUT('layout: base\n'), 'a.md': POST('layout: article\n') }, 'post'],
    ['a layout alias', '^2.0.1', 'eleventyConfig.addLayoutAlias("article", "layouts/article.njk");', { '_includes/layouts/article.njk': LAYOUT('tags: [posts]\n'), 'a.md': POST('layout: article\n') }, 'post'],
    ['a layout that names itself', '^2.0.1', '', { '_includes/article.njk': LAYOUT('layout: article.njk\ntags: posts\n'), 'a.md': POST('layout: article.njk\n') }, 'post'],
    ['a layout in dir.layouts', '^2.0.1', '', { '_layouts/article.njk': LAYOUT('tags: posts\n'), 'a.md': POST('layout: article.njk\n') }, 'post'],
    // «real» 2.0.1: the folder's `posts` and the post's own tags concatenate.
    ['Eleventy 2: tags concatenate', '^2.0.1', '', { 'posts/posts.json': '{ "tags": ["posts"] }', 'posts/a.md': POST('tags: [css]\n') }, 'post'],
    // 0.x: the post's own tags replace the folder's (Object.assign), so it is not in collections.posts.
    ['Eleventy 0.11: front matter replaces the folder\'s tags', '^0.11.1', '', { 'posts/posts.json': '{ "tags": ["posts"] }', 'posts/a.md': POST('tags: [css]\n') }, 'page'],
    ['Eleventy 0.11 with setDataDeepMerge(true)', '^0.11.1', 'eleventyConfig.setDataDeepMerge(true);', { 'posts/posts.json': '{ "tags": ["posts"] }', 'posts/a.md': POST('tags: [css]\n') }, 'post'],
    ['Eleventy 2 with setDataDeepMerge(false)', '^2.0.1', 'eleventyConfig.setDataDeepMerge(false);', { 'posts/posts.json': '{ "tags": ["posts"] }', 'posts/a.md': POST('tags: [css]\n') }, 'page'],
    // «real» An override: key of front matter replaces every level below it, global data included.
    ['override:tags in front matter', '^3.1.8', '', { '_data/tags.json': '["posts"]', 'posts/posts.json': '{ "tags": ["posts"] }', 'posts/a.md': POST('"override:tags": [css]\n') }, 'page'],
    // «real» A template data file's override: replaces the folder's data files' tags.
    ['override:tags in a template data file', '^3.1.8', '', { 'posts/posts.json': '{ "tags": ["posts"] }', 'posts/a.11tydata.json': '{ "override:tags": ["css"] }', 'posts/a.md': POST('') }, 'page'],
    // «real» ... but not global data's or a layout's: the data files merge among themselves first (combineLocalData).
    ['override:tags in a data file leaves global tags', '^3.1.8', '', { '_data/tags.json': '["posts"]', 'posts/posts.json': '{ "override:tags": [] }', 'posts/a.md': POST('') }, 'post'],
    ['override:tags in a data file leaves a layout\'s tags', '^3.1.8', '', { '_includes/article.njk': LAYOUT('tags: posts\n'), 'posts/posts.json': '{ "layout": "article.njk", "override:tags": ["x"] }', 'posts/a.md': POST('') }, 'post'],
    ['a layout\'s tags under override:tags', '^2.0.1', '', { '_includes/article.njk': LAYOUT('tags: posts\n'), 'a.md': POST('layout: article.njk\n"override:tags": [css]\n') }, 'page'],
    // «real» 3.1 splits a tags string at commas; 2.x and 3.0 take it as one name (the collection `posts,news`).
    ['Eleventy 3.1: tags "posts,news"', '^3.0.0', '', { 'posts/a.md': POST('tags: "posts,news"\n') }, 'post'],
    ['Eleventy 3.0.0 pinned: tags "posts,news"', '3.0.0', '', { 'posts/a.md': POST('tags: "posts,news"\n') }, 'page'],
    ['Eleventy 2: tags "posts,news"', '^2.0.1', '', { 'posts/a.md': POST('tags: "posts,news"\n') }, 'page'],
  ])('%s', async (name, range, config, files, kind) => {
    const file = Object.keys(files).find((f) => f.endsWith('a.md')) as string
    expect((await siteOf(`kind ${name}`, range, config, files)).kinds[file]).toBe(kind)
  })
})

describe('override: before a key that reaches a prototype (dropped with an unsafe_key warning on the file, as without the prefix)', () => {
  // The prefix came off after the readers had dropped __proto__, constructor and prototype: every post of the folder
  // failed (invalid_data, exit 1, naming neither file nor key), and nested ones reached the payload.
  test.each<[string, Record<string, string>, string, string]>([
    ['a directory data file, top level', { 'posts/posts.json': '{ "tags": ["posts"], "override:__proto__": { "polluted": 1 } }', 'posts/a.md': POST('') }, 'posts/posts.json', 'override:__proto__'],
    ['a directory data file, nested', { 'posts/posts.json': '{ "tags": ["posts"], "nav": { "key": "A", "override:constructor": { "polluted": 1 } } }', 'posts/a.md': POST('') }, 'posts/posts.json', 'nav.override:constructor'],
    ['front matter, top level', { 'posts/posts.json': '{ "tags": ["posts"] }', 'posts/a.md': POST('"override:prototype":\n  polluted: 1\n') }, 'posts/a.md', 'override:prototype'],
    ['front matter, nested', { 'posts/posts.json': '{ "tags": ["posts"] }', 'posts/a.md': POST('nav:\n  key: A\n  "override:__proto__":\n    polluted: 1\n') }, 'posts/a.md', 'nav.override:__proto__'],
    ['a layout\'s front matter', { '_includes/post.njk': LAYOUT('"override:__proto__":\n  polluted: 1\n'), 'posts/posts.json': '{ "tags": ["posts"], "layout": "post.njk" }', 'posts/a.md': POST('') }, '_includes/post.njk', 'override:__proto__'],
  ])('%s', async (name, files, file, key) => {
    const got = await siteOf(`unsafe ${name}`, '^3.1.8', '', files)
    expect(got.kinds['posts/a.md']).toBe('post')
    expect(got.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    expect(got.result.diagnostics.filter((d) => d.code === 'unsafe_key').map((d) => [d.file, d.message.match(/"([^"]+)"/)?.[1]])).toEqual([[file, key]])
    expect(JSON.stringify(got.payload)).not.toMatch(/polluted|__proto__|"constructor"|"prototype"/)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('a page\'s URL from the cascade', () => {
  test.each<[string, string, Record<string, string>, string]>([
    ['a permalink in the folder\'s data file', '^3.1.8', { 'notes/notes.json': '{ "permalink": "/n/{{ page.fileSlug }}/" }', 'notes/a.md': POST('') }, '/n/a/'],
    // «real» global `permalink` applies to every page.
    ['a permalink in global data', '^3.1.8', { '_data/permalink.json': '"/g/{{ page.fileSlug }}/"', 'notes/a.md': POST('') }, '/g/a/'],
    ['global data filled into a permalink', '^3.1.8', { '_data/site.json': '{ "section": "journal" }', 'notes/notes.json': '{ "permalink": "/{{ site.section }}/{{ page.fileSlug }}/" }', 'notes/a.md': POST('') }, '/journal/a/'],
    // The site's global data merges with what a page's own levels write into it: the folder's site.section wins.
    ['global data under the folder\'s, in a permalink', '^3.1.8', { '_data/site.json': '{ "section": "journal", "x": 1 }', 'notes/notes.json': '{ "site": { "section": "notes" }, "permalink": "/{{ site.section }}/{{ site.x }}/{{ page.fileSlug }}/" }', 'notes/a.md': POST('') }, '/notes/1/a/'],
    ['global data under the page\'s, in a permalink', '^3.1.8', { '_data/site.json': '{ "section": "journal", "x": 1 }', 'notes/notes.json': '{ "permalink": "/{{ site.section }}/{{ site.x }}/{{ page.fileSlug }}/" }', 'notes/a.md': POST('site:\n  x: 2\n') }, '/journal/2/a/'],
    // Since 1.0 a layout's front matter ranks under the data files; 0.x ranked it over them.
    ['Eleventy 2: the folder\'s permalink over the layout\'s', '^2.0.1', { '_includes/article.njk': LAYOUT('permalink: /l/{{ page.fileSlug }}/\n'), 'notes/notes.json': '{ "layout": "article.njk", "permalink": "/d/{{ page.fileSlug }}/" }', 'notes/a.md': POST('') }, '/d/a/'],
    ['Eleventy 0.11: the layout\'s permalink over the folder\'s', '^0.11.1', { '_includes/article.njk': LAYOUT('permalink: /l/{{ page.fileSlug }}/\n'), 'notes/notes.json': '{ "layout": "article.njk", "permalink": "/d/{{ page.fileSlug }}/" }', 'notes/a.md': POST('') }, '/l/a/'],
    ['front matter over all', '^3.1.8', { '_data/permalink.json': '"/g/{{ page.fileSlug }}/"', 'notes/notes.json': '{ "permalink": "/d/{{ page.fileSlug }}/" }', 'notes/a.md': POST('permalink: /own/\n') }, '/own/'],
  ])('%s', async (name, range, files, url) => {
    expect((await siteOf(`url ${name}`, range, '', files)).urls['notes/a.md']).toBe(url)
  })
})

describe('what the document gets from the cascade', () => {
  test('a post\'s tags are every level\'s, less the posts collection; the site\'s global data stays the site\'s', async () => {
    const got = await siteOf('tags', '^2.0.1', '', {
      '_data/metadata.json': '{ "title": "Site", "links": { "a": 1 } }',
      '_includes/article.njk': LAYOUT('tags: [essay]\ntemplateClass: tmpl-post\n'),
      'posts/posts.json': '{ "tags": ["posts", "news"], "layout": "article.njk" }',
      'posts/a.md': POST('tags: [css]\n'),
    })
    const post = got.payload.content.posts[0]
    expect(post.tag_slugs).toEqual(['essay', 'news', 'css'])
    expect(post.meta).toEqual({ layout: 'article.njk', templateClass: 'tmpl-post' })
    expect(post.data).toBeUndefined()
  })

  test('eleventyNavigation from the folder and the page make one entry (deep merge)', async () => {
    const got = await siteOf('nav', '^2.0.1', '', {
      'about.md': '---\ntitle: About\neleventyNavigation:\n  key: About\n---\nAbout.\n',
      'team/team.json': '{ "eleventyNavigation": { "parent": "About" } }',
      'team/index.md': '---\ntitle: Team\neleventyNavigation:\n  key: Team\n---\nTeam.\n',
    })
    const items = JSON.stringify(got.payload.menus)
    expect(items).toMatch(/"About".*"children":\[\{[^\]]*"Team"/)
  })
})

describe('the default author (metadata.json\'s) goes to a post whose own data names none', () => {
  // A global `_data/authors.json` (a registry the templates look names up in) is the site's, not the post's: read as
  // the post's, it took metadata.json's default author away (the post was anonymous).
  test.each<[string, Record<string, string>, string]>([
    ['an authors registry in global data', { '_data/authors.json': '{ "jane": { "name": "Jane Doe" }, "bob": { "name": "Bob" } }', 'posts/a.md': POST('') }, 'Jane Doe'],
    ['an author global data file', { '_data/author.json': '{ "name": "Somebody" }', 'posts/a.md': POST('') }, 'Jane Doe'],
    ['the folder\'s author', { 'posts/posts.json': '{ "tags": ["posts"], "author": "Bob" }', 'posts/a.md': POST('') }, 'Bob'],
    ['the post\'s own author', { 'posts/a.md': POST('author: Bob\n') }, 'Bob'],
  ])('%s', async (name, files, want) => {
    const got = await siteOf(`author ${name}`, '^3.1.8', '', { '_data/metadata.json': '{ "title": "Site", "author": { "name": "Jane Doe" } }', 'posts/posts.json': '{ "tags": ["posts"] }', ...files })
    const post = got.payload.content.posts[0]
    expect(got.payload.content.authors.find((a) => a.id === post.author_id)?.display_name).toBe(want)
  })
})

describe('tags that are neither a string nor a list (Eleventy 3.1 stops the build: "String or Array expected for `tags`")', () => {
  // «real» 3.1.8 TemplateData.getCleanedTagsImmutable throws on any other value that is set. The importer goes on
  // (the value replaces the folder's tags, so the post is a page) and says so on the file; it said nothing.
  test.each<[string, Record<string, string>, string, number]>([
    ['a number in front matter', { 'posts/a.md': POST('tags: 2024\n') }, 'posts/a.md', 4],
    ['an object in front matter', { 'posts/a.md': POST('tags:\n  x: 1\n') }, 'posts/a.md', 4],
    ['a number in a template data file', { 'posts/a.11tydata.json': '{ "tags": 7 }', 'posts/a.md': POST('') }, 'posts/a.11tydata.json', 0],
  ])('%s', async (name, files, file, line) => {
    const got = await siteOf(`badtags ${name}`, '^3.1.8', '', { 'posts/posts.json': '{ "tags": ["posts"] }', ...files })
    const warned = got.result.diagnostics.filter((d) => d.code === 'invalid_field' && d.message.includes('String or Array expected'))
    expect(warned.map((d) => [d.file, d.line])).toEqual([[file, line]])
  })

  test.each([['tags: posts\n'], ['tags: [posts, 2024]\n'], ['tags:\n'], ['tags: false\n']])('%j: no warning', async (fm) => {
    const got = await siteOf(`goodtags ${fm}`, '^3.1.8', '', { 'posts/a.md': POST(fm) })
    expect(got.result.diagnostics.filter((d) => d.message.includes('String or Array expected'))).toEqual([])
  })
})

describe('eleventyExcludeFromCollections (src/Data/TemplateData.js getNormalizedExcludedCollections)', () => {
  test.each<[string, string, string, string | undefined, string[]]>([
    ['true: out of every collection', '^3.1.8', 'true', 'delist', ['news']],
    // «real» Eleventy 3: a list of names, or a string of them, leaves the page out of those collections only.
    ['3: out of posts, so the blog does not list it', '^3.1.8', '[posts]', 'delist', ['news']],
    ['3: out of news, still listed', '^3.1.8', 'news', undefined, []],
    // Eleventy 2: any value that is set leaves it out of every collection.
    ['2: a list is every collection', '^2.0.1', '[news]', 'delist', ['news']],
  ])('%s', async (name, range, value, discoverability, tags) => {
    const got = await siteOf(`exclude ${name}`, range, '', { 'posts/posts.json': '{ "tags": ["posts", "news"] }', 'posts/a.md': POST(`eleventyExcludeFromCollections: ${value}\n`) })
    const post = got.payload.content.posts[0]
    expect(post.discoverability).toBe(discoverability)
    expect(post.tag_slugs).toEqual(tags)
  })
  // A post left out of collections.posts is not one of the paginated list's items: 5 posts, one left out, 2 a page:
  // Eleventy writes /blog/ and /blog/1/ (not /blog/2/), so only /blog/1/ leads to the post index.
  test('a post left out of posts is not counted for the list\'s pages', async () => {
    const posts = Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`posts/p${i}.md`, POST(`tags: posts\n${i === 5 ? 'eleventyExcludeFromCollections: [posts]\n' : ''}`)]))
    const got = await siteOf('exclude list', '^3.1.8', '', { ...posts, 'blog.njk': '---\ntitle: Blog\npagination:\n  data: collections.posts\n  size: 2\n---\n{% for p in pagination.items %}{{ p.data.title }}{% endfor %}\n' })
    expect(got.result.redirects.map((r) => r.from)).toEqual(['/blog/1/'])
  })
})
