import { createHash } from 'node:crypto'

/**
 * A digest of a JSON value, walked without recursion (payloads nested 100,000 deep included). With `sortKeys`, key
 * order does not count: two values with the same members have the same digest.
 */
export function valueDigest(value: unknown, sortKeys: boolean): string {
  const hash = createHash('sha256')
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const v = stack.pop()
    if (typeof v === 'string') hash.update(`s${v.length}:`).update(v)
    // -0 is 0 here: JSON writes both as 0.
    else if (typeof v === 'number') hash.update(`n${String(v)};`)
    else if (typeof v === 'boolean' || v === null || v === undefined) hash.update(`${String(v)};`)
    else if (Array.isArray(v)) {
      hash.update(`a${v.length}[`)
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i])
    } else if (typeof v === 'object') {
      const keys = Object.keys(v)
      if (sortKeys) keys.sort()
      hash.update(`o${keys.length}{`)
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push((v as Record<string, unknown>)[keys[i]])
        stack.push(keys[i])
      }
    } else hash.update(`?${typeof v};`)
  }
  return hash.digest('hex')
}
