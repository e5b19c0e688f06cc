import schema from './contract/preview-data.v0.7.schema.json' with { type: 'json' }
import { compareCodeUnits } from './compare.js'
import { LIMITS } from './contract/constants.js'
import { PreviewDataError, pointer } from './validate/issue.js'

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
 * unknown fields, and it never changes a value: anything JSON cannot write as it is (a number that overflowed to
 * `Infinity`, as `JSON.parse('1e999')` gives, `NaN`, a function, a `Date`, a cycle) throws a `PreviewDataError`
 * naming its JSON Pointer, where `JSON.stringify` would write `null` or `{}` instead. It walks without recursion, so
 * nesting depth is not limited by the stack. Strings are shared with the input, not copied.
 * @example
 * JSON.stringify(canonicalizePreviewDataKeyOrder({ generator: 'x', version: '0.7' })) // '{"version":"0.7","generator":"x"}'
 */
export function canonicalizePreviewDataKeyOrder<T>(payload: T): T {
  return orderedClone(payload, ROOT) as T
}

/**
 * A clone with every object's keys sorted at every depth: the canonical form of open objects (`meta`, `data`,
 * widget `settings`).
 * @example
 * JSON.stringify(sortKeysDeep({ b: 1, a: { d: 2, c: 3 } })) // '{"a":{"c":3,"d":2},"b":1}'
 */
export function sortKeysDeep<T>(value: T): T {
  return orderedClone(value, OPEN) as T
}

/**
 * The text of `JSON.stringify(canonicalizePreviewDataKeyOrder(payload), null, indent)`, in pieces of about 64 KiB,
 * without building the clone or the whole string: a 200 MB payload is written with little more memory than its
 * parsed value holds. The payload is checked whole before the first piece (the same refusals as
 * `canonicalizePreviewDataKeyOrder`, thrown by this call), so a writer never starts an output it cannot finish.
 * @example
 * for (const piece of canonicalJsonChunks(payload)) stream.write(piece)
 * [...canonicalJsonChunks({ generator: 'x', version: '0.7' }, 0)].join('') // '{"version":"0.7","generator":"x"}'
 */
export function canonicalJsonChunks(payload: unknown, indent = 2): Iterable<string> {
  checkJsonData(payload, indent > 0 ? INDENTED_DEPTH : Number.POSITIVE_INFINITY)
  return serialize(payload, ROOT, indent)
}

/**
 * The deepest nesting written with indentation. Every line repeats the indentation of its depth, so indented text
 * grows with the square of the depth (a menu 5,000 levels deep, 273 KB of payload, took 350 MB), while no payload
 * the validator accepts nests deeper than about 520 levels (menus: 256 item levels, two JSON levels each).
 */
const INDENTED_DEPTH = 1_000

// ---------------------------------------------------------------------------------------------------------------
// The walks below keep their own stack of open containers instead of recursing, so a payload nested a hundred
// thousand levels deep is handled like any other.

type Container = Record<string, unknown> | unknown[]

interface Frame {
  source: Container
  /** Array indices, or the object's keys in canonical order. */
  keys: readonly (string | number)[]
  next: number
  layout: Layout
  /** The member of the parent this container is, for error pointers. */
  key: string | number
}

/** The keys of an object in canonical order: known ones in schema order, then the others sorted. */
function orderedKeys(source: Record<string, unknown>, layout: Layout): string[] {
  const known = layout.keys
  const out: string[] = []
  if (known) for (const key of known) if (Object.hasOwn(source, key)) out.push(key)
  const rest = Object.keys(source)
  const others = known ? rest.filter((k) => !layout.children!.has(k)) : rest
  return out.concat(others.sort(compareCodeUnits))
}

function childLayout(layout: Layout, isArray: boolean, key: string | number): Layout {
  if (isArray) return layout.items ?? OPEN
  return layout.children?.get(key as string) ?? layout.values ?? OPEN
}

function framePath(stack: readonly Frame[], last: string | number): string {
  return stack.length === 0 ? '' : pointer(...stack.slice(1).map((f) => f.key), last)
}

/** Refuses what JSON cannot hold as it is; returns whether the value is an array or plain object to descend into. */
function isContainer(value: unknown, stack: readonly Frame[], key: string | number, inArray: boolean, open: Set<object>): value is Container {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return false
    case 'number':
      if (Number.isFinite(value)) return false
      throw new PreviewDataError('invalid_value', `${show(stack, key)} is ${value}, which JSON cannot hold (it would be written as null): a number this large overflowed when the JSON was read; write it as a string or a smaller number.`, framePath(stack, key))
    case 'undefined':
      // An object member that is undefined is absent in JSON, as the contract's optional members are; in an array
      // it would become null.
      if (!inArray) return false
      break
    case 'object': {
      if (value === null) return false
      const proto = Object.getPrototypeOf(value) as unknown
      if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) break
      if (open.has(value)) throw new PreviewDataError('invalid_value', `${show(stack, key)} contains itself (a cycle): a payload must be a JSON tree.`, framePath(stack, key))
      return true
    }
  }
  const kind = typeof value === 'object' ? (value as object).constructor?.name ?? 'object' : typeof value
  throw new PreviewDataError('invalid_type', `${show(stack, key)} is a ${kind}, which JSON cannot hold as it is: pass plain JSON data (strings, finite numbers, booleans, null, arrays and plain objects).`, framePath(stack, key))
}

function tooDeep(stack: readonly Frame[], key: string | number, maxDepth: number): PreviewDataError {
  const path = framePath(stack, key)
  // The pointer is as deep as the value: the message shows its start, the error's path holds all of it.
  const shown = path.length > 120 ? `${path.slice(0, 120)}…` : path
  return new PreviewDataError(
    'invalid_payload',
    `The value at ${shown} is nested more than ${maxDepth.toLocaleString('en-US')} levels deep: written with indentation, text this deep grows with the square of its depth, and no valid payload nests this deep (menu items stop at ${LIMITS.menuItemDepth} levels). Flatten it, or write it without indentation.`,
    path,
  )
}

function show(stack: readonly Frame[], key: string | number): string {
  return stack.length === 0 ? 'The payload' : `The value at ${framePath(stack, key)}`
}

function orderedClone(root: unknown, rootLayout: Layout): unknown {
  return walk(root, rootLayout, true)
}

/** Checks a whole value the way `orderedClone` does, building nothing; refuses nesting deeper than `maxDepth`. */
function checkJsonData(root: unknown, maxDepth: number): void {
  walk(root, OPEN, false, maxDepth)
}

/** Visits every value once, refusing what JSON cannot hold; with `build`, returns the clone in canonical key order. */
function walk(root: unknown, rootLayout: Layout, build: boolean, maxDepth = Number.POSITIVE_INFINITY): unknown {
  const open = new Set<object>()
  if (!isContainer(root, [], '', false, open)) return root
  const stack: (Frame & { target: Container | undefined })[] = []
  const enter = (source: Container, layout: Layout, key: string | number): Container | undefined => {
    if (stack.length >= maxDepth) throw tooDeep(stack, key, maxDepth)
    const isArray = Array.isArray(source)
    const target: Container | undefined = build ? (isArray ? new Array<unknown>(source.length) : {}) : undefined
    const keys = isArray ? indices(source.length) : build ? orderedKeys(source, layout) : Object.keys(source)
    open.add(source)
    stack.push({ source, target, layout, key, next: 0, keys })
    return target
  }
  const result = enter(root, rootLayout, '')
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]
    if (frame.next === frame.keys.length) {
      open.delete(frame.source)
      stack.pop()
      continue
    }
    const key = frame.keys[frame.next++]
    const isArray = Array.isArray(frame.source)
    const value = (frame.source as Record<string | number, unknown>)[key]
    const copy = isContainer(value, stack, key, isArray, open) ? enter(value, childLayout(frame.layout, isArray, key), key) : value
    if (frame.target !== undefined) define(frame.target, key, copy)
  }
  return result
}

function indices(length: number): number[] {
  const out = new Array<number>(length)
  for (let i = 0; i < length; i++) out[i] = i
  return out
}

const PIECE = 1 << 16

/** JSON text in canonical order, as JSON.stringify(value, null, indent) writes it; the value was checked first. */
function* serialize(root: unknown, rootLayout: Layout, indent: number): Generator<string> {
  if (typeof root !== 'object' || root === null) {
    yield JSON.stringify(root)
    return
  }
  const pretty = indent > 0
  const unit = ' '.repeat(Math.min(indent, 10))
  const colon = pretty ? ': ' : ':'
  let piece = ''
  const stack: (Frame & { wrote: number })[] = []
  const open = (value: Container, layout: Layout, key: string | number): string => {
    const isArray = Array.isArray(value)
    const keys = isArray ? indices(value.length) : orderedKeys(value, layout).filter((k) => value[k] !== undefined)
    if (keys.length === 0) return isArray ? '[]' : '{}'
    stack.push({ source: value, keys, next: 0, layout, key, wrote: 0 })
    return isArray ? '[' : '{'
  }
  piece += open(root as Container, rootLayout, '')
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]
    const isArray = Array.isArray(frame.source)
    if (frame.next === frame.keys.length) {
      stack.pop()
      piece += (pretty ? `\n${unit.repeat(stack.length)}` : '') + (isArray ? ']' : '}')
    } else {
      const key = frame.keys[frame.next++]
      const value = (frame.source as Record<string | number, unknown>)[key]
      piece += (frame.wrote++ > 0 ? ',' : '') + (pretty ? `\n${unit.repeat(stack.length)}` : '')
      if (!isArray) piece += JSON.stringify(key) + colon
      piece += typeof value === 'object' && value !== null ? open(value as Container, childLayout(frame.layout, isArray, key), key) : JSON.stringify(value)
    }
    if (piece.length >= PIECE) {
      yield piece
      piece = ''
    }
  }
  if (piece.length > 0) yield piece
}

/** Writes own data properties, so a `__proto__` key from JSON.parse stays a key instead of changing the prototype. */
function define(target: Container, key: string | number, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else (target as Record<string | number, unknown>)[key] = value
}
