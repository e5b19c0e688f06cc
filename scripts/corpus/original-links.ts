/**
 * The links and images a site's original build leaves broken, so that measuring the import against the original does
 * not count them against the importer. A template that links to pages its package does not ship (the project's other
 * docs, a repository file) is broken on the original site too; a link the original resolved and the import breaks
 * still counts.
 *
 * The original's resolution is modelled generously, so that only links broken under every reading are excused: a link
 * works on the original when, resolved against the source file's folder (as GitHub and the generators that rewrite
 * `.md` links read it) or against the document's published URL (as a browser reads it), it reaches a document the
 * generator published (oracle.json) or a file or folder of the site, or any file or folder whose path ends with it (a
 * static folder served at the root: Hugo's `static/img/a.png` at `/img/a.png`). Links holding template syntax, links
 * to other hosts and other schemes count as working.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { readBody } from '../../src/check/body.js'
import type { Oracle } from './measure.js'

/** For each source file (relative, with `/`) the generator published, the links and images its original leaves broken, as written. */
export type OriginalBroken = Map<string, string[]>

const MARKDOWN = /\.(md|mdx|markdown|mkdn|mkd)$/i
const HTML = /\.(html?|njk|liquid)$/i
const FRONT_MATTER = /^(---|\+\+\+)[ \t]*\r?\n[\s\S]*?\r?\n\1[ \t]*(?:\r?\n|$)/

/** Reads every published document of a site and keeps the links its original build cannot resolve. */
export async function originalBrokenLinks(siteRoot: string, oracle: Oracle): Promise<OriginalBroken> {
  const site = await OriginalSite.read(siteRoot, oracle)
  const out: OriginalBroken = new Map()
  const seen = new Set<string>()
  for (const doc of oracle.documents) {
    if ((doc.status !== 'published' && doc.status !== 'unlisted') || doc.url === null || doc.fallback || seen.has(doc.source)) continue
    seen.add(doc.source)
    const type = MARKDOWN.test(doc.source) ? 'markdown' : HTML.test(doc.source) ? 'html' : undefined
    if (!type) continue
    let text: string
    try {
      text = (await readFile(path.join(siteRoot, doc.source), 'utf8')).replace(/^\uFEFF/, '').replace(FRONT_MATTER, '')
    } catch {
      continue
    }
    const broken = readBody(text, type).refs.map((r) => r.url).filter((url) => !site.resolves(url, doc.source, doc.url as string))
    if (broken.length > 0) out.set(doc.source, broken)
  }
  return out
}

/** The original site as its links could reach it: the published URLs, and the site's files and folders. */
export class OriginalSite {
  private constructor(
    /** Published URLs, as `urlKey` gives them. */
    private readonly urls: Set<string>,
    /** Every file and folder of the site, with a leading `/`, and every tail of them that starts at a folder boundary. */
    private readonly tails: Set<string>,
  ) {}

  static async read(siteRoot: string, oracle: Pick<Oracle, 'documents'>): Promise<OriginalSite> {
    const files = (await readdir(siteRoot, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(siteRoot, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .filter((f) => !f.split('/').includes('node_modules'))
    return OriginalSite.of(files, oracle.documents.filter((d) => d.status === 'published' || d.status === 'unlisted').map((d) => d.url).filter((u): u is string => u !== null))
  }

  /** From a site's files (relative, with `/`) and its published URLs. */
  static of(files: readonly string[], urls: readonly string[]): OriginalSite {
    const paths = new Set<string>()
    const tails = new Set<string>()
    for (const file of files) {
      const segments = file.split('/')
      // The file and each folder above it.
      for (let end = segments.length; end > 0; end--) {
        const full = `/${segments.slice(0, end).join('/')}`
        if (paths.has(full)) break
        paths.add(full)
        for (let start = 0; start < end; start++) tails.add(`/${segments.slice(start, end).join('/')}`)
      }
    }
    return new OriginalSite(new Set(urls.map(urlKey)), tails)
  }

  /** Whether the original resolves `url`, written in the source file `source` published at `pageUrl`. */
  resolves(url: string, source: string, pageUrl: string): boolean {
    const raw = url.trim()
    if (raw === '' || raw.startsWith('#') || raw.startsWith('?') || /\{\{|\{%|<%|^@/.test(raw)) return true
    if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//')) return true
    const target = decoded(raw.replace(/[?#].*$/, ''))
    if (target === '') return true
    const byUrl = new URL(target, new URL(pageUrl, 'http://original.invalid')).pathname
    if (this.urls.has(urlKey(byUrl)) || this.fileEndsWith(decoded(byUrl))) return true
    const fromFile = target.startsWith('/') ? target : path.posix.join('/', path.posix.dirname(source), target)
    return this.fileEndsWith(path.posix.normalize(fromFile))
  }

  private fileEndsWith(p: string): boolean {
    return variants(p).some((v) => this.tails.has(v))
  }
}

/**
 * Splits check's broken links and missing media into those the original site left broken (the same link, as written,
 * in the source file the document came from) and ours. A link in a menu, or in a document no source file is known
 * for, is ours.
 * @example
 * againstOriginal([{ url: '/a/', target: '../lib' }], new Map([['/a/', 'doc/a.md']]), new Map([['doc/a.md', ['../lib']]]))
 * // { inOriginal: 1, ours: [] }
 */
export function againstOriginal<F extends { url?: string; target?: string }>(findings: readonly F[], sources: ReadonlyMap<string, string>, original: OriginalBroken): { inOriginal: number; ours: F[] } {
  // Each broken link of the original excuses one finding: a document that breaks one link twice, where the original
  // broke it once, has one of ours.
  const left = new Map([...original].map(([source, targets]) => [source, [...targets]]))
  const ours: F[] = []
  let inOriginal = 0
  for (const f of findings) {
    const targets = f.url !== undefined ? left.get(sources.get(f.url) ?? '') : undefined
    const at = targets && f.target !== undefined ? targets.indexOf(f.target) : -1
    if (targets && at >= 0) {
      targets.splice(at, 1)
      inOriginal++
    } else ours.push(f)
  }
  return { inOriginal, ours }
}

/** A path as written, and as the tools that add an extension or an index file to it would read it. */
function variants(p: string): string[] {
  const bare = p.replace(/\/+$/, '')
  if (bare === '') return ['/']
  return [bare, `${bare}.md`, `${bare}.mdx`, `${bare}.html`, `${bare}/index.md`, `${bare}/README.md`, `${bare}/index.html`]
}

/** A URL's path as hosts match it: decoded, without `index.html`, `.html` or a trailing slash. */
export function urlKey(url: string): string {
  const p = decoded(url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/[?#].*$/, ''))
  const key = p.replace(/\/index\.html?$/i, '/').replace(/\.html?$/i, '').replace(/\/+$/, '')
  return key === '' ? '/' : key.startsWith('/') ? key : `/${key}`
}

function decoded(p: string): string {
  try {
    return decodeURI(p)
  } catch {
    return p
  }
}
