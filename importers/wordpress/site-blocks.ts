import type { Collected } from './collect.js'
import { blockTokens } from './content/blocks.js'
import type { SiteBlocks } from './content/site-blocks.js'
import type { PagePlan } from './pages.js'
import type { FrontPlan } from './places.js'
import type { PostPlan } from './posts.js'
import { compareCodeUnits } from './redirects.js'

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
 * WordPress would not show (not published) or the payload does not have.
 */
export function siteBlocksOf(c: Collected, posts: ReadonlyMap<number, PostPlan>, pages: ReadonlyMap<number, PagePlan>, front: FrontPlan, home: string): SiteBlocks {
  const shownPage = (id: number) => {
    if (id === front.front?.item.postId || id === front.postsPage?.item.postId) return true
    const p = pages.get(id)
    return p !== undefined && p.emitted && p.item.status === 'publish'
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
    home,
    hidden: [...hidden].sort((x, y) => x - y),
  }
}
