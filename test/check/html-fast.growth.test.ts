import { describe, expect, test } from 'vitest'
import { scanHtml } from '../../src/check/html.js'
import { scanHtmlFast } from '../../src/check/html-fast.js'
import { growth } from '../fuzz/regressions/_growth.js'

// check's fast HTML reader looks ahead with indexOf; each look must start where the last one stopped, or a body of
// many small things looks to its end once per thing. Eight times the input may take at most 32 times as long (64
// when quadratic). The pieces it leaves to htmlparser2 are read once more there, in linear time too.
const rows: [string, (n: number) => string][] = [
  ["comments, none ending in '--!>'", (n) => '<!-- c -->'.repeat(n / 10)],
  ["comments ending in '--!>', none in '-->'", (n) => '<!-- c --!>'.repeat(n / 11)],
  ["'<script>' runs whose closing tag never ends", (n) => '<script>x</script'.repeat(n / 17)],
  ["tags of unquoted attributes that never end", (n) => '<p class=x '.repeat(n / 11)],
  ["'<a href=\"' never closed", (n) => '<a href="'.repeat(n / 9)],
  ["closing tags that never end", (n) => '</a'.repeat(n / 3)],
]

describe("check's fast HTML reader", () => {
  test.each(rows)('%s: time linear in the text', (_name, text) => {
    expect(growth((n) => scanHtml(text(n)), 40_000)).toBeLessThan(32)
  })

  test('answers on its own for the comments', () => {
    expect(scanHtmlFast('<!-- c -->'.repeat(3), 0)?.masks).toEqual([0, 10, 10, 20, 20, 30])
  })
})
