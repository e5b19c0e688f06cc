// Oracles for sites whose generator does not run here, each derived from a documented rule (cited below), and one
// read from the HTML a generator already wrote and shipped. oracle.json records which rule was applied.
import path from 'node:path'
import { frontMatterOf, markdownFiles, urlOfOutput, walk } from './_oracle-common.mjs'

/**
 * Astro file-based routing (docs.astro.build/en/guides/routing/): a .md/.mdx file under src/pages is a page at its
 * path (index → the folder), files and folders starting with `_` are not built, src/pages/404.md is built to
 * /404.html; with `trailingSlash: 'always'` and the default directory build format, other routes end in `/`.
 * Since Astro 3 a Markdown page's `draft:` no longer keeps it out of the build. Anything outside src/pages is
 * not routed. (Astro 7, which this starter needs, runs on Node 24; the corpus machine has Node 20.)
 */
export async function astroRules(site, dir) {
  const documents = []
  const collections = site.oracle.collections ?? []
  for (const rel of await markdownFiles(path.join(dir, 'site'))) {
    const collection = collections.find((c) => rel.startsWith(c.dir + '/'))
    if (collection) {
      documents.push(await collectionEntry(collection, rel, path.join(dir, 'site', rel)))
      continue
    }
    if (!rel.startsWith('src/pages/')) {
      documents.push({ source: rel, status: 'not-routed', url: null })
      continue
    }
    const route = rel.slice('src/pages/'.length).replace(/\.(md|mdx|markdown)$/i, '')
    if (route.split('/').some((seg) => seg.startsWith('_'))) {
      documents.push({ source: rel, status: 'not-rendered', url: null })
      continue
    }
    const url = route === '404' ? '/404.html' : '/' + route.replace(/(^|\/)index$/, '').replace(/([^/])$/, '$1/')
    documents.push({ source: rel, status: 'published', url: url === '//' ? '/' : url })
  }
  return {
    generator: { name: 'astro', version: 'not run (needs Node 24)', how: 'derived from Astro\'s documented file-based routing of src/pages (see scripts/corpus/_oracle-rules.mjs)' },
    warnings: [],
    documents,
  }
}

/**
 * An entry of a content collection that the site's own route file renders (`oracle.collections`: the collection's
 * folder, the route's URL prefix, and the front-matter fields its slug comes from, first present wins, as the site's
 * code reads them; sites.json says which file that is): published at the prefix plus the github-slugger slug of that
 * field (Astro's default directory build format gives a trailing slash), unless `draft: true`, which the route's
 * getCollection filter leaves out.
 */
async function collectionEntry(collection, rel, file) {
  const fm = await frontMatterOf(file)
  const field = collection.slugFrom.find((k) => typeof fm[k] === 'string' && fm[k] !== '')
  if (fm.draft === true) return { source: rel, status: 'draft', url: null }
  if (!field) return { source: rel, status: 'not-rendered', url: null }
  return { source: rel, status: 'published', url: `${collection.route}${githubSlug(fm[field])}/` }
}

/**
 * VuePress routing (vuepress.vuejs.org/guide/page.html "Routing", /reference/frontmatter.html "permalink",
 * /guide/i18n.html), for a site whose source folder and locales sites.json gives (`oracle.source`, `oracle.locales`:
 * URL prefix → lang): every .md file under the source folder outside `.vuepress/` is a page; `README.md` and
 * `index.md` stand for their folder (`/guide/`), any other file is its path with `.html` (`/guide/page.html`); a
 * front-matter `permalink` replaces that; the longest locale prefix a URL starts with gives its language. Pages that
 * vuepress-theme-hope shows only with a password (`oracle.encrypted`: its `encrypt.config` keys, a page or a folder,
 * as sites.json copies them from the site's theme options) are `password`, a private status.
 */
export async function vuepressRules(site, dir) {
  const { source, locales, encrypted = [] } = site.oracle
  const root = path.join(dir, 'site')
  const prefixes = Object.keys(locales).sort((a, b) => b.length - a.length)
  const documents = []
  for (const rel of await markdownFiles(root)) {
    const inner = source === '' ? rel : rel.startsWith(source + '/') ? rel.slice(source.length + 1) : null
    if (inner === null || inner.split('/').some((p) => p.startsWith('.')) || !inner.endsWith('.md')) {
      documents.push({ source: rel, status: 'not-routed', url: null })
      continue
    }
    const fm = await frontMatterOf(path.join(root, rel))
    const route = inner.slice(0, -'.md'.length)
    const folder = /(^|\/)(readme|index)$/i.test(route)
    let url = folder ? `/${route.replace(/(^|\/)(readme|index)$/i, '$1')}` : `/${route}.html`
    if (typeof fm.permalink === 'string' && fm.permalink.startsWith('/')) url = fm.permalink
    const locked = encrypted.some((k) => url === k || (k.endsWith('/') && url.startsWith(k)))
    documents.push({ source: rel, status: locked ? 'password' : 'published', url, lang: locales[prefixes.find((p) => url.startsWith(p))] })
  }
  return {
    generator: { name: 'vuepress', version: 'not run', how: 'derived from VuePress\'s documented page routing, permalink and locales (see scripts/corpus/_oracle-rules.mjs)' },
    warnings: [],
    documents,
  }
}

/**
 * Next.js's Pages Router (nextjs.org/docs/pages/building-your-application/routing: "Pages and Layouts", "Dynamic
 * Routes", "Custom App"), for Markdown pages (Nextra, @next/mdx) under `oracle.pagesDir`: a file is a route at its
 * path without extension, `index` for its folder, no trailing slash (the default `trailingSlash: false`); `_app`,
 * `_document` and other `_` files are not pages; a dynamic segment (`[tag].mdx`) renders one page per value its code
 * lists, so it is no document of its own (`not-rendered`). Nothing outside the pages folder is routed.
 */
export async function nextjsPagesRules(site, dir) {
  const { pagesDir } = site.oracle
  const documents = []
  for (const rel of await markdownFiles(path.join(dir, 'site'))) {
    if (!rel.startsWith(pagesDir + '/')) {
      documents.push({ source: rel, status: 'not-routed', url: null })
      continue
    }
    const segments = rel.slice(pagesDir.length + 1).replace(/\.(md|mdx)$/i, '').split('/')
    if (segments.some((s) => s.startsWith('_') || /^\[.+\]$/.test(s))) {
      documents.push({ source: rel, status: 'not-rendered', url: null })
      continue
    }
    if (segments[segments.length - 1] === 'index') segments.pop()
    documents.push({ source: rel, status: 'published', url: '/' + segments.join('/') })
  }
  return {
    generator: { name: 'next.js (pages router)', version: 'not run', how: 'derived from Next.js\'s documented Pages Router rules (see scripts/corpus/_oracle-rules.mjs)' },
    warnings: [],
    documents,
  }
}

/**
 * Starlight's routing (starlight.astro.build/guides/pages/, /guides/i18n/, /reference/frontmatter/), for a site whose
 * locales sites.json lists (`oracle.locales`: directory → lang, `root` for the unprefixed one): every .md/.mdx under
 * src/content/docs/ is a page, except files whose name starts with `_` (the docs loader's pattern skips them); its
 * URL is its id: the `slug` front matter when set, else the path without extension, each segment slugified as
 * Astro's glob loader does (github-slugger: lowercase, punctuation dropped, spaces to dashes), `index` standing for
 * its folder; the first segment names the locale. `draft: true` pages are left out of production builds. A page of
 * the root locale with no translation is still served in every other locale, with its own content (Starlight's
 * fallback), at the locale's prefix. Astro's default build format and trailing-slash setting give `/a/b/`.
 * _oracle-starlight.mjs checks these rules against a real `astro build`.
 */
export async function starlightRules(site, dir) {
  const locales = site.oracle.locales
  const prefixes = Object.keys(locales).filter((l) => l !== 'root')
  const root = path.join(dir, 'site')
  const pages = []
  const documents = []
  for (const rel of await markdownFiles(root)) {
    if (!rel.startsWith('src/content/docs/')) {
      documents.push({ source: rel, status: 'not-routed', url: null })
      continue
    }
    const inner = rel.slice('src/content/docs/'.length)
    if (path.posix.basename(inner).startsWith('_')) {
      documents.push({ source: rel, status: 'not-rendered', url: null })
      continue
    }
    const fm = await frontMatterOf(path.join(root, rel))
    const id = typeof fm.slug === 'string' ? fm.slug.replace(/^\/+|\/+$/g, '') : inner.replace(/\.(md|mdx|mdoc)$/i, '').split('/').map(githubSlug).join('/').replace(/(^|\/)index$/, '')
    const first = id.split('/')[0]
    const locale = prefixes.includes(first) ? first : 'root'
    const key = locale === 'root' ? id : id.slice(first.length + 1)
    const page = { source: rel, status: fm.draft === true ? 'draft' : 'published', url: id === '' ? '/' : `/${id}/`, lang: locales[locale], locale, key }
    pages.push(page)
    documents.push({ source: rel, status: page.status, url: page.url, lang: page.lang })
  }
  for (const page of pages.filter((p) => p.locale === 'root' && p.status === 'published')) {
    for (const locale of prefixes) {
      if (pages.some((p) => p.locale === locale && p.key === page.key)) continue
      documents.push({ source: page.source, status: 'published', url: `/${locale}${page.url}`, lang: locales[locale], fallback: true })
    }
  }
  return {
    generator: { name: 'starlight', version: 'not run', how: 'derived from Starlight\'s documented routing, i18n fallback and draft rules (see scripts/corpus/_oracle-rules.mjs)' },
    warnings: [],
    documents,
  }
}

/** github-slugger's slug of one path segment, as Astro's glob loader makes ids: lowercase, no punctuation, dashes. */
function githubSlug(segment) {
  return segment.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-')
}

/**
 * Fumadocs' loader (fumadocs.dev/docs/headless/source-api): every page under the content folder gets the loader's
 * baseUrl plus its path segments, an index file stands for its folder, and a folder named in parentheses is a group
 * that adds no segment. The template's baseUrl is lib/shared.ts's docsRoute ('/docs'); Next.js serves it through
 * app/docs/[[...slug]]. Nothing outside the content folder is a document.
 */
export async function fumadocsRules(site, dir) {
  const { baseUrl, contentDir } = site.oracle
  const documents = []
  for (const rel of await markdownFiles(path.join(dir, 'site'))) {
    if (!rel.startsWith(contentDir + '/')) {
      documents.push({ source: rel, status: 'not-routed', url: null })
      continue
    }
    const segments = rel.slice(contentDir.length + 1).replace(/\.(md|mdx)$/i, '').split('/').filter((s) => !/^\(.*\)$/.test(s))
    if (segments[segments.length - 1] === 'index') segments.pop()
    documents.push({ source: rel, status: 'published', url: [baseUrl.replace(/\/$/, ''), ...segments].join('/') || '/' })
  }
  return {
    generator: { name: 'fumadocs (Next.js)', version: 'not run', how: `derived from Fumadocs' documented loader rules with baseUrl ${baseUrl} (see scripts/corpus/_oracle-rules.mjs)` },
    warnings: [],
    documents,
  }
}

/**
 * A folder of Markdown with no generator: issue 13's rule for an unknown layout, since there is no generator to ask.
 * Paths and case are kept and the extension dropped (`a/b.md` → `/a/b/`); `x/index.md` is `/x/`. A README.md stands
 * for its folder too (`x/README.md` → `/x/`) unless the folder has an index.md: that is how the tools that render
 * such folders show it (GitHub shows a folder's README as the folder; VuePress turns README.md into the folder's
 * index.html; MkDocs uses README.md as index.html when there is no index.md; Docusaurus makes it the folder's doc).
 */
export async function plainRules(site, dir) {
  const documents = []
  const files = await markdownFiles(path.join(dir, 'site'))
  const indexed = new Set(files.filter((rel) => /(^|\/)index\.(md|mdx|markdown)$/i.test(rel)).map((rel) => path.posix.dirname(rel)))
  for (const rel of files) {
    const readme = /(^|\/)readme\.(md|mdx|markdown)$/i.test(rel) && !indexed.has(path.posix.dirname(rel))
    const route = rel.replace(/\.(md|mdx|markdown)$/i, '').replace(readme ? /(^|\/)readme$/i : /(^|\/)index$/, '')
    documents.push({ source: rel, status: 'published', url: route === '' ? '/' : `/${route}/` })
  }
  return {
    generator: { name: 'none', version: 'n/a', how: 'issue 13\'s unknown-layout rule: paths and case kept, x/index.md and x/README.md → /x/ (see scripts/corpus/_oracle-rules.mjs)' },
    warnings: [],
    documents,
  }
}

/**
 * The HTML a site's own generator wrote and shipped beside its sources (npm ships docs/output/, written by its docs
 * build from docs/content/): a source is published at its output file's URL; an output without a source (an alias
 * page) is not a document.
 */
export async function generatorOutput(site, dir) {
  const outputDir = path.join(dir, site.oracle.outputDir)
  const outputs = new Map()
  for (const file of await walk(outputDir)) {
    const rel = path.relative(outputDir, file).split(path.sep).join('/')
    outputs.set(rel.replace(/\.html$/, ''), urlOfOutput(rel))
  }
  // `sourceDir`: the folder whose files the output mirrors (Docusaurus 1 writes `docs/x.md` as `x.html` when
  // `docsUrl` is ''); `urlPrefix`: the site's base path; `cleanUrls`: the site links its pages without `.html`.
  const { sourceDir = '', urlPrefix = '', cleanUrls = false } = site.oracle
  const documents = []
  for (const rel of await markdownFiles(path.join(dir, 'site'))) {
    const inside = sourceDir === '' ? rel : rel.startsWith(`${sourceDir}/`) ? rel.slice(sourceDir.length + 1) : null
    const found = inside === null ? undefined : outputs.get(inside.replace(/\.(md|mdx|markdown)$/i, ''))
    const url = found === undefined ? undefined : urlPrefix + (cleanUrls ? found.replace(/\.html$/, '') : found)
    documents.push({ source: rel, status: url ? 'published' : 'not-rendered', url: url ?? null })
  }
  return {
    generator: { name: `${site.package} docs build`, version: site.version, how: `read from the HTML it shipped in ${site.oracle.outputDir}/` },
    warnings: [],
    documents,
  }
}

/** A WordPress export is its own oracle (each item's link, status and password); measure-wordpress.ts reads it. */
export async function wxrSelf() {
  return {
    generator: { name: 'WordPress', version: 'as exported', how: 'the export itself: each item\'s <link>, status and password (scripts/corpus/measure-wordpress.ts)' },
    warnings: [],
    documents: [],
  }
}
