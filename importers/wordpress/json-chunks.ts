/**
 * Serializes a value as `JSON.stringify(value, null, 2)` would, but in pieces: containers down to `depth` levels
 * are opened one member at a time, so a payload of a million posts is written without ever building one string
 * (V8 caps a string at about 512 MiB).
 * @example
 * [...jsonChunks({ a: [1, 2] })].join('') === JSON.stringify({ a: [1, 2] }, null, 2) // true
 */
export function* jsonChunks(value: unknown, depth = 3, indent = ''): Generator<string> {
  if (depth <= 0 || value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    const text = JSON.stringify(value, null, 2)
    yield indent && text.includes('\n') ? text.replace(/\n/g, '\n' + indent) : text
    return
  }
  const inner = indent + '  '
  if (Array.isArray(value)) {
    if (value.length === 0) {
      yield '[]'
      return
    }
    yield '['
    for (let i = 0; i < value.length; i++) {
      yield (i === 0 ? '\n' : ',\n') + inner
      const v = value[i]
      // JSON.stringify writes undefined, functions and symbols in arrays as null.
      if (v === undefined || typeof v === 'function' || typeof v === 'symbol') yield 'null'
      else yield* jsonChunks(v, depth - 1, inner)
    }
    yield '\n' + indent + ']'
    return
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol')
  if (entries.length === 0) {
    yield '{}'
    return
  }
  yield '{'
  for (let i = 0; i < entries.length; i++) {
    const [k, v] = entries[i]
    yield (i === 0 ? '\n' : ',\n') + inner + JSON.stringify(k) + ': '
    yield* jsonChunks(v, depth - 1, inner)
  }
  yield '\n' + indent + '}'
}
