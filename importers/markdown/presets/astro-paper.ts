import { stringLiteral } from './_jstext.js'
import { numberedPages } from './_list-pages.js'
import type { NumberedPages } from './_list-pages.js'
import type { ConfigMenuItem } from './types.js'

/**
 * AstroPaper's own configuration (the theme's `src/config.ts`, read as text, never run): the object whose `website`
 * the Astro configuration's `site` names (`site: SITE.website`) also holds the site's `title`, its `desc` and
 * `postPerPage`, the size of the theme's lists of posts (`/posts`, `/posts/2`, and tag pages).
 * @example
 * paperSite(new Map([['title', '"AstroPaper"'], ['desc', '"A theme."'], ['postPerPage', '3']]))
 * // { title: 'AstroPaper', description: 'A theme.', perPage: 3 }
 */
export function paperSite(site: ReadonlyMap<string, string>): { title?: string; description?: string; perPage?: number } {
  const title = stringLiteral(site.get('title'))?.trim()
  const description = stringLiteral(site.get('desc') ?? site.get('description'))?.trim()
  const perPage = Number(site.get('postPerPage')?.trim())
  return {
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...(Number.isInteger(perPage) && perPage >= 1 ? { perPage } : {}),
  }
}

/**
 * Whether a posts route also writes the lists' pages by number, as AstroPaper 2's `src/pages/posts/[slug].astro`
 * does beside each post: `getPageNumbers(posts.length).map((pageNum) => ({ params: { slug: String(pageNum) } }))`,
 * pages 1 to ⌈posts ÷ postPerPage⌉ at `/posts/<n>`.
 */
export function servesPageNumbers(routeText: string): boolean {
  // `\s*(?:,\s*)?`, not `\s*,?\s*`: two runs of spaces side by side split a long run every way before failing.
  return /\bparams\s*:\s*\{\s*[A-Za-z_$][\w$]*\s*:\s*String\(\s*[A-Za-z_$][\w$]*\s*\)\s*(?:,\s*)?\}/.test(routeText)
}

/**
 * The numbered list pages (`/posts/1` … `/posts/<n>`) of `count` posts at `perPage` a page (numberedPages: at most
 * LIST_PAGES_LIMIT), each leading to the post index's page of its number, `/posts/page/<n>/` (the post index lists as
 * many a page), page 1 to the post index.
 */
export function pageNumberRoutes(count: number, perPage: number, at: (n: number) => string): NumberedPages {
  return numberedPages(1, Math.ceil(count / perPage), perPage, at)
}

/**
 * The theme's header menu (AstroPaper's `src/components/Header.astro`): each link of its `<nav>` to a path of the
 * site (`<a href="/posts">Posts</a>`; a component such as `<LinkButton href="/search" title="Search">` by its
 * `title` or `aria-label`), in the order written. Links written as expressions (`href={…}`) are left out.
 * @example
 * headerMenu('<nav><a href="/posts" class="x">\n Posts\n</a></nav>') // [{ title: 'Posts', url: '/posts' }]
 */
export function headerMenu(text: string): ConfigMenuItem[] {
  const open = text.search(/<nav\b/)
  const close = open === -1 ? -1 : text.indexOf('</nav>', open)
  if (close === -1) return []
  const nav = text.slice(open, close)
  const out: ConfigMenuItem[] = []
  // Each start tag, to the next `>` with no `<` before it; its name ends where a space or the `>` follows, so no
  // split of a long name is tried twice (a name of dots and letters without `>` was read once per dot).
  for (const m of nav.matchAll(/<([A-Za-z][\w.]*)(\s[^<>]*)?>([^<]*)/g)) {
    const href = attribute(m[2] ?? '', 'href')
    if (href === undefined || !href.startsWith('/') || href.startsWith('//')) continue
    const text = m[1] === 'a' ? m[3].replace(/\s+/g, ' ').trim() : ''
    const title = text !== '' ? text : (attribute(m[2] ?? '', 'title') ?? attribute(m[2] ?? '', 'aria-label') ?? attribute(m[2] ?? '', 'ariaLabel'))
    if (title !== undefined && title.trim() !== '') out.push({ title: title.trim(), url: href })
  }
  return out
}

/** A quoted attribute's value in a start tag's attributes (`href="/x"`); undefined when absent or an expression. */
function attribute(attributes: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes)
  return m === null ? undefined : (m[1] ?? m[2])
}
