import type { PreviewData } from '../contract/types.js'
import { PreviewDataError, pointer } from './issue.js'
import type { PreviewDataIssue } from './issue.js'
import { RULES, RuleContext } from './rules/index.js'
import { checkShape } from './shape.js'

/** The result of `validatePreviewData`: every problem, not just the first. */
export type ValidationResult = { ok: true; errors: [] } | { ok: false; errors: PreviewDataIssue[] }

/**
 * Checks a payload against the whole v0.7 input contract: the JSON Schema shape, then every runtime-only rule (NFC
 * slugs, code-point limits, WHATWG URLs, calendar dates, canonical locale and time zone, uniqueness, references,
 * conditional requirements, permalink patterns, output-path safety). Never throws, never changes its input, adds
 * no defaults.
 * @example
 * const { ok, errors } = validatePreviewData(JSON.parse(text))
 * for (const e of errors) console.log(`${e.path} ${e.code}: ${e.message}`)
 */
export function validatePreviewData(data: unknown): ValidationResult {
  let errors: PreviewDataIssue[]
  try {
    errors = collect(data)
  } catch (error) {
    errors = [{ code: 'invalid_payload', path: '', message: `The payload could not be read (${describeError(error)}): pass plain JSON data.` }]
  }
  return errors.length === 0 ? { ok: true, errors: [] } : { ok: false, errors }
}

/**
 * Throws one `PreviewDataError` carrying every issue when the payload is invalid; narrows its type otherwise.
 * @example
 * assertPreviewData(payload) // throws PreviewDataError; error.errors lists each { code, path, message }
 */
export function assertPreviewData(data: unknown): asserts data is PreviewData {
  const result = validatePreviewData(data)
  if (!result.ok) throw PreviewDataError.fromIssues(result.errors)
}

/**
 * Whether a value is a valid v0.7 payload (a type guard over `validatePreviewData`).
 * @example
 * if (isPreviewData(value)) console.log(value.site.title)
 */
export function isPreviewData(data: unknown): data is PreviewData {
  try {
    return validatePreviewData(data).ok
  } catch {
    return false
  }
}

function collect(data: unknown): PreviewDataIssue[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    const kind = data === null ? 'null' : Array.isArray(data) ? 'an array' : typeof data
    return [{ code: 'invalid_type', path: '', message: `The payload must be a JSON object, not ${kind}: pass the parsed Preview Data object.` }]
  }
  const shape = shapeIssues(data)
  const ctx = new RuleContext(data as Record<string, unknown>)
  const semantic: PreviewDataIssue[] = []
  for (const rule of RULES) {
    try {
      semantic.push(...rule.check(ctx))
    } catch {
      // A rule meeting a value of an unexpected kind must not hide the other findings; the schema issues already
      // describe the shape problem that led it there.
    }
  }
  return merge(shape, semantic)
}

function shapeIssues(data: object): PreviewDataIssue[] {
  try {
    return checkShape(data, true)
  } catch (error) {
    const cycle = findCycle(data)
    if (cycle !== undefined) return [{ code: 'invalid_value', path: cycle, message: 'This value contains itself (a cycle): a payload must be a JSON tree.' }]
    return [{ code: 'invalid_payload', path: '', message: `The payload's shape could not be checked (${describeError(error)}): pass plain JSON data.` }]
  }
}

/** Semantic issues describe a field more precisely than the schema's pattern, so they win on the same code and path. */
function merge(shape: PreviewDataIssue[], semantic: PreviewDataIssue[]): PreviewDataIssue[] {
  const seen = new Set<string>()
  const out: PreviewDataIssue[] = []
  for (const issue of [...semantic, ...shape]) {
    const key = `${issue.code}\u0000${issue.path}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push(issue)
  }
  return out.sort(compareIssues)
}

function compareIssues(a: PreviewDataIssue, b: PreviewDataIssue): number {
  return comparePointers(a.path, b.path) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)
}

/** Orders pointers segment by segment, numbers numerically, so `/posts/10` follows `/posts/9`. */
function comparePointers(a: string, b: string): number {
  if (a === b) return 0
  const x = a.split('/')
  const y = b.split('/')
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] === y[i]) continue
    const m = Number(x[i])
    const n = Number(y[i])
    if (x[i] !== '' && y[i] !== '' && Number.isInteger(m) && Number.isInteger(n)) return m - n
    return x[i] < y[i] ? -1 : 1
  }
  return x.length - y.length
}

function findCycle(root: object): string | undefined {
  const ancestors = new Set<object>()
  const visit = (value: unknown, path: string[]): string | undefined => {
    if (typeof value !== 'object' || value === null) return undefined
    if (ancestors.has(value)) return pointer(...path)
    ancestors.add(value)
    for (const key of Object.keys(value)) {
      const found = visit((value as Record<string, unknown>)[key], [...path, key])
      if (found !== undefined) return found
    }
    ancestors.delete(value)
    return undefined
  }
  return visit(root, [])
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 200) : String(error).slice(0, 200)
}
