import { describe, expect, test } from 'vitest'
import { inferStructure, planPermalinks, readLink, toContractPermalinks } from '../../../importers/wordpress/permalinks.js'
import type { PermalinkSample } from '../../../importers/wordpress/permalinks.js'

const post = (over: Partial<PermalinkSample>): PermalinkSample => ({
  id: 42,
  link: '',
  postName: 'hello-world',
  postDate: '2019-03-07 21:05:09',
  categories: [['news']],
  author: 'ana',
  ...over,
})

describe('readLink: the structures one link can be read as', () => {
  const cases = [
    { name: 'day and name', link: 'https://old.test/2019/03/07/hello-world/', want: ['/%year%/%monthnum%/%day%/%postname%/'] },
    { name: 'month and name', link: 'https://old.test/2019/03/hello-world/', want: ['/%year%/%monthnum%/%postname%/'] },
    { name: 'name only', link: 'https://old.test/hello-world/', want: ['/%postname%/'] },
    { name: 'numeric with a base', link: 'https://old.test/archives/42', want: ['/archives/%post_id%'] },
    { name: 'category and name', link: 'https://old.test/news/hello-world/', want: ['/%category%/%postname%/'] },
    { name: 'nested category', link: 'https://old.test/news/local/hello-world/', categories: [['news', 'local']], want: ['/%category%/%postname%/'] },
    { name: '.html suffix', link: 'http://old.test/2019/03/hello-world.html', want: ['/%year%/%monthnum%/%postname%.html'] },
    { name: 'plain', link: 'https://old.test/?p=42', want: ['plain'] },
    { name: 'plain with index.php', link: 'https://old.test/index.php?p=42', want: ['plain'] },
    { name: 'author', link: 'https://old.test/ana/hello-world/', want: ['/%author%/%postname%/'] },
    { name: 'percent-encoded slug', link: 'http://old.test/2019/03/cqt%E6%93%8D%e4%bd%9c/', postName: 'cqt%e6%93%8d%e4%bd%9c', want: ['/%year%/%monthnum%/%postname%/'] },
    { name: 'slug that is also the id', link: 'https://old.test/2019/03/07/42/', postName: '42', want: ['/%year%/%monthnum%/%day%/%postname%/', '/%year%/%monthnum%/%day%/%post_id%/'] },
    { name: 'a post of January 1st: no tag twice', link: 'https://old.test/2024/01/01/hello-world/', postDate: '2024-01-01 10:00:00', want: ['/%year%/%monthnum%/%day%/%postname%/', '/%year%/%day%/%monthnum%/%postname%/'] },
    { name: 'a slug written differently (hand-edited link) is a literal', link: 'https://old.test/wp-6-1-x/', postName: 'x', want: ['/wp-6-1-x/'] },
  ]
  test.each(cases)('$name', ({ link, want, ...over }) => {
    expect([...(readLink(post({ link, ...over }), '') ?? [])].sort()).toEqual([...want].sort())
  })

  test('a blog under a folder reads links below it, and nothing else', () => {
    expect([...(readLink(post({ link: 'https://old.test/blog/2019/03/hello-world/' }), '/blog') ?? [])]).toEqual(['/%year%/%monthnum%/%postname%/'])
    expect(readLink(post({ link: 'https://old.test/2019/03/hello-world/' }), '/blog')).toBeUndefined()
  })

  test('a language prefix (Polylang) is no part of the structure', () => {
    expect([...(readLink(post({ link: 'https://old.test/fa/hello-world/', languagePrefix: 'fa' }), '') ?? [])]).toEqual(['/%postname%/'])
  })
})

describe('inferStructure: the structure most links show', () => {
  test('posts of January 1st alone read as year, month and day (the month was read twice: /:year/:month/:month/:slug/)', () => {
    const samples = [post({ id: 1, postName: 'a', postDate: '2024-01-01 10:00:00', link: 'https://old.test/2024/01/01/a/' }), post({ id: 2, postName: 'b', postDate: '2023-02-02 10:00:00', link: 'https://old.test/2023/02/02/b/' })]
    expect(inferStructure(samples, '')).toEqual({ structure: '/%year%/%monthnum%/%day%/%postname%/', matched: 2, of: 2 })
  })
  test('the majority wins; links that disagree are counted out', () => {
    const samples = [
      post({ id: 1, postName: 'a', link: 'https://old.test/2019/03/07/a/' }),
      post({ id: 2, postName: 'b', link: 'https://old.test/2019/03/07/b/' }),
      post({ id: 3, postName: 'c', link: 'https://old.test/c/' }),
    ]
    expect(inferStructure(samples, '')).toEqual({ structure: '/%year%/%monthnum%/%day%/%postname%/', matched: 2, of: 3 })
  })

  test('a tie between a slug and an id reads the slug', () => {
    expect(inferStructure([post({ id: 7, postName: '7', link: 'https://old.test/7/' })], '')?.structure).toBe('/%postname%/')
  })

  test('an id that is not the slug reads the id', () => {
    const samples = [post({ id: 7, postName: 'seven', link: 'https://old.test/archives/7' }), post({ id: 9, postName: 'nine', link: 'https://old.test/archives/9' })]
    expect(inferStructure(samples, '')).toEqual({ structure: '/archives/%post_id%', matched: 2, of: 2 })
  })

  test('no link on the old site: nothing inferred', () => {
    expect(inferStructure([post({ link: '' })], '')).toBeUndefined()
  })
})

describe('toContractPermalinks: the closest contract patterns', () => {
  const archives = { categories: '/category/:slug/', tags: '/tag/:slug/' }
  const cases = [
    { structure: '/%year%/%monthnum%/%day%/%postname%/', permalinks: { posts: '/:year/:month/:day/:slug/', ...archives }, exact: true },
    { structure: '/%year%/%monthnum%/%postname%/', permalinks: { posts: '/:year/:month/:slug/', ...archives }, exact: true },
    { structure: '/%postname%/', permalinks: { posts: '/:slug/', ...archives }, exact: true },
    // WordPress's default archive bases follow the structure's front (WP_Rewrite::$front, registered with_front).
    { structure: '/archives/%post_id%', permalinks: { posts: '/archives/:public_id/', categories: '/archives/category/:slug/', tags: '/archives/tag/:slug/' }, exact: true },
    { structure: '/blog/%postname%/', permalinks: { posts: '/blog/:slug/', categories: '/blog/category/:slug/', tags: '/blog/tag/:slug/' }, exact: true },
    { structure: '/blog/%year%/%postname%.html', permalinks: { output_style: 'html-extension', posts: '/blog/:year/:slug/', categories: '/blog/category/:slug/', tags: '/blog/tag/:slug/' }, exact: true },
    { structure: '/%post_id%/', permalinks: { posts: '/:public_id/', ...archives }, exact: true },
    { structure: '/%year%/%monthnum%/%postname%.html', permalinks: { output_style: 'html-extension', posts: '/:year/:month/:slug/', ...archives }, exact: true },
    { structure: '/%category%/%postname%/', permalinks: { posts: '/:slug/', ...archives }, exact: false },
    { structure: '/%postname%.php', permalinks: { posts: '/:slug/', ...archives }, exact: false },
    { structure: 'plain', permalinks: archives, exact: false },
  ]
  test.each(cases)('$structure', ({ structure, permalinks, exact }) => {
    const out = toContractPermalinks(structure, '')
    expect(out.permalinks).toEqual(permalinks)
    expect(out.exact).toBe(exact)
    expect(out.notes.length > 0).toBe(!exact)
  })

  test('bases the links showed are kept as they are; only a missing one takes the front', () => {
    expect(toContractPermalinks('/blog/%postname%/', '', { category: 'topics' }).permalinks).toEqual({ posts: '/blog/:slug/', categories: '/topics/:slug/', tags: '/blog/tag/:slug/' })
  })

  test('a blog under a folder keeps the folder in every pattern', () => {
    expect(toContractPermalinks('/%postname%/', '/blog').permalinks).toEqual({ posts: '/blog/:slug/', pages: '/blog/:slug/', categories: '/blog/category/:slug/', tags: '/blog/tag/:slug/' })
  })
})

describe('planPermalinks: what the report says of language prefixes', () => {
  test('posts under a language prefix are said to be redirected, with the count per prefix', () => {
    const samples = [
      post({ id: 1, postName: 'one', link: 'https://old.test/one/' }),
      post({ id: 2, postName: 'dos', link: 'https://old.test/es/dos/', languagePrefix: 'es' }),
      post({ id: 3, postName: 'du', link: 'https://old.test/fa/du/', languagePrefix: 'fa' }),
      post({ id: 4, postName: 'se', link: 'https://old.test/fa/se/', languagePrefix: 'fa' }),
    ]
    const plan = planPermalinks(samples, '')
    expect(plan.permalinks.posts).toBe('/:slug/')
    expect(plan.notes).toEqual(['posts whose links carry a language prefix, /es/ (1 of 4), /fa/ (2 of 4), are redirected: one posts pattern serves every post and the contract has no language token'])
  })

  test('no language prefix: no such note', () => {
    expect(planPermalinks([post({ link: 'https://old.test/hello-world/' })], '').notes).toEqual([])
  })
})
