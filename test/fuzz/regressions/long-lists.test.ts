import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { galleryShows } from '../../../importers/wordpress/content/shortcodes.js'
import { tempSites } from '../../importers/markdown/_tmpsite.js'
import { checkSite } from '../../../src/check/index.js'
import { validatePreviewData } from '../../../src/index.js'
import type { PreviewData } from '../../../src/index.js'
import { validPayload } from '../../helpers/payload.js'

// Lists as long as a hostile input makes them, added to another with push(...list): a spread passes each item as an
// argument, and some 120,000 arguments overflow the stack. Each row held such a spread; the import then ended in
// 'Maximum call stack size exceeded' and a stack trace (found by the session 5 hunt on the new page-builder code).

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',')
const N = 300_000

describe('a list of 300,000 items does not overflow the stack', () => {
  test.each([
    ['WordPress: a [gallery] of 300,000 ids', `[gallery ids="${ids(N)}"]`],
    ["WordPress: WPBakery's [vc_gallery] of 300,000 images", `[vc_gallery images="${ids(N)}"]`],
  ])('%s', (_name, body) => {
    const shows = galleryShows(body, 1)
    expect(shows.ids).toHaveLength(N)
    expect(shows.ids[N - 1]).toBe(N)
  })
})

// The same in Markdown menus, and a menu tree sorted by recursion as deep as its chain of parents.
const site = tempSites('long-lists-')
type Entry = { name: string; url: string; identifier?: string; parent?: string }
const hugoSite = (main: Entry[]) => ({ 'hugo.json': JSON.stringify({ baseURL: 'https://s.example/', title: 'S', menus: { main } }), 'content/about.md': '---\ntitle: About\n---\nAbout\n' })
const chain = (n: number): Entry[] => Array.from({ length: n }, (_, i) => ({ name: `e${i}`, url: '/about/', identifier: `e${i}`, ...(i > 0 ? { parent: `e${i - 1}` } : {}) }))
const leaves = (n: number, parent: string): Entry[] => Array.from({ length: n }, (_, i) => ({ name: `c${i}`, url: 'https://x.example/', parent }))

describe('a Markdown menu of 200,000 items, or 50,000 levels, does not overflow the stack', () => {
  test.each([
    ['Hugo: a chain of 50,000 menu entries, each the parent of the next', chain(50_000), 256],
    ['Hugo: 200,000 entries under one that leads nowhere (its children take its place)', [{ name: 'P', url: '/nothing/', identifier: 'p' }, ...leaves(200_000, 'p')], 200_000],
    ['Hugo: 200,000 entries below the deepest level a menu may have (counted and cut)', [...chain(300), ...leaves(200_000, 'e299')], 256],
  ] as const)('%s', async (name, main, topLevel) => {
    const root = await site(`hugo-${name.length}-${main.length}`, hugoSite([...main]))
    const result = await importMarkdown(root, { maxFileBytes: 64 * 1024 * 1024, generatedAt: '2026-11-01T00:00:00Z' })
    expect(result.payload?.menus?.primary).toBeDefined()
    let depth = 0
    let count = 0
    for (let level = result.payload?.menus?.primary.items ?? []; level.length > 0; level = level.flatMap((i) => i.children ?? [])) {
      depth++
      count = level.length
    }
    expect(topLevel === 256 ? depth : count).toBe(topLevel)
  }, 60_000)
})

describe('a Markdown data file of 300,000 tags does not overflow the stack', () => {
  test('Eleventy: a directory data file whose tags list 300,000 names', async () => {
    const tags = Array.from({ length: N }, (_, i) => `t${i}`)
    const root = await site('eleventy-tags', { '.eleventy.js': 'module.exports = function () {}\n', 'posts/posts.json': JSON.stringify({ tags }), 'posts/a.md': '---\ntitle: A\ndate: 2024-01-01\n---\nx\n' })
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    expect(result.payload?.content.pages.map((p) => p.title)).toEqual(['A'])
    expect(result.diagnostics.some((d) => d.code === 'dropped_data' && /more than 256/.test(d.message))).toBe(true)
  }, 60_000)
})

describe("a Docusaurus blog's 200,000 authors with pages do not overflow the stack", () => {
  test('Docusaurus: authors.json of 200,000 authors, each with a page (each page is redirected to the blog)', async () => {
    const authors = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`a${i}`, { page: true }]))
    const root = await site('docusaurus-authors', {
      'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://d.example', presets: [['classic', {}]] }\n",
      'blog/authors.json': JSON.stringify(authors),
      'blog/2024-01-01-a.md': '---\ntitle: A\ndate: 2024-01-01\n---\nx\n',
    })
    const result = await importMarkdown(root, { maxFileBytes: 64 * 1024 * 1024, generatedAt: '2026-11-01T00:00:00Z' })
    expect(result.payload?.content.posts.map((p) => p.title)).toEqual(['A'])
    expect(result.redirects.some((r) => r.from === '/blog/authors/a199999')).toBe(true)
  }, 60_000)
})

// The same in the validator, the builder and check, which a payload of that size reaches: a rule's findings, the
// issues a build collects and the template tags of one body were added with push(...list). A rule's overflow was
// caught as a rule that met an unexpected value, so its findings were lost and the payload passed.
describe('150,000 findings of one kind are all reported', () => {
  const M = 150_000
  const withPosts = (n: number, authorId: string): PreviewData => {
    const base = validPayload()
    const post = base.content.posts[0]
    return { ...base, content: { ...base.content, posts: Array.from({ length: n }, (_, i) => ({ ...post, public_id: 1000 + i, slug: `p-${i}`, author_id: authorId })) } }
  }

  test('validatePreviewData: 150,000 posts by an author nobody declared', () => {
    const result = validatePreviewData(withPosts(M, 'nobody'))
    expect(result.ok).toBe(false)
    expect(result.errors.filter((e) => e.code === 'unresolved_author')).toHaveLength(M)
  })

  test('validatePreviewData: one post whose data holds 150,000 values that are not JSON', () => {
    const payload = withPosts(1, validPayload().content.posts[0].author_id)
    ;(payload.content.posts[0] as { data?: unknown }).data = Object.fromEntries(Array.from({ length: M }, (_, i) => [`k${i}`, new Date(0)]))
    const result = validatePreviewData(payload)
    expect(result.ok).toBe(false)
    expect(result.errors.filter((e) => e.code === 'invalid_data').length).toBeGreaterThanOrEqual(M)
  })

  test('checkSite: a body of 150,000 Hugo shortcodes printed as text', () => {
    const payload = withPosts(1, validPayload().content.posts[0].author_id)
    Object.assign(payload.content.posts[0], { document_type: 'markdown', content: '{{< x >}}\n'.repeat(M) })
    expect(checkSite(payload).totals.templates.total).toBe(M)
  })
})
