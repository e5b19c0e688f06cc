import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { afterAll, describe, expect, test } from 'vitest'
import { importWordPress } from 'preview-data-sdk/wordpress'
import { runImportWordPress } from '../../../cli/commands/import-wordpress.js'
import { zip } from './zip.js'

const fixtures = fileURLToPath(new URL('../../fixtures/wordpress/', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'wp-exports-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const options = { generatedAt: '2026-01-01T00:00:00Z' }

describe('exports as people have them', () => {
  test('a .xml.gz, a WordPress.com .zip and a split export inside one give the payload of the .xml files', async () => {
    const one = readFileSync(fixtures + 'classic-content.xml')
    writeFileSync(join(dir, 'classic.xml.gz'), gzipSync(one))
    writeFileSync(join(dir, 'classic.zip'), zip([['classic-content.xml', one]]))
    const expected = await importWordPress(fixtures + 'classic-content.xml', options)
    for (const file of ['classic.xml.gz', 'classic.zip']) {
      const { payload, redirects } = await importWordPress(join(dir, file), options)
      expect({ payload, redirects }).toEqual({ payload: expected.payload, redirects: expected.redirects })
    }
    const parts = ['split-export.xml', 'split-export.part-2.xml']
    writeFileSync(join(dir, 'split.zip'), zip(parts.map((p, i) => [`site.wordpress.00${i}.xml`, readFileSync(fixtures + p)])))
    const split = await importWordPress(parts.map((p) => fixtures + p), options)
    const zipped = await importWordPress(join(dir, 'split.zip'), options)
    expect(zipped.payload).toEqual(split.payload)
    expect(zipped.report.files).toEqual(['split.zip/site.wordpress.000.xml', 'split.zip/site.wordpress.001.xml'])
  })

  test('onProgress is told what every importer tells (done, unit), and which file and how many items', async () => {
    const seen: Array<Record<string, unknown>> = []
    const file = fixtures + 'classic-content.xml'
    await importWordPress(file, { ...options, onProgress: (progress) => seen.push({ ...progress }) })
    const last = seen.at(-1)
    expect(last).toEqual({ done: readFileSync(file).length, unit: 'bytes', file: 'classic-content.xml', bytes: readFileSync(file).length, items: expect.any(Number) })
    expect(last?.items).toBeGreaterThan(0)
  })

  test('an export declared windows-1252 (or ISO-8859-1, which means the same on the web) reads as WordPress wrote it', async () => {
    const xml = (encoding: string) => `<?xml version="1.0" encoding="${encoding}"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Café “Ébène”</title><link>https://cafe.example</link><wp:wxr_version>1.2</wp:wxr_version>
<item><title>Crème brûlée – l’été</title><dc:creator>zoé</dc:creator><content:encoded><![CDATA[Déjà vu… 10 €]]></content:encoded><wp:post_id>1</wp:post_id><wp:post_date_gmt>2020-01-01 00:00:00</wp:post_date_gmt><wp:post_name>creme</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
</channel></rss>`
    writeFileSync(join(dir, 'utf8.xml'), xml('UTF-8'))
    const expected = (await importWordPress(join(dir, 'utf8.xml'), options)).payload
    expect(expected.content.posts[0]).toMatchObject({ title: 'Crème brûlée – l’été', content: '<p>Déjà vu… 10 €</p>\n' })
    for (const encoding of ['windows-1252', 'ISO-8859-1']) {
      writeFileSync(join(dir, 'legacy.xml'), new Uint8Array(encode1252(xml(encoding))))
      const { payload, report } = await importWordPress(join(dir, 'legacy.xml'), options)
      expect(report.byte_issues.count).toBe(0)
      expect(payload).toEqual(expected)
    }
  })
})

describe('nothing to import', () => {
  test.each(['no-items.xml', 'nothing-imported.xml'])('%s: the command says so, writes nothing and exits 1', async (name) => {
    const err: string[] = []
    const io = { stdout: () => undefined, stderr: (s: string) => err.push(s), isTTY: false, cwd: dir }
    expect(await runImportWordPress([fixtures + name, '-o', 'empty.json', '--drafts', 'exclude'], io)).toBe(1)
    expect(err.join('')).toMatch(/error \[nothing_to_import\] .*there is nothing to import\.\n(.*\n)*preview-data import wordpress: nothing written/)
    expect(existsSync(join(dir, 'empty.json'))).toBe(false)
  })
})

// windows-1252's bytes 0x80-0x9F for the characters above, Latin-1's for the rest.
const CP1252: Record<string, number> = { '€': 0x80, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96 }
function encode1252(text: string): number[] {
  return [...text].map((c) => CP1252[c] ?? c.charCodeAt(0))
}
