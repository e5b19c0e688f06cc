// Docusaurus's own answer: the Docusaurus version the site declares is installed in a scratch folder, the site is
// copied beside it and built with `docusaurus build`, and the route metadata Docusaurus generates (.docusaurus/**.json,
// one object per doc, blog post and Markdown page with its `source` and `permalink`) says which file became which URL.
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { markdownFiles, scratchCopy, walk } from './_oracle-common.mjs'
import { installGenerator } from './_oracle-install.mjs'

const run = promisify(execFile)

export async function docusaurusOracle(site, dir) {
  const { work, src } = await scratchCopy(site, dir)
  await installGenerator(work, site.oracle.packages)
  const cli = path.join(work, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs')
  const { stderr } = await run(process.execPath, [cli, 'build', src, '--out-dir', path.join(work, 'build'), '--no-minify'], {
    cwd: src,
    maxBuffer: 64 << 20,
    env: { ...process.env, DOCUSAURUS_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  }).catch((error) => { throw new Error(`docusaurus build failed on ${site.id}: ${(error.stderr || error.message).slice(-3000)}`) })

  const routes = new Map()
  for (const file of await walk(path.join(src, '.docusaurus'))) {
    if (!file.endsWith('.json')) continue
    collect(JSON.parse(await readFile(file, 'utf8')), routes)
  }
  const documents = []
  for (const rel of await markdownFiles(path.join(dir, 'site'))) {
    const route = routes.get(rel)
    documents.push(route
      ? { source: rel, status: route.unlisted ? 'unlisted' : 'published', url: route.permalink, kind: route.kind, ...(route.title ? { title: route.title } : {}) }
      : { source: rel, status: 'not-rendered', url: null })
  }
  const version = JSON.parse(await readFile(path.join(work, 'node_modules', '@docusaurus', 'core', 'package.json'), 'utf8')).version
  return {
    generator: { name: '@docusaurus/core', version, how: `docusaurus build in a scratch folder with ${site.oracle.packages.join(', ')}; sources and permalinks from the generated .docusaurus/ metadata` },
    warnings: stderr.split('\n').filter((l) => /warn|error/i.test(l)).slice(0, 20),
    documents,
  }
}

/** Finds every `{ source: '@site/…', permalink }` object in Docusaurus's generated metadata. */
function collect(value, routes) {
  if (Array.isArray(value)) {
    for (const v of value) collect(v, routes)
    return
  }
  if (!value || typeof value !== 'object') return
  if (typeof value.source === 'string' && value.source.startsWith('@site/') && typeof value.permalink === 'string') {
    const rel = value.source.slice('@site/'.length)
    if (!routes.has(rel)) {
      routes.set(rel, {
        permalink: value.permalink,
        title: value.title,
        unlisted: value.unlisted === true,
        kind: value.date !== undefined && value.authors !== undefined ? 'blog-post' : value.sidebar !== undefined || value.id !== undefined ? 'doc' : 'page',
      })
    }
  }
  for (const v of Object.values(value)) collect(v, routes)
}
