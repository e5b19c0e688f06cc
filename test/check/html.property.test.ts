import fc from 'fast-check'
import { Tokenizer } from 'htmlparser2'
import { describe, expect, test } from 'vitest'
import { scanHtml } from '../../src/check/html.js'
import { scanHtmlFast } from '../../src/check/html-fast.js'
import { scanHtmlWithParser } from './html-oracle.js'

// check's HTML scanner drives htmlparser2's Parser without decoding entities and without attribute objects
// (src/check/html.ts). It must find what the Parser with entities decoded found (html-oracle.ts): the same links,
// images and their alt, media, text ranges, masks and capitalized elements, on HTML built from pieces chosen for
// where tokenizing is subtle: entities in attributes and text, raw text and RCDATA elements, comments and CDATA,
// foreign content (SVG, MathML) and what closes it, implied ends, tags left open at the end.

const entity = fc.constantFrom('&amp;', '&amp', '&ampx', '&amp=', '&lt', '&lt;', '&gt;', '&#38;', '&#x26;', '&#38', '&#0;', '&#xD800;', '&#99999999;', '&unknown;', '&', '&;', '&#;', '&#x;', '&notin;', '&notit;', '&copy', '&AMP;', '&quot;', '&apos;')

const attributeValue = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom('/a/', '/b c/', 'https://x.example/p?q=1', 'x.png 1x', ', ', 'y.png 2x', ' ', '"', "'", '>', '=', '`') }, { weight: 2, arbitrary: entity }), { maxLength: 5 })
  .map((parts) => parts.join(''))

const attributeName = fc.constantFrom('href', 'HREF', 'src', 'Src', 'srcset', 'alt', 'ALT', 'poster', 'data', 'title', 'class', 'x', 'href', '/', 'a"b', "'")

const attribute = fc.tuple(fc.constantFrom(' ', '  ', '\t', '\n', '\f', '\r', '/'), attributeName, fc.constantFrom('="', "='", '=', '', ' = "'), attributeValue).map(([space, name, eq, value]) => {
  const close = eq.endsWith('"') ? '"' : eq.endsWith("'") ? "'" : ''
  return `${space}${name}${eq}${eq === '' ? '' : value}${close}`
})

const tagName = fc.constantFrom(
  'a', 'A', 'img', 'IMG', 'Img', 'area', 'iframe', 'source', 'video', 'audio', 'track', 'embed', 'object', 'p', 'P', 'div', 'li', 'ul', 'br', 'form', 'b', 'span',
  'pre', 'code', 'CODE', 'kbd', 'samp', 'script', 'style', 'textarea', 'title', 'template', 'noscript', 'xmp', 'plaintext', 'listing', 'iframe', 'noembed', 'noframes',
  'svg', 'math', 'foreignObject', 'foreignobject', 'desc', 'mi', 'annotation-xml', 'Tabs', 'TabItem', 'Foo.Bar', 'constructor', '__proto__', 'toString', 'x-y',
  'sVg', 'mATH', 'pRe', 'trac\u212a', 'scr\u0130pt', 'h2', 'figure', 'strong', 'ab', 'abbr', 'imgx', 'scripts',
)

const openTag = fc.tuple(tagName, fc.array(attribute, { maxLength: 4 }), fc.constantFrom('>', '/>', ' />', '', ' >')).map(([name, attributes, end]) => `<${name}${attributes.join('')}${end}`)
const closeTag = fc.tuple(tagName, fc.constantFrom('>', ' >', ' x>', '/>', '')).map(([name, end]) => `</${name}${end}`)

const piece = fc.oneof(
  { weight: 6, arbitrary: openTag },
  { weight: 4, arbitrary: closeTag },
  { weight: 2, arbitrary: entity },
  {
    weight: 5,
    arbitrary: fc.constantFrom(
      'text', ' ', '\n', 'two words', '**bold**', '## heading', '[text](/url)', '```', '{{< x >}}', 'é', '漢字', '😀',
      '<', '>', '</', '</>', '</ >', '<!', '<!-->', '<!--->', '<!-- c -->', '<!--', '-->', '--!>', '<!-- a -- b -->', '<!---->',
      '<![CDATA[', ']]>', '<![CDATA[ x ]]>', '<!DOCTYPE html>', '<!doctype', '<!x>', '<?php x ?>', '<?', '<3', '< a', '<a', '<a href', '<a href="', '<img src=x',
      '</script', '</script>', '</style >', '</textarea>', '</title>', '<</script>', '</SCRIPT>', '</plaintext>', '</svg>', '</math>',
    ),
  },
)

const html = fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join(''))

// HTML as bodies hold it, where the fast reader (src/check/html-fast.ts) must answer on its own: every tag and comment
// ends, no foreign content, doctype or processing instruction; but attributes in every quote style and none, entities,
// tag names of any case, raw-text elements (script, style, title, textarea, iframe, xmp) holding tags, and comments of
// every shape that ends.
const plainValue = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom('/a/', '/b c/', 'https://x.example/p?q=1', 'x.png 1x', ', ', 'y.png 2x', ' ', '>', '=', '`', '<', '/') }, { weight: 2, arbitrary: entity }), { maxLength: 5 })
  .map((parts) => parts.join(''))
const plainAttribute = fc.tuple(fc.constantFrom(' ', '  ', '\t', '\n', '\f', '\r', '/', ' / '), attributeName.filter((name) => !/["'/]/.test(name)), fc.constantFrom('="', "='", '=', '', ' = "', ' =\''), plainValue).map(([space, name, eq, value]) => {
  const close = eq.endsWith('"') ? '"' : eq.endsWith("'") ? "'" : ''
  // An unquoted value ends at whitespace or `>`: what follows such a character starts another attribute or ends the tag.
  return `${space}${name}${eq}${eq === '' ? '' : close === '' ? value.replace(/[\s>]/g, '') || 'v' : value}${close}`
})
const plainTagName = tagName.filter((name) => /^[A-Za-z]/.test(name) && name !== 'svg' && name !== 'math' && name.toLowerCase() !== 'plaintext')
// Raw-text elements come whole, from rawText: opened alone, they would run to the end of the document.
const RAW = ['script', 'style', 'title', 'textarea', 'iframe', 'xmp', 'noembed', 'noframes']
const plainOpenTag = fc.tuple(plainTagName.filter((name) => !RAW.includes(name.toLowerCase())), fc.array(plainAttribute, { maxLength: 4 }), fc.constantFrom('>', '/>', ' />', ' >', '/ >')).map(([name, attributes, end]) => `<${name}${attributes.join('')}${end}`)
const rawText = fc
  .tuple(fc.constantFrom('script', 'SCRIPT', 'style', 'Style', 'title', 'textarea', 'TextArea', 'iframe', 'xmp', 'noembed', 'noframes'), fc.array(plainAttribute, { maxLength: 2 }), fc.constantFrom('', 'x', '<a href="/in">t</a>', '{{< x >}}', '</scrip', '</ ', '<', '<!-- c -->', '</style', '</titles', '</scripts>'), fc.boolean())
  .map(([name, attributes, content, upper]) => `<${name}${attributes.join('').replace(/\/$/, '')} >${content}</${upper ? name.toUpperCase() : name}>`)
const plainPiece = fc.oneof(
  { weight: 6, arbitrary: plainOpenTag },
  { weight: 4, arbitrary: plainTagName.map((name) => `</${name}>`) },
  { weight: 2, arbitrary: entity },
  { weight: 2, arbitrary: rawText },
  {
    weight: 5,
    arbitrary: fc.constantFrom('text', ' ', '\n', 'two words', '**bold**', '## heading', '[text](/url)', '{{< x >}}', 'é', '漢字', '😀', '>', '<3', 'a < b', '<< ', '< a', '<!-->', '<!--->', '<!---->', '<!-- c -->', '<!-- a -- b -->', '<!-- x --!>', '<!-- y --->', '</svg>', '</math>'),
  },
)
const plainHtml = fc.array(plainPiece, { maxLength: 24 }).map((pieces) => pieces.join(''))

describe("check's fast HTML reader answers on ordinary HTML, as htmlparser2's Parser reads it", () => {
  test('on generated HTML of the shapes bodies hold, from the start and inside an open masking element', () => {
    // Where it answers, it answers as the parser; and it answers on nearly all of it (a closing tag after an unquoted
    // value that took in a `/`, `</a/>`, is among what it leaves to the parser).
    let answered = 0
    let runs = 0
    fc.assert(
      fc.property(plainHtml, fc.constantFrom(0, 0, 1, 2), (text, openMasks) => {
        runs++
        const fast = scanHtmlFast(text, openMasks)
        if (fast === null) return
        answered++
        expect(fast).toEqual(scanHtmlWithParser(text, openMasks))
      }),
      { numRuns: Number(process.env.CHECK_PROPERTY_RUNS ?? 3000) },
    )
    expect(answered / runs).toBeGreaterThan(0.9)
  })

  test('without text ranges (a body with no Markdown mark), the same refs, masks and elements, and no texts', () => {
    fc.assert(
      fc.property(plainHtml, fc.constantFrom(0, 0, 1, 2), (text, openMasks) => {
        const full = scanHtmlFast(text, openMasks)
        const lean = scanHtmlFast(text, openMasks, false)
        expect(lean).toEqual(full === null ? null : { ...full, texts: [] })
      }),
      { numRuns: Number(process.env.CHECK_PROPERTY_RUNS ?? 1000) },
    )
  })

  test.each([
    ['SVG', '<p><svg><a href="/x"></a></svg>'],
    ['a doctype', '<!DOCTYPE html><p>x'],
    ['CDATA', '<![CDATA[ x ]]>'],
    ['a processing instruction', '<?php x ?>'],
    ['a closing tag with something before its >', '</a x>text'],
    ['a bogus closing tag', '</ a>'],
    ['an unterminated tag', '<a href="/x'],
    ['an unterminated comment', '<!-- x'],
    ['plaintext', '<plaintext><a href="/x">'],
    ['a raw-text element the tokenizer and the parser close differently', '<script src=a/><a href="/x">'],
    ['U+001C inside a script (the tokenizer reads it as <)', '<script>\u001c/script><a href="/x"></script>'],
  ])('leaves %s to the parser', (_name, text) => {
    expect(scanHtmlFast(text, 0)).toBeNull()
    expect(scanHtml(text)).toEqual(scanHtmlWithParser(text))
  })
})

describe("check's HTML scanner agrees with htmlparser2's Parser with entities decoded", () => {
  test('on generated HTML, from the start and inside an open masking element', () => {
    fc.assert(
      fc.property(html, fc.constantFrom(0, 0, 1, 2), (text, openMasks) => {
        expect(scanHtml(text, openMasks)).toEqual(scanHtmlWithParser(text, openMasks))
      }),
      { numRuns: Number(process.env.CHECK_PROPERTY_RUNS ?? 3000) },
    )
  })

  test("htmlparser2's tokenizer still has the fastForwardTo the scanner replaces (remove the replacement if not)", () => {
    expect(typeof (Tokenizer.prototype as unknown as Record<string, unknown>).fastForwardTo).toBe('function')
  })

  test.each([
    ['an entity in a link', '<a href="/a?x=1&amp;y=2&ampz&#47;">t</a>'],
    ['an image with and without alt', '<img src="/a.png"><IMG SRC="/b.png" ALT><img alt="" srcset="/c.png 1x, /d.png 2x">'],
    ['the first of two attributes', '<a href="/first" HREF="/second">'],
    ['text split by entities', '<p>a &amp; b &lt; c</p>'],
    ['a script inside SVG, which is not raw text there', '<svg><script><a href="/in-svg"></script></svg><script><a href="/raw"></script>'],
    ['CDATA: text in SVG, a comment elsewhere', '<svg><![CDATA[ {{ x }} ]]></svg><![CDATA[ {{ y }} ]]>'],
    ['a closing tag that closes SVG from outside', '<div><svg></div><script><a href="/s"></script>'],
    ['an element named like an Object property', '<constructor>x</constructor><__proto__ href="/p">'],
    ['an unterminated tag', '<a href="/x'],
  ])('%s', (_name, text) => {
    expect(scanHtml(text)).toEqual(scanHtmlWithParser(text))
  })
})
