import { describe, expect, test } from 'vitest'
import { loadCases, runCase, summary } from './_cases.js'

// Each folder under cases/ is one body of a real generator's syntax (input.md, case.json with the document's
// context and site files), with the body Preview Data should carry (expected.md) and what is reported (findings.txt:
// line, name, action). Adding a case means adding a folder.
describe.each(loadCases())('$name', (c) => {
  const result = runCase(c)

  test('becomes the expected body', () => {
    expect(result.body).toBe(c.expected)
  })

  test('reports each construct with its line and what was done', () => {
    expect(summary(result)).toEqual(c.findings)
  })

  test('every removed or unresolved construct says why', () => {
    for (const f of result.findings.filter((x) => x.action !== 'expanded')) expect(f.message, `${f.line} ${f.name}`).toMatch(/\.$/)
  })
})
