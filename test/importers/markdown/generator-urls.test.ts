import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { deriveRoutes } from '../../../src/routes/index.js'
import { importMarkdown } from '../../../importers/markdown/index.js'

// Issue 13's measure on the shared fixtures: the documents the real generator published (truth/*.tsv, see its
// README), each at a URL the new site still answers, or redirected. Skips when ../shared is absent.
const corpus = fileURLToPath(new URL('../../../../shared/fixtures/markdown/', import.meta.url))
const truthDir = fileURLToPath(new URL('./truth/', import.meta.url))
const present = existsSync(`${corpus}README.md`)

const cases = [
  { site: 'hugo-docs', truth: 'hugo-docs', isDocument: (r: string[]) => ['page', 'section', 'home'].includes(r[2]) && !r[0].startsWith('_common') && !/^quick-reference\/glossary\/(?!_index)/.test(r[0]) },
  { site: 'hugo-basic-example', truth: 'hugo-basic', isDocument: (r: string[]) => ['page', 'section', 'home'].includes(r[2]) && r[0] !== 'homepage/index.md' },
  { site: 'jekyll-docs', truth: 'jekyll-docs', isDocument: (r: string[]) => r[2] !== 'static' },
  { site: 'jekyll-edge-cases', truth: 'jekyll-edge', isDocument: (r: string[]) => r[2] !== 'static' },
]

/** Whether a static host serves `url` from the files the payload writes (x/index.html for /x/, x.html for /x.html, either for /x). */
function served(url: string, outputs: Set<string>): boolean {
  let p: string
  try {
    p = decodeURIComponent(url).replace(/^\//, '')
  } catch {
    return false
  }
  if (p === '' || p.endsWith('/')) return outputs.has(`${p}index.html`)
  if (/\.html$/.test(p)) return outputs.has(p)
  return outputs.has(`${p}.html`) || outputs.has(`${p}/index.html`)
}

describe.skipIf(!present)('URLs the generators published (skipped when ../shared/fixtures is absent)', () => {
  test.each(cases)('$site: every published document kept or redirected, counts within 2%', async ({ site, truth, isDocument }) => {
    const rows = readFileSync(`${truthDir}${truth}.tsv`, 'utf8').trim().split('\n').map((l) => l.split('\t')).filter(isDocument)
    const result = await importMarkdown(`${corpus}${site}`, { generatedAt: '2026-11-01T00:00:00Z' })
    const payload = result.payload
    expect(payload).toBeDefined()
    if (!payload) return
    const outputs = new Set(deriveRoutes(payload).map((r) => r.output_path))
    const redirected = new Set(result.redirects.map((r) => r.from.replace(/\/$/, '')))
    const lost = rows.filter((r) => !served(r[1], outputs) && !redirected.has(r[1].replace(/\/$/, '')))
    expect(lost.map((r) => `${r[0]} ${r[1]}`)).toEqual([])
    const published = payload.content.posts.length + payload.content.pages.length
    // The blank home list and the post section's list become the theme index and the post index, not documents.
    const structural = result.skipped.filter((s) => s.reason === 'home-list' || s.reason === 'post-index').length
    expect(Math.abs(published + structural - rows.length) / rows.length).toBeLessThanOrEqual(0.02)
  })
})
