import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, test } from 'vitest'
import { runCli } from '../../cli/run.js'
import { createPreviewData } from '../../src/index.js'
import type { PreviewData } from '../../src/index.js'

let dir: string
let out: string
let err: string
const io = (stdin?: string) => ({
  stdout: (s: string) => void (out += s),
  stderr: (s: string) => void (err += s),
  isTTY: false,
  cwd: dir,
  readStdin: async () => stdin ?? '',
})

function payload(body: string, more: (b: ReturnType<typeof createPreviewData>) => ReturnType<typeof createPreviewData> = (b) => b): PreviewData {
  const builder = createPreviewData({ generator: 'cli-test', generated_at: '2026-01-01T00:00:00Z' })
    .site({ title: 'Site', url: 'https://site.example' })
    .author({ id: 'a', display_name: 'A' })
    .post({ title: 'Hello', slug: 'hello', author_id: 'a', published_at_iso: '2026-01-01T00:00:00Z', content: body, featured_image: '/media/cover.jpg' })
  return more(builder).build()
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pd-check-'))
  out = ''
  err = ''
  const links = Array.from({ length: 14 }, (_, i) => `[l${i}](/gone-${i}/)`).join('\n\n')
  await writeFile(join(dir, 'clean.json'), JSON.stringify(payload('Hello [old](https://old.example/posts/hello/) ![c](/media/cover.jpg)')))
  await writeFile(join(dir, 'broken.json'), JSON.stringify(payload(`${links}\n\n{{< figure >}}`)))
  const invalid = payload('x') as unknown as { content: { posts: { author_id: string }[] } }
  invalid.content.posts[0].author_id = 'nobody'
  await writeFile(join(dir, 'invalid.json'), JSON.stringify(invalid))
  await writeFile(join(dir, 'syntax.json'), '{\n  "version": "0.7",\n  "site": {,\n}')
  await mkdir(join(dir, 'public/media'), { recursive: true })
  await writeFile(join(dir, 'public/media/cover.jpg'), 'jpg')
})

describe('preview-data check', () => {
  test('a payload without errors: exit 0, totals, warnings and notes', async () => {
    expect(await runCli(['check', 'clean.json', '--origin', 'https://old.example', '--media-dir', 'public'], io())).toBe(0)
    expect(out).toMatchInlineSnapshot(`
      "clean.json: 1 document checked

        links      1 internal: 0 ok, 0 broken, 1 to the old site; 0 external (not fetched)
        media      1 file used: 1 found, 0 missing
        templates  0 tags printed as text
        findings   0 errors, 1 warning, 0 notes

      old_origin_link (1 warning)
        /posts/hello/:1  The link "https://old.example/posts/hello/" points at the old site: it works only while that site is up. Link to "/posts/hello/" instead.
      "
    `)
    expect(err).toBe('')
  })

  test('errors: exit 1, findings grouped by code, capped at ten with "and N more"', async () => {
    expect(await runCli(['check', 'broken.json'], io())).toBe(1)
    const lines = out.split('\n')
    expect(lines[0]).toBe('broken.json: 1 document checked')
    expect(out).toContain('broken_link (14 errors)')
    expect(lines.filter((l) => l.includes('leads nowhere'))).toHaveLength(10)
    expect(out).toContain('  … and 4 more (--format json lists them all)')
    expect(out).toContain('template_syntax (1 error)')
    expect(out).toContain('media_not_checked (1 note)')
    // Errors come before notes.
    expect(out.indexOf('template_syntax')).toBeLessThan(out.indexOf('media_not_checked'))
  })

  test('--format json: every finding as a diagnostic in the common envelope', async () => {
    expect(await runCli(['check', 'broken.json', '--format', 'json'], io())).toBe(1)
    const report = JSON.parse(out)
    expect(Object.keys(report)).toEqual(['ok', 'command', 'summary', 'diagnostics'])
    expect(report).toMatchObject({ ok: false, command: 'check', summary: { file: 'broken.json', valid: true, documents: 1, links: { broken: 14 } } })
    expect(report.diagnostics).toHaveLength(16)
    expect(report.diagnostics[0]).toEqual({
      severity: 'error',
      code: 'broken_link',
      message: expect.stringContaining('"/gone-0/" leads nowhere'),
      path: '/content/posts/0/content',
      line: 1,
      source: '/content/posts/0/content',
      url: '/posts/hello/',
      target: '/gone-0/',
    })
  })

  test('- reads standard input', async () => {
    expect(await runCli(['check', '-', '--format', 'json'], io(JSON.stringify(payload('Hi'))))).toBe(0)
    expect(JSON.parse(out).summary.file).toBe('<stdin>')
  })

  test('an invalid payload: its validation errors, exit 1, nothing else checked', async () => {
    expect(await runCli(['check', 'invalid.json'], io())).toBe(1)
    expect(out).toMatch(/^invalid\.json: not a valid payload \(1 problem\), so nothing else was checked:\n {2}\/content\/posts\/0\/author_id {2}unresolved_author {2}/)
    out = ''
    expect(await runCli(['check', 'invalid.json', '--format', 'json'], io())).toBe(1)
    expect(JSON.parse(out)).toMatchObject({ ok: false, command: 'check', diagnostics: [{ severity: 'error', code: 'unresolved_author', path: '/content/posts/0/author_id', file: 'invalid.json' }] })
  })

  test('not JSON: the line and column of the syntax error, exit 1', async () => {
    expect(await runCli(['check', 'syntax.json', '--format', 'json'], io())).toBe(1)
    expect(JSON.parse(out).diagnostics).toEqual([expect.objectContaining({ code: 'invalid_json', file: 'syntax.json', line: 3, column: 12 })])
  })

  test.each([
    { name: 'a missing payload', args: ['check', 'nope.json'], message: 'cannot read nope.json: no such file or directory' },
    { name: 'a missing media folder', args: ['check', 'clean.json', '--media-dir', 'nowhere'], message: 'cannot read the media folder nowhere: no such file or directory' },
    { name: 'a media folder that is a file', args: ['check', 'clean.json', '--media-dir', 'clean.json'], message: 'cannot read the media folder clean.json' },
  ])('I/O errors exit 2: $name', async ({ args, message }) => {
    expect(await runCli(args, io())).toBe(2)
    expect(err).toContain(message)
    expect(out).toBe('')
  })

  test.each([
    [['check']],
    [['check', 'a.json', 'b.json']],
    [['check', 'clean.json', '--format', 'xml']],
    [['check', 'clean.json', '--origin', 'old.example']],
    [['check', 'clean.json', '--origin', 'ftp://old.example']],
    [['check', 'clean.json', '--bogus']],
  ])('usage errors exit 2: %j', async (argv) => {
    expect(await runCli(argv, io())).toBe(2)
    expect(err).toMatch(/^preview-data check: .+\nRun "preview-data check --help" for usage\.\n$/)
  })

  test('--help, and the top-level help lists the command', async () => {
    expect(await runCli(['check', '--help'], io())).toBe(0)
    expect(out).toMatch(/^Usage: preview-data check <payload\.json>/)
    out = ''
    expect(await runCli(['--help'], io())).toBe(0)
    expect(out).toContain('  check <file>')
  })
})
