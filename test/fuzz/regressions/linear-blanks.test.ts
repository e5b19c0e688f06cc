import { describe, expect, test } from 'vitest'
import { expandTemplates } from '../../../importers/markdown/templates/index.js'
import type { TemplateDialect } from '../../../importers/markdown/templates/types.js'
import { makeContext } from '../../importers/markdown/templates/_context.js'
import { growth } from './_growth.js'

// Lines of a body read by regular expressions that tried a match at every blank of a long run, each reading the rest
// of the run (found by s8-hunt): a GitHub alert's title (`> [!NOTE] a` + 32,000 spaces + `b`: 0.8 s, a 512 KB line
// 55 s); a heading with attributes (`# T` + 32,000 spaces + `x {#a}`: 2.7 s in Hugo, Docusaurus and Jekyll, where
// every heading's trailing blanks and closing hashes were cut with `/[ \t]+$/` and `/[ \t]+#+[ \t]*$/`); the label of a
// Docusaurus 1 code tab (`<!-- a` + 32,000 spaces + `b -->`: 0.7 s) and of a VitePress code-group tab (0.9 s). Eight times the input may take at most 32 times as long (64 when quadratic; about 8 when linear).

const blanks = (n: number) => ' '.repeat(n)
const expand = (body: string, dialects: TemplateDialect[]) => expandTemplates(body, makeContext({ dialects }))

const ROWS: Array<[string, (n: number) => unknown]> = [
  ['a GitHub alert whose title holds a long run of blanks', (n) => expand(`> [!NOTE] a${blanks(n)}b\n> text`, ['gfm'])],
  ['a GitHub alert whose title holds runs of blanks and tabs (Hugo)', (n) => expand(`> [!TIP] a${' \t'.repeat(n / 2)}x`, ['hugo'])],
  ['a Hugo heading with attributes and a long run of blanks inside', (n) => expand(`# T${blanks(n)}x {#a}`, ['hugo'])],
  ['a Docusaurus heading with an id and runs of blanks before hashes', (n) => expand(`# T${blanks(n)}# x {#a}`, ['mdx', 'docusaurus'])],
  ['a kramdown heading with an attribute list below it', (n) => expand(`# T${blanks(n)}x\n{: #id}`, ['liquid'])],
  ['a Docusaurus 1 code tab label with a long run of blanks', (n) => expand(`<!--DOCUSAURUS_CODE_TABS-->\n<!-- a${blanks(n)}b -->\n\`\`\`js\nx\n\`\`\`\n<!--END_DOCUSAURUS_CODE_TABS-->`, ['docusaurus1'])],
  ['a VitePress code-group fence line with a long run of blanks', (n) => expand(`::: code-group\n\`\`\`js${blanks(n)}x [a.js]\nx\n\`\`\`\n:::`, ['vue'])],
  // A Hugo theme button's label was joined onto one line with /\s*\n\s*/, which read a long run of blanks again from each blank.
  ['a Hugo theme button whose label holds a long run of blanks', (n) => expand(`{{< button href="/x" >}}a${blanks(n)}b\nc{{< /button >}}`, ['hugo'])],
  // A VitePress snippet file with a long run of line breaks inside: its trailing ones were cut with /\n+$/ (0.7 s for 32,000).
  ['a VitePress snippet with a long run of line breaks inside', (n) => expandTemplates('<<< ./s.js\n', makeContext({ dialects: ['vue'], files: { 's.js': `a${'\n'.repeat(n)}b\n\n` } }))],
  // An .mdx line of braces after a ::: directive: each `{` asks whether it opens the directive's attributes.
  ['an MDX directive line followed by a long run of braces', (n) => expandTemplates(`:::note ${'{'.repeat(n)}\ntext\n:::`, makeContext({ dialects: ['mdx', 'docusaurus'], file: 'a.mdx' }))],
]

describe('lines with long runs of blanks take time linear in the line', () => {
  test.each(ROWS)('%s', (_name, run) => {
    expect(growth(run, 4_000)).toBeLessThan(32)
  })
})

describe('what the linear readings give', () => {
  test.each([
    ['> [!NOTE]   Radiation \t hazard  \t', 'Radiation \t hazard'],
    ['> [!WARNING]+ Folded', 'Folded'],
    ['> [!TIP]\t', 'Tip'],
  ])('alert title of %j', (line, title) => {
    expect(expand(`${line}\n> text`, ['gfm']).body).toContain(`<p class="admonition-title">${title}</p>`)
  })
  test.each([
    ['## Intro ##  {#intro}', '## Intro ##'],
    ['## Intro ##  {#start}', '## Intro ## <a id="start"></a>'],
    ['## A #  {#a-1}', '## A # <a id="a-1"></a>'],
    ['## C# {#c}', '## C#'],
  ])('heading %j', (line, heading) => {
    expect(expand(line, ['hugo']).body).toBe(heading)
  })
  test.each([
    ['<!-- JavaScript \r -->', '<div class="code-block-title">JavaScript</div>'],
    ['<!--a-->', '<div class="code-block-title">a</div>'],
    // A blank label (before: an empty title) leaves the comment as written.
    ['<!-- -->', '<!-- -->'],
    ['<!--->', '<!--->'],
    ['<!-- a\u2028b -->', '<!-- a\u2028b -->'],
  ])('Docusaurus 1 tab label %j', (line, shown) => {
    expect(expand(`<!--DOCUSAURUS_CODE_TABS-->\n${line}\n\`\`\`js\nx\n\`\`\`\n<!--END_DOCUSAURUS_CODE_TABS-->`, ['docusaurus1']).body).toContain(shown)
  })
  test.each([
    ['```js [config.js]', '<summary>config.js</summary>\n\n```js\nx'],
    ['```ts {1}  \t [a b]  ', '<summary>a b</summary>\n\n```ts {1}  \nx'],
    ['```sh', '<summary>Code</summary>\n\n```sh\nx'],
    ['```sh [unclosed', '<summary>Code</summary>\n\n```sh [unclosed\nx'],
  ])('VitePress code-group tab %j', (line, shown) => {
    expect(expand(`::: code-group\n${line}\nx\n\`\`\`\n:::`, ['vue']).body).toContain(shown)
  })
  test('a VitePress snippet without its trailing line breaks', () => {
    expect(expandTemplates('<<< ./s.js\n', makeContext({ dialects: ['vue'], files: { 's.js': 'a\n\nb\n\n\n' } })).body).toBe('```js\na\n\nb\n```\n')
  })
  test.each(['> [!NOTE]x', '> [!NOTE] a\rb'])('no alert in %j', (line) => {
    expect(expand(`${line}\n> text`, ['gfm']).body).not.toContain('admonition')
  })
})
