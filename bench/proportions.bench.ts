/**
 * States what the benchmark data holds beside what the real fixtures hold (bench/proportions.ts): a generated
 * 2,000-post export, 1,000-file Markdown site and 2,000-post payload, measured by the same code as the six WordPress
 * exports and eight Markdown sites of ../shared/fixtures (the fixture columns are left out when it is absent).
 *
 * Usage: npx tsx bench/proportions.bench.ts   (npm run bench proportions builds first: the payload table imports the
 * fixtures with the built importers)
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { generateMarkdownSite } from './generate-markdown-site.js'
import { generatePayload } from './generate-payload.js'
import { generateWxr } from './generate-wxr.js'
import {
  MARKDOWN_ROWS, PAYLOAD_ROWS, WXR_ROWS, markdownFixtureColumns, markdownProportions, payloadFixtureColumns, payloadProportions, printTable, wxrFixtureColumns, wxrProportions,
} from './proportions.js'

const data = fileURLToPath(new URL('./.data/', import.meta.url))
mkdirSync(data, { recursive: true })
const wxr = `${data}wxr-v2-2000.xml`
if (!existsSync(wxr)) await generateWxr(2000, wxr)
const site = `${data}markdown-v2-1000`
if (!existsSync(`${site}/site.yml`)) await generateMarkdownSite(1000, site)
const text = JSON.stringify(generatePayload(2000))
writeFileSync(`${data}payload-v2-2000.json`, text)

printTable('WordPress exports: the six fixtures, their mean, and the generated export', [...(await wxrFixtureColumns()), { name: 'generated', figures: await wxrProportions(wxr) }], WXR_ROWS)
printTable('Markdown sites: the eight fixtures, their mean, and the generated site', [...(await markdownFixtureColumns()), { name: 'generated', figures: await markdownProportions(site) }], MARKDOWN_ROWS)
printTable(
  'Payloads: the fixtures as the SDK imports them (mean per kind), and the generated payload',
  [...(await payloadFixtureColumns()), { name: 'generated', figures: payloadProportions(JSON.parse(text) as Record<string, unknown>, text) }],
  PAYLOAD_ROWS,
)
