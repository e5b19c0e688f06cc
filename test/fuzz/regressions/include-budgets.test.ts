import { describe, expect, test } from 'vitest'
import { expandTemplates } from '../../../importers/markdown/templates/index.js'
import type { TemplateDialect } from '../../../importers/markdown/templates/types.js'
import { makeContext } from '../../importers/markdown/templates/_context.js'
import { cpuMs } from './_growth.js'

// Includes whose output was bounded by nothing, found by the s9 hostile-input hunt: MkDocs snippets (`--8<--`)
// counted included lines but not their length, and Hugo's `include`/`readfile` shortcodes counted nothing but depth.
// A 1 KB page including a 3 MB file forty times made a 120 MB payload (a hundred times: "Invalid string length"), and
// Hugo pages whose included file includes another six times, eight levels down, expanded 1.7 million files (17 s; seven, 280,000 in 5 s;
// ten times a level, hours). Both now have the budget the Liquid, Nunjucks and VuePress includes have: eight times
// the page and 4 MB of text, and for Hugo at most 500 files.

const BIG = 'x'.repeat(1_000_000) + '\n'
const LIMIT = 4_000_000 + 8 * 2_000

function expand(dialects: TemplateDialect[], body: string, files: Record<string, string>, includes: string) {
  return expandTemplates(body, makeContext({ dialects, file: 'content/posts/a.md', files, includes }))
}

describe.each([
  ['Hugo include', ['hugo'] as TemplateDialect[], (n: number) => '{{< include "big.md" >}}\n'.repeat(n), 'content'],
  ['Hugo readfile', ['hugo'] as TemplateDialect[], (n: number) => '{{< readfile file="big.md" >}}\n'.repeat(n), 'content'],
  ['pymdown snippet', ['pymdown'] as TemplateDialect[], (n: number) => '--8<-- "big.md"\n'.repeat(n), ''],
])('%s', (_name, dialects, page, folder) => {
  test('a long file included many times stops at the budget, and says so', () => {
    const r = expand(dialects, page(40), { [`${folder ? folder + '/' : ''}big.md`]: BIG }, folder)
    expect(r.body.length).toBeLessThan(LIMIT)
    expect(r.body.length).toBeGreaterThan(3 * BIG.length)
    expect(r.findings.some((f) => /longer than the importer allows/.test(f.message ?? ''))).toBe(true)
  })

  test('a short file included a few times is included each time', () => {
    const r = expand(dialects, page(3), { [`${folder ? folder + '/' : ''}big.md`]: 'Included text.\n' }, folder)
    expect(r.body.split('Included text.').length - 1).toBe(3)
    expect(r.findings.filter((f) => f.action !== 'expanded')).toEqual([])
  })
})

test('Hugo includes that each include the next six times, seven levels down, stop at 500 files', () => {
  const files: Record<string, string> = { 'content/l7.md': 'leaf\n' }
  for (let i = 0; i < 7; i++) files[`content/l${i}.md`] = `{{< include "l${i + 1}.md" >}}\n`.repeat(6)
  const start = process.cpuUsage()
  const r = expand(['hugo'], '{{< include "l0.md" >}}\n', files, 'content')
  expect(cpuMs(start)).toBeLessThan(3_000)
  expect(r.body.split('leaf').length - 1).toBeLessThanOrEqual(500)
  expect(r.body).toContain('leaf')
  expect(r.findings.some((f) => /number more than 500 in one page/.test(f.message ?? ''))).toBe(true)
})
