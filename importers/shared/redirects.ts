/**
 * Redirects from a site's old URLs to its new ones, shared by both importers: one shape, one set that keeps them
 * deterministic, and one writer per file format.
 */

/** One redirect from an old URL (root-relative, as the old site served it) to a new public URL. */
export interface Redirect {
  from: string
  to: string
  status: 301
}

/** The redirect file formats the CLI writes. */
export type RedirectFormat = 'netlify' | 'nginx' | 'json'

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

  /** Every redirect, sorted by source (code-unit order, independent of locale). */
  list(): Redirect[] {
    return [...this.map.keys()].sort(compareCodeUnits).map((from) => ({ from, to: this.map.get(from) as string, status: 301 as const }))
  }
}

function stripSlash(s: string): string {
  return s.length > 1 && s.endsWith('/') ? s.slice(0, -1) : s
}

/** Compares strings by UTF-16 code units, so sorting never depends on the machine's locale. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * Formats redirects as a Netlify `_redirects` file (query sources use Netlify's `key=value` match syntax), an nginx
 * `map` block keyed by `$request_uri` (include it in the `http` context and `return 301 $new_uri` when set), or JSON.
 * @example
 * formatRedirects([{ from: '/old/', to: '/new/', status: 301 }], 'netlify') // '/old/  /new/  301\n'
 */
export function formatRedirects(redirects: readonly Redirect[], format: RedirectFormat): string {
  if (format === 'json') return JSON.stringify(redirects, null, 2) + '\n'
  // Targets may hold Unicode slugs; these formats are matched against the raw request line, so they are encoded.
  const target = (to: string) => encodeURI(to)
  if (format === 'netlify') {
    return redirects
      .map((r) => {
        const q = r.from.indexOf('?')
        if (q < 0) return `${r.from}  ${target(r.to)}  ${r.status}`
        const params = r.from.slice(q + 1).split('&').filter(Boolean).join('  ')
        return `${r.from.slice(0, q)}  ${params}  ${target(r.to)}  ${r.status}!`
      })
      .join('\n') + (redirects.length ? '\n' : '')
  }
  const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
  const lines = redirects.map((r) => `  ${quote(r.from)} ${quote(target(r.to))};`)
  return `map $request_uri $new_uri {\n  default "";\n${lines.join('\n')}${lines.length ? '\n' : ''}}\n`
}
