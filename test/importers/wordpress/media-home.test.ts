import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bringMediaHome } from '../../../importers/wordpress/media-home.js'
import { fileCandidates, uploadsFile, uploadsUrl } from '../../../importers/wordpress/uploads.js'
import { isPrivateAddress, refuseUrl } from '../../../importers/shared/download.js'

/** A PNG's first bytes, enough for its size to be read. */
export function png(width: number, height: number): Buffer {
  const b = Buffer.alloc(33)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0)
  b.writeUInt32BE(13, 8)
  b.write('IHDR', 12, 'ascii')
  b.writeUInt32BE(width, 16)
  b.writeUInt32BE(height, 20)
  b[24] = 8
  b[25] = 6
  return b
}

const hosts = new Set(['old.test'])
describe('uploads URLs', () => {
  test.each([
    ['https://old.test/wp-content/uploads/2020/01/a.jpg', { host: 'old.test', root: 'https://old.test/wp-content/uploads/', rel: '2020/01/a.jpg' }],
    ['http://www.old.test:8080/blog/wp-content/uploads/2020/01/a%20b.jpg?w=300', { host: 'old.test', root: 'http://www.old.test:8080/blog/wp-content/uploads/', rel: '2020/01/a b.jpg' }],
    ['//old.test/wp-content/uploads/x.png', { host: 'old.test', root: 'https://old.test/wp-content/uploads/', rel: 'x.png' }],
    ['https://other.test/wp-content/uploads/x.png', undefined],
    ['https://old.test/wp-content/themes/t/x.png', undefined],
    ['https://old.test/wp-content/uploads/', undefined],
    // A multisite site's ms-files URLs (before WordPress 3.5), under its path or not, and its folder itself.
    ['https://old.test/files/2012/01/a.jpg', { host: 'old.test', root: 'https://old.test/files/', rel: '2012/01/a.jpg' }],
    ['https://old.test/blog/files/2012/01/a.jpg', { host: 'old.test', root: 'https://old.test/blog/files/', rel: '2012/01/a.jpg' }],
    ['https://old.test/wp-content/blogs.dir/3/files/2012/01/a.jpg', { host: 'old.test', root: 'https://old.test/wp-content/blogs.dir/3/files/', rel: '2012/01/a.jpg' }],
    ['https://old.test/a/b/c/files/a.jpg', undefined],
  ])('%s', (url, want) => expect(uploadsFile(url, hosts)).toEqual(want))

  test('WordPress.com file hosts keep the whole path', () => {
    expect(uploadsFile('https://site.files.wordpress.com/2025/01/a.jpg?w=1024', new Set(['site.files.wordpress.com']))).toEqual({ host: 'site.files.wordpress.com', root: 'https://site.files.wordpress.com/', rel: '2025/01/a.jpg' })
  })
  test('candidates and new URLs', () => {
    expect(fileCandidates('a/b-300x200.jpg')).toEqual(['a/b-300x200.jpg', 'a/b.jpg'])
    expect(fileCandidates('a/b-scaled.jpg')).toEqual(['a/b-scaled.jpg', 'a/b.jpg'])
    expect(fileCandidates('a/b.jpg')).toEqual(['a/b.jpg'])
    expect(uploadsUrl('2020/01/a b#?.jpg')).toBe('/wp-content/uploads/2020/01/a%20b%23%3F.jpg')
  })
})

describe('download guards', () => {
  test.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1'])('%s is private', (a) => expect(isPrivateAddress(a)).toBe(true))
  test.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111'])('%s is public', (a) => expect(isPrivateAddress(a)).toBe(false))
  test('only the media hosts, over http(s), without credentials or private addresses', () => {
    const h = new Set(['old.test', '127.0.0.1'])
    expect(refuseUrl(new URL('https://old.test/a.jpg'), { hosts: h })).toBeUndefined()
    expect(refuseUrl(new URL('https://evil.test/a.jpg'), { hosts: h })).toMatch(/not one of/)
    expect(refuseUrl(new URL('ftp://old.test/a.jpg'), { hosts: h })).toMatch(/http/)
    expect(refuseUrl(new URL('https://u:p@old.test/a.jpg'), { hosts: h })).toMatch(/credentials/)
    expect(refuseUrl(new URL('http://127.0.0.1/a.jpg'), { hosts: h })).toMatch(/private/)
    expect(refuseUrl(new URL('http://127.0.0.1/a.jpg'), { hosts: h, allowPrivateNetwork: true })).toBeUndefined()
  })
})

describe('bringMediaHome', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pd-media-home-'))
  let server: Server
  let base = ''
  const hits: Record<string, number> = {}
  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = decodeURIComponent(req.url ?? '')
      hits[path] = (hits[path] ?? 0) + 1
      if (path === '/wp-content/uploads/2020/01/a.png') res.end(png(1200, 800))
      else if (path === '/wp-content/uploads/flaky.png' && hits[path] < 3) res.writeHead(503).end()
      else if (path === '/wp-content/uploads/flaky.png') res.end(png(10, 20))
      else if (path === '/wp-content/uploads/slow.png') setTimeout(() => res.end(png(1, 1)), 4000)
      else if (path === '/wp-content/uploads/stalls.png') {
        // Headers and the first bytes at once, then nothing: the time limit ends the body, not the request.
        res.writeHead(200).write(png(1, 1).subarray(0, 8))
        setTimeout(() => res.end(), 4000)
      }
      else if (path === '/wp-content/uploads/big.png') res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) }).end()
      else if (path === '/wp-content/uploads/chunked-big.png') {
        res.writeHead(200)
        for (let i = 0; i < 40; i++) res.write(Buffer.alloc(64 * 1024))
        res.end()
      } else if (path === '/wp-content/uploads/out.png') res.writeHead(302, { location: 'http://localhost:1/x.png' }).end()
      else if (path === '/wp-content/uploads/in.png') res.writeHead(301, { location: '/wp-content/uploads/2020/01/a.png' }).end()
      else if (path === '/wp-content/uploads/gone.png') res.writeHead(404).end()
      else res.writeHead(404).end()
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wp-content/uploads/`
  })
  afterAll(async () => {
    await new Promise((done) => server.close(done))
    rmSync(dir, { recursive: true, force: true })
  })
  const options = (out: string) => ({ mediaOut: join(dir, out), hosts: new Set(['127.0.0.1']), download: true, allowPrivateNetwork: true, retryDelayMs: 10, timeoutMs: 1500, maxBytes: 1024 * 1024 })

  test('downloads, maps a variant to its original, retries, refuses what it must, and says why per file', async () => {
    const progress: number[] = []
    const home = await bringMediaHome(
      [`${base}2020/01/a.png`, `${base}2020/01/a-300x200.png?w=300`, `${base}flaky.png`, `${base}slow.png`, `${base}stalls.png`, `${base}big.png`, `${base}chunked-big.png`, `${base}out.png`, `${base}in.png`, `${base}gone.png`, 'https://elsewhere.test/wp-content/uploads/x.png'],
      { ...options('m1'), onProgress: (done) => progress.push(done) },
    )
    const file = (key: string) => home.files.get(`${base.slice('http://'.length)}${key}`)
    expect(file('2020/01/a.png')).toEqual({ url: '/wp-content/uploads/2020/01/a.png', width: 1200, height: 800 })
    expect(file('2020/01/a-300x200.png')).toEqual({ url: '/wp-content/uploads/2020/01/a.png', width: 1200, height: 800 })
    expect(file('flaky.png')).toEqual({ url: '/wp-content/uploads/flaky.png', width: 10, height: 20 })
    expect(file('in.png')).toEqual({ url: '/wp-content/uploads/in.png', width: 1200, height: 800 })
    expect(Object.fromEntries(home.failed.map((f) => [f.url.slice(base.length), f.reason.replace(/^.*?: /, '')]))).toEqual({
      'big.png': 'it is 50 MiB, more than the 1 MiB allowed',
      'chunked-big.png': 'it is larger than 1 MiB',
      'gone.png': 'the server answered 404',
      'out.png': 'localhost is not one of the site\'s media hosts',
      'slow.png': 'it took too long',
      'stalls.png': 'it took too long',
    })
    expect(hits['/wp-content/uploads/flaky.png']).toBe(3)
    expect(progress.at(-1)).toBe(10)
    // Nothing half-written is left in the media folder.
    const all = readdirSync(join(dir, 'm1'), { recursive: true }).map(String).sort()
    expect(all.filter((f) => f.endsWith('.part'))).toEqual([])
    expect(existsSync(join(dir, 'm1/wp-content/uploads/big.png'))).toBe(false)
  })

  test('a second run finds the files it has and fetches none of them again', async () => {
    const before = hits['/wp-content/uploads/2020/01/a.png']
    const home = await bringMediaHome([`${base}2020/01/a.png`], options('m1'))
    expect(home.counts).toMatchObject({ already_there: 1, downloaded: 0 })
    expect(hits['/wp-content/uploads/2020/01/a.png']).toBe(before)
  })

  test('an uploads folder is looked in first; a hostile path is refused', async () => {
    const uploads = join(dir, 'uploads')
    mkdirSync(join(uploads, '2021/02'), { recursive: true })
    writeFileSync(join(uploads, '2021/02/b.png'), png(640, 480))
    writeFileSync(join(dir, 'secret.png'), png(1, 1))
    const home = await bringMediaHome(['https://old.test/wp-content/uploads/2021/02/b-150x150.png', 'https://old.test/wp-content/uploads/%2e%2e/secret.png', 'https://old.test/wp-content/uploads/2021/02/missing.png'], { mediaOut: join(dir, 'm2'), uploads, hosts })
    expect(home.files.get('old.test/wp-content/uploads/2021/02/b-150x150.png')).toEqual({ url: '/wp-content/uploads/2021/02/b.png', width: 640, height: 480 })
    expect(readFileSync(join(dir, 'm2/wp-content/uploads/2021/02/b.png'))).toEqual(png(640, 480))
    expect(home.failed.map((f) => f.url)).toEqual(['https://old.test/wp-content/uploads/%2e%2e/secret.png', 'https://old.test/wp-content/uploads/2021/02/missing.png'])
    expect(existsSync(join(dir, 'm2/secret.png'))).toBe(false)
  })
})
