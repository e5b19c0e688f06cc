import { describe, expect, test } from 'vitest'
import type { PreviewDataBuilder } from '../../src/index.js'
import { createPreviewData } from '../../src/index.js'
import { OPTIONS } from './_helpers.js'

/** Adds `n` posts (with taxonomies, as a real site has) and builds; returns the milliseconds it took. */
function addAndBuild(n: number): number {
  const started = performance.now()
  let b: PreviewDataBuilder = createPreviewData(OPTIONS).site({ title: 'Scale' })
  for (let i = 0; i < 20; i++) b = b.author({ id: `author-${i}`, display_name: `Author ${i}` })
  for (let i = 0; i < 50; i++) b = b.category({ name: `Category ${i}` })
  for (let i = 0; i < 200; i++) b = b.tag({ name: `Tag ${i}` })
  const base = Date.UTC(2020, 0, 1)
  for (let i = 0; i < n; i++) {
    b = b.post({
      title: `Post ${i % 1000}`,
      author_id: `author-${i % 20}`,
      published_at_iso: new Date(base + i * 3_600_000),
      content: `Plain words for post ${i}.`,
      category_slugs: [`category-${i % 50}`],
      tag_slugs: [`tag-${i % 200}`],
    })
  }
  const payload = b.build()
  expect(payload.content.posts).toHaveLength(n)
  return performance.now() - started
}

describe('scaling', () => {
  // Not a benchmark: a coarse guard against quadratic work (a copied array per call, a scan per post). Titles repeat
  // every 1,000 posts, so derived-slug collisions are part of the load. Linear work gives a ratio near 4.
  test('adding and building 20,000 posts costs less than 6x 5,000', () => {
    addAndBuild(1000)
    const small = Math.min(addAndBuild(5000), addAndBuild(5000))
    const large = addAndBuild(20000)
    expect(large / small).toBeLessThan(6)
  })
})
