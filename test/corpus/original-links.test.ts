// Which links the original site leaves broken, so that the corpus figures do not count them against the importer,
// and only them: a link the original resolved and the import breaks must still count. These need no corpus.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Oracle } from '../../scripts/corpus/measure.js'
import { againstOriginal, OriginalSite, originalBrokenLinks } from '../../scripts/corpus/original-links.js'

// A docs folder published at /docs/<name>/, with a static folder served at the root and a README that is not shipped.
const site = OriginalSite.of(
  ['docs/intro.md', 'docs/guide/setup.md', 'docs/guide/img/shot.png', 'static/img/logo.png', 'static/files/a b.pdf'],
  ['/docs/intro/', '/docs/guide/setup/', '/blog/2024/hello.html'],
)

describe('OriginalSite.resolves: a link works on the original under any reading', () => {
  test.each([
    // As the generators that rewrite .md links, and GitHub, read them: from the source file's folder.
    { url: './guide/setup.md', from: 'docs/intro.md', at: '/docs/intro/', works: true },
    { url: 'guide/setup.md#step-2', from: 'docs/intro.md', at: '/docs/intro/', works: true },
    { url: '../intro.md', from: 'docs/guide/setup.md', at: '/docs/guide/setup/', works: true },
    { url: 'img/shot.png', from: 'docs/guide/setup.md', at: '/docs/guide/setup/', works: true },
    { url: '../guide', from: 'docs/guide/setup.md', at: '/docs/guide/setup/', works: true },
    // As a browser reads them: from the page's URL, to a published URL.
    { url: '../setup/', from: 'docs/guide/setup.md', at: '/docs/guide/setup/', works: true },
    { url: '/docs/intro', from: 'docs/guide/setup.md', at: '/docs/guide/setup/', works: true },
    { url: '/blog/2024/hello', from: 'docs/intro.md', at: '/docs/intro/', works: true },
    { url: '/docs/intro/index.html', from: 'docs/intro.md', at: '/docs/intro/', works: true },
    // A static folder served at the root.
    { url: '/img/logo.png', from: 'docs/intro.md', at: '/docs/intro/', works: true },
    { url: '/files/a%20b.pdf', from: 'docs/intro.md', at: '/docs/intro/', works: true },
    // Nothing to resolve here: fragments, other hosts and schemes, template syntax the generator expands.
    { url: '#top', from: 'docs/intro.md', at: '/docs/intro/', works: true },
    { url: 'https://example.com/missing', from: 'docs/intro.md', at: '/docs/intro/', works: true },
    { url: 'mailto:a@example.com', from: 'docs/intro.md', at: '/docs/intro/', works: true },
    { url: '{{ site.baseurl }}/nowhere/', from: 'docs/intro.md', at: '/docs/intro/', works: true },
    { url: '{% link nowhere.md %}', from: 'docs/intro.md', at: '/docs/intro/', works: true },
    // Broken on the original: files of the repository the package does not ship, pages of the project's other site.
    { url: '../README.md#options', from: 'docs/intro.md', at: '/docs/intro/', works: false },
    { url: '../../lib', from: 'docs/guide/setup.md', at: '/docs/guide/setup/', works: false },
    { url: '/linting/configs', from: 'docs/intro.md', at: '/docs/intro/', works: false },
    { url: 'LICENSE.txt', from: 'docs/intro.md', at: '/docs/intro/', works: false },
    { url: '/img/missing.png', from: 'docs/intro.md', at: '/docs/intro/', works: false },
    { url: './option-api.md#globallayout', from: 'docs/guide/setup.md', at: '/docs/guide/setup/', works: false },
  ])('$url from $from', ({ url, from, at, works }) => {
    expect(site.resolves(url, from, at)).toBe(works)
  })
})

describe('originalBrokenLinks: read from the published sources', () => {
  let root: string
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'original-links-'))
    await mkdir(path.join(root, 'docs'), { recursive: true })
    await writeFile(path.join(root, 'docs/a.md'), '---\ntitle: "[x](gone.md)"\n---\n[b](b.html) [gone](gone.md) ![shot](shot.png)\n\n```md\n[code](nowhere.md)\n```\n')
    await writeFile(path.join(root, 'docs/b.html'), '<a href="/a/">a</a> <a href="/nowhere/">x</a>')
    await writeFile(path.join(root, 'docs/draft.md'), '[gone](gone.md)')
  })
  afterAll(async () => {
    await rm(root, { recursive: true, force: true })
  })

  test('links and images outside code, front matter left out; drafts not read', async () => {
    const oracle = {
      documents: [
        { source: 'docs/a.md', status: 'published', url: '/a/' },
        { source: 'docs/b.html', status: 'published', url: '/b/' },
        { source: 'docs/draft.md', status: 'draft', url: '/draft/' },
      ],
    } as Oracle
    expect(Object.fromEntries(await originalBrokenLinks(root, oracle))).toEqual({ 'docs/a.md': ['gone.md', 'shot.png'], 'docs/b.html': ['/nowhere/'] })
  })
})

describe('againstOriginal: only the same broken link of the same document is the original\'s', () => {
  const sources = new Map([['/a/', 'docs/a.md'], ['/b/', 'docs/b.md']])
  const original = new Map([['docs/a.md', ['../lib', '../lib']]])
  const finding = (url: string | undefined, target: string) => ({ ...(url ? { url } : {}), target })

  test.each([
    { name: 'the link the original broke', findings: [finding('/a/', '../lib')], inOriginal: 1, ours: 0 },
    { name: 'twice where the original broke it twice', findings: [finding('/a/', '../lib'), finding('/a/', '../lib')], inOriginal: 2, ours: 0 },
    { name: 'three times where the original broke it twice', findings: [finding('/a/', '../lib'), finding('/a/', '../lib'), finding('/a/', '../lib')], inOriginal: 2, ours: 1 },
    { name: 'another link of that document', findings: [finding('/a/', 'b.md')], inOriginal: 0, ours: 1 },
    { name: 'the same link in another document', findings: [finding('/b/', '../lib')], inOriginal: 0, ours: 1 },
    { name: 'a menu item (no document)', findings: [finding(undefined, '../lib')], inOriginal: 0, ours: 1 },
  ])('$name', ({ findings, inOriginal, ours }) => {
    const split = againstOriginal(findings, sources, original)
    expect({ inOriginal: split.inOriginal, ours: split.ours.length }).toEqual({ inOriginal, ours })
  })
})
