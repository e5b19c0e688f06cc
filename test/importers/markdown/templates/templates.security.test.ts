import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { findCode } from '../../../../importers/markdown/templates/_scan.js'
import { expandTemplates } from '../../../../importers/markdown/templates/index.js'
import type { TemplateDialect } from '../../../../importers/markdown/templates/types.js'
import { makeContext } from './_context.js'

// Hostile bodies: every lexer here looks for closers, pairs tags and follows includes. These properties hold for any
// input: no exception, the same output twice, nothing of the dialect's syntax left outside code, and time linear in
// the body's length (1 MB in a few seconds at most on a loaded machine, no quadratic growth).

const FRAGMENTS = [
  '{{<', '{{%', '>}}', '%}}', '/>}}', '{{', '}}', '{%', '%}', '{%-', '-%}', '{#', '#}', '{', '}', '<', '>', '</', '/>', '<A', '<Tabs>', '</Tabs>',
  '<TabItem label="x">', '</TabItem>', '<details>', '<summary>', '`', '``', '```', '~~~', '\n', '\n\n', ' ', '    ', ':::', ':::note', '::::', 'import x from "./p.mdx"',
  'export const a = 1', '"', "'", '=', '|', 'if', 'endif', 'for', 'endfor', 'raw', 'endraw', 'comment', 'endcomment', 'x in (1..3)', 'include', 'a', 'A', 'name',
  'youtube', 'highlight', '/highlight', 'param', 'ref', '-', '*', '#', '\\', '[', ']', '(', ')', '.', ',', ':', 'é',
  '::: tabs', '::: v-pre', '::: details', '@tab a', '<script>', '</script>', '<!-- @include: ./p.md{1-2} -->', '==', '^', '~', '!!', '{#a}', '$frontmatter.title',
  '{:', '{: .a}', '{: #b}', '{:toc}', '{::comment}', '{:/comment}', '{::nomarkdown}', '{:/}', '{::options a="b" /}', '## ', '{#x .y}',
  '!!! note', '!!! tip ""', '??? warning "a"', '???+ info', '=== "a"', '===! "b"', '--8<-- "p.md"', '--8<--', '[TOC]', '*[A]: b',
  ':smile:', ':material-x:', '{ .md-button }', '1. ', ':   ', '++a+b++',
]

const DIALECT_SETS: Array<{ dialects: TemplateDialect[]; file: string; site?: Record<string, unknown> }> = [
  { dialects: ['hugo'], file: 'content/a.md' },
  { dialects: ['liquid'], file: '_posts/2020-01-01-a.md' },
  { dialects: ['liquid', 'nunjucks'], file: 'src/a.md' },
  { dialects: ['nunjucks'], file: 'src/a.md' },
  { dialects: ['mdx', 'docusaurus'], file: 'docs/a.mdx' },
  { dialects: ['mdx', 'docusaurus'], file: 'blog/a.md' },
  { dialects: ['mdx'], file: 'pages/a.mdx' },
  { dialects: ['docusaurus'], file: 'docs/a.md' },
  // VuePress with every inline extension vuepress-theme-hope can turn on.
  { dialects: ['vue', 'docusaurus'], file: 'src/a.md', site: { markdown: { mark: true, sup: true, sub: true, spoiler: true, attrs: true } } },
  // MkDocs: Python-Markdown's and pymdown-extensions' blocks, snippets and attribute lists.
  { dialects: ['pymdown'], file: 'docs/a.md' },
]

/** An include and a partial that include themselves: expansion must stop. */
const FILES = {
  '_includes/include': '{% include include %}{% include include %}',
  'docs/p.mdx': 'import x from "./p.mdx"\n\n<x />\n<x />\n',
  'blog/p.mdx': 'import x from "./p.mdx"\n\n<x />\n<x />\n',
  'src/p.md': '<!-- @include: ./p.md -->\n{{ x }}\n',
  // Snippets that include snippets a hundred times over: a million lines without a budget.
  '_includes/s1.md': '--8<-- "s2.md"\n'.repeat(100),
  '_includes/s2.md': '--8<-- "s3.md"\n'.repeat(100),
  '_includes/s3.md': 'line\n'.repeat(100),
}

const context = (set: (typeof DIALECT_SETS)[number]) => makeContext({ ...set, files: FILES, refs: { 'ref:a': '/a/', 'link:a': '/a/' } })

const body = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 120 }).map((parts) => parts.join(''))

/** Template syntax outside code in an output; escapes (`/*` in Hugo) are left out of the generated inputs. */
function leftOutsideCode(text: string, set: (typeof DIALECT_SETS)[number]): string[] {
  const mdxFile = set.file.endsWith('.mdx')
  const ranges = findCode(text, { indentedCode: !mdxFile })
  const patterns: RegExp[] = []
  if (set.dialects.includes('hugo')) patterns.push(/\{\{[<%]/g)
  if (set.dialects.includes('liquid') || set.dialects.includes('nunjucks')) patterns.push(/\{[{%]/g)
  // With both listed (Eleventy), the first is the file's engine: `{#` is Nunjucks only.
  if (set.dialects.find((d) => d === 'liquid' || d === 'nunjucks') === 'nunjucks') patterns.push(/\{#/g)
  if (set.dialects.includes('mdx')) patterns.push(/(?<!\\)<[A-Z]/g)
  if (set.dialects.includes('mdx') && mdxFile) patterns.push(/(?<!\\)\{(?!#)/g)
  if (set.dialects.includes('vue')) patterns.push(/\{\{/g)
  // kramdown's attribute lists (Jekyll) and heading attributes (kramdown, Goldmark, Docusaurus) on a line of their own or after a heading.
  if (set.dialects.length === 1 && set.dialects[0] === 'liquid') patterns.push(/^[ \t]*\{:(?![:/])[^{}\n]*\}[ \t]*$/gm)
  if (['hugo', 'liquid', 'docusaurus'].includes(set.dialects.at(-1) as string) && set.dialects.length === 1) patterns.push(/^ {0,3}#{1,6}[ \t].*[ \t]\{#[\w-]+\}[ \t]*$/gm)
  // Python-Markdown's block markers at the start of a line, and snippets anywhere (they are read inside code too).
  if (set.dialects.includes('pymdown')) patterns.push(/^(?:!!!|\?\?\?\+?)[ \t]*[\w-]+(?:[ \t]+[\w-]+)*(?:[ \t]+"[^"\n]*")?[ \t]*$/gm, /^===[!+]{0,2}[ \t]+"[^\n]*"[ \t]*$/gm, /^\[TOC\]$/gm)
  const left: string[] = []
  if (set.dialects.includes('pymdown')) for (const m of text.matchAll(/^[ \t]*-+8<-+[ \t]+"[^"\n]+"[ \t]*$/gm)) left.push(m[0])
  for (const p of patterns)
    for (const m of text.matchAll(p)) if (!ranges.some((r) => r.start <= m.index && m.index < r.end)) left.push(text.slice(m.index, m.index + 12))
  return left
}

describe('any body', () => {
  test.each(DIALECT_SETS)('$dialects ($file): never throws, always the same, no syntax left outside code', (set) => {
    fc.assert(
      fc.property(body, (input) => {
        const first = expandTemplates(input, context(set))
        const again = expandTemplates(input, context(set))
        expect([again.body, again.findings]).toEqual([first.body, first.findings])
        // Every line of the expanded body comes from a line of the body as given.
        const lines = input.split('\n').length
        for (let l = 1; l <= first.body.split('\n').length; l++) {
          expect(first.sourceLine(l)).toBeGreaterThanOrEqual(1)
          expect(first.sourceLine(l)).toBeLessThanOrEqual(lines)
        }
        expect(first.findings.filter((f) => f.name === 'templates' && f.action === 'unresolved')).toEqual([])
        for (const f of first.findings) expect(Number.isInteger(f.line) && f.line >= 1).toBe(true)
        expect(leftOutsideCode(first.body, set)).toEqual([])
      }),
      { numRuns: 300 },
    )
  })
})

const MB = 1 << 20
const repeatTo = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size)

/** Patterns that made a lexer rescan, recurse or multiply output in some implementation. */
const HOSTILE: Array<[string, string, (typeof DIALECT_SETS)[number]]> = [
  ['hugo openers', '{{< a >}}', DIALECT_SETS[0]],
  ['hugo unclosed', '{{<', DIALECT_SETS[0]],
  ['hugo escape openers', '{{</*', DIALECT_SETS[0]],
  ['hugo highlight', '{{< highlight go >}}', DIALECT_SETS[0]],
  ['liquid unclosed output', '{{ "', DIALECT_SETS[1]],
  ['liquid unclosed tag', '{%', DIALECT_SETS[1]],
  ['liquid nested ifs', '{% if page.x %}', DIALECT_SETS[1]],
  ['liquid raw openers', '{% raw %}', DIALECT_SETS[1]],
  ['liquid long chain', '{{ a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a', DIALECT_SETS[1]],
  ['nunjucks comments', '{# ', DIALECT_SETS[3]],
  ['jsx unclosed braces', '<A a={', DIALECT_SETS[4]],
  ['jsx open tags', '<A>\n', DIALECT_SETS[4]],
  ['mdx braces', '{', DIALECT_SETS[4]],
  ['mdx imports', 'import x from "y"\n', DIALECT_SETS[4]],
  ['mdx partials', 'import x from "./p.mdx"\n\n<x />\n\n', DIALECT_SETS[4]],
  // A component after every run makes the MDX pass scan for code (a body without one is passed over at once).
  ['backtick runs', '`a`` <B/>', DIALECT_SETS[5]],
  ['fences', '```\n~~~\n<B/>\n', DIALECT_SETS[5]],
  ['list continuations', '- a\n    <B/>\n\n', DIALECT_SETS[5]],
  ['admonition openers', ':::note\n', DIALECT_SETS[7]],
  ['code titles', '```js title="x"\n```\n', DIALECT_SETS[7]],
  ['vue unclosed interpolations', 'a {{ b\n', DIALECT_SETS[8]],
  ['vue plain lines (every one searched for {{ and marks)', 'line of ==text\n', DIALECT_SETS[8]],
  ['vue script openers', '<script>\n', DIALECT_SETS[8]],
  ['vue tabs', '::: tabs\n@tab a\n', DIALECT_SETS[8]],
  ['vue marks', '==a ^b ~c !!d {#e} ', DIALECT_SETS[8]],
  ['kramdown span lists', '[a](b){:x}', DIALECT_SETS[1]],
  ['kramdown unclosed extensions', '{::comment}', DIALECT_SETS[1]],
  ['kramdown extensions', '{::nomarkdown}a{:/} ', DIALECT_SETS[1]],
  ['kramdown attribute lines', '## a\n{: #b}\n', DIALECT_SETS[1]],
  ['heading attributes', '## a {#b .c d=e}\n', DIALECT_SETS[0]],
  ['heading of spaces and braces', '# {     {', DIALECT_SETS[7]],
  ['pymdown admonitions', '!!! note "a"\n    b\n', DIALECT_SETS[9]],
  ['pymdown nested admonitions', '!!! note\n    !!! tip\n        ??? x\n            === "a"\n                b\n', DIALECT_SETS[9]],
  ['pymdown indented markers (each asks the stack of lines above whether it is in a list item)', '    !!! note\n', DIALECT_SETS[9]],
  ['pymdown tabs', '=== "a"\n    b\n\n', DIALECT_SETS[9]],
  ['pymdown snippets', '--8<-- "p.md"\n', DIALECT_SETS[9]],
  ['pymdown emoji and attribute lists', ':smile: :material-x: [a](b){ .c } ', DIALECT_SETS[9]],
  ['pymdown definitions', 'term\n\n:   !!! note\n        a\n', DIALECT_SETS[9]],
]

/** CPU milliseconds of the best of `runs` (CPU time, not wall time: other processes on a shared machine do not count). */
function timed(input: string, set: (typeof DIALECT_SETS)[number], runs: number): number {
  let best = Infinity
  for (let k = 0; k < runs; k++) {
    const started = process.cpuUsage()
    expandTemplates(input, context(set))
    const used = process.cpuUsage(started)
    best = Math.min(best, (used.user + used.system) / 1000)
  }
  return best
}

describe('hostile bodies of 1 MB', () => {
  test.each(HOSTILE)('%s: finishes fast and grows linearly', (_name, unit, set) => {
    const small = timed(repeatTo(unit, MB / 8), set, 3)
    const large = timed(repeatTo(unit, MB), set, 1)
    expect(large).toBeLessThan(8_000)
    // Eight times the input: linear code takes about eight times as long, quadratic code sixty-four times.
    expect(large / Math.max(small, 25)).toBeLessThan(24)
  })

  test('loops, includes and partials stop within their budgets', () => {
    const loop = expandTemplates('{% for i in (1..100000) %}{% for j in (1..100000) %}xxxxxxxx{% endfor %}{% endfor %}', context(DIALECT_SETS[1]))
    expect(loop.body.length).toBeLessThan(10_000_000)
    expect(loop.findings.some((f) => f.action === 'removed' && /more than the importer allows/.test(f.message ?? ''))).toBe(true)
    const include = expandTemplates('{% include include %}', context(DIALECT_SETS[1]))
    expect(include.findings.some((f) => /Includes nest deeper/.test(f.message ?? ''))).toBe(true)
    const partial = expandTemplates('import x from "./p.mdx"\n\n<x />\n', context(DIALECT_SETS[4]))
    expect(partial.findings.some((f) => /Partials nest deeper/.test(f.message ?? ''))).toBe(true)
    const snippets = expandTemplates('--8<-- "s1.md"\n--8<-- "s1.md"\n', context(DIALECT_SETS[9]))
    expect(snippets.body.split('\n').length).toBeLessThan(200_000)
    expect(snippets.findings.some((f) => f.action === 'unresolved' && /longer than the importer allows/.test(f.message ?? ''))).toBe(true)
  })
})

describe('nothing outside the site is read, nothing executes', () => {
  test('include and partial paths that leave the site are refused by the context, and reported', () => {
    const reads: string[] = []
    const ctx = { ...makeContext({ dialects: ['liquid'], file: 'a.md' }), readFile: (kind: 'include' | 'relative', path: string) => (reads.push(`${kind}:${path}`), undefined) }
    const r = expandTemplates('{% include ../../etc/passwd %}{% include_relative ../../../etc/passwd %}', ctx)
    expect(reads).toEqual(['include:../../etc/passwd', 'relative:../../../etc/passwd'])
    expect(r.findings.map((f) => f.action)).toEqual(['unresolved', 'unresolved'])
  })

  test('generated links and embeds refuse script URLs; JSX event handlers are dropped', () => {
    const hugo = expandTemplates('{{< figure src="javascript:alert(1)" link="javascript:alert(2)" >}}', makeContext({ dialects: ['hugo'] }))
    expect(hugo.body).not.toMatch(/javascript:/i)
    const mdx = expandTemplates('<Link href="java\nscript:alert(1)">x</Link> <div onClick={() => steal()} onmouseover="x()">y</div>', makeContext({ dialects: ['mdx'], file: 'a.mdx' }))
    expect(mdx.body).not.toMatch(/javascript:|onclick|onmouseover|steal/i)
  })

  test('Liquid cannot reach the clock or randomness: the output is the same whenever it runs', () => {
    const r = expandTemplates('{{ "now" | date: "%Y" }} {{ site.time }} {{ page.tags | sample }}', makeContext({ dialects: ['liquid'], page: { tags: ['a', 'b'] } }))
    expect(r.body).toBe('  ')
    expect(r.findings.map((f) => f.action)).toEqual(['unresolved', 'unresolved', 'unresolved'])
  })
})

describe('a VuePress include is the page\'s own text (found by the hostile-input hunt)', () => {
  test('a line range from 0 starts at the first line (it was read as the last line on)', () => {
    const ctx = makeContext({ dialects: ['vue'], file: 'src/a.md', files: { 'src/p.md': 'one\ntwo\nthree' } })
    expect(expandTemplates('<!-- @include: ./p.md{0-2} -->\n', ctx).body).toBe('one\ntwo\n')
  })

  test('its {{ }}, <script> and containers are handled as the page\'s; its own includes stay comments', () => {
    const files = { 'src/p.md': '<!-- @include: ./a.md -->\n{{ secret }} and {{ $frontmatter.title }}\n::: details Why\nin\n:::\n<script>\nalert(1)\n</script>\n' }
    const r = expandTemplates('# A\n\n<!-- @include: ./p.md -->\nafter\n', makeContext({ dialects: ['vue', 'docusaurus'], file: 'src/a.md', files, page: { title: 'Hi' } }))
    expect(r.body).toMatch(/^# A\n\n<!-- @include: \.\/a\.md -->\n and Hi\n<details class="details">\s*<summary>Why<\/summary>\s*in\s*<\/details>\s*after\n$/)
    const removed = r.findings.filter((f) => f.action === 'removed')
    expect(removed.map((f) => f.line)).toEqual([3, 3])
    expect(removed[0].message).toMatch(/^In the included file "\.\/p\.md": The Vue expression \{\{ secret \}\}/)
    expect(removed[1].message).toMatch(/^In the included file "\.\/p\.md": A <script> block/)
  })
})
