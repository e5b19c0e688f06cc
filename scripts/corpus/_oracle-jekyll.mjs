// Jekyll's own answer: the real `jekyll build` (Debian's package) runs twice on a scratch copy, once as the site
// publishes and once with --drafts --unpublished --future, with one plugin of ours (_jekyll-oracle-hook.rb) that
// lists each document's source and URL. The site's theme gem, its plugins and its own _plugins/ are not loaded (an
// override config sets theme and plugins to nothing): they style pages and add generated ones (pagination, archives,
// redirects), but the documents and their URLs come from Jekyll's core and the site's configuration.
import { execFile } from 'node:child_process'
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { markdownFiles, scratchCopy } from './_oracle-common.mjs'

const run = promisify(execFile)
const hook = fileURLToPath(new URL('./_jekyll-oracle-hook.rb', import.meta.url))

const OVERRIDES = `# Written by scripts/corpus/_oracle-jekyll.mjs: no theme gem, no plugin gems.
theme: false
remote_theme: false
plugins: []
gems: []
whitelist: []
`

const MARKDOWN = /\.(md|markdown|mkdn|mkd|mdown)$/i
// Documents are Markdown files and the HTML files Jekyll renders as pages, posts or collection documents (front
// matter); an HTML file without front matter is a static file, not listed.
const DOCUMENT = /\.(md|markdown|mkdn|mkd|mdown|html?)$/i

export async function jekyllOracle(site, dir) {
  const version = (await run('jekyll', ['--version'])).stdout.trim()
  const { work, src } = await scratchCopy(site, dir)
  await mkdir(path.join(src, '_plugins'), { recursive: true })
  await copyFile(hook, path.join(src, '_plugins', 'zz_preview_data_oracle.rb'))
  const overrides = path.join(src, '_preview_data_oracle.yml')
  await writeFile(overrides, OVERRIDES)
  const config = ['_config.yml', '_config.yaml', '_config.toml'].map((f) => path.join(src, f))
  const configs = (await Promise.all(config.map(async (f) => ((await exists(f)) ? f : null)))).filter(Boolean)

  const published = await build(src, path.join(work, 'out'), [...configs, overrides], [], path.join(work, 'published.json'))
  const everything = await build(src, path.join(work, 'out-all'), [...configs, overrides], ['--drafts', '--unpublished', '--future'], path.join(work, 'all.json'))

  const documents = []
  const seen = new Set()
  const siteTime = Date.parse(published.time)
  // Jekyll's URLs are relative to the site's `baseurl`; the public address of a page has it in front.
  const base = (published.baseurl ?? '').replace(/\/+$/, '')
  for (const e of [...published.entries, ...everything.entries, ...(published.static ?? [])]) if (e.url && base) e.url = base + e.url
  for (const e of published.entries) {
    if (!DOCUMENT.test(e.source) || seen.has(e.source)) continue
    seen.add(e.source)
    documents.push({ source: e.source, status: e.write ? 'published' : 'not-output', url: e.write ? e.url : null, kind: e.kind, ...(e.collection ? { collection: e.collection } : {}), ...(e.title ? { title: String(e.title) } : {}) })
  }
  for (const e of everything.entries) {
    if (!DOCUMENT.test(e.source) || seen.has(e.source)) continue
    seen.add(e.source)
    const status = e.source.startsWith('_drafts/') || e.draft ? 'draft' : e.published === false ? 'unpublished' : e.date && Date.parse(e.date) > siteTime ? 'future' : 'not-rendered'
    documents.push({ source: e.source, status, url: e.url, kind: e.kind, ...(e.collection ? { collection: e.collection } : {}), ...(e.title ? { title: String(e.title) } : {}) })
  }
  for (const e of published.static ?? []) {
    if (!MARKDOWN.test(e.source) || seen.has(e.source)) continue
    seen.add(e.source)
    // No front matter: Jekyll copies the file as it is instead of rendering a page.
    documents.push({ source: e.source, status: 'static-file', url: e.url })
  }
  for (const rel of await markdownFiles(path.join(dir, 'site'))) {
    if (!seen.has(rel)) documents.push({ source: rel, status: 'not-rendered', url: null })
  }
  return {
    generator: {
      name: 'jekyll',
      version,
      how: 'jekyll build on a scratch copy with scripts/corpus/_jekyll-oracle-hook.rb, without theme or plugin gems; drafts, unpublished and future documents from a second build with --drafts --unpublished --future',
    },
    warnings: [...published.warnings, ...(published.stage === 'pre_render' ? ['rendering failed; URLs were listed before rendering'] : [])].slice(0, 20),
    documents,
  }
}

async function build(src, dest, configs, flags, out) {
  const args = ['build', '--source', src, '--destination', dest, '--config', configs.join(','), ...flags]
  // Without a timezone in its config Jekyll reads dates in the machine's zone; GitHub Pages, where most Jekyll sites
  // were published, builds in UTC, and so does the oracle (a site's own `timezone:` still wins).
  const env = { ...process.env, PREVIEW_DATA_ORACLE_OUT: out, JEKYLL_ENV: 'production', TZ: 'UTC' }
  let stderr = ''
  try {
    stderr = (await run('jekyll', args, { env, maxBuffer: 64 << 20, cwd: src })).stderr
  } catch (error) {
    stderr = `${error.stderr ?? ''}${error.stdout ?? ''}`
    if (!(await exists(out))) throw new Error(`jekyll build failed before listing documents: ${stderr.slice(0, 2000)}`)
  }
  const listing = JSON.parse(await readFile(out, 'utf8'))
  return { ...listing, warnings: stderr.replace(/\x1b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim()).filter(Boolean) }
}

async function exists(file) {
  try {
    await readFile(file)
    return true
  } catch {
    return false
  }
}
