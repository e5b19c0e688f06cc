import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { tempSites } from './_tmpsite.js'

const site = tempSites('md-repo-links-')

// A repository's docs folder links its pages from the repository's root, as GitHub reads them (undici's
// docs/docs/api/*.md write `/docs/docs/api/Pool.md`): imported on its own, the folder's pages are still those links.
describe('root-relative links written from the repository root', () => {
  test('name the folder\'s own files', async () => {
    const repo = await site('repo', {
      'docs/docs/api/Agent.md': '# Agent\n\nA pool of [Pool](/docs/docs/api/Pool.md#new-pool) instances; see [notes](/docs/docs/files/notes.txt) and [elsewhere](/lib/api/Pool.md).\n',
      'docs/docs/api/Pool.md': '# Pool\n\n## new Pool\n',
      'docs/docs/files/notes.txt': 'notes\n',
    })
    const result = await importMarkdown(`${repo}/docs/docs`, { preset: 'plain', generatedAt: '2026-11-01T00:00:00Z' })
    const agent = result.payload?.content.pages?.find((p) => p.title === 'Agent')
    expect(agent?.content).toBe('A pool of [Pool](/api/Pool/#new-pool) instances; see [notes](/files/notes.txt) and [elsewhere](/lib/api/Pool.md).\n')
    expect(result.diagnostics.filter((d) => d.code === 'missing_link_target').map((d) => d.message)).toEqual([expect.stringContaining('/lib/api/Pool.md')])
  })
})
