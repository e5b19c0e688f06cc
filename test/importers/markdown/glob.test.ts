import { describe, expect, test } from 'vitest'
import { globMatcher } from '../../../importers/markdown/presets/_glob.js'

// The globs of VitePress's `srcExclude` and VuePress's `pagePatterns`, read as picomatch (their file finders' matcher)
// reads them, relative to the source folder; a pattern matching a folder covers what is below it.
describe('globMatcher', () => {
  test.each([
    [['**/README.md'], 'README.md', true],
    [['**/README.md'], 'a/b/README.md', true],
    [['**/README.md'], 'a/README.mdx', false],
    [['drafts'], 'drafts/x.md', true],
    [['drafts/**'], 'drafts/x/y.md', true],
    [['drafts'], 'a/drafts/x.md', false],
    [['./drafts/*.md'], 'drafts/x.md', true],
    [['*.md'], 'x.md', true],
    [['*.md'], 'a/x.md', false],
    [['{a,b}/*.md'], 'b/x.md', true],
    [['{a,b}/*.md'], 'c/x.md', false],
    [['a/**/z.md'], 'a/z.md', true],
    [['a/**/z.md'], 'a/q/r/z.md', true],
    [['a/**/z.md'], 'b/q/z.md', false],
    [['x?.md'], 'x1.md', true],
    [['x?.md'], 'x12.md', false],
    [['x.md'], 'xamd', false],
    [['a**b.md'], 'a/b.md', false],
    [[], 'x.md', false],
    // Astro's glob() loader patterns (docs.astro.build "Content Loader API"): classes, (a|b) alternatives.
    [['**/[^_]*.md'], 'a/_draft.md', false],
    [['**/[^_]*.md'], 'a/post.md', true],
    [['**/[!_]*.md'], '_x.md', false],
    [['[a-c]*.md'], 'b1.md', true],
    [['[a-c]*.md'], 'd1.md', false],
    [['[]]x.md'], ']x.md', true],
    [['x[.md'], 'x[.md', true],
    [['**/*.(md|mdx)'], 'a/x.mdx', true],
    [['**/*.(md|mdx)'], 'a/x.markdown', false],
  ])('%j matches %s: %s', (patterns, rel, want) => {
    expect(globMatcher(patterns)(rel)).toBe(want)
  })

  test.each([
    [['*.md'], 'a/x.md', false],
    [['drafts'], 'drafts/x.md', false],
    [['**/*.md'], 'a/b/x.md', true],
  ])('with files: %j matches %s: %s (a loader\'s patterns name files, not folders)', (patterns, rel, want) => {
    expect(globMatcher(patterns, { files: true })(rel)).toBe(want)
  })

  test('a glob of many stars against a long name, and braces that would expand without end, take no time', () => {
    const started = performance.now()
    expect(globMatcher(['*a'.repeat(40) + 'b'])('a'.repeat(4000))).toBe(false)
    expect(globMatcher(['**/'.repeat(200) + 'z.md'])(Array(200).fill('d').join('/') + '/y.md')).toBe(false)
    expect(globMatcher(['{a,b}'.repeat(40) + '.md'])('ab.md')).toBe(false)
    expect(performance.now() - started).toBeLessThan(1000)
  })
})
