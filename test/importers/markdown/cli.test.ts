import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { validatePreviewData } from '../../../src/index.js'
import { runImportMarkdown } from '../../../cli/commands/import-markdown.js'

const repo = fileURLToPath(new URL('../../../', import.meta.url))
const fixtures = path.join(repo, 'test/fixtures/markdown')
let out: string

beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'md-cli-'))
})
afterAll(async () => {
  await rm(out, { recursive: true, force: true })
})

async function run(args: string[], isTTY = false) {
  let stdout = ''
  let stderr = ''
  // On a terminal, a clock that runs two seconds between looks, so the progress bar (shown after a second) draws.
  let clock = 0
  const code = await runImportMarkdown(args, { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s), isTTY, cwd: repo, ...(isTTY ? { now: () => (clock += 2000) } : {}) })
  // The summary ends with the elapsed time and memory, the things that change between runs.
  return { code, stdout, stderr: stderr.replace(/took \d+\.\d\d s, peak memory \d+ MB/g, 'took #.## s, peak memory # MB').replaceAll(out, '<out>') }
}

describe('preview-data import markdown', () => {
  test('imports the bundled example site into a valid payload, with a summary', async () => {
    const file = path.join(out, 'example.json')
    const { code, stderr } = await run(['examples/site', '-o', file])
    expect(code).toBe(0)
    expect(stderr).toMatchInlineSnapshot(`
      "preset native (found site.yml); 3 posts, 3 pages, 2 authors, 2 categories, 5 tags, 2 media
      0 warnings, 0 errors; took #.## s, peak memory # MB
      wrote <out>/example.json (5.8 kB)
      wrote 2 media files into <out>/example.media
      check: 6 documents; internal links 7 of 7 resolve (100.0%); media 2 of 2 found; 0 template tags printed; 0 drafts; 0 errors, 0 warnings (preview-data check <out>/example.json --media-dir <out>/example.media --origin https://notes.example lists them)
      "
    `)
    const payload = JSON.parse(await readFile(file, 'utf8'))
    expect(validatePreviewData(payload).errors).toEqual([])
    expect(payload.content.posts.map((p: { title: string }) => p.title)).toContain('東京の春 — spring in Tokyo')
  })

  test('one bad file never sinks a site: it is reported with file and line, the rest is written, exit 1', async () => {
    const file = path.join(out, 'broken.json')
    const { code, stderr } = await run([path.join(fixtures, 'broken-front-matter/input'), '-o', file])
    expect(code).toBe(1)
    expect(stderr).toContain('posts/yaml.md:5: error [front_matter_syntax] YAML syntax error at line 5')
    await expect(readdir(out)).resolves.toContain('broken.json')
    const strict = path.join(out, 'broken-strict.json')
    const again = await run([path.join(fixtures, 'broken-front-matter/input'), '-o', strict, '--strict'])
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('and under --strict any problem is a failure')
    await expect(readdir(out)).resolves.not.toContain('broken-strict.json')
  })

  test('--strict turns warnings into a failure', async () => {
    const file = path.join(out, 'strict.json')
    const lenient = await run([path.join(fixtures, 'missing-targets/input'), '-o', file])
    expect(lenient.code).toBe(0)
    await rm(file)
    const strict = await run([path.join(fixtures, 'missing-targets/input'), '-o', file, '--strict'])
    expect(strict.code).toBe(1)
    expect(strict.stderr).toContain('and under --strict any problem is a failure')
    await expect(readdir(out)).resolves.not.toContain('strict.json')
  })

  test('--format json prints the report; --redirects writes the redirect list', async () => {
    const file = path.join(out, 'hugo.json')
    const redirects = path.join(out, 'redirects.json')
    const { code, stdout } = await run([path.join(fixtures, 'hugo-layout/input'), '-o', file, '--format', 'json', '--redirects', redirects])
    expect(code).toBe(0)
    const result = JSON.parse(stdout)
    // Two of the four posts are a draft and an expired one: left out by default (--drafts exclude).
    expect(result).toMatchObject({ ok: true, command: 'import markdown', summary: { preset: 'hugo', preset_reason: 'found hugo.toml', counts: { posts: 2, pages: 2 }, warnings: 1, errors: 0 } })
    // The old site lived under /blog/ (its baseURL), aliases too; the new one is at the root, so every old URL is
    // redirected. Hugo's lists of every category and tag lead to the post index.
    expect(JSON.parse(await readFile(redirects, 'utf8'))).toEqual([
      { from: '/blog/categories/', to: '/posts/', status: 301 },
      { from: '/blog/docs/', to: '/docs/', status: 301 },
      { from: '/blog/docs/intro/', to: '/docs/intro/', status: 301 },
      { from: '/blog/intro/', to: '/docs/intro/', status: 301 },
      { from: '/blog/old/bundle/', to: '/posts/bundle/', status: 301 },
      { from: '/blog/posts/bundle/', to: '/posts/bundle/', status: 301 },
      { from: '/blog/posts/toml-post/', to: '/posts/toml-post/', status: 301 },
      { from: '/blog/tags/', to: '/posts/', status: 301 },
    ])
  })

  test('progress is drawn on standard error only for a terminal', async () => {
    const tty = await run(['examples/site', '-o', path.join(out, 'tty.json')], true)
    expect(tty.stderr).toContain('\rimporting [########################] 100% 6 files of 6 files')
    const pipe = await run(['examples/site', '-o', path.join(out, 'pipe.json')])
    expect(pipe.stderr).not.toContain('importing')
  })

  test('never writes over a file inside the input folder', async () => {
    const copy = path.join(out, 'site-copy')
    await cp(path.join(repo, 'examples/site'), copy, { recursive: true })
    const before = await readFile(path.join(copy, 'site.yml'), 'utf8')
    const { code, stderr } = await run([copy, '-o', path.join(copy, 'site.yml')])
    expect(code).toBe(2)
    expect(stderr).toContain('it is a file in the source folder')
    expect(await readFile(path.join(copy, 'site.yml'), 'utf8')).toBe(before)
  })

  test.each([
    { args: [], message: 'name the folder to import' },
    { args: ['examples/site'], message: 'name the output file with -o payload.json' },
    { args: ['examples/site', '-o', 'x.json', '--preset', 'zola'], message: '--preset must be one of' },
    { args: ['examples/site', '-o', 'x.json', '--nope'], message: "Unknown option '--nope'" },
    { args: ['examples/site', '-o', 'x.json', '--drafts', 'maybe'], message: '--drafts must be one of include, exclude (or the older draft, skip); got "maybe"' },
    { args: ['no/such/folder', '-o', 'x.json'], message: 'cannot read no/such/folder: no such file or directory' },
  ])('usage and I/O errors exit 2: $message', async ({ args, message }) => {
    const { code, stderr } = await run(args)
    expect(code).toBe(2)
    expect(stderr).toContain(message)
  })

  test('--config reads a site file over the convention, --generated-at pins the time', async () => {
    const config = path.join(out, 'site.yml')
    await writeFile(config, 'title: Configured\ntimezone: Asia/Tokyo\n')
    const file = path.join(out, 'configured.json')
    const { code } = await run([path.join(fixtures, 'astro-layout/input'), '-o', file, '--config', config, '--generated-at', '2030-01-01T00:00:00Z'])
    expect(code).toBe(0)
    const payload = JSON.parse(await readFile(file, 'utf8'))
    expect(payload.site).toMatchObject({ title: 'Configured', timezone: 'Asia/Tokyo' })
    expect(payload.generated_at).toBe('2030-01-01T00:00:00Z')
    // 'Jul 08 2022' has no zone, so it is read in the configured site zone.
    expect(payload.content.posts[0].published_at_iso).toBe('2022-07-08T00:00:00+09:00')
  })
})
