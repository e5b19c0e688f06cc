import type { Diagnostics } from '../diagnostics.js'
import type { ListPage, SiteConfig } from './types.js'

/**
 * At most this many pages a generator wrote for its lists of posts are redirected, for each kind of list: AstroPaper's
 * numbered pages, Eleventy's paginated lists, Hexo's archives and its index's pages. Each is one redirect held and
 * written, and the count follows from the posts and a page size the site chose (`per_page: 1` over 100,000 posts).
 */
export const LIST_PAGES_LIMIT = 10_000

/** What a warning about lists cut at LIST_PAGES_LIMIT says. */
export interface CappedLists {
  /** What wrote the pages (`hexo-generator-archive's archives under /archives/ (12,000 posts, per_page 1)`). */
  lists: string
  /** How many pages it wrote, when counted; else "more than LIST_PAGES_LIMIT". */
  total?: number
  /** The post index's URL, where the others should lead. */
  index: string
  /** A host rule that matches the others (`/archives/*`). */
  rule: string
  /** Another way out, when the site has one (`raise archive_generator.per_page`). */
  remedy?: string
}

/**
 * Says, on `file`, that lists of posts wrote more pages than LIST_PAGES_LIMIT and only the first were redirected: one
 * shape for every preset that redirects list pages.
 * @example
 * warnListPagesCapped(diagnostics, 'src/pages/posts/[slug].astro', { lists: 'The numbered lists of posts', index: '/posts/', rule: '/posts/*' })
 * // "The numbered lists of posts wrote more than 10000 pages; only the first 10000 redirect to the post index at
 * // /posts/ (or its pages). Redirect the others by hand (a rule such as /posts/* → /posts/ on the host)."
 */
export function warnListPagesCapped(diagnostics: Diagnostics, file: string, capped: CappedLists): void {
  const pages = capped.total !== undefined ? `${capped.total} pages` : `more than ${LIST_PAGES_LIMIT} pages`
  const or = capped.remedy !== undefined ? `, or ${capped.remedy}` : ''
  diagnostics.warn(file, 0, 'unsupported_feature', `${capped.lists} wrote ${pages}; only the first ${LIST_PAGES_LIMIT} redirect to the post index at ${capped.index} (or its pages). Redirect the others by hand (a rule such as ${capped.rule} → ${capped.index} on the host)${or}.`)
}

/** A list's numbered pages: where each is, by its page number. */
export interface NumberedPages {
  routes: Array<{ from: string; page: number }>
  /** How many pages the list has from the first numbered one, all of them (`routes` stops at LIST_PAGES_LIMIT). */
  total: number
  /** How many posts the generator put on each page. */
  perPage: number
}

/**
 * A list's pages `first` … `last` at `at(n)`, `perPage` posts each: at most LIST_PAGES_LIMIT of them, `total` counting them all.
 * @example
 * numberedPages(2, 3, 5, (n) => `/page${n}/`) // { routes: [{ from: '/page2/', page: 2 }, { from: '/page3/', page: 3 }], total: 2, perPage: 5 }
 */
export function numberedPages(first: number, last: number, perPage: number, at: (n: number) => string): NumberedPages {
  const total = Math.max(0, last - first + 1)
  const routes: NumberedPages['routes'] = []
  for (let n = first; n < first + Math.min(total, LIST_PAGES_LIMIT); n++) routes.push({ from: at(n), page: n })
  return { routes, total, perPage }
}

/**
 * Adds a list's numbered pages to the generated routes, each leading to the post index's page that holds its first
 * post (listPageTarget; the post index where the new site has fewer pages), and says so on `file` when LIST_PAGES_LIMIT cut some (`lists`, `rule`: as
 * warnListPagesCapped says them).
 */
export function addNumberedPages(config: SiteConfig, pages: NumberedPages, at: { file: string; diagnostics: Diagnostics; lists: string; rule: string }): void {
  const index = config.postIndexPath ?? '/'
  for (const r of pages.routes) (config.generatedRoutes ??= []).push({ from: r.from, to: index, file: at.file, page: { n: r.page, perPage: pages.perPage } })
  if (pages.total > pages.routes.length) warnListPagesCapped(at.diagnostics, at.file, { lists: at.lists, total: pages.total, index, rule: at.rule })
}

/**
 * The page of a list showing `perPage` posts a page that holds the first post of page `page.n` of the same posts
 * shown `page.perPage` a page: ⌊first ÷ perPage⌋ + 1, `first` the 0-based index of that post, ⌊(n − 1) · old⌋ (a
 * fractional old size slices as hexo-pagination's `slice(perPage · (n − 1), …)` does, which truncates). Equal sizes
 * keep the number; a new page of other size shows the old page's posts from its first on.
 * @example
 * listPageTarget({ n: 2, perPage: 2 }, 5) // 1: old posts 3-4 are on the new first page (posts 1-5)
 * listPageTarget({ n: 3, perPage: 5 }, 2) // 6: old post 11 opens the new sixth page (posts 11-12)
 */
export function listPageTarget(page: ListPage, perPage: number): number {
  const first = Math.trunc((page.n - 1) * page.perPage)
  return Math.floor(first / perPage) + 1
}
