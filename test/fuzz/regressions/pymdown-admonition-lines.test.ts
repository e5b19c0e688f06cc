import fc from 'fast-check'
import { expect, test } from 'vitest'
import { expandTemplates } from '../../../importers/markdown/templates/index.js'
import { makeContext } from '../../importers/markdown/templates/_context.js'
import { growth } from './_growth.js'

// An admonition line (`!!! type "Title"`) was read by one pattern with blanks matched before the title and again at
// its end, which read a run of blanks again at each of its places: `!!!`, 32,000 blanks and `"x` took 5 s in one
// MkDocs page (found by the s9 hunt; a 4 MB line, hours).
const page = (body: string) => expandTemplates(body, makeContext({ dialects: ['pymdown'], file: 'docs/a.md' })).body

test.each([
  ['blanks, then a quote left open', (n: number) => page(`!!!${' '.repeat(n * 8)}"x\n    body`)],
  ['a type, blanks, then a quote left open', (n: number) => page(`??? note${' '.repeat(n * 8)}"x\n    body`)],
  ['a title, then blanks and a word', (n: number) => page(`!!! note "t"${' '.repeat(n * 8)}x\n    body`)],
])('an admonition line with %s: time linear in the line', (_, fn) => {
  expect(growth(fn, 1_000)).toBeLessThan(32)
})

/** Whether the old pattern read the line as an admonition with a type (the lines that open one). */
const OLD = /^([ \t]*)(!!!|\?\?\?\+?)[ \t]*([\w-]+(?:[ \t]+[\w-]+)*)?(?:[ \t]+"(.*)")?[ \t]*$/

test('the same lines open an admonition as before', () => {
  const piece = fc.constantFrom('!!!', '???', '???+', ' ', '\t', '"', 'note', 'tip inline', 'a-b', 'Title', '+', '\r', 'x"')
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 8 }).map((p) => p.join('')), (l) => {
      const m = OLD.exec(l)
      const opens = m !== null && m[3] !== undefined && l.startsWith(m[1] + m[2]) && /^\S/.test(l)
      expect(/<aside|<details/.test(page(`${l}\n    body`))).toBe(opens)
    }),
    { numRuns: 3_000 },
  )
})

test.each([
  ['!!! note', 'Note'],
  ['!!! warning "Read this"  ', 'Read this'],
  ['??? tip inline end "A "quoted" title"', '<summary>A &quot;quoted&quot; title</summary>'],
  ['???+ danger', 'Danger'],
])('%s takes the title %s', (line, title) => {
  expect(page(`${line}\n    body`)).toContain(title)
})
