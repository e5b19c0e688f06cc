import { describe, expect, test } from 'vitest'
import { importedSite as imported, tempSites } from './_tmpsite.js'

// Eleventy's globs go through the importer's one glob engine, in picomatch's dialect: Eleventy 3 matches its
// ignores and `getFilteredByGlob` with picomatch (src/Util/GlobMatcher.js: isGlobMatch), and 11ty.dev "Ignore
// Template Files" lists `_drafts/` and `secretNunjucksTemplates/anotherFolder/**/*.njk` as entries. They were
// regular expressions made by hand, which read `?` as "the character before may be missing", `{a,b}` and `[a-z]`
// as themselves and `**/x` as any name ending in x, and backtracked without bound on `*a*a*a…`.

const site = tempSites('md-eleventy-globs-')

const CONFIG = '.eleventy.js'

describe('.eleventyignore entries', () => {
  test.each<[string, string, boolean]>([
    ['README.md', 'README.md', true],
    ['_drafts/', '_drafts/a.md', true],
    ['notes/**/*.md', 'notes/x/y/z.md', true],
    ['draft?.md', 'drafts.md', true],
    ['draft?.md', 'draft.md', false],
    ['{old,stale}.md', 'stale.md', true],
    ['[0-9]*.md', '2024-plan.md', true],
    ['[0-9]*.md', 'plan.md', false],
    ['**/x.md', 'deep/x.md', true],
    ['**/x.md', 'box.md', false],
    ['*.md', 'sub/page.md', false],
    // Eleventy's file search takes ignores with `caseSensitiveMatch: false` (fast-glob in 1.x and 2.x, tinyglobby in
    // 3.x; src/FileSystemSearch.js).
    ['readme.md', 'README.md', true],
    ['DRAFTS/', 'drafts/a.md', true],
  ])('%j leaves out %s: %s', async (entry, file, ignored) => {
    const root = await site(`ignore-${entry.replace(/\W/g, '_')}-${file.replace(/\W/g, '_')}`, {
      [CONFIG]: 'module.exports = function () {\n  return {};\n};\n',
      '.eleventyignore': `# notes\n${entry}\n`,
      'index.md': '---\ntitle: Home\n---\nHome.\n',
      [file]: '---\ntitle: The file\n---\nText.\n',
    })
    const got = await imported(root)
    expect(got.kinds[file] === undefined).toBe(ignored)
  })

  test('an entry of many stars against a long name takes no time (it backtracked without bound)', async () => {
    const name = `${'a'.repeat(200)}.md`
    const root = await site('ignore-stars', {
      [CONFIG]: 'module.exports = function () {\n  return {};\n};\n',
      '.eleventyignore': `${'*a'.repeat(30)}b\n`,
      'index.md': '---\ntitle: Home\n---\nHome.\n',
      [name]: '---\ntitle: Long\n---\nText.\n',
    })
    const started = performance.now()
    expect((await imported(root)).kinds[name]).toBe('page')
    expect(performance.now() - started).toBeLessThan(4000)
  })
})

describe('addCollection("posts", … getFilteredByGlob(…))', () => {
  test.each<[string, string, 'post' | 'page']>([
    ['posts/*.{md,njk}', 'posts/a.md', 'post'],
    ['posts/**', 'posts/2024/a.md', 'post'],
    ['posts/[0-9]*.md', 'posts/2024-a.md', 'post'],
    ['posts/[0-9]*.md', 'posts/a.md', 'page'],
    ['posts/(news|notes)/*.md', 'posts/notes/a.md', 'post'],
    ['posts/*.md', 'posts/deep/a.md', 'page'],
  ])('%j makes %s a %s', async (glob, file, kind) => {
    const root = await site(`posts-${glob.replace(/\W/g, '_')}-${file.replace(/\W/g, '_')}`, {
      [CONFIG]: `module.exports = function (eleventyConfig) {\n  eleventyConfig.addCollection("posts", (api) => api.getFilteredByGlob("${glob}"));\n  return {};\n};\n`,
      'index.md': '---\ntitle: Home\n---\nHome.\n',
      [file]: '---\ntitle: The file\ndate: 2024-01-02\n---\nText.\n',
    })
    expect((await imported(root)).kinds[file]).toBe(kind)
  })
})

// Eleventy 3's getFilteredByGlob is isGlobMatch (src/Util/GlobMatcher.js: picomatch with `nocase: true, dot: true`);
// Eleventy 1 and 2 filtered with multimatch, which is case-sensitive.
describe('getFilteredByGlob by the Eleventy major package.json names', () => {
  test.each<[string, string, string, 'post' | 'page']>([
    ['^3.0.0', 'Posts/*.md', 'posts/a.md', 'post'],
    ['^3.0.0', 'posts/*.MD', 'posts/a.md', 'post'],
    ['^2.0.1', 'Posts/*.md', 'posts/a.md', 'page'],
    ['^2.0.1', 'posts/*.md', 'posts/a.md', 'post'],
    ['^1.0.2', 'Posts/*.md', 'posts/a.md', 'page'],
  ])('@11ty/eleventy %s: %j makes %s a %s', async (range, glob, file, kind) => {
    const root = await site(`posts-case-${range.replace(/\W/g, '_')}-${glob.replace(/\W/g, '_')}`, {
      'package.json': JSON.stringify({ devDependencies: { '@11ty/eleventy': range } }),
      [CONFIG]: `module.exports = function (eleventyConfig) {\n  eleventyConfig.addCollection("posts", (api) => api.getFilteredByGlob("${glob}"));\n  return {};\n};\n`,
      'index.md': '---\ntitle: Home\n---\nHome.\n',
      [file]: '---\ntitle: The file\ndate: 2024-01-02\n---\nText.\n',
    })
    expect((await imported(root)).kinds[file]).toBe(kind)
  })
})
