import { postRoute } from '../../src/index.js'
import { permalinkPattern } from '../../src/routes/permalink.js'
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
    item.idGiven = true
    warn(item, 'invalid_value', `Item "${item.title}" has no usable wp:post_id; it was given id ${item.postId}.`)
  }
}

/**
 * Each post's title, slug (unique), dates on the site clock and new URL. Slugs are handed out first to posts whose
 * WordPress slug is already valid, then to those whose slug had to be repaired (an emoji or a fullwidth comma
 * removed), each group in item order: a repaired slug must not take the URL of a post that kept its own. A post whose
 * URL a page (or the post index) already has gets the next free slug, as WordPress serves the page there (`reserved`
 * holds those output paths). A post without a slug gets the one WordPress gives a post saved without one (see
 * `derivedSlug`), by the rules of `slugLocale`, the WordPress locale (see sanitize-title.ts), and the old site's
 * permalink `structure`.
 */
export function planPosts(posts: readonly ContentItem[], site: Site, clock: SiteClock, generatedAt: string, report: ReportBuilder, warn: WarnItem, { reserved = new Set<string>(), slugLocale = '', structure = '' }: { reserved?: ReadonlySet<string>; slugLocale?: string; structure?: string } = {}): Map<number, PostPlan> {
  const slugs = new SlugRegistry()
  const planned = posts.map((item) => {
    const title = itemTitle(item, report)
    const wanted = itemSlug(item, report, slugLocale, structure)
    const dates = resolveItemDates(item, clock, generatedAt)
    for (const f of dates.fallbacks) report.fallback(f)
    const decoded = decodeWpSlug(item.postName)
    return { item, title, wanted, dates, asWritten: wanted === decoded }
  })
  const slugOf = new Map<ContentItem, { slug: string; url: string }>()
  for (const first of [true, false]) {
    for (const p of planned) {
      if (p.asWritten !== first) continue
      const route = (slug: string) => postRoute({ slug, public_id: p.item.postId, published_at_iso: p.dates.published }, site)
      let slug = slugs.claim(p.wanted)
      let location = route(slug)
      // Only a pattern with :slug can move a post off a page's path; a :public_id one never meets a page's (ids are digits).
      while (reserved.has(location.output_path.normalize('NFC')) && permalinkPattern(site, 'posts').includes(':slug')) {
        slug = slugs.claim(p.wanted)
        location = route(slug)
      }
      slugOf.set(p.item, { slug, url: location.url })
    }
  }
  const plans = new Map<number, PostPlan>()
  for (const { item, title, dates } of planned) {
    const { slug, url } = slugOf.get(item) as { slug: string; url: string }
    const own = repairSlug(decodeWpSlug(item.postName))
    if (own && slug !== own) warn(item, 'duplicate_slug', `Post "${title}" (id ${item.postId}) has the slug "${own}" of another post or a page; it was given "${slug}".`)
    plans.set(item.postId, { item, title, slug, url, published: dates.published, updated: dates.updated })
  }
  return plans
}
