import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, test } from 'vitest'
import type { PreviewDataBuilder } from '../../src/index.js'
import { createPreviewData, validatePreviewData } from '../../src/index.js'
import { OPTIONS, post } from './_helpers.js'

type Call = (b: PreviewDataBuilder) => PreviewDataBuilder

// One site described by independent calls. The set is chosen to exercise every place where call order could leak
// into the output: posts with identical titles (derived slugs collide), a title that derives a suffixed slug, posts
// without public_id next to explicit ones, taxonomies created from references and named differently by two posts,
// pages whose derived paths collide, authors added after their posts, and maps (menus, widgets, collections).
const calls: Call[] = [
  (b) => b.site({ title: 'Field Notes', url: 'https://notes.example', timezone: 'Europe/Lisbon' }),
  (b) => b.permalinks({ posts: '/:year/:slug/' }),
  (b) => b.author({ id: 'ana', display_name: 'Ana Lima' }),
  (b) => b.author({ id: 'bo', display_name: 'Bo Chen' }),
  (b) => b.author({ id: 'cy', display_name: 'Cy' }),
  (b) => b.category({ name: 'Travel' }),
  (b) => b.category({ name: 'Food', slug: 'food', description: 'Eating' }),
  (b) => b.tag({ name: 'Trams' }),
  (b) => b.post(post('Lisbon', '2024-05-01', { content: 'First visit.', tags: ['Trams', 'Old Town'] })),
  (b) => b.post(post('Lisbon', '2024-05-01', { content: 'Same day, other text.', author_id: 'bo' })),
  (b) => b.post(post('Lisbon', '2024-06-01T10:00:00Z', { categories: ['Travel', 'Night Life'] })),
  (b) => b.post(post('Lisbon 2', '2024-04-01')),
  (b) => b.post(post('Porto', '2024-05-01T00:00:00+01:00', { public_id: 2, tags: ['old town'] })),
  (b) => b.post(post('서울 여행기', new Date(Date.UTC(2024, 1, 1)), { author_id: 'cy', tag_slugs: ['서울'] })),
  (b) => b.post(post('🎉', DateTime.fromISO('2024-02-01T00:00:00+09:00', { setZone: true }), { category_slugs: ['food'] })),
  (b) => b.post(post('Braga', '2023-01-01', { slug: 'lisbon-3' })),
  (b) => b.post(post('Draft', '2024-07-01', { status: 'draft', public_id: 9 })),
  (b) => b.page({ title: 'About', content: 'one' }),
  (b) => b.page({ title: 'About', content: 'two' }),
  (b) => b.page({ title: 'Team', path: 'about/team', allow_comments: false }),
  (b) => b.page({ title: 'Home' }),
  (b) => b.media({ src: '/media/b.jpg', width: 10, height: 20 }),
  (b) => b.media({ src: '/media/a.jpg', width: 30, height: 40, alt: '' }),
  (b) => b.menu('primary', { name: 'Primary', items: [{ page: 'about' }, { post: 'lisbon', children: [{ tag: 'old-town' }] }] }),
  (b) => b.menu('footer', { name: 'Footer', items: [{ title: 'Feed', url: '/feed.xml' }] }),
  (b) => b.widgetArea('sidebar', { name: 'Sidebar', items: [{ type: 'search', title: 'Search' }] }),
  (b) => b.collection('featured', { items: [{ post: 'lisbon-2' }, { page: 'team' }] }),
  (b) => b.customCss('body { color: #222 }'),
  (b) => b.frontPage({ page: 'home' }),
  (b) => b.postIndex({ path: '/blog/' }),
]

function run(order: readonly Call[]): string {
  return JSON.stringify(order.reduce((b, call) => call(b), createPreviewData(OPTIONS)).build())
}

describe('determinism', () => {
  const reference = run(calls)

  test('the reference payload is valid and exercises the collisions', () => {
    const payload = JSON.parse(reference)
    expect(validatePreviewData(payload).ok).toBe(true)
    const slugs = payload.content.posts.map((p: { slug: string }) => p.slug).sort()
    expect(slugs).toEqual(['draft', 'lisbon', 'lisbon-2', 'lisbon-3', 'lisbon-4', 'lisbon-5', 'porto', expect.stringMatching(/^post-[0-9a-f]{8}$/), '서울-여행기'])
    expect(payload.content.pages.map((p: { slug: string }) => p.slug)).toEqual(['about', 'about-2', 'team', 'home'])
    // Code-unit order by name: 'Trams' sorts before 'old town', whichever post named it.
    expect(payload.content.tags.map((t: { slug: string }) => t.slug)).toEqual(['trams', 'old-town', '서울'])
  })

  test('reversed call order gives identical bytes', () => {
    expect(run([...calls].reverse())).toBe(reference)
  })

  test('shuffled call orders give identical bytes', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(calls, { minLength: calls.length, maxLength: calls.length }), (order) => {
        expect(run(order)).toBe(reference)
      }),
      { seed: 20260501, numRuns: 40 },
    )
  })

  test('interleaving builds between calls does not change the result', () => {
    const b = calls.reduce((acc, call) => {
      const next = call(acc)
      next.tryBuild()
      return next
    }, createPreviewData(OPTIONS))
    expect(JSON.stringify(b.build())).toBe(reference)
  })
})

describe('post order', () => {
  // Few distinct instants, so runs of posts published at the same moment are common; ids given to some, or none.
  const posts = fc.uniqueArray(
    fc.record({ slug: fc.stringMatching(/^[a-z]{1,6}$/), day: fc.integer({ min: 1, max: 4 }), hour: fc.constantFrom(0, 12), id: fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }) }),
    { selector: (p) => p.slug, maxLength: 30 },
  )
  test('newest first, then by public_id, with ids given or assigned (oldest first)', () => {
    fc.assert(
      fc.property(posts, fc.boolean(), (specs, giveIds) => {
        const unique = new Set<number>()
        const b = specs.reduce((acc, p) => {
          const id = giveIds && p.id !== undefined && !unique.has(p.id) ? (unique.add(p.id), p.id) : undefined
          return acc.post(post(p.slug, `2024-01-0${p.day}T${String(p.hour).padStart(2, '0')}:00:00Z`, { slug: p.slug, ...(id !== undefined ? { public_id: id } : {}) }))
        }, createPreviewData(OPTIONS).site({ title: 'T' }).author({ id: 'ana', display_name: 'Ana' }))
        const out = b.build().content.posts
        expect(out).toHaveLength(specs.length)
        for (let i = 1; i < out.length; i++) {
          const [a, c] = [out[i - 1], out[i]]
          const order = Date.parse(c.published_at_iso) - Date.parse(a.published_at_iso) || a.public_id - c.public_id
          expect(order).toBeLessThan(0)
        }
        // Assigned ids grow with publication time: an older post never has a larger assigned id than a newer one.
        if (unique.size === 0) {
          const byId = [...out].sort((a, c) => a.public_id - c.public_id)
          for (let i = 1; i < byId.length; i++) expect(Date.parse(byId[i].published_at_iso)).toBeGreaterThanOrEqual(Date.parse(byId[i - 1].published_at_iso))
        }
      }),
      { numRuns: 300 },
    )
  })
})
