import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import type * as Sdk from '../src/index.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const built = existsSync(`${root}dist/index.js`)
const run = promisify(execFile)

// The published files, as a user gets them: run after `npm run build` (CI builds first).
describe.skipIf(!built)('dist/ (the built package)', () => {
  test('the core entry builds and validates a payload', async () => {
    const sdk = (await import(`${root}dist/index.js`)) as typeof Sdk
    const payload = sdk
      .createPreviewData({ generator: 'dist-test', generated_at: '2026-01-01T00:00:00Z' })
      .site({ title: 'Dist' })
      .author({ id: 'a', display_name: 'A' })
      .post({ title: 'Hello', author_id: 'a', published_at_iso: '2026-01-01' })
      .build()
    expect(sdk.validatePreviewData(payload)).toEqual({ ok: true, errors: [] })
  })

  test('the bin validates standard input and ships the schema', async () => {
    const { stdout } = await run(process.execPath, [`${root}dist/cli.js`, '--version'])
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/)
    expect(existsSync(`${root}dist/preview-data.v0.7.schema.json`)).toBe(true)
    await expect(run(process.execPath, [`${root}dist/cli.js`, 'validate', `${root}package.json`])).rejects.toMatchObject({ code: 1 })
  })
})
if (!built) test.skip('dist/ is not built here: run `npm run build` first (CI does)', () => {})
