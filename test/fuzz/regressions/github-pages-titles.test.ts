import fc from 'fast-check'
import { expect, test } from 'vitest'
import { titleFromHeading } from '../../../importers/markdown/presets/jekyll-github-pages.js'
import { stripInline, withoutClosingHashes } from '../../../importers/markdown/scan.js'
import { growth } from './_growth.js'

// jekyll-titles-from-headings' title was read by one multi-line pattern that only counted at the body's start but
// was tried at every line: in a run of blank lines each start read the rest of the run again (60,000 empty lines
// before a word: 8.5 s of CPU for a 60 KB page on a GitHub Pages site).
test.each([
  ['empty lines', (n: number) => titleFromHeading('\n'.repeat(n * 4) + 'x\n')],
  ['lines of blanks', (n: number) => titleFromHeading(`\n${' '.repeat(10)}`.repeat(n) + 'x\n')],
  ['one run of spaces', (n: number) => titleFromHeading(' '.repeat(n * 8) + 'x')],
  ['a long heading', (n: number) => titleFromHeading(`# ${'word '.repeat(n * 2)}`)],
  ['a long Setext heading', (n: number) => titleFromHeading(`${'word '.repeat(n * 2)}\n====`)],
])('a page opening with %s: time linear in the text', (_, fn) => {
  expect(growth(fn, 4_000)).toBeLessThan(32)
})

/** The title as the old pattern read it (quadratic, so only for short bodies): the reference the new reading keeps. */
function before(body: string): string | undefined {
  const m = /^\s*(?:#{1,3}[ \t]+([^\n]*)|([^\n]*)\r?\n[-=]+[ \t]*)$/m.exec(body)
  if (m === null || m.index !== 0) return undefined
  const text = stripInline(m[1] !== undefined ? withoutClosingHashes(m[1]) : m[2].trim()).replace(/\[\^[^\]]*\]/g, '').replace(/\s+/g, ' ').trim()
  return text === '' ? undefined : text
}

test('titles read as before, whatever the body opens with', () => {
  const piece = fc.constantFrom('#', '##', '####', ' ', '\t', '\n', '\r', '\r\n', '\u2028', '\u00a0', '=', '-', '===', '---', 'Title', 'a', '*b*', '[^1]', '`c`', '#')
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 14 }).map((p) => p.join('')), (body) => {
      expect(titleFromHeading(body)).toBe(before(body))
    }),
    { numRuns: 3_000 },
  )
  expect(titleFromHeading('\n\n  ## Getting *started* ##\ntext')).toBe('Getting started')
  expect(titleFromHeading('\n\nSetext title\r\n=====\n')).toBe('Setext title')
  expect(titleFromHeading('#### Too deep\n')).toBeUndefined()
  expect(titleFromHeading('Text first\n\n# Heading')).toBeUndefined()
})
