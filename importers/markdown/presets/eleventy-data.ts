import { cleanTags, dataSource, mergedSources } from './eleventy-cascade.js'
import type { CascadeRules, DataSource } from './eleventy-cascade.js'
import type { LayoutData } from './eleventy-layouts.js'

/**
 * Keys Eleventy reads to configure a template wherever the data cascade sets them (11ty.dev "Configure your
 * Templates", and the eleventy-navigation plugin's entry): a global data file of one of these names applies to every
 * page as the page's own data does. Other global data is the site's (`metadata`, `navigation`), not a page's.
 */
const TEMPLATE_KEYS: ReadonlySet<string> = new Set([
  'permalink', 'layout', 'pagination', 'tags', 'date', 'templateEngineOverride', 'eleventyExcludeFromCollections',
  'eleventyComputed', 'eleventyImport', 'eleventyDataSchema', 'dynamicPermalink', 'permalinkBypassOutputDir', 'eleventyNavigation',
])

/** A page's data as Eleventy merges it (`fields`), and what of it is the page's own, less the site's global data (`own`). */
export interface PageData {
  fields: Record<string, unknown>
  own: Record<string, unknown>
}

/**
 * One site's data cascade below computed data (src/Template.js getData): global data, the layout chain's front matter,
 * the directory data files from the input folder down and the template's data files (src/Data/TemplateData.js
 * getLocalDataPaths, combineLocalData), then the template's front matter, merged by `rules`. Every source is read once
 * (`dataSource`); a folder's directory data is merged once for all its pages, and a page's merge copies only where two
 * sources meet (`mergedSources`), so 2,000 pages under a 1 MB directory data file share it.
 */
export class SiteCascade {
  private readonly folders = new Map<string, Record<string, unknown>>()
  private readonly global: DataSource

  constructor(
    private readonly rules: CascadeRules,
    global: Record<string, unknown>,
    private readonly layouts: LayoutData | undefined,
    /** Each folder's (from the site's root) directory data files, in the order Eleventy merges them. */
    private readonly directories: ReadonlyMap<string, readonly DataSource[]>,
    /** Each template's (its path without extension) data files, in the order Eleventy merges them. */
    private readonly templates: ReadonlyMap<string, readonly DataSource[]>,
    /** Told the dotted path of each key of global data dropped as one that could reach a prototype. */
    onUnsafe: (path: string) => void = () => {},
  ) {
    this.global = dataSource(global, rules.deep, onUnsafe)
  }

  /** The directory data of folder `dirs` (from the site's root, the input folder's included), merged once. */
  folder(dirs: readonly string[]): Record<string, unknown> {
    const key = dirs.join('/')
    let merged = this.folders.get(key)
    if (merged === undefined) {
      const sources: DataSource[] = []
      // Each folder's path from its parent's: joining the path again for each level took time in the square of the depth.
      let dir = ''
      for (const [i, name] of dirs.entries()) {
        dir = i === 0 ? name : `${dir}/${name}`
        for (const s of this.directories.get(dir) ?? []) sources.push(s)
      }
      merged = mergedSources(sources, this.rules.deep)
      this.folders.set(key, merged)
    }
    return merged
  }

  /** The data files' data of template `base` (its name without extension) in folder `dirs`, from the site's root. */
  local(dirs: readonly string[], base: string): Record<string, unknown> {
    const folder = this.folder(dirs)
    const own = this.templates.get([...dirs, base].join('/'))
    return own === undefined ? folder : mergedSources([{ values: folder }, ...own], this.rules.deep)
  }

  /** The data of template `base` in folder `dirs` whose front matter is `fm` (`onUnsafe` told the keys it drops). */
  page(dirs: readonly string[], base: string, fm: Record<string, unknown>, onUnsafe?: (path: string) => void): PageData {
    const local = this.local(dirs, base)
    const global = this.global.values
    // The layout is the first of front matter's, the data files' and global data's that is set (truthy).
    const name = [fm.layout, local.layout, global.layout].find((v) => Boolean(v))
    const layout = typeof name === 'string' && this.layouts !== undefined ? this.layouts.of(name) : { values: {} }
    const page = dataSource(cleanTags(fm, this.rules.splitTags), this.rules.deep, onUnsafe)
    const sources = this.rules.layoutBelowData
      ? [this.global, layout, { values: local }, page]
      : // Eleventy 0.x: the data files over global data one level deep (getLocalData), then the layout, front matter.
        [{ values: mergedSources([this.global, { values: local }], false) }, layout, page]
    const fields = mergedSources(sources, this.rules.deep)
    return { fields, own: withoutSiteData(fields, global, [layout.values, local, page.values]) }
  }
}

/**
 * `fields` less the keys only global data sets, unless Eleventy reads them as a template's (`TEMPLATE_KEYS`): the
 * site's data is the site's, not each page's. `fields` itself when nothing is left out.
 */
function withoutSiteData(fields: Record<string, unknown>, global: Record<string, unknown>, page: ReadonlyArray<Record<string, unknown>>): Record<string, unknown> {
  const site = Object.keys(global).filter((k) => !TEMPLATE_KEYS.has(k) && !page.some((values) => Object.hasOwn(values, k)))
  if (site.length === 0) return fields
  const out = Object.assign(Object.create(null) as Record<string, unknown>, fields)
  for (const k of site) delete out[k]
  return out
}
