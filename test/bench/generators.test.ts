import { createHash } from 'node:crypto'
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { generateMarkdownSite } from '../../bench/generate-markdown-site.js'
import { generatePayload } from '../../bench/generate-payload.js'
import { generateWxr, phpSerialize } from '../../bench/generate-wxr.js'
import { wordpressSlug } from '../../bench/text.js'
import { checkSite } from '../../src/check/index.js'
import { importWordPress } from '../../importers/wordpress/index.js'
import { validatePreviewData } from '../../src/index.js'

// The benchmark generators: the same size gives the same bytes, and what they make is what the importers and the
// validator accept, so a benchmark never measures a failure path by accident.
let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pd-bench-gen-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const sha = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex')

describe('generatePayload', () => {
  test('is valid and the same every time', () => {
    const payload = generatePayload(300)
    expect(validatePreviewData(payload).errors).toEqual([])
    expect(JSON.stringify(generatePayload(300))).toBe(JSON.stringify(payload))
  })

  test("links like a real site: most internal links lead to one of the site's documents, a few nowhere", () => {
    const { links } = checkSite(generatePayload(1000)).totals
    expect(links.internal).toBeGreaterThan(1000)
    expect(links.broken / links.internal).toBeGreaterThan(0.005)
    expect(links.broken / links.internal).toBeLessThan(0.05)
  })
})

describe('generateWxr', () => {
  test('writes the same bytes every time, and the importer reads it without errors', async () => {
    await generateWxr(60, join(dir, 'a.xml'))
    await generateWxr(60, join(dir, 'b.xml'))
    const a = await readFile(join(dir, 'a.xml'))
    expect(sha(await readFile(join(dir, 'b.xml')))).toBe(sha(a))
    const { payload, report } = await importWordPress(join(dir, 'a.xml'), { generatedAt: '2026-06-01T00:00:00Z' })
    expect(payload.content.posts.length).toBeGreaterThan(40)
    expect(report.byte_issues.count).toBe(0)
  })

  test('slugs and metadata are shaped as WordPress shapes them', () => {
    expect(wordpressSlug('Hello, World. Again')).toBe('hello-world-again')
    expect(wordpressSlug('سفر به اصفهان')).toBe('%d8%b3%d9%81%d8%b1-%d8%a8%d9%87-%d8%a7%d8%b5%d9%81%d9%87%d8%a7%d9%86')
    // Cut before the character that would pass 200 bytes, never inside an escape.
    expect(wordpressSlug('上'.repeat(100))).toMatch(/^(%e4%b8%8a){22}$/)
    // PHP counts bytes, not characters.
    expect(phpSerialize({ caption: 'é', sizes: [150] })).toBe('a:2:{s:7:"caption";s:2:"é";s:5:"sizes";a:1:{i:0;i:150;}}')
  })
})

describe('generateMarkdownSite', () => {
  test('writes the same files every time', async () => {
    const digest = async (root: string) => {
      const files = (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).sort()
      return Promise.all(files.map(async (f) => `${f.slice(root.length)} ${sha(await readFile(f))}`))
    }
    await generateMarkdownSite(40, join(dir, 'm1'))
    await generateMarkdownSite(40, join(dir, 'm2'))
    const first = await digest(join(dir, 'm1'))
    expect(first.length).toBeGreaterThan(40)
    expect(await digest(join(dir, 'm2'))).toEqual(first)
  })
})
