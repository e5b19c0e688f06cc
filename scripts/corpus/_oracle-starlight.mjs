// Starlight's own answer, as far as its build tells it: the Astro and Starlight versions the site declares are
// installed in a scratch folder (never in this repository) and `astro build` runs on a copy of the site. A built
// page does not say which file it came from, so the documented routing rules (_oracle-rules.mjs, starlightRules)
// map sources to URLs, and the build confirms them: a page the rules publish but the build did not write becomes
// `not-rendered`, and every page the build wrote that no rule explains is listed in the oracle's warnings.
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { scratchCopy, urlOfOutput, walk } from './_oracle-common.mjs'
import { installGenerator } from './_oracle-install.mjs'
import { starlightRules } from './_oracle-rules.mjs'

const run = promisify(execFile)

export async function starlightOracle(site, dir) {
  const { work, src } = await scratchCopy(site, dir)
  await installGenerator(work, site.oracle.packages)
  const cli = path.join(work, 'node_modules', 'astro', 'astro.js')
  const { stderr } = await run(process.execPath, [cli, 'build', '--root', src], { cwd: src, maxBuffer: 64 << 20, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } })
    .catch((error) => { throw new Error(`astro build failed on ${site.id}: ${(error.stderr || error.stdout || error.message).slice(-3000)}`) })
  const built = new Set()
  for (const file of await walk(path.join(src, 'dist'))) {
    if (file.endsWith('.html')) built.add(decodeURI(urlOfOutput(path.relative(path.join(src, 'dist'), file))))
  }
  const rules = await starlightRules(site, dir)
  const warnings = []
  const explained = new Set(['/404.html'])
  for (const doc of rules.documents) {
    if (doc.status !== 'published') continue
    const url = decodeURI(doc.url)
    explained.add(url)
    if (!built.has(url)) {
      warnings.push(`the rules publish ${doc.source} at ${doc.url}, the build wrote no such page`)
      doc.status = 'not-rendered'
    }
  }
  for (const url of built) if (!explained.has(url)) warnings.push(`the build wrote ${url}, which no rule explains`)
  const versions = await Promise.all(['astro', '@astrojs/starlight'].map(async (p) => `${p} ${JSON.parse(await readFile(path.join(work, 'node_modules', p, 'package.json'), 'utf8')).version}`))
  return {
    generator: { name: '@astrojs/starlight', version: versions.join(', '), how: `astro build in a scratch folder with ${site.oracle.packages.join(', ')}; sources mapped to URLs by Starlight's documented rules, each confirmed by the pages the build wrote` },
    warnings: [...warnings, ...stderr.split('\n').filter((l) => /warn|error/i.test(l))].slice(0, 30),
    documents: rules.documents,
  }
}
