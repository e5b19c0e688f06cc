import { expect, test } from 'vitest'
import { collectionLists } from '../../../importers/markdown/presets/jekyll.js'
import type { Collection, CollectionEntry } from '../../../importers/markdown/presets/jekyll.js'
import { growth } from './_growth.js'

// `site.<label>` was made by reading every collection document once per collection with `output: true`: a
// `_config.yml` declaring thousands of collections over thousands of documents took time growing with their product
// (s9 review finding 6). Eight times both may take at most 32 times as long (64 when quadratic; about 8 when linear).

const collections = (n: number): Collection[] => Array.from({ length: n }, (_, i) => ({ label: `c${i}`, output: i % 4 !== 3 }))
const entries = (n: number): CollectionEntry[] => Array.from({ length: n }, (_, i) => ({ label: `c${(i * 7) % n}`, rel: `_c${(i * 7) % n}/d${i}.md`, fields: { title: `D${i}` }, url: `/c/d${i}.html`, name: `d${i}` }))

test('many collections over many documents: time linear in them', () => {
  expect(growth((n) => collectionLists(collections(n), entries(n)), 1_000)).toBeLessThan(32)
})

test('each collection lists its own documents, by path, one without output too (Jekyll 4.3.1 lists them)', () => {
  const cols: Collection[] = [{ label: 'recipes', output: true }, { label: 'people', output: true, sortBy: 'order' }, { label: 'notes', output: false }, { label: 'empty', output: true }]
  const docs: CollectionEntry[] = [
    { label: 'recipes', rel: '_recipes/waffles.md', fields: {}, url: '/recipes/waffles.html', name: 'waffles' },
    { label: 'people', rel: '_people/zoe.md', fields: { order: 2 }, url: '/people/zoe.html', name: 'zoe' },
    { label: 'recipes', rel: '_recipes/pancakes.md', fields: { title: 'Pancakes' }, url: '/recipes/pancakes.html', name: 'pancakes' },
    { label: 'notes', rel: '_notes/n.md', fields: {}, url: '/notes/n.html', name: 'n' },
    { label: 'people', rel: '_people/adam.md', fields: { order: 1 }, url: '/people/adam.html', name: 'adam' },
  ]
  const lists = collectionLists(cols, docs)
  expect([...lists.keys()]).toEqual(['recipes', 'people', 'notes', 'empty'])
  expect(lists.get('notes')?.map((d) => d.url)).toEqual(['/notes/n.html'])
  expect(lists.get('recipes')?.map((d) => [d.title, d.url])).toEqual([['Pancakes', '/recipes/pancakes.html'], ['Waffles', '/recipes/waffles.html']])
  expect(lists.get('people')?.map((d) => d.slug)).toEqual(['adam', 'zoe'])
  expect(lists.get('empty')).toEqual([])
})
