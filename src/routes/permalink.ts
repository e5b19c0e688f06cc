import { DEFAULT_PERMALINKS, PERMALINK_TOKENS } from '../contract/constants.js'
import type { Permalinks, Site } from '../contract/types.js'
import { checkRouteSegment, normalizeSlug, splitRoutePath } from '../validate/primitives/index.js'

/** The permalink members that hold a route pattern. */
export type PermalinkKind = 'posts' | 'pages' | 'categories' | 'tags'

/** A pattern split into whole-segment tokens and literal segments. */
export type PatternSegment = { token: string } | { literal: string }

const patternCache = new Map<string, PatternSegment[]>()

/**
 * Splits a permalink pattern into segments, literals in NFC. Assumes a valid pattern (see `checkPermalinkPattern`);
 * cached, since every Post shares one pattern.
 * @example
 * parsePattern('/posts/:year/:slug/') // [{ literal: 'posts' }, { token: ':year' }, { token: ':slug' }]
 */
export function parsePattern(pattern: string): PatternSegment[] {
  let parsed = patternCache.get(pattern)
  if (!parsed) {
    parsed = pattern
      .split('/')
      .filter((s) => s !== '')
      // Literals are NFC like slugs, so an effective Page path built from a decomposed pattern literal matches (and
      // collides with) the same path written precomposed: effective paths are compared after NFC.
      .map((s) => (s.startsWith(':') ? { token: s } : { literal: normalizeSlug(s) }))
    if (patternCache.size > 64) patternCache.clear()
    patternCache.set(pattern, parsed)
  }
  return parsed
}

/**
 * Checks a permalink pattern against the contract's route policy: begins with `/`, tokens occupy whole segments,
 * only the kind's allowed tokens, at least one required token, literal segments per the slug policy without a
 * lowercase `.html` suffix, and no empty components, queries, fragments, whitespace, backslashes or percent encoding.
 * Returns `null` when valid, else the reason.
 * @example
 * checkPermalinkPattern('posts', '/blog/:year/:slug/') // null
 * checkPermalinkPattern('pages', '/:public_id/') // 'uses the token ":public_id", which pages patterns do not allow (allowed: :slug)'
 */
export function checkPermalinkPattern(kind: PermalinkKind, pattern: string): string | null {
  if (pattern.length === 0) return 'is empty'
  // Route-wide rules first, so "/posts/:slug/?ref=1" is reported as a query rather than as an odd segment.
  const segments = splitRoutePath(pattern)
  if (typeof segments === 'string') return segments
  if (segments.length === 0) return `has no segments; it needs ${requiredTokensText(kind)}`
  const { allowed, required } = PERMALINK_TOKENS[kind]
  let hasRequired = false
  for (const segment of segments) {
    if (segment.startsWith(':')) {
      // `/:year/:slug.html`, Jekyll's and many WordPress sites' URLs: the token is known, the suffix is not a token.
      const token = /^:[A-Za-z_]+/.exec(segment)?.[0]
      if (token !== undefined && token !== segment && (allowed as readonly string[]).includes(token)) {
        const html = /\.html$/i.test(segment) ? '; for URLs ending in .html, end the pattern with the token and set output_style "html-extension"' : ''
        return `has the token ${quote(token)} inside the segment ${quote(segment)}; a token must occupy a whole segment${html}`
      }
      if (!(allowed as readonly string[]).includes(segment)) {
        return `uses the token ${quote(segment)}, which ${kind} patterns do not allow (allowed: ${allowed.join(', ')})`
      }
      if ((required as readonly string[]).includes(segment)) hasRequired = true
      continue
    }
    if (segment.includes(':')) {
      const token = /:[A-Za-z_]+/.exec(segment)?.[0] ?? ':'
      return `has the token ${quote(token)} inside the segment ${quote(segment)}; a token must occupy a whole segment`
    }
    const reason = checkRouteSegment(segment)
    if (reason) return `has the segment ${quote(segment)}, which ${reason}`
  }
  return hasRequired ? null : `has no ${requiredTokensText(kind)} token`
}

function quote(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)
}

function requiredTokensText(kind: PermalinkKind): string {
  return PERMALINK_TOKENS[kind].required.join(' or ')
}

/**
 * The pattern in force for a kind: `site.permalinks[kind]` or the contract's default.
 * @example
 * permalinkPattern({ ...site, permalinks: {} }, 'posts') // '/posts/:slug/'
 */
export function permalinkPattern(site: Pick<Site, 'permalinks'>, kind: PermalinkKind): string {
  const given = (site.permalinks as Permalinks | undefined)?.[kind]
  return typeof given === 'string' ? given : DEFAULT_PERMALINKS[kind]
}

/**
 * The output style in force: `site.permalinks.output_style` or `directory`.
 * @example
 * outputStyle({ permalinks: { output_style: 'html-extension' } }) // 'html-extension'
 */
export function outputStyle(site: Pick<Site, 'permalinks'>): 'directory' | 'html-extension' {
  return site.permalinks?.output_style === 'html-extension' ? 'html-extension' : 'directory'
}
