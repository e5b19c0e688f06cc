// Issue 13 item 10: both import commands end their summary with the `check` totals of the payload they wrote,
// with the media folder they wrote; under --format json the totals are the summary's `check`.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { CHECK_HELD_MAX_BYTES, CHECK_READ_BACK_MAX_BYTES, readBackRefusal } from '../../cli/import-command.js'
import { cli, mdFixtures, repo, resultOf, tempDir, wxrFixtures } from './_helpers.js'

describe('import commands end with check', () => {
  test('import markdown: the last line is check on the payload and the media folder written', async () => {
    const out = tempDir()
    const run = await cli(['import', 'markdown', join(mdFixtures, 'jekyll-redirects-images/input'), '-o', join(out, 'site.json')], repo)
    expect(run.code).toBe(0)
    const last = run.stderr.trimEnd().split('\n').pop() as string
    expect(last).toMatch(/^check: 4 documents; internal links 1 of 1 resolve \(100\.0%\); media 2 of 2 found; 0 template tags printed; 0 drafts; 0 errors, 0 warnings \(preview-data check .*site\.json --media-dir .*site\.media --origin https:\/\/harbour\.example lists them\)$/)
  })

  // The command the line names is the same check: with the media folder and the site's URL as the old site's origin
  // (without --origin, links on site.url that no URL shape of the site reaches are only warnings).
  test('the command the line names finds what the closing check found', async () => {
    const out = tempDir()
    mkdirSync(join(out, 'site/posts'), { recursive: true })
    writeFileSync(join(out, 'site/site.yml'), 'title: Old\nurl: https://old.example\n')
    writeFileSync(join(out, 'site/posts/a.md'), '---\ntitle: A\ndate: 2024-01-02\n---\n[gone](https://old.example/about-us/) and [b](/posts/a/)\n')
    const run = await cli(['import', 'markdown', 'site', '-o', 'p.json'], out)
    const last = run.stderr.trimEnd().split('\n').pop() as string
    const named = /\(preview-data (check .*) lists them\)$/.exec(last)![1].split(' ')
    expect(named).toEqual(['check', 'p.json', '--origin', 'https://old.example'])
    const again = resultOf(await cli([...named, '--format', 'json'], out))
    const closing = resultOf(await cli(['import', 'markdown', 'site', '-o', 'p.json', '--format', 'json'], out)).summary.check as { findings: unknown; links: unknown }
    expect(closing.findings).toMatchObject({ error: 1 })
    expect(again.summary.findings).toEqual(closing.findings)
    expect(again.summary.links).toEqual(closing.links)
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

describe('the check after an import is bounded whichever importer wrote the payload', () => {
  // The Markdown importer hands its payload over as an object, which was checked whatever its size. Checking one costs
  // about its size again (reading one back, three times), so it is checked up to three times the read-back bound.
  test.each([
    [CHECK_READ_BACK_MAX_BYTES + 1, false, 'the payload (16.0 MB) is larger than the 16 MB an import reads back to check, to keep its memory down'],
    [CHECK_READ_BACK_MAX_BYTES + 1, true, undefined],
    [CHECK_HELD_MAX_BYTES, true, undefined],
    [CHECK_HELD_MAX_BYTES + 1, true, 'the payload (48.0 MB) is larger than the 48 MB an import checks, to keep its memory down'],
    [107 * 1048576, true, 'the payload (107.0 MB) is larger than the 48 MB an import checks, to keep its memory down'],
  ])('%d bytes, held %s', (bytes, held, want) => {
    expect(readBackRefusal(bytes, held)).toBe(want)
  })

  test('import markdown of fifteen 3.5 MB posts', async () => {
    const site = tempDir()
    mkdirSync(join(site, 'posts'))
    const paragraph = `${'Words of a long post. '.repeat(40)}\n\n`
    for (let i = 0; i < 15; i++) writeFileSync(join(site, 'posts', `p${i}.md`), `---\ntitle: P${i}\ndate: 2020-01-${10 + i}\nauthor: a\n---\n${paragraph.repeat(Math.floor(3.5e6 / paragraph.length))}`)
    const run = await cli(['import', 'markdown', site, '-o', join(tempDir(), 'site.json')], repo)
    expect(run.code).toBe(0)
    expect(run.stderr.trimEnd().split('\n').pop()).toMatch(/^check: not run, the payload \(50\.\d MB\) is larger than the 48 MB an import checks, to keep its memory down; run preview-data check on the payload$/)
  }, 60_000)
})
