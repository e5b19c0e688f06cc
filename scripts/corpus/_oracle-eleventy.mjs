// Eleventy's own answer: the Eleventy version the site declares is installed in a scratch folder (never in this
// repository), the site is copied beside it and built, and Eleventy's "Writing <output> from <input>" lines say which
// source became which URL. The site's .eleventy.js runs, as it does for its owner: that is the generator at work.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { frontMatterOf, markdownFiles, PAGE_TEMPLATES, scratchCopy, urlOfOutput } from './_oracle-common.mjs'
import { installGenerator } from './_oracle-install.mjs'

const run = promisify(execFile)

export async function eleventyOracle(site, dir) {
  const { work, src } = await scratchCopy(site, dir)
  await installGenerator(work, site.oracle.packages)
  const cli = path.join(work, 'node_modules', '@11ty', 'eleventy', 'cmd.js')
  const { stdout, stderr } = await run(process.execPath, [cli, '--output=_site'], { cwd: src, maxBuffer: 64 << 20, env: { ...process.env, TZ: 'UTC' } })
    .catch((error) => { throw new Error(`eleventy failed on ${site.id}: ${error.stderr || error.message}`) })

  const written = new Map()
  // Eleventy 0.x prints `Writing _site/x/index.html from ./x.md.`, 2.x `[11ty] Writing _site/x/index.html from ./x.md (liquid)`.
  for (const m of stdout.matchAll(/^(?:\[11ty\] )?Writing (\S+) from \.\/(\S+?)\.?( \(.*\))?$/gm)) {
    const output = path.relative(path.resolve(src, '_site'), path.resolve(src, m[1]))
    written.set(m[2], [...(written.get(m[2]) ?? []), output])
  }
  const documents = []
  for (const rel of await markdownFiles(path.join(dir, 'site'))) {
    const outputs = written.get(rel) ?? []
    const url = outputs.length > 0 ? urlOfOutput(outputs[0]) : undefined
    documents.push({ source: rel, status: url ? 'published' : 'not-rendered', url: url ?? null })
  }
  // HTML, Nunjucks and Liquid templates are pages when Eleventy writes one HTML file from them; a paginated template
  // (`pagination:`, one file or several) writes generated lists, and one writing another type of file (a feed, a
  // sitemap) no page.
  for (const rel of await markdownFiles(path.join(dir, 'site'), PAGE_TEMPLATES)) {
    const outputs = written.get(rel)
    if (outputs === undefined) continue
    const paginated = outputs.length > 1 || (await frontMatterOf(path.join(dir, 'site', rel))).pagination !== undefined
    const page = !paginated && /\.html?$/i.test(outputs[0])
    documents.push({ source: rel, status: page ? 'published' : paginated ? 'paginated' : 'not-a-page', url: page ? urlOfOutput(outputs[0]) : null, kind: 'template' })
  }
  const version = (await run(process.execPath, [cli, '--version'], { cwd: src })).stdout.trim()
  return {
    generator: { name: '@11ty/eleventy', version, how: `eleventy build in a scratch folder with ${site.oracle.packages.join(', ')}; sources mapped from its "Writing … from …" log` },
    warnings: stderr.split('\n').filter(Boolean).slice(0, 20),
    documents,
  }
}
