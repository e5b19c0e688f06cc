import { describeCodePoint, isControlUnit, isDigitUnit, isHexUnit, isWhitespaceUnit, quote } from './_chars.js'

/**
 * The contract's URL classes: `site_url` and `media_origin` (origins, empty allowed), `navigation` (menus,
 * newsletter), `media` (images and icons) and `comments_api` (`site.comments.api_base_url`).
 */
export type UrlClass = 'site_url' | 'media_origin' | 'navigation' | 'media' | 'comments_api'

// Root-relative values are parsed against this base only to reuse WHATWG's syntax check; `.invalid` can never resolve.
const SLASH = 0x2f
const QUERY = 0x3f
const HASH = 0x23
const AT = 0x40
// Without the u flag a class matches UTF-16 units, so this also finds every surrogate, paired or lone. A well-formed
// escape is not suspect: WordPress upload URLs carry one for every accented letter of a file name (`cr%C3%A8me.jpg`).
const SUSPECT = /[\s\u0000-\u001f\u007f-\u009f\\\ud800-\udfff]|%(?![0-9A-Fa-f]{2})/

/**
 * Checks a URL against its contract class. Returns `null` when valid, else a reason such as
 * `'has credentials ("user@" or "user:pass@")'`.
 *
 * Every class rejects, before WHATWG parsing: whitespace (JavaScript `\s`), control characters (C0, DEL, C1),
 * backslashes, lone surrogates, malformed percent encoding, bare and dot-relative paths, protocol-relative
 * `//host`, `http:/x` (one slash), schemes other than http/https, credentials, an empty host, and `.`/`..` path
 * segments, also percent-encoded (`%2e`). Host, port and IP syntax are then left to WHATWG URL parsing.
 * Scheme and host are case-insensitive (RFC 3986 3.1, 3.2.2), so `HTTPS://Example.COM/a` is accepted; IDN hosts
 * are accepted. Class rules: origins (`site_url`, `media_origin`) may be empty and have no path beyond `/`, no
 * query and no fragment; `navigation` also allows root-relative `/...`, queries and fragments; `media` is
 * `navigation` with a path other than `/` required (`/` and `https://x.test/` have no file to serve);
 * `comments_api` allows absolute or root-relative without query or fragment.
 * @example
 * checkUrl('https://example.com/a?b#c', 'navigation') // null
 * checkUrl('/', 'media') // 'has no path; a media URL needs one such as "/images/a.jpg"'
 */
export function checkUrl(value: string, cls: UrlClass): string | null {
  const isOrigin = cls === 'site_url' || cls === 'media_origin'
  if (value.length === 0) return isOrigin ? null : 'is empty'
  const charReason = scanCharacters(value)
  if (charReason !== null) return charReason

  const first = value.charCodeAt(0)
  if (first === SLASH) {
    if (value.charCodeAt(1) === SLASH) {
      return isOrigin
        ? 'is protocol-relative ("//host"); use an absolute http(s) origin'
        : 'is protocol-relative ("//host"); use an absolute http(s) URL or a path starting with a single "/"'
    }
    if (isOrigin) return 'is a path, not an origin; use an absolute http(s) origin such as "https://example.com"'
    // A root-relative value that passes these checks (no whitespace, controls, backslashes or malformed escapes)
    // always parses against a base, so WHATWG parsing is left out of this hot path; the property test in
    // test/validate/primitives/url.test.ts parses everything checkUrl accepts.
    return checkPathQueryFragment(value, 0, cls)
  }

  const colon = schemeEnd(value)
  if (colon < 0) return relativeReason(value, isOrigin)
  if (!isHttpScheme(value, colon)) {
    return `uses the scheme ${quote(value.slice(0, colon + 1).toLowerCase(), 20)}; only http and https are allowed`
  }
  if (value.charCodeAt(colon + 1) !== SLASH || value.charCodeAt(colon + 2) !== SLASH) {
    return `needs "//" and a host after "${value.slice(0, colon + 1).toLowerCase()}"`
  }
  const hostStart = colon + 3
  let hostEnd = hostStart
  while (hostEnd < value.length) {
    const c = value.charCodeAt(hostEnd)
    if (c === SLASH || c === QUERY || c === HASH) break
    if (c === AT) return 'has credentials ("user@" or "user:pass@")'
    hostEnd++
  }
  // `http:///x` would make WHATWG skip the extra slash and read "x" as the host; an empty authority is an empty host.
  if (hostEnd === hostStart || value.charCodeAt(hostStart) === 0x3a) return 'has an empty host'
  if (!canParse(value)) return authorityReason(value.slice(hostStart, hostEnd))
  return checkPathQueryFragment(value, hostEnd, cls)
}

const NON_ASCII = /[^\u0000-\u007f]/

// Node 20's `URL.canParse` has a V8 fast-API path, taken once the call site is optimized, that reads a one-byte
// (Latin-1) string as UTF-8: after a few thousand calls `URL.canParse('https://bücher.example')` turns false while
// `new URL` still parses it, so the verdict would depend on how many URLs were checked before. ASCII is the same in
// both encodings, so only non-ASCII input takes the slower `new URL` route.
function canParse(value: string, base?: string): boolean {
  if (!NON_ASCII.test(value)) return URL.canParse(value, base)
  try {
    new URL(value, base)
    return true
  } catch {
    return false
  }
}

// One pass over the whole value for the character-level rules, so the rest can reason about structure only.
function scanCharacters(value: string): string | null {
  // A native regex scan clears the common clean URL; the loop below runs only to name what is wrong.
  if (!SUSPECT.test(value)) return null
  const n = value.length
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i)
    if (c > 0x20 && c < 0x7f) {
      if (c === 0x5c) return 'contains a backslash ("\\")'
      if (c === 0x25 && !(isHexUnit(value.charCodeAt(i + 1)) && isHexUnit(value.charCodeAt(i + 2)))) {
        return `has malformed percent encoding (${quote(value.slice(i, i + 3))})`
      }
      continue
    }
    if (isWhitespaceUnit(c)) return `contains whitespace (${describeCodePoint(c)})`
    if (isControlUnit(c)) return `contains a control character (${describeCodePoint(c)})`
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = c <= 0xdbff ? value.charCodeAt(i + 1) : 0
      if (!(d >= 0xdc00 && d <= 0xdfff)) return `contains a lone surrogate (${describeCodePoint(c)})`
      i++
    }
  }
  return null
}

// Index of the ":" ending an RFC 3986 scheme (ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )), or -1 if there is none.
function schemeEnd(value: string): number {
  const c0 = value.charCodeAt(0)
  if (!((c0 >= 0x41 && c0 <= 0x5a) || (c0 >= 0x61 && c0 <= 0x7a))) return -1
  for (let i = 1; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (c === 0x3a) return i
    const ok =
      (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || isDigitUnit(c) || c === 0x2b || c === 0x2d || c === 0x2e
    if (!ok) return -1
  }
  return -1
}

// Whether value[0, colon) is "http" or "https" in any case, compared in place (`| 0x20` lowercases ASCII letters).
function isHttpScheme(value: string, colon: number): boolean {
  if (colon !== 4 && colon !== 5) return false
  return (
    (value.charCodeAt(0) | 0x20) === 0x68 &&
    (value.charCodeAt(1) | 0x20) === 0x74 &&
    (value.charCodeAt(2) | 0x20) === 0x74 &&
    (value.charCodeAt(3) | 0x20) === 0x70 &&
    (colon === 4 || (value.charCodeAt(4) | 0x20) === 0x73)
  )
}

function relativeReason(value: string, isOrigin: boolean): string {
  const target = isOrigin ? 'an absolute http(s) origin' : 'an absolute http(s) URL or a path starting with "/"'
  const c = value.charCodeAt(0)
  if (c === QUERY) return `is only a query; use ${target}`
  if (c === HASH) return `is only a fragment; use ${target}`
  if (c === 0x2e && (value.startsWith('./') || value.startsWith('../') || value === '.' || value === '..')) {
    return `is a dot-relative path; use ${target}`
  }
  return `is a relative path without a scheme; use ${target}`
}

// Only reached when WHATWG rejected an http(s) URL whose structure we accepted: the authority is at fault.
function authorityReason(authority: string): string {
  // Inside an IPv6 literal a colon is not a port separator; an unclosed "[" is a host problem.
  const bracket = authority.lastIndexOf(']')
  if (authority.charCodeAt(0) === 0x5b && bracket < 0) return `has an invalid host (${quote(authority)})`
  const colon = authority.indexOf(':', bracket + 1)
  if (colon >= 0) {
    const port = authority.slice(colon + 1)
    let digits = port.length > 0
    for (let i = 0; i < port.length && digits; i++) digits = isDigitUnit(port.charCodeAt(i))
    if (!digits || Number(port) > 65535) return `has an invalid port (${quote(port, 20)})`
    return `has an invalid host (${quote(authority.slice(0, colon))})`
  }
  return `has an invalid host (${quote(authority)})`
}

function checkPathQueryFragment(value: string, pathStart: number, cls: UrlClass): string | null {
  const n = value.length
  const query = value.indexOf('?', pathStart)
  const hash = value.indexOf('#', pathStart)
  const pathEnd = query < 0 ? (hash < 0 ? n : hash) : hash < 0 ? query : Math.min(query, hash)
  // Every path here starts with "/", so a dot segment needs "/." or "/%2" somewhere in it; most paths have neither.
  const dotty = value.indexOf('/.', pathStart)
  const encoded = value.indexOf('/%2', pathStart)
  if ((dotty >= 0 && dotty < pathEnd) || (encoded >= 0 && encoded < pathEnd)) {
    let segStart = pathStart
    for (let i = pathStart; i <= pathEnd; i++) {
      if (i === pathEnd || value.charCodeAt(i) === SLASH) {
        if (dotSegmentLength(value, segStart, i) > 0) return `uses a dot segment (${quote(value.slice(segStart, i))})`
        segStart = i + 1
      }
    }
  }
  if (pathEnd < n && cls !== 'navigation' && cls !== 'media') {
    return value.charCodeAt(pathEnd) === QUERY ? 'has a query ("?")' : 'has a fragment ("#")'
  }
  const rootOnly = pathEnd === pathStart || (pathEnd === pathStart + 1 && value.charCodeAt(pathStart) === SLASH)
  if ((cls === 'site_url' || cls === 'media_origin') && !rootOnly) {
    return `has a path (${quote(value.slice(pathStart, pathEnd))}); an origin has none beyond "/"`
  }
  if (cls === 'media' && rootOnly) return 'has no path; a media URL needs one such as "/images/a.jpg"'
  return null
}

// 1 for ".", 2 for "..", counting "%2e"/"%2E" as a dot the way WHATWG URL does; 0 for anything else.
function dotSegmentLength(value: string, start: number, end: number): number {
  let dots = 0
  let i = start
  while (i < end) {
    const c = value.charCodeAt(i)
    if (c === 0x2e) {
      i++
    } else if (c === 0x25 && value.charCodeAt(i + 1) === 0x32 && (value.charCodeAt(i + 2) | 0x20) === 0x65) {
      i += 3
    } else {
      return 0
    }
    if (++dots > 2) return 0
  }
  return i === end ? dots : 0
}
