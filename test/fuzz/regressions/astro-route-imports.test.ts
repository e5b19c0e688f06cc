import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { tempSites } from '../../importers/markdown/_tmpsite.js'
import { growthAsync } from './_growth.js'

// An Astro route that reads no collection itself has its imports read (the modules it takes them from may): they were
// found by /^\s*import…/m, whose \s* ran over every blank line after each line start, so a route file of 40,000 blank
// lines took 12 s (found on the change that added the reading). Eight times the input may take at most 32 times as
// long (64 when quadratic).

const site = tempSites('astro-route-imports-')
let made = 0
const routeSite = (n: number) => ({
  'astro.config.mjs': 'export default {}',
  'src/content/blog/first.md': '---\ntitle: First\n---\n\nText.\n',
  'src/pages/blog/[...slug].astro': `---\n${'\n'.repeat(n)}import { posts } from '../../lib/posts'\n---\n`,
  'src/lib/posts.ts': "export const posts = await getCollection('blog')\n",
})

describe('Astro route imports', () => {
  test('a route file of many blank lines is read in time linear in its length, and its import still found', async () => {
    const importN = async (n: number) => importMarkdown(await site(`s${made++}`, routeSite(n)), { generatedAt: '2026-11-01T00:00:00Z' })
    expect(await growthAsync(importN, 5_000)).toBeLessThan(32)
    const result = await importN(1_000)
    expect(result.report.items.find((i) => i.source === 'src/content/blog/first.md')).toMatchObject({ url: '/blog/first/' })
  }, 120_000)
})
