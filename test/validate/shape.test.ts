import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { checkShape, isShapeValid } from '../../src/validate/shape.js'
import { REMOVED_FIELDS, REMOVED_SHAPES, findRemovedField, findRemovedShape } from '../../src/validate/removed-fields.js'
import type { PreviewDataIssue } from '../../src/validate/issue.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- tests reach into arbitrary payload members

const text = (name: string) => readFileSync(new URL(`../fixtures/schema/${name}`, import.meta.url), 'utf8')
const fixture = (name: string): Json => JSON.parse(text(name))
const codesAndPaths = (issues: PreviewDataIssue[]) => issues.map(({ code, path }) => ({ code, path }))
const astral = (n: number) => '\u{1F600}'.repeat(n)

interface Case {
  name: string
  base?: string
  mutate: (p: Json) => void
  issues: { code: string; path: string }[]
  /** The first issue's message contains this. */
  message?: string
}

const cases: Case[] = [
  // missing_property
  { name: 'missing site.title', mutate: (p) => delete p.site.title, issues: [{ code: 'missing_property', path: '/site/title' }], message: 'site.title is required: add a nonblank title.' },
  { name: 'missing content', mutate: (p) => delete p.content, issues: [{ code: 'missing_property', path: '/content' }], message: 'content is required' },
  { name: 'missing tag slug', mutate: (p) => delete p.content.tags[0].slug, issues: [{ code: 'missing_property', path: '/content/tags/0/slug' }], message: 'add slug, a slug such as' },
  { name: 'front_page page without page_path: one issue, not one per branch', mutate: (p) => (p.site.front_page = { type: 'page' }), issues: [{ code: 'missing_property', path: '/site/front_page/page_path' }] },
  { name: 'front_page without type', mutate: (p) => (p.site.front_page = {}), issues: [{ code: 'missing_property', path: '/site/front_page/type' }], message: 'one of "theme_index", "page", "standalone_html"' },
  { name: 'empty favicon', mutate: (p) => (p.site.favicon = {}), issues: [{ code: 'missing_property', path: '/site/favicon' }], message: 'at least one of icon, svg, png, apple_touch_icon, icon_dark' },
  { name: 'empty custom_html', mutate: (p) => (p.custom_html = {}), issues: [{ code: 'missing_property', path: '/custom_html' }], message: 'at least one of head_end, body_end' },
  // unknown_property
  { name: 'unknown site member', mutate: (p) => (p.site.foo = 1), issues: [{ code: 'unknown_property', path: '/site/foo' }], message: 'Unknown property "foo" in site: remove it (site is a closed object).' },
  { name: 'unknown top-level member', mutate: (p) => (p.extra = 1), issues: [{ code: 'unknown_property', path: '/extra' }], message: 'Unknown property "extra" in the payload: remove it (the payload is a closed object).' },
  { name: 'collection item with slug and path: one issue at the extra member', mutate: (p) => (p.collections.featured.items[0].path = 'about'), issues: [{ code: 'unknown_property', path: '/collections/featured/items/0/path' }], message: 'of type "post"' },
  { name: 'theme_index front page with page_path', mutate: (p) => (p.site.front_page = { type: 'theme_index', page_path: 'home' }), issues: [{ code: 'unknown_property', path: '/site/front_page/page_path' }] },
  { name: 'standalone_html front page with page_path', mutate: (p) => (p.site.front_page = { type: 'standalone_html', html: '<html></html>', page_path: 'home' }), issues: [{ code: 'unknown_property', path: '/site/front_page/page_path' }] },
  { name: 'member with a slash in its name', mutate: (p) => (p.site['a/b~c'] = 1), issues: [{ code: 'unknown_property', path: '/site/a~1b~0c' }] },
  { name: 'Page id is not a removed field, only unknown', mutate: (p) => (p.content.pages[0].id = 1), issues: [{ code: 'unknown_property', path: '/content/pages/0/id' }] },
  // removed_field (every table entry is also covered by the v0.6 fixture below)
  { name: 'site.media_base_url renamed', mutate: (p) => ((p.site.media_base_url = p.site.media_origin), delete p.site.media_origin), issues: [{ code: 'removed_field', path: '/site/media_base_url' }], message: 'site.media_base_url was removed in v0.7: rename it to site.media_origin.' },
  { name: 'site.media_base_url next to media_origin', mutate: (p) => (p.site.media_base_url = p.site.media_origin), issues: [{ code: 'removed_field', path: '/site/media_base_url' }], message: 'remove it (site.media_origin replaces it and is already set)' },
  { name: 'page item with both path and slug: one unknown_property at the extra member', mutate: (p) => (p.collections.featured.items[1].slug = 'team'), issues: [{ code: 'unknown_property', path: '/collections/featured/items/1/slug' }], message: 'of type "page"' },
  { name: 'collection page item slug', mutate: (p) => (p.collections.featured.items[1] = { type: 'page', slug: 'team' }), issues: [{ code: 'removed_field', path: '/collections/featured/items/1/slug' }], message: 'rename it to path' },
  { name: 'collection post item slug is fine, path is not', mutate: (p) => (p.collections.featured.items[0] = { type: 'post', path: 'x' }), issues: [{ code: 'unknown_property', path: '/collections/featured/items/0/path' }, { code: 'missing_property', path: '/collections/featured/items/0/slug' }] },
  { name: 'custom_html {content} slot', mutate: (p) => (p.custom_html.body_end = { content: '<script></script>' }), issues: [{ code: 'removed_field', path: '/custom_html/body_end' }], message: 'give the HTML as a direct string' },
  { name: 'site.search as a boolean', mutate: (p) => (p.site.search = false), issues: [{ code: 'removed_field', path: '/site/search' }], message: '"search": { "enabled": false }' },
  { name: 'site.feed as a boolean is a plain type error (feed is new in v0.7)', mutate: (p) => (p.site.feed = false), issues: [{ code: 'invalid_type', path: '/site/feed' }], message: 'site.feed must be an object (got false).' },
  // invalid_type
  { name: 'posts_per_page as a string', mutate: (p) => (p.site.posts_per_page = '10'), issues: [{ code: 'invalid_type', path: '/site/posts_per_page' }], message: 'site.posts_per_page must be an integer (got a string).' },
  { name: 'posts as an object', mutate: (p) => (p.content.posts = {}), issues: [{ code: 'invalid_type', path: '/content/posts' }] },
  { name: 'data as an array', mutate: (p) => (p.content.posts[0].data = []), issues: [{ code: 'invalid_type', path: '/content/posts/0/data' }] },
  { name: 'meta as a string', mutate: (p) => (p.site.meta = 'x'), issues: [{ code: 'invalid_type', path: '/site/meta' }] },
  // invalid_value / invalid_version
  { name: 'date_style unknown', mutate: (p) => (p.site.date_style = 'tiny'), issues: [{ code: 'invalid_value', path: '/site/date_style' }], message: 'site.date_style must be one of "none", "short", "medium", "long", "full" (got "tiny").' },
  { name: 'front_page of unknown type', mutate: (p) => (p.site.front_page = { type: 'blog', page_path: 'home' }), issues: [{ code: 'invalid_value', path: '/site/front_page/type' }] },
  { name: 'version 0.7 as a number', mutate: (p) => (p.version = 0.7), issues: [{ code: 'invalid_version', path: '/version' }], message: 'version must be the string "0.7" (got 0.7)' },
  { name: 'version 0.6', mutate: (p) => (p.version = '0.6'), issues: [{ code: 'invalid_version', path: '/version' }], message: 'migrate the payload to v0.7' },
  { name: 'missing version', mutate: (p) => delete p.version, issues: [{ code: 'missing_property', path: '/version' }] },
  // out_of_range
  { name: 'posts_per_page 0', mutate: (p) => (p.site.posts_per_page = 0), issues: [{ code: 'out_of_range', path: '/site/posts_per_page' }], message: 'must be >= 1 (got 0)' },
  { name: 'comments per_page 101', mutate: (p) => (p.site.comments.per_page = 101), issues: [{ code: 'out_of_range', path: '/site/comments/per_page' }], message: 'must be between 1 and 100 (got 101)' },
  { name: 'threading depth 1', mutate: (p) => (p.site.comments.threading.max_depth = 1), issues: [{ code: 'out_of_range', path: '/site/comments/threading/max_depth' }] },
  { name: 'media width 0', mutate: (p) => (p.content.media[0].width = 0), issues: [{ code: 'out_of_range', path: '/content/media/0/width' }] },
  { name: 'page public_id 0', mutate: (p) => (p.content.pages[1].public_id = 0), issues: [{ code: 'out_of_range', path: '/content/pages/1/public_id' }] },
  // blank_string / too_long
  { name: 'blank title', mutate: (p) => (p.site.title = ' \u00a0\n'), issues: [{ code: 'blank_string', path: '/site/title' }], message: 'site.title must not be blank' },
  { name: 'blank request_token', mutate: (p) => (p.content.posts[0].comments.request_token = ''), issues: [{ code: 'blank_string', path: '/content/posts/0/comments/request_token' }] },
  { name: 'request_token of 513 code points', mutate: (p) => (p.content.posts[0].comments.request_token = astral(513)), issues: [{ code: 'too_long', path: '/content/posts/0/comments/request_token' }], message: 'longer than 512 code points' },
  { name: 'custom_html slot of 65,537 code points', mutate: (p) => (p.custom_html.head_end = 'x'.repeat(65_537)), issues: [{ code: 'too_long', path: '/custom_html/head_end' }] },
  { name: 'slug beyond any NFC form of 200 code points', mutate: (p) => (p.content.posts[0].slug = 'a'.repeat(801)), issues: [{ code: 'too_long', path: '/content/posts/0/slug' }], message: 'at most 200 code points after NFC' },
  // formats
  { name: 'slug with a space', mutate: (p) => (p.content.posts[0].slug = 'hello world'), issues: [{ code: 'invalid_slug', path: '/content/posts/0/slug' }] },
  { name: 'tag reference with two periods', mutate: (p) => (p.content.posts[0].tag_slugs[1] = 'a..b'), issues: [{ code: 'invalid_slug', path: '/content/posts/0/tag_slugs/1' }] },
  { name: 'relative menu url', mutate: (p) => (p.menus.main.items[0].url = 'blog'), issues: [{ code: 'invalid_url', path: '/menus/main/items/0/url' }], message: 'root-relative path such as "/about"' },
  { name: 'featured_image "/"', mutate: (p) => (p.content.posts[0].featured_image = '/'), issues: [{ code: 'invalid_url', path: '/content/posts/0/featured_image' }] },
  { name: 'site url with a path', mutate: (p) => (p.site.url = 'https://notes.example/blog'), issues: [{ code: 'invalid_url', path: '/site/url' }] },
  { name: 'comments API with a fragment', mutate: (p) => (p.site.comments.api_base_url = '/api#x'), issues: [{ code: 'invalid_url', path: '/site/comments/api_base_url' }] },
  { name: 'timestamp without offset', mutate: (p) => (p.content.posts[0].published_at_iso = '2024-04-12T09:30:00'), issues: [{ code: 'invalid_timestamp', path: '/content/posts/0/published_at_iso' }] },
  { name: 'timezone +00:00', mutate: (p) => (p.site.timezone = '+00:00'), issues: [{ code: 'invalid_timezone', path: '/site/timezone' }], message: 'a zero offset is written "UTC"' },
  { name: 'locale with underscore', mutate: (p) => (p.site.locale = 'pt_PT'), issues: [{ code: 'invalid_locale', path: '/site/locale' }] },
  { name: 'menu id with a capital', mutate: (p) => (p.menus.Main = p.menus.main), issues: [{ code: 'invalid_map_id', path: '/menus/Main' }], message: 'Menu id "Main" in menus is invalid' },
  { name: 'collection id starting with a digit', mutate: (p) => (p.collections['1st'] = { items: [] }), issues: [{ code: 'invalid_map_id', path: '/collections/1st' }] },
  { name: 'permalink without leading slash', mutate: (p) => (p.site.permalinks.posts = 'posts/:slug/'), issues: [{ code: 'invalid_permalink', path: '/site/permalinks/posts' }] },
  { name: 'page path with a leading slash', mutate: (p) => (p.content.pages[2].path = '/about/team'), issues: [{ code: 'invalid_route_path', path: '/content/pages/2/path' }] },
  { name: 'post_index path without leading slash', mutate: (p) => (p.site.post_index.path = 'blog'), issues: [{ code: 'invalid_route_path', path: '/site/post_index/path' }] },
  { name: 'front_page page_path with a trailing slash', mutate: (p) => (p.site.front_page.page_path = 'home/'), issues: [{ code: 'invalid_route_path', path: '/site/front_page/page_path' }] },
  { name: 'collection page path with an empty segment', mutate: (p) => (p.collections.featured.items[1].path = 'about//team'), issues: [{ code: 'invalid_route_path', path: '/collections/featured/items/1/path' }] },
  // data and meta
  { name: 'data with 65 keys', mutate: (p) => (p.content.posts[0].data = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, i]))), issues: [{ code: 'invalid_data', path: '/content/posts/0/data' }], message: 'at most 64' },
  { name: 'nested data array of 257 items', mutate: (p) => (p.content.pages[1].data.languages = Array(257).fill('pt')), issues: [{ code: 'invalid_data', path: '/content/pages/1/data/languages' }] },
  { name: 'data 5 container levels deep', mutate: (p) => (p.content.posts[0].data.trip.route.stops[0].coords = [38.7, -9.1]), issues: [{ code: 'invalid_data', path: '/content/posts/0/data/trip/route/stops/0/coords' }], message: 'nested too deeply' },
  { name: 'data key with a space', mutate: (p) => (p.content.posts[0].data.trip['bad key'] = 1), issues: [{ code: 'invalid_data', path: '/content/posts/0/data/trip/bad key' }], message: 'Data key "bad key" in content.posts[0].data.trip is invalid' },
  { name: 'non-finite data value', mutate: (p) => (p.content.posts[0].data.trip.days = Number.POSITIVE_INFINITY), issues: [{ code: 'invalid_data', path: '/content/posts/0/data/trip/days' }], message: 'got Infinity' },
  { name: 'meta object value', mutate: (p) => (p.content.posts[0].meta.nested = {}), issues: [{ code: 'invalid_meta', path: '/content/posts/0/meta/nested' }] },
  { name: 'meta NaN value', mutate: (p) => (p.menus.main.items[1].children[0].meta.icon = Number.NaN), issues: [{ code: 'invalid_meta', path: '/menus/main/items/1/children/0/meta/icon' }] },
  // conditional rules
  { name: 'media_domain with an empty media_origin', mutate: (p) => (p.site.media_origin = ''), issues: [{ code: 'media_origin_required', path: '/site/media_origin' }] },
  { name: 'enabled newsletter without URLs: one issue, not one per anyOf branch', mutate: (p) => (p.site.newsletter = { enabled: true }), issues: [{ code: 'newsletter_url_required', path: '/site/newsletter' }] },
  { name: 'page allows comments without public_id', mutate: (p) => (p.content.pages[0].allow_comments = true), issues: [{ code: 'page_public_id_required', path: '/content/pages/0/public_id' }], message: 'content.pages[0] allows comments but has no public_id' },
  // several problems: every one reported, sorted by path then code
  {
    name: 'several problems at once',
    mutate: (p) => {
      p.version = '0.8'
      delete p.site.title
      p.site.title2 = 'x'
      p.content.posts[2].slug = ''
      p.content.posts[0].status = 'live'
    },
    issues: [
      { code: 'invalid_value', path: '/content/posts/0/status' },
      { code: 'invalid_slug', path: '/content/posts/2/slug' },
      { code: 'missing_property', path: '/site/title' },
      { code: 'unknown_property', path: '/site/title2' },
      { code: 'invalid_version', path: '/version' },
    ],
  },
  {
    name: 'array indices sort numerically',
    mutate: (p) => {
      p.content.tags = Array.from({ length: 12 }, (_, i) => ({ name: `Tag ${i}`, slug: i % 5 === 0 ? 'bad slug' : `t${i}` }))
    },
    issues: [0, 5, 10].map((i) => ({ code: 'invalid_slug', path: `/content/tags/${i}/slug` })),
  },
  {
    name: 'a wrong-typed object reports its type only, not its members',
    mutate: (p) => (p.site = []),
    issues: [{ code: 'invalid_type', path: '/site' }],
  },
]

describe('checkShape maps every schema failure to one issue', () => {
  test.each(cases)('$name', ({ base, mutate, issues, message }) => {
    const payload = fixture(base ?? 'full.json')
    mutate(payload)
    const result = checkShape(payload)
    expect(codesAndPaths(result)).toEqual(issues)
    if (message !== undefined) expect(result[0].message).toContain(message)
    expect(isShapeValid(payload)).toBe(false)
  })

  test.each(['minimal.json', 'full.json'])('%s is valid', (name) => {
    expect(checkShape(fixture(name))).toEqual([])
    expect(isShapeValid(fixture(name))).toBe(true)
  })

  test('non-objects are an invalid_type at the root', () => {
    for (const value of [null, undefined, 0, 'payload', true, [], 1n, Symbol('x'), () => 1]) {
      expect(codesAndPaths(checkShape(value))).toEqual([{ code: 'invalid_type', path: '' }])
      expect(checkShape(value)[0].message).toMatch(/^The payload must be an object/)
    }
  })
})

describe('removed v0.6 fields and shapes', () => {
  const v06 = checkShape(fixture('v0.6-payload.json'))

  test('a v0.6 payload gets one removed_field per leftover, and the renamed members are not also reported missing', () => {
    expect(codesAndPaths(v06)).toEqual([
      { code: 'removed_field', path: '/collections/featured/items/0/slug' },
      { code: 'removed_field', path: '/content/posts/0/id' },
      { code: 'removed_field', path: '/custom_html/body_end' },
      { code: 'removed_field', path: '/custom_html/head_end' },
      { code: 'removed_field', path: '/menus/main/items/0/type' },
      { code: 'removed_field', path: '/site/datetime_display' },
      { code: 'removed_field', path: '/site/disallow_comments' },
      { code: 'removed_field', path: '/site/front_page/page_slug' },
      { code: 'removed_field', path: '/site/indexing' },
      { code: 'removed_field', path: '/site/media_base_url' },
      { code: 'removed_field', path: '/site/search' },
      { code: 'invalid_version', path: '/version' },
    ])
  })

  test.each(REMOVED_FIELDS.map((f) => [f.lived, f] as const))('%s is reported with its replacement', (_lived, entry) => {
    const issue = v06.find((i) => i.path.endsWith(`/${entry.field}`) && i.code === 'removed_field')
    expect(issue?.message).toContain('was removed in v0.7: ')
    expect(issue?.message).toContain(entry.instead ?? `rename it to `)
    if (entry.renamedTo !== undefined) expect(issue?.message).toContain(entry.renamedTo)
  })

  test.each(REMOVED_SHAPES.map((s) => [s.lived, s] as const))('%s is reported with its replacement', (_lived, shape) => {
    const issue = v06.find((i) => i.path === `/${shape.at.join('/')}`)
    expect(issue?.message).toContain(shape.lived)
    expect(issue?.message).toContain(shape.instead.split('{value}')[0])
  })

  test('lookups respect the discriminating type and the exact location', () => {
    expect(findRemovedField('collectionItem', 'slug', { type: 'page' })?.renamedTo).toBe('path')
    expect(findRemovedField('collectionItem', 'slug', { type: 'post' })).toBeUndefined()
    expect(findRemovedField('page', 'id', {})).toBeUndefined()
    expect(findRemovedShape(['custom_html', 'head_end'], { content: 'x' })?.was).toBe('content-object')
    expect(findRemovedShape(['custom_html', 'head_end'], { html: 'x' })).toBeUndefined()
    expect(findRemovedShape(['site', 'feed'], true)).toBeUndefined()
    expect(findRemovedShape(['version'], '0.5')).toBeUndefined()
  })
})

describe('hostile input', () => {
  test('__proto__ keys from JSON.parse are ordinary unknown members and never reach the prototype', () => {
    const payload = JSON.parse(text('full.json').replace('"title": "Field Notes",', '"__proto__": { "polluted": true }, "title": "Field Notes",'))
    expect(codesAndPaths(checkShape(payload))).toEqual([{ code: 'unknown_property', path: '/site/__proto__' }])
    expect(({} as Json).polluted).toBeUndefined()
    const data = JSON.parse(text('full.json').replace('"rating-overall": 4.5', '"__proto__": 1'))
    expect(checkShape(data)).toEqual([])
  })

  test('cycles are reported where they close, without recursing forever', () => {
    const payload = fixture('full.json')
    payload.menus.main.items[1].children.push(payload.menus.main.items[1])
    payload.content.posts[0].data.self = payload.content.posts[0].data
    payload.widgets.sidebar.items[1].settings.self = payload
    expect(codesAndPaths(checkShape(payload))).toEqual([
      { code: 'invalid_payload', path: '/content/posts/0/data/self' },
      { code: 'invalid_payload', path: '/menus/main/items/1/children/1' },
      { code: 'invalid_payload', path: '/widgets/sidebar/items/1/settings/self' },
    ])
  })

  test('shared (acyclic) objects are not cycles', () => {
    const payload = fixture('full.json')
    const shared = { title: 'Shared', url: '/shared', target: '_self', children: [] }
    payload.menus.main.items.push(shared, shared)
    payload.site.meta = payload.content.posts[0].meta
    expect(checkShape(payload)).toEqual([])
  })

  test('a menu too deep for the validator\'s stack is reported, not thrown', () => {
    const payload = fixture('full.json')
    let item = payload.menus.main.items[0]
    for (let i = 0; i < 50_000; i++) {
      const child = { title: 'x', url: '/', target: '_self', children: [] }
      item.children.push(child)
      item = child
    }
    expect(codesAndPaths(checkShape(payload))).toEqual([{ code: 'invalid_payload', path: '' }])
    expect(isShapeValid(payload)).toBe(false)
  })

  test('throwing getters and proxies are reported, not thrown', () => {
    const getter = fixture('full.json')
    Object.defineProperty(getter.site, 'title', { enumerable: true, get: () => { throw new Error('no title') } })
    const proxy = new Proxy({}, { get: () => { throw new Error('trap') }, ownKeys: () => { throw new Error('trap') } })
    for (const payload of [getter, proxy, { ...fixture('minimal.json'), site: proxy }]) {
      expect(codesAndPaths(checkShape(payload))).toEqual([{ code: 'invalid_payload', path: '' }])
      expect(isShapeValid(payload)).toBe(false)
    }
  })

  test('null-prototype objects are checked like plain ones', () => {
    const bare = (value: unknown): unknown =>
      Array.isArray(value) ? value.map(bare) : typeof value === 'object' && value !== null ? Object.assign(Object.create(null), Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bare(v)]))) : value
    expect(checkShape(bare(fixture('full.json')))).toEqual([])
    const broken = bare(fixture('minimal.json')) as Json
    delete broken.site.title
    expect(codesAndPaths(checkShape(broken))).toEqual([{ code: 'missing_property', path: '/site/title' }])
  })

  test('megabyte strings in every string field are checked in linear time and shown cut short', () => {
    const payload = fixture('full.json')
    const replace = (node: Json) => {
      for (const [k, v] of Object.entries(node)) {
        if (typeof v === 'string' && k !== 'version' && k !== 'type') node[k] = `${'a.'.repeat(1 << 17)}. \u0000`
        else if (typeof v === 'object' && v !== null) replace(v)
      }
    }
    replace(payload)
    const started = performance.now()
    const issues = checkShape(payload)
    expect(performance.now() - started).toBeLessThan(10_000)
    expect(issues.length).toBeGreaterThan(50)
    for (const issue of issues) expect(issue.message.length).toBeLessThan(600)
  })
})

/** The documented order: path segment by segment, array indices numerically, then code; never locale-dependent. */
function byPathThenCode(a: PreviewDataIssue, b: PreviewDataIssue): number {
  const x = a.path.split('/')
  const y = b.path.split('/')
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] === y[i]) continue
    if (/^\d+$/.test(x[i]) && /^\d+$/.test(y[i])) return Number(x[i]) - Number(y[i])
    return x[i] < y[i] ? -1 : 1
  }
  return x.length - y.length || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)
}

describe('properties', () => {
  const base = fixture('full.json')
  // Every location in the full payload, so mutations reach closed objects, open areas, arrays and the root.
  const locations: string[][] = []
  const collect = (node: unknown, at: string[]) => {
    locations.push(at)
    if (typeof node === 'object' && node !== null) for (const [k, v] of Object.entries(node)) collect(v, [...at, k])
  }
  collect(base, [])

  const value = fc.oneof(
    fc.jsonValue(),
    fc.anything({ withBigInt: true, withBoxedValues: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true, withSparseArray: true, withTypedArray: true }),
    fc.constantFrom('', ' ', '0.6', '/', '//x', 'a..b', '+00:00', { content: 'x' }, { enabled: true }, Number.NaN, -0, 2 ** 53),
  )
  const key = fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString', 'type', 'slug', 'path', 'id', 'media_base_url'))
  const mutation = fc.record({ at: fc.nat({ max: locations.length - 1 }), op: fc.constantFrom('set', 'delete', 'add'), key, value })

  // Mutations edit only plain objects and arrays: structuredClone, which takes the "before" snapshot, drops extra
  // members of exotic values such as typed arrays, so editing those would fail the check without any fault here.
  const plain = (v: unknown): v is Json =>
    typeof v === 'object' && v !== null && [Object.prototype, Array.prototype, null].includes(Object.getPrototypeOf(v))

  function apply(payload: Json, m: { at: number; op: string; key: string; value: unknown }): unknown {
    const at = locations[m.at]
    if (at.length === 0) return m.op === 'set' ? m.value : payload
    let parent: Json = payload
    for (const s of at.slice(0, -1)) {
      // An earlier mutation may have replaced an ancestor with a scalar or an exotic value.
      if (!plain(parent[s])) return payload
      parent = parent[s]
    }
    const last = at[at.length - 1]
    // defineProperty, as JSON.parse does, so a "__proto__" key becomes a member rather than a prototype change.
    if (m.op === 'set') Object.defineProperty(parent, last, { value: m.value, enumerable: true, writable: true, configurable: true })
    else if (m.op === 'delete') delete parent[last]
    else if (plain(parent[last])) {
      Object.defineProperty(parent[last], m.key, { value: m.value, enumerable: true, writable: true, configurable: true })
    }
    return payload
  }

  test('random mutations never throw, never change the input, and give sorted, unique issues that agree with isShapeValid', () => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (mutations) => {
        let payload: unknown = structuredClone(base)
        for (const m of mutations) payload = plain(payload) ? apply(payload, m) : payload
        const before = structuredClone(payload)
        const issues = checkShape(payload)
        expect(payload).toEqual(before)
        const keys = issues.map((i) => `${i.path}\u0000${i.code}`)
        expect(issues).toEqual([...issues].sort(byPathThenCode))
        expect(new Set(keys).size).toBe(keys.length)
        expect(isShapeValid(payload)).toBe(issues.length === 0)
        for (const issue of issues) {
          expect(issue.path === '' || issue.path.startsWith('/')).toBe(true)
          expect(issue.message.length).toBeGreaterThan(0)
        }
      }),
      { numRuns: Number(process.env.SHAPE_RUNS ?? 300) },
    )
  })
})

describe('performance', () => {
  test('the fast path checks 100,000 posts in less time than a JSON round trip of them takes', () => {
    const payload = fixture('full.json')
    const post = payload.content.posts[0]
    payload.content.posts = Array.from({ length: 100_000 }, (_, i) => ({ ...post, public_id: i + 1, slug: `post-${i}`, title: `Post ${i}` }))
    // The pass validatePreviewData runs (alongside the rules). Without the rules, checkShape runs the precompiled
    // all-errors pass, which no production path uses for a valid payload.
    checkShape(payload, true)
    // Timed against a baseline taken in the same test, so a busy machine slows both: usually ~0.2 s against ~0.5 s.
    const best = (fn: () => unknown) => Math.min(...[0, 1, 2].map(() => { const t = performance.now(); fn(); return performance.now() - t }))
    const roundTrip = best(() => JSON.parse(JSON.stringify(payload)))
    const shape = best(() => expect(checkShape(payload, true)).toEqual([]))
    expect(shape).toBeLessThan(roundTrip)
  })
})
