import { expect, test } from 'vitest'
import { countBy } from '../../../importers/shared/counts.js'

// Both importers' skipped_by_reason: counts keyed in code-unit order (upper case before lower, never the locale's).
test.each<[string[], Record<string, number>]>([
  [[], {}],
  [['draft', 'private', 'draft'], { draft: 2, private: 1 }],
  [['b', 'a', 'B', 'é', 'e'], { B: 1, a: 1, b: 1, e: 1, é: 1 }],
])('%j', (values, counts) => {
  const got = countBy(values)
  expect(got).toEqual(counts)
  expect(Object.keys(got)).toEqual(Object.keys(counts))
})
