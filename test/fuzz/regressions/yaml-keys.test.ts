import { parseDocument } from 'yaml'
import { describe, expect, test } from 'vitest'
import { Diagnostics } from '../../../importers/markdown/diagnostics.js'
import { parseFrontMatter } from '../../../importers/markdown/front-matter.js'
import { parseYaml } from '../../../importers/markdown/yaml.js'
import { growth } from './_growth.js'

// The `yaml` library checks each key of a map against every key before it, so a front matter or data file of n keys
// took the square of n: the s10 hunt's slow fuzz case (FUZZ_SEED=20261126 case 12, a hugo-site-params page whose
// front matter held 20,000 lines of a shortcode, each read as a key) took 5.8 s on a quiet machine. Keys are now
// checked against a set. Eight times the keys may take at most 32 times as long (64 when quadratic).

const parse = (text: string) => parseFrontMatter(text, 'a.md', new Diagnostics())

describe('YAML with many keys parses in time linear in its keys', () => {
  test.each([
    ['a front matter of distinct keys', (n: number) => `---\n${Array.from({ length: n }, (_, i) => `k${i}: 1`).join('\n')}\n---\nbody`, 4_000],
    ['a flow map of distinct keys', (n: number) => `---\nx: {${Array.from({ length: n }, (_, i) => `k${i}: 1`).join(', ')}}\n---\nbody`, 4_000],
  ] as const)('%s', (_name, text, n) => {
    expect(growth((size) => parse(text(size)), n)).toBeLessThan(32)
  })
})

// What the library's own check reported, the set reports: the same errors, at the same places, in the same order.
const SAMPLES = [
  'title: One\ntitle: Two\n',
  '&a k: 1\n&b k: 2\n',
  '!!str k: 1\nk: 2\n',
  '? k\n: 1\n? k\n: 2\n',
  ': a\n: b\n',
  'a: {x: 1, x: 2}\n',
  'a: {x: 1, "x": 2, y}\n',
  '1: a\n1.0: b\n0x1: c\n',
  'k: 1\n? [a]\n: 1\n? [a]\n: 2\n',
  'k:\n  a: 1\n  a: 2\n  b: [ {c: 1, c: 2} ]\n',
  '.nan: 1\n.nan: 2\n',
  'a: &x 1\nb: *x\nb: 2\n',
  '"k": 1\n\'k\': 2\n',
  'x: [a: 1, a: 2]\n',
  '{a: 1, a: 2, ? a}\n',
  'a: 1\nb\na: 2\n',
  '<<: {a: 1}\n<<: {b: 1}\n',
  'k: 1\n# c\nk: 2\nl: [\n',
  'null: 1\n~: 2\n',
  'true: 1\nTrue: 2\n',
  '0: a\n-0: b\n',
  '? {a: 1, a: 2}\n: x\n',
]

test.each(SAMPLES)('the errors of %j are the ones the library reported', (text) => {
  const own = parseDocument(text, { schema: 'core', prettyErrors: false, logLevel: 'error' })
  const errors = (doc: { errors: Array<{ code: string; pos: [number, number]; message: string }> }) => doc.errors.map((e) => `${e.code} ${e.pos[0]} ${e.message}`)
  expect(errors(parseYaml(text))).toEqual(errors(own))
  expect(parseYaml(text).toJS()).toEqual(own.toJS())
})

test('a front matter with a key written twice is still refused, at the second one', () => {
  const diagnostics = new Diagnostics()
  expect(parseFrontMatter('---\ntitle: One\ndate: 2024-01-01\ntitle: Two\n---\nbody', 'a.md', diagnostics)).toBeNull()
  expect(diagnostics.sorted().map((d) => `${d.line} ${d.code} ${d.message}`)).toEqual(['4 front_matter_syntax YAML syntax error at line 4, column 1: Map keys must be unique. Fix the YAML (quote values that contain \': \' or start with a special character).'])
})

// A front matter of many syntax errors (the same fuzz seed's case 106: '{% if a %}' 42,000 times inside a front
// matter) spent most of its time capturing each error's stack, which nobody reads: errors are made without one, and
// the limit is put back after.
test('YAML syntax errors are made without a stack, and the stack limit is restored', () => {
  const before = Error.stackTraceLimit
  const doc = parseYaml(`title: x\n${'{% if a %}\n'.repeat(100)}`)
  expect(doc.errors.length).toBeGreaterThan(100)
  expect(doc.errors.every((e) => !/\n\s+at /.test(e.stack ?? ''))).toBe(true)
  expect(Error.stackTraceLimit).toBe(before)
})
