import { describe, expect, test } from 'vitest'
import { navbarItems } from '../../../importers/markdown/presets/_navbar.js'
import { growth } from './_growth.js'

// A navbar item's `prefix` (VuePress 2) or `base` (VitePress), which its children's relative links are written from,
// had its trailing slashes replaced with /\/*$/, which read the rest of a run of slashes from each one: a prefix of
// 100,000 slashes and a letter took 7.8 s (found by the s10 hunt's sweep of the presets' expressions). Eight times the
// prefix may take at most 32 times as long (64 when quadratic).

const keys = { title: ['text'], url: ['link'], children: ['children'], prefix: ['prefix'] }
const navbar = (prefix: string) => `[{ text: 'a', prefix: '${prefix}', children: [{ text: 'b', link: 'c' }, { text: 'd', link: './e' }] }]`

describe('a navbar prefix with a long run of slashes is read in time linear in it', () => {
  test('slashes, then a letter', () => {
    expect(growth((n) => navbarItems(navbar(`${'/'.repeat(n)}x`), keys, 0, '/'), 8_000)).toBeLessThan(32)
  })
})

test.each([
  ['/guide', '/guide/c'],
  ['/guide/', '/guide/c'],
  ['/guide///', '/guide/c'],
  ['/', '/c'],
])('children of prefix %j are written from it: %j', (prefix, first) => {
  const items = navbarItems(navbar(prefix), keys, 0, '/')
  expect(items[0].children?.map((c) => c.url)).toEqual([first, first.replace(/c$/, 'e')])
})
