import { Worker } from 'node:worker_threads'
import fc from 'fast-check'
import { afterEach, describe, expect, test } from 'vitest'
import { BodySpool } from '../../../importers/wordpress/body-spool.js'
import { earlyRenderEnv } from '../../../importers/wordpress/content/render.js'
import { EarlyRenderer } from '../../../importers/wordpress/early-render.js'
import { countFinished, earlyFacts, finishText } from '../../../importers/wordpress/finish.js'
import type { FinishEnv } from '../../../importers/wordpress/finish.js'
import { jsonChunks } from '../../../importers/wordpress/json-chunks.js'
import { jsonString } from '../../../importers/wordpress/json-string.js'
import { LateFinisher } from '../../../importers/wordpress/late-finish.js'
import { LinkIndex } from '../../../importers/wordpress/links.js'
import { imageSources } from '../../../importers/wordpress/media.js'
import type { WxrItem } from '../../../importers/wordpress/read-wxr.js'

const workerUrl = new URL('./render-worker-ts.mjs', import.meta.url)

// Rendered bodies that exercise every finishing step: links to rewrite (pretty and ?p=), media URLs to move, an
// export excerpt with a shortcode, a <!--more--> text, a derived excerpt, quotes, backslashes, line feeds, a tab.
const links = new LinkIndex(['https://old.example'])
links.addUrl('https://old.example/2020/01/hello/', '/posts/hello/')
links.addQuery('p', 7, '/posts/seven/')
const env: FinishEnv = { links, mediaFrom: 'https://old.example/wp-content/uploads/', mediaTo: '/media/' }
const BODIES = [
  '<p>See <a href="https://old.example/2020/01/hello/">hello</a> and <a href="/?p=7#top">seven</a>.</p>\n',
  '<p><img src="https://old.example/wp-content/uploads/a-300x200.jpg" width="300" height="200" /> "quoted" \\ back\tslash</p>\n',
  `<p>${'word '.repeat(120)}</p>\n<p><a href="https://elsewhere.example/">out</a></p>\n`,
  '<p>Short one.</p>\n',
]
const job = (i: number) => ({ html: BODIES[i % BODIES.length] + `<p>#${i}</p>\n`, excerpt: i % 5 === 0 ? '[caption]Own excerpt[/caption]' : '', moreText: i % 7 === 0 ? 'Before more' : undefined })

function expand(spool: BodySpool, value: unknown): unknown {
  // A byte piece is a view of a read window that the next piece may reuse: each is copied as it comes.
  const pieces: Buffer[] = []
  for (const piece of spool.expand(jsonChunks(value))) pieces.push(Buffer.from(piece))
  return JSON.parse(Buffer.concat(pieces).toString('utf8'))
}

const spools: BodySpool[] = []
const workers: Worker[] = []
afterEach(async () => {
  for (const w of workers.splice(0)) await w.terminate()
  for (const s of spools.splice(0)) await s.dispose()
})

let finishedByWorker = 0

async function finishAll(n: number, worker: Worker | undefined) {
  const spool = await BodySpool.create()
  spools.push(spool)
  const jobs = Array.from({ length: n }, (_, i) => job(i))
  const ids = jobs.map((j) => spool.keepRendered(j.html))
  let local = { linksRewritten: 0, excerptsFromMore: 0 }
  let placeholders: { html: string; excerpt: string }[]
  if (worker) {
    const late = new LateFinisher(worker, spool, env)
    placeholders = jobs.map((j, i) => late.add(ids[i], j.excerpt, j.moreText))
    local = await late.done()
    finishedByWorker = late.finishedByWorker
  } else {
    placeholders = jobs.map((j) => {
      const done = finishText(j.html, j.excerpt, j.moreText, env)
      local.linksRewritten += done.linksRewritten
      if (done.excerptFromMore) local.excerptsFromMore++
      return { html: spool.placeholder(done.html), excerpt: spool.placeholder(done.excerpt) }
    })
  }
  return { texts: expand(spool, placeholders), counts: local }
}

function reference(n: number) {
  const counts = { linksRewritten: 0, excerptsFromMore: 0 }
  const texts = Array.from({ length: n }, (_, i) => {
    const j = job(i)
    const done = finishText(j.html, j.excerpt, j.moreText, env)
    counts.linksRewritten += done.linksRewritten
    if (done.excerptFromMore) counts.excerptsFromMore++
    return { html: done.html, excerpt: done.excerpt }
  })
  return { texts, counts }
}

describe('LateFinisher', () => {
  const n = 300

  test('the reference finishes what it should: links, media URLs, excerpts', () => {
    const { texts, counts } = reference(8)
    expect(texts[0].html).toContain('href="/posts/hello/"')
    expect(texts[0].html).toContain('href="/posts/seven/#top"')
    expect(texts[1].html).toContain('src="/media/a-300x200.jpg"')
    expect(texts[0].excerpt).toBe('Own excerpt')
    expect(texts[7].excerpt).toBe('Before more')
    expect(texts[2].excerpt.endsWith('…')).toBe(true)
    expect(counts).toEqual({ linksRewritten: 4, excerptsFromMore: 1 })
  })

  test('on the worker, gives the bytes and counts finishing here gives', async () => {
    const worker = new Worker(workerUrl, { workerData: { 'preview-data-sdk:wordpress-render-worker': true } })
    workers.push(worker)
    expect(await finishAll(n, worker)).toEqual(reference(n))
    expect(finishedByWorker).toBe(n)
    expect(await finishAll(n, undefined)).toEqual(reference(n))
  })

  test('a worker that dies part-way leaves the rest to this thread, with the same result', async () => {
    const worker = new Worker(workerUrl, { workerData: { 'preview-data-sdk:wordpress-render-worker': true } })
    workers.push(worker)
    // Killed once it has answered a first batch of bodies (the setup goes first, in a batch of none).
    const kill = (reply: { ok: boolean; places?: Float64Array }) => {
      if (!reply.ok || !reply.places?.length) return
      worker.off('message', kill)
      void worker.terminate()
    }
    worker.on('message', kill)
    expect(await finishAll(n, worker)).toEqual(reference(n))
    // The worker finished some bodies, this thread the others.
    expect(finishedByWorker).toBeGreaterThan(0)
    expect(finishedByWorker).toBeLessThan(n)
  })

  test('a worker whose answer cannot be read is stopped, and this thread finishes what it had', async () => {
    const worker = new Worker(workerUrl, { workerData: { 'preview-data-sdk:wordpress-render-worker': true } })
    workers.push(worker)
    const exited = new Promise<number>((resolve) => worker.once('exit', resolve))
    // As Node reports a message it cannot deserialize, once the worker has answered a first batch of bodies.
    const unreadable = (reply: { ok: boolean; places?: Float64Array }) => {
      if (!reply.ok || !reply.places?.length) return
      worker.off('message', unreadable)
      worker.emit('messageerror', new Error('cannot deserialize'))
    }
    worker.on('message', unreadable)
    expect(await finishAll(n, worker)).toEqual(reference(n))
    expect(finishedByWorker).toBeLessThan(n)
    await exited
  })

  test('a worker that never starts leaves everything to this thread', async () => {
    const worker = new Worker(new URL('./no-such-worker.js', import.meta.url))
    workers.push(worker)
    expect(await finishAll(n, worker)).toEqual(reference(n))
  })
})

describe('EarlyRenderer.finish({ keepWorker })', () => {
  const envWithoutMedia: FinishEnv = { links }
  test.each([
    ['without early facts', false, env],
    ['with early facts, media moved', true, env],
    ['with early facts', true, envWithoutMedia],
  ])('hands over the idle worker, which then finishes the bodies both threads rendered, %s', async (_name, earlyFacts, finishEnv) => {
    const spool = await BodySpool.create()
    spools.push(spool)
    const renderer = new EarlyRenderer(earlyRenderEnv({ rendered: {}, unknown: {}, missingAttachments: [] }, {}), { worker: { url: workerUrl }, startAfterChars: 0, maxInFlightChars: 2000, spool, earlyFacts })
    // Raw bodies (wpautop gives them paragraphs), some with an export excerpt, some with a <!--more--> text.
    const items = Array.from({ length: 200 }, (_, i) => {
      const j = job(i)
      return { postId: i + 1, content: (i % 3 === 0 ? 'Lead text<!--more-->\n\n' : '') + j.html, excerpt: j.excerpt, rendered: false } as WxrItem
    })
    for (const item of items) renderer.render(item)
    const worker = await renderer.finish({ keepWorker: true })
    expect(worker).toBeInstanceOf(Worker)
    workers.push(worker!)
    // Both threads rendered: the worker's bodies wait in its own file (odd ids), this thread's in the spool's.
    const byWorker = items.filter((item) => item.spooled! % 2 === 1).length
    expect(byWorker).toBeGreaterThan(0)
    expect(byWorker).toBeLessThan(items.length)
    for (const item of items) expect(item.images).toEqual(imageSources(spool.rendered(item.spooled!)))
    const late = new LateFinisher(worker!, spool, finishEnv)
    const placeholders = items.map((item) => late.add(item.spooled!, item.excerpt, item.moreText))
    const counts = await late.done()
    const texts = expand(spool, placeholders) as { html: string; excerpt: string }[]
    const expected = { linksRewritten: 0, excerptsFromMore: 0 }
    items.forEach((item, i) => {
      const done = finishText(spool.rendered(item.spooled!), item.excerpt, item.moreText, finishEnv)
      countFinished(expected, done)
      expect(texts[i]).toEqual({ html: done.html, excerpt: done.excerpt })
    })
    expect(counts).toEqual(expected)
    expect(expected.excerptsFromMore).toBeGreaterThan(0)
  })
})

describe('finishText excerpts', () => {
  test('come from the finished body: moved media prefixes and hrefs rewritten in visible text show as the body shows them', () => {
    const body = '<p>Get <a href="https://old.example/2020/01/hello/">it</a> at https://old.example/wp-content/uploads/b.pdf now.</p>'
    expect(finishText(body, '', undefined, env).excerpt).toBe('Get it at /media/b.pdf now.')
    expect(finishText(body, '', undefined, { links }).excerpt).toBe('Get it at https://old.example/wp-content/uploads/b.pdf now.')
    const sample = '<p>To link to it, write href="https://old.example/2020/01/hello/" by hand.</p>'
    expect(finishText(sample, '', undefined, { links }).excerpt).toBe('To link to it, write href="/posts/hello/" by hand.')
    // An early excerpt (here a marker) that depends on the whole body serves only a body finishing leaves as it was.
    const early = { otherEscapes: false, excerpt: { text: 'EARLY', basis: Number.POSITIVE_INFINITY } }
    const plain = '<p>See https://old.example/wp-content/uploads/b.pdf now.</p>'
    expect(finishText(plain, '', undefined, { links }, early).excerpt).toBe('EARLY')
    expect(finishText(plain, '', undefined, env, early).excerpt).toBe('See /media/b.pdf now.')
    expect(finishText(sample, '', undefined, { links }, early).excerpt).toBe('To link to it, write href="/posts/hello/" by hand.')
    expect(finishText(body, '', undefined, { links }, early).excerpt).toBe('Get it at https://old.example/wp-content/uploads/b.pdf now.')
    // One that depends on a head of the body serves any body whose head finishing left alone, and that is longer.
    const head = { otherEscapes: false, excerpt: { text: 'EARLY', basis: 20 } }
    expect(finishText(`${'x'.repeat(25)}${body}`, '', undefined, { links }, head).excerpt).toBe('EARLY')
    expect(finishText(`${'x'.repeat(5)}${body}`, '', undefined, { links }, head).excerpt).not.toBe('EARLY')
    expect(finishText(`${'x'.repeat(25)}${plain}`, '', undefined, env, head).excerpt).toBe('EARLY')
    expect(finishText(`${'x'.repeat(5)}${plain}`, '', undefined, env, head).excerpt).not.toBe('EARLY')
    // A finished body no longer than that head is read whole, so the early excerpt does not hold for it.
    const dropped = { links, mediaFrom: 'https://old.example/wp-content/uploads/', mediaTo: '' }
    expect(finishText(`${'x'.repeat(20)}https://old.example/wp-content/uploads/`, '', undefined, dropped, head).excerpt).toBe('x'.repeat(20))
    // The worker makes one when the item may need it.
    expect(earlyFacts(plain, true).excerpt).toEqual({ text: 'See https://old.example/wp-content/uploads/b.pdf now.', basis: Number.POSITIVE_INFINITY })
    expect(earlyFacts(sample, true).excerpt?.text).toBe('To link to it, write href="https://old.example/2020/01/hello/" by hand.')
    expect(earlyFacts(plain, false).excerpt).toBeUndefined()
  })
})

describe('finishText with early facts', () => {
  // Bodies with links (to rewrite or not), media URLs, characters JSON escapes the slow way, shortcodes, comments.
  const html = fc
    .array(
      fc.constantFrom(
        'word ', 'two words ', '<p>', '</p>', '\n', '"', '\\', '\t', '\u2028', '😀', '\ud800', '<!-- c -->', '[caption]x[/caption]', '<b>',
        '<a href="https://old.example/2020/01/hello/">hello</a>', '<a href="/?p=7">seven</a>', '<a href="https://elsewhere.example/">out</a>',
        '<img src="https://old.example/wp-content/uploads/a.jpg">', 'https://old.example/wp-content/uploads/b.pdf ', ' href="/?p=7" ',
        // Long runs of text and markup, so bodies reach past the heads an excerpt is taken from, before and after links.
        'lorem ipsum dolor sit amet '.repeat(12), '<p>中文文本没有空格'.repeat(15), '<figure><img alt="a long one" src="/x.jpg"></figure>'.repeat(4),
      ),
      { maxLength: 80 },
    )
    .map((parts) => parts.join(''))
  const tab = new LinkIndex(['https://old.example'])
  tab.addQuery('p', 7, '/posts/se\tven/')
  test.each([
    ['media moved', env],
    ['no media prefix', { links } as FinishEnv],
    ['a new URL JSON escapes the slow way', { links: tab } as FinishEnv],
  ])('give the same bytes as finishing without them: %s', (_name, finishEnv) => {
    fc.assert(
      fc.property(html, fc.constantFrom('', 'Own excerpt', '[caption][/caption]'), fc.option(fc.constantFrom('', 'Before more')), (rendered, excerpt, more) => {
        const moreText = more ?? undefined
        const late = finishText(rendered, excerpt, moreText, finishEnv)
        const needsExcerpt = excerpt.trim() === '' && !moreText
        const early = finishText(rendered, excerpt, moreText, finishEnv, earlyFacts(rendered, needsExcerpt))
        expect(early).toEqual({ ...late, otherEscapes: early.otherEscapes })
        expect(jsonString(early.html, early.otherEscapes)).toBe(JSON.stringify(late.html))
      }),
      { numRuns: 3000 },
    )
  })
})
