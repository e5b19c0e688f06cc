// Small helpers every oracle method uses: a scratch folder outside the repository, a file walk, the site's
// Markdown files, and the URL key both sides of a comparison are reduced to.
import { cp, mkdir, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parse as parseToml } from 'smol-toml'
import { parse as parseYaml } from 'yaml'

/** A fresh scratch folder for one site's generator run, outside the repository (PREVIEW_DATA_ORACLE_TMP moves it). */
export async function scratchDir(id) {
  const base = process.env.PREVIEW_DATA_ORACLE_TMP ?? path.join(os.tmpdir(), 'preview-data-corpus-oracle')
  const dir = path.join(base, id)
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  return dir
}

/** Every file below `dir` (absolute paths, sorted), skipping node_modules; symbolic links are not followed. */
export async function walk(dir) {
  const out = []
  async function visit(d) {
    let entries
    try {
      entries = await readdir(d, { withFileTypes: true })
    } catch {
      return
    }
    for (const e of entries) {
      const abs = path.join(d, e.name)
      if (e.isDirectory()) {
        if (e.name !== 'node_modules') await visit(abs)
      } else if (e.isFile()) out.push(abs)
    }
  }
  await visit(dir)
  return out.sort()
}

/** The Markdown files of a site folder, relative with `/`, sorted. */
export async function markdownFiles(siteRoot, pattern = /\.(md|mdx|markdown|mkdn|mkd)$/i) {
  return (await walk(siteRoot))
    .filter((f) => pattern.test(f))
    .map((f) => path.relative(siteRoot, f).split(path.sep).join('/'))
}

/** Template files a generator may render as pages besides Markdown: HTML, and Eleventy's Nunjucks and Liquid. */
export const PAGE_TEMPLATES = /\.(html?|njk|liquid)$/i

/** Undoes the escaping Go's and Liquid's HTML output applies to text. */
export function htmlUnescape(s) {
  return s
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** Turns an output file (relative to the build folder) into the URL a server gives it: `a/index.html` → `/a/`. */
export function urlOfOutput(rel) {
  const p = '/' + rel.split(path.sep).join('/')
  if (p.endsWith('/index.html')) return p.slice(0, -'index.html'.length)
  return p
}

/** A Markdown file's front matter (YAML `---` or TOML `+++`) as an object; {} when it has none or it does not parse. */
export async function frontMatterOf(file) {
  const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '')
  const fm = /^(---|\+\+\+)[ \t]*\r?\n([\s\S]*?)\r?\n\1[ \t]*(?:\r?\n|$)/.exec(text)
  if (!fm) return {}
  try {
    return (fm[1] === '---' ? parseYaml(fm[2]) : parseToml(fm[2])) ?? {}
  } catch {
    return {}
  }
}

/**
 * A document's title as a reader sees it: front matter `title` (YAML `---` or TOML `+++`), else its first level-1
 * heading. Used to match a document of the oracle with the payload's when their URLs differ.
 */
export async function documentTitle(file) {
  let text
  try {
    text = await readFile(file, 'utf8')
  } catch {
    return undefined
  }
  text = text.replace(/^\uFEFF/, '')
  const fm = /^(---|\+\+\+)[ \t]*\r?\n([\s\S]*?)\r?\n\1[ \t]*(?:\r?\n|$)/.exec(text)
  if (fm) {
    try {
      const data = fm[1] === '---' ? parseYaml(fm[2]) : parseToml(fm[2])
      if (data && typeof data.title === 'string' && data.title.trim() !== '') return data.title.trim()
    } catch {
      // Front matter the generator may read differently: fall back to the heading.
    }
  }
  const h1 = /^#[ \t]+(.+?)[ \t#]*$/m.exec(fm ? text.slice(fm[0].length) : text)
  return h1 ? h1[1].trim() : undefined
}

/** A scratch copy of the site's content to run a generator on: `{ work, src }`, src being `<work>/src`. */
export async function scratchCopy(site, dir) {
  const work = await scratchDir(site.id)
  const src = path.join(work, 'src')
  await cp(path.join(dir, 'site'), src, { recursive: true })
  return { work, src }
}
