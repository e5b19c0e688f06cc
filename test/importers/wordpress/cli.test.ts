import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { getHeapStatistics } from 'node:v8'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { validatePreviewData } from 'preview-data-sdk'
import { heapKeeper, runImportWordPress } from '../../../cli/commands/import-wordpress.js'
import { CHECK_READ_BACK_MAX_BYTES, readBackRefusal } from '../../../cli/import-command.js'

const fixtures = fileURLToPath(new URL('../../fixtures/wordpress/', import.meta.url))
let dir = ''

function io() {
  const out: string[] = []
  const err: string[] = []
  return { io: { stdout: (s: string) => out.push(s), stderr: (s: string) => err.push(s), isTTY: false, cwd: dir }, out, err }
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wp-cli-'))
  for (const f of ['classic-content.xml', 'truncated.xml', 'pages-menus.xml']) copyFileSync(fixtures + f, join(dir, f))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('preview-data import wordpress', () => {
  test('writes a valid payload, the report and redirects', async () => {
    const t = io()
    const code = await runImportWordPress(['classic-content.xml', '-o', 'out.json', '--report', 'report.json', '--redirects', '_redirects', '--generated-at', '2026-01-01T00:00:00Z'], t.io)
    expect(code).toBe(0)
    const payload = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8'))
    expect(validatePreviewData(payload).ok).toBe(true)
    expect(payload.content.posts).toHaveLength(2)
    expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')).counts.posts).toBe(2)
    expect(readFileSync(join(dir, '_redirects'), 'utf8')).toContain('/2012/05/hello-world/  /2012/05/hello-welcome/  301')
    expect(t.err.join('')).toMatch(/Imported 2 posts \(0 drafts\)/)
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })

  test('two runs write byte-identical files', async () => {
    await runImportWordPress(['classic-content.xml', '-o', 'a.json'], io().io)
    await runImportWordPress(['classic-content.xml', '-o', 'b.json'], io().io)
    expect(readFileSync(join(dir, 'b.json'), 'utf8')).toBe(readFileSync(join(dir, 'a.json'), 'utf8'))
  })

  test('--site is merged and checked before the export is read', async () => {
    writeFileSync(join(dir, 'site.json'), JSON.stringify({ url: 'https://new.example', permalinks: { posts: '/:year/:slug/' } }))
    expect(await runImportWordPress(['classic-content.xml', '-o', 'out.json', '--site', 'site.json'], io().io)).toBe(0)
    const payload = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8'))
    expect(payload.site.url).toBe('https://new.example')
    expect(payload.content.posts[0].content).toContain('href="/2012/hello-welcome/')

    writeFileSync(join(dir, 'bad-site.json'), JSON.stringify({ comments: { enabled: true, api_base_url: '/c', provider: 'disqus' } }))
    const t = io()
    expect(await runImportWordPress(['truncated.xml', '-o', 'x.json', '--site', 'bad-site.json'], t.io)).toBe(1)
    expect(t.err.join('')).not.toMatch(/truncated/)
    expect(existsSync(join(dir, 'x.json'))).toBe(false)
  })

  test('a broken export exits 1 and writes nothing', async () => {
    const t = io()
    expect(await runImportWordPress(['truncated.xml', '-o', 'out.json'], t.io)).toBe(1)
    expect(t.err.join('')).toMatch(/truncated\.xml:5: error \[invalid_xml\] the file ends inside a CDATA section; it looks truncated\.\n(.*\n)*preview-data import wordpress: nothing written/)
    expect(existsSync(join(dir, 'out.json'))).toBe(false)
  })

  test('--strict turns warnings into failure', async () => {
    const t = io()
    expect(await runImportWordPress(['pages-menus.xml', '-o', 'out.json', '--strict'], t.io)).toBe(1)
    expect(t.err.join('')).toMatch(/nothing written: 4 warnings, and under --strict any problem is a failure/)
    expect(existsSync(join(dir, 'out.json'))).toBe(false)
  })

  test.each([
    [['classic-content.xml'], /-o payload.json/],
    [[], /at least one WordPress export/],
    [['classic-content.xml', '-o', 'classic-content.xml'], /refusing to write the payload to classic-content\.xml: it is the export/],
    [['classic-content.xml', '-o', 'a.json', '--report', 'a.json'], /the payload and the report are both a\.json/],
    [['classic-content.xml', '-o', 'a.json', '--status-policy', 'publish'], /--status-policy must be one of draft, skip; got "publish"/],
    [['classic-content.xml', '-o', 'a.json', '--redirects-format', 'apache'], /--redirects-format/],
    [['classic-content.xml', '-o', 'a.json', '--nope'], /Unknown option/],
    [['missing.xml', '-o', 'a.json'], /cannot read missing\.xml: no such file or directory/],
  ])('usage and I/O errors exit 2: %j', async (argv, message) => {
    const t = io()
    expect(await runImportWordPress(argv, t.io)).toBe(2)
    expect(t.err.join('')).toMatch(message)
    expect(readFileSync(join(dir, 'classic-content.xml'), 'utf8')).toContain('<rss')
  })

  test('--format json prints the summary on standard output', async () => {
    const t = io()
    expect(await runImportWordPress(['classic-content.xml', '-o', 'out.json', '--format', 'json'], t.io)).toBe(0)
    expect(JSON.parse(t.out.join('')).summary.counts.posts).toBe(2)
  })
})

// Issue 14 item 8: the import summary ends with the `check` totals of the payload written (the shared import command
// reads the WordPress payload back from its file, since the importer streams it); --format json gives them as
// summary.check; a payload on standard output is not checked, and the line says how to check it.
describe('import wordpress ends with check', () => {
  test('the last line is check on the payload written', async () => {
    const t = io()
    expect(await runImportWordPress(['pages-menus.xml', '-o', 'out.json'], t.io)).toBe(0)
    const last = t.err.join('').trimEnd().split('\n').pop()
    expect(last).toBe('check: 8 documents; internal links 14 of 14 resolve (100.0%); media not checked (0 files); 0 template tags printed; 0 drafts; 0 errors, 0 warnings (preview-data check out.json --origin https://pages.example lists them)')
  })

  test('--format json: summary.check holds the totals', async () => {
    const t = io()
    expect(await runImportWordPress(['classic-content.xml', '-o', 'out.json', '--format', 'json'], t.io)).toBe(0)
    // Two images on the old host, not brought home: counted, not checked against a media folder.
    expect(JSON.parse(t.out.join('')).summary.check).toMatchObject({ documents: 2, links: { ok: 3, broken: 0, to_drafts: 0 }, media: { checked: false, files: 2 }, templates: { total: 0 }, findings: { error: 0 } })
  })

  test('with --uploads, media is checked against the media folder the importer filled', async () => {
    const site = fixtures + 'uploads-site/'
    const t = io()
    expect(await runImportWordPress([site + 'export.xml', '--uploads', site + 'uploads', '-o', 'site.json'], t.io)).toBe(0)
    const last = t.err.join('').trimEnd().split('\n').pop()
    // The fixture's uploads copy lacks gone.png on purpose: check finds it missing from the folder written.
    expect(last).toBe('check: 1 document; internal links 3 of 3 resolve (100.0%); media 3 of 4 found, 1 missing; 0 template tags printed; 0 drafts; 1 error, 0 warnings (preview-data check site.json --media-dir site.media --origin https://harbour.example lists them)')
  })

  test('a payload on standard output is not read back: the line says to run check', async () => {
    const t = io()
    expect(await runImportWordPress(['classic-content.xml', '-o', '-'], t.io)).toBe(0)
    expect(t.err.join('').trimEnd().split('\n').pop()).toBe('check: not run, the payload went to standard output; run preview-data check on the payload')
  })
})

describe('the check after an import leaves large payloads to preview-data check', () => {
  // Reading a payload back costs about three times its size: a 57 MB one took the 10,000-post import from 294 to 477 MB.
  test.each([
    [1024, undefined],
    [CHECK_READ_BACK_MAX_BYTES, undefined],
    [CHECK_READ_BACK_MAX_BYTES + 1, 'the payload (16.0 MB) is larger than the 16 MB an import reads back to check, to keep its memory down'],
    [57 * 1048576, 'the payload (57.0 MB) is larger than the 16 MB an import reads back to check, to keep its memory down'],
  ])('%d bytes', (bytes, want) => {
    expect(readBackRefusal(bytes)).toBe(want)
  })
})

describe('the heap of a large import is kept near what is alive in it', () => {
  const MB = 1024 * 1024
  function keeper(heapBytes: number, execArgv: string[] = [], env: Record<string, string> = {}) {
    const flags: string[] = []
    const heap = { bytes: heapBytes }
    const keep = heapKeeper({ execArgv, env }, { getHeapStatistics: () => ({ total_heap_size: heap.bytes }) as ReturnType<typeof getHeapStatistics>, setFlagsFromString: (f: string) => flags.push(f) })
    return { keep, flags, heap }
  }

  test('only once the heap passes 256 MB, once, and given back after', () => {
    const { keep, flags, heap } = keeper(100 * MB)
    keep.check()
    expect(flags).toEqual([])
    heap.bytes = 300 * MB
    keep.check()
    keep.check()
    expect(flags).toEqual(['--heap-growing-percent=50'])
    keep.restore()
    keep.restore()
    expect(flags).toEqual(['--heap-growing-percent=50', '--heap-growing-percent=0'])
  })

  test('a process started with heap options of its own keeps them', () => {
    for (const [execArgv, env] of [[['--max-old-space-size=4096'], {}], [['--heap_growing_percent=20'], {}], [[], { NODE_OPTIONS: '--enable-source-maps --max-heap-size=2000' }]] as const) {
      const { keep, flags } = keeper(2000 * MB, [...execArgv], { ...env })
      keep.check()
      keep.restore()
      expect(flags).toEqual([])
    }
  })
})
