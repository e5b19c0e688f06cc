import { describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { tempSites } from './_tmpsite.js'

const site = tempSites('md-heading-')

// A document without a `title` is titled by its first level-1 heading; a theme prints the title above the content,
// so a heading that opens the body is that title and is not left in it to be printed twice. Anything else that opens
// the body (a banner, a paragraph, code) stays as written, and so does a heading under a front-matter title.
const rows: Array<{ file: string; text: string; title: string; content: string }> = [
  { file: 'atx.md', text: '# Getting started\n\nFirst steps.\n', title: 'Getting started', content: 'First steps.\n' },
  { file: 'closed.md', text: '\n\n# Closed heading ##\nBody.\n', title: 'Closed heading', content: 'Body.\n' },
  { file: 'setext.md', text: 'Setext title\n============\n\nBody.\n', title: 'Setext title', content: 'Body.\n' },
  { file: 'only.md', text: '# Only a heading\n', title: 'Only a heading', content: '' },
  { file: 'inline.md', text: '# The `api` *object*\n\nText.\n', title: 'The api object', content: 'Text.\n' },
  { file: 'banner.md', text: '<h1 align="center">Lib</h1>\n\n# Real title\n\nText.\n', title: 'Real title', content: '<h1 align="center">Lib</h1>\n\n# Real title\n\nText.\n' },
  { file: 'later.md', text: 'Intro.\n\n# Later heading\n', title: 'Later heading', content: 'Intro.\n\n# Later heading\n' },
  { file: 'fenced.md', text: '```\n# not a heading\n```\n\n# After code\n', title: 'After code', content: '```\n# not a heading\n```\n\n# After code\n' },
  { file: 'h2.md', text: '## Second level\n\nText.\n', title: 'h2', content: '## Second level\n\nText.\n' },
  // MDX: the statements that open the file are code (Nextra's pages import their components above the title).
  { file: 'esm.mdx', text: "import Callout from 'nextra-theme-docs/callout'\nexport const x = 1\n\n# Next.js I18n\n\nText.\n", title: 'Next.js I18n', content: '\n\n\nText.\n' },
  { file: 'esm-later.mdx', text: "import A from './a'\n\nIntro.\n\n# Later\n", title: 'Later', content: '\nIntro.\n\n# Later\n' },
  { file: 'import-text.md', text: 'import this from there\n\n# Markdown title\n', title: 'Markdown title', content: 'import this from there\n\n# Markdown title\n' },
  { file: 'titled.md', text: '---\ntitle: From front matter\n---\n# From front matter\n\nText.\n', title: 'From front matter', content: '# From front matter\n\nText.\n' },
]

describe('a title taken from the opening heading is not printed twice', () => {
  test.each(rows)('$file', async ({ file, text, title, content }) => {
    const root = await site(file.replace('.md', ''), { [file]: text })
    const { payload } = await importMarkdown(root, { preset: 'plain', generatedAt: '2026-11-01T00:00:00Z' })
    const page = payload?.content.pages?.[0]
    expect(page?.title).toBe(title)
    expect(page?.content).toBe(content)
  })

  test('diagnostics keep the file line of what follows the removed heading', async () => {
    const root = await site('lines', { 'doc.md': '\n# Doc\n\nSee [gone](gone.md).\n' })
    const { diagnostics } = await importMarkdown(root, { preset: 'plain', generatedAt: '2026-11-01T00:00:00Z' })
    expect(diagnostics.filter((d) => d.code === 'missing_link_target').map((d) => [d.file, d.line])).toEqual([['doc.md', 4]])
  })

  test('in MDX, behind the statements that open the file, too', async () => {
    const root = await site('lines-mdx', { 'doc.mdx': "import A from './a.js'\n\n# Doc\n\nSee [gone](gone.md).\n" })
    const { diagnostics } = await importMarkdown(root, { preset: 'plain', generatedAt: '2026-11-01T00:00:00Z' })
    expect(diagnostics.filter((d) => d.code === 'missing_link_target').map((d) => [d.file, d.line])).toEqual([['doc.mdx', 5]])
  })
})
