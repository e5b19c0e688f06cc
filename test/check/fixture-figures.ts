/**
 * What `check` finds in the payloads the importers make from the fixture sites (../shared/fixtures): the figures the
 * importers' READMEs keep under "Check figures on the fixtures", so that a change that makes one worse shows.
 *
 *   npx tsx test/check/fixture-figures.ts markdown    # prints the Markdown table
 *   npx tsx test/check/fixture-figures.ts wordpress
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { importMarkdown } from '../../importers/markdown/index.js'
import type { ImportMarkdownOptions } from '../../importers/markdown/index.js'
import { importWordPress } from '../../importers/wordpress/index.js'
import type { ImportWordPressOptions } from '../../importers/wordpress/index.js'
import { checkSite } from '../../src/check/index.js'
import type { CheckResult } from '../../src/check/index.js'
import { readMediaDir } from '../../src/check/media-dir.js'
import type { PreviewData } from '../../src/index.js'

export const FIXTURES = fileURLToPath(new URL('../../../shared/fixtures/', import.meta.url))

/** One row of the table. */
export interface FixtureFigures {
  fixture: string
  documents: number
  linksOk: number
  linksBroken: number
  oldOrigin: number
  /** Distinct media files used; `found`/`missing` are null when the importer delivered no media folder to check. */
  media: { files: number; found: number | null; missing: number | null }
  templates: number
  /** The most frequent template tags, for the reader. */
  topTags: string
}

/**
 * The Markdown fixtures, imported as a user would (the convention detected), and the URL each site was published at (from its
 * configuration or the project's site), so that absolute links to it count as internal.
 */
const MARKDOWN: { folder: string; options?: ImportMarkdownOptions; origin?: string }[] = [
  { folder: 'nodejs-blog', origin: 'https://nodejs.org/en' },
  { folder: 'hugo-docs', origin: 'https://gohugo.io' },
  { folder: 'hugo-basic-example' },
  { folder: 'jekyll-docs', origin: 'https://jekyllrb.com' },
  { folder: 'jekyll-edge-cases' },
  { folder: 'docusaurus-aks-blog', origin: 'https://blog.aks.azure.com' },
  { folder: 'astro-blog' },
  { folder: 'gatsby-starter-blog' },
]

/** Whether the fixtures are there (they live outside the repository). */
export function fixturesPresent(kind: 'markdown' | 'wxr'): boolean {
  return existsSync(join(FIXTURES, kind, 'README.md'))
}

export async function markdownFigures(): Promise<FixtureFigures[]> {
  const rows: FixtureFigures[] = []
  for (const { folder, options, origin } of MARKDOWN) {
    rows.push(
      await withMediaFolder(async (mediaOut) => {
        // `mediaOut` is the shared option (importers/shared/types.ts) for the folder an importer delivers media to.
        // The Markdown importer delivers every file it found, so what its folder lacks is missing.
        const { payload } = await importMarkdown(join(FIXTURES, 'markdown', folder), { ...options, mediaOut })
        if (!payload) throw new Error(`${folder} did not import`)
        return figures(folder, payload, mediaOut, origin, true)
      }),
    )
  }
  return rows
}

export async function wordpressFigures(): Promise<FixtureFigures[]> {
  const rows: FixtureFigures[] = []
  const files = readdirSync(join(FIXTURES, 'wxr'))
    .filter((f) => f.endsWith('.xml'))
    .sort()
  for (const file of files) {
    rows.push(
      await withMediaFolder(async (mediaOut) => {
        const { payload } = await importWordPress(join(FIXTURES, 'wxr', file), { generatedAt: '2026-01-01T00:00:00Z', mediaOut } as ImportWordPressOptions)
        // The export's own site URL is where the old site lived. The WordPress importer does not deliver media yet: its
        // folder is checked once it holds something.
        return figures(file.replace(/\.xml$/, ''), payload, mediaOut, payload.site.url || undefined, readdirSync(mediaOut).length > 0)
      }),
    )
  }
  return rows
}

async function withMediaFolder(run: (dir: string) => Promise<FixtureFigures>): Promise<FixtureFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'pd-check-media-'))
  try {
    return await run(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function figures(fixture: string, payload: PreviewData, mediaDir: string, origin: string | undefined, delivered: boolean): Promise<FixtureFigures> {
  const result: CheckResult = checkSite(payload, { origins: origin ? [origin] : [], ...(delivered ? { mediaFiles: await readMediaDir(mediaDir) } : {}) })
  const { links, media, templates } = result.totals
  return {
    fixture,
    documents: result.totals.documents,
    linksOk: links.ok,
    linksBroken: links.broken,
    oldOrigin: links.old_origin,
    media: { files: media.files, found: media.checked ? media.ok : null, missing: media.checked ? media.missing : null },
    templates: templates.total,
    topTags: Object.entries(templates.by_tag)
      .slice(0, 3)
      .map(([tag, n]) => `\`${tag}\` ${n}`)
      .join(', '),
  }
}

/** The rows as the Markdown table the READMEs keep. */
export function figuresTable(rows: readonly FixtureFigures[]): string {
  const head = '| Fixture | Documents | Links ok | Links broken | Old-origin links | Media files: found / missing | Template tags printed | Most printed |\n|---|---|---|---|---|---|---|---|'
  const body = rows.map((r) => {
    const media = r.media.found === null ? `${r.media.files} (not checked)` : `${r.media.found} / ${r.media.missing}`
    return `| ${r.fixture} | ${r.documents} | ${r.linksOk} | ${r.linksBroken} | ${r.oldOrigin} | ${media} | ${r.templates} | ${r.topTags || '–'} |`
  })
  return [head, ...body].join('\n')
}

/** Reads a table written by `figuresTable` back (for comparing a README's baseline with today's figures). */
export function parseFiguresTable(markdown: string): FixtureFigures[] {
  const rows: FixtureFigures[] = []
  for (const line of markdown.split('\n')) {
    const cells = line.split('|').map((c) => c.trim())
    if (cells.length < 9 || !/^\d+$/.test(cells[2])) continue
    const media = /^(\d+) \(not checked\)$/.exec(cells[6])
    const checked = /^(\d+) \/ (\d+)$/.exec(cells[6])
    rows.push({
      fixture: cells[1],
      documents: Number(cells[2]),
      linksOk: Number(cells[3]),
      linksBroken: Number(cells[4]),
      oldOrigin: Number(cells[5]),
      media: media ? { files: Number(media[1]), found: null, missing: null } : { files: Number(checked?.[1] ?? 0) + Number(checked?.[2] ?? 0), found: Number(checked?.[1]), missing: Number(checked?.[2]) },
      templates: Number(cells[7]),
      topTags: cells[8] === '–' ? '' : cells[8],
    })
  }
  return rows
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const kind = process.argv[2]
  if (kind !== 'markdown' && kind !== 'wordpress') {
    console.error('Usage: npx tsx test/check/fixture-figures.ts markdown|wordpress')
    process.exit(2)
  }
  if (!fixturesPresent(kind === 'markdown' ? 'markdown' : 'wxr')) {
    console.error(`../shared/fixtures is absent: no figures.`)
    process.exit(2)
  }
  console.log(figuresTable(kind === 'markdown' ? await markdownFigures() : await wordpressFigures()))
}
