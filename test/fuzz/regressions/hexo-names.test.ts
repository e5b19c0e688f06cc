import fc from 'fast-check'
import { expect, test } from 'vitest'
import { cleanUrl, parseFileName, postPath, readSettings } from '../../../importers/markdown/presets/hexo.js'
import { nextTabs } from '../../../importers/markdown/templates/hexo.js'
import { includeTargets } from '../../../importers/markdown/templating.js'
import { expandTemplates } from '../../../importers/markdown/templates/index.js'
import { makeContext } from '../../importers/markdown/templates/_context.js'
import { cpuMs, growth } from './_growth.js'

// A Hexo site's `new_post_name` is read back from every post's file name. As a regular expression of lazy groups
// (`:a:b:c…-x` against a name that does not end in `-x`) it took seconds a file; the table matcher stays linear.
test('new_post_name with many free tokens, against names that do not fit, costs little', () => {
  const pattern = Array.from({ length: 31 }, (_, i) => `:t${i}`).join('') + '-x.md'
  const start = process.cpuUsage()
  for (let i = 0; i < 50; i++) expect(parseFileName(pattern, `${'a'.repeat(500)}${i}.md`).title).toBe(`${'a'.repeat(500)}${i}`)
  expect(cpuMs(start)).toBeLessThan(2000)
})

test('whatever front matter fills a permalink with, the old URL is one clean path', () => {
  const settings = readSettings({ permalink: ':year/:lang/:title/:abbrlink.html' })
  fc.assert(
    fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }), (lang, abbrlink) => {
      const url = postPath(settings, { slug: 'post', date: '2024-01-01T00:00:00Z', zone: 'UTC', fields: { lang, abbrlink }, info: {}, hierarchies: [] })
      expect(url.startsWith('/')).toBe(true)
      expect(url).not.toMatch(/[\s\u0000-\u001f\\]|\/\.\.?(?:\/|$)|\/\//)
      expect(cleanUrl(url)).toBe(url)
    }),
  )
})

test('Hexo tag arguments of any text never leave a tag printed, nor a script or event attribute', () => {
  fc.assert(
    fc.property(fc.constantFrom('img', 'link', 'iframe', 'youtube', 'button', 'asset_img', 'post_link', 'blockquote', 'note', 'gist', 'label'), fc.string({ maxLength: 60 }), (tag, args) => {
      const paired = tag === 'blockquote' || tag === 'note'
      const body = `{% ${tag} ${args.replace(/%}/g, '')} %}${paired ? `x{% end${tag} %}` : ''}`
      const { body: out } = expandTemplates(body, makeContext({ dialects: ['hexo'], file: 'source/_posts/a.md' }))
      expect(out).not.toMatch(/\{%|<script|\son\w+=|javascript:/i)
    }),
  )
})

// NexT's tabs were read by a lazy expression (`<!-- tab` + blanks with no `-->`, or tabs never closed: each read the
// rest again), and include_code's file by one whose lazy middle retried the rest of the line at every word.
test.each([
  ['unclosed tabs', (n: number) => nextTabs('<!-- tab a -->x'.repeat(n))],
  ['a tab comment of blanks', (n: number) => nextTabs(`<!-- tab ${' '.repeat(n * 8)}x`)],
  ['include_code tags on one line, unclosed', (n: number) => includeTargets('{% include_code a b '.repeat(n), ['hexo'])],
  ['include_code with many words and no end', (n: number) => includeTargets(`{% include_code ${'w '.repeat(n * 4)}`, ['hexo'])],
])('%s: time linear in the text', (_, fn) => {
  expect(growth(fn, 2_000)).toBeLessThan(32)
})

test('tabs and include_code targets read as before', () => {
  expect(nextTabs('<!-- tab First @fa -->\nA\n<!-- endtab -->\n<!-- tab -->B<!-- endtab -->')).toEqual([
    { title: 'First', text: '\nA\n' },
    { title: '', text: 'B' },
  ])
  expect(includeTargets('{% include_code Snippet lang:python from:2 app.py %}\n{%- include-code x.js -%}\n{% include_code broken\n%}', ['hexo'])).toEqual([
    { kind: 'include', target: 'app.py' },
    { kind: 'include', target: 'x.js' },
  ])
})
