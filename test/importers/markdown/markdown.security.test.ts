import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { importMarkdown } from '../../../importers/markdown/index.js'

const fixtures = fileURLToPath(new URL('../../fixtures/markdown/', import.meta.url))
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'md-security-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function site(name: string, files: Record<string, string | Buffer>): Promise<string> {
  const root = path.join(dir, name)
  for (const [rel, body] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true })
    await writeFile(path.join(root, rel), body)
  }
  return root
}

test('---js, ---javascript and ---coffee front matter is refused and never runs', async () => {
  const result = await importMarkdown(`${fixtures}executable-front-matter/input`)
  expect((globalThis as { __previewDataPwned?: boolean }).__previewDataPwned).toBeUndefined()
  expect(result.diagnostics.filter((d) => d.code === 'front_matter_refused').map((d) => d.file)).toEqual(['posts/coffee.md', 'posts/javascript.md', 'posts/js.md'])
  expect(JSON.stringify(result.payload)).not.toContain('pwned')
  expect(result.payload?.content.posts.map((p) => p.title)).toEqual(['Safe'])
})

test('symbolic links that leave the folder are not followed', async () => {
  const result = await importMarkdown(`${fixtures}symlink-outside/input`)
  expect(JSON.stringify(result.payload)).not.toContain('must never be read')
  expect(result.diagnostics.filter((d) => d.code === 'symlink_outside').map((d) => d.file)).toEqual(['posts/escape-dir', 'posts/escape.md'])
})

test('a YAML alias bomb is reported, not expanded', async () => {
  const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
  for (let i = 1; i < 12; i++) lines.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`)
  const root = await site('bomb', { 'posts/bomb.md': `---\n${lines.join('\n')}\n---\nBody\n` })
  const started = performance.now()
  const result = await importMarkdown(root)
  expect(performance.now() - started).toBeLessThan(5_000)
  expect(result.diagnostics).toContainEqual(expect.objectContaining({ file: 'posts/bomb.md', code: 'front_matter_syntax', severity: 'error' }))
})

test('a file over the size limit is reported and never loaded', async () => {
  const root = await site('huge', { 'posts/huge.md': `---\ntitle: ${'T'.repeat(5 * 1024 * 1024)}\n---\n`, 'posts/ok.md': '# Fine\n' })
  const result = await importMarkdown(root)
  expect(result.diagnostics).toContainEqual(expect.objectContaining({ file: 'posts/huge.md', line: 0, code: 'file_too_large', severity: 'error' }))
  // Undated, so a page: dates are never invented.
  expect(result.payload?.content.pages.map((p) => p.title)).toEqual(['Fine'])
})

test('image and link paths that climb out of the folder are not read', async () => {
  const root = await site('climb', {
    'posts/a.md': '---\ntitle: A\nimage: ../../../../../../etc/hostname\n---\n![x](../../../../../../etc/passwd) [y](../../../../outside.md)\n',
  })
  const result = await importMarkdown(root)
  expect(result.assets).toEqual([])
  const refs = result.diagnostics.filter((d) => d.code === 'missing_image' || d.code === 'missing_link_target')
  expect(refs.map((d) => [d.file, d.line, d.code])).toEqual([
    ['posts/a.md', 3, 'missing_image'],
    ['posts/a.md', 5, 'missing_image'],
    ['posts/a.md', 5, 'missing_link_target'],
  ])
})

test('hostile file names become safe slugs and paths', async () => {
  const root = await site('names', {
    'pages/..%2f..%2fescape.md': '# Escape\n',
    'pages/a b/c?d.md': '# Odd\n',
    'posts/%2e%2e.md': '---\ntitle: Dots\n---\n',
    'posts/🎉.md': '---\ntitle: 🎉\n---\n',
  })
  const result = await importMarkdown(root)
  expect(result.ok).toBe(true)
  const payload = result.payload
  for (const p of payload?.content.pages ?? []) for (const c of (p.path ?? p.slug).split('/')) expect(c).not.toMatch(/^\.+$|%/)
  expect(payload?.content.pages.filter((p) => p.title === 'Dots' || p.title === '🎉').map((p) => p.slug).sort()).toEqual(['page', 'percent-2e-percent-2e'])
})
