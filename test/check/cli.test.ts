import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { createPreviewData } from '../../src/index.js'
import type { PreviewData } from '../../src/index.js'
import { cli, resultOf, tempDir } from '../cli/_helpers.js'

let dir: string

function payload(body: string): PreviewData {
  return createPreviewData({ generator: 'cli-test', generated_at: '2026-01-01T00:00:00Z' })
    .site({ title: 'Site', url: 'https://site.example' })
    .author({ id: 'a', display_name: 'A' })
    .post({ title: 'Hello', slug: 'hello', author_id: 'a', published_at_iso: '2026-01-01T00:00:00Z', content: body, featured_image: '/media/cover.jpg' })
    .build()
}

beforeAll(() => {
  dir = tempDir('pd-check-')
  const links = Array.from({ length: 14 }, (_, i) => `[l${i}](/gone-${i}/)`).join('\n\n')
  writeFileSync(join(dir, 'clean.json'), JSON.stringify(payload('Hello [old](https://old.example/posts/hello/) ![c](/media/cover.jpg)')))
  writeFileSync(join(dir, 'broken.json'), JSON.stringify(payload(`${links}\n\n{{< figure >}} ![](https://cdn.example/x.png)`)))
  const invalid = payload('x') as unknown as { content: { posts: { author_id: string }[] } }
  invalid.content.posts[0].author_id = 'nobody'
  writeFileSync(join(dir, 'invalid.json'), JSON.stringify(invalid))
  writeFileSync(join(dir, 'syntax.json'), '{\n  "version": "0.7",\n  "site": {,\n}')
  mkdirSync(join(dir, 'public/media'), { recursive: true })
  writeFileSync(join(dir, 'public/media/cover.jpg'), 'jpg')
})

describe('preview-data check', () => {
  test('a payload without errors: exit 0, findings then totals on standard error, nothing on standard output', async () => {
    const run = await cli(['check', 'clean.json', '--origin', 'https://old.example', '--media-dir', 'public'], dir)
    expect(run.code).toBe(0)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatchInlineSnapshot(`
      "/posts/hello/:1: warning [old_origin_link] /content/posts/0/content The link "https://old.example/posts/hello/" points at the old site: it works only while that site is up. Link to "/posts/hello/" instead.
      clean.json: 1 document checked
        links      1 internal: 0 ok, 0 broken, 1 to the old site; 0 external (not fetched)
        media      1 file used: 1 found, 0 missing
        templates  0 tags printed as text
        findings   0 errors, 1 warning, 0 notes
      "
    `)
  })

  test('errors: exit 1, findings by code, errors first, ten of each; notes only with --verbose', async () => {
    const run = await cli(['check', 'broken.json'], dir)
    expect(run.code).toBe(1)
    const lines = run.stderr.split('\n')
    expect(lines.filter((l) => l.includes('error [broken_link]'))).toHaveLength(10)
    expect(run.stderr).toContain('  … and 4 more [broken_link]; --format json lists them all')
    expect(lines[0]).toMatch(/^\/posts\/hello\/:1: error \[broken_link\] \/content\/posts\/0\/content The link "\/gone-0\/" leads nowhere/)
    expect(run.stderr.indexOf('[broken_link]')).toBeLessThan(run.stderr.indexOf('[template_syntax]'))
    expect(run.stderr).not.toContain('[missing_alt]')
    expect(run.stderr).toContain('findings   15 errors, 0 warnings, 2 notes')
    const verbose = await cli(['check', 'broken.json', '--verbose'], dir)
    expect(verbose.stderr.split('\n').filter((l) => l.includes('error [broken_link]'))).toHaveLength(14)
    expect(verbose.stderr).toContain('[missing_alt]')
    expect((await cli(['check', 'broken.json', '--quiet'], dir)).stderr).not.toContain('documents checked')
  })

  test('--format json: every finding as a diagnostic in the documented result shape', async () => {
    const run = await cli(['check', 'broken.json', '--format', 'json'], dir)
    expect(run.code).toBe(1)
    const result = resultOf(run)
    expect(result).toMatchObject({ ok: false, command: 'check', summary: { file: 'broken.json', valid: true, documents: 1, links: { broken: 14 }, templates: { total: 1 } } })
    expect(result.diagnostics).toHaveLength(17)
    expect(result.diagnostics[0]).toEqual({
      severity: 'error',
      code: 'broken_link',
      message: expect.stringContaining('"/gone-0/" leads nowhere'),
      path: '/content/posts/0/content',
      line: 1,
      url: '/posts/hello/',
      target: '/gone-0/',
    })
    expect(result.diagnostics.map((d) => d.code)).toContain('media_not_checked')
  })

  test('- reads standard input', async () => {
    const run = await cli(['check', '-', '--format', 'json'], dir, { readStdin: async () => JSON.stringify(payload('Hi')) })
    expect(run.code).toBe(0)
    expect(resultOf(run).summary.file).toBe('<stdin>')
  })

  test('an invalid payload: its validation errors, exit 1, nothing else checked', async () => {
    const run = await cli(['check', 'invalid.json'], dir)
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^invalid\.json: error \[unresolved_author\] \/content\/posts\/0\/author_id No author has id "nobody"/)
    expect(run.stderr).toContain('invalid.json: not a valid payload (1 problem), so nothing else was checked')
    const json = resultOf(await cli(['check', 'invalid.json', '--format', 'json'], dir))
    expect(json).toMatchObject({ ok: false, command: 'check', diagnostics: [{ severity: 'error', code: 'unresolved_author', path: '/content/posts/0/author_id', file: 'invalid.json' }] })
  })

  test('not JSON: the line and column of the syntax error, exit 1', async () => {
    const run = await cli(['check', 'syntax.json', '--format', 'json'], dir)
    expect(run.code).toBe(1)
    expect(resultOf(run).diagnostics).toEqual([expect.objectContaining({ code: 'invalid_json', file: 'syntax.json', line: 3, column: 12 })])
  })

  test.each([
    { name: 'a missing payload', args: ['check', 'nope.json'], message: 'cannot read nope.json' },
    { name: 'a missing media folder', args: ['check', 'clean.json', '--media-dir', 'nowhere'], message: 'cannot read the media folder nowhere: no such file or directory' },
    { name: 'a media folder that is a file', args: ['check', 'clean.json', '--media-dir', 'clean.json'], message: 'cannot read the media folder clean.json' },
  ])('I/O errors exit 2: $name', async ({ args, message }) => {
    const run = await cli(args, dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(message)
    const json = resultOf(await cli([...args, '--format', 'json'], dir))
    expect(json.diagnostics).toEqual([expect.objectContaining({ code: 'io_error' })])
  })

  test.each([
    [['check']],
    [['check', 'a.json', 'b.json']],
    [['check', 'clean.json', '--format', 'xml']],
    [['check', 'clean.json', '--origin', 'old.example']],
    [['check', 'clean.json', '--origin', 'ftp://old.example']],
    [['check', 'clean.json', '--bogus']],
  ])('usage errors exit 2: %j', async (argv) => {
    const run = await cli(argv, dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^preview-data check: .+\nRun "preview-data check --help" for usage\.\n$/)
  })

  test('--help, and the top-level help lists the command', async () => {
    const run = await cli(['check', '--help'], dir)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^Usage: preview-data check <payload\.json>/)
    expect((await cli(['--help'], dir)).stdout).toContain('  check <file>')
  })
})
