import { effectivePagePath, pageRoute } from '../../src/index.js'
import type { Site } from '../../src/index.js'
import type { Collected, ContentItem } from './collect.js'
import { derivedSlug, itemTitle, languageOf } from './item-fields.js'
import type { WarnItem } from './posts.js'
import { Suffixes } from '../shared/suffixes.js'
import { LIMITS } from './limits.js'
import type { ReportBuilder } from './report.js'
import { decodeWpSlug, repairSlug, slugFromTitle, withSuffix } from './slugs.js'

/**
 * Where a page goes: its leaf slug, explicit path (when the hierarchy or a language prefix needs one) and URL. Every
 * page planned is emitted: the collector keeps only pages that will be (collect.ts).
 */
export type PagePlan = { item: ContentItem; title: string; slug: string; path?: string; effectivePath: string; url: string; parentId: number }

/**
 * What planning keeps from page to page: the paths taken, their suffix counters, each page's leaf slug, the WordPress
 * locale slugs are made from titles by, and the base path of each custom type imported as pages.
 */
type PagePaths = { c: Collected; site: Site; basePath: string; taken: Set<string>; suffixes: Suffixes; leaf: Map<number, string>; locale: string; typeBases: Map<string, string> }

/**
 * Plans every emitted page's path from the `post_parent` hierarchy, read from every exported page (`pageSkeleton`)
 * so a draft parent with a slug still shapes its children's paths (one without is left out, `namedOnly`). A parent cycle or an absurd depth puts the page at the top
 * level with a warning; a path taken by an earlier page gets a `-2`, `-3`… leaf suffix; a Polylang/WPML language
 * prefix that the old URL carried is kept as the first path component.
 */
export function planPages(
  c: Collected,
  site: Site,
  basePath: string,
  report: ReportBuilder,
  warnItem: WarnItem,
): Map<number, PagePlan> {
  const paths: PagePaths = { c, site, basePath, taken: new Set(), suffixes: new Suffixes(), leaf: new Map(), locale: c.slugLocale, typeBases: new Map() }
  const plans = new Map<number, PagePlan>()
  const nesting = nestingTypes(c)
  for (const item of c.pages) {
    const title = itemTitle(item, report)
    const slug = pageSlug(item, report, paths.locale, item.postType === 'page' || nesting.has(item.postType))
    plans.set(item.postId, item.postType === 'page' ? planPage(paths, item, title, slug, report, warnItem) : planTypedPage(paths, item, title, slug, warnItem))
  }
  return plans
}

/**
 * A page's own slug, repaired, else the one WordPress gives an item saved without one (`derivedSlug`: its title's,
 * else its id, `-2` for a number where its type is `hierarchical`); the report counts either fallback.
 */
function pageSlug(item: ContentItem, report: ReportBuilder, locale: string, hierarchical: boolean): string {
  const own = repairSlug(decodeWpSlug(item.postName))
  if (!own) {
    report.fallback('slug_derived_from_title')
    return derivedSlug(item, locale, '', hierarchical)
  }
  if (own !== decodeWpSlug(item.postName)) report.fallback('slug_repaired')
  return own
}

/**
 * A custom post type imported as pages (WooCommerce products): where WordPress served it, its link's path
 * (`/product/<slug>/`), else the path WordPress would have given it (`typedPath`).
 */
function planTypedPage(paths: PagePaths, item: ContentItem, title: string, slug: string, warnItem: WarnItem): PagePlan {
  const path = linkPath(item.link, paths.basePath) ?? typedPath(paths, item, title, slug, warnItem)
  const effective = uniquePath(path, paths.taken, paths.suffixes)
  if (effective !== path) warnItem(item, 'duplicate_path', `"${title}" (id ${item.postId}) has the path of an earlier page; it was given "${effective}".`)
  paths.taken.add(effective.normalize('NFC'))
  const leafSlug = effective.split('/').pop() as string
  paths.leaf.set(item.postId, leafSlug)
  return { item, title, slug: leafSlug, path: effective, effectivePath: effective, url: pageRoute({ slug: leafSlug, path: effective }, paths.site).url, parentId: 0 }
}

/** A page below its parents (and the language prefix its old link carried), with a suffix when its path is taken. */
function planPage(paths: PagePaths, item: ContentItem, title: string, slug: string, report: ReportBuilder, warnItem: WarnItem): PagePlan {
  const { site, basePath } = paths
  const found = ancestors((id) => paths.c.pageSkeleton.get(id)?.parent, item.postId)
  const broken = found.broken
  const chain = broken ? [] : found.chain
  if (broken) warnItem(item, 'invalid_route_path', `Page "${title}" (id ${item.postId}) is in a parent cycle or too deep a hierarchy; its path starts at the top level.`)
  const lang = languageOf(item, basePath)
  const prefix = lang.prefixed && lang.lang ? [repairSlug(lang.lang)].filter(Boolean) : []
  const parents = namedOnly(paths.c, chain).map((id) => leafOf(paths, id))
  // Ancestors the export lacks keep their place in the path: their slugs are the start of the page's own link.
  const missing = found.orphan && !broken ? missingAncestors(linkPath(item.link, basePath), prefix, [...parents, slug]) : []
  if (missing.length > 0) {
    report.fallback('page_parents_from_link')
    parents.unshift(...missing)
  }
  const top = effectivePagePath({ slug: parents[0] ?? slug }, site)
  const parts = parents.length > 0 ? [...prefix, top, ...parents.slice(1), slug] : [...prefix, top]
  const { effective, leafSlug } = untakenPagePath(paths, parts, slug, parents.length > 0 || prefix.length > 0)
  if (leafSlug !== slug) warnItem(item, 'duplicate_path', `Page "${title}" (id ${item.postId}) has the path of an earlier page; it was given "${effective}".`)
  paths.taken.add(effective.normalize('NFC'))
  const explicitPath = parents.length > 0 || prefix.length > 0 || leafSlug !== slug ? effective : undefined
  paths.leaf.set(item.postId, leafSlug)
  const url = pageRoute({ slug: leafSlug, ...(explicitPath ? { path: explicitPath } : {}) }, site).url
  const parentId = chain.length > 0 ? chain[chain.length - 1] : 0
  return { item, title, slug: leafSlug, ...(explicitPath ? { path: explicitPath } : {}), effectivePath: effective, url, parentId }
}

/**
 * The path WordPress gave an item of a custom type whose link shows none (plain permalinks' `?book=guide/one`, a
 * draft's `?post_type=book&p=12`): get_post_permalink's `<type base>/<uri>`, where the uri of a hierarchical type's
 * item is its ancestors' slugs and its own (get_page_uri). A plain permalink shows that uri (`queryUri`); else it is
 * made from the ancestors the export holds, of its type, a parent cycle or an absurd depth leaving them out with a
 * warning, as for pages.
 */
function typedPath(paths: PagePaths, item: ContentItem, title: string, slug: string, warnItem: WarnItem): string {
  const shown = queryUri(item.link, item.postType, slug)
  if (shown) return [typeBase(paths, item.postType), ...shown].join('/')
  const found = ancestors(typedParent(paths.c, item.postType), item.postId)
  if (found.broken) warnItem(item, 'invalid_route_path', `"${title}" (id ${item.postId}) is in a parent cycle or too deep a hierarchy; its path leaves its parents out.`)
  const parents = found.broken ? [] : namedOnly(paths.c, found.chain).map((id) => leafOf(paths, id))
  return [typeBase(paths, item.postType), ...parents, slug].join('/')
}

/**
 * The uri a plain permalink shows: get_post_permalink's `?<query var>=<uri>` (add_query_arg, unencoded; the query var
 * is the type's name, register_post_type's default), when every segment is a slug and the last is the item's own;
 * else undefined.
 * @example
 * queryUri('https://x.test/?book=guide/part-one', 'book', 'part-one') // ['guide', 'part-one']
 */
function queryUri(link: string, type: string, slug: string): string[] | undefined {
  const q = link.indexOf('?')
  if (q < 0) return undefined
  const arg = link.slice(q + 1).split('#')[0].split('&').find((a) => a.startsWith(type + '='))
  const segments = (arg ?? '').slice(type.length + 1).split('/').filter((s) => s !== '').map(decodeWpSlug)
  if (segments.length === 0 || segments.some((s) => repairSlug(s) !== s) || segments[segments.length - 1] !== slug) return undefined
  return segments
}

/**
 * The custom types imported as pages that the export shows hierarchical (is_post_type_hierarchical): an item of the
 * type has a parent of the same type, as only a hierarchical type's editor lets it have. The export does not say how a
 * type was registered, so a hierarchical type whose exported items all sit at the top is taken as flat.
 */
function nestingTypes(c: Collected): Set<string> {
  const out = new Set<string>()
  for (const { parent, postType } of c.typedSkeleton.values()) if (parent > 0 && c.typedSkeleton.get(parent)?.postType === postType) out.add(postType)
  return out
}

/** The parent of an exported item of `type` imported as pages, when that parent is one too. */
function typedParent(c: Collected, type: string): (id: number) => number | undefined {
  return (id) => {
    const own = c.typedSkeleton.get(id)
    return own?.postType === type ? own.parent : undefined
  }
}

/**
 * Where a custom type's items were served below (register_post_type's rewrite slug, after the permalink front when
 * `with_front`): what its items' links show before their own uri when they agree (`shownBase`), else the type's name,
 * the rewrite slug's default.
 */
function typeBase(paths: PagePaths, type: string): string {
  let base = paths.typeBases.get(type)
  if (base === undefined) {
    base = shownBase(paths, type) ?? (repairSlug(type) || 'item')
    paths.typeBases.set(type, base)
  }
  return base
}

/**
 * The base every link of the type's items that shows one agrees on; undefined when none shows one or two differ, as
 * WooCommerce's `/shop/%product_cat%/` base puts each product below its own category (`shop/kitchen/mug`,
 * `shop/clothing/tee`): a type has one rewrite slug, so links that disagree show something else in front of it.
 */
function shownBase(paths: PagePaths, type: string): string | undefined {
  const parentOf = typedParent(paths.c, type)
  let shown: string | undefined
  for (const item of paths.c.pages) {
    const base = item.postType === type ? baseShownBy(paths, item, parentOf) : undefined
    if (base === undefined) continue
    if (shown !== undefined && shown !== base) return undefined
    shown = base
  }
  return shown
}

/**
 * What an item's link shows before its uri (get_page_uri's: its named ancestors' slugs and its own; the ancestors are
 * only ever the same type's, so a type the export shows no parents of has its slug alone); undefined when the link
 * does not end with that uri, or the item is in a cycle or below a parent the export lacks, whose slug would be taken
 * for the base.
 */
function baseShownBy(paths: PagePaths, item: ContentItem, parentOf: (id: number) => number | undefined): string | undefined {
  const path = linkPath(item.link, paths.basePath)
  if (path === undefined) return undefined
  const found = ancestors(parentOf, item.postId)
  if (found.broken || found.orphan) return undefined
  const uri = [...namedOnly(paths.c, found.chain).map((id) => decodeWpSlug(paths.c.typedSkeleton.get(id)?.postName ?? '')), decodeWpSlug(item.postName)]
  const head = missingAncestors(path, [], uri)
  return head.length > 0 ? head.join('/').normalize('NFC') : undefined
}

/** The page's path from its parts, its leaf slug suffixed (`-2`, `-3`…) when an earlier page took that path. */
function untakenPagePath(paths: PagePaths, parts: string[], slug: string, nested: boolean): { effective: string; leafSlug: string } {
  const effective = parts.join('/')
  if (!paths.taken.has(effective.normalize('NFC'))) return { effective, leafSlug: slug }
  const base = parts.slice(0, -1).join('/')
  const pathWith = (leaf: string) => (base ? base + '/' : '') + (nested ? leaf : effectivePagePath({ slug: leaf }, paths.site))
  const leafSlug = withSuffix(slug, paths.suffixes.next(`${base}\u0000${slug}\u0000${nested}`, (n) => !paths.taken.has(pathWith(withSuffix(slug, n)).normalize('NFC'))))
  return { effective: pathWith(leafSlug), leafSlug }
}

/**
 * The ancestors that name themselves in their descendants' paths: get_page_uri (wp-includes/post.php) adds a parent's
 * post_name only when it is truthy in PHP (not `''`, not `'0'`), so a draft or pending parent never given a slug is
 * left out of its children's paths, rather than named by its title.
 */
function namedOnly(c: Collected, chain: readonly number[]): number[] {
  return chain.filter((id) => {
    const name = (c.pageSkeleton.get(id) ?? c.typedSkeleton.get(id))?.postName ?? ''
    return name !== '' && name !== '0'
  })
}

/** The leaf slug of a page in the hierarchy (planned, or any exported page's), made once. */
function leafOf(paths: PagePaths, id: number): string {
  let s = paths.leaf.get(id)
  if (s === undefined) {
    const sk = paths.c.pageSkeleton.get(id) ?? paths.c.typedSkeleton.get(id)
    s = repairSlug(decodeWpSlug(sk?.postName ?? '')) || slugFromTitle(sk?.title ?? '', paths.locale) || `page-${id}`
    paths.leaf.set(id, s)
  }
  return s
}

/**
 * A page's ancestors root-first, by `parentOf` (undefined for an item the export does not hold); a cycle or an absurd
 * depth ends the chain (`broken`, reported once per page). `orphan`: the topmost has a parent the export does not
 * hold (an export of one author's or one type's items).
 */
function ancestors(parentOf: (id: number) => number | undefined, id: number): { chain: number[]; broken: boolean; orphan: boolean } {
  const chain: number[] = []
  const seen = new Set([id])
  let parent = parentOf(id) ?? 0
  while (parent > 0 && parentOf(parent) !== undefined) {
    if (seen.has(parent) || chain.length >= LIMITS.maxPageDepth) return { chain, broken: true, orphan: false }
    seen.add(parent)
    chain.unshift(parent)
    parent = parentOf(parent) ?? 0
  }
  return { chain, broken: false, orphan: parent > 0 }
}

/** The path of an old-site link below the blog's path, when every segment is a valid slug; else undefined. */
function linkPath(link: string, basePath: string): string | undefined {
  const m = /^https?:\/\/[^/?#]+(\/[^?#]*)$/i.exec(link.trim())
  if (!m) return undefined
  let path = m[1]
  if (basePath) {
    if (!path.startsWith(basePath + '/')) return undefined
    path = path.slice(basePath.length)
  }
  const segments = path.split('/').filter((s) => s !== '').map(decodeWpSlug)
  if (segments.length === 0 || segments.some((s) => repairSlug(s) !== s)) return undefined
  return segments.join('/')
}

/**
 * The slugs of a page's ancestors that the export does not hold, from its link's path (`services/child`): what comes
 * before the path the export explains (`known`, the ancestors it holds and the page's own slug), after the language
 * prefix; none when the link does not end with that path.
 * @example
 * missingAncestors('fr/services/aide/faq', ['fr'], ['aide', 'faq']) // ['services']
 */
export function missingAncestors(path: string | undefined, prefix: readonly string[], known: readonly string[]): string[] {
  if (path === undefined) return []
  const segments = path.split('/')
  const key = (s: string) => s.normalize('NFC').toLowerCase()
  const tail = segments.slice(segments.length - known.length)
  if (segments.length <= known.length || tail.some((s, i) => key(s) !== key(known[i]))) return []
  const head = segments.slice(0, segments.length - known.length)
  return prefix.length > 0 && key(head[0]) === key(prefix[0]) ? head.slice(1) : head
}

/** `path`, or with a `-2`, `-3`… on its last segment when an earlier page has it. */
function uniquePath(path: string, taken: ReadonlySet<string>, suffixes: Suffixes): string {
  if (!taken.has(path.normalize('NFC'))) return path
  const cut = path.lastIndexOf('/')
  const base = path.slice(0, cut + 1)
  const leaf = path.slice(cut + 1)
  return base + withSuffix(leaf, suffixes.next(path, (n) => !taken.has((base + withSuffix(leaf, n)).normalize('NFC'))))
}
