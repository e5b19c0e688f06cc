import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { tempSites } from './_tmpsite.js'

// A <Callout> is Nextra's or Fumadocs' only on a site that depends on that framework; another site's <Callout> is its
// own component (the generic rule: its content kept, the tag removed).

const site = tempSites('md-nextjs-callouts-')
const PAGE = "import { Callout } from 'nextra/components'\n\n# Page\n\n<Callout>Read this.</Callout>\n"

describe('Next.js: <Callout> by the framework the site depends on', () => {
  test.each([
    ['nextra', '{"dependencies":{"next":"13.0.0","nextra":"2.13.4","nextra-theme-docs":"2.13.4"}}', '<aside class="admonition admonition-tip">\nRead this.</aside>'],
    ['fumadocs', '{"dependencies":{"next":"15.0.0","fumadocs-ui":"15.0.0","fumadocs-core":"15.0.0"}}', '<aside class="admonition admonition-info">\nRead this.</aside>'],
    // create-nextra-app's docs template (the corpus's nextra-docs) ships no package.json: its next.config requires nextra.
    ['nextra, by next.config', undefined, '<aside class="admonition admonition-tip">\nRead this.</aside>'],
    ['neither', '{"dependencies":{"next":"15.0.0","@next/mdx":"15.0.0"}}', 'Read this.'],
  ])('%s', async (name, pkg, want) => {
    const config = pkg === undefined ? "module.exports = require('nextra')('nextra-theme-docs', './theme.config.js')()\n" : 'module.exports = {}\n'
    const root = await site(name.replace(/\W+/g, '-'), { ...(pkg === undefined ? {} : { 'package.json': pkg }), 'next.config.js': config, 'pages/page.mdx': PAGE })
    const result = await importMarkdown(root, { generatedAt: '2026-11-01T00:00:00Z' })
    const body = JSON.stringify(result.payload)
    expect(body).toContain(JSON.stringify(want).slice(1, -1))
    if (name === 'neither') expect(body).not.toContain('admonition')
  })
})
