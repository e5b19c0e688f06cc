import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { pathGlobMatcher } from '../../../importers/markdown/presets/_path-glob.js'
import { growth } from './_growth.js'

// A path glob was followed from scratch for each path (found by the s11 hostile-input hunt): every character cost the
// number of places the pattern could be at, which `/**a**a**a…` makes as many as its length, so a hugo.toml cascade
// of one 4 KB `_target.path` took 150 ms for each page with a 2 KB path (100 pages: 32 s). The sets of places are now
// kept with the set each character leads to, and a path costs one look-up per character once they are known.

const paths = (count: number) => Array.from({ length: count }, (_, i) => `/${'a'.repeat(200)}/p${i}.md`)

describe('a glob over many paths takes time linear in the paths, not in the paths times the glob', () => {
  test.each([
    ['/**a**a**a…', (n: number) => `/${'**a'.repeat(n)}`, 'hugo'],
    ['/*a*a*a…', (n: number) => `/${'*a'.repeat(n)}*`, 'hugo'],
    ['/*a*a*a… (Ruby)', (n: number) => `/${'*a'.repeat(n)}*/**/*.md`, 'ruby'],
  ] as const)('%s', (_name, glob, dialect) => {
    // n pieces of glob over 50n paths: 64 times as long for 8 times n when each path is followed from scratch.
    const ratio = growth((n) => {
      const matcher = pathGlobMatcher(glob(n), { dialect })
      for (const path of paths(50 * n)) matcher(path)
    }, 8)
    expect(ratio).toBeLessThan(32)
  })
})

// Hugo's wildcards as a regular expression, for globs small enough to backtrack over.
type Glob = string | { any: Glob[][] }
const toGlob = (g: Glob[]): string => g.map((p) => (typeof p === 'string' ? p : `{${p.any.map(toGlob).join(',')}}`)).join('')
const toRegExp = (g: Glob[]): string =>
  g
    .map((p) => (typeof p !== 'string' ? `(?:${p.any.map(toRegExp).join('|')})` : p === '**/' ? '.*/' : p === '*a' ? '[^/]*a' : p === '?' ? '[^/]' : p === '[!a]' ? '[^/a]' : p.replace(/[.]/g, '\\.')))
    .join('')

test('a glob kept over many paths matches as its regular expression does', () => {
  // Each star is followed by a character that is none, so that two pieces never make one `**`.
  const piece = fc.constantFrom<Glob>('*a', '**/', '?', '[!a]', 'a', 'b', '/', '.')
  const glob: fc.Arbitrary<Glob[]> = fc.letrec<{ glob: Glob[] }>((tie) => ({
    glob: fc.array(fc.oneof({ depthSize: 'small' }, piece, fc.record({ any: fc.array(tie('glob'), { minLength: 1, maxLength: 3 }) })), { maxLength: 6 }),
  })).glob
  const path = fc.array(fc.constantFrom('a', 'b', '/', '.'), { maxLength: 10 }).map((cs) => cs.join(''))
  fc.assert(
    fc.property(glob, fc.array(path, { minLength: 1, maxLength: 30 }), (g, texts) => {
      const matcher = pathGlobMatcher(toGlob(g))
      const expected = new RegExp(`^${toRegExp(g)}$`, 's')
      for (const text of texts) expect(matcher(text)).toBe(expected.test(text))
    }),
    { numRuns: 800 },
  )
})
