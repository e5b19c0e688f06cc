/**
 * A copy of a builder argument that the builder can keep: plain arrays and objects are copied at every depth,
 * `Date`s are cloned, and other values (strings, numbers, luxon `DateTime`s, which are immutable) are kept. Without
 * it, a caller who reuses one object as a template for many `.post()` calls would change the posts already added,
 * and the builder values that hold them. Call it on arguments that passed their checks (so they hold no cycles).
 * @example
 * const input = { title: 'A', tags: ['x'] }
 * ownCopy(input).tags !== input.tags // true
 */
export function ownCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(ownCopy) as T
  if (value instanceof Date) return new Date(value.getTime()) as T
  if (typeof value !== 'object' || value === null) return value
  const proto = Object.getPrototypeOf(value) as unknown
  if (proto !== Object.prototype && proto !== null) return value
  const out: Record<string, unknown> = {}
  // for…in with an own-property test visits what Object.keys would, without making the array of keys.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    const copy = ownCopy((value as Record<string, unknown>)[key])
    // An own "__proto__" key (JSON.parse makes them) must stay a plain key; assigning it would set the prototype.
    if (key === '__proto__') Object.defineProperty(out, key, { value: copy, enumerable: true, writable: true, configurable: true })
    else out[key] = copy
  }
  return out as T
}
