// Found by the payload fuzz suite (seed 2024137730, case 723): collections with 20,000 members that are numbers,
// not collections, took the validator seconds, and 64,000 about 25 s (32,000: 5.5 s; 16,000: 0.3 s). ajv's code
// for every-error validation appends the errors of each referenced subschema with `vErrors.concat(...)`, copying
// all the errors found so far each time: quadratic in the number of errors. The generated code appends in place.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { validatePreviewData } from '../../../src/index.js'

const full = JSON.parse(readFileSync(fileURLToPath(new URL('../../fixtures/schema/full.json', import.meta.url)), 'utf8')) as Record<string, unknown>

function withBadCollections(n: number): unknown {
  return { ...full, collections: Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])) }
}

/** The median of three timings of validating `payload`, and its error count. */
function time(payload: unknown): { ms: number; errors: number } {
  const runs: number[] = []
  let errors = 0
  for (let i = 0; i < 3; i++) {
    const started = performance.now()
    errors = validatePreviewData(payload).errors.length
    runs.push(performance.now() - started)
  }
  return { ms: runs.sort((a, b) => a - b)[1], errors }
}

test('every error of 32,000 bad collection members is reported in time proportional to their number', () => {
  const small = time(withBadCollections(4_000))
  const large = time(withBadCollections(32_000))
  expect(large.errors).toBeGreaterThanOrEqual(32_000)
  // Eight times the members: linear work takes about eight times as long; the copying took about sixty times.
  expect(large.ms / Math.max(small.ms, 5)).toBeLessThan(24)
}, 120_000)
