import { expect, test } from 'vitest'
import { laterPages } from '../../../importers/markdown/presets/eleventy.js'
import type { PagedList } from '../../../importers/markdown/presets/eleventy.js'
import { growth } from './_growth.js'

// Eleventy's paginated post lists (found by the s11 hostile-input hunt): each list at the post index's URL counted
// its collection's published posts again, so n templates paging the same n posts took time in n squared. Eight
// times the lists and posts may take at most 32 times as long.
test('the posts of a collection are counted once, however many lists page it', () => {
  const run = (n: number) => {
    const posts = new Set(Array.from({ length: n }, (_, i) => `posts/p${i}.md`))
    const lists: PagedList[] = Array.from({ length: n }, (_, i) => ({ tag: 'posts', size: n, file: `l${i}.njk`, url: '/blog/', fields: {}, dialect: 'nunjucks', first: '/blog/' }))
    return laterPages(lists, new Map([['posts', posts]]), posts, { url: '/blog/' })
  }
  expect(run(10).routes).toEqual([])
  expect(growth(run, 2_000)).toBeLessThan(32)
})
