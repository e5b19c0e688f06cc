import { describe, expect, test } from 'vitest'
import { checkSite } from '../../../src/check/index.js'
import { createPreviewData } from '../../../src/index.js'
import type { PreviewData } from '../../../src/index.js'
import { growth } from './_growth.js'

// `preview-data check` says which route a broken link nearly names (a trailing slash added or removed); the slashes
// were cut with /\/+$/, which tried a match at every slash of a run inside, once per broken link (found by s8-hunt:
// four links of 40,000 slashes, 18 s). Eight times the input may take at most 32 times as long (64 when quadratic).

function payload(body: string): PreviewData {
  return createPreviewData({ generator: 'test', generated_at: '2026-01-01T00:00:00Z' })
    .site({ title: 'T' })
    .author({ id: 'a', display_name: 'A' })
    .post({ title: 'P', slug: 'p', author_id: 'a', published_at_iso: '2020-01-01T00:00:00Z', content: body, document_type: 'markdown' })
    .build()
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
