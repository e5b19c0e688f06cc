import { lstatSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { validatePreviewData } from '../../../src/index.js'
import { importMarkdown } from '../../../importers/markdown/index.js'
import type { ImportMarkdownOptions, ImportMarkdownResult } from '../../../importers/markdown/index.js'

// Every folder under test/fixtures/markdown is a case: `input/` is imported with `options` from `expected.json`,
// and the result must match the rest of that file: the whole `payload`, or for convention cases `items` (where
// each document went: kind, URL, the old URL when it changed, language; or why it was skipped) and a `site`
// subset (permalinks, front page, post index). Adding a case means adding a folder, not code.
const root = fileURLToPath(new URL('../../fixtures/markdown/', import.meta.url))
const cases = readdirSync(root, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort()

interface Expected {
  options?: ImportMarkdownOptions
  preset: string
  diagnostics: Array<{ file: string; line: number; code: string; severity: string }>
  skipped?: Array<{ file: string; reason: string }>
  redirects?: Array<{ from: string; to: string; file: string }>
  assets?: Array<{ src: string; file: string }>
  payload?: unknown
  items?: Array<Record<string, string>>
  site?: Record<string, unknown>
  authors?: unknown
}

describe.each(cases)('fixture %s', (name) => {
  const expected = JSON.parse(readFileSync(`${root}${name}/expected.json`, 'utf8')) as Expected

  test('imports to the expected payload and diagnostics', async () => {
    const result = await importMarkdown(`${root}${name}/input`, expected.options ?? {})
    expect(result.preset).toBe(expected.preset)
    expect(result.diagnostics.map(({ file, line, code, severity }) => ({ file, line, code, severity }))).toEqual(expected.diagnostics)
    expect(result.skipped).toEqual(expected.skipped ?? [])
    expect(result.redirects).toEqual(expected.redirects ?? [])
    expect(result.assets).toEqual(expected.assets ?? [])
    if ('payload' in expected) expect(result.payload ?? null).toEqual(expected.payload)
    if (expected.items) expect(documentItems(result.report.items)).toEqual(expected.items)
    if (expected.site) expect(result.payload?.site).toMatchObject(expected.site)
    if (expected.authors) expect(result.payload?.content.authors).toEqual(expected.authors)
    if (result.payload) expect(validatePreviewData(result.payload).errors).toEqual([])
    // Every diagnostic says what to do, not only what is wrong.
    for (const d of result.diagnostics) expect(d.message.length).toBeGreaterThan(20)
  })

  test('every input file appears once in the report: where it went, or why not', async () => {
    const result = await importMarkdown(`${root}${name}/input`, expected.options ?? {})
    const sources = result.report.items.map((i) => i.source)
    expect(new Set(sources).size).toBe(sources.length)
    const files = listFiles(`${root}${name}/input`)
    for (const f of files) expect(sources).toContain(f)
    for (const item of result.report.items) if ('kind' in item && (item.kind === 'post' || item.kind === 'page')) expect(item.url).toMatch(/^\//)
  })
})

/** The report's documents and deliberate skips, in the fixtures' `items` shape. */
function documentItems(items: ImportMarkdownResult['report']['items']): Array<Record<string, string>> {
  const out: Array<Record<string, string>> = []
  for (const i of items) {
    if ('skipped' in i) {
      if (i.skipped !== 'not-content') out.push({ source: i.source, skipped: i.skipped })
    } else if (i.kind === 'post' || i.kind === 'page') {
      out.push({ source: i.source, kind: i.kind, url: i.url ?? '', ...(i.old_url ? { old_url: i.old_url } : {}), ...(i.language ? { language: i.language } : {}) })
    }
  }
  return out
}

/** Relative paths of the regular files under `dir` (links and hidden entries are the walker's business). */
function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = []
  for (const e of readdirSync(prefix === '' ? dir : `${dir}/${prefix}`, { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue
    const rel = prefix === '' ? e.name : `${prefix}/${e.name}`
    if (e.isDirectory()) out.push(...listFiles(dir, rel))
    else if (lstatSync(`${dir}/${rel}`).isFile()) out.push(rel)
  }
  return out
}
