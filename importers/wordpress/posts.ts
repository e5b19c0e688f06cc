import { postRoute } from '../../src/index.js'
import type { Site } from '../../src/index.js'
import type { ContentItem } from './collect.js'
import { resolveItemDates } from './dates.js'
import type { SiteClock } from './dates.js'
import { itemSlug, itemTitle } from './item-fields.js'
import type { ReportBuilder } from './report.js'
import { decodeWpSlug, repairSlug, SlugRegistry } from './slugs.js'

/** Where a post goes: its title, unique slug, public URL and dates. */
export type PostPlan = { item: ContentItem; title: string; slug: string; url: string; published: string; updated: string }

/** Reports a problem with one item. */
export type WarnItem = (item: { file: string; line: number }, code: 'invalid_value' | 'duplicate_slug' | 'invalid_route_path' | 'duplicate_path', message: string) => void

/**
 * Puts posts and pages in the order every later choice follows: published first, then by WordPress id (so slug
 * collisions resolve the same way every time); an item without a usable id gets the next one past every id of the
 * export.
 */
export function orderItems(posts: ContentItem[], pages: ContentItem[], attachmentIds: Iterable<number>, warn: WarnItem): void {
  const rank = (i: ContentItem) => (i.status === 'publish' ? 0 : 1)
  const order = (a: ContentItem, b: ContentItem) => rank(a) - rank(b) || a.postId - b.postId || a.line - b.line
  posts.sort(order)
  pages.sort(order)
  // A loop, not Math.max(...ids): a spread of 100,000 arguments overflows the stack.
  let maxId = 0
  for (const list of [posts.map((p) => p.postId), pages.map((p) => p.postId), attachmentIds]) for (const id of list) if (id > maxId) maxId = id
  for (const item of [...posts, ...pages]) {
    if (item.postId > 0) continue
    item.postId = ++maxId
    warn(item, 'invalid_value', `Item "${item.title}" has no usable wp:post_id; it was given id ${item.postId}.`)
  }
}

/** Each post's title, slug (unique, first come first served in item order), dates on the site clock and new URL. */
export function planPosts(posts: readonly ContentItem[], site: Site, clock: SiteClock, generatedAt: string, report: ReportBuilder, warn: WarnItem): Map<number, PostPlan> {
  const slugs = new SlugRegistry()
  const plans = new Map<number, PostPlan>()
  for (const item of posts) {
    const title = itemTitle(item, report)
    const slug = slugs.claim(itemSlug(item, title, report))
    const wanted = repairSlug(decodeWpSlug(item.postName))
    if (wanted && slug !== wanted) warn(item, 'duplicate_slug', `Post "${title}" (id ${item.postId}) has the slug "${wanted}" of an earlier post; it was given "${slug}".`)
    const dates = resolveItemDates(item, clock, generatedAt)
    for (const f of dates.fallbacks) report.fallback(f)
    const url = postRoute({ slug, public_id: item.postId, published_at_iso: dates.published }, site).url
    plans.set(item.postId, { item, title, slug, url, published: dates.published, updated: dates.updated })
  }
  return plans
}
