import type { Collected } from './collect.js'
import { LIMITS } from './limits.js'
import { blockTokens } from './content/blocks.js'
import { htmlToText } from './content/html.js'
import { stripShortcodeTags } from './content/prose.js'
import { usesPostLists } from './content/site-blocks.js'
import type { ListedBody, ListedPost, PostLists, SiteBlocks } from './content/site-blocks.js'
import type { PagePlan } from './pages.js'
import type { FrontPlan } from './places.js'
import type { PostPlan } from './posts.js'
import { compareCodeUnits } from '../../src/compare.js'
import type { SitePlan } from './site.js'
import { decodeWpSlug } from './slugs.js'
import { termSlugs } from './terms.js'
import type { Taxonomies } from './terms.js'

type SkeletonPage = Collected['pageSkeleton'] extends Map<number, infer P> ? P : never

/**
 * The pages WordPress's page lists showed (`get_pages( array( 'sort_column' => 'menu_order,post_title' ) )`:
 * published pages, password-protected ones too), in their order; a parent the export does not hold (a partial
 * export) leaves its page at the top (parent 0).
 */
export function listedPages(skeleton: Collected['pageSkeleton']): Array<SkeletonPage & { parent: number }> {
  return [...skeleton.values()]
    .filter((p) => p.listed)
    .sort((x, y) => x.menuOrder - y.menuOrder || compareCodeUnits(x.title, y.title) || x.id - y.id)
    .map((p) => ({ ...p, parent: skeleton.has(p.parent) ? p.parent : 0 }))
}

/**
 * What bodies' page lists and navigations show (see `renderSiteBlocks`): the listed pages, each marked shown when the
 * payload publishes it (the front page and the posts page, which answer at `/` and at the post index, included);
 * the published block navigations, most recently published first; and the posts and pages their links name that
 * WordPress would not show (not published) or the payload does not have; and what they may add to one body: the
 * bodies that may hold them share `LIMITS.maxSiteBlockCharsPerSite` and four times the export's `bytes` evenly.
 */
export function siteBlocksOf(c: Collected, posts: ReadonlyMap<number, PostPlan>, pages: ReadonlyMap<number, PagePlan>, front: FrontPlan, site: SitePlan, taxonomies: Taxonomies, bytes: number, bodyOf: (body: number) => ListedBody | undefined = () => undefined): SiteBlocks {
  const shownPage = (id: number) => {
    if (id === front.front?.item.postId || id === front.postsPage?.item.postId) return true
    const p = pages.get(id)
    return p !== undefined && p.item.status === 'publish'
  }
  const shown = (id: number) => shownPage(id) || posts.get(id)?.item.status === 'publish'
  const hidden = new Set<number>()
  for (const nav of c.navigations) {
    for (const t of blockTokens(nav.content)) {
      const id = Number(t.attrs.id)
      if (t.attrs.kind === 'post-type' && Number.isInteger(id) && !shown(id)) hidden.add(id)
    }
  }
  return {
    pages: listedPages(c.pageSkeleton).map((p) => ({ id: p.id, parent: p.parent, title: p.title, link: p.link, home: p.id === front.front?.item.postId, shown: shownPage(p.id) })),
    navigations: [...c.navigations].sort((x, y) => compareCodeUnits(y.date, x.date) || y.id - x.id).map((n) => ({ id: n.id, title: n.title, content: n.content })),
    home: site.blogUrl,
    hidden: [...hidden].sort((x, y) => x - y),
    room: Math.min(LIMITS.maxSiteBlockChars, Math.floor((LIMITS.maxSiteBlockCharsPerSite + 4 * bytes) / Math.max(1, c.late.raw))),
    // Only when a body lists posts (itself or through a reusable block): the list is every published post.
    ...(c.late.lists || (c.late.blocks && [...c.reusableBlocks.values()].some(usesPostLists)) ? { posts: postLists(posts, site, taxonomies, bodyOf) } : {}),
  }
}

/**
 * The published posts, newest first, as post lists show them (see `ListedPost`; where the rendered body of one without
 * an excerpt of its own lies, `bodyOf`), and the site's page size and language.
 */
function postLists(posts: ReadonlyMap<number, PostPlan>, site: SitePlan, taxonomies: Taxonomies, bodyOf: (body: number) => ListedBody | undefined): PostLists {
  const ids = (taxonomy: 'category' | 'post_tag') => {
    const bySlug = new Map<string, number[]>()
    for (const [id, slug] of taxonomies[taxonomy].byId) bySlug.set(slug, [...(bySlug.get(slug) ?? []), id])
    return bySlug
  }
  const categoryIds = ids('category')
  const tagIds = ids('post_tag')
  const list: ListedPost[] = []
  for (const p of posts.values()) {
    if (p.item.status !== 'publish') continue
    const termIds = (taxonomy: 'category' | 'post_tag', bySlug: Map<string, number[]>) => termSlugs(p.item, taxonomy, taxonomies, decodeWpSlug).flatMap((slug) => bySlug.get(slug) ?? [])
    const excerpt = htmlToText(stripShortcodeTags(p.item.excerpt))
    const body = excerpt ? undefined : bodyOf(p.item.body)
    list.push({
      id: p.item.postId,
      type: 'post',
      title: p.title,
      link: p.item.link,
      date: p.published,
      day: p.item.postDate.slice(0, 10),
      sticky: p.item.isSticky,
      categories: termIds('category', categoryIds),
      tags: termIds('post_tag', tagIds),
      excerpt,
      ...(body ? { body } : {}),
    })
  }
  list.sort((x, y) => compareCodeUnits(y.date, x.date) || y.id - x.id)
  return { posts: list, perPage: site.site.posts_per_page ?? 10, locale: site.site.locale ?? 'en-US' }
}
