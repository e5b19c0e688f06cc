import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { firstMarkdownBlock, markdownExcerpt as deriveExcerpt, markdownToText, truncateOnWord as boundText } from '../../src/builder/excerpt.js'
import { scanBody } from '../../importers/markdown/scan.js'

describe('deriveExcerpt', () => {
  test.each([
    { name: 'text before the marker', body: 'Intro *here*.\n\n## More\n\nRest <!--more--> after', markers: ['<!--more-->'], excerpt: 'Intro here. Rest' },
    { name: 'Docusaurus truncate', body: 'Welcome.\n\n<!-- truncate -->\n\nBody', markers: ['<!-- truncate -->'], excerpt: 'Welcome.' },
    { name: 'first paragraph after headings', body: '# Title\n\n## Sub\n\nThe first **real** paragraph.\n\nSecond.', markers: [], excerpt: 'The first real paragraph.' },
    { name: 'list when there is no paragraph', body: '### Notable\n\n- **fs**: faster `stat`\n- docs [fixed](https://x)\n', markers: [], excerpt: 'fs: faster stat docs fixed' },
    { name: 'code is not an excerpt', body: '```js\nconst a = 1\n```\n\nAfter code.', markers: [], excerpt: 'After code.' },
    { name: 'MDX imports are skipped', body: "import X from './x'\n\nHello <X />.", markers: [], excerpt: 'Hello .' },
    { name: 'entities and escapes', body: 'Fish &amp; chips \\*not emphasis\\*', markers: [], excerpt: 'Fish & chips *not emphasis*' },
    { name: 'empty body', body: '', markers: [], excerpt: '' },
    // Issue 15 item 13: inline HTML is read by remark, by CommonMark's rules, not cut at the first ">".
    { name: 'a ">" inside a quoted attribute', body: 'Hello <img alt="a>b" src="x.png"> world.', markers: [], excerpt: 'Hello world.' },
    { name: 'inline HTML in a list', body: '- one <span title=\'1 > 0\'>two</span>', markers: [], excerpt: 'one two' },
  ])('$name', ({ body, markers, excerpt }) => {
    expect(deriveExcerpt(body, markers)).toBe(excerpt)
  })

  test('long paragraphs are cut on a word boundary with an ellipsis', () => {
    const excerpt = deriveExcerpt('word '.repeat(200), [], 50)
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(50)
    expect(excerpt).toMatch(/^(word )+word…$/)
  })
})

describe('markdownToText: the fast path agrees with remark', () => {
  test.each([
    'Plain text.',
    'Some **bold** and *italic* and `code`.',
    'A [link](https://example.com "title") and ![image](x.png) and <https://auto.link>.',
    'snake_case and _emphasis_ and __strong__.',
    'Fish &amp; chips &#x2014; &copy;',
  ])('%j', (text) => {
    const fast = markdownToText(text)
    // Forcing remark: a fenced block sends the fragment down the slow path; its text is dropped from the result.
    const slow = markdownToText('```\n```\n' + text)
    expect(fast).toBe(slow)
  })
})

test('boundText never exceeds the bound nor splits a grapheme', () => {
  const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' })
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.integer({ min: 5, max: 300 }), (text, max) => {
      const out = boundText(text, max)
      if (Array.from(text).length <= max) {
        expect(out).toBe(text)
        return
      }
      expect(out.endsWith('…')).toBe(true)
      expect(Array.from(out).length).toBeLessThanOrEqual(max)
      const head = out.slice(0, -1)
      expect(text.startsWith(head)).toBe(true)
      // The cut falls on a grapheme boundary of the original text.
      const boundaries = new Set([...segmenter.segment(text)].map((s) => s.index))
      expect(head.length === 0 || boundaries.has(head.length) || /[\s,;:.\-–—]/u.test(text[head.length])).toBe(true)
    }),
    { numRuns: 300 },
  )
})

describe('scanBody', () => {
  test('finds the first level-1 heading (ATX or setext), outside code', () => {
    expect(scanBody('```\n# not this\n```\n\nTitle *here*\n===\n\n# Later').h1).toBe('Title here')
    expect(scanBody('## Two\n\n# One #').h1).toBe('One')
  })

  test('a heading with inline HTML is read by CommonMark\'s rules (issue 15 item 13)', () => {
    expect(scanBody('# Hello <img alt="a>b" src="x.png"> World').h1).toBe('Hello World')
    expect(scanBody('Fish &amp; <b title="x>y">Chips</b>\n===').h1).toBe('Fish & Chips')
    expect(scanBody('# Use a<b').h1).toBe('Use a<b')
  })

  test('finds images, links to files and their exact offsets; ignores code', () => {
    const body = 'See [doc](../a.md#x) and ![pic](./p.png "t").\n`[no](b.md)`\n```\n![no](c.png)\n```\n<img alt="D" src="d.png">\n[ref]: <./e.md>'
    const refs = scanBody(body).refs
    expect(refs.map((r) => [r.kind, r.target, r.alt, r.line])).toEqual([
      ['image', './p.png', 'pic', 1],
      ['link', '../a.md#x', '', 1],
      ['image', 'd.png', 'D', 6],
      ['link', './e.md', '', 7],
    ])
    for (const r of refs) expect(body.slice(r.start, r.end)).toBe(r.target)
  })
})

// The line-by-line scan must find the same block as splitting the whole text into lines first (the plain reading).
test('firstMarkdownBlock reads lines lazily but finds the block a full split finds', () => {
  const reference = (markdown: string): string => {
    const lines = markdown.split('\n')
    let fence: string | null = null
    let other: string | null = null
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]
      const f = /^ {0,3}(`{3,}|~{3,})/.exec(line)
      if (fence !== null) {
        if (f && f[1][0] === fence[0] && f[1].length >= fence.length) fence = null
        continue
      }
      if (f) {
        fence = f[1]
        continue
      }
      if (line.trim() === '' || /^ {0,3}#{1,6}(?:\s|$)/.test(line)) continue
      let j = i
      while (j < lines.length && lines[j].trim() !== '') j++
      const block = lines.slice(i, j).join('\n')
      if (!/^(?: {0,3}(?:#{1,6}(?:\s|$)|[-*+]\s|\d{1,9}[.)]\s|>|\||<|`{3}|~{3}|\{[{%]|[-*_](?:\s*[-*_]){2,}\s*$|=+\s*$)|import\s|export\s|:::|\s{4})/.test(line)) return block
      if (other === null && /^ {0,3}(?:[-*+]\s|\d{1,9}[.)]\s|>)/.test(line)) other = block
      i = j - 1
    }
    return other ?? ''
  }
  const line = fc.constantFrom('', ' ', 'text', 'more text', '# h', '```', '~~~', '- item', '1. one', '> quote', '    code', '---', '<div>', 'a')
  fc.assert(
    fc.property(fc.array(line, { maxLength: 25 }), (lines) => {
      const markdown = lines.join('\n')
      expect(firstMarkdownBlock(markdown)).toBe(reference(markdown))
    }),
    { numRuns: 3000 },
  )
})
