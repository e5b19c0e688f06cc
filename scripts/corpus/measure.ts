/**
 * Measures one corpus site: imports it as a user would (default options), then compares the payload with what the
 * site's real generator published (oracle.json, written by oracle.mjs). The corpus tests assert on these figures and
 * `npm run corpus:report` prints them; both read them from here so they can never disagree.
 */
import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { importMarkdown } from '../../importers/markdown/index.js'
import { checkSite } from '../../src/check/index.js'
import { readMediaDir } from '../../src/check/media-dir.js'
import type { PreviewData } from '../../src/contract/types.js'
import { deriveRoutes } from '../../src/routes/index.js'
import { corpusDir, loadSites, siteDir } from './_sites.mjs'
import { againstOriginal, originalBrokenLinks } from './original-links.js'

/** One entry of sites.json. */
export interface CorpusSite {
  id: string
  package: string
  version: string
  /** The registry's integrity of a fetched package; built sites (`build`) have none. */
  integrity?: string
  license: string
  /** Sites built here rather than fetched: the name build.sh takes (scripts/corpus/wordpress/sites.php). */
  build?: string
  convention: string
  languages: string[]
  contains: string
  oracle: { method: string }
  /** WordPress sites: the export file, and a copy of wp-content/uploads, relative to the site folder. */
  export?: string
  uploads?: string
}

/** One source document as the generator treated it. */
export interface OracleDocument {
  source: string
  /** `published`, or why not: draft, future, expired, unpublished, not-rendered, disabled-language, not-routed… */
  status: string
  /** Where it is (or, for a draft, would be) published; null when the generator gives it no URL. */
  url: string | null
  lang?: string
  title?: string
  /** A page a locale serves from another locale's file because it has no translation (Docusaurus, Starlight). */
  fallback?: boolean
}

export interface Oracle {
  id: string
  package: string
  method: string
  built_at: string
  generator: { name: string; version: string; how: string }
  counts: Record<string, number>
  documents: OracleDocument[]
}

/**
 * Why the importer took out a page whose role a route of the payload took: a blank home list (the theme index at
 * `/`), the post section's list (the post index), a list of a term or of all terms (the term archives).
 */
const REPLACED_BY_ROUTES = new Set(['home-list', 'post-index', 'term-list'])

/** Statuses of documents a site keeps private: a build stage must never publish them. */
export const PRIVATE_STATUSES = new Set(['draft', 'future', 'expired', 'unpublished', 'password'])

/** Most URLs checked per site; larger sites are sampled deterministically (by a hash of the source path). */
export const URL_SAMPLE = 200

/** What a site measured, against the targets of issue 13. */
export interface SiteFigures {
  id: string
  package: string
  /** Written here by scripts/corpus/markdown/build.mjs rather than fetched from a package. */
  built: boolean
  convention: string
  oracleMethod: string
  generator: string
  /** The convention the importer chose, and why. */
  detected: { preset: string; reason: string }
  /** Whether the import produced a payload, and its error count (a file that sinks the site shows here). */
  imported: boolean
  errors: number
  /** Documents the generator published per language (fallback pages not counted). */
  languages: Record<string, number>
  /** URLs a locale served an untranslated document at (fallback pages); among the original URLs to keep or redirect. */
  fallbacks: number
  /**
   * Documents the generator published (each source once per language it has its own file in; a locale's fallback
   * page is another URL of its default-locale document, not a document), and documents published in the payload
   * (posts + pages, status published). Not-found pages count on neither side.
   */
  expected: number
  published: number
  /** |published − expected| / expected; the target is ≤ 0.02. */
  countDelta: number
  /** Sampled published URLs of the original site: kept (same route), redirected, or lost. */
  urls: { sampled: number; kept: number; redirected: number; lost: string[] }
  /** Documents the site keeps private that the payload publishes (target 0), and those in the payload as drafts. */
  privatePublished: string[]
  privateAsDraft: number
  /** Published documents whose body still holds template syntax, by kind (target 0). */
  templates: { documents: number; byKind: Record<string, number>; examples: string[] }
  /**
   * Internal links and media files that resolve under `check` with the delivered media folder, and those that do not:
   * `brokenInOriginal` were broken on the original site too (original-links.ts), `broken` (the first 20) were not.
   * The target is resolved / (total − brokenInOriginal) ≥ 0.98.
   */
  links: null | { resolved: number; total: number; brokenInOriginal: number; broken: string[] }
}

/** The sites whose content and oracle are both present under .corpus/ (fetch and oracle have run). */
export async function availableSites(): Promise<{ dir: string; sites: CorpusSite[]; missing: string[] }> {
  const all = (await loadSites()) as CorpusSite[]
  const sites: CorpusSite[] = []
  const missing: string[] = []
  for (const site of all) {
    try {
      await stat(path.join(siteDir(site.id), 'oracle.json'))
      sites.push(site)
    } catch {
      missing.push(site.id)
    }
  }
  return { dir: corpusDir, sites, missing }
}

export async function readOracle(id: string): Promise<Oracle> {
  return JSON.parse(await readFile(path.join(siteDir(id), 'oracle.json'), 'utf8')) as Oracle
}

/** Imports a site with the importer's defaults and measures the result against its oracle. */
export async function measureSite(site: CorpusSite): Promise<SiteFigures> {
  const oracle = await readOracle(site.id)
  // The media folder the import delivers, so `check` can tell whether every image and linked file is there.
  const mediaOut = await mkdtemp(path.join(tmpdir(), `corpus-media-${site.id}-`))
  try {
    return await measureImport(site, oracle, mediaOut)
  } finally {
    await rm(mediaOut, { recursive: true, force: true })
  }
}

async function measureImport(site: CorpusSite, oracle: Oracle, mediaOut: string): Promise<SiteFigures> {
  // An importer that throws on a real site is a finding to report, not a reason to stop measuring the others.
  const result = await importMarkdown(path.join(siteDir(site.id), 'site'), { generatedAt: oracle.built_at, mediaOut }).catch((error: Error) => ({
    payload: undefined,
    preset: 'none',
    presetReason: `the import threw: ${error.message}`,
    diagnostics: [{ severity: 'error' }],
    redirects: [],
  }))
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length
  const base = {
    id: site.id,
    package: site.build ? 'built here' : `${site.package}@${site.version}`,
    built: Boolean(site.build),
    convention: site.convention,
    oracleMethod: oracle.method,
    generator: oracle.generator.version.startsWith(oracle.generator.name) ? oracle.generator.version : `${oracle.generator.name} ${oracle.generator.version}`,
    detected: { preset: result.preset, reason: result.presetReason },
    errors,
    languages: countLanguages(oracle.documents.filter((d) => !d.fallback && !(d.url !== null && isNotFoundUrl(d.url)))),
    fallbacks: oracle.documents.filter((d) => d.fallback && d.status === 'published').length,
    links: null,
  }
  // Not-found pages (a 404.md published as /404.html) are what a host serves for every missing URL, not a document
  // at a URL of its own; a build stage writes its theme's, so neither side counts them.
  // Docusaurus's `unlisted` documents are built and served at their URL, only left out of sidebars, sitemaps and
  // search: published, as the payload's `discoverability: delist` has them.
  const published = oracle.documents.filter((d) => (d.status === 'published' || d.status === 'unlisted') && !(d.url !== null && isNotFoundUrl(d.url)))
  const documents = published.filter((d) => !d.fallback)
  if (!result.payload) {
    return {
      ...base,
      imported: false,
      expected: documents.length,
      published: 0,
      countDelta: documents.length === 0 ? 0 : 1,
      urls: { sampled: sample(published).length, kept: 0, redirected: 0, lost: sample(published).map((d) => d.url ?? d.source) },
      privatePublished: [],
      privateAsDraft: 0,
      templates: { documents: 0, byKind: {}, examples: [] },
    }
  }
  const payload = result.payload
  const docs = payloadDocuments(payload)
  const live = docs.filter((d) => d.status === 'published' && !isNotFoundUrl(d.url))
  // A generator's list page whose role a route of the payload took (a blank home list → the theme index at `/`, the
  // post section's list → the post index) is published there: its URL answers with the list it was.
  const replaced = 'report' in result ? result.report.items.filter((i) => 'skipped' in i && REPLACED_BY_ROUTES.has(i.skipped)).map((i) => i.source) : []
  const liveFiles = new Set([...live.map((d) => d.output), ...listRoutes(payload)])
  const served = (url: string) => servingFiles(url).some((f) => liveFiles.has(f))
  const publishedSources = new Set(documents.map((d) => d.source))
  const livePublished = live.filter((d) => !d.alias).length + replaced.filter((s) => publishedSources.has(s)).length
  const redirectKeys = new Set(result.redirects.map((r) => redirectKey(r.from)))

  const urls = { sampled: 0, kept: 0, redirected: 0, lost: [] as string[] }
  const byTitle = new Map<string, PayloadDocument[]>()
  for (const d of live) byTitle.set(d.title, [...(byTitle.get(d.title) ?? []), d])
  for (const doc of sample(published)) {
    urls.sampled++
    if (doc.url !== null && served(doc.url)) urls.kept++
    else if (doc.url !== null && redirectKeys.has(redirectKey(doc.url))) urls.redirected++
    else {
      // Where it went instead, when its title names one published document.
      const now = doc.title !== undefined && byTitle.get(doc.title)?.length === 1 ? (byTitle.get(doc.title) as PayloadDocument[])[0].url : null
      urls.lost.push(`${doc.url ?? doc.source}${now ? ` (now ${now})` : ''}`)
    }
  }

  const publishedTitles = new Set(published.map((d) => d.title).filter(Boolean))
  const privatePublished: string[] = []
  let privateAsDraft = 0
  for (const doc of oracle.documents.filter((d) => PRIVATE_STATUSES.has(d.status))) {
    // Matched by the URL it would have had, or else by a title no published document of the site shares.
    const byUrl = doc.url !== null && served(doc.url)
    const uniqueTitle = doc.title !== undefined && !publishedTitles.has(doc.title)
    const byTitle = uniqueTitle && live.some((d) => d.title === doc.title)
    if (byUrl || byTitle) privatePublished.push(doc.source)
    else if (uniqueTitle && docs.some((d) => d.status === 'draft' && d.title === doc.title)) privateAsDraft++
  }

  const templates = { documents: 0, byKind: {} as Record<string, number>, examples: [] as string[] }
  const mdx = oracle.documents.some((d) => d.source.endsWith('.mdx'))
  for (const doc of live) {
    const found = templateSyntax(doc.content, { mdx })
    if (found.length === 0) continue
    templates.documents++
    for (const f of found) templates.byKind[f.kind] = (templates.byKind[f.kind] ?? 0) + 1
    if (templates.examples.length < 5) templates.examples.push(`${doc.url}: ${found[0].text}`)
  }

  // `check` with the media folder the import wrote: links in bodies and menus, and every media file they use. Links on
  // site.url that nothing answers count as unresolved whatever check's severity for them: the measurement stays strict.
  const checked = checkSite(payload, { mediaFiles: await readMediaDir(mediaOut).catch(() => new Set<string>()) })
  const { links: l, media } = checked.totals
  const sources = new Map('report' in result ? result.report.items.flatMap((i) => ('url' in i && i.url !== undefined ? [[i.url, i.source] as const] : [])) : [])
  const originalBroken = await originalBrokenLinks(path.join(siteDir(site.id), 'site'), oracle)
  const { inOriginal, ours } = againstOriginal(checked.findings.filter((f) => f.code === 'broken_link' || f.code === 'missing_media' || f.code === 'unknown_site_url'), sources, originalBroken)
  const broken = ours.slice(0, 20).map((f) => `${f.url ?? f.source}: ${f.target ?? ''}`)

  return {
    ...base,
    imported: true,
    expected: documents.length,
    published: livePublished,
    countDelta: documents.length === 0 ? (livePublished === 0 ? 0 : 1) : Math.abs(livePublished - documents.length) / documents.length,
    urls,
    privatePublished,
    privateAsDraft,
    templates,
    links: { resolved: l.ok + l.to_drafts + media.ok, total: l.internal + media.files, brokenInOriginal: inOriginal, broken },
  }
}

/**
 * The share of the links and media files the original site resolved that resolve on the import (1 when there is none
 * to check: a site whose documents hold no internal link is no miss).
 */
export function linkRate(links: { resolved: number; total: number; brokenInOriginal: number }): number {
  const total = links.total - links.brokenInOriginal
  return total <= 0 ? 1 : links.resolved / total
}

/** A site's not-found page: `/404.html` or `/404/`, at the root or under one base-path or locale segment. */
export function isNotFoundUrl(url: string): boolean {
  return /^(?:\/[^/]+)?\/404(?:\.html|\/)?$/.test(urlPath(url))
}

interface PayloadDocument {
  url: string
  /** The front page's second address (`/`): a URL of a document counted once, at its own path. */
  alias?: true
  /** The file the build stage writes for it (`about/index.html`, or `about.html` under html-extension). */
  output: string
  status: 'published' | 'draft'
  title: string
  content: string
}

/** Every post and page of the payload at its public URL; the front page also answers at `/`. */
function payloadDocuments(payload: PreviewData): PayloadDocument[] {
  const out: PayloadDocument[] = []
  const frontPage = payload.site.front_page
  for (const route of deriveRoutes(payload)) {
    if (route.kind !== 'post' && route.kind !== 'page') continue
    const index = Number(route.source.split('/').pop())
    const entity = route.kind === 'post' ? payload.content.posts[index] : payload.content.pages[index]
    out.push({ url: route.url, output: route.output_path, status: entity.status, title: entity.title, content: entity.content })
    if (route.kind === 'page' && frontPage?.type === 'page' && frontPage.page_path === route.key) {
      out.push({ url: '/', output: 'index.html', status: entity.status, title: entity.title, content: '', alias: true })
    }
  }
  return out
}

/** The output files of the theme index (when it owns `/`) and of the post index's first page. */
function listRoutes(payload: PreviewData): string[] {
  return deriveRoutes(payload)
    .filter((r) => (r.kind === 'front_page' && (payload.site.front_page?.type ?? 'theme_index') === 'theme_index') || (r.kind === 'post_index' && r.page_number === 1))
    .map((r) => r.output_path)
}

/** A URL's path as a server matches it: origin, query and fragment dropped, percent-encoding decoded, case kept. */
export function urlPath(url: string): string {
  let p = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/[?#].*$/, '')
  try {
    p = decodeURI(p)
  } catch {
    // Malformed escapes stay as written.
  }
  return p.startsWith('/') ? p : `/${p}`
}

/**
 * The output files a static host would serve at an original URL, so that "kept" means the old URL still answers:
 * `/x/` needs x/index.html; `/x.html` needs x.html (a directory-style x/index.html leaves it a 404); `/x`, as
 * Docusaurus writes links, is served from x.html by hosts with pretty URLs and from x/index.html by hosts that
 * redirect /x to /x/.
 */
export function servingFiles(url: string): string[] {
  const p = urlPath(url).slice(1)
  if (p === '' || p.endsWith('/')) return [`${p}index.html`]
  if (/\.html?$/i.test(p)) return [p]
  return [`${p}.html`, `${p}/index.html`]
}

/** A redirect source as hosts match it: the path, with a trailing slash optional (`.html` is part of the name). */
export function redirectKey(url: string): string {
  const p = urlPath(url).replace(/\/index\.html$/, '/').replace(/\/+$/, '')
  return p === '' ? '/' : p
}

/** All documents when there are at most URL_SAMPLE, else a fixed sample chosen by a hash of each source path. */
export function sample<T extends { source: string }>(docs: T[]): T[] {
  if (docs.length <= URL_SAMPLE) return docs
  const hash = (s: string) => createHash('sha256').update(s).digest('hex')
  return [...docs].sort((a, b) => (hash(a.source) < hash(b.source) ? -1 : 1)).slice(0, URL_SAMPLE)
}

function countLanguages(docs: OracleDocument[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const d of docs) if (d.status === 'published' || d.status === 'unlisted') out[d.lang ?? 'default'] = (out[d.lang ?? 'default'] ?? 0) + 1
  return out
}

/** Template syntax a reader would see as text, outside code (where showing it is legitimate). */
const TEMPLATE_PATTERNS: Array<{ kind: string; re: RegExp; mdxOnly?: true }> = [
  { kind: 'hugo-shortcode', re: /\{\{[<%]/g },
  { kind: 'liquid-tag', re: /\{%-?\s*[a-z_]+/g },
  { kind: 'liquid-output', re: /\{\{-?\s*(site|page|include|post|content|paginator|layout|jekyll)\b[^}]*\}\}/g },
  { kind: 'go-template', re: /\{\{-?\s*\.[A-Za-z]/g },
  // Liquid or Nunjucks output through a filter, whatever the variable: {{ '/' | url }}, {{ post.date | date }}.
  { kind: 'template-filter', re: /\{\{-?[^{}\n]*?\|\s*[A-Za-z_]\w*[^{}\n]*\}\}/g },
  // In plain Markdown `<Thing>` is raw HTML the browser hides and `import x` is prose; they are MDX only in MDX.
  { kind: 'mdx-import-export', re: /^(?:import|export)\s+(?:\{|[A-Za-z_*]|default\b)/gm, mdxOnly: true },
  { kind: 'jsx-component', re: /<[A-Z][A-Za-z0-9]*(?:\.[A-Z][A-Za-z0-9]*)?(?=[\s/>])/g, mdxOnly: true },
  { kind: 'mdx-comment', re: /\{\/\*[\s\S]*?\*\/\}/g, mdxOnly: true },
  { kind: 'admonition', re: /^:::[ \t]*[a-z]+/gm },
]

/**
 * The template constructs left in a body (Markdown or HTML), ignoring code blocks, code spans and <pre>/<code>, and
 * the inside of Liquid `raw` and `highlight` blocks (shown as text or code by Jekyll; the tags themselves count).
 * `mdx` turns on the MDX checks, for sites written in MDX.
 */
export function templateSyntax(body: string, { mdx = false } = {}): Array<{ kind: string; text: string }> {
  const prose = withoutCode(body).replace(/(\{%-?\s*(raw|highlight)\b[^%]*%\})[\s\S]*?\{%-?\s*end\2\s*-?%\}/g, '$1')
  const found: Array<{ kind: string; text: string }> = []
  for (const { kind, re, mdxOnly } of TEMPLATE_PATTERNS) {
    if (mdxOnly && !mdx) continue
    for (const m of prose.matchAll(re)) found.push({ kind, text: prose.slice(m.index, m.index + 60).split('\n')[0] })
  }
  return found
}

/**
 * The body with fenced code blocks, indented code blocks (after a blank line), <pre>/<code> elements and code spans
 * removed, following CommonMark's block rules closely enough for counting.
 */
export function withoutCode(body: string): string {
  const kept: string[] = []
  let fence: { char: string; length: number } | null = null
  let previousBlank = true
  let inIndented = false
  for (const line of body.split('\n')) {
    if (fence) {
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line)
      if (close && close[1][0] === fence.char && close[1].length >= fence.length) fence = null
      continue
    }
    const open = /^ {0,3}(`{3,}|~{3,})/.exec(line)
    if (open) {
      fence = { char: open[1][0], length: open[1].length }
      continue
    }
    const blank = line.trim() === ''
    inIndented = !blank && /^( {4}|\t)/.test(line) && (previousBlank || inIndented)
    if (!inIndented) kept.push(line)
    previousBlank = blank
  }
  return kept
    .join('\n')
    .replace(/<pre[\s>][\s\S]*?<\/pre>/gi, '')
    .replace(/<code[\s>][\s\S]*?<\/code>/gi, '')
    .replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, '')
}
