import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { checkLocale } from '../../../src/validate/primitives/index.js'

// Canonical forms come from the running Node's ICU/CLDR; these rows are stable across Node 20+ releases.
describe('checkLocale accepts', () => {
  test.each(['en', 'en-US', 'pt-BR', 'zh-Hant-TW', 'sr-Latn', 'es-419', 'fil', 'he', 'und', 'de-DE-u-co-phonebk', 'ja-JP-u-ca-japanese', 'en-US-x-twain'])(
    '%s',
    (value) => {
      expect(checkLocale(value)).toBeNull()
    },
  )
})

describe('checkLocale rejects', () => {
  test.each([
    { value: '', reason: 'is empty' },
    { value: 'en-us', reason: 'is not canonical; use "en-US"' },
    { value: 'EN', reason: 'is not canonical; use "en"' },
    { value: 'EN-us', reason: 'is not canonical; use "en-US"' },
    { value: 'zh-hant-tw', reason: 'is not canonical; use "zh-Hant-TW"' },
    { value: 'iw', reason: 'is not canonical; use "he"' },
    { value: 'in', reason: 'is not canonical; use "id"' },
    { value: 'mo', reason: 'is not canonical; use "ro"' },
    { value: 'art-lojban', reason: 'is not canonical; use "jbo"' },
    { value: 'en_US', reason: 'separates subtags with "_"; BCP 47 uses "-" (use "en-US")' },
    { value: 'en_', reason: 'separates subtags with "_"' },
    { value: 'en--US', reason: 'is not a well-formed BCP 47 language tag' },
    { value: 'en-', reason: 'is not a well-formed BCP 47 language tag' },
    { value: ' en', reason: 'is not a well-formed BCP 47 language tag' },
    { value: 'e', reason: 'is not a well-formed BCP 47 language tag' },
    { value: 'en-US-', reason: 'is not a well-formed BCP 47 language tag' },
    // BCP 47 extlang forms are well-formed; their canonical form drops the primary language (RFC 5646 section 4.5).
    { value: 'zh-cmn', reason: 'uses the extended language subtag "cmn", which is not canonical; use "zh"' },
    { value: 'zh-yue-HK', reason: 'uses the extended language subtag "yue", which is not canonical; use "yue-HK"' },
    { value: 'sgn-ase', reason: 'uses the extended language subtag "ase", which is not canonical; use "ase"' },
    { value: 'x-private', reason: 'is not a well-formed BCP 47 language tag' },
    { value: 'i-klingon', reason: 'is not a well-formed BCP 47 language tag' },
    { value: 'en-US\u0000', reason: 'is not a well-formed BCP 47 language tag' },
    { value: 'en\ud800', reason: 'is not a well-formed BCP 47 language tag' },
  ])('$value: $reason', ({ value, reason }) => {
    expect(checkLocale(value)).toContain(reason)
  })

  // Intl checks syntax and CLDR aliases, not the IANA subtag registry; registry validity is out of reach without
  // bundling the registry, and the contract asks for a canonical string, which these are.
  test.each(['english', 'qaa', 'en-ZZ'])('accepts the well-formed but unregistered %s', (value) => {
    expect(checkLocale(value)).toBeNull()
  })

  test('answers the same on a repeated (cached) call', () => {
    expect(checkLocale('en-us')).toBe(checkLocale('en-us'))
    expect(checkLocale('en-US')).toBeNull()
  })
})

describe('checkLocale properties', () => {
  const tagish = fc.oneof(
    fc.array(fc.constantFrom('en', 'US', 'us', 'zh', 'Hant', 'hant', 'x', 'u', 'ca', 'gregory', '419', 'iw', '_', '-', 'a'), { maxLength: 6 }).map((a) => a.join('-')),
    fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 20 }),
  )

  test('accepts exactly the fixed points of Intl.getCanonicalLocales, and every suggestion is itself valid', () => {
    fc.assert(
      fc.property(tagish, (value) => {
        const reason = checkLocale(value)
        let canonical: string | undefined
        try {
          canonical = Intl.getCanonicalLocales(value)[0]
        } catch {
          canonical = undefined
        }
        expect(reason === null).toBe(value !== '' && canonical === value)
        const suggested = reason === null ? undefined : /use "([^"]+)"/.exec(reason)?.[1]
        if (suggested !== undefined) expect(checkLocale(suggested)).toBeNull()
      }),
      { numRuns: 2000 },
    )
  })
})
