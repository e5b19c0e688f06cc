// VuePress 1's own answer: the VuePress version and theme the site declares are installed in a scratch folder and
// @vuepress/core's App resolves the site as `vuepress build` does before it bundles (createApp({ sourceDir })
// .process(): configuration, theme, plugins, every page with its permalink); each page's relativePath and path say
// which file became which URL. The webpack bundle is not made: it decides no URL.
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { markdownFiles, scratchCopy } from './_oracle-common.mjs'
import { installGenerator } from './_oracle-install.mjs'

const run = promisify(execFile)

export async function vuepress1Oracle(site, dir) {
  const { work, src } = await scratchCopy(site, dir)
  await installGenerator(work, site.oracle.packages)
  const script = path.join(work, 'pages.cjs')
  await writeFile(script, `const { createApp } = require('@vuepress/core')
const app = createApp({ sourceDir: process.argv[2] })
app.process().then(() => {
  for (const p of app.pages) if (p.relativePath) console.log('PAGE ' + JSON.stringify({ source: p.relativePath, url: p.path }))
}, (error) => { console.error(error); process.exit(1) })
`)
  const source = path.join(src, site.oracle.source)
  const { stdout } = await run(process.execPath, [script, source], { cwd: work, maxBuffer: 64 << 20 })
    .catch((error) => { throw new Error(`VuePress 1 failed on ${site.id}: ${(error.stderr || error.message).slice(-3000)}`) })
  const pages = new Map()
  for (const line of stdout.split('\n')) if (line.startsWith('PAGE ')) { const p = JSON.parse(line.slice(5)); pages.set(`${site.oracle.source}/${p.source}`, p.url) }
  const documents = []
  for (const rel of await markdownFiles(path.join(dir, 'site'))) {
    const url = pages.get(rel)
    documents.push(url ? { source: rel, status: 'published', url } : { source: rel, status: 'not-rendered', url: null })
  }
  const version = JSON.parse(await readFile(path.join(work, 'node_modules', '@vuepress', 'core', 'package.json'), 'utf8')).version
  return {
    generator: { name: '@vuepress/core', version, how: `createApp().process() in a scratch folder with ${site.oracle.packages.join(', ')}; sources and permalinks from its pages` },
    warnings: [],
    documents,
  }
}
