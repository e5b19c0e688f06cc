import { describe, expect, test } from 'vitest'
import { canonicalizePreviewDataKeyOrder } from '../src/index.js'
import { validPayload } from './helpers/payload.js'

const shuffleKeys = (value: unknown, seed = 7): unknown => {
  if (Array.isArray(value)) return value.map((v) => shuffleKeys(v, seed + 1))
  if (typeof value !== 'object' || value === null) return value
  const keys = Object.keys(value).sort((a, b) => ((a.length * seed + b.charCodeAt(0)) % 5) - 2)
  return Object.fromEntries(keys.reverse().map((k) => [k, shuffleKeys((value as Record<string, unknown>)[k], seed + 3)]))
}

describe('canonicalizePreviewDataKeyOrder', () => {
  test('known keys follow the schema order at every level', () => {
    const out = canonicalizePreviewDataKeyOrder(shuffleKeys(validPayload())) as ReturnType<typeof validPayload>
    expect(Object.keys(out)).toEqual(['version', 'generator', 'generated_at', 'site', 'content', 'menus', 'widgets', 'collections', 'custom_css', 'custom_html'])
    expect(Object.keys(out.site).slice(0, 9)).toEqual(['title', 'description', 'url', 'media_origin', 'locale', 'posts_per_page', 'date_style', 'time_style', 'timezone'])
    expect(Object.keys(out.content.posts[0]).slice(0, 12)).toEqual([
      'public_id', 'title', 'slug', 'content', 'document_type', 'excerpt', 'published_at_iso', 'updated_at_iso', 'author_id', 'status', 'category_slugs', 'tag_slugs',
    ])
    expect(Object.keys(out.menus!.primary.items[0])).toEqual(['title', 'url', 'target', 'children'])
    expect(Object.keys(out.site.front_page!)).toEqual(['type', 'page_path'])
  })

  test('map keys and open-object keys are sorted; arrays keep their order', () => {
    const input = validPayload()
    input.menus = { zeta: input.menus!.primary, alpha: input.menus!.primary }
    input.site.meta = { z: 1, a: 2 }
    input.content.posts[0].data = { z: { y: 1, b: 2 }, a: [{ d: 1, c: 2 }] }
    input.content.tags.reverse()
    const out = canonicalizePreviewDataKeyOrder(input)
    expect(Object.keys(out.menus!)).toEqual(['alpha', 'zeta'])
    expect(Object.keys(out.site.meta!)).toEqual(['a', 'z'])
    expect(JSON.stringify(out.content.posts[0].data)).toBe('{"a":[{"c":2,"d":1}],"z":{"b":2,"y":1}}')
    expect(out.content.tags.map((t) => t.slug)).toEqual(['trams', 'portugal'])
  })

  test('is a clone that keeps unknown fields, adds nothing and validates nothing', () => {
    const input = { zzz: 1, version: '0.5', site: { unknown: true, title: '' }, extra: [3, 1] } as Record<string, unknown>
    const before = structuredClone(input)
    const out = canonicalizePreviewDataKeyOrder(input)
    expect(input).toEqual(before)
    expect(out).not.toBe(input)
    expect(JSON.stringify(out)).toBe('{"version":"0.5","site":{"title":"","unknown":true},"extra":[3,1],"zzz":1}')
  })

  test('any key order of the same payload gives the same bytes', () => {
    const a = JSON.stringify(canonicalizePreviewDataKeyOrder(validPayload()))
    for (const seed of [1, 2, 3, 11]) expect(JSON.stringify(canonicalizePreviewDataKeyOrder(shuffleKeys(validPayload(), seed)))).toBe(a)
  })

  test('a __proto__ key stays a plain key', () => {
    const input = JSON.parse('{"site":{"meta":{"__proto__":{"polluted":true}}}}') as Record<string, unknown>
    const out = canonicalizePreviewDataKeyOrder(input) as { site: { meta: Record<string, unknown> } }
    expect(Object.keys(out.site.meta)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
