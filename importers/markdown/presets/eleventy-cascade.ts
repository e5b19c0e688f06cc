import { isPlainObject } from '../front-matter.js'
import { mergedValues } from './_merge.js'

/**
 * How a site's Eleventy merges its data cascade (11ty.dev "Data Cascade", "Data Deep Merge"): deeply since 1.0
 * (`deep`, unless the configuration calls `setDataDeepMerge(false)`), with a layout's front matter below the
 * template and directory data files (`layoutBelowData`, "this moved in 1.0"); Eleventy 0.x merged by
 * `Object.assign` unless `setDataDeepMerge(true)`, its layouts' front matter over the data files.
 */
export interface CascadeRules {
  deep: boolean
  layoutBelowData: boolean
}

/**
 * The rules for a site whose package.json asks for Eleventy `major` (undefined: names none, read as the current
 * major) and whose configuration text is `config`, never run.
 * @example
 * cascadeRules(0, 'eleventyConfig.setDataDeepMerge(true);') // { deep: true, layoutBelowData: false }
 */
export function cascadeRules(major: number | undefined, config: string): CascadeRules {
  const set = /\.setDataDeepMerge\(\s*(true|false|!0|!1)\s*\)/.exec(config)?.[1]
  const modern = major === undefined || major >= 1
  return { deep: set === undefined ? modern : set === 'true' || set === '!0', layoutBelowData: modern }
}

/** The prefix of a key whose value replaces what the data below it set, instead of merging with it. */
const OVERRIDE = 'override:'
/** Keys never set, whatever a prefix hid them behind: they would reach an object's prototype. */
const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])
/** Nesting beyond this is not data anyone writes (front matter stops at 64): deeper values replace, unmerged. */
const MAX_DEPTH = 64

/**
 * `levels` (lowest priority first) merged as Eleventy's Merge (@11ty/eleventy-utils src/Merge.js) does when deep:
 * objects key by key, arrays concatenated, any other later value replacing; an object keeps its place against a
 * later value that is not one; a key written `override:key` replaces what is below it. Shallow: the last value
 * of each key, as `Object.assign`. `levels` are never changed: every object and array of the result is new (array
 * items are shared), and each level's values are visited once, so the time is linear in their size.
 * @example
 * cascaded([{ tags: ['posts'], nav: { parent: 'a' } }, { tags: ['css'], nav: { key: 'b' } }], true)
 * // { tags: ['posts', 'css'], nav: { parent: 'a', key: 'b' } }
 */
export function cascaded(levels: Iterable<Record<string, unknown>>, deep: boolean): Record<string, unknown> {
  if (!deep) return mergedValues(levels)
  const out = Object.create(null) as Record<string, unknown>
  for (const level of levels) mergeInto(out, level, 0)
  return out
}

function mergeInto(target: Record<string, unknown>, source: Record<string, unknown>, depth: number): void {
  for (const key of Object.keys(source)) {
    const name = key.startsWith(OVERRIDE) ? key.slice(OVERRIDE.length) : key
    if (UNSAFE_KEYS.has(name)) continue
    // Eleventy merges the value with the one at the key as written: nothing is ever at `override:x`.
    target[name] = mergedItem(name === key ? target[key] : undefined, source[key], depth + 1)
  }
}

/** One value of the cascade over the one below it; `target` is this merge's own, `source` is only read. */
function mergedItem(target: unknown, source: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return source
  if (Array.isArray(target) && Array.isArray(source)) {
    // A loop, not push(...source): a spread of 300,000 tags overflows the stack.
    for (const item of source) target.push(item)
    return target
  }
  if (isPlainObject(target)) {
    if (isPlainObject(source)) mergeInto(target, source, depth)
    return target
  }
  if (isPlainObject(source)) {
    const copy = Object.create(null) as Record<string, unknown>
    mergeInto(copy, source, depth)
    return copy
  }
  return Array.isArray(source) ? source.slice() : source
}

/**
 * A data source's values with `tags` as Eleventy cleans them before merging (TemplateData.cleanupData): a string is
 * a list of itself (none when empty), null no tags, and a list loses its repeats. Other values unchanged.
 * @example
 * cleanTags({ tags: 'posts' }) // { tags: ['posts'] }
 */
export function cleanTags(data: Record<string, unknown>): Record<string, unknown> {
  if (!('tags' in data)) return data
  const tags = data.tags
  const unique = Array.isArray(tags) ? [...new Set(tags)] : undefined
  if (unique !== undefined && unique.length === (tags as unknown[]).length) return data
  return { ...data, tags: unique ?? (typeof tags === 'string' ? (tags === '' ? [] : [tags]) : tags === null ? [] : tags) }
}

/** Template languages a layout may be written in, in the order an extensionless layout name is looked for. */
const LAYOUT_EXTENSIONS = ['liquid', 'md', 'njk', 'html', 'markdown', 'htm']
/** A layout chain longer than this is a loop or hostile: Eleventy refuses a layout that comes twice in one chain. */
const MAX_CHAIN = 50

/**
 * Layouts' front matter as Eleventy finds it (TemplateLayoutPathResolver): a layout name through the
 * configuration's `addLayoutAlias`, in the layouts folder (`dir.layouts`, else the includes folder), as written or
 * with a template language's extension; each layout's own `layout` names the next of its chain.
 */
export class LayoutData {
  private readonly cache = new Map<string, Record<string, unknown>>()

  constructor(
    private readonly folder: string,
    private readonly aliases: ReadonlyMap<string, string>,
    /** Front matter by file (relative to the site), for the files of the layouts folder that have some. */
    private readonly frontMatter: ReadonlyMap<string, Record<string, unknown>>,
    private readonly paths: ReadonlySet<string>,
    private readonly deep: boolean,
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

  /**
   * The data a page using layout `name` gets from its chain's front matter (TemplateLayout.getData): the outermost
   * layout's first, each inner one's over it, without `layout`. Nothing for a name no file answers.
   */
  of(name: string): Record<string, unknown> {
    const first = this.file(name)
    if (first === undefined) return {}
    const cached = this.cache.get(first)
    if (cached !== undefined) return cached
    const chain: Array<Record<string, unknown>> = []
    const seen = new Set<string>()
    for (let file: string | undefined = first; file !== undefined && !seen.has(file) && seen.size < MAX_CHAIN; ) {
      seen.add(file)
      const data: Record<string, unknown> = this.frontMatter.get(file) ?? {}
      chain.unshift(cleanTags(data))
      const next: string | undefined = typeof data.layout === 'string' && data.layout.trim() !== '' ? data.layout.trim() : undefined
      file = next === undefined ? undefined : this.file(next)
    }
    const out = cascaded(chain, this.deep)
    delete out.layout
    this.cache.set(first, out)
    return out
  }
}
