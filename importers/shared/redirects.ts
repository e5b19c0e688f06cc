/**
 * Redirects from a site's old URLs to its new ones, shared by both importers: one shape, one set that keeps them
 * deterministic, and one writer per file format. The old URLs come from the input (a WXR `<link>`, front matter
 * `aliases`), so the writers treat them as hostile: each line is built from checked, percent-encoded values, and a
 * value that cannot be written safely is left out and returned with the reason.
 */

import { compareCodeUnits } from '../../src/compare.js'

/** One redirect from an old URL (root-relative, as the old site served it) to a new public URL. */
export interface Redirect {
  from: string
  to: string
  status: 301
}

/** The redirect file formats the CLI writes. */
export type RedirectFormat = 'netlify' | 'nginx' | 'json'

/** The redirect file formats, in the order the CLI lists them. */
export const REDIRECT_FORMATS: readonly RedirectFormat[] = ['netlify', 'nginx', 'json']

/** A redirect left out of a redirect file, and why (`has whitespace or a control character`…). */
export interface SkippedRedirect {
  from: string
  to: string
  reason: string
}

/** A redirect file's text, how many redirects it holds, and the ones left out. */
export interface RedirectFile {
  text: string
  written: number
  skipped: SkippedRedirect[]
}

/**
 * Collects redirects, dropping self-redirects and keeping the first target for each source, and returns them
 * sorted by source so two imports give identical files.
 */
export class RedirectSet {
  private readonly map = new Map<string, string>()

  /** Adds `from` → `to` unless `from` already redirects or both are the same URL. */
  add(from: string, to: string): void {
    if (!from || from === to || stripSlash(from) === stripSlash(to) || this.map.has(from)) return
    this.map.set(from, to)
  }

  /** Whether `from` already redirects somewhere. */
  has(from: string): boolean {
    return this.map.has(from)
  }

  /** A set without the redirects whose source `drop` says to leave out. */
  without(drop: (from: string) => boolean): RedirectSet {
    const out = new RedirectSet()
    for (const [from, to] of this.map) if (!drop(from)) out.map.set(from, to)
    return out
  }

  /** Every redirect, sorted by source (code-unit order, independent of locale). */
  list(): Redirect[] {
    return [...this.map.keys()].sort(compareCodeUnits).map((from) => ({ from, to: this.map.get(from) as string, status: 301 as const }))
  }
}

function stripSlash(s: string): string {
  return s.length > 1 && s.endsWith('/') ? s.slice(0, -1) : s
}

/**
 * Formats redirects as a redirect file; the text of `redirectFile`, whose `skipped` says what was left out.
 * @example
 * formatRedirects([{ from: '/old/', to: '/new/', status: 301 }], 'netlify') // '/old/  /new/  301\n'
 */
export function formatRedirects(redirects: readonly Redirect[], format: RedirectFormat): string {
  return redirectFile(redirects, format).text
}

/**
 * Writes redirects as a Netlify `_redirects` file (a query source uses Netlify's `key=value` match syntax and forces
 * the rule with `!`), an nginx `map` block keyed by `$request_uri` (include it in the `http` context and
 * `return 301 $new_uri` when it is set), or JSON. Every source and target is checked and percent-encoded first (see
 * {@link encodeRedirect}); one that cannot be written safely is left out of the text and listed in `skipped`.
 * @example
 * redirectFile([{ from: '/a\n/b', to: '/x/', status: 301 }], 'netlify').skipped[0].reason // 'the old URL has whitespace or a control character'
 */
export function redirectFile(redirects: readonly Redirect[], format: RedirectFormat): RedirectFile {
  const skipped: SkippedRedirect[] = []
  const kept: Array<{ from: EncodedSource; to: string }> = []
  // nginx compares map keys without case and refuses a configuration that lists one twice.
  const seen = new Set<string>()
  for (const r of redirects) {
    const encoded = encodeRedirect(r.from, r.to, format)
    if ('reason' in encoded) {
      skipped.push({ from: r.from, to: r.to, reason: encoded.reason })
      continue
    }
    const key = format === 'nginx' ? encoded.from.text.toLowerCase() : encoded.from.text
    if (seen.has(key)) {
      skipped.push({ from: r.from, to: r.to, reason: format === 'nginx' ? 'another redirect has the same old URL (nginx compares them without case)' : 'another redirect has the same old URL' })
      continue
    }
    seen.add(key)
    kept.push(encoded)
  }
  return { text: WRITERS[format](kept), written: kept.length, skipped }
}

const WRITERS: Record<RedirectFormat, (rules: Array<{ from: EncodedSource; to: string }>) => string> = {
  json: (rules) => JSON.stringify(rules.map((r) => ({ from: r.from.text, to: r.to, status: 301 })), null, 2) + '\n',
  netlify: (rules) =>
    rules
      .map(({ from, to }) => (from.query === undefined ? `${from.path}  ${to}  301` : `${from.path}  ${from.query.map(([k, v]) => `${k}=${v}`).join('  ')}  ${to}  301!`))
      .join('\n') + (rules.length ? '\n' : ''),
  nginx: (rules) => {
    const longest = rules.reduce((n, r) => Math.max(n, r.from.text.length), 0)
    return (
      '# Include in the http block; in the server block: if ($new_uri) { return 301 $new_uri; }\n' +
      // nginx refuses to start when a key does not fit a hash bucket (8 bytes of pointer, the key plus 2, aligned to 8).
      `# Longest old URL: ${longest} bytes; if nginx asks, set map_hash_bucket_size ${Math.ceil((16 + Math.ceil((longest + 2) / 8) * 8) / 64) * 64};\n` +
      'map $request_uri $new_uri {\n  default "";\n' +
      rules.map((r) => `  ${nginxString(r.from.text)} ${nginxString(r.to)};\n`).join('') +
      '}\n'
    )
  },
}

// Values reaching here hold no quote or backslash (both are percent-encoded or refused); escaping them anyway keeps
// the quoting correct on its own.
function nginxString(s: string): string {
  return `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`
}

/** An old URL ready for a redirect file: its whole text, its path, and its query split into encoded pairs. */
export interface EncodedSource {
  text: string
  path: string
  query?: Array<[string, string]>
}

/**
 * Checks and percent-encodes one redirect for a format, or says why it cannot be written. The old URL must be a
 * root-relative path (`/…`, not `//host`), the new one root-relative or an absolute http(s) URL without credentials;
 * neither may hold whitespace, control characters, backslashes, lone surrogates or malformed `%` escapes. Other
 * characters are percent-encoded as UTF-8 where a browser would encode them (the WHATWG path, query and fragment
 * sets), valid `%XX` escapes are kept, and each format encodes what it would read as syntax: Netlify's `:name`
 * placeholders and `*` splats, nginx's `$variable`s in the target.
 * @example
 * encodeRedirect('/café/', '/new/', 'netlify') // { from: { text: '/caf%C3%A9/', path: '/caf%C3%A9/' }, to: '/new/' }
 */
export function encodeRedirect(from: string, to: string, format: RedirectFormat): { from: EncodedSource; to: string } | { reason: string } {
  const source = encodeSource(from, format)
  if ('reason' in source) return { reason: `the old URL ${source.reason}` }
  const target = encodeTarget(to, format)
  if (typeof target !== 'string') return { reason: `the new URL ${target.reason}` }
  if (source.text === target) return { reason: 'the old and new URLs are the same' }
  return { from: source, to: target }
}

// A "." or ".." path segment, also as the `%2e` a browser reads as a dot there: a browser resolves it before it asks,
// so an old URL with one is never requested as written, and a new one would lead elsewhere than it says.
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i
const DOT_SEGMENT_REASON = 'has a "." or ".." path segment'

// An old URL longer than the request line a server reads (nginx's default large_client_header_buffers is 8k) can
// never be requested, and a huge value would only bloat the file.
const MAX_URL_BYTES = 8000

function encodeSource(from: string, format: RedirectFormat): EncodedSource | { reason: string } {
  const bad = badCharacter(from)
  if (bad) return { reason: bad }
  if (!from.startsWith('/') || from.startsWith('//')) return { reason: 'is not a path on the site (it must start with a single "/")' }
  if (from.includes('#')) return { reason: 'has a fragment ("#…"), which browsers never send' }
  const q = from.indexOf('?')
  const extra = format === 'netlify' ? NETLIFY_SYNTAX : ''
  const path = encodePart(q < 0 ? from : from.slice(0, q), PATH_SET + extra)
  if (path === null) return { reason: MALFORMED }
  if (DOT_SEGMENT.test(path)) return { reason: DOT_SEGMENT_REASON }
  if (q < 0) return checkLength({ text: path, path })
  const rawQuery = from.slice(q + 1)
  const query = encodePart(rawQuery, QUERY_SET + extra)
  if (query === null) return { reason: MALFORMED }
  if (format !== 'netlify') return checkLength({ text: `${path}?${query}`, path })
  // Netlify matches a query by its parameters, each written `key=value` after the path.
  const pairs: Array<[string, string]> = []
  for (const param of rawQuery.split('&')) {
    if (param === '') continue
    const eq = param.indexOf('=')
    if (eq < 0) return { reason: `has the query parameter "${param.slice(0, 40)}" without "=", which a _redirects file cannot match` }
    const key = encodePart(param.slice(0, eq), QUERY_SET + PAIR_SYNTAX + extra)
    const value = encodePart(param.slice(eq + 1), QUERY_SET + PAIR_SYNTAX + extra)
    if (key === null || value === null) return { reason: MALFORMED }
    if (key === '') return { reason: 'has a query parameter without a name' }
    pairs.push([key, value])
  }
  if (pairs.length === 0) return checkLength({ text: path, path })
  return checkLength({ text: `${path}?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`, path, query: pairs })
}

function checkLength(source: EncodedSource): EncodedSource | { reason: string } {
  return source.text.length > MAX_URL_BYTES ? { reason: `is longer than ${MAX_URL_BYTES} bytes encoded, more than a server reads in a request line` } : source
}

function encodeTarget(to: string, format: RedirectFormat): string | { reason: string } {
  const bad = badCharacter(to)
  if (bad) return { reason: bad }
  if (to.startsWith('//')) return { reason: 'is protocol-relative ("//host"); write an absolute http(s) URL' }
  let origin = ''
  let rest = to
  if (!to.startsWith('/')) {
    const absolute = /^(https?):\/\/([^/?#]*)(.*)$/is.exec(to)
    if (!absolute) return { reason: 'is neither a path on the site ("/…") nor an http(s) URL' }
    if (absolute[2].includes('@')) return { reason: 'has credentials ("user@")' }
    try {
      // The origin as WHATWG serializes it (lowercase host, IDN in punycode, default port dropped).
      origin = new URL(`${absolute[1]}://${absolute[2]}/`).origin
    } catch {
      return { reason: 'has a host that is not valid' }
    }
    rest = absolute[3].startsWith('/') ? absolute[3] : `/${absolute[3]}`
  }
  const extra = format === 'netlify' ? ':' : format === 'nginx' ? '$' : ''
  const hash = rest.indexOf('#')
  const beforeHash = hash < 0 ? rest : rest.slice(0, hash)
  const q = beforeHash.indexOf('?')
  const path = encodePart(q < 0 ? beforeHash : beforeHash.slice(0, q), PATH_SET + extra)
  const query = q < 0 ? '' : encodePart(beforeHash.slice(q + 1), QUERY_SET + extra)
  const fragment = hash < 0 ? '' : encodePart(rest.slice(hash + 1), FRAGMENT_SET + extra)
  if (path === null || query === null || fragment === null) return { reason: MALFORMED }
  if (DOT_SEGMENT.test(path)) return { reason: DOT_SEGMENT_REASON }
  const encoded = `${origin}${path}${q < 0 ? '' : `?${query}`}${hash < 0 ? '' : `#${fragment}`}`
  return encoded.length > MAX_URL_BYTES ? { reason: `is longer than ${MAX_URL_BYTES} bytes encoded` } : encoded
}

const UTF8 = new TextEncoder()
const MALFORMED = 'has a "%" that does not start a valid escape such as %2F, or a character that is not valid Unicode'

// ASCII characters percent-encoded besides controls, space and non-ASCII: the WHATWG URL standard's path, query and
// fragment percent-encode sets, so an old URL is written as a browser requests it. Backslash never gets here.
const QUERY_SET = '"#<>'
const PATH_SET = QUERY_SET + '?`{}'
const FRAGMENT_SET = '"<>`'
// Syntax of a Netlify rule: `:name` placeholders and `*` splats.
const NETLIFY_SYNTAX = ':*'
// Inside one `key=value` pair of a Netlify query match.
const PAIR_SYNTAX = '&='

/** Why a value cannot be in a redirect file at all, or null. */
function badCharacter(value: string): string | null {
  if (value === '') return 'is empty'
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(value)) return 'has whitespace or a control character'
  if (value.includes('\\')) return 'has a backslash'
  return null
}

/**
 * Percent-encodes `s`: non-ASCII as UTF-8, controls, space and the ASCII characters in `set`; a valid `%XX` escape is
 * kept as written. Null for a `%` that starts no escape, or a lone surrogate.
 */
function encodePart(s: string, set: string): string | null {
  let out = ''
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 0x25) {
      if (!/^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) return null
      out += s.slice(i, i + 3)
      i += 2
    } else if (c > 0x20 && c < 0x7f && !set.includes(s[i])) {
      out += s[i]
    } else {
      const cp = s.codePointAt(i) as number
      if (cp >= 0xd800 && cp <= 0xdfff) return null
      if (cp > 0xffff) i++
      for (const byte of UTF8.encode(String.fromCodePoint(cp))) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
    }
  }
  return out
}
