import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { tempSites } from './_tmpsite.js'

const site = tempSites('md-index-case-')

describe('a plain folder index in another case', () => {
  test('Index.md stands for its folder and its own URL is redirected, as README.md', async () => {
    const root = await site('index-case', { 'index.md': 'Home.\n', 'Guides/Index.md': '# Guides\n\nAll guides.\n', 'Guides/a.md': 'A.\n', 'Reference/README.md': '# Reference\n' })
    const result = await importMarkdown(root, { preset: 'plain', generatedAt: '2026-11-01T00:00:00Z' })
    expect(result.report.items.filter((i) => 'url' in i).map((i) => ['url' in i ? i.url : '', i.source])).toEqual([
      ['/Guides/', 'Guides/Index.md'],
      ['/Guides/a/', 'Guides/a.md'],
      ['/Reference/', 'Reference/README.md'],
      ['/', 'index.md'],
    ])
    expect(result.redirects.map((r) => [r.from, r.to])).toEqual([
      ['/Guides/Index/', '/Guides/'],
      ['/Reference/README/', '/Reference/'],
    ])
  })
})
