import { describe, expect, test } from 'vitest'
import { Diagnostics } from '../../../importers/markdown/diagnostics.js'
import { TaxonomyResolver } from '../../../importers/markdown/taxonomies.js'
import { createPreviewData } from '../../../src/index.js'
import { growth } from './_growth.js'

// Lists an item names that were de-duplicated by searching the list so far, in time growing with the square of its
// length: one post of 80,000 tags took 35 s to import from WordPress and 12 s from Markdown (found by the lead with
// generated exports). Eight times the list may take at most 32 times as long (64 when quadratic; about 8 when linear).

const names = (n: number) => Array.from({ length: n }, (_, i) => `Tag ${i}`)
const slugs = (n: number) => Array.from({ length: n }, (_, i) => `tag-${i}`)
const builder = () => createPreviewData({ generator: 'test', generated_at: '2026-01-01T00:00:00Z' }).site({ title: 'T', url: 'https://t.example' }).author({ id: 'a', display_name: 'A' })

const ROWS: Array<[string, (n: number) => unknown, number]> = [
  ['builder: a post with many tag slugs', (n) => builder().post({ title: 'P', author_id: 'a', published_at_iso: '2024-01-01T00:00:00Z', content: 'x', tag_slugs: slugs(n) }), 4000],
  ['builder: a post with many tags by name, built', (n) => builder().post({ title: 'P', author_id: 'a', published_at_iso: '2024-01-01T00:00:00Z', content: 'x', tags: names(n) }).tag({ name: 'Tag 0' }).build(), 4000],
  ['Markdown: a front matter of many tags', (n) => new TaxonomyResolver(new Map(), 'tag').resolve('a.md', names(n).map((text, line) => ({ text, line })), new Diagnostics()), 4000],
]

describe('lists an item names take time linear in their length', () => {
  test.each(ROWS)('%s', (_name, run, n) => {
    expect(growth(run, n)).toBeLessThan(32)
  })
})

describe('and stay free of repeats', () => {
  test('a tag named twice, by slug or by name, is listed once', () => {
    const payload = builder().post({ title: 'P', author_id: 'a', published_at_iso: '2024-01-01T00:00:00Z', content: 'x', tag_slugs: slugs(40), tags: [...names(40), 'Tag 39'] }).build()
    expect(payload.content.posts[0].tag_slugs).toEqual(slugs(40))
    const resolved = new TaxonomyResolver(new Map(), 'tag').resolve('a.md', [...names(40), 'tag 3', 'Tag 3'].map((text, line) => ({ text, line })), new Diagnostics())
    expect(resolved).toEqual(slugs(40))
  })

  test('a tag slug listed twice among many is still refused', () => {
    expect(() => builder().post({ title: 'P', author_id: 'a', published_at_iso: '2024-01-01T00:00:00Z', content: 'x', tag_slugs: [...slugs(40), 'tag-7'] })).toThrow(/listed twice/)
  })
})
