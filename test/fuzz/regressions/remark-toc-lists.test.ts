import type { List, RootContent } from 'mdast'
import { toString } from 'mdast-util-to-string'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { describe, expect, test } from 'vitest'
import { expandTemplates } from '../../../importers/markdown/templates/index.js'
import { makeContext } from '../../importers/markdown/templates/_context.js'

// remark-toc's list, read back, is the one remark-toc 8 (mdast-util-toc 6.1.1) makes: each `expected` below is the
// outline of the list remark 15 + remark-toc 8 made of the `input` (installed in /tmp), a list as [items], an item's
// paragraph as p(text) where its list is loose (where HTML wraps it in <p>), plain text where it is tight. A heading
// three ranks below the one before it was indented six columns, inside the item's text.

const context = makeContext({ dialects: ['remark-toc'], file: 'src/content/blog/a.md' })

/** The outline of a list: loose as mdast-util-to-hast reads it (the list's or any item's `spread`). */
function outline(list: List): string {
  const loose = Boolean(list.spread) || list.children.some((i) => i.spread ?? i.children.length > 1)
  const block = (c: RootContent): string => (c.type === 'list' ? outline(c) : loose ? `p(${toString(c)})` : toString(c))
  return `[${list.children.map((item) => item.children.map(block).join(' ')).join(', ')}]`
}

const listOf = (markdown: string) => outline(unified().use(remarkParse).parse(markdown).children.find((n): n is List => n.type === 'list')!)

const ROWS: Array<[string, string, string]> = [
  ['headings of one rank: a tight list', '## Table of contents\n\n## A\n\n## B\n', '[A, B]'],
  [
    'a jump of three ranks: an item holding only a list at each rank between, the lists above it loose',
    '## Table of contents\n\n## Alpha\n\n##### Echo\n\n## Beta\n\n### Bravo\n\n#### Delta\n\n### Charlie\n\n## Gamma\n',
    '[p(Alpha) [[[Echo]]], p(Beta) [p(Bravo) [Delta], p(Charlie)], p(Gamma)]',
  ],
  ['a list that starts two ranks deep, then a shallower heading', '## Table of contents\n\n## B\n\n#### C\n\n### D\n\n## E\n', '[p(B) [[C], p(D)], p(E)]'],
]

describe("remark-toc's list nests as mdast-util-toc nests it", () => {
  test.each(ROWS)('%s', (_name, input, expected) => {
    expect(listOf(expandTemplates(input, context).body)).toBe(expected)
  })

  test('300,000 headings are listed (their lowest rank found without spreading them as arguments)', () => {
    const body = `# Table of contents\n\n${'# A\n\n## B\n\n'.repeat(150_000)}`
    const out = expandTemplates(body, context).body
    expect(out.match(/^ {2}- \[B\]/gm)?.length).toBe(150_000)
  })
})
