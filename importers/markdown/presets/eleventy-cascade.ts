import { LIMITS } from '../../../src/contract/constants.js'
import { isPlainObject, isUnsafeKey } from '../front-matter.js'
import { mergedValues } from './_merge.js'

/**
 * How a site's Eleventy merges its data cascade (11ty.dev "Data Cascade", "Data Deep Merge"; src/Template.js getData,
 * src/Data/TemplateData.js combineLocalData, cleanupData and mergeDeep):
 * - `deep`: objects merged key by key, arrays concatenated, `override:` keys replacing (Eleventy ≥1, or 0.x with
 *   `setDataDeepMerge(true)`); else `Object.assign`, one level (0.x, or `setDataDeepMerge(false)`);
 * - `layoutBelowData`: a layout's front matter ranks under the directory and template data files (≥1: "this moved in
 *   1.0"); 0.x ranks it over them, and assigns the data files over global data one level deep whatever `deep` says;
 * - `splitTags`: a `tags` string is a list of names split at commas, numbers are names (3.1); before, a string is one
 *   name (`tags: "a,b"` is the collection `a,b`).
 */
export interface CascadeRules {
  deep: boolean
  layoutBelowData: boolean
  splitTags: boolean
}

/**
 * The rules for a site whose package.json gives Eleventy the range `range` (undefined: names none, read as the current
 * 3.1) and whose configuration text is `config`, never run.
 * @example
 * cascadeRules('^0.11.1', 'eleventyConfig.setDataDeepMerge(true);') // { deep: true, layoutBelowData: false, splitTags: false }
 */
export function cascadeRules(range: string | undefined, major: number | undefined, config: string): CascadeRules {
  const set = /\.setDataDeepMerge\(\s*(true|false|!0|!1)\s*\)/.exec(config)?.[1]
  const modern = major === undefined || major >= 1
  return {
    deep: set === undefined ? modern : set === 'true' || set === '!0',
    layoutBelowData: modern,
    splitTags: major === undefined || major > 3 || (major === 3 && !pinnedTo30(range ?? '')),
  }
}

/** Whether a range admits no Eleventy 3 past 3.0 (`3.0.0`, `~3.0.0`, `3.0.x`): the split of tag strings came in 3.1. */
function pinnedTo30(range: string): boolean {
  return /^\s*(?:=\s*|~\s*)?v?3\.0(?:\.(?:\d+|[xX*])(?:-[-0-9A-Za-z.]+)?)?\s*$/.test(range)
}

/**
 * One source of data in the cascade (a data file, a layout chain's front matter, a template's front matter), as read
 * once: `values` with each `override:key` renamed `key`, and, for the objects where a key was so written, which keys
 * replace what the sources below hold instead of merging with it. A merge's result is a source with none.
 */
export interface DataSource {
  readonly values: Record<string, unknown>
  readonly replacing?: ReadonlyMap<object, ReadonlySet<string>>
}

/** The prefix of a key whose value replaces what the data below it holds, instead of merging with it. */
const OVERRIDE = 'override:'
/** Nesting past this is not data anyone writes (front matter stops at 64): deeper values replace, unmerged. */
const MAX_DEPTH = 64

/**
 * A source of `raw` values for sites that merge deeply: `override:` is taken off each key once, here, the objects it
 * was written in copied (the others are shared with `raw`, never changed). A key that is `__proto__`, `constructor`
 * or `prototype` once its prefix is off is dropped and its dotted path passed to `onUnsafe`, as the readers of data
 * drop those written without one. Shallow merges take the key as a name.
 * @example
 * dataSource({ 'override:tags': ['a'] }, true) // { values: { tags: ['a'] }, replacing: Map { values → Set { 'tags' } } }
 */
export function dataSource(raw: Record<string, unknown>, deep: boolean, onUnsafe: (path: string) => void = () => {}): DataSource {
  if (!deep) return { values: raw }
  const replacing = new Map<object, Set<string>>()
  const values = withoutPrefixes(raw, { replacing, onUnsafe }, '', 0) as Record<string, unknown>
  return replacing.size === 0 ? { values } : { values, replacing }
}

interface Unprefixing {
  replacing: Map<object, Set<string>>
  onUnsafe: (path: string) => void
}

function withoutPrefixes(value: unknown, at: Unprefixing, path: string, depth: number): unknown {
  // Lists are taken whole, as Eleventy's merge takes them: keys inside them keep their prefix.
  if (depth > MAX_DEPTH || !isPlainObject(value)) return value
  let copy: Record<string, unknown> | undefined
  const keys = Object.keys(value)
  for (const [i, key] of keys.entries()) {
    const item = value[key]
    const name = key.startsWith(OVERRIDE) ? key.slice(OVERRIDE.length) : key
    const unsafe = isUnsafeKey(name)
    const clean = unsafe ? undefined : withoutPrefixes(item, at, path === '' ? name : `${path}.${name}`, depth + 1)
    if (name === key && !unsafe && clean === item && copy === undefined) continue
    if (copy === undefined) {
      copy = Object.create(null) as Record<string, unknown>
      for (const before of keys.slice(0, i)) copy[before] = value[before]
    }
    if (unsafe) {
      at.onUnsafe(path === '' ? key : `${path}.${key}`)
      continue
    }
    copy[name] = clean
    if (name !== key) {
      const set = at.replacing.get(copy) ?? new Set<string>()
      set.add(name)
      at.replacing.set(copy, set)
    }
  }
  return copy ?? value
}

/**
 * What a merge leaves out instead of copying: where two sources meet in an object of more keys or a list of more
 * items than a document's data may hold (the contract's `LIMITS`), the merged value could never reach the payload
 * (`splitExtras` drops it), so unless the preset reads its top-level key it is dropped there, never copied.
 */
export interface MergeBound {
  /** Whether the preset reads top-level key `key`: its value is merged whatever its size. */
  reads(key: string): boolean
  /** Told each top-level key dropped. */
  onDrop(key: string): void
}

/** The answer of a merge step whose value is left out (`MergeBound`). */
const DROP: unique symbol = Symbol('drop')

/** One merge's state: the objects and lists it made (changed in place), the top-level keys it dropped. */
interface Merge {
  readonly own: Set<object>
  readonly dropped: Set<string>
  readonly bound: MergeBound | undefined
}

/**
 * `sources` (lowest first) merged as Eleventy merges them: deeply, each source over those before it (objects key by
 * key, arrays concatenated, an object kept against a later value that is not one, any other value replaced, a key
 * written with `override:` replaced); else one level deep, the last value of each key. The sources are never
 * changed and their values are shared: only the objects and arrays where two sources meet are copied, once per
 * merge, so the time and the memory are linear in what the sources write where they meet (past the data limits,
 * under a key `bound` says the preset does not read, nothing: the key is dropped), never in what they hold.
 * @example
 * mergedSources([{ values: { tags: ['posts'], nav: { parent: 'a' } } }, { values: { tags: ['css'], nav: { key: 'b' } } }], true)
 * // { tags: ['posts', 'css'], nav: { parent: 'a', key: 'b' } }
 */
export function mergedSources(sources: readonly DataSource[], deep: boolean, bound?: MergeBound): Record<string, unknown> {
  const present = sources.filter((s) => !isEmpty(s.values))
  // One source merged over nothing is its values, whatever keys it replaces.
  if (present.length === 1) return present[0].values
  if (!deep) return mergedValues(present.map((s) => s.values))
  const merge: Merge = { own: new Set<object>(), dropped: new Set<string>(), bound }
  const out = Object.create(null) as Record<string, unknown>
  merge.own.add(out)
  for (const source of present) {
    const replaced = source.replacing?.get(source.values)
    for (const key of Object.keys(source.values)) {
      if (merge.dropped.has(key)) continue
      const value = replaced?.has(key) ? source.values[key] : mergedItem(out[key], source.values[key], source.replacing, merge, 1, key)
      if (value !== DROP) out[key] = value
      else {
        delete out[key]
        merge.dropped.add(key)
        bound?.onDrop(key)
      }
    }
  }
  return out
}

/** `source`'s values merged into `target`, an object of this merge's own; DROP when one of them is left out. */
function mergeInto(target: Record<string, unknown>, source: Record<string, unknown>, replacing: DataSource['replacing'], merge: Merge, depth: number, top: string): typeof DROP | undefined {
  const replaced = replacing?.get(source)
  for (const key of Object.keys(source)) {
    const value = replaced?.has(key) ? source[key] : mergedItem(target[key], source[key], replacing, merge, depth + 1, top)
    if (value === DROP) return DROP
    target[key] = value
  }
  return undefined
}

/** A value over the one below it (@11ty/eleventy-utils src/Merge.js getMergedItem), copying `below` only to change it. */
function mergedItem(below: unknown, value: unknown, replacing: DataSource['replacing'], merge: Merge, depth: number, top: string): unknown {
  if (depth > MAX_DEPTH) return value
  if (isPlainObject(value)) {
    if (!isPlainObject(below)) return value
    if (bounded(merge, top) && (keyCount(below) > LIMITS.dataKeysPerObject || keyCount(value) > LIMITS.dataKeysPerObject)) return DROP
    const target = merge.own.has(below) ? below : ownCopy(below, merge.own)
    return mergeInto(target, value, replacing, merge, depth, top) ?? target
  }
  if (isPlainObject(below)) return below
  if (Array.isArray(value) && Array.isArray(below)) {
    if (bounded(merge, top) && below.length + value.length > LIMITS.dataItemsPerArray) return DROP
    const target = merge.own.has(below) ? below : ownCopy(below, merge.own)
    // A loop, not push(...value): a spread of 300,000 tags overflows the stack.
    for (const item of value) target.push(item)
    return target
  }
  return value
}

/** Whether a value too big for data under top-level key `top` is left out rather than merged. */
function bounded(merge: Merge, top: string): boolean {
  return merge.bound !== undefined && !merge.bound.reads(top)
}

/**
 * How many keys `values` has, counted once for each object: the sources' are never changed, and a merge's own
 * copies past the limit are never made. Listing a big object's keys for each page that meets it took 2.3 s for 2,000
 * pages and an 8,000-key object.
 */
function keyCount(values: Record<string, unknown>): number {
  let count = KEY_COUNTS.get(values)
  if (count === undefined) {
    count = Object.keys(values).length
    // Small objects may be a merge's own, changed after: only big ones (sources, never changed) are kept.
    if (count > LIMITS.dataKeysPerObject) KEY_COUNTS.set(values, count)
  }
  return count
}

const KEY_COUNTS = new WeakMap<object, number>()

function isEmpty(values: Record<string, unknown>): boolean {
  for (const _ in values) return false
  return true
}

function ownCopy<T extends Record<string, unknown> | unknown[]>(value: T, own: Set<object>): T {
  const copy = (Array.isArray(value) ? value.slice() : Object.assign(Object.create(null) as Record<string, unknown>, value)) as T
  own.add(copy)
  return copy
}

/**
 * A data file's or front matter's values with `tags` as Eleventy cleans them before merging (cleanupData): a string
 * is one name (none when empty), or from 3.1 names split at commas, as written (`"a, b"` → `a`, ` b`); null is no
 * tags; a list loses its repeats, and from 3.1 its numbers are names. The values are copied only when `tags` changes.
 * Any other value that is set (`tags: 2024`, `tags: { x: 1 }`) is kept and passed to `onInvalid`: Eleventy 3.1 stops
 * the build on it (TemplateData.getCleanedTagsImmutable: "String or Array expected for `tags`").
 * @example
 * cleanTags({ tags: 'posts' }, false) // { tags: ['posts'] }
 */
export function cleanTags(data: Record<string, unknown>, splitTags: boolean, onInvalid?: (tags: unknown) => void): Record<string, unknown> {
  if (!('tags' in data)) return data
  const tags = data.tags
  let list: unknown[]
  if (typeof tags === 'string') list = tags === '' ? [] : splitTags ? tags.split(',') : [tags]
  else if (tags === null) list = []
  else if (Array.isArray(tags)) list = splitTags ? tags.map((t) => (typeof t === 'number' ? String(t) : t)) : tags
  else {
    if (tags) onInvalid?.(tags)
    return data
  }
  const unique = [...new Set(list)]
  if (Array.isArray(tags) && unique.length === tags.length && unique.every((t, i) => t === tags[i])) return data
  const out = Object.assign(Object.create(null) as Record<string, unknown>, data)
  out.tags = unique
  return out
}
