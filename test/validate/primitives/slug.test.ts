import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { checkSlugSegment, normalizeSlug } from '../../../src/validate/primitives/index.js'

const nfd = (s: string) => s.normalize('NFD')

describe('checkSlugSegment accepts', () => {
  test.each([
    'hello-world',
    'Hello_World',
    '2024',
    'v20.0.0',
    'a.b-c_d',
    'café',
    nfd('café'),
    nfd('crème-brûlée'),
    '한국어-슬러그',
    nfd('한국어'),
    'فارسی',
    'سلام-دنیا',
    '中文标题',
    'ελληνικά',
    'рус',
    'हिन्दी', // Devanagari vowel signs are combining marks (Mc/Mn)
    '٣٤', // Arabic-Indic digits are \p{Nd}
    'a\u0301', // a letter followed by a combining mark
    '\u2126', // OHM SIGN normalizes to Greek capital omega, a letter
    '_a',
    '-a-',
    'x'.repeat(200),
    '𠀀'.repeat(200), // 200 code points, 400 UTF-16 units
    nfd('é').repeat(200), // 400 code points as written, 200 after NFC
    nfd('한').repeat(200), // 600 jamo as written, 200 syllables after NFC
  ])('%j', (value) => {
    expect(checkSlugSegment(value)).toBeNull()
  })
})

describe('checkSlugSegment rejects', () => {
  test.each([
    { value: '', reason: 'is empty' },
    { value: '.', reason: 'is a dot segment (".")' },
    { value: '..', reason: 'is a dot segment ("..")' },
    { value: '.a', reason: 'begins with "."' },
    { value: 'a.', reason: 'ends with "."' },
    { value: 'a..b', reason: 'has consecutive periods ("..")' },
    { value: '...', reason: 'begins with "."' },
    { value: 'a/b', reason: 'contains a slash ("/")' },
    { value: 'a\\b', reason: 'contains a backslash ("\\")' },
    { value: 'a b', reason: 'contains whitespace (U+0020)' },
    { value: 'a\tb', reason: 'contains whitespace (U+0009)' },
    { value: 'a\u00a0b', reason: 'contains whitespace (U+00A0)' },
    { value: 'a\u3000b', reason: 'contains whitespace (U+3000)' },
    { value: 'a\u2028b', reason: 'contains whitespace (U+2028)' },
    { value: 'a\u0000b', reason: 'contains a control character (U+0000)' },
    { value: 'a\u007fb', reason: 'contains a control character (U+007F)' },
    { value: 'a\u0085b', reason: 'contains a control character (U+0085)' },
    { value: 'a%2Fb', reason: 'contains percent encoding ("%2F")' },
    { value: 'caf%C3%A9', reason: 'contains percent encoding ("%C3")' },
    { value: '100%', reason: 'contains "%"' },
    { value: 'a%zz', reason: 'contains "%"' },
    { value: 'a:b', reason: 'contains ":"' },
    { value: ':slug', reason: 'contains ":"' },
    { value: 'a+b', reason: 'contains "+"' },
    { value: 'a~b', reason: 'contains "~"' },
    { value: 'price€', reason: 'contains "€" (U+20AC)' },
    { value: 'a\u200bb', reason: 'contains U+200B' },
    { value: '👍', reason: 'contains "👍" (U+1F44D)' },
    { value: '👨‍👩‍👧', reason: 'contains "👨" (U+1F468)' },
    { value: 'a\u200db', reason: 'contains U+200D' },
    { value: 'a\ud800b', reason: 'contains a lone surrogate (U+D800)' },
    { value: 'a\udc00', reason: 'contains a lone surrogate (U+DC00)' },
    { value: 'a\ud800', reason: 'contains a lone surrogate (U+D800)' },
    { value: '_', reason: 'has no letter or digit' },
    { value: '-_-', reason: 'has no letter or digit' },
    { value: '\u0301', reason: 'has no letter or digit' },
    { value: '_.-', reason: 'has no letter or digit' },
    { value: '²', reason: 'contains "²" (U+00B2)' }, // superscript two is \p{No}, not a decimal digit
    { value: 'x'.repeat(201), reason: 'has 201 code points after NFC; the limit is 200' },
    { value: '𠀀'.repeat(201), reason: 'has 201 code points after NFC; the limit is 200' },
    { value: nfd('é').repeat(201), reason: 'has 201 code points after NFC; the limit is 200' },
    { value: 'e\u0302\u0301'.repeat(201), reason: 'has 201 code points after NFC' }, // each triple composes to U+1EBF
  ])('$value: $reason', ({ value, reason }) => {
    expect(checkSlugSegment(value)).toContain(reason)
  })
})

// A direct, obviously-correct restatement of the policy to compare the hand-written scanner against.
function referenceValid(value: string): boolean {
  const s = value.normalize('NFC')
  return (
    /^[\p{L}\p{M}\p{Nd}_.-]+$/u.test(s) &&
    /[\p{L}\p{Nd}]/u.test(s) &&
    !s.startsWith('.') &&
    !s.endsWith('.') &&
    !s.includes('..') &&
    [...s].length <= 200
  )
}

const slugish = fc.string({
  unit: fc.oneof(
    fc.constantFrom('a', 'Z', '7', '_', '-', '.', '.', 'é', 'e\u0301', '\u0301', '한', '\u1100\u1161', '𠀀', '٣', '%', '/', ' ', '\u3000', '\u00a0'),
    fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
    fc.string({ unit: 'binary', maxLength: 1 }),
  ),
  maxLength: 30,
})

describe('checkSlugSegment properties', () => {
  test('matches the reference policy on hostile input', () => {
    fc.assert(fc.property(slugish, (s) => (checkSlugSegment(s) === null) === referenceValid(s)), { numRuns: 2000 })
  })

  test('gives the same answer for the NFD form of any string', () => {
    fc.assert(fc.property(slugish, (s) => checkSlugSegment(nfd(s)) === checkSlugSegment(s)), { numRuns: 2000 })
  })

  test('answers a megabyte string without throwing', () => {
    expect(checkSlugSegment('a'.repeat(1 << 20))).toBe(`has ${1 << 20} code points after NFC; the limit is 200`)
    expect(checkSlugSegment('\u0000'.repeat(1 << 20))).toContain('control character')
  })
})

describe('normalizeSlug', () => {
  test('returns the same string when nothing can change', () => {
    const ascii = 'hello-world'
    expect(normalizeSlug(ascii)).toBe(ascii)
    expect(normalizeSlug('Ærøskøbing')).toBe('Ærøskøbing')
  })

  test.each([
    { value: 'cafe\u0301', nfc: 'café' },
    { value: '\u1112\u1161\u11ab', nfc: '한' },
    { value: '\u2126', nfc: '\u03a9' },
    { value: 'a\ud800', nfc: 'a\ud800' },
  ])('normalizes $value', ({ value, nfc }) => {
    expect(normalizeSlug(value)).toBe(nfc)
  })

  test('equals String#normalize("NFC") for any string, including the below-U+0300 fast path', () => {
    const low = fc.string({ unit: fc.integer({ min: 0, max: 0x2ff }).map((c) => String.fromCharCode(c)) })
    fc.assert(fc.property(fc.oneof(low, slugish), (s) => normalizeSlug(s) === s.normalize('NFC')), { numRuns: 2000 })
  })
})
