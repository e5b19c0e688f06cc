/**
 * A path glob (a Hugo `cascade` entry's `_target.path`, such as `{/news/**,/blog/**}`; a Jekyll `defaults` scope's
 * `path`, such as `projects/*.md`) as a matcher of whole paths, or with `prefix` of a path or any folder above it.
 * The wildcards of gohugo.io's "Glob patterns" table (Ruby's Dir.glob, which Jekyll uses, reads them alike): `*` any
 * run of characters but `/`, `**` any run, `?` any one character but `/`; the outer braces' comma-separated
 * alternatives are each tried; every other character is itself. Matched by following every place the pattern can be
 * at once, never by backtracking: a glob is input (a regular expression made from `*a*a*a…b` took time exponential
 * in its stars, and one from `?x` threw and sank the import), so a test costs at most the path's length times the
 * places it can be at, and each path is tested once.
 */
export function pathGlobMatcher(glob: string, options: { prefix?: boolean } = {}): (path: string) => boolean {
  const alternatives = glob.replace(/^\{|\}$/g, '').split(',').map((g) => pathTokens(g.trim()))
  const seen = new Map<string, boolean>()
  return (path) => {
    let hit = seen.get(path)
    if (hit === undefined) {
      const chars = [...path]
      hit = alternatives.some((tokens) => matches(tokens, chars, options.prefix === true))
      seen.set(path, hit)
    }
    return hit
  }
}

/** One place of a pattern: a character, `?`, `*` (within a segment) or `**` (across them). */
type PathToken = string | { any: 'one' | 'segment' | 'path' }

const ONE = { any: 'one' } as const
const SEGMENT = { any: 'segment' } as const
const PATH = { any: 'path' } as const

/** The pattern's places; a run of two or more stars is one `**`. */
function pathTokens(glob: string): PathToken[] {
  const out: PathToken[] = []
  const chars = [...glob]
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] === '?') out.push(ONE)
    else if (chars[i] !== '*') out.push(chars[i])
    else {
      let end = i
      while (chars[end + 1] === '*') end++
      out.push(end > i ? PATH : SEGMENT)
      i = end
    }
  }
  return out
}

/**
 * Whether the places reachable after the whole text (with `prefix`, or before any `/` of it) include the pattern's
 * end: a set of places, one step a character.
 */
function matches(tokens: PathToken[], text: string[], prefix: boolean): boolean {
  const mark = new Int32Array(tokens.length + 1).fill(-1)
  let places: number[] = []
  const add = (into: number[], place: number, step: number) => {
    // A star may also match nothing: the place after it is reached with it.
    for (let p = place; p <= tokens.length && mark[p] !== step; p++) {
      mark[p] = step
      into.push(p)
      const token = tokens[p]
      if (token === undefined || typeof token === 'string' || token.any === 'one') break
    }
  }
  add(places, 0, 0)
  for (let i = 0; i < text.length && places.length > 0; i++) {
    const c = text[i]
    if (prefix && c === '/' && places.includes(tokens.length)) return true
    const next: number[] = []
    for (const p of places) {
      const token = tokens[p]
      if (token === undefined) continue
      if (typeof token === 'string') {
        if (token === c) add(next, p + 1, i + 1)
      } else if (token.any === 'one') {
        if (c !== '/') add(next, p + 1, i + 1)
      } else if (token.any === 'path' || c !== '/') add(next, p, i + 1)
    }
    places = next
  }
  return places.includes(tokens.length)
}
