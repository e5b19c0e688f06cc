import type { DiscoveredFile } from '../discover.js'
import type { Convention, Placement, Preset, PresetContext, PresetOptions } from './types.js'
import { emptyConfig, MARKDOWN_EXTENSIONS, splitPath } from './types.js'

/** Collections that hold posts when the caller does not say. */
export const DEFAULT_POST_COLLECTIONS = ['blog', 'posts', 'post']

/**
 * Astro content collections: `src/content/<collection>/**` entries, posts in the post collections (`blog`,
 * `posts`, `post`) and pages elsewhere (`<collection>/<entry>` paths), plus Markdown pages under `src/pages/`.
 * `pubDate`, `updatedDate` and `heroImage` (relative to the entry) are read; files starting with `_` are skipped,
 * as Astro does. `astro.config.*` is code and is never read; pass site settings with `--config`.
 */
export const astroPreset: Preset = {
  name: 'astro',
  detect(discovery) {
    const found = ['astro.config.mjs', 'astro.config.ts', 'astro.config.js', 'src/content/config.ts', 'src/content.config.ts'].find((f) => discovery.paths.has(f))
    if (found) return { strength: 60, reason: `found ${found}` }
    if (discovery.files.some((f) => f.rel.startsWith('src/content/'))) return { strength: 30, reason: 'found src/content (Astro content collections)' }
    return null
  },
  async configure(ctx: PresetContext): Promise<Convention> {
    const config = emptyConfig()
    config.permalinks = { posts: '/blog/:slug/' }
    config.staticDirs = ['public']
    const options = ctx.options
    return {
      config,
      templates: ['mdx', 'docusaurus'],
      isDocument: (file) => placeAstro(file, options) !== null,
      place: (source) => placeAstro(source.file, options) as Placement,
      assetUrl: () => undefined,
    }
  },
}

/** Entries of the post collections are posts; other collections and `src/pages` are pages. */
function placeAstro(file: DiscoveredFile, options: PresetOptions): Placement | null {
    const { dirs, base, ext } = splitPath(file.rel)
    if (!MARKDOWN_EXTENSIONS.has(ext) || base.startsWith('_') || dirs.some((d) => d.startsWith('_'))) return null
    if (dirs[0] === 'src' && dirs[1] === 'content' && dirs.length >= 3) {
      const collection = dirs[2]
      const below = dirs.slice(3)
      const isIndex = base === 'index' && below.length > 0
      const name = isIndex ? below[below.length - 1] : base
      if ((options.postCollections ?? DEFAULT_POST_COLLECTIONS).includes(collection)) return { kind: 'post', name }
      return { kind: 'page', name, pathDirs: [collection, ...(isIndex ? below.slice(0, -1) : below)] }
    }
    if (dirs[0] === 'src' && dirs[1] === 'pages') {
      const below = dirs.slice(2)
      if (base === 'index') return { kind: 'page', name: below[below.length - 1] ?? '', pathDirs: below.slice(0, -1), isIndex: true }
      return { kind: 'page', name: base, pathDirs: below }
    }
    return null
}
