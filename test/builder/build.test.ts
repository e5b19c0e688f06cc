import { describe, expect, test } from 'vitest'
import type { PreviewDataBuilder } from '../../src/index.js'
import { createPreviewData, preflightPreviewData, PreviewDataError, validatePreviewData } from '../../src/index.js'
import { OPTIONS, post, start } from './_helpers.js'

/** A site that uses every part of the contract the builder has a method for. */
function everything(): PreviewDataBuilder {
  return createPreviewData(OPTIONS)
    .site({
      title: 'Field Notes',
      description: 'Notes from the field',
      url: 'https://notes.example',
      media_origin: 'https://media.notes.example',
      locale: 'pt-PT',
      posts_per_page: 5,
      date_style: 'long',
      time_style: 'none',
      timezone: 'Europe/Lisbon',
      media_delivery_mode: 'media_domain',
      expose_generator: false,
      search: { enabled: true },
      feed: { enabled: true },
      archive: { enabled: false },
      robots: { allow_indexing: false },
      favicon: { icon: '/favicon.ico', icon_dark: '/favicon-dark.png' },
      logo: { src: '/media/logo.svg', alt: '' },
      newsletter: { enabled: true, signup_url: 'https://news.example/signup', title: 'Letters' },
      comments: { enabled: true, api_base_url: '/api/comments', provider: 'native', per_page: 20, order: 'asc', threading: { enabled: true, max_depth: 3 } },
      footer: { copyright_text: 'Field Notes', attribution: false },
      meta: { theme_color: '#223344', columns: 2 },
    })
    .permalinks({ posts: '/:year/:month/:slug/', categories: '/topics/:slug/' })
    .postIndex({ path: '/blog/' })
    .author({ id: 'ana', display_name: 'Ana Lima', avatar: '/media/ana.jpg' })
    .author({ id: 'bo', display_name: 'Bo Chen' })
    .category({ name: 'Travel', description: 'Trips' })
    .tag({ name: 'Trams' })
    .post(post('Lisbon', '2024-05-01T10:00:00+01:00', { author_id: 'bo', category_slugs: ['travel'], tags: ['Trams', 'Old Town'], featured_image: '/media/lisbon.jpg', allow_comments: true, comments: { request_token: 'tok-1' }, meta: { mood: 'sunny' }, data: { rating: 5, stops: ['Graça', 'Baixa'] }, discoverability: 'noindex' }))
    .post(post('Porto', '2024-06-01', { content: '<p>Bridges &amp; wine</p>', document_type: 'html', status: 'draft' }))
    .page({ title: 'Home', content: 'Welcome' })
    .page({ title: 'Team', path: 'about/team', allow_comments: true, comments: { request_token: 'tok-2' } })
    .media({ src: '/media/lisbon.jpg', width: 1600, height: 1067, alt: 'Tram 28' })
    .menu('primary', { name: 'Primary', items: [{ page: 'home' }, { title: 'Trips', category: 'travel', children: [{ post: 'lisbon' }, { tag: 'old-town', target: '_blank' }] }, { title: 'Elsewhere', url: 'https://elsewhere.example/' }] })
    .widgetArea('sidebar', { name: 'Sidebar', items: [{ type: 'search', title: '' }, { type: 'text', title: 'About', settings: { text: 'Hi', columns: 2 } }] })
    .collection('featured', { title: 'Featured', description: '', items: [{ post: 'porto' }, { page: 'team' }] })
    .customCss('body { font-family: Georgia, serif }')
    .customHtml({ head_end: '<meta name="x" content="y">', body_end: '<script src="/stats.js" defer></script>' })
    .frontPage({ page: 'home' })
}

describe('build()', () => {
  test('returns a payload that passes validatePreviewData and preflightPreviewData', () => {
    const payload = everything().build()
    expect(validatePreviewData(payload)).toEqual({ ok: true, errors: [] })
    expect(preflightPreviewData(payload)).toEqual([])
    expect(payload.site.front_page).toEqual({ type: 'page', page_path: 'home' })
    expect(payload.collections?.featured.items).toEqual([{ type: 'post', slug: 'porto' }, { type: 'page', path: 'about/team' }])
    // The one page that allows comments needs a public_id; it gets the smallest free one.
    expect(payload.content.pages.map((p) => [p.slug, p.public_id])).toEqual([['team', 1], ['home', undefined]])
  })

  test('returns canonical key order', () => {
    const payload = everything().build()
    expect(Object.keys(payload)).toEqual(['version', 'generator', 'generated_at', 'site', 'content', 'menus', 'widgets', 'collections', 'custom_css', 'custom_html'])
    expect(Object.keys(payload.content.posts[1])).toEqual([
      'public_id', 'title', 'slug', 'content', 'document_type', 'excerpt', 'published_at_iso', 'updated_at_iso', 'author_id', 'status',
      'category_slugs', 'tag_slugs', 'featured_image', 'meta', 'data', 'discoverability', 'allow_comments', 'comments',
    ])
    expect(Object.keys(payload.site).slice(0, 9)).toEqual(['title', 'description', 'url', 'media_origin', 'locale', 'posts_per_page', 'date_style', 'time_style', 'timezone'])
    expect(Object.keys(payload.menus!.primary.items[1])).toEqual(['title', 'url', 'target', 'children'])
  })

  test('reports every remaining whole-payload problem at once, each once', () => {
    const builder = start()
      .post(post('Hello', '2024-01-01', { author_id: 'bob' }))
      .menu('main', { name: 'Main', items: [{ post: 'nope' }, { title: 'More', url: '/', children: [{ page: 'gone' }, { category: 'none' }, { tag: 'nothing' }] }] })
      .collection('featured', { items: [{ post: 'missing' }, { page: 'lost' }] })
      .frontPage({ page: 'absent' })
      .postIndex({ path: '/blog/' })
    const result = builder.tryBuild()
    expect(result.ok).toBe(false)
    const found = result.errors.map((e) => `${e.code} ${e.path}`).sort()
    expect(found).toEqual([
      'unresolved_author /content/posts/0/author_id',
      'unresolved_front_page /site/front_page',
      'unresolved_reference /collections/featured/items/0/slug',
      'unresolved_reference /collections/featured/items/1/path',
      'unresolved_reference /menus/main/items/0/post',
      'unresolved_reference /menus/main/items/1/children/0/page',
      'unresolved_reference /menus/main/items/1/children/1/category',
      'unresolved_reference /menus/main/items/1/children/2/tag',
    ])
    expect(result.errors.find((e) => e.path === '/content/posts/0/author_id')?.message).toMatch(/bob/)
    expect(result.errors.find((e) => e.path === '/site/front_page')?.message).toMatch(/"absent"/)

    const error = (() => {
      try {
        builder.build()
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(PreviewDataError)
    expect((error as PreviewDataError).errors).toEqual(result.errors)
    expect((error as PreviewDataError).message).toContain('8 problems')
  })

  test('problems the validator finds name posts by their place in the payload, not by call order', () => {
    // Added oldest first; the payload lists them newest first.
    const result = start()
      .post(post('Old', '2024-01-01'))
      .post(post('Middle', '2024-02-01', { author_id: 'nobody' }))
      .post(post('New', '2024-03-01', { author_id: 'ghost' }))
      .tryBuild()
    expect(result.errors.map((e) => `${e.code} ${e.path}`)).toEqual(['unresolved_author /content/posts/0/author_id', 'unresolved_author /content/posts/1/author_id'])
    expect(result.errors[0].message).toMatch(/ghost/)
    expect(result.errors[1].message).toMatch(/nobody/)
  })

  test('a site without a title is one problem', () => {
    const result = createPreviewData(OPTIONS).tryBuild()
    expect(result).toEqual({ ok: false, errors: [expect.objectContaining({ code: 'missing_property', path: '/site/title' })] })
  })

  test('tryBuild() of a good builder returns the payload build() returns', () => {
    const builder = everything()
    expect(builder.tryBuild()).toEqual({ ok: true, payload: builder.build(), errors: [] })
  })

  const preflight = [
    { name: 'a page front page while the post index is enabled at /', make: () => start().page({ title: 'Home' }).frontPage({ page: 'home' }), code: 'post_index_conflict', path: '/site/post_index' },
    { name: 'standalone HTML front page while the post index is enabled at /', make: () => start().frontPage({ type: 'standalone_html', html: '<!doctype html><title>x</title>' }), code: 'post_index_conflict', path: '/site/post_index' },
    { name: 'a page and a post that write the same file', make: () => start().post(post('X', '2024-01-01', { slug: 'x' })).page({ title: 'X', path: 'posts/x' }), code: 'duplicate_output_path', path: expect.stringMatching(/^\/content\//) },
  ]
  test.each(preflight)('reports build preflight failures: $name', ({ make, code, path }) => {
    const result = make().tryBuild()
    expect(result.ok).toBe(false)
    expect(result.errors).toEqual([expect.objectContaining({ code, path })])
  })

  test('a payload-level problem the calls could not see is reported by the validator: media_domain without media_origin', () => {
    const result = start().site({ media_delivery_mode: 'media_domain' }).tryBuild()
    expect(result.errors.map((e) => e.code)).toEqual(['media_origin_required'])
  })

  test('request tokens that native comments need are checked at build', () => {
    const result = start().site({ comments: { enabled: true, api_base_url: '/api/comments' } }).post(post('Hello', '2024-01-01', { allow_comments: true })).tryBuild()
    expect(result.errors).toEqual([expect.objectContaining({ code: 'request_token_required', path: '/content/posts/0/comments' })])
  })

  test('build() output is a fresh object: changing it does not change the next build', () => {
    const builder = everything()
    const first = builder.build()
    const before = JSON.stringify(first)
    first.site.title = 'Changed'
    first.content.posts[0].tag_slugs.push('changed')
    first.content.posts[1].meta!.mood = 'changed'
    ;(first.content.posts[1].data!.stops as string[]).push('changed')
    first.menus!.primary.items[1].children.pop()
    first.collections!.featured.items.pop()
    first.widgets!.sidebar.items[1].settings!.text = 'changed'
    first.content.categories[0].name = 'changed'
    expect(JSON.stringify(builder.build())).toBe(before)
  })
})
