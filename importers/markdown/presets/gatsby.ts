import type { DiscoveredFile, Discovery } from '../discover.js'
import { entries, objectsAfter, objectsOf, stringArray, stringLiteral, readJsConfig, stripComments } from './_jstext.js'
import { firstString, httpOrigin } from './_config.js'
import type { Convention, Placement, Preset, PresetContext, SourceFile, Unpublished } from './types.js'
import { emptyConfig, MARKDOWN_EXTENSIONS, splitPath } from './types.js'
import { trimTrailing } from '../../../src/trim.js'
import { dependencyMajor, dependencyRange } from './_package.js'

const CONFIG_FILES = ['gatsby-config.js', 'gatsby-config.ts', 'gatsby-config.mjs', 'gatsby-config.cjs']
/** The folder Gatsby's blog starter sources its posts from (gatsby-config.js: gatsby-source-filesystem, `content/blog`). */
const STARTER_SOURCE = 'content/blog'
/** A post folder of the starter's layout: `content/blog/<slug>/index.md`. */
const STARTER_POST = /^content\/blog\/[^/]+\/index\.mdx?$/

/**
 * Gatsby sites built like its blog starter (gatsby-starter-blog's gatsby-node.js; gatsbyjs.com "Creating Slugs for
 * Pages"): Markdown is sourced from the folders gatsby-source-filesystem names in `gatsby-config` (read as text,
 * never run; `content/blog` without one), and each file is published at `createFilePath`'s slug, its path inside that
 * folder without the extension, `index` standing for its folder, with a trailing slash (`content/blog/hello-world/
 * index.md` → `/hello-world/`). The starter lists posts at `/`; a document with a `date` is a post, one without is a
 * page. `siteMetadata` gives the title, description, site URL and the author the starter signs every post with.
 * Co-located images are delivered under the media path (Gatsby serves them at hashed URLs no link names).
 */
export const gatsbyPreset: Preset = {
  name: 'gatsby',
  detect(discovery) {
    const config = CONFIG_FILES.find((f) => discovery.paths.has(f))
    if (config) return { strength: 70, reason: `found ${config}` }
    if (discovery.dependencies?.has('gatsby')) return { strength: 65, reason: 'found gatsby in package.json' }
    if (starterLayout(discovery)) return { strength: 25, reason: "every Markdown file is content/blog/<slug>/index.md, the layout of Gatsby's blog starter" }
    return null
  },
  async configure(ctx: PresetContext): Promise<Convention> {
    const config = emptyConfig()
    const { file, text } = await readJsConfig(ctx, CONFIG_FILES, config)
    const meta = entries(objectsOf(text, 'siteMetadata')[0] ?? '')
    const title = stringLiteral(meta.get('title'))
    const description = stringLiteral(meta.get('description'))
    const siteUrl = stringLiteral(meta.get('siteUrl'))
    config.site = {
      ...(title ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(httpOrigin(siteUrl) ? { url: httpOrigin(siteUrl) } : {}),
    }
    const author = stringLiteral(entries(objectsOf(text, 'author')[0] ?? '').get('name')) ?? stringLiteral(meta.get('author'))
    // gatsby-theme-blog publishes its own content folder; the site's gatsby-source-filesystem folders come after it.
    const theme = file ? blogTheme(text) : undefined
    const plugin = file ? mdxPlugin(text, ctx.discovery.paths.has('package.json') ? await ctx.readText('package.json') : null) : undefined
    const mdx = plugin?.extensions
    const isMdxFile = (rel: string) => mdx?.has(splitPath(rel).ext.toLowerCase()) ?? false
    // Markdown no plugin renders (gatsby-plugin-mdx 4+ alone, not compiling it) is no document; a blog theme brings its own.
    const rendered = (rel: string) => theme !== undefined || plugin?.markdown !== false || isMdxFile(rel)
    const sources = [...(theme ? [theme.contentPath] : []), ...(file ? sourceFolders(text) : [])]
    if (sources.length === 0) sources.push(STARTER_SOURCE)
    // The longest folder first, so a nested source is not taken for a path inside its parent.
    sources.sort((a, b) => b.length - a.length)
    config.staticDirs = ['static']
    const sourceOf = (rel: string) => sources.find((s) => rel.startsWith(s + '/'))
    const nodeFile = NODE_FILES.find((f) => ctx.discovery.paths.has(f))
    const naming = nodeFile ? pageNaming(stripComments((await ctx.readText(nodeFile)) ?? '')) : { prefix: '' }
    if (nodeFile) config.configFiles.add(nodeFile)

    return {
      config,
      templates: mdx ? ['mdx'] : [],
      ...(mdx ? { templatesOf: (rel: string) => (isMdxFile(rel) ? ['mdx' as const] : []), mdx: isMdxFile } : {}),
      isDocument: (f: DiscoveredFile) => MARKDOWN_EXTENSIONS.has(splitPath(f.rel).ext) && sourceOf(f.rel) !== undefined,
      place(source: SourceFile): Placement | Unpublished {
        const rel = source.file.rel
        if (theme && sourceOf(rel) === theme.contentPath) return placeThemePost(source, theme, author)
        if (rel.startsWith(PAGES_DIR) && isMdxFile(rel) && !pageName(splitPath(rel).base)) return NOT_A_PAGE
        if (!rendered(rel)) return NOT_RENDERED
        const { dirs, base } = splitPath(rel.slice((sourceOf(rel) as string).length + 1))
        const own = base === 'index' ? dirs : [...dirs, base]
        const fm = source.fm.data
        const dated = fm.date !== undefined && fm.date !== null && fm.date !== ''
        // gatsby-node's createPage `path`: the front-matter field it names, else createFilePath's slug; its prefix.
        const field = naming.field ? firstString(fm[naming.field])?.trim() : undefined
        const slug = field ? field.split('/').filter((x) => x !== '').map(encodeURIComponent) : own.map(encodeURIComponent)
        const path = [...naming.prefix.split('/').filter((x) => x !== ''), ...slug]
        if (path.length === 1 && path[0] === '404') return NOT_FOUND_PAGE
        return {
          kind: dated ? 'post' : 'page',
          name: slug[slug.length - 1] ?? own[own.length - 1] ?? '',
          url: path.length === 0 ? '/' : '/' + path.join('/') + '/',
          ...(base === 'index' ? { isIndex: true } : {}),
          ...(author && firstString(fm.author) === undefined ? { defaults: { author } } : {}),
        }
      },
      assetUrl(rel) {
        return rel.startsWith('static/') ? rel.slice('static'.length) : undefined
      },
    }
  },
}

/** gatsbyjs.com "Adding a 404 Page": the page at /404/ is built as 404.html, the page hosts serve for missing URLs. */
const NOT_FOUND_PAGE: Unpublished = {
  skip: 'not-found-page',
  detail: "Gatsby's not-found page (/404/, built as 404.html), which hosts serve for missing URLs; a build stage writes its theme's own 404 page, so its text is not imported",
}

/** The folder gatsby-plugin-page-creator makes pages of, in every Gatsby site. */
const PAGES_DIR = 'src/pages/'

/** gatsby-page-utils' validatePath: a src/pages file whose name starts with `_`, `.` or `template-` is no page. */
function pageName(base: string): boolean {
  return !base.startsWith('_') && !base.startsWith('.') && !base.startsWith('template-')
}

const NOT_A_PAGE: Unpublished = {
  skip: 'partial',
  detail: 'a src/pages file whose name starts with _, . or template- is not made a page by gatsby-plugin-page-creator (gatsby-page-utils validatePath)',
}

const NOT_RENDERED: Unpublished = {
  skip: 'not-rendered',
  detail: 'gatsby-plugin-mdx 4 and later compile only the extensions it is given, and no gatsby-transformer-remark reads this Markdown file: Gatsby makes no page of it',
}

/** Whether every Markdown file of the folder is `content/blog/<slug>/index.md` (and there is at least one). */
function starterLayout(discovery: Discovery): boolean {
  const markdown = discovery.files.filter((f) => MARKDOWN_EXTENSIONS.has(splitPath(f.rel).ext))
  return markdown.length > 0 && markdown.every((f) => STARTER_POST.test(f.rel))
}

/** The folders `gatsby-source-filesystem` is given (`path: \`${__dirname}/content/blog\``), relative to the site. */
function sourceFolders(text: string): string[] {
  const out: string[] = []
  for (const q of ['`', "'", '"']) {
    for (const obj of objectsAfter(text, `${q}gatsby-source-filesystem${q}`)) {
      const options = entries(objectsOf(`{${obj}}`, 'options')[0] ?? obj)
      const raw = options.get('path')?.trim()
      const path = raw === undefined ? undefined : trimTrailing(raw.replace(/^[`'"]|[`'"]$/g, '').replace(/^\$\{__dirname\}\/?|^\.\//, ''), '/')
      if (path && !/[`'"$]/.test(path) && !path.startsWith('/')) out.push(path)
    }
  }
  return [...new Set(out)]
}

/** The options gatsby-theme-blog (and its core) publish posts by, with the theme's defaults. */
interface BlogTheme {
  contentPath: string
  basePath: string
}

/**
 * gatsby-theme-blog's options when the configuration uses it (`'gatsby-theme-blog'`, or `{ resolve:
 * 'gatsby-theme-blog', options: { contentPath, basePath } }`; its README and its core's `utils/default-options.js`):
 * posts are read from `contentPath` (default `content/posts`) and published under `basePath` (default `/`).
 */
export function blogTheme(text: string): BlogTheme | undefined {
  const options = pluginOptions(text, ['gatsby-theme-blog', 'gatsby-theme-blog-core'])
  if (!options) return undefined
  const contentPath = trimTrailing((stringLiteral(options.get('contentPath')) ?? 'content/posts').replace(/^\.?\//, ''), '/')
  const basePath = trimTrailing(stringLiteral(options.get('basePath')) ?? '/', '/')
  if (contentPath === '' || contentPath.split('/').includes('..')) return undefined
  return { contentPath, basePath: basePath.replace(/^(?=[^/])/, '/') }
}

/**
 * The options of the first of `names` the configuration names as a plugin (`'name'`, or `{ resolve: 'name',
 * options: {…} }`), empty when it has none; undefined when it names none of them.
 */
function pluginOptions(text: string, names: string[]): Map<string, string> | undefined {
  for (const name of names) {
    for (const q of ['`', "'", '"']) {
      const marker = `${q}${name}${q}`
      const at = text.indexOf(marker)
      if (at === -1) continue
      // Only the options object that follows this plugin's own `resolve` (`, options: {`), never the next plugin's.
      const after = /^\s*,\s*options\s*:\s*\{/.exec(text.slice(at + marker.length, at + marker.length + 200))
      return after ? entries(objectsAfter(text.slice(at), marker)[0] ?? '') : new Map<string, string>()
    }
  }
  return undefined
}

/**
 * The file extensions gatsby-plugin-mdx (or gatsby-mdx, its earlier name) compiles as MDX when the configuration uses
 * it: its `extensions` option, `.mdx` by default (its README, "Extensions"); undefined without it. Before version 4
 * its `mediaTypes` (default `text/markdown`) made Markdown files MDX too; 4 dropped the option and stopped doing so
 * (gatsbyjs/gatsby#35650), so without gatsby-transformer-remark nothing renders them (`markdown: false`). The
 * version is the major of package.json's range; without one, Markdown stays plain Markdown, as the remark
 * transformer reads it.
 */
export function mdxPlugin(text: string, packageJson: string | null): { extensions: Set<string>; markdown: boolean } | undefined {
  const options = pluginOptions(text, ['gatsby-plugin-mdx', 'gatsby-mdx'])
  if (!options) return undefined
  const listed = stringArray(options.get('extensions'))?.map((e) => e.toLowerCase())
  const extensions = new Set(listed && listed.length > 0 ? listed : ['.mdx'])
  if (/[`'"]gatsby-transformer-remark[`'"]/.test(text)) return { extensions, markdown: true }
  const major = pluginMajor(packageJson)
  if (major !== undefined && major >= 4) return { extensions, markdown: false }
  const mediaTypes = stringArray(options.get('mediaTypes')) ?? ['text/markdown', 'text/x-markdown']
  if (major !== undefined && mediaTypes.includes('text/markdown')) for (const e of ['.md', '.markdown']) extensions.add(e)
  return { extensions, markdown: true }
}

/** The major version of gatsby-plugin-mdx package.json asks for (`^3.20.0` → 3; gatsby-mdx is before 1), if any. */
function pluginMajor(packageJson: string | null): number | undefined {
  return dependencyMajor(packageJson, 'gatsby-plugin-mdx') ?? (dependencyRange(packageJson, 'gatsby-mdx') !== undefined ? 0 : undefined)
}

/**
 * A post of gatsby-theme-blog (its core's `onCreateNode`): an absolute front-matter `slug` is the URL, a relative one
 * is under `basePath`, else createFilePath's slug under `basePath`; always with a trailing slash. Every file of the
 * content folder is a post; one without a date stays a page (dates are never invented).
 */
function placeThemePost(source: SourceFile, theme: BlogTheme, author: string | undefined): Placement {
  const { dirs, base } = splitPath(source.file.rel.slice(theme.contentPath.length + 1))
  const own = base === 'index' ? dirs : [...dirs, base]
  const fm = source.fm.data
  const slug = firstString(fm.slug)?.trim()
  const segments = (slug && slug.startsWith('/') ? slug : `${theme.basePath}/${slug ?? own.join('/')}`).split('/').filter((x) => x !== '' && x !== '.' && x !== '..')
  const dated = fm.date !== undefined && fm.date !== null && fm.date !== ''
  return {
    kind: dated ? 'post' : 'page',
    name: segments[segments.length - 1] ?? own[own.length - 1] ?? '',
    url: segments.length === 0 ? '/' : '/' + segments.map(encodeURIComponent).join('/') + '/',
    ...(base === 'index' ? { isIndex: true } : {}),
    ...(author && firstString(fm.author) === undefined ? { defaults: { author } } : {}),
  }
}

const NODE_FILES = ['gatsby-node.js', 'gatsby-node.ts', 'gatsby-node.mjs', 'gatsby-node.cjs']

/**
 * How gatsby-node.js names each Markdown page (gatsbyjs.com "Creating Slugs for Pages", "Programmatically create
 * pages from data"), read as text: createPage's `path` is createFilePath's slug (`node.fields.slug`), perhaps after a
 * prefix (`` `/blog${node.fields.slug}` ``), or a front-matter field (`node.frontmatter.slug`, `.path`), also when the
 * `slug` field createNodeField makes is that front-matter value. Anything else keeps createFilePath's slug.
 */
export function pageNaming(text: string): { prefix: string; field?: string } {
  const create = /createPage\s*\(\s*\{/.exec(text)
  const path = create ? /\bpath\s*:\s*(`[^`\n]*`|[^,\n}]+)/.exec(text.slice(create.index, create.index + 1500))?.[1].trim() : undefined
  if (!path) return { prefix: '' }
  const m = /^`([^`$]*)\$\{\s*([\w$.]+)\s*\}\/?`$/.exec(path) ?? /^()([\w$.]+)$/.exec(path)
  if (!m || !/^\/?[\w/-]*$/.test(m[1])) return { prefix: '' }
  const prefix = m[1].replace(/\/+$/, '')
  const fm = /\.frontmatter\.(\w+)$/.exec(m[2])
  if (fm) return { prefix, field: fm[1] }
  if (!/\.fields\.slug$/.test(m[2])) return { prefix: '' }
  // createNodeField({ name: 'slug', value: node.frontmatter.slug || createFilePath(…) }): the front matter first.
  // The first call's object, to its first `}`: found by position, as /createNodeField\s*\(\s*\{([^}]*)\}/ found it,
  // which read to the end from every call when none is closed (512 KB of them: 15 s).
  const call = /createNodeField\s*\(\s*\{/.exec(text)
  const close = call === null ? -1 : text.indexOf('}', call.index + call[0].length)
  const node = call === null || close === -1 ? '' : text.slice(call.index + call[0].length, close)
  const value = /\bname\s*:\s*['"`]slug['"`]/.test(node) ? /\bvalue\s*:\s*[\w$.]*?\.frontmatter\.(\w+)/.exec(node)?.[1] : undefined
  return { prefix, ...(value ? { field: value } : {}) }
}
