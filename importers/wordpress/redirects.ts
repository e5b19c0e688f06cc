export { formatRedirects, RedirectSet } from '../shared/redirects.js'
export type { Redirect, RedirectFormat } from '../shared/redirects.js'

/**
 * The root-relative form of an old URL (path and query), as a redirect source; `undefined` for other hosts.
 * @example
 * redirectSource('https://old.test/2020/01/hi/?x=1', ['old.test']) // '/2020/01/hi/?x=1'
 */
export function redirectSource(url: string, hosts: ReadonlySet<string>): string | undefined {
  const m = /^(?:https?:\/\/([^/?#]+))?(\/[^#]*)?/i.exec(url.trim())
  if (!m || !m[0]) return undefined
  if (m[1] !== undefined && !hosts.has(m[1].toLowerCase().replace(/^www\./, '').replace(/:(80|443)$/, ''))) return undefined
  const path = m[2] ?? '/'
  return path.startsWith('/') ? path : undefined
}
