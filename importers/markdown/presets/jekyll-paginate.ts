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
  if (perPage < 1 || !path.includes(':num') || path.split('/').includes('..')) return { routes: [], total: 0, perPage: Math.max(perPage, 1) }
  return numberedPages(2, Math.ceil(posts / perPage), perPage, (n) => `/${trimBoth(path.replace(':num', String(n)), '/')}/`)
}

/**
 * Where the list jekyll-paginate pages is, as a URL path: its template is an `index.html` in the folder of
 * `paginate_path` or a folder above it, the deepest one (jekyll-paginate's Pager.pagination_candidate? and
 * Pagination#template_page): `/blog/page:num/` → `/blog/` (with `blog/index.html`), `/page/:num/` → `/` (with the
 * root `index.html`, as there is no `page/index.html`). Without such a file, the folder of `paginate_path`.
 * @example
 * paginatedListPath('/page/:num/', (rel) => rel === 'index.html') // '/'
 */
export function paginatedListPath(paginatePath: string, hasFile: (rel: string) => boolean): string {
  const template = paginationTemplate(paginatePath, hasFile)
  return urlOf(template === undefined ? listFolder(paginatePath) : template.split('/').slice(0, -1))
}

/**
 * The file jekyll-paginate pages, as a relative path: the deepest `index.html` in the folder of `paginate_path` or
 * a folder above it (pager.rb `pagination_candidate?`: `page.name == 'index.html'`; jekyllrb.com "Pagination":
 * "Pagination only works within HTML files", "named index.html"). Undefined when there is none: an `index.md` is
 * never paged, and jekyll-paginate writes no later pages.
 * @example
 * paginationTemplate('/blog/page:num/', (rel) => rel === 'index.html') // 'index.html'
 * paginationTemplate('/page:num', (rel) => rel === 'index.md') // undefined
 */
export function paginationTemplate(paginatePath: string, hasFile: (rel: string) => boolean): string | undefined {
  const folder = listFolder(paginatePath)
  for (let k = folder.length; k >= 0; k--) {
    const rel = [...folder.slice(0, k), 'index.html'].join('/')
    if (hasFile(rel)) return rel
  }
  return undefined
}

function listFolder(paginatePath: string): string[] {
  return paginatePath.split('/').filter((s) => s !== '').slice(0, -1)
}

function urlOf(folders: readonly string[]): string {
  return folders.length === 0 ? '/' : `/${folders.join('/')}/`
}
