import { describe, expect, test } from 'vitest'
import { encodeSpacedUrls, homeUrls, imageSources, mediaRefs, uploadsPrefix, webUrl } from '../../../importers/wordpress/media.js'
import { finishText, withoutPhoton } from '../../../importers/wordpress/content/finish.js'
import { LinkIndex } from '../../../importers/wordpress/links.js'

// WordPress keeps the names of files added by FTP or a plugin as they were and writes their URLs into bodies, guids
// and attachment URLs unencoded (found on the corpus's wp-block-studio and wp-html-subdir).
describe('webUrl: a URL as a browser requests it', () => {
  test.each([
    ['spaces and an accent', 'https://old.test/wp-content/uploads/Café terrace 2.jpg', 'https://old.test/wp-content/uploads/Caf%C3%A9%20terrace%202.jpg'],
    ['Japanese', 'https://old.test/u/港の朝 6.gif', 'https://old.test/u/%E6%B8%AF%E3%81%AE%E6%9C%9D%206.gif'],
    ['parentheses and an ampersand stay', 'https://old.test/u/Photo (final) & co 1.jpg', 'https://old.test/u/Photo%20(final)%20&%20co%201.jpg'],
    ['escapes already there are kept', 'https://old.test/u/Caf%C3%A9 2.jpg', 'https://old.test/u/Caf%C3%A9%202.jpg'],
    ['root-relative', '/media/a b.jpg', '/media/a%20b.jpg'],
    ['protocol-relative', '//old.test/u/a b.jpg', '//old.test/u/a%20b.jpg'],
    ['a URL that needs nothing is the same string', 'https://old.test/u/a-b.jpg?w=300', 'https://old.test/u/a-b.jpg?w=300'],
    ['a backslash is not turned into a slash', 'https://old.test/u\\a b.jpg', 'https://old.test/u\\a b.jpg'],
    ['a relative URL is left alone', 'a b.jpg', 'a b.jpg'],
  ])('%s', (_, url, expected) => {
    expect(webUrl(url)).toBe(expected)
  })
})

describe('file names with spaces and parentheses in bodies', () => {
  const body = '<img src="https://old.test/u/Photo (final) 2.jpg" alt=""> <a href=\'https://old.test/u/Café terrace.jpg\'>x</a> <img src="https://old.test/u/plain.jpg">'

  test('mediaRefs finds the whole URL of a quoted src or href', () => {
    expect(mediaRefs(body).urls.sort()).toEqual(['https://old.test/u/Café terrace.jpg', 'https://old.test/u/Photo (final) 2.jpg', 'https://old.test/u/plain.jpg'])
  })

  test('homeUrls moves each whole URL to its file brought home', () => {
    const files = new Map([
      ['old.test/u/Photo (final) 2.jpg', '/u/Photo%20(final)%202.jpg'],
      ['old.test/u/Café terrace.jpg', '/u/Caf%C3%A9%20terrace.jpg'],
      ['old.test/u/plain.jpg', '/u/plain.jpg'],
    ])
    expect(homeUrls(['old.test'], files).html(body)).toBe('<img src="/u/Photo%20(final)%202.jpg" alt=""> <a href=\'/u/Caf%C3%A9%20terrace.jpg\'>x</a> <img src="/u/plain.jpg">')
  })

  // wptexturize escapes a bare `&` in tags as `&#038;`: a file named "Ünïcode & space.jpg" (the corpus's
  // wp-block-studio) was left on the old host once bodies were texturized.
  test.each([
    ['&', 'https://old.test/u/A%20&%20B.jpg'],
    ['&amp;', 'https://old.test/u/A%20&amp;%20B.jpg'],
    ['&#038;', 'https://old.test/u/A%20&#038;%20B.jpg'],
    ['&#38;', 'https://old.test/u/A%20&#38;%20B.jpg'],
    ['&#x26;', 'https://old.test/u/A%20&#x26;%20B.jpg'],
  ])('homeUrls moves a URL whose & is written %s', (_written, url) => {
    const files = new Map([['old.test/u/A & B.jpg', '/u/A%20%26%20B.jpg']])
    expect(homeUrls(['old.test'], files).html(`<img src="${url}"> <a href='${url}'>x</a>`)).toBe(`<img src="/u/A%20%26%20B.jpg"> <a href='/u/A%20%26%20B.jpg'>x</a>`)
  })
})

// WordPress in a folder of its own (siteurl /wp, home at the root) keeps its uploads under that folder: --media-to
// alone rewrote nothing (found on the corpus's wp-block-studio).
describe('uploadsPrefix: where --media-to alone rewrites from', () => {
  const at = (...urls: string[]) => urls.map((url) => ({ url }))
  test.each([
    ['under WordPress\'s own folder', at('https://x.test/wp/wp-content/uploads/2020/01/a.jpg', 'https://x.test/wp/wp-content/uploads/2021/02/b.png'), 'https://x.test', 'https://x.test/wp/wp-content/uploads/'],
    ['the prefix most attachments share', at('https://cdn.x.test/wp-content/uploads/a.jpg', 'https://x.test/wp-content/uploads/b.jpg', 'https://x.test/wp-content/uploads/c.jpg'), 'https://x.test', 'https://x.test/wp-content/uploads/'],
    ['a multisite site\'s ms-files folder', at('https://x.test/blog/files/2012/01/a.jpg', 'https://x.test/blog/files/2012/02/b.jpg'), 'https://x.test/blog', 'https://x.test/blog/files/'],
    ['a multisite site\'s folder in blogs.dir', at('https://x.test/wp-content/blogs.dir/3/files/2012/01/a.jpg'), 'https://x.test/blog', 'https://x.test/wp-content/blogs.dir/3/files/'],
    ['no attachment: under the blog\'s URL', [], 'https://x.test/blog/', 'https://x.test/blog/wp-content/uploads/'],
    ['nothing known', [], '', ''],
  ])('%s', (_, atts, blogUrl, expected) => {
    expect(uploadsPrefix(atts, blogUrl)).toBe(expected)
  })
})

describe('encodeSpacedUrls: URLs with white space in bodies become valid', () => {
  test.each([
    ['an image on the old host', '<img src="https://old.test/u/Café terrace 2.jpg" alt="a b">', '<img src="https://old.test/u/Caf%C3%A9%20terrace%202.jpg" alt="a b">'],
    ['an ampersand, written raw or as an entity', '<a href="https://old.test/u/A &amp; B 1.jpg">x</a> <a href=\'/u/C &#038; D.jpg\'>y</a>', '<a href="https://old.test/u/A%20&amp;%20B%201.jpg">x</a> <a href=\'/u/C%20&amp;%20D.jpg\'>y</a>'],
    ['spaces around a URL are no part of it', '<a href=" https://old.test/a.jpg ">x</a>', '<a href=" https://old.test/a.jpg ">x</a>'],
    ['a URL without white space is left as written', '<a href="/mot-cle/café/">x</a>', '<a href="/mot-cle/café/">x</a>'],
    ['text and other attributes are left alone', '<p title="a b">see https://old.test/a b.jpg</p>', '<p title="a b">see https://old.test/a b.jpg</p>'],
  ])('%s', (_, html, expected) => {
    expect(encodeSpacedUrls(html)).toBe(expected)
  })
})

// The images a body shows (their media entries and sizes): tag and attribute names in any case, as HTML reads them
// and as editors of the 2000s wrote them.
describe('imageSources: the images a body shows', () => {
  test.each([
    ['lower case', '<p><img src="/a.jpg" width="300" height="200"></p>', [{ src: '/a.jpg', width: 300, height: 200 }]],
    ['upper case', '<P><IMG SRC="/a.jpg" WIDTH="300" HEIGHT="200"></P>', [{ src: '/a.jpg', width: 300, height: 200 }]],
    ['mixed case, no size', '<Img Src="/b.png" alt="b">', [{ src: '/b.png' }]],
    ['no image', '<p>text</p>', []],
  ])('%s', (_name, html, images) => {
    expect(imageSources(html)).toEqual(images)
  })
})

// Jetpack's image CDN (Photon: i0–i3.wp.com) copied the site's own files; it stops serving them when the site goes.
describe("withoutPhoton: Jetpack's CDN URLs of files that move", () => {
  const home = homeUrls(['old.test'], new Map([['old.test/wp-content/uploads/2024/01/a.jpg', '/media/2024/01/a.jpg']]))
  test.each([
    ['brought home: the file, full size', { home }, '<img src="https://i0.wp.com/old.test/wp-content/uploads/2024/01/a.jpg?resize=300%2C200&amp;ssl=1" width="300">', '<img src="https://old.test/wp-content/uploads/2024/01/a.jpg" width="300">'],
    ['moved by --media-to (an http site)', { mediaFrom: 'http://old.test/wp-content/uploads/' }, '<img src="//i2.wp.com/old.test/wp-content/uploads/b.png?w=1200" srcset="https://i1.wp.com/old.test/wp-content/uploads/b.png?w=600 600w, https://i1.wp.com/old.test/wp-content/uploads/b.png 1200w">', '<img src="http://old.test/wp-content/uploads/b.png" srcset="http://old.test/wp-content/uploads/b.png 600w, http://old.test/wp-content/uploads/b.png 1200w">'],
    ["another site's file stays on the CDN", { home }, '<img src="https://i0.wp.com/other.test/wp-content/uploads/2024/01/a.jpg?w=300">', '<img src="https://i0.wp.com/other.test/wp-content/uploads/2024/01/a.jpg?w=300">'],
    ['a file not brought home stays on the CDN', { home }, '<img src="https://i0.wp.com/old.test/wp-content/uploads/2024/01/gone.jpg">', '<img src="https://i0.wp.com/old.test/wp-content/uploads/2024/01/gone.jpg">'],
    ['other wp.com hosts are no CDN', { mediaFrom: 'https://old.test/wp-content/uploads/' }, '<a href="https://s0.wp.com/old.test/wp-content/uploads/x.css">', '<a href="https://s0.wp.com/old.test/wp-content/uploads/x.css">'],
  ])('%s', (_name, env, html, want) => {
    expect(withoutPhoton(html, env)).toBe(want)
  })

  test('finishing moves them with the rest', () => {
    const html = '<p><img src="https://i0.wp.com/old.test/wp-content/uploads/2024/01/a.jpg?resize=300%2C200"></p>'
    expect(finishText(html, '', undefined, { links: new LinkIndex(['https://old.test']), home }).html).toBe('<p><img src="/media/2024/01/a.jpg"></p>')
    expect(finishText(html, '', undefined, { links: new LinkIndex(['https://old.test']), mediaFrom: 'https://old.test/wp-content/uploads/', mediaTo: '/m/' }).html).toBe('<p><img src="/m/2024/01/a.jpg"></p>')
  })
})
