import { titleText } from './display-text.js'
import type { WxrItem } from './read/wxr.js'
import type { ReportBuilder } from './report.js'
import { decodeWpSlug, repairSlug, slugFromTitle } from './slugs.js'

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
 * An item's slug: its decoded, repaired `post_name`, else one derived from the title as written (WordPress's
 * sanitize_title reads the stored title, not the texturized one) by the site `locale`'s rules, else `<type>-<id>`.
 */
export function itemSlug(item: WxrItem, report: ReportBuilder, locale = ''): string {
  const decoded = decodeWpSlug(item.postName)
  const repaired = repairSlug(decoded)
  if (repaired) {
    if (repaired !== decoded) report.fallback('slug_repaired')
    return repaired
  }
  report.fallback('slug_derived_from_title')
  return slugFromTitle(item.title, locale) || `${item.postType}-${item.postId}`
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
