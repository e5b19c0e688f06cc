import { cleanTags, dataSource, mergedSources } from './eleventy-cascade.js'
import type { CascadeRules, DataSource } from './eleventy-cascade.js'

/** Template languages a layout may be written in, in the order an extensionless layout name is looked for. */
const LAYOUT_EXTENSIONS = ['liquid', 'md', 'njk', 'html', 'markdown', 'htm']
/** A chain longer than this is a loop or hostile: Eleventy refuses a layout that comes twice in one chain. */
const MAX_CHAIN = 50

/**
 * Layouts' front matter as part of a page's data (11ty.dev "Layouts", "Layout Chaining"; src/TemplateLayout.js getData,
 * src/TemplateLayoutPathResolver.js): a layout name goes through the configuration's `addLayoutAlias`, then is a file
 * of the layouts folder (`dir.layouts`, else the includes folder) as written or with a template language's extension;
 * each layout's own `layout` names the next of its chain. The chain's front matter merges outermost first, without
 * `layout`; each chain is merged once, whatever the number of pages using it.
 */
export class LayoutData {
  private readonly cache = new Map<string, DataSource>()
  /** Each layout file's front matter as a source, read once whatever the number of chains it is in. */
  private readonly sources = new Map<string, DataSource>()

  constructor(
    private readonly folder: string,
    private readonly aliases: ReadonlyMap<string, string>,
    /** Front matter by file (relative to the site), for the files of the layouts folder that have some. */
    private readonly frontMatter: ReadonlyMap<string, Record<string, unknown>>,
    private readonly paths: ReadonlySet<string>,
    private readonly rules: CascadeRules,
    /** Told the file and dotted path of each key of a layout's front matter dropped as one that could reach a prototype. */
    private readonly onUnsafe: (rel: string, path: string) => void = () => {},
  ) {}

  /** The files of the layouts folder Eleventy may take a layout from, to read their front matter. */
  static candidates(folder: string, paths: Iterable<string>): string[] {
    const prefix = folder === '' ? '' : folder + '/'
    return [...paths].filter((p) => p.startsWith(prefix) && LAYOUT_EXTENSIONS.some((e) => p.endsWith('.' + e)))
  }

  /** The file a layout name stands for, if the folder has it. */
  file(name: string): string | undefined {
    const base = (this.folder === '' ? '' : this.folder + '/') + (this.aliases.get(name) ?? name).replace(/^\.?\/+/, '')
    if (this.paths.has(base)) return base
    return LAYOUT_EXTENSIONS.map((e) => `${base}.${e}`).find((p) => this.paths.has(p))
  }

  /** The data a page using layout `name` gets from its chain's front matter; nothing for a name no file answers. */
  of(name: string): DataSource {
    const first = this.file(name)
    return first === undefined ? { values: {} } : this.chainOf(first)
  }

  /** The data a page gets from the chain whose first layout is file `first` (one `file` answered). */
  chainOf(first: string): DataSource {
    const cached = this.cache.get(first)
    if (cached !== undefined) return cached
    const chain: DataSource[] = []
    const seen = new Set<string>()
    for (let file: string | undefined = first; file !== undefined && !seen.has(file) && seen.size < MAX_CHAIN; ) {
      seen.add(file)
      const data = this.frontMatter.get(file) ?? {}
      chain.unshift(this.source(file, data))
      const next: unknown = data.layout
      file = typeof next === 'string' && next.trim() !== '' ? this.file(next.trim()) : undefined
    }
    const merged = Object.assign(Object.create(null) as Record<string, unknown>, mergedSources(chain, this.rules.deep))
    delete merged.layout
    const out = { values: merged }
    this.cache.set(first, out)
    return out
  }

  private source(file: string, data: Record<string, unknown>): DataSource {
    let source = this.sources.get(file)
    if (source === undefined) {
      source = dataSource(cleanTags(data, this.rules.splitTags), this.rules.deep, (path) => this.onUnsafe(file, path))
      this.sources.set(file, source)
    }
    return source
  }
}
