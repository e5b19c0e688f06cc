import { describe, expect, test } from 'vitest'
import { createPreviewData, PreviewDataError } from '../../src/index.js'

const base = () =>
  createPreviewData({ generator: 'test', generated_at: '2026-01-01T00:00:00Z' })
    .site({ title: 'T' })
    .author({ id: 'ana', display_name: 'Ana' })
    .author({ id: 'bo', display_name: 'Bo' })
    .category({ name: 'Travel' })
    .tag({ name: 'Lisbon' })
    .media({ src: '/media/a.jpg', width: 10, height: 10 })
    .menu('footer', { name: 'Footer', items: [{ title: 'Home', url: '/' }] })
    .widgetArea('sidebar', { name: 'Sidebar', items: [] })
    .collection('featured', { items: [] })

describe('remove', () => {
  const cases = [
    { kind: 'author', key: 'bo', gone: (p: ReturnType<ReturnType<typeof base>['build']>) => p.content.authors.some((a) => a.id === 'bo') },
    { kind: 'category', key: 'travel', gone: (p: ReturnType<ReturnType<typeof base>['build']>) => p.content.categories.length > 0 },
    { kind: 'tag', key: 'lisbon', gone: (p: ReturnType<ReturnType<typeof base>['build']>) => p.content.tags.length > 0 },
    { kind: 'media', key: '/media/a.jpg', gone: (p: ReturnType<ReturnType<typeof base>['build']>) => p.content.media !== undefined },
    { kind: 'menu', key: 'footer', gone: (p: ReturnType<ReturnType<typeof base>['build']>) => p.menus !== undefined },
    { kind: 'widgetArea', key: 'sidebar', gone: (p: ReturnType<ReturnType<typeof base>['build']>) => p.widgets !== undefined },
    { kind: 'collection', key: 'featured', gone: (p: ReturnType<ReturnType<typeof base>['build']>) => p.collections !== undefined },
  ] as const
  test.each(cases)('$kind "$key" is left out of the build, and the earlier value keeps it', ({ kind, key, gone }) => {
    const before = base()
    const after = before.remove(kind, key)
    expect(gone(after.build())).toBe(false)
    expect(gone(before.build())).toBe(true)
  })

  test('naming nothing throws not_found', () => {
    expect(() => base().remove('tag', 'porto')).toThrow(PreviewDataError)
    expect(() => base().remove('tag', 'porto')).toThrow(/tag "porto": nothing with this slug was added/)
  })

  test('a removed tag that a post still names comes back from the reference', () => {
    const payload = base().post({ title: 'P', author_id: 'ana', published_at_iso: '2024-01-01', tag_slugs: ['lisbon'] }).remove('tag', 'lisbon').build()
    expect(payload.content.tags).toEqual([{ name: 'lisbon', slug: 'lisbon' }])
  })
})

test('snapshot returns copies of what was added', () => {
  const builder = base()
  const snap = builder.snapshot()
  expect(snap.authors.map((a) => a.id)).toEqual(['ana', 'bo'])
  expect(snap.categories).toEqual([{ name: 'Travel', slug: 'travel' }])
  expect(Object.keys(snap.menus)).toEqual(['footer'])
  snap.authors[0].display_name = 'Changed'
  expect(builder.snapshot().authors[0].display_name).toBe('Ana')
})
