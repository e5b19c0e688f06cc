import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'
import { runImportMarkdown } from '../../../cli/commands/import-markdown.js'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'md-bad-input-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function site(name: string, files: Record<string, string | Buffer>): Promise<string> {
  const root = path.join(dir, name)
  await mkdir(root, { recursive: true })
  for (const [rel, body] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true })
    await writeFile(path.join(root, rel), body)
  }
  return root
}

const GOOD = '---\ntitle: Good\ndate: 2024-01-02\n---\nFine.\n'

describe('one bad file never sinks a site (issue 13 item 9, issue 15 item 9)', () => {
  test.each([
    { name: 'broken YAML', body: '---\ntitle: [unclosed\ndate: 2024-01-01\n---\n', code: 'front_matter_syntax', line: 3 },
    { name: 'duplicate YAML key', body: '---\ntitle: One\ntitle: Two\ndate: 2024-01-01\n---\n', code: 'front_matter_syntax', line: 3 },
    { name: 'not UTF-8', body: Buffer.from('---\ntitle: caf\xe9\n---\n', 'latin1'), code: 'unsupported_encoding', line: 2 },
  ])('$name: reported with file, line and rule; skipped; the rest imported', async ({ name, body, code, line }) => {
    const root = await site(name.replace(/\W/g, '-'), { 'posts/bad.md': body, 'posts/good.md': GOOD })
    const result = await importMarkdown(root)
    expect(result.ok).toBe(false)
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ file: 'posts/bad.md', line, code, severity: 'error' }))
    expect(result.payload?.content.posts.map((p) => p.title)).toEqual(['Good'])
    expect(result.report.items).toContainEqual(expect.objectContaining({ source: 'posts/bad.md', skipped: expect.stringMatching(/parse-error|unreadable/) }))
  })

  test('a file name that is not UTF-8 is reported with its bytes escaped, and the rest imported', async () => {
    const root = await site('latin1-name', { 'posts/good.md': GOOD })
    await writeFile(Buffer.concat([Buffer.from(path.join(root, 'posts') + '/caf'), Buffer.from([0xe9]), Buffer.from('.md')]), GOOD)
    const result = await importMarkdown(root)
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ file: 'posts/caf\\xE9.md', code: 'invalid_file_name', severity: 'error' }))
    expect(result.payload?.content.posts).toHaveLength(1)
    expect(result.report.items).toContainEqual({ source: 'posts/caf\\xE9.md', skipped: 'invalid-file-name' })
  })

  test('the CLI writes the rest and exits 1; --strict writes nothing', async () => {
    const root = await site('cli', { 'posts/bad.md': '---\ntitle: [\n---\n', 'posts/good.md': GOOD })
    const io = { stdout: () => {}, stderr: () => {}, isTTY: false, cwd: dir }
    expect(await runImportMarkdown([root, '-o', path.join(dir, 'cli.json')], io)).toBe(1)
    expect(await runImportMarkdown([root, '-o', path.join(dir, 'cli-strict.json'), '--strict'], io)).toBe(1)
    const written = await readdir(dir)
    expect(written).toContain('cli.json')
    expect(written).not.toContain('cli-strict.json')
  })
})

describe('prototype keys are never merged (issue 15 item 10)', () => {
  test.each([
    { lang: 'TOML table', body: '+++\ntitle = "T"\ndate = 2024-01-01\n[__proto__]\ndraft = true\n+++\nBody\n' },
    { lang: 'YAML map', body: '---\ntitle: T\ndate: 2024-01-01\n__proto__:\n  draft: true\nconstructor:\n  prototype:\n    draft: true\n---\nBody\n' },
    { lang: 'JSON object', body: '{\n"title": "T", "date": "2024-01-01",\n"__proto__": {"draft": true}\n}\nBody\n' },
  ])('$lang: reported, the post keeps its own fields', async ({ lang, body }) => {
    const root = await site(`proto-${lang.replace(/\W/g, '-')}`, { 'posts/p.md': body })
    const result = await importMarkdown(root)
    const post = result.payload?.content.posts[0]
    expect(post?.status).toBe('published')
    expect(JSON.stringify(post)).not.toMatch(/__proto__|prototype|constructor/)
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ file: 'posts/p.md', code: 'unsafe_key' }))
    expect(({} as Record<string, unknown>).draft).toBeUndefined()
  })
})

describe('nothing to import (issue 15 item 15)', () => {
  test.each([
    { name: 'an empty folder', files: {} as Record<string, Buffer> },
    { name: 'a folder of images only', files: { 'a.png': Buffer.from([0x89, 0x50]) } as Record<string, Buffer> },
  ])('$name: says so, no payload, exit 1 and nothing written', async ({ name, files }) => {
    const root = await site(`empty-${name.replace(/\W/g, '-')}`, files)
    const result = await importMarkdown(root)
    expect(result.ok).toBe(false)
    expect(result.payload).toBeUndefined()
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([expect.objectContaining({ code: 'nothing_to_import' })])
    let stderr = ''
    const out = path.join(dir, `${name.replace(/\W/g, '-')}.json`)
    const code = await runImportMarkdown([root, '-o', out], { stdout: () => {}, stderr: (s) => (stderr += s), isTTY: false, cwd: dir })
    expect(code).toBe(1)
    expect(stderr).toContain('nothing to import')
    expect(await readdir(dir)).not.toContain(path.basename(out))
  })

  test("a Hugo theme's folder: the error names its example site", async () => {
    const root = await site('hugo-theme', {
      'theme.toml': Buffer.from('name = "T"\n'),
      'archetypes/default.md': Buffer.from('---\ntitle: x\n---\n'),
      'layouts/_default/single.html': Buffer.from('{{ .Content }}'),
      'exampleSite/config.toml': Buffer.from('title = "Demo"\n'),
      'exampleSite/content/_index.html': Buffer.from('<p>Home</p>'),
    })
    const result = await importMarkdown(root)
    expect(result.diagnostics.find((d) => d.code === 'nothing_to_import')?.message).toContain('example site is exampleSite/: import that folder instead')
  })
})

describe('a broken link is reported on the line it was written on', () => {
  test('after an alert and a callout that the import wrote over more lines', async () => {
    const root = await site('lines-after-expansion', {
      'README.md': Buffer.from('# Docs\n\n> [!NOTE]\n> One.\n\nSee [gone](missing.md).\n'),
    })
    const result = await importMarkdown(root)
    expect(result.diagnostics.find((d) => d.code === 'missing_link_target')).toMatchObject({ file: 'README.md', line: 6 })
  })
})

describe('drafts stay private by default (issue 13 item 7)', () => {
  test('draft, unpublished, future and expired are left out and counted; include keeps them as drafts', async () => {
    const root = await site('drafts', {
      'posts/a.md': GOOD,
      'posts/draft.md': '---\ntitle: D\ndate: 2024-01-01\ndraft: true\n---\n',
      'posts/unpublished.md': '---\ntitle: U\ndate: 2024-01-01\npublished: false\n---\n',
      'posts/future.md': '---\ntitle: F\ndate: 2999-01-01\n---\n',
      'posts/expired.md': '---\ntitle: E\ndate: 2024-01-01\nexpiryDate: 2024-06-01\n---\n',
    })
    const excluded = await importMarkdown(root, { generatedAt: '2025-01-01T00:00:00Z' })
    expect(excluded.payload?.content.posts.map((p) => p.title)).toEqual(['Good'])
    expect(excluded.report.skipped_by_reason).toEqual({ draft: 2, expired: 1, future: 1 })
    const included = await importMarkdown(root, { generatedAt: '2025-01-01T00:00:00Z', drafts: 'include' })
    expect(included.payload?.content.posts.filter((p) => p.status === 'draft')).toHaveLength(4)
  })

  // Jekyll's _drafts/ hold posts without a date by design: one left out was warned "imported as a page", which it was not.
  test('a dateless draft left out is not warned about a date; included, it is a page and says why', async () => {
    const root = await site('jekyll-drafts', {
      '_config.yml': 'title: J\n',
      '_posts/2024-01-02-p.md': '---\ntitle: P\nauthor: ana\n---\nx\n',
      '_drafts/my-draft.md': '---\ntitle: Draft\n---\nText\n',
    })
    const excluded = await importMarkdown(root, { generatedAt: '2025-01-01T00:00:00Z' })
    expect(excluded.report.skipped_by_reason).toEqual({ draft: 1 })
    expect(excluded.diagnostics.filter((d) => d.code === 'missing_date')).toEqual([])
    const included = await importMarkdown(root, { generatedAt: '2025-01-01T00:00:00Z', drafts: 'include' })
    expect(included.diagnostics.filter((d) => d.code === 'missing_date').map((d) => d.file)).toEqual(['_drafts/my-draft.md'])
    expect(included.payload?.content.pages.map((p) => [p.title, p.status])).toEqual([['Draft', 'draft']])
  })
})

describe('messages quote the input, cut to a readable length (found by the nightly Markdown fuzz run)', () => {
  const huge = 'A'.repeat(200_000)
  test.each([
    { name: 'a date', body: `---\ntitle: T\ndate: "2024-01-0${huge}"\n---\nBody\n`, code: 'invalid_date' },
    { name: 'a front-matter language', body: `---coffee${'<div>'.repeat(20_000)}\ntitle: T\n---\nBody\n`, code: 'front_matter_syntax' },
    { name: 'a YAML error', body: `---\ntitle: T\n\n|${' a |'.repeat(20_000)}\n---\nBody\n`, code: 'front_matter_syntax' },
    { name: 'a link', body: `---\ntitle: T\ndate: 2024-01-01\n---\n[x](${'%'.repeat(50_000)}.md)\n`, code: 'missing_link_target' },
  ])('$name: every message of the file under 2,100 characters', async ({ name, body, code }) => {
    const root = await site(`long-${name.replace(/\W/g, '-')}`, { 'posts/bad.md': body, 'posts/good.md': GOOD })
    const result = await importMarkdown(root)
    const found = result.diagnostics.filter((d) => d.file === 'posts/bad.md')
    expect(found.map((d) => d.code)).toContain(code)
    for (const d of found) expect(d.message.length).toBeLessThan(2100)
  })
})
