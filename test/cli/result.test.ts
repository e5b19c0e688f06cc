import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { grouped } from '../../cli/result.js'

describe('grouped', () => {
  test.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [12345, '12,345'],
    [999999, '999,999'],
    [1000000, '1,000,000'],
    [-1234, '-1,234'],
  ])('%d is written %s', (n, text) => {
    expect(grouped(n)).toBe(text)
  })

  test('writes every safe whole number as toLocaleString("en-US") does', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => grouped(n) === n.toLocaleString('en-US')),
      { numRuns: 2000 },
    )
  })
})
