import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { withoutMoreBlockOpener } from '../../../importers/wordpress/content/block-excerpt.js'
import { earlyRenderEnv, renderBody } from '../../../importers/wordpress/content/render.js'
import { growth } from './_growth.js'

// What WordPress's excerpt reads of a block body (found by the s9 review): the More block's opener at the end of the
// teaser was looked for with a regular expression tried at every `<!-- wp:more`, each reading on to the next `>`, so
// a 260 KB teaser of openers never closed took 4.6 s to import. Eight times the input may take at most 32 times as
// long (64 when quadratic; about 8 when linear).

const env = () => earlyRenderEnv({ rendered: {}, removed: {}, dropped: {}, kept: {}, missingAttachments: [] }, {})

const ROWS: Array<[string, (n: number) => unknown, number]> = [
  ['a teaser of More block openings closed once', (n) => renderBody('<!-- wp:more '.repeat(n) + '-->x<!--more-->', 1, env()), 1_000],
]

describe('the excerpt of a teaser takes time linear in the body', () => {
  test.each(ROWS)('%s', (_name, run, n) => {
    expect(growth(run, n)).toBeLessThan(32)
  })
})

// What the opener's removal was before, a regular expression tried at every position: the same teasers must come out.
const byRegExp = (teaser: string) => teaser.replace(/<!--\s+wp:(?:core\/)?more\b[^>]*-->\s*$/, '')

test('the same teaser as matching at every position', () => {
  const piece = fc.constantFrom('<!--', '<!-- ', '-->', '>', ' -->', 'wp:', 'wp:more', 'core/', 'more', 'mores', '<!-- wp:more', '<!--\twp:core/more', ' {"x":1}', '\n', '\u2028', '\u00a0', 'x', ' ', '-', '<!-- /wp:more -->')
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
      const teaser = pieces.join('')
      expect(withoutMoreBlockOpener(teaser)).toBe(byRegExp(teaser))
    }),
    { numRuns: 5000 },
  )
})

test('the opener is left out with the blanks after it, and only at the end', () => {
  expect(withoutMoreBlockOpener('<p>Hi</p>\n<!-- wp:more -->\n')).toBe('<p>Hi</p>\n')
  expect(withoutMoreBlockOpener('<p>Hi</p>\n<!-- wp:core/more {"noTeaser":true} -->')).toBe('<p>Hi</p>\n')
  expect(withoutMoreBlockOpener('<!-- wp:more -->\n<p>Hi</p>')).toBe('<!-- wp:more -->\n<p>Hi</p>')
  expect(withoutMoreBlockOpener('<p>Hi</p><!-- wp:moreover -->')).toBe('<p>Hi</p><!-- wp:moreover -->')
})
