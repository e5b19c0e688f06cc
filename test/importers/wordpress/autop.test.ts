import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { autop as reference } from '@wordpress/autop'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { generateWxr } from '../../../bench/generate-wxr.js'
import { autop } from '../../../importers/wordpress/content/autop.js'

// Our wpautop must give exactly what WordPress's own JavaScript version gives, on any input.

// Pieces that reach every rule: each block element kind, <pre>, <br> spellings, newlines inside tags and comments,
// CDATA, the elements whose newlines are preserved, option/object/source/figcaption clean-ups, Unicode whitespace,
// placeholders a body could contain by accident, and stray angle brackets.
const TOKENS = [
  'word', 'x', ' ', '  ', '\t', '\n', '\n\n', '\n\n\n', '\r\n', '\r', '\u00a0', '\u2028', '\u3000', '\ufeff', '\u180e', '\u0085',
  '<p>', '</p>', '<P>', '<div>', '</div>', '<div class="a">', '<address>', '</address>', '<form>', '</form>',
  '<h2>', '</h2>', '<ul>', '</ul>', '<li>', '</li>', '<p><li>', '<table>', '<tr>', '<td>', '</td>', '</table>',
  '<blockquote>', '<blockquote cite="x">', '</blockquote>', '<p><blockquote>', '<P><BLOCKQUOTE class="q">', '</blockquote></p>',
  '<hr>', '<hr />', '<li', '<p><li', '<p', '</p', '<pre', '-->', ']]>', '<option', '<track', '<figure>', '</figure>', '<figcaption>', '</figcaption>', '<section>', '</section>',
  '<pre>', '<pre class="c">', '</pre>', '<pre wp-pre-tag-0></pre>',
  '<br>', '<br/>', '<br />', '<BR>', '<br >', '<br\n/>',
  '<a href="/x"\n>', '<img src="a.jpg"\nalt="b">', '</a>', '<span>', '</span>', '<em>', '</em>',
  '<!-- c -->', '<!-- a\nb -->', '<!--more-->', '<!-- wpnl -->', '<![CDATA[a\nb]]>', '<!', '<!-', '<',  '>', '<<', 'a>b',
  '<script>', '</script>', '<style>', '</style>', '<svg>', '</svg>', '<math>', '</math>', '<WPPreserveNewline />',
  '<select>', '<option>', '</option>', '</select>', '<object>', '</object>', '<param name="a">', '<embed src="x">',
  '<video>', '</video>', '[video]', '[/video]', '<audio>', '<source src="a">', '<track src="b">',
  '[caption]', '[/caption]', '[gallery]',
]

const body = fc.array(fc.oneof(fc.constantFrom(...TOKENS), fc.string({ maxLength: 4 })), { maxLength: 40 }).map((parts) => parts.join(''))

describe('autop matches @wordpress/autop', () => {
  test('on random HTML-like bodies', () => {
    fc.assert(
      fc.property(body, (text) => {
        expect(autop(text)).toBe(reference(text))
      }),
      { numRuns: 20_000 },
    )
  })

  // Fragments that rules can join into tags (a stray </pre> dropped, a </p> removed by the <li> rule), next to tags
  // that only sit inside <pre>: the shapes that defeat a scan for tags made once, before the rules run.
  const FRAGMENTS = [
    '<pre>', '</pre>', '<', '>', 'br>', '/div>', 'script>', '</script>', 'option>', '/object>', 'source src=a>', 'figcaption>',
    'blockquote>', '!-- wpnl -->', 'WPPreserveNewline />', '<li', '<p>', '</p>', '\n', '\n\n', ' ', 'x', '<object ', '</object>',
    '<source src="a">', '<video>', '</video>', '[video]', '<figcaption>', '<br>', '<embed src="x">', '<option>', '<blockquote>', '</blockquote>',
    // Whole shapes in which the <li> rule drops a </p> next to a '<' (the object and video rules ate its newlines).
    '<lix <object <', '<li <video <', '<p><li x <embed <', '</p>\n\n', '</p>\n\nbr>', '</p>\n\nscript>x</script>',
  ]
  test('on fragments that rules can join into tags', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 14 }).map((parts) => parts.join('')), (text) => {
        expect(autop(text)).toBe(reference(text))
      }),
      { numRuns: 20_000 },
    )
  })

  test('on random text of any characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        expect(autop(text)).toBe(reference(text))
      }),
      { numRuns: 5_000 },
    )
  })

  test.each([
    ['empty', ''],
    ['whitespace only', ' \n\t\n'],
    ['one line', 'Hello'],
    ['single newlines become <br />', 'One\ntwo\n three \n'],
    ['a newline right after <br /> stays', 'One<br />\ntwo<br/>  \nthree'],
    ['paragraphs', 'One\n\n\n\nTwo\n \nThree'],
    ['<pre> bodies stay', 'A\n<pre>a\n\nb</pre>\nB<pre>c</pre>'],
    ['newlines in tags and comments', '<a\nhref="x">y</a>\n<!-- a\nb -->\nz'],
    ['script keeps its newlines', 'a\n<script>x\ny</script>\nb'],
    ['div text gets its own paragraph end', '<div>\ntext</div>'],
    ['list items', '<ul>\n<li>a</li>\n<li>b</li>\n</ul>'],
    // Tags that are only inside <pre> must not wake the rules for them (found in review).
    ['a <source> shown in <pre> and a real <video>', 'Markup for a player:\n<pre>&lt;video&gt;\n<source src="a.mp4">\n&lt;/video&gt;</pre>\nHere it is:\n<video controls>\n<p>Fallback</p>\n</video>\nEnd'],
    ['an </object> shown in <pre> and a real <embed>', 'Old embed code:\n<pre>&lt;object&gt;...</object></pre>\nIntro\n<embed src="x.swf">\nMore text'],
    ['a stray </pre> dropped, joining a <br>', '<pre>a</pre>b<</pre>br>c'],
    ['a stray </pre> dropped, joining a </div>', '<pre>a</pre><p>x<</pre>/div>\n'],
    ['the <li> rule joining a <br>', '<lix <object <</p>\n\nbr></object>'],
  ])('%s', (_name, text) => {
    expect(autop(text)).toBe(reference(text))
  })

  test('on every body of generated exports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'autop-'))
    try {
      const file = join(dir, 'export.xml')
      await generateWxr(400, file)
      const bodies = contentBodies(readFileSync(file, 'utf8'))
      expect(bodies.length).toBeGreaterThan(400)
      for (const text of bodies) expect(autop(text)).toBe(reference(text))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  const corpus = fileURLToPath(new URL('../../../../shared/fixtures/wxr/', import.meta.url))
  test.skipIf(!existsSync(corpus))('on every body of the real exports in ../shared/fixtures/wxr (skipped when absent)', () => {
    let compared = 0
    for (const name of readdirSync(corpus).filter((f) => f.endsWith('.xml'))) {
      for (const text of contentBodies(readFileSync(join(corpus, name), 'utf8'))) {
        expect(autop(text), name).toBe(reference(text))
        compared++
      }
    }
    expect(compared).toBeGreaterThan(100)
  })
})

/** The `content:encoded` texts of an export (CDATA only, which is how WordPress writes them). */
function contentBodies(xml: string): string[] {
  const out: string[] = []
  for (const m of xml.matchAll(/<content:encoded>((?:<!\[CDATA\[[\s\S]*?\]\]>)+)<\/content:encoded>/g)) {
    out.push(m[1].replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1'))
  }
  return out
}
