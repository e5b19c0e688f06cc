import { describeCodePoint, isControlUnit, isWhitespaceUnit, quote } from './_chars.js'
import { checkNormalizedSlugSegment, checkSlugSegment, normalizeSlug } from './slug.js'

/**
 * Checks one literal route segment (a post-index or Page path component, or a literal permalink segment): the slug
 * segment policy plus no literal lowercase `.html` suffix, because the output style adds extensions. Only the
 * lowercase suffix is a route rule; `About.HTML` fails or passes on slug policy alone (and passes).
 * Returns `null` when valid, else a reason.
 * @example
 * checkRouteSegment('about.html') // 'ends with ".html"; the output style adds extensions, so leave it out'
 */
export function checkRouteSegment(segment: string): string | null {
  const normalized = normalizeSlug(segment)
  const reason = checkNormalizedSlugSegment(normalized)
  if (reason !== null) return reason
  if (normalized.endsWith('.html')) return 'ends with ".html"; the output style adds extensions, so leave it out'
  return null
}

/**
 * Splits an absolute route value (`/`, `/blog/`, `/posts/:slug/`) into its components after checking the
 * route-wide rules: a leading `/`, no empty component (`//`), backslash, query, fragment, whitespace, control
 * character or percent sign. A trailing `/` is optional and yields no component, so `/blog` and `/blog/` both give
 * `['blog']` and `/` gives `[]`. Components are returned as written (not NFC-normalized, not segment-checked), so
 * permalink code can tell tokens from literals. Returns a reason string instead when a rule fails.
 * @example
 * splitRoutePath('/posts/:slug/') // ['posts', ':slug']
 */
export function splitRoutePath(value: string): string[] | string {
  if (value.length === 0) return 'is empty; use "/" for the root'
  if (value.charCodeAt(0) !== 0x2f) return 'does not begin with "/"'
  const reason = scanRouteCharacters(value)
  if (reason !== null) return reason
  if (value.length === 1) return []
  const end = value.charCodeAt(value.length - 1) === 0x2f ? value.length - 1 : value.length
  const parts = value.slice(1, end).split('/')
  if (parts.includes('')) return 'has an empty component ("//")'
  return parts
}

/**
 * Checks an absolute route path such as `post_index.path`: `/` alone, or `/`-separated components that each pass
 * `checkRouteSegment`, with an optional trailing `/`. Returns `null` when valid, else a reason.
 * @example
 * checkAbsoluteRoutePath('/blog/') // null
 * checkAbsoluteRoutePath('/blog//x') // 'has an empty component ("//")'
 */
export function checkAbsoluteRoutePath(value: string): string | null {
  const parts = splitRoutePath(value)
  return typeof parts === 'string' ? parts : checkComponents(parts)
}

/**
 * Checks a Page `path` override: relative, with no leading or trailing `/`, non-empty, and `/`-separated
 * components that each pass `checkRouteSegment`. Returns `null` when valid, else a reason.
 * @example
 * checkPagePath('guides/index') // null
 * checkPagePath('/about') // 'begins with "/"; a Page path is relative'
 */
export function checkPagePath(value: string): string | null {
  return checkRelativePath(value, checkRouteSegment)
}

/**
 * Checks a reference to a Page's effective path (`site.front_page.page_path`, a collection Page item's `path`): shaped
 * like a Page path, but each component under the slug policy alone. The `.html` rule binds route values (patterns,
 * `post_index.path`, Page `path`); a Page slugged `notes.html`, a valid slug, has the effective path `notes.html`, and
 * a reference "must resolve to an exported Page's effective path", so it must be able to name it.
 * @example
 * checkPageReference('notes.html') // null
 * checkPageReference('/about') // 'begins with "/"; a Page path is relative'
 */
export function checkPageReference(value: string): string | null {
  return checkRelativePath(value, checkSlugSegment)
}

function checkRelativePath(value: string, checkSegment: (segment: string) => string | null): string | null {
  if (value.length === 0) return 'is empty'
  if (value.charCodeAt(0) === 0x2f) return 'begins with "/"; a Page path is relative'
  if (value.charCodeAt(value.length - 1) === 0x2f) return 'ends with "/"; a Page path has no trailing slash'
  const reason = scanRouteCharacters(value)
  if (reason !== null) return reason
  const parts = value.split('/')
  if (parts.includes('')) return 'has an empty component ("//")'
  return checkComponents(parts, checkSegment)
}

function checkComponents(parts: string[], checkSegment: (segment: string) => string | null = checkRouteSegment): string | null {
  for (const part of parts) {
    const reason = checkSegment(part)
    if (reason !== null) return `component ${quote(part)} ${reason}`
  }
  return null
}

const ROUTE_SUSPECT = /[\s\u0000-\u001f\u007f-\u009f\\?#%]/

// Route-wide characters get route-wide reasons ("has a query") rather than a per-component slug complaint.
function scanRouteCharacters(value: string): string | null {
  if (!ROUTE_SUSPECT.test(value)) return null
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (c === 0x5c) return 'contains a backslash ("\\")'
    if (c === 0x3f) return 'has a query ("?")'
    if (c === 0x23) return 'has a fragment ("#")'
    if (c === 0x25) return 'contains percent encoding ("%")'
    if (isWhitespaceUnit(c)) return `contains whitespace (${describeCodePoint(c)})`
    if (isControlUnit(c)) return `contains a control character (${describeCodePoint(c)})`
  }
  return null
}
