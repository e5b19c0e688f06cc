/**
 * The slug WordPress gives a post, page or term whose title or name sanitizes to nothing: sanitize_title's fallback,
 * the item's ID (post.php wp_insert_post: `sanitize_title( $post_title, $post_ID )`; taxonomy.php wp_insert_term:
 * `sanitize_title( $slug, $term_id )`), then what wp_unique_post_slug makes of a number.
 */

/**
 * A post's: its ID, or `ID-2` where wp_unique_post_slug finds the number could be a date archive's (a post, its slug
 * the first segment of the permalink: any number, a year; after the year: 1-12, a month; after the month: 1-31, a
 * day). `pattern` is the site's posts permalink pattern, the old structure's tokens renamed (`:year`, `:month`).
 * @example
 * postIdSlug(12, 'post', '/:year/:slug/') // '12-2'
 */
export function postIdSlug(id: number, postType: string, pattern: string): string {
  if (postType !== 'post') return String(id)
  const segments = pattern.split('/').filter(Boolean)
  const at = segments.indexOf(':slug')
  const before = segments[at - 1]
  const dateLike = at === 0 || (before === ':year' && id < 13) || (before === ':month' && id < 32)
  return dateLike ? `${id}-2` : String(id)
}

/**
 * A page's: `ID-2`, as wp_unique_post_slug never gives a hierarchical post a number (`/^(page)?\d+$/`, which
 * pagination's URLs use); another type imported as pages (a product), non-hierarchical, keeps its ID.
 * @example
 * pageIdSlug(7, 'page') // '7-2'
 */
export function pageIdSlug(id: number, postType: string): string {
  return postType === 'page' ? `${id}-2` : String(id)
}
