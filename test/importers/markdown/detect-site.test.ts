import { describe, expect, test } from 'vitest'
import { detectSite } from '../../../importers/markdown/detect.js'
import type { Discovery } from '../../../importers/markdown/discover.js'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { tempSites } from './_tmpsite.js'

/** A discovery of these paths (nothing on disk), with each folder's package.json dependencies from `deps`. */
function layout(paths: string[]): Discovery {
  const files = [...paths].sort().map((rel) => ({ rel, abs: `/site/${rel}` }))
  return { files, paths: new Set(paths), rejected: [] }
}

const REPO = ['README.md', 'CHANGELOG.md', 'CONTRIBUTING.md', 'lib/index.js', 'package.json']

// Layouts of real repositories and packages → the convention and the folder the site is in ('' for the root).
const rows: Array<{ name: string; paths: string[]; deps?: Record<string, string[]>; preset: string; folder: string }> = [
  { name: 'GitHub Pages site in docs/', paths: [...REPO, 'docs/_config.yml', 'docs/index.md', 'docs/_posts/2020-01-01-hello.md', 'docs/guide.md'], preset: 'jekyll', folder: 'docs' },
  { name: 'Docusaurus in website/', paths: [...REPO, 'website/docusaurus.config.js', 'website/docs/intro.md', 'website/blog/2021-01-01-hi.md'], preset: 'docusaurus', folder: 'website' },
  { name: 'Starlight in a monorepo app', paths: [...REPO, 'apps/docs/package.json', 'apps/docs/astro.config.mjs', 'apps/docs/src/content/docs/index.mdx', 'apps/docs/src/content/docs/guide.md'], deps: { 'apps/docs': ['astro', '@astrojs/starlight'] }, preset: 'starlight', folder: 'apps/docs' },
  { name: "Hugo theme's exampleSite", paths: ['README.md', 'theme.toml', 'layouts/_default/single.html', 'exampleSite/config.toml', 'exampleSite/content/posts/a.md', 'exampleSite/content/about.md'], preset: 'hugo', folder: 'exampleSite' },
  { name: 'Eleventy site in docs/', paths: [...REPO, 'docs/.eleventy.js', 'docs/index.md', 'docs/posts/a.md'], preset: 'eleventy', folder: 'docs' },
  { name: 'the larger of two sites', paths: [...REPO, 'docs/_config.yml', 'docs/a.md', 'website/docusaurus.config.js', 'website/docs/a.md', 'website/docs/b.md', 'website/docs/c.md'], preset: 'docusaurus', folder: 'website' },
  { name: 'a configuration at the root wins', paths: ['hugo.toml', 'content/a.md', 'docs/docusaurus.config.js', 'docs/docs/a.md', 'docs/docs/b.md', 'docs/docs/c.md'], preset: 'hugo', folder: '' },
  { name: 'VuePress finds its own source folder', paths: [...REPO, 'docs/.vuepress/config.js', 'docs/README.md', 'docs/guide/a.md'], preset: 'vuepress', folder: '' },
  { name: 'a test fixture is not the site', paths: [...REPO, 'docs/a.md', 'docs/b.md', 'docs/c.md', 'test/site/_config.yml', 'test/site/about.md'], preset: 'plain', folder: '' },
  { name: 'too deep to be the site', paths: ['README.md', 'a/b/c/_config.yml', 'a/b/c/index.md', 'a/b/c/x.md'], preset: 'plain', folder: '' },
  { name: 'packages without a generator', paths: [...REPO, 'packages/one/package.json', 'packages/one/README.md', 'packages/two/package.json', 'packages/two/README.md'], deps: { 'packages/one': ['lodash'] }, preset: 'plain', folder: '' },
  { name: 'a package.json naming no generator beside plain docs', paths: [...REPO, 'docs/package.json', 'docs/a.md', 'docs/b.md'], deps: { docs: ['typescript'] }, preset: 'plain', folder: '' },
]

describe('detectSite: the convention, and the subfolder a repository keeps its site in', () => {
  test.each(rows)('$name', async ({ paths, deps, preset, folder }) => {
    const asked: string[] = []
    const found = await detectSite(layout(paths), async (f) => {
      asked.push(f)
      return new Set(deps?.[f] ?? [])
    })
    expect({ preset: found.preset, folder: found.folder }).toEqual({ preset, folder })
    // The subfolder's own paths, as if it had been walked.
    if (folder !== '') expect([...found.discovery.paths].every((p) => paths.includes(`${folder}/${p}`))).toBe(true)
    // Only package.json files that exist are read.
    for (const f of asked) expect(paths).toContain(`${f}/package.json`)
  })

  test('the reason names the folder and how to import the whole folder instead', async () => {
    const found = await detectSite(layout(rows[0].paths), async () => new Set())
    expect(found.reason).toBe('found _config.yml in docs/: the site is that folder, imported from there (3 of the 3 Markdown files below the root); --preset <name> imports the whole folder instead')
  })

  test('a guess says how to choose another convention', async () => {
    const found = await detectSite(layout(['README.md', 'guide/a.md']), async () => new Set())
    expect(found.reason).toMatch(/read as a plain folder .*; --preset <name> chooses another convention$/)
  })

  test('a site after many packages is still found', async () => {
    const paths = ['README.md']
    for (let i = 0; i < 200; i++) paths.push(`packages/p${String(i).padStart(3, '0')}/package.json`)
    paths.push('website/docusaurus.config.js', 'website/docs/a.md')
    const found = await detectSite(layout(paths), async () => new Set())
    expect(found.folder).toBe('website')
  })

  test('thousands of candidate folders are weighed in linear time', async () => {
    const paths = ['README.md']
    for (let i = 0; i < 5000; i++) paths.push(`p${i}/package.json`, `p${i}/config.toml`, `p${i}/content/a.md`)
    const started = performance.now()
    const found = await detectSite(layout(paths), async () => new Set())
    expect(found.folder).toBe('')
    expect(performance.now() - started).toBeLessThan(5000)
  })
})

const site = tempSites('md-detect-site-')

describe('importing a repository whose site is in a subfolder', () => {
  test('imports the subfolder with its generator: the same payload as importing that folder', async () => {
    const files = {
      'README.md': '# Tool\n\nSee [the docs](docs/index.md).\n',
      'CHANGELOG.md': '# Changelog\n',
      'docs/_config.yml': 'title: Tool docs\npermalink: /:year/:title/\n',
      'docs/index.md': '---\ntitle: Home\n---\nWelcome. [Hello](_posts/2020-01-01-hello.md)\n',
      'docs/_posts/2020-01-01-hello.md': '---\ntitle: Hello\n---\nFirst post.\n',
    }
    const root = await site('repo', files)
    const options = { generatedAt: '2026-11-01T00:00:00Z' }
    const whole = await importMarkdown(root, options)
    const docs = await importMarkdown(`${root}/docs`, options)
    expect(whole.preset).toBe('jekyll')
    expect(whole.presetReason).toMatch(/^found _config\.yml in docs\//)
    expect(whole.payload).toEqual(docs.payload)
    expect(whole.payload?.content.posts?.[0]).toMatchObject({ title: 'Hello', slug: 'hello' })
    expect(whole.payload?.site.title).toBe('Tool docs')
    // Chosen by the caller, the whole folder is imported.
    const plain = await importMarkdown(root, { ...options, preset: 'plain' })
    expect(plain.payload?.content.pages?.map((p) => p.title).sort()).toEqual(['Changelog', 'Home', 'Tool'])
  })
})

// A Docusaurus site in website/ taking its docs from beside it (`path: '../docs'`): `beside` names those folders.
describe('detectSite: a subfolder site taking content from beside it is imported from the whole folder', () => {
  const rows: Array<{ name: string; paths: string[]; beside: Record<string, string[]>; folder: string; siteFolder?: string }> = [
    { name: 'docs beside website/', paths: [...REPO, 'website/docusaurus.config.js', 'website/blog/2024-01-01-a.md', 'docs/a.md', 'docs/b.md', 'docs/c.md'], beside: { website: ['docs'] }, folder: '', siteFolder: 'website' },
    { name: 'a website/ holding most Markdown, its docs beside it', paths: [...REPO, 'website/docusaurus.config.js', 'website/blog/a.md', 'website/blog/b.md', 'website/blog/c.md', 'docs/a.md'], beside: { website: ['docs'] }, folder: '', siteFolder: 'website' },
    { name: 'a self-contained website/ stays the site', paths: [...REPO, 'website/docusaurus.config.js', 'website/docs/a.md', 'website/docs/b.md'], beside: {}, folder: 'website' },
    { name: 'docs beside a site that hold too little of the Markdown', paths: [...REPO, 'website/docusaurus.config.js', 'docs/a.md', 'notes/a.md', 'notes/b.md', 'notes/c.md'], beside: { website: ['docs'] }, folder: '' },
  ]
  test.each(rows)('$name', async ({ paths, beside, folder, siteFolder }) => {
    const found = await detectSite(layout(paths), async () => new Set(), async (f) => beside[f] ?? [])
    expect({ folder: found.folder, siteFolder: found.siteFolder }).toEqual({ folder, siteFolder })
    if (siteFolder) expect(found.preset).toBe('docusaurus')
  })
})
