import schema from './contract/preview-data.v0.7.schema.json' with { type: 'json' }

/**
 * How to order one value: the known keys of a closed object in the schema's order (with a layout for each), the
 * layout of a map's or open object's values, or of an array's items.
 */
type Layout = {
  keys?: string[]
  children?: Map<string, Layout>
  values?: Layout
  items?: Layout
}

type SchemaNode = Record<string, unknown>

const defs = (schema as { $defs?: Record<string, SchemaNode> }).$defs ?? {}
const byRef = new Map<string, Layout>()
const OPEN: Layout = {}

function layoutOf(node: unknown): Layout {
  if (typeof node !== 'object' || node === null) return OPEN
  const n = node as SchemaNode
  if (typeof n.$ref === 'string') {
    const name = n.$ref.replace('#/$defs/', '')
    let layout = byRef.get(name)
    if (!layout) {
      // Register before descending: defs such as menu items refer to themselves.
      layout = {}
      byRef.set(name, layout)
      Object.assign(layout, layoutOf(defs[name]))
    }
    return layout
  }
  const layout: Layout = {}
  const parts = [n, ...(['allOf', 'oneOf', 'anyOf'] as const).flatMap((k) => (Array.isArray(n[k]) ? (n[k] as unknown[]) : []))]
  for (const part of parts) {
    if (typeof part !== 'object' || part === null) continue
    const p = part as SchemaNode
    if (p !== n && (p.$ref || p.oneOf || p.anyOf || p.allOf)) mergeInto(layout, layoutOf(p))
    const props = p.properties as Record<string, unknown> | undefined
    if (props) {
      layout.keys ??= []
      layout.children ??= new Map()
      for (const key of Object.keys(props)) {
        if (!layout.keys.includes(key)) layout.keys.push(key)
        if (!layout.children.has(key)) layout.children.set(key, layoutOf(props[key]))
      }
    }
    if (typeof p.additionalProperties === 'object' && p.additionalProperties !== null) layout.values ??= layoutOf(p.additionalProperties)
    const patterns = p.patternProperties as Record<string, unknown> | undefined
    if (patterns) for (const key of Object.keys(patterns)) layout.values ??= layoutOf(patterns[key])
    if (p.items) layout.items ??= layoutOf(p.items)
  }
  return layout
}

function mergeInto(target: Layout, source: Layout): void {
  if (source.keys) {
    target.keys ??= []
    target.children ??= new Map()
    for (const key of source.keys) {
      if (!target.keys.includes(key)) target.keys.push(key)
      if (!target.children.has(key)) target.children.set(key, source.children!.get(key)!)
    }
  }
  target.values ??= source.values
  target.items ??= source.items
}

const ROOT = layoutOf(schema)

/**
 * Returns a clone of a payload in canonical key order: known keys of closed objects in the v0.7 schema's order, then
 * unknown keys sorted; map keys (menus, widgets, collections) and open-object keys (meta, data, settings) sorted
 * lexically, at every depth. Array order is kept. It does not validate, add defaults, normalize values or remove
 * unknown fields.
 * @example
 * JSON.stringify(canonicalizePreviewDataKeyOrder({ generator: 'x', version: '0.7' })) // '{"version":"0.7","generator":"x"}'
 */
export function canonicalizePreviewDataKeyOrder<T>(payload: T): T {
  return order(payload, ROOT, new Set()) as T
}

/**
 * A clone with every object's keys sorted at every depth: the canonical form of open objects (`meta`, `data`,
 * widget `settings`).
 * @example
 * JSON.stringify(sortKeysDeep({ b: 1, a: { d: 2, c: 3 } })) // '{"a":{"c":3,"d":2},"b":1}'
 */
export function sortKeysDeep<T>(value: T): T {
  return order(value, OPEN, new Set()) as T
}

function order(value: unknown, layout: Layout, ancestors: Set<object>): unknown {
  if (typeof value !== 'object' || value === null) return value
  if (ancestors.has(value)) throw new TypeError('canonicalizePreviewDataKeyOrder: the payload contains a cycle')
  ancestors.add(value)
  let out: unknown
  if (Array.isArray(value)) {
    const items = layout.items ?? OPEN
    out = value.map((v) => order(v, items, ancestors))
  } else {
    const source = value as Record<string, unknown>
    const result: Record<string, unknown> = {}
    const known = layout.keys
    if (known) {
      for (const key of known) {
        if (Object.hasOwn(source, key)) define(result, key, order(source[key], layout.children!.get(key) ?? OPEN, ancestors))
      }
    }
    const rest = Object.keys(source)
      .filter((k) => !known || !layout.children!.has(k))
      .sort(compareKeys)
    for (const key of rest) define(result, key, order(source[key], layout.values ?? OPEN, ancestors))
    out = result
  }
  ancestors.delete(value)
  return out
}

/** Lexical order by UTF-16 code units, the order `Array.prototype.sort` gives, independent of locale. */
function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Writes own data properties, so a `__proto__` key from JSON.parse stays a key instead of changing the prototype. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}
