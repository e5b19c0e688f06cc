import { describe, expect, test } from 'vitest'
import type { MenuItem, Permalinks, PreviewDataBuilder } from '../../src/index.js'
import { post, start } from './_helpers.js'

/** Posts, pages, a category and a tag for menus, collections and the front page to name. */
function content(permalinks: Permalinks = {}): PreviewDataBuilder {
  return start({ timezone: 'Asia/Seoul' })
    .permalinks(permalinks)
    .postIndex({ path: '/blog/' })
    .category({ name: 'Travel' })
    .tag({ name: 'Old Town' })
    // 20:00 UTC on New Year's Eve is already 2024 in Seoul: date tokens must follow the site time zone.
    .post(post('New year', '2023-12-31T20:00:00Z'))
    .post(post('Lisbon', '2024-05-01'))
    .post(post('Lisbon', '2024-06-01'))
    .post(post('Café', '2024-07-01', { slug: 'cafe\u0301' }))
    .page({ title: 'About' })
    .page({ title: 'Team', path: 'about/team' })
    .page({ title: 'Guides', path: 'guides/index' })
}

const menuOf = (b: PreviewDataBuilder) => b.build().menus!.main.items
const flat = (items: MenuItem[]): [string, string][] => items.flatMap((i) => [[i.title, i.url] as [string, string], ...flat(i.children)])

describe('menu items that name posts, pages, categories and tags', () => {
  const items = [
    { post: 'new-year' },
    { post: 'lisbon-2' },
    { post: 'café' },
    { page: 'about', children: [{ page: 'about/team', title: 'Our team' }, { page: 'team' }] },
    { category: 'travel', children: [{ tag: 'old-town', target: '_blank' as const, meta: { icon: 'pin' } }] },
    { page: 'guides/index' },
    { title: 'Elsewhere', url: 'https://elsewhere.example/' },
  ]

  const styles = [
    {
      name: 'default permalinks',
      permalinks: {},
      urls: [
        ['New year', '/posts/new-year/'],
        ['Lisbon', '/posts/lisbon-2/'],
        ['Café', '/posts/café/'],
        ['About', '/about/'],
        ['Our team', '/about/team/'],
        ['Team', '/about/team/'],
        ['Travel', '/categories/travel/'],
        ['Old Town', '/tags/old-town/'],
        ['Guides', '/guides/index/'],
        ['Elsewhere', 'https://elsewhere.example/'],
      ],
    },
    {
      name: '/:year/:month/:slug/ with html-extension output',
      permalinks: { posts: '/:year/:month/:slug/', pages: '/p/:slug/', categories: '/topics/:slug/', output_style: 'html-extension' as const },
      urls: [
        ['New year', '/2024/01/new-year'],
        ['Lisbon', '/2024/06/lisbon-2'],
        ['Café', '/2024/07/café'],
        ['About', '/p/about'],
        ['Our team', '/about/team'],
        ['Team', '/about/team'],
        ['Travel', '/topics/travel'],
        ['Old Town', '/tags/old-town'],
        // A terminal index keeps directory-index behaviour under html-extension.
        ['Guides', '/guides/'],
        ['Elsewhere', 'https://elsewhere.example/'],
      ],
    },
    {
      name: '/p/:public_id/',
      permalinks: { posts: '/p/:public_id/' },
      urls: [
        ['New year', '/p/1/'],
        ['Lisbon', '/p/3/'],
        ['Café', '/p/4/'],
        ['About', '/about/'],
        ['Our team', '/about/team/'],
        ['Team', '/about/team/'],
        ['Travel', '/categories/travel/'],
        ['Old Town', '/tags/old-town/'],
        ['Guides', '/guides/index/'],
        ['Elsewhere', 'https://elsewhere.example/'],
      ],
    },
  ]

  test.each(styles)('resolve to URLs that follow $name, titles defaulting to the target', ({ permalinks, urls }) => {
    const resolved = menuOf(content(permalinks).menu('main', { name: 'Main', items }))
    expect(flat(resolved)).toEqual(urls)
  })

  test('targets default to _self; an explicit target and meta are kept; nesting is kept', () => {
    const resolved = menuOf(content().menu('main', { name: 'Main', items }))
    expect(resolved[4]).toEqual({
      title: 'Travel',
      url: '/categories/travel/',
      target: '_self',
      children: [{ title: 'Old Town', url: '/tags/old-town/', target: '_blank', children: [], meta: { icon: 'pin' } }],
    })
    expect(resolved[3].children.map((c) => c.title)).toEqual(['Our team', 'Team'])
  })

  test('references are resolved at build, so a menu may come before what it names', () => {
    const early = start().menu('main', { name: 'Main', items: [{ post: 'later' }, { page: 'later-page' }] })
    const resolved = menuOf(early.post(post('Later', '2024-01-01')).page({ title: 'Later page' }))
    expect(flat(resolved)).toEqual([['Later', '/posts/later/'], ['Later page', '/later-page/']])
  })

  test('a page named by slug resolves only when one page has that slug', () => {
    const b = start().page({ title: 'Team', path: 'a/team' }).page({ title: 'Team', path: 'b/team' }).page({ title: 'Unique', path: 'c/unique' })
    expect(flat(menuOf(b.menu('main', { name: 'Main', items: [{ page: 'unique' }] })))).toEqual([['Unique', '/c/unique/']])
    expect(b.menu('main', { name: 'Main', items: [{ page: 'team' }] }).tryBuild().errors).toEqual([
      expect.objectContaining({ code: 'unresolved_reference', path: '/menus/main/items/0/page' }),
    ])
  })

  // The usual slip, a title or name where the slug goes, is named in the message; it said only "fix the reference".
  test('an item naming something by its title or name says which slug was meant', () => {
    const items = [{ post: 'Crème Brûlée' }, { page: 'Team' }, { category: 'Road Trips' }, { tag: 'Old Town' }, { post: 'Nothing Here' }]
    const b = start().post(post('Crème Brûlée', '2024-01-01')).page({ title: 'Team', path: 'about/team' }).category({ name: 'Road Trips' }).tag({ name: 'Old Town' })
    const result = b.menu('main', { name: 'Main', items }).tryBuild()
    expect(result.errors.map((e) => `${e.path} ${e.message}`)).toEqual([
      '/menus/main/items/0/post Menu item refers to the post "Crème Brûlée", which was not added: add it, or fix the reference. Did you mean "crème-brûlée"? A menu item names it by its slug, not its title.',
      '/menus/main/items/1/page Menu item refers to the page "Team", which was not added: add it, or fix the reference. Did you mean "about/team"? A menu item names it by its path, not its title.',
      '/menus/main/items/2/category Menu item refers to the category "Road Trips", which was not added: add it, or fix the reference. Did you mean "road-trips"? A menu item names it by its slug, not its name.',
      '/menus/main/items/3/tag Menu item refers to the tag "Old Town", which was not added: add it, or fix the reference. Did you mean "old-town"? A menu item names it by its slug, not its name.',
      '/menus/main/items/4/post Menu item refers to the post "Nothing Here", which was not added: add it, or fix the reference.',
    ])
  })
})

describe('collections', () => {
  test('post items by slug; page items by effective path, or by slug when one page has it', () => {
    const payload = content({ pages: '/p/:slug/' })
      .collection('featured', { title: 'Featured', items: [{ post: 'lisbon-2' }, { page: 'p/about' }, { page: 'team' }, { type: 'page', path: 'guides/index' }, { type: 'post', slug: 'new-year' }] })
      .build()
    expect(payload.collections?.featured).toEqual({
      title: 'Featured',
      items: [
        { type: 'post', slug: 'lisbon-2' },
        { type: 'page', path: 'p/about' },
        { type: 'page', path: 'about/team' },
        { type: 'page', path: 'guides/index' },
        { type: 'post', slug: 'new-year' },
      ],
    })
  })

  test('a page named by its slug follows the pages permalink', () => {
    const payload = content({ pages: '/p/:slug/' }).collection('c', { items: [{ page: 'about' }] }).build()
    expect(payload.collections?.c.items).toEqual([{ type: 'page', path: 'p/about' }])
  })

  test('references that do not resolve are build errors, one per item', () => {
    const result = content().collection('c', { items: [{ post: 'nope' }, { page: 'about' }, { page: 'gone' }] }).tryBuild()
    expect(result.errors.map((e) => `${e.code} ${e.path}`)).toEqual(['unresolved_reference /collections/c/items/0/slug', 'unresolved_reference /collections/c/items/2/path'])
  })

  test('two names of one page (slug and path) are one duplicate reference at build', () => {
    const result = content().collection('c', { items: [{ page: 'team' }, { page: 'about/team' }] }).tryBuild()
    expect(result.errors).toEqual([expect.objectContaining({ code: 'duplicate_reference', path: expect.stringMatching(/^\/collections\/c\/items\/1/) })])
  })
})

describe('front page', () => {
  const cases = [
    { name: 'a page by slug', input: { page: 'about' }, permalinks: {}, expected: { type: 'page', page_path: 'about' } },
    { name: 'a page by slug under a pages pattern', input: { page: 'about' }, permalinks: { pages: '/p/:slug/' }, expected: { type: 'page', page_path: 'p/about' } },
    { name: 'a page by effective path', input: { page: 'about/team' }, permalinks: {}, expected: { type: 'page', page_path: 'about/team' } },
    { name: 'a page by path written with slashes around it', input: { page: '/about/team/' }, permalinks: {}, expected: { type: 'page', page_path: 'about/team' } },
    { name: 'a page by the slug of an explicit path', input: { page: 'team' }, permalinks: {}, expected: { type: 'page', page_path: 'about/team' } },
    { name: 'the contract form', input: { type: 'page' as const, page_path: 'guides/index' }, permalinks: {}, expected: { type: 'page', page_path: 'guides/index' } },
    { name: 'standalone HTML', input: { type: 'standalone_html' as const, html: '<!doctype html><title>Hi</title>' }, permalinks: {}, expected: { type: 'standalone_html', html: '<!doctype html><title>Hi</title>' } },
    { name: 'theme index', input: { type: 'theme_index' as const }, permalinks: {}, expected: { type: 'theme_index' } },
  ]
  test.each(cases)('$name', ({ input, permalinks, expected }) => {
    expect(content(permalinks).frontPage(input).build().site.front_page).toEqual(expected)
  })

  test('a page whose derived slug got a suffix at build is named by that slug, as in menus', () => {
    const b = start().postIndex({ path: '/blog/' }).page({ title: 'About', content: 'first' }).page({ title: 'About', content: 'second' })
    const payload = b.frontPage({ page: 'about-2' }).menu('main', { name: 'Main', items: [{ page: 'about-2' }] }).build()
    expect(payload.site.front_page).toEqual({ type: 'page', page_path: 'about-2' })
    expect(payload.menus?.main.items[0].url).toBe('/about-2/')
    expect(payload.content.pages.find((p) => p.slug === 'about-2')?.content).toBe('second')
  })

  // Route rule 4's ".html" suffix binds route values; a Page slug only follows the slug policy, so "notes.html" is a
  // valid slug and the effective path a front page or a collection names.
  test('a page slugged "notes.html" is named by the front page (both forms) and a collection', () => {
    const b = start().postIndex({ path: '/blog/' }).page({ title: 'Notes', slug: 'notes.html' })
    const collection = { items: [{ page: 'notes.html' }] }
    expect(b.frontPage({ page: 'notes.html' }).collection('c', collection).build().site.front_page).toEqual({ type: 'page', page_path: 'notes.html' })
    const payload = b.frontPage({ type: 'page', page_path: 'notes.html' }).collection('c', collection).build()
    expect(payload.site.front_page).toEqual({ type: 'page', page_path: 'notes.html' })
    expect(payload.collections?.c.items).toEqual([{ type: 'page', path: 'notes.html' }])
  })

  test('a page that was never added is one build error', () => {
    expect(content().frontPage({ page: 'missing' }).tryBuild().errors).toEqual([expect.objectContaining({ code: 'unresolved_front_page', path: '/site/front_page' })])
  })

  test('the contract form naming a missing path is a build error too', () => {
    expect(content().frontPage({ type: 'page', page_path: 'missing' }).tryBuild().errors).toEqual([
      expect.objectContaining({ code: 'unresolved_front_page', path: '/site/front_page/page_path' }),
    ])
  })
})
