import { DateTime } from 'luxon'
import type { FrontPage, Permalinks, PostIndex } from '../../src/contract/types.js'
import { checkSlugSegment, normalizeSlug } from '../../src/validate/primitives/index.js'
import { pageRoute, postRoute, slugFor, slugWithSuffix } from './_core.js'
import { Suffixes } from '../shared/suffixes.js'
import { instant, luxonZone } from './dates.js'
import { compareCodeUnits } from '../../src/compare.js'
import type { Diagnostics } from './diagnostics.js'
import type { SourceDoc } from './document.js'
import { trimBoth } from '../../src/trim.js'

/** A URL the old site served and the new URL that now answers for it. */
export interface PlannedRedirect {
  from: string
  to: string
  file: string
  /** Why the URL changed: the author's alias, or a URL the contract's routes cannot express. */
  reason: 'alias' | 'not-expressible' | 'collision'
}

/** Every route decision of one import: the site's permalinks, each document's slug, path and new URL. */
export interface RoutePlan {
  permalinks: Permalinks
  frontPage?: FrontPage
  postIndex?: PostIndex
  postIds: Map<SourceDoc, number>
  /** Explicit page paths (absent: the pages permalink applies to the slug). */
  pagePaths: Map<SourceDoc, string | undefined>
  /** New public URL of every document, by source file. */
  urlOf: Map<string, string>
  redirects: PlannedRedirect[]
  /** Documents the plan took out (a blank home list the theme index replaces, the post-index section page). */
  dropped: Array<{ doc: SourceDoc; reason: string; detail: string }>
}

/** What planning needs besides the documents. */
export interface PlanContext {
  timezone: string
  /** Permalinks the configuration asks for (`posts` pattern, output style), if any. */
  permalinks?: Permalinks
  /** Where the generator listed posts, when not at `/`. */
  postIndexPath?: string
  /** The old site's base path ('' or '/docs'), prefixed to old URLs in redirects. */
  basePath: string
  /** The path given to the home document's page (it also owns `/` as the front page). */
  homePath?: string
  diagnostics: Diagnostics
}

/**
 * Decides every route: keeps the URL each generator gave its documents wherever the contract's routes can express
 * it (one posts pattern, page paths of slug segments, one output style), and writes a redirect from the old URL
 * wherever they cannot. Slugs and page paths are claimed in file order, so the result never depends on read order.
 */
export function planRoutes(posts: SourceDoc[], pages: SourceDoc[], ctx: PlanContext): RoutePlan {
  const redirects: PlannedRedirect[] = []
  const dropped: RoutePlan['dropped'] = []
  const urlOf = new Map<string, string>()
  const permalinks: Permalinks = { ...ctx.permalinks }
  if (!permalinks.output_style) {
    const style = outputStyleOf([...posts, ...pages])
    if (style === 'html-extension') permalinks.output_style = style
  }
  if (!permalinks.posts) {
    const inferred = inferPostPattern(posts, ctx.timezone)
    if (inferred) permalinks.posts = inferred
  }
  const site = { timezone: ctx.timezone, permalinks }
  const style = permalinks.output_style ?? 'directory'
  // The new site is served at the root of its origin (the contract's `site.url` has no path): under a base path
  // every old URL moved, and is redirected even when the rest of it is kept.
  const redirect = (doc: SourceDoc, to: string, reason: PlannedRedirect['reason']) => {
    if (doc.url !== undefined && (ctx.basePath !== '' || !servesSame(doc.url, to))) redirects.push({ from: ctx.basePath + doc.url, to, file: doc.file, reason })
  }

  // The home document and the post index: decided first, since they take `/` and the index path from the pages.
  let home = pages.find((p) => p.isHome) ?? pages.find((p) => p.url === '/')
  const blankHome = home
  let frontPage: FrontPage | undefined
  if (home && home.isList && home.content.trim() === '') {
    dropped.push({ doc: home, reason: 'home-list', detail: "a list page without text of its own: the theme's index owns /" })
    redirect(home, '/', 'not-expressible')
    home = undefined
  }
  let postIndexPath = ctx.postIndexPath ?? '/'
  let postIndex: PostIndex | undefined
  if (home && postIndexPath === '/') postIndexPath = posts.length > 0 ? '/blog/' : '/'
  if (posts.length === 0 && home) postIndex = { enabled: false }
  else if (postIndexPath !== '/') postIndex = { path: postIndexPath }
  const indexKey = postIndexPath.replace(/^\/|\/$/g, '')
  // Where the post index answers (`/blog/`, under `html-extension` `/blog`): what redirects to it lead to.
  const indexUrl = postIndexUrl(postIndexPath, postIndex, style) ?? postIndexPath
  const listed: SourceDoc[] = []
  for (const p of pages) {
    // The home document is placed below; a blank home list is dropped, and takes no route either.
    if (p === home || (home === undefined && p === blankHome)) continue
    if (postIndex?.enabled !== false && indexKey !== '' && p.url !== undefined && pageKey(p.url, style) === indexKey) {
      dropped.push({ doc: p, reason: 'post-index', detail: `the post index is at ${postIndexPath}${p.content.trim() !== '' ? '; its text is not kept' : ''}` })
      redirect(p, indexUrl, 'not-expressible')
      continue
    }
    listed.push(p)
  }

  // Posts: public ids by publication, then the slug each URL gives under the posts pattern.
  const postIds = new Map<SourceDoc, number>()
  const at = new Map(posts.map((d) => [d, d.published ? instant(d.published) : 0]))
  ;[...posts].sort((a, b) => (at.get(a) as number) - (at.get(b) as number) || compareCodeUnits(a.file, b.file)).forEach((p, i) => postIds.set(p, i + 1))
  const taken = new Map<string, SourceDoc>()
  const postSuffixes = new Suffixes()
  for (const p of posts) {
    const fromUrl = p.url !== undefined ? slugFromUrl(p, postIds.get(p) as number, site) : undefined
    if (fromUrl) p.slug = fromUrl
    const key = p.slug.normalize('NFC')
    if (taken.has(key)) {
      const slug = slugWithSuffix(p.slug, postSuffixes.next(key, (n) => !taken.has(slugWithSuffix(p.slug, n).normalize('NFC'))))
      ctx.diagnostics.warn(p.file, p.slugLine, 'duplicate_slug', `The post slug "${p.slug}" is already used by ${(taken.get(key) as SourceDoc).file}; this post gets "${slug}". Set a distinct \`slug:\` in one of the two files.`)
      p.slug = slug
    }
    taken.set(p.slug.normalize('NFC'), p)
    const url = postRoute({ slug: p.slug, public_id: postIds.get(p) as number, published_at_iso: p.published as string }, site).url
    urlOf.set(p.file, url)
    redirect(p, url, fromUrl ? 'collision' : 'not-expressible')
  }

  // Pages: the old URL's path when every component is a slug segment, else the folders and slug.
  const pagePaths = new Map<SourceDoc, string | undefined>()
  const owner = new Map<string, SourceDoc>()
  const postUrls = new Set(urlOf.values())
  const claim = (p: SourceDoc, path: string | undefined): boolean => {
    const route = pageRoute({ slug: p.slug, ...(path !== undefined ? { path } : {}) }, site)
    if (owner.has(route.path) || postUrls.has(route.url) || route.url === '/' || route.url === postIndexUrl(postIndexPath, postIndex, style)) return false
    owner.set(route.path, p)
    pagePaths.set(p, path)
    urlOf.set(p.file, route.url)
    return true
  }
  const ordered = home ? [home, ...listed] : listed
  const pageSuffixes = new Suffixes()
  for (const p of ordered) {
    let wanted: string | undefined
    let kept = false
    // The home document keeps the path of its old URL (`/en/`) when it had one besides `/`, and owns `/` too.
    if (p === home) wanted = ctx.homePath ?? (p.url !== undefined && p.url !== '/' ? pathFromUrl(p.url, style) : undefined) ?? 'home'
    else if (p.url !== undefined) {
      wanted = pathFromUrl(p.url, style)
      kept = wanted !== undefined
    }
    if (wanted === undefined) wanted = p.pathOverride ?? (p.url !== undefined ? nearestPath(p.url, style) : undefined) ?? (p.pathDirs.length > 0 ? [...p.pathDirs, p.slug].join('/') : undefined)
    if (wanted !== undefined && !kept) p.slug = wanted.split('/').pop() as string
    if (!claim(p, wanted)) {
      const dirs = wanted !== undefined ? wanted.split('/').slice(0, -1) : p.pathDirs
      const base = wanted !== undefined ? (wanted.split('/').pop() as string) : p.slug
      const last = base === 'index' && dirs.length > 0 ? (dirs.pop() as string) : base
      const attempt = (s: string) => [...dirs, s].join('/')
      const n = pageSuffixes.next(attempt(last), (k) => claim(p, attempt(slugWithSuffix(last, k))))
      const firstPath = wanted ?? p.slug
      const first = owner.get(firstPath)
      ctx.diagnostics.warn(p.file, p.slugLine, 'duplicate_path', `The page path "${firstPath}" is already used${first && first !== p ? ` by ${first.file}` : ''}; this page gets "${attempt(slugWithSuffix(last, n))}". Give one of the two files a distinct slug or url.`)
      p.slug = slugWithSuffix(last, n)
      redirect(p, urlOf.get(p.file) as string, 'collision')
      continue
    }
    if (p === home) {
      frontPage = { type: 'page', page_path: wanted as string }
      if (ctx.basePath !== '') redirect(p, '/', 'not-expressible')
      continue
    }
    redirect(p, urlOf.get(p.file) as string, 'not-expressible')
  }
  if (frontPage && home) urlOf.set(home.file, '/')

  // A dropped list page's aliases lead where its role went: the theme index at `/`, or the post index.
  const dropTarget = new Map(dropped.map((d) => [d.doc, d.reason === 'home-list' ? '/' : indexUrl]))
  for (const doc of [...posts, ...listed, ...(home ? [home] : []), ...dropTarget.keys()]) {
    for (const from of doc.redirects) {
      const to = urlOf.get(doc.file) ?? dropTarget.get(doc)
      // An alias is written into the generator's output, which is served under the base path like every page.
      if (to !== undefined) redirects.push({ from: /^[a-z]+:/i.test(from) ? from : ctx.basePath + (from.startsWith('/') ? from : `/${from}`), to, file: doc.file, reason: 'alias' })
    }
  }
  redirects.sort((a, b) => compareCodeUnits(a.from, b.from) || compareCodeUnits(a.file, b.file))
  return { permalinks, ...(frontPage ? { frontPage } : {}), ...(postIndex ? { postIndex } : {}), postIds, pagePaths, urlOf, redirects, dropped }
}

/**
 * The posts pattern that keeps the most old post URLs, for conventions that publish posts at URLs without one
 * configured pattern (Docusaurus `slug`s, Next.js folders): the most common shape of the old URLs, with the last
 * segment as `:slug`, a year/month/day run matching the post's date as date tokens, and a literal segment kept only
 * when every post of that shape shares it. A segment that varies (nodejs.org's `/en/blog/<category>/<slug>`) is
 * dropped: one pattern cannot name a category, so those URLs become redirects to `/en/blog/<slug>/`.
 */
export function inferPostPattern(posts: readonly SourceDoc[], timezone: string): string | undefined {
  const shapes = new Map<string, { count: number; literals: Array<Set<string>>; tokens: string[] }>()
  for (const p of posts) {
    if (p.url === undefined || p.published === undefined) continue
    const comps = urlComponents(p.url)
    if (comps === null || comps.length === 0) continue
    const dt = DateTime.fromISO(p.published, { setZone: true }).setZone(luxonZone(timezone))
    const date = [String(dt.year).padStart(4, '0'), String(dt.month).padStart(2, '0'), String(dt.day).padStart(2, '0')]
    const tokens: string[] = comps.map((_, i) => (i === comps.length - 1 ? ':slug' : '*'))
    for (let i = 0; i + 3 < comps.length; i++) {
      if (comps[i] === date[0] && comps[i + 1] === date[1] && comps[i + 2] === date[2]) {
        tokens.splice(i, 3, ':year', ':month', ':day')
        break
      }
    }
    const key = tokens.join('/')
    const shape = shapes.get(key) ?? { count: 0, literals: tokens.map(() => new Set<string>()), tokens }
    shape.count++
    tokens.forEach((t, i) => {
      if (t === '*') shape.literals[i].add(comps[i])
    })
    shapes.set(key, shape)
  }
  let best: { count: number; literals: Array<Set<string>>; tokens: string[] } | undefined
  for (const key of [...shapes.keys()].sort(compareCodeUnits)) {
    const shape = shapes.get(key) as { count: number; literals: Array<Set<string>>; tokens: string[] }
    if (!best || shape.count > best.count) best = shape
  }
  if (!best) return undefined
  const segments: string[] = []
  best.tokens.forEach((t, i) => {
    if (t !== '*') segments.push(t)
    else if (best.literals[i].size === 1) {
      const literal = [...best.literals[i]][0]
      if (checkSlugSegment(literal) === null) segments.push(literal)
    }
  })
  return '/' + segments.join('/') + '/'
}

/** The post index's public URL: `/blog/`, or under `html-extension` `/blog`, its file `blog.html` ("Output style"). */
function postIndexUrl(path: string, index: PostIndex | undefined, style: 'directory' | 'html-extension'): string | undefined {
  if (index?.enabled === false) return undefined
  const dir = path.endsWith('/') ? path : `${path}/`
  return style === 'html-extension' && dir !== '/' ? dir.slice(0, -1) : dir
}

/**
 * The route an old page URL stands for, to compare with the post index's: `blog`, from `/blog/` or `/blog/index.html`,
 * and under `html-extension` from `/blog.html` too (Jekyll's `date` style serves a `blog.md` there; the post index
 * `/blog/` writes the same `blog.html`).
 */
function pageKey(url: string, style: 'directory' | 'html-extension'): string {
  const key = trimSlashes(url)
  return style === 'html-extension' ? key.replace(/\.html?$/, '') : key
}

/**
 * The output style that serves most old URLs: `html-extension` when most documents were published as `x.html`
 * (Jekyll's `date` and `none` styles), so the same files answer at the same addresses.
 */
function outputStyleOf(docs: SourceDoc[]): 'directory' | 'html-extension' {
  let html = 0
  let known = 0
  for (const d of docs) {
    if (d.url === undefined || d.url === '/') continue
    known++
    if (/\.html$/.test(d.url) && !/\/index\.html$/.test(d.url)) html++
  }
  return known > 0 && html * 2 > known ? 'html-extension' : 'directory'
}

/** The components of an old URL path, decoded, without `index.html` or a `.html` extension; null when one cannot be decoded. */
export function urlComponents(url: string): string[] | null {
  const parts = url.replace(/(?:^|\/)index\.html?$/, '/').replace(/\.html?$/, '').split('/').filter((c) => c !== '')
  const out: string[] = []
  for (const part of parts) {
    try {
      out.push(normalizeSlug(decodeURIComponent(part)))
    } catch {
      return null
    }
  }
  return out
}

/** The page path that serves an old URL under `style`, or undefined when the contract's path rules cannot express it. */
function pathFromUrl(url: string, style: 'directory' | 'html-extension'): string | undefined {
  const comps = urlComponents(url)
  if (comps === null || comps.length === 0) return undefined
  if (!comps.every((c) => checkSlugSegment(c) === null)) return undefined
  // Under html-extension a directory URL (`/docs/`) is served by `docs/index.html`: the path ends in `index`.
  if (style === 'html-extension' && url.endsWith('/')) return [...comps, 'index'].join('/')
  return comps.join('/')
}

/**
 * The page path nearest an old URL the contract cannot express (`/docs/Core APIs/Client API` → `docs/core-apis/
 * client-api`): each segment the path rules refuse is slugified, the others kept, so the page stays where it was in
 * the site's hierarchy (the old URL is redirected); undefined when a segment has nothing left to slugify.
 */
function nearestPath(url: string, style: 'directory' | 'html-extension'): string | undefined {
  const comps = urlComponents(url)
  if (comps === null || comps.length === 0) return undefined
  const near = comps.map((c) => (checkSlugSegment(c) === null ? c : slugFor(c)))
  if (near.some((c) => c === '')) return undefined
  return pathFromUrl('/' + near.join('/') + (url.endsWith('/') ? '/' : ''), style)
}

/**
 * The slug that makes the posts pattern give a post's old URL, or undefined when no slug does (a pattern with other
 * literals, categories in the URL, a date that differs in the site's time zone).
 */
function slugFromUrl(post: SourceDoc, publicId: number, site: Parameters<typeof postRoute>[1]): string | undefined {
  const comps = urlComponents(post.url as string)
  if (comps === null || post.published === undefined) return undefined
  const pattern = (site.permalinks?.posts ?? '/posts/:slug/').split('/').filter((c) => c !== '')
  if (pattern.length !== comps.length) return undefined
  const at = pattern.indexOf(':slug')
  const slug = at === -1 ? post.slug : comps[at]
  if (checkSlugSegment(slug) !== null) return undefined
  const route = postRoute({ slug, public_id: publicId, published_at_iso: post.published }, site)
  return servesSame(post.url as string, route.url) ? slug : undefined
}

/**
 * Whether the new URL answers where the old one did: the same decoded path, where `x.html` is answered by the
 * html-extension output (`/x`, written as `x.html`), `x/` by a directory route, and an extensionless `x` by either.
 */
export function servesSame(oldUrl: string, newUrl: string): boolean {
  const a = urlComponents(oldUrl)
  const b = urlComponents(newUrl)
  if (a === null || b === null || a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  const last = oldUrl.slice(oldUrl.lastIndexOf('/') + 1)
  if (last === '' || /^index\.html?$/i.test(last)) return newUrl.endsWith('/')
  if (/\.html?$/i.test(last)) return !newUrl.endsWith('/')
  // A file of another type (`.text`, `.xml`) is one no HTML route writes; `v20.0.0` is a name, not a type.
  return !/\.(?:text|txt|xml|json|rss|atom|rmd|md|markdown|mkdn|pdf)$/i.test(last)
}

function trimSlashes(s: string): string {
  return trimBoth(s, '/').replace(/(?:^|\/)index\.html?$/, '')
}
