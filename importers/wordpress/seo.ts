import { phpUnserialize } from './php-unserialize.js'

/** Postmeta keys of the SEO plugins most sites use, read for what the contract has a place for. */
export const SEO_META_KEYS = [
  '_yoast_wpseo_meta-robots-noindex',
  '_yoast_wpseo_metadesc',
  'rank_math_robots',
  'rank_math_description',
  '_seopress_robots_index',
  '_seopress_titles_desc',
  '_aioseop_noindex',
  '_aioseop_description',
] as const

/**
 * What an item's SEO plugin settings say that the payload can carry: "no index" (the item is shown, but search
 * engines are asked not to list it: `discoverability: noindex`, which the contract renders with a robots noindex;
 * the item stays in listings, as WordPress keeps it in its own, and, unlike the plugins' sitemaps, in the sitemap,
 * which only `delist` leaves it out of) and its meta description (`meta.description`: `meta` is the contract's open
 * scalar map, and this key is the SDK's convention, as the Markdown importer keeps there a front-matter
 * `description` that is not the excerpt; no theme is promised to print it). Yoast SEO
 * (`_yoast_wpseo_meta-robots-noindex` 1; 2 is "index" chosen), Rank Math (`rank_math_robots`, a PHP array with
 * `noindex`), SEOPress (`_seopress_robots_index` yes) and All in One SEO Pack (`_aioseop_noindex` on). A description
 * with the plugin's variables (`%%title%%`, `%excerpt%`) would need the plugin to fill them: it is left out.
 * @example
 * seoFields({ '_yoast_wpseo_meta-robots-noindex': '1', _yoast_wpseo_metadesc: 'About us' }) // { noindex: true, description: 'About us' }
 */
export function seoFields(meta: Readonly<Record<string, string>>): { noindex: boolean; description?: string } {
  const noindex =
    meta['_yoast_wpseo_meta-robots-noindex'] === '1' || rankMathNoindex(meta.rank_math_robots) || meta._seopress_robots_index === 'yes' || meta._aioseop_noindex === 'on'
  const written = [meta._yoast_wpseo_metadesc, meta.rank_math_description, meta._seopress_titles_desc, meta._aioseop_description].find((d) => d !== undefined && d.trim() !== '')
  const description = written === undefined || /%%?[a-z_]+%%?/i.test(written) ? undefined : written.trim()
  return { noindex, ...(description !== undefined ? { description } : {}) }
}

function rankMathNoindex(robots: string | undefined): boolean {
  if (robots === undefined || !robots.includes('noindex')) return false
  const value = phpUnserialize(robots)
  return Array.isArray(value) ? value.includes('noindex') : value !== null && typeof value === 'object' && Object.values(value).includes('noindex')
}
