/**
 * Objects merged as `{ ...a, ...b, … }` builds them: a later object's value wins, each key keeps the place it was
 * first set, and a `__proto__` key is an own property. Each key is set once, in time linear in the keys: spreading
 * each object onto a copy of all those before it took time in the square of their number (4,000 one-key Hugo
 * cascades: 18 s; 4,000 Jekyll defaults: 15 s, for ten pages).
 * @example
 * mergedValues([{ a: 1, b: 2 }, { a: 3 }]) // { a: 3, b: 2 }
 */
export function mergedValues(objects: Iterable<Record<string, unknown>>): Record<string, unknown> {
  const out = new Map<string, unknown>()
  for (const values of objects) for (const key of Object.keys(values)) out.set(key, values[key])
  return Object.fromEntries(out)
}
