import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { Suffixes } from '../../../importers/shared/suffixes.js'
import { importWordPress } from '../../../importers/wordpress/index.js'

// Items that want the same slug or path get `-2`, `-3`…; each search started at 2, so N such items took time in
// the square of N (20,000 WordPress pages with one slug: 146 s; 5,000 Markdown posts and 5,000 pages: 26 s).

describe('Suffixes', () => {
  test.each([
    { taken: [], wants: ['a', 'a', 'a'], given: [2, 3, 4] },
    // A suffix taken by an item of its own (a page whose slug is "a-3") is skipped.
    { taken: ['a-3'], wants: ['a', 'a', 'a'], given: [2, 4, 5] },
    // Each wanted name counts on its own.
    { taken: [], wants: ['a', 'b', 'a', 'b'], given: [2, 2, 3, 3] },
  ])('$wants with $taken taken: $given', ({ taken, wants, given }) => {
    const used = new Set(taken)
    const suffixes = new Suffixes()
    const out = wants.map((name) => {
      const n = suffixes.next(name, (k) => !used.has(`${name}-${k}`))
      used.add(`${name}-${n}`)
      return n
    })
    expect(out).toEqual(given)
  })

  test('asks about each suffix once over many items of one name', () => {
    const used = new Set<string>()
    const suffixes = new Suffixes()
    let asked = 0
    for (let i = 0; i < 1000; i++) {
      const n = suffixes.next('a', (k) => (asked++, !used.has(`a-${k}`)))
      used.add(`a-${n}`)
    }
    expect(asked).toBe(1000)
  })
})

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pd-suffixes-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function wordpressPages(at: string, count: number): Promise<string> {
  const items = Array.from({ length: count }, (_, i) => `<item><title>Same</title><link>https://ex.test/same-${i}/</link><dc:creator>a</dc:creator><content:encoded><![CDATA[<p>x</p>]]></content:encoded><wp:post_id>${i + 1}</wp:post_id><wp:post_date>2020-01-01 00:00:00</wp:post_date><wp:post_date_gmt>2020-01-01 00:00:00</wp:post_date_gmt><wp:post_name>same</wp:post_name><wp:status>publish</wp:status><wp:post_parent>0</wp:post_parent><wp:post_type>page</wp:post_type></item>`)
  const file = path.join(at, 'export.xml')
  await writeFile(file, `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>T</title><link>https://ex.test</link><wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>https://ex.test</wp:base_site_url><wp:base_blog_url>https://ex.test</wp:base_blog_url><wp:author><wp:author_login>a</wp:author_login><wp:author_display_name>A</wp:author_display_name></wp:author>\n${items.join('\n')}\n</channel></rss>\n`)
  return file
}

async function markdownSite(at: string, count: number): Promise<string> {
  await mkdir(path.join(at, 'posts'))
  await mkdir(path.join(at, 'pages'))
  for (let i = 0; i < count; i++) {
    await writeFile(path.join(at, 'posts', `p${i}.md`), '---\ntitle: Same\nslug: same\ndate: 2020-01-01\n---\nx\n')
    await writeFile(path.join(at, 'pages', `q${i}.md`), '---\ntitle: Same\nslug: same\n---\nx\n')
  }
  return at
}

// How many calls the search makes is held above; here, that the importers give the suffixes a search from 2 gives.
describe('many items of one slug', () => {
  test('WordPress pages get -2, -3… in export order', async () => {
    const { payload } = await importWordPress(await wordpressPages(await mkdtemp(path.join(dir, 'site-')), 4), { generatedAt: '2026-01-01T00:00:00Z' })
    expect(payload.content.pages.map((p) => p.slug).sort()).toEqual(['same', 'same-2', 'same-3', 'same-4'])
  })

  test('Markdown posts and pages get -2, -3…, skipping a suffix a file already has', async () => {
    const at = await mkdtemp(path.join(dir, 'site-'))
    await markdownSite(at, 3)
    await writeFile(path.join(at, 'posts', 'a.md'), '---\ntitle: Z\nslug: same-3\ndate: 2019-01-01\n---\nx\n')
    const { payload } = await importMarkdown(at)
    expect(payload?.content.posts.map((p) => p.slug).sort()).toEqual(['same', 'same-2', 'same-3', 'same-4'])
    expect(payload?.content.pages.map((p) => p.path ?? p.slug).sort()).toEqual(['same', 'same-2', 'same-3'])
  })
})
