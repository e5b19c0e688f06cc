// Hugo's own answer: the site is built by the real `hugo` (Debian's package) in a scratch copy whose layouts are
// replaced by one stub that prints, into every page it renders, the page's source file, kind, language and URL.
// The stub is ours (the theme is not needed to know which pages exist and where); shortcodes the site's theme
// would provide become stubs that print their inner text. Drafts, future and expired pages come from `hugo list`.
import { execFile } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { parse as parseToml } from 'smol-toml'
import { parse as parseYaml } from 'yaml'
import { htmlUnescape, markdownFiles, scratchCopy, walk } from './_oracle-common.mjs'

const run = promisify(execFile)

// Hugo's embedded shortcodes that mean something offline; the others (tweet, instagram, gist, youtube…) fetch
// or embed remote content and are stubbed like a theme's.
const KEEP_BUILTIN = new Set(['ref', 'relref', 'param', 'highlight', 'figure'])

const MARKER = `{{ $file := "" }}{{ with .File }}{{ $file = .Filename }}{{ end }}<pre id="preview-data-oracle">{{ dict "file" $file "kind" .Kind "lang" .Lang "url" .RelPermalink "draft" .Draft "title" .Title | jsonify }}</pre>\n`

export async function hugoOracle(site, dir) {
  const version = (await run('hugo', ['version'])).stdout.trim()
  const { work, src } = await scratchCopy(site, dir)
  await writeStubLayouts(src)
  await stubThemes(src, work)

  const env = {
    ...process.env,
    // A relref to a page the stub site cannot resolve must not stop the build; which pages exist does not depend on it.
    HUGO_REFLINKSERRORLEVEL: 'WARNING',
    HUGO_ENVIRONMENT: 'production',
  }
  const common = ['--source', src, '--themesDir', path.join(work, 'themes')]
  const build = await run('hugo', [...common, '--cacheDir', path.join(work, 'cache'), '--destination', path.join(work, 'public')], { env, maxBuffer: 64 << 20 })
    .catch((error) => { throw new Error(`hugo failed on ${site.id}: ${error.stderr || error.message}`) })

  const rendered = new Map()
  for (const file of await walk(path.join(work, 'public'))) {
    if (!file.endsWith('.html')) continue
    const html = await readFile(file, 'utf8')
    const m = /<pre id="preview-data-oracle">([^<]*)<\/pre>/.exec(html)
    if (!m) continue
    const page = JSON.parse(htmlUnescape(m[1]))
    if (!page.file) continue
    const source = path.relative(src, page.file).split(path.sep).join('/')
    if (!rendered.has(`${page.lang}\0${source}`)) rendered.set(`${page.lang}\0${source}`, { ...page, source })
  }

  const listed = await hugoList(common, env)
  const documents = []
  const seen = new Set()
  for (const page of rendered.values()) {
    seen.add(page.source)
    documents.push({ source: page.source, status: 'published', url: page.url, lang: page.lang, kind: page.kind, title: page.title })
  }
  const languages = await contentLanguages(src)
  for (const rel of await markdownFiles(path.join(dir, 'site'))) {
    if (seen.has(rel)) continue
    const entry = listed.get(rel)
    const language = languages.find((l) => rel.startsWith(l.contentDir + '/'))
    const status = entry?.status ?? (language?.disabled ? 'disabled-language' : 'not-rendered')
    documents.push({ source: rel, status, url: entry?.url ?? null, ...(language ? { lang: language.lang } : {}), ...(entry?.title ? { title: entry.title } : {}) })
  }
  return {
    generator: { name: 'hugo', version, how: 'built with stub layouts (scripts/corpus/_oracle-hugo.mjs); drafts, future and expired from `hugo list`' },
    warnings: build.stderr.split('\n').filter(Boolean).slice(0, 20),
    documents,
  }
}

/** Replaces the site's layouts with the marker stub, and stubs every shortcode its content uses. */
async function writeStubLayouts(src) {
  const layouts = path.join(src, 'layouts')
  await mkdir(path.join(layouts, '_default'), { recursive: true })
  for (const name of ['single.html', 'list.html']) await writeFile(path.join(layouts, '_default', name), MARKER)
  await writeFile(path.join(layouts, 'index.html'), MARKER)
  // Hugo requires a closing tag exactly when the template reads .Inner, so only shortcodes the content closes get it.
  const names = new Map()
  for (const file of await walk(src)) {
    if (!/\.(md|markdown|html)$/.test(file) || file.startsWith(layouts)) continue
    // A closing tag ({{< /x >}}) or a self-closing one ({{< x />}}) both count as closed.
    for (const m of (await readFile(file, 'utf8')).matchAll(/\{\{[<%]\s*(\/?)\s*([A-Za-z0-9_][\w\-/.]*)((?:[^}]|\}(?!\}))*?)\}\}/g)) {
      names.set(m[2], names.get(m[2]) === true || m[1] === '/' || /\/\s*[>%]$/.test(m[3]))
    }
  }
  for (const [name, closed] of names) {
    if (KEEP_BUILTIN.has(name)) continue
    const file = path.join(layouts, 'shortcodes', `${name}.html`)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, closed ? '{{ .Inner }}' : '')
  }
}

/** A site naming a theme it does not ship gets an empty theme of that name, so the build does not stop on it. */
async function stubThemes(src, work) {
  const configs = (await walk(src)).filter((f) => /(^|\/)(config|hugo)(\/|\.)/.test(path.relative(src, f)) && /\.(toml|ya?ml|json)$/.test(f))
  for (const file of configs) {
    for (const m of (await readFile(file, 'utf8')).matchAll(/^\s*theme\s*[=:]\s*["']?([\w.-]+)/gm)) {
      await mkdir(path.join(work, 'themes', m[1]), { recursive: true })
    }
  }
  await mkdir(path.join(work, 'themes'), { recursive: true })
}

/**
 * Drafts, future and expired pages (keyed by source path) with the URL they would have: `hugo list drafts|future|
 * expired` name the files (Hugo 0.111 prints bare paths), `hugo list all` gives regular pages' titles and permalinks.
 */
async function hugoList(common, env) {
  const list = async (kind) => (await run('hugo', ['list', kind, ...common], { env, maxBuffer: 64 << 20 }).catch((e) => ({ stdout: e.stdout ?? '' }))).stdout
  const all = new Map()
  const rows = parseCsv(await list('all'))
  const header = rows.shift() ?? []
  for (const row of rows) {
    const rel = row[header.indexOf('path')]
    const permalink = row[header.indexOf('permalink')]
    if (rel) all.set(rel, { title: row[header.indexOf('title')], url: permalink ? new URL(permalink, 'http://x').pathname : null })
  }
  const out = new Map()
  for (const [kind, status] of [['drafts', 'draft'], ['future', 'future'], ['expired', 'expired']]) {
    for (const line of (await list(kind)).split('\n')) {
      const rel = line.trim().split(',')[0]
      if (!rel || rel === 'path' || out.has(rel)) continue
      out.set(rel, { status, url: all.get(rel)?.url ?? null, title: all.get(rel)?.title })
    }
  }
  return out
}

/**
 * The languages with a content folder of their own, and whether `disableLanguages` turns them off, from the
 * site's root config file and config/_default/ (a file there other than config/hugo holds the key it is named after).
 */
async function contentLanguages(src) {
  const config = {}
  for (const file of await walk(src)) {
    const rel = path.relative(src, file).split(path.sep).join('/')
    const m = /^(?:(?:config|hugo)\.(toml|ya?ml|json)|config\/_default\/([\w.]+)\.(toml|ya?ml|json))$/.exec(rel)
    if (!m) continue
    const text = await readFile(file, 'utf8')
    const ext = m[1] ?? m[3]
    const data = ext === 'toml' ? parseToml(text) : ext === 'json' ? JSON.parse(text) : parseYaml(text)
    const key = m[2] && !['config', 'hugo'].includes(m[2]) ? m[2].split('.')[0] : null
    if (key) config[key] = { ...config[key], ...data }
    else Object.assign(config, data)
  }
  const disabled = new Set((config.disableLanguages ?? []).map(String))
  return Object.entries(config.languages ?? {})
    .filter(([, l]) => l && typeof l.contentDir === 'string')
    .map(([lang, l]) => ({ lang, contentDir: l.contentDir.replace(/\/+$/, ''), disabled: disabled.has(lang) }))
}

function parseCsv(text) {
  const rows = []
  let row = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++ } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') { row.push(field); field = '' }
    else if (c === '\n') { row.push(field); rows.push(row); row = []; field = '' }
    else if (c !== '\r') field += c
  }
  if (field || row.length) { row.push(field); rows.push(row) }
  return rows
}
