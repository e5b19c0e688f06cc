import { compareCodeUnits } from '../../src/compare.js'
import type { Permalinks } from '../../src/index.js'
import type { Collected } from './collect.js'
import type { MediaHome } from './media-home.js'
import { samePath } from './old-urls.js'
import type { PagePlan } from './pages.js'
import type { PermalinkPlan } from './permalinks.js'
import { CORE_TYPES, VARIATION_TYPE } from './post-types.js'
import type { PostTypeTarget } from './post-types.js'
import type { PostPlan } from './posts.js'
import type { RedirectSet } from './redirects.js'
import type { Redirect } from './redirects.js'
import type { ReportSections } from './report.js'
import type { FrontPlan } from './places.js'
import type { MenuIds } from './primary-menu.js'
import { LIMITS } from './limits.js'

/** What became of the old URLs of published posts and pages: served where WordPress had them, or redirected. */
export function permalinkSection(p: PermalinkPlan, permalinks: Permalinks, posts: Map<number, PostPlan>, pages: Map<number, PagePlan>, front: { front?: PagePlan }, redirects: RedirectSet): ReportSections['permalinks'] {
  let kept = 0
  let redirected = 0
  const htmlExtension = permalinks.output_style === 'html-extension'
  for (const { item, url } of [...posts.values(), ...pages.values()]) {
    if (item.status !== 'publish' || !item.link) continue
    const old = /^https?:\/\/[^/?#]+(\/[^#]*)?/i.exec(item.link)?.[1] ?? '/'
    const served = item === front.front?.item ? '/' : url
    if (samePath(old, served) || (htmlExtension && decodePath(old) === `${decodePath(served)}.html`)) kept++
    else if (redirects.has(old)) redirected++
  }
  return {
    ...(p.inferred ? { structure: p.inferred.structure, matched: p.inferred.matched, of: p.inferred.of } : { matched: 0, of: 0 }),
    permalinks,
    notes: p.notes,
    urls: { kept, redirected },
  }
}

function decodePath(path: string): string {
  try {
    return decodeURI(path).normalize('NFC')
  } catch {
    return path
  }
}

/** Items of each post type beyond WordPress's own: how many, and as what they were imported. */
export function postTypeSection(c: Collected, postTypes: Readonly<Record<string, PostTypeTarget>>): ReportSections['post_types'] {
  const out: ReportSections['post_types'] = {}
  for (const [type, items] of c.otherTypes) {
    if (CORE_TYPES.has(type)) continue
    // WooCommerce variations go into their product's data when products are imported.
    const folded = type === VARIATION_TYPE && postTypes.product !== undefined
    out[type] = { items, ...(postTypes[type] ? { imported_as: postTypes[type] } : {}), ...(folded ? { folded_into: 'product' } : {}) }
  }
  return out
}

// Taxonomies the payload has (categories and tags), WordPress's own that are no grouping of content (post formats,
// menus), Polylang's language and translation groups (read as each item's language), and what a product's data holds
// (its type, categories, tags and `pa_*` attributes: see productData).
const KNOWN_TAXONOMIES = new Set([
  'category', 'post_tag', 'post_format', 'nav_menu', 'wp_theme', 'wp_template_part_area', 'language', 'post_translations',
  'product_type', 'product_visibility', 'product_cat', 'product_tag',
])

/** Taxonomies of imported items the payload has no place for: distinct terms and items, by taxonomy. */
export function taxonomySection(c: Collected): NonNullable<ReportSections['taxonomies']> {
  const found = new Map<string, { terms: Set<string>; items: number }>()
  for (const item of [...c.posts, ...c.pages]) {
    const counted = new Set<string>()
    for (const t of item.terms) {
      if (KNOWN_TAXONOMIES.has(t.domain) || t.domain.startsWith('pa_')) continue
      const entry = found.get(t.domain) ?? { terms: new Set<string>(), items: 0 }
      found.set(t.domain, entry)
      entry.terms.add(t.nicename)
      if (!counted.has(t.domain)) entry.items++
      counted.add(t.domain)
    }
  }
  return Object.fromEntries([...found].map(([name, t]) => [name, { terms: t.terms.size, items: t.items }]))
}

/** Where the media is served from now, and how many files the payload still loads from the old hosts. */
export function mediaSection(hosts: Set<string>, home: MediaHome | undefined, remote: ReadonlySet<string>, mediaFrom: string): ReportSections['media'] {
  return {
    mode: home ? 'home' : mediaFrom ? 'rewritten' : 'old_host',
    hosts: [...hosts].sort(),
    on_old_hosts: remote.size,
    ...(home ? { delivered: home.counts } : {}),
  }
}

/** The report's sections that the plan decides: the structure and URLs, front page, menu ids, post types, taxonomies and media. */
export function reportSections(r: {
  permalinks: PermalinkPlan
  urls: ReportSections['permalinks']
  front: FrontPlan
  menuIds: MenuIds
  collected: Collected
  postTypes: Readonly<Record<string, PostTypeTarget>>
  redirects: Redirect[]
  taxonomies: ReportSections['taxonomies']
  media: ReportSections['media']
  droppedShortcodesIn: ReportSections['dropped_shortcodes_in']
}): ReportSections {
  const inferred = r.permalinks.inferred
  const primary = r.menuIds.primary
  return {
    convention: { name: 'wordpress', reason: inferred ? `permalinks ${inferred.structure} from ${inferred.matched} of ${inferred.of} published post links` : 'no published post has a link on the old site' },
    redirects: r.redirects,
    permalinks: r.urls,
    front_page: { ...(r.front.front ? { page_path: r.front.front.effectivePath } : {}), ...(r.front.postIndexUrl ? { post_index_path: r.front.postIndexUrl } : {}), reason: r.front.reason, ...(r.front.themeTemplate ? { theme_template: r.front.themeTemplate } : {}) },
    menus: { ...(primary ? { primary: primary.slug, reason: primary.reason } : {}), ids: Object.fromEntries([...r.menuIds.ids].sort(([a], [b]) => compareCodeUnits(a, b))) },
    post_types: postTypeSection(r.collected, r.postTypes),
    taxonomies: r.taxonomies,
    media: r.media,
    dropped_shortcodes_in: r.droppedShortcodesIn,
  }
}

/**
 * The posts and pages whose plugin shortcodes were dropped (`droppedIn`: `<post id>:<name>` → how many), in export
 * order, the first `LIMITS.maxReportedDroppedShortcodeItems` of them listed; undefined when none was.
 */
export function droppedShortcodeItems(droppedIn: Readonly<Record<string, number>>, files: readonly string[], posts: Map<number, PostPlan>, pages: Map<number, PagePlan>): ReportSections['dropped_shortcodes_in'] {
  const byPost = new Map<number, Record<string, number>>()
  for (const [key, n] of Object.entries(droppedIn)) {
    const colon = key.indexOf(':')
    const id = Number(key.slice(0, colon))
    const shortcodes = byPost.get(id) ?? {}
    shortcodes[key.slice(colon + 1)] = n
    byPost.set(id, shortcodes)
  }
  if (byPost.size === 0) return undefined
  const fileIndex = new Map(files.map((f, i) => [f, i]))
  const items = [...posts.values(), ...pages.values()]
    .filter(({ item }) => byPost.has(item.postId))
    .sort((a, b) => (fileIndex.get(a.item.file) ?? 0) - (fileIndex.get(b.item.file) ?? 0) || a.item.line - b.item.line)
  const listed = items.slice(0, LIMITS.maxReportedDroppedShortcodeItems).map(({ item, url }) => {
    const lost = byPost.get(item.postId) ?? {}
    const shortcodes = Object.fromEntries(Object.keys(lost).sort().map((name) => [name, lost[name]]))
    return { source: `${item.file}#${item.postId}`, line: item.line, title: item.title, url, shortcodes }
  })
  return { count: items.length, listed }
}
