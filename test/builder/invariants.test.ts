import { describe, expect, test } from 'vitest'
import type { PreviewDataBuilder } from '../../src/index.js'
import { createPreviewData } from '../../src/index.js'
import { bytes, OPTIONS, post, start, thrown } from './_helpers.js'

const nfd = (s: string) => s.normalize('NFD')

/**
 * A builder that already holds one of everything a later call can collide with: an author, an explicit post slug and
 * public_id, a page, a media entry, a category, a tag, a menu.
 */
function populated(): PreviewDataBuilder {
  return start()
    .post(post('Lisbon', '2024-05-01T10:00:00Z', { slug: 'café', public_id: 7 }))
    .page({ title: 'About', content: 'Who we are', public_id: 3 })
    .page({ title: 'Über', path: 'über' })
    .media({ src: '/media/tram.jpg', width: 1600, height: 1067 })
    .category({ name: 'Travel' })
    .tag({ name: 'Trams', slug: 'trams' })
    .menu('primary', { name: 'Primary', items: [{ page: 'about' }] })
}

type Case = {
  name: string
  call: (b: PreviewDataBuilder) => unknown
  code: string
  path: string
  /** The entity the message must name. */
  entity: string
  /** The rule the message must state. */
  rule: RegExp
}

// One row per invariant a call checks on the spot. Each names the call, the code, the pointer into the call's
// argument, and what the message must say, so a reader of the error knows which entity, which field and which rule.
const cases: Case[] = [
  // malformed or unknown fields
  { name: 'unknown post field (a typo)', call: (b) => b.post({ ...post('Hello'), publshed_at: 'x' } as never), code: 'unknown_property', path: '/publshed_at', entity: 'post "Hello"', rule: /unknown field "publshed_at"/ },
  { name: 'post title of the wrong type', call: (b) => b.post({ ...post('x'), title: 42 } as never), code: 'invalid_type', path: '/title', entity: 'post', rule: /title must be a string/ },
  { name: 'post without title', call: (b) => b.post({ author_id: 'ana', published_at_iso: '2024-01-01' } as never), code: 'missing_property', path: '/title', entity: 'post', rule: /title is required/ },
  { name: 'blank post author_id', call: (b) => b.post(post('Hello', '2024-01-01', { author_id: '  ' })), code: 'blank_string', path: '/author_id', entity: 'post "Hello"', rule: /author_id must not be blank/ },
  { name: 'post without published_at_iso', call: (b) => b.post({ title: 'Hello', author_id: 'ana' } as never), code: 'missing_property', path: '/published_at_iso', entity: 'post "Hello"', rule: /published_at_iso is required/ },
  { name: 'post status outside the enum', call: (b) => b.post(post('Hello', '2024-01-01', { status: 'live' as never })), code: 'invalid_value', path: '/status', entity: 'post "Hello"', rule: /status must be one of "published", "draft"/ },
  { name: 'post public_id 0', call: (b) => b.post(post('Hello', '2024-01-01', { public_id: 0 })), code: 'out_of_range', path: '/public_id', entity: 'post "Hello"', rule: /public_id must be a positive integer/ },
  { name: 'post data key that the contract forbids', call: (b) => b.post(post('Hello', '2024-01-01', { data: { '1st': true } })), code: 'invalid_data', path: '/data/1st', entity: 'post "Hello"', rule: /data key "1st" is not allowed: keys start with a letter or "_", then letters, digits, "_" and single "-" between them/ },
  { name: 'post data holding a Date (tryBuild threw, pointing at /d)', call: (b) => b.post(post('Hello', '2024-01-01', { data: { trip: { when: new Date(0) } } } as never)), code: 'invalid_data', path: '/data/trip/when', entity: 'post "Hello"', rule: /is a Date, which JSON cannot hold/ },
  { name: 'page data holding a Map', call: (b) => b.page({ title: 'Team', data: { m: new Map() } } as never), code: 'invalid_data', path: '/data/m', entity: 'page "Team"', rule: /is a Map, which JSON cannot hold/ },
  { name: 'widget settings holding a Date (tryBuild threw)', call: (b) => b.widgetArea('sidebar', { name: 'Sidebar', items: [{ type: 'search', title: '' }, { type: 'clock', title: 'Now', settings: { since: new Date(0) } as never }] }), code: 'invalid_type', path: '/items/1/settings/since', entity: 'widget area "sidebar"', rule: /items\[1\]\.settings\.since is a Date, which JSON cannot hold/ },
  { name: 'widget settings holding Infinity', call: (b) => b.widgetArea('sidebar', { name: 'Sidebar', items: [{ type: 'recent', title: '', settings: { limits: { count: Infinity } } }] }), code: 'invalid_value', path: '/items/0/settings/limits/count', entity: 'widget area "sidebar"', rule: /is Infinity, which JSON cannot hold/ },
  { name: 'post request_token over 512 code points', call: (b) => b.post(post('Hello', '2024-01-01', { comments: { request_token: '😀'.repeat(513) } })), code: 'too_long', path: '/comments/request_token', entity: 'post "Hello"', rule: /more than 512 code points: give the token exactly as your comment provider issued it/ },
  { name: 'unknown author field', call: (b) => b.author({ id: 'bo', display_name: 'Bo', email: 'bo@x' } as never), code: 'unknown_property', path: '/email', entity: 'author "bo"', rule: /unknown field "email"/ },
  { name: 'author without display_name', call: (b) => b.author({ id: 'bo' } as never), code: 'missing_property', path: '/display_name', entity: 'author "bo"', rule: /display_name is required/ },
  { name: 'unknown page field', call: (b) => b.page({ title: 'Team', parent: 'about' } as never), code: 'unknown_property', path: '/parent', entity: 'page "Team"', rule: /unknown field "parent"/ },
  { name: 'unknown site field', call: (b) => b.site({ colour: 'red' } as never), code: 'unknown_property', path: '/colour', entity: 'site', rule: /colour/ },
  // A JavaScript caller's slips: the id left out, a timestamp in milliseconds. The first said the object was not a valid
  // id "for example object-object"; the second quoted the number as a string it refused, and said nothing to do.
  { name: 'menu without its id', call: (b) => (b.menu as (...a: unknown[]) => unknown)({ name: 'Main', items: [] }), code: 'invalid_argument', path: '', entity: 'menu', rule: /menu id must be a string, the first argument, not object: call \.menu\("primary", \{ name, items \}\) with the id first/ },
  { name: 'collection without its id', call: (b) => (b.collection as (...a: unknown[]) => unknown)({ items: [] }), code: 'invalid_argument', path: '', entity: 'collection', rule: /collection id must be a string, the first argument, not object: call \.collection\("featured", \{ items \}\)/ },
  { name: 'post published_at_iso in milliseconds', call: (b) => b.post(post('Hello', 1714550400000 as never)), code: 'invalid_timestamp', path: '/published_at_iso', entity: 'post "Hello"', rule: /published_at_iso 1714550400000 is a number; pass an RFC 3339 string, a Date \(new Date\(1714550400000\) reads it as milliseconds since 1970\) or a luxon DateTime\./ },
  { name: 'newsletter enabled without a URL (build() refused it)', call: (b) => b.site({ newsletter: { enabled: true, title: 'Letters' } }), code: 'newsletter_url_required', path: '/newsletter', entity: 'site', rule: /neither signup_url nor embed_url: add one of them, or set enabled to false/ },
  { name: 'site time zone that is not canonical', call: (b) => b.site({ timezone: 'Mars/Olympus_Mons' }), code: 'invalid_timezone', path: '/timezone', entity: 'site', rule: /timezone/ },
  { name: 'front page set through site()', call: (b) => b.site({ front_page: { type: 'theme_index' } } as never), code: 'invalid_argument', path: '/front_page', entity: 'site', rule: /\.frontPage\(\)/ },
  { name: 'permalink pattern without a required token', call: (b) => b.permalinks({ posts: '/posts/:year/' }), code: 'invalid_permalink', path: '/permalinks/posts', entity: 'site', rule: /:slug or :public_id/ },
  { name: 'menu item with both url and post', call: (b) => b.menu('main', { name: 'Main', items: [{ title: 'x', url: '/', post: 'café' } as never] }), code: 'invalid_argument', path: '/items/0', entity: 'menu "main"', rule: /exactly one of url, post, page, category, tag/ },
  { name: 'nested url menu item without title', call: (b) => b.menu('main', { name: 'Main', items: [{ page: 'about', children: [{ url: '/x' } as never] }] }), code: 'missing_property', path: '/items/0/children/0/title', entity: 'menu "main"', rule: /title is required for a url item/ },
  { name: 'menu item with a javascript: url', call: (b) => b.menu('main', { name: 'Main', items: [{ title: 'x', url: 'javascript:alert(1)' }] }), code: 'invalid_url', path: '/items/0/url', entity: 'menu "main"', rule: /uses the scheme "javascript:"/ },
  { name: 'unknown menu item field', call: (b) => b.menu('main', { name: 'Main', items: [{ page: 'about', type: 'page' } as never] }), code: 'unknown_property', path: '/items/0/type', entity: 'menu "main"', rule: /unknown field "type"/ },
  { name: 'collection item giving both slug and path', call: (b) => b.collection('featured', { items: [{ type: 'post', slug: 'café', path: 'about' } as never] }), code: 'unknown_property', path: '/items/0/path', entity: 'collection "featured"', rule: /path/ },
  { name: 'collection item naming a post and a page (the page was dropped)', call: (b) => b.collection('featured', { items: [{ post: 'café', page: 'about' } as never] }), code: 'invalid_argument', path: '/items/0', entity: 'collection "featured"', rule: /give exactly one of post, page .*; got post and page/ },
  { name: 'collection shorthand item with another field', call: (b) => b.collection('featured', { items: [{ page: 'about', title: 'About' } as never] }), code: 'unknown_property', path: '/items/0/title', entity: 'collection "featured"', rule: /unknown field "title"; the known fields are page/ },
  { name: 'collection item naming nothing', call: (b) => b.collection('featured', { items: [{} as never] }), code: 'missing_property', path: '/items/0', entity: 'collection "featured"', rule: /give exactly one of post, page/ },
  { name: 'collection naming one post twice (after NFC)', call: (b) => b.collection('featured', { items: [{ post: 'café' }, { post: nfd('café') }] }), code: 'duplicate_reference', path: '/items/1', entity: 'collection "featured"', rule: /.+/ },
  { name: 'widget item without type', call: (b) => b.widgetArea('sidebar', { name: 'Sidebar', items: [{ title: 'Search' } as never] }), code: 'missing_property', path: '/items/0/type', entity: 'widget area "sidebar"', rule: /type/ },
  { name: 'custom CSS given as the contract object (the message named custom_css.content)', call: (b) => b.customCss({ content: 'a {}' } as never), code: 'invalid_argument', path: '', entity: 'customCss', rule: /takes the CSS text itself, not object: call \.customCss\('body \{ … \}'\)/ },
  { name: 'blank custom CSS', call: (b) => b.customCss('   '), code: 'blank_string', path: '/content', entity: 'custom_css', rule: /blank/ },
  { name: 'custom HTML without a slot', call: (b) => b.customHtml({}), code: 'missing_property', path: '', entity: 'custom_html', rule: /head_end|body_end/ },
  { name: 'front page of an unknown type', call: (b) => b.frontPage({ type: 'blog' } as never), code: 'invalid_value', path: '/type', entity: 'front_page', rule: /type/ },
  { name: 'front page naming a blank page', call: (b) => b.frontPage({ page: ' ' }), code: 'blank_string', path: '/page', entity: 'front_page', rule: /page must not be blank/ },

  // arguments of the wrong kind, from JavaScript or through a cast: a PreviewDataError naming the call, not a TypeError
  { name: 'front page given null', call: (b) => b.frontPage(null as never), code: 'invalid_argument', path: '', entity: 'front_page', rule: /expected an object, got null/ },
  { name: 'front page given a bare path', call: (b) => b.frontPage('about' as never), code: 'invalid_argument', path: '', entity: 'front_page', rule: /expected an object, got string/ },
  { name: 'remove() of a kind it does not take', call: (b) => b.remove('post' as never, 'café'), code: 'invalid_argument', path: '', entity: 'remove', rule: /"post" is not a kind remove\(\) takes; it takes author, category, tag, media, menu, widgetArea, collection \(posts: removePost\(slug\)\)/ },
  { name: 'remove() without a kind', call: (b) => (b.remove as (...a: unknown[]) => unknown)(), code: 'invalid_argument', path: '', entity: 'remove', rule: /undefined is not a kind/ },
  { name: 'remove() of a tag by a number', call: (b) => b.remove('tag', 7 as never), code: 'invalid_argument', path: '', entity: 'tag', rule: /the slug must be a string, not number/ },
  { name: 'updatePost with a recipe that is not a function', call: (b) => b.updatePost('café', { title: 'New' } as never), code: 'invalid_argument', path: '', entity: 'post "café"', rule: /the recipe must be a function/ },
  { name: 'updatePage with no recipe', call: (b) => (b.updatePage as (...a: unknown[]) => unknown)('about'), code: 'invalid_argument', path: '', entity: 'page "about"', rule: /the recipe must be a function/ },
  { name: 'removePage(null)', call: (b) => b.removePage(null as never), code: 'invalid_argument', path: '', entity: 'page', rule: /the path must be a string, not null/ },
  { name: 'getPage(null)', call: (b) => b.getPage(null as never), code: 'invalid_argument', path: '', entity: 'page', rule: /the path must be a string, not null/ },
  { name: 'updatePost by public_id instead of slug', call: (b) => b.updatePost(7 as never, () => undefined), code: 'invalid_argument', path: '', entity: 'post', rule: /the slug must be a string, not number/ },

  // slugs
  { name: 'post slug with a slash', call: (b) => b.post(post('Hello', '2024-01-01', { slug: 'a/b' })), code: 'invalid_slug', path: '/slug', entity: 'post "a/b"', rule: /not a valid slug/ },
  { name: 'post slug ".."', call: (b) => b.post(post('Hello', '2024-01-01', { slug: '..' })), code: 'invalid_slug', path: '/slug', entity: 'post ".."', rule: /not a valid slug/ },
  { name: 'post slug of 201 code points', call: (b) => b.post(post('Hello', '2024-01-01', { slug: '한'.repeat(201) })), code: 'invalid_slug', path: '/slug', entity: 'post', rule: /not a valid slug/ },
  { name: 'tag reference that is not a slug', call: (b) => b.post(post('Hello', '2024-01-01', { tag_slugs: ['trams', 'a b'] })), code: 'invalid_slug', path: '/tag_slugs/1', entity: 'post "Hello"', rule: /not a valid slug/ },
  { name: 'tag listed twice on a post (after NFC)', call: (b) => b.post(post('Hello', '2024-01-01', { tag_slugs: ['café', nfd('café')] })), code: 'duplicate_slug', path: '/tag_slugs/1', entity: 'post "Hello"', rule: /listed twice/ },
  { name: 'tag named by an emoji-only name', call: (b) => b.post(post('Hello', '2024-01-01', { tags: ['🎉'] })), code: 'invalid_slug', path: '/tags/0', entity: 'post "Hello"', rule: /gives no usable slug/ },
  { name: 'category named by combining marks alone', call: (b) => b.post(post('Hello', '2024-01-01', { categories: ['Travel', '\u0301'] })), code: 'invalid_slug', path: '/categories/1', entity: 'post "Hello"', rule: /gives no usable slug/ },
  { name: 'page slug with a period at the end', call: (b) => b.page({ title: 'Team', slug: 'team.' }), code: 'invalid_slug', path: '/slug', entity: 'page "team."', rule: /not a valid slug/ },
  { name: 'page path with a leading slash', call: (b) => b.page({ title: 'Team', path: '/about/team' }), code: 'invalid_route_path', path: '/path', entity: 'page "/about/team"', rule: /without leading or trailing slash/ },
  { name: 'category slug with percent encoding', call: (b) => b.category({ name: 'Café', slug: 'caf%C3%A9' }), code: 'invalid_slug', path: '/slug', entity: 'category "Café"', rule: /not a valid slug/ },
  { name: 'tag slug with whitespace', call: (b) => b.tag({ name: 'Old Town', slug: 'old town' }), code: 'invalid_slug', path: '/slug', entity: 'tag "Old Town"', rule: /not a valid slug/ },

  // URLs
  { name: 'site url with a path', call: (b) => b.site({ url: 'https://notes.example/blog' }), code: 'invalid_url', path: '/url', entity: 'site', rule: /url/ },
  { name: 'author avatar with a javascript: scheme', call: (b) => b.author({ id: 'bo', display_name: 'Bo', avatar: 'javascript:alert(1)' }), code: 'invalid_url', path: '/avatar', entity: 'author "bo"', rule: /avatar "javascript:alert\(1\)" is not allowed/ },
  { name: 'featured image "/" (media needs a path)', call: (b) => b.post(post('Hello', '2024-01-01', { featured_image: '/' })), code: 'invalid_url', path: '/featured_image', entity: 'post "Hello"', rule: /featured_image "\/" is not allowed/ },
  { name: 'page featured image, protocol-relative', call: (b) => b.page({ title: 'Team', featured_image: '//cdn.example/a.jpg' }), code: 'invalid_url', path: '/featured_image', entity: 'page "Team"', rule: /is not allowed/ },
  { name: 'media src, bare relative path', call: (b) => b.media({ src: 'media/a.jpg', width: 1, height: 1 }), code: 'invalid_url', path: '/src', entity: 'media "media/a.jpg"', rule: /is not allowed/ },
  { name: 'media width 0', call: (b) => b.media({ src: '/media/a.jpg', width: 0, height: 1 }), code: 'out_of_range', path: '/width', entity: 'media "/media/a.jpg"', rule: /width must be a positive integer/ },
  { name: 'menu url with a dot segment', call: (b) => b.menu('main', { name: 'Main', items: [{ title: 'x', url: '/a/../b' }] }), code: 'invalid_url', path: '/items/0/url', entity: 'menu "main"', rule: /url/ },

  // timestamps
  { name: 'post published on February 30th', call: (b) => b.post(post('Hello', '2024-02-30T10:00:00Z')), code: 'invalid_timestamp', path: '/published_at_iso', entity: 'post "Hello"', rule: /published_at_iso "2024-02-30T10:00:00Z"/ },
  { name: 'post updated "yesterday"', call: (b) => b.post(post('Hello', '2024-01-01', { updated_at_iso: 'yesterday' })), code: 'invalid_timestamp', path: '/updated_at_iso', entity: 'post "Hello"', rule: /not an RFC 3339 timestamp/ },
  { name: 'zone-less date that does not exist', call: (b) => b.post(post('Hello', '2023-02-29')), code: 'invalid_timestamp', path: '/published_at_iso', entity: 'post "Hello"', rule: /not a real date/ },
  { name: 'invalid Date', call: (b) => b.post(post('Hello', new Date(Number.NaN))), code: 'invalid_timestamp', path: '/published_at_iso', entity: 'post "Hello"', rule: /invalid Date/ },
  { name: 'page updated at hour 24', call: (b) => b.page({ title: 'Team', updated_at_iso: '2024-01-01T24:00:00Z' }), code: 'invalid_timestamp', path: '/updated_at_iso', entity: 'page "Team"', rule: /updated_at_iso/ },

  // identities
  { name: 'duplicate author id', call: (b) => b.author({ id: 'ana', display_name: 'Another Ana' }), code: 'duplicate_id', path: '/id', entity: 'author "ana"', rule: /author ids must be unique/ },
  { name: 'duplicate post public_id', call: (b) => b.post(post('Porto', '2024-01-01', { public_id: 7 })), code: 'duplicate_id', path: '/public_id', entity: 'post "porto"', rule: /public_id 7 is already used by post "café"/ },
  { name: 'duplicate explicit post slug', call: (b) => b.post(post('Porto', '2024-01-01', { slug: 'café' })), code: 'duplicate_slug', path: '/slug', entity: 'post "café"', rule: /post slugs must be unique/ },
  { name: 'duplicate explicit post slug, NFD against NFC', call: (b) => b.post(post('Porto', '2024-01-01', { slug: nfd('café') })), code: 'duplicate_slug', path: '/slug', entity: 'post "café"', rule: /compared after NFC/ },
  { name: 'duplicate page public_id', call: (b) => b.page({ title: 'Team', public_id: 3 }), code: 'duplicate_id', path: '/public_id', entity: 'page "team"', rule: /public_id 3 is already used/ },
  { name: 'page path equal to the pages permalink applied to another page\'s slug', call: (b) => b.permalinks({ pages: '/p/:slug/' }).page({ title: 'X', slug: 'x' }).page({ title: 'Y', path: 'p/x' }), code: 'duplicate_path', path: '/path', entity: 'page "p/x"', rule: /effective path/ },
  { name: 'duplicate effective page path, NFD against NFC', call: (b) => b.page({ title: 'Uber', path: nfd('über') }), code: 'duplicate_path', path: '/path', entity: 'page "über"', rule: /compared after NFC/ },
  { name: 'page slug whose effective path another page has', call: (b) => b.page({ title: 'Ueber', slug: nfd('über') }), code: 'duplicate_path', path: '/slug', entity: 'page "über"', rule: /effective path/ },
  { name: 'duplicate media src', call: (b) => b.media({ src: '/media/tram.jpg', width: 10, height: 10 }), code: 'duplicate_src', path: '/src', entity: 'media "/media/tram.jpg"', rule: /keep one per src/ },
  { name: 'category whose derived slug is taken', call: (b) => b.category({ name: 'TRAVEL' }), code: 'duplicate_slug', path: '/slug', entity: 'category "TRAVEL"', rule: /slug "travel" is already used by the category "Travel"/ },
  { name: 'tag with a taken slug', call: (b) => b.tag({ name: 'Tramways', slug: 'trams' }), code: 'duplicate_slug', path: '/slug', entity: 'tag "Tramways"', rule: /already used by the tag "Trams"/ },
  { name: 'duplicate menu id', call: (b) => b.menu('primary', { name: 'Other', items: [] }), code: 'duplicate_id', path: '', entity: 'menu "primary"', rule: /menu ids must be unique/ },

  // map ids
  { name: 'menu id with an upper-case letter', call: (b) => b.menu('Main', { name: 'Main', items: [] }), code: 'invalid_map_id', path: '', entity: 'menu id "Main"', rule: /lowercase letter first.*\(for example "main"\)/ },
  { name: 'widget area id starting with a digit', call: (b) => b.widgetArea('1sidebar', { name: 'Sidebar', items: [] }), code: 'invalid_map_id', path: '', entity: 'widget area id "1sidebar"', rule: /1-64 characters.*\(for example "widget-area-1sidebar"\)/ },
  { name: 'collection id of 65 characters', call: (b) => b.collection('c'.repeat(65), { items: [] }), code: 'invalid_map_id', path: '', entity: 'collection id', rule: /1-64 characters/ },
]

describe('each call checks its invariants on the spot', () => {
  test.each(cases)('$name', ({ call, code, path, entity, rule }) => {
    const builder = populated()
    const before = bytes(builder)
    const error = thrown(() => call(builder))
    expect({ code: error.code, path: error.path }).toEqual({ code, path })
    const named = error.message.toLowerCase().split(entity.toLowerCase()).length - 1
    expect(named).toBeGreaterThan(0)
    // An entity with a name is named once: a validator message that names it itself is not prefixed with it again.
    if (entity.includes('"')) expect(error.message.split(entity).length - 1).toBeLessThanOrEqual(1)
    expect(error.message).toMatch(rule)
    expect(error.errors[0]).toMatchObject({ code, path })
    // The throwing call changed nothing: the same value builds the same bytes, and the chain goes on from it.
    expect(bytes(builder)).toBe(before)
    expect(builder.post(post('After', '2024-06-01')).build().content.posts.map((p) => p.slug)).toEqual(['after', 'café'])
  })
})

describe('createPreviewData options', () => {
  const optionCases = [
    { name: 'blank generator', options: { ...OPTIONS, generator: ' ' }, code: 'blank_string', path: '/generator' },
    { name: 'missing generated_at', options: { generator: 'x' }, code: 'missing_property', path: '/generated_at' },
    { name: 'generated_at that is not RFC 3339', options: { ...OPTIONS, generated_at: '2026-05-01T09:00:00' + 'X' }, code: 'invalid_timestamp', path: '/generated_at' },
    { name: 'unknown option', options: { ...OPTIONS, autoCreateTags: true }, code: 'unknown_property', path: '/autoCreateTags' },
    { name: 'non-boolean autoCreateTaxonomies', options: { ...OPTIONS, autoCreateTaxonomies: 'no' }, code: 'invalid_type', path: '/autoCreateTaxonomies' },
  ]
  test.each(optionCases)('$name', ({ options, code, path }) => {
    const error = thrown(() => createPreviewData(options as never))
    expect({ code: error.code, path: error.path }).toEqual({ code, path })
    expect(error.message).toContain('createPreviewData options')
  })
})

describe('what a call cannot know yet is left to build()', () => {
  test('a post may name an author that is added later', () => {
    const payload = createPreviewData(OPTIONS).site({ title: 'T' }).post(post('Hello')).author({ id: 'ana', display_name: 'Ana' }).build()
    expect(payload.content.posts[0].author_id).toBe('ana')
  })

  test('a derived slug may repeat an explicit one: the derived post gets a suffix at build', () => {
    const payload = start().post(post('Café', '2024-01-01')).post(post('Other', '2024-01-02', { slug: 'café' })).build()
    expect(payload.content.posts.map((p) => [p.title, p.slug])).toEqual([['Other', 'café'], ['Café', 'café-2']])
  })

  test('a derived page path may repeat an explicit one: the derived page gets a suffix at build', () => {
    const payload = start().page({ title: 'About' }).page({ title: 'About us', path: 'about' }).build()
    expect(payload.content.pages.map((p) => [p.title, p.slug, p.path])).toEqual([['About us', 'about', 'about'], ['About', 'about-2', undefined]])
  })

  test('media_delivery_mode media_domain may come before media_origin', () => {
    const payload = start().site({ media_delivery_mode: 'media_domain' }).site({ media_origin: 'https://media.notes.example' }).build()
    expect(payload.site).toMatchObject({ media_delivery_mode: 'media_domain', media_origin: 'https://media.notes.example' })
  })
})
