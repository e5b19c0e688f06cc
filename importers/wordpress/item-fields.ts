import { htmlToText } from './content/html.js'
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

/** An item's title as plain text; `(no title)` (counted as a fallback) when WordPress has none. */
export function itemTitle(item: WxrItem, report: ReportBuilder): string {
  const title = htmlToText(item.title)
  if (title) return title
  report.fallback('untitled')
  return '(no title)'
}

/** An item's slug: its decoded, repaired `post_name`, else one derived from the title, else `<type>-<id>`. */
export function itemSlug(item: WxrItem, title: string, report: ReportBuilder): string {
  const decoded = decodeWpSlug(item.postName)
  const repaired = repairSlug(decoded)
  if (repaired) {
    if (repaired !== decoded) report.fallback('slug_repaired')
    return repaired
  }
  report.fallback('slug_derived_from_title')
  return slugFromTitle(title === '(no title)' ? '' : title) || `${item.postType}-${item.postId}`
}

