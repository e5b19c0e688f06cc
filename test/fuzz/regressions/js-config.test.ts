import { describe, expect, test } from 'vitest'
import { entriesWithSpreads, objectsAfter, objectsOf, resolvedValue } from '../../../importers/markdown/presets/_jstext.js'
import { readLocales, readSidebars } from '../../../importers/markdown/presets/vuepress.js'
import { growth } from './_growth.js'

// A generator's JavaScript configuration (docusaurus.config.js, .vitepress/config.ts, astro.config.mjs…) is read as
// text, never run; it comes with the site, from anyone. Reading it must take time linear in its length whatever it
// repeats or nests: found by s7-hunt, a 316 KB docusaurus.config.js of nested `navbar: {` took 21 s to import.
// Eight times the input may take at most 32 times as long (64 when quadratic; about 8 when linear).

const ROWS: Array<[string, (n: number) => unknown, number]> = [
  ['a key whose object holds the same key, n deep', (n) => objectsOf('navbar: {'.repeat(n) + '}'.repeat(n), 'navbar'), 1_000],
  ['a plugin named n times, each with its options, in a text with no array closed', (n) => objectsAfter("'@docusaurus/plugin-content-docs' {}, ".repeat(n), "'@docusaurus/plugin-content-docs'"), 20_000],
  ['a name declared again and again on one line, never given a value', (n) => resolvedValue('const nav '.repeat(n), 'nav'), 1_000],
  ['a function named again and again, its parameter list never closed', (n) => resolvedValue('function nav('.repeat(n), 'nav'), 1_000],
  ['a function named again and again, never given a body', (n) => resolvedValue('function nav()'.repeat(n), 'nav'), 1_000],
  ['VuePress: a sidebar of n entries, each held by a name nothing defines', (n) => readSidebars(`export default { sidebar: { ${Array.from({ length: n }, (_, i) => `'/p${i}/': ${' '.repeat(100)}v${i}`).join(', ')} } }`), 500],
  ['an object spreading n times a name whose object spreads itself n times', (n) => entriesWithSpreads('...a, '.repeat(n), `const a = { ${'...a, '.repeat(n)}x: 1 }`), 2_000],
  ['an object of n shorthand properties and spreads of names nothing defines', (n) => entriesWithSpreads('a, ...b, '.repeat(n), ''), 2_000],
  ['VuePress: a sidebar named n times by shorthand, never defined', (n) => readSidebars(`export default { ${'{ sidebar }, '.repeat(n)} }`), 1_000],
  // s10-review2: 10,000 locales naming one 220 KB object took 194 s, each locale reading the whole object again.
  ['VitePress: n locales each naming one object of n keys', (n) => readLocales(`{ ${Array.from({ length: n }, (_, i) => `a${i}: big`).join(', ')} }`, 'vitepress', `const big = { lang: 'en', ${Array.from({ length: n }, (_, i) => `k${i}: ${i}`).join(', ')} }`), 500],
  ['VitePress: n locales each spreading one object of n keys into its own', (n) => readLocales(`{ ${Array.from({ length: n }, (_, i) => `a${i}: { label: 'A${i}', ...big }`).join(', ')} }`, 'vitepress', `const big = { lang: 'en', ${Array.from({ length: n }, (_, i) => `k${i}: ${i}`).join(', ')} }`), 500],
  ['VitePress: n locales each naming an object defined inside the one before', (n) => readLocales(`{ ${Array.from({ length: n }, (_, i) => `a${i}: b${i}`).join(', ')} }`, 'vitepress', Array.from({ length: n }, (_, i) => `const b${i} = { lang: 'l${i}', f() { `).join('') + '} }'.repeat(n)), 500],
]

describe('reading a JavaScript configuration takes time linear in its length', () => {
  test.each(ROWS)('%s', (_name, run, n) => {
    expect(growth(run, n)).toBeLessThan(32)
  })
})

describe('what is read stays the same', () => {
  test('locales naming objects read them; those after 100 objects named elsewhere are left out, all counted', () => {
    const text = "const en = { lang: 'en-US', title: 'Docs' }\nconst fr = { lang: 'fr', title: 'Documents' }"
    expect(readLocales('{ root: en, fr, de: { ...en, lang: "de" } }', 'vitepress', text)).toEqual({
      locales: [{ prefix: '/', lang: 'en-US', title: 'Docs' }, { prefix: '/fr/', lang: 'fr', title: 'Documents' }, { prefix: '/de/', lang: 'de', title: 'Docs' }],
      total: 3,
    })
    const count = (r: ReturnType<typeof readLocales>) => [r.locales.length, r.total]
    expect(count(readLocales(`{ ${Array.from({ length: 150 }, (_, i) => `l${i}: en`).join(', ')} }`, 'vitepress', text))).toEqual([150, 150])
    expect(count(readLocales(`{ ${Array.from({ length: 150 }, (_, i) => `l${i}: { lang: 'x${i}' }`).join(', ')} }`, 'vitepress', text))).toEqual([150, 150])
    const named = Array.from({ length: 150 }, (_, i) => `const n${i} = { lang: 'x${i}' }`).join('\n')
    expect(count(readLocales(`{ ${Array.from({ length: 150 }, (_, i) => `l${i}: n${i}`).join(', ')} }`, 'vitepress', named))).toEqual([100, 150])
  })

  test('a name holds the array or object of its first definition', () => {
    const text = "const other = 1\nconst nav: Nav[] = ['a']\nconst nav = ['b']\nfunction side(locale: string): Item[] {\n  return [{ text: 'x' }]\n}\nconst wrapped = defineNav({ a: 1 })"
    expect(resolvedValue(text, 'nav')).toBe("['a']")
    expect(resolvedValue(text, 'side()')).toBe("[{ text: 'x' }]")
    expect(resolvedValue(text, 'wrapped')).toBe('{ a: 1 }')
    expect(resolvedValue(text, 'other')).toBeUndefined()
    expect(resolvedValue(text, 'missing')).toBeUndefined()
  })

  test("the options after a plugin's name, each time it is named, until an array closes first", () => {
    expect(objectsAfter("['p', { a: 1 }], ['p', { b: 2 }], ['p'], { c: 3 }", "'p'")).toEqual([' a: 1 ', ' b: 2 '])
  })

  test('objects of a key in text order; one nested in another is part of it', () => {
    expect(objectsOf("a: { docs: { path: 'x', docs: { y: 1 } } }, docs: { z: 2 }", 'docs')).toEqual([" path: 'x', docs: { y: 1 } ", ' z: 2 '])
  })
})
