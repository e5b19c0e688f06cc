import { describe, expect, test } from 'vitest'
import { objectsOf } from '../../../importers/markdown/presets/_jstext.js'
import { growth } from './_growth.js'

// A generator's JavaScript configuration (docusaurus.config.js, .vitepress/config.ts, astro.config.mjs…) is read as
// text, never run; it comes with the site, from anyone. Reading it must take time linear in its length whatever it
// repeats or nests: found by s7-hunt, a 316 KB docusaurus.config.js of nested `navbar: {` took 21 s to import.
// Eight times the input may take at most 32 times as long (64 when quadratic; about 8 when linear).

const ROWS: Array<[string, (n: number) => unknown, number]> = [
  ['a key whose object holds the same key, n deep', (n) => objectsOf('navbar: {'.repeat(n) + '}'.repeat(n), 'navbar'), 1_000],
]

describe('reading a JavaScript configuration takes time linear in its length', () => {
  test.each(ROWS)('%s', (_name, run, n) => {
    expect(growth(run, n)).toBeLessThan(32)
  })
})

describe('what is read stays the same', () => {
  test('objects of a key in text order; one nested in another is part of it', () => {
    expect(objectsOf("a: { docs: { path: 'x', docs: { y: 1 } } }, docs: { z: 2 }", 'docs')).toEqual([" path: 'x', docs: { y: 1 } ", ' z: 2 '])
  })
})
