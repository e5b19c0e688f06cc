import type { DataObject, DataValue, ScalarMap } from '../../src/contract/types.js'
import { DATA_KEY_PATTERN, LIMITS } from '../../src/contract/constants.js'
import type { Diagnostics } from './diagnostics.js'
import type { FrontMatter } from './front-matter.js'

/** Front-matter keys that hold the publication date, most specific first. */
export const DATE_KEYS = ['date', 'pubDate', 'publishDate', 'pubdate', 'published_at', 'created', 'created_at']
/** Keys that hold the last modification date. */
export const UPDATED_KEYS = ['lastmod', 'lastMod', 'updated', 'updatedDate', 'last_modified_at', 'modified', 'updated_at', 'updatedAt']
/** Keys that hold the date after which a document is no longer published. */
export const EXPIRY_KEYS = ['expiryDate', 'expirydate', 'expiry_date', 'unpublishDate', 'expires']
/** Keys that hold the excerpt, in order of preference. */
export const EXCERPT_KEYS = ['excerpt', 'description', 'summary']
/** Keys that name the featured image, in order of preference. */
export const IMAGE_KEYS = ['featured_image', 'featuredImage', 'heroImage', 'image', 'cover', 'coverImage', 'thumbnail']
/** Keys that list old URLs of a document. */
export const REDIRECT_KEYS = ['aliases', 'redirect_from']

/**
 * Sorts the front-matter keys nobody consumed into `meta` (scalars) and `data` (structured values within the
 * contract's limits); values that fit neither are reported, never dropped silently, unless `rendered` names them
 * (their content is in the body).
 */
export function splitExtras(
  fm: FrontMatter,
  data: Record<string, unknown>,
  consumed: ReadonlySet<string>,
  rel: string,
  diagnostics: Diagnostics,
  rendered: ReadonlySet<string> = new Set(),
): { meta?: ScalarMap; data?: DataObject } {
  const meta: ScalarMap = {}
  const structured: DataObject = {}
  let metaCount = 0
  let dataCount = 0
  for (const key of Object.keys(data).sort()) {
    if (consumed.has(key)) continue
    const value = data[key]
    if (value === undefined) continue
    if (value === null || typeof value === 'string' || typeof value === 'boolean') {
      meta[key] = value
      metaCount++
    } else if (typeof value === 'number') {
      if (Number.isFinite(value)) {
        // A version like `1.10` is text to its author; keep the characters they typed.
        const text = fm.textOf(key)
        meta[key] = text !== undefined && text !== String(value) && /^[\d.]+$/.test(text) ? text : value
        metaCount++
      } else diagnostics.warn(rel, fm.lineOf(key), 'dropped_data', `"${key}" is not a finite number, which meta cannot hold; it was dropped. Quote it to keep it as text.`)
    } else if (typeof value === 'object') {
      const problem = DATA_KEY_PATTERN.test(key) ? sharedValueProblem(value) : `the key "${key}" does not match ${DATA_KEY_PATTERN}`
      if (problem) {
        // What the body already shows (a home page's sections written as HTML) is not lost with its data.
        if (rendered.has(key)) continue
        diagnostics.warn(rel, fm.lineOf(key), 'dropped_data', `The structured front-matter value "${key}" cannot go to data (${problem}); it was dropped. Rename or simplify it.`)
        continue
      }
      if (dataCount >= LIMITS.dataKeysPerObject) {
        diagnostics.warn(rel, fm.lineOf(key), 'dropped_data', `"${key}" was dropped: data holds at most ${LIMITS.dataKeysPerObject} keys.`)
        continue
      }
      structured[key] = value as DataValue
      dataCount++
    }
  }
  return { ...(metaCount > 0 ? { meta } : {}), ...(dataCount > 0 ? { data: structured } : {}) }
}

/**
 * What `dataProblem` finds in a value at the top of a document's data, found once for each object: a value many
 * documents share (an Eleventy directory data file's) is not walked again for each of them (2,000 posts under a
 * 1 MB directory data file spent 1.5 s listing its 8,000 keys again for each post).
 */
function sharedValueProblem(value: object): string | null {
  let problem = PROBLEMS.get(value)
  if (problem === undefined) {
    problem = dataProblem(value, 0)
    PROBLEMS.set(value, problem)
  }
  return problem
}

/** Problems found in values at the top of documents' data; the values are never changed once read. */
const PROBLEMS = new WeakMap<object, string | null>()

/** Why a value cannot be stored under `data` (key pattern, counts, nesting, non-finite numbers), or null. */
export function dataProblem(value: unknown, depth: number): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'a number is not finite'
  if (typeof value !== 'object') return `a ${typeof value} is not data`
  if (depth + 1 > LIMITS.dataNestingLevels) return `it nests deeper than ${LIMITS.dataNestingLevels} levels`
  if (Array.isArray(value)) {
    if (value.length > LIMITS.dataItemsPerArray) return `a list has more than ${LIMITS.dataItemsPerArray} items`
    for (const v of value) {
      const p = dataProblem(v, depth + 1)
      if (p) return p
    }
    return null
  }
  const keys = Object.keys(value)
  if (keys.length > LIMITS.dataKeysPerObject) return `an object has more than ${LIMITS.dataKeysPerObject} keys`
  for (const k of keys) {
    if (!DATA_KEY_PATTERN.test(k)) return `the key "${k}" does not match ${DATA_KEY_PATTERN}`
    const p = dataProblem((value as Record<string, unknown>)[k], depth + 1)
    if (p) return p
  }
  return null
}

/** The first key of `keys` present in `data` with a non-empty value. */
export function firstKey(data: Record<string, unknown>, keys: readonly string[]): string | undefined {
  return keys.find((k) => data[k] !== undefined && data[k] !== null && data[k] !== '')
}
