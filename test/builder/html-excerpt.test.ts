import fc from 'fast-check'
import { Parser } from 'htmlparser2'
import { expect, test } from 'vitest'
import { collapseWhitespace, plainTextExcerpt, truncateOnWord } from '../../src/builder/excerpt.js'

// HTML excerpts stop the parser at the first block with text. This is the version that read the whole prefix,
// kept as the oracle: stopping early must give the same excerpt for any document.
const SKIP_TAGS = new Set(['script', 'style', 'template', 'noscript', 'svg', 'math', 'head', 'figcaption', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
const BLOCK_TAGS = new Set(['p', 'div', 'li', 'blockquote', 'section', 'article', 'td', 'dd', 'figure', 'ul', 'ol', 'table'])

function fullParseText(content: string, maxLength: number): string {
  let skipDepth = 0
  let current = ''
  let first: string | undefined
  let all = ''
  const parser = new Parser(
    {
      onopentagname(name) {
        if (SKIP_TAGS.has(name)) skipDepth++
        else if (BLOCK_TAGS.has(name) && current.trim() !== '' && first === undefined) first = current
        if (name === 'br') current += ' '
      },
      ontext(text) {
        if (skipDepth > 0 || first !== undefined) return
        current += text
        if (all.length < maxLength * 4) all += text
      },
      onclosetag(name) {
        if (SKIP_TAGS.has(name)) skipDepth = Math.max(0, skipDepth - 1)
        else if (BLOCK_TAGS.has(name) && first === undefined && current.trim() !== '') first = current
        if (BLOCK_TAGS.has(name)) current = first === undefined ? '' : current
        all += ' '
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  )
  parser.write(content.slice(0, 32768))
  parser.end()
  return first ?? (current.trim() !== '' ? current : all)
}

const fullParseExcerpt = (html: string, max: number) => truncateOnWord(collapseWhitespace(fullParseText(html, max)), max)

const pieces = [
  '<p>', '</p>', '<div>', '</div>', '<li>', '<ul>', '</ul>', '<h2>', '</h2>', '<pre>', '</pre>', '<script>', '</script>',
  '<br>', '<br/>', '<em>', '</em>', '<a href="x>y">', '</a>', '<!-- c -->', '<table><tr><td>', '</td></tr></table>',
  '<figure>', '<figcaption>', '</figcaption>', '</figure>', '<svg>', '</svg>', '<P>', '<img alt="a">', '<',
  'Hello', ' world', ' ', '\n', '&amp;', '&nbsp;', '&copy', 'Привет', '中文', ' ', '.', 'word word word ',
]

test('stopping at the first block gives the excerpt of the whole prefix', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 80 }), fc.integer({ min: 5, max: 300 }), (parts, max) => {
      const html = parts.join('')
      expect(plainTextExcerpt(html, 'html', max)).toBe(fullParseExcerpt(html, max))
    }),
    { numRuns: Number(process.env.FC_RUNS ?? 2000), seed: Number(process.env.FC_SEED ?? 20261126) },
  )
})

test.each([
  ['first paragraph of a long body', `<h1>T</h1><p>First <b>para</b>graph.</p>${'<p>More text here.</p>'.repeat(3000)}`],
  ['implied close of an open paragraph', '<p>One<p>Two'],
  ['text outside blocks only', 'Just text<br>and more'],
  ['a list before any paragraph', '<ul><li>one</li><li>two</li></ul><p>after</p>'],
])('%s', (_name, html) => {
  expect(plainTextExcerpt(html, 'html')).toBe(fullParseExcerpt(html, 300))
})
