import { expect, test } from 'vitest'
import { phpInt } from '../../../importers/wordpress/content/caption.js'
import { growth } from './_growth.js'

// A [caption]'s width read as PHP's (int) (found by the s11 hostile-input hunt): a width of n digits was read as a
// BigInt, which takes longer than linear in n (100,000 digits: 5 ms; 1,600,000: 157 ms). Past 19 digits it is out of
// a 64-bit integer's range and clamped without reading it. Eight times the digits measured 15 times as long read as
// a BigInt (not quadratic, so the usual bound of 32 does not tell it), about 1 now: at most 11.
test('a width of many digits is read in time linear in its length', () => {
  expect(growth((n) => phpInt('7'.repeat(n)), 200_000)).toBeLessThan(11)
})
