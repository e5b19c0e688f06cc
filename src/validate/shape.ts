/**
 * The JSON Schema layer of validation: runs the v0.7 schema with ajv and turns ajv's errors into our issues. ajv's
 * types stay inside this module; callers see only `PreviewDataIssue`.
 */
import type { AnySchemaObject, ErrorObject } from 'ajv/dist/2020.js'
import { compareCodeUnits } from '../compare.js'
import { LIMITS } from '../contract/constants.js'
import type { IssueCode } from './codes.js'
import fastWithRules from './generated/fast-shape.js'
import * as full from './generated/full-shape.js'
import { pointer } from './issue.js'
import type { PreviewDataIssue } from './issue.js'
import { suggestMapId } from './primitives/index.js'
import { findRemovedField, findRemovedShape } from './removed-fields.js'
import { CONTENT_ITEM_DEFS, SCHEMA } from './shape-schema.js'

// Both passes are precompiled by scripts/shape-validator.ts, so nothing here compiles a schema or loads ajv, and the
// module runs wherever JavaScript does. Most payloads are valid, so the first pass stops at the first error and skips
// the patterns the rules check; only a failing payload pays for the full report.
type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null }

function fastValidator(alongsideRules: boolean): Validate {
  return alongsideRules ? fastWithRules : full.full
}

/**
 * Runs the all-errors pass. ajv appends each `$ref` call's errors with `concat`, which is quadratic over a long array of
 * failing items (100,000 bad Posts took over a minute), so the content arrays are emptied in a shallow copy and their
 * items checked one by one. The input itself is never touched.
 */
function allErrors(data: unknown): ErrorObject[] {
  const content = isRecord(data) ? data['content'] : undefined
  const arrays = isRecord(content) ? CONTENT_ARRAYS.filter((k) => Object.hasOwn(content, k) && Array.isArray(content[k])) : []
  if (!isRecord(data) || !isRecord(content) || arrays.length === 0) return run(full.full, data, '', [])
  const emptied: Record<string, unknown> = { ...content }
  for (const key of arrays) emptied[key] = []
  const errors = run(full.full, { ...data, content: emptied }, '', [])
  for (const key of arrays) {
    const validate = full[CONTENT_ITEM_DEFS[key]]
    const items = content[key] as unknown[]
    for (let i = 0; i < items.length; i++) run(validate, items[i], `/content/${key}/${i}`, errors)
  }
  return errors
}

const CONTENT_ARRAYS = Object.keys(CONTENT_ITEM_DEFS) as (keyof typeof CONTENT_ITEM_DEFS)[]

function run(validate: Validate, data: unknown, prefix: string, into: ErrorObject[]): ErrorObject[] {
  if (validate(data)) return into
  for (const error of validate.errors ?? []) into.push(prefix === '' ? error : { ...error, instancePath: prefix + error.instancePath })
  return into
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Checks the payload's shape against the v0.7 JSON Schema and returns every problem, sorted by path then code. It
 * never throws and never changes its input; an empty array means the shape is valid (the semantic rules still apply).
 * @example
 * checkShape({ version: '0.6' }) // [{ code: 'missing_property', path: '/content', ... }, ...]
 *
 * With `alongsideRules`, the caller promises to run the semantic rules as well, which check slugs, timestamps, URLs,
 * route values, locale and time zone exactly; a payload whose only problems are in those formats may then pass here.
 */
export function checkShape(data: unknown, alongsideRules = false): PreviewDataIssue[] {
  try {
    if (fastValidator(alongsideRules)(data)) return []
  } catch {
    // Recursion through a cycle or an absurdly deep menu overflows the stack; diagnosed below.
  }
  try {
    // A cycle can make the all-errors pass revisit the same objects without end, so it is reported on its own.
    const cycles = findCycles(data)
    if (cycles.length > 0) return cycles
    let errors: ErrorObject[]
    try {
      errors = allErrors(data)
    } catch (error) {
      // Without cycles, only nesting thousands of levels deep (menu children are the one recursive member) gets here.
      if (!(error instanceof RangeError)) throw error
      return [{ code: 'invalid_payload', path: '', message: 'The payload nests too deeply to check (thousands of levels): flatten its menus.' }]
    }
    return toIssues(errors, data)
  } catch (error) {
    // Only hostile input gets here (a throwing getter or proxy): report it rather than throw.
    return [{ code: 'invalid_payload', path: '', message: `Reading the payload threw (${describeError(error)}): pass plain JSON data.` }]
  }
}

/**
 * Tells whether the payload passes the JSON Schema, using the fast first-error pass only; never throws.
 * @example
 * isShapeValid({}) // false
 */
export function isShapeValid(data: unknown): boolean {
  try {
    return fastValidator(false)(data)
  } catch {
    return false
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Where each error comes from. ajv's schemaPath restarts at "#" inside every separately compiled `$defs` entry, so it
// cannot name the definition; the failing subschema object itself can, because ajv keeps our schema objects.

interface Place {
  /** The `$defs` name, or '' for the top-level object. */
  def: string
  /** JSON Pointer of the subschema inside its definition. */
  at: string
}

const PLACES = new Map<object, Place>()
indexSchema(SCHEMA, '', '')

function indexSchema(node: unknown, def: string, at: string): void {
  if (typeof node !== 'object' || node === null) return
  PLACES.set(node, { def, at })
  for (const [key, value] of Object.entries(node)) {
    if (key === '$defs' && def === '' && at === '') {
      for (const [name, sub] of Object.entries(value as object)) indexSchema(sub, name, '')
    } else {
      indexSchema(value, def, `${at}/${key}`)
    }
  }
}

function defSchema(def: string): AnySchemaObject {
  return (def === '' ? SCHEMA : (SCHEMA.$defs as Record<string, AnySchemaObject>)[def]) ?? {}
}

// ---------------------------------------------------------------------------------------------------------------
// The mapping table: the first matching row decides the code. `code: null` drops wrapper errors whose real cause is
// reported by another error (`if` -> its `then`, `anyOf` -> its branches, `propertyNames` -> the name's own error).

interface Found {
  error: ErrorObject
  place: Place
  /** The instance location of the failing value or member. */
  segments: string[]
  /** ajv's instancePath: the owning object for errors about a member (required, unknown, key names), else the value. */
  owner: string[]
  root: unknown
}

interface Row {
  keyword?: readonly string[]
  def?: readonly string[]
  /** Matches the subschema's location inside its definition. */
  at?: RegExp
  /** Matches the instance path. */
  path?: string
  /** The issue points at the object rather than at the missing member. */
  atOwner?: boolean
  code: IssueCode | null
  message?: (f: Found) => string
}

const DATA_DEFS = ['dataKey', 'dataLevel1', 'dataLevel2', 'dataLevel3', 'dataLevel4', 'dataScalar'] as const
const URL_DEFS = ['siteUrl', 'mediaOrigin', 'navigationUrl', 'mediaUrl', 'commentsApiUrl'] as const
const ROUTE_DEFS = ['postIndexPath', 'pagePath', 'pagePathRef'] as const
const LENGTH_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'maxProperties'] as const
const THEN = /^(?:\/allOf\/\d+)?\/then(?:\/|$)/
const MAP_KINDS: Record<string, string> = { menus: 'Menu', widgets: 'Widget-area', collections: 'Collection' }

function invalidMapId(f: Found): string {
  const id = last(f.segments)
  const kind = MAP_KINDS[last(f.owner)] ?? 'Map'
  return `${kind} id ${show(id)} in ${name(f.owner)} is invalid: an id is a lowercase letter followed by up to 63 lowercase letters, digits, "_" or "-"; rename it, for example to ${JSON.stringify(suggestMapId(id, kind))}.`
}

const ROWS: readonly Row[] = [
  { keyword: ['if', 'anyOf', 'oneOf', 'propertyNames'], code: null },
  { def: ['site'], at: THEN, code: 'media_origin_required', message: mediaOriginRequired },
  { def: ['newsletter'], at: THEN, code: 'newsletter_url_required', atOwner: true, message: newsletterUrlRequired },
  { def: ['page'], at: THEN, code: 'page_public_id_required', message: pagePublicIdRequired },
  { path: '/version', code: 'invalid_version', message: invalidVersion },
  { keyword: ['required'], code: 'missing_property', message: missingProperty },
  { keyword: ['additionalProperties', 'not'], code: 'unknown_property', message: unknownProperty },
  { def: ['scalarValue'], code: 'invalid_meta', message: invalidMeta },
  { def: DATA_DEFS, code: 'invalid_data', message: invalidData },
  { def: ['dataObject'], keyword: ['maxProperties'], code: 'invalid_data', message: invalidData },
  { keyword: ['type'], code: 'invalid_type', message: invalidType },
  { def: ['slug'], keyword: ['maxLength'], code: 'too_long', message: (f) => `${name(f.segments)} is too long: a slug has at most ${LIMITS.slugCodePoints} code points after NFC normalization.` },
  { def: ['slug'], code: 'invalid_slug', message: invalidSlug },
  { def: ['nonblankString', 'requestToken', 'customHtmlSlot'], keyword: ['pattern'], code: 'blank_string', message: (f) => `${name(f.segments)} must not be blank: give it visible text.` },
  { def: ['timestamp'], code: 'invalid_timestamp', message: (f) => `${name(f.segments)} is not an RFC 3339 timestamp (got ${show(f.error.data)}): write it like "2026-05-01T09:00:00Z" or "2026-05-01T10:00:00+01:00".` },
  { def: ['locale'], code: 'invalid_locale', message: (f) => `${name(f.segments)} is not a BCP 47 locale (got ${show(f.error.data)}): write it like "en" or "pt-BR".` },
  { def: ['timezone'], code: 'invalid_timezone', message: (f) => `${name(f.segments)} is not a time zone (got ${show(f.error.data)}): use "UTC", an IANA zone such as "Europe/Lisbon", or an offset from -14:00 to +14:00 such as "+09:00" (a zero offset is written "UTC").` },
  { def: URL_DEFS, code: 'invalid_url', message: invalidUrl },
  { def: ['permalinkPattern'], code: 'invalid_permalink', message: (f) => `${name(f.segments)} is not a valid permalink pattern (got ${show(f.error.data)}): start with "/" and make each segment a whole :token or a slug, with no empty segment, query, fragment, percent encoding or ".html" suffix.` },
  { def: ROUTE_DEFS, code: 'invalid_route_path', message: invalidRoutePath },
  { def: ['mapId'], code: 'invalid_map_id', message: invalidMapId },
  { keyword: ['enum', 'const'], code: 'invalid_value', message: invalidValue },
  { keyword: LENGTH_KEYWORDS, code: 'out_of_range', message: outOfRange },
  { keyword: ['minProperties'], code: 'missing_property', message: atLeastOne },
  { keyword: ['maxLength'], code: 'too_long', message: (f) => `${name(f.segments)} is longer than ${String(f.error.params['limit'])} code points: shorten it.` },
  { code: 'invalid_value', message: (f) => `${name(f.segments)} is invalid (${f.error.keyword}).` },
]

function matches(row: Row, f: Found): boolean {
  return (
    (row.keyword === undefined || row.keyword.includes(f.error.keyword)) &&
    (row.def === undefined || row.def.includes(f.place.def)) &&
    (row.at === undefined || row.at.test(f.place.at)) &&
    (row.path === undefined || row.path === f.error.instancePath)
  )
}

function toIssues(errors: readonly ErrorObject[], root: unknown): PreviewDataIssue[] {
  const byKey = new Map<string, PreviewDataIssue>()
  const renamed = new Set<string>()
  for (const error of errors) {
    const owner = parsePointer(error.instancePath)
    const place = (typeof error.parentSchema === 'object' && PLACES.get(error.parentSchema)) || { def: '', at: '' }
    const member = memberOf(error)
    const f: Found = { error, place, owner, segments: member === undefined ? owner : [...owner, member], root }
    const row = ROWS.find((r) => matches(r, f))
    if (row === undefined || row.code === null) continue
    const message = row.message === undefined ? `${name(f.segments)} is invalid.` : row.message(f)
    let issue: PreviewDataIssue = {
      code: row.code,
      path: pointer(...(row.atOwner === true ? f.owner : f.segments)),
      message: message.startsWith('the payload') ? `T${message.slice(1)}` : message,
    }
    issue = removedFieldIssue(issue, f, renamed) ?? issue
    const key = `${issue.code}\u0000${issue.path}`
    if (!byKey.has(key)) byKey.set(key, issue)
  }
  // A renamed v0.6 member already says what to add, so the missing v0.7 member is not a second problem.
  const issues = [...byKey.values()].filter((i) => !(i.code === 'missing_property' && renamed.has(i.path)))
  return sortIssues(issues)
}

/** Sorts by path, comparing array indices as numbers (`/posts/2` before `/posts/10`), then by code. */
function sortIssues(issues: PreviewDataIssue[]): PreviewDataIssue[] {
  const keyed = issues.map((issue) => ({ issue, segments: issue.path.split('/') }))
  keyed.sort((a, b) => comparePaths(a.segments, b.segments) || compareCodeUnits(a.issue.code, b.issue.code))
  return keyed.map((k) => k.issue)
}

const INDEX = /^(?:0|[1-9]\d*)$/

function comparePaths(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] === b[i]) continue
    // Without leading zeros, a longer index is larger; equal lengths compare digit by digit, exact at any size.
    if (INDEX.test(a[i]) && INDEX.test(b[i])) return a[i].length - b[i].length || compareCodeUnits(a[i], b[i])
    return compareCodeUnits(a[i], b[i])
  }
  return a.length - b.length
}

/** The member an error is about, for errors that ajv reports on the owning object. */
function memberOf(error: ErrorObject): string | undefined {
  if (error.keyword === 'required') return String(error.params['missingProperty'])
  if (error.keyword === 'additionalProperties') return String(error.params['additionalProperty'])
  if (error.propertyName !== undefined) return error.propertyName
  return undefined
}

function removedFieldIssue(issue: PreviewDataIssue, f: Found, renamed: Set<string>): PreviewDataIssue | undefined {
  if (issue.code === 'unknown_property') {
    const field = last(f.segments)
    // `additionalProperties` is reported on the object, a branch's `not` on the member itself.
    const ownerPath = f.error.keyword === 'not' ? f.segments.slice(0, -1) : f.owner
    const owner = valueAt(f.root, ownerPath)
    const entry = findRemovedField(f.place.def, field, owner)
    if (entry === undefined) return undefined
    const replacement = entry.renamedTo === undefined ? undefined : [...ownerPath, entry.renamedTo]
    const present = replacement === undefined ? undefined : valueAt(owner, [last(replacement)])
    if (replacement !== undefined && present !== undefined) {
      // With the replacement present this is not a v0.6 leftover but a member of another branch (collection items
      // with both slug and path), or a stale duplicate of a rename.
      if (entry.whenType !== undefined) return undefined
      // An empty replacement (`media_origin: ""`, as a producer's defaults write it) holds nothing yet: the old value
      // is what the author meant, so it moves there rather than being dropped.
      const move = present === '' ? `move its value to ${name(replacement)}, which is empty, and remove it` : `remove it (${name(replacement)} replaces it and is already set)`
      return { code: 'removed_field', path: issue.path, message: `${name(f.segments)} was removed in v0.7: ${move}.` }
    }
    if (replacement !== undefined) renamed.add(pointer(...replacement))
    const instead = entry.instead ?? `rename it to ${name(replacement ?? [])}`
    return { code: 'removed_field', path: issue.path, message: `${name(f.segments)} was removed in v0.7: ${instead}.` }
  }
  if (issue.code === 'invalid_type') {
    const shape = findRemovedShape(f.segments, f.error.data)
    if (shape === undefined) return undefined
    const instead = shape.instead.replace('{value}', show(f.error.data))
    return { code: 'removed_field', path: issue.path, message: `${shape.lived} was removed in v0.7: ${instead}.` }
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------------------------
// Messages: what is wrong, then what to do, naming the field as people write it (`content.posts[3].title`).

function missingProperty(f: Found): string {
  const member = last(f.segments)
  return `${name(f.segments)} is required: add ${expectation(defSchema(f.place.def).properties?.[member], member)}.`
}

function unknownProperty(f: Found): string {
  const member = last(f.segments)
  if (f.error.keyword === 'not') {
    const ownerPath = f.segments.slice(0, -1)
    const type = valueAt(valueAt(f.root, ownerPath), ['type'])
    const kind = typeof type === 'string' ? ` of type ${show(type)}` : ''
    return `Property ${show(member)} does not belong in ${name(ownerPath)}${kind}: remove it (each type allows only its own members).`
  }
  const owner = f.owner.length === 0 ? 'the payload' : name(f.owner)
  return `Unknown property ${show(member)} in ${owner}: remove it (${owner} is a closed object).`
}

function invalidType(f: Found): string {
  return `${name(f.segments)} must be ${typePhrase(f.error.params['type'])} (got ${kind(f.error.data)}).`
}

function invalidValue(f: Found): string {
  if (f.error.keyword === 'const') {
    return `${name(f.segments)} must be ${show(f.error.params['allowedValue'])} (got ${show(f.error.data)}).`
  }
  const allowed = (f.error.params['allowedValues'] as unknown[]).map((v) => show(v)).join(', ')
  return `${name(f.segments)} must be one of ${allowed} (got ${show(f.error.data)}).`
}

function invalidVersion(f: Found): string {
  const shape = findRemovedShape(['version'], f.error.data)
  if (shape !== undefined) return `${shape.lived} is not accepted by v0.7: ${shape.instead}.`
  return `version must be the string "0.7" (got ${show(f.error.data)}): set "version": "0.7".`
}

function outOfRange(f: Found): string {
  const { keyword, params, parentSchema, data } = f.error
  const field = name(f.segments)
  if (keyword === 'maxItems') return `${field} has more than ${String(params['limit'])} items: shorten it.`
  if (keyword === 'minItems') return `${field} has fewer than ${String(params['limit'])} items: add items.`
  if (keyword === 'maxProperties') return `${field} has more than ${String(params['limit'])} members: remove some.`
  const bounds = (parentSchema ?? {}) as { minimum?: number; maximum?: number }
  const range =
    bounds.minimum !== undefined && bounds.maximum !== undefined
      ? `between ${bounds.minimum} and ${bounds.maximum}`
      : `${String(params['comparison'])} ${String(params['limit'])}`
  return `${field} must be ${range} (got ${show(data)}).`
}

function atLeastOne(f: Found): string {
  const members = Object.keys(defSchema(f.place.def).properties ?? {}).join(', ')
  return `${name(f.segments)} is empty: give at least one of ${members}, or remove ${last(f.segments)}.`
}

function invalidSlug(f: Found): string {
  return `${name(f.segments)} is not a valid slug (got ${show(f.error.data)}): use Unicode letters, digits, combining marks, "_", "-" and single inner periods, with at least one letter or digit.`
}

const URL_HINTS: Record<string, string> = {
  siteUrl: '"" or an http(s) origin such as "https://example.com", without credentials, path, query or fragment',
  mediaOrigin: '"" or an http(s) origin such as "https://media.example.com", without credentials, path, query or fragment',
  navigationUrl:
    'an http(s) URL or a root-relative path such as "/about", without whitespace, backslashes, credentials, dot segments or malformed percent encoding',
  mediaUrl:
    'an http(s) URL or a root-relative path with a real file path such as "/media/photo.jpg", without whitespace, backslashes, credentials, dot segments or malformed percent encoding',
  commentsApiUrl: 'an http(s) URL or a root-relative path such as "/api/comments", without credentials, query or fragment',
}

function invalidUrl(f: Found): string {
  return `${name(f.segments)} must be ${URL_HINTS[f.place.def] ?? 'a valid URL'} (got ${show(f.error.data)}).`
}

const ROUTE_HINTS: Record<string, string> = {
  pagePath: 'a relative path of slug segments such as "about/team", with no leading or trailing slash, empty segment or ".html" suffix',
  pagePathRef: 'a Page\'s effective path such as "about/team", with no leading or trailing slash or empty segment',
  postIndexPath: 'an absolute path of slug segments such as "/" or "/blog/", with no empty segment or ".html" suffix',
}

function invalidRoutePath(f: Found): string {
  return `${name(f.segments)} must be ${ROUTE_HINTS[f.place.def] ?? 'a valid route path'} (got ${show(f.error.data)}).`
}

function invalidMeta(f: Found): string {
  return `${name(f.segments)} must be a string, finite number, boolean or null (got ${kind(f.error.data)}): meta values are scalars.`
}

function invalidData(f: Found): string {
  const field = name(f.segments)
  const { keyword, params } = f.error
  if (f.place.def === 'dataKey') {
    return `Data key ${show(last(f.segments))} in ${name(f.owner)} is invalid: a key is letters, digits and "_" (not starting with a digit), optionally joined by single "-".`
  }
  if (keyword === 'maxProperties') return `${field} has more than ${String(params['limit'])} keys: data objects allow at most ${LIMITS.dataKeysPerObject}.`
  if (keyword === 'maxItems') return `${field} has more than ${String(params['limit'])} items: data arrays allow at most ${LIMITS.dataItemsPerArray}.`
  if (f.place.def === 'dataScalar') {
    return `${field} is nested too deeply: data allows ${LIMITS.dataNestingLevels} container levels below data, so this must be a string, number, boolean or null (got ${kind(f.error.data)}).`
  }
  return `${field} must be a string, finite number, boolean, null, array or object (got ${kind(f.error.data)}).`
}

function mediaOriginRequired(): string {
  return 'site.media_origin is empty while media_delivery_mode is "media_domain": set media_origin to the media origin (such as "https://media.example.com") or use media_delivery_mode "none".'
}

function newsletterUrlRequired(f: Found): string {
  return `${name(f.owner)} is enabled but has neither signup_url nor embed_url: add one of them, or set enabled to false.`
}

function pagePublicIdRequired(f: Found): string {
  return `${name(f.owner)} allows comments but has no public_id: add a positive integer public_id, or remove allow_comments.`
}

const DEF_EXPECTATIONS: Record<string, (member: string) => string> = {
  nonblankString: (m) => `a nonblank ${m}`,
  slug: (m) => `${m}, a slug such as "hello-world"`,
  timestamp: (m) => `${m}, an RFC 3339 timestamp such as "2026-05-01T09:00:00Z"`,
  locale: (m) => `${m}, a BCP 47 locale such as "en-US"`,
  timezone: (m) => `${m}, such as "UTC" or "Europe/Lisbon"`,
  siteUrl: (m) => `${m}, an http(s) origin or ""`,
  mediaOrigin: (m) => `${m}, an http(s) origin or ""`,
  navigationUrl: (m) => `${m}, an http(s) URL or a root-relative path`,
  mediaUrl: (m) => `${m}, an http(s) URL or a root-relative path`,
  commentsApiUrl: (m) => `${m}, an http(s) URL or a root-relative path`,
  pagePathRef: (m) => `${m}, a Page's effective path such as "about"`,
  itemComments: (m) => `${m}, an object with a request_token`,
  requestToken: (m) => `${m}, the nonblank token issued by the comment provider`,
  customHtmlSlot: (m) => `${m}, a nonblank HTML string`,
}

function expectation(propertySchema: unknown, member: string): string {
  if (typeof propertySchema !== 'object' || propertySchema === null) return member
  const s = propertySchema as AnySchemaObject
  if (typeof s.$ref === 'string') {
    const def = s.$ref.slice(s.$ref.lastIndexOf('/') + 1)
    const known = DEF_EXPECTATIONS[def]
    if (known !== undefined) return known(member)
    const target = defSchema(def)
    return Array.isArray(target.enum) ? `${member}, one of ${target.enum.map(show).join(', ')}` : `${member}, an object`
  }
  if (Array.isArray(s.enum)) return `${member}, one of ${s.enum.map(show).join(', ')}`
  // `version` is a `const` with no `type`: without this the message would read "add version, undefined".
  if (s.const !== undefined) return `${member}, the ${typeof s.const === 'string' ? 'string' : 'value'} ${show(s.const)}`
  if (s.type === 'integer') return `${member}, an integer${typeof s.minimum === 'number' ? ` of at least ${s.minimum}` : ''}`
  if (s.type === 'string') return `${member}, a string (it may be empty)`
  if (s.type === 'array') return `${member}, an array (it may be empty)`
  return `${member}, ${typePhrase(s.type)}`
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a finite number',
  integer: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
}

function typePhrase(type: unknown): string {
  const types = (Array.isArray(type) ? type : [type]).map((t) => TYPE_WORDS[String(t)] ?? String(t))
  return types.length <= 1 ? (types[0] ?? 'a value') : `${types.slice(0, -1).join(', ')} or ${types[types.length - 1]}`
}

/** What kind of value this is, for "got …" in messages. */
function kind(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  switch (typeof value) {
    case 'string':
      return 'a string'
    case 'number':
      return Number.isFinite(value) ? (Number.isInteger(value) ? 'an integer' : 'a fractional number') : String(value)
    case 'boolean':
      return String(value)
    case 'object':
      return 'an object'
    case 'undefined':
      return 'undefined'
    default:
      return `a ${typeof value}`
  }
}

const SHOWN_LENGTH = 60

/** A short, safe rendering of a value: megabyte strings are cut, non-JSON values are named. */
function show(value: unknown): string {
  if (typeof value === 'string') {
    const cut = value.length > SHOWN_LENGTH ? `${value.slice(0, SHOWN_LENGTH)}…` : value
    return JSON.stringify(cut)
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value)
  return kind(value)
}

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/

/** The field as people write it: `content.posts[3].title`, `menus.main.items[0]`. */
function name(segments: readonly string[]): string {
  let out = ''
  for (const s of segments) {
    if (INDEX.test(s)) out += `[${s}]`
    else if (IDENTIFIER.test(s) && s.length <= SHOWN_LENGTH) out += out === '' ? s : `.${s}`
    else out += `[${show(s)}]`
  }
  return out === '' ? 'the payload' : out
}

function last(segments: readonly string[]): string {
  return segments[segments.length - 1] ?? ''
}

function parsePointer(path: string): string[] {
  if (path === '') return []
  return path
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
}

/** Reads own members only, so `__proto__` and inherited names never resolve to something the payload does not hold. */
function valueAt(root: unknown, segments: readonly string[]): unknown {
  let node = root
  for (const s of segments) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, s)) return undefined
    node = (node as Record<string, unknown>)[s]
  }
  return node
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : kind(error)
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH)}…` : text
}

// ---------------------------------------------------------------------------------------------------------------

interface Frame {
  node: object
  keys: string[]
  next: number
  parent: Frame | undefined
  key: string
}

/** Reports every member that refers back to an object enclosing it. Iterative, so depth cannot overflow the stack. */
function findCycles(root: unknown): PreviewDataIssue[] {
  if (typeof root !== 'object' || root === null) return []
  const issues: PreviewDataIssue[] = []
  const open = new Set<object>([root])
  const done = new WeakSet<object>()
  const stack: Frame[] = [{ node: root, keys: Object.keys(root), next: 0, parent: undefined, key: '' }]
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]
    if (frame.next >= frame.keys.length) {
      stack.pop()
      open.delete(frame.node)
      done.add(frame.node)
      continue
    }
    const key = frame.keys[frame.next++]
    const child: unknown = (frame.node as Record<string, unknown>)[key]
    if (typeof child !== 'object' || child === null || done.has(child)) continue
    if (open.has(child)) {
      const segments = [key]
      for (let f: Frame | undefined = frame; f?.parent !== undefined; f = f.parent) segments.unshift(f.key)
      issues.push({
        code: 'invalid_payload',
        path: pointer(...segments),
        message: `${name(segments)} refers back to an object that contains it: a payload must be a tree (JSON has no cycles).`,
      })
      continue
    }
    open.add(child)
    stack.push({ node: child, keys: Object.keys(child), next: 0, parent: frame, key })
  }
  return sortIssues(issues)
}
