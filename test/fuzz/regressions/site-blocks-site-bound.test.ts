import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { growth } from './_growth.js'
import { renderSiteBlocks } from '../../../importers/wordpress/content/site-blocks.js'
import type { ListedPost, SiteBlocks } from '../../../importers/wordpress/content/site-blocks.js'
import { importWordPress } from '../../../importers/wordpress/index.js'
import type * as Limits from '../../../importers/wordpress/limits.js'

// A page list of the whole site in every post (found by s8-hunt): each body's blocks were bounded, the site's were not,
// so 2,000 pages and 2,000 posts (a 2 MB export) wrote a 490 MB payload, growing with the square of the export. What
// blocks built from the site add is now shared by the bodies that hold them: `maxSiteBlockCharsPerSite` (lowered
// here, so that a small export shows it) and four times the export's size.
const SITE_BOUND = vi.hoisted(() => 200_000)
vi.mock('../../../importers/wordpress/limits.js', async (load) => {
  const actual = await load<typeof Limits>()
  return { ...actual, LIMITS: { ...actual.LIMITS, maxSiteBlockCharsPerSite: SITE_BOUND } }
})

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pd-site-bound-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const item = (id: number, type: 'page' | 'post', body: string) =>
  `<item><title>${type} ${id}</title><link>https://ex.test/${type}-${id}/</link><dc:creator>a</dc:creator><content:encoded><![CDATA[${body}]]></content:encoded><wp:post_id>${id}</wp:post_id><wp:post_date>2020-01-01 00:00:00</wp:post_date><wp:post_date_gmt>2020-01-01 00:00:00</wp:post_date_gmt><wp:post_name>${type}-${id}</wp:post_name><wp:status>publish</wp:status><wp:post_parent>0</wp:post_parent><wp:post_type>${type}</wp:post_type></item>`

/** An export of `n` pages and `n` posts, each post with `block` after its paragraph. */
async function exportWith(n: number, block: string): Promise<string> {
  const file = path.join(dir, `export-${n}.xml`)
  const items = [...Array.from({ length: n }, (_, i) => item(i + 1, 'page', '<p>x</p>')), ...Array.from({ length: n }, (_, i) => item(n + i + 1, 'post', `<!-- wp:paragraph --><p>y</p><!-- /wp:paragraph -->${block}`))]
  await writeFile(file, `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>T</title><link>https://ex.test</link><wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>https://ex.test</wp:base_site_url><wp:base_blog_url>https://ex.test</wp:base_blog_url><wp:author><wp:author_login>a</wp:author_login><wp:author_display_name>A</wp:author_display_name></wp:author>\n${items.join('\n')}\n</channel></rss>\n`)
  return file
}

describe('what blocks built from the site add to all bodies together is bounded', () => {
  test('a page list of 300 pages in each of 300 posts: the lists past the bound are left out and counted', async () => {
    const file = await exportWith(300, '<!-- wp:page-list /-->')
    const { payload, report } = await importWordPress(file, { generatedAt: '2026-01-01T00:00:00Z' })
    const added = payload.content.posts.reduce((sum, p) => sum + p.content.length, 0)
    expect(added).toBeLessThanOrEqual(SITE_BOUND + 4 * (await stat(file)).size + 300 * 100)
    expect(JSON.stringify(report)).toContain('page-list')
  }, 60_000)

  test('a few posts with a page list each still show it', async () => {
    const { payload } = await importWordPress(await exportWith(5, '<!-- wp:page-list /-->'), { generatedAt: '2026-01-01T00:00:00Z' })
    for (const post of payload.content.posts) expect(post.content.split('wp-block-pages-list__item"').length - 1).toBe(5)
  })
})

// A latest posts block in every post (found by s8-hunt): each chose its posts by reading every post of the site, so
// 32,000 posts took 24 s of CPU more than without the blocks, growing with the square of the posts. The same query
// is answered once. Eight times the input may take at most 32 times as long (64 when quadratic).
test('the same post list in every body is chosen once: time linear in the posts and bodies', () => {
  const site = (n: number): SiteBlocks => ({
    pages: [],
    navigations: [],
    home: 'https://old.test',
    hidden: [],
    posts: { perPage: 10, locale: 'en-US', posts: Array.from({ length: n }, (_, i): ListedPost => ({ id: i + 1, type: 'post', title: `P${i}`, link: `https://old.test/?p=${i + 1}`, date: '2024-01-01T00:00:00Z', day: '2024-01-01', sticky: false, categories: [1], tags: [], excerpt: '' })) },
  })
  const bodies = (n: number) => {
    const s = site(n)
    for (let i = 0; i < n; i++) renderSiteBlocks('<!-- wp:latest-posts {"categories":[{"id":2}]} /-->', s, {})
  }
  expect(growth(bodies, 500)).toBeLessThan(32)
})
