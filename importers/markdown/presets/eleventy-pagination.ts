import { isPlainObject } from '../front-matter.js'
import { expandTemplates } from '../templates/index.js'

/** The collections whose paged list is the blog's: Eleventy's `posts` (or `post`) tag. */
const POST_COLLECTIONS: ReadonlyMap<string, string> = new Map([['collections.posts', 'posts'], ['collections.post', 'post']])

/** A template that pages through the posts (11ty.dev "Pagination"): the collection's tag and the posts per page. */
export interface PagedPostList {
  tag: string
  size: number
}

/**
 * The post list a template writes (`pagination: { data: collections.posts, size: N }`), or undefined: another data
 * set, or a size of 1 (a page per post, not a list). Eleventy's default size is 1.
 */
export function pagedPostList(fields: Record<string, unknown>): PagedPostList | undefined {
  const p = fields.pagination
  if (!isPlainObject(p) || typeof p.data !== 'string') return undefined
  const tag = POST_COLLECTIONS.get(p.data.trim())
  const size = typeof p.size === 'number' && Number.isInteger(p.size) ? p.size : 1
  return tag === undefined || size < 2 ? undefined : { tag, size }
}

/**
 * Where Eleventy writes page `n` (from 0) of a paginated template: its permalink rendered with
 * `pagination.pageNumber` in the template's language (`blog/{% if pagination.pageNumber > 0 %}page-{{
 * pagination.pageNumber + 1 }}/{% endif %}index.html`), else its default URL, then `n/` below it for later pages
 * (Eleventy 3.1.8: /blog/, /blog/1/, /blog/2/). Undefined when the permalink's code cannot be evaluated here.
 */
export function pageUrl(list: { file: string; permalink?: string; url: string; fields: Record<string, unknown> }, n: number, dialect: 'nunjucks' | 'liquid'): string | undefined {
  if (list.permalink === undefined) return n === 0 ? list.url : `${list.url.replace(/\/?$/, '/')}${n}/`
  const page = { ...list.fields, pagination: { ...(isPlainObject(list.fields.pagination) ? list.fields.pagination : {}), pageNumber: n } }
  const rendered = expandTemplates(list.permalink, { file: list.file, dialects: [dialect], url: '/', baseurl: '', resolve: () => undefined, readFile: () => undefined, data: { site: {}, page } })
  if (rendered.findings.some((f) => f.action !== 'expanded')) return undefined
  return ('/' + rendered.body.trim().replace(/^\/+/, '')).replace(/\/{2,}/g, '/').replace(/(^|\/)index\.html$/, '$1')
}
