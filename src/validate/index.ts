import { LIMITS } from '../contract/constants.js'
import type { PreviewData } from '../contract/types.js'
import { PreviewDataError, pointer } from './issue.js'
import type { PreviewDataIssue } from './issue.js'
import { clip } from './rules/_context.js'
import type { Rule } from './rules/_context.js'
import { RULES, RuleContext } from './rules/index.js'
import { checkShape } from './shape.js'
import { appendAll } from '../append.js'

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
  const { checkable, tooDeep } = withoutTooDeepMenus(data as Record<string, unknown>)
  const shape = shapeIssues(checkable)
  const ctx = new RuleContext(checkable)
  const semantic: PreviewDataIssue[] = []
  for (const rule of RULES) {
    try {
      appendAll(semantic, rule.check(ctx))
    } catch (error) {
      // A rule meeting a value of an unexpected kind must not hide the other findings; the schema issues already
      // describe the shape problem that led it there. Without any, the rule failed on a payload of the right shape:
      // its findings are unknown, so the payload is not passed as valid.
      if (shape.length === 0 && tooDeep.length === 0) semantic.push(ruleFailed(rule, error))
    }
  }
  return merge([...tooDeep, ...shape], semantic)
}

/** The issue for a rule that could not finish on a payload of the right shape: the SDK's fault, reported as such. */
function ruleFailed(rule: Rule, error: unknown): PreviewDataIssue {
  const reason = error instanceof Error ? error.message : String(error)
  return { code: rule.code, path: '', message: `The ${rule.code} check could not finish on this payload (${reason.slice(0, 200)}), so the payload is not known to be valid. This is a fault in preview-data-sdk: please report it with the payload.` }
}

/**
 * Menu items nest to any depth in the contract, but the schema pass recurses through them; past
 * `LIMITS.menuItemDepth` levels a menu is reported at its first item that deep (found without recursion) and the
 * rest of the payload is checked without that menu, so the result never depends on the stack's size.
 */
function withoutTooDeepMenus(data: Record<string, unknown>): { checkable: Record<string, unknown>; tooDeep: PreviewDataIssue[] } {
  const menus = data.menus
  if (typeof menus !== 'object' || menus === null || Array.isArray(menus)) return { checkable: data, tooDeep: [] }
  const tooDeep: PreviewDataIssue[] = []
  let kept: Record<string, unknown> | undefined
  for (const id of Object.keys(menus)) {
    const path = firstTooDeepItem((menus as Record<string, unknown>)[id], ['menus', id])
    if (path === undefined) continue
    tooDeep.push({
      code: 'invalid_payload',
      path: pointer(...path),
      message: `Menu "${clip(id)}" nests items deeper than ${LIMITS.menuItemDepth} levels, the deepest this SDK checks: flatten it (the rest of the menu was not checked).`,
    })
    kept ??= { ...(menus as Record<string, unknown>) }
    delete kept[id]
  }
  return kept === undefined ? { checkable: data, tooDeep } : { checkable: { ...data, menus: kept }, tooDeep }
}

/** The path of the first menu item deeper than the limit, walking with a stack of its own; undefined if none. */
function firstTooDeepItem(menu: unknown, at: string[]): string[] | undefined {
  const items = typeof menu === 'object' && menu !== null ? (menu as Record<string, unknown>).items : undefined
  const stack: { items: unknown; path: string[]; level: number }[] = [{ items, path: [...at, 'items'], level: 1 }]
  while (stack.length > 0) {
    const { items: list, path, level } = stack.pop()!
    if (!Array.isArray(list)) continue
    for (let i = list.length - 1; i >= 0; i--) {
      if (level > LIMITS.menuItemDepth) return [...path, String(i)]
      const item = list[i] as unknown
      if (typeof item === 'object' && item !== null) stack.push({ items: (item as Record<string, unknown>).children, path: [...path, String(i), 'children'], level: level + 1 })
    }
  }
  return undefined
}

function shapeIssues(data: object): PreviewDataIssue[] {
  try {
    // checkShape reports cycles itself (walking with a stack of its own) and is documented never to throw.
    return checkShape(data, true)
  } catch (error) {
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

function describeError(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 200) : String(error).slice(0, 200)
}
