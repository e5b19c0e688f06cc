import { describe, expect, test } from 'vitest'
import { numericDate } from '../../../importers/markdown/presets/_nextra-blog.js'
import { importedSite as imported, tempSites } from './_tmpsite.js'

// YAML reads `date: 2021` and `date: 1609459200000` as numbers, and nextra-theme-blog (1.x, 2.x: meta.tsx,
// posts-layout.tsx, utils/sort-date) passes the value to `new Date(date)`, which takes a number as milliseconds since
// 1970: `2021` showed as Thu Jan 01 1970, `1609459200000` as Fri Jan 01 2021, and 0 as no date at all. The import
// read the number's text instead: `2021` as the year 2021, an epoch number as no date (the post became a page).

const site = tempSites('md-nextra-dates-')
const BLOG = { 'package.json': JSON.stringify({ dependencies: { next: '^13.0.0', nextra: '^2.0.0', 'nextra-theme-blog': '^2.0.0' } }), 'pages/posts/index.md': '---\ntype: posts\ntitle: Posts\n---\n# Posts\n' }
const DOCS = { 'package.json': JSON.stringify({ dependencies: { next: '^13.0.0', nextra: '^2.0.0', 'nextra-theme-docs': '^2.0.0' } }) }

describe('a numeric date in a Nextra blog', () => {
  test.each<['blog' | 'docs', string, 'post' | 'page', string | undefined, boolean]>([
    // theme, date as written, kind, published_at_iso, whether it is said
    ['blog', '2021', 'post', '1970-01-01T00:00:02.021Z', true],
    ['blog', '1609459200000', 'post', '2021-01-01T00:00:00Z', false],
    ['blog', '1609459200', 'post', '1970-01-19T15:04:19.200Z', true],
    ['blog', '0', 'page', undefined, false],
    ['blog', '1e300', 'page', undefined, true],
    ['blog', '2021-03-19', 'post', '2021-03-19T00:00:00Z', false],
    ['blog', '2021/3/19', 'post', '2021-03-19T00:00:00Z', false],
    // Only nextra-theme-blog reads the number so: elsewhere it stays as the importer reads dates.
    ['docs', '2021', 'post', '2021-01-01T00:00:00Z', false],
  ])('%s theme, date: %s', async (theme, date, kind, iso, said) => {
    const root = await site(`${theme}-${date.replace(/\W/g, '_')}`, { ...(theme === 'blog' ? BLOG : DOCS), 'pages/posts/p.md': `---\ntitle: P\nauthor: A\ndate: ${date}\n---\nText.\n` })
    const got = await imported(root)
    expect(got.kinds['pages/posts/p.md']).toBe(kind)
    const doc = [...got.payload.content.posts, ...got.payload.content.pages].find((d) => d.title === 'P')
    expect(doc && 'published_at_iso' in doc ? doc.published_at_iso : undefined).toBe(iso)
    expect(got.result.diagnostics.some((d) => d.file === 'pages/posts/p.md' && d.code === 'invalid_date')).toBe(said)
  })

  test('the navigation orders a numeric date as the theme does (newest first)', async () => {
    const root = await site('nav', {
      ...BLOG,
      'pages/a.md': '---\ntype: page\ntitle: Oldest\ndate: 2019-01-01\n---\nA.\n',
      'pages/b.md': '---\ntype: page\ntitle: Newest\ndate: 1609459200000\n---\nB.\n',
      'pages/c.md': '---\ntype: page\ntitle: Middle\ndate: 2020-01-01\n---\nC.\n',
    })
    // (The undated list page goes wherever the theme's comparator leaves it. As undated, the numeric one came
    // between the others: Middle, Newest, Oldest.)
    expect(((await imported(root)).payload.menus?.primary?.items ?? []).map((i) => i.title).filter((t) => t !== 'Posts')).toEqual(['Newest', 'Middle', 'Oldest'])
  })

  test.each<[number, string | undefined]>([
    [2021, '1970-01-01T00:00:02.021Z'],
    [-1, '1969-12-31T23:59:59.999Z'],
    [0, undefined],
    [8.64e15 + 1, undefined],
    [Number.NaN, undefined],
  ])('numericDate(%s) is %s', (value, want) => {
    expect(numericDate(value)).toBe(want)
  })
})
