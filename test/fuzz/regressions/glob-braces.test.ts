import { describe, expect, test } from 'vitest'
import { globMatcher } from '../../../importers/markdown/presets/_glob.js'
import { growth } from './_growth.js'

// The JavaScript generators' globs (VitePress srcExclude, VuePress pagePatterns, Astro's glob() loader) found their
// next `{a,b}` or `(a|b)` group with /\{([^{}]*,[^{}]*)\}|\(([^()]*\|[^()]*)\)/, which read on from every comma of
// an unclosed `{a,a,a…` (found by the s10 hunt's sweep of the sources' expressions). Eight times the glob may take at
// most 32 times as long (64 when quadratic).

describe('a glob of unclosed groups is read in time linear in its length', () => {
  test.each([
    ['an unclosed {a,a,a…', (n: number) => `{${'a,'.repeat(n / 2)}`],
    ['an unclosed (a|a|a…', (n: number) => `(${'a|'.repeat(n / 2)}`],
    // Each `}` looked down the whole stack of `(` for a brace to close (the one engine's groups, this session).
    ['((((… then }}}}…', (n: number) => `${'('.repeat(n / 2)}${'}'.repeat(n / 2)}`],
    ['{{{{… then )))…', (n: number) => `${'{'.repeat(n / 2)}${')'.repeat(n / 2)}`],
  ])('%s', (_name, glob) => {
    expect(growth((n) => globMatcher([glob(n)])('x/y.md'), 8_000)).toBeLessThan(32)
  })
})

test.each([
  ['{a,b}/x.md', 'b/x.md', true],
  ['{a,b}/x.md', 'c/x.md', false],
  ['(a|b)/x.md', 'a/x.md', true],
  ['{a}/x.md', '{a}/x.md', true],
  ['{a,{b,c}}/x.md', 'a/x.md', true],
  ['{a,{b,c}}/x.md', 'c/x.md', true],
  ['{a,{b,c}}/x.md', '{a,b}/x.md', false],
  ['x{/y.md', 'x{/y.md', true],
  ['{a,b}(c|d).md', 'bd.md', true],
  ['(a,b)/x.md', '(a,b)/x.md', true],
  ['{a|b}/x.md', '{a|b}/x.md', true],
  ['{(a|b),c}.md', '(a.md', false],
  ['{(a|b),c}.md', 'c.md', true],
  ['{(a|b),c}.md', 'a.md', true],
])('%j matches %j: %s (as the old pattern expanded it)', (glob, path, expected) => {
  expect(globMatcher([glob], { files: true })(path)).toBe(expected)
})
