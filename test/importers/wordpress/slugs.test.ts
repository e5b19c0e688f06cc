import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { checkSlugSegment, codePointLength } from 'preview-data-sdk'
import { decodeWpSlug, repairSlug, slugFromTitle, SlugRegistry, withSuffix } from '../../../importers/wordpress/slugs.js'

describe('slugs', () => {
  test.each([
    ['%d8%a2%d8%b1%da%86', 'آرچ'],
    ['%E4%B8%AD%E6%96%87', '中文'],
    ['%ce%bf%ce%bc%ce%ac%ce%b4%ce%b1', 'ομάδα'],
    ['cafe%CC%81', 'café'],
    ['ok%zz%41', 'ok%zzA'],
    ['plain', 'plain'],
  ])('decodeWpSlug(%j)', (raw, decoded) => {
    expect(decodeWpSlug(raw)).toBe(decoded)
  })

  test.each([
    ['hello-world', 'hello-world'],
    ['v2.0.1', 'v2.0.1'],
    ['..a%zz b..', 'a-zz-b'],
    ['a..b', 'a.b'],
    ['hello world!', 'hello-world'],
    ['___', ''],
    ['-.-', ''],
    ['x'.repeat(250), 'x'.repeat(200)],
  ])('repairSlug(%j)', (input, output) => {
    expect(repairSlug(input)).toBe(output)
  })

  // sanitize_title takes the accents off Latin letters (remove_accents) and keeps other scripts' letters.
  test('titles give the slugs sanitize_title gives, letters of other scripts kept', () => {
    expect(slugFromTitle('No slug: Ünïcode Title, with <b>punctuation</b>!')).toBe('no-slug-unicode-title-with-punctuation')
    expect(slugFromTitle("Don't panic: it\u2019s Q&A")).toBe('dont-panic-its-qa')
    expect(slugFromTitle('سلام دنیا')).toBe('سلام-دنیا')
    expect(slugFromTitle('🎉')).toBe('')
  })

  test('collision suffixes stay within 200 code points', () => {
    const long = '字'.repeat(200)
    expect(codePointLength(withSuffix(long, 12))).toBe(200)
    expect(withSuffix(long, 12).endsWith('-12')).toBe(true)
    const reg = new SlugRegistry()
    expect([reg.claim('a'), reg.claim('a'), reg.claim('a-2'), reg.claim('a')]).toEqual(['a', 'a-2', 'a-2-2', 'a-3'])
  })

  test('repairSlug always yields a valid slug or nothing, and keeps valid slugs unchanged', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 260, unit: 'grapheme' }), (s) => {
        const r = repairSlug(s)
        if (r !== '') {
          expect(checkSlugSegment(r)).toBeNull()
          expect(repairSlug(r)).toBe(r)
        }
      }),
    )
  })

  test('suffixed slugs are valid and unique', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'a-2', 'ب'.repeat(199)), { maxLength: 30 }), (slugs) => {
        const reg = new SlugRegistry()
        const out = slugs.map((s) => reg.claim(s))
        expect(new Set(out).size).toBe(out.length)
        for (const o of out) expect(checkSlugSegment(o)).toBeNull()
      }),
    )
  })
})
