import { dateFromName } from '../dates.js'
import type { DiscoveredFile } from '../discover.js'
import { readAuthorRegistry, readTaxonomyRegistry } from './_config.js'
import type { Convention, Placement, Preset, PresetContext } from './types.js'
import { emptyConfig, MARKDOWN_EXTENSIONS, splitPath } from './types.js'

/**
 * Docusaurus blog: posts are `blog/YYYY-MM-DD-slug/index.md` or `blog/YYYY-MM-DD-slug.md` (dates may be missing
 * when front matter has one), `blog/authors.yml` keys are the authors, `blog/tags.yml` the tags, and
 * `<!-- truncate -->` ends the excerpt. `docs/**` and `src/pages/**` Markdown become pages.
 * `docusaurus.config.js` is code and is never read; pass site settings with `--config`.
 */
export const docusaurusPreset: Preset = {
  name: 'docusaurus',
  detect(discovery) {
    const has = (p: string) => discovery.paths.has(p)
    const found = ['docusaurus.config.js', 'docusaurus.config.ts', 'blog/authors.yml', 'blog/tags.yml'].find(has)
    if (found) return { strength: 60, reason: `found ${found}` }
    if (discovery.files.some((f) => /^blog\/\d{4}-\d{1,2}-\d{1,2}-/.test(f.rel))) return { strength: 20, reason: 'found dated entries under blog/' }
    return null
  },
  async configure(ctx: PresetContext): Promise<Convention> {
    const config = emptyConfig()
    const blog = ctx.discovery.files.some((f) => f.rel.startsWith('blog/')) ? 'blog' : ''
    const prefix = blog === '' ? '' : blog + '/'
    for (const [base, into, read] of [
      ['authors', config.authors, readAuthorRegistry],
      ['tags', config.tags, readTaxonomyRegistry],
    ] as const) {
      const file = ['.yml', '.yaml', '.json'].map((e) => prefix + base + e).find((f) => ctx.discovery.paths.has(f))
      if (!file) continue
      const data = await ctx.readData(file)
      config.configFiles.add(file)
      if (data) for (const [k, v] of read(data)) (into as Map<string, unknown>).set(k, v)
    }
    config.excerptMarkers = ['<!-- truncate -->', '<!--truncate-->', '{/* truncate */}']
    config.permalinks = { posts: '/blog/:year/:month/:day/:slug/' }
    config.staticDirs = ['static']
    return {
      config,
      templates: ['mdx', 'docusaurus'],
      isDocument: (file) => placeDocusaurus(file, blog) !== null,
      place: (source) => placeDocusaurus(source.file, blog) as Placement,
      assetUrl: () => undefined,
    }
  },
}

/** Blog posts (dated by file or folder name when front matter has no date), docs and `src/pages` pages. */
function placeDocusaurus(file: DiscoveredFile, blog: string): Placement | null {
    const { dirs, base, ext } = splitPath(file.rel)
    if (!MARKDOWN_EXTENSIONS.has(ext) || base.startsWith('_')) return null
    if (blog === '' ? !dirs.includes('docs') && !(dirs[0] === 'src' && dirs[1] === 'pages') : dirs[0] === blog) {
      const below = blog === '' ? dirs : dirs.slice(1)
      const name = base === 'index' && below.length > 0 ? below[below.length - 1] : base
      const dated = dateFromName(name) ?? (below.length > 0 ? dateFromName(below.join('-')) : null)
      return { kind: 'post', name: dated ? dated.rest || name : name, ...(dated ? { nameDate: dated.date } : {}) }
    }
    const pagesRoot = dirs[0] === 'docs' ? 1 : dirs[0] === 'src' && dirs[1] === 'pages' ? 2 : -1
    if (pagesRoot === -1) return null
    const below = dirs.slice(pagesRoot)
    if (base === 'index') return { kind: 'page', name: below[below.length - 1] ?? '', pathDirs: below.slice(0, -1), isIndex: true }
    return { kind: 'page', name: base, pathDirs: dirs[0] === 'docs' ? ['docs', ...below] : below }
}
