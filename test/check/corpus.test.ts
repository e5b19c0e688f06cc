import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { figuresTable, fixturesPresent, markdownFigures, parseFiguresTable, wordpressFigures } from './fixture-figures.js'
import type { FixtureFigures } from './fixture-figures.js'

// `check` on every fixture import, held to the baseline each importer's README keeps in "Check figures on the
// fixtures": a change that makes a figure worse fails here (and the table in review shows by how much). When figures
// improve, update the table: npx tsx test/check/fixture-figures.ts markdown|wordpress

function baseline(readme: string): FixtureFigures[] {
  const text = readFileSync(fileURLToPath(new URL(`../../${readme}`, import.meta.url)), 'utf8')
  const start = text.indexOf('## Check figures on the fixtures')
  if (start === -1) throw new Error(`${readme} has no "Check figures on the fixtures" section`)
  const next = text.indexOf('\n## ', start + 1)
  return parseFiguresTable(text.slice(start, next === -1 ? undefined : next))
}

/** What got worse from `before` to `now`, in words; empty when nothing did. */
function worse(before: FixtureFigures, now: FixtureFigures): string[] {
  const out: string[] = []
  if (now.linksBroken > before.linksBroken) out.push(`broken links ${before.linksBroken} → ${now.linksBroken}`)
  if (now.linksOk < before.linksOk) out.push(`working links ${before.linksOk} → ${now.linksOk}`)
  if (now.oldOrigin > before.oldOrigin) out.push(`old-origin links ${before.oldOrigin} → ${now.oldOrigin}`)
  if ((now.media.missing ?? 0) > (before.media.missing ?? 0)) out.push(`missing media ${before.media.missing} → ${now.media.missing}`)
  if (now.templates > before.templates) out.push(`template tags printed ${before.templates} → ${now.templates}`)
  return out
}

function compare(readme: string, rows: FixtureFigures[]): void {
  const before = new Map(baseline(readme).map((r) => [r.fixture, r]))
  const regressions: string[] = []
  for (const row of rows) {
    const old = before.get(row.fixture)
    if (!old) regressions.push(`${row.fixture}: not in ${readme}'s table`)
    else for (const w of worse(old, row)) regressions.push(`${row.fixture}: ${w}`)
  }
  expect(regressions, `Figures got worse than ${readme} says. Today's table:\n${figuresTable(rows)}\n`).toEqual([])
}

describe.skipIf(!fixturesPresent('markdown'))('check on the Markdown fixtures (skipped when ../shared/fixtures/markdown is absent)', () => {
  test('no figure worse than importers/markdown/README.md says', async () => {
    const rows = await markdownFigures()
    expect(rows.map((r) => r.fixture)).toContain('nodejs-blog')
    compare('importers/markdown/README.md', rows)
  }, 300_000)
})

describe.skipIf(!fixturesPresent('wxr'))('check on the WordPress fixtures (skipped when ../shared/fixtures/wxr is absent)', () => {
  test('no figure worse than importers/wordpress/README.md says', async () => {
    compare('importers/wordpress/README.md', await wordpressFigures())
  }, 300_000)
})

describe('the figures table', () => {
  test('reads back what it writes', () => {
    const rows: FixtureFigures[] = [
      { fixture: 'a', documents: 3, linksOk: 2, linksBroken: 1, oldOrigin: 0, media: { files: 4, found: null, missing: null }, templates: 5, topTags: '`{{< x >}}` 5' },
      { fixture: 'b', documents: 1, linksOk: 0, linksBroken: 0, oldOrigin: 2, media: { files: 3, found: 1, missing: 2 }, templates: 0, topTags: '' },
    ]
    expect(parseFiguresTable(figuresTable(rows))).toEqual(rows)
  })
})
