import { describe, expect, test } from 'vitest'
import { deriveExcerpt } from '../../../importers/wordpress/content/excerpt.js'
import { withoutSiteBlocks } from '../../../importers/wordpress/content/render.js'
import { renderSiteBlocks } from '../../../importers/wordpress/content/site-blocks.js'
import type { ListedPage, SiteBlocks } from '../../../importers/wordpress/content/site-blocks.js'
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

  test(`past ${LIMITS.maxPageListsPerNavigation} page lists in one body, the others are left out and counted`, () => {
    const dynamic: Record<string, number> = {}
    const html = renderSiteBlocks('<!-- wp:page-list /-->'.repeat(1000), site, dynamic)
    expect(html).toBe(fullList.repeat(LIMITS.maxPageListsPerNavigation))
    expect(dynamic).toEqual({ 'page-list': 1000 - LIMITS.maxPageListsPerNavigation })
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
