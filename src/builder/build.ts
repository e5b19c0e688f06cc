import { canonicalizePreviewDataKeyOrder } from '../canonicalize.js'
import type { Category, Collection, FrontPage, MenuItem, Page, Post, PreviewData, Site } from '../contract/types.js'
import { categoryRoute, effectivePagePath, pageRoute, postRoute, tagRoute } from '../routes/index.js'
import { preflightPreviewData } from '../routes/preflight.js'
import { validatePreviewData } from '../validate/index.js'
import type { PreviewDataIssue } from '../validate/issue.js'
import { checkTimezone, checkUrl, KeySet, normalizeSlug, parseTimestamp } from '../validate/primitives/index.js'
import { compareAuthors } from './entities/author.js'
import { compareMedia } from './entities/media.js'
import type { PageRecord } from './entities/page.js'
import { toPage } from './entities/page.js'
import type { NameRef, PostRecord } from './entities/post.js'
import { comparePosts, postExcerpt, postTimes, resolveTimestamp, toPost } from './entities/post.js'
import { compareTaxonomies, taxonomyFromSlug } from './entities/taxonomy.js'
import { SITE_DEFAULTS } from './fragment.js'
import type { BuilderOptions, FrontPageInput, MenuItemFields } from './inputs.js'
import { slugFor, slugWithSuffix } from './slug.js'
import type { BuilderState } from './state.js'
import { trimBoth } from '../trim.js'
import { appendAll } from '../append.js'

/** The outcome of assembling a payload: the payload (when one could be made) and every remaining problem. */
export type BuildResult = { ok: true; payload: PreviewData; errors: [] } | { ok: false; payload?: undefined; errors: PreviewDataIssue[] }

/**
 * Assembles the payload from the builder's state: final slugs and ids, excerpts, undeclared taxonomies, resolved
 * references, documented array order, canonical key order; then validates it and runs the build preflight.
 */
export function assemble(state: BuilderState, options: BuilderOptions): BuildResult {
  const issues: PreviewDataIssue[] = []
  const given = state.site
  if (given.title === undefined) issues.push({ code: 'missing_property', path: '/site/title', message: 'The site has no title: call .site({ title: "..." }).' })
  const site: Site = { title: given.title ?? '', ...SITE_DEFAULTS, ...stripUndefined(given) } as Site
  // url and media_origin: "A trailing root slash is accepted; canonical producers omit it" (an origin has no other path).
  if (checkUrl(site.url, 'site_url') === null) site.url = site.url.replace(/\/$/, '')
  if (checkUrl(site.media_origin, 'media_origin') === null) site.media_origin = site.media_origin.replace(/\/$/, '')
  const timezone = checkTimezone(site.timezone) === null ? site.timezone : 'UTC'

  const declared = { categories: declaredTaxonomies(state.categories), tags: declaredTaxonomies(state.tags) }
  const posts = buildPosts(state, timezone, declared)
  const pages = buildPages(state, site, timezone)
  // After the pages, so `{ page }` can name a page by the slug it got at build (`about-2`), as menus can.
  if (state.frontPage !== undefined) site.front_page = resolveFrontPage(state.frontPage, pages, site, issues)
  const autoCreate = options.autoCreateTaxonomies !== false
  const categories = taxonomies(declared.categories, autoCreate ? posts.naming.categories : [], 'categories')
  const tags = taxonomies(declared.tags, autoCreate ? posts.naming.tags : [], 'tags')

  const payload: PreviewData = {
    version: '0.7',
    generator: options.generator,
    generated_at: resolveTimestamp(options.generated_at, timezone),
    site,
    content: {
      authors: [...state.authors.values()].sort(compareAuthors),
      posts: posts.sorted.map((p) => p.post),
      pages,
      categories,
      tags,
    },
  }
  if (state.media.size > 0) payload.content.media = [...state.media.values()].sort(compareMedia)
  // Only menus and collections name entities; a payload without them never pays for the index.
  const lookup = state.menus.size > 0 || state.collections.size > 0 ? new Lookup(payload, posts.sorted) : undefined
  if (state.menus.size > 0) {
    payload.menus = {}
    for (const [id, menu] of state.menus) {
      payload.menus[id] = { name: menu.name, items: menu.items.map((item, i) => resolveMenuItem(item, ['menus', id, 'items', String(i)], lookup!, issues)) }
    }
  }
  if (state.widgets.size > 0) payload.widgets = Object.fromEntries(state.widgets)
  if (state.collections.size > 0) {
    payload.collections = {}
    for (const [id, collection] of state.collections) payload.collections[id] = resolveCollection(collection, lookup!)
  }
  if (state.customCss) payload.custom_css = state.customCss
  if (state.customHtml) payload.custom_html = state.customHtml

  // Content entities are built in canonical key order with fresh objects; canonicalizing only the rest (site, maps)
  // saves a deep copy of every post.
  const content = payload.content
  const canonical = canonicalizePreviewDataKeyOrder({ ...payload, content: {} as PreviewData['content'] })
  canonical.content = {
    authors: content.authors.map((a) => ({ ...a })),
    posts: content.posts,
    pages: content.pages,
    categories: content.categories.map((c) => ({ ...c })),
    tags: content.tags.map((t) => ({ ...t })),
  }
  if (content.media) canonical.content.media = content.media.map((m) => ({ ...m }))
  // The posts are validated in call order, the order they and their strings were made in, so the validator's passes
  // read memory front to back. A verdict does not depend on the order of the posts; the issues it reports name
  // their places in the payload, so a payload that fails is checked again in its own order for them.
  const inCallOrder = { ...canonical, content: { ...canonical.content, posts: posts.inCallOrder.map((p) => p.post) } }
  let validation = validatePreviewData(inCallOrder)
  if (!validation.ok) validation = validatePreviewData(canonical)
  // The builder's own findings name the call to fix; what the validator says about the placeholder left in their
  // place (a blank site title, an unresolved page_path) would only repeat them, so it is dropped.
  const reported = new Set(issues.map((i) => i.path))
  appendAll(issues, validation.errors.filter((e) => !coveredBy(reported, e.path)))
  if (issues.length === 0) appendAll(issues, preflightPreviewData(canonical))
  return issues.length === 0 ? { ok: true, payload: canonical, errors: [] } : { ok: false, errors: issues }
}

/** Whether a pointer is one of `paths` or lies below one of them. */
function coveredBy(paths: Set<string>, path: string): boolean {
  if (paths.size === 0) return false
  for (let at = path; at !== ''; at = at.slice(0, at.lastIndexOf('/'))) if (paths.has(at)) return true
  return false
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}

/**
 * A post during assembly: its record, final slug and id, publication instant, place in the payload, the category and
 * tag slugs it will carry (display names resolved), and (made last) the contract Post.
 */
type BuiltPost = { record: PostRecord; slug: string; id: number; ms: number; rank: number; post: Post; categories: readonly string[]; tags: readonly string[] }

/**
 * Final slugs, then ids, then contract Posts in the documented order. Derived slugs never take an explicit one;
 * when several posts derive the same slug, the oldest keeps it and the others get `-2`, `-3`… (ties broken by
 * title and content), so the result does not depend on the order of the calls. Returns the posts in call order
 * (with `rank`, the place in the payload) and in payload order.
 */
function buildPosts(
  state: BuilderState,
  timezone: string,
  declared: Record<'categories' | 'tags', DeclaredTaxonomies>,
): { inCallOrder: BuiltPost[]; sorted: BuiltPost[]; naming: Record<'categories' | 'tags', BuiltPost[]> } {
  // Work that reads each record (timestamps, the excerpt from the body, its references) runs in call order, the
  // order the records and their bodies were allocated in; only small entries are reordered.
  const inCallOrder: BuiltPost[] = []
  const naming = { categories: [] as BuiltPost[], tags: [] as BuiltPost[] }
  for (const record of state.posts.values()) {
    postExcerpt(record)
    const entry: BuiltPost = {
      record,
      slug: record.slug,
      id: record.input.public_id ?? 0,
      ms: postTimes(record, timezone).ms,
      rank: 0,
      post: undefined!,
      categories: namedReferences(record.categorySlugs, record.input.category_slugs, record.categoryNameRefs, declared.categories.byName),
      tags: namedReferences(record.tagSlugs, record.input.tag_slugs, record.tagNameRefs, declared.tags.byName),
    }
    inCallOrder.push(entry)
    // The posts that name an entry nobody declared, for `taxonomies` to create it from.
    if (!allDeclared(entry.categories, declared.categories)) naming.categories.push(entry)
    if (!allDeclared(entry.tags, declared.tags)) naming.tags.push(entry)
  }
  const derived = new Map<string, BuiltPost[]>()
  for (const entry of inCallOrder) {
    if (entry.record.explicitSlug) continue
    let group = derived.get(entry.slug)
    if (!group) derived.set(entry.slug, (group = []))
    group.push(entry)
  }
  if (derived.size > 0) {
    const taken = new Set<string>()
    for (const entry of inCallOrder) if (entry.record.explicitSlug) taken.add(entry.slug)
    const order = (a: BuiltPost, b: BuiltPost) => compareByContent(a.record.input, b.record.input, timezone)
    assignSuffixes(derived, taken, (entry, slug) => (entry.slug = slug), order, (_entry, slug) => slug)
  }

  const usedIds = new Set<number>()
  const auto: BuiltPost[] = []
  for (const entry of inCallOrder) {
    if (entry.id !== 0) usedIds.add(entry.id)
    else auto.push(entry)
  }
  // Oldest first, so ids grow with publication dates, whatever order the posts were added in.
  auto.sort((a, b) => a.ms - b.ms || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
  let next = 1
  for (const entry of auto) {
    while (usedIds.has(next)) next++
    entry.id = next++
  }
  // Newest first, then by public_id. When every id was given here, that is `auto` with its runs of equal instants
  // taken from the last (ids ascend within a run), which saves a second sort of every post.
  const sorted = auto.length === inCallOrder.length ? newestFirst(auto) : inCallOrder.slice().sort(comparePosts)
  // The Posts are made in call order, next to the records and strings they are made from, and validated in that
  // order (see `assemble`).
  sorted.forEach((entry, rank) => (entry.rank = rank))
  for (const entry of inCallOrder) entry.post = toPost(entry.record, entry.slug, entry.id, timezone, entry)
  return { inCallOrder, sorted, naming }
}

/** Posts in ascending order of instant, as the newest first; posts of one instant keep their order. */
function newestFirst(oldestFirst: BuiltPost[]): BuiltPost[] {
  const out: BuiltPost[] = []
  for (let end = oldestFirst.length; end > 0; ) {
    let start = end - 1
    while (start > 0 && oldestFirst[start - 1].ms === oldestFirst[end - 1].ms) start--
    for (let i = start; i < end; i++) out.push(oldestFirst[i])
    end = start
  }
  return out
}

/**
 * Gives each group of records that derive the same base slug its final slugs: the first of each group (in `order`)
 * keeps the base unless something explicit holds it, the rest get `-2`, `-3`…. Every base is claimed before any
 * suffix is handed out, and suffixes go out in base order, so a title that derives "lisbon-2" keeps it even when two
 * "Lisbon" posts were added before it: the outcome does not depend on the order of the calls (or of `groups`).
 */
function assignSuffixes<R>(
  groups: Map<string, R[]>,
  taken: Set<string>,
  assign: (record: R, slug: string) => void,
  order: (a: R, b: R) => number,
  key: (record: R, slug: string) => string,
): void {
  const pending: [string, R[]][] = []
  for (const [base, group] of groups) {
    if (group.length > 1) group.sort(order)
    const first = group[0]
    if (taken.has(key(first, base))) pending.push([base, group])
    else {
      taken.add(key(first, base))
      assign(first, base)
      if (group.length > 1) pending.push([base, group.slice(1)])
    }
  }
  pending.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  for (const [base, rest] of pending) {
    let n = 1
    for (const r of rest) {
      let slug = slugWithSuffix(base, ++n)
      while (taken.has(key(r, slug))) slug = slugWithSuffix(base, ++n)
      taken.add(key(r, slug))
      assign(r, slug)
    }
  }
}

function instant(value: PostRecord['input']['published_at_iso'], timezone: string): number {
  return parseTimestamp(resolveTimestamp(value, timezone))?.epochMs ?? 0
}

/** A deterministic order for entities whose derived slugs collide: publication time, title, then content. */
function compareByContent(a: PostRecord['input'] | PageRecord['input'], b: PostRecord['input'] | PageRecord['input'], timezone: string): number {
  const ma = 'published_at_iso' in a ? instant(a.published_at_iso, timezone) : 0
  const mb = 'published_at_iso' in b ? instant(b.published_at_iso, timezone) : 0
  if (ma !== mb) return ma - mb
  if (a.title !== b.title) return a.title < b.title ? -1 : 1
  const ka = stableKey(a)
  const kb = stableKey(b)
  return ka < kb ? -1 : ka > kb ? 1 : 0
}

function stableKey(value: object): string {
  return JSON.stringify(canonicalizePreviewDataKeyOrder(value), (_k, v: unknown) => (v instanceof Date ? v.toISOString() : v))
}

/** Pages with derived slugs whose effective paths collide get suffixes, like posts; Pages sort by effective path. */
function buildPages(state: BuilderState, site: Site, timezone: string): Page[] {
  const records = [...state.pages.values()]
  const taken = new Set<string>()
  const slugs = new Map<PageRecord, string>()
  const derived = new Map<string, PageRecord[]>()
  for (const r of records) {
    if (r.explicitSlug) {
      taken.add(r.path ?? effectivePagePath({ slug: r.slug }, site))
      slugs.set(r, r.slug)
    } else {
      let group = derived.get(r.slug)
      if (!group) derived.set(r.slug, (group = []))
      group.push(r)
    }
  }
  // A derived Page has no path of its own, so its identity is the pages permalink applied to the candidate slug.
  assignSuffixes(derived, taken, (r, slug) => slugs.set(r, slug), (a, b) => compareByContent(a.input, b.input, timezone), (_r, slug) => effectivePagePath({ slug }, site))
  const usedIds = new Set<number>()
  for (const r of records) if (r.input.public_id !== undefined) usedIds.add(r.input.public_id)
  // Pages that allow comments need a public_id; give them the smallest free ones in path order.
  const built = records.map((r) => ({ r, path: r.path ?? effectivePagePath({ slug: slugs.get(r)! }, site) }))
  built.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  let next = 1
  return built.map(({ r }) => {
    let id = r.input.public_id
    if (id === undefined && r.input.allow_comments === true) {
      while (usedIds.has(next)) next++
      id = next++
    }
    return toPage(r, slugs.get(r)!, id, timezone)
  })
}

/** Declared categories or tags: by NFC slug, and by display name (NFC, trimmed; a name two entries share maps to neither). */
type DeclaredTaxonomies = { bySlug: Map<string, Category>; byName: Map<string, string | null> }

function declaredTaxonomies(bySlug: Map<string, Category>): DeclaredTaxonomies {
  const byName = new Map<string, string | null>()
  for (const entry of bySlug.values()) {
    const name = entry.name.normalize('NFC').trim()
    byName.set(name, byName.has(name) ? null : entry.slug)
  }
  return { bySlug, byName }
}

function allDeclared(slugs: readonly string[], declared: DeclaredTaxonomies): boolean {
  for (let i = 0; i < slugs.length; i++) if (!declared.bySlug.has(normalizeSlug(slugs[i]))) return false
  return true
}

/**
 * Declared entries plus one for each slug that `naming` (the posts referencing an undeclared entry, in call order;
 * empty when auto-creation is off) references. The entry takes the NFC slug and the display name given by the first
 * post in payload order that gives one (`tags: ['Trams']`), else a name made from the slug. `rank` (the place in
 * the payload) keeps the choice independent of the call order.
 */
function taxonomies(declared: DeclaredTaxonomies, naming: BuiltPost[], kind: 'categories' | 'tags'): Category[] {
  const out = new Map(declared.bySlug)
  const named = new Map<string, { rank: number; name: string }>()
  for (const entry of naming) {
    const names = namesBySlug(kind === 'categories' ? entry.record.categoryNameRefs : entry.record.tagNameRefs, declared)
    for (const slug of entry[kind]) {
      const key = normalizeSlug(slug)
      if (declared.bySlug.has(key)) continue
      if (!out.has(key)) out.set(key, taxonomyFromSlug(key))
      const name = names?.get(key)
      if (name === undefined) continue
      const best = named.get(key)
      if (best === undefined || entry.rank < best.rank) named.set(key, { rank: entry.rank, name })
    }
  }
  for (const [key, { name }] of named) out.set(key, { name, slug: key })
  return [...out.values()].sort(compareTaxonomies)
}

/**
 * The first display name a post gives each slug (NFC key), leaving out names that point at a declared entry: those
 * do not name this one. One map per post, so a post of many tags is read in linear time.
 */
function namesBySlug(refs: readonly NameRef[], declared: DeclaredTaxonomies): Map<string, string> | undefined {
  if (refs.length === 0) return undefined
  const names = new Map<string, string>()
  for (const ref of refs) {
    if (declared.byName.get(ref.name.normalize('NFC'))) continue
    const key = normalizeSlug(ref.slug)
    if (!names.has(key)) names.set(key, ref.name)
  }
  return names
}

/**
 * A post's references: the slugs given as slugs, as written, then each display name (`tags: ['Travel']`) as the
 * declared entry of exactly that name (NFC, trimmed), whatever its slug, else as the slug it derives; each slug once
 * (after NFC). Decided at build, so the order of `.tag()` and `.post()` calls does not matter.
 */
function namedReferences(refs: string[], explicit: string[] | undefined, names: readonly NameRef[], declared: Map<string, string | null>): readonly string[] {
  if (names.length === 0 || declared.size === 0) return refs
  const out = (explicit ?? []).slice()
  const keys = new KeySet()
  for (const slug of out) keys.add(normalizeSlug(slug))
  for (const { name, slug: derived } of names) {
    const slug = declared.get(name.normalize('NFC')) || derived
    const key = normalizeSlug(slug)
    if (keys.has(key)) continue
    keys.add(key)
    out.push(slug)
  }
  return out
}

/** Finds posts, pages and taxonomies by the names menus, collections and the front page use. */
class Lookup {
  readonly posts = new Map<string, Post>()
  readonly pagesByPath = new Map<string, Page>()
  readonly pagesBySlug = new Map<string, Page[]>()
  readonly categories: Map<string, Category>
  readonly tags: Map<string, Category>

  constructor(
    readonly payload: PreviewData,
    built: BuiltPost[],
  ) {
    for (const { post, record } of built) {
      this.posts.set(post.slug, post)
      if (!this.posts.has(record.slug)) this.posts.set(record.slug, post)
    }
    for (const page of payload.content.pages) {
      this.pagesByPath.set(effectivePagePath(page, payload.site), page)
      const list = this.pagesBySlug.get(page.slug) ?? []
      list.push(page)
      this.pagesBySlug.set(page.slug, list)
    }
    this.categories = new Map(payload.content.categories.map((c) => [c.slug, c]))
    this.tags = new Map(payload.content.tags.map((t) => [t.slug, t]))
  }

  /** A page by effective path, or by slug when exactly one page has it. */
  page(ref: string): Page | undefined {
    const key = normalizeSlug(trimBoth(ref, '/'))
    const byPath = this.pagesByPath.get(key)
    if (byPath) return byPath
    const bySlug = this.pagesBySlug.get(key)
    return bySlug?.length === 1 ? bySlug[0] : undefined
  }
}

function resolveMenuItem(item: MenuItemFields, path: string[], lookup: Lookup, issues: PreviewDataIssue[]): MenuItem {
  const site = lookup.payload.site
  let url = item.url
  let title = item.title
  const unresolved = (field: string, what: string, ref: string, found: (slug: string) => string | undefined) => {
    // The common slip is a title or name where the slug (a page's path) goes.
    const derived = slugFor(ref)
    const name = derived !== '' && derived !== normalizeSlug(ref) ? found(derived) : undefined
    const meant = name ? ` Did you mean "${name}"? A menu item names it by its ${field === 'page' ? 'path' : 'slug'}, not its ${field === 'post' || field === 'page' ? 'title' : 'name'}.` : ''
    issues.push({ code: 'unresolved_reference', path: `/${[...path, field].join('/')}`, message: `Menu item refers to ${what} "${ref}", which was not added: add it, or fix the reference.${meant}` })
    // A placeholder title, so the one problem is not reported a second time as a blank title.
    title ??= ref
  }
  if (item.post !== undefined) {
    const post = lookup.posts.get(normalizeSlug(item.post))
    if (post) {
      url = postRoute(post, site).url
      title ??= post.title
    } else unresolved('post', 'the post', item.post, (slug) => lookup.posts.get(slug)?.slug)
  } else if (item.page !== undefined) {
    const page = lookup.page(item.page)
    if (page) {
      url = pageRoute(page, site).url
      title ??= page.title
    } else {
      unresolved('page', 'the page', item.page, (slug) => {
        const named = lookup.page(slug)
        return named && effectivePagePath(named, site)
      })
    }
  } else if (item.category !== undefined) {
    const category = lookup.categories.get(normalizeSlug(item.category))
    if (category) {
      url = categoryRoute(category.slug, site).url
      title ??= category.name
    } else unresolved('category', 'the category', item.category, (slug) => lookup.categories.get(slug)?.slug)
  } else if (item.tag !== undefined) {
    const tag = lookup.tags.get(normalizeSlug(item.tag))
    if (tag) {
      url = tagRoute(tag.slug, site).url
      title ??= tag.name
    } else unresolved('tag', 'the tag', item.tag, (slug) => lookup.tags.get(slug)?.slug)
  }
  const out: MenuItem = {
    title: title ?? '',
    url: url ?? '/',
    target: item.target ?? '_self',
    children: (item.children ?? []).map((child, i) => resolveMenuItem(child, [...path, 'children', String(i)], lookup, issues)),
  }
  if (item.meta !== undefined) out.meta = item.meta
  return out
}

function resolveCollection(collection: Collection, lookup: Lookup): Collection {
  return {
    ...collection,
    items: collection.items.map((item) => {
      if (item.type !== 'page') return item
      const page = lookup.page(item.path)
      return page ? { type: 'page', path: effectivePagePath(page, lookup.payload.site) } : item
    }),
  }
}

function resolveFrontPage(input: FrontPageInput, pages: Page[], site: Site, issues: PreviewDataIssue[]): FrontPage {
  if (!('page' in input)) return input
  const wanted = normalizeSlug(trimBoth(input.page, '/'))
  const matches: string[] = []
  for (const page of pages) {
    const path = effectivePagePath(page, site)
    if (path === wanted) return { type: 'page', page_path: path }
    if (page.slug === wanted) matches.push(path)
  }
  if (matches.length === 1) return { type: 'page', page_path: matches[0] }
  issues.push({ code: 'unresolved_front_page', path: '/site/front_page', message: `The front page names the page "${input.page}", which was not added: add that page or fix the path.` })
  return { type: 'page', page_path: wanted || 'missing' }
}

