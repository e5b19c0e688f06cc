import { describe, expect, test } from 'vitest'
import { earlyRenderEnv, renderBody } from '../../../importers/wordpress/content/render.js'
import { BodySpool } from '../../../importers/wordpress/body-spool.js'
import { EarlyRenderer } from '../../../importers/wordpress/early-render.js'
import { attachmentSizes } from '../../../importers/wordpress/media.js'
import type { AttachmentSizes } from '../../../importers/wordpress/media.js'
import type { WxrItem } from '../../../importers/wordpress/read-wxr.js'

// Bodies that exercise every early step: classic wpautop, blocks (with a dynamic one), embeds, shortcodes, <!--more-->.
const BODIES = [
  'One\ntwo\n\nThree [caption width="300"]<img src="/a.jpg" /> Cat[/caption]',
  '<!-- wp:paragraph -->\n<p>Block</p>\n<!-- /wp:paragraph -->\n<!-- wp:latest-posts /-->',
  'Intro<!--more-->\n\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n\n[unknown_code x=1]',
  '[embed]https://vimeo.com/76979871[/embed]\n\n[audio src="/a.mp3"]',
]

const items = (n: number): WxrItem[] =>
  Array.from({ length: n }, (_, i) => ({ postId: i + 1, content: BODIES[i % BODIES.length] + ` #${i}`, excerpt: '', rendered: false }) as WxrItem)

// What the main thread alone produces: the reference every split of the work must match.
function reference(n: number) {
  const stats = { rendered: {}, unknown: {}, missingAttachments: [] }
  const dynamic: Record<string, number> = {}
  const env = earlyRenderEnv(stats, dynamic)
  const out = items(n).map((item) => {
    const body = renderBody(item.content, item.postId, env)
    return { html: body.html, moreText: body.moreText }
  })
  return { out, stats, dynamic }
}

let byWorker = 0

async function renderAll(n: number, worker: ConstructorParameters<typeof EarlyRenderer>[1]) {
  const stats = { rendered: {}, unknown: {}, missingAttachments: [] }
  const dynamic: Record<string, number> = {}
  const renderer = new EarlyRenderer(earlyRenderEnv(stats, dynamic), worker)
  const list = items(n)
  for (const item of list) renderer.render(item)
  await renderer.finish()
  byWorker = renderer.renderedByWorker
  // With a spool, bodies wait on disk and the item keeps only their id.
  const spool = worker?.spool
  return { out: list.map((i) => ({ html: spool ? spool.rendered(i.spooled as number) + i.content : i.content, moreText: i.moreText, rendered: i.rendered })), stats, dynamic }
}

const workerUrl = new URL('./render-worker-ts.mjs', import.meta.url)

describe('EarlyRenderer', () => {
  const n = 300
  const ref = reference(n)
  const expected = { out: ref.out.map((r) => ({ ...r, rendered: true })), stats: ref.stats, dynamic: ref.dynamic }

  test('without a worker, renders on the calling thread', async () => {
    expect(await renderAll(n, {})).toEqual(expected)
  })

  test('a worker gives the same bodies and report counts, whatever share of the work it takes', async () => {
    // Tiny thresholds: the worker starts after a few bodies and the main thread renders whenever it falls behind.
    const result = await renderAll(n, { worker: { url: workerUrl }, startAfterChars: 200, maxInFlightChars: 2000 })
    expect(result).toEqual(expected)
    expect(byWorker).toBeGreaterThan(0)
    expect(byWorker).toBeLessThan(n)
  })

  test('with a spool, the bodies from both threads wait on disk and come back the same', async () => {
    const spool = await BodySpool.create()
    try {
      const result = await renderAll(n, { worker: { url: workerUrl }, startAfterChars: 200, maxInFlightChars: 2000, spool })
      expect(result).toEqual(expected)
      expect(byWorker).toBeGreaterThan(0)
      expect(byWorker).toBeLessThan(n)
    } finally {
      await spool.dispose()
    }
  })

  test('a worker that cannot start leaves every body to the calling thread', async () => {
    const missing = new URL('./no-such-worker.js', import.meta.url)
    expect(await renderAll(n, { worker: { url: missing }, startAfterChars: 0 })).toEqual(expected)
    expect(byWorker).toBe(0)
  })
})

describe('EarlyRenderer.measure', () => {
  // Attachments with metadata (one malformed, one without), interleaved with bodies so the worker starts part-way.
  const metadata = (i: number) =>
    i % 7 === 0 ? 'a:1:{s:5:"width"' : i % 5 === 0 ? '' : `a:3:{s:5:"width";i:${100 + i};s:6:"height";i:${50 + i};s:5:"sizes";a:1:{s:9:"thumbnail";a:3:{s:4:"file";s:${`p${i}-150x150.jpg`.length}:"p${i}-150x150.jpg";s:5:"width";i:150;s:6:"height";i:150;}}}`
  const attachments = (n: number): WxrItem[] =>
    Array.from({ length: n }, (_, i) => ({ postId: 1000 + i, attachmentUrl: `https://old.example/uploads/p${i}.jpg`, guid: '', meta: { _wp_attachment_metadata: metadata(i) } }) as unknown as WxrItem)

  let measuredByWorker = 0
  // Items are handed over as an export is read: a pause now and then lets the worker's answers in between.
  async function measureAll(n: number, options: ConstructorParameters<typeof EarlyRenderer>[1]) {
    const renderer = new EarlyRenderer(earlyRenderEnv({ rendered: {}, unknown: {}, missingAttachments: [] }, {}), options)
    const got: Array<{ id: number; sizes: AttachmentSizes }> = []
    const bodies = items(n)
    const list = attachments(n)
    for (let i = 0; i < n; i++) {
      if (i % 100 === 0) await new Promise((resolve) => setTimeout(resolve, 20))
      renderer.render(bodies[i])
      const att = list[i]
      renderer.measure(att, (sizes) => got.push({ id: att.postId, sizes }))
    }
    await renderer.finish()
    byWorker = renderer.renderedByWorker
    measuredByWorker = renderer.measuredByWorker
    return got
  }
  const n = 1500
  const expected = attachments(n).map((att) => ({ id: att.postId, sizes: attachmentSizes(att) }))

  test('gives every attachment its sizes, in order, whichever thread read them', async () => {
    expect(expected.filter((e) => e.sizes.width !== undefined).length).toBeGreaterThan(n / 2)
    expect(await measureAll(n, {})).toEqual(expected)
    expect(measuredByWorker).toBe(0)
    // The worker starts after a few bodies: the first attachments are read here, the others there.
    expect(await measureAll(n, { worker: { url: workerUrl }, startAfterChars: 200 })).toEqual(expected)
    expect(measuredByWorker).toBeGreaterThan(n / 2)
    expect(measuredByWorker).toBeLessThan(n)
  })

  test('a worker that dies part-way, with batches sent and waiting, leaves the rest to this thread, in order', async () => {
    const dies = new URL('./render-worker-dies-ts.mjs', import.meta.url)
    process.env.PREVIEW_DATA_TEST_DIE_AT = '12'
    try {
      expect(await measureAll(n, { worker: { url: dies }, startAfterChars: 0 })).toEqual(expected)
    } finally {
      delete process.env.PREVIEW_DATA_TEST_DIE_AT
    }
    // It answered some bodies and some attachments before it died, and this thread did the rest.
    expect(byWorker).toBeGreaterThan(0)
    expect(byWorker).toBeLessThan(n)
    expect(measuredByWorker).toBeGreaterThan(0)
    expect(measuredByWorker).toBeLessThan(n)
  })
})
