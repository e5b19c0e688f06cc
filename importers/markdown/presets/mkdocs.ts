import { resolveRelative } from '../discover.js'
import { isPlainObject } from '../front-matter.js'
import { scanBody } from '../scan.js'
import { trimBoth, trimTrailing } from '../../../src/trim.js'
import { canonicalLocale, firstString, httpOrigin, readAuthorRegistry } from './_config.js'
import { globMatcher } from './_glob.js'
import type { ConfigMenuItem, Convention, Placement, Preset, PresetContext, SiteConfig, SourceFile, Unpublished } from './types.js'
import { emptyConfig, splitPath } from './types.js'

/** MkDocs' configuration file names (mkdocs.org "Configuration": `mkdocs.yml`, also read as `mkdocs.yaml`). */
const CONFIG_FILES = ['mkdocs.yml', 'mkdocs.yaml']
/** The Markdown extensions MkDocs builds pages from (mkdocs.utils.markdown_extensions); `.mdx` is not one. */
const MKDOCS_EXTENSIONS: ReadonlySet<string> = new Set(['.md', '.markdown', '.mdown', '.mkdn', '.mkd'])
/** Patterns read from one of `exclude_docs`, `draft_docs`, `not_in_nav` (each is tried on every file: real lists have tens). */
const MAX_PATTERNS = 1000
/** How deep `nav:` sections are followed (a hostile configuration may nest without end; themes show three levels). */
const NAV_DEPTH = 32

/** Material's blog plugin settings (squidfunk.github.io/mkdocs-material "Built-in blog plugin"), with its defaults. */
interface Blog {
  /** The blog folder below `docs_dir` (`blog`; '' for `blog_dir: .`). */
  dir: string
  /** The posts folder below `docs_dir` (`{blog}/posts`). */
  postDir: string
  /** `post_url_format`: `{date}/{slug}`; also `{categories}` and `{file}`. */
  urlFormat: string
  /** `post_url_date_format`, a Babel pattern (`yyyy/MM/dd`). */
  dateFormat: string
  /** `post_url_max_categories`. */
  maxCategories: number
  /** `categories_url_format` (`category/{slug}`), below the blog folder. */
  categoriesFormat: string
  /** `authors_file` below `docs_dir` (`{blog}/.authors.yml`). */
  authorsFile: string
}

/** What the preset knows about one document of `docs_dir` before it is placed. */
interface DocInfo {
  /** The path below `docs_dir`. */
  path: string
  /** Its URL on the old site, without the base path. */
  url: string
  isIndex: boolean
  /** The title MkDocs shows (nav title, front matter `title`, first H1, file name). */
  title: string
  /** Whether the title came from somewhere the importer does not read by itself (the nav, the file name). */
  suppliedTitle: boolean
}

/**
 * MkDocs (mkdocs.org) and Material for MkDocs: `mkdocs.yml` beside a `docs/` folder (`docs_dir`), every Markdown file
 * below it a page at its path (`a.md` → `/a/`, `a/index.md` and `a/README.md` → `/a/`; `a.html` and `a/index.html`
 * with `use_directory_urls: false`), files and folders starting with `.` and the root `templates/` left out, and so
 * are `exclude_docs` (gitignore patterns) and `draft_docs`. `nav:` is the primary menu (nested sections, external
 * links, titles); without it the menu is every page in MkDocs' order, as MkDocs builds it. A page's title is its nav
 * title, else front matter `title`, else its first level-1 heading, else its file name (mkdocs.org "Writing your
 * docs"). Material's blog plugin: posts below `blog/posts/` at `blog/{date}/{slug}/`, categories, authors from
 * `blog/.authors.yml`, drafts left out. The YAML is read as data: `!!python/name:` and other Python tags are never
 * resolved, and `!ENV [VAR, default]` is its default.
 */
export const mkdocsPreset: Preset = {
  name: 'mkdocs',
  detect(discovery) {
    const file = CONFIG_FILES.find((f) => discovery.paths.has(f))
    return file ? { strength: 100, reason: `found ${file}` } : null
  },
  async configure(ctx: PresetContext): Promise<Convention> {
    const config = emptyConfig()
    const file = CONFIG_FILES.find((f) => ctx.discovery.paths.has(f))
    const raw = file === undefined ? undefined : await ctx.readData(file)
    const data: Record<string, unknown> = isPlainObject(raw) ? raw : {}
    if (file !== undefined) {
      config.file = file
      config.configFiles.add(file)
      if (raw !== null && raw !== undefined && !isPlainObject(raw)) ctx.diagnostics.error(file, 1, 'invalid_config', `${file} must be a map of settings (site_name, docs_dir, nav, …); it was ignored.`)
    }
    const docsDir = docsFolder(data.docs_dir, file, ctx)
    const inDocs = (rel: string) => (docsDir === '' ? rel : rel.startsWith(docsDir + '/') ? rel.slice(docsDir.length + 1) : undefined)
    const directoryUrls = setting(data.use_directory_urls) !== false
    applySite(config, data)
    const tooMany = (key: string) => ctx.diagnostics.warn(file ?? 'mkdocs.yml', 0, 'invalid_config', `${key} has more than ${MAX_PATTERNS} patterns; only the first ${MAX_PATTERNS} were applied. Write fewer, broader patterns.`)
    const excluded = gitignoreMatcher(data.exclude_docs, () => tooMany('exclude_docs'))
    const drafts = gitignoreMatcher(data.draft_docs, () => tooMany('draft_docs'))
    const notInNav = gitignoreMatcher(data.not_in_nav, () => tooMany('not_in_nav'))
    const blog = blogSettings(data.plugins)

    // Every document below docs_dir, with its URL and title, in MkDocs' order (index and README first in a folder).
    const paths = ctx.discovery.files
      .map((f) => inDocs(f.rel))
      .filter((p): p is string => p !== undefined && MKDOCS_EXTENSIONS.has(splitPath(p).ext) && !ignored(p) && !excluded(p))
    const indexed = new Set(paths.filter((p) => splitPath(p).base === 'index').map((p) => splitPath(p).dirs.join('/')))
    const conflicting = (p: string) => splitPath(p).base === 'README' && indexed.has(splitPath(p).dirs.join('/'))
    const docs = new Map<string, DocInfo>()
    for (const p of paths.sort(mkdocsOrder)) {
      if (conflicting(p)) continue
      const { dirs, base } = splitPath(p)
      const isIndex = base === 'index' || base === 'README'
      docs.set(p, { path: p, url: pageUrl(isIndex ? dirs : [...dirs, base], isIndex, directoryUrls), isIndex, title: '', suppliedTitle: false })
    }
    const navTitles = new Map<string, string>()
    const navItems = Array.isArray(data.nav) ? navEntries(data.nav, docs, navTitles, docsDir, 0) : undefined
    for (const doc of docs.values()) await titleDoc(doc, docsDir, navTitles.get(doc.path), ctx)
    if (navItems) withPageTitles(navItems, docs, docsDir)

    if (blog) await configureBlog(config, blog, docsDir, directoryUrls, ctx)
    const isPost = (p: string) => blog !== undefined && p.startsWith(blog.postDir + '/')
    for (const doc of docs.values()) if (isPost(doc.path) && blog) doc.url = postUrl(doc, blog, directoryUrls, await ctx.readFrontMatter(join(docsDir, doc.path)))
    const inNav = [...docs.values()].filter((d) => !isPost(d.path) && !drafts(d.path) && !notInNav(d.path))
    const items = navItems ?? autoNav(inNav, docsDir)
    if (items.length > 0) config.menus.primary = { name: 'Navigation', items }
    const redirects = redirectMaps(data.plugins, docs, directoryUrls, file ?? 'mkdocs.yml')
    if (redirects.length > 0) config.generatedRoutes = redirects
    await readExtraCss(config, data.extra_css, docsDir, ctx)

    const blogIndex = blog ? join(blog.dir, 'index.md') : undefined
    const snippetBases = snippetBasePaths(data.markdown_extensions)
    return {
      config,
      templates: ['pymdown'],
      isDocument: (f) => {
        const p = inDocs(f.rel)
        return p !== undefined && MKDOCS_EXTENSIONS.has(splitPath(p).ext) && !ignored(p)
      },
      place: (source: SourceFile): Placement | Unpublished => {
        const p = inDocs(source.file.rel) as string
        if (excluded(p)) return { skip: 'excluded', detail: 'exclude_docs in mkdocs.yml leaves it out: MkDocs does not build it' }
        if (conflicting(p)) return { skip: 'excluded', detail: `${p.replace(/README\.[^/]+$/, 'index.md')} stands for its folder: MkDocs skips a README.md beside an index.md` }
        const doc = docs.get(p) as DocInfo
        if (p === blogIndex) return { skip: 'post-index', detail: "the blog's index: Material lists the posts there, and the new site's post index takes its place" }
        const { dirs, base } = splitPath(p)
        const post = isPost(p)
        if (post) normalizePostDate(source)
        return {
          kind: post ? 'post' : 'page',
          name: post ? postSlug(source, doc) : doc.isIndex ? (dirs[dirs.length - 1] ?? '') : base,
          url: doc.url,
          ...(doc.isIndex ? { isIndex: true } : {}),
          ...(doc.suppliedTitle ? { defaults: { title: doc.title } } : {}),
          ...(drafts(p) ? { draft: true, draftReason: 'draft_docs in mkdocs.yml: MkDocs shows it only while serving, never in a build' } : {}),
        }
      },
      // pymdownx.snippets reads a file from each `base_path` in turn (the folder of mkdocs.yml by default).
      includePath: (kind, target, from) => {
        if (kind === 'relative') return resolveRelative(from, target) ?? undefined
        const candidates = snippetBases.map((base) => resolveRelative(join(base, 'x'), target)).filter((r): r is string => r !== null)
        return candidates.find((r) => ctx.discovery.paths.has(r)) ?? candidates[0]
      },
      assetUrl: (rel) => {
        const p = inDocs(rel)
        return p === undefined || ignored(p) || excluded(p) ? undefined : '/' + p.split('/').map(encodeURIComponent).join('/')
      },
    }
  },
}

/** The docs folder, relative and without slashes: `docs_dir`, else `docs`. One that leaves the folder is refused. */
function docsFolder(value: unknown, file: string | undefined, ctx: PresetContext): string {
  const written = firstString(setting(value))
  if (written === undefined) return 'docs'
  const parts = written.replace(/\\/g, '/').split('/').filter((s) => s !== '' && s !== '.')
  if (written.startsWith('/') || parts.includes('..')) {
    ctx.diagnostics.warn(file ?? 'mkdocs.yml', 0, 'invalid_config', `docs_dir "${written}" is outside the folder imported; docs/ was read instead. Import the folder that holds both mkdocs.yml and the docs.`)
    return 'docs'
  }
  return parts.join('/')
}

/** A setting's value: `!ENV [VAR, default]` (read by the yaml library as a list) is its default; environments are not read. */
function setting(value: unknown): unknown {
  return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number') ? value[value.length - 1] : value
}

/** The site settings MkDocs' configuration names: `site_name`, `site_url` (its path the base path), description, author, copyright, theme language. */
function applySite(config: SiteConfig, data: Record<string, unknown>): void {
  const title = firstString(setting(data.site_name))
  const description = firstString(setting(data.site_description))
  const siteUrl = firstString(setting(data.site_url))
  const origin = httpOrigin(siteUrl)
  const theme = isPlainObject(data.theme) ? data.theme : {}
  const locale = firstString(setting(theme.language))
  const copyright = firstString(setting(data.copyright))
  const copyrightText = copyright === undefined ? undefined : plainText(copyright)
  const author = firstString(setting(data.site_author))
  config.site = {
    ...(title?.trim() ? { title: title.trim() } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(origin ? { url: origin } : {}),
    ...(locale && canonicalLocale(locale) ? { locale: canonicalLocale(locale) } : {}),
    ...(copyrightText ? { footer: { copyright_text: copyrightText } } : {}),
    ...(author?.trim() ? { meta: { author: author.trim() } } : {}),
  }
  if (origin && siteUrl) config.basePath = trimTrailing(new URL(siteUrl).pathname, '/')
}

/** The text of a copyright line written with HTML (`Copyright &copy; 2024 <a href="…">Jane</a>`). */
function plainText(html: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', copy: '©', reg: '®', trade: '™', ndash: '–', mdash: '—' }
  return withoutTags(html)
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] !== '#') return named[e.toLowerCase()] ?? m
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m
    })
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * `html` without its tags: what `html.replace(/<[^>]*>/g, '')` gives, each character read once (that expression read
 * the rest of the text again from every `<` without a `>` after it: a copyright of 64,000 `<` took 15 s).
 */
export function withoutTags(html: string): string {
  let out = ''
  let from = 0
  for (let lt = html.indexOf('<'); lt !== -1; lt = html.indexOf('<', from)) {
    const gt = html.indexOf('>', lt)
    if (gt === -1) break
    out += html.slice(from, lt)
    from = gt + 1
  }
  return out + html.slice(from)
}

/** Names MkDocs never builds from: a file or folder starting with `.`, and the root `templates/` folder (the theme's). */
function ignored(p: string): boolean {
  return p.split('/').some((s) => s.startsWith('.')) || p.startsWith('templates/')
}

/**
 * A gitignore-style pattern list (`exclude_docs`, `draft_docs`, `not_in_nav`: one pattern a line, as MkDocs reads
 * them) as a matcher of paths below `docs_dir`: a pattern without a slash but a trailing one matches a name at any
 * depth, one with a slash is anchored at `docs_dir`; `!` takes a path back; the last matching pattern wins.
 */
function gitignoreMatcher(value: unknown, onTooMany: () => void): (p: string) => boolean {
  const text = typeof value === 'string' ? value : Array.isArray(value) ? value.filter((v) => typeof v === 'string').join('\n') : ''
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
  if (lines.length > MAX_PATTERNS) onTooMany()
  const rules = lines
    .slice(0, MAX_PATTERNS)
    .map((line) => {
      const negated = line.startsWith('!')
      const pattern = trimTrailing(negated ? line.slice(1) : line, '/')
      const anchored = pattern.includes('/')
      // gitignore's wildcards match names that start with `.` (pathspec's gitwildmatch, which MkDocs uses).
      return { negated, match: globMatcher([anchored ? pattern.replace(/^\/+/, '') : `**/${pattern}`], { dot: true }) }
    })
  if (rules.length === 0) return () => false
  return (p) => {
    let out = false
    for (const rule of rules) if (rule.match(p)) out = !rule.negated
    return out
  }
}

/**
 * MkDocs' order of files (mkdocs.structure.files): a folder's own files before its subfolders, `index` and `README`
 * first among them, then by name; subfolders by name.
 */
function mkdocsOrder(a: string, b: string): number {
  const pa = a.split('/')
  const pb = b.split('/')
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const lastA = i === pa.length - 1
    const lastB = i === pb.length - 1
    if (lastA !== lastB) return lastA ? -1 : 1
    if (pa[i] === pb[i]) continue
    if (lastA) {
      const ia = /^(?:index|README)\.[^.]+$/.test(pa[i])
      const ib = /^(?:index|README)\.[^.]+$/.test(pb[i])
      if (ia !== ib) return ia ? -1 : 1
    }
    return pa[i] < pb[i] ? -1 : 1
  }
  return pa.length - pb.length
}

/** A page's URL on the old site from its path segments: `/a/b/` (or `/a/b.html`, `/a/index.html` without directory URLs). */
function pageUrl(segments: string[], isIndex: boolean, directoryUrls: boolean): string {
  if (segments.length === 0) return '/'
  const path = '/' + segments.map(encodeURIComponent).join('/')
  return directoryUrls ? path + '/' : isIndex ? path + '/index.html' : path + '.html'
}

/** The title MkDocs gives a name (a file or a folder): dashes and underscores as spaces, capitalised when all lower case. */
function nameTitle(name: string): string {
  const spaced = name.replace(/[-_]/g, ' ')
  return spaced.toLowerCase() === spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : spaced
}

/**
 * A document's title as MkDocs finds it (mkdocs.org "Writing your docs", Meta-Data): the nav's title, else front
 * matter `title`, else the first level-1 heading, else the file name (`Home` for the home page). The page keeps the
 * title its body shows (front matter or heading), which the importer reads by itself; the nav's or the file name's
 * is supplied only to a page with neither, so that a body's opening heading is not printed twice.
 */
async function titleDoc(doc: DocInfo, docsDir: string, navTitle: string | undefined, ctx: PresetContext): Promise<void> {
  const rel = join(docsDir, doc.path)
  const fm = await ctx.readFrontMatter(rel)
  let own = firstString(fm?.title)?.trim() || undefined
  if (own === undefined) {
    const text = (await ctx.readText(rel)) ?? ''
    own = scanBody(text.replace(/^---\r?\n[\s\S]*?\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/, ''), false).h1 ?? undefined
  }
  const { base } = splitPath(doc.path)
  const fallback = doc.url === '/' ? 'Home' : nameTitle(base === 'README' ? 'index' : base)
  doc.title = navTitle ?? own ?? fallback
  doc.suppliedTitle = own === undefined
}

/**
 * `nav:` as menu items (mkdocs.org "Configuration", nav): `'page.md'` (the page with its own title), `Title:
 * page.md`, `Title: https://…` (a link), `Title: [ … ]` (a section, leading where its first item does; Material's
 * `navigation.indexes` makes a section's index page its link). Titles given here are the pages' titles (`titles`).
 */
function navEntries(list: unknown[], docs: ReadonlyMap<string, DocInfo>, titles: Map<string, string>, docsDir: string, depth: number): ConfigMenuItem[] {
  const out: ConfigMenuItem[] = []
  if (depth >= NAV_DEPTH) return out
  for (const entry of list) {
    let title: string | undefined
    let value: unknown = entry
    if (isPlainObject(entry)) {
      const keys = Object.keys(entry)
      if (keys.length !== 1) continue
      title = keys[0].trim() === '' ? undefined : keys[0]
      value = entry[keys[0]]
    }
    if (Array.isArray(value)) {
      const children = navEntries(value, docs, titles, docsDir, depth + 1)
      if (title !== undefined && children.length > 0) out.push({ title, url: children[0].url, ...(children[0].source !== undefined ? { source: children[0].source } : {}), children })
      continue
    }
    const target = typeof value === 'string' ? value.trim() : undefined
    if (target === undefined || target === '') continue
    const doc = docs.get(target.replace(/^\.\//, '').split('#')[0])
    if (doc) {
      if (title !== undefined) titles.set(doc.path, title)
      // The item's title is filled in once every document's title is known.
      out.push({ title: title ?? '', url: doc.url + (target.includes('#') ? target.slice(target.indexOf('#')) : ''), source: join(docsDir, doc.path), children: [] })
    } else if (title !== undefined) out.push({ title, url: target, children: [] })
  }
  return out
}

/** Items written as a page's path alone (`- guide.md`) take that page's title, as MkDocs shows them. */
function withPageTitles(items: ConfigMenuItem[], docs: ReadonlyMap<string, DocInfo>, docsDir: string): void {
  const prefix = docsDir === '' ? '' : docsDir + '/'
  for (const item of items) {
    if (item.title === '' && item.source !== undefined) item.title = docs.get(item.source.slice(prefix.length))?.title ?? 'Page'
    if (item.children) withPageTitles(item.children, docs, docsDir)
  }
}

/**
 * The navigation MkDocs builds when `nav:` is absent (mkdocs.structure.nav): every page in file order, a folder a
 * section titled from its name holding its pages and subfolders; a section leads where its first page does.
 */
function autoNav(docs: DocInfo[], docsDir: string): ConfigMenuItem[] {
  const root: ConfigMenuItem[] = []
  const sections = new Map<string, ConfigMenuItem[]>([['', root]])
  for (const doc of docs) {
    const { dirs } = splitPath(doc.path)
    let branch = root
    for (let i = 0; i < dirs.length; i++) {
      const key = dirs.slice(0, i + 1).join('/')
      let next = sections.get(key)
      if (!next) {
        next = []
        sections.set(key, next)
        branch.push({ title: nameTitle(dirs[i]), url: doc.url, source: join(docsDir, doc.path), children: next })
      }
      branch = next
    }
    branch.push({ title: doc.title, url: doc.url, source: join(docsDir, doc.path), children: [] })
  }
  return root
}

/** pymdownx.snippets' `base_path` (a path or a list, relative to the folder of mkdocs.yml; `.` by default), as folders. */
function snippetBasePaths(extensions: unknown): string[] {
  const list = Array.isArray(extensions) ? extensions : isPlainObject(extensions) ? Object.entries(extensions).map(([k, v]) => ({ [k]: v })) : []
  for (const e of list) {
    if (!isPlainObject(e) || !isPlainObject(e['pymdownx.snippets'])) continue
    const base = e['pymdownx.snippets'].base_path
    const paths = (Array.isArray(base) ? base : [base]).filter((b): b is string => typeof b === 'string')
    if (paths.length > 0) return paths.map((b) => trimTrailing(b.replace(/^\.\/?/, ''), '/'))
  }
  return ['']
}

/** The blog plugin's settings when `plugins:` enables it (`blog`, `material/blog`), else undefined. */
function blogSettings(plugins: unknown): Blog | undefined {
  const options = pluginOptions(plugins, ['blog', 'material/blog'])
  if (options === undefined || options.enabled === false) return undefined
  const dir = trimTrailing((firstString(options.blog_dir) ?? 'blog').replace(/^\.?\/*/, ''), '/')
  return {
    dir,
    postDir: trimTrailing((firstString(options.post_dir) ?? '{blog}/posts').replace('{blog}', dir).replace(/^\.?\/*/, ''), '/'),
    urlFormat: firstString(options.post_url_format) ?? '{date}/{slug}',
    dateFormat: firstString(options.post_url_date_format) ?? 'yyyy/MM/dd',
    maxCategories: typeof options.post_url_max_categories === 'number' ? options.post_url_max_categories : 1,
    categoriesFormat: firstString(options.categories_url_format) ?? 'category/{slug}',
    authorsFile: (firstString(options.authors_file) ?? '{blog}/.authors.yml').replace('{blog}', dir).replace(/^\.?\/*/, ''),
  }
}

/** The options of the first plugin `plugins:` lists under one of `names` (`- blog`, `- blog: {…}`), `{}` without options; undefined when not listed. */
function pluginOptions(plugins: unknown, names: readonly string[]): Record<string, unknown> | undefined {
  const list = Array.isArray(plugins) ? plugins : isPlainObject(plugins) ? Object.entries(plugins).map(([k, v]) => ({ [k]: v })) : []
  for (const p of list) {
    const name = typeof p === 'string' ? p : isPlainObject(p) && Object.keys(p).length === 1 ? Object.keys(p)[0] : undefined
    if (name === undefined || !names.includes(name)) continue
    return isPlainObject(p) && isPlainObject(p[name]) ? p[name] : {}
  }
  return undefined
}

/**
 * The mkdocs-redirects plugin's `redirect_maps` (`'old.md': 'new.md'`, or a URL), as redirects from the old page's
 * URL to its target: MkDocs wrote a page at the old URL that sends the browser there.
 */
function redirectMaps(plugins: unknown, docs: ReadonlyMap<string, DocInfo>, directoryUrls: boolean, file: string): Array<{ from: string; to: string; file: string }> {
  const maps = pluginOptions(plugins, ['redirects'])?.redirect_maps
  const out: Array<{ from: string; to: string; file: string }> = []
  for (const [from, to] of Object.entries(isPlainObject(maps) ? maps : {})) {
    if (typeof to !== 'string' || to.trim() === '') continue
    const { dirs, base } = splitPath(from.replace(/^\.?\/+/, ''))
    const isIndex = base === 'index' || base === 'README'
    const hash = to.indexOf('#')
    const target = docs.get((hash === -1 ? to : to.slice(0, hash)).replace(/^\.?\/+/, ''))
    out.push({ from: pageUrl(isIndex ? dirs : [...dirs, base], isIndex, directoryUrls), to: target ? target.url + (hash === -1 ? '' : to.slice(hash)) : to, file })
  }
  return out
}

/** The blog's post index, its category archives (`categories_url_format`) and its authors file (`.authors.yml`). */
async function configureBlog(config: SiteConfig, blog: Blog, docsDir: string, directoryUrls: boolean, ctx: PresetContext): Promise<void> {
  const base = blog.dir === '' ? '/' : `/${blog.dir}/`
  config.postIndexPath = directoryUrls || base === '/' ? base : `${base}index.html`
  // A category archive's URL, when its format is one the contract's routes can express (`{slug}` a whole segment).
  const categories = `${base}${trimBoth(blog.categoriesFormat, '/')}/`.replace('{slug}', ':slug')
  if (/^(?:\/[\w.-]+)*\/:slug(?:\/[\w.-]+)*\/$/.test(categories)) config.permalinks = { ...config.permalinks, categories }
  const authorsFile = join(docsDir, blog.authorsFile)
  if (!ctx.discovery.paths.has(authorsFile)) return
  const data = await ctx.readData(authorsFile)
  config.configFiles.add(authorsFile)
  config.authorsFile = authorsFile
  if (isPlainObject(data) && isPlainObject(data.authors)) for (const [k, v] of readAuthorRegistry(data.authors)) config.authors.set(k, v)
}

/**
 * Material's `date: { created, updated }` (the blog plugin's documented form besides `date: 2024-01-31`) as the
 * importer's `date` and `updated`, so that the post keeps both dates.
 */
function normalizePostDate(source: SourceFile): void {
  const date = source.fm.data.date
  if (!isPlainObject(date)) return
  const created = firstString(date.created) ?? (date.created instanceof Date ? date.created.toISOString() : undefined)
  const updated = firstString(date.updated)
  if (created !== undefined) source.fm.data.date = created
  if (updated !== undefined && source.fm.data.updated === undefined) source.fm.data.updated = updated
}

/** A post's date as `YYYY-MM-DD` parts: front matter `date` (or `date.created`). */
function postDate(fm: Record<string, unknown> | null): { y: string; m: string; d: string } | undefined {
  const raw = fm?.date
  const value = isPlainObject(raw) ? raw.created : raw
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : undefined
  const m = text === undefined ? null : /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(text.trim())
  return m ? { y: m[1], m: m[2].padStart(2, '0'), d: m[3].padStart(2, '0') } : undefined
}

/** A Babel date pattern (`yyyy/MM/dd`, `yyyy/MM`) applied to a date; letters it has no meaning for here are kept. */
function babelDate(pattern: string, date: { y: string; m: string; d: string }): string {
  return pattern.replace(/y+|M+|d+/g, (t) => (t[0] === 'y' ? (t.length === 2 ? date.y.slice(2) : date.y) : t[0] === 'M' ? (t.length === 1 ? String(Number(date.m)) : date.m) : t.length === 1 ? String(Number(date.d)) : date.d))
}

/** Python-Markdown's `toc.slugify`, the blog plugin's default: ASCII only, punctuation dropped, lower case, runs of spaces and dashes one dash. */
export function tocSlugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\x00-\x7f]/g, '')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, '-')
}

/** A post's slug as the blog plugin makes it: front matter `slug`, else its title slugified. */
function postSlug(source: SourceFile, doc: DocInfo): string {
  const own = firstString(source.fm.data.slug)
  return own?.trim() ? own.trim() : tocSlugify(doc.title) || splitPath(doc.path).base
}

/** A post's URL on the old site: `/{blog}/{post_url_format}/` with its date, slug, categories and file name. */
function postUrl(doc: DocInfo, blog: Blog, directoryUrls: boolean, fm: Record<string, unknown> | null): string {
  const date = postDate(fm)
  const slug = firstString(fm?.slug)?.trim() || tocSlugify(doc.title) || splitPath(doc.path).base
  const categories = Array.isArray(fm?.categories) ? fm.categories.filter((c): c is string => typeof c === 'string') : []
  const path = blog.urlFormat
    .replace('{date}', date ? babelDate(blog.dateFormat, date) : '')
    .replace('{slug}', slug)
    .replace('{file}', splitPath(doc.path).base)
    .replace('{categories}', categories.slice(0, Math.max(0, blog.maxCategories)).map(tocSlugify).join('/'))
  const segments = [...blog.dir.split('/'), ...path.split('/')].filter((s) => s !== '')
  return pageUrl(segments, false, directoryUrls)
}

/** `extra_css` files of the docs folder, as the site's custom CSS (each after a comment naming it); URLs stay with the old theme. */
async function readExtraCss(config: SiteConfig, value: unknown, docsDir: string, ctx: PresetContext): Promise<void> {
  const parts: string[] = []
  for (const entry of Array.isArray(value) ? value : []) {
    const ref = firstString(entry)
    if (ref === undefined || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(ref)) continue
    const rel = join(docsDir, ref.replace(/^\.?\/+/, ''))
    const css = await ctx.readText(rel)
    if (css === null || css.trim() === '') continue
    config.configFiles.add(rel)
    parts.push(`/* ${rel.replace(/\*\//g, '* /')} */\n${css}`)
  }
  if (parts.length > 0) config.customCss = parts.join('\n')
}

function join(dir: string, rel: string): string {
  return dir === '' ? rel : rel === '' ? dir : `${dir}/${rel}`
}
