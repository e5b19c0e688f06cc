import { describe, expect, test } from 'vitest'
import { Diagnostics } from '../../../importers/markdown/diagnostics.js'
import { LIST_PAGES_LIMIT, listPageTarget, numberedPages, warnListPagesCapped } from '../../../importers/markdown/presets/_list-pages.js'
import type { CappedLists } from '../../../importers/markdown/presets/_list-pages.js'
import { pageNumberRoutes } from '../../../importers/markdown/presets/astro-paper.js'
import { laterPages } from '../../../importers/markdown/presets/eleventy.js'
import type { PagedList } from '../../../importers/markdown/presets/eleventy.js'
import { archivePages, indexPageRoutes } from '../../../importers/markdown/presets/hexo.js'
import { paginatorPages } from '../../../importers/markdown/presets/jekyll-paginate.js'

// Three presets cut the pages they redirect for lists of posts at 10,000, each with its own constant
// (PAGE_NUMBERS_LIMIT, LIST_PAGES_LIMIT, ARCHIVE_PAGES_LIMIT) and its own words ("run past", "wrote more than",
// "writes … archive pages besides"); Eleventy's suggested a rule for /blog/* whatever the list's URL. One limit now,
// and one warning: what wrote the pages, how many, where the rest should lead, a host rule for them. The numbered
// pages of AstroPaper, Hexo's index and jekyll-paginate are made by one function (numberedPages) too.
describe('lists of posts cut at LIST_PAGES_LIMIT', () => {
  test.each<[string, CappedLists, string]>([
    ['AstroPaper, counted', { lists: 'The numbered lists of posts (20000 posts, postPerPage 1)', total: 20_000, index: '/posts/', rule: '/posts/*' }, 'The numbered lists of posts (20000 posts, postPerPage 1) wrote 20000 pages; only the first 10000 redirect to the post index at /posts/ (or its pages). Redirect the others by hand (a rule such as /posts/* → /posts/ on the host).'],
    ['Eleventy, not counted', { lists: 'The paginated lists of posts', index: '/blog/', rule: '/news/*' }, 'The paginated lists of posts wrote more than 10000 pages; only the first 10000 redirect to the post index at /blog/ (or its pages). Redirect the others by hand (a rule such as /news/* → /blog/ on the host).'],
    ['Hexo, with a remedy', { lists: "hexo-generator-archive's archives besides /archives/ (5 posts, per_page 1)", total: 12, index: '/', rule: '/archives/*', remedy: 'raise archive_generator.per_page' }, "hexo-generator-archive's archives besides /archives/ (5 posts, per_page 1) wrote 12 pages; only the first 10000 redirect to the post index at / (or its pages). Redirect the others by hand (a rule such as /archives/* → / on the host), or raise archive_generator.per_page."],
  ])('%s', (_, capped, message) => {
    const diagnostics = new Diagnostics()
    warnListPagesCapped(diagnostics, 'f', capped)
    expect(diagnostics.sorted()).toEqual([{ file: 'f', line: 0, code: 'unsupported_feature', message, severity: 'warning' }])
  })

  test('numberedPages: from the first number, each with its number, cut at the limit and counted', () => {
    expect(numberedPages(2, 3, 5, (n) => `/page${n}/`)).toEqual({ routes: [{ from: '/page2/', page: 2 }, { from: '/page3/', page: 3 }], total: 2, perPage: 5 })
    expect(numberedPages(2, 1, 5, (n) => `/page${n}/`)).toEqual({ routes: [], total: 0, perPage: 5 })
    const cut = numberedPages(1, LIST_PAGES_LIMIT + 7, 1, (n) => `/p/${n}/`)
    expect([cut.routes.length, cut.routes.at(-1)?.page, cut.total]).toEqual([LIST_PAGES_LIMIT, LIST_PAGES_LIMIT, LIST_PAGES_LIMIT + 7])
  })

  test('each preset stops at the one limit', () => {
    expect(pageNumberRoutes(LIST_PAGES_LIMIT + 1, 1, (n) => `/posts/${n}/`).routes).toHaveLength(LIST_PAGES_LIMIT)
    expect(indexPageRoutes({ pagination_dir: 'p' }, { perPage: 1, indexPath: '' }, LIST_PAGES_LIMIT + 5)).toMatchObject({ routes: { length: LIST_PAGES_LIMIT }, total: LIST_PAGES_LIMIT + 4 })
    expect(paginatorPages({ paginate: 1 }, LIST_PAGES_LIMIT + 5)).toMatchObject({ routes: { length: LIST_PAGES_LIMIT }, total: LIST_PAGES_LIMIT + 4 })
    const posts = new Set(Array.from({ length: 2 * LIST_PAGES_LIMIT + 10 }, (_, i) => `p${i}.md`))
    const list: PagedList = { tag: 'posts', size: 2, file: 'news.njk', url: '/news/', fields: {}, dialect: 'nunjucks', first: '/news/' }
    const later = laterPages([list], new Map([['posts', posts]]), posts, { url: '/news/' })
    expect(later.routes).toHaveLength(LIST_PAGES_LIMIT)
    // The list it cut is named, for the warning's rule (/news/*, not /blog/*).
    expect(later.cut?.first).toBe('/news/')
    const days = Array.from({ length: 20_000 }, (_, i) => new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10))
    expect(archivePages({ per_page: 1 }, days, 'UTC').urls).toHaveLength(LIST_PAGES_LIMIT)
  })
})

// s13 review: an old list page n led to the new post index's page n, as if both showed as many posts a page (only
// Eleventy checked). Jekyll `paginate: 2` over 10 posts with posts_per_page 5 sent /page2/ (posts 3-4) to /page/2/
// (posts 6-10). Each now leads to the new page holding its first post.
describe('an old list page leads to the new page holding its first post', () => {
  test.each<[old: number, now: number, n: number, target: number]>([
    [10, 10, 1, 1],
    [10, 10, 7, 7],
    [2, 5, 2, 1], // old posts 3-4: new page 1 (1-5)
    [2, 5, 3, 1], // old posts 5-6: post 5 is on new page 1
    [2, 5, 4, 2], // old posts 7-8: new page 2 (6-10)
    [5, 2, 2, 3], // old posts 6-10: post 6 opens new page 3 (5-6)
    [5, 2, 3, 6], // old posts 11-15: new page 6 (11-12)
    [1, 10, 11, 2],
    [10, 1, 2, 11],
    // hexo-pagination slices `posts.slice(perPage · (n − 1), perPage · n)`, which truncates: per_page 2.5, page 3 is posts 6-7.
    [2.5, 5, 3, 2],
    [2.5, 2, 4, 4], // old page 4: posts 8-10 (slice(7.5, 10)), post 8 on new page 4 (7-8)
  ])('old %d a page, new %d: page %d → %d', (old, now, n, target) => {
    expect(listPageTarget({ n, perPage: old }, now)).toBe(target)
  })

  test('hexo-pagination counts ⌈posts ÷ per_page⌉ pages for a fractional per_page (2.5 over 10 posts: 4)', () => {
    expect(indexPageRoutes({ pagination_dir: 'p' }, { perPage: 2.5, indexPath: '' }, 10)).toMatchObject({ total: 3, perPage: 2.5, routes: [{ from: '/p/2/', page: 2 }, { from: '/p/3/', page: 3 }, { from: '/p/4/', page: 4 }] })
    const days = Array.from({ length: 10 }, (_, i) => `2024-01-${String(i + 10)}`)
    expect(archivePages({ per_page: 2.5 }, days, 'UTC').urls.filter((u) => u.startsWith('/archives/page/'))).toEqual(['/archives/page/2/', '/archives/page/3/', '/archives/page/4/'])
  })
})
