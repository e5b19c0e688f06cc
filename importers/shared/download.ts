/**
 * Fetching a file over HTTP(S) for an importer, where the URL comes from the input: only from hosts the caller
 * allows (redirects included), never to a private, loopback or link-local address unless asked, within a time limit
 * and a size limit, retried on network errors and on 429 and 5xx answers.
 */
import { lookup as dnsLookup } from 'node:dns'
import type { LookupAddress, LookupOptions } from 'node:dns'
import { request as httpRequest } from 'node:http'
import type { IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'

/** How files are fetched. */
export interface DownloadOptions {
  /** Hosts a request, or a redirect, may go to (lower case, without `www.`). */
  hosts: ReadonlySet<string>
  /** Allow private, loopback and link-local addresses (a test server); off by default. */
  allowPrivateNetwork?: boolean
  /** Milliseconds for one attempt, answer and body included. Default 60 s. */
  timeoutMs?: number
  /** Retries after the first attempt. Default 2. */
  retries?: number
  /** Milliseconds before the first retry; each next one waits twice as long. Default 500. */
  retryDelayMs?: number
  /** Largest body accepted, in bytes. */
  maxBytes: number
}

/**
 * An answer with a body to read, or why there is none (`status` when the server answered). `timedOut` says, once
 * reading the body failed, whether the time limit ended it (the body then fails with a bare `aborted` error).
 */
export type Fetched = { ok: true; body: IncomingMessage; length?: number; timedOut: () => boolean } | { ok: false; status?: number; reason: string; retry: boolean }

const MAX_REDIRECTS = 5

/**
 * GETs `url`, following up to five redirects among the allowed hosts, retrying what may pass; returns the answer's
 * body stream, or why not. The caller reads or destroys the body.
 * @example
 * const got = await fetchFile(new URL('https://old.example/wp-content/uploads/a.jpg'), { hosts: new Set(['old.example']), maxBytes: 1 << 26 })
 */
export async function fetchFile(url: URL, options: DownloadOptions): Promise<Fetched> {
  const retries = options.retries ?? 2
  let delay = options.retryDelayMs ?? 500
  let last: Fetched = { ok: false, reason: 'not tried', retry: false }
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) {
      await new Promise((done) => setTimeout(done, delay))
      delay *= 2
    }
    last = await fetchFollowing(url, options)
    if (last.ok || !last.retry) return last
  }
  return last
}

async function fetchFollowing(start: URL, options: DownloadOptions): Promise<Fetched> {
  let url = start
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const refused = refuseUrl(url, options)
    if (refused) return { ok: false, reason: refused, retry: false }
    const answer = await get(url, options)
    if (!answer.ok) return answer
    const status = answer.body.statusCode ?? 0
    if (status >= 300 && status < 400 && answer.body.headers.location) {
      answer.body.resume()
      try {
        url = new URL(answer.body.headers.location, url)
      } catch {
        return { ok: false, status, reason: 'it redirects to an invalid URL', retry: false }
      }
      continue
    }
    if (status !== 200) {
      answer.body.resume()
      return { ok: false, status, reason: `the server answered ${status}`, retry: status === 429 || status >= 500 }
    }
    const length = Number(answer.body.headers['content-length'])
    if (Number.isFinite(length) && length > options.maxBytes) {
      answer.body.destroy()
      return { ok: false, status, reason: `it is ${Math.round(length / 1048576)} MiB, more than the ${Math.round(options.maxBytes / 1048576)} MiB allowed`, retry: false }
    }
    return { ok: true, body: answer.body, timedOut: answer.timedOut, ...(Number.isFinite(length) ? { length } : {}) }
  }
  return { ok: false, reason: `more than ${MAX_REDIRECTS} redirects`, retry: false }
}

/** Why a URL may not be fetched, or undefined when it may. */
export function refuseUrl(url: URL, options: Pick<DownloadOptions, 'hosts' | 'allowPrivateNetwork'>): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `it is not an http(s) URL (${url.protocol})`
  if (url.username || url.password) return 'it carries credentials'
  const host = hostKey(url.hostname)
  if (!options.hosts.has(host)) return `${url.hostname} is not one of the site's media hosts`
  const literal = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(literal) && !options.allowPrivateNetwork && isPrivateAddress(literal)) return `${url.hostname} is a private or local address`
  return undefined
}

/** A host as allow-lists hold it: lower case, without `www.` and without a port. */
export function hostKey(host: string): string {
  return host.toLowerCase().replace(/^www\./, '').replace(/:\d+$/, '')
}

function get(url: URL, options: DownloadOptions): Promise<{ ok: true; body: IncomingMessage; timedOut: () => boolean } | Extract<Fetched, { ok: false }>> {
  return new Promise((resolve) => {
    const signal = AbortSignal.timeout(options.timeoutMs ?? 60_000)
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'GET',
        headers: { 'user-agent': 'preview-data-sdk media import', accept: '*/*' },
        signal,
        lookup: guardedLookup(options.allowPrivateNetwork === true),
      },
      (body) => resolve({ ok: true, body, timedOut: () => signal.aborted }),
    )
    request.on('error', (error: NodeJS.ErrnoException) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError'
      const refused = error.code === 'EPRIVATE'
      resolve({ ok: false, reason: timedOut ? 'it took too long' : refused ? error.message : `the request failed (${error.code ?? error.message})`, retry: !refused })
    })
    request.end()
  })
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/** A DNS lookup that refuses private addresses at connection time, so a name cannot be re-pointed after a check. */
function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, [])
      const list = addresses as LookupAddress[]
      const bad = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address))
      if (bad) {
        const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to the private or local address ${bad.address}`)
        refused.code = 'EPRIVATE'
        return callback(refused, [])
      }
      if (options.all) return callback(null, list)
      callback(null, list[0].address, list[0].family)
    })
  }
}

/**
 * Whether an IP address is private, loopback, link-local, unspecified or otherwise not on the public internet
 * (RFC 1918, RFC 4193, RFC 6598, 169.254/16, fe80::/10, IPv4-mapped forms of these).
 * @example
 * isPrivateAddress('169.254.169.254') // true
 */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return isPrivateAddress(mapped[1])
  if (isIP(address) === 4) {
    const [a, b] = address.split('.').map(Number)
    return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || a >= 224
  }
  const v6 = address.toLowerCase()
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || /^ff/.test(v6)
}
