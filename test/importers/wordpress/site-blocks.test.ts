import { describe, expect, test } from 'vitest'
import { deriveExcerpt } from '../../../importers/wordpress/content/excerpt.js'
import { withoutSiteBlocks } from '../../../importers/wordpress/content/prose.js'
import { renderSiteBlocks } from '../../../importers/wordpress/content/site-blocks.js'
import type { ListedPage, ListedPost, SiteBlocks } from '../../../importers/wordpress/content/site-blocks.js'
import { LIMITS } from '../../../importers/wordpress/limits.js'

const page = (id: number, title: string, parent = 0, extra: Partial<ListedPage> = {}): ListedPage => ({ id, parent, title, link: `https://old.test/p${id}/`, home: false, shown: true, ...extra })

// Home (the front page), About with Team under it, Members (password-protected: listed by WordPress, not imported)
// with Board under it, and Jobs under a private page (id 9, not listed).
const site: SiteBlocks = {
  pages: [page(1, 'Home', 0, { home: true, link: 'https://old.test/' }), page(2, 'About'), page(3, 'Team', 2), page(4, 'Members', 0, { shown: false }), page(5, 'Board', 4), page(6, 'Jobs', 9)],
  navigations: [
    { id: 30, title: 'Newest &amp; best', content: '<!-- wp:navigation-link {"label":"About","type":"page","id":2,"url":"https://old.test/p2/","kind":"post-type"} /-->' },
    { id: 20, title: 'Header', content: '<!-- wp:home-link {"label":"Start"} /--><!-- wp:navigation-submenu {"label":"More","url":"https://old.test/p2/","kind":"custom"} --><!-- wp:navigation-link {"label":"Draft","type":"post","id":77,"url":"https://old.test/?p=77","kind":"post-type"} /--><!-- wp:navigation-link {"label":"Out","url":"https://example.org/","kind":"custom","opensInNewTab":true} /--><!-- /wp:navigation-submenu --><!-- wp:search /-->' },
  ],
  home: 'https://old.test',
  hidden: [77],
}

const li = (id: number, title: string, extra = '', below = '') => `<li class="wp-block-pages-list__item${below ? ' has-child' : ''}${extra}"><a class="wp-block-pages-list__item__link" href="https://old.test/p${id}/">${title}</a>${below ? `<ul class="submenu-container">${below}</ul>` : ''}</li>`
const homeLi = '<li class="wp-block-pages-list__item menu-item-home"><a class="wp-block-pages-list__item__link" href="https://old.test/">Home</a></li>'
const fullList = `<ul class="wp-block-page-list">${homeLi}${li(2, 'About', '', li(3, 'Team'))}${li(5, 'Board')}</ul>`
const navLink = (url: string, label: string, extra = '') => `<li class="wp-block-navigation-item wp-block-navigation-link"><a class="wp-block-navigation-item__content" href="${url}"${extra}><span class="wp-block-navigation-item__label">${label}</span></a></li>`
const header =
  '<nav class="wp-block-navigation" aria-label="Header"><ul class="wp-block-navigation__container">' +
  '<li class="wp-block-navigation-item wp-block-home-link"><a class="wp-block-home-link__content wp-block-navigation-item__content" href="https://old.test" rel="home">Start</a></li>' +
  '<li class="wp-block-navigation-item has-child wp-block-navigation-submenu"><a class="wp-block-navigation-item__content" href="https://old.test/p2/">More</a><ul class="wp-block-navigation__submenu-container">' +
  navLink('https://example.org/', 'Out', ' target="_blank"') +
  '</ul></li></ul></nav>'

// What WordPress prints for each block (render_block_core_page_list, render_block_core_navigation; 6.1 run on
// Debian's PHP, and 6.2+'s parentPageID), less scripts, toggle buttons and the current page's marks.
const rows: Array<[string, string, string]> = [
  ['a page list: every listed page, nested, a page not imported giving its place to its children, a private page\'s child not reached', '<p>A</p><!-- wp:page-list /--><p>B</p>', `<p>A</p>${fullList}<p>B</p>`],
  ['a page list of one page\'s children (parentPageID)', '<!-- wp:page-list {"parentPageID":2} /-->', `<ul class="wp-block-page-list">${li(3, 'Team')}</ul>`],
  ['a page list of a page without children prints nothing', '<!-- wp:page-list {"parentPageID":3} /-->', ''],
  ['a navigation by ref, labelled with its title; a link to an unpublished post and blocks that are no links left out', '<!-- wp:navigation {"ref":20} /-->', header],
  ['a navigation whose ref is not in the export (gone or unpublished) prints nothing', '<!-- wp:navigation {"ref":21} /-->x', 'x'],
  ['a navigation with its own blocks', '<!-- wp:navigation --><!-- wp:navigation-link {"label":"A &amp; B","url":"https://old.test/p2/","kind":"custom"} /--><!-- wp:navigation-link {"label":"","url":"https://old.test/p3/"} /--><!-- /wp:navigation -->', `<nav class="wp-block-navigation"><ul class="wp-block-navigation__container">${navLink('https://old.test/p2/', 'A &amp; B')}</ul></nav>`],
  ['a navigation without blocks or ref shows the most recently published navigation', '<!-- wp:navigation /-->', `<nav class="wp-block-navigation" aria-label="Newest &amp; best"><ul class="wp-block-navigation__container">${navLink('https://old.test/p2/', 'About')}</ul></nav>`],
  ['a page list inside a navigation lists its pages as navigation items', '<!-- wp:navigation --><!-- wp:page-list {"parentPageID":2} /--><!-- /wp:navigation -->', '<nav class="wp-block-navigation"><ul class="wp-block-navigation__container"><li class="wp-block-pages-list__item wp-block-navigation-item"><a class="wp-block-pages-list__item__link wp-block-navigation-item__content" href="https://old.test/p3/">Team</a></li></ul></nav>'],
  ['a submenu to a hidden post goes with its children', '<!-- wp:navigation --><!-- wp:navigation-submenu {"label":"Gone","id":77,"kind":"post-type","url":"https://old.test/?p=77"} --><!-- wp:navigation-link {"label":"Child","url":"https://old.test/p3/"} /--><!-- /wp:navigation-submenu --><!-- /wp:navigation -->', ''],
  ['a title with markup is printed as text', '<!-- wp:navigation --><!-- wp:navigation-link {"label":"\\u003cscript\\u003ex\\u003c/script\\u003eHi","url":"https://old.test/\\u0022onmouseover=\\u0022x"} /--><!-- /wp:navigation -->', `<nav class="wp-block-navigation"><ul class="wp-block-navigation__container">${navLink('https://old.test/&quot;onmouseover=&quot;x', 'Hi')}</ul></nav>`],
  ['other blocks are left as they are', '<!-- wp:paragraph --><p>x</p><!-- /wp:paragraph -->', '<!-- wp:paragraph --><p>x</p><!-- /wp:paragraph -->'],
]

describe('page list and navigation blocks in bodies', () => {
  test.each(rows)('%s', (_name, body, expected) => {
    expect(renderSiteBlocks(body, site, {})).toBe(expected)
  })

  test('without navigations, a navigation without blocks falls back to a page list', () => {
    const html = renderSiteBlocks('<!-- wp:navigation /-->', { ...site, navigations: [] }, {})
    expect(html).toContain('<a class="wp-block-pages-list__item__link wp-block-navigation-item__content" href="https://old.test/p2/">About</a>')
  })

  test('every page list and navigation of a body is rendered until they fill its bound; the others are left out and counted', () => {
    const dynamic: Record<string, number> = {}
    const fit = Math.floor(LIMITS.maxSiteBlockChars / fullList.length)
    const html = renderSiteBlocks('<!-- wp:page-list /-->'.repeat(fit + 100), site, dynamic)
    expect(html).toBe(fullList.repeat(fit))
    expect(dynamic).toEqual({ 'page-list': 100 })
    expect(renderSiteBlocks('<!-- wp:navigation {"ref":20} /-->'.repeat(40), site, {})).toBe(header.repeat(40))
  })

  test('deeply nested unclosed navigations and long page chains take linear time', () => {
    const chain: SiteBlocks = { ...site, pages: Array.from({ length: 20_000 }, (_, i) => page(i + 1, `P${i + 1}`, i)) }
    const started = performance.now()
    const html = renderSiteBlocks(`${'<!-- wp:navigation -->'.repeat(50_000)}<!-- wp:page-list /-->`, chain, {})
    expect(html.length).toBeGreaterThan(0)
    expect(renderSiteBlocks('<!-- wp:page-list /-->', chain, {}).split('<li').length - 1).toBe(LIMITS.maxPageDepth + 1)
    expect(performance.now() - started).toBeLessThan(2000)
  })
})

describe('excerpts leave page lists and navigations out, as excerpt_remove_blocks does', () => {
  test.each([
    ['a page list with nested lists, and a navigation', `<p>Before</p>${fullList}<p>middle</p>${header}<p>after</p>`, 'Before middle after'],
    ['a page list cut off by the excerpt\'s head, or never closed', `<p>Before</p><ul class="wp-block-page-list"><li><ul><li>x</li></ul>`, 'Before'],
    ['lists of other classes stay', '<ul class="other"><li>Kept</li></ul>', 'Kept'],
  ])('%s', (_name, html, expected) => {
    expect(deriveExcerpt(html)).toBe(expected)
  })

  test('unclosed page lists and navigations are read once: linear time', () => {
    const html = '<ul class="wp-block-page-list"><nav class="wp-block-navigation">'.repeat(100_000)
    const started = performance.now()
    expect(withoutSiteBlocks(html)).toBe(' ')
    expect(withoutSiteBlocks('<nav class="wp-block-navigation"></nav>x'.repeat(100_000))).toBe(' x'.repeat(100_000))
    expect(performance.now() - started).toBeLessThan(1000)
  })
})

const post = (id: number, title: string, day: string, extra: Partial<ListedPost> = {}): ListedPost => ({ id, type: 'post', title, link: `https://old.test/?p=${id}`, date: `${day}T10:00:00Z`, day, sticky: false, categories: [], tags: [], excerpt: '', ...extra })
// Newest first, as siteBlocksOf gives them.
const lists: SiteBlocks = {
  ...site,
  posts: {
    posts: [post(14, 'Delta', '2024-03-04', { tags: [7] }), post(13, 'alpha', '2024-03-03', { categories: [5], excerpt: 'Own words' }), post(12, 'Pinned', '2024-03-02', { sticky: true }), post(11, 'Charlie', '2024-03-01', { categories: [5, 6] })],
    perPage: 2,
    locale: 'en-US',
  },
}
const title = (id: number, t: string) => `<li class="wp-block-post post-${id}"><h2 class="wp-block-post-title"><a href="https://old.test/?p=${id}" target="_self">${t}</a></h2></li>`
const loop = (query: string, template = '<!-- wp:post-title {"isLink":true} /-->', extra = '') => `<!-- wp:query {"query":${query}} --><div class="wp-block-query"><!-- wp:post-template -->${template}<!-- /wp:post-template -->${extra}</div><!-- /wp:query -->`
const shown = (...items: string[]) => `<!-- wp:query {"query":{}} --><div class="wp-block-query"><ul class="wp-block-post-template">${items.join('')}</ul></div><!-- /wp:query -->`

// What WordPress's query loop and latest posts print (render_block_core_query, render_block_core_post_template,
// render_block_core_latest_posts; WordPress 6.1 run on Debian's PHP), less WordPress's per-post classes.
const listRows: Array<[string, string, string]> = [
  ['a query of the site\'s page size, newest first, sticky posts first and beyond its size', loop('{}'), shown(title(12, 'Pinned'), title(14, 'Delta'), title(13, 'alpha'))],
  ['sticky posts left out, oldest first, offset', loop('{"sticky":"exclude","order":"asc","offset":1,"perPage":5}'), shown(title(13, 'alpha'), title(14, 'Delta')).replace('{"query":{}}', '{"query":{"sticky":"exclude","order":"asc","offset":1,"perPage":5}}')],
  ['by title, A to Z, case aside; in a category (taxQuery); excluded ids', loop('{"orderBy":"title","order":"asc","taxQuery":{"category":[5]},"exclude":[11],"sticky":"exclude"}'), shown(title(13, 'alpha')).replace('{"query":{}}', '{"query":{"orderBy":"title","order":"asc","taxQuery":{"category":[5]},"exclude":[11],"sticky":"exclude"}}')],
  ['title, date and own excerpt filled in, pagination left out, no-results content hidden', loop('{"sticky":"only"}', '<!-- wp:post-title {"level":3} /--><!-- wp:post-date {"isLink":true} /--><!-- wp:post-excerpt /-->', '<!-- wp:query-pagination --><!-- wp:query-pagination-next /--><!-- /wp:query-pagination --><!-- wp:query-no-results --><p>None</p><!-- /wp:query-no-results -->'),
    '<!-- wp:query {"query":{"sticky":"only"}} --><div class="wp-block-query"><ul class="wp-block-post-template"><li class="wp-block-post post-12"><h3 class="wp-block-post-title">Pinned</h3><div class="wp-block-post-date"><time datetime="2024-03-02T10:00:00Z"><a href="https://old.test/?p=12" target="_self">March 2, 2024</a></time></div><!-- wp:post-excerpt /--></li></ul></div><!-- /wp:query -->'],
  ['a query that finds nothing shows its no-results content', loop('{"taxQuery":{"post_tag":[99]}}', '<!-- wp:post-title /-->', '<!-- wp:query-no-results --><p>None</p><!-- /wp:query-no-results -->'), '<!-- wp:query {"query":{"taxQuery":{"post_tag":[99]}}} --><div class="wp-block-query"><ul class="wp-block-post-template"></ul><p>None</p></div><!-- /wp:query -->'],
  ['a query the export cannot answer (the viewed page\'s, by author, by search, of pages) stays as it is', loop('{"inherit":true}') + loop('{"author":"3"}') + loop('{"search":"x"}') + loop('{"postType":"page"}'), loop('{"inherit":true}') + loop('{"author":"3"}') + loop('{"search":"x"}') + loop('{"postType":"page"}')],
  ['latest posts: newest first, sticky posts not first, with dates and own excerpts', '<!-- wp:latest-posts {"postsToShow":2,"displayPostDate":true,"displayPostContent":true} /-->',
    '<ul class="wp-block-latest-posts__list has-dates wp-block-latest-posts"><li><a class="wp-block-latest-posts__post-title" href="https://old.test/?p=14">Delta</a><time datetime="2024-03-04T10:00:00Z" class="wp-block-latest-posts__post-date">March 4, 2024</time></li><li><a class="wp-block-latest-posts__post-title" href="https://old.test/?p=13">alpha</a><time datetime="2024-03-03T10:00:00Z" class="wp-block-latest-posts__post-date">March 3, 2024</time><div class="wp-block-latest-posts__post-excerpt">Own words</div></li></ul>'],
  ['latest posts of a category, by title', '<!-- wp:latest-posts {"categories":[{"id":5}],"orderBy":"title","order":"asc"} /-->', '<ul class="wp-block-latest-posts__list wp-block-latest-posts"><li><a class="wp-block-latest-posts__post-title" href="https://old.test/?p=13">alpha</a></li><li><a class="wp-block-latest-posts__post-title" href="https://old.test/?p=11">Charlie</a></li></ul>'],
  ['latest posts by author stay dynamic', '<!-- wp:latest-posts {"selectedAuthor":2} /-->', '<!-- wp:latest-posts {"selectedAuthor":2} /-->'],
]

describe('query loops and latest posts in bodies', () => {
  test.each(listRows)('%s', (_name, body, expected) => {
    expect(renderSiteBlocks(body, lists, {})).toBe(expected)
  })

  // A post without an excerpt of its own shows the one get_the_excerpt derives from its body (a live WordPress 6.1's
  // query loop printed "Welcome to WordPress. This is your first post…" for Hello world!, the teaser for a post with
  // <!--more-->); the body is read where bodies are finished (excerptOf).
  test('a listed post without an excerpt of its own shows its automatic one', () => {
    const read: number[] = []
    const withBodies: SiteBlocks = {
      ...lists,
      posts: {
        ...(lists.posts as NonNullable<SiteBlocks['posts']>),
        posts: (lists.posts as NonNullable<SiteBlocks['posts']>).posts.map((p) => (p.excerpt ? p : { ...p, body: { place: [p.id, 1] as [number, number], ...(p.id === 12 ? { moreText: 'The teaser' } : {}) } })),
        excerptOf: (body) => (read.push(body.place[0]), body.moreText ?? `Words of ${body.place[0]}`),
      },
    }
    const html = renderSiteBlocks(loop('{"perPage":3}', '<!-- wp:post-excerpt /-->'), withBodies, {})
    expect(html).toContain('<li class="wp-block-post post-12"><div class="wp-block-post-excerpt"><p class="wp-block-post-excerpt__excerpt">The teaser</p></div></li>')
    expect(html).toContain('<li class="wp-block-post post-14"><div class="wp-block-post-excerpt"><p class="wp-block-post-excerpt__excerpt">Words of 14</p></div></li>')
    expect(html).toContain('<p class="wp-block-post-excerpt__excerpt">Own words</p>')
    expect(renderSiteBlocks('<!-- wp:latest-posts {"postsToShow":1,"displayPostContent":true} /-->', withBodies, {})).toContain('<div class="wp-block-latest-posts__post-excerpt">Words of 14</div>')
    // Only the posts shown are read, and a post with its own excerpt is not.
    expect(read.sort()).toEqual([12, 14, 14])
  })

  test('without the posts (no body was known to list them), post lists stay dynamic', () => {
    expect(renderSiteBlocks(loop('{}'), site, {})).toBe(loop('{}'))
  })

  test('a template repeated past the bound stays dynamic; excerpts leave post lists out', () => {
    const big = '<p>x</p>'.repeat(LIMITS.maxSiteBlockChars / 8)
    expect(renderSiteBlocks(loop('{}', big), lists, {})).toBe(loop('{}', big))
    expect(deriveExcerpt(`<p>Intro</p>${renderSiteBlocks(loop('{}') + '<!-- wp:latest-posts {"displayPostDate":true} /-->', lists, {})}<p>end</p>`)).toBe('Intro end')
  })
})

test(`what one body's blocks add is bounded (${LIMITS.maxSiteBlockChars} UTF-16 units), in linear time`, () => {
  const many: SiteBlocks = { ...lists, pages: Array.from({ length: 20_000 }, (_, i) => page(i + 1, `Page ${i + 1}`)) }
  const dynamic: Record<string, number> = {}
  const started = performance.now()
  const html = renderSiteBlocks('<!-- wp:page-list /-->'.repeat(3) + '<!-- wp:latest-posts /-->'.repeat(5000) + loop('{}', '<p>x</p>'.repeat(100_000)).repeat(50), many, dynamic)
  expect(html.length).toBeLessThanOrEqual(LIMITS.maxSiteBlockChars + 5000 * 30 + 50 * 1_000_000)
  expect(dynamic['page-list']).toBeGreaterThan(0)
  expect(dynamic['latest-posts']).toBeGreaterThan(0)
  expect(performance.now() - started).toBeLessThan(3000)
})
