import { titleText } from './display-text.js'
import type { WxrItem } from './read/wxr.js'
import type { ReportBuilder } from './report.js'
import { decodeWpSlug, repairSlug, slugFromTitle, withSuffix } from './slugs.js'

/** The language of an item (Polylang/WPML `language` term) and whether its old URL carried the language prefix. */
export function languageOf(item: { terms: WxrItem['terms']; link: string }, basePath: string): { lang?: string; prefixed: boolean; group?: string } {
  const lang = item.terms.find((t) => t.domain === 'language')?.nicename
  const group = item.terms.find((t) => t.domain === 'post_translations')?.nicename
  if (!lang) return { prefixed: false }
  const path = /^https?:\/\/[^/]+(\/[^?#]*)?/i.exec(item.link)?.[1] ?? ''
  return { lang, group, prefixed: path.toLowerCase().startsWith(`${basePath}/${lang.toLowerCase()}/`) }
}

/**
 * An item's title as plain text, as WordPress printed it (the_title texturizes it: curly quotes, dashes, `…` and `×`
 * as their Unicode characters, and makes `Wordpress` `WordPress`); `(no title)` (counted as a fallback) when WordPress has none.
 */
export function itemTitle(item: WxrItem, report: ReportBuilder): string {
  const title = titleText(item.title)
  if (title) return title
  report.fallback('untitled')
  return '(no title)'
}

/**
 * An item's slug: its decoded, repaired `post_name`, else the one WordPress gives an item saved without one
 * (`derivedSlug`).
 */
export function itemSlug(item: WxrItem, report: ReportBuilder, locale = '', structure = ''): string {
  const decoded = decodeWpSlug(item.postName)
  const repaired = repairSlug(decoded)
  if (repaired) {
    if (repaired !== decoded) report.fallback('slug_repaired')
    return repaired
  }
  report.fallback('slug_derived_from_title')
  return derivedSlug(item, locale, structure)
}

// The feeds WordPress's rewrite rules serve (WP_Rewrite::$feeds): a slug of one of them is refused.
const FEED_NAMES = new Set(['feed', 'rdf', 'rss', 'rss2', 'atom'])

/**
 * The slug WordPress gives a published item saved without a `post_name`, as the WordPress Importer saves an export's
 * item (wp_insert_post with the exported post_name): `sanitize_title` of its title as written (not texturized) by
 * the site `locale`'s rules, its id when nothing is left of the title (sanitize_title's fallback, given the id once
 * the post is saved; every item has one by then, the export's or one `orderItems` gave it); then wp_unique_post_slug
 * appends `-2` to a slug that would name something else: a feed, `embed`, for an item of a `hierarchical` type
 * (is_post_type_hierarchical: a page, or a custom type the caller knows nests) a number or `page2`-like name (a page of
 * a listing), and for a post a number its date archives would take under the site's permalink `structure`
 * (`%postname%` first, or after `%year%` below 13, after `%monthnum%` below 32). A slug another item holds is made
 * unique later, as for all.
 * @example
 * derivedSlug({ title: '', postId: 42, postType: 'page' }) // '42-2'
 */
export function derivedSlug(item: Pick<WxrItem, 'title' | 'postId' | 'postType'>, locale = '', structure = '', hierarchical = item.postType === 'page'): string {
  const slug = slugFromTitle(item.title, locale) || String(item.postId)
  const bad = FEED_NAMES.has(slug) || slug === 'embed' || (hierarchical ? /^(?:page)?\d+$/.test(slug) : item.postType === 'post' && datesTake(slug, structure))
  return bad ? withSuffix(slug, 2) : slug
}

/** Whether a numeric post slug is a date archive's segment where `%postname%` stands in the permalink structure. */
function datesTake(slug: string, structure: string): boolean {
  if (!/^\d+$/.test(slug) || Number(slug) === 0) return false
  const parts = structure.split('/').filter(Boolean)
  const at = parts.indexOf('%postname%')
  return at === 0 || (at > 0 && parts[at - 1] === '%year%' && Number(slug) < 13) || (at > 0 && parts[at - 1] === '%monthnum%' && Number(slug) < 32)
}

/**
 * The `post_name` an old export left empty, read from the item's `<link>` (its guid when it has no link, as
 * WordPress 2.x wrote the permalink there): the last path segment, without a `.html`-like suffix, as WordPress
 * printed it. Undefined when the link shows no slug: a query (`?p=5`), the site's root, or a number (an id or a date
 * part just as well).
 * @example
 * slugFromLink('http://old.test/2008/03/hello-world/') // 'hello-world'
 */
export function slugFromLink(link: string): string | undefined {
  const m = /^https?:\/\/[^/?#]+(\/[^?#]*)?(\?[^#]*)?/i.exec(link.trim())
  if (!m || m[2]) return undefined
  const last = (m[1] ?? '').split('/').filter((s) => s !== '').pop()
  if (!last) return undefined
  const segment = last.replace(/\.(?:html?|php|aspx?|shtml)$/i, '')
  if (/^\d+$/.test(segment) || /^index$/i.test(segment)) return undefined
  const decoded = decodeWpSlug(segment)
  return decoded !== '' && repairSlug(decoded) === decoded ? segment : undefined
}

/**
 * Gives an item of an old export what later steps read from WordPress's own fields: a published item without a
 * `post_name` takes it from its link, and one without a link takes its guid when that is a path on a site (WordPress
 * 2.x's guid was the permalink the post was first published at). Counted as fallbacks.
 */
export function fillOldFields(item: WxrItem, report: ReportBuilder): void {
  if (item.link === '' && /^https?:\/\/[^/?#]+\/[^?#]*[^/?#][^?#]*$/i.test(item.guid.trim())) {
    item.link = item.guid.trim()
    report.fallback('link_from_guid')
  }
  if (item.postName === '' && item.status === 'publish') {
    const slug = slugFromLink(item.link)
    if (slug !== undefined) {
      item.postName = slug
      report.fallback('slug_from_link')
    }
  }
}
