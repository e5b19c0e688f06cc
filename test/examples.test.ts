import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import { preflightPreviewData, validatePreviewData } from '../src/index.js'

const run = promisify(execFile)
const root = fileURLToPath(new URL('..', import.meta.url))

// The examples are what the README shows; running them as a user would proves they work as written.
describe.each(['minimal', 'blog'])('examples/%s.ts', (name) => {
  test('prints a valid payload, the same bytes twice', async () => {
    const once = await run(process.execPath, ['--import', 'tsx', `examples/${name}.ts`], { cwd: root })
    const twice = await run(process.execPath, ['--import', 'tsx', `examples/${name}.ts`], { cwd: root, env: { ...process.env, TZ: 'Pacific/Kiritimati' } })
    expect(twice.stdout).toBe(once.stdout)
    const payload = JSON.parse(once.stdout)
    expect(validatePreviewData(payload).errors).toEqual([])
    expect(preflightPreviewData(payload)).toEqual([])
  }, 60_000)
})

describe('the bundled sources the README imports', () => {
  test('examples/site imports into a valid payload with no diagnostics', async () => {
    const { importMarkdown } = await import('preview-data-sdk/markdown')
    const result = await importMarkdown(`${root}examples/site`)
    expect(result.diagnostics).toEqual([])
    expect(validatePreviewData(result.payload).errors).toEqual([])
  })

  test('examples/wordpress-export.xml imports into a valid payload', async () => {
    const { importWordPress } = await import('preview-data-sdk/wordpress')
    const { payload } = await importWordPress(`${root}examples/wordpress-export.xml`)
    expect(validatePreviewData(payload).errors).toEqual([])
    expect(payload.content.posts.length).toBeGreaterThan(0)
  })
})
