import fc from 'fast-check'
import { decodeHTML } from 'entities'
import { describe, expect, test } from 'vitest'
import { htmlToText } from '../../../importers/wordpress/content/html.js'
import { proseText } from '../../../importers/wordpress/content/prose.js'
import { deriveExcerpt, deriveExcerptFull } from '../../../importers/wordpress/content/excerpt.js'
import { LIMITS } from '../../../importers/wordpress/limits.js'

// The regular expressions htmlToText used before it read HTML with the HTML parser (issue 15 item 13): the oracle
// for input on which the two agree, HTML whose tags hold no ">" in a quoted value and whose "<" all start a tag.
function htmlToTextBefore(html: string): string {
  return decodeHTML(
    html
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(script|style)[\s>][\s\S]*?<\/\1>/gi, ' ')
      .replace(/<\/?(?:p|div|br|li|h[1-6]|figure|figcaption|blockquote|tr|td|th|pre)\b[^>]*>/gi, ' ')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim()
}

// The head-of-1500 rule, as first written, plus what it missed: a cut inside a comment, script or style element
// takes the whole body, and a cut shortcode is left out of the head. The text is the prose (`proseText`), media and
// captions left out (issue 14 item 6).
function deriveExcerptBefore(html: string): string {
  const HEAD = 1500
  const cut = html.length > HEAD
  let head = html
  if (cut) {
    head = html.slice(0, HEAD)
    for (let before = -1; before !== head.length; ) {
      before = head.length
      head = head.replace(/<[^>]*$/, '').replace(/\[[^\]]*$/, '')
      // A media shortcode whose closing tag is not in the head: its content would be cut in two.
      for (const m of head.matchAll(/\[(caption|wp_caption|gallery|embed|audio|video|playlist)\b/gi)) {
        if (!head.includes(`[/${m[1]}]`, m.index)) {
          head = head.slice(0, m.index)
          break
        }
      }
    }
  }
  const bare = head.replace(/<!--[\s\S]*?-->/g, ' ')
  if (cut && (bare.includes('<!--') || /<(script|style)[\s>]/i.test(bare.replace(/<(script|style)[\s>][\s\S]*?<\/\1>/gi, ' ')))) head = html
  const plain = proseText(head)
  let spaces = 0
  for (let i = plain.indexOf(' '); i >= 0; i = plain.indexOf(' ', i + 1)) {
    if (++spaces === LIMITS.excerptWords) return plain.slice(0, i) + '…'
  }
  if (spaces < 10) {
    const chars = Array.from(plain.slice(0, LIMITS.excerptChars * 2))
    if (chars.length > LIMITS.excerptChars) return chars.slice(0, LIMITS.excerptChars).join('') + '…'
  }
  return cut ? deriveExcerptFull(html) : plain
}

describe('plain text and excerpts match the earlier implementation', () => {
  const pieces = ['word ', 'two words ', '<p>', '</p>', '<br/>', '<!-- c -->', '<!--', '-->', '<script>x y</script>', '<STYLE a>z</style>', '<script>', '</script>', '<b>', '<a href="a>b">', '<', '>', '&amp;', '&nbsp;', '&', '\t', '\n', '  ', '\u00a0', '\u2028', '[gallery]', '[caption id="1" width="300"]', '[/caption]', '[', ']', '<img alt="[x y">', '<a title="] z">', '<!-->', '</script >', 'é', '…', ' ']
  const html = fc.array(fc.constantFrom(...pieces), { maxLength: 60 })

  // Pieces HTML reads otherwise than those expressions did: a ">" in a quoted value, a "<" that starts no tag, an
  // empty comment "<!-->", a comment or script left open, an end tag with attributes. The cases below cover them.
  const ambiguous = new Set(['<a href="a>b">', '<', '<!-->', '<!--', '<script>', '</script>', '</script >'])
  test('htmlToText', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces.filter((p) => !ambiguous.has(p))), { maxLength: 60 }).map((p) => p.join('')), (h) => {
        expect(htmlToText(h)).toBe(htmlToTextBefore(h))
      }),
      { numRuns: 500 },
    )
  })

  test('deriveExcerpt, including bodies cut inside a tag at the head limit', () => {
    fc.assert(
      fc.property(html, fc.nat({ max: 1600 }), (pieces, pad) => {
        const h = 'x'.repeat(pad) + pieces.join('').repeat(20)
        expect(deriveExcerpt(h)).toBe(deriveExcerptBefore(h))
      }),
      { numRuns: 500 },
    )
  })

  test("an excerpt of 55 words is the whole body's first 55 words, wherever the heads cut", () => {
    let compared = 0
    fc.assert(
      fc.property(html, fc.nat({ max: 400 }), (pieces, pad) => {
        // Padded with words, not letters: text without spaces takes the 110-character rule by design.
        const h = 'w '.repeat(pad) + pieces.join('').repeat(20)
        const whole = deriveExcerptFull(h)
        const got = deriveExcerpt(h)
        const words = (text: string) => text.split(' ').length
        if (whole.endsWith('…') && words(whole) === LIMITS.excerptWords && words(got) === LIMITS.excerptWords) {
          compared++
          expect(got).toBe(whole)
        }
      }),
      { numRuns: 1000 },
    )
    // The property compared something: most bodies here have 55 words.
    expect(compared).toBeGreaterThan(100)
  })

  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ')
  test.each([
    ['a script the short head cuts', `<p>${words(20)}</p><script>${'var x = 1; '.repeat(80)}</script><p>${words(80)}</p>`],
    ['a comment the short head cuts', `<p>${words(20)}</p><!-- ${'note '.repeat(200)} --><p>${words(80)}</p>`],
    ['a script holding a comment and tags', `<p>${words(20)}</p><script>${'var x = "<!-- <p>a</p> -->"; '.repeat(40)}</script><p>${words(80)}</p>`],
    ['a script closed by an end tag with attributes, which closes it as in a browser', `<p>${words(20)}</p><script>${'var x = 1; '.repeat(60)}</script x><p>${words(80)}</p>`],
    ['a tag the bracket cut splits', `<p>${words(52)} x<img class="a b c" alt="[pic">${' more'.repeat(300)}</p>`],
    ['a comment closed by --!>, as in a browser', `<p>${words(20)}</p><!-- ${'hidden '.repeat(150)} --!><p>${words(80)}</p>`],
    ['a shortcode the short head cuts', `<p>${words(50)} [${'unknown a="b" '.repeat(40)}] ${words(40)}</p>`],
  ])("%s gives the whole body's words, not the element's", (_name, body) => {
    expect(deriveExcerpt(body)).toBe(deriveExcerptFull(body))
    expect(deriveExcerpt(body)).not.toMatch(/var x|note|unknown|hidden|<img/)
  })
})
