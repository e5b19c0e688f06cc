/**
 * The one glob engine of the Markdown importer, for the three dialects its generators write globs in:
 *
 * - `picomatch`, as picomatch 4 reads a glob with its default options (Eleventy 3 calls it directly and through
 *   tinyglobby, as Astro's `glob()` loader and current VitePress and VuePress do; fast-glob and micromatch, under
 *   Eleventy 1-2's file search, Hexo and older VitePress/VuePress, build on picomatch too), for VitePress's
 *   `srcExclude`, VuePress's `pagePatterns`, Astro's `glob()` loader, Hexo's `include`/`exclude`/`ignore`,
 *   Eleventy's `.eleventyignore` and `getFilteredByGlob`, and MkDocs' `exclude_docs` lines (with gitignore's
 *   anchoring and `dot`): a `**` segment is zero or more whole segments (`**\/x.md` matches `x.md`, `a/**` matches `a`
 *   and all below it) and `**` inside a segment is `*`; `(a|b)` and `(a)` are groups, `{a,b}` alternatives, `{a}`
 *   itself; extglobs `@(a|b)`, `?(…)`, `*(…)`, `+(…)`; `{a..c}` the class `[a-c]`; `[^a]` and `[!a]` negate (picomatch
 *   negates with `!` only under its `posix` option, which tinyglobby, the generators' file finder, sets); a class with none of
 *   `-*+?.^${}(|)[]\` in it (`[ab]`) also matches its own text, and so does any glob its path equals; without `dot`,
 *   wildcards do not read a `.` that starts a name. Options `nocase` and `dot` (globMatcher) are picomatch's.
 *   Not followed, and read as text: `!(x)` negated extglobs (`!` itself, `(x)` a group), POSIX classes
 *   (`[[:alpha:]]`), ranges of more than one character each side (`{1..10}`: picomatch makes the class `[1-10]`),
 *   an extglob without its `)` (its mark is read as it would be alone). The test table in glob.test.ts runs
 *   picomatch itself where it can be resolved. gitignore's own rules (MkDocs reads `{a,b}` and `(a|b)` as text)
 *   are not a dialect of their own yet.
 * - `hugo` (gohugo.io "Glob patterns", a cascade's `_target.path`): `**` is any run, `/` included.
 * - `ruby` (Ruby's Dir.glob, which Jekyll 4.3's `FrontmatterDefaults#glob_scope` calls for a `defaults` scope):
 *   `**\/` is zero or more folders and `**` elsewhere `*`; wildcards (and `[^a]`) never match a `.` that starts a name.
 *
 * All three: `*` any run of characters but `/`, `?` any one character but `/`, `[abc]`, `[a-c]` and `[!a]` one
 * character of (or not of) the set, `{a,b}` each comma-separated alternative, nested or anywhere in the glob (a comma
 * outside braces, an unclosed brace or bracket, is itself), `\x` the character x; every other character is itself.
 *
 * Matched by following every place the pattern can be at once, never by backtracking or expanding braces: a glob is
 * input (a regular expression made from `*a*a*a…b` took time exponential in its stars, and one from `?x` threw and
 * sank the import), so a test costs at most the path's length times the glob's. That product is why callers of the
 * `hugo` and `ruby` dialects leave out globs longer than MAX_GLOB_LENGTH (globTooLong) with a warning.
 */

/**
 * A path glob (a Hugo `cascade` entry's `_target.path`, such as `{/news/**,/blog/**}`; a Jekyll `defaults` scope's
 * `path`, such as `projects/*.md`) as a matcher of whole paths, or with `prefix` of a path or any folder above it.
 */
export function pathGlobMatcher(glob: string, options: { prefix?: boolean; dialect?: GlobDialect } = {}): (path: string) => boolean {
  const test = globTest(glob, options.prefix === true, options.dialect ?? 'hugo')
  const seen = new Map<string, boolean>()
  return (path) => {
    let hit = seen.get(path)
    if (hit === undefined) {
      hit = test(path)
      seen.set(path, hit)
    }
    return hit
  }
}

/**
 * A list of picomatch globs relative to the folder searched (a leading `./`, empty segments and a trailing `/` do not
 * count) as one matcher: a path matches when any glob matches it or, unless `files` is set (a loader's patterns name
 * files), any of its folders, so `drafts` and `drafts/**` both leave out what is below `drafts/`. picomatch's options:
 * `nocase` compares letters without case (as a regular expression's `i` flag does, here by lower-casing glob and
 * path), `dot` lets wildcards read a `.` that starts a name (without it, as picomatch's default, `*.md` does not match
 * `.x.md`; a `.` written in the glob always does).
 */
export function globMatcher(patterns: readonly string[], options: GlobMatcherOptions = {}): (rel: string) => boolean {
  const nocase = options.nocase === true
  const each = patterns.map((p) => {
    const glob = p.replace(/^\.\//, '').split('/').filter((seg) => seg !== '').join('/')
    return globTest(nocase ? glob.toLowerCase() : glob, !options.files, 'picomatch', options.dot !== true)
  })
  return (rel) => {
    const path = nocase ? rel.toLowerCase() : rel
    return each.some((test) => test(path))
  }
}

export interface GlobMatcherOptions {
  files?: boolean
  nocase?: boolean
  dot?: boolean
}

/** With `hideDotNames`, wildcards do not read a `.` that starts a name (Ruby's always, picomatch's without `dot`). */
function globTest(glob: string, prefix: boolean, dialect: GlobDialect, hideDotNames = dialect !== 'hugo'): (path: string) => boolean {
  const nodes = compileGlob(globTokens([...glob], dialect))
  // picomatch matches a path equal to the glob whatever its marks (`(a).md` matches the file `(a).md`).
  const itself = (path: string) => dialect === 'picomatch' && (path === glob || (prefix && path.startsWith(glob + '/')))
  return (path) => itself(path) || matches(nodes, [...path], prefix, hideDotNames)
}

export type GlobDialect = 'picomatch' | 'hugo' | 'ruby'

/**
 * The longest Hugo or Ruby glob followed: a path costs its length times the glob's, and a glob such as `/**a**a…`
 * keeps every place of it live (4,096 characters: about 37 ms for each page with a 2 KB path; 1,024, a quarter).
 * Real globs are far shorter.
 */
export const MAX_GLOB_LENGTH = 1024

export function globTooLong(glob: string): boolean {
  return glob.length > MAX_GLOB_LENGTH
}

type CharTest = (c: string) => boolean

/**
 * What a glob is made of: characters read (`wild` when a wildcard), star loops, runs of whole folders (Ruby's and
 * picomatch's `**\/`), picomatch's `/**` at the end, and the marks of `{a,b}` (and picomatch's `(a|b)`) groups; an
 * open mark's `ext` is the picomatch extglob it starts (`?(…)` once or not, `*(…)` any times, `+(…)` once or more,
 * `@(…)` once).
 */
type GlobToken =
  | { kind: 'read'; test: CharTest; wild: boolean }
  | { kind: 'star'; test: CharTest }
  | { kind: 'folders' | 'rest' }
  | { kind: 'open'; paren: boolean; ext?: Extglob }
  | { kind: 'sep' | 'close'; paren: boolean }

type Extglob = '?' | '*' | '+' | '@'

const NOT_SLASH: CharTest = (c) => c !== '/'
const ANY: CharTest = () => true
// A `.` right after a star (`*.md`) is read as a wildcard is where names starting with `.` are hidden: the star may
// read nothing, yet `*.md` matches no `.md` in picomatch (without `dot`) or Ruby.
const STARRED_DOT: GlobToken = { kind: 'read', test: (c) => c === '.', wild: true }

function globTokens(chars: string[], dialect: GlobDialect): GlobToken[] {
  const closeAt = nextBracket(chars)
  const pico = dialect === 'picomatch'
  // `[!a]` negates in every dialect: picomatch reads `!` there as itself unless its `posix` option is set, and
  // tinyglobby, which Astro's glob() loader, Eleventy 3's file search, VitePress and VuePress call, sets it.
  const marks = { caret: dialect !== 'hugo', bang: true }
  const out: GlobToken[] = []
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!
    const taken = pico && c !== '\\' ? picomatchMark(chars, i, out) : 0
    if (taken > 0) i += taken - 1
    else if (c === '\\' && i + 1 < chars.length) out.push(literal(chars[++i]!))
    else if (c === '?') out.push({ kind: 'read', test: NOT_SLASH, wild: true })
    else if (c === '[' && closeAt[classStart(chars, i, marks)] !== -1) i = bracket(chars, i, closeAt[classStart(chars, i, marks)]!, marks, pico, out)
    else if (c === '*') i = stars(chars, i, dialect, out)
    else if (c === '{' || (c === '(' && pico)) out.push({ kind: 'open', paren: c === '(' })
    else if (c === ',' || (c === '|' && pico)) out.push({ kind: 'sep', paren: c === '|' })
    else if (c === '}' || (c === ')' && pico)) out.push({ kind: 'close', paren: c === ')' })
    else out.push(c === '.' && out[out.length - 1]?.kind === 'star' ? STARRED_DOT : literal(c))
  }
  return resolveGroups(out, pico)
}

/**
 * The class `[…]` from `open` to `close` pushed onto `out`; the index of its `]`. picomatch reads a class without
 * any of `-*+?.^${}(|)[]\` in it as the class or the text itself (`[ab]` matches `a`, `b` and `[ab]`).
 */
function bracket(chars: string[], open: number, close: number, marks: ClassMarks, pico: boolean, out: GlobToken[]): number {
  const read: GlobToken = { kind: 'read', test: classTest(chars, open, close, marks), wild: true }
  if (!pico || /[-*+?.^${}(|)[\]\\]/.test(chars.slice(open + 1, close).join(''))) out.push(read)
  else out.push({ kind: 'open', paren: true }, read, { kind: 'sep', paren: true }, ...chars.slice(open, close + 1).map(literal), { kind: 'close', paren: true })
  return close
}

/** picomatch's own marks at `i`, pushed onto `out`: an extglob's opening (`+(`) or a range (`{a..c}`); how many
 * characters they take, 0 when none is there. */
function picomatchMark(chars: string[], i: number, out: GlobToken[]): number {
  if ('?*+@'.includes(chars[i]!) && chars[i + 1] === '(') {
    out.push({ kind: 'open', paren: true, ext: chars[i] as Extglob })
    return 2
  }
  const range = chars[i] === '{' ? charRange(chars, i) : undefined
  if (range) out.push(range)
  return range ? 6 : 0
}

/** picomatch's `{a..c}` (one character each side, the first not after the second): the class `[a-c]`. */
function charRange(chars: string[], i: number): GlobToken | undefined {
  const [from, dot1, dot2, to, end] = chars.slice(i + 1, i + 6)
  if (dot1 !== '.' || dot2 !== '.' || end !== '}' || from === undefined || to === undefined || '{},.\\'.includes(from) || '{},.\\'.includes(to) || from > to) return undefined
  return { kind: 'read', test: (c) => c !== '/' && from <= c && c <= to, wild: true }
}

/**
 * The run of stars at `i` as its dialect reads it, pushed onto `out`; the index of its last character (and of the
 * `/` after it when it takes that too). A whole segment `**` is Ruby's and picomatch's run of folders when a `/`
 * follows, picomatch's rest of the path at the end; Hugo's `**` is any run.
 */
function stars(chars: string[], i: number, dialect: GlobDialect, out: GlobToken[]): number {
  let end = i
  while (chars[end + 1] === '*') end++
  if (dialect === 'hugo') {
    out.push({ kind: 'star', test: end > i ? ANY : NOT_SLASH })
    return end
  }
  // picomatch's globstar is exactly two stars (`***` is `*`); Ruby's any run of two or more.
  const segment = (dialect === 'ruby' ? end > i : end === i + 1) && (i === 0 || chars[i - 1] === '/')
  if (segment && chars[end + 1] === '/') {
    out.push({ kind: 'folders' })
    return end + 1
  }
  if (segment && end + 1 === chars.length && dialect === 'picomatch') {
    // Runs of folders before it add nothing (`a/**/**` is `a/**`); after a `/`, that `/` and any run, or nothing;
    // alone, any run.
    while (out[out.length - 1]?.kind === 'folders') out.pop()
    if (out.length === 0) out.push({ kind: 'star', test: ANY })
    else out[out.length - 1] = { kind: 'rest' }
    return end
  }
  out.push({ kind: 'star', test: NOT_SLASH })
  return end
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

/** Which marks negate a class: `^` (picomatch, Ruby) and `!` (Hugo, Ruby). */
interface ClassMarks {
  caret: boolean
  bang: boolean
}

function negates(c: string | undefined, marks: ClassMarks): boolean {
  return (marks.bang && c === '!') || (marks.caret && c === '^')
}

/** Where the `]` closing the class opened at `open` is looked for: past its `!` (or `^`) and a leading `]`. */
function classStart(chars: string[], open: number, marks: ClassMarks): number {
  let i = open + 1
  if (negates(chars[i], marks)) i++
  if (chars[i] === ']') i++
  return Math.min(i, chars.length)
}

function classTest(chars: string[], open: number, close: number, marks: ClassMarks): CharTest {
  let i = open + 1
  const negated = negates(chars[i], marks)
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

/**
 * Groups that open and close each other stay marks, with the separators directly inside them; the rest are
 * characters. A separator belongs to the innermost open group, if that is its kind (a `,` of braces, a `|` of
 * parentheses); a close ends the innermost group of its kind, those opened inside it left unclosed. With
 * `needsSeparator` (picomatch), a group without a separator is itself (`{a}`). Each kind keeps where its opens stand
 * in the stack, so a close finds its own without reading the others (`((((…}}}}` is linear).
 */
function resolveGroups(tokens: GlobToken[], needsSeparator: boolean): GlobToken[] {
  const stack: Array<{ at: number; paren: boolean; seps: number[] }> = []
  const ofKind: [number[], number[]] = [[], []]
  const real = new Uint8Array(tokens.length)
  tokens.forEach((t, i) => {
    if (t.kind === 'open') {
      ofKind[Number(t.paren)].push(stack.length)
      stack.push({ at: i, paren: t.paren, seps: [] })
    } else if (t.kind === 'sep') {
      const top = stack[stack.length - 1]
      if (top?.paren === t.paren) top.seps.push(i)
    } else if (t.kind === 'close') {
      const k = ofKind[Number(t.paren)].pop()
      if (k === undefined) return
      while (stack.length > k + 1) ofKind[Number(stack.pop()!.paren)].pop()
      const open = stack.pop()!
      if (needsSeparator && !open.paren && open.seps.length === 0) return
      for (const at of [open.at, i, ...open.seps]) real[at] = 1
    }
  })
  const CHAR = { open: ['{', '('], sep: [',', '|'], close: ['}', ')'] } as const
  return tokens.flatMap((t, i) => {
    if ((t.kind !== 'open' && t.kind !== 'sep' && t.kind !== 'close') || real[i] === 1) return [t]
    const itself = literal(CHAR[t.kind][Number(t.paren)]!)
    return t.kind === 'open' && t.ext !== undefined ? [extglobPrefix(t.ext), itself] : [itself]
  })
}

/** An extglob's mark read as it is when no `)` closes its group: `?` and `*` wildcards, `+` and `@` themselves. */
function extglobPrefix(ext: Extglob): GlobToken {
  if (ext === '?') return { kind: 'read', test: NOT_SLASH, wild: true }
  return ext === '*' ? { kind: 'star', test: NOT_SLASH } : literal(ext)
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
  const open: Array<{ fork: { to: number[] }; forkIndex: number; join: number; ext?: Extglob }> = []
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
    } else if (t.kind === 'rest') {
      // Nothing more, or a `/` and any run: `a/**` is `a` and everything below it.
      const [skip] = fork()
      const [join, joinIndex] = add({ to: [] as number[] })
      const [slash, slashIndex] = add({ test: (c: string) => c === '/', wild: false, next: -1 })
      const [loop, loopIndex] = add({ to: [joinIndex] })
      const [, read] = add({ test: ANY, wild: true, next: loopIndex })
      slash.next = loopIndex
      loop.to.push(read)
      skip.to.push(joinIndex, slashIndex)
      tail = join
    } else if (t.kind === 'open') {
      const [f, forkIndex] = fork()
      open.push({ fork: f, forkIndex, join: add({ to: [] as number[] })[1], ext: t.ext })
      alternative(f)
    } else {
      const top = open[open.length - 1]!
      link(top.join)
      if (t.kind === 'sep') alternative(top.fork)
      else {
        open.pop()
        const join = nodes[top.join] as { to: number[] }
        // `?(…)` and `*(…)` may be skipped; `*(…)` and `+(…)` go round again.
        if (top.ext === '?' || top.ext === '*') top.fork.to.push(top.join)
        if (top.ext === '*' || top.ext === '+') join.to.push(top.forkIndex)
        tail = join
      }
    }
  }
  link(add({ end: true })[1])
  return nodes
}

/**
 * Whether the places reachable after the whole text (with `prefix`, or before any `/` of it) include the pattern's
 * end: a set of places, one step a character. With `hideDotNames`, a wildcard does not read a `.` that starts a name.
 */
function matches(nodes: GlobNode[], text: string[], prefix: boolean, hideDotNames: boolean): boolean {
  const mark = new Int32Array(nodes.length).fill(-1)
  const endIndex = nodes.length - 1
  const stack: number[] = []
  const reach = (into: number[], from: number, step: number) => {
    stack.push(from)
    while (stack.length > 0) {
      const p = stack.pop()!
      if (mark[p] === step) continue
      mark[p] = step
      const node = nodes[p]!
      if (!('to' in node)) into.push(p)
      else for (let k = node.to.length - 1; k >= 0; k--) if (mark[node.to[k]!] !== step) stack.push(node.to[k]!)
    }
  }
  let places: number[] = []
  reach(places, 0, 0)
  for (let i = 0; i < text.length && places.length > 0; i++) {
    const c = text[i]!
    if (prefix && c === '/' && mark[endIndex] === i) return true
    const hidden = hideDotNames && c === '.' && (i === 0 || text[i - 1] === '/')
    const next: number[] = []
    for (const p of places) {
      const node = nodes[p]!
      if ('test' in node && node.test(c) && !(hidden && node.wild)) reach(next, node.next, i + 1)
    }
    places = next
  }
  return places.includes(endIndex)
}
