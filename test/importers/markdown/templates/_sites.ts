import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, posix, relative, resolve as resolvePath, sep } from 'node:path'
import { parse as parseToml } from 'smol-toml'
import { parse as parseYaml } from 'yaml'
import { Diagnostics } from '../../../../importers/markdown/diagnostics.js'
import { parseFrontMatter } from '../../../../importers/markdown/front-matter.js'
import { decodeText, normalizeNewlines } from '../../../../importers/markdown/read.js'
import { findCode } from '../../../../importers/markdown/templates/_scan.js'
import { expandTemplates } from '../../../../importers/markdown/templates/index.js'
import type { TemplateContext, TemplateDialect, TemplateFinding } from '../../../../importers/markdown/templates/types.js'

/** A real site from ../shared/fixtures/markdown and how its generator reads templates. */
export interface Site {
  name: string
  dialects: TemplateDialect[]
  /** Where Hugo's content (and its `include` shortcode's paths) start; Jekyll's includes folder. */
  includeRoot: string
  config?: string
}

export const SITES: Site[] = [
  { name: 'hugo-docs', dialects: ['hugo'], includeRoot: 'content/en', config: 'hugo.toml' },
  { name: 'hugo-basic-example', dialects: ['hugo'], includeRoot: 'content', config: 'config.toml' },
  { name: 'jekyll-docs', dialects: ['liquid'], includeRoot: '_includes', config: '_config.yml' },
  { name: 'jekyll-edge-cases', dialects: ['liquid'], includeRoot: '_includes', config: '_config.yml' },
  { name: 'nodejs-blog', dialects: ['mdx'], includeRoot: '' },
  { name: 'docusaurus-aks-blog', dialects: ['mdx', 'docusaurus'], includeRoot: '' },
  { name: 'astro-blog', dialects: ['mdx', 'docusaurus'], includeRoot: '' },
]

export interface SiteFigures {
  site: string
  files: number
  /** Template constructs in the bodies as written (delimiters, tags, ESM lines, `:::` fences). */
  constructs: number
  expanded: number
  removed: number
  unresolved: number
  /** Constructs still in the output outside code: must be 0. */
  left: number
  /** Delimiters the generator prints literally (Hugo's escapes, Liquid's raw), written as entities outside code. */
  literal: number
  leftSamples: string[]
  byName: Map<string, number>
  /** `.md` files (not `.mdx`) whose body changed under an MDX pass: a Markdown post must stay as written. */
  changedMarkdown: string[]
  ms: number
}

const MARKDOWN = /\.(?:md|markdown|mdx|mkdn|mkd|text)$/i

function walk(dir: string, root: string, out: string[]): void {
  for (const entry of readdirSync(dir).sort()) {
    if (entry.startsWith('.') || entry === 'node_modules') continue
    const abs = join(dir, entry)
    const st = statSync(abs)
    if (st.isDirectory()) walk(abs, root, out)
    else if (MARKDOWN.test(entry)) out.push(relative(root, abs).split(sep).join('/'))
  }
}

function readConfig(root: string, site: Site): Record<string, unknown> {
  if (!site.config || !existsSync(join(root, site.config))) return {}
  const text = readFileSync(join(root, site.config), 'utf8')
  try {
    return (site.config.endsWith('.toml') ? parseToml(text) : parseYaml(text)) as Record<string, unknown>
  } catch {
    return {}
  }
}

/** Reads a file of the site, refusing paths that leave it. */
function reader(root: string) {
  return (rel: string): string | undefined => {
    const abs = resolvePath(root, rel)
    if (!abs.startsWith(root + sep) || !existsSync(abs) || !statSync(abs).isFile()) return undefined
    return normalizeNewlines(decodeText(readFileSync(abs)) ?? '')
  }
}

/** A context like the importer's: URLs from file paths, references resolved against the files that exist. */
export function contextFor(root: string, site: Site, file: string, page: Record<string, unknown>, config: Record<string, unknown>, files: Set<string>): TemplateContext {
  const read = reader(root)
  const urlOf = (rel: string) => `/${rel.replace(/(?:^|\/)(?:_?index)?\.[^./]+$/, '').replace(/\.[^./]+$/, '')}/`.replace(/\/+/g, '/')
  const dir = posix.dirname(file)
  return {
    file,
    dialects: site.dialects,
    url: urlOf(file),
    baseurl: typeof config.baseurl === 'string' ? config.baseurl : '',
    data: { site: config, page },
    resolve(kind, target) {
      const clean = target.replace(/#.*$/, '').replace(/^\/+/, '')
      const candidates =
        kind === 'ref'
          ? [posix.join(site.includeRoot, clean), posix.join(dir, clean)].flatMap((p) => [p, `${p}.md`, `${p}/index.md`, `${p}/_index.md`])
          : kind === 'post_url'
            ? [...files].filter((f) => posix.basename(f).replace(/\.[^.]+$/, '') === posix.basename(clean))
            : kind === 'link'
              ? [clean]
              : [posix.join(dir, clean)]
      const hit = candidates.find((c) => files.has(c))
      return hit === undefined ? undefined : urlOf(hit)
    },
    readFile(kind, path) {
      const rel = kind === 'include' ? posix.join(site.includeRoot, path) : posix.join(dir, path)
      return read(rel)
    },
  }
}

/** Counts the constructs of a site's dialects in a text; with `outsideCode`, only outside code. */
export function countConstructs(text: string, dialects: TemplateDialect[], mdxFile: boolean, outsideCode: boolean): { count: number; samples: string[] } {
  const ranges = outsideCode ? findCode(text, { indentedCode: !mdxFile }) : []
  let r = 0
  const inCode = (i: number) => {
    while (r < ranges.length && ranges[r].end <= i) r++
    return r < ranges.length && ranges[r].start <= i
  }
  const samples: string[] = []
  let count = 0
  const hit = (i: number) => {
    count++
    if (samples.length < 5) samples.push(text.slice(Math.max(0, i - 20), i + 40).replace(/\n/g, '⏎'))
  }
  const patterns: RegExp[] = []
  if (dialects.includes('hugo')) patterns.push(/\{\{[<%]/g)
  if (dialects.includes('liquid') || dialects.includes('nunjucks')) patterns.push(/\{[{%]/g)
  if (dialects.includes('mdx')) patterns.push(/^(?:import|export)[\s{*]/gm, /(?<!\\)<\/?[A-Z][\w.]*/g)
  if (dialects.includes('mdx') && mdxFile) patterns.push(/(?<![\\{])\{(?![#{])/g)
  if (dialects.includes('docusaurus')) patterns.push(/^[ \t]*:::/gm)
  const positions: number[] = []
  for (const p of patterns) for (const m of text.matchAll(p)) positions.push(m.index)
  positions.sort((a, b) => a - b)
  for (const i of positions) if (!outsideCode || !inCode(i)) hit(i)
  return { count, samples }
}

/** Runs expandTemplates over every body of a site, as the importer would (front matter stripped). */
export function measureSite(fixtures: string, site: Site): SiteFigures {
  const root = resolvePath(fixtures, site.name)
  const list: string[] = []
  walk(root, root, list)
  const files = new Set(list)
  const config = readConfig(root, site)
  const figures: SiteFigures = { site: site.name, files: 0, constructs: 0, expanded: 0, removed: 0, unresolved: 0, left: 0, literal: 0, leftSamples: [], byName: new Map(), changedMarkdown: [], ms: 0 }
  const started = performance.now()
  for (const file of list) {
    const text = normalizeNewlines(decodeText(readFileSync(join(root, file))) ?? '')
    const fm = parseFrontMatter(text, file, new Diagnostics())
    if (!fm) continue
    figures.files++
    const mdxFile = file.endsWith('.mdx')
    figures.constructs += countConstructs(fm.body, site.dialects, mdxFile, site.dialects.includes('mdx') || site.dialects.includes('docusaurus')).count
    const result = expandTemplates(fm.body, contextFor(root, site, file, fm.data, config, files))
    for (const f of result.findings) tally(figures, f)
    if (!mdxFile && site.dialects.includes('mdx') && result.body !== fm.body) figures.changedMarkdown.push(file)
    const entities = (t: string) => t.split('&#123;').length + t.split('&lt;').length - 2
    figures.literal += entities(result.body) - entities(fm.body)
    const left = countConstructs(result.body, site.dialects, mdxFile, true)
    figures.left += left.count
    for (const s of left.samples) if (figures.leftSamples.length < 10) figures.leftSamples.push(`${file}: ${s}`)
  }
  figures.ms = Math.round(performance.now() - started)
  return figures
}

function tally(figures: SiteFigures, f: TemplateFinding): void {
  figures[f.action]++
  const key = `${f.action} ${f.name}`
  figures.byName.set(key, (figures.byName.get(key) ?? 0) + 1)
}
