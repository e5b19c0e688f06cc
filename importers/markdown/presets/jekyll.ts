import { dateFromName } from '../dates.js'
import type { DiscoveredFile } from '../discover.js'
import { isPlainObject } from '../front-matter.js'
import { canonicalLocale, convertPermalink, firstString, readAuthorRegistry } from './_config.js'
import type { Classified, Preset, PresetContext, SiteConfig } from './types.js'
import { emptyConfig, MARKDOWN_EXTENSIONS, splitPath } from './types.js'

/** Folders Jekyll reserves for its own use: never pages. */
const RESERVED = new Set(['_layouts', '_includes', '_data', '_sass', '_site', '_plugins', '_config', '_posts', '_drafts'])

/** Jekyll's named permalink styles. */
const STYLES: Record<string, string> = {
  date: '/:categories/:year/:month/:day/:title:output_ext',
  pretty: '/:categories/:year/:month/:day/:title/',
  ordinal: '/:categories/:year/:y_day/:title:output_ext',
  none: '/:categories/:title:output_ext',
}

/** Collections declared with `output: false`, per loaded configuration (read by classify). */
const hiddenCollections = new WeakMap<SiteConfig, Set<string>>()

/**
 * Jekyll: `_posts/YYYY-MM-DD-slug.ext` (also unpadded `2017-2-5`), `_drafts/` (drafts, dates optional), folders
 * around `_posts` naming categories, `_config.yml` (title, description, url, timezone, permalink,
 * excerpt_separator, collections). Other Markdown files are pages, including those of collections (`_docs/…`),
 * except collections declared with `output: false` and files whose name starts with `_`.
 */
export const jekyllPreset: Preset = {
  name: 'jekyll',
  async loadConfig(ctx: PresetContext): Promise<SiteConfig> {
    const config = emptyConfig()
    const file = ctx.options.configFile ?? ['_config.yml', '_config.yaml', '_config.toml'].find((f) => ctx.discovery.paths.has(f))
    const hidden = new Set<string>()
    hiddenCollections.set(config, hidden)
    const authorsFile = ['_data/authors.yml', '_data/authors.yaml', '_data/authors.json'].find((f) => ctx.discovery.paths.has(f))
    if (authorsFile) {
      const data = await ctx.readData(authorsFile)
      if (data) for (const [k, v] of readAuthorRegistry(data)) config.authors.set(k, v)
    }
    if (!file) return config
    const data = await ctx.readData(file)
    if (!isPlainObject(data)) return config
    config.file = file
    const title = firstString(data.title, data.name)
    const description = firstString(data.description)
    const url = firstString(data.url)
    const timezone = firstString(data.timezone)
    const localeTag = firstString(data.lang, data.locale)
    const locale = localeTag ? canonicalLocale(localeTag) : undefined
    config.site = {
      ...(title ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(url ? { url: url.replace(/\/+$/, '') } : {}),
      ...(timezone ? { timezone } : {}),
      ...(locale ? { locale } : {}),
      ...(typeof data.paginate === 'number' ? { posts_per_page: data.paginate } : {}),
    }
    if (typeof data.excerpt_separator === 'string') config.excerptMarkers = [data.excerpt_separator]
    const collections = isPlainObject(data.collections) ? data.collections : {}
    for (const [name, c] of Object.entries(collections)) if (isPlainObject(c) && c.output === false) hidden.add(name)
    const postsCollection = isPlainObject(collections.posts) ? collections.posts : {}
    const permalink = firstString(postsCollection.permalink, data.permalink)
    if (permalink) {
      const expanded = STYLES[permalink] ?? permalink
      // Categories in a URL cannot be expressed with the contract's tokens; the dated remainder can.
      const converted = convertPermalink(expanded.replace(/\/:categories(?=\/)/, ''))
      if ('error' in converted) {
        ctx.diagnostics.warn(file, 0, 'unsupported_feature', `The permalink "${permalink}" cannot be expressed in Preview Data (${converted.error}); posts use the default /posts/:slug/. Set permalinks.posts in a --config file.`)
      } else {
        if (expanded.includes(':categories')) ctx.diagnostics.warn(file, 0, 'unsupported_feature', `The permalink "${permalink}" puts categories in post URLs; Preview Data cannot, so they were left out (${converted.pattern}).`)
        config.permalinks = { posts: converted.pattern, ...(converted.htmlExtension ? { output_style: 'html-extension' } : {}) }
      }
    }
    return config
  },
  classify(file: DiscoveredFile, config: SiteConfig): Classified | null {
    const { dirs, base, ext } = splitPath(file.rel)
    const documentType = ext === '.text' || ext === '.txt' ? 'plaintext' : ext === '.html' ? 'html' : 'markdown'
    if (!MARKDOWN_EXTENSIONS.has(ext) && documentType === 'markdown') return null
    if (base.startsWith('_')) return null
    const postsAt = dirs.indexOf('_posts')
    const draftsAt = dirs.indexOf('_drafts')
    if (postsAt !== -1 || draftsAt !== -1) {
      const at = postsAt !== -1 ? postsAt : draftsAt
      const dated = dateFromName(base)
      // Jekyll only reads posts whose name carries a date; in `_drafts` the date is optional.
      if (postsAt !== -1 && !dated) return null
      const categories = [...dirs.slice(0, at), ...dirs.slice(at + 1)].filter((d) => !d.startsWith('_'))
      return {
        kind: 'post',
        name: dated ? dated.rest || base : base,
        ...(dated ? { nameDate: dated.date } : {}),
        ...(categories.length > 0 ? { folderCategories: categories } : {}),
        ...(draftsAt !== -1 ? { draft: true } : {}),
        documentType,
      }
    }
    if (documentType !== 'markdown') return null
    if (dirs.some((d) => RESERVED.has(d))) return null
    if (dirs.some((d, i) => d.startsWith('_') && (i > 0 || hiddenCollections.get(config)?.has(d.slice(1))))) return null
    // A collection folder `_docs` publishes under `docs/`.
    const pathDirs = dirs.map((d) => (d.startsWith('_') ? d.slice(1) : d))
    if (base === 'index') return { kind: 'page', name: pathDirs[pathDirs.length - 1] ?? '', pathDirs: pathDirs.slice(0, -1), isIndex: true }
    if (dirs.length === 0 && /^(readme|license|changelog|contributing|code_of_conduct)$/i.test(base)) return null
    return { kind: 'page', name: base, pathDirs }
  },
}
