import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { runImportWordPress } from '../../../cli/commands/import-wordpress.js'
import { BodyPool, workerExecArgv } from '../../../importers/wordpress/bodies/pool.js'
import type { BodyPoolOptions } from '../../../importers/wordpress/bodies/pool.js'
import { KeptBodies, payloadJson } from '../../../importers/wordpress/bodies/payload-json.js'
import { TextFile } from '../../../importers/wordpress/bodies/store.js'
import { BodyWork } from '../../../importers/wordpress/bodies/work.js'
import type { Finished, FinishSetup, KeptText, Prepared } from '../../../importers/wordpress/bodies/work.js'
import { finishText } from '../../../importers/wordpress/content/finish.js'
import { earlyRenderEnv, renderBody } from '../../../importers/wordpress/content/render.js'
import type { FinishEnv } from '../../../importers/wordpress/content/finish.js'
import { importWordPress, importWordPressForFile } from '../../../importers/wordpress/import.js'
import { LinkIndex } from '../../../importers/wordpress/links.js'
import { attachmentSizes, MediaIndex, mediaRewriter, toAttachment } from '../../../importers/wordpress/media.js'
import type { PreviewData } from '../../../src/index.js'

const dir = mkdtempSync(join(tmpdir(), 'wp-bodies-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const fixtures = fileURLToPath(new URL('../../fixtures/wordpress/', import.meta.url))
const worker = { url: new URL('./body-worker-ts.mjs', import.meta.url) }
const dyingWorker = { url: new URL('./body-worker-dies-ts.mjs', import.meta.url) }
const slowWorker = { url: new URL('./body-worker-slow-ts.mjs', import.meta.url) }

// Text that exercises UTF-8 widths (1 to 4 bytes) and JSON escapes.
const text = fc.string({ unit: fc.constantFrom('a', 'é', '€', '😀', '"', '\\', '\n', '\u0000', '<', '\ud800', '7'), maxLength: 40 })

describe('TextFile', () => {
  test('gives back every text it was given, in any order, and leaves no file in the folder', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.oneof(text, fc.nat({ max: 100_000 }).map((n) => 'x€'.repeat(n))), { maxLength: 5 }), { minLength: 1, maxLength: 8 }), (batches) => {
        const file = TextFile.create()
        try {
          const kept = batches.flatMap((batch) => file.append(batch).map((place, i) => [place, batch[i]] as const))
          for (const [place, t] of [...kept].reverse()) expect(file.text(place)).toBe(Buffer.from(t).toString('utf8'))
        } finally {
          file.close()
        }
      }),
      { numRuns: 30 },
    )
    expect(readdirSync(tmpdir()).filter((f) => f.startsWith(`preview-data-wordpress-${process.pid}-`))).toEqual([])
  })
})

describe('payloadJson', () => {
  test('writes exactly JSON.stringify(payload, null, 2), each body in its post or page', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ title: text, content: text, excerpt: text }), { maxLength: 6 }), fc.array(fc.record({ content: text, excerpt: text }), { maxLength: 3 }), (posts, pages) => {
        const file = TextFile.create()
        try {
          const bodies = new KeptBodies()
          const keep = (kind: 'post' | 'page', id: number, body: { content: string; excerpt: string }) => {
            const [html, excerpt] = file.append([JSON.stringify(body.content), JSON.stringify(body.excerpt)]).map((place) => ({ file: file.fd, place }))
            bodies.keep(kind, id, { html, excerpt })
          }
          posts.forEach((p, i) => keep('post', i + 1, p))
          pages.forEach((p, i) => keep('page', i + 1, p))
          const full = { version: '0.7', site: { title: 'T', meta: { a: [1, { b: {} }] } }, content: { authors: [], posts: posts.map((p, i) => ({ public_id: i + 1, ...p })), pages: pages.map((p, i) => ({ title: 'p', public_id: i + 1, ...p, data: {} })), tags: [] } }
          const empty = { ...full, content: { ...full.content, posts: full.content.posts.map((p) => ({ ...p, content: '', excerpt: '' })), pages: full.content.pages.map((p) => ({ ...p, content: '', excerpt: '' })) } }
          const out = Buffer.concat([...payloadJson(empty as unknown as PreviewData, (kind, id) => bodies.get(kind, id), (kept) => file.bytes(kept.place))].map((piece) => Buffer.from(piece))).toString('utf8')
          expect(out).toBe(JSON.stringify(full, null, 2))
        } finally {
          file.close()
        }
      }),
      { numRuns: 100 },
    )
  })

  test('writes the members around the bodies as JSON.stringify does, whatever their keys, values and order', () => {
    // Keys an object orders or treats apart (integer-like, __proto__), values of any shape and depth, undefined ones.
    const key = fc.oneof(fc.constantFrom('__proto__', '0', '12', 'content', 'excerpt', 'public_id', 'a b', '"q"', ''), fc.string({ maxLength: 4 }))
    const member = fc.tuple(key, fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(undefined)))
    fc.assert(
      fc.property(fc.array(fc.array(member, { maxLength: 8 }), { maxLength: 4 }), fc.array(member, { maxLength: 4 }), text, (entries, top, words) => {
        const file = TextFile.create()
        try {
          const bodies = new KeptBodies()
          const posts = entries.map((members, i) => Object.fromEntries([...members, ['public_id', i + 1]]))
          for (const post of posts) {
            const [html, excerpt] = file.append([JSON.stringify(`${words}<p>${post.public_id}`), JSON.stringify(words)]).map((place) => ({ file: file.fd, place }))
            bodies.keep('post', post.public_id as number, { html, excerpt })
          }
          const withBodies = (body: (post: Record<string, unknown>) => { content: string; excerpt: string }) =>
            Object.fromEntries([...top, ['content', { posts: posts.map((p) => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, k === 'content' || k === 'excerpt' ? body(p)[k] : v]))) }]])
          const full = withBodies((p) => ({ content: `${words}<p>${p.public_id}`, excerpt: words }))
          const empty = withBodies(() => ({ content: '', excerpt: '' }))
          const out = Buffer.concat([...payloadJson(empty as unknown as PreviewData, (kind, id) => bodies.get(kind, id), (kept) => file.bytes(kept.place))].map((piece) => Buffer.from(piece))).toString('utf8')
          expect(out).toBe(JSON.stringify(full, null, 2))
        } finally {
          file.close()
        }
      }),
      { numRuns: 300 },
    )
  })
  test('reads a body whose HTML and excerpt lie side by side once, and one whose texts lie apart in two reads', () => {
    const file = TextFile.create()
    try {
      const bodies = new KeptBodies()
      const place = (texts: string[]) => file.append(texts.map((t) => JSON.stringify(t))).map((p) => ({ file: file.fd, place: p }))
      const [html1, excerpt1] = place(['<p>één</p>', 'één'])
      bodies.keep('post', 1, { html: html1, excerpt: excerpt1 })
      // Kept apart: the excerpt first, something else between.
      const [excerpt2, , html2] = place(['two', 'between', '<p>two</p>'])
      bodies.keep('post', 2, { html: html2, excerpt: excerpt2 })
      const full = { content: { posts: [1, 2].map((id) => ({ public_id: id, content: id === 1 ? '<p>één</p>' : '<p>two</p>', excerpt: id === 1 ? 'één' : 'two' })) } }
      const empty = { content: { posts: full.content.posts.map((p) => ({ ...p, content: '', excerpt: '' })) } }
      const reads: number[] = []
      const out = [...payloadJson(empty as unknown as PreviewData, (kind, id) => bodies.get(kind, id), (kept) => (reads.push(kept.place[0]), file.bytes(kept.place)))]
      expect(Buffer.concat(out.map((piece) => Buffer.from(piece))).toString('utf8')).toBe(JSON.stringify(full, null, 2))
      expect(reads).toEqual([html1.place[0], html2.place[0], excerpt2.place[0]])
    } finally {
      file.close()
    }
  })
})

describe('KeptBodies', () => {
  const at = (file: number, offset: number, length: number): KeptText => ({ file, place: [offset, length] })

  test('gives back where each body waits, posts and pages apart, the last kept for an id', () => {
    const kept = new KeptBodies()
    kept.keep('post', 7, { html: at(3, 0, 10), excerpt: at(3, 10, 4) })
    kept.keep('page', 7, { html: at(4, 2 ** 33, 2 ** 31), excerpt: at(4, 2 ** 33 + 2 ** 31, 9) })
    kept.keep('post', 8, { html: at(3, 14, 1), excerpt: at(3, 15, 2) })
    kept.keep('post', 7, { html: at(3, 17, 5), excerpt: at(3, 22, 6) })
    expect(kept.get('post', 7)).toEqual({ html: at(3, 17, 5), excerpt: at(3, 22, 6) })
    expect(kept.get('page', 7)).toEqual({ html: at(4, 2 ** 33, 2 ** 31), excerpt: at(4, 2 ** 33 + 2 ** 31, 9) })
    expect(kept.get('post', 8)).toEqual({ html: at(3, 14, 1), excerpt: at(3, 15, 2) })
    expect(kept.get('page', 8)).toBeUndefined()
  })

  test('refuses a body that is not waiting in one file', () => {
    expect(() => new KeptBodies().keep('post', 1, { html: '<p>x</p>', excerpt: at(3, 0, 1) })).toThrow(/one file/)
    expect(() => new KeptBodies().keep('post', 1, { html: at(3, 0, 1), excerpt: at(4, 0, 1) })).toThrow(/one file/)
  })
})

// Bodies that exercise every step: classic wpautop, blocks (a dynamic one), embeds, shortcodes, <!--more-->, a gallery
// and a reusable block (rendered late), links and media URLs to finish.
const BODIES = [
  'One\ntwo\n\nThree [caption width="300"]<img src="https://old.example/wp-content/uploads/a.jpg" /> Cat[/caption] <a href="https://old.example/2020/01/hello/">hi</a>',
  '<!-- wp:paragraph -->\n<p>Block <a href="/?p=7#top">seven</a></p>\n<!-- /wp:paragraph -->\n<!-- wp:archives /-->',
  'Intro<!--more-->\n\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n\n[unknown_code x=1]',
  '[gallery ids="100,101,999"]\n\n[audio src="/a.mp3"]',
  '<!-- wp:block {"ref":5} /-->\n<!-- wp:block {"ref":6} /-->',
]
const links = new LinkIndex(['https://old.example'])
links.addUrl('https://old.example/2020/01/hello/', '/posts/hello/')
links.addQuery('p', 7, '/posts/seven/')
const attachment = (id: number) => ({ file: 'x.xml', line: id, postId: id, postParent: 3, menuOrder: 0, attachmentUrl: `https://old.example/wp-content/uploads/p${id}.jpg`, guid: '', excerpt: `Caption ${id}`, meta: { _wp_attachment_metadata: 'a:2:{s:5:"width";i:640;s:6:"height";i:480;}' } })
// The attachments galleries show, as the importer sends them with the setup.
const attachments = new MediaIndex()
for (const id of [100, 101]) attachments.add(toAttachment(attachment(id), attachmentSizes(attachment(id))))
const mediaFrom = 'https://old.example/wp-content/uploads/'
const setup: FinishSetup = { links: links.toData(), mediaFrom, mediaTo: '/media/', reusableBlocks: [[5, '<!-- wp:paragraph -->\n<p>Reused</p>\n<!-- /wp:paragraph -->']], gallery: attachments.gallery(mediaRewriter(mediaFrom, '/media/'), { ids: [100, 101, 999], parents: [] }) }

/** Every body through a pool: prepared, then finished; what came back, in order. */
async function throughPool(n: number, options: BodyPoolOptions) {
  const pool = new BodyPool(options)
  try {
    const prepared: Prepared[] = []
    const ids: number[] = []
    for (let i = 0; i < n; i++) {
      // Bodies come as text or as the export's bytes.
      const raw = BODIES[i % BODIES.length] + ` #${i}`
      ids.push(pool.prepareBody(i + 1, i % 2 ? Buffer.from(raw) : raw, (r) => prepared.push(r)))
      await pool.ready()
    }
    await pool.prepared()
    const finished: Finished[] = []
    const files = new Set<number>()
    for await (const f of pool.finish(setup, ids.map((body, i) => ({ body, excerpt: i % 5 === 0 ? '[caption]Own excerpt[/caption]' : '' })))) finished.push(f)
    for (const f of finished) if (typeof f.html !== 'string') files.add(f.html.file)
    const texts = finished.map((f) => (options.keepFinished ? { ...f, html: JSON.parse(pool.finishedJson(f.html as KeptText).toString()), excerpt: JSON.parse(pool.finishedJson(f.excerpt as KeptText).toString()) } : f))
    return { prepared, finished: texts, counts: pool.counts, files }
  } finally {
    await pool.close()
  }
}

describe('BodyPool', () => {
  const n = 150

  // A batch the work could not prepare (a bug, not an input: input problems are warnings) fails the wait for it,
  // and is never left as an unhandled rejection, which ends the process before the pool can close.
  test.each([
    ['the last batch', 1],
    ['an earlier batch', 400],
  ])('a failed prepare fails prepared(): %s', async (_, bodies) => {
    const handle = vi.spyOn(BodyWork.prototype, 'handle').mockReturnValue({ error: 'boom in prepare' })
    const pool = new BodyPool({ keepFinished: false })
    try {
      for (let i = 0; i < bodies; i++) pool.prepareBody(i + 1, `<p>Body ${i}</p>`, () => undefined)
      await expect(pool.prepared()).rejects.toThrow('boom in prepare')
    } finally {
      handle.mockRestore()
      await pool.close()
    }
  })

  test('renders and finishes what it should', async () => {
    const { prepared, finished, counts } = await throughPool(10, { keepFinished: false })
    expect(prepared).toHaveLength(10)
    expect(prepared.filter((p) => 'late' in p)).toHaveLength(4)
    expect(prepared[3]).toEqual({ late: { ids: [100, 101, 999], parents: [], blocks: false } })
    expect(prepared[4]).toEqual({ late: { ids: [], parents: [], blocks: true, raw: true } })
    expect(finished[0].html).toContain('href="/posts/hello/"')
    expect(finished[0].html).toContain('src="/media/a.jpg"')
    expect(finished[0].excerpt).toBe('Own excerpt')
    expect(finished[1].html).toContain('href="/posts/seven/#top"')
    expect(finished[2]).toMatchObject({ excerpt: 'Intro', excerptFromMore: true })
    expect(finished[3].late).toEqual({ images: [{ src: '/media/p100.jpg', width: 640, height: 480 }, { src: '/media/p101.jpg', width: 640, height: 480 }], missingBlocks: [], usedAttachments: [100, 101], missingAttachments: [999] })
    expect(finished[4].html).toContain('<p>Reused</p>')
    expect(finished[4].late?.missingBlocks).toEqual([6])
    expect(counts).toMatchObject({ rendered: { caption: 2, gallery: 2, audio: 2, autoembed: 2 }, removed: {}, dropped: { unknown_code: 2 }, dynamic: { archives: 2 } })
  })

  test('gives the same results on a worker, with finished bodies kept in a file or not', async () => {
    const { files, ...here } = await throughPool(n, { keepFinished: false })
    expect(files.size).toBe(0)
    for (const options of [{ keepFinished: false, worker }, { keepFinished: true, worker }, { keepFinished: true }]) {
      const { files: _, ...there } = await throughPool(n, options)
      expect(there).toEqual(here)
    }
  })

  test('finishing shared between a busy worker and this thread gives the same results, in order', async () => {
    // Enough batches (64 bodies each) that this thread takes some from the end while it waits for the worker.
    const many = 1000
    const { files: _, ...alone } = await throughPool(many, { keepFinished: true })
    const { files, ...shared } = await throughPool(many, { keepFinished: true, worker: slowWorker })
    // Finished JSON lies in two files: the worker's and this thread's.
    expect(files.size).toBe(2)
    expect(shared).toEqual(alone)
    const { files: __, ...sharedTexts } = await throughPool(many, { keepFinished: false, worker: slowWorker })
    expect(sharedTexts).toEqual(alone)
  })

  test('a worker that dies is a clear error, not a hang', async () => {
    await expect(throughPool(n, { keepFinished: false, worker: dyingWorker })).rejects.toThrow(/the body worker stopped \(exit code 1\)/)
  })

  test('a body in any script comes back finished as rendering and finishing it in memory give', async () => {
    // Rendered bodies wait in a file as Latin-1 or UTF-16 (see heldBytes): é, €, 😀, quotes and control characters
    // come back as they went in; a lone surrogate was already a replacement character in the raw file (UTF-8).
    const env: FinishEnv = { links, mediaFrom: setup.mediaFrom, mediaTo: setup.mediaTo }
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(text, fc.constantFrom('', '\n\n', '<!-- wp:paragraph -->\n<p>', '<!--more-->', ' [caption]<img src="/a.jpg" /> x[/caption]')), { minLength: 1, maxLength: 4 }), async (parts) => {
        const raw = parts.map(([t, markup]) => t + markup).join(' ')
        const pool = new BodyPool({ keepFinished: false })
        try {
          const id = pool.prepareBody(1, raw, () => {})
          await pool.prepared()
          const finished: Finished[] = []
          for await (const f of pool.finish(setup, [{ body: id, excerpt: '' }])) finished.push(f)
          const read = Buffer.from(raw).toString('utf8')
          const rendered = renderBody(read, 1, earlyRenderEnv({ rendered: {}, removed: {}, dropped: {}, kept: {}, missingAttachments: [] }, {}))
          const expected = finishText(rendered.html, '', rendered.moreText, env, rendered.blockExcerpt)
          expect({ html: finished[0].html, excerpt: finished[0].excerpt }).toEqual({ html: expected.html, excerpt: expected.excerpt })
        } finally {
          await pool.close()
        }
      }),
      { numRuns: 60 },
    )
  })

  test('finishing on any thread is finishText', () => {
    const env: FinishEnv = { links, mediaFrom: setup.mediaFrom, mediaTo: setup.mediaTo }
    const body = '<p>Get <a href="https://old.example/2020/01/hello/">it</a> at https://old.example/wp-content/uploads/b.pdf now.</p>'
    // The excerpt comes from the finished body: a moved media prefix and an href rewritten in visible text show.
    expect(finishText(body, '', undefined, env).excerpt).toBe('Get it at /media/b.pdf now.')
    expect(finishText(body, '', undefined, { links }).excerpt).toBe('Get it at https://old.example/wp-content/uploads/b.pdf now.')
    const sample = '<p>To link to it, write href="https://old.example/2020/01/hello/" by hand.</p>'
    expect(finishText(sample, '', undefined, { links }).excerpt).toBe('To link to it, write href="/posts/hello/" by hand.')
  })
})

describe('the CLI, with bodies in a file, writes what the library returns', () => {
  test.each(['classic-content.xml', 'blocks-reusable.xml', 'pages-menus.xml', 'statuses-multilingual.xml', 'media-moved-twice.xml'])('%s', async (name) => {
    const options = { generatedAt: '2026-01-01T00:00:00Z' }
    const { payload } = await importWordPress(fixtures + name, options)
    const forFile = await importWordPressForFile(fixtures + name, options)
    const pieces = [...forFile.json()].map((p) => Buffer.from(p))
    await forFile.close()
    expect(Buffer.concat(pieces).toString('utf8')).toBe(JSON.stringify(payload, null, 2))
    const out: string[] = []
    const io = { stdout: (s: string) => out.push(s), stderr: (s: string) => out.push(s), isTTY: false, cwd: dir }
    const target = `cli-${name}.json`
    expect(await runImportWordPress([fixtures + name, '-o', target, '--generated-at', options.generatedAt], io)).toBe(0)
    expect(readFileSync(join(dir, target), 'utf8')).toBe(JSON.stringify(payload, null, 2) + '\n')
    expect(existsSync(join(dir, target))).toBe(true)
  })
})

describe("the worker's Node options", () => {
  // A worker started from a file refuses --input-type, which code run with -e needs (test/dist.test.ts runs it so).
  // Node's own inheritance leaves out what a worker may not take (memory sizes, --expose-gc), so that is the default.
  test.each([
    [['--input-type=module', '-e', 'x'], []],
    [['--input-type', 'module', '--max-old-space-size=4096'], []],
    [['--input-type=module', '--import', 'tsx', '--conditions=dev', '-r', 'a.cjs', '--expose-gc', '-e', 'x'], ['--import', 'tsx', '--conditions=dev', '-r', 'a.cjs']],
    [['--import', 'tsx', '--expose-gc'], undefined],
    [['--max-old-space-size=4096', '--stack-size=2000'], undefined],
    [[], undefined],
  ])('%j -> %j', (argv, want) => {
    expect(workerExecArgv(argv)).toEqual(want)
  })
})
