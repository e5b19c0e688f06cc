import { describe, expect, test } from 'vitest'
import type { PreviewData } from '../../src/index.js'
import { validatePreviewData } from '../../src/index.js'
import { validPayload } from '../helpers/payload.js'

type P = PreviewData & Record<string, unknown>
type Case = { name: string; mutate: (p: P) => void; code?: string; path?: string }

const nfd = (s: string) => s.normalize('NFD')
const post = (p: P, i = 0) => p.content.posts[i] as unknown as Record<string, unknown>
const page = (p: P, i = 0) => p.content.pages[i] as unknown as Record<string, unknown>
const site = (p: P) => p.site as unknown as Record<string, unknown>

// Each rule of the contract: at least one payload that passes and one that fails with the expected code and path.
const passing: Case[] = [
  { name: 'NFD slug is accepted (evaluated after NFC)', mutate: (p) => (post(p, 1).slug = nfd('café')) },
  { name: 'Korean, Persian and Chinese slugs', mutate: (p) => { post(p, 1).slug = '서울'; page(p, 1).slug = 'درباره'; p.content.tags[0].slug = '中文' } },
  { name: 'isolated internal periods', mutate: (p) => (post(p, 1).slug = 'v1.2.3') },
  { name: 'slug of 200 astral code points', mutate: (p) => (post(p, 1).slug = '𝒜'.repeat(200)) },
  { name: 'leap second at 23:59:60 UTC', mutate: (p) => (p.generated_at = '2016-12-31T23:59:60Z') },
  { name: 'leap second at 23:59:60 UTC written with an offset', mutate: (p) => (p.generated_at = '2016-12-31T18:59:60-05:00') },
  { name: 'fractional seconds and numeric offset', mutate: (p) => (p.generated_at = '2024-02-29T12:00:00.123456+05:30') },
  { name: 'canonical IANA zone Asia/Kolkata', mutate: (p) => (p.site.timezone = 'Asia/Kolkata') },
  { name: 'UTC', mutate: (p) => (p.site.timezone = 'UTC') },
  { name: 'fixed offset +14:00', mutate: (p) => (p.site.timezone = '+14:00') },
  { name: 'fixed offset -03:30', mutate: (p) => (p.site.timezone = '-03:30') },
  { name: 'canonical locale zh-Hant-TW', mutate: (p) => (p.site.locale = 'zh-Hant-TW') },
  { name: 'site.url with a trailing root slash', mutate: (p) => (p.site.url = 'https://notes.example/') },
  { name: 'empty site.url and media_origin with delivery none', mutate: (p) => { p.site.url = ''; p.site.media_origin = ''; p.site.media_delivery_mode = 'none' } },
  { name: 'navigation url "/"', mutate: (p) => (p.menus!.primary.items[0].url = '/') },
  { name: 'navigation url with query and fragment', mutate: (p) => (p.menus!.primary.items[0].url = '/search?q=a#top') },
  { name: 'external comments provider without tokens', mutate: (p) => { p.site.comments!.provider = 'external'; delete post(p).comments; delete page(p, 1).comments } },
  { name: 'disabled comments without tokens', mutate: (p) => { p.site.comments!.enabled = false; delete post(p).comments } },
  { name: 'two pages share a leaf slug with different paths', mutate: (p) => (page(p, 2).slug = 'about') },
  { name: 'a post and a page share a public_id', mutate: (p) => (page(p, 1).public_id = 1) },
  { name: 'html-extension output style', mutate: (p) => (p.site.permalinks!.output_style = 'html-extension') },
  { name: 'post pattern with :public_id only', mutate: (p) => (p.site.permalinks!.posts = '/p/:public_id/') },
  { name: 'custom_html slot of 65,536 astral code points', mutate: (p) => (p.custom_html!.body_end = '😀'.repeat(65_536)) },
  { name: 'request_token of 512 astral code points', mutate: (p) => (post(p).comments = { request_token: '😀'.repeat(512) }) },
  { name: 'data at 4 container levels', mutate: (p) => (post(p).data = { a: { b: { c: { d: [1] } } } }) },
  { name: 'widget item with a whitespace-only title', mutate: (p) => (p.widgets!.sidebar.items[0].title = '   ') },
  { name: 'omitted optional maps', mutate: (p) => { delete p.menus; delete p.widgets; delete p.collections; p.site.front_page = { type: 'theme_index' } } },
  { name: 'collection page reference in NFD', mutate: (p) => { page(p, 2).path = 'about/équipe'; p.collections!.featured.items[1] = { type: 'page', path: nfd('about/équipe') } } },
  { name: 'front page by derived effective path under a pages pattern', mutate: (p) => { p.site.permalinks!.pages = '/pages/:slug/'; p.site.front_page = { type: 'page', page_path: 'pages/home' }; p.collections!.featured.items.pop() } },
]

const failing: Case[] = [
  // top level
  { name: 'version 0.6', mutate: (p) => ((p as Record<string, unknown>).version = '0.6'), code: 'invalid_version', path: '/version' },
  { name: 'blank generator', mutate: (p) => (p.generator = '  '), code: 'blank_string', path: '/generator' },
  { name: 'unknown top-level field', mutate: (p) => (p.extra = 1), code: 'unknown_property', path: '/extra' },
  { name: 'missing content', mutate: (p) => delete (p as Partial<P>).content, code: 'missing_property', path: '/content' },
  // timestamps
  { name: 'February 30th', mutate: (p) => (p.generated_at = '2024-02-30T00:00:00Z'), code: 'invalid_timestamp', path: '/generated_at' },
  { name: '1900 is not a leap year', mutate: (p) => (post(p).published_at_iso = '1900-02-29T00:00:00Z'), code: 'invalid_timestamp', path: '/content/posts/0/published_at_iso' },
  { name: 'leap second not at 23:59 UTC', mutate: (p) => (post(p).updated_at_iso = '2016-12-31T12:00:60Z'), code: 'invalid_timestamp', path: '/content/posts/0/updated_at_iso' },
  { name: 'hour 24', mutate: (p) => (page(p, 2).updated_at_iso = '2024-01-01T24:00:00Z'), code: 'invalid_timestamp', path: '/content/pages/2/updated_at_iso' },
  { name: 'missing offset', mutate: (p) => (p.generated_at = '2024-01-01T00:00:00'), code: 'invalid_timestamp', path: '/generated_at' },
  { name: 'offset minutes 60', mutate: (p) => (p.generated_at = '2024-01-01T00:00:00+05:60'), code: 'invalid_timestamp', path: '/generated_at' },
  // slugs
  { name: 'slug with a space', mutate: (p) => (post(p).slug = 'a b'), code: 'invalid_slug', path: '/content/posts/0/slug' },
  { name: 'slug with consecutive periods', mutate: (p) => (post(p).slug = 'a..b'), code: 'invalid_slug', path: '/content/posts/0/slug' },
  { name: 'slug starting with a period', mutate: (p) => (p.content.tags[1].slug = '.trams'), code: 'invalid_slug', path: '/content/tags/1/slug' },
  { name: 'slug with percent encoding', mutate: (p) => (page(p).slug = 'caf%C3%A9'), code: 'invalid_slug', path: '/content/pages/0/slug' },
  { name: 'slug of 201 code points', mutate: (p) => (p.content.categories[0].slug = 'a'.repeat(201)), code: 'invalid_slug', path: '/content/categories/0/slug' },
  { name: 'emoji-only slug', mutate: (p) => (post(p).slug = '🎉'), code: 'invalid_slug', path: '/content/posts/0/slug' },
  { name: 'tag reference that is not a slug', mutate: (p) => ((post(p).tag_slugs as string[])[1] = 'a/b'), code: 'invalid_slug', path: '/content/posts/0/tag_slugs/1' },
  { name: 'slug ".."', mutate: (p) => (post(p).slug = '..'), code: 'invalid_slug', path: '/content/posts/0/slug' },
  // URLs
  { name: 'site.url with a path', mutate: (p) => (p.site.url = 'https://notes.example/blog'), code: 'invalid_url', path: '/site/url' },
  { name: 'site.url with credentials', mutate: (p) => (p.site.url = 'https://u:p@notes.example'), code: 'invalid_url', path: '/site/url' },
  { name: 'media_origin with a query', mutate: (p) => (p.site.media_origin = 'https://m.example/?a=1'), code: 'invalid_url', path: '/site/media_origin' },
  { name: 'protocol-relative menu url', mutate: (p) => (p.menus!.primary.items[0].url = '//evil.example/'), code: 'invalid_url', path: '/menus/primary/items/0/url' },
  { name: 'dot segment in a nested menu url', mutate: (p) => (p.menus!.primary.items[0].children[0].url = '/a/../b'), code: 'invalid_url', path: '/menus/primary/items/0/children/0/url' },
  { name: 'percent-encoded dot segment', mutate: (p) => (post(p).featured_image = '/media/%2e%2E/x.jpg'), code: 'invalid_url', path: '/content/posts/0/featured_image' },
  { name: 'malformed percent encoding', mutate: (p) => (p.content.media![0].src = '/media/a%zz.jpg'), code: 'invalid_url', path: '/content/media/0/src' },
  { name: 'media url "/"', mutate: (p) => (p.site.logo!.src = '/'), code: 'invalid_url', path: '/site/logo/src' },
  { name: 'javascript: scheme', mutate: (p) => (p.site.newsletter!.signup_url = 'javascript:alert(1)'), code: 'invalid_url', path: '/site/newsletter/signup_url' },
  { name: 'backslash in an avatar', mutate: (p) => (p.content.authors[0].avatar = '/media\\ana.jpg'), code: 'invalid_url', path: '/content/authors/0/avatar' },
  { name: 'whitespace in a favicon', mutate: (p) => (p.site.favicon!.icon = '/fav icon.ico'), code: 'invalid_url', path: '/site/favicon/icon' },
  { name: 'bare relative media path', mutate: (p) => (page(p).featured_image = 'media/x.jpg'), code: 'invalid_url', path: '/content/pages/0/featured_image' },
  { name: 'comments api with a query', mutate: (p) => (p.site.comments!.api_base_url = '/api?x=1'), code: 'invalid_url', path: '/site/comments/api_base_url' },
  { name: 'bad port', mutate: (p) => (p.site.url = 'https://notes.example:99999'), code: 'invalid_url', path: '/site/url' },
  // locale and time zone
  { name: 'locale en_US', mutate: (p) => (p.site.locale = 'en_US'), code: 'invalid_locale', path: '/site/locale' },
  { name: 'locale en-us (not canonical)', mutate: (p) => (p.site.locale = 'en-us'), code: 'invalid_locale', path: '/site/locale' },
  { name: 'alias zone Asia/Calcutta', mutate: (p) => (p.site.timezone = 'Asia/Calcutta'), code: 'invalid_timezone', path: '/site/timezone' },
  { name: 'alias zone US/Eastern', mutate: (p) => (p.site.timezone = 'US/Eastern'), code: 'invalid_timezone', path: '/site/timezone' },
  { name: 'zero offset +00:00', mutate: (p) => (p.site.timezone = '+00:00'), code: 'invalid_timezone', path: '/site/timezone' },
  { name: 'offset beyond 14:00', mutate: (p) => (p.site.timezone = '+14:30'), code: 'invalid_timezone', path: '/site/timezone' },
  { name: 'offset without colon', mutate: (p) => (p.site.timezone = '+0530'), code: 'invalid_timezone', path: '/site/timezone' },
  // permalinks and route paths
  { name: 'posts pattern without a required token', mutate: (p) => (p.site.permalinks!.posts = '/:year/:month/'), code: 'invalid_permalink', path: '/site/permalinks/posts' },
  { name: 'pages pattern with a foreign token', mutate: (p) => (p.site.permalinks!.pages = '/:public_id/'), code: 'invalid_permalink', path: '/site/permalinks/pages' },
  { name: 'token that is not a whole segment', mutate: (p) => (p.site.permalinks!.tags = '/tag-:slug/'), code: 'invalid_permalink', path: '/site/permalinks/tags' },
  { name: 'literal .html segment', mutate: (p) => (p.site.permalinks!.posts = '/posts/:slug.html'), code: 'invalid_permalink', path: '/site/permalinks/posts' },
  { name: 'literal .html suffix on a literal segment', mutate: (p) => (p.site.permalinks!.categories = '/index.html/:slug/'), code: 'invalid_permalink', path: '/site/permalinks/categories' },
  { name: 'empty component', mutate: (p) => (p.site.permalinks!.posts = '/posts//:slug/'), code: 'invalid_permalink', path: '/site/permalinks/posts' },
  { name: 'query in a pattern', mutate: (p) => (p.site.permalinks!.posts = '/posts/:slug/?x'), code: 'invalid_permalink', path: '/site/permalinks/posts' },
  { name: 'pattern without leading slash', mutate: (p) => (p.site.permalinks!.tags = 'tags/:slug/'), code: 'invalid_permalink', path: '/site/permalinks/tags' },
  { name: 'page path with a leading slash', mutate: (p) => (page(p, 2).path = '/about/team'), code: 'invalid_route_path', path: '/content/pages/2/path' },
  { name: 'page path with a .html component', mutate: (p) => (page(p, 2).path = 'about/team.html'), code: 'invalid_route_path', path: '/content/pages/2/path' },
  { name: 'post_index path with percent encoding', mutate: (p) => (p.site.post_index!.path = '/bl%6fg/'), code: 'invalid_route_path', path: '/site/post_index/path' },
  { name: 'dot-segment slug routed with date tokens in an alias zone', mutate: (p) => { p.site.timezone = 'Asia/Calcutta'; post(p, 1).slug = '..' }, code: 'unsafe_output_path', path: '/content/posts/1/slug' },
  // uniqueness
  { name: 'duplicate author id', mutate: (p) => (p.content.authors[1].id = 'ana'), code: 'duplicate_id', path: '/content/authors/1/id' },
  { name: 'duplicate post public_id', mutate: (p) => (post(p, 1).public_id = 1), code: 'duplicate_id', path: '/content/posts/1/public_id' },
  { name: 'duplicate page public_id', mutate: (p) => (page(p, 2).public_id = 1), code: 'duplicate_id', path: '/content/pages/2/public_id' },
  { name: 'post slugs equal after NFC', mutate: (p) => { post(p).slug = 'café'; post(p, 1).slug = nfd('café') }, code: 'duplicate_slug', path: '/content/posts/1/slug' },
  { name: 'effective page paths equal', mutate: (p) => (page(p, 2).path = 'about'), code: 'duplicate_path', path: '/content/pages/2/path' },
  { name: 'duplicate media src', mutate: (p) => (p.content.media![1].src = '/media/lisbon.jpg'), code: 'duplicate_src', path: '/content/media/1/src' },
  { name: 'tag listed twice after NFC', mutate: (p) => { p.content.tags[0].slug = 'só'; post(p).tag_slugs = ['só', nfd('só')] }, code: 'duplicate_slug', path: '/content/posts/0/tag_slugs/1' },
  { name: 'two tags with one slug', mutate: (p) => (p.content.tags[1].slug = 'portugal'), code: 'duplicate_slug', path: '/content/tags/1/slug' },
  // references
  { name: 'unknown author', mutate: (p) => (post(p).author_id = 'carol'), code: 'unresolved_author', path: '/content/posts/0/author_id' },
  { name: 'collection post that does not exist', mutate: (p) => (p.collections!.featured.items[0] = { type: 'post', slug: 'nope' }), code: 'unresolved_reference', path: '/collections/featured/items/0/slug' },
  { name: 'collection page by leaf slug, not path', mutate: (p) => (p.collections!.featured.items[1] = { type: 'page', path: 'team' }), code: 'unresolved_reference', path: '/collections/featured/items/1/path' },
  { name: 'duplicate collection item after NFC', mutate: (p) => { post(p).slug = 'só'; p.collections!.featured.items = [{ type: 'post', slug: 'só' }, { type: 'post', slug: nfd('só') }] }, code: 'duplicate_reference', path: '/collections/featured/items/1' },
  { name: 'collection item with slug and path', mutate: (p) => ((p.collections!.featured.items[0] as unknown as Record<string, unknown>).path = 'about'), code: 'unknown_property', path: '/collections/featured/items/0/path' },
  { name: 'front page path that no page has', mutate: (p) => (p.site.front_page = { type: 'page', page_path: 'nope' }), code: 'unresolved_front_page', path: '/site/front_page/page_path' },
  { name: 'front page with a field of another branch', mutate: (p) => (p.site.front_page = { type: 'theme_index', html: '<html></html>' } as never), code: 'unknown_property', path: '/site/front_page/html' },
  // conditional rules
  { name: 'media_domain with an empty media_origin', mutate: (p) => (p.site.media_origin = ''), code: 'media_origin_required', path: '/site/media_origin' },
  { name: 'native comments without a request token', mutate: (p) => delete post(p).comments, code: 'request_token_required', path: '/content/posts/0/comments' },
  { name: 'page allowing native comments without a token', mutate: (p) => delete page(p, 1).comments, code: 'request_token_required', path: '/content/pages/1/comments' },
  { name: 'request token of 513 code points', mutate: (p) => (post(p).comments = { request_token: '😀'.repeat(513) }), code: 'too_long', path: '/content/posts/0/comments/request_token' },
  { name: 'blank request token', mutate: (p) => (post(p).comments = { request_token: ' ' }), code: 'blank_string', path: '/content/posts/0/comments/request_token' },
  { name: 'page allowing comments without public_id', mutate: (p) => { delete page(p, 1).public_id }, code: 'page_public_id_required', path: '/content/pages/1/public_id' },
  { name: 'enabled newsletter without urls', mutate: (p) => delete p.site.newsletter!.signup_url, code: 'newsletter_url_required', path: '/site/newsletter' },
  { name: 'custom_html slot of 65,537 code points', mutate: (p) => (p.custom_html!.head_end = '😀'.repeat(65_537)), code: 'too_long', path: '/custom_html/head_end' },
  { name: 'blank custom_html slot', mutate: (p) => (p.custom_html!.body_end = ' \n'), code: 'blank_string', path: '/custom_html/body_end' },
  // Issue 15 item 16: the contract wants a complete document, so at least a nonblank one.
  { name: 'standalone front page with empty html', mutate: (p) => (p.site.front_page = { type: 'standalone_html', html: '' }), code: 'blank_string', path: '/site/front_page/html' },
  { name: 'standalone front page with whitespace-only html', mutate: (p) => (p.site.front_page = { type: 'standalone_html', html: ' \n\t\u00a0' }), code: 'blank_string', path: '/site/front_page/html' },
  // Issue 15 item 6: JSON.parse('1e999') gives Infinity, which JSON cannot write back.
  { name: 'public_id overflowing to Infinity', mutate: (p) => (post(p).public_id = JSON.parse('1e999')), code: 'invalid_type', path: '/content/posts/0/public_id' },
  { name: 'posts_per_page overflowing to -Infinity', mutate: (p) => (p.site.posts_per_page = JSON.parse('-1e999')), code: 'invalid_type', path: '/site/posts_per_page' },
  { name: 'media width overflowing to Infinity', mutate: (p) => (p.content.media![0].width = JSON.parse('1e999')), code: 'invalid_type', path: '/content/media/0/width' },
  // data, meta, maps
  { name: 'data nested 5 container levels', mutate: (p) => (post(p).data = { a: { b: { c: { d: { e: { f: 1 } } } } } }), code: 'invalid_data', path: '/content/posts/0/data/a/b/c/d/e' },
  { name: 'data key with a space', mutate: (p) => (post(p).data = { 'bad key': 1 }), code: 'invalid_data', path: '/content/posts/0/data/bad key' },
  { name: 'data array of 257 items', mutate: (p) => (post(p).data = { list: Array.from({ length: 257 }, () => 1) }), code: 'invalid_data', path: '/content/posts/0/data/list' },
  { name: 'data holding a Date, which JSON writes as a string', mutate: (p) => (post(p).data = { when: new Date(0) } as never), code: 'invalid_data', path: '/content/posts/0/data/when' },
  { name: 'data holding a Map, which JSON writes as {}', mutate: (p) => (post(p).data = { list: [new Map([[1, 2]])] } as never), code: 'invalid_data', path: '/content/posts/0/data/list/0' },
  { name: 'data object of 65 keys', mutate: (p) => (post(p).data = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, i]))), code: 'invalid_data', path: '/content/posts/0/data' },
  { name: 'structured meta value', mutate: (p) => (post(p).meta = { a: [1] } as never), code: 'invalid_meta', path: '/content/posts/0/meta/a' },
  { name: 'menu id with upper case', mutate: (p) => (p.menus = { Primary: p.menus!.primary }), code: 'invalid_map_id', path: '/menus/Primary' },
  // removed v0.6 fields
  { name: 'site.media_base_url', mutate: (p) => (site(p).media_base_url = 'https://m.example'), code: 'removed_field', path: '/site/media_base_url' },
  { name: 'site.indexing', mutate: (p) => (site(p).indexing = true), code: 'removed_field', path: '/site/indexing' },
  { name: 'post id', mutate: (p) => (post(p).id = 5), code: 'removed_field', path: '/content/posts/0/id' },
  { name: 'menu item type', mutate: (p) => ((p.menus!.primary.items[0] as unknown as Record<string, unknown>).type = 'page'), code: 'removed_field', path: '/menus/primary/items/0/type' },
  { name: 'custom_html slot as {content}', mutate: (p) => ((p.custom_html as Record<string, unknown>).head_end = { content: '<b>' }), code: 'removed_field', path: '/custom_html/head_end' },
  { name: 'front page page_slug', mutate: (p) => (p.site.front_page = { type: 'page', page_slug: 'home' } as never), code: 'removed_field', path: '/site/front_page/page_slug' },
  // shape
  { name: 'posts_per_page 0', mutate: (p) => (p.site.posts_per_page = 0), code: 'out_of_range', path: '/site/posts_per_page' },
  { name: 'comments per_page 101', mutate: (p) => (p.site.comments!.per_page = 101), code: 'out_of_range', path: '/site/comments/per_page' },
  { name: 'threading max_depth 1', mutate: (p) => (p.site.comments!.threading!.max_depth = 1), code: 'out_of_range', path: '/site/comments/threading/max_depth' },
  { name: 'unknown provider', mutate: (p) => (p.site.comments!.provider = 'disqus' as never), code: 'invalid_value', path: '/site/comments/provider' },
  { name: 'search as a v0.6 boolean', mutate: (p) => (site(p).search = true), code: 'removed_field', path: '/site/search' },
  { name: 'search as a string', mutate: (p) => (site(p).search = 'yes'), code: 'invalid_type', path: '/site/search' },
  { name: 'empty feed object', mutate: (p) => (site(p).feed = {}), code: 'missing_property', path: '/site/feed/enabled' },
  { name: 'media width 0', mutate: (p) => (p.content.media![0].width = 0), code: 'out_of_range', path: '/content/media/0/width' },
]

describe('validatePreviewData: valid variations', () => {
  test.each(passing)('$name', ({ mutate }) => {
    const payload = validPayload() as P
    mutate(payload)
    expect(validatePreviewData(payload).errors).toEqual([])
  })
})

describe('validatePreviewData: each rule reports its code at its pointer', () => {
  test.each(failing)('$name', ({ mutate, code, path }) => {
    const payload = validPayload() as P
    mutate(payload)
    const result = validatePreviewData(payload)
    expect(result.ok).toBe(false)
    expect(result.errors).toContainEqual(expect.objectContaining({ code, path }))
    for (const issue of result.errors) expect(issue.message.length).toBeGreaterThan(10)
  })
})
