import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { payloadJson } from '../../../importers/wordpress/bodies/payload-json.js'
import { LinkIndex, rewriteLinks } from '../../../importers/wordpress/links.js'
import { menuId } from '../../../importers/wordpress/menus.js'
import { formatRedirects, RedirectSet, redirectSource } from '../../../importers/wordpress/redirects.js'

describe('LinkIndex', () => {
  const index = new LinkIndex(['http://old.example', 'https://old.example/blog'])
  index.addUrl('http://old.example/2020/01/%d8%b3%d9%84%d8%a7%d9%85/', '/posts/سلام/')
  index.addQuery('p', 7, '/posts/seven/')
  index.addQuery('page_id', 8, '/about/')

  test.each([
    ['https://www.old.example/2020/01/%D8%B3%D9%84%D8%A7%D9%85', '/posts/سلام/'],
    ['/2020/01/سلام/#comments', '/posts/سلام/#comments'],
    ['http://old.example/?p=7', '/posts/seven/'],
    ['http://old.example/index.php?page_id=8&foo=1', '/about/'],
    ['http://old.example/?p=8', undefined],
    ['https://other.example/?p=7', undefined],
    ['mailto:me@old.example', undefined],
    ['#top', undefined],
  ])('%s', (href, target) => {
    expect(index.resolve(href)).toBe(target)
  })

  test('a URL asked before it was added resolves once it is, and repeated asks give the same answer', () => {
    const later = new LinkIndex(['https://old.example'])
    expect(later.resolve('/?p=9')).toBeUndefined()
    later.addQuery('p', 9, '/posts/nine/')
    expect(later.resolve('/?p=9')).toBe('/posts/nine/')
    expect(later.resolve('/2021/x/')).toBeUndefined()
    later.addUrl('https://old.example/2021/x/', '/posts/x/')
    for (let i = 0; i < 3; i++) {
      expect(later.resolve('/2021/x/')).toBe('/posts/x/')
      expect(later.resolve('https://elsewhere.example/2021/x/')).toBeUndefined()
    }
  })

  test('rewrites an href written in capitals, in a body with no lowercase href', () => {
    expect(rewriteLinks('<a HREF="http://old.example/?p=7">a</a>', index)).toEqual({ html: '<a HREF="/posts/seven/">a</a>', count: 1 })
    expect(rewriteLinks('<a Href=\'/?p=7\'>a</a>', index).count).toBe(1)
  })

  test('rewrites only hrefs it knows, including &amp; in queries', () => {
    const r = rewriteLinks('<a href="http://old.example/?p=7">a</a> <a href=\'https://x.example/\'>b</a> <a href="/?foo=1&amp;p=7">c</a>', index)
    expect(r).toEqual({ html: '<a href="/posts/seven/">a</a> <a href=\'https://x.example/\'>b</a> <a href="/posts/seven/">c</a>', count: 2 })
  })
})

describe('redirects', () => {
  test('sorted, deduplicated, never to themselves', () => {
    const set = new RedirectSet()
    set.add('/b/', '/posts/b/')
    set.add('/a/', '/posts/a/')
    set.add('/a/', '/elsewhere/')
    set.add('/same/', '/same')
    expect(set.list()).toEqual([
      { from: '/a/', to: '/posts/a/', status: 301 },
      { from: '/b/', to: '/posts/b/', status: 301 },
    ])
  })

  test('sources are root-relative on the old hosts only', () => {
    const hosts = new Set(['old.example'])
    expect(redirectSource('https://www.old.example/x/?q=1', hosts)).toBe('/x/?q=1')
    expect(redirectSource('https://new.example/x/', hosts)).toBeUndefined()
  })

  const list = [
    { from: '/%d8%a7/', to: '/posts/ا/', status: 301 as const },
    { from: '/?p=7', to: '/posts/seven/', status: 301 as const },
  ]
  test('netlify', () => {
    expect(formatRedirects(list, 'netlify')).toMatchInlineSnapshot(`
      "/%d8%a7/  /posts/%D8%A7/  301
      /  p=7  /posts/seven/  301!
      "
    `)
  })
  test('nginx', () => {
    expect(formatRedirects(list, 'nginx')).toMatchInlineSnapshot(`
      "# Include in the http block; in the server block: if ($new_uri) { return 301 $new_uri; }
      # Longest old URL: 8 bytes; if nginx asks, set map_hash_bucket_size 64;
      map $request_uri $new_uri {
        default "";
        "/%d8%a7/" "/posts/%D8%A7/";
        "/?p=7" "/posts/seven/";
      }
      "
    `)
  })
  test('json', () => {
    // Written percent-encoded, as in the other formats (importers/shared/redirects.ts).
    expect(JSON.parse(formatRedirects(list, 'json'))).toEqual([{ ...list[0], to: '/posts/%D8%A7/' }, list[1]])
  })
})

test.each([
  ['Main Menu', 'main-menu'],
  ['%d9%85%d9%86%d9%88', 'menu-5'],
  ['2024', 'menu-2024'],
  ['a'.repeat(80), 'a'.repeat(64)],
])('menuId(%j)', (slug, id) => {
  expect(menuId(slug, 5, new Set())).toBe(id)
})

test('menu ids are unique', () => {
  const taken = new Set<string>()
  expect([menuId('main', 1, taken), menuId('Main', 2, taken), menuId('main', 3, taken)]).toEqual(['main', 'main-2', 'main-3'])
})

test('payloadJson is JSON.stringify(value, null, 2) for any value of a payload\'s shape', () => {
  const json = fc.jsonValue()
  const payload = fc.record({ version: json, site: json, content: fc.dictionary(fc.string().filter((k) => k !== 'posts' && k !== 'pages'), json), menus: fc.dictionary(fc.string(), json) })
  fc.assert(
    fc.property(payload, (value) => {
      expect([...payloadJson(value as never, () => undefined, () => Buffer.alloc(0))].join('')).toBe(JSON.stringify(value, null, 2))
    }),
    { numRuns: 300 },
  )
})
