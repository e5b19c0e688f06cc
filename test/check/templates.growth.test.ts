import { describe, expect, test } from 'vitest'
import { findTemplateTags } from '../../src/check/templates.js'
import { growth } from '../fuzz/regressions/_growth.js'

// The pymdown block expression (src/check/templates.ts) reads a whole line from its start; lines that nearly match
// must cost time in proportion to them. Eight times the input may take at most 32 times as long (64 when quadratic).
const rows: [string, (n: number) => string][] = [
  ['an admonition line of many words and an unclosed title', (n) => `!!! note${' word'.repeat(n / 5)} "open\n`],
  ['a line of dashes with no 8<', (n) => `${'-'.repeat(n)}\n`],
  ['many lines of spaces before ===', (n) => `${' '.repeat(200)}=== x\n`.repeat(n / 206)],
  ['one line of spaces then ???', (n) => `${' '.repeat(n)}??? ${'-'.repeat(n)}`],
]

describe('MkDocs syntax in check', () => {
  test.each(rows)('%s: time linear in the text', (_name, text) => {
    expect(growth((n) => findTemplateTags(text(n), [], { markdown: true }), 40_000)).toBeLessThan(32)
  })
})
