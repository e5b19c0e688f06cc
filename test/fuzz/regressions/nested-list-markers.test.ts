import { expect, test } from 'vitest'
import { scanMarkdownFast } from '../../../src/check/markdown/fast.js'
import { scanMarkdownWithRemark } from '../../../src/check/markdown/slow.js'
import { comparable } from '../../check/markdown-compare.js'
import { growth } from './_growth.js'

// A line of `- - - … x` opens a list item inside a list item for each marker, and before each the fast Markdown
// reader asked whether the rest of the line was a thematic break, reading the whole run of markers again: a VitePress
// page of 50,000 `- ` and `[[` took 5 s in `check` (s10 review2, the hostile page that took 32 s on main). The scan
// that failed answers the later markers. Eight times the markers may take at most 32 times as long (64 when
// quadratic).

test.each(['[[', 'x', '* x', '- x'])('a line of many `- ` then %j is read in time linear in it', (tail) => {
  expect(growth((n) => scanMarkdownFast(`# T\n\n${'- '.repeat(n)}${tail}\n`), 4_000)).toBeLessThan(32)
})

// Below that line, each of its open items asked whether the rest of the next line was blank, and how many spaces it
// starts with, reading the line again for each (the same page's line of 100,000 spaces: 11 s with the line above).
test.each([
  ['a line of spaces', (n: number) => ' '.repeat(2 * n)],
  ['a line of spaces then text', (n: number) => `${' '.repeat(2 * n)}x`],
])('%s below a line of many `- ` is read in time linear in them', (_name, next) => {
  expect(growth((n) => scanMarkdownFast(`# T\n\n${'- '.repeat(n)}[[\n${next(n)}\n${next(n)}\n`), 4_000)).toBeLessThan(32)
})

test('the VitePress page of the s10 review (quotes, list markers, spaces; 50,000 each) is checked in a second', () => {
  const body = `# T\n\n${'> '.repeat(50_000)}[[x\n\n${'- '.repeat(50_000)}[[\n\n${' '.repeat(100_000)}\n`
  const start = process.cpuUsage()
  expect(scanMarkdownFast(body)).not.toBeNull()
  const used = process.cpuUsage(start)
  expect((used.user + used.system) / 1000).toBeLessThan(1000)
})

test.each([
  '- - - x\n',
  '- - - -\n',
  '- - -\n- - - x\n',
  '* * * x\n- - - x\n',
  '- * - * x\n',
  '- - - x\n\n- - -\n',
  '- -  - - [a](/b)\n',
  '1. - - - x\n2. - - -\n',
  '> - - - x\n> - - -\n',
  '- - - x\n        \n          y\n',
  '- - [a](/b)\n   \n    - c\n      \n        [d](/e)\n',
  '- - x\n     y\n',
])('%j scans as remark scans it', (body) => {
  const fast = scanMarkdownFast(body)
  expect(fast).not.toBeNull()
  expect(comparable(body, fast!)).toEqual(comparable(body, scanMarkdownWithRemark(body)))
})
