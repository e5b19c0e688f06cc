// The corpus machinery that needs no fetched corpus: Starlight's routing rules as the oracle applies them, and the
// Markdown site builder's promise that every build writes the same site. These run everywhere.
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { starlightRules } from '../../scripts/corpus/_oracle-rules.mjs'
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
