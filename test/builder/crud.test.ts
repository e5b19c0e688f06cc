import { describe, expect, test } from 'vitest'
import type { PreviewDataBuilder } from '../../src/index.js'
import { bytes, post, start, thrown } from './_helpers.js'

describe('updatePost', () => {
  const base = () => start().post(post('Lisbon', '2024-05-01', { tags: ['Trams'] })).post(post('Porto', '2024-06-01', { slug: 'porto', public_id: 5 }))

  test('a recipe over a draft of the input changes the post; the result is checked and built like a new post', () => {
    const payload = base()
      .updatePost('lisbon', (draft) => {
        draft.title = 'Lisbon at night'
        draft.tags!.push('Night')
        draft.status = 'draft'
      })
      .build()
    const lisbon = payload.content.posts.find((p) => p.title === 'Lisbon at night')
    // The slug was derived, so it follows the new title.
    expect(lisbon).toMatchObject({ slug: 'lisbon-at-night', status: 'draft', tag_slugs: ['trams', 'night'] })
    expect(payload.content.tags.map((t) => t.slug)).toEqual(['night', 'trams'])
  })

  test('an explicit slug stays when only other fields change', () => {
    const payload = base().updatePost('porto', (draft) => void (draft.title = 'Porto, again')).build()
    expect(payload.content.posts[0]).toMatchObject({ title: 'Porto, again', slug: 'porto', public_id: 5 })
  })

  test('updating a post to what it already is changes no byte', () => {
    const b = base()
    expect(bytes(b.updatePost('porto', () => {}))).toBe(bytes(b))
  })

  const failing = [
    { name: 'an unknown slug', call: (b: ReturnType<typeof base>) => b.updatePost('braga', () => {}), code: 'not_found', path: '' },
    { name: 'an explicit slug another post has', call: (b: ReturnType<typeof base>) => b.post(post('X', '2024-01-01', { slug: 'x' })).updatePost('porto', (d) => void (d.slug = 'x')), code: 'duplicate_slug', path: '/slug' },
    { name: 'a public_id another post has', call: (b: ReturnType<typeof base>) => b.updatePost('lisbon', (d) => void (d.public_id = 5)), code: 'duplicate_id', path: '/public_id' },
    { name: 'a timestamp that breaks its rule', call: (b: ReturnType<typeof base>) => b.updatePost('lisbon', (d) => void (d.published_at_iso = '2024-02-30')), code: 'invalid_timestamp', path: '/published_at_iso' },
    { name: 'an unknown field', call: (b: ReturnType<typeof base>) => b.updatePost('lisbon', (d) => void ((d as Record<string, unknown>).colour = 'red')), code: 'unknown_property', path: '/colour' },
  ]
  test.each(failing)('throws for $name and leaves the builder as it was', ({ call, code, path }) => {
    const b = base()
    const before = bytes(b)
    const error = thrown(() => call(b))
    expect({ code: error.code, path: error.path }).toEqual({ code, path })
    expect(bytes(b)).toBe(before)
  })

  test('a slug that several titles derive is ambiguous; an explicit slug among them is not', () => {
    const twins = start().post(post('Twin', '2024-01-01')).post(post('Twin', '2024-01-02'))
    const error = thrown(() => twins.updatePost('twin', () => {}))
    expect(error.code).toBe('invalid_argument')
    expect(error.message).toMatch(/give them explicit slugs/)
    const withExplicit = twins.post(post('Explicit', '2024-01-03', { slug: 'twin' }))
    expect(withExplicit.getPost('twin')?.title).toBe('Explicit')
    const payload = withExplicit.updatePost('twin', (d) => void (d.content = 'Changed')).build()
    expect(payload.content.posts.find((p) => p.slug === 'twin')).toMatchObject({ title: 'Explicit', content: 'Changed' })
  })
})

describe('removePost', () => {
  test('removing a post gives the bytes of never having added it, ids included', () => {
    const without = start().post(post('B', '2024-02-01')).post(post('C', '2024-03-01'))
    const withA = start().post(post('A', '2024-01-01')).post(post('B', '2024-02-01')).post(post('C', '2024-03-01'))
    expect(bytes(withA.removePost('a'))).toBe(bytes(without))
  })

  test('a removed explicit slug and public_id can be used again', () => {
    const b = start().post(post('A', '2024-01-01', { slug: 'a', public_id: 1 })).removePost('a')
    expect(b.post(post('Again', '2024-01-02', { slug: 'a', public_id: 1 })).build().content.posts[0]).toMatchObject({ title: 'Again', slug: 'a', public_id: 1 })
  })

  test('an unknown slug throws not_found', () => {
    expect(thrown(() => start().removePost('nothing')).code).toBe('not_found')
  })

  test('taxonomies created only for the removed post go with it', () => {
    expect(start().post(post('A', '2024-01-01', { tags: ['Only here'] })).removePost('a').build().content.tags).toEqual([])
  })
})

describe('getPost and listPosts', () => {
  test('read back inputs as given, before defaults; list in the order added', () => {
    const b = start().post(post('Zed', '2024-02-01')).post(post('Alpha', '2024-01-01', { slug: 'cafe\u0301', content: 'Hi' }))
    expect(b.getPost('zed')).toEqual({ title: 'Zed', author_id: 'ana', published_at_iso: '2024-02-01' })
    // Slugs are compared after NFC, as the contract compares them.
    expect(b.getPost('café')?.title).toBe('Alpha')
    expect(b.getPost('nothing')).toBeUndefined()
    expect(b.listPosts().map((p) => p.title)).toEqual(['Zed', 'Alpha'])
  })
})

describe('pages: updatePage, removePage, getPage, listPages', () => {
  const base = () => start().page({ title: 'About', content: 'Hi' }).page({ title: 'Team', path: 'about/team' })

  test('updatePage finds a page by effective path and applies the recipe', () => {
    const pages = base()
      .updatePage('about/team', (d) => void (d.title = 'Our team'))
      .updatePage('/about/', (d) => void (d.content = 'Hello'))
      .build().content.pages
    expect(pages.map((p) => [p.title, p.content])).toEqual([['About', 'Hello'], ['Our team', '']])
  })

  test('moving a page to a path another page has explicitly throws, and changes nothing', () => {
    const b = base().page({ title: 'Contact', slug: 'contact' })
    const before = bytes(b)
    const error = thrown(() => b.updatePage('about/team', (d) => void (d.path = 'contact')))
    expect({ code: error.code, path: error.path }).toEqual({ code: 'duplicate_path', path: '/path' })
    expect(bytes(b)).toBe(before)
    // A page whose path was derived from its title yields instead: it gets a suffix at build.
    expect(b.updatePage('about/team', (d) => void (d.path = 'about')).build().content.pages.map((p) => [p.title, p.slug])).toEqual([
      ['Team', 'about'],
      ['About', 'about-2'],
      ['Contact', 'contact'],
    ])
  })

  test('removePage gives the bytes of never having added the page', () => {
    expect(bytes(base().removePage('about/team'))).toBe(bytes(start().page({ title: 'About', content: 'Hi' })))
    expect(thrown(() => base().removePage('nothing')).code).toBe('not_found')
  })

  test('getPage and listPages read back inputs', () => {
    const b = base()
    expect(b.getPage('about')).toEqual({ title: 'About', content: 'Hi' })
    expect(b.getPage('about/team')?.title).toBe('Team')
    expect(b.getPage('team')).toBeUndefined()
    expect(b.listPages().map((p) => p.title)).toEqual(['About', 'Team'])
  })

  test('after the pages permalink changes, pages are found (and removed) by their new effective path', () => {
    const b = base().permalinks({ pages: '/p/:slug/' })
    expect(b.getPage('p/about')?.title).toBe('About')
    expect(b.getPage('about')).toBeUndefined()
    const removed = b.removePage('p/about')
    expect(removed.build().content.pages.map((p) => p.title)).toEqual(['Team'])
    // The old key was dropped with the page: adding it again and reading it back works.
    expect(removed.page({ title: 'About again', slug: 'about' }).getPage('p/about')?.title).toBe('About again')
  })
})

describe('permalinks and postIndex', () => {
  test('merge member by member over earlier calls; undefined puts a member back to its default; site() replaces', () => {
    const merged = start().permalinks({ posts: '/:year/:slug/' }).permalinks({ output_style: 'html-extension' }).postIndex({ path: '/blog/' }).postIndex({ paginate: false })
    const site = merged.build().site
    expect(site.permalinks).toEqual({ posts: '/:year/:slug/', output_style: 'html-extension' })
    expect(site.post_index).toEqual({ path: '/blog/', paginate: false })
    expect(merged.permalinks({ posts: undefined }).build().site.permalinks).toEqual({ output_style: 'html-extension' })
    expect(merged.site({ permalinks: { tags: '/t/:slug/' } }).build().site.permalinks).toEqual({ tags: '/t/:slug/' })
  })

  test('a merged pattern is checked as a whole, at the call', () => {
    expect(() => start().permalinks({ posts: '/:year/:slug/' }).permalinks({ posts: '/posts/' })).toThrow(/permalinks/)
  })
})

// Naming nothing says how things are named, and the name meant when the slip is the usual one: a post or tag by its
// title or name, a page by its slug when its path is longer. The message said only "no post with this slug was added".
describe('not_found says what to do', () => {
  const base = () =>
    start()
      .tag({ name: 'Food & Drink' })
      .post(post('Crème Brûlée', '2024-05-01'))
      .page({ title: 'About' })
      .page({ title: 'Team', path: 'about/team' })
  test.each([
    { name: 'a post by its title', call: (b: PreviewDataBuilder) => b.updatePost('Crème Brûlée', () => {}), message: 'post "Crème Brûlée": no post with this slug was added. Did you mean "crème-brûlée", the slug this title gives? Posts are named by slug, as listPosts() shows them.' },
    { name: 'a post that is not there', call: (b: PreviewDataBuilder) => b.removePost('braga'), message: 'post "braga": no post with this slug was added. Posts are named by slug, as listPosts() shows them.' },
    { name: 'a page by its slug', call: (b: PreviewDataBuilder) => b.removePage('team'), message: 'page "team": no page with this effective path was added. Did you mean "about/team", the path of the page slugged "team"? Pages are named by effective path (their path, or the pages permalink applied to their slug), as listPages() shows them.' },
    { name: 'a page by its title', call: (b: PreviewDataBuilder) => b.updatePage('Team', () => {}), message: /^page "Team": no page with this effective path was added\. Did you mean "about\/team", the path of the page slugged "team"\?/ },
    { name: 'a tag by its name', call: (b: PreviewDataBuilder) => b.remove('tag', 'Food & Drink'), message: 'tag "Food & Drink": nothing with this slug was added. Did you mean "food-and-drink", the slug this name gives? snapshot() lists what was added.' },
    { name: 'an author that is not there', call: (b: PreviewDataBuilder) => b.remove('author', 'bo'), message: 'author "bo": nothing with this id was added. snapshot() lists what was added.' },
  ])('$name', ({ call, message }) => {
    const error = thrown(() => call(base()))
    expect(error.code).toBe('not_found')
    if (typeof message === 'string') expect(error.message).toBe(message)
    else expect(error.message).toMatch(message)
  })
})
