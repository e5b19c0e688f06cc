/**
 * A copy of a builder argument that the builder can keep: plain arrays and objects are copied at every depth,
 * `Date`s are cloned, and other values (strings, numbers, luxon `DateTime`s, which are immutable) are kept. Without
 * it, a caller who reuses one object as a template for many `.post()` calls would change the posts already added,
 * and the builder values that hold them. Call it on arguments that passed their checks (so they hold no cycles).
 * It walks with a stack of its own: open members (widget `settings`) may nest as deep as their author likes.
 * @example
 * const input = { title: 'A', tags: ['x'] }
 * ownCopy(input).tags !== input.tags // true
 */
export function ownCopy<T>(value: T): T {
  const root = shallowCopy(value)
  if (root === value) return value
  const pending: [source: object, target: Record<string, unknown> | unknown[]][] = [[value as object, root as Record<string, unknown>]]
  while (pending.length > 0) {
    const [source, target] = pending.pop()!
    if (Array.isArray(source)) {
      for (let i = 0; i < source.length; i++) target[i as never] = take(source[i], pending) as never
      continue
    }
    // for…in with an own-property test visits what Object.keys would, without making the array of keys.
    for (const key in source) {
      if (!Object.hasOwn(source, key)) continue
      const copy = take((source as Record<string, unknown>)[key], pending)
      // An own "__proto__" key (JSON.parse makes them) must stay a plain key; assigning it would set the prototype.
      if (key === '__proto__') Object.defineProperty(target, key, { value: copy, enumerable: true, writable: true, configurable: true })
      else (target as Record<string, unknown>)[key] = copy
    }
  }
  return root as T
}

/** The copy of one member: a fresh container (queued to be filled) for arrays and plain objects. */
function take(value: unknown, pending: [object, Record<string, unknown> | unknown[]][]): unknown {
  const copy = shallowCopy(value)
  if (copy !== value && !(value instanceof Date)) pending.push([value as object, copy as Record<string, unknown> | unknown[]])
  return copy
}

/** An empty container for an array or plain object, a clone of a Date, else the value itself. */
function shallowCopy(value: unknown): unknown {
  if (Array.isArray(value)) return new Array<unknown>(value.length)
  if (value instanceof Date) return new Date(value.getTime())
  if (typeof value !== 'object' || value === null) return value
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null ? {} : value
}
