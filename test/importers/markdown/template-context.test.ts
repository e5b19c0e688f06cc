import { describe, expect, test } from 'vitest'
import { readTable } from '../../../importers/markdown/csv.js'
import { includeTargets } from '../../../importers/markdown/templating.js'

// What the loop reads before expansion (templates' readFile is synchronous) and how Jekyll's tabular data files
// reach `site.data` (jekyllrb.com "Data Files": CSV and TSV with a header row, one hash per row).

describe('includeTargets: the files a body names in its includes', () => {
  test.each([
    { body: '{{% include "/_common/a.md" %}}', dialects: ['hugo'], want: [{ kind: 'include', target: '/_common/a.md' }] },
    { body: '{{< include path=`_common/b` >}} {{< readfile file="x.txt" >}}', dialects: ['hugo'], want: [{ kind: 'include', target: '_common/b' }, { kind: 'include', target: 'x.txt' }] },
    { body: '{{< figure src="a.png" >}}', dialects: ['hugo'], want: [] },
    { body: '{% include note.html title="x" %} {%- include_relative ../snippet.md %}', dialects: ['liquid'], want: [{ kind: 'include', target: 'note.html' }, { kind: 'relative', target: '../snippet.md' }] },
    // A name built from data is left to expansion, which reports it.
    { body: '{% include {{ page.box }} %}', dialects: ['liquid'], want: [] },
    { body: "import Part from './_part.mdx'\nimport Tabs from '@theme/Tabs'\n\n<Part />", dialects: ['mdx'], want: [{ kind: 'relative', target: './_part.mdx' }] },
    // Another dialect's syntax is not this generator's include.
    { body: '{{% include "a.md" %}}', dialects: ['liquid'], want: [] },
  ])('$body ($dialects)', ({ body, dialects, want }) => expect(includeTargets(body, dialects as Parameters<typeof includeTargets>[1])).toEqual(want))
})

describe('readTable: CSV and TSV data files', () => {
  test.each([
    { text: 'name,role\nAna,editor\nBo,writer\n', sep: ',', want: [{ name: 'Ana', role: 'editor' }, { name: 'Bo', role: 'writer' }] },
    { text: 'name,note\r\n"Lima, Ana","said ""hi""\nthen left"\r\n', sep: ',', want: [{ name: 'Lima, Ana', note: 'said "hi"\nthen left' }] },
    { text: 'a,b\n1\n', sep: ',', want: [{ a: '1', b: null }] },
    { text: 'a\tb\n1\t2\n', sep: '\t', want: [{ a: '1', b: '2' }] },
    { text: '', sep: ',', want: [] },
  ])('$text', ({ text, sep, want }) => expect(readTable(text, sep as ',' | '\t').map((r) => ({ ...r }))).toEqual(want))

  test('a header named __proto__ is only a key', () => {
    const [row] = readTable('__proto__,b\nx,y\n', ',')
    expect(Object.getPrototypeOf(row)).toBe(null)
    expect(row.__proto__).toBe('x')
  })
})
