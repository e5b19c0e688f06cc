import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { importWordPress, summarizeReport } from 'preview-data-sdk/wordpress'
import { LIMITS } from '../../../importers/wordpress/limits.js'
import type { PagePlan } from '../../../importers/wordpress/pages.js'
import type { PostPlan } from '../../../importers/wordpress/posts.js'
import { droppedShortcodeItems } from '../../../importers/wordpress/report-sections.js'

// What an import left out must show in the summary a user reads, not only in the report file (found on the corpus's
// wp-block-studio: a series taxonomy and a page of dynamic blocks vanished without a line saying so).
const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/wordpress/${name}.xml`, import.meta.url))

describe('summarizeReport: what has no static place', () => {
  test('taxonomies the payload has no place for, with their terms and items', async () => {
    const { report } = await importWordPress(fixture('taxonomies-unplaced'), { generatedAt: '2026-01-01T00:00:00Z', postTypes: { 'jetpack-portfolio': 'page' } })
    expect(summarizeReport(report)).toContain('Taxonomies the payload has no place for: jetpack-portfolio-type (1 term on 1 item), series (2 terms on 2 items);')
  })

  test('dynamic blocks, by name', async () => {
    const { report } = await importWordPress(fixture('plugin-content'), { generatedAt: '2026-01-01T00:00:00Z' })
    const dynamic = Object.entries(report.dynamic_blocks)
    expect(dynamic.length).toBeGreaterThan(0)
    expect(summarizeReport(report)).toContain(`Dynamic blocks left out (WordPress renders them on each request; no static HTML): ${dynamic.map(([k, n]) => `${k} ×${n}`).join(', ')}.`)
  })

  test('an export without either says nothing of them', async () => {
    const { report } = await importWordPress(fixture('classic-content'), { generatedAt: '2026-01-01T00:00:00Z' })
    expect(summarizeReport(report)).not.toMatch(/Taxonomies|Dynamic blocks/)
  })
})

// A count of dropped forms and widgets does not say where to put them back: the report names the items.
describe('dropped_shortcodes_in: the items that lost a plugin\'s shortcode', () => {
  test('named with their new URL and what each lost, and counted in the summary', async () => {
    const { report } = await importWordPress(fixture('plugin-content'), { generatedAt: '2026-01-01T00:00:00Z' })
    expect(report.dropped_shortcodes_in).toEqual({ count: 1, listed: [{ source: 'plugin-content.xml#3', line: 13, title: 'Jetpack embeds', url: '/jetpack/', shortcodes: { 'contact-form': 1 } }] })
    expect(summarizeReport(report)).toContain('Shortcodes dropped (only their plugin could show them: forms, widgets): [contact-form] ×1 in 1 item (dropped_shortcodes_in lists them).')
  })

  // TablePress registers its tables' post type with can_export false, so export_wp() leaves them out: the summary says
  // where they are to be had, as it cannot print them.
  test('TablePress tables: where to get them', async () => {
    const { report } = await importWordPress(fixture('plugin-content'), { generatedAt: '2026-01-01T00:00:00Z' })
    const summary = summarizeReport({ ...report, dropped_shortcodes: { ...report.dropped_shortcodes, table: 2 } })
    expect(summary).toContain('[table] ×2')
    expect(summary).toContain("[table] shows a TablePress table, which WordPress's export never holds (TablePress keeps its tables out of it): export them from TablePress (HTML or CSV) and put them back where dropped_shortcodes_in says.")
    expect(summarizeReport(report)).not.toContain('TablePress')
  })

  const plan = (file: string, line: number, postId: number) => ({ item: { file, line, postId, title: `Post ${postId}` }, url: `/p${postId}/` })
  test('in export order, files first, the first ones listed and all counted', () => {
    const n = LIMITS.maxReportedDroppedShortcodeItems + 5
    const posts = new Map(Array.from({ length: n }, (_, i) => [i + 1, plan(i % 2 ? 'b.xml' : 'a.xml', n - i + 1, i + 1)])) as unknown as Map<number, PostPlan>
    const pages = new Map([[900, plan('a.xml', 1, 900)]]) as unknown as Map<number, PagePlan>
    const droppedIn = { ...Object.fromEntries([...posts.keys()].map((id) => [`${id}:form`, 1])), '900:widget': 2, '900:form': 1, '7777:form': 1 }
    const section = droppedShortcodeItems(droppedIn, ['a.xml', 'b.xml'], posts, pages)
    expect(section?.count).toBe(n + 1)
    expect(section?.listed).toHaveLength(LIMITS.maxReportedDroppedShortcodeItems)
    expect(section?.listed[0]).toEqual({ source: 'a.xml#900', line: 1, title: 'Post 900', url: '/p900/', shortcodes: { form: 1, widget: 2 } })
    const sources = section?.listed.map((l) => l.source) ?? []
    expect(sources.slice(1, 3)).toEqual([`a.xml#${n % 2 ? n : n - 1}`, `a.xml#${n % 2 ? n - 2 : n - 3}`])
    expect(sources.at(-1)?.startsWith('b.xml#')).toBe(true)
    expect(droppedShortcodeItems({}, [], posts, pages)).toBeUndefined()
  })
})
