// Docusaurus 1's own answer: the docusaurus version the site uses is installed into the scratch copy's website/
// folder (where a Docusaurus 1 site keeps its package.json), the site is built there with `docusaurus-build`, and
// the metadata that build generates says which file became which URL: lib/core/metadata.js (every doc with its
// source below the docs folder, its language and permalink) and lib/core/MetadataBlog.js (every post's dated path).
// A URL counts only when the build wrote its HTML.
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { markdownFiles, scratchCopy, walk } from './_oracle-common.mjs'
import { installGenerator } from './_oracle-install.mjs'

const run = promisify(execFile)

export async function docusaurus1Oracle(site, dir) {
  const { src } = await scratchCopy(site, dir)
  const website = path.join(src, 'website')
  await installGenerator(website, site.oracle.packages)
  // docusaurus-init fills the colour placeholders of the example's siteConfig.js when it copies it; so does this.
  const configFile = path.join(website, 'siteConfig.js')
  const config = await readFile(configFile, 'utf8')
  await writeFile(configFile, config.replace('{{primaryColor}}', '#2E8555').replace('{{secondaryColor}}', '#205C3B'))
  const lib = path.join(website, 'node_modules', 'docusaurus', 'lib')
  await run(process.execPath, [path.join(lib, 'build-files.js'), '--skip-image-compression'], { cwd: website, maxBuffer: 64 << 20 })
    .catch((error) => { throw new Error(`docusaurus-build failed on ${site.id}: ${(error.stderr || error.message).slice(-3000)}`) })
  const built = new Set()
  for (const file of await walk(path.join(website, 'build'))) built.add(path.relative(path.join(website, 'build'), file).split(path.sep).slice(1).join('/'))
  const docs = Object.values(await generated(path.join(lib, 'core', 'metadata.js')))
  const posts = await generated(path.join(lib, 'core', 'MetadataBlog.js'))
  if (docs.some((d) => d.version)) throw new Error(`${site.id}: versioned docs are not mapped by this oracle yet`)
  const baseUrl = site.oracle.baseUrl ?? '/'
  const documents = []
  for (const rel of await markdownFiles(path.join(dir, 'site'))) {
    const found = []
    if (rel.startsWith('docs/')) {
      for (const d of docs) if (d.source === rel.slice('docs/'.length) && built.has(d.permalink)) found.push({ url: baseUrl + d.permalink, lang: d.language })
    } else if (rel.startsWith('website/blog/')) {
      const m = /^(\d{4})-(\d{2})-(\d{2})-(.+)\.md$/.exec(rel.slice('website/blog/'.length))
      const dated = m ? `${m[1]}/${m[2]}/${m[3]}/${m[4]}.html` : undefined
      if (dated && posts.some((p) => p.path === dated) && built.has(`blog/${dated}`)) found.push({ url: `${baseUrl}blog/${dated}` })
    }
    if (found.length === 0) documents.push({ source: rel, status: 'not-rendered', url: null })
    for (const f of found) documents.push({ source: rel, status: 'published', url: f.url, ...(f.lang ? { lang: f.lang } : {}) })
  }
  const version = JSON.parse(await readFile(path.join(website, 'node_modules', 'docusaurus', 'package.json'), 'utf8')).version
  return {
    generator: { name: 'docusaurus', version, how: `docusaurus-build in a scratch folder with ${site.oracle.packages.join(', ')}; sources and permalinks from the metadata it generates (lib/core/metadata.js, MetadataBlog.js)` },
    warnings: [],
    documents,
  }
}

/** A generated `module.exports = <JSON>` file's value, read as data. */
async function generated(file) {
  const text = await readFile(file, 'utf8')
  const at = text.indexOf('module.exports =')
  return JSON.parse(text.slice(at + 'module.exports ='.length).trim().replace(/;\s*$/, ''))
}
