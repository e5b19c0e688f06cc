import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { validatePreviewData } from 'preview-data-sdk'
import { importWordPress } from 'preview-data-sdk/wordpress'
import { runImportWordPress } from '../../../cli/commands/import-wordpress.js'

// An export whose media is in uploads-site/uploads (issue 14 item 7); see the comment at the top of its export.xml.
const site = fileURLToPath(new URL('../../fixtures/wordpress/uploads-site/', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'pd-wp-media-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const at = '2026-01-01T00:00:00Z'

describe('--uploads: media brought home from a copy of wp-content/uploads', () => {
  test('files land at their URL paths, URLs become root-relative, variants map to the file that exists, sizes come from the files', async () => {
    const mediaOut = join(dir, 'lib-media')
    const { payload, report } = await importWordPress(site + 'export.xml', { generatedAt: at, mediaOut, uploads: site + 'uploads' })
    expect(validatePreviewData(payload)).toEqual({ ok: true, errors: [] })
    const post = payload.content.posts[0]
    const up = '/wp-content/uploads/2020/01/'
    // The 60x40 variant has no file: its original is shown (the tag keeps its size); ?w= asks for the same file.
    expect(post.content).toContain(`<img src="${up}quay.png" width="60" height="40" alt="Quay" />`)
    expect(post.content).toContain(`srcset="${up}quay-30x20.png 30w, ${up}quay.png 120w"`)
    expect(post.content).toContain(`<img src="${up}boats.png" alt="Boats" />`)
    expect(post.content).toContain(`<a href="${up}tide-table.pdf">tide table</a>`)
    // The gallery's thumbnails: one exists, the other maps to its original.
    expect(post.content).toContain(`<img src="${up}quay-30x20.png" width="30" height="20" alt="Quay" loading="lazy" />`)
    expect(post.content).toContain(`<a href="${up}boats.png"><img src="${up}boats.png" width="30" height="20"`)
    // A lost file and another host's file stay where they were.
    expect(post.content).toContain('https://harbour.example/wp-content/uploads/2020/01/gone.png')
    expect(post.content).toContain('https://cdn.other.example/wp-content/uploads/2020/01/x.png')
    expect(post.featured_image).toBe(`${up}boats.png`)
    // Sizes from the files (the metadata claimed 1200x800 for quay.png).
    expect(payload.content.media).toEqual([
      { src: `${up}boats.png`, width: 60, height: 40 },
      { src: `${up}quay-30x20.png`, width: 30, height: 20, alt: 'Quay' },
      { src: `${up}quay.png`, width: 120, height: 80, alt: 'Quay' },
    ])
    expect(readdirSync(join(mediaOut, 'wp-content/uploads/2020/01')).sort()).toEqual(['boats.png', 'quay-30x20.png', 'quay.png', 'tide-table.pdf'])
    expect(readFileSync(join(mediaOut, 'wp-content/uploads/2020/01/quay.png'))).toEqual(readFileSync(site + 'uploads/2020/01/quay.png'))
    expect(report.media).toMatchObject({ mode: 'home', on_old_hosts: 1, delivered: { copied: 4, failed: 1 } })
    expect(report.missing_media).toEqual([{ source: 'export.xml#10', target: expect.stringMatching(/^https:\/\/harbour\.example\/wp-content\/uploads\/2020\/01\/gone\.png: 2020\/01\/gone\.png is not in /) }])
  })

  test('without --uploads or --download-media, the report says what still loads from the old host', async () => {
    const { report } = await importWordPress(site + 'export.xml', { generatedAt: at })
    // The images and the featured image (the gallery's thumbnails among them), each once, without ?w= queries.
    expect(report.media).toEqual({ mode: 'old_host', hosts: ['harbour.example'], on_old_hosts: 5 })
  })

  test('the command fills <payload>.media/ beside the payload by default, and says so', async () => {
    const out: string[] = []
    const io = { stdout: (s: string) => out.push(s), stderr: (s: string) => out.push(s), isTTY: false, cwd: dir }
    expect(await runImportWordPress([site + 'export.xml', '--uploads', site + 'uploads', '-o', 'site.json', '--generated-at', at], io)).toBe(0)
    expect(existsSync(join(dir, 'site.media/wp-content/uploads/2020/01/quay.png'))).toBe(true)
    expect(out.join('')).toMatch(/Media: 4 files in the media folder \(4 copied, 0 downloaded, 0 already there\); 1 could not be had/)
  })

  test('the command refuses --media-out without a source to fill it, and --uploads that is not a folder', async () => {
    const io = { stdout: () => undefined, stderr: () => undefined, isTTY: false, cwd: dir }
    expect(await runImportWordPress([site + 'export.xml', '--media-out', 'm', '-o', 'a.json'], io)).toBe(2)
    expect(await runImportWordPress([site + 'export.xml', '--uploads', site + 'export.xml', '-o', 'a.json'], io)).toBe(2)
  })
})

describe('--download-media: media fetched from the old site', () => {
  let server: Server
  let origin = ''
  const served: string[] = []
  beforeAll(async () => {
    server = createServer((req, res) => {
      served.push(req.url ?? '')
      const file = site + 'uploads/' + decodeURIComponent((req.url ?? '').replace(/^\/wp-content\/uploads\//, '').replace(/\?.*$/, ''))
      if (req.url?.startsWith('/wp-content/uploads/') && existsSync(file) && !file.includes('..')) res.end(readFileSync(file))
      else res.writeHead(404).end()
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((done) => server.close(done)))

  test('only from the site\'s own hosts, each file once, and a second run fetches nothing again', async () => {
    const xml = readFileSync(site + 'export.xml', 'utf8').replaceAll('https://harbour.example', origin)
    const source = async function* () {
      yield Buffer.from(xml)
    }
    const mediaOut = join(dir, 'downloaded')
    const options = { generatedAt: at, mediaOut, downloadMedia: { allowPrivateNetwork: true, retries: 0, timeoutMs: 2000 } }
    const first = await importWordPress(source(), options)
    expect(first.payload.content.posts[0].content).toContain('<img src="/wp-content/uploads/2020/01/boats.png" alt="Boats" />')
    expect(first.report.media.delivered).toMatchObject({ downloaded: 4, failed: 1 })
    // Never the other host, never twice the same file.
    expect(served.every((u) => u.startsWith('/wp-content/uploads/2020/01/'))).toBe(true)
    expect(new Set(served.filter((u) => !u.includes('60x40') && !u.includes('gone') && !u.includes('boats-30x20'))).size).toBe(served.filter((u) => !u.includes('60x40') && !u.includes('gone') && !u.includes('boats-30x20')).length)
    const before = served.length
    const second = await importWordPress(source(), options)
    expect(second.report.media.delivered).toMatchObject({ downloaded: 0, already_there: 4 })
    expect(served.length - before).toBe(3)
  })

  test('a private address is refused unless allowed', async () => {
    const xml = readFileSync(site + 'export.xml', 'utf8').replaceAll('https://harbour.example', origin)
    const { report } = await importWordPress((async function* () { yield Buffer.from(xml) })(), { generatedAt: at, mediaOut: join(dir, 'refused'), downloadMedia: { retries: 0 } })
    expect(report.media.delivered).toMatchObject({ downloaded: 0, files: 0 })
    expect(report.missing_media.length).toBeGreaterThan(0)
    for (const m of report.missing_media) expect(m.target).toMatch(/127\.0\.0\.1 is a private or local address/)
  })
})

// A multisite site that used ms-files URLs (<site>/files/…); see the comment at the top of its export.xml.
describe('--uploads: a multisite site\'s /files/ URLs', () => {
  const ms = fileURLToPath(new URL('../../fixtures/wordpress/multisite-files/', import.meta.url))
  test('map to the file their attachment has, wherever it is now, as WordPress served them', async () => {
    const mediaOut = join(dir, 'ms-media')
    const { payload, report } = await importWordPress(ms + 'export.xml', { generatedAt: at, mediaOut, uploads: ms + 'uploads' })
    expect(validatePreviewData(payload)).toEqual({ ok: true, errors: [] })
    const body = payload.content.posts[0].content
    expect(body).toContain('<img src="/wp-content/uploads/2011/03/harbour.png" alt="" />')
    expect(body).toContain('<img src="/wp-content/uploads/sites/3/2012/01/boat-30x20.png" alt="" />, <a href="/wp-content/uploads/sites/3/2012/01/boat.png">full size</a>')
    expect(body).toContain('https://net.example/blog/files/2012/01/gone.png')
    expect(payload.content.media).toEqual([
      { src: '/wp-content/uploads/2011/03/harbour.png', width: 90, height: 60, alt: 'The harbour' },
      { src: '/wp-content/uploads/sites/3/2012/01/boat-30x20.png', width: 30, height: 20, alt: 'A boat' },
    ])
    // The Additional CSS's background image too; another host's file stays where it is.
    expect(payload.custom_css?.content).toBe('body { background: url(/wp-content/uploads/2011/03/paper.png) repeat; }\n.logo { background-image: url("https://cdn.elsewhere.example/logo.png"); }')
    expect(report.media).toMatchObject({ mode: 'home', on_old_hosts: 1, delivered: { copied: 4, failed: 1 } })
    expect(report.missing_media).toEqual([{ source: 'export.xml#10', target: expect.stringMatching(/^https:\/\/net\.example\/blog\/files\/2012\/01\/gone\.png: 2012\/01\/gone\.png is not in /) }])
  })

  test('without --uploads, the CSS\'s files are counted with what still loads from the old host', async () => {
    const { payload, report } = await importWordPress(ms + 'export.xml', { generatedAt: at })
    expect(payload.custom_css?.content).toContain('url(https://net.example/blog/files/2011/03/paper.png)')
    // The three images the post shows, and the CSS's background.
    expect(report.media).toEqual({ mode: 'old_host', hosts: ['net.example'], on_old_hosts: 4 })
  })
})
