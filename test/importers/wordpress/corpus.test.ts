import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { validatePreviewData } from 'preview-data-sdk'
import { importWordPress } from 'preview-data-sdk/wordpress'

const corpus = fileURLToPath(new URL('../../../../shared/fixtures/wxr/', import.meta.url))

// Counts from ../shared/fixtures/wxr/README.md: posts and pages by status, and the items WordPress marks
// password-protected. By default only what the public saw is imported; the rest is counted in the report.
const exports = [
  { file: 'wptt-themeunittestdata.wordpress.xml', published: 56, otherPosts: 2, pages: 21, passwordProtected: 1 },
  { file: 'wptt-64-block-test-data.xml', published: 61, otherPosts: 0, pages: 1, passwordProtected: 0 },
  { file: 'parchlinux-blog-fa-en.wordpress-export.xml', published: 22, otherPosts: 4, pages: 0, passwordProtected: 0 },
  { file: 'everet-zh-cn.wordpress.xml', published: 97, otherPosts: 7, pages: 4, passwordProtected: 0 },
  { file: 'shell32-xiadong-zh.wordpress.xml', published: 338, otherPosts: 2, pages: 2, passwordProtected: 0 },
  { file: 'jekyll-import-wpcom-2025.wordpress.xml', published: 7, otherPosts: 0, pages: 1, passwordProtected: 0 },
]

describe.skipIf(!existsSync(corpus))('real WordPress exports in ../shared/fixtures/wxr (skipped when ../shared is absent)', () => {
  test.each(exports)('$file imports completely and validates', async ({ file, published, otherPosts, pages, passwordProtected }) => {
    const { payload, report } = await importWordPress(corpus + file, { generatedAt: '2026-01-01T00:00:00Z' })
    expect(validatePreviewData(payload)).toEqual({ ok: true, errors: [] })
    const posts = payload.content.posts
    expect(posts.filter((p) => p.status === 'published').length + passwordProtected).toBe(published)
    expect([...posts, ...payload.content.pages].filter((p) => p.status === 'draft')).toEqual([])
    const hidden = ['status_draft', 'status_pending', 'status_future', 'status_private'] as const
    expect(hidden.reduce((n, r) => n + (report.skipped_by_reason[r] ?? 0), 0)).toBe(otherPosts)
    expect(payload.content.pages.filter((p) => p.status === 'published')).toHaveLength(pages)
    expect(report.skipped_by_reason.password_protected ?? 0).toBe(passwordProtected)
    // Nothing is lost silently: every item of the export has one report entry, where it went or why not.
    expect(report.items).toHaveLength(report.counts.items_read)
    // WordPress.com repeats a menu item's id in each menu that shows it: those are told apart by their line.
    expect(new Set(report.items.map((i) => `${i.source}:${i.line}`)).size).toBe(report.items.length)
    for (const p of posts) expect(p.slug).not.toMatch(/%[0-9a-f]{2}/i)
  })

  test.each(exports.map((e) => e.file))('%s gives byte-identical output on two runs', async (file) => {
    const a = await importWordPress(corpus + file, { generatedAt: '2026-01-01T00:00:00Z' })
    const b = await importWordPress(corpus + file, { generatedAt: '2026-01-01T00:00:00Z' })
    expect(JSON.stringify(b)).toBe(JSON.stringify(a))
  })

  test('Persian slugs are decoded, +03:30 dates kept, and Polylang languages recorded', async () => {
    // The posts with Persian slugs are drafts: kept with --drafts include.
    const { payload } = await importWordPress(corpus + 'parchlinux-blog-fa-en.wordpress-export.xml', { generatedAt: '2026-01-01T00:00:00Z', drafts: 'include' })
    expect(payload.site.timezone).toBe('+03:30')
    const persian = payload.content.posts.filter((p) => p.meta?.language === 'fa')
    expect(persian.length).toBeGreaterThan(0)
    expect(persian.some((p) => /[\u0600-\u06ff]/.test(p.slug))).toBe(true)
    expect(payload.content.posts.some((p) => p.published_at_iso.endsWith('+03:30'))).toBe(true)
  })

  test('the theme unit test keeps its three-level page hierarchy', async () => {
    const { payload } = await importWordPress(corpus + 'wptt-themeunittestdata.wordpress.xml', { generatedAt: '2026-01-01T00:00:00Z' })
    const deepest = Math.max(...payload.content.pages.map((p) => (p.path ?? p.slug).split('/').length))
    expect(deepest).toBeGreaterThanOrEqual(3)
    expect(Object.keys(payload.menus ?? {}).length).toBeGreaterThan(0)
  })
})
