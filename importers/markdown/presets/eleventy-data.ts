import { cleanTags, dataSource, mergedSources } from './eleventy-cascade.js'
import type { CascadeRules, DataSource, MergeBound } from './eleventy-cascade.js'
import { DATE_KEYS, EXCERPT_KEYS, EXPIRY_KEYS, IMAGE_KEYS, REDIRECT_KEYS, UPDATED_KEYS } from '../fields.js'
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

/**
 * A page's data as Eleventy merges it, less the site's global data no other level writes (`fields`: global data of
 * `TEMPLATE_KEYS` is in it), and that global data (`site`), for what looks names up in the whole cascade
 * (`withSiteData`).
 */
export interface PageData {
  fields: Record<string, unknown>
  site: Record<string, unknown>
}

/**
 * Keys a page's data is read by here or by the mapping (document.ts: title, dates, excerpt, image, terms, author):
 * merged whatever their size. Any other key whose value is past the data limits where two levels meet is dropped
 * there (`MergeBound`), as the payload could never hold it.
 */
const READ_KEYS: ReadonlySet<string> = new Set([
  ...TEMPLATE_KEYS, 'title', 'slug', 'draft', 'published', 'unlisted', 'author', 'authors', 'categories', 'category',
  ...DATE_KEYS, ...UPDATED_KEYS, ...EXPIRY_KEYS, ...EXCERPT_KEYS, ...IMAGE_KEYS, ...REDIRECT_KEYS,
])

/**
 * One site's data cascade below computed data (src/Template.js getData): global data, the layout chain's front matter,
 * the directory data files from the input folder down and the template's data files (src/Data/TemplateData.js
 * getLocalDataPaths, combineLocalData), then the template's front matter, merged by `rules`. Every source is read once
 * (`dataSource`); a folder's directory data is merged once for all its pages, and so is what lies below front matter
 * (global data, a layout chain, a folder's data files) for all the pages of one layout chain in one folder: a page's
 * merge copies only where its own front matter meets that, and never a value past the data limits under a key the
 * preset does not read (`READ_KEYS`): that key is dropped and said once (`onDrop`).
 */
export class SiteCascade {
  private readonly folders = new Map<string, Record<string, unknown>>()
  /** What lies below front matter, by layout file and folder. */
  private readonly belows = new Map<string, Below>()
  private readonly dropped = new Set<string>()
  /** Global data: every key, and the keys split into those of `TEMPLATE_KEYS` (`template`) and the site's (`site`). */
  private readonly global: DataSource
  private readonly template: Record<string, unknown>
  private readonly site: Record<string, unknown>

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
    /** Told once for each key dropped as too big to merge (`READ_KEYS`), with the file of the first page it was dropped for. */
    private readonly onDrop: (file: string, key: string) => void = () => {},
  ) {
    this.global = dataSource(global, rules.deep, onUnsafe)
    this.template = Object.create(null) as Record<string, unknown>
    this.site = Object.create(null) as Record<string, unknown>
    for (const [key, value] of Object.entries(this.global.values)) (TEMPLATE_KEYS.has(key) ? this.template : this.site)[key] = value
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
      merged = mergedSources(sources, this.rules.deep, this.bound(dirs.join('/')))
      this.folders.set(key, merged)
    }
    return merged
  }

  /** The data files' data of template `base` (its name without extension) in folder `dirs`, from the site's root. */
  local(dirs: readonly string[], base: string, file = ''): Record<string, unknown> {
    const folder = this.folder(dirs)
    const own = this.templates.get([...dirs, base].join('/'))
    return own === undefined ? folder : mergedSources([{ values: folder }, ...own], this.rules.deep, this.bound(file))
  }

  /**
   * The data of template `base` in folder `dirs` whose front matter is `fm`, for file `file` (`report` told the keys
   * of `fm` it drops and a `tags` that is neither a string nor a list).
   */
  page(dirs: readonly string[], base: string, fm: Record<string, unknown>, file = '', report: PageReport = {}): PageData {
    const below = this.below(dirs, base, fm.layout, file)
    const page = dataSource(cleanTags(fm, this.rules.splitTags, report.invalidTags), this.rules.deep, report.unsafe)
    // The site's global data the front matter alone writes, under it: nothing else lies between them.
    const site = this.siteData(Object.keys(page.values).filter((k) => !Object.hasOwn(below.values, k)))
    const fields = mergedSources([{ values: below.values }, site, page], this.rules.deep, this.bound(file))
    return { fields, site: this.site }
  }

  /**
   * Global data as the lowest level of a page's cascade: the keys of `TEMPLATE_KEYS` (every page's), and of the
   * site's global data those in `keys` (written by a level above it). Each page merging all of global data took 13.3 s
   * for 2,000 pages and 8,000 global data files (1.1 s without them).
   */
  private siteData(keys: Iterable<string>, base: Record<string, unknown> = {}): DataSource {
    let values: Record<string, unknown> | undefined
    for (const key of keys) {
      if (TEMPLATE_KEYS.has(key) || !Object.hasOwn(this.site, key)) continue
      values ??= Object.assign(Object.create(null) as Record<string, unknown>, base)
      values[key] = this.site[key]
    }
    return values === undefined ? { values: base, replacing: this.global.replacing } : { values, replacing: this.global.replacing }
  }

  /** Global data, the layout chain's front matter and the data files of a page, merged once for each layout and folder. */
  private below(dirs: readonly string[], base: string, fmLayout: unknown, file: string): Below {
    const hasOwn = this.templates.has([...dirs, base].join('/'))
    const local = this.local(dirs, base, file)
    // The layout is the first of front matter's, the data files' and global data's that is set (truthy).
    const name = [fmLayout, local.layout, this.template.layout].find((v) => Boolean(v))
    const layoutFile = typeof name === 'string' && this.layouts !== undefined ? this.layouts.file(name) : undefined
    // A template with data files of its own is one page: what lies below it is not kept.
    const key = hasOwn ? undefined : `${layoutFile ?? ''}\n${dirs.join('/')}`
    const cached = key === undefined ? undefined : this.belows.get(key)
    if (cached !== undefined) return cached
    const layout: DataSource = layoutFile === undefined || this.layouts === undefined ? { values: {} } : this.layouts.chainOf(layoutFile)
    const global = this.siteData([...Object.keys(layout.values), ...Object.keys(local)], this.template)
    const sources = this.rules.layoutBelowData
      ? [global, layout, { values: local }]
      : // Eleventy 0.x: the data files over global data one level deep (getLocalData), then the layout, front matter.
        [{ values: mergedSources([global, { values: local }], false) }, layout]
    const below = { values: mergedSources(sources, this.rules.deep, this.bound(file)) }
    if (key !== undefined) this.belows.set(key, below)
    return below
  }

  /** The bound of a merge for file `file`: a key dropped is said once for the site. */
  private bound(file: string): MergeBound {
    return {
      reads: (key) => READ_KEYS.has(key),
      onDrop: (key) => {
        if (this.dropped.has(key)) return
        this.dropped.add(key)
        this.onDrop(file, key)
      },
    }
  }
}

/** What `SiteCascade.page` says about a page's front matter. */
export interface PageReport {
  unsafe?: (path: string) => void
  invalidTags?: (tags: unknown) => void
}

/** What lies below a page's front matter in its cascade, merged. */
interface Below {
  values: Record<string, unknown>
}

/**
 * `fields` with the site's global data (`site`) that template `text` (a permalink) names and no other level writes:
 * the whole cascade as far as `text` can read it, without copying all of global data for each page. `fields` itself
 * when `text` names none.
 * @example
 * withSiteData('/{{ section.name }}/{{ page.fileSlug }}/', { title: 'A' }, { section: { name: 'blog' } }) // { title: 'A', section: { name: 'blog' } }
 */
export function withSiteData(text: string, fields: Record<string, unknown>, site: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | undefined
  for (const [name] of text.matchAll(/[A-Za-z_$][\w$]*/g)) {
    if (!Object.hasOwn(site, name) || Object.hasOwn(fields, name) || TEMPLATE_KEYS.has(name)) continue
    out ??= Object.assign(Object.create(null) as Record<string, unknown>, fields)
    out[name] = site[name]
  }
  return out ?? fields
}
