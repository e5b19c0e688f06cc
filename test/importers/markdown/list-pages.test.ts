import { describe, expect, test } from 'vitest'
import { Diagnostics } from '../../../importers/markdown/diagnostics.js'
import { LIST_PAGES_LIMIT, numberedPages, warnListPagesCapped } from '../../../importers/markdown/presets/_list-pages.js'
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
    expect(numberedPages(2, 3, (n) => `/page${n}/`)).toEqual({ routes: [{ from: '/page2/', page: 2 }, { from: '/page3/', page: 3 }], total: 2 })
    expect(numberedPages(2, 1, (n) => `/page${n}/`)).toEqual({ routes: [], total: 0 })
    const cut = numberedPages(1, LIST_PAGES_LIMIT + 7, (n) => `/p/${n}/`)
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
