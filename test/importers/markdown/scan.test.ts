import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { scanBody, withoutClosingHashes } from '../../../importers/markdown/scan.js'

// Links and images are found wherever CommonMark finds them, the link text running over lines included, and
// each is found once.
describe('scanBody: link and image references', () => {
  test.each([
    { body: 'See [how templates\nwork](/docs/templates/) here.\n', want: [{ kind: 'link', target: '/docs/templates/', line: 2 }] },
    { body: '![KAITO RAGEngine\nArchitecture](arch.png)\n', want: [{ kind: 'image', target: 'arch.png', line: 2 }] },
    { body: 'a [b](/one/) c\n[d\ne](/two/) [f](/three/)\n', want: [{ kind: 'link', target: '/one/', line: 1 }, { kind: 'link', target: '/three/', line: 3 }, { kind: 'link', target: '/two/', line: 3 }] },
    // A blank line ends the paragraph: no link spans it.
    { body: '[not a\n\nlink](/x/)\n', want: [] },
    // Inside a fence nothing is a link.
    { body: '```\n[a\nb](/x/)\n```\n', want: [] },
    // A code span is not a link, even over two lines.
    { body: 'Write `[a\nb](/x/)` for a link.\n', want: [] },
    // A GFM footnote's definition is a note, not a link to rewrite; a link definition is one.
    { body: 'Text[^first].\n\n[^first]: 这是脚注内容\n', want: [] },
    { body: '[^1]: /docs/\n', want: [] },
    { body: '[first]: /docs/\n', want: [{ kind: 'link', target: '/docs/', line: 1 }] },
    // GFM refuses spaces in a footnote's label: this is a link definition there too.
    { body: '[^a b]: /docs/\n', want: [{ kind: 'link', target: '/docs/', line: 1 }] },
    // A destination's parentheses are balanced, as in CommonMark: the whole address, not up to the first `)`.
    { body: 'See [Foo](https://en.wikipedia.org/wiki/Foo_(bar)) and ![p](a_(1).png).\n', want: [{ kind: 'image', target: 'a_(1).png', line: 1 }, { kind: 'link', target: 'https://en.wikipedia.org/wiki/Foo_(bar)', line: 1 }] },
    // Unbalanced, it is no link (it was read as `https://w/Foo_(bar`).
    { body: '[Foo](https://w/Foo_(bar)x\n', want: [] },
    // `<…>` holds no `<`: the pointed address is the later one.
    { body: '[a](<b <c>)\n', want: [] },
    // An `<img>` tag whose other attributes go on below: its src is found, and its alt read up to the line's end.
    { body: '<img src="photo.jpg"\n     alt="A photo" />\n', want: [{ kind: 'image', target: 'photo.jpg', line: 1 }] },
  ])('$body', ({ body, want }) => {
    const refs = scanBody(body).refs.map(({ kind, target, line }) => ({ kind, target, line }))
    expect(refs.sort((a, b) => a.line - b.line || a.target.localeCompare(b.target))).toEqual(want)
    for (const r of scanBody(body).refs) expect(body.slice(r.start, r.end)).toBe(r.target)
  })

  test('a paragraph of a hundred thousand "](" lines is read in linear time', () => {
    const time = (n: number) => {
      const body = 'x](y)\n'.repeat(n)
      const t = performance.now()
      scanBody(body)
      return performance.now() - t
    }
    time(5_000)
    // Four times the lines may not take more than about four times as long (twelve, for a loaded machine).
    expect(time(100_000) / Math.max(1, time(25_000))).toBeLessThan(12)
  })
})

describe('scanBody: offsets and kinds on any body', () => {
  const token = fc.constantFrom('[', ']', '(', ')', '![', '](', 'a', 'b.png', 'c.JPG', '.gif', '?', '#', '/p', ' ', '\t', '\n', '\n\n', '<', '>', '"t"', '`', '\\', '\u00a0', 'href="x.svg?y"', '<img src="d.png">')
  // A target is an image when its path, before any `?` or `#`, ends in an image extension (the definition the
  // scan's one regular expression replaced).
  const isImagePath = (target: string) => /\.(?:png|jpe?g|gif|webp|avif|svg|bmp|ico|tiff?)$/i.test(target.split(/[?#]/)[0])

  test('every reference is found where its target is written, and a plain link is an image exactly when its path is', () => {
    fc.assert(
      fc.property(fc.array(token, { maxLength: 40 }).map((t) => t.join('')), (body) => {
        for (const r of scanBody(body).refs) {
          expect(body.slice(r.start, r.end)).toBe(r.target)
          if (r.kind === 'link') expect(isImagePath(r.target)).toBe(false)
          if (r.kind === 'image' && body[r.start - 1] !== '"' && body[r.start - 1] !== "'" && !body.slice(0, r.start).endsWith('![' + r.alt + '](')) {
            expect(isImagePath(r.target)).toBe(true)
          }
        }
      }),
      { numRuns: 3000 },
    )
  })
})

describe('ATX headings: the closing sequence, found from the end in linear time', () => {
  test.each([
    ['Title ##', 'Title'],
    ['Title ##  ', 'Title'],
    ['Title#', 'Title#'],
    ['##', '##'],
    ['C# and F#', 'C# and F#'],
    ['a \\##', 'a \\##'],
  ])('%j -> %j', (text, want) => {
    expect(withoutClosingHashes(text).trim()).toBe(want)
  })

  test('a heading with half a megabyte of spaces in a tag is read in time (it took minutes; found by the fuzz run)', () => {
    const body = `# Undated${'<div>'.repeat(2000)}<div data-huge="${' '.repeat(500_000)}">\n\nText\n`
    const start = performance.now()
    expect(scanBody(body).h1).toBe('Undated')
    expect(performance.now() - start).toBeLessThan(5000)
  })
})

describe('scanBody: alt text of an <img> tag', () => {
  test.each([
    ['<img alt="before" src="a.png">', 'before'],
    ['<img src="a.png" alt="after">', 'after'],
    // The alt of the next tag is not this one's.
    ['<img src="a.png"><img src="b.png" alt="b">', ''],
    ['<img src="a.png" <img alt="b" src="b.png">', ''],
  ])('%s', (body, alt) => {
    expect(scanBody(body).refs[0]).toMatchObject({ target: 'a.png', alt })
  })
})
