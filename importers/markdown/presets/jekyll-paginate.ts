import { trimBoth } from '../../../src/trim.js'
import { numberedPages } from './_list-pages.js'
import type { NumberedPages } from './_list-pages.js'

/**
 * The later pages jekyll-paginate writes for the blog's list (jekyllrb.com "Pagination"): with `paginate: N`, page n
 * (from 2, to ⌈posts ÷ N⌉) at `paginate_path` with `:num` as n (default `/page:num`: `/page2/`, `/page3/`; written as
 * `<path>/index.html`), at most LIST_PAGES_LIMIT (numberedPages). None without a `paginate` of at least 1, or a path without `:num` or climbing out.
 * @example
 * paginatorPages({ paginate: 5, paginate_path: '/blog/page:num/' }, 12).routes
 * // [{ from: '/blog/page2/', page: 2 }, { from: '/blog/page3/', page: 3 }]
 */
export function paginatorPages(cfg: Record<string, unknown>, posts: number): NumberedPages {
  const perPage = typeof cfg.paginate === 'number' && Number.isInteger(cfg.paginate) ? cfg.paginate : 0
  const path = typeof cfg.paginate_path === 'string' ? cfg.paginate_path : '/page:num'
  if (perPage < 1 || !path.includes(':num') || path.split('/').includes('..')) return { routes: [], total: 0 }
  return numberedPages(2, Math.ceil(posts / perPage), (n) => `/${trimBoth(path.replace(':num', String(n)), '/')}/`)
}
