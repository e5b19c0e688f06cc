// Issue 16 item 4 and issue 13's list: both import commands take the same options for the same things, with the
// older spellings as aliases, and mean the same by them.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cli, mdFixtures, resultOf, tempDir, wxrFixtures } from './_helpers.js'

const AT = '2026-01-01T00:00:00Z'
// Sources with drafts in them.
const COMMANDS = [
  { name: 'markdown', source: join(mdFixtures, 'hugo-layout/input') },
  { name: 'wordpress', source: join(wxrFixtures, 'statuses-multilingual.xml') },
] as const

/** How many documents (posts and pages) an import gives. */
async function documents(command: string, source: string, args: string[], dir: string): Promise<number> {
  const run = await cli(['import', command, source, '-o', 'p.json', '--generated-at', AT, '--format', 'json', ...args], dir)
  expect(run.code, run.stderr).toBe(0)
  const counts = resultOf(run).summary.counts as Record<string, number>
  return counts.posts + counts.pages
}

describe.each(COMMANDS)('import $name', ({ name, source }) => {
  test('--drafts: exclude by default, include keeps them; the older spellings mean the same', async () => {
    const dir = tempDir()
    const byDefault = await documents(name, source, [], dir)
    const included = await documents(name, source, ['--drafts', 'include'], dir)
    expect(included).toBeGreaterThan(byDefault)
    expect(await documents(name, source, ['--drafts', 'exclude'], dir)).toBe(byDefault)
    expect(await documents(name, source, ['--drafts', 'draft'], dir)).toBe(included)
    expect(await documents(name, source, ['--drafts', 'skip'], dir)).toBe(byDefault)
    if (name === 'wordpress') {
      expect(await documents(name, source, ['--status-policy', 'draft'], dir)).toBe(included)
      expect(await documents(name, source, ['--status-policy', 'skip', '--drafts', 'exclude'], dir)).toBe(byDefault)
    }
  })

  test('--site takes YAML or JSON base settings', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'site.yml'), 'title: From YAML\nurl: https://yaml.example\n')
    writeFileSync(join(dir, 'site.json'), '{ "title": "From JSON", "url": "https://json.example" }')
    for (const [file, title, url] of [['site.yml', 'From YAML', 'https://yaml.example'], ['site.json', 'From JSON', 'https://json.example']]) {
      const run = await cli(['import', name, source, '-o', 'p.json', '--site', file, '--generated-at', AT], dir)
      expect(run.code, run.stderr).toBe(0)
      expect(JSON.parse(readFileSync(join(dir, 'p.json'), 'utf8')).site).toMatchObject({ title, url })
    }
  })

  test('--redirects writes the format its name suggests, or --redirects-format', async () => {
    const dir = tempDir()
    const run = await cli(['import', name, source, '-o', 'p.json', '--redirects', 'r.json', '--generated-at', AT], dir)
    expect(run.code, run.stderr).toBe(0)
    expect(Array.isArray(JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')))).toBe(true)
    await cli(['import', name, source, '-o', 'p.json', '--redirects', 'r.json', '--redirects-format', 'nginx', '--generated-at', AT], dir)
    expect(readFileSync(join(dir, 'r.json'), 'utf8')).toContain('map $request_uri $new_uri {')
    await cli(['import', name, source, '-o', 'p.json', '--redirects', '_redirects', '--generated-at', AT], dir)
    expect(readFileSync(join(dir, '_redirects'), 'utf8')).not.toContain('{')
  })

  test('--report writes the report; --generated-at pins the time', async () => {
    const dir = tempDir()
    const run = await cli(['import', name, source, '-o', 'p.json', '--report', 'report.json', '--generated-at', '2030-01-01T00:00:00Z'], dir)
    expect(run.code, run.stderr).toBe(0)
    expect(JSON.parse(readFileSync(join(dir, 'p.json'), 'utf8')).generated_at).toBe('2030-01-01T00:00:00Z')
    expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'))).toBeTypeOf('object')
  })

  test.runIf(name === 'wordpress')('--media-out alone is refused: it is filled from --uploads or --download-media', async () => {
    const run = await cli(['import', name, source, '-o', 'p.json', '--media-out', 'media'], tempDir())
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/--media-out needs --uploads <dir> \(a copy of wp-content\/uploads\) or --download-media/)
  })

  test.runIf(name === 'markdown')('--media-out receives every referenced file at its URL path, after the payload is written', async () => {
    const dir = tempDir()
    const run = await cli(['import', name, source, '-o', 'p.json', '--media-out', 'media', '--generated-at', AT], dir)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toMatch(/wrote \d+ media files? into media/)
    const payload = JSON.parse(readFileSync(join(dir, 'p.json'), 'utf8')) as { content: { media?: Array<{ src: string }> } }
    const srcs = (payload.content.media ?? []).map((m) => m.src)
    expect(srcs.length).toBeGreaterThan(0)
    for (const src of srcs) expect(existsSync(join(dir, 'media', ...src.split('/').filter(Boolean).map(decodeURIComponent))), src).toBe(true)
  })
})

test('--media-out copies the files of a site found in a subfolder (a repository whose site is docs/) from that folder', async () => {
  const dir = tempDir()
  mkdirSync(join(dir, 'repo/docs/_posts'), { recursive: true })
  mkdirSync(join(dir, 'repo/docs/assets'), { recursive: true })
  writeFileSync(join(dir, 'repo/README.md'), '# Repo\n')
  writeFileSync(join(dir, 'repo/docs/_config.yml'), 'title: Docs\n')
  writeFileSync(join(dir, 'repo/docs/_posts/2024-01-02-hello.md'), '---\ntitle: Hello\n---\n![Cat](/assets/cat.png)\n')
  writeFileSync(join(dir, 'repo/docs/assets/cat.png'), Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'))
  const run = await cli(['import', 'markdown', 'repo', '-o', 'p.json', '--media-out', 'media', '--generated-at', AT], dir)
  expect(run.code, run.stderr).toBe(0)
  expect(run.stderr).toMatch(/found _config.yml in docs\//)
  expect(run.stderr).toMatch(/wrote 1 media file into media/)
  expect(existsSync(join(dir, 'media/assets/cat.png'))).toBe(true)
})

test('a hostile redirect is left out of the file and reported as a warning, which --strict makes a failure', async () => {
  const dir = tempDir()
  const source = join(dir, 'site')
  mkdirSync(join(source, 'posts'), { recursive: true })
  writeFileSync(join(source, 'site.yml'), 'title: Hostile\n')
  writeFileSync(join(source, 'posts/a.md'), '---\ntitle: A\ndate: 2024-01-01\naliases: ["/old/\\n/*  https://evil.example/  301!"]\n---\nBody\n')
  const run = await cli(['import', 'markdown', 'site', '-o', 'p.json', '--redirects', '_redirects', '--format', 'json'], dir)
  const result = resultOf(run)
  expect(result.diagnostics).toContainEqual(expect.objectContaining({ severity: 'warning', code: 'redirect_skipped' }))
  expect(readFileSync(join(dir, '_redirects'), 'utf8')).not.toContain('evil')
  const strict = await cli(['import', 'markdown', 'site', '-o', 'p2.json', '--redirects', '_redirects2', '--strict'], dir)
  expect(strict.code).toBe(1)
  expect(strict.stderr).toContain('warning [redirect_skipped] The redirect from "/old/\\n/*  https://evil.example/  301!"')
})
