import { DATA_KEY_PATTERN, LIMITS } from '../../contract/constants.js'
import { pointer } from '../issue.js'
import type { PreviewDataIssue } from '../issue.js'
import { clip, record } from './_context.js'
import type { Rule } from './_context.js'
import { appendAll } from '../../append.js'

/**
 * Post and Page `data`: keys match the data-key pattern, at most 64 keys per object and 256 items per array, at most
 * 4 container levels below the root object, and only JSON values (finite numbers, plain objects; no cycles, functions, undefined, Dates or Maps).
 */
export const data: Rule = {
  code: 'invalid_data',
  check(ctx) {
    const issues: PreviewDataIssue[] = []
    for (const kind of ['posts', 'pages'] as const) {
      ctx.list(kind).forEach((item, i) => {
        const value = record(record(item)?.data)
        if (value) appendAll(issues, dataIssues(value, ['content', kind, String(i), 'data']))
      })
    }
    return issues
  },
}

/** Every problem of one `data` object, with pointers under `path`. */
export function dataIssues(value: Record<string, unknown>, path: string[]): PreviewDataIssue[] {
  const issues: PreviewDataIssue[] = []
  walk(value, path, 0, issues, new Set())
  return issues
}

function walk(value: unknown, path: string[], level: number, issues: PreviewDataIssue[], ancestors: Set<unknown>): void {
  const at = pointer(...path)
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) issues.push({ code: 'invalid_data', path: at, message: `data value ${value} is not a finite number: use a finite number, a string or null.` })
    return
  }
  if (typeof value !== 'object') {
    issues.push({ code: 'invalid_data', path: at, message: `data value of type ${typeof value} is not JSON: use a string, number, boolean, null, array or object.` })
    return
  }
  // A Date, Map or class instance is an object to typeof, but JSON.stringify writes it as a string or `{}`: the
  // payload written would not be the one validated.
  const proto = Object.getPrototypeOf(value) as unknown
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) {
    issues.push({ code: 'invalid_data', path: at, message: `data value is a ${Object.prototype.toString.call(value).slice(8, -1)}, which JSON cannot hold as it is: use a string, number, boolean, null, array or plain object.` })
    return
  }
  if (ancestors.has(value)) {
    issues.push({ code: 'invalid_data', path: at, message: 'data contains a cycle (an object that contains itself): data must be a JSON tree.' })
    return
  }
  if (level > LIMITS.dataNestingLevels) {
    issues.push({ code: 'invalid_data', path: at, message: `data nests deeper than ${LIMITS.dataNestingLevels} container levels below the root data object: flatten it.` })
    return
  }
  ancestors.add(value)
  if (Array.isArray(value)) {
    if (value.length > LIMITS.dataItemsPerArray) issues.push({ code: 'invalid_data', path: at, message: `data array has ${value.length} items; the limit is ${LIMITS.dataItemsPerArray} per array: shorten the list, or split it across several keys.` })
    value.forEach((v, j) => walk(v, [...path, String(j)], level + 1, issues, ancestors))
  } else {
    const keys = Object.keys(value)
    if (keys.length > LIMITS.dataKeysPerObject) issues.push({ code: 'invalid_data', path: at, message: `data object has ${keys.length} keys; the limit is ${LIMITS.dataKeysPerObject} per object: group related keys in nested objects, or drop those the theme does not use.` })
    for (const key of keys) {
      if (!DATA_KEY_PATTERN.test(key)) {
        issues.push({ code: 'invalid_data', path: pointer(...path, key), message: `data key "${clip(key)}" is not allowed: keys start with a letter or "_", then letters, digits, "_" and single "-" between them.` })
        continue
      }
      walk((value as Record<string, unknown>)[key], [...path, key], level + 1, issues, ancestors)
    }
  }
  ancestors.delete(value)
}
