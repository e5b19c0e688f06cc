import { dateFromName } from '../dates.js'
import type { DiscoveredFile } from '../discover.js'
import { resolveRelative } from '../discover.js'
import type { Convention, Placement, Preset, PresetContext, SourceFile } from './types.js'
import { emptyConfig, MARKDOWN_EXTENSIONS, splitPath } from './types.js'
import { decodeOrKeep } from '../../shared/decode.js'

/** Folder names that say "these are dated articles" (a blog, its posts, news). */
const BLOG_FOLDERS = new Set(['blog', 'blogs', 'posts', 'post', 'news', 'articles', 'journal'])
/** How many bodies are read for evidence of the old site's URL style. */
const EVIDENCE_FILES = 200
/** Links to documents needed before their style decides the URL style. */
const EVIDENCE_LINKS = 5

/** The URL style an old site used for its documents, as its own links write them. */
type UrlStyle = 'directory' | 'extensionless' | 'html'

/**
 * A folder of Markdown that follows no generator's convention (documentation folders of packages, wikis): every
 * Markdown file is a page at its path, case kept and nothing flattened (`a/B.md` → `/a/B/`; `x/index.md` and
 * `x/README.md` → `/x/`, as GitHub, VuePress, MkDocs and Docusaurus show a README, unless the folder also has an
 * `index.md`, which then stands for it; the root `index.md` or `README.md` is the home page). Where the documents' own links
 * write their URLs as `x.html` (or `x` without a slash), that is what the old site served, and the output keeps it.
 * A document is a post only on evidence: a dated name (`2024-01-02-x.md`, `2024/01/02/x.md`, a dated folder) or a
 * date in a blog/posts/news folder; dates are never invented.
 */
export const plainPreset: Preset = {
  name: 'plain',
  detect(discovery) {
    const md = discovery.files.filter((f) => MARKDOWN_EXTENSIONS.has(splitPath(f.rel).ext)).length
    return md > 0 ? { strength: 2, reason: `no generator's configuration or layout found; ${md} Markdown file(s) read as a plain folder (paths kept)` } : null
  },
  async configure(ctx: PresetContext): Promise<Convention> {
    const config = emptyConfig()
    const docs = ctx.discovery.files.filter((f) => MARKDOWN_EXTENSIONS.has(splitPath(f.rel).ext))
    const { style, admonitions } = await bodyEvidence(ctx, docs)
    if (style !== 'directory') config.permalinks = { output_style: 'html-extension' }
    // A plain folder has no generator, but MDX files or `:::note` blocks say which syntax its site rendered.
    const mdx = docs.some((d) => d.rel.endsWith('.mdx'))
    // Folders with an index file: there the index stands for the folder and a README is a page of its own.
    const indexed = new Set(docs.filter((d) => /^index$/i.test(splitPath(d.rel).base)).map((d) => splitPath(d.rel).dirs.join('/')))
    return {
      config,
      // A plain folder is read as GitHub shows it: its alerts (`> [!NOTE]`) are callouts there.
      templates: mdx || admonitions ? ['mdx', 'docusaurus', 'gfm'] : ['gfm'],
      isDocument: (file: DiscoveredFile) => MARKDOWN_EXTENSIONS.has(splitPath(file.rel).ext),
      place: (source: SourceFile) => placePlain(source, style, indexed),
      assetUrl: (rel) => '/' + rel.split('/').map(encodeURIComponent).join('/'),
    }
  },
}

function placePlain(source: SourceFile, style: UrlStyle, indexed: ReadonlySet<string>): Placement {
  const { dirs, base } = splitPath(source.file.rel)
  const isIndex = /^index$/i.test(base) || (/^readme$/i.test(base) && !indexed.has(dirs.join('/')))
  const segments = isIndex ? dirs : [...dirs, base]
  const url = segments.length === 0 ? '/' : '/' + segments.map(encodeURIComponent).join('/') + (isIndex || style === 'directory' ? '/' : style === 'html' ? '.html' : '')
  const name = isIndex ? (dirs[dirs.length - 1] ?? '') : base
  // A README stands for its folder, as GitHub, VuePress, MkDocs and Docusaurus show it, and so does an index in
  // another case (`Index.md`, as Docusaurus reads it); tools that keep file names served them as `x/README/` and
  // `x/Index/`, which are redirected.
  const aliases = isIndex && base !== 'index' ? ['/' + [...dirs, base].map(encodeURIComponent).join('/') + (style === 'directory' ? '/' : style === 'html' ? '.html' : '')] : []
  const article = isBlogArticle(dirs, base, source.fm.data)
  return {
    kind: article && url !== '/' ? 'post' : 'page',
    name: article?.rest || name,
    url,
    ...(article?.date ? { nameDate: article.date } : {}),
    ...(isIndex ? { isIndex: true } : {}),
    ...(aliases.length > 0 ? { aliases } : {}),
  }
}

/**
 * Whether a file is a dated article: a dated name (`2024-01-02-x.md`, `2024/01/02/x.md`, a dated folder), or a
 * date in its front matter in a blog/posts/news folder. Dates are never invented: without one it is not. `date` and
 * `rest` are the name's date and the name without it, when the name is dated.
 */
export function isBlogArticle(dirs: string[], base: string, data: Record<string, unknown>): { date?: string; rest?: string } | undefined {
  const dated = datedName(dirs, base)
  if (dated) return { date: dated.date, rest: dated.rest }
  const inBlog = dirs.some((d) => BLOG_FOLDERS.has(d.toLowerCase()))
  const hasDate = ['date', 'pubDate', 'publishDate', 'published_at', 'created'].some((k) => data[k] !== undefined && data[k] !== null && data[k] !== '')
  return inBlog && hasDate ? {} : undefined
}

/** A date in the file or folder names: `2024-01-02-x`, `2024-01-02-x/index.md`, or `2024/01/02/x.md`. */
function datedName(dirs: string[], base: string): { date: string; rest: string } | undefined {
  const own = /^(?:index|readme)$/i.test(base) ? dirs[dirs.length - 1] : base
  const byName = own !== undefined ? dateFromName(own) : null
  if (byName) return byName
  const n = dirs.length
  if (n >= 3 && /^\d{4}$/.test(dirs[n - 3]) && /^\d{1,2}$/.test(dirs[n - 2]) && /^\d{1,2}$/.test(dirs[n - 1])) {
    const d = dateFromName(`${dirs[n - 3]}-${dirs[n - 2]}-${dirs[n - 1]}`)
    if (d) return { date: d.date, rest: base }
  }
  return undefined
}

/**
 * How the old site wrote its documents' URLs, from the links its own bodies make to other documents of the
 * folder: `/x.html`, `/x` (served by `x.html` on the host), or `/x/` and relative `.md` links (no evidence);
 * and whether its bodies use Docusaurus-style `:::note` admonitions.
 */
async function bodyEvidence(ctx: PresetContext, docs: DiscoveredFile[]): Promise<{ style: UrlStyle; admonitions: boolean }> {
  let admonitions = false
  const sources = new Set(docs.map((d) => d.rel.replace(/\.[^./]+$/, '')))
  const counts: Record<UrlStyle, number> = { directory: 0, extensionless: 0, html: 0 }
  for (const doc of docs.slice(0, EVIDENCE_FILES)) {
    const text = await ctx.readText(doc.rel)
    if (text === null) continue
    if (!admonitions && /^:::(?:note|tip|info|warning|danger|caution|important)\b/m.test(text)) admonitions = true
    for (const m of text.matchAll(/\]\(\s*<?([^)\s>#?]+)/g)) {
      const target = m[1]
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue
      const path = target.replace(/\/$/, '').replace(/\.html?$/i, '')
      const source = resolveRelative(doc.rel, decodeOrKeep(path))
      if (source === null || !sources.has(source)) continue
      if (/\.html?$/i.test(target)) counts.html++
      else if (target.endsWith('/')) counts.directory++
      else if (!/\.[a-z0-9]+$/i.test(target)) counts.extensionless++
    }
  }
  const total = counts.directory + counts.extensionless + counts.html
  const style: UrlStyle = total < EVIDENCE_LINKS ? 'directory' : counts.html * 2 > total ? 'html' : counts.extensionless * 2 > total ? 'extensionless' : 'directory'
  return { style, admonitions }
}
