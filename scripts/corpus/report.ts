/**
 * Prints the corpus figures, one row per site, with the lost URLs and template syntax behind each miss.
 *
 *   npm run corpus:report                      the table and the details, as text
 *   npm run corpus:report -- --markdown        the table as Markdown
 *   npm run corpus:report -- --write-readmes   also rewrites the "Corpus" sections of the importer READMEs
 *
 * It needs `npm run corpus:fetch` and `npm run corpus:oracle` first; sites without an oracle are listed, not measured.
 */
import { execFile } from 'node:child_process'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { repoRoot } from './_sites.mjs'
import { measureCorpusExport, measureExport } from './measure-wordpress.js'
import type { ExportFigures } from './measure-wordpress.js'
import { availableSites, linkRate, measureSite } from './measure.js'
import type { SiteFigures } from './measure.js'

const run = promisify(execFile)
const BEGIN = '<!-- corpus:begin (written by npm run corpus:report -- --write-readmes) -->'
const END = '<!-- corpus:end -->'

async function main(argv: string[]): Promise<void> {
  const { dir, sites, missing } = await availableSites()
  if (sites.length === 0) {
    console.error(`No corpus in ${dir}: run npm run corpus:fetch and npm run corpus:oracle first.`)
    process.exitCode = 2
    return
  }
  const figures: SiteFigures[] = []
  for (const site of sites.filter((s) => s.convention !== 'wordpress')) figures.push(await measureSite(site))
  const table = markdownTable(figures)
  if (argv.includes('--markdown')) console.log(table)
  else console.log(textReport(figures))
  if (missing.length > 0) console.log(`\nNot measured (no oracle.json yet): ${missing.join(', ')}`)

  const exports: ExportFigures[] = []
  for (const site of sites.filter((s) => s.convention === 'wordpress')) exports.push(await measureCorpusExport(site))
  const fixtureExports: ExportFigures[] = []
  for (const file of await wxrFixtures()) fixtureExports.push(await measureExport(file, `fixture \`${path.basename(file)}\``))
  const wpTable = exportTable([...exports, ...fixtureExports])
  const liveTable = siteTable(exports)
  console.log(`\nWordPress exports (${exports.length} from the corpus, ${fixtureExports.length} fixtures of ../shared; built exports against their live install, the others against their own links and statuses):\n`)
  console.log(wpTable)
  if (liveTable) {
    console.log(`\nWhat only the live installs tell:\n\n${liveTable}`)
    for (const f of exports) {
      if (!f.live) continue
      const details = [...f.live.primaryMenu.problems.slice(0, 4).map((p) => `menu: ${p}`), ...f.urls.lost.slice(0, 3).map((u) => `lost ${u}`), ...f.live.terms.lost.slice(0, 2).map((u) => `archive lost ${u}`), ...f.advice.notes.map((n) => `report: ${n}`), ...(f.links?.broken ?? []).slice(0, 3).map((b) => `broken ${b}`), ...f.live.unresolved.map((u) => `oracle: WordPress does not resolve ${u}`), ...f.live.linkMismatches.slice(0, 3).map((m) => `oracle: ${m}`)]
      if (details.length > 0) console.log(`\n${f.label}\n${details.map((d) => `  ${d}`).join('\n')}`)
    }
  }

  if (argv.includes('--write-readmes')) {
    const commit = (await run('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot })).stdout.trim()
    await writeSection(path.join(repoRoot, 'importers/markdown/README.md'), markdownSection(table, figures, commit))
    await writeSection(path.join(repoRoot, 'importers/wordpress/README.md'), wordpressSection(wpTable, liveTable, exports, commit))
    console.log('\nUpdated the Corpus sections of importers/markdown/README.md and importers/wordpress/README.md.')
  }
}

/** The WXR fixtures beside the repository (../shared/fixtures/wxr), when they are there. */
async function wxrFixtures(): Promise<string[]> {
  const dir = path.resolve(repoRoot, '../shared/fixtures/wxr')
  try {
    return (await readdir(dir)).filter((f) => f.endsWith('.xml')).sort().map((f) => path.join(dir, f))
  } catch {
    return []
  }
}

function exportTable(figures: ExportFigures[]): string {
  const head = ['Export', 'Published: WordPress / payload', 'Count off by', 'Original URLs kept / redirected / lost', 'Private items published', 'Private items in the payload as drafts', 'Docs with raw shortcodes']
  const lines = [head, head.map(() => '---'), ...figures.map((f) => [
    f.label,
    `${f.expected} / ${f.published}`,
    f.countDelta === 0 ? '0%' : `**${pct(f.countDelta)}**`,
    `${f.urls.kept} / ${f.urls.redirected ? `**${f.urls.redirected}**` : 0} / ${f.urls.lost.length ? `**${f.urls.lost.length}**` : 0} of ${f.urls.sampled}`,
    f.privatePublished.length ? `**${f.privatePublished.length}**` : '0',
    f.privateInPayload ? `**${f.privateInPayload}**` : '0',
    f.shortcodes.documents ? `**${f.shortcodes.documents}** (${Object.entries(f.shortcodes.byName).map(([k, v]) => `${v} [${k}]`).join(', ')})` : '0',
  ])].map((cells) => `| ${cells.join(' | ')} |`)
  return lines.join('\n')
}

/** The figures only a live install's oracle gives: front page, posts page, primary menu, other types, archives, media. */
function siteTable(figures: ExportFigures[]): string {
  const live = figures.filter((f) => f.live)
  if (live.length === 0) return ''
  const mark = (ok: boolean, text: string) => (ok ? text : `**${text}**`)
  const head = ['Export', 'Languages', 'Front page: WordPress → payload', 'Posts index: WordPress → payload', 'Primary menu: WordPress → payload', 'Other types published (in payload / in report)', 'Category and tag archives kept / redirected / lost', 'Images still on the old host', 'Links and images resolve, with --uploads']
  const lines = [head, head.map(() => '---'), ...live.map((f) => {
    const l = f.live as NonNullable<ExportFigures['live']>
    const reached = l.terms.kept + l.terms.redirected
    return [
      f.label,
      Object.entries(l.languages).map(([k, v]) => `${k} ${v}`).join(', '),
      mark(l.frontPage.ok, `${l.frontPage.expected} → ${l.frontPage.got}`),
      mark(l.postsIndex.ok, `${l.postsIndex.expected} → ${l.postsIndex.got}`),
      mark(l.primaryMenu.ok, `${l.primaryMenu.expected} → ${l.primaryMenu.got}${l.primaryMenu.problems.length ? `, ${l.primaryMenu.problems.length} difference${l.primaryMenu.problems.length === 1 ? '' : 's'}` : ''}`) + (l.primaryMenu.ok || !f.advised ? '' : `; ${f.advised.figures.live?.primaryMenu.problems.length || 'none'} with the base the report asks for given`),
      Object.entries(l.otherTypes).map(([type, t]) => mark(t.inPayload + t.reported >= t.published, `${type} ${t.published} (${t.inPayload} / ${t.reported})`)).join(', ') || 'none',
      `${l.terms.kept} / ${l.terms.redirected ? `**${l.terms.redirected}**` : 0} / ${l.terms.lost.length ? `**${l.terms.lost.length}**` : 0} of ${l.terms.sampled}${reached === l.terms.sampled ? '' : advisedArchives(f)}`,
      `${l.media.onOldHost} of ${l.media.images}`,
      wordpressLinkCell(f.links),
    ]
  })].map((cells) => `| ${cells.join(' | ')} |`)
  return lines.join('\n')
}

/** The links column of a built export: the share of what the original served, with what is set apart said. */
function wordpressLinkCell(links: ExportFigures['links']): string {
  if (!links) return 'n/a (no uploads folder)'
  const apart = links.brokenInOriginal + links.toNotImported
  const rate = linkRate({ ...links, brokenInOriginal: apart })
  const mark = rate >= 0.98 ? '' : '**'
  const notes = [...(links.brokenInOriginal ? [`${links.brokenInOriginal} broken in the original`] : []), ...(links.toNotImported ? [`${links.toNotImported} to types not imported`] : [])]
  return `${mark}${pct(rate)} (${links.resolved}/${links.total - apart})${mark}${notes.length ? ` + ${notes.join(', ')}` : ''}`
}

/** For archives lost with the defaults: whether the report asked for the base, and what giving it does. */
function advisedArchives(f: ExportFigures): string {
  if (f.advice.keys.length === 0) return ' (the report does not say why)'
  const after = f.advised?.figures.live?.terms
  if (!after) return ` (the report asks for ${f.advice.keys.map((k) => `permalinks.${k}`).join(', ')})`
  const lost = after.lost.length
  return `; the report asks for ${f.advice.keys.map((k) => `permalinks.${k}`).join(', ')}, and with ${Object.entries(f.advised?.site.permalinks ?? {}).map(([k, v]) => `${k}: ${v}`).join(', ')} given ${lost ? `**${lost}** are` : 'none is'} lost`
}

function wordpressSection(table: string, liveTable: string, exports: ExportFigures[], commit: string): string {
  const built = exports.filter((f) => f.live).length
  return [
    exports.length === 0
      ? 'No WordPress export from outside the fixtures is in the corpus yet (scripts/corpus/README.md says how to build them). Until one is, the same measurement runs on the six fixture exports, so the table below is a baseline on exports the importer *was* developed against.'
      : `Measured on ${built} export(s) of real WordPress installs built for the corpus by scripts/corpus/wordpress/build.sh (WordPress's own exporter; their content is ours, none of it seen by the importer before), ${exports.length - built ? `${exports.length - built} other corpus export(s), ` : ''}and on the six fixture exports of ../shared.`,
    '',
    'Built exports are measured against their live install (every item\'s `get_permalink()`, the front page, the posts page, the menus in their theme locations); the fixtures against themselves (an item\'s `<link>` is where WordPress served it, its status and password whether the public saw it). scripts/corpus/measure-wordpress.ts reads both apart from the importer. Targets (issue 14): published posts and pages exactly as WordPress published them, every one reachable at its original path (kept, or redirected where the contract cannot express it; the goal is none redirected), nothing private published or in the payload by default, no raw shortcodes, the front page, posts page and primary menu where WordPress had them, every other type accounted for. **Bold** marks a miss. Images on the old host are expected without `--uploads` (issue 14 item 7). An export does not record the category and tag bases (Settings → Permalinks): the importer reads them from links to archives, and where none shows one the report says so and asks for it (`--site` with `permalinks.tags`); the archives column then says what giving the base WordPress had does. Measured at commit ' + commit + '.',
    '',
    table,
    ...(liveTable ? ['', liveTable] : []),
  ].join('\n')
}

const pct = (n: number) => `${(n * 100).toFixed(n > 0 && n < 0.01 ? 1 : 0)}%`

function row(f: SiteFigures): string[] {
  const reached = f.urls.kept + f.urls.redirected
  return [
    `\`${f.id}\` (${f.package})`,
    Object.entries(f.languages).map(([k, v]) => (k === 'default' ? `${v}` : `${k} ${v}`)).join(', '),
    expectedPreset(f.convention) === null || f.detected.preset === expectedPreset(f.convention) ? `${f.convention} → ${f.detected.preset}` : `${f.convention} → **${f.detected.preset}**`,
    `${f.expected}${f.fallbacks ? ` (+${f.fallbacks} fallback URLs)` : ''} / ${f.imported ? f.published : 'no payload'}`,
    f.countDelta <= 0.02 ? pct(f.countDelta) : `**${pct(f.countDelta)}**`,
    `${reached === f.urls.sampled ? '' : '**'}${reached}/${f.urls.sampled}${reached === f.urls.sampled ? '' : '**'}${f.urls.redirected ? ` (${f.urls.redirected} redirected)` : ''}`,
    `${f.privatePublished.length === 0 ? '0' : `**${f.privatePublished.length}**`} / ${f.privateAsDraft === 0 ? '0' : `**${f.privateAsDraft}**`}`,
    f.templates.documents === 0 ? '0' : `**${f.templates.documents}** (${Object.entries(f.templates.byKind).map(([k, v]) => `${v} ${k}`).join(', ')})`,
    linkCell(f.links),
  ]
}

/** The links column: the share of what the original resolved, with the links broken on the original too set apart. */
function linkCell(links: SiteFigures['links']): string {
  if (!links) return 'n/a'
  if (links.total === 0) return 'none to check'
  const rate = linkRate(links)
  const mark = rate >= 0.98 ? '' : '**'
  return `${mark}${pct(rate)} (${links.resolved}/${links.total - links.brokenInOriginal})${mark}${links.brokenInOriginal ? ` + ${links.brokenInOriginal} broken in the original` : ''}`
}

/** The preset issue 13 asks the importer to detect for a convention of sites.json; null where it names none. */
function expectedPreset(convention: string): string | null {
  return ['hugo', 'jekyll', 'docusaurus', 'astro', 'eleventy'].includes(convention) ? convention : null
}

function markdownTable(figures: SiteFigures[]): string {
  const head = ['Site (package@version)', 'Published per language', 'Convention (→ detected)', 'Published: generator / payload', 'Count off by', 'Original URLs kept or redirected', 'Private docs published / in the payload as drafts', 'Docs with template syntax', 'Links and images resolve']
  const lines = [head, head.map(() => '---'), ...figures.map(row)].map((cells) => `| ${cells.join(' | ')} |`)
  const totals = figures.reduce((t, f) => ({ expected: t.expected + f.expected, reached: t.reached + f.urls.kept + f.urls.redirected, sampled: t.sampled + f.urls.sampled }), { expected: 0, reached: 0, sampled: 0 })
  lines.push(`| **All ${figures.length} sites** | | | ${totals.expected} published by the generators | | ${totals.reached}/${totals.sampled} (${pct(totals.reached / Math.max(1, totals.sampled))}) | ${figures.reduce((n, f) => n + f.privatePublished.length, 0)} / ${figures.reduce((n, f) => n + f.privateAsDraft, 0)} | ${figures.reduce((n, f) => n + f.templates.documents, 0)} | |`)
  return lines.join('\n')
}

function textReport(figures: SiteFigures[]): string {
  const out: string[] = []
  for (const f of figures) {
    const reached = f.urls.kept + f.urls.redirected
    out.push(`${f.id}  ${f.package}  [${f.convention}; imported as ${f.detected.preset}: ${f.detected.reason}]`)
    out.push(`  oracle: ${f.oracleMethod} (${f.generator}); languages: ${Object.entries(f.languages).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`)
    out.push(`  published: generator ${f.expected}, payload ${f.imported ? f.published : 'none (import failed)'}  (off by ${pct(f.countDelta)}; target ≤ 2%)${f.errors ? `; ${f.errors} import error(s)` : ''}`)
    out.push(`  original URLs kept ${f.urls.kept}, redirected ${f.urls.redirected}, lost ${f.urls.lost.length} of ${f.urls.sampled} sampled (${pct(reached / Math.max(1, f.urls.sampled))}; target 100%)`)
    for (const lost of f.urls.lost.slice(0, 5)) out.push(`    lost ${lost}`)
    if (f.urls.lost.length > 5) out.push(`    … and ${f.urls.lost.length - 5} more`)
    out.push(`  private documents published: ${f.privatePublished.length}${f.privatePublished.length ? ` (${f.privatePublished.slice(0, 5).join(', ')})` : ''}; kept as drafts: ${f.privateAsDraft}`)
    out.push(`  documents with template syntax: ${f.templates.documents}${f.templates.documents ? ` (${Object.entries(f.templates.byKind).map(([k, v]) => `${v} ${k}`).join(', ')})` : ''}`)
    for (const example of f.templates.examples.slice(0, 3)) out.push(`    ${example}`)
    out.push(`  links and media files resolving under check: ${f.links ? `${f.links.resolved} of the ${f.links.total - f.links.brokenInOriginal} the original resolved (${pct(linkRate(f.links))}; target ≥ 98%); ${f.links.brokenInOriginal} more broken on the original too` : 'not measured (no payload)'}`)
    for (const b of f.links?.broken.slice(0, 5) ?? []) out.push(`    broken ${b}`)
    out.push('')
  }
  out.push(markdownTable(figures))
  return out.join('\n')
}

function markdownSection(table: string, figures: SiteFigures[], commit: string): string {
  const lost = figures.filter((f) => f.urls.lost.length > 0).map((f) => `- \`${f.id}\`: ${f.urls.lost.slice(0, 3).join('; ')}${f.urls.lost.length > 3 ? `; … (${f.urls.lost.length} in all)` : ''}`)
  return [
    `Measured on ${figures.length} sites, none of them in the fixtures: ${figures.filter((f) => !f.built).length} published in npm packages, and ${figures.filter((f) => f.built).length} written here (\`built-…\`)`,
    'in the conventions npm has no site of, each against what its own generator publishes; scripts/corpus/README.md',
    'says how to fetch and build them, how each oracle was made and what every column means. Targets (issue 13):',
    'count off by ≤ 2%, every original URL kept or redirected, no private document published or kept as a draft, no',
    'template syntax, ≥ 98% of the links and images the original site resolved resolving (`check` on the payload and',
    'the media folder the import delivered; links the original leaves broken too, to pages or files its package does',
    'not ship, are set apart and not counted as misses). **Bold** marks a miss. A page a Docusaurus or Starlight locale serves from the default locale\'s file',
    'for want of a translation (a fallback) is another URL of that document, not a document: it counts among the',
    'original URLs, not the published documents. A not-found page (404) counts on neither side.',
    `Measured at commit ${commit}.`,
    '',
    table,
    '',
    'First lost URLs per site (where the document went instead, when its title finds it):',
    '',
    ...lost,
  ].join('\n')
}

/** Replaces the text between the corpus markers of a README, or appends a "Corpus" section with them (making the README if there is none). */
export async function writeSection(file: string, body: string): Promise<void> {
  const text = await readFile(file, 'utf8').catch(() => `# preview-data-sdk/${path.basename(path.dirname(file))}\n`)
  const start = text.indexOf(BEGIN)
  const end = text.indexOf(END)
  const block = `${BEGIN}\n${body}\n${END}`
  const next = start >= 0 && end > start ? text.slice(0, start) + block + text.slice(end + END.length) : `${text.replace(/\n*$/, '\n')}\n## Corpus\n\n${block}\n`
  await writeFile(file, next)
}

await main(process.argv.slice(2)).catch((error: Error) => {
  console.error(error.message)
  process.exitCode = 2
})
