import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { pathGlobMatcher } from '../../../importers/markdown/presets/_glob.js'
import { tempSites } from '../../importers/markdown/_tmpsite.js'

// A Jekyll `defaults:` scope path with a `*` was made into a regular expression for every file (found by the s10
// hunt): `?` was left a quantifier, so `path: "?*"` threw "Invalid regular expression" out of importMarkdown and sank
// the whole site, as did a path of 100,000 stars (too large), and `*a*a*a…b` backtracked without bound.

const site = tempSites('jekyll-default-scopes-')
const jekyll = (path: string, dir: string) => ({
  '_config.yml': `title: S\ndefaults:\n  - scope:\n      path: ${JSON.stringify(path)}\n    values:\n      title: Scoped\n`,
  [`${dir}/x.md`]: '---\nlayout: page\n---\nx\n',
  'about.md': '---\ntitle: About\n---\nabout\n',
})

describe('a hostile defaults scope path is a glob like any other', () => {
  test.each([
    ['a path that starts with "?"', '?*', 'x', 'Scoped'],
    ['a path of 100,000 stars (longer than globs are followed)', '*'.repeat(100_000), 'x', 'x'],
    ['a glob of 24 stars that never matches a long folder name', `${'*a'.repeat(24)}b`, 'a'.repeat(60), 'x'],
  ])('%s: the site imports', async (_name, path, dir, title) => {
    const root = await site(`s-${path.length}-${path.slice(0, 2).replace(/\W/g, '_')}`, jekyll(path, dir))
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    expect(result.ok).toBe(true)
    expect(result.payload?.content.pages?.map((p) => p.title).sort()).toEqual(['About', title].sort())
  }, 20_000)
})

/** Whether the defaults set of scope `path` gives its title to a site's one page, `file`. */
async function holds(path: string, file: string): Promise<boolean> {
  const root = await site(`h-${path.replace(/\W/g, '_')}-${file.replace(/\W/g, '_')}`, { '_config.yml': jekyll(path, '')['_config.yml'], [file]: '---\nlayout: page\n---\nx\n' })
  const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
  return result.payload?.content.pages?.[0]?.title === 'Scoped'
}

describe('scope paths hold the files below what they name, as before', () => {
  test.each([
    ['docs', 'docs/x.md', true],
    ['docs', 'docsx/x.md', false],
    ['do*', 'docs/x.md', true],
    ['*/x.md', 'docs/x.md', true],
    ['*/x.md', 'docs/y.md', false],
    ['docs/*', 'docs/a/b.md', true],
    ['d*s', 'docs/a.md', true],
    ['d*s', 'docsx/a.md', false],
  ])('%j holds %j: %s', async (path, file, held) => {
    expect(await holds(path, file)).toBe(held)
  })
})

describe('a scope path longer than MAX_GLOB_LENGTH is left out with a warning', () => {
  test.each([
    ['of 1,025 stars', '*'.repeat(1025), false],
    ['of 1,024 stars', '*'.repeat(1024), true],
  ])('%s', async (_name, path, applied) => {
    const root = await site(`long-${path.length}`, jekyll(path, 'docs'))
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    expect(result.payload?.content.pages?.some((p) => p.title === 'Scoped')).toBe(applied)
    expect(result.diagnostics.some((d) => d.code === 'dropped_data' && /defaults scope path of \d+ characters/.test(d.message))).toBe(!applied)
  }, 20_000)
})

// Each row as `ruby -e 'p Dir.glob(scope)'` (Ruby 3.1, which Jekyll 4.3's FrontmatterDefaults#glob_scope calls) gives
// it in a folder holding the file (the file held when Dir.glob gives it or a folder above it).
describe("glob scope paths read as Ruby's Dir.glob reads them", () => {
  test.each([
    ['a/**.md', 'a/b/c.md', false],
    ['a/**.md', 'a/x.md', true],
    ['a/**/b.md', 'a/b.md', true],
    ['a/**/c.md', 'a/b/c.md', true],
    ['a/**/*.md', 'a/b/c.md', true],
    ['a/**/*/c.md', 'a/b/c.md', true],
    ['**/c.md', 'a/b/c.md', true],
    ['posts,drafts/*', 'posts/p.md', false],
    ['posts,drafts/*', 'posts,drafts/q.md', true],
    ['{posts,drafts}/*', 'drafts/p.md', true],
    ['x/{a,{b,c}}*', 'x/c.md', true],
    ['x/a{b,}*', 'x/a.md', true],
    ['x/a{b,}.md', 'x/a.md', false],
    ['x/[a]*', 'x/ab.md', true],
    ['x/[!a]*', 'x/ab.md', false],
    ['x/[^a]*', 'x/b.md', true],
    ['x/[a-b]*', 'x/c.md', false],
    ['x/\\[a]*', 'x/[a].md', true],
  ])('%j holds %j: %s', async (path, file, held) => {
    expect(await holds(path, file)).toBe(held)
  })
})

// Jekyll reads no file or folder whose name starts with `.` unless `include:` names it; Dir.glob's wildcards skip them.
test.each([
  ['a/*', 'a/.d.md', false],
  ['a/.*', 'a/.d.md', true],
  ['a/?d.md', 'a/.d.md', false],
  ['a/[.]d.md', 'a/.d.md', false],
  ['a/**/*.md', 'a/.h/z.md', false],
  ['a/**/.h/*', 'a/.h/z.md', true],
  ['a/*.md', 'a/x.d.md', true],
])('as Dir.glob, %j gives %j: %s', (glob, path, expected) => {
  expect(pathGlobMatcher(glob, { dialect: 'ruby' })(path)).toBe(expected)
})
