import fc from 'fast-check'
import { expect, test } from 'vitest'
import { pathGlobMatcher } from '../../../importers/markdown/presets/_glob.js'

// Hugo's wildcards as a regular expression, for globs small enough to backtrack over.
type Glob = string | { any: Glob[][] }
const toGlob = (g: Glob[]): string => g.map((p) => (typeof p === 'string' ? p : `{${p.any.map(toGlob).join(',')}}`)).join('')
const toRegExp = (g: Glob[]): string =>
  g
    .map((p) => (typeof p !== 'string' ? `(?:${p.any.map(toRegExp).join('|')})` : p === '**/' ? '.*/' : p === '*a' ? '[^/]*a' : p === '?' ? '[^/]' : p === '[!a]' ? '[^/a]' : p.replace(/[.]/g, '\\.')))
    .join('')

test('a glob matches many paths as its regular expression does', () => {
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
