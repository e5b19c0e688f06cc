import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { importedSite as imported, tempSites } from './_tmpsite.js'
import { importMarkdown } from '../../../importers/markdown/index.js'

// The usual monorepo layout: the Docusaurus site in website/ (its configuration, sidebars, static files, pages and
// blog) takes its docs from the repository's docs/ (`path: '../docs'`), and the repository's README is no page.
// Docusaurus resolves a content plugin's `path` against the site's folder (docusaurus.io, plugin-content-docs and
// plugin-content-blog "path"); the folder imported is still the limit: nothing outside it is read.
const site = tempSites('md-docusaurus-site-folder-')
const FIXTURE = fileURLToPath(new URL('../../fixtures/markdown/docusaurus-website-beside-docs/input', import.meta.url))

const CONFIG = (docs: string, extra = '') => `module.exports = {
  title: 'Lib',
  url: 'https://lib.example',
  baseUrl: '/',
  presets: [['classic', { docs: { path: ${JSON.stringify(docs)}, sidebarPath: require.resolve('./sidebars.js') }, blog: { showReadingTime: true } }]],
${extra}}
`

describe('a Docusaurus site in website/ with its docs beside it', () => {
  test('imports as `docusaurus build` in website/ publishes it (URLs from a docusaurus 3.10.2 build of the fixture)', async () => {
    const got = await imported(FIXTURE)
    expect(got.preset).toBe('docusaurus')
    // The build's pages: docs/configuration, docs/guide/usage, docs/intro, about, the post; list pages redirect.
    expect(got.urls).toMatchObject({
      'docs/intro.md': '/docs/intro/',
      'docs/guide/usage.md': '/docs/guide/usage/',
      'docs/guide/configure.md': '/docs/configuration/',
      'website/blog/2024-03-01-release.md': '/blog/2024/03/01/release/',
      'website/src/pages/about.md': '/about/',
      'website/static/img/logo.png': '/img/logo.png',
    })
    for (const url of ['/docs/intro', '/docs/guide/usage', '/docs/configuration', '/about', '/blog/2024/03/01/release', '/blog/archive', '/blog/tags', '/blog/authors']) expect(got.served(url), url).toBe(true)
    expect(got.skipped['README.md']).toBe('not-content')
    expect(got.result.root).toBe(FIXTURE)
    expect(got.payload.site.title).toBe('Widgetlib')
    expect(got.payload.site.post_index).toEqual({ path: '/blog/' })
    // The sidebar of website/sidebars.js, its ids those of the docs in ../docs.
    expect(got.payload.menus?.sidebar?.items.map((i) => [i.title, i.url, (i.children ?? []).map((c) => c.url)])).toEqual([
      ['Introduction', '/docs/intro/', []],
      ['Guide', '/docs/guide/usage/', ['/docs/guide/usage/', '/docs/configuration/']],
    ])
    expect(got.result.report.convention.reason).toMatch(/in website\/, whose site takes content from docs\//)
  })

  // The usual way a monorepo's configuration names its docs: path.resolve / path.join from the configuration's folder.
  test.each([
    ["path.resolve(__dirname, '../docs')", '/docs/intro/'],
    ["path.join(__dirname, '..', 'docs')", '/docs/intro/'],
  ])('a docs path written as %s', async (code, url) => {
    const root = await site(`code-path-${code.slice(5, 9)}`, {
      'README.md': '# Repo\n',
      'website/docusaurus.config.js': CONFIG('../docs').replace('"../docs"', code),
      'website/sidebars.js': "module.exports = { docs: ['intro'] }\n",
      'docs/intro.md': '# Intro\n',
      'docs/guide.md': '# Guide\n',
    })
    const got = await imported(root)
    expect(got.preset).toBe('docusaurus')
    expect(got.urls['docs/intro.md']).toBe(url)
    expect(got.skipped['README.md']).toBe('not-content')
  })

  test('versions, translations and static files are read in the site folder', async () => {
    const root = await site('versions', {
      'README.md': '# Repo\n',
      'website/docusaurus.config.js': CONFIG('../docs', "  i18n: { defaultLocale: 'en', locales: ['en', 'fr'] },\n"),
      'website/sidebars.js': "module.exports = { docs: ['intro'] }\n",
      'website/versions.json': '["1.0"]\n',
      'website/versioned_docs/version-1.0/intro.md': '# Intro 1.0\n',
      'website/versioned_sidebars/version-1.0-sidebars.json': '{ "docs": ["intro"] }\n',
      'website/i18n/fr/docusaurus-plugin-content-docs/current/intro.md': '# Intro (fr)\n',
      'website/static/img/a.txt': 'a\n',
      'docs/intro.md': '# Intro next\n\n[a](pathname:///img/a.txt)\n',
    })
    const got = await imported(root)
    expect(got.urls).toMatchObject({
      'docs/intro.md': '/docs/next/intro/',
      'website/versioned_docs/version-1.0/intro.md': '/docs/intro/',
      'website/i18n/fr/docusaurus-plugin-content-docs/current/intro.md': '/fr/docs/next/intro/',
    })
    expect(got.result.report.items.find((i) => i.source === 'website/versioned_sidebars/version-1.0-sidebars.json')).toMatchObject({ kind: 'config' })
    expect(got.payload.menus?.sidebar?.items.map((i) => i.url)).toEqual(['/docs/intro/'])
  })

  test('Docusaurus 1 (website/siteConfig.js, docs in ../docs) is still read as before', async () => {
    const root = await site('v1', {
      'website/siteConfig.js': "module.exports = { title: 'Old', url: 'https://old.example', baseUrl: '/', projectName: 'old' }\n",
      'docs/intro.md': '---\nid: intro\ntitle: Intro\n---\n\nHi.\n',
    })
    const got = await imported(root)
    expect(got.result.report.convention.reason).toBe('found website/siteConfig.js (Docusaurus 1)')
    expect(got.urls['docs/intro.md']).toBe('/docs/intro')
  })
})

describe('a content path leading out of the folder imported is refused, never read', () => {
  // Each row: the folder imported is <case>/repo; <case>/outside/secret.md is beside it, never to be read.
  const rows: Array<{ name: string; config: string; at: string; path: string; code?: string }> = [
    { name: 'two levels up from website/', config: 'website/docusaurus.config.js', at: '../../outside', path: '../../outside' },
    { name: "'../../etc' from website/", config: 'website/docusaurus.config.js', at: '../../etc', path: '../../etc' },
    { name: 'one level up from the root', config: 'docusaurus.config.js', at: '../outside', path: '../outside' },
    { name: 'an absolute path', config: 'website/docusaurus.config.js', at: '/etc', path: '/etc' },
    { name: 'a Windows drive path', config: 'website/docusaurus.config.js', at: 'C:\\outside', path: 'C:\\outside' },
    { name: 'path.join two levels up', config: 'website/docusaurus.config.js', at: '../../outside', path: '../../outside', code: "path.join(__dirname, '../..', 'outside')" },
    { name: 'path.resolve to an absolute path', config: 'website/docusaurus.config.js', at: '/etc', path: '/etc', code: "path.resolve(__dirname, '../docs', '/etc')" },
  ]
  test.each(rows)('$name', async ({ name, config, at, path, code }) => {
    const base = await site(`hostile-${rows.findIndex((r) => r.name === name)}`, {
      'outside/secret.md': '# Secret\n\nNot to be published.\n',
      'repo/README.md': '# Repo\n',
      [`repo/${config}`]: code ? CONFIG(at).replace(JSON.stringify(at), code) : CONFIG(at),
      [`repo/${config.replace(/docusaurus\.config\.js$/, 'sidebars.js')}`]: "module.exports = { docs: ['intro'] }\n",
      [`repo/${config.replace(/docusaurus\.config\.js$/, 'blog/2024-01-01-hi.md')}`]: '# Hi\n',
    })
    const got = await imported(`${base}/repo`)
    expect(got.preset).toBe('docusaurus')
    expect(got.bodies.join('\n')).not.toContain('Not to be published')
    const finding = got.result.diagnostics.find((d) => d.code === 'invalid_config' && d.message.includes(`"${path}"`))
    // The site (its blog the only Markdown) is website/ when it is there: the finding names the file in it.
    expect(finding?.file).toBe('docusaurus.config.js')
    expect(finding?.message).toMatch(/The docs path ".*" (?:is absolute|leads out of the folder imported).*; that content is not imported\. Import the folder that holds both the site and its docs\./)
    // The blog inside the folder is still imported.
    expect(Object.values(got.kinds)).toContain('post')
  })
})

// A docs `path` is "relative to site directory" (docusaurus.io plugin-content-docs, "path"), resolved by Node's path
// module: the forms monorepo configurations write that still name one folder are read as that folder; anything else
// is code the importer does not run, said in a finding naming the configuration and the expression, and the docs are
// read from the documented default, `docs`.
describe('a Docusaurus docs path written as code', () => {
  const rows: Array<{ name: string; code: string; url: string; finding?: RegExp; extra?: string }> = [
    { name: "require('path').resolve", code: "require('path').resolve(__dirname, '../docs')", url: '/docs/intro/' },
    { name: "require('node:path').join", code: "require(\"node:path\").join(__dirname, '..', 'docs')", url: '/docs/intro/' },
    { name: 'a template literal from __dirname', code: '`${__dirname}/../docs`', url: '/docs/intro/' },
    { name: 'a variable holding a literal', code: 'docsDir', extra: "const docsDir = '../docs'\n", url: '/docs/intro/' },
    { name: 'a variable holding path.resolve', code: 'docsDir', extra: "const docsDir = path.resolve(__dirname, '../docs')\n", url: '/docs/intro/' },
    { name: 'a function call', code: 'docsFolder()', url: '/docs/local/', finding: /The docs path in (?:website\/)?docusaurus\.config\.js is written as code the importer does not run \(docsFolder\(\)\): the docs are read from docs\/, Docusaurus's default \(plugin-content-docs "path"\)\./ },
    { name: 'a template literal with a variable', code: '`${root}/docs`', url: '/docs/local/', finding: /written as code the importer does not run \(`\$\{root\}\/docs`\):/ },
    { name: 'an environment variable', code: 'process.env.DOCS_PATH', url: '/docs/local/', finding: /\(process\.env\.DOCS_PATH\):/ },
    // Node's path module on Linux and macOS takes a backslash for part of a name; only a Windows build reads it as a
    // separator, which is the only way such a site was built: read so, and said.
    { name: 'backslashes as separators', code: JSON.stringify('..\\docs'), url: '/docs/intro/', finding: /The docs path "\.\.\\docs" in (?:website\/)?docusaurus\.config\.js separates folders with backslashes.*: it is read as docs\/\./ },
  ]
  test.each(rows)('$name', async ({ name, code, url, finding, extra }) => {
    const root = await site(`computed-${rows.findIndex((r) => r.name === name)}`, {
      'README.md': '# Repo\n',
      'website/docusaurus.config.js': (extra ?? '') + CONFIG('../docs').replace('"../docs"', code),
      'website/sidebars.js': "module.exports = { docs: ['intro'] }\n",
      'website/docs/local.md': '# Local\n',
      'website/blog/2024-01-01-hi.md': '# Hi\n',
      'docs/intro.md': '# Intro\n',
    })
    const got = await imported(root)
    expect(got.preset).toBe('docusaurus')
    const urls = Object.values(got.urls)
    expect(urls).toContain(url)
    const found = got.result.diagnostics.find((d) => d.code === 'unsupported_feature' && /docs path/.test(d.message))
    if (finding) {
      expect(found?.message).toMatch(finding)
      expect(found?.file).toMatch(/docusaurus\.config\.js$/)
    } else expect(found).toBeUndefined()
  })
})

// `--preset docusaurus` names the convention auto-detection finds in website/: the site is read as detection reads
// it (its configuration in website/, its docs in ../docs), not with the defaults at the root.
describe('--preset docusaurus on a repository whose site is in website/', () => {
  test('imports as auto-detection does', async () => {
    const auto = await importMarkdown(FIXTURE, { generatedAt: '2026-11-01T00:00:00Z' })
    const chosen = await importMarkdown(FIXTURE, { generatedAt: '2026-11-01T00:00:00Z', preset: 'docusaurus' })
    const urls = (r: typeof auto) => r.report.items.map((i) => [i.source, 'url' in i ? i.url : 'skipped' in i ? i.skipped : ''])
    expect(urls(chosen)).toEqual(urls(auto))
    expect(chosen.payload?.menus).toEqual(auto.payload?.menus)
    expect(chosen.payload?.site.title).toBe('Widgetlib')
    expect(chosen.report.convention.reason).toMatch(/^chosen by the caller; its configuration read in website\//)
  })
})
