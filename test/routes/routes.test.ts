import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { PreviewData, Site } from '../../src/index.js'
import { categoryRoute, checkPermalinkPattern, deriveRoutes, effectivePagePath, isSafeOutputPath, pageRoute, postRoute, preflightPreviewData, tagRoute } from '../../src/index.js'
import { validPayload } from '../helpers/payload.js'

const site = (extra: Partial<Site> = {}): Site => ({ ...validPayload().site, permalinks: undefined, ...extra })

describe('postRoute', () => {
  const cases = [
    { name: 'default pattern', site: site(), post: { slug: 'hi', public_id: 3, published_at_iso: '2024-01-01T00:00:00Z' }, url: '/posts/hi/', output: 'posts/hi/index.html' },
    { name: 'html-extension', site: site({ permalinks: { output_style: 'html-extension' } }), post: { slug: 'hi', public_id: 3, published_at_iso: '2024-01-01T00:00:00Z' }, url: '/posts/hi', output: 'posts/hi.html' },
    { name: 'date tokens in an IANA zone cross the UTC date', site: site({ timezone: 'Asia/Seoul', permalinks: { posts: '/:year/:month/:day/:slug/' } }), post: { slug: 'a', public_id: 1, published_at_iso: '2023-12-31T20:00:00Z' }, url: '/2024/01/01/a/', output: '2024/01/01/a/index.html' },
    { name: 'date tokens in a fixed offset', site: site({ timezone: '+05:30', permalinks: { posts: '/:year/:month/:day/:slug/' } }), post: { slug: 'a', public_id: 1, published_at_iso: '2024-02-28T19:00:00Z' }, url: '/2024/02/29/a/', output: '2024/02/29/a/index.html' },
    { name: 'negative fixed offset', site: site({ timezone: '-09:30', permalinks: { posts: '/:year/:slug/' } }), post: { slug: 'a', public_id: 1, published_at_iso: '2024-01-01T05:00:00Z' }, url: '/2023/a/', output: '2023/a/index.html' },
    { name: 'public id token', site: site({ permalinks: { posts: '/p/:public_id/' } }), post: { slug: 'a', public_id: 42, published_at_iso: '2024-01-01T00:00:00Z' }, url: '/p/42/', output: 'p/42/index.html' },
    { name: 'NFD slug is normalized', site: site(), post: { slug: 'cafe\u0301', public_id: 1, published_at_iso: '2024-01-01T00:00:00Z' }, url: '/posts/café/', output: 'posts/café/index.html' },
    // Route rule 2: "Date tokens use the Post publication instant in site.timezone, not necessarily its UTC date".
    { name: 'date tokens at +14:00: 10:00 UTC on Dec 31 is already the next year', site: site({ timezone: '+14:00', permalinks: { posts: '/:year/:month/:day/:slug/' } }), post: { slug: 'a', public_id: 1, published_at_iso: '2023-12-31T10:00:00Z' }, url: '/2024/01/01/a/', output: '2024/01/01/a/index.html' },
    { name: 'date tokens at +14:00: 09:59:59 UTC is still Dec 31', site: site({ timezone: '+14:00', permalinks: { posts: '/:year/:month/:day/:slug/' } }), post: { slug: 'a', public_id: 1, published_at_iso: '2023-12-31T09:59:59Z' }, url: '/2023/12/31/a/', output: '2023/12/31/a/index.html' },
    { name: 'date tokens at -14:00 go back a day', site: site({ timezone: '-14:00', permalinks: { posts: '/:year/:month/:day/:slug/' } }), post: { slug: 'a', public_id: 1, published_at_iso: '2024-03-01T13:59:59Z' }, url: '/2024/02/29/a/', output: '2024/02/29/a/index.html' },
    { name: 'date tokens in UTC use the written offset\'s instant', site: site({ timezone: 'UTC', permalinks: { posts: '/:year/:month/:day/:slug/' } }), post: { slug: 'a', public_id: 1, published_at_iso: '2024-01-01T08:00:00+09:00' }, url: '/2023/12/31/a/', output: '2023/12/31/a/index.html' },
    { name: 'a leap second keeps its UTC date', site: site({ timezone: 'UTC', permalinks: { posts: '/:year/:month/:day/:slug/' } }), post: { slug: 'a', public_id: 1, published_at_iso: '2016-12-31T23:59:60Z' }, url: '/2016/12/31/a/', output: '2016/12/31/a/index.html' },
    { name: 'a leap second one hour east is on the next local day', site: site({ timezone: '+01:00', permalinks: { posts: '/:year/:month/:day/:slug/' } }), post: { slug: 'a', public_id: 1, published_at_iso: '2016-12-31T23:59:60Z' }, url: '/2017/01/01/a/', output: '2017/01/01/a/index.html' },
    { name: 'date tokens across a DST change in an IANA zone', site: site({ timezone: 'America/New_York', permalinks: { posts: '/:year/:month/:day/:slug/' } }), post: { slug: 'a', public_id: 1, published_at_iso: '2024-03-10T04:30:00Z' }, url: '/2024/03/09/a/', output: '2024/03/09/a/index.html' },
    // Route rule 6 is "For Pages only": a Post slugged "index" keeps the plain html-extension mapping.
    { name: 'a Post slugged index under html-extension is not a directory index', site: site({ permalinks: { output_style: 'html-extension', posts: '/blog/:slug/' } }), post: { slug: 'index', public_id: 1, published_at_iso: '2024-01-01T00:00:00Z' }, url: '/blog/index', output: 'blog/index.html' },
  ]
  test.each(cases)('$name', ({ site, post, url, output }) => {
    expect(postRoute(post, site)).toEqual({ url, output_path: output })
  })
})

describe('pages', () => {
  const cases = [
    { name: 'default', page: { slug: 'about' }, site: site(), path: 'about', url: '/about/', output: 'about/index.html' },
    { name: 'explicit path', page: { slug: 'team', path: 'about/team' }, site: site(), path: 'about/team', url: '/about/team/', output: 'about/team/index.html' },
    { name: 'pages pattern', page: { slug: 'about' }, site: site({ permalinks: { pages: '/p/:slug/' } }), path: 'p/about', url: '/p/about/', output: 'p/about/index.html' },
    { name: 'html-extension', page: { slug: 'about' }, site: site({ permalinks: { output_style: 'html-extension' } }), path: 'about', url: '/about', output: 'about.html' },
    { name: 'terminal index under html-extension', page: { slug: 'index', path: 'guides/index' }, site: site({ permalinks: { output_style: 'html-extension' } }), path: 'guides/index', url: '/guides/', output: 'guides/index.html' },
    { name: 'terminal index under directory', page: { slug: 'index', path: 'guides/index' }, site: site(), path: 'guides/index', url: '/guides/index/', output: 'guides/index/index.html' },
    { name: 'a Page at path index under html-extension is the root directory index', page: { slug: 'index', path: 'index' }, site: site({ permalinks: { output_style: 'html-extension' } }), path: 'index', url: '/', output: 'index.html' },
    { name: 'a derived path ending in index under html-extension', page: { slug: 'index' }, site: site({ permalinks: { output_style: 'html-extension', pages: '/docs/:slug/' } }), path: 'docs/index', url: '/docs/', output: 'docs/index.html' },
    { name: 'only a terminal index component: index/a under html-extension', page: { slug: 'a', path: 'index/a' }, site: site({ permalinks: { output_style: 'html-extension' } }), path: 'index/a', url: '/index/a', output: 'index/a.html' },
    { name: 'Index (not lower case) is not the directory index', page: { slug: 'Index', path: 'guides/Index' }, site: site({ permalinks: { output_style: 'html-extension' } }), path: 'guides/Index', url: '/guides/Index', output: 'guides/Index.html' },
  ]
  test.each(cases)('$name', ({ page, site, path, url, output }) => {
    expect(effectivePagePath(page, site)).toBe(path)
    expect(pageRoute(page, site)).toEqual({ url, output_path: output, path })
  })
})

// Route rule 5 for taxonomy archives, both output styles: the public URL is extensionless, the output path is the file.
describe('category and tag routes', () => {
  const cases = [
    { name: 'default category pattern', route: categoryRoute('travel', site()), url: '/categories/travel/', output: 'categories/travel/index.html' },
    { name: 'default tag pattern, html-extension', route: tagRoute('old-town', site({ permalinks: { output_style: 'html-extension' } })), url: '/tags/old-town', output: 'tags/old-town.html' },
    { name: 'a category slugged index under html-extension is not a directory index (rule 6 is for Pages only)', route: categoryRoute('index', site({ permalinks: { output_style: 'html-extension', categories: '/c/:slug/' } })), url: '/c/index', output: 'c/index.html' },
    { name: 'an NFD tag slug is routed in NFC', route: tagRoute('sa\u0303o', site()), url: '/tags/são/', output: 'tags/são/index.html' },
  ]
  test.each(cases)('$name', ({ route, url, output }) => {
    expect(route).toEqual({ url, output_path: output })
  })
})

describe('checkPermalinkPattern', () => {
  const cases: [Parameters<typeof checkPermalinkPattern>[0], string, boolean][] = [
    ['posts', '/posts/:slug/', true],
    ['posts', '/:year/:month/:day/:public_id', true],
    ['posts', '/blog/v1.0/:slug/', true],
    ['posts', '/:year/', false],
    ['posts', '/posts/:slug.html', false],
    ['posts', '/posts/:slug/index.html', false],
    ['posts', '/Posts.HTML/:slug/', true],
    ['posts', 'posts/:slug/', false],
    ['posts', '/posts/:slug/?q', false],
    ['posts', '/posts/:slug/#x', false],
    ['posts', '/po sts/:slug/', false],
    ['posts', '/po%20sts/:slug/', false],
    ['posts', '/posts\\x/:slug/', false],
    ['posts', '/posts/../:slug/', false],
    ['posts', '/:slug/:slug/', true],
    ['posts', '/:author/:slug/', false],
    ['pages', '/:slug/', true],
    ['pages', '/:year/:slug/', false],
    ['categories', '/c/:slug', true],
    ['tags', '/', false],
  ]
  test.each(cases)('%s %s → %s', (kind, pattern, ok) => {
    expect(checkPermalinkPattern(kind, pattern) === null).toBe(ok)
  })

  // A site moving from Jekyll or WordPress writes its .html URLs first; the reason says what to write instead
  // (it said the token ":slug.html" is not allowed, listing :slug among those that are).
  test.each([
    ['posts', '/:year/:month/:slug.html', 'has the token ":slug" inside the segment ":slug.html"; a token must occupy a whole segment; for URLs ending in .html, end the pattern with the token and set output_style "html-extension"'],
    ['posts', '/p/:public_id-x/', 'has the token ":public_id" inside the segment ":public_id-x"; a token must occupy a whole segment'],
    ['pages', '/:slug.htm', 'has the token ":slug" inside the segment ":slug.htm"; a token must occupy a whole segment'],
    ['posts', '/:hour/:slug/', 'uses the token ":hour", which posts patterns do not allow (allowed: :slug, :public_id, :year, :month, :day)'],
  ] as const)('%s %s: the reason', (kind, pattern, reason) => {
    expect(checkPermalinkPattern(kind, pattern)).toBe(reason)
  })
})

test('isSafeOutputPath', () => {
  expect(isSafeOutputPath('posts/a/index.html')).toBe(true)
  for (const bad of ['', '/etc/passwd', '../x.html', 'a/../../x', 'a//b', 'a\\b', 'C:/x', 'a/./b', 'a\u0000b']) expect(isSafeOutputPath(bad)).toBe(false)
})

describe('deriveRoutes', () => {
  test('every document of the fixture payload gets one route', () => {
    const routes = deriveRoutes(validPayload())
    const byKind = (k: string) => routes.filter((r) => r.kind === k).map((r) => r.url)
    expect(byKind('post')).toEqual(['/2024/05/lisbon/', '/2024/06/v20.0.0/'])
    expect(byKind('page')).toEqual(['/home/', '/about/', '/about/team/'])
    expect(byKind('category')).toEqual(['/topics/travel/'])
    expect(byKind('tag')).toEqual(['/tags/portugal/', '/tags/trams/'])
    expect(byKind('front_page')).toEqual(['/'])
    expect(byKind('post_index')).toEqual(['/blog/'])
  })

  test('pagination counts published, listed posts only', () => {
    const payload = validPayload()
    payload.site.posts_per_page = 1
    const base = payload.content.posts[0]
    payload.content.posts = [0, 1, 2, 3].map((i) => ({ ...base, public_id: i + 1, slug: `p${i}`, status: i === 3 ? 'draft' : 'published', discoverability: i === 2 ? 'delist' : undefined }))
    const index = deriveRoutes(payload).filter((r) => r.kind === 'post_index')
    expect(index.map((r) => [r.url, r.output_path])).toEqual([
      ['/blog/', 'blog/index.html'],
      ['/blog/page/2/', 'blog/page/2/index.html'],
    ])
  })
})

describe('preflightPreviewData', () => {
  const withSite = (mutate: (p: PreviewData) => void) => {
    const p = validPayload()
    mutate(p)
    return preflightPreviewData(p)
  }
  test('a valid layout has no failures', () => expect(withSite(() => {})).toEqual([]))
  test('post index at "/" while a Page owns "/"', () => {
    expect(withSite((p) => (p.site.post_index = { path: '/' }))).toEqual([expect.objectContaining({ code: 'post_index_conflict', path: '/site/post_index' })])
  })
  test('post index at "/" while standalone HTML owns "/"', () => {
    const issues = withSite((p) => {
      p.site.post_index = {}
      p.site.front_page = { type: 'standalone_html', html: '<!doctype html><title>x</title>' }
    })
    expect(issues.map((i) => i.code)).toEqual(['post_index_conflict'])
  })
  test('a disabled post index at "/" is no conflict', () => {
    expect(withSite((p) => (p.site.post_index = { enabled: false, path: '/' }))).toEqual([])
  })
  test('a page and a category claiming one output path', () => {
    const issues = withSite((p) => {
      p.site.permalinks!.categories = '/:slug/'
      p.content.categories[0].slug = 'about'
    })
    expect(issues).toEqual([expect.objectContaining({ code: 'duplicate_output_path', path: '/content/categories/0' })])
  })
  test('a post, a page and a category on one output path: each later route is reported against the post', () => {
    const issues = withSite((p) => {
      p.site.permalinks = { posts: '/:slug/', categories: '/:slug/' }
      const slug = p.content.posts[0].slug
      p.content.pages[0].path = slug
      p.content.categories[0].slug = slug
    })
    expect(issues.map((i) => [i.code, i.path])).toEqual([
      ['duplicate_output_path', '/content/pages/0'],
      ['duplicate_output_path', '/content/categories/0'],
    ])
    for (const issue of issues) expect(issue.message).toContain('at /content/posts/0')
  })
  test('html-extension: a post slugged "index" under /:slug/ writes the root index.html the post index at "/" writes', () => {
    const issues = withSite((p) => {
      p.site.permalinks = { output_style: 'html-extension', posts: '/:slug/', pages: '/p/:slug/' }
      p.site.front_page = { type: 'theme_index' }
      p.site.post_index = { path: '/' }
      p.content.posts[0].slug = 'index'
    })
    expect(issues.map((i) => [i.code, i.path])).toEqual([['duplicate_output_path', '/site/post_index']])
  })
  test('with the post index and standalone HTML both at "/", a post that also writes index.html is still reported', () => {
    const issues = withSite((p) => {
      p.site.permalinks = { output_style: 'html-extension', posts: '/:slug/', pages: '/p/:slug/' }
      p.site.front_page = { type: 'standalone_html', html: '<!doctype html><title>x</title>' }
      p.site.post_index = { path: '/' }
      p.content.posts[0].slug = 'index'
    })
    expect(issues.map((i) => [i.code, i.path])).toEqual([
      ['post_index_conflict', '/site/post_index'],
      ['duplicate_output_path', '/site/front_page'],
      ['duplicate_output_path', '/site/post_index'],
    ])
    for (const issue of issues.slice(1)) expect(issue.message).toContain('the post "index" at /content/posts/0')
  })
  test('html-extension: a post at /a and a page a/index do not collide, a page "a" does', () => {
    const issues = withSite((p) => {
      p.site.permalinks = { output_style: 'html-extension', posts: '/:slug/' }
      p.content.pages[2].path = 'lisbon'
    })
    expect(issues.map((i) => [i.code, i.path])).toEqual([['duplicate_output_path', '/content/pages/2']])
  })
})

describe('preflightPreviewData against the plain algorithm', () => {
  // The reference: every route into one map, in deriveRoutes order; a later route that finds its output path taken
  // is a collision. Preflight must report the same routes (it skips post routes when no other route has their shape).
  function reference(p: PreviewData): string[] {
    const claimed = new Map<string, string>()
    const out: string[] = []
    for (const route of deriveRoutes(p)) {
      const first = claimed.get(route.output_path)
      if (first === undefined) claimed.set(route.output_path, route.source)
      else out.push(`${route.source} ${first}`)
    }
    return out
  }
  const collisions = (p: PreviewData) =>
    preflightPreviewData(p)
      .filter((i) => i.code === 'duplicate_output_path' || (i.code === 'post_index_conflict' && i.path !== '/site/post_index'))
      .map((i) => `${i.path} ${/ at (\S+) both write/.exec(i.message)?.[1] ?? ''}`)

  const words = ['a', 'b', 'index', 'posts', '2024', '05', 'topics', 'tags']
  test('reports the same collisions for random patterns, styles, slugs and page paths', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('/posts/:slug/', '/:slug/', '/:year/:month/:slug/', '/p/:public_id/', '/:year/:slug/'),
        fc.constantFrom('directory' as const, 'html-extension' as const),
        fc.uniqueArray(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }),
        fc.array(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }), { maxLength: 4 }),
        fc.constantFrom(...words),
        fc.constantFrom('/:slug/', '/topics/:slug/'),
        fc.constantFrom('/', '/blog/'),
        (pattern, style, slugs, pagePaths, categorySlug, categories, index) => {
          const p = validPayload()
          p.site.permalinks = { output_style: style, posts: pattern, categories, tags: '/tags/:slug/' }
          p.site.post_index = { path: index }
          const base = p.content.posts[0]
          p.content.posts = slugs.map((slug, i) => ({ ...base, slug, public_id: i + 1, published_at_iso: '2024-05-01T10:00:00Z' }))
          // A Page at "/" beside a post index there is a post_index_conflict, reported differently: left to its own tests.
          const paths = [...new Set(pagePaths.map((c) => c.join('/')))].filter((path) => !(index === '/' && path === 'index'))
          p.content.pages = paths.map((path, i) => ({ ...p.content.pages[0], path, slug: `page-${i}`, public_id: undefined, allow_comments: false }))
          p.content.categories = [{ name: 'C', slug: categorySlug }]
          p.site.front_page = { type: 'theme_index' }
          expect(collisions(p)).toEqual(reference(p))
        },
      ),
      { numRuns: 400 },
    )
  })
})
