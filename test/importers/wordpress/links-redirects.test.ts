import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, test } from 'vitest'
import { importWordPress } from '../../../importers/wordpress/import.js'
import { payloadJson } from '../../../importers/wordpress/bodies/payload-json.js'
import { LinkIndex, rewriteLinks } from '../../../importers/wordpress/links.js'
import { menuId } from '../../../importers/wordpress/menus.js'
import { samePath } from '../../../importers/wordpress/old-urls.js'
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

  // A draft's <link> is a plain `?p=N` URL whatever the permalinks: recorded by its path it took the home page, and
  // every link to `/` led to the draft. Each row: the <link> recorded, then hrefs and where they lead.
  describe('a <link> with a query on the home page is keyed by its query, never by the bare path', () => {
    const rows: Array<[string, string, Array<[string, string | undefined]>]> = [
      ['a draft post', 'https://old.example/?p=42', [['https://old.example/', '/'], ['/', '/'], ['/?p=42', '/posts/new/'], ['/?p=43', undefined]]],
      ['a draft page', 'http://old.example/?page_id=9', [['https://old.example/', '/'], ['/?page_id=9', '/posts/new/'], ['/index.php?page_id=9', '/posts/new/']]],
      ['through index.php', 'https://old.example/index.php?p=42', [['https://old.example/', '/'], ['/?p=42', '/posts/new/']]],
      ['a custom type', 'https://old.example/?post_type=portfolio&p=42', [['/', '/'], ['/?p=42', '/posts/new/']]],
      ['another query', 'https://old.example/?product=mug', [['/', '/'], ['/?product=mug', '/posts/new/'], ['/?product=cup', '/']]],
      ['a blog in a folder', 'https://old.example/blog/?p=42', [['/blog/', '/blog/'], ['/blog/?p=42', '/posts/new/'], ['/?p=42', '/posts/new/']]],
      ['a query on another page', 'https://old.example/about/?lang=fr', [['/about/', undefined], ['/about/?lang=fr', undefined]]],
    ]
    test.each(rows)('%s: %s', (_, link, hrefs) => {
      const index = new LinkIndex(['https://old.example', 'https://old.example/blog'])
      index.addUrl(link, '/posts/new/')
      index.addUrl('https://old.example/', '/')
      index.addUrl('https://old.example/blog/', '/blog/')
      const copy = LinkIndex.fromData(index.toData())
      for (const [href, target] of hrefs) {
        expect(index.resolve(href), href).toBe(target)
        expect(copy.resolve(href), `${href} in a worker's copy`).toBe(target)
      }
    })
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
    expect(rewriteLinks('<a HREF="http://old.example/?p=7">a</a>', index)).toEqual({ html: '<a HREF="/posts/seven/">a</a>', count: 1, unresolved: [] })
    expect(rewriteLinks('<a Href=\'/?p=7\'>a</a>', index).count).toBe(1)
  })

  test('rewrites only hrefs it knows, including &amp; in queries', () => {
    const r = rewriteLinks('<a href="http://old.example/?p=7">a</a> <a href=\'https://x.example/\'>b</a> <a href="/?foo=1&amp;p=7">c</a>', index)
    expect(r).toEqual({ html: '<a href="/posts/seven/">a</a> <a href=\'https://x.example/\'>b</a> <a href="/posts/seven/">c</a>', count: 2, unresolved: [] })
  })

  // WordPress in a folder of its own keeps its uploads there (found on the corpus's wp-html-subdir: /wordpress/wp-content/).
  test('lists links to the old site that match nothing imported, not external ones, media or fragments', () => {
    const html = '<a href="https://old.example/2020/01/gone/">a</a> <a href="/feed/">b</a> <a href="https://x.example/y">c</a> <a href="https://old.example/wp-content/uploads/a.pdf">d</a> <a href="#top">e</a> <a href="https://old.example/2020/01/gone/">f</a> <a href="https://old.example/wordpress/wp-content/uploads/b.jpg">g</a>'
    expect(rewriteLinks(html, index).unresolved).toEqual(['https://old.example/2020/01/gone/', '/feed/'])
  })
})

describe('a draft whose <link> is ?p=N, end to end', () => {
  // WordPress exports a draft's link as /?p=N whatever the permalinks; the draft once took the home page's key, and
  // every link to the home page led to it.
  const dir = mkdtempSync(join(tmpdir(), 'wp-draft-link-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const item = (id: number, type: string, link: string, slug: string, status: string, body: string) =>
    `<item><title>${slug || 'Untitled'}</title><link>${link}</link><dc:creator>ana</dc:creator><content:encoded><![CDATA[${body}]]></content:encoded>` +
    `<wp:post_id>${id}</wp:post_id><wp:post_date>2020-01-${id} 10:00:00</wp:post_date><wp:post_date_gmt>2020-01-${id} 10:00:00</wp:post_date_gmt>` +
    `<wp:post_name>${slug}</wp:post_name><wp:status>${status}</wp:status><wp:post_parent>0</wp:post_parent><wp:post_type>${type}</wp:post_type></item>`
  const file = join(dir, 'export.xml')
  writeFileSync(
    file,
    '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">' +
      '<channel><title>Blog</title><link>https://blog.example</link><wp:wxr_version>1.2</wp:wxr_version><wp:base_blog_url>https://blog.example</wp:base_blog_url>' +
      item(11, 'post', 'https://blog.example/?p=11', '', 'draft', 'Draft') +
      item(12, 'page', 'https://blog.example/?page_id=12', '', 'pending', 'Pending page') +
      item(13, 'post', 'https://blog.example/hello/', 'hello', 'publish', '<a href="https://blog.example/">a</a> <a href="/">b</a> <a href="https://blog.example/?p=11">c</a> <a href="/?page_id=12">d</a>') +
      '</channel></rss>',
  )
  const hello = async (drafts: 'include' | 'exclude') => (await importWordPress(file, { generatedAt: '2026-01-01T00:00:00Z', drafts })).payload.content.posts.find((p) => p.slug === 'hello')?.content

  test('drafts left out: home links lead home, links to the drafts stay as written', async () => {
    expect(await hello('exclude')).toBe('<p><a href="/">a</a> <a href="/">b</a> <a href="https://blog.example/?p=11">c</a> <a href="/?page_id=12">d</a></p>\n')
  })

  test('drafts kept: home links still lead home, links to the drafts lead to them', async () => {
    const html = (await hello('include')) ?? ''
    expect(html).toMatch(/^<p><a href="\/">a<\/a> <a href="\/">b<\/a> <a href="\/[^"]+\/">c<\/a> <a href="\/[^"]+\/">d<\/a><\/p>\n$/)
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

describe('samePath', () => {
  // What it means: both paths decoded (as written when an escape is malformed), NFC, without trailing slashes, equal.
  const meaning = (a: string, b: string) => {
    const norm = (s: string) => {
      let d = s
      try {
        d = decodeURI(s)
      } catch {
        // as written
      }
      return d.normalize('NFC').replace(/\/+$/, '')
    }
    return norm(a) === norm(b)
  }

  test.each([
    ['/a/%c3%a9/', '/a/é', true],
    ['/a/e\u0301/', '/a/é', true],
    ['/a/%65%CC%81', '/a/%C3%A9/', true],
    ['/a/%2F', '/a//', false],
    ['/a/%', '/a/%/', true],
    ['/a/%e9', '/a/é', false],
    ['/a/b//', '/a/b', true],
    ['/a/b', '/a/c', false],
    ['', '/', true],
  ])('%s and %s: %s', (a, b, same) => {
    expect(samePath(a, b)).toBe(same)
    expect(meaning(a, b)).toBe(same)
  })

  test('agrees with its meaning on paths of escapes, combining marks and slashes', () => {
    // Each part in several spellings, so that the two paths often name one page and often differ in one place.
    const spellings = [['/', '/', '//'], ['a', 'a', '%61'], ['é', '%c3%a9', '%C3%A9', 'e\u0301', '%65%CC%81'], ['%', '%'], ['%e9', '%e9'], ['%2F', '%2f'], ['سلام', '%d8%b3%d9%84%d8%a7%d9%85'], ['\u064e', '%d9%8e'], ['x', 'y']]
    const parts = fc.array(fc.tuple(fc.nat(spellings.length - 1), fc.nat(4), fc.nat(4)), { maxLength: 8 })
    const spell = (chosen: Array<[number, number, number]>, side: 1 | 2) => chosen.map((c) => spellings[c[0]][c[side] % spellings[c[0]].length]).join('')
    fc.assert(
      fc.property(parts, (chosen) => {
        const [a, b] = [spell(chosen, 1), spell(chosen, 2)]
        return samePath(a, b) === meaning(a, b) && samePath(a, a)
      }),
      { numRuns: 3000 },
    )
  })
})
