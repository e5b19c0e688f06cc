import { describe, expect, test } from 'vitest'
import { growth } from './_growth.js'

// The measure every timing row relies on tells the two apart: a row can only fail if this does.
describe('growth', () => {
  test('a linear run measures well under 32, a quadratic one over it', () => {
    const linear = (n: number) => {
      let s = 0
      for (let i = 0; i < n * 200; i++) s += i % 7
      return s
    }
    const quadratic = (n: number) => {
      let s = 0
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) s += (i ^ j) % 7
      return s
    }
    expect(growth(linear, 20_000)).toBeLessThan(16)
    expect(growth(quadratic, 1500)).toBeGreaterThan(32)
  })
})
