// Docusaurus's own answer: the Docusaurus version the site declares is installed in a scratch folder, the site is
// copied beside it and built with `docusaurus build`, and the route metadata Docusaurus generates (.docusaurus/**.json,
// one object per doc, blog post and Markdown page with its `source` and `permalink`) says which file became which URL.
import { execFile } from 'node:child_process'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { frontMatterOf, markdownFiles, scratchCopy, walk } from './_oracle-common.mjs'
import { installGenerator } from './_oracle-install.mjs'

const run = promisify(execFile)

export async function docusaurusOracle(site, dir) {
  const { work, src } = await scratchCopy(site, dir)
  await installGenerator(work, site.oracle.packages)
  const cli = path.join(work, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs')
  // A site with several locales is built one locale at a time, so that each build's .docusaurus/ metadata can be
  // read before the next one replaces it. A single `--locale fr` builds French at the root (for a domain of its own);
  // the site's own build puts it under /fr/, and so does naming the locale twice (Docusaurus localizes the base URL
  // whenever more than one --locale is given: @docusaurus/core, isAutomaticBaseUrlLocalizationDisabled). The first
  // locale is the default, served without a prefix.
  const locales = site.oracle.locales ?? [null]
  const routes = new Map()
  const warnings = []
  for (const locale of locales) {
    await rm(path.join(src, '.docusaurus'), { recursive: true, force: true })
    const { stderr } = await run(process.execPath, [cli, 'build', src, '--out-dir', path.join(work, 'build'), '--no-minify', ...(locale ? (locale === locales[0] ? ['--locale', locale] : ['--locale', locale, '--locale', locale]) : [])], {
      cwd: src,
      maxBuffer: 64 << 20,
      env: { ...process.env, DOCUSAURUS_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    }).catch((error) => { throw new Error(`docusaurus build${locale ? ` --locale ${locale}` : ''} failed on ${site.id}: ${(error.stderr || error.message).slice(-3000)}`) })
    warnings.push(...stderr.split('\n').filter((l) => /warn|error/i.test(l)))
    for (const file of await walk(path.join(src, '.docusaurus'))) {
      if (!file.endsWith('.json')) continue
      collect(JSON.parse(await readFile(file, 'utf8')), routes, locale)
    }
  }
  const documents = []
  for (const rel of await markdownFiles(path.join(dir, 'site'))) {
    const found = locales.map((locale) => [locale, routes.get(`${locale}\0${rel}`)]).filter(([, r]) => r)
    for (const [locale, route] of found) {
      // An untranslated doc or post is served in another locale from the default locale's file.
      const fallback = locale !== locales[0] && !rel.startsWith('i18n/')
      documents.push({ source: rel, status: route.unlisted ? 'unlisted' : 'published', url: route.permalink, kind: route.kind, ...(locale ? { lang: locale } : {}), ...(fallback ? { fallback: true } : {}), ...(route.title ? { title: route.title } : {}) })
    }
    if (found.length > 0) continue
    // Docs and posts marked `draft: true` exist only in development builds (docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#markdown-front-matter).
    const draft = (await frontMatterOf(path.join(dir, 'site', rel))).draft === true
    documents.push({ source: rel, status: draft ? 'draft' : 'not-rendered', url: null })
  }
  const version = JSON.parse(await readFile(path.join(work, 'node_modules', '@docusaurus', 'core', 'package.json'), 'utf8')).version
  return {
    generator: { name: '@docusaurus/core', version, how: `docusaurus build${locales[0] ? ' per locale' : ''} in a scratch folder with ${site.oracle.packages.join(', ')}; sources and permalinks from the generated .docusaurus/ metadata` },
    warnings: warnings.slice(0, 20),
    documents,
  }
}

/** Finds every `{ source: '@site/…', permalink }` object in Docusaurus's generated metadata. */
function collect(value, routes, locale) {
  if (Array.isArray(value)) {
    for (const v of value) collect(v, routes, locale)
    return
  }
  if (!value || typeof value !== 'object') return
  if (typeof value.source === 'string' && value.source.startsWith('@site/') && typeof value.permalink === 'string') {
    const key = `${locale}\0${value.source.slice('@site/'.length)}`
    if (!routes.has(key)) {
      routes.set(key, {
        permalink: value.permalink,
        title: value.title,
        unlisted: value.unlisted === true,
        kind: value.date !== undefined && value.authors !== undefined ? 'blog-post' : value.sidebar !== undefined || value.id !== undefined ? 'doc' : 'page',
      })
    }
  }
  for (const v of Object.values(value)) collect(v, routes, locale)
}
