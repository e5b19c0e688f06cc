/** How many patterns one glob's braces may expand to; past that the glob is read as written. */
const MAX_ALTERNATIVES = 64

/**
 * Globs as the JavaScript generators' file finders read them (picomatch's rules, which VitePress's `srcExclude` and
 * VuePress's `pagePatterns` go through): `*` and `?` stay within a path segment, a `**` segment spans any number of
 * segments (none too: `**\/x.md` matches `x.md`), `{a,b}` is either. A pattern matches a path or any of its folders,
 * so `drafts` and `drafts/**` both leave out what is below `drafts/`. Patterns are relative to the folder searched.
 * Matching is by segments and never backtracks without bound: a site's own globs are input like any other.
 */
export function globMatcher(patterns: readonly string[]): (rel: string) => boolean {
  const globs = patterns.flatMap((p) => expandBraces(p.replace(/^\.\//, ''))).map((p) => p.split('/').filter((s) => s !== ''))
  return (rel) => {
    if (globs.length === 0) return false
    const segs = rel.split('/')
    for (let n = segs.length; n > 0; n--) {
      const part = segs.slice(0, n)
      if (globs.some((g) => matchSegments(g, part))) return true
    }
    return false
  }
}

/** `{a,b}c` → `ac`, `bc` (each brace group in turn, not nested); a glob expanding past the limit stays as written. */
function expandBraces(glob: string): string[] {
  let out = [glob]
  for (;;) {
    const next: string[] = []
    let changed = false
    for (const g of out) {
      const m = /\{([^{}]*,[^{}]*)\}/.exec(g)
      if (!m) {
        next.push(g)
        continue
      }
      changed = true
      for (const alt of m[1].split(',')) next.push(g.slice(0, m.index) + alt + g.slice(m.index + m[0].length))
    }
    if (!changed) return out
    if (next.length > MAX_ALTERNATIVES) return [glob]
    out = next
  }
}

/** Whether the pattern's segments match the path's: a `**` segment takes any number of them (by a table, not by search). */
function matchSegments(glob: string[], path: string[]): boolean {
  // can[j]: the first i pattern segments match the first j path segments; one row per pattern segment.
  let can = path.map(() => false).concat(false)
  can[0] = true
  for (const seg of glob) {
    const next = can.map(() => false)
    if (seg === '**') {
      let reached = false
      for (let j = 0; j <= path.length; j++) next[j] = reached = reached || can[j]
    } else for (let j = 1; j <= path.length; j++) next[j] = can[j - 1] && matchSegment(seg, path[j - 1])
    can = next
  }
  return can[path.length]
}

/** `*` and `?` within one segment (a `**` inside a segment is a `*`), by the two-pointer method: time at most length × length. */
function matchSegment(glob: string, text: string): boolean {
  let g = 0
  let t = 0
  let star = -1
  let mark = 0
  while (t < text.length) {
    if (g < glob.length && (glob[g] === '?' || (glob[g] !== '*' && glob[g] === text[t]))) {
      g++
      t++
    } else if (g < glob.length && glob[g] === '*') {
      star = g++
      mark = t
    } else if (star !== -1) {
      g = star + 1
      t = ++mark
    } else return false
  }
  while (g < glob.length && glob[g] === '*') g++
  return g === glob.length
}
