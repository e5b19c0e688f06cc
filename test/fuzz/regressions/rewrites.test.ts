import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { readRewrites } from '../../../importers/markdown/presets/_rewrites.js'
import { growth } from './_growth.js'

// VitePress `rewrites` come from the site's configuration. A site that moves its pages one by one lists a rule per
// page, and every page was tried against every rule: 4,000 pages and rules took 9 s (found by s7-hunt). Eight times
// the input may take at most 32 times as long (64 when quadratic; about 8 when linear).

const perPage = (n: number) => {
  const rewrites = readRewrites(Array.from({ length: n }, (_, i): [string, string] => [`old/p${i}.md`, `new/p${i}.md`]))
  for (let i = 0; i < n; i++) rewrites.apply(`old/P${i}.md`)
}

describe('rewrites take time linear in the rules and pages', () => {
  test('a rule per page, every page rewritten', () => {
    expect(growth(perPage, 500)).toBeLessThan(32)
  })
})

describe('a rule without parameters is found by its page, as VitePress matches it', () => {
  const rules: Array<[string, string]> = [['guide/Intro.md', 'start.md'], [':dir/old.md', ':dir/new.md'], ['api/old.md', 'never.md'], ['straße.md', 'street.md'], ['a/b.md', 'one.md'], ['a/b.md', 'two.md']]
  test.each([
    ['guide/intro.md', 'start.md', 'without regard to case'],
    ['GUIDE/INTRO.MD', 'start.md', 'without regard to case'],
    ['api/old.md', 'api/new.md', 'an earlier rule with parameters wins'],
    ['strasse.md', 'strasse.md', 'ß is not ss'],
    ['straße.md', 'street.md', 'ß is itself'],
    ['a/b.md', 'one.md', 'the first of two rules for one page wins'],
    ['guide/intro.mdx', 'guide/intro.mdx', 'another page is not moved'],
  ])('%s → %s (%s)', (page, expected) => {
    expect(readRewrites(rules).apply(page)).toBe(expected)
  })
})

describe('the first rule that matches a page wins, as when each is tried in turn', () => {
  // Targets are tagged with the rule's number, so a rule applied alone says whether it matched.
  const segment = fc.constantFrom('a', 'A', 'b', 'ß', 'SS', 'k', 'K', ':p', '(.*)')
  const from = fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join('/') + '.md')
  const page = fc.array(fc.constantFrom('a', 'A', 'b', 'ß', 'ss', 'K', 'x/y'), { minLength: 1, maxLength: 3 }).map((s) => s.join('/') + '.md')

  test('literal rules and rules with parameters, in any order', () => {
    fc.assert(
      fc.property(fc.array(from, { maxLength: 8 }), fc.array(page, { minLength: 1, maxLength: 8 }), (froms, pages) => {
        const rules = froms.map((f, i): [string, string] => [f, `T${i}/${f.includes(':p') ? ':p/' : ''}${f.includes('(.*)') ? '(.*)' : 'x'}`])
        const all = readRewrites(rules)
        for (const p of pages) {
          const alone = rules.map((r) => readRewrites([r]).apply(p)).find((r) => r !== p) ?? p
          expect(all.apply(p)).toBe(alone)
        }
      }),
      { numRuns: 500 },
    )
  })
})
