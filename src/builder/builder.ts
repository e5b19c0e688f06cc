import { produce } from 'immer'
import type { Author, Category, Collection, CustomHtml, MediaEntry, Permalinks, PostIndex, PreviewData, Site, Tag } from '../contract/types.js'
import { effectivePagePath } from '../routes/index.js'
import { PreviewDataError } from '../validate/issue.js'

import { checkTimezone, normalizeSlug } from '../validate/primitives/index.js'
import { assemble } from './build.js'
import type { BuildResult } from './build.js'
import { ArgumentCheck } from './entities/_check.js'
import { ownCopy } from './entities/_copy.js'
import { toAuthor } from './entities/author.js'
import { checkCollection } from './entities/collection.js'
import { checkMapId, checkMenu } from './entities/menu.js'
import { toMedia } from './entities/media.js'
import { checkPage } from './entities/page.js'
import type { PageRecord } from './entities/page.js'
import { checkPost } from './entities/post.js'
import type { PostRecord } from './entities/post.js'
import { toTaxonomy } from './entities/taxonomy.js'
import { checkWidgetArea } from './entities/widget.js'
import { checkFragment } from './fragment.js'
import type { BuilderOptions, CollectionInput, FrontPageInput, MenuInput, PageInput, PostInput, SiteInput, TaxonomyInput, WidgetAreaInput } from './inputs.js'
import { BuilderState, MultiIndex } from './state.js'
import { slugFor } from './slug.js'
import { toTimestamp } from './time.js'
import { trimBoth } from '../trim.js'

type Op = (state: BuilderState) => void

/**

 * @internal The shared log behind a chain of builder values. Each value remembers how many operations it has seen; a call on
 * the newest value appends in O(1), and a call on an older value first replays its operations into a fresh store,
 * so a builder someone else holds never changes under them.
 */
export class Store {
  readonly state = new BuilderState()
  readonly ops: Op[] = []
}

/**
 * Accumulates a site and builds a validated, canonical, deterministic v0.7 payload. Every method returns a new
 * builder value; the value you called it on is unchanged, so a builder can be shared or branched safely.
 */
export class PreviewDataBuilder {
  readonly #options: BuilderOptions
  #store: Store
  readonly #version: number

  /** @internal Use `createPreviewData`. */
  constructor(options: BuilderOptions, store: Store = new Store(), version = 0) {
    this.#options = options
    this.#store = store
    this.#version = version
  }

  /** The store holding exactly this value's operations, replayed into a new one if the chain moved on. */
  #own(): Store {
    if (this.#store.ops.length === this.#version) return this.#store
    const fresh = new Store()
    for (const op of this.#store.ops.slice(0, this.#version)) {
      op(fresh.state)
      fresh.ops.push(op)
    }
    this.#store = fresh
    return fresh
  }

  #then(op: Op): PreviewDataBuilder {
    const store = this.#own()
    // Every op checks before it changes anything, so a throwing call leaves the store as it was.
    op(store.state)
    store.ops.push(op)
    return new PreviewDataBuilder(this.#options, store, store.ops.length)
  }

  get #state(): BuilderState {
    return this.#own().state
  }

  /**
   * Sets site fields, merged over earlier calls. Required fields you leave out get the documented defaults at build
   * (description '', url '', media_origin '', locale en-US, posts_per_page 10, date_style medium, time_style short,
   * timezone UTC); `title` has none.
   * @example
   * createPreviewData(opts).site({ title: 'Field Notes', url: 'https://notes.example', timezone: 'Europe/Lisbon' })
   */
  site(fields: SiteInput): PreviewDataBuilder {
    return this.#site(fields)
  }

  /** `site()`, with the objects named in `deep` merged member by member over earlier calls instead of replaced. */
  #site(fields: Partial<Site>, deep: readonly ('permalinks' | 'post_index')[] = []): PreviewDataBuilder {
    const check = ArgumentCheck.of('site', fields)
    if ('front_page' in check.input) check.fail('invalid_argument', ['front_page'], 'set the front page with .frontPage(), which also accepts { page: path }.')
    let own: Partial<Site> | undefined
    return this.#then((state) => {
      // A field given as undefined is unset (back to its default at build), so it must not reach the check as a value.
      const given = own ?? fields
      const merged = withoutUndefined({ ...state.site, ...given })
      for (const key of deep) {
        if (typeof given[key] === 'object' && given[key] !== null) merged[key] = withoutUndefined({ ...state.site[key], ...given[key] }) as never
      }
      // media_origin may come in a later call; a newsletter cannot: each call replaces the whole object.
      checkFragment({ site: merged as Site }, '/site', 'site', ['media_origin_required'])
      // Copied once, once checked: replaying this call for a branch (see Store) must not read the caller's object again.
      own ??= ownCopy(fields)
      const pagesPattern = state.site.permalinks?.pages
      state.site = ownCopy(merged)
      // Pages without a path are indexed by the pages permalink applied to their slug; a new pattern moves them all.
      if (state.site.permalinks?.pages !== pagesPattern) {
        state.pageKeys = new MultiIndex()
        for (const [seq, record] of state.pages) state.pageKeys.add(pageKey(state, record), seq)
      }
    })
  }

  /**
   * Adds an author; ids must be unique.
   * @example
   * builder.author({ id: 'ana', display_name: 'Ana Lima', avatar: '/media/ana.jpg' })
   */
  author(input: Author): PreviewDataBuilder {
    const author = toAuthor(input)
    return this.#then((state) => {
      if (state.authors.has(author.id)) throw new PreviewDataError('duplicate_id', `author "${author.id}": an author with this id was already added; author ids must be unique.`, '/id')
      state.authors.set(author.id, author)
    })
  }

  /**
   * Adds a category; the slug is derived from the name when omitted, and must be unique (after NFC).
   * @example
   * builder.category({ name: 'Travel' }) // slug 'travel'
   */
  category(input: TaxonomyInput): PreviewDataBuilder {
    return this.#taxonomy('category', input)
  }

  /**
   * Adds a tag; the slug is derived from the name when omitted, and must be unique (after NFC).
   * @example
   * builder.tag({ name: 'Lisbon', description: 'Posts about Lisbon' })
   */
  tag(input: TaxonomyInput): PreviewDataBuilder {
    return this.#taxonomy('tag', input)
  }

  #taxonomy(kind: 'category' | 'tag', input: TaxonomyInput): PreviewDataBuilder {
    const entry = toTaxonomy(kind, input)
    return this.#then((state) => {
      const map = kind === 'category' ? state.categories : state.tags
      const existing = map.get(entry.slug)
      if (existing) throw new PreviewDataError('duplicate_slug', `${kind} "${entry.name}": the slug "${entry.slug}" is already used by the ${kind} "${existing.name}"; give one of them another slug.`, '/slug')
      map.set(entry.slug, entry)
    })
  }

  /**
   * Adds a post. Slug, `public_id`, `updated_at_iso`, `excerpt`, `document_type` and `status` have defaults; zone-less
   * dates are read in `site.timezone`. An explicit slug or `public_id` that another post has throws here.
   * @example
   * builder.post({ title: 'Lisbon', author_id: 'ana', published_at_iso: '2024-05-01T10:00:00Z', content: 'Hello', tags: ['Travel'] })
   */
  post(input: PostInput): PreviewDataBuilder {
    let record: PostRecord | undefined
    return this.#then((state) => {
      // Checked and copied once: replaying this call for a branch (see Store) must not read the caller's object again.
      record ??= checkPost(input, siteTimezone(state))
      claimPost(state, record)
      const seq = ++state.seq
      state.posts.set(seq, record)
      state.postSlugs.add(record.slug, seq)
      if (record.input.public_id !== undefined) state.postIds.set(record.input.public_id, seq)
    })
  }

  /**
   * Changes a post with an immer recipe over a draft of its input; the result is checked like a new post.
   * @example
   * builder.updatePost('lisbon', (draft) => { draft.status = 'draft' })
   */
  updatePost(slug: string, recipe: (draft: PostInput) => void): PreviewDataBuilder {
    checkKey('post', 'slug', slug)
    checkRecipe('post', slug, recipe)
    let record: PostRecord | undefined
    return this.#then((state) => {
      const seq = findPost(state, slug)
      const old = state.posts.get(seq)!
      // Run once: a replay for a branch (see Store) must not call the recipe again, which may not be pure.
      record ??= checkPost(produce(old.input, recipe), siteTimezone(state))
      claimPost(state, record, seq)
      state.postSlugs.remove(old.slug, seq)
      if (old.input.public_id !== undefined) state.postIds.delete(old.input.public_id)
      state.posts.set(seq, record)
      state.postSlugs.add(record.slug, seq)
      if (record.input.public_id !== undefined) state.postIds.set(record.input.public_id, seq)
    })
  }

  /**
   * Removes a post by slug.
   * @example
   * builder.removePost('lisbon')
   */
  removePost(slug: string): PreviewDataBuilder {
    checkKey('post', 'slug', slug)
    return this.#then((state) => {
      const seq = findPost(state, slug)
      const old = state.posts.get(seq)!
      state.posts.delete(seq)
      state.postSlugs.remove(old.slug, seq)
      if (old.input.public_id !== undefined) state.postIds.delete(old.input.public_id)
    })
  }

  /**
   * Reads back a post's input (as given, with defaults not yet applied) by the slug `updatePost` takes, or undefined
   * when no post, or more than one post deriving it from the title, has it.
   * @example
   * builder.getPost('lisbon')?.title // 'Lisbon'
   */
  getPost(slug: string): Readonly<PostInput> | undefined {
    checkKey('post', 'slug', slug)
    const state = this.#state
    // The same choice as updatePost: an explicit slug wins over titles that derive it (those get suffixes at build).
    const match = matchPost(state, slug)
    // A copy: what the caller does with it must not reach the builder values that hold this post.
    return match.length === 1 ? ownCopy(state.posts.get(match[0])!.input) : undefined
  }

  /**
   * The inputs of every post added so far, in the order they were added.
   * @example
   * builder.listPosts().length
   */
  listPosts(): readonly Readonly<PostInput>[] {
    return [...this.#state.posts.values()].map((r) => ownCopy(r.input))
  }

  /**
   * Adds a page. Its identity is its effective path (`path`, or the pages permalink applied to its slug), which must
   * be unique after NFC; leaf slugs may repeat.
   * @example
   * builder.page({ title: 'Team', path: 'about/team', content: 'Who we are' })
   */
  page(input: PageInput): PreviewDataBuilder {
    let record: PageRecord | undefined
    return this.#then((state) => {
      // Checked and copied once: replaying this call for a branch (see Store) must not read the caller's object again.
      record ??= checkPage(input, siteTimezone(state))
      claimPage(state, record)
      const seq = ++state.seq
      state.pages.set(seq, record)
      state.pageKeys.add(pageKey(state, record), seq)
      if (record.input.public_id !== undefined) state.pageIds.set(record.input.public_id, seq)
    })
  }

  /**
   * Changes a page (found by effective path) with an immer recipe over a draft of its input.
   * @example
   * builder.updatePage('about', (draft) => { draft.title = 'About us' })
   */
  updatePage(path: string, recipe: (draft: PageInput) => void): PreviewDataBuilder {
    checkKey('page', 'path', path)
    checkRecipe('page', path, recipe)
    let record: PageRecord | undefined
    return this.#then((state) => {
      const seq = findPage(state, path)
      const old = state.pages.get(seq)!
      // Run once: a replay for a branch (see Store) must not call the recipe again, which may not be pure.
      record ??= checkPage(produce(old.input, recipe), siteTimezone(state))
      claimPage(state, record, seq)
      state.pageKeys.remove(pageKey(state, old), seq)
      if (old.input.public_id !== undefined) state.pageIds.delete(old.input.public_id)
      state.pages.set(seq, record)
      state.pageKeys.add(pageKey(state, record), seq)
      if (record.input.public_id !== undefined) state.pageIds.set(record.input.public_id, seq)
    })
  }

  /**
   * Removes a page by effective path.
   * @example
   * builder.removePage('about/team')
   */
  removePage(path: string): PreviewDataBuilder {
    checkKey('page', 'path', path)
    return this.#then((state) => {
      const seq = findPage(state, path)
      const old = state.pages.get(seq)!
      state.pages.delete(seq)
      state.pageKeys.remove(pageKey(state, old), seq)
      if (old.input.public_id !== undefined) state.pageIds.delete(old.input.public_id)
    })
  }

  /**
   * Reads back a page's input by the effective path `updatePage` takes, or undefined when no page, or more than
   * one page deriving it from the title, has it.
   * @example
   * builder.getPage('about/team')?.title
   */
  getPage(path: string): Readonly<PageInput> | undefined {
    checkKey('page', 'path', path)
    const state = this.#state
    const match = matchPage(state, path)
    return match.length === 1 ? ownCopy(state.pages.get(match[0])!.input) : undefined
  }

  /**
   * The inputs of every page added so far, in the order they were added.
   * @example
   * builder.listPages().map((p) => p.title)
   */
  listPages(): readonly Readonly<PageInput>[] {
    return [...this.#state.pages.values()].map((r) => ownCopy(r.input))
  }

  /**
   * Describes a media file that other fields reference (dimensions for responsive images); `src` must be unique.
   * @example
   * builder.media({ src: '/media/lisbon.jpg', width: 1600, height: 1067, alt: 'Tram 28' })
   */
  media(input: MediaEntry): PreviewDataBuilder {
    const entry = toMedia(input)
    return this.#then((state) => {
      if (state.media.has(entry.src)) throw new PreviewDataError('duplicate_src', `media "${entry.src}": an entry with this src was already added; keep one per src.`, '/src')
      state.media.set(entry.src, entry)
    })
  }

  /**
   * Adds a menu. Items link by `url`, or name a post (slug), page (path), category or tag (slug), resolved at build
   * to URLs that follow the permalink settings.
   * @example
   * builder.menu('primary', { name: 'Primary', items: [{ title: 'About', page: 'about' }, { post: 'lisbon' }] })
   */
  menu(id: string, input: MenuInput): PreviewDataBuilder {
    checkMapId('menu', id)
    checkMenu(id, input)
    // Copied at the call, not in the operation: a replay for a branch (see Store) must not read the caller's object.
    const menu = ownCopy(input)
    return this.#then((state) => {
      if (state.menus.has(id)) throw new PreviewDataError('duplicate_id', `menu "${id}" was already added; menu ids must be unique.`)
      state.menus.set(id, menu)
    })
  }

  /**
   * Adds a widget area; each item's `settings` is open to the widget type.
   * @example
   * builder.widgetArea('sidebar', { name: 'Sidebar', items: [{ type: 'search', title: 'Search' }] })
   */
  widgetArea(id: string, input: WidgetAreaInput): PreviewDataBuilder {
    checkMapId('widget area', id)
    checkWidgetArea(id, input)
    const area = ownCopy(input)
    return this.#then((state) => {
      if (state.widgets.has(id)) throw new PreviewDataError('duplicate_id', `widget area "${id}" was already added; widget-area ids must be unique.`)
      state.widgets.set(id, area)
    })
  }

  /**
   * Adds a named collection of posts (by slug) and pages (by effective path, or by slug when unique).
   * @example
   * builder.collection('featured', { title: 'Featured', items: [{ post: 'lisbon' }, { page: 'about' }] })
   */
  collection(id: string, input: CollectionInput): PreviewDataBuilder {
    checkMapId('collection', id)
    const collection = ownCopy(checkCollection(id, input))
    return this.#then((state) => {
      if (state.collections.has(id)) throw new PreviewDataError('duplicate_id', `collection "${id}" was already added; collection ids must be unique.`)
      state.collections.set(id, collection)
    })
  }

  /**
   * Removes an author (by id), category or tag (by slug), media entry (by `src`), menu, widget area or collection (by
   * id); naming nothing throws `not_found`. A removed category or tag that posts still reference is created again at
   * build while `autoCreateTaxonomies` is on.
   * @example
   * builder.remove('tag', 'lisbon').remove('menu', 'footer')
   */
  remove(kind: RemovableKind, key: string): PreviewDataBuilder {
    if (!Object.hasOwn(KEY_NAMES, kind)) {
      const documents = kind === ('post' as string) ? ' (posts: removePost(slug))' : kind === ('page' as string) ? ' (pages: removePage(path))' : ''
      throw new PreviewDataError('invalid_argument', `remove: ${JSON.stringify(kind)} is not a kind remove() takes; it takes ${Object.keys(KEY_NAMES).join(', ')}${documents}.`)
    }
    checkKey(kind, KEY_NAMES[kind], key)
    return this.#then((state) => {
      const map = removableMap(state, kind)
      const id = kind === 'category' || kind === 'tag' ? normalizeSlug(key) : key
      if (!map.has(id)) {
        const derived = kind === 'category' || kind === 'tag' ? slugFor(key) : ''
        const meant = derived !== '' && derived !== id && map.has(derived) ? ` Did you mean "${derived}", the slug this name gives?` : ''
        throw new PreviewDataError('not_found', `${kind} "${key}": nothing with this ${KEY_NAMES[kind]} was added.${meant} snapshot() lists what was added.`)
      }
      map.delete(id)
    })
  }

  /**
   * A copy of what has been added so far, before defaults and resolution: site fields, authors, categories, tags,
   * media entries, and the menus, widget areas and collections by id. Posts and pages: `listPosts()`, `listPages()`.
   * @example
   * builder.snapshot().authors.map((a) => a.id)
   */
  snapshot(): BuilderSnapshot {
    const state = this.#state
    return ownCopy({
      site: state.site,
      authors: [...state.authors.values()],
      categories: [...state.categories.values()],
      tags: [...state.tags.values()],
      media: [...state.media.values()],
      menus: Object.fromEntries(state.menus),
      widgets: Object.fromEntries(state.widgets),
      collections: Object.fromEntries(state.collections),
    })
  }

  /**
   * Sets the site's custom CSS (emitted as a stylesheet, unchanged).
   * @example
   * builder.customCss('body { font-family: Georgia, serif }')
   */
  customCss(content: string): PreviewDataBuilder {
    // The contract's own shape, { content }, is the likely slip; the validator's "custom_css.content must be a string"
    // named a field the caller never wrote.
    if (typeof content !== 'string') {
      const got = content === null ? 'null' : Array.isArray(content) ? 'an array' : typeof content
      throw new PreviewDataError('invalid_argument', `customCss: takes the CSS text itself, not ${got}: call .customCss('body { … }').`)
    }
    checkFragment({ custom_css: { content } }, '/custom_css', 'custom_css')
    return this.#then((state) => {
      state.customCss = { content }
    })
  }

  /**
   * Sets custom HTML inserted before `</head>` and/or `</body>` of theme-rendered pages.
   * @example
   * builder.customHtml({ body_end: '<script src="/stats.js" defer></script>' })
   */
  customHtml(slots: CustomHtml): PreviewDataBuilder {
    checkFragment({ custom_html: slots }, '/custom_html', 'custom_html')
    const html = { ...slots }
    return this.#then((state) => {
      state.customHtml = html
    })
  }

  /**
   * Sets the front page: `{ type: 'theme_index' }`, `{ type: 'standalone_html', html }`, `{ type: 'page', page_path }`, or
   * `{ page: path-or-slug }` resolved at build.
   * @example
   * builder.frontPage({ page: 'home' })
   */
  frontPage(input: FrontPageInput): PreviewDataBuilder {
    ArgumentCheck.of('front_page', input)
    if (!('page' in input)) checkFragment({ site: { front_page: input } as unknown as Site }, '/site/front_page', 'front_page', ['unresolved_front_page'])
    else ArgumentCheck.of('front_page', input).onlyKeys(['page']).nonblank('page')
    const frontPage = ownCopy(input)
    return this.#then((state) => {
      state.frontPage = frontPage
    })
  }

  /**
   * Sets the post index (`enabled`, `path`, `paginate`), merged member by member over earlier calls (a member given as
   * undefined goes back to its default). `.site({ post_index })` replaces the whole object instead.
   * @example
   * builder.postIndex({ path: '/blog/' })
   */
  postIndex(input: PostIndex): PreviewDataBuilder {
    return this.#site({ post_index: input }, ['post_index'])
  }

  /**
   * Sets permalink patterns and output style, merged member by member over earlier calls; routes, menu links and page
   * paths follow them. `.site({ permalinks })` replaces the whole object instead.
   * @example
   * builder.permalinks({ posts: '/:year/:month/:slug/', output_style: 'html-extension' })
   */
  permalinks(input: Permalinks): PreviewDataBuilder {
    return this.#site({ permalinks: input }, ['permalinks'])
  }

  /**
   * Builds the payload: validated against the whole contract, build preflight passed, canonical key order, and a
   * documented array order independent of call order (authors by id; categories and tags by name then slug; posts
   * newest first then by public_id; pages by effective path; media by src). Throws one `PreviewDataError` listing
   * every remaining problem.
   * @example
   * const payload = builder.build()
   */
  build(): PreviewData {
    const result = this.tryBuild()
    if (!result.ok) throw PreviewDataError.fromIssues(result.errors, 'The payload cannot be built')
    return result.payload
  }

  /**
   * Like `build()`, but returns `{ ok, payload, errors }` instead of throwing.
   * @example
   * const { ok, errors } = builder.tryBuild()
   */
  tryBuild(): BuildResult {
    return assemble(this.#state, this.#options)
  }
}

/** Refuses a key that is not a string (`updatePost(3, …)`), which could only ever name nothing. */
function checkKey(entity: string, name: string, key: unknown): void {
  if (typeof key !== 'string') throw new PreviewDataError('invalid_argument', `${entity}: the ${name} must be a string, not ${key === null ? 'null' : typeof key}.`)
}

/** Refuses a recipe that is not a function, before immer would say so in its own words. */
function checkRecipe(entity: string, key: string, recipe: unknown): void {
  if (typeof recipe !== 'function') throw new PreviewDataError('invalid_argument', `${entity} "${key}": the recipe must be a function that changes the draft, e.g. (draft) => { draft.title = 'New' }.`)
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}

/**
 * Starts a builder. `generator` names your producer; `generated_at` is required because the builder never reads a
 * clock, so the same calls always give the same bytes.
 * @example
 * const payload = createPreviewData({ generator: 'field-notes 1.0', generated_at: '2026-05-01T09:00:00Z' })
 *   .site({ title: 'Field Notes' })
 *   .build()
 */
export function createPreviewData(options: BuilderOptions): PreviewDataBuilder {
  const check = ArgumentCheck.of('createPreviewData options', options).onlyKeys(['generator', 'generated_at', 'autoCreateTaxonomies'])
  check.nonblank('generator')
  check.boolean('autoCreateTaxonomies')
  if (options.generated_at === undefined) check.fail('missing_property', ['generated_at'], 'generated_at is required: the builder never reads the clock, so pass the generation time.')
  const stamp = toTimestamp(options.generated_at, 'UTC')
  if (!stamp.ok) check.fail('invalid_timestamp', ['generated_at'], `generated_at ${stamp.reason}.`)
  return new PreviewDataBuilder(ownCopy(options))
}

/** What `remove()` can take away, each named by its key. */
export type RemovableKind = 'author' | 'category' | 'tag' | 'media' | 'menu' | 'widgetArea' | 'collection'

const KEY_NAMES: Record<RemovableKind, string> = { author: 'id', category: 'slug', tag: 'slug', media: 'src', menu: 'id', widgetArea: 'id', collection: 'id' }

function removableMap(state: BuilderState, kind: RemovableKind): Map<string, unknown> {
  switch (kind) {
    case 'author':
      return state.authors
    case 'category':
      return state.categories
    case 'tag':
      return state.tags
    case 'media':
      return state.media
    case 'menu':
      return state.menus
    case 'widgetArea':
      return state.widgets
    case 'collection':
      return state.collections
  }
}

/** What `snapshot()` returns: copies of the entities added so far, before defaults and resolution. */
export type BuilderSnapshot = {
  site: Partial<Site>
  authors: Author[]
  categories: Category[]
  tags: Tag[]
  media: MediaEntry[]
  menus: Record<string, MenuInput>
  widgets: Record<string, WidgetAreaInput>
  collections: Record<string, Collection>
}

// The helpers below take the state, not the builder: op closures that call them then hold no builder value, so the
// values a chain of calls leaves behind die young instead of living as long as the op log.

/** The site time zone so far, or UTC while none (or an invalid one) is set. */
function siteTimezone(state: BuilderState): string {
  const tz = state.site.timezone
  return tz !== undefined && checkTimezone(tz) === null ? tz : 'UTC'
}

/** Refuses a post whose explicit slug or public_id another post (other than `replacing`) already has. */
function claimPost(state: BuilderState, record: PostRecord, replacing?: number): void {
  if (record.explicitSlug && state.postSlugs.some(record.slug, (seq) => seq !== replacing && state.posts.get(seq)!.explicitSlug)) {
    throw new PreviewDataError('duplicate_slug', `post "${record.slug}": another post already has this slug (compared after NFC); post slugs must be unique.`, '/slug')
  }
  const id = record.input.public_id
  const holder = id === undefined ? undefined : state.postIds.get(id)
  if (holder !== undefined && holder !== replacing) {
    throw new PreviewDataError('duplicate_id', `post "${record.slug}": public_id ${id} is already used by post "${state.posts.get(holder)!.slug}"; post public_ids must be unique.`, '/public_id')
  }
}

/** The posts a slug names: the one whose explicit slug it is, else every post whose title derives it. */
function matchPost(state: BuilderState, slug: string): number[] {
  const seqs = [...state.postSlugs.get(normalizeSlug(slug))]
  const explicit = seqs.filter((s) => state.posts.get(s)!.explicitSlug)
  return explicit.length === 1 ? explicit : seqs
}

/** The one post a slug names, or a `not_found` / ambiguity error. */
function findPost(state: BuilderState, slug: string): number {
  const match = matchPost(state, slug)
  if (match.length === 1) return match[0]
  if (match.length === 0) {
    // The common slip is naming a post by its title.
    const derived = slugFor(slug)
    const meant = derived !== '' && derived !== normalizeSlug(slug) && matchPost(state, derived).length > 0 ? ` Did you mean "${derived}", the slug this title gives?` : ''
    throw new PreviewDataError('not_found', `post "${slug}": no post with this slug was added.${meant} Posts are named by slug, as listPosts() shows them.`)
  }
  throw new PreviewDataError('invalid_argument', `post "${slug}": ${match.length} posts derive this slug from their titles; give them explicit slugs to address one.`)
}

/** A page's identity: its explicit path, or the pages permalink applied to its slug. */
function pageKey(state: BuilderState, record: PageRecord): string {
  return record.path ?? effectivePagePath({ slug: record.slug }, { permalinks: state.site.permalinks })
}

/** Refuses a page whose explicit effective path or public_id another page (other than `replacing`) already has. */
function claimPage(state: BuilderState, record: PageRecord, replacing?: number): void {
  const key = pageKey(state, record)
  if (record.explicitSlug) {
    for (const seq of state.pageKeys.get(key)) {
      if (seq !== replacing && state.pages.get(seq)!.explicitSlug) {
        throw new PreviewDataError('duplicate_path', `page "${key}": another page already has this effective path (compared after NFC); give one a different slug or path.`, record.path ? '/path' : '/slug')
      }
    }
  }
  const id = record.input.public_id
  const holder = id === undefined ? undefined : state.pageIds.get(id)
  if (holder !== undefined && holder !== replacing) {
    throw new PreviewDataError('duplicate_id', `page "${key}": public_id ${id} is already used by another page; page public_ids must be unique.`, '/public_id')
  }
}

/** The pages an effective path names: the one with an explicit slug or path, else every page deriving it. */
function matchPage(state: BuilderState, path: string): number[] {
  const seqs = [...state.pageKeys.get(normalizeSlug(trimBoth(path, '/')))]
  const explicit = seqs.filter((s) => state.pages.get(s)!.explicitSlug)
  return explicit.length === 1 ? explicit : seqs
}

/** The one page an effective path names, or a `not_found` / ambiguity error. */
function findPage(state: BuilderState, path: string): number {
  const seqs = matchPage(state, path)
  if (seqs.length === 1) return seqs[0]
  if (seqs.length === 0) {
    // The common slip is naming a page by its slug (or title) when its path is longer: "team" for "about/team".
    const slug = normalizeSlug(slugFor(path))
    const paths = [...state.pages.values()].filter((record) => normalizeSlug(record.slug) === slug).map((record) => `"${pageKey(state, record)}"`)
    const meant = paths.length > 0 ? ` Did you mean ${paths.slice(0, 3).join(' or ')}, the path of the page slugged "${slug}"?` : ''
    throw new PreviewDataError('not_found', `page "${path}": no page with this effective path was added.${meant} Pages are named by effective path (their path, or the pages permalink applied to their slug), as listPages() shows them.`)
  }
  throw new PreviewDataError('invalid_argument', `page "${path}": ${seqs.length} pages derive this path from their titles; give them explicit slugs to address one.`)
}
