import { compareCodeUnits } from '../../src/compare.js'
import { checkPermalinkPattern, checkSlugSegment } from '../../src/index.js'
import type { Permalinks } from '../../src/index.js'
import { decodeWpSlug } from './slugs.js'

/** One published post as permalink inference sees it: what WordPress builds a permalink from, and the link it built. */
export interface PermalinkSample {
  id: number
  /** The item's `<link>`: where WordPress served it when the export was made. */
  link: string
  /** `wp:post_name` as exported (percent-encoded for non-Latin slugs). */
  postName: string
  /** `wp:post_date`, the site-local `YYYY-MM-DD HH:MM:SS` WordPress takes its date tags from. */
  postDate: string
  /** The post's category nicenames, each with its ancestors first (`['news']`, `['news', 'local']`). */
  categories: string[][]
  /** The author's login (`%author%`). */
  author: string
  /** A language prefix its link carries (Polylang, WPML), which is no part of the structure. */
  languagePrefix?: string
}

/** The permalink structure a site used, in WordPress's own notation, and how many posts' links show it. */
export interface InferredStructure {
  /** `/%year%/%monthnum%/%postname%/`, `/archives/%post_id%`, `/%postname%.html`…, or `plain` (`/?p=123`). */
  structure: string
  /** Posts whose `<link>` the structure reproduces. */
  matched: number
  /** Published posts whose `<link>` is on the old site. */
  of: number
}

// WordPress's structure tags (wp-includes/class-wp-rewrite.php) that permalinks are built from.
type Tag = '%year%' | '%monthnum%' | '%day%' | '%hour%' | '%minute%' | '%second%' | '%postname%' | '%post_id%' | '%category%' | '%author%'

// When two structures reproduce as many links, the one WordPress users pick more often (and that keeps more) wins:
// a number that is both a post's id and its slug is read as %postname%, a date part as a date.
const PREFERENCE: readonly Tag[] = ['%postname%', '%year%', '%monthnum%', '%day%', '%post_id%', '%category%', '%author%', '%hour%', '%minute%', '%second%']

/** At most this many readings of one link are considered (a link of many ambiguous numbers has few real readings). */
const MAX_READINGS = 16

/**
 * The permalink structure that reproduces the most published posts' `<link>`s, read segment by segment against each
 * post's own date, slug, id, categories and author; `plain` when most links are `?p=<id>`. Undefined when no post has
 * a link on the old site. Links are taken relative to the blog's path (`basePath`) and without a language prefix.
 * @example
 * inferStructure([{ id: 7, link: 'https://old.test/2020/05/hello/', postName: 'hello', postDate: '2020-05-01 10:00:00', categories: [], author: 'ana' }], '').structure
 * // '/%year%/%monthnum%/%postname%/'
 */
export function inferStructure(samples: readonly PermalinkSample[], basePath: string): InferredStructure | undefined {
  const votes = new Map<string, number>()
  let of = 0
  for (const sample of samples) {
    const readings = readLink(sample, basePath)
    if (readings === undefined) continue
    of++
    for (const r of readings) votes.set(r, (votes.get(r) ?? 0) + 1)
  }
  if (of === 0) return undefined
  let best: string | undefined
  let bestVotes = 0
  for (const [structure, n] of votes) {
    if (n > bestVotes || (n === bestVotes && best !== undefined && rank(structure) < rank(best))) {
      best = structure
      bestVotes = n
    }
  }
  return best === undefined ? undefined : { structure: best, matched: bestVotes, of }
}

/** Orders equally supported structures: by the preference of their tags, then by text, so the choice is stable. */
function rank(structure: string): number {
  const tags = structure.match(/%[a-z_]+%/g) ?? []
  let score = 0
  for (const t of tags) score = score * 16 + PREFERENCE.indexOf(t as Tag)
  return score
}

/**
 * Every structure that reproduces one post's link (a set: `/1656/` may be its slug or its id), or undefined when the
 * link is not on the old site's path. Plain links (`?p=12`) read as `plain`.
 */
export function readLink(sample: PermalinkSample, basePath: string): Set<string> | undefined {
  const m = /^(?:https?:\/\/[^/?#]+)?(\/[^?#]*)?(?:\?([^#]*))?/i.exec(sample.link.trim())
  if (!m || !sample.link.trim()) return undefined
  let path = m[1] ?? '/'
  const query = new URLSearchParams(m[2] ?? '')
  if (query.get('p') === String(sample.id) && /^\/(?:index\.php)?$/.test(path.slice(basePath.length) || '/')) return new Set(['plain'])
  if (basePath && !path.toLowerCase().startsWith(basePath.toLowerCase() + '/')) return undefined
  path = path.slice(basePath.length)
  if (sample.languagePrefix && path.toLowerCase().startsWith(`/${sample.languagePrefix.toLowerCase()}/`)) path = path.slice(sample.languagePrefix.length + 1)
  const trailing = path.endsWith('/')
  const segments = path.split('/').filter((s) => s !== '').map(decodeSegment)
  if (segments.length === 0) return undefined
  // A suffix on the last segment (`.html`) is part of the structure, not of the slug.
  let suffix = ''
  const last = segments[segments.length - 1]
  const dot = /^(.+?)(\.(?:html?|php|aspx?|shtml))$/i.exec(last)
  if (dot && !equalSlug(last, sample.postName)) {
    segments[segments.length - 1] = dot[1]
    suffix = dot[2]
  }
  // Each segment's readings, worked out once: every path through the readings before it meets the same ones.
  const facts = factsOf(sample)
  const keys = segments.map(slugKey)
  const readings: Array<Array<{ tag: string; length: number }>> = []
  const out = new Set<string>()
  const walk = (i: number, parts: string[]): void => {
    if (out.size >= MAX_READINGS) return
    if (i === segments.length) {
      out.add(`/${parts.join('/')}${suffix}${trailing && !suffix ? '/' : ''}`)
      return
    }
    for (const { tag, length } of (readings[i] ??= segmentReadings(segments, keys, i, facts))) {
      // WordPress prints a structure tag's value each time it appears, but no site repeats one: a post of January 1st
      // (`/2024/01/01/x/`) reads as `%year%/%monthnum%/%day%`, not `%monthnum%` twice.
      if (tag.startsWith('%') && parts.includes(tag)) continue
      walk(i + length, [...parts, tag])
    }
  }
  walk(0, [])
  return out
}

/** What a post's link segments are compared with, worked out once a post (slugs as `slugKey` has them). */
type SampleFacts = { date: string[]; id: string; slug?: string; author?: string; categories: string[][] }

const DATE_TAGS: readonly Tag[] = ['%year%', '%monthnum%', '%day%', '%hour%', '%minute%', '%second%']

function factsOf(sample: PermalinkSample): SampleFacts {
  const date = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(sample.postDate)
  return {
    date: date ? date.slice(1, 7) : [],
    id: String(sample.id),
    ...(sample.postName ? { slug: slugKey(sample.postName) } : {}),
    ...(sample.author ? { author: sample.author.toLowerCase() } : {}),
    categories: sample.categories.map((chain) => chain.map(slugKey)),
  }
}

/** The tags (or the literal text) segment `i` can be, with how many segments each takes (`keys`: each segment's `slugKey`). */
function segmentReadings(segments: readonly string[], keys: readonly string[], i: number, facts: SampleFacts): Array<{ tag: string; length: number }> {
  const s = segments[i]
  const out: Array<{ tag: string; length: number }> = []
  facts.date.forEach((value, k) => {
    if (s === value) out.push({ tag: DATE_TAGS[k], length: 1 })
  })
  if (s === facts.id) out.push({ tag: '%post_id%', length: 1 })
  if (facts.slug !== undefined && keys[i] === facts.slug) out.push({ tag: '%postname%', length: 1 })
  if (facts.author !== undefined && s.toLowerCase() === facts.author) out.push({ tag: '%author%', length: 1 })
  for (const chain of facts.categories) {
    // %category% prints the category with its ancestors, one segment each.
    const n = chain.length
    if (n > 0 && i + n <= segments.length && chain.every((c, k) => keys[i + k] === c)) out.push({ tag: '%category%', length: n })
  }
  if (out.length === 0) out.push({ tag: s, length: 1 })
  return dedupe(out)
}

function dedupe(list: Array<{ tag: string; length: number }>): Array<{ tag: string; length: number }> {
  const seen = new Set<string>()
  return list.filter((o) => {
    const key = `${o.tag}/${o.length}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function decodeSegment(segment: string): string {
  return decodeWpSlug(segment)
}

function equalSlug(a: string, b: string): boolean {
  return slugKey(a) === slugKey(b)
}

/** A slug as links are compared by it: decoded, in lower case. */
function slugKey(slug: string): string {
  return decodeWpSlug(slug).toLowerCase()
}

/** What a WordPress structure becomes in the contract: the permalinks, and what they cannot express. */
export interface ContractPermalinks {
  permalinks: Permalinks
  /** True when every post keeps its URL (a link that agrees with the structure is served at its path). */
  exact: boolean
  /** What could not be expressed, for the report (`%category% is left out: the contract has no category token`). */
  notes: string[]
}

const TOKENS: Partial<Record<Tag, string>> = { '%year%': ':year', '%monthnum%': ':month', '%day%': ':day', '%postname%': ':slug', '%post_id%': ':public_id' }

/**
 * The contract's permalinks closest to a WordPress structure: date tags, `%postname%` and `%post_id%` become tokens,
 * literal segments stay, a `.html` suffix becomes the `html-extension` output style, and the category and tag
 * archives keep WordPress's bases (`/category/…/`, `/tag/…/`), all under the blog's path. Tags the contract has no
 * token for (`%category%`, `%author%`, times) are left out of the pattern and noted; so are plain (`?p=`) links,
 * which no path can serve (the contract's default posts pattern is kept and every post is redirected).
 * @example
 * toContractPermalinks('/%year%/%monthnum%/%postname%.html', '').permalinks
 * // { output_style: 'html-extension', posts: '/:year/:month/:slug/', categories: '/category/:slug/', tags: '/tag/:slug/' }
 */
export function toContractPermalinks(structure: string, basePath: string, bases: ArchiveBases = {}): ContractPermalinks {
  const base = basePath.split('/').filter((s) => s !== '' && checkSlugSegment(decodeWpSlug(s)) === null).map(decodeWpSlug)
  const front = structureFront(structure)
  const archives = { categories: pattern([...base, ...archiveBase(bases.category, 'category', front), ':slug']), tags: pattern([...base, ...archiveBase(bases.tag, 'tag', front), ':slug']) }
  const notes: string[] = []
  if (structure === 'plain') {
    notes.push('plain permalinks (?p=<id>) name posts by a query, which no route can serve: every post is redirected from its old URL')
    return { permalinks: { ...(base.length ? { posts: pattern([...base, 'posts', ':slug']), pages: pattern([...base, ':slug']) } : {}), ...archives }, exact: false, notes }
  }
  let exact = true
  let outputStyle: Permalinks['output_style']
  const suffix = /\.[A-Za-z]+$/.exec(structure.replace(/\/$/, ''))?.[0]
  let body = structure
  if (suffix) {
    body = structure.slice(0, structure.length - suffix.length)
    if (suffix.toLowerCase() === '.html') outputStyle = 'html-extension'
    else {
      exact = false
      notes.push(`the "${suffix}" suffix cannot be expressed (only .html, as the html-extension output style): posts are redirected`)
    }
  }
  const segments: string[] = []
  for (const part of body.split('/').filter((s) => s !== '')) {
    const token = TOKENS[part as Tag]
    if (token) segments.push(token)
    else if (/^%[a-z_]+%$/.test(part)) {
      exact = false
      notes.push(`${part} is left out of the posts pattern: the contract has no token for it, so those posts are redirected`)
    } else if (checkSlugSegment(part) === null && !part.toLowerCase().endsWith('.html')) segments.push(part)
    else {
      exact = false
      notes.push(`the segment "${part}" is not a valid route segment and is left out: posts are redirected`)
    }
  }
  if (!segments.includes(':slug') && !segments.includes(':public_id')) segments.push(':slug')
  const posts = pattern([...base, ...segments])
  if (checkPermalinkPattern('posts', posts) !== null) {
    notes.push(`the structure ${structure} gives no valid posts pattern; the contract's default is kept and posts are redirected`)
    return { permalinks: archives, exact: false, notes }
  }
  return {
    permalinks: { ...(outputStyle ? { output_style: outputStyle } : {}), posts, ...(base.length ? { pages: pattern([...base, ':slug']) } : {}), ...archives },
    exact,
    notes,
  }
}

/** The category and tag bases a site used (`rubrique`, `mot-cle`), when its links show them; WordPress's own otherwise. */
export type ArchiveBases = { category?: string; tag?: string }

/**
 * A base's segments, or WordPress's default when it is missing or not made of valid route segments: `category` or
 * `tag` after the structure's front, since the default bases are registered `with_front`
 * (`create_initial_taxonomies()`: `'with_front' => ! get_option( 'tag_base' )`), so `/blog/%postname%/` has its tag
 * archives at `/blog/tag/<slug>/`.
 */
function archiveBase(base: string | undefined, fallback: string, front: readonly string[]): string[] {
  const segments = (base ?? '').split('/').filter(Boolean)
  return segments.length > 0 && segments.every(isArchiveSegment) ? segments : [...front, fallback]
}

/**
 * The bases of the old site's archives, as the old URLs of categories and tags are rebuilt from: those the links
 * showed, else WordPress's defaults under the structure's front (see `archiveBase`).
 * @example
 * oldArchiveBases({ category: 'rubrique' }, '/blog/%postname%/') // { category: 'rubrique', tag: 'blog/tag' }
 */
export function oldArchiveBases(bases: ArchiveBases, structure: string | undefined): Required<ArchiveBases> {
  const front = structure ? structureFront(structure) : []
  return { category: bases.category ?? [...front, 'category'].join('/'), tag: bases.tag ?? [...front, 'tag'].join('/') }
}

function isArchiveSegment(segment: string): boolean {
  return checkSlugSegment(segment) === null && !segment.toLowerCase().endsWith('.html')
}

/**
 * `WP_Rewrite::$front` of a structure as route segments: what comes before its first tag (`/blog/%postname%/` →
 * `['blog']`, `/archives/%post_id%` → `['archives']`); none for plain permalinks or a front that is not made of valid
 * route segments.
 */
function structureFront(structure: string): string[] {
  const at = structure.indexOf('%')
  if (at < 0) return []
  const segments = structure.slice(0, at).split('/').filter(Boolean).map(decodeWpSlug)
  return segments.every(isArchiveSegment) ? segments : []
}

function pattern(segments: readonly string[]): string {
  return `/${segments.join('/')}/`
}

/** What the import decided about permalinks, for the plan and the report. */
export interface PermalinkPlan {
  /** The structure the links show, when posts had links on the old site. */
  inferred?: InferredStructure
  /** The contract permalinks that follow from it (the caller's `site.permalinks` still go over them). */
  permalinks: Permalinks
  exact: boolean
  notes: string[]
}

/**
 * The permalinks of an import: the structure published posts' links show, expressed as closely as the contract can;
 * nothing inferred (the contract's defaults) when no post has a link on the old site.
 * @example
 * planPermalinks(samples, '').permalinks.posts // '/:year/:month/:day/:slug/'
 */
export function planPermalinks(samples: readonly PermalinkSample[], basePath: string, bases: ArchiveBases = {}): PermalinkPlan {
  const inferred = inferStructure(samples, basePath)
  if (!inferred) {
    const { categories, tags } = toContractPermalinks('/%postname%/', basePath, bases).permalinks
    return { permalinks: { categories, tags }, exact: true, notes: ["no published post has a link on the old site; the posts pattern is the contract's default"] }
  }
  const plan = toContractPermalinks(inferred.structure, basePath, bases)
  return { inferred, ...plan, notes: [...plan.notes, ...languagePrefixNotes(samples)] }
}

/**
 * Why posts under a language prefix (Polylang, WPML: `/fa/<slug>/` beside `/<slug>/`) are redirected: one posts
 * pattern serves every post and the contract has no language token, so only the unprefixed URLs can be kept.
 */
function languagePrefixNotes(samples: readonly PermalinkSample[]): string[] {
  const counts = new Map<string, number>()
  for (const s of samples) if (s.languagePrefix) counts.set(s.languagePrefix, (counts.get(s.languagePrefix) ?? 0) + 1)
  if (counts.size === 0) return []
  const prefixes = [...counts].sort(([a], [b]) => compareCodeUnits(a, b)).map(([lang, n]) => `/${lang}/ (${n} of ${samples.length})`)
  return [`posts whose links carry a language prefix, ${prefixes.join(', ')}, are redirected: one posts pattern serves every post and the contract has no language token`]
}

/**
 * Each category nicename with its ancestors first, from the export's declared categories, for `%category%`.
 * @example
 * categoryChains([{ taxonomy: 'category', slug: 'local', parent: 'news' }, { taxonomy: 'category', slug: 'news', parent: '' }]).get('local') // ['news', 'local']
 */
export function categoryChains(terms: ReadonlyArray<{ taxonomy: string; slug: string; parent: string }>): Map<string, string[]> {
  const parent = new Map<string, string>()
  for (const t of terms) if (t.taxonomy === 'category') parent.set(t.slug, t.parent)
  const chains = new Map<string, string[]>()
  for (const slug of parent.keys()) {
    const chain = [slug]
    for (let p = parent.get(slug); p && !chain.includes(p) && chain.length < 16; p = parent.get(p)) chain.unshift(p)
    chains.set(slug, chain)
  }
  return chains
}
