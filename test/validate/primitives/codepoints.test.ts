import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { codePointLength, isBlank } from '../../../src/validate/primitives/index.js'

// Any UTF-16 code unit, so lone and swapped surrogates appear, not just well-formed text.
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c))
const hostile = fc.string({ unit: fc.oneof(codeUnit, fc.string({ unit: 'binary', maxLength: 1 })), maxLength: 60 })

describe('codePointLength', () => {
  test.each([
    { s: '', n: 0 },
    { s: 'abc', n: 3 },
    { s: 'é', n: 1 },
    { s: 'e\u0301', n: 2 },
    { s: '😀', n: 1 },
    { s: 'a😀b', n: 3 },
    { s: '👨‍👩‍👧', n: 5 },
    { s: '\ud800', n: 1 },
    { s: '\udc00\ud800', n: 2 },
    { s: '\ud83d\ude00\ud83d', n: 2 },
    { s: '𠀀'.repeat(200), n: 200 },
  ])('$s has $n code points', ({ s, n }) => {
    expect(codePointLength(s)).toBe(n)
  })

  test('agrees with string iteration for any sequence of code units', () => {
    fc.assert(fc.property(hostile, (s) => codePointLength(s) === [...s].length))
  })
})

describe('isBlank', () => {
  test.each([
    { s: '', blank: true },
    { s: ' ', blank: true },
    { s: '\t\n\v\f\r ', blank: true },
    { s: '\u00a0\u1680\u2000\u200a\u202f\u205f\u3000', blank: true },
    { s: '\u2028\u2029\ufeff', blank: true },
    { s: '\u200b', blank: false },
    { s: '\u0085', blank: false },
    { s: '\u180e', blank: false },
    { s: 'a', blank: false },
    { s: '  a  ', blank: false },
    { s: '\u0000', blank: false },
  ])('isBlank($s) is $blank', ({ s, blank }) => {
    expect(isBlank(s)).toBe(blank)
  })

  test('counts exactly the code units JavaScript \\s matches as whitespace', () => {
    const mismatches: string[] = []
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c)
      if (isBlank(ch) !== /^\s$/.test(ch)) mismatches.push(c.toString(16))
    }
    expect(mismatches).toEqual([])
  })

  test('agrees with /^\\s*$/ for any string', () => {
    const spacey = fc.string({ unit: fc.oneof(fc.constantFrom(' ', '\t', '\u3000', '\u2028', '\ufeff'), codeUnit) })
    fc.assert(fc.property(spacey, (s) => isBlank(s) === /^\s*$/.test(s)))
  })
})
