import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { tempSites } from '../../importers/markdown/_tmpsite.js'

// A Jekyll `defaults:` scope path with a `*` was made into a regular expression for every file (found by the s10
// hunt): `?` was left a quantifier, so `path: "?*"` threw "Invalid regular expression" out of importMarkdown and sank
// the whole site, as did a path of 100,000 stars (too large), and `*a*a*a…b` backtracked without bound.

const site = tempSites('jekyll-default-scopes-')
const jekyll = (path: string, dir: string) => ({
  '_config.yml': `title: S\ndefaults:\n  - scope:\n      path: ${JSON.stringify(path)}\n    values:\n      title: Scoped\n`,
  [`${dir}/x.md`]: '---\nlayout: page\n---\nx\n',
  'about.md': '---\ntitle: About\n---\nabout\n',
})

describe('a hostile defaults scope path is a glob like any other', () => {
  test.each([
    ['a path that starts with "?"', '?*', 'x', 'Scoped'],
    ['a path of 100,000 stars', '*'.repeat(100_000), 'x', 'Scoped'],
    ['a glob of 24 stars that never matches a long folder name', `${'*a'.repeat(24)}b`, 'a'.repeat(60), 'x'],
  ])('%s: the site imports', async (_name, path, dir, title) => {
    const root = await site(`s-${path.length}-${path.slice(0, 2).replace(/\W/g, '_')}`, jekyll(path, dir))
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    expect(result.ok).toBe(true)
    expect(result.payload?.content.pages?.map((p) => p.title).sort()).toEqual(['About', title].sort())
  }, 20_000)
})

describe('scope paths hold the files below what they name, as before', () => {
  test.each([
    ['docs', 'docs/x.md', true],
    ['docs', 'docsx/x.md', false],
    ['do*', 'docs/x.md', true],
    ['*/x.md', 'docs/x.md', true],
    ['*/x.md', 'docs/y.md', false],
    ['docs/*', 'docs/a/b.md', true],
    ['d*s', 'docs/a.md', true],
    ['d*s', 'docsx/a.md', false],
  ])('%j holds %j: %s', async (path, file, held) => {
    const root = await site(`h-${path.replace(/\W/g, '_')}-${file.replace(/\W/g, '_')}`, { '_config.yml': `title: S\ndefaults:\n  - scope:\n      path: ${JSON.stringify(path)}\n    values:\n      title: Scoped\n`, [file]: '---\nlayout: page\n---\nx\n' })
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    expect(result.payload?.content.pages?.[0]?.title === 'Scoped').toBe(held)
  })
})
