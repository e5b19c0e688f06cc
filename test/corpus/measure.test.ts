// The measuring rules the corpus figures rest on: how two spellings of a route compare, what counts as template
// syntax left in a body, and which documents are sampled. These need no corpus and run everywhere.
import { describe, expect, test } from 'vitest'
import { routeKey, sample, templateSyntax, URL_SAMPLE, withoutCode } from '../../scripts/corpus/measure.js'

describe('routeKey', () => {
  test.each([
    { a: '/about/', b: '/about', same: true },
    { a: '/about/', b: '/about.html', same: true },
    { a: '/guides/', b: '/guides/index.html', same: true },
    { a: '/', b: '/index.html', same: true },
    { a: 'https://doks.netlify.app/docs/', b: '/docs/', same: true },
    { a: '/caf%C3%A9/', b: '/café/', same: true },
    { a: '/a/?q=1#x', b: '/a/', same: true },
    { a: '/About/', b: '/about/', same: false },
    { a: '/blog/x/', b: '/posts/x/', same: false },
    { a: '/docs/intro', b: '/docs/intro/extra', same: false },
  ])('$a vs $b', ({ a, b, same }) => {
    expect(routeKey(a) === routeKey(b)).toBe(same)
  })

  test('keeps a malformed escape as written', () => {
    expect(routeKey('/a%E0%A4%A/')).toBe('/a%E0%A4%A')
  })
})

describe('templateSyntax', () => {
  const cases = [
    { name: 'Hugo shortcode in prose', body: 'See {{< relref "x" >}}.', kinds: ['hugo-shortcode'] },
    { name: 'Hugo shortcode in a fenced block', body: '```\n{{< relref "x" >}}\n```\n', kinds: [] },
    { name: 'Hugo shortcode in a tilde fence with info string', body: '~~~go-html-template\n{{% note %}}\n~~~\nok', kinds: [] },
    { name: 'Liquid tag and output in prose', body: '{% include x.html %} and {{ site.url }}', kinds: ['liquid-tag', 'liquid-output'] },
    { name: 'Liquid in a code span', body: 'Use `{{ page.title }}` here.', kinds: [] },
    { name: 'Liquid inside raw: only the raw tag counts', body: '{% raw %}{{ page.title }}{% endraw %}', kinds: ['liquid-tag'] },
    { name: 'Liquid inside highlight: only the tag counts', body: '{% highlight ruby %}\n{{ x }}\n{% endhighlight %}', kinds: ['liquid-tag'] },
    { name: 'indented code after a blank line', body: 'Text\n\n    {{ site.url }}\n', kinds: [] },
    { name: 'indented line continuing a paragraph is prose', body: 'Text\n    {{ site.url }}\n', kinds: ['liquid-output'] },
    { name: 'Go template action', body: 'Title: {{ .Title }}', kinds: ['go-template'] },
    { name: 'Nunjucks output through a filter', body: 'Go <a href="{{ \'/\' | url }}">home</a>.', kinds: ['template-filter'] },
    { name: 'a table cell is not a filter', body: '| a | b |\n| --- | --- |', kinds: [] },
    { name: '<pre> element', body: '<pre>{{ .Title }}</pre>', kinds: [] },
    { name: 'Docusaurus admonition', body: ':::tip Title\nHi\n:::', kinds: ['admonition'] },
    { name: 'plain text with braces', body: 'A set {a, b} and a map {"k": 1}.', kinds: [] },
  ]
  test.each(cases)('$name', ({ body, kinds }) => {
    expect(templateSyntax(body).map((f) => f.kind)).toEqual(kinds)
  })

  test('MDX import, export and components count only on MDX sites', () => {
    const body = "import Tabs from '@theme/Tabs'\n\n<Tabs>\n  <TabItem value=\"a\">A</TabItem>\n</Tabs>\n{/* truncate */}\nexport const x = 1"
    expect(templateSyntax(body)).toEqual([])
    expect(templateSyntax(body, { mdx: true }).map((f) => f.kind).sort()).toEqual(['jsx-component', 'jsx-component', 'mdx-comment', 'mdx-import-export', 'mdx-import-export'])
  })
})

describe('withoutCode', () => {
  test('a fence closes only on the same character, at least as long', () => {
    expect(withoutCode('````\n```\nstill code\n````\nprose')).toBe('prose')
    expect(withoutCode('~~~\n```\n~~~\nprose')).toBe('prose')
  })

  test('an unclosed fence runs to the end', () => {
    expect(withoutCode('prose\n```\ncode')).toBe('prose')
  })
})

describe('sample', () => {
  const docs = (n: number) => Array.from({ length: n }, (_, i) => ({ source: `doc-${i}.md` }))

  test('takes every document of a small site', () => {
    expect(sample(docs(12))).toHaveLength(12)
  })

  test('takes a fixed sample of a large site, whatever the input order', () => {
    const forward = sample(docs(500))
    const backward = sample(docs(500).reverse())
    expect(forward).toHaveLength(URL_SAMPLE)
    expect(backward.map((d) => d.source)).toEqual(forward.map((d) => d.source))
  })
})
