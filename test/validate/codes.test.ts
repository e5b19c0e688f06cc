// The README's error-code table is the reference people read: it lists exactly the codes the SDK can report, in the
// order of ISSUE_CODES, so a code added to one and not the other fails here.
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { ISSUE_CODES } from '../../src/index.js'

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')

test('the README error-code table lists exactly ISSUE_CODES, in order', () => {
  const section = readme.slice(readme.indexOf('## Error codes'))
  const rows = [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1])
  expect(rows).toEqual([...ISSUE_CODES])
})
