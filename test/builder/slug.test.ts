import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { checkSlugSegment, LIMITS, slugFor, slugWithSuffix, validatePreviewData } from '../../src/index.js'
import { post, start } from './_helpers.js'

const codePoints = (s: string) => Array.from(s).length

describe('slugFor keeps Unicode letters', () => {
  const cases = [
    { name: 'Korean', title: '서울 여행기', slug: '서울-여행기' },
    { name: 'Persian', title: 'سفر به تهران', slug: 'سفر-به-تهران' },
    { name: 'Chinese', title: '北京旅行', slug: '北京旅行' },
    { name: 'Japanese with full-width punctuation', title: '東京、春。', slug: '東京-春' },
    { name: 'accented Latin, lower-cased, not transliterated', title: 'Crème Brûlée à Paris', slug: 'crème-brûlée-à-paris' },
    { name: 'decomposed input comes out NFC', title: 'Cafe\u0301 Society', slug: 'café-society' },
    { name: 'Devanagari keeps its combining marks', title: 'नमस्ते दुनिया', slug: 'नमस्ते-दुनिया' },
    { name: 'punctuation runs become one dash', title: 'Hello, World!  (Again)', slug: 'hello-world-again' },
    { name: 'symbols with a name become words', title: 'Salt & Pepper', slug: 'salt-and-pepper' },
    { name: 'internal periods between letters are kept', title: 'Node v20.0.0', slug: 'node-v20.0.0' },
    { name: 'Turkish dotted capital I is lower-cased without the machine locale', title: 'İstanbul', slug: 'i̇stanbul' },
  ]
  test.each(cases)('$name', ({ title, slug }) => {
    expect(slugFor(title)).toBe(slug)
    expect(checkSlugSegment(slug)).toBeNull()
    expect(start().post(post(title)).build().content.posts[0].slug).toBe(slug)
  })

  test('an emoji-only title derives nothing; the post falls back to a valid, stable slug', () => {
    expect(slugFor('🎉🎊')).toBe('')
    expect(slugFor('\u0301\u{1CF00}')).toBe('')
    const make = () => start().post(post('🎉🎊')).build().content.posts[0].slug
    const slug = make()
    expect(slug).toMatch(/^post-[0-9a-f]{8}$/)
    expect(make()).toBe(slug)
    expect(start().page({ title: '🎉🎊' }).build().content.pages[0].slug).toMatch(/^page-[0-9a-f]{8}$/)
    expect(start().category({ name: '🎉' }).build().content.categories[0].slug).toMatch(/^category-[0-9a-f]{8}$/)
  })

  test('two different emoji-only titles get different fallbacks', () => {
    const slugs = start().post(post('🎉')).post(post('🎊')).build().content.posts.map((p) => p.slug)
    expect(new Set(slugs).size).toBe(2)
  })

  const long = [
    { name: '300 Latin letters', title: 'a'.repeat(300) },
    { name: '300 Korean syllables in words', title: '가나다라 '.repeat(60) },
    { name: '300 astral letters', title: '𝒜'.repeat(300) },
    { name: 'cut lands on a separator', title: `${'a'.repeat(199)} ${'b'.repeat(100)}` },
  ]
  test.each(long)('a long title ($name) fits 200 code points, and so does its collision suffix', ({ title }) => {
    const slug = slugFor(title)
    expect(codePoints(slug)).toBeLessThanOrEqual(LIMITS.slugCodePoints)
    expect(checkSlugSegment(slug)).toBeNull()
    const payload = start().post(post(title, '2024-01-01')).post(post(title, '2024-01-02')).post(post(title, '2024-01-03')).build()
    expect(validatePreviewData(payload).ok).toBe(true)
    const slugs = payload.content.posts.map((p) => p.slug).reverse()
    expect(slugs[0]).toBe(slug)
    expect(slugs[1].endsWith('-2')).toBe(true)
    expect(slugs[2].endsWith('-3')).toBe(true)
    for (const s of slugs) {
      expect(codePoints(s)).toBeLessThanOrEqual(LIMITS.slugCodePoints)
      expect(checkSlugSegment(s)).toBeNull()
    }
  })

  test('slugWithSuffix shortens the base so the result fits', () => {
    expect(slugWithSuffix('hello', 2)).toBe('hello-2')
    expect(codePoints(slugWithSuffix('한'.repeat(200), 12))).toBe(200)
    expect(slugWithSuffix('한'.repeat(200), 12).endsWith('한-12')).toBe(true)
  })

  test('property: any title derives "" or a valid slug of at most 200 code points', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (title) => {
        const slug = slugFor(title)
        if (slug !== '') {
          expect(checkSlugSegment(slug)).toBeNull()
          expect(slug).toBe(slug.normalize('NFC'))
        }
      }),
      { seed: 20260501, numRuns: 500 },
    )
  })
})

describe('derived slug collisions', () => {
  test('identical titles: the oldest keeps the slug, the others get -2, -3 by publication', () => {
    const posts = start().post(post('Lisbon', '2024-03-01')).post(post('Lisbon', '2024-01-01')).post(post('Lisbon', '2024-02-01')).build().content.posts
    expect(posts.map((p) => [p.published_at_iso.slice(0, 10), p.slug])).toEqual([
      ['2024-03-01', 'lisbon-3'],
      ['2024-02-01', 'lisbon-2'],
      ['2024-01-01', 'lisbon'],
    ])
  })

  test('a title that derives "lisbon-2" keeps it; the suffixes of "Lisbon" go around it', () => {
    const posts = start().post(post('Lisbon', '2024-01-01')).post(post('Lisbon', '2024-01-02')).post(post('Lisbon 2', '2024-01-03')).build().content.posts
    expect(Object.fromEntries(posts.map((p) => [`${p.title}@${p.published_at_iso.slice(0, 10)}`, p.slug]))).toEqual({
      'Lisbon@2024-01-01': 'lisbon',
      'Lisbon@2024-01-02': 'lisbon-3',
      'Lisbon 2@2024-01-03': 'lisbon-2',
    })
  })

  test('an explicit slug is never taken by a derived one', () => {
    const posts = start().post(post('Lisbon', '2024-01-01')).post(post('Other', '2024-01-02', { slug: 'lisbon' })).post(post('Another', '2024-01-03', { slug: 'lisbon-2' })).build().content.posts
    expect(posts.find((p) => p.title === 'Lisbon')?.slug).toBe('lisbon-3')
  })

  test('titles that differ only by case or NFC form collide, and are told apart by publication time', () => {
    const posts = start().post(post('CAFÉ', '2024-01-02')).post(post('cafe\u0301', '2024-01-01')).build().content.posts
    expect(posts.map((p) => [p.title, p.slug])).toEqual([['CAFÉ', 'café-2'], ['cafe\u0301', 'café']])
  })

  test('pages whose derived paths collide get suffixes like posts', () => {
    const pages = start().page({ title: 'About', content: 'b' }).page({ title: 'About', content: 'a' }).page({ title: 'About 2' }).build().content.pages
    expect(pages.map((p) => [p.title, p.content, p.slug])).toEqual([
      ['About', 'a', 'about'],
      ['About 2', '', 'about-2'],
      ['About', 'b', 'about-3'],
    ])
  })
})
