#!/usr/bin/env node
// Writes .corpus/<id>/oracle.json: what each site's real generator publishes, document by document (source file,
// status, URL, language). Where the generator runs here (Hugo, Jekyll, Eleventy, Docusaurus) it is run on a scratch
// copy outside the repository; where it cannot (Astro 7 and Next.js need other Node versions and a full app build),
// the URL list is derived from the generator's documented routing rules, and oracle.json says so.
//
//   npm run corpus:oracle                every fetched site
//   npm run corpus:oracle -- hugo-doks   only the named sites
import { readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { documentTitle } from './_oracle-common.mjs'
import { loadSites, siteDir } from './_sites.mjs'
import { docusaurusOracle } from './_oracle-docusaurus.mjs'
import { docusaurus1Oracle } from './_oracle-docusaurus1.mjs'
import { eleventyOracle } from './_oracle-eleventy.mjs'
import { hugoOracle } from './_oracle-hugo.mjs'
import { jekyllOracle } from './_oracle-jekyll.mjs'
import { starlightOracle } from './_oracle-starlight.mjs'
import { vuepress1Oracle } from './_oracle-vuepress1.mjs'
import { astroRules, fumadocsRules, generatorOutput, nextjsPagesRules, plainRules, starlightRules, vuepressRules, wxrSelf } from './_oracle-rules.mjs'

const METHODS = {
  hugo: hugoOracle,
  jekyll: jekyllOracle,
  eleventy: eleventyOracle,
  docusaurus: docusaurusOracle,
  docusaurus1: docusaurus1Oracle,
  'astro-rules': astroRules,
  starlight: starlightOracle,
  'starlight-rules': starlightRules,
  'fumadocs-rules': fumadocsRules,
  'plain-rules': plainRules,
  'vuepress-rules': vuepressRules,
  vuepress1: vuepress1Oracle,
  'nextjs-pages-rules': nextjsPagesRules,
  'generator-output': generatorOutput,
  wxr: wxrSelf,
}

async function main(argv) {
  const sites = await loadSites(argv)
  let failed = 0
  for (const site of sites) {
    const dir = siteDir(site.id)
    if (site.oracle.method === 'wordpress-live') {
      // A built WordPress site's oracle comes from the live install, written by the build itself.
      console.log(`${site.id}: its oracle is written by bash scripts/corpus/wordpress/build.sh ${site.build}`)
      continue
    }
    try {
      await stat(path.join(dir, 'fetch.json'))
    } catch {
      console.error(`${site.id}: not fetched; run npm run corpus:fetch first.`)
      failed++
      continue
    }
    try {
      const method = METHODS[site.oracle.method]
      if (!method) throw new Error(`unknown oracle method "${site.oracle.method}"`)
      const fetched = JSON.parse(await readFile(path.join(dir, 'fetch.json'), 'utf8'))
      const builtAt = new Date().toISOString()
      const { documents: found, ...result } = await method(site, dir)
      for (const doc of found) doc.title ??= await documentTitle(path.join(dir, 'site', doc.source))
      const documents = found.sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : (a.lang ?? '') < (b.lang ?? '') ? -1 : 1))
      const oracle = {
        id: site.id,
        package: `${site.package}@${site.version}`,
        integrity: fetched.integrity,
        method: site.oracle.method,
        // The instant the generator judged drafts, future and expired documents against; measure.ts imports with it.
        built_at: builtAt,
        ...result,
        counts: countStatuses(documents),
        documents,
      }
      await writeFile(path.join(dir, 'oracle.json'), JSON.stringify(oracle, null, 2) + '\n')
      console.log(`${site.id}: ${site.oracle.method}: ${Object.entries(oracle.counts).map(([k, v]) => `${v} ${k}`).join(', ')}`)
    } catch (error) {
      failed++
      console.error(`${site.id}: ${error.message}`)
    }
  }
  if (failed > 0) process.exitCode = 1
}

function countStatuses(documents) {
  const counts = {}
  for (const d of documents) counts[d.status] = (counts[d.status] ?? 0) + 1
  return counts
}

// A mistake in the command (an unknown site id) or an unreadable sites.json: said in one line, exit code 2.
await main(process.argv.slice(2)).catch((error) => {
  console.error(error.message)
  process.exitCode = 2
})
