import { dateFromName } from '../dates.js'
import type { DiscoveredFile } from '../discover.js'
import { applyNativeSiteFile, readAuthorRegistry, readTaxonomyRegistry } from './_config.js'
import type { Convention, Placement, Preset, PresetContext, PresetOptions } from './types.js'
import { emptyConfig, MARKDOWN_EXTENSIONS, splitPath } from './types.js'
import { trimBoth } from '../../../src/trim.js'

const SITE_FILES = ['site.yml', 'site.yaml', 'site.toml', 'site.json']

/**
 * Our own layout: `site.yml` (or `.yaml`, `.toml`, `.json`), optional `authors.*`, `categories.*` and `tags.*`
 * registries, posts under `posts/` and pages under `pages/` (folders become the page path; `index.md` stands for
 * its folder). Folders under `posts/` name categories; a post's own folder (`posts/hello/index.md`) names the post.
 * A folder with neither `posts/` nor `pages/` is read as a plain folder of posts.
 */
export const nativePreset: Preset = {
  name: 'native',
  detect(discovery) {
    const siteFile = SITE_FILES.find((f) => discovery.paths.has(f))
    if (siteFile) return { strength: 100, reason: `found ${siteFile}` }
    // posts/ and pages/ alone are ours only when they hold all the Markdown: a folder with Markdown elsewhere too is
    // a plain folder, whose every file keeps its path.
    const md = discovery.files.filter((f) => MARKDOWN_EXTENSIONS.has(splitPath(f.rel).ext) && !/^(?:readme|license|changelog|contributing)\.[^/]+$/i.test(f.rel))
    const ours = md.length > 0 && md.every((f) => f.rel.startsWith('posts/') || f.rel.startsWith('pages/'))
    return ours ? { strength: 3, reason: 'found posts/ and pages/ holding every Markdown file (the native layout)' } : null
  },
  async configure(ctx: PresetContext): Promise<Convention> {
    const config = emptyConfig()
    const siteFile = ctx.options.configFile ?? SITE_FILES.find((f) => ctx.discovery.paths.has(f))
    if (siteFile) {
      const data = await ctx.readData(siteFile)
      if (data !== undefined && data !== null) {
        config.file = siteFile
        config.configFiles.add(siteFile)
        const dirs = applyNativeSiteFile(data, config, siteFile, ctx.diagnostics)
        ctx.options.postsDir ??= dirs.postsDir
        ctx.options.pagesDir ??= dirs.pagesDir
      }
    }
    for (const [base, apply] of [
      ['authors', (d: unknown) => mergeInto(config.authors, readAuthorRegistry(d))],
      ['categories', (d: unknown) => mergeInto(config.categories, readTaxonomyRegistry(d))],
      ['tags', (d: unknown) => mergeInto(config.tags, readTaxonomyRegistry(d))],
    ] as const) {
      const file = ['.yml', '.yaml', '.json', '.toml'].map((e) => base + e).find((f) => ctx.discovery.paths.has(f))
      if (!file) continue
      const data = await ctx.readData(file)
      config.configFiles.add(file)
      if (base === 'authors') config.authorsFile = file
      if (data !== undefined && data !== null) apply(data)
    }
    const postsDir = trimSlashes(ctx.options.postsDir ?? 'posts')
    const pagesDir = trimSlashes(ctx.options.pagesDir ?? 'pages')
    const has = (dir: string) => ctx.discovery.files.some((f) => f.rel.startsWith(dir + '/'))
    ctx.options.postsDir = postsDir
    ctx.options.pagesDir = pagesDir
    // Neither folder: a plain folder of Markdown files, every one a post.
    if (!has(postsDir) && !has(pagesDir)) ctx.options.postsDir = ''
    const options = ctx.options
    return {
      config,
      templates: ['gfm'],
      isDocument: (file) => placeNative(file, options) !== null,
      place: (source) => placeNative(source.file, options) as Placement,
      assetUrl: () => undefined,
    }
  },
}

/** Posts under the posts folder (every Markdown file when there is none), pages under the pages folder. */
function placeNative(file: DiscoveredFile, options: PresetOptions): Placement | null {
    const { dirs, base, ext } = splitPath(file.rel)
    if (!MARKDOWN_EXTENSIONS.has(ext)) return null
    const postsDir = options.postsDir ?? 'posts'
    const pagesDir = options.pagesDir ?? 'pages'
    const isIndex = base === 'index' || base === '_index'
    if (postsDir === '' || file.rel.startsWith(postsDir + '/')) {
      if (postsDir === '' && dirs.length === 0 && /^(readme|license|changelog|contributing)$/i.test(base)) return null
      const below = postsDir === '' ? dirs : dirs.slice(postsDir.split('/').length)
      const ownDir = isIndex ? below[below.length - 1] : undefined
      const name = ownDir ?? base
      const dated = dateFromName(name)
      const categoryDirs = postsDir === '' ? [] : isIndex ? below.slice(0, -1) : below
      return {
        kind: 'post',
        name: dated ? dated.rest || name : name,
        ...(dated ? { nameDate: dated.date } : {}),
        ...(categoryDirs.length > 0 ? { folderCategories: categoryDirs } : {}),
      }
    }
    if (file.rel.startsWith(pagesDir + '/')) {
      const below = dirs.slice(pagesDir.split('/').length)
      return isIndex
        ? { kind: 'page', name: below[below.length - 1] ?? '', pathDirs: below.slice(0, -1), isIndex: true }
        : { kind: 'page', name: base, pathDirs: below }
    }
    return null
}

function mergeInto<V>(into: Map<string, V>, from: Map<string, V>): void {
  for (const [k, v] of from) into.set(k, v)
}

function trimSlashes(s: string): string {
  return trimBoth(s, '/')
}
