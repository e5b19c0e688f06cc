import { trimBoth } from '../../../src/trim.js'
import { LIST_PAGES_LIMIT } from './_list-pages.js'

/**
 * The later pages jekyll-paginate writes for the blog's list (jekyllrb.com "Pagination"): with `paginate: N`, page n
 * (from 2, to ⌈posts ÷ N⌉) at `paginate_path` with `:num` as n (default `/page:num`: `/page2/`, `/page3/`; written as
 * `<path>/index.html`). Each leads to the post index's page of the same number (`page`); at most LIST_PAGES_LIMIT,
 * `total` counting them all. None without a `paginate` of at least 1, or a path without `:num` or climbing out.
 * @example
 * paginatorPages({ paginate: 5, paginate_path: '/blog/page:num/' }, 12).routes
 * // [{ from: '/blog/page2/', page: 2 }, { from: '/blog/page3/', page: 3 }]
 */
export function paginatorPages(cfg: Record<string, unknown>, posts: number): { routes: Array<{ from: string; page: number }>; total: number } {
  const perPage = typeof cfg.paginate === 'number' && Number.isInteger(cfg.paginate) ? cfg.paginate : 0
  const path = typeof cfg.paginate_path === 'string' ? cfg.paginate_path : '/page:num'
  if (perPage < 1 || !path.includes(':num') || path.split('/').includes('..')) return { routes: [], total: 0 }
  const total = Math.max(0, Math.ceil(posts / perPage) - 1)
  const routes: Array<{ from: string; page: number }> = []
  for (let n = 2; n <= Math.min(total, LIST_PAGES_LIMIT) + 1; n++) routes.push({ from: `/${trimBoth(path.replace(':num', String(n)), '/')}/`, page: n })
  return { routes, total }
}
