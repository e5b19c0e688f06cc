import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { withMoreAnchor } from '../../../importers/wordpress/content/render.js'
import { growth } from './_growth.js'

// The <!--more--> anchor of a WordPress body (found by s7-hunt): its comment, and the More block's delimiters, were
// looked for at every start on a line without an end, so a 320 KB body of '<!--more' took 12 s to import.
// Eight times the input may take at most 32 times as long (64 when quadratic; about 8 when linear).

const ROWS: Array<[string, (n: number) => unknown, number]> = [
  ['a line of <!--more never closed', (n) => withMoreAnchor('<!--more'.repeat(n), 1), 2_000],
  ['a line of More block openings never closed', (n) => withMoreAnchor('<!--more-->' + '<!-- wp:more'.repeat(n), 1), 2_000],
]

describe('the more anchor takes time linear in the body', () => {
  test.each(ROWS)('%s', (_name, run, n) => {
    expect(growth(run, n)).toBeLessThan(32)
  })
})

// What the anchor was before, with regular expressions tried at every position: the same bodies must come out.
function byRegExp(html: string, postId: number): string {
  const m = /<!--more(.*?)-->/.exec(html)
  if (!m) return html
  const body = html.includes('wp:more') ? html.replace(/<!-- \/?wp:more(.*?) -->/g, '') : html
  const at = body.indexOf(m[0])
  const teaser = body.includes('<!--noteaser-->') ? '' : body.slice(0, at)
  return `${teaser}<span id="more-${postId}"></span>${body.slice(at + m[0].length)}`
}

test('the same body as matching at every position', () => {
  const piece = fc.constantFrom('<!--more', '-->', ' -->', '<!--more-->', '<!-- wp:more', '<!-- /wp:more', ' {"x":1}', '\n', '\r', '\u2028', 'x', ' ', '<!--noteaser-->', '<!--', 'more')
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
      const html = pieces.join('')
      expect(withMoreAnchor(html, 7)).toBe(byRegExp(html, 7))
    }),
    { numRuns: 3000 },
  )
})
