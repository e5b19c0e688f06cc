/**
 * A path glob (a Hugo `cascade` entry's `_target.path`, such as `{/news/**,/blog/**}`; a Jekyll `defaults` scope's
 * `path`, such as `projects/*.md`) as a matcher of whole paths, or with `prefix` of a path or any folder above it.
 *
 * Both dialects (gohugo.io "Glob patterns"; Ruby's Dir.glob, which Jekyll 4.3's `FrontmatterDefaults#glob_scope`
 * calls): `*` any run of characters but `/`, `?` any one character but `/`, `[abc]`, `[a-c]` and `[!a]` one character
 * of (or not of) the set, `{a,b}` each comma-separated alternative, nested or anywhere in the glob (a comma outside
 * braces, an unclosed brace or bracket, is itself), `\x` the character x; every other character is itself. They
 * differ on `**`: Hugo's is any run, `/` included; Ruby's is zero or more folders when it is a whole segment followed
 * by a slash, and `*` elsewhere (`a/**.md` is `a/*.md`); Ruby's wildcards (and `[^a]`) never match a `.` that starts a name.
 *
 * Matched by following every place the pattern can be at once, never by backtracking or expanding braces: a glob is
 * input (a regular expression made from `*a*a*a…b` took time exponential in its stars, and one from `?x` threw and
 * sank the import), so a test costs at most the path's length times the glob's; the sets of places are kept
 * (GlobStates), so that the paths after the first cost about their length. That product is why callers leave out
 * globs longer than MAX_GLOB_LENGTH (globTooLong) with a warning.
 */
export function pathGlobMatcher(glob: string, options: { prefix?: boolean; dialect?: GlobDialect } = {}): (path: string) => boolean {
  const ruby = options.dialect === 'ruby'
  const states = new GlobStates(compileGlob(globTokens([...glob], ruby)), ruby)
  const seen = new Map<string, boolean>()
  return (path) => {
    let hit = seen.get(path)
    if (hit === undefined) {
      hit = states.matches([...path], options.prefix === true)
      seen.set(path, hit)
    }
    return hit
  }
}

export type GlobDialect = 'hugo' | 'ruby'

/** The longest glob followed: a 100 KB one took 2 s for each 4 KB path. */
export const MAX_GLOB_LENGTH = 4096

export function globTooLong(glob: string): boolean {
  return glob.length > MAX_GLOB_LENGTH
}

type CharTest = (c: string) => boolean

/** What a glob is made of: characters read (`wild` when a wildcard), star loops, Ruby's folder runs, and braces' marks. */
type GlobToken =
  | { kind: 'read'; test: CharTest; wild: boolean }
  | { kind: 'star'; test: CharTest }
  | { kind: 'folders' }
  | { kind: 'open' | 'sep' | 'close' }

const NOT_SLASH: CharTest = (c) => c !== '/'
const ANY: CharTest = () => true

function globTokens(chars: string[], ruby: boolean): GlobToken[] {
  const closeAt = nextBracket(chars)
  const out: GlobToken[] = []
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!
    if (c === '\\' && i + 1 < chars.length) out.push(literal(chars[++i]!))
    else if (c === '?') out.push({ kind: 'read', test: NOT_SLASH, wild: true })
    else if (c === '[' && closeAt[classStart(chars, i, ruby)] !== -1) {
      const end = closeAt[classStart(chars, i, ruby)]!
      out.push({ kind: 'read', test: classTest(chars, i, end, ruby), wild: true })
      i = end
    } else if (c === '*') {
      let end = i
      while (chars[end + 1] === '*') end++
      if (!ruby) out.push({ kind: 'star', test: end > i ? ANY : NOT_SLASH })
      else if (end > i && (i === 0 || chars[i - 1] === '/') && chars[end + 1] === '/') {
        out.push({ kind: 'folders' })
        end++
      } else out.push({ kind: 'star', test: NOT_SLASH })
      i = end
    } else if (c === '{') out.push({ kind: 'open' })
    else if (c === ',') out.push({ kind: 'sep' })
    else if (c === '}') out.push({ kind: 'close' })
    else out.push(literal(c))
  }
  return resolveBraces(out)
}

function literal(c: string): GlobToken {
  return { kind: 'read', test: (x) => x === c, wild: false }
}

/** For each position, the next `]` at or after it (-1: none): one pass from the end. */
function nextBracket(chars: string[]): Int32Array {
  const out = new Int32Array(chars.length + 2).fill(-1)
  for (let i = chars.length - 1; i >= 0; i--) out[i] = chars[i] === ']' ? i : out[i + 1]!
  return out
}

/** Where the `]` closing the class opened at `open` is looked for: past its `!`/`^` and a leading `]`. */
function classStart(chars: string[], open: number, ruby: boolean): number {
  let i = open + 1
  if (chars[i] === '!' || (ruby && chars[i] === '^')) i++
  if (chars[i] === ']') i++
  return Math.min(i, chars.length)
}

function classTest(chars: string[], open: number, close: number, ruby: boolean): CharTest {
  let i = open + 1
  const negated = chars[i] === '!' || (ruby && chars[i] === '^')
  if (negated) i++
  const ranges: Array<[string, string]> = []
  for (; i < close; i++) {
    if (chars[i + 1] === '-' && i + 2 < close) {
      ranges.push([chars[i]!, chars[i + 2]!])
      i += 2
    } else ranges.push([chars[i]!, chars[i]!])
  }
  return (c) => c !== '/' && ranges.some(([a, b]) => a <= c && c <= b) !== negated
}

/** Braces that open and close each other stay marks, with the commas directly inside them; the rest are characters. */
function resolveBraces(tokens: GlobToken[]): GlobToken[] {
  const stack: Array<{ at: number; seps: number[] }> = []
  const real = new Uint8Array(tokens.length)
  tokens.forEach((t, i) => {
    if (t.kind === 'open') stack.push({ at: i, seps: [] })
    else if (t.kind === 'sep') stack[stack.length - 1]?.seps.push(i)
    else if (t.kind === 'close' && stack.length > 0) {
      const open = stack.pop()!
      for (const at of [open.at, i, ...open.seps]) real[at] = 1
    }
  })
  const CHAR = { open: '{', sep: ',', close: '}' } as const
  return tokens.map((t, i) => (t.kind === 'open' || t.kind === 'sep' || t.kind === 'close') && real[i] === 0 ? literal(CHAR[t.kind]) : t)
}

/** A place of the pattern: one that reads a character and goes on at `next`, one that goes on at several places
 * without reading (`to`), or the end. */
type GlobNode = { test: CharTest; wild: boolean; next: number } | { to: number[] } | { end: true }

/** The places of a pattern as a small automaton (Thompson's construction), in one pass over its tokens. */
function compileGlob(tokens: GlobToken[]): GlobNode[] {
  const nodes: GlobNode[] = []
  const add = <T extends GlobNode>(node: T): [T, number] => [node, nodes.push(node) - 1]
  let [tail] = add({ to: [] }) as [{ to: number[] } | { next: number }, number]
  const link = (index: number) => ('next' in tail ? (tail.next = index) : tail.to.push(index))
  const fork = () => {
    const [node, index] = add({ to: [] as number[] })
    link(index)
    tail = node
    return [node, index] as const
  }
  const open: Array<{ fork: { to: number[] }; join: number }> = []
  const alternative = (from: { to: number[] }) => {
    const [start, index] = add({ to: [] as number[] })
    from.to.push(index)
    tail = start
  }
  for (const t of tokens) {
    if (t.kind === 'read') {
      const [node, index] = add({ test: t.test, wild: t.wild, next: -1 })
      link(index)
      tail = node
    } else if (t.kind === 'star') {
      const [loop, loopIndex] = fork()
      const [, read] = add({ test: t.test, wild: true, next: loopIndex })
      loop.to.push(read)
    } else if (t.kind === 'folders') {
      // Zero or more folders: at a name's start, go on or read a name's first character; then more of it, or `/`.
      const [atName, atNameIndex] = fork()
      const [inName, inNameIndex] = add({ to: [] as number[] })
      const [, first] = add({ test: NOT_SLASH, wild: true, next: inNameIndex })
      const [, slash] = add({ test: (c: string) => c === '/', wild: false, next: atNameIndex })
      inName.to.push(first, slash)
      atName.to.push(first)
    } else if (t.kind === 'open') {
      const [f] = fork()
      open.push({ fork: f, join: add({ to: [] as number[] })[1] })
      alternative(f)
    } else {
      const top = open[open.length - 1]!
      link(top.join)
      if (t.kind === 'sep') alternative(top.fork)
      else {
        open.pop()
        tail = nodes[top.join] as { to: number[] }
      }
    }
  }
  link(add({ end: true })[1])
  return nodes
}

/** A set of places the pattern can be at together (sorted), whether the end is one, and the sets each character leads to. */
interface GlobState {
  places: Int32Array
  accepts: boolean
  next: Map<string, GlobState>
}

/**
 * The sets of places a glob's automaton reaches, each made once and kept with the set each character leads it to
 * (the automaton made deterministic as texts need it), so a path costs one look-up per character once its sets are
 * known: followed from scratch, each character cost the number of places, which a glob such as `**a**a…` makes as
 * many as its length (a 4 KB one took 150 ms for each page of a site with 2 KB paths). What is kept is bounded
 * (MAX_KEPT); past that, sets are followed without being kept, as they were before.
 */
class GlobStates {
  readonly #nodes: GlobNode[]
  readonly #ruby: boolean
  readonly #known = new Map<string, GlobState>()
  readonly #start: GlobState
  readonly #mark: Int32Array
  #stamp = 0
  #kept = 0

  constructor(nodes: GlobNode[], ruby: boolean) {
    this.#nodes = nodes
    this.#ruby = ruby
    this.#mark = new Int32Array(nodes.length).fill(-1)
    this.#start = this.#state(this.#reach([0]))
  }

  /** Whether the whole text (with `prefix`, or the text before any `/` of it) leads to a set holding the end. */
  matches(text: string[], prefix: boolean): boolean {
    let state = this.#start
    for (let i = 0; i < text.length && state.places.length > 0; i++) {
      const c = text[i]!
      if (prefix && c === '/' && state.accepts) return true
      // With `ruby`, a wildcard does not read a `.` that starts a name: such a dot is a character of its own.
      const hidden = this.#ruby && c === '.' && (i === 0 || text[i - 1] === '/')
      const key = hidden ? '/.' : c
      let next = state.next.get(key)
      if (next === undefined) {
        next = this.#step(state, c, hidden)
        if (this.#kept < MAX_KEPT) {
          state.next.set(key, next)
          this.#kept++
        }
      }
      state = next
    }
    return state.accepts
  }

  #step(state: GlobState, c: string, hidden: boolean): GlobState {
    const from: number[] = []
    for (const p of state.places) {
      const node = this.#nodes[p]!
      if ('test' in node && node.test(c) && !(hidden && node.wild)) from.push(node.next)
    }
    return this.#state(this.#reach(from))
  }

  /** The places that read a character or end, reached from `from` without reading one. */
  #reach(from: number[]): number[] {
    const stamp = ++this.#stamp
    const into: number[] = []
    const stack = from.slice().reverse()
    while (stack.length > 0) {
      const p = stack.pop()!
      if (this.#mark[p] === stamp) continue
      this.#mark[p] = stamp
      const node = this.#nodes[p]!
      if (!('to' in node)) into.push(p)
      else for (let k = node.to.length - 1; k >= 0; k--) if (this.#mark[node.to[k]!] !== stamp) stack.push(node.to[k]!)
    }
    return into.sort((a, b) => a - b)
  }

  #state(places: number[]): GlobState {
    const key = places.join(',')
    const known = this.#known.get(key)
    if (known) return known
    const state = { places: Int32Array.from(places), accepts: places.includes(this.#nodes.length - 1), next: new Map<string, GlobState>() }
    if (this.#kept < MAX_KEPT) {
      this.#known.set(key, state)
      this.#kept += places.length + STATE_COST
    }
    return state
  }
}

/** What one glob keeps at most: its sets' places, a set counting STATE_COST more, and each character's step once (about 30 MB). */
export const MAX_KEPT = 2_000_000
const STATE_COST = 64
