/**
 * The v0.6 fields and shapes that v0.7 removed, each with where it lived and what replaces it. The shape check reads
 * this table so a v0.6 leftover is reported as `removed_field` with a migration hint instead of a bare
 * `unknown_property` or `invalid_type`. The contract has no aliases: none of these is ever accepted.
 */

/** A v0.6 member that is now an unknown property of a closed v0.7 object. */
export interface RemovedField {
  /** The schema `$defs` name of the closed object that held the member in v0.6. */
  def: string
  /** The member's name. */
  field: string
  /** Only when the object's `type` member has this value (discriminated objects such as collection items). */
  whenType?: string
  /**
   * Only when the object lacks this v0.7 member. With it present the object is already a v0.7 object that also
   * carries the other branch's member (a Page item with both `path` and `slug`), which is `unknown_property`.
   */
  unlessPresent?: string
  /** Where the member lived, written as people write it. */
  lived: string
  /** A v0.7 member of the same object that replaces it one to one; the message then says "rename it". */
  renamedTo?: string
  /** What to do instead, when it is not a plain rename. */
  instead?: string
}

/** A v0.6 value shape that v0.7 changed, found where a v0.7 value has the wrong type or value. */
export interface RemovedShape {
  /** The instance location, as JSON Pointer segments. */
  at: readonly string[]
  /** The v0.6 form: an object with a `content` string, a bare boolean, or a literal value. */
  was: 'content-object' | 'boolean' | { value: string }
  /** Where the shape lived, written as people write it. */
  lived: string
  /** What to do instead; `{value}` stands for the value found, as JSON. */
  instead: string
}

/** Every removed v0.6 member, per the contract's Versioning section. */
export const REMOVED_FIELDS: readonly RemovedField[] = [
  { def: 'site', field: 'media_base_url', lived: 'site.media_base_url', renamedTo: 'media_origin' },
  {
    def: 'site',
    field: 'indexing',
    lived: 'site.indexing',
    instead: 'use site.robots, for example "robots": { "allow_indexing": true }',
  },
  {
    def: 'site',
    field: 'datetime_display',
    lived: 'site.datetime_display',
    instead: 'use site.date_style and site.time_style (none, short, medium, long or full)',
  },
  {
    def: 'site',
    field: 'disallow_comments',
    lived: 'site.disallow_comments',
    instead: 'use site.comments ({ "enabled": …, "api_base_url": … }) and allow_comments on each Post or Page',
  },
  { def: 'post', field: 'id', lived: 'Post id', instead: 'remove it; public_id is the public identity of a Post' },
  { def: 'menuItem', field: 'type', lived: 'menu item type', instead: 'remove it; the item\'s url says where it leads' },
  { def: 'frontPage', field: 'page_slug', lived: 'site.front_page.page_slug', renamedTo: 'page_path' },
  {
    def: 'collectionItem',
    field: 'slug',
    whenType: 'page',
    unlessPresent: 'path',
    lived: 'collection Page item slug',
    renamedTo: 'path',
    instead: "rename it to path and give the Page's effective path",
  },
]

/** Every removed v0.6 value shape, per the contract's Versioning section. */
export const REMOVED_SHAPES: readonly RemovedShape[] = [
  {
    at: ['custom_html', 'head_end'],
    was: 'content-object',
    lived: 'custom_html.head_end as a {content} object',
    instead: 'give the HTML as a direct string, "head_end": "<…>"',
  },
  {
    at: ['custom_html', 'body_end'],
    was: 'content-object',
    lived: 'custom_html.body_end as a {content} object',
    instead: 'give the HTML as a direct string, "body_end": "<…>"',
  },
  {
    at: ['site', 'search'],
    was: 'boolean',
    lived: 'site.search as a boolean',
    instead: 'write it as an object, "search": { "enabled": {value} }',
  },
  {
    at: ['version'],
    was: { value: '0.6' },
    lived: 'version "0.6"',
    instead: 'migrate the payload to v0.7 (see the contract\'s Versioning section) and set "version": "0.7"',
  },
]

const fieldIndex = new Map<string, RemovedField[]>()
for (const entry of REMOVED_FIELDS) {
  const key = `${entry.def}\u0000${entry.field}`
  fieldIndex.set(key, [...(fieldIndex.get(key) ?? []), entry])
}

/**
 * Finds the removed v0.6 member `field` of an object validated by schema def `def`, if it is one.
 * @example
 * findRemovedField('site', 'media_base_url', {})?.renamedTo // 'media_origin'
 */
export function findRemovedField(def: string, field: string, owner: unknown): RemovedField | undefined {
  const candidates = fieldIndex.get(`${def}\u0000${field}`)
  if (candidates === undefined) return undefined
  const type = isRecord(owner) && Object.hasOwn(owner, 'type') ? owner['type'] : undefined
  return candidates.find(
    (c) =>
      (c.whenType === undefined || c.whenType === type) &&
      (c.unlessPresent === undefined || !(isRecord(owner) && Object.hasOwn(owner, c.unlessPresent))),
  )
}

/**
 * Finds the removed v0.6 shape that `value` at instance location `at` has, if any.
 * @example
 * findRemovedShape(['site', 'search'], true)?.lived // 'site.search as a boolean'
 */
export function findRemovedShape(at: readonly string[], value: unknown): RemovedShape | undefined {
  return REMOVED_SHAPES.find(
    (s) => s.at.length === at.length && s.at.every((segment, i) => segment === at[i]) && hasShape(value, s.was),
  )
}

function hasShape(value: unknown, was: RemovedShape['was']): boolean {
  if (was === 'boolean') return typeof value === 'boolean'
  if (was === 'content-object') return isRecord(value) && Object.hasOwn(value, 'content')
  return value === was.value
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
