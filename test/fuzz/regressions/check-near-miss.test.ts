import { describe, expect, test } from 'vitest'
import type { PreviewData } from '../../../src/contract/types.js'
import { checkSite } from '../../../src/check/index.js'
import { growth } from './_growth.js'

// `preview-data check` says which route a broken link nearly names (a trailing slash added or removed); the slashes
// were cut with /\/+$/, which tried a match at every slash of a run inside, once per broken link (found by s8-hunt:
// four links of 40,000 slashes, 18 s). Eight times the input may take at most 32 times as long (64 when quadratic).

function payload(body: string): PreviewData {
  return {
    version: '0.7',
    generator: 'test',
    generated_at: '2026-01-01T00:00:00Z',
    site: { title: 'T', description: '', url: '', media_origin: '', locale: 'en', posts_per_page: 10, date_style: 'medium', time_style: 'none', timezone: 'UTC' },
    content: {
      authors: [{ id: 'a', display_name: 'A' }],
      posts: [{ public_id: 1, title: 'P', slug: 'p', content: body, document_type: 'markdown', excerpt: '', published_at_iso: '2020-01-01T00:00:00Z', updated_at_iso: '2020-01-01T00:00:00Z', author_id: 'a', status: 'published', category_slugs: [], tag_slugs: [] }],
      pages: [],
      categories: [],
      tags: [],
    },
  }
}

describe('check', () => {
  test('a broken link with a long run of slashes inside takes time linear in it', () => {
    expect(growth((n) => checkSite(payload(`[x](/a${'/'.repeat(n)}b/)\n\n[y](/c${'/'.repeat(n)}d/)`)), 4_000)).toBeLessThan(32)
  })

  test('a broken link that names a route but for its trailing slashes is told which', () => {
    const messages = checkSite(payload('[x](/posts/p///)')).findings.map((f) => f.message)
    expect(messages.join('\n')).toContain('The site has "/posts/p/"')
  })
})
