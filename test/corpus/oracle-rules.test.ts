// The corpus machinery that needs no fetched corpus: Starlight's routing rules as the oracle applies them, and the
// Markdown site builder's promise that every build writes the same site. These run everywhere.
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { astroRules, generatorOutput, nextjsPagesRules, starlightRules, vuepressRules } from '../../scripts/corpus/_oracle-rules.mjs'
import { buildSite } from '../../scripts/corpus/markdown/build.mjs'

let tmp: string
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'corpus-rules-'))
})
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true })
})

describe('starlightRules', () => {
  const files: Record<string, string> = {
    'src/content/docs/index.mdx': '---\ntitle: Home\n---\n',
    'src/content/docs/guides/Getting Started.md': '---\ntitle: Start\n---\n',
    'src/content/docs/guides/moved.md': '---\ntitle: Moved\nslug: elsewhere/here\n---\n',
    'src/content/docs/guides/secret.md': '---\ntitle: Secret\ndraft: true\n---\n',
    'src/content/docs/guides/_notes.md': '---\ntitle: Notes\n---\n',
    'src/content/docs/reference/cli/index.md': '---\ntitle: CLI\n---\n',
    'src/content/docs/fr/guides/getting-started.md': '---\ntitle: Démarrer\n---\n',
    'README.md': '# Readme\n',
  }
  const site = { id: 'rules', oracle: { locales: { root: 'en', fr: 'fr' } } }

  test('URLs from slugified paths or slug, drafts and _ files left out, untranslated pages served as fallbacks', async () => {
    const dir = path.join(tmp, 'starlight')
    for (const [rel, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, 'site', rel)), { recursive: true })
      await writeFile(path.join(dir, 'site', rel), text)
    }
    const { documents } = await starlightRules(site, dir)
    const rows = documents.map((d: { source: string; status: string; url: string | null; lang?: string; fallback?: boolean }) => `${d.source} ${d.status} ${d.url} ${d.lang ?? '-'}${d.fallback ? ' fallback' : ''}`)
    expect(rows.sort()).toEqual([
      'README.md not-routed null -',
      'src/content/docs/fr/guides/getting-started.md published /fr/guides/getting-started/ fr',
      'src/content/docs/guides/Getting Started.md published /guides/getting-started/ en',
      'src/content/docs/guides/_notes.md not-rendered null -',
      'src/content/docs/guides/moved.md published /elsewhere/here/ en',
      'src/content/docs/guides/moved.md published /fr/elsewhere/here/ fr fallback',
      'src/content/docs/guides/secret.md draft /guides/secret/ en',
      'src/content/docs/index.mdx published / en',
      'src/content/docs/index.mdx published /fr/ fr fallback',
      'src/content/docs/reference/cli/index.md published /fr/reference/cli/ fr fallback',
      'src/content/docs/reference/cli/index.md published /reference/cli/ en',
    ])
  })
})

/** Writes `files` under `<tmp>/<name>/site/` and returns `<tmp>/<name>`, the folder an oracle method reads. */
async function siteFolder(name: string, files: Record<string, string>): Promise<string> {
  const dir = path.join(tmp, name)
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, 'site', rel)), { recursive: true })
    await writeFile(path.join(dir, 'site', rel), text)
  }
  return dir
}

const rowsOf = (documents: Array<{ source: string; status: string; url: string | null; lang?: string }>) => documents.map((d) => `${d.source} ${d.status} ${d.url} ${d.lang ?? '-'}`).sort()

describe('vuepressRules', () => {
  test('README and index for their folder, .html for the rest, permalink, locales by prefix, .vuepress not routed', async () => {
    const dir = await siteFolder('vuepress', {
      'src/README.md': '# Home\n',
      'src/guide/README.md': '# Guide\n',
      'src/guide/page.md': '# Page\n',
      'src/moved.md': '---\npermalink: /elsewhere/\n---\n',
      'src/locked/page.md': '# Locked\n',
      'src/zh/index.md': '# Zh\n',
      'src/zh/guide/page.md': '# Zh page\n',
      'src/.vuepress/templates/x.md': '# Not a page\n',
      'CHANGELOG.md': '# Changes\n',
    })
    const { documents } = await vuepressRules({ oracle: { source: 'src', locales: { '/': 'en-US', '/zh/': 'zh-CN' }, encrypted: ['/locked/'] } }, dir)
    expect(rowsOf(documents)).toEqual([
      'CHANGELOG.md not-routed null -',
      'src/.vuepress/templates/x.md not-routed null -',
      'src/README.md published / en-US',
      'src/guide/README.md published /guide/ en-US',
      'src/guide/page.md published /guide/page.html en-US',
      'src/locked/page.md password /locked/page.html en-US',
      'src/moved.md published /elsewhere/ en-US',
      'src/zh/guide/page.md published /zh/guide/page.html zh-CN',
      'src/zh/index.md published /zh/ zh-CN',
    ])
  })
})

describe('nextjsPagesRules', () => {
  test('paths without extension, index for its folder, _ files and dynamic routes not documents', async () => {
    const dir = await siteFolder('nextjs-pages', {
      'pages/index.mdx': '# Home\n',
      'pages/posts/index.md': '# Posts\n',
      'pages/posts/Hello.md': '# Hello\n',
      'pages/tags/[tag].mdx': '# Tag\n',
      'pages/_draft.md': '# Partial\n',
      'README.md': '# Readme\n',
    })
    const { documents } = await nextjsPagesRules({ oracle: { pagesDir: 'pages' } }, dir)
    expect(rowsOf(documents)).toEqual([
      'README.md not-routed null -',
      'pages/_draft.md not-rendered null -',
      'pages/index.mdx published / -',
      'pages/posts/Hello.md published /posts/Hello -',
      'pages/posts/index.md published /posts -',
      'pages/tags/[tag].mdx not-rendered null -',
    ])
  })
})

describe('astroRules with a collection rendered by a route file', () => {
  test('the slug from the first front-matter field present, drafts left out', async () => {
    const dir = await siteFolder('astro-collection', {
      'src/content/blog/a.md': '---\ntitle: A Title\npostSlug: Custom Slug\n---\n',
      'src/content/blog/b.md': '---\ntitle: The B Post!\n---\n',
      'src/content/blog/c.md': '---\ntitle: C\ndraft: true\n---\n',
      'src/pages/about.md': '# About\n',
    })
    const { documents } = await astroRules({ oracle: { collections: [{ dir: 'src/content/blog', route: '/posts/', slugFrom: ['postSlug', 'title'] }] } }, dir)
    expect(rowsOf(documents)).toEqual([
      'src/content/blog/a.md published /posts/custom-slug/ -',
      'src/content/blog/b.md published /posts/the-b-post/ -',
      'src/content/blog/c.md draft null -',
      'src/pages/about.md published /about/ -',
    ])
  })
})

describe('buildSite', () => {
  test('writes the same files, byte for byte, on every build', async () => {
    const a = await buildSite('starlight-i18n', path.join(tmp, 'a'))
    const b = await buildSite('starlight-i18n', path.join(tmp, 'b'))
    expect(b).toEqual(a)
    for (const rel of a.filter((_, i) => i % 10 === 0)) {
      expect(await readFile(path.join(tmp, 'b', 'site', rel)), rel).toEqual(await readFile(path.join(tmp, 'a', 'site', rel)))
    }
  })

  test('an unknown site name is one clear error', async () => {
    await expect(buildSite('nope', path.join(tmp, 'c'))).rejects.toThrow(/no Markdown site builder is called "nope"/)
  })
})

describe('generatorOutput', () => {
  test('a source is published where its HTML is: under sourceDir, with the base path, without .html for clean URLs', async () => {
    const dir = await siteFolder('generator-output', {
      'README.md': '# Repository\n',
      'docs/overview.md': '# Overview\n',
      'docs/client/theme.md': '# Theme\n',
      'docs/unbuilt.md': '# Not built\n',
    })
    for (const rel of ['out/overview.html', 'out/overview/index.html', 'out/client/theme.html', 'out/client/theme/index.html', 'out/index.html']) {
      await mkdir(path.dirname(path.join(dir, rel)), { recursive: true })
      await writeFile(path.join(dir, rel), '<html></html>')
    }
    const site = { id: 'go', package: 'x', version: '1.0.0', oracle: { outputDir: 'out', sourceDir: 'docs', urlPrefix: '/auspice', cleanUrls: true } }
    expect(rowsOf((await generatorOutput(site, dir)).documents)).toEqual([
      'README.md not-rendered null -',
      'docs/client/theme.md published /auspice/client/theme -',
      'docs/overview.md published /auspice/overview -',
      'docs/unbuilt.md not-rendered null -',
    ])
  })
})
