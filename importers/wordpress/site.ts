import { checkUrl } from '../../src/index.js'
import type { Site } from '../../src/index.js'
import { siteText } from './display-text.js'
import { formatOffset, modeOffset, parseOffset, pubDateToIso } from './dates.js'
import type { SiteClock } from './dates.js'
import type { WxrChannel } from './read/wxr.js'
import { trimTrailing } from '../../src/trim.js'

/** The old site as the export describes it, and the new site's settings. */
export interface SitePlan {
  /** What the export says of the site (title, description, locale, URL, time zone), before the caller's settings. */
  derived: Partial<Site>
  /** `derived` with the caller's settings over it. */
  site: Site
  /** How local WordPress dates become instants. */
  clock: SiteClock
  /** The most common offset between local and GMT dates, in minutes (the report's `inferred_site_offset`). */
  inferredMinutes: number
  generatedAt: string
  /** The blog's URL and its path (`/blog` for a blog under a folder, else `''`). */
  blogUrl: string
  basePath: string
  /** Every URL the old site was known by, and their hosts (lower case, without `www.`). */
  oldSiteUrls: string[]
  oldHosts: Set<string>
}

const BLANK_CHANNEL: WxrChannel = { title: '', link: '', description: '', language: '', baseBlogUrl: '', baseSiteUrl: '', pubDate: '', generator: '', wxrVersion: '' }

/**
 * The site settings an export implies (its first file's channel): title, description, locale, URL and, without a
 * `timezone` in `override`, `zone` when one was found, else the fixed offset most of its items' local and GMT dates
 * differ by.
 * @example
 * planSite([channel], new Map([[210, 12]]), {}, undefined).site.timezone // '+03:30'
 */
export function planSite(channels: readonly WxrChannel[], offsetCounts: Map<number, number>, override: Partial<Site>, generatedAt: string | undefined, zone?: string): SitePlan {
  const channel = channels[0] ?? BLANK_CHANNEL
  const oldSiteUrls = [...new Set(channels.flatMap((ch) => [ch.link, ch.baseBlogUrl, ch.baseSiteUrl]).filter(Boolean))]
  const oldHosts = new Set(oldSiteUrls.map((u) => /^https?:\/\/([^/?#]+)/i.exec(u)?.[1]?.toLowerCase().replace(/^www\./, '')).filter((h): h is string => !!h))
  const blogUrl = channel.baseBlogUrl || channel.link
  const basePath = trimTrailing(/^https?:\/\/[^/]+(\/[^?#]*)?/i.exec(blogUrl)?.[1] ?? '', '/')
  const inferredMinutes = modeOffset(offsetCounts)
  const derived: Partial<Site> = {
    // As bloginfo prints them (see siteText): the characters as written, tags too, with WordPress's dashes.
    title: siteText(channel.title) || 'WordPress site',
    description: siteText(channel.description),
    locale: canonicalLocale(channel.language),
    // A zone found from daylight-saving offsets (see timezone.ts), else the commonest offset.
    timezone: zone ?? formatOffset(inferredMinutes, true),
  }
  const origin = /^(https?:\/\/[^/?#]+)/i.exec(blogUrl)?.[1]
  if (origin && checkUrl(origin, 'site_url') === null) derived.url = origin.toLowerCase()
  const site = { ...derived, ...override } as Site
  return {
    derived,
    site,
    clock: siteClock(site.timezone, inferredMinutes),
    inferredMinutes,
    generatedAt: generatedAt ?? pubDateToIso(channel.pubDate) ?? '1970-01-01T00:00:00Z',
    blogUrl,
    basePath,
    oldSiteUrls,
    oldHosts,
  }
}

function canonicalLocale(language: string): string {
  const tag = language.trim().replace(/_/g, '-')
  if (!tag) return 'en'
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'en'
  } catch {
    return 'en'
  }
}

function siteClock(timezone: string | undefined, inferredMinutes: number): SiteClock {
  if (timezone === undefined) return { kind: 'offset', minutes: inferredMinutes }
  const fixed = parseOffset(timezone)
  if (fixed !== undefined) return { kind: 'offset', minutes: fixed }
  return { kind: 'zone', zone: timezone }
}

/**
 * The site plan with settings the import inferred from the export's content (permalinks, front page, post index)
 * added to what it derived, the caller's settings still over everything: member by member for `permalinks` and
 * `post_index`, whole for the rest.
 * @example
 * withInferred(plan, { permalinks: { posts: '/:year/:slug/' } }, { permalinks: { output_style: 'html-extension' } }).site.permalinks
 * // { posts: '/:year/:slug/', output_style: 'html-extension' }
 */
export function withInferred(plan: SitePlan, inferred: Partial<Site>, override: Partial<Site>): SitePlan {
  const derived: Partial<Site> = { ...plan.derived, ...inferred }
  if (plan.derived.permalinks || inferred.permalinks) derived.permalinks = { ...plan.derived.permalinks, ...inferred.permalinks }
  const site = { ...derived, ...override } as Site
  if (derived.permalinks || override.permalinks) site.permalinks = { ...derived.permalinks, ...override.permalinks }
  if (derived.post_index && override.post_index) site.post_index = { ...derived.post_index, ...override.post_index }
  return { ...plan, derived, site }
}
