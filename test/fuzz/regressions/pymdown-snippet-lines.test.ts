import fc from 'fast-check'
import { expect, test } from 'vitest'
import { snippetTargets } from '../../../importers/markdown/templates/pymdown.js'
import { expandTemplates } from '../../../importers/markdown/templates/index.js'
import { makeContext } from '../../importers/markdown/templates/_context.js'
import { growth } from './_growth.js'

// A snippet line's file name was read by a lazy group before `[ \t]*$`, which read the rest of a run of blanks at
// each of the name's characters: `--8<-- a` + 64,000 spaces + `b` took 2.7 s in one MkDocs page (found by the s9
// hunt; a 4 MB line, hours), both where the import looks for the files to read and where the page is expanded.
const line = (n: number) => `--8<-- a${' '.repeat(n * 8)}b`
test.each([
  ['where the import finds the files', (n: number) => snippetTargets(line(n))],
  ['where the page is expanded', (n: number) => expandTemplates(line(n), makeContext({ dialects: ['pymdown'], file: 'docs/a.md' }))],
  ['with a quote left open', (n: number) => snippetTargets(`--8<-- "a${' '.repeat(n * 8)}b`)],
])('a snippet name with a long run of blanks inside, %s: time linear in the line', (_, fn) => {
  expect(growth(fn, 1_000)).toBeLessThan(32)
})

/** The targets as the old pattern read them (quadratic, so for short lines only): the reference the new reading keeps. */
function before(body: string): string[] {
  const SNIPPET = /^([ \t]*)(;?)-{1,}8<-{1,}[ \t]+(["']?)([^"'\n]*?)\3[ \t]*$/
  const out: string[] = []
  for (const l of body.split('\n')) {
    const m = SNIPPET.exec(l)
    if (m && m[2] === '' && m[4].trim() !== '' && !/^[ \t]*-{1,}8<-{1,}[ \t]*$/.test(l)) out.push(m[4].trim())
  }
  return out.map((t) => t.replace(/:[\w-]+(?::\d*)?$/, '').replace(/:\d*(?::\d*)?$/, '')).filter((t) => t !== '' && !/^[a-z][a-z0-9+.-]*:\/\//i.test(t))
}

test('snippet lines name the same files as before', () => {
  const piece = fc.constantFrom('--8<--', '-8<-', ';', ' ', '\t', '"', "'", 'a.md', 'b', ' x', '\r', ':3', '\u00a0', 'https://x.example/a.md')
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 10 }).map((p) => p.join('')), (l) => {
      expect(snippetTargets(l)).toEqual(before(l))
    }),
    { numRuns: 5_000 },
  )
  expect(snippetTargets('--8<-- "a.md"\n  --8<-- \'b.md\'  \n;--8<-- "c.md"\n--8<-- "d.md\n--8<-- e f.md\t')).toEqual(['a.md', 'b.md', 'e f.md'])
})
