import MarkdownIt from 'markdown-it'
import { describe, expect, test } from 'vitest'
import { expandTemplates } from '../../../importers/markdown/templates/index.js'
import { makeContext } from '../../importers/markdown/templates/_context.js'

// remark-toc's list, read back as HTML, is the one remark-toc 8 (mdast-util-toc 6.1.1) gives through remark-rehype 11
// and rehype-stringify 10: each `expected` below is that HTML (installed in /tmp and run on the `input`), the list's
// part of it. A heading three ranks below the one before it was indented six columns, inside the item's text.

const context = makeContext({ dialects: ['remark-toc'], file: 'src/content/blog/a.md' })
const html = (markdown: string) => new MarkdownIt().render(markdown)

const ROWS: Array<[string, string, string]> = [
  ['headings of one rank: a tight list', '## Table of contents\n\n## A\n\n## B\n', '<ul>\n<li><a href="#a">A</a></li>\n<li><a href="#b">B</a></li>\n</ul>\n'],
  [
    'a jump of three ranks: an item holding only a list at each rank between, the lists above it loose',
    '## Table of contents\n\n## Alpha\n\n##### Echo\n\n## Beta\n\n### Bravo\n\n#### Delta\n\n### Charlie\n\n## Gamma\n',
    '<ul>\n<li>\n<p><a href="#alpha">Alpha</a></p>\n<ul>\n<li>\n<ul>\n<li>\n<ul>\n<li><a href="#echo">Echo</a></li>\n</ul>\n</li>\n</ul>\n</li>\n</ul>\n</li>\n' +
      '<li>\n<p><a href="#beta">Beta</a></p>\n<ul>\n<li>\n<p><a href="#bravo">Bravo</a></p>\n<ul>\n<li><a href="#delta">Delta</a></li>\n</ul>\n</li>\n' +
      '<li>\n<p><a href="#charlie">Charlie</a></p>\n</li>\n</ul>\n</li>\n<li>\n<p><a href="#gamma">Gamma</a></p>\n</li>\n</ul>\n',
  ],
  [
    'a list that starts two ranks deep, then a shallower heading',
    '## Table of contents\n\n## B\n\n#### C\n\n### D\n\n## E\n',
    '<ul>\n<li>\n<p><a href="#b">B</a></p>\n<ul>\n<li>\n<ul>\n<li><a href="#c">C</a></li>\n</ul>\n</li>\n<li>\n<p><a href="#d">D</a></p>\n</li>\n</ul>\n</li>\n' +
      '<li>\n<p><a href="#e">E</a></p>\n</li>\n</ul>\n',
  ],
]

describe("remark-toc's list nests as mdast-util-toc nests it", () => {
  test.each(ROWS)('%s', (_name, input, expected) => {
    const out = html(expandTemplates(input, context).body)
    expect(out.slice(out.indexOf('<ul>'), out.lastIndexOf('</ul>\n') + 6)).toBe(expected)
  })

  test('300,000 headings are listed (their lowest rank found without spreading them as arguments)', () => {
    const body = `# Table of contents\n\n${'# A\n\n## B\n\n'.repeat(150_000)}`
    const out = expandTemplates(body, context).body
    expect(out.match(/^ {2}- \[B\]/gm)?.length).toBe(150_000)
  })
})
