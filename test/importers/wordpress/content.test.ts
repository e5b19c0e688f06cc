import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { classicAutop } from '../../../importers/wordpress/content/autop.js'
import { blockTokens, hasBlocks, inlineReusableBlocks, stripBlockDelimiters } from '../../../importers/wordpress/content/blocks.js'
import { autoEmbed, embedHtml } from '../../../importers/wordpress/content/embeds.js'
import { hasPreOrCode, htmlToText, isSpace } from '../../../importers/wordpress/content/html.js'
import { galleryShows, renderEmbedShortcodes, renderShortcodes } from '../../../importers/wordpress/content/shortcodes.js'
import type { ShortcodeContext, ShortcodeStats } from '../../../importers/wordpress/content/shortcodes.js'

const stats = (): ShortcodeStats => ({ rendered: {}, unknown: {}, missingAttachments: [] })
const ctx: ShortcodeContext = {
  postId: 1,
  attachment: (id) =>
    id === 5 ? { src: '/m/a.jpg', width: 800, height: 600, alt: 'A "cat"', caption: '', sizes: { thumbnail: { src: '/m/a-150x150.jpg', width: 150, height: 150 } } } : undefined,
  childAttachments: () => [5],
}

describe('classic bodies', () => {
  test('wpautop paragraphs and line breaks, <pre> untouched', () => {
    expect(classicAutop('One\ntwo\n\nThree\n<pre>a\n\nb</pre>')).toBe('<p>One<br />\ntwo</p>\n<p>Three</p>\n<pre>a\n\nb</pre>\n')
  })
  test('a shortcode alone in a paragraph is unwrapped', () => {
    expect(classicAutop('[gallery ids="5"]\n\nText')).toBe('[gallery ids="5"]\n<p>Text</p>\n')
  })
})

describe('shortcodes', () => {
  test('[caption] becomes a figure', () => {
    const s = stats()
    expect(renderShortcodes('[caption id="attachment_5" align="alignright" width="300"]<a href="/x"><img src="/m/a.jpg" /></a> A cat[/caption]', ctx, s)).toBe(
      '<figure id="attachment_5" class="wp-caption alignright" style="width: 300px"><a href="/x"><img src="/m/a.jpg" /></a><figcaption class="wp-caption-text">A cat</figcaption></figure>',
    )
    expect(s.rendered).toEqual({ caption: 1 })
  })
  test('old-style caption attribute', () => {
    expect(renderShortcodes('[caption caption="Old" width="10"]<img src="/a.jpg" />[/caption]', ctx, stats())).toContain('<figcaption class="wp-caption-text">Old</figcaption>')
  })
  test('[gallery] expands from attachments, escaping attributes', () => {
    const s = stats()
    const html = renderShortcodes('[gallery size="thumbnail" columns="2"] [gallery ids="5,404"]', ctx, s)
    expect(html).toContain('<div class="gallery gallery-columns-2 gallery-size-thumbnail"><figure class="gallery-item"><a href="/m/a.jpg"><img src="/m/a-150x150.jpg" width="150" height="150" alt="A &quot;cat&quot;" loading="lazy" /></a></figure></div>')
    expect(s.missingAttachments).toEqual([404])
  })
  test('galleryShows names what [gallery] will ask for: its ids, or the attachments of a post', () => {
    expect(galleryShows('[gallery ids="4, 5,x"] [gallery include="6"] [gallery] [gallery id="9" columns="2"] [caption]x[/caption]', 3)).toEqual({ ids: [4, 5, 6], parents: [3, 9] })
    expect(galleryShows('no galleries', 3)).toEqual({ ids: [], parents: [] })
    // It agrees with what rendering asks for.
    const asked: number[] = []
    const parents: number[] = []
    const watching: ShortcodeContext = { postId: 3, attachment: (id) => (asked.push(id), undefined), childAttachments: (id) => (parents.push(id), [7]) }
    const body = '[gallery ids="4,5"] [gallery] [gallery id="9"]'
    renderShortcodes(body, watching, stats())
    expect({ ids: asked.filter((id) => id !== 7), parents }).toEqual(galleryShows(body, 3))
  })

  test('audio and video', () => {
    expect(renderShortcodes('[audio mp3="/s.mp3"][video src="/v.mp4" width="640" height="360"][/video]', ctx, stats())).toBe(
      '<audio controls preload="metadata" src="/s.mp3"></audio><video controls preload="metadata" src="/v.mp4" width="640" height="360"></video>',
    )
  })
  test('unknown shortcodes are kept and counted; escaped and code ones are not', () => {
    const s = stats()
    const html = '[contact-form id="1"] [contact-form] [[gallery]] <code>[latex]x[/latex]</code> [x]'
    expect(renderShortcodes(html, ctx, s)).toContain('[contact-form id="1"]')
    expect(s.unknown).toEqual({ 'contact-form': 2 })
  })
  test('[embed] runs before autop', () => {
    expect(renderEmbedShortcodes('[embed]https://youtu.be/dQw4w9WgXcQ[/embed]', stats())).toContain('https://www.youtube.com/embed/dQw4w9WgXcQ')
    expect(renderEmbedShortcodes('[embed]not a url[/embed]', stats())).toBe('[embed]not a url[/embed]')
  })
})

describe('embeds', () => {
  test.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1', 'iframe', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'iframe', 'https://player.vimeo.com/video/76979871'],
    ['https://twitter.com/x/status/1?a=1&b="2"', 'link', 'href="https://twitter.com/x/status/1?a=1&amp;b=&quot;2&quot;"'],
  ])('%s', (url, kind, contains) => {
    const e = embedHtml(url)
    expect(e.kind).toBe(kind)
    expect(e.html).toContain(contains)
  })
  test('only URLs alone on their line, never inside <pre>', () => {
    const r = autoEmbed('See https://vimeo.com/1 here\nhttps://vimeo.com/2\n<pre>\nhttps://vimeo.com/3\n</pre>')
    expect(r.count).toBe(1)
    expect(r.html).toContain('See https://vimeo.com/1 here')
    expect(r.html).toContain('player.vimeo.com/video/2')
    expect(r.html).toContain('<pre>\nhttps://vimeo.com/3\n</pre>')
  })
})

describe('blocks', () => {
  test('delimiters go, HTML stays, dynamic blocks are counted', () => {
    const html = '<!-- wp:paragraph {"a":"}"} -->\n<p>Hi</p>\n<!-- /wp:paragraph -->\n<!-- wp:core/latest-posts /-->\n<!-- wp:more --><!--more--><!-- /wp:more -->'
    expect(hasBlocks(html)).toBe(true)
    expect(stripBlockDelimiters(html)).toEqual({ html: '\n<p>Hi</p>\n\n\n<!--more-->', dynamic: ['latest-posts'] })
  })
  test('reusable blocks inline recursively and stop at cycles', () => {
    const blocks = new Map([
      [1, 'one <!-- wp:block {"ref":2} /-->'],
      [2, 'two'],
      [3, 'loop <!-- wp:block {"ref":3} /-->'],
    ])
    expect(inlineReusableBlocks('<!-- wp:block {"ref":1} /-->', blocks)).toEqual({ html: 'one two', missing: [] })
    expect(inlineReusableBlocks('<!-- wp:block {"ref":9} /-->', blocks)).toEqual({ html: '', missing: [9] })
    expect(inlineReusableBlocks('<!-- wp:block {"ref":3} /-->', blocks).missing).toEqual([3])
  })
  test('tokens carry names and attributes', () => {
    expect(blockTokens('<!-- wp:navigation-link {"label":"A","id":2} /--><!-- wp:navigation-submenu --><!-- /wp:navigation-submenu -->').map((t) => [t.kind, t.name, t.attrs])).toEqual([
      ['void', 'navigation-link', { label: 'A', id: 2 }],
      ['open', 'navigation-submenu', {}],
      ['close', 'navigation-submenu', {}],
    ])
  })
})

test('htmlToText', () => {
  expect(htmlToText('<p>Fish &amp; <b>chips</b></p><script>x()</script><!-- c --><p>more</p>')).toBe('Fish & chips more')
})

describe('autoEmbed pre-scan', () => {
  // The reference is WordPress's pattern applied to every body; the pre-scan may only skip bodies it cannot change.
  const BARE_URL_LINE = /^(\s*)(https?:\/\/[^\s<>"]+)(\s*)$/gim
  const reference = (html: string) => {
    let count = 0
    const parts = html.split(/(<pre[\s>][\s\S]*?<\/pre>|<code[\s>][\s\S]*?<\/code>)/i)
    for (let i = 0; i < parts.length; i += 2) {
      parts[i] = parts[i].replace(BARE_URL_LINE, (_m, before: string, url: string, after: string) => {
        count++
        return before + embedHtml(url).html + after
      })
    }
    return { html: parts.join(''), count }
  }
  const piece = fc.constantFrom('https://vimeo.com/1', 'http://x.test/a', 'see https://y.test', 'text', ' ', '\t', '\n', '\r\n', '\u2028', '\u00a0', '<p>', '</p>', '<pre>', '</pre>', '<PRE>', '</PRE>', '<code>', '</code>', 'http', '"')
  test('agrees with the plain regex on random bodies', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const html = pieces.join('')
        expect(autoEmbed(html)).toEqual(reference(html))
      }),
      { numRuns: 2000 },
    )
  })
  test.each([
    ['a URL after spaces on its own line', 'Intro\n   https://vimeo.com/5\nOutro', 1],
    ['a URL after a non-breaking space and a line separator', 'x\u2028\u00a0https://vimeo.com/5', 1],
    ['a URL inside a sentence', 'Go to https://vimeo.com/5 now', 0],
  ])('%s', (_name, html, count) => {
    expect(autoEmbed(html).count).toBe(count)
  })
})

describe('HTML scanning helpers', () => {
  test('hasPreOrCode agrees with the pattern it stands in for', () => {
    const piece = fc.constantFrom('<pre>', '<PRE class="x">', '<pre', '<prefix>', '<code\t', '<Code\u2028', '<codex>', '<c', '<p>', 'pre', 'code>', '<', ' ', '\u00a0', '>', 'x')
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }).map((p) => p.join('')), (html) => {
        expect(hasPreOrCode(html)).toBe(/<(?:pre|code)[\s>]/i.test(html))
      }),
      { numRuns: 5000 },
    )
  })
  test('isSpace is \\s for every UTF-16 unit', () => {
    for (let c = 0; c < 0x10000; c++) expect(isSpace(c), `U+${c.toString(16)}`).toBe(/\s/.test(String.fromCharCode(c)))
  })
})
