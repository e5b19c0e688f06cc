import { describe, expect, test } from 'vitest'
import { importedSite, tempSites } from './_tmpsite.js'

// Generators' documented options that change which documents are published and where, each row a small site built
// with the real generator (Docusaurus 3.10.2's `.docusaurus/` route metadata) and the URL it gave each file: the
// import must keep that URL (served as is or redirected) and leave out what the generator did not build.

const site = tempSites('md-documented-')
const doc = (title: string) => `---\ntitle: ${title}\n---\n\nText of ${title}.\n`

/** A Docusaurus site with versions 2.0 and 1.0 and current docs, each holding a.md, with these docs options. */
const versioned = (options: string) => ({
  'docusaurus.config.js': `module.exports = {\n  title: 'V', url: 'https://v.example', baseUrl: '/',\n  presets: [['classic', { docs: { sidebarPath: './sidebars.js', ${options} }, blog: false }]],\n}\n`,
  'sidebars.js': "module.exports = { s: ['a'] }\n",
  'versions.json': '["2.0", "1.0"]',
  'docs/a.md': doc('A current'),
  'versioned_docs/version-2.0/a.md': doc('A 2.0'),
  'versioned_docs/version-1.0/a.md': doc('A 1.0'),
  'versioned_sidebars/version-2.0-sidebars.json': '{ "s": ["a"] }',
  'versioned_sidebars/version-1.0-sidebars.json': '{ "s": ["a"] }',
})

describe('Docusaurus versions (docusaurus.io "Versioning", plugin-content-docs options)', () => {
  test.each<[string, string, Record<string, string>]>([
    ['the newest version at the docs root, current docs under next/', '', { 'docs/a.md': '/docs/next/a', 'versioned_docs/version-2.0/a.md': '/docs/a', 'versioned_docs/version-1.0/a.md': '/docs/1.0/a' }],
    // Docusaurus built only /docs/dev/a and /docs/a.
    ["onlyIncludeVersions and a version's own path", "onlyIncludeVersions: ['current', '2.0'], versions: { current: { path: 'dev', label: 'Dev' } }", { 'docs/a.md': '/docs/dev/a', 'versioned_docs/version-2.0/a.md': '/docs/a', 'versioned_docs/version-1.0/a.md': 'not-built' }],
    // Docusaurus built only /docs/a (1.0) and /docs/two/a.
    ['includeCurrentVersion: false, lastVersion and a path', "includeCurrentVersion: false, lastVersion: '1.0', versions: { '2.0': { path: 'two' } }", { 'docs/a.md': 'not-built', 'versioned_docs/version-2.0/a.md': '/docs/two/a', 'versioned_docs/version-1.0/a.md': '/docs/a' }],
  ])('%s', async (_name, options, want) => {
    const got = await importedSite(await site(options.replace(/\W+/g, '-') || 'plain', versioned(options)))
    for (const [file, url] of Object.entries(want)) {
      if (url === 'not-built') expect(got.skipped[file], file).toBe('not-built')
      else expect(got.served(url), `${file} at ${url}`).toBe(true)
    }
  })
})
