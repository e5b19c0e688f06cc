import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { validatePreviewData } from 'preview-data-sdk'
import { importWordPress } from 'preview-data-sdk/wordpress'
import type { ImportWordPressOptions, ImportWordPressResult } from 'preview-data-sdk/wordpress'

// One export per feature or hostile case: `<case>.xml` (plus `<case>.part-N.xml` for split exports and an optional
// `<case>.options.json`) next to `<case>.expected.json`. Adding a case means adding files.
const dir = fileURLToPath(new URL('../../fixtures/wordpress/', import.meta.url))
const cases = readdirSync(dir)
  .filter((f) => f.endsWith('.xml') && !f.includes('.part-'))
  .map((f) => f.slice(0, -4))
  .sort()

// The whole report is pinned but its redirects, which are pinned once, beside the payload.
function pinned(result: ImportWordPressResult) {
  const { redirects: _same, ...report } = result.report
  return { payload: result.payload, redirects: result.redirects, report }
}

async function run(name: string): Promise<unknown> {
  const parts = readdirSync(dir)
    .filter((f) => f.startsWith(`${name}.part-`) && f.endsWith('.xml'))
    .sort()
  const files = [`${dir}${name}.xml`, ...parts.map((p) => dir + p)]
  const optionsFile = `${dir}${name}.options.json`
  const options: ImportWordPressOptions = existsSync(optionsFile) ? JSON.parse(readFileSync(optionsFile, 'utf8')) : {}
  try {
    const result = await importWordPress(files.length === 1 ? files[0] : files, { generatedAt: '2026-01-01T00:00:00Z', ...options })
    expect(validatePreviewData(result.payload)).toEqual({ ok: true, errors: [] })
    return pinned(result)
  } catch (error) {
    const e = error as { code?: string; message?: string }
    return { error: { code: e.code, message: e.message } }
  }
}

describe('WordPress fixture exports', () => {
  test.each(cases)('%s', async (name) => {
    const actual = JSON.parse(JSON.stringify(await run(name)))
    const expectedFile = `${dir}${name}.expected.json`
    // Set WP_FIXTURES_WRITE=1 to (re)write an expected file after reviewing the change it shows.
    if (process.env.WP_FIXTURES_WRITE === '1') writeFileSync(expectedFile, JSON.stringify(actual, null, 2) + '\n')
    expect(actual).toEqual(JSON.parse(readFileSync(expectedFile, 'utf8')))
  })

  test('every case has an expected file', () => {
    for (const name of cases) expect(existsSync(`${dir}${name}.expected.json`), name).toBe(true)
  })
})
