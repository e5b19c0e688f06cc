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
  '_yoast_wpseo_title',
  'rank_math_title',
  '_seopress_titles_title',
  '_aioseop_title',
] as const

/**
 * What an item's SEO plugin settings say that the payload can carry: "no index" (the item is shown, but search
 * engines are asked not to list it: `discoverability: noindex`, which the contract renders with a robots noindex;
 * the item stays in listings, as WordPress keeps it in its own, and, unlike the plugins' sitemaps, in the sitemap,
 * which only `delist` leaves it out of) and its meta description (`meta.description`: `meta` is the contract's open
 * scalar map, and this key is the SDK's convention, as the Markdown importer keeps there a front-matter
 * `description` that is not the excerpt; no theme is promised to print it), and the title written for the document's
 * `<title>` and search results (`meta.seo_title`, under the same terms: the contract has no such field). Yoast SEO
 * (`_yoast_wpseo_meta-robots-noindex` 1; 2 is "index" chosen), Rank Math (`rank_math_robots`, a PHP array with
 * `noindex`), SEOPress (`_seopress_robots_index` yes) and All in One SEO Pack (`_aioseop_noindex` on). A description
 * or title with the plugin's variables (`%%title%%`, `%excerpt%`) would need the plugin to fill them: it is left out.
 * @example
 * seoFields({ '_yoast_wpseo_meta-robots-noindex': '1', _yoast_wpseo_metadesc: 'About us' }) // { noindex: true, description: 'About us' }
 */
export function seoFields(meta: Readonly<Record<string, string>>): { noindex: boolean; description?: string; title?: string } {
  const noindex =
    meta['_yoast_wpseo_meta-robots-noindex'] === '1' || rankMathNoindex(meta.rank_math_robots) || meta._seopress_robots_index === 'yes' || meta._aioseop_noindex === 'on'
  const description = writtenOut([meta._yoast_wpseo_metadesc, meta.rank_math_description, meta._seopress_titles_desc, meta._aioseop_description])
  const title = writtenOut([meta._yoast_wpseo_title, meta.rank_math_title, meta._seopress_titles_title, meta._aioseop_title])
  return { noindex, ...(description !== undefined ? { description } : {}), ...(title !== undefined ? { title } : {}) }
}

/** The first value set and not blank, trimmed; none when it holds the plugin's variables, which need the plugin to fill them. */
function writtenOut(values: ReadonlyArray<string | undefined>): string | undefined {
  const written = values.find((v) => v !== undefined && v.trim() !== '')
  return written === undefined || /%%?[a-z_]+%%?/i.test(written) ? undefined : written.trim()
}

function rankMathNoindex(robots: string | undefined): boolean {
  if (robots === undefined || !robots.includes('noindex')) return false
  const value = phpUnserialize(robots)
  return Array.isArray(value) ? value.includes('noindex') : value !== null && typeof value === 'object' && Object.values(value).includes('noindex')
}
