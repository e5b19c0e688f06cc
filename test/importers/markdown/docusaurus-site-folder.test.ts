import { describe, expect, test } from 'vitest'
import { importedSite as imported, tempSites } from './_tmpsite.js'

// The usual monorepo layout: the Docusaurus site in website/ (its configuration, sidebars, static files, pages and
// blog) takes its docs from the repository's docs/ (`path: '../docs'`), and the repository's README is no page.
// Docusaurus resolves a content plugin's `path` against the site's folder (docusaurus.io, plugin-content-docs and
// plugin-content-blog "path"); the folder imported is still the limit: nothing outside it is read.
const site = tempSites('md-docusaurus-site-folder-')

const CONFIG = (docs: string, extra = '') => `module.exports = {
  title: 'Lib',
  url: 'https://lib.example',
  baseUrl: '/',
  presets: [['classic', { docs: { path: ${JSON.stringify(docs)}, sidebarPath: require.resolve('./sidebars.js') }, blog: { showReadingTime: true } }]],
${extra}}
`

describe('a content path leading out of the folder imported is refused, never read', () => {
  // Each row: the folder imported is <case>/repo; <case>/outside/secret.md is beside it, never to be read.
  const rows: Array<{ name: string; config: string; at: string; path: string }> = [
    { name: 'two levels up from website/', config: 'website/docusaurus.config.js', at: '../../outside', path: '../../outside' },
    { name: "'../../etc' from website/", config: 'website/docusaurus.config.js', at: '../../etc', path: '../../etc' },
    { name: 'one level up from the root', config: 'docusaurus.config.js', at: '../outside', path: '../outside' },
    { name: 'an absolute path', config: 'website/docusaurus.config.js', at: '/etc', path: '/etc' },
    { name: 'a Windows drive path', config: 'website/docusaurus.config.js', at: 'C:\\outside', path: 'C:\\outside' },
  ]
  test.each(rows)('$name', async ({ name, config, at, path }) => {
    const base = await site(`hostile-${rows.findIndex((r) => r.name === name)}`, {
      'outside/secret.md': '# Secret\n\nNot to be published.\n',
      'repo/README.md': '# Repo\n',
      [`repo/${config}`]: CONFIG(at),
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
