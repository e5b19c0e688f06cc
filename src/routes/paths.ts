import type { Site } from '../contract/types.js'
import { localDateParts, normalizeSlug, parseTimestamp } from '../validate/primitives/index.js'
import { outputStyle, parsePattern, permalinkPattern } from './permalink.js'

/** Where a document lives: its extensionless public URL path and its output file, relative to the output root. */
export type RouteLocation = {
  /** Root-relative public URL, extensionless (`/about/` or `/about`). */
  url: string
  /** Output file path relative to the output root, always with `/` (`about/index.html` or `about.html`). */
  output_path: string
}

/**
 * Turns route components into the public URL and output path under an output style (contract route rule 5; rule 6
 * for Pages, whose terminal `index` keeps directory-index behaviour under `html-extension`).
 * @example
 * locate(['about'], 'directory') // { url: '/about/', output_path: 'about/index.html' }
 * locate(['about'], 'html-extension') // { url: '/about', output_path: 'about.html' }
 */
export function locate(components: readonly string[], style: 'directory' | 'html-extension', isPage = false): RouteLocation {
  if (components.length === 0) return { url: '/', output_path: 'index.html' }
  const joined = components.join('/')
  if (style === 'directory') return { url: `/${joined}/`, output_path: `${joined}/index.html` }
  if (isPage && components[components.length - 1] === 'index') {
    const parent = components.slice(0, -1).join('/')
    return { url: parent === '' ? '/' : `/${parent}/`, output_path: `${joined}.html` }
  }
  return { url: `/${joined}`, output_path: `${joined}.html` }
}

/** Splits a route value (`/a/b/`, `a/b`) into its non-empty components. */
export function routeComponents(route: string): string[] {
  return route.split('/').filter((c) => c !== '')
}

/**
 * The NFC effective path of a Page: its `path` when given, else `site.permalinks.pages` with `:slug` substituted,
 * without leading or trailing slash. Unique effective paths are the identity of Pages.
 * @example
 * effectivePagePath({ slug: 'about' }, site) // 'about' (with the default '/:slug/')
 * effectivePagePath({ slug: 'team', path: 'about/team' }, site) // 'about/team'
 */
export function effectivePagePath(page: { slug: string; path?: string }, site: Pick<Site, 'permalinks'>): string {
  if (typeof page.path === 'string') return normalizeSlug(page.path)
  const slug = normalizeSlug(page.slug)
  return parsePattern(permalinkPattern(site, 'pages'))
    .map((s) => ('token' in s ? slug : s.literal))
    .join('/')
}

/**
 * The route of a Post: `site.permalinks.posts` with `:slug`, `:public_id` and the date tokens substituted. Date tokens
 * use the publication instant in `site.timezone` (fixed offsets included), not the UTC date.
 * @example
 * postRoute({ slug: 'hi', public_id: 7, published_at_iso: '2024-01-01T02:00:00+09:00' }, site).url // '/posts/hi/'
 */
export function postRoute(
  post: { slug: string; public_id: number; published_at_iso: string },
  site: Pick<Site, 'permalinks' | 'timezone'>,
): RouteLocation {
  const segments = parsePattern(permalinkPattern(site, 'posts'))
  let date: { year: number; month: number; day: number } | undefined
  const components = segments.map((s) => {
    if ('literal' in s) return s.literal
    switch (s.token) {
      case ':slug':
        return normalizeSlug(post.slug)
      case ':public_id':
        return String(post.public_id)
      default: {
        date ??= postDate(post.published_at_iso, site.timezone)
        if (s.token === ':year') return String(date.year).padStart(4, '0')
        return String(s.token === ':month' ? date.month : date.day).padStart(2, '0')
      }
    }
  })
  return locate(components, outputStyle(site))
}

function postDate(iso: string, timezone: string): { year: number; month: number; day: number } {
  const parsed = parseTimestamp(iso)
  if (!parsed) return { year: 0, month: 0, day: 0 }
  return localDateParts(timezone, parsed.epochMs)
}

/**
 * The route of a Page from its effective path.
 * @example
 * pageRoute({ slug: 'index', path: 'guides/index' }, { permalinks: { output_style: 'html-extension' } })
 * // { url: '/guides/', output_path: 'guides/index.html', path: 'guides/index' }
 */
export function pageRoute(page: { slug: string; path?: string }, site: Pick<Site, 'permalinks'>): RouteLocation & { path: string } {
  const path = effectivePagePath(page, site)
  return { ...locate(routeComponents(path), outputStyle(site), true), path }
}

/**
 * The route of a category archive.
 * @example
 * categoryRoute('travel', site).url // '/categories/travel/'
 */
export function categoryRoute(slug: string, site: Pick<Site, 'permalinks'>): RouteLocation {
  return taxonomyRoute('categories', slug, site)
}

/**
 * The route of a tag archive.
 * @example
 * tagRoute('lisbon', site).url // '/tags/lisbon/'
 */
export function tagRoute(slug: string, site: Pick<Site, 'permalinks'>): RouteLocation {
  return taxonomyRoute('tags', slug, site)
}

function taxonomyRoute(kind: 'categories' | 'tags', slug: string, site: Pick<Site, 'permalinks'>): RouteLocation {
  const normalized = normalizeSlug(slug)
  const components = parsePattern(permalinkPattern(site, kind)).map((s) => ('token' in s ? normalized : s.literal))
  return locate(components, outputStyle(site))
}

/**
 * Whether an output path stays inside the output root: relative, `/`-separated, no empty, `.` or `..` component, no
 * backslash, drive letter or control character. Build tooling checks this independently of input validation.
 * @example
 * isSafeOutputPath('posts/hi/index.html') // true
 * isSafeOutputPath('posts/../../etc/passwd.html') // false
 */
export function isSafeOutputPath(path: string): boolean {
  if (path === '' || path.startsWith('/') || /[\\\u0000-\u001f\u007f]|^[A-Za-z]:/.test(path)) return false
  for (const component of path.split('/')) {
    if (component === '' || component === '.' || component === '..') return false
  }
  return true
}
