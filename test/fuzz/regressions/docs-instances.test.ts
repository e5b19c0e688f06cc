import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { tempSites } from '../../importers/markdown/_tmpsite.js'
import { growthAsync } from './_growth.js'

// A Docusaurus configuration may declare any number of docs plugin instances, each with its own sidebars: each doc
// is located once, not once per instance (each instance's sidebar walked every file of the site: 1,000 instances of
// one doc each took 9.2 s, growing with the cube; found on the change that gave instances their sidebars).
// Eight times the input may take at most 32 times as long (64 when quadratic).

const site = tempSites('docs-instances-')
let made = 0
const instances = (n: number) => {
  const plugins = Array.from({ length: n }, (_, i) => `['@docusaurus/plugin-content-docs', { id: 'p${i}', path: 'p${i}', routeBasePath: 'p${i}' }]`).join(',\n')
  const files: Record<string, string> = { 'docusaurus.config.js': `module.exports = { title: 'S', url: 'https://s.example', baseUrl: '/', presets: [['classic', { docs: false, blog: false }]], plugins: [${plugins}] }\n` }
  for (let i = 0; i < n; i++) files[`p${i}/a.md`] = `---\ntitle: A${i}\n---\n\nText.\n`
  return files
}

describe('docs plugin instances', () => {
  test('many instances of one doc each take time linear in their number, one sidebar each', async () => {
    const importN = async (n: number) => importMarkdown(await site(`s${made++}`, instances(n)), { generatedAt: '2026-11-01T00:00:00Z' })
    expect(await growthAsync(importN, 100)).toBeLessThan(32)
    const result = await importN(300)
    expect(Object.keys(result.payload?.menus ?? {})).toHaveLength(300)
  }, 120_000)
})
