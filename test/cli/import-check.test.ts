// Issue 13 item 10: both import commands end their summary with the `check` totals of the payload they wrote,
// with the media folder they wrote; under --format json the totals are the summary's `check`.
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cli, mdFixtures, repo, resultOf, tempDir, wxrFixtures } from './_helpers.js'

describe('import commands end with check', () => {
  test('import markdown: the last line is check on the payload and the media folder written', async () => {
    const out = tempDir()
    const run = await cli(['import', 'markdown', join(mdFixtures, 'jekyll-redirects-images/input'), '-o', join(out, 'site.json')], repo)
    expect(run.code).toBe(0)
    const last = run.stderr.trimEnd().split('\n').pop() as string
    expect(last).toMatch(/^check: 4 documents; internal links 1 of 1 resolve \(100\.0%\); media 2 of 2 found; 0 template tags printed; 0 drafts; 0 errors, 0 warnings \(preview-data check .*site\.json --media-dir .*site\.media lists them\)$/)
  })

  test('import markdown --format json: summary.check holds the totals', async () => {
    const out = tempDir()
    const result = resultOf(await cli(['import', 'markdown', join(mdFixtures, 'jekyll-redirects-images/input'), '-o', join(out, 'site.json'), '--format', 'json'], repo))
    expect(result.summary.check).toMatchObject({ documents: 4, links: { ok: 1, broken: 0 }, media: { checked: true, files: 2, ok: 2, missing: 0 }, templates: { total: 0 } })
  })

  test('import wordpress: the same line, read back from the written payload', async () => {
    const out = tempDir()
    const file = join(wxrFixtures, 'classic-content.xml')
    const run = await cli(['import', 'wordpress', file, '-o', join(out, 'wp.json')], repo)
    expect(run.stderr.trimEnd().split('\n').pop()).toMatch(/^check: \d+ documents?; /)
  })

  test('a payload on standard output is not read back: the line says to run check', async () => {
    const run = await cli(['import', 'wordpress', join(wxrFixtures, 'classic-content.xml'), '-o', '-'], repo)
    expect(run.stderr.trimEnd().split('\n').pop()).toBe('check: not run, the payload went to standard output; run preview-data check on the payload')
  })
})
