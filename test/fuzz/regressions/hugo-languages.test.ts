import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { tempSites } from '../../importers/markdown/_tmpsite.js'
import { growthAsync } from './_growth.js'

// A Hugo configuration's languages come from the site: each language's own settings were found by searching every
// language key, once per language and per menu, so the import grew with the square of their number (3,200 languages:
// 2.1 s; noticed by the session 6 hunt). Eight times the languages may take at most 32 times as long (64 when
// quadratic).

const site = tempSites('hugo-languages-')
const hugoSite = (n: number) => ({
  'hugo.json': JSON.stringify({
    baseURL: 'https://s.example/',
    title: 'S',
    defaultContentLanguage: 'l0',
    languages: Object.fromEntries(Array.from({ length: n }, (_, i) => [`L${i}`, { languageName: `Language ${i}`, weight: i, ...(i % 3 === 1 ? { disabled: true } : {}) }])),
  }),
  'content/a.md': '---\ntitle: A\n---\nA\n',
  'content/a.l1.md': '---\ntitle: A in L1\n---\nA\n',
})
let made = 0
const importLanguages = async (n: number) => importMarkdown(await site(`s${made++}`, hugoSite(n)), { generatedAt: '2026-11-01T00:00:00Z' })

describe('a Hugo site of many languages takes time linear in their number', () => {
  test('growth', async () => {
    expect(await growthAsync((n) => importLanguages(n), 400)).toBeLessThan(32)
  }, 120_000)

  test('each language is still found in any case, and a disabled one is not published', async () => {
    const result = await importLanguages(4)
    // Language keys are matched in any case (L1 is the language of a.l1.md), and L1 is disabled.
    expect([...(result.payload?.content.posts ?? []), ...(result.payload?.content.pages ?? [])].map((d) => d.title)).toEqual(['A'])
    expect(result.report.skipped_by_reason).toEqual({ 'disabled-language': 1 })
  })
})
