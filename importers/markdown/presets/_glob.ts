/** How many patterns one glob's braces may expand to; past that the glob is read as written. */
const MAX_ALTERNATIVES = 64

/**
 * Globs as the JavaScript generators' file finders read them (picomatch's rules, which VitePress's `srcExclude`,
 * VuePress's `pagePatterns` and Astro's `glob()` loader go through): `*` and `?` stay within a path segment, a `**`
 * segment spans any number of segments (none too: `**\/x.md` matches `x.md`), `{a,b}` and `(a|b)` are either, `[abc]`,
 * `[a-z]` one of those characters and `[^_]` (or `[!_]`) any other. A pattern matches a path or, unless `files` is set
 * (a loader's patterns name files), any of its folders, so `drafts` and `drafts/**` both leave out what is below
 * `drafts/`. Patterns are relative to the folder searched. Matching is by segments and never backtracks without
 * bound: a site's own globs are input like any other.
 */
export function globMatcher(patterns: readonly string[], options: { files?: boolean } = {}): (rel: string) => boolean {
  const globs = patterns.flatMap((p) => expandBraces(p.replace(/^\.\//, ''))).map((p) => p.split('/').filter((s) => s !== '').map((seg) => (seg === '**' ? seg : tokens(seg))))
  return (rel) => {
    if (globs.length === 0) return false
    const segs = rel.split('/')
    for (let n = segs.length; n > (options.files ? segs.length - 1 : 0); n--) {
      const part = segs.slice(0, n)
      if (globs.some((g) => matchSegments(g, part))) return true
    }
    return false
  }
}

/**
 * `{a,b}c` → `ac`, `bc`, and `(a|b)c` likewise (each group in turn, not nested); a glob expanding past the limit
 * stays as written.
 */
function expandBraces(glob: string): string[] {
  let out = [glob]
  for (;;) {
    const next: string[] = []
    let changed = false
    for (const g of out) {
      const m = firstGroup(g)
      if (!m) {
        next.push(g)
        continue
      }
      changed = true
      for (const alt of m.alternatives) next.push(g.slice(0, m.start) + alt + g.slice(m.end))
    }
    if (!changed) return out
    if (next.length > MAX_ALTERNATIVES) return [glob]
    out = next
  }
}

/**
 * The first `{a,b}` or `(a|b)` group, not nested, as /\{([^{}]*,[^{}]*)\}|\(([^()]*\|[^()]*)\)/ finds it, but by
 * reading each stretch between brackets once: the pattern read on from every comma of an unclosed `{a,a,a…` (a
 * glob of 64 KB of them: ratio 65 for eight times the length, the square of it).
 */
function firstGroup(glob: string): { start: number; end: number; alternatives: string[] } | null {
  for (let i = 0; i < glob.length; i++) {
    const open = glob[i]
    if (open !== '{' && open !== '(') continue
    const [close, other, sep] = open === '{' ? ['}', '{', ','] : [')', '(', '|']
    let j = i + 1
    while (j < glob.length && glob[j] !== close && glob[j] !== other) j++
    if (glob[j] !== close) continue
    const inner = glob.slice(i + 1, j)
    if (inner.includes(sep)) return { start: i, end: j + 1, alternatives: inner.split(sep) }
  }
  return null
}

/** Whether the pattern's segments match the path's: a `**` segment takes any number of them (by a table, not by search). */
function matchSegments(glob: Array<'**' | Token[]>, path: string[]): boolean {
  // can[j]: the first i pattern segments match the first j path segments; one row per pattern segment.
  let can = path.map(() => false).concat(false)
  can[0] = true
  for (const seg of glob) {
    const next = can.map(() => false)
    if (seg === '**') {
      let reached = false
      for (let j = 0; j <= path.length; j++) next[j] = reached = reached || can[j]
    } else for (let j = 1; j <= path.length; j++) next[j] = can[j - 1] && matchSegment(seg, [...path[j - 1]])
    can = next
  }
  return can[path.length]
}

/** One place of a segment's pattern: any run of characters, any one, a character, or a class of them. */
type Token = '*' | '?' | { char: string } | { negate: boolean; ranges: Array<[string, string]> }

/** A segment's pattern as tokens; a `[` without its `]` is itself (a `]` first in the class is one of its characters). */
function tokens(glob: string): Token[] {
  const chars = [...glob]
  const out: Token[] = []
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]
    if (c === '*') {
      if (out[out.length - 1] !== '*') out.push('*')
      continue
    }
    if (c === '?') {
      out.push('?')
      continue
    }
    if (c === '[') {
      const negate = chars[i + 1] === '^' || chars[i + 1] === '!'
      const first = i + (negate ? 2 : 1)
      const close = chars.indexOf(']', first + 1)
      if (close !== -1) {
        const ranges: Array<[string, string]> = []
        for (let k = first; k < close; k++) {
          if (chars[k + 1] === '-' && k + 2 < close) {
            ranges.push([chars[k], chars[k + 2]])
            k += 2
          } else ranges.push([chars[k], chars[k]])
        }
        out.push({ negate, ranges })
        i = close
        continue
      }
    }
    out.push({ char: c === '\\' && i + 1 < chars.length ? chars[++i] : c })
  }
  return out
}

/** Whether one token that stands for one character matches `c`. */
function matchOne(token: Exclude<Token, '*'>, c: string): boolean {
  if (token === '?') return true
  if ('char' in token) return token.char === c
  return token.ranges.some(([lo, hi]) => lo <= c && c <= hi) !== token.negate
}

/** `*`, `?` and classes within one segment (a `**` inside a segment is a `*`), by the two-pointer method: time at most length × length. */
function matchSegment(glob: Token[], text: string[]): boolean {
  let g = 0
  let t = 0
  let star = -1
  let mark = 0
  while (t < text.length) {
    const token = glob[g]
    if (g < glob.length && token !== '*' && matchOne(token, text[t])) {
      g++
      t++
    } else if (g < glob.length && token === '*') {
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
