/** Values from front matter and site configuration, as templates see them. */

/**
 * The value at `path` inside `root` (plain objects and arrays; array indexes as numbers or digit strings), or
 * undefined. With `anyCase`, keys match whatever their case (Hugo's configuration keys are case-insensitive).
 */
export function lookupPath(root: unknown, path: Array<string | number>, anyCase = false): unknown {
  let value: unknown = root
  for (const key of path) {
    if (value === null || value === undefined) return undefined
    if (Array.isArray(value)) {
      const index = typeof key === 'number' ? key : /^-?\d+$/.test(key) ? Number(key) : NaN
      if (!Number.isInteger(index)) return undefined
      value = value[index < 0 ? value.length + index : index]
      continue
    }
    if (typeof value !== 'object') return undefined
    const record = value as Record<string, unknown>
    const name = String(key)
    if (Object.prototype.hasOwnProperty.call(record, name)) value = record[name]
    else if (anyCase) {
      const lower = name.toLowerCase()
      const found = Object.keys(record).find((k) => k.toLowerCase() === lower)
      value = found === undefined ? undefined : record[found]
    } else return undefined
  }
  return value
}

/** How a value prints: Hugo (Go's fmt: `[a b]`, `map[k:v]`) or Liquid (arrays joined, nil empty). */
export function toText(value: unknown, style: 'hugo' | 'liquid'): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString()
  if (Array.isArray(value)) return style === 'hugo' ? `[${value.map((v) => toText(v, style)).join(' ')}]` : value.map((v) => toText(v, style)).join('')
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
    return style === 'hugo'
      ? `map[${entries.map(([k, v]) => `${k}:${toText(v, style)}`).join(' ')}]`
      : `{${entries.map(([k, v]) => `${JSON.stringify(k)}=>${typeof v === 'string' ? JSON.stringify(v) : toText(v, style)}`).join(', ')}}`
  }
  return ''
}

/** A partial's or included page's body without its front matter (`---` YAML, `+++` TOML) and byte order mark. */
export function stripFrontMatter(text: string): string {
  let t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  t = t.includes('\r') ? t.replace(/\r\n?/g, '\n') : t
  const fence = t.startsWith('---\n') ? ['---', '...'] : t.startsWith('+++\n') ? ['+++'] : null
  if (!fence) return t
  let pos = 4
  while (pos <= t.length) {
    const nl = t.indexOf('\n', pos)
    const end = nl === -1 ? t.length : nl
    if (fence.includes(t.slice(pos, end).trimEnd())) return nl === -1 ? '' : t.slice(nl + 1)
    if (nl === -1) break
    pos = nl + 1
  }
  return t
}
