import { LIMITS } from '../limits.js'
import { blockTokens } from './blocks.js'
import type { BlockToken } from './blocks.js'
import { escapeAttribute, escapeText, htmlToText } from './html.js'

/**
 * A page as WordPress's page lists show it (`get_pages`: published pages, password-protected ones too, by menu order
 * and title): its parent's id (0 at the top), title, old URL (`<link>`, which finishing rewrites to its new URL),
 * whether it is the front page, and whether the payload has it (a page it does not have gives its place to its
 * children, as in menus).
 */
export type ListedPage = { id: number; parent: number; title: string; link: string; home: boolean; shown: boolean }

/**
 * What the page list and navigation blocks of bodies show, which only the whole export knows: the listed pages in
 * their order, the published block navigations (`wp_navigation`), most recently published first, with their title
 * and markup, the old site's home URL, and the ids of posts and pages those navigations link to that WordPress
 * would not show (not published, or not in the payload); and what they may add to one body (`room`, in UTF-16 units;
 * default `LIMITS.maxSiteBlockChars`).
 */
export type SiteBlocks = { pages: ListedPage[]; navigations: Array<{ id: number; title: string; content: string }>; home: string; hidden: number[]; posts?: PostLists; room?: number }

/**
 * A published post or page as post lists (query loops, latest posts) show it: its old URL, the instant it was
 * published (ISO) and the day the site showed (`YYYY-MM-DD`, the site's time), whether it was sticky, its term ids,
 * and its own excerpt (plain text; '' when it had none).
 */
export type ListedPost = { id: number; type: 'post' | 'page'; title: string; link: string; date: string; day: string; sticky: boolean; categories: number[]; tags: number[]; excerpt: string; body?: ListedBody }

/**
 * Where the rendered body of a listed post without an excerpt of its own lies, and what rendering found for its
 * excerpt: post lists show the excerpt WordPress derives from it (`excerptOf`).
 */
export type ListedBody = { place: [offset: number, length: number]; moreText?: string; blockExcerpt?: string }

/**
 * The posts and pages post lists choose from, newest first, and how the site showed them; `excerptOf` (set where
 * bodies are finished, which holds them) gives the automatic excerpt of a listed post's body.
 */
export type PostLists = { posts: ListedPost[]; perPage: number; locale: string; excerptOf?: (body: ListedBody) => string }

/** Whether a body has blocks that `renderSiteBlocks` renders: a page list, a navigation, a query loop or latest posts. */
export function usesSiteBlocks(raw: string): boolean {
  return SITE_BLOCK.test(raw)
}

/** Whether a body has blocks that list posts (which need `SiteBlocks.posts`). */
export function usesPostLists(raw: string): boolean {
  return POST_LIST.test(raw)
}

// One search of each body instead of one per block name (every body is asked, on the worker and at finishing).
const SITE_BLOCK = /wp:(?:page-list|navigation|query|latest-posts)/
const POST_LIST = /wp:(?:query|latest-posts)/

/**
 * A block body with its page lists and navigations rendered as WordPress prints them (`render_block_core_page_list`,
 * `render_block_core_navigation`) less their scripts and toggle buttons: the pages and links as lists, with the old
 * site's URLs, which finishing rewrites like every other link. A navigation shows the `wp_navigation` its `ref`
 * names, else its own inner blocks, else, as WordPress's fallback, the most recently published navigation or a page
 * list. Query loops and latest posts list the export's published posts as WordPress's query did. Past `site.room`
 * (at most `LIMITS.maxSiteBlockChars`) of what they add to one body, the others are left out (each repeats the site's pages or
 * posts) and counted in `dynamic`, as blocks with no static HTML are; a navigation shows at most
 * `LIMITS.maxPageListsPerNavigation` page lists, as menus do.
 * @example
 * renderSiteBlocks('<!-- wp:page-list /-->', { pages: [{ id: 2, parent: 0, title: 'About', link: 'https://old.test/about/', home: false, shown: true }], navigations: [], home: 'https://old.test/', hidden: [] }, {})
 * // '<ul class="wp-block-page-list"><li class="wp-block-pages-list__item"><a class="wp-block-pages-list__item__link" href="https://old.test/about/">About</a></li></ul>'
 */
export function renderSiteBlocks(html: string, site: SiteBlocks, dynamic: Record<string, number>): string {
  if (!usesSiteBlocks(html)) return html
  const tokens = blockTokens(html)
  const hidden = new Set(site.hidden)
  let out = ''
  let at = 0
  // What the blocks of one body may add, in UTF-16 units: each repeats the site's pages or posts.
  let room = site.room ?? LIMITS.maxSiteBlockChars
  const budget = (name: string) => {
    if (room > 0) return true
    dynamic[name] = (dynamic[name] ?? 0) + 1
    return false
  }
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t.kind === 'close' || !RENDERED.has(t.name)) continue
    // A block's extent: the delimiter itself when self-closing, else up to its matching closer.
    let last = i
    if (t.kind === 'open') {
      let depth = 1
      while (++last < tokens.length && depth > 0) if (tokens[last].name === t.name && tokens[last].kind !== 'void') depth += tokens[last].kind === 'open' ? 1 : -1
      if (depth > 0) break
      last--
    }
    let rendered: string | undefined
    const posts = site.posts
    if (t.name === 'page-list') rendered = budget(t.name) ? pageList(site, Number(t.attrs.parentPageID) || 0, false) : ''
    else if (t.name === 'navigation') rendered = budget(t.name) ? navigation(t, tokens.slice(i + 1, last), site, hidden) : ''
    else if (!posts) rendered = undefined
    else if (!budget(t.name)) rendered = ''
    else if (t.name === 'latest-posts') rendered = latestPosts(t.attrs, posts)
    else rendered = queryLoop(html, t, tokens.slice(i + 1, last), tokens[last], posts, room)
    // A list WordPress's query could not be reproduced from the export stays a dynamic block.
    if (rendered === undefined) continue
    if (rendered.length > room) {
      dynamic[t.name] = (dynamic[t.name] ?? 0) + 1
      rendered = ''
    }
    room -= rendered.length
    out += html.slice(at, t.index) + rendered
    at = tokens[last].end
    i = last
  }
  return out + html.slice(at)
}

const RENDERED = new Set(['page-list', 'navigation', 'query', 'latest-posts'])

/** A navigation block: the `wp_navigation` its `ref` names, its own inner blocks, or WordPress's fallback. */
function navigation(block: BlockToken, inner: BlockToken[], site: SiteBlocks, hidden: ReadonlySet<number>): string {
  const ref = Number(block.attrs.ref)
  let nav: SiteBlocks['navigations'][number] | undefined = site.navigations[0]
  if (block.attrs.ref !== undefined) {
    nav = Number.isInteger(ref) ? site.navigations.find((n) => n.id === ref) : undefined
    // A navigation that is gone, or not published (the export leaves it out), shows nothing.
    if (!nav) return ''
  }
  const tokens = block.attrs.ref === undefined && inner.length > 0 ? inner : nav ? blockTokens(nav.content) : []
  // WordPress's fallback when there is no navigation to show: a page list.
  const items = tokens.length > 0 ? navigationItems(tokens, site, hidden) : pageList(site, 0, true)
  if (items === '') return ''
  const label = nav && tokens !== inner && nav.title ? ` aria-label="${escapeAttribute(htmlToText(nav.title))}"` : ''
  return `<nav class="wp-block-navigation"${label}><ul class="wp-block-navigation__container">${items}</ul></nav>`
}

/**
 * The list items of a navigation's blocks: links, submenus (their children in a nested list), the home link and page
 * lists. A link or submenu without a label, or to a post or page WordPress would not show, is left out with what it
 * holds; blocks that are no links (search, social icons, spacers) are left out.
 */
function navigationItems(tokens: readonly BlockToken[], site: SiteBlocks, hidden: ReadonlySet<number>): string {
  let out = ''
  let skipDepth = 0
  let lists = 0
  for (const t of tokens) {
    const link = t.name === 'navigation-link' || t.name === 'navigation-submenu'
    if (skipDepth > 0) {
      if (t.name === 'navigation-submenu' && t.kind !== 'void') skipDepth += t.kind === 'open' ? 1 : -1
      continue
    }
    if (link && t.kind === 'close') {
      if (t.name === 'navigation-submenu') out += '</ul></li>'
      continue
    }
    if (link) {
      const label = typeof t.attrs.label === 'string' ? t.attrs.label : ''
      const id = Number(t.attrs.id)
      if (label.trim() === '' || (t.attrs.kind === 'post-type' && hidden.has(id))) {
        if (t.kind === 'open') skipDepth = 1
        continue
      }
      const url = typeof t.attrs.url === 'string' ? t.attrs.url : ''
      const href = url ? ` href="${escapeAttribute(url)}"` : ''
      const target = t.attrs.opensInNewTab === true ? ' target="_blank"' : ''
      const rel = typeof t.attrs.rel === 'string' && t.attrs.rel ? ` rel="${escapeAttribute(t.attrs.rel)}"` : ''
      const text = escapeText(htmlToText(label))
      if (t.kind === 'open') out += `<li class="wp-block-navigation-item has-child wp-block-navigation-submenu"><a class="wp-block-navigation-item__content"${href}${rel}${target}>${text}</a><ul class="wp-block-navigation__submenu-container">`
      else out += `<li class="wp-block-navigation-item wp-block-navigation-link"><a class="wp-block-navigation-item__content"${href}${rel}${target}><span class="wp-block-navigation-item__label">${text}</span></a></li>`
    } else if (t.name === 'home-link' && t.kind !== 'close') {
      const label = typeof t.attrs.label === 'string' && t.attrs.label.trim() ? escapeText(htmlToText(t.attrs.label)) : 'Home'
      out += `<li class="wp-block-navigation-item wp-block-home-link"><a class="wp-block-home-link__content wp-block-navigation-item__content" href="${escapeAttribute(site.home)}" rel="home">${label}</a></li>`
    } else if (t.name === 'page-list' && t.kind !== 'close' && ++lists <= LIMITS.maxPageListsPerNavigation) {
      out += pageItems(site, Number(t.attrs.parentPageID) || 0, true)
    }
  }
  return out
}

/** A page list block outside a navigation: its own list, or nothing when no page is listed. */
function pageList(site: SiteBlocks, parent: number, inNavigation: boolean): string {
  const items = pageItems(site, parent, inNavigation)
  return items === '' || inNavigation ? items : `<ul class="wp-block-page-list">${items}</ul>`
}

/**
 * The items of a page list (`block_core_page_list_render_nested_page_list`): the pages under `parent` (0: the top
 * level; `parentPageID`, WordPress 6.2 on, lists that page's children), each with its children in a nested list. A
 * page the payload does not have is left out and its children take its place; a page whose parent is not listed
 * (a private page's child) is not reached, as on WordPress. Nesting stops at `LIMITS.maxPageDepth`.
 */
function pageItems(site: SiteBlocks, parent: number, inNavigation: boolean): string {
  const key = `${parent} ${inNavigation}`
  let made = listsMade.get(site)
  if (!made) listsMade.set(site, (made = new Map()))
  const known = made.get(key)
  if (known !== undefined) return known
  const items = nestedPageItems(site, parent, inNavigation)
  made.set(key, items)
  return items
}

// The page lists made for a site, by parent and place: every page list of every body shows the same tree.
const listsMade = new WeakMap<SiteBlocks, Map<string, string>>()

function nestedPageItems(site: SiteBlocks, parent: number, inNavigation: boolean): string {
  const children = new Map<number, ListedPage[]>()
  for (const p of site.pages) {
    const under = p.parent === p.id ? 0 : p.parent
    const list = children.get(under)
    if (list) list.push(p)
    else children.set(under, [p])
  }
  const seen = new Set<number>()
  const item = inNavigation ? 'wp-block-pages-list__item wp-block-navigation-item' : 'wp-block-pages-list__item'
  const linkClass = inNavigation ? 'wp-block-pages-list__item__link wp-block-navigation-item__content' : 'wp-block-pages-list__item__link'
  const submenu = inNavigation ? 'submenu-container wp-block-navigation__submenu-container' : 'submenu-container'
  const level = (id: number, depth: number): string =>
    (children.get(id) ?? [])
      .map((p) => {
        if (seen.has(p.id)) return ''
        seen.add(p.id)
        const below = depth < LIMITS.maxPageDepth ? level(p.id, depth + 1) : ''
        if (!p.shown) return below
        const classes = `${item}${below ? ' has-child' : ''}${p.home ? ' menu-item-home' : ''}`
        const title = escapeText(htmlToText(p.title))
        return `<li class="${classes}"><a class="${linkClass}" href="${escapeAttribute(p.link)}">${title}</a>${below ? `<ul class="${submenu}">${below}</ul>` : ''}</li>`
      })
      .join('')
  return level(parent, 0)
}

/** What a post list asks for, as WordPress's query takes it (`build_query_vars_from_query_block`, latest posts' `get_posts`). */
type PostQuery = { type: 'post' | 'page'; perPage: number; offset: number; order: 'asc' | 'desc'; orderBy: 'date' | 'title'; categories: number[]; tags: number[]; exclude: number[]; sticky: '' | 'exclude' | 'only' | 'ignore' }

const idList = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [])

/**
 * The posts a query shows on its first page: of its type, in its terms (any of its categories, and any of its tags),
 * not excluded, ordered, offset and cut to its size. On WordPress a query that does not ignore sticky posts puts them
 * first (all of them, beyond its size; `WP_Query` on a first page), and drops those it found from the rest.
 */
function selectPosts(lists: PostLists, q: PostQuery): ListedPost[] {
  // The same query in many bodies (a "latest posts" in every post) is answered once: each answer reads every post.
  let made = postsChosen.get(lists)
  if (!made) postsChosen.set(lists, (made = new Map()))
  const key = JSON.stringify(q)
  const known = made.get(key)
  if (known !== undefined) return known
  const chosen = choosePosts(lists, q)
  if (made.size < MAX_QUERIES_KEPT) made.set(key, chosen)
  return chosen
}

// The posts chosen for a site's post lists, by query: what a body's query finds does not depend on the body.
const postsChosen = new WeakMap<PostLists, Map<string, ListedPost[]>>()
/** Distinct queries whose answers are kept (each holds at most its size and the sticky posts). */
const MAX_QUERIES_KEPT = 1000

function choosePosts(lists: PostLists, q: PostQuery): ListedPost[] {
  const exclude = new Set(q.exclude)
  const inTerms = (ids: number[], wanted: number[]) => wanted.length === 0 || wanted.some((id) => ids.includes(id))
  let chosen = lists.posts.filter((p) => p.type === q.type && !exclude.has(p.id) && inTerms(p.categories, q.categories) && inTerms(p.tags, q.tags))
  if (q.sticky === 'exclude') chosen = chosen.filter((p) => !p.sticky)
  if (q.sticky === 'only') chosen = chosen.filter((p) => p.sticky)
  // Newest first as given; by title, A to Z: each the other way round when the query asks for it.
  const byTitle = (x: ListedPost, y: ListedPost) => (x.title.toLowerCase() < y.title.toLowerCase() ? -1 : x.title.toLowerCase() > y.title.toLowerCase() ? 1 : x.id - y.id)
  if (q.orderBy === 'title') chosen = [...chosen].sort(byTitle)
  if ((q.orderBy === 'title') === (q.order === 'desc')) chosen = [...chosen].reverse()
  const page = chosen.slice(q.offset, q.offset + q.perPage)
  if (q.sticky !== '' || q.type !== 'post') return page
  return [...chosen.filter((p) => p.sticky), ...page.filter((p) => !p.sticky)]
}

/** The day a post was shown on, as WordPress's default date format (`F j, Y`) gives it in the site's language. */
function dayText(day: string, locale: string): string {
  const [y, m, d] = day.split('-').map(Number)
  const at = new Date(Date.UTC(y, (m || 1) - 1, d || 1))
  try {
    return new Intl.DateTimeFormat(locale || 'en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(at)
  } catch {
    return day
  }
}

/**
 * A latest posts block (`render_block_core_latest_posts`): the newest posts (sticky ones not first), each title
 * linked, with its date when the block shows dates, and its own excerpt when it shows excerpts; featured images and
 * authors are not shown (the export does not say how WordPress sized them). Undefined (left dynamic) for a list by
 * author, which the export cannot tell.
 */
function latestPosts(attrs: Record<string, unknown>, lists: PostLists): string | undefined {
  if (attrs.selectedAuthor !== undefined && attrs.selectedAuthor !== null && attrs.selectedAuthor !== '') return undefined
  const categories = Array.isArray(attrs.categories) ? idList(attrs.categories.map((c: unknown) => (c !== null && typeof c === 'object' ? (c as { id?: unknown }).id : c))) : []
  const posts = selectPosts(lists, {
    type: 'post',
    perPage: Number.isInteger(attrs.postsToShow) ? Math.max(0, Math.min(100, attrs.postsToShow as number)) : 5,
    offset: 0,
    order: attrs.order === 'asc' ? 'asc' : 'desc',
    orderBy: attrs.orderBy === 'title' ? 'title' : 'date',
    categories,
    tags: [],
    exclude: [],
    sticky: 'ignore',
  })
  const items = posts.map((p) => {
    const date = attrs.displayPostDate === true ? `<time datetime="${escapeAttribute(p.date)}" class="wp-block-latest-posts__post-date">${escapeText(dayText(p.day, lists.locale))}</time>` : ''
    const shown = attrs.displayPostContent === true && attrs.displayPostContentRadio !== 'full_post' ? excerptOf(p, lists) : ''
    const excerpt = shown ? `<div class="wp-block-latest-posts__post-excerpt">${escapeText(shown)}</div>` : ''
    return `<li><a class="wp-block-latest-posts__post-title" href="${escapeAttribute(p.link)}">${escapeText(htmlToText(p.title))}</a>${date}${excerpt}</li>`
  })
  return `<ul class="wp-block-latest-posts__list${attrs.displayPostDate === true ? ' has-dates' : ''} wp-block-latest-posts">${items.join('')}</ul>`
}

/**
 * A query loop (`render_block_core_query` and `render_block_core_post_template`): its own markup kept, its post
 * template repeated for each post it finds on its first page, in a list, with each post's title, date and own
 * excerpt filled in (other blocks of the template stay dynamic), its pagination left out, and its "no results"
 * content shown only when it finds nothing. Undefined (left dynamic) for a query WordPress answered from the page
 * being viewed (`inherit`), by author, by search text, by parent page or of another post type: the export cannot
 * reproduce those.
 */
function queryLoop(html: string, open: BlockToken, inner: BlockToken[], close: BlockToken, lists: PostLists, room: number): string | undefined {
  if (open.kind !== 'open') return undefined
  const query = open.attrs.query !== null && typeof open.attrs.query === 'object' ? (open.attrs.query as Record<string, unknown>) : {}
  // Pages and other types are listed by what the export cannot order as WordPress did (menu order, parents).
  if (query.inherit === true || (query.postType !== undefined && query.postType !== 'post')) return undefined
  if ((query.author !== undefined && query.author !== '') || (query.search !== undefined && query.search !== '') || idList(query.parents).length > 0) return undefined
  const tax = query.taxQuery !== null && typeof query.taxQuery === 'object' ? (query.taxQuery as Record<string, unknown>) : {}
  const posts = selectPosts(lists, {
    type: 'post',
    perPage: Number.isInteger(query.perPage) && (query.perPage as number) > 0 ? Math.min(100, query.perPage as number) : lists.perPage,
    offset: Number.isInteger(query.offset) && (query.offset as number) > 0 ? (query.offset as number) : 0,
    order: query.order === 'asc' ? 'asc' : 'desc',
    orderBy: query.orderBy === 'title' ? 'title' : 'date',
    categories: [...idList(tax.category), ...idList(query.categoryIds)],
    tags: [...idList(tax.post_tag), ...idList(query.tagIds)],
    exclude: idList(query.exclude),
    sticky: query.sticky === 'exclude' || query.sticky === 'only' ? query.sticky : '',
  })
  let out = ''
  let at = open.index
  for (let i = 0; i < inner.length; i++) {
    const t = inner[i]
    if (t.kind === 'close' || !(t.name === 'post-template' || t.name.startsWith('query-pagination') || t.name === 'query-no-results')) continue
    let last = i
    if (t.kind === 'open') {
      let depth = 1
      while (++last < inner.length && depth > 0) if (inner[last].name === t.name && inner[last].kind !== 'void') depth += inner[last].kind === 'open' ? 1 : -1
      if (depth > 0) return undefined
      last--
    }
    const end = inner[last].end
    out += html.slice(at, t.index)
    if (t.name === 'post-template' && t.kind === 'open') {
      const template = html.slice(t.end, inner[last].index)
      // Each post repeats the template: a list that would not fit stays dynamic, and is not built to find out.
      if (template.length * posts.length > room) return undefined
      out += `<ul class="wp-block-post-template">${posts.map((p) => `<li class="wp-block-post post-${p.id}">${postTemplate(template, p, lists)}</li>`).join('')}</ul>`
    } else if (t.name === 'query-no-results' && t.kind === 'open' && posts.length === 0) out += html.slice(t.end, inner[last].index)
    at = end
    i = last
  }
  return out + html.slice(at, close.end)
}

/**
 * A listed post's excerpt as `get_the_excerpt` gives it to post lists: its own, else the one WordPress derives from its
 * body ('' when neither is known).
 */
function excerptOf(post: ListedPost, lists: PostLists): string {
  return post.excerpt || (post.body && lists.excerptOf ? lists.excerptOf(post.body) : '')
}

/** A post template filled in for one post: its title, date and excerpt; other blocks as they are. */
function postTemplate(template: string, post: ListedPost, lists: PostLists): string {
  const locale = lists.locale
  let out = ''
  let at = 0
  for (const t of blockTokens(template)) {
    if (t.kind !== 'void') continue
    const link = (text: string) => (t.attrs.isLink === true ? `<a href="${escapeAttribute(post.link)}" target="${t.attrs.linkTarget === '_blank' ? '_blank' : '_self'}">${text}</a>` : text)
    let rendered: string | undefined
    if (t.name === 'post-title') {
      const level = Number.isInteger(t.attrs.level) && (t.attrs.level as number) >= 0 && (t.attrs.level as number) <= 6 ? (t.attrs.level as number) : 2
      const tag = level === 0 ? 'p' : `h${level}`
      rendered = `<${tag} class="wp-block-post-title">${link(escapeText(htmlToText(post.title)))}</${tag}>`
    } else if (t.name === 'post-date') {
      rendered = `<div class="wp-block-post-date"><time datetime="${escapeAttribute(post.date)}">${link(escapeText(dayText(post.day, locale)))}</time></div>`
    } else if (t.name === 'post-excerpt') {
      const excerpt = excerptOf(post, lists)
      if (excerpt) rendered = `<div class="wp-block-post-excerpt"><p class="wp-block-post-excerpt__excerpt">${escapeText(excerpt)}</p></div>`
    }
    if (rendered === undefined) continue
    out += template.slice(at, t.index) + rendered
    at = t.end
  }
  return out + template.slice(at)
}
