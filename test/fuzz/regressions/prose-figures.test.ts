import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { isProseFigure, withoutMedia } from '../../../importers/wordpress/content/html.js'
import { growth } from './_growth.js'

// Which figures an excerpt keeps (found by the s9 review): a figure tag's class was read with a regular expression
// tried at every ` class=`, each reading on to the tag's end, so a 320 KB tag of ` class=x` took 19.6 s to import.
// Eight times the input may take at most 32 times as long (64 when quadratic; about 8 when linear).

const ROWS: Array<[string, (n: number) => unknown, number]> = [
  ['a figure tag of unquoted classes', (n) => withoutMedia('<p>hi there</p><figure' + ' class=x'.repeat(n) + '>cap</figure>'), 1_000],
  ['a figure tag of classes in one quoted value', (n) => withoutMedia('<p>hi</p><figure class="' + ' class=x'.repeat(n) + '">cap</figure>'), 1_000],
]

describe('which figures an excerpt keeps takes time linear in the tag', () => {
  test.each(ROWS)('%s', (_name, run, n) => {
    expect(growth(run, n)).toBeLessThan(32)
  })
})

// What the figure test was before, a regular expression tried at every position: the same tags must be kept.
const byRegExp = (tag: string) => /\sclass\s*=\s*["']?[^"'>]*\bwp-block-(?:table|pullquote)\b/i.test(tag)

test('the same figures as matching at every position', () => {
  const piece = fc.constantFrom('<figure', '<FIGURE', '>', ' ', '\t', '\u00a0', ' class', 'CLASS', '=', ' = ', '"', "'", 'wp-block-table', 'wp-block-pullquote', 'wp-block-tables', 'x', '-', 'is-style-x ', 'data-class')
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
      const tag = pieces.join('')
      expect(isProseFigure(tag)).toBe(byRegExp(tag))
    }),
    { numRuns: 5000 },
  )
})

test.each([
  ['<figure class="wp-block-table"><table><tr><td>a</td></tr></table></figure>', 'kept'],
  ["<figure id=q class='x wp-block-pullquote'><blockquote>q</blockquote></figure>", 'kept'],
  ['<figure class=wp-block-table><table></table></figure>', 'kept'],
  ['<figure data-x="1" class="wp-block-image"><img src="a.jpg"></figure>', 'removed'],
  ['<figure class="wp-block-tables"><img src="a.jpg"></figure>', 'removed'],
  ['<figure class="x" title="wp-block-table"><img src="a.jpg"></figure>', 'removed'],
])('%s is %s', (figure, fate) => {
  expect(withoutMedia(`<p>Hi</p>${figure}`)).toBe(fate === 'kept' ? `<p>Hi</p>${figure}` : '<p>Hi</p> ')
})
