import { checkSlugSegment, pageRoute } from '../../src/index.js'
import type { Site } from '../../src/index.js'
import type { Collected } from './collect.js'
import { findFrontPage, isShopPage } from './front-page.js'
import { languageOf } from './item-fields.js'
import { planPages } from './pages.js'
import type { PagePlan } from './pages.js'
import { categoryChains, oldArchiveBases, planPermalinks } from './permalinks.js'
import type { ArchiveBases, PermalinkPlan } from './permalinks.js'
import { planPosts } from './posts.js'
import type { PostPlan, WarnItem } from './posts.js'
import type { ReportBuilder } from './report.js'
import { planSite, withInferred } from './site.js'
import { unseenBaseNotes } from './term-bases.js'
import { decodeWpSlug } from './slugs.js'
import { inferZone } from './timezone.js'
import type { SitePlan } from './site.js'
import { trimTrailing } from '../../src/trim.js'
import { activeTheme } from './theme-css.js'

/** The static front page and the posts page, as the plan has them. */
export type FrontPlan = { front?: PagePlan; postsPage?: PagePlan; postIndexUrl?: string; reason: string; themeTemplate?: { id: number; theme: string } }

/** Where everything goes: the site settings, the permalinks inferred, the front page, pages and posts. */
export type Places = { site: SitePlan; permalinks: PermalinkPlan; bases: ArchiveBases; front: FrontPlan; pages: Map<number, PagePlan>; posts: Map<number, PostPlan> }

/**
 * The places of everything: the site settings (what the export says, the permalinks its links show, the static front
 * page and posts page, the caller's settings over all of it), then pages, then posts around the pages (a post never
 * takes a page's URL, as on WordPress). The posts page is not imported as a page: the post index takes its URL.
 */
export function planPlaces(c: Collected, override: Partial<Site>, generatedAt: string | undefined, report: ReportBuilder, warnItem: WarnItem): Places {
  let site = planSite(c.channels, c.offsetCounts, override, generatedAt)
  const bases = c.termBases.bases(site.oldHosts, site.basePath)
  const permalinks = planPermalinks(permalinkSamples(c, site.basePath), site.basePath, bases)
  const used = (domain: string) => c.posts.some((p) => p.terms.some((t) => t.domain === domain))
  const defaults = oldArchiveBases({}, permalinks.inferred?.structure)
  permalinks.notes.push(...unseenBaseNotes(bases, { category: used('category'), tag: used('post_tag') }, { category: override.permalinks?.categories !== undefined, tag: override.permalinks?.tags !== undefined }, defaults, site.basePath))
  // A site whose offset changed with the seasons had a zone: its dates are shown, and dated permalinks built, in local
  // time, which a fixed offset gets wrong for half the year (Europe/Berlin's summer posts an hour early).
  const zone = override.timezone === undefined ? inferZone(c.offsets.samples) : undefined
  if (zone) site = planSite(c.channels, c.offsetCounts, override, generatedAt, zone)
  site = withInferred(site, { permalinks: permalinks.permalinks }, override)
  const pages = planPages(c, site.site, site.basePath, report, warnItem)
  const front = planFrontPage(pages, site, override, c.otherTypes.has('product') || c.posts.some((p) => p.postType === 'product') || c.pages.some((p) => p.postType === 'product'))
  const themeTemplate = frontTemplate(c)
  if (themeTemplate) {
    front.themeTemplate = themeTemplate
    front.reason += `; WordPress showed the ${themeTemplate.theme} theme's front-page template (item ${themeTemplate.id}) there instead, which is not imported`
  }
  site = withInferred(site, { permalinks: permalinks.permalinks, ...front.settings }, override)
  if (front.postsPage) {
    const p = front.postsPage
    pages.delete(p.item.postId)
    report.skip({ file: p.item.file, line: p.item.line, post_id: p.item.postId, post_type: p.item.postType, status: p.item.status, title: p.title, reason: 'posts_page', detail: `WordPress listed posts there; the post index is at ${front.postIndexUrl}` })
  }
  // WordPress serves a page where a post would have the same URL: the post gets another slug.
  const reserved = new Set<string>()
  for (const p of pages.values()) reserved.add(pageRoute({ slug: p.slug, ...(p.path !== undefined ? { path: p.path } : {}) }, site.site).output_path.normalize('NFC'))
  const posts = planPosts(c.posts, site.site, site.clock, site.generatedAt, report, warnItem, { reserved, slugLocale: c.slugLocale, structure: permalinks.inferred?.structure })
  return { site, permalinks, bases: oldArchiveBases(bases, permalinks.inferred?.structure), front, pages, posts }
}

/**
 * The active theme's `front-page` template edited in the Site Editor, which WordPress's template hierarchy shows at the
 * root before anything the reading settings choose (get_front_page_template); the latest when there are several.
 */
function frontTemplate(c: Collected): { id: number; theme: string } | undefined {
  if (c.frontTemplates.length === 0) return undefined
  const theme = activeTheme(c.themeActivity)
  const own = c.frontTemplates.filter((t) => t.theme === theme)
  return own.length > 0 ? own.reduce((a, b) => (b.id > a.id ? b : a)) : undefined
}

/** Published posts as permalink inference reads them. */
function permalinkSamples(c: Collected, basePath: string) {
  const chains = categoryChains(c.terms.map((t) => ({ taxonomy: t.taxonomy, slug: t.slug, parent: t.parent })))
  return c.posts
    .filter((p) => p.postType === 'post' && p.status === 'publish' && p.link)
    .map((p) => {
      const lang = languageOf(p, basePath)
      return {
        id: p.postId,
        link: p.link,
        postName: p.postName,
        postDate: p.postDate,
        categories: p.terms.filter((t) => t.domain === 'category').map((t) => chains.get(t.nicename) ?? [t.nicename]),
        author: p.creator,
        ...(lang.prefixed && lang.lang ? { languagePrefix: lang.lang } : {}),
      }
    })
}

/**
 * The static front page and the posts page, unless the caller's settings say where the front page or post index is:
 * the site settings they give (`front_page`, `post_index`), and the plans of both pages.
 */
function planFrontPage(pages: Map<number, PagePlan>, site: SitePlan, override: Partial<Site>, shop: boolean): FrontPlan & { settings: Partial<Site> } {
  if (override.front_page !== undefined || override.post_index !== undefined) return { settings: {}, reason: 'set by the site settings' }
  const candidates = [...pages.values()]
    .filter((p) => p.item.status === 'publish' && p.item.postType === 'page')
    .map((p) => ({ id: p.item.postId, link: p.item.link, slug: p.slug, title: p.title, emptyBody: p.item.emptyBody, ...(shop && isShopPage(p.slug) ? { shopPage: true } : {}) }))
  const found = findFrontPage(candidates, site.blogUrl)
  const front = found.front === undefined ? undefined : pages.get(found.front)
  if (!front) {
    // A blog installed in a folder listed its posts at the folder.
    const index = site.basePath ? blogIndexPath(site.basePath) : undefined
    return { settings: index ? { post_index: { path: index } } : {}, ...(index ? { postIndexUrl: publicUrl(index, site.site) } : {}), reason: found.reason }
  }
  const postsPage = found.postsPage === undefined ? undefined : pages.get(found.postsPage)
  const postIndexPath = postsPage ? `/${postsPage.effectivePath}/` : undefined
  return {
    settings: { front_page: { type: 'page', page_path: front.effectivePath }, post_index: postIndexPath ? { path: postIndexPath } : { enabled: false } },
    front,
    ...(postsPage && postIndexPath ? { postsPage, postIndexUrl: publicUrl(postIndexPath, site.site) } : {}),
    reason: found.reason,
  }
}

/**
 * The URL a route path is served at under the site's output style (contract route rule 5): `/news/` is `/news` under
 * `html-extension`, where WordPress too served pages without a trailing slash. Links to the post index use it.
 */
function publicUrl(path: string, site: Site): string {
  return site.permalinks?.output_style === 'html-extension' && path !== '/' ? trimTrailing(path, '/') : path
}

/** The post index of a blog under a folder (`/blog` → `/blog/`), when every segment of it is a valid route segment. */
function blogIndexPath(basePath: string): string | undefined {
  const segments = basePath.split('/').filter(Boolean).map(decodeWpSlug)
  return segments.length > 0 && segments.every((s) => checkSlugSegment(s) === null) ? `/${segments.join('/')}/` : undefined
}
