// The measuring rules the corpus figures rest on: how two spellings of a route compare, what counts as template
// syntax left in a body, and which documents are sampled. These need no corpus and run everywhere.
import { describe, expect, test } from 'vitest'
import { isNotFoundUrl, redirectKey, sample, servingFiles, templateSyntax, URL_SAMPLE, urlPath, withoutCode } from '../../scripts/corpus/measure.js'

describe('servingFiles: the files that keep an original URL answering', () => {
  test.each([
    { url: '/about/', files: ['about/index.html'] },
    { url: '/', files: ['index.html'] },
    { url: 'https://doks.netlify.app/docs/', files: ['docs/index.html'] },
    { url: '/commands/npm-access.html', files: ['commands/npm-access.html'] },
    { url: '/404.html', files: ['404.html'] },
    { url: '/docs/intro', files: ['docs/intro.html', 'docs/intro/index.html'] },
    { url: '/caf%C3%A9/?q=1#x', files: ['café/index.html'] },
    { url: '/About/', files: ['About/index.html'] },
  ])('$url', ({ url, files }) => {
    expect(servingFiles(url)).toEqual(files)
  })

  test('keeps a malformed escape as written', () => {
    expect(urlPath('/a%E0%A4%A/')).toBe('/a%E0%A4%A/')
  })
})

describe('redirectKey', () => {
  test.each([
    { a: '/old/', b: '/old', same: true },
    { a: '/old/index.html', b: '/old/', same: true },
    { a: 'https://example.com/old/', b: '/old/', same: true },
    { a: '/old.html', b: '/old', same: false },
    { a: '/Old/', b: '/old/', same: false },
  ])('$a vs $b', ({ a, b, same }) => {
    expect(redirectKey(a) === redirectKey(b)).toBe(same)
  })
})

describe('isNotFoundUrl: a not-found page is no document', () => {
  test.each([
    { url: '/404.html', yes: true },
    { url: '/404/', yes: true },
    { url: '/journal/404.html', yes: true },
    { url: 'https://example.com/fr/404/', yes: true },
    { url: '/docs/errors/404/', yes: false },
    { url: '/blog/404-not-found/', yes: false },
    { url: '/4040/', yes: false },
  ])('$url', ({ url, yes }) => {
    expect(isNotFoundUrl(url)).toBe(yes)
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
