import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { mergedValues } from '../../../importers/markdown/presets/_merge.js'
import { cascadeFor, toCascade } from '../../../importers/markdown/presets/hugo.js'
import { defaultsFor, readDefaults } from '../../../importers/markdown/presets/jekyll.js'
import { growth } from './_growth.js'

// The values cascaded onto a Hugo page and a Jekyll file's `defaults` (found by the s11 hostile-input hunt): each
// entry's values were spread onto a copy of all those before it, so a hugo.toml of 4,000 `[[cascade]]` entries of one
// key each took 18 s to import a site of ten pages (1,000: 0.8 s), and a _config.yml of 4,000 defaults 34 s (15 s of
// CPU). Eight times the entries may take at most 32 times as long (about 8 when linear).

const noWarning = () => {
  throw new Error('no warning expected')
}
const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ c: toCascade({ [`k${i}`]: i, shared: i }, noWarning) }))

describe('defaults take time linear in the entries', () => {
  test('many one-key Hugo cascade entries', () => {
    expect(growth((n) => cascadeFor(entries(n), 'page', ['/p.md', '/p']), 1_000)).toBeLessThan(32)
  })
  test('many one-key Jekyll defaults', () => {
    const sets = (n: number) => readDefaults(Array.from({ length: n }, (_, i) => ({ scope: { path: '' }, values: { [`k${i}`]: i } })), noWarning)
    expect(growth((n) => defaultsFor(sets(n), '_posts/p.md', 'posts'), 1_000)).toBeLessThan(32)
  })
})

// What cascadeFor and defaultsFor were before: nearer entries spread over farther ones.
const bySpread = (chain: Array<Record<string, unknown>>) => chain.reduce<Record<string, unknown>>((out, values) => ({ ...out, ...values }), {})

test('the same values, in the same order, as spreading each entry over the ones before', () => {
  const key = fc.constantFrom('a', 'b', 'title', '2', '10', '__proto__', 'constructor', 'draft')
  const values = fc.dictionary(key, fc.integer({ min: 0, max: 9 }), { maxKeys: 4 })
  fc.assert(
    fc.property(fc.array(values, { maxLength: 6 }), (list) => {
      // JSON.parse makes `__proto__` an own key, as the YAML, TOML and JSON readers do.
      const chain = list.map((v) => JSON.parse(JSON.stringify(v)) as Record<string, unknown>)
      const want = bySpread(chain)
      for (const got of [mergedValues(chain), cascadeFor(chain.map((v) => ({ c: toCascade(v, noWarning) })), 'page', ['/p.md'])]) {
        expect(Object.getPrototypeOf(got)).toBe(Object.prototype)
        expect(Object.entries(got)).toEqual(Object.entries(want))
      }
    }),
    { numRuns: 2000 },
  )
})

test.each([
  // _target.kind, the page's kind, whether the entry reaches it
  ['page', 'page', true],
  ['{page,section}', 'section', true],
  ['page, home', 'home', true],
  ['section', 'page', false],
  ['', 'page', true],
])('_target.kind %j reaches a %s: %s', (kind, pageKind, reaches) => {
  const c = toCascade({ _target: { kind }, draft: true }, noWarning)
  expect(cascadeFor([{ c }], pageKind, ['/p.md'])).toEqual(reaches ? { draft: true } : {})
})
