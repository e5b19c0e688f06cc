import { describe, expect, test } from 'vitest'
import { Collector, noteByteIssue } from '../../../importers/wordpress/collect.js'
import { bodyPages } from '../../../importers/wordpress/content/render.js'
import { LIMITS } from '../../../importers/wordpress/limits.js'
import { ReportBuilder } from '../../../importers/wordpress/report.js'
import type { BodyPool } from '../../../importers/wordpress/bodies/pool.js'
import type { WxrItem } from '../../../importers/wordpress/read/wxr.js'

describe('noteByteIssue', () => {
  test('lists the first byte issues of the export in file order, whatever order they are found in', () => {
    const report = new ReportBuilder()
    // Found out of order within a file; two files of a split export, one after the other.
    const offsets = Array.from({ length: 80 }, (_, i) => (i * 37) % 80)
    for (const byteOffset of offsets) noteByteIssue(report, { kind: 'illegal_character', byteOffset, detail: 'x' }, 'a.xml')
    for (const byteOffset of [5, 1]) noteByteIssue(report, { kind: 'malformed_utf8', byteOffset, detail: 'y' }, 'b.xml')
    expect(report.byteIssueCount).toBe(82)
    expect(report.byteIssues.map((i) => `${i.file}:${i.byteOffset}`)).toEqual(Array.from({ length: LIMITS.maxReportedByteIssues }, (_, i) => `a.xml:${i}`))

    const few = new ReportBuilder()
    for (const [file, byteOffset] of [['a.xml', 9], ['a.xml', 3], ['b.xml', 7], ['b.xml', 2]] as const) noteByteIssue(few, { kind: 'malformed_utf8', byteOffset, detail: '' }, file)
    expect(few.byteIssues.map((i) => `${i.file}:${i.byteOffset}`)).toEqual(['a.xml:3', 'a.xml:9', 'b.xml:2', 'b.xml:7'])
  })
})

// setup_postdata() splits a body at each <!--nextpage--> (one at the very start is dropped); the old URLs of the later
// pages are redirected to the whole body.
describe('bodyPages', () => {
  test.each([
    ['no marker', 'One page.', 1],
    ['two markers', 'a<!--nextpage-->b<!--nextpage-->c', 3],
    ['a marker at the start splits nothing', '<!--nextpage-->a', 1],
    ['a hostile body is bounded', 'x<!--nextpage-->'.repeat(10_000), LIMITS.maxBodyPages],
    ['text before a marker in several scripts', 'Привет 世界 😀<!--nextpage-->b', 2],
  ])('%s', (_, raw, pages) => {
    expect(bodyPages(raw)).toBe(pages)
    // The collector counts them in the export's bytes, as it reads them.
    expect(bodyPages(Buffer.from(raw))).toBe(pages)
  })
})

// The page skeleton holds every exported page for paths and page lists; a page's terms (its categories, languages)
// were kept there too, unresolved, though nothing reads them from it: each page's list stayed alive to the end.
describe('the page skeleton', () => {
  test('keeps what paths and page lists read, and no terms', () => {
    const collector = new Collector({ drafts: 'exclude', privateItems: 'skip', passwordProtected: 'skip', postTypes: {} }, {} as BodyPool, new ReportBuilder())
    const page = { file: 'x.xml', line: 1, postId: 7, title: 'About', link: 'https://t.example/about/', postName: 'about', status: 'draft', postParent: 0, menuOrder: 0, postType: 'page', terms: [{ domain: 'category', nicename: 'news', name: 'News' }] }
    collector.item({ ...page, guid: '', pubDate: '', creator: '', content: '', excerpt: '', postDate: '', postDateGmt: '', postModified: '', postModifiedGmt: '', commentStatus: '', password: '', isSticky: false, attachmentUrl: '', meta: {}, oldSlugs: [], comments: 0, approvedComments: 0, customFields: 0 } as WxrItem)
    expect(Object.keys(collector.collected.pageSkeleton.get(7) ?? {}).sort()).toEqual(['id', 'link', 'listed', 'menuOrder', 'parent', 'postName', 'title'])
  })
})
