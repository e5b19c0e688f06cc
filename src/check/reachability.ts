import type { PreviewData } from '../contract/types.js'
import { effectivePagePath } from '../routes/paths.js'
import { isListed } from '../routes/derive.js'
import { normalizeSlug } from '../validate/primitives/index.js'
import type { SiteIndex } from './targets.js'

/**
 * Which routes a visitor can reach from the front page: through menus, collections and custom HTML (which every
 * page shows), the post index and its pages (a theme lists published posts there, newest first, and links page to
 * page), taxonomy archives (a theme links a post's categories and tags, and an archive lists its posts), and links in
 * published documents. Delisted documents are left out of generated listings, as the contract says; drafts link
 * nowhere, since a build may leave them out.
 */
export class Reachability {
  /** The pseudo-route of what every page shows (menus, collections, custom HTML): links from it are roots. */
  readonly root: number
  /** Edges as two parallel lists (a list per route would be ten thousand arrays for ten thousand posts). */
  private readonly from: number[] = []
  private readonly to: number[] = []
  private result: Uint8Array | undefined

  constructor(
    private readonly payload: PreviewData,
    private readonly site: SiteIndex,
  ) {
    this.root = site.routeCount
    this.listings()
  }

  /** A link from route `from` (or `root`) to route `to`; links from -1 (drafts, media fields) are ignored. */
  link(from: number, to: number): void {
    if (from >= 0) {
      this.from.push(from)
      this.to.push(to)
    }
  }

  reached(route: number): boolean {
    this.result ??= this.walk()
    return this.result[route] === 1
  }

  private walk(): Uint8Array {
    const nodes = this.root + 1
    // Adjacency in compressed form: the edges sorted by their start, by counting.
    const start = new Uint32Array(nodes + 1)
    for (const f of this.from) start[f + 1]++
    for (let i = 0; i < nodes; i++) start[i + 1] += start[i]
    const fill = start.slice(0, nodes)
    const targets = new Uint32Array(this.from.length)
    for (let e = 0; e < this.from.length; e++) targets[fill[this.from[e]]++] = this.to[e]
    const seen = new Uint8Array(nodes)
    const stack = [this.root]
    seen[this.root] = 1
    while (stack.length > 0) {
      const next = stack.pop() as number
      for (let e = start[next]; e < start[next + 1]; e++) {
        const to = targets[e]
        if (seen[to]) continue
        seen[to] = 1
        stack.push(to)
      }
    }
    return seen
  }

  /** A post links its archive; the archive lists the post unless it is delisted. */
  private archive(post: number, archive: number | undefined, listed: boolean): void {
    if (archive === undefined) return
    this.link(post, archive)
    if (listed) this.link(archive, post)
  }

  /** The edges a theme makes: front page and post index pages, archives, collections. */
  private listings(): void {
    const { payload, site } = this
    const { content } = payload
    const { first } = site

    // Listed posts: what the post index pages (and a theme's front page) show, newest first.
    const order: number[] = []
    content.posts.forEach((p, i) => {
      if (isListed(p)) order.push(i)
    })
    const perPage = Math.max(1, payload.site.posts_per_page)
    const indexPages: number[] = []
    let front = -1
    for (let i = first.index; i < site.routeCount; i++) {
      const r = site.route(i)
      if (r.kind === 'post_index') indexPages[(r.page_number ?? 1) - 1] = i
      else if (r.kind === 'front_page') front = i
    }
    // When the index pages list every listed post (the usual case, with pagination), which page lists which post
    // does not change what is reachable: neither sorting a hundred thousand dates nor the archives are needed.
    const covered = indexPages.length * perPage >= order.length
    if (!covered) {
      const time = new Float64Array(content.posts.length)
      for (const i of order) time[i] = Date.parse(content.posts[i].published_at_iso)
      order.sort((a, b) => time[b] - time[a] || content.posts[a].public_id - content.posts[b].public_id)
    }
    // A theme links the post index (its "blog" link) and each index page to the next.
    indexPages.forEach((route, n) => {
      this.link(n === 0 ? this.root : indexPages[n - 1], route)
      for (let k = n * perPage; k < Math.min(order.length, (n + 1) * perPage); k++) this.link(route, first.post + order[k])
    })
    const frontPage = payload.site.front_page
    if (front !== -1) {
      this.link(this.root, front)
      // A theme index on the front page lists the newest posts.
      if (!covered && (frontPage === undefined || frontPage.type === 'theme_index')) for (let k = 0; k < Math.min(order.length, perPage); k++) this.link(front, first.post + order[k])
    }
    if (frontPage?.type === 'page') {
      const path = normalizeSlug(frontPage.page_path)
      const i = content.pages.findIndex((p) => effectivePagePath(p, payload.site) === path)
      if (i !== -1) this.link(this.root, first.page + i)
    }

    // Archives: a published post links its categories and tags; an archive lists its listed posts. They reach no
    // post the index pages do not, when those list them all.
    if (!covered) this.archives()
    this.collections()
  }

  private archives(): void {
    const { content } = this.payload
    const { first } = this.site
    const categories = taxonomyRoutes(content.categories, first.category)
    const tags = taxonomyRoutes(content.tags, first.tag)
    content.posts.forEach((p, i) => {
      if (p.status !== 'published') return
      const from = first.post + i
      const listed = p.discoverability !== 'delist'
      for (const slug of p.category_slugs) this.archive(from, categories.get(slug) ?? categories.get(normalizeSlug(slug)), listed)
      for (const slug of p.tag_slugs) this.archive(from, tags.get(slug) ?? tags.get(normalizeSlug(slug)), listed)
    })
  }

  /** Collections are theme-facing lists that a theme shows; their items are reachable. */
  private collections(): void {
    const { payload } = this
    const { content } = payload
    const { first } = this.site
    const collections = Object.values(payload.collections ?? {})
    if (collections.length === 0) return
    const postBySlug = new Map(content.posts.map((p, i) => [normalizeSlug(p.slug), i]))
    const pageByPath = new Map(content.pages.map((p, i) => [effectivePagePath(p, payload.site), i]))
    for (const collection of collections) {
      for (const item of collection.items) {
        const i = item.type === 'post' ? postBySlug.get(normalizeSlug(item.slug)) : pageByPath.get(normalizeSlug(item.path))
        if (i !== undefined) this.link(this.root, (item.type === 'post' ? first.post : first.page) + i)
      }
    }
  }
}

/** A taxonomy's slugs (as written and after NFC) to the routes of their archives. */
function taxonomyRoutes(entries: readonly { slug: string }[], base: number): Map<string, number> {
  const map = new Map<string, number>()
  entries.forEach((e, i) => {
    map.set(e.slug, base + i)
    map.set(normalizeSlug(e.slug), base + i)
  })
  return map
}
