import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { pathGlobMatcher } from '../../../importers/markdown/presets/_glob.js'
import { tempSites } from '../../importers/markdown/_tmpsite.js'

// A Hugo `cascade` entry's `_target.path` glob was made into a regular expression (found by the s10 hunt): `?` was
// left a quantifier, so `path: "?x"` threw "Invalid regular expression" out of importMarkdown and sank the whole
// site, and `*a*a*a…b` backtracked in time exponential in its stars (12 stars: 0.4 s; 24, minutes). Globs are now
// matched by following every place the pattern can be at once.

const site = tempSites('hugo-cascade-paths-')
const hugo = (glob: string, dir: string) => ({
  'hugo.toml': 'baseURL = "https://s.example/"\ntitle = "S"\n',
  'content/_index.md': `---\ntitle: Home\ncascade:\n  _target:\n    path: ${JSON.stringify(glob)}\n  title: Cascaded\n---\n`,
  [`content/${dir}/_index.md`]: '---\nlayout: list\n---\nx\n',
  [`content/${dir}/x.md`]: '---\nlayout: single\n---\nx\n',
})

describe('a hostile cascade path glob is a glob like any other', () => {
  test.each([
    ['a glob that starts with "?"', '?x', 'x'],
    ['a glob of 100,000 characters', 'a'.repeat(100_000), 'a'],
    ['a glob of 24 stars that never matches a long folder name', `/${'*a'.repeat(24)}b`, 'a'.repeat(60)],
  ])('%s: the site imports', async (_name, glob, dir) => {
    const root = await site(`s-${glob.length}-${glob.slice(0, 3).replace(/\W/g, '_')}`, hugo(glob, dir))
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    expect(result.ok).toBe(true)
    expect(result.payload?.content.pages?.map((p) => p.title)).not.toContain('Cascaded')
  }, 20_000)
})

// A test costs the path's length times the glob's: a 100 KB glob took 2 s for each 4 KB path (s10 review). Globs
// longer than MAX_GLOB_LENGTH are left out with a warning.
describe('a cascade path longer than MAX_GLOB_LENGTH is left out with a warning', () => {
  test.each([
    ['of 1,025 characters', `/x${'*'.repeat(1023)}`, false],
    ['of 1,024 characters', `/x${'*'.repeat(1022)}`, true],
  ])('%s', async (_name, glob, applied) => {
    const root = await site(`long-${glob.length}`, hugo(glob, 'x'))
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    expect(result.payload?.content.pages?.some((p) => p.title === 'Cascaded')).toBe(applied)
    expect(result.diagnostics.some((d) => d.code === 'dropped_data' && /_target\.path of \d+ characters/.test(d.message))).toBe(!applied)
  }, 20_000)
})

describe('the wildcards of gohugo.io "Glob patterns"', () => {
  test.each([
    ['/blog', '/blog', true],
    ['/blog', '/blog/a', false],
    ['/blog/*', '/blog/a', true],
    ['/blog/*', '/blog/a/b', false],
    ['/blog/**', '/blog/a/b', true],
    ['/blog/**', '/blog', false],
    ['/**/b', '/a/c/b', true],
    ['/**b', '/a/cb', true],
    ['/***', '/a/b', true],
    ['/*/*', '/a/b', true],
    ['/*', '', false],
    ['**', '', true],
    ['{/news/**,/blog/**}', '/blog/x', true],
    ['{/news/**, /blog/**}', '/news/x/y', true],
    ['{/news/**,/blog/**}', '/docs/x', false],
    ['/a.b', '/a.b', true],
    ['/a.b', '/axb', false],
    ['/[a]', '/a', true],
    ['/[a]', '/[a]', false],
    ['/\\[a]', '/[a]', true],
    ['/*.[jt]s', '/x.ts', true],
    ['/*.[!j]s', '/x.js', false],
    ['/*.[!j]s', '/x.ts', true],
    ['/[a-c]', '/b', true],
    ['/[a-c]', '/d', false],
    ['/*.{jpg,png}', '/x.png', true],
    ['/*.{jpg,png}', '/x.gif', false],
    ['/{a,{b,c}}/*', '/c/x', true],
    ['/a,b', '/a,b', true],
    ['/a,b', '/a', false],
    ['/f.???', '/f.txt', true],
    ['/f.???', '/f.js', false],
    ['/?at', '/f/at', false],
    ['/*a*a*a*b', '/aaaaaaaaaaaab', true],
    ['/*a*a*a*b', '/aaaaaaaaaaaaa', false],
    ['/é*', '/éa', true],
  ])('%j on %j: %s', (glob, path, expected) => {
    expect(pathGlobMatcher(glob)(path)).toBe(expected)
  })
})
