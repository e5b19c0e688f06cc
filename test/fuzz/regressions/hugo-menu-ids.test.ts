import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { tempSites } from '../../importers/markdown/_tmpsite.js'
import { growthAsync } from './_growth.js'

// A Hugo configuration's menus come from the site: many menu ids that are one menu (the same id in other cases, as
// Hugo reads keys in lower case, or ids that differ only where the contract's pattern allows no character) must take
// time linear in their number; each merge copied the entries gathered so far (32,000 took 7 s; found by the session 6
// hunt on the new Hugo menu code). Eight times the input may take at most 32 times as long (64 when quadratic).

const site = tempSites('hugo-menu-ids-')
const PUNCTUATION = '.!@#$%^&*()+=~'
/** `main` in n spellings of its case (`main`, `Main`, `mAin`, …, over a longer name past 16). */
const cases = (n: number) => Array.from({ length: n }, (_, i) => [...'menuidspelledinmanycases'].map((c, j) => ((i >> j) & 1 ? c.toUpperCase() : c)).join(''))
/** n ids that differ only in punctuation (`a.b`, `a!b`, …), each `a-b` in the payload. */
const punctuated = (n: number) => Array.from({ length: n }, (_, i) => `a${[...i.toString(PUNCTUATION.length).padStart(5, '0')].map((d) => PUNCTUATION[parseInt(d, PUNCTUATION.length)]).join('')}b`)
const hugoSite = (ids: string[]) => ({
  'hugo.json': JSON.stringify({ baseURL: 'https://s.example/', title: 'S', menus: Object.fromEntries(ids.map((id, i) => [id, [{ name: `e${i}`, url: `https://x.example/e${i}` }]])) }),
  'content/a.md': '---\ntitle: A\n---\nA\n',
})
let made = 0
const importIds = async (ids: string[]) => importMarkdown(await site(`s${made++}`, hugoSite(ids)), { generatedAt: '2026-11-01T00:00:00Z' })

describe('menu ids that are one menu take time linear in their number', () => {
  test.each([
    ['one id in many cases', cases],
    ['ids that differ only in punctuation', punctuated],
  ] as const)('%s', async (_name, ids) => {
    expect(await growthAsync((n) => importIds(ids(n)), 4000)).toBeLessThan(32)
  }, 120_000)

  test.each([
    ['one id in many cases', cases(300), 'menuidspelledinmanycases'],
    ['ids that differ only in punctuation', punctuated(300), 'a-b'],
  ] as const)('%s: one menu of every entry', async (_name, ids, id) => {
    const result = await importIds(ids)
    expect(Object.keys(result.payload?.menus ?? {})).toEqual([id])
    expect(result.payload?.menus?.[id].items.map((i) => i.title)).toHaveLength(300)
  })
})
