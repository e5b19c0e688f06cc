import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { importWordPress, summarizeReport } from 'preview-data-sdk/wordpress'

// What an import left out must show in the summary a user reads, not only in the report file (found on the corpus's
// wp-block-studio: a series taxonomy and a page of dynamic blocks vanished without a line saying so).
const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/wordpress/${name}.xml`, import.meta.url))

describe('summarizeReport: what has no static place', () => {
  test('taxonomies the payload has no place for, with their terms and items', async () => {
    const { report } = await importWordPress(fixture('taxonomies-unplaced'), { generatedAt: '2026-01-01T00:00:00Z', postTypes: { 'jetpack-portfolio': 'page' } })
    expect(summarizeReport(report)).toContain('Taxonomies the payload has no place for: jetpack-portfolio-type (1 term on 1 item), series (2 terms on 2 items);')
  })

  test('dynamic blocks, by name', async () => {
    const { report } = await importWordPress(fixture('blocks-reusable'), { generatedAt: '2026-01-01T00:00:00Z' })
    const dynamic = Object.entries(report.dynamic_blocks)
    expect(dynamic.length).toBeGreaterThan(0)
    expect(summarizeReport(report)).toContain(`Dynamic blocks left out (WordPress renders them on each request; no static HTML): ${dynamic.map(([k, n]) => `${k} ×${n}`).join(', ')}.`)
  })

  test('an export without either says nothing of them', async () => {
    const { report } = await importWordPress(fixture('classic-content'), { generatedAt: '2026-01-01T00:00:00Z' })
    expect(summarizeReport(report)).not.toMatch(/Taxonomies|Dynamic blocks/)
  })
})
