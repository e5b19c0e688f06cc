import { describe, expect, test } from 'vitest'
import { expandTemplates } from '../../../importers/markdown/templates/index.js'
import { makeContext } from '../../importers/markdown/templates/_context.js'
import { growth } from './_growth.js'

// VuePress includes (`<!-- @include: ./file.md -->`), found by the hostile-input hunt on the vue dialect: they were
// neither counted nor bounded, and each one split its file again and looked for its region with a new regular
// expression per line. A page that included itself 4,000 times (a 100 KB body) took two minutes to import; 4,000
// includes of a 4,000-line file, 19 seconds. Eight times the input may take at most 32 times as long (64 when
// quadratic); the output stays within the budget the other dialects' includes have.

const page = (files: Record<string, string>, body: string) => expandTemplates(body, makeContext({ dialects: ['vue', 'docusaurus'], file: 'src/a.md', files }))
const selfIncluding = (n: number) => {
  const body = '# A\n\n' + '<!-- @include: ./a.md -->\n'.repeat(n)
  return page({ 'src/a.md': body }, body)
}

const ROWS: Array<[string, (n: number) => unknown, number]> = [
  ['a page that includes itself n times', selfIncluding, 400],
  ['n includes of a short region at the end of a file of n lines', (n) => page({ 'src/b.md': 'x\n'.repeat(n) + '#region r\ny\n#endregion r\n' }, '<!-- @include: ./b.md#r -->\n'.repeat(n / 40)), 4_000],
]

describe('VuePress includes take time linear in the page and the files it includes', () => {
  test.each(ROWS)('%s', (_name, run, n) => {
    expect(growth(run, n)).toBeLessThan(32)
  })

  test('includes stop at the budget, and say so', () => {
    const r = selfIncluding(4_000)
    expect(r.body.length).toBeLessThan(8 * 4_000 * 27 + 4_000_000 + 200_000)
    expect(r.findings.filter((f) => f.name === '@include' && f.action === 'expanded').length).toBeLessThanOrEqual(500)
    expect(r.findings.some((f) => f.action === 'removed' && /more than 500 files or more text than the importer allows/.test(f.message ?? ''))).toBe(true)
  })
})
