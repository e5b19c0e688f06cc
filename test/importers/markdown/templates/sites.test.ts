import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { measureSite, SITES } from './_sites.js'
import type { SiteFigures } from './_sites.js'

// The real sites in ../shared/fixtures/markdown (not copied here; skipped when absent): every body, front matter
// stripped as the importer does, through expandTemplates with a context like the importer's. No template syntax may
// be left outside code. `TEMPLATES_FIGURES=1 npx vitest run test/importers/markdown/templates/sites.test.ts` prints
// the figures per site.
const fixtures = fileURLToPath(new URL('../../../../../shared/fixtures/markdown/', import.meta.url))
const present = existsSync(`${fixtures}README.md`)

const figures = new Map<string, SiteFigures>()
const of = (site: string) => {
  if (!figures.has(site)) figures.set(site, measureSite(fixtures, SITES.find((s) => s.name === site)!))
  return figures.get(site)!
}
const count = (f: SiteFigures, key: string) => f.byName.get(key) ?? 0

describe.skipIf(!present)('real sites in ../shared/fixtures/markdown (skipped when that folder is absent)', () => {
  test.each(SITES.map((s) => s.name))('%s: no template syntax left outside code, nothing failed', (site) => {
    const f = of(site)
    expect(f.leftSamples).toEqual([])
    expect(f.left).toBe(0)
    expect(count(f, 'unresolved templates')).toBe(0)
    expect(f.expanded + f.removed + f.unresolved).toBeGreaterThan(0)
  })

  test('hugo-docs: the documentation theme includes, the embedded shortcodes and the escapes', () => {
    const f = of('hugo-docs')
    expect(count(f, 'expanded include')).toBe(214)
    expect(count(f, 'expanded code-toggle')).toBeGreaterThan(300)
    for (const name of ['youtube', 'highlight', 'param']) expect(count(f, `expanded ${name}`)).toBeGreaterThan(0)
    // The site's own shortcodes (new-in, deprecated-in, glossary-term…) are removed, each reported by name.
    expect(count(f, 'removed new-in')).toBeGreaterThan(150)
  })

  test('jekyll-docs: site variables, links, raw examples and highlight blocks', () => {
    const f = of('jekyll-docs')
    expect(count(f, 'expanded site.repository')).toBeGreaterThan(3000)
    expect(count(f, 'expanded raw')).toBe(179)
    expect(count(f, 'expanded link')).toBeGreaterThan(10)
    expect(count(f, 'expanded highlight')).toBeGreaterThan(0)
    // _includes/ is not part of the fixture: every include is reported, none printed as text.
    expect(count(f, 'unresolved include')).toBeGreaterThan(20)
  })

  test('docusaurus-aks-blog: every admonition becomes an aside', () => {
    const f = of('docusaurus-aks-blog')
    const admonitions = [...f.byName].filter(([k]) => k.startsWith('expanded :::')).reduce((n, [, v]) => n + v, 0)
    expect(admonitions).toBe(116)
    expect(f.removed + f.unresolved).toBe(0)
  })

  test('nodejs-blog: the MDX pages lose their components, the Markdown posts are left exactly as written', () => {
    const f = of('nodejs-blog')
    expect(count(f, 'expanded <Link>')).toBeGreaterThan(0)
    expect(count(f, 'removed <Button>')).toBeGreaterThan(0)
    expect(f.changedMarkdown).toEqual([])
  })

  test.runIf(process.env.TEMPLATES_FIGURES === '1')('figures', () => {
    const rows = SITES.map((s) => of(s.name)).map((f) => `| ${f.site} | ${f.files} | ${f.constructs} | ${f.expanded} | ${f.removed} | ${f.unresolved} | ${f.literal} | ${f.left} | ${f.ms} |`)
    console.log(['| site | files | constructs | expanded | removed | unresolved | printed literally | left | ms |', '|---|---|---|---|---|---|---|---|---|', ...rows].join('\n'))
  })
})
