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
 * would not show (not published, or not in the payload).
 */
export type SiteBlocks = { pages: ListedPage[]; navigations: Array<{ id: number; title: string; content: string }>; home: string; hidden: number[] }

/** Whether a body has blocks that `renderSiteBlocks` renders: a page list or a navigation. */
export function usesSiteBlocks(raw: string): boolean {
  return raw.includes('wp:page-list') || raw.includes('wp:navigation')
}

/**
 * A block body with its page lists and navigations rendered as WordPress prints them (`render_block_core_page_list`,
 * `render_block_core_navigation`) less their scripts and toggle buttons: the pages and links as lists, with the old
 * site's URLs, which finishing rewrites like every other link. A navigation shows the `wp_navigation` its `ref`
 * names, else its own inner blocks, else, as WordPress's fallback, the most recently published navigation or a page
 * list. Past `LIMITS.maxPageListsPerNavigation` page lists and as many navigations in one body, the others are
 * left out (each repeats a whole tree) and counted in `dynamic`, as blocks with no static HTML are.
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
  let lists = 0
  let navigations = 0
  const budget = (name: string, used: number) => {
    if (used <= LIMITS.maxPageListsPerNavigation) return true
    dynamic[name] = (dynamic[name] ?? 0) + 1
    return false
  }
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t.kind === 'close' || (t.name !== 'page-list' && t.name !== 'navigation')) continue
    // A block's extent: the delimiter itself when self-closing, else up to its matching closer.
    let last = i
    if (t.kind === 'open') {
      let depth = 1
      while (++last < tokens.length && depth > 0) if (tokens[last].name === t.name && tokens[last].kind !== 'void') depth += tokens[last].kind === 'open' ? 1 : -1
      if (depth > 0) break
      last--
    }
    let rendered: string
    if (t.name === 'page-list') rendered = budget('page-list', ++lists) ? pageList(site, Number(t.attrs.parentPageID) || 0, false) : ''
    else if (!budget('navigation', ++navigations)) rendered = ''
    else rendered = navigation(t, tokens.slice(i + 1, last), site, hidden)
    out += html.slice(at, t.index) + rendered
    at = tokens[last].end
    i = last
  }
  return out + html.slice(at)
}

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
