import { autop as reference } from '@wordpress/autop'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { autop } from '../../../importers/wordpress/content/autop.js'
import { growth } from './_growth.js'

// wpautop's <pre> elements put back (found by the s11 hostile-input hunt): each placeholder was replaced in turn by a
// search of the whole text, so a body of 20,000 `<pre></pre>` took 1.8 s to import and 80,000 took 25 s. Eight times
// the elements may take at most 32 times as long (64 when quadratic).
test('a body of many <pre> elements is put back in time linear in its length', () => {
  expect(growth((n) => autop('<pre></pre>'.repeat(n)), 2_000)).toBeLessThan(32)
})

// @wordpress/autop replaces each placeholder's first occurrence in turn, so a <pre> whose text ends with another's
// placeholder (`<pre x><pre wp-pre-tag-1></pre>`) takes that one's text, and the placeholder stays as written.
test('placeholders written into <pre> elements are put back as @wordpress/autop puts them', () => {
  const piece = fc.constantFrom('<pre>', '<pre x>', '</pre>', 'x', '\n\n', '<p>', '<pre wp-pre-tag-0>', '<pre wp-pre-tag-1>', '<pre wp-pre-tag-2>', '<pre wp-pre-tag-3>', '<pre wp-pre-tag-4></pre>')
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
      const text = pieces.join('')
      expect(autop(text)).toBe(reference(text))
    }),
    { numRuns: 5000 },
  )
})
