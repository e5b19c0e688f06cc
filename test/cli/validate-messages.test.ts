// A hand-written payload that breaks one rule of the contract, validated from the command line: exit 1, and exactly
// one diagnostic with the rule's code, the JSON Pointer of the value and a message a reader can act on. One row per
// rule of preview-data-v0.7.md (the validator's own tables test the rules in depth; this is what a user sees).
// Found by reading them as a new user would: an entity's field was quoted back to back with its value
// (`The url of menu "main" item "x" "./a" is not allowed`); it reads `menu "main" item "x": url "./a" …` now.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, expect, test } from 'vitest'
import { cli, resultOf, tempDir } from './_helpers.js'

/* eslint-disable @typescript-eslint/no-explicit-any -- the rows break a valid payload anywhere it can be broken */
type Loose = any
const post = { public_id: 1, title: 'P', slug: 'p', content: '', document_type: 'markdown', excerpt: '', published_at_iso: '2024-01-01T00:00:00Z', updated_at_iso: '2024-01-01T00:00:00Z', author_id: 'a', status: 'published', category_slugs: [], tag_slugs: [] }
const base = (): Loose => ({
  version: '0.7',
  generator: 'hand',
  generated_at: '2026-01-01T00:00:00Z',
  site: { title: 'T', description: '', url: '', media_origin: '', locale: 'en-US', posts_per_page: 10, date_style: 'medium', time_style: 'short', timezone: 'UTC' },
  content: { authors: [{ id: 'a', display_name: 'A' }], posts: [{ ...post }], pages: [{ title: 'About', slug: 'about', content: '', document_type: 'markdown', status: 'published' }], categories: [], tags: [] },
})
const item = { title: 'x', url: '/a', target: '_self', children: [] }
const comments = { enabled: true, api_base_url: '/c' }

// [file, what breaks, code, path, a phrase of what to do]
const rows: [string, (p: Loose) => unknown, string, string, RegExp][] = [
  ['version', (p) => (p.version = '0.6'), 'invalid_version', '/version', /set "version": "0.7"/],
  ['no-generator', (p) => delete p.generator, 'missing_property', '/generator', /add a nonblank generator/],
  ['generated-at-space', (p) => (p.generated_at = '2026-01-01 00:00:00'), 'invalid_timestamp', '/generated_at', /use "T"/],
  ['generated-at-feb-29', (p) => (p.generated_at = '2026-02-29T00:00:00Z'), 'invalid_timestamp', '/generated_at', /2026-02 has 28 days/],
  ['unknown-top', (p) => (p.extra = 1), 'unknown_property', '/extra', /remove it/],
  ['site-indexing', (p) => (p.site.indexing = true), 'removed_field', '/site/indexing', /use site\.robots/],
  ['media-base-url', (p) => (p.site.media_base_url = 'https://m.example'), 'removed_field', '/site/media_base_url', /site\.media_origin/],
  ['site-url-path', (p) => (p.site.url = 'https://x.example/blog'), 'invalid_url', '/site/url', /use an absolute http\(s\) origin/],
  ['site-url-credentials', (p) => (p.site.url = 'https://u:p@x.example'), 'invalid_url', '/site/url', /has credentials/],
  ['media-origin-query', (p) => (p.site.media_origin = 'https://m.example/?a'), 'invalid_url', '/site/media_origin', /no path, query or fragment/],
  ['locale', (p) => (p.site.locale = 'EN-us'), 'invalid_locale', '/site/locale', /use "en-US"/],
  ['posts-per-page', (p) => (p.site.posts_per_page = 0), 'out_of_range', '/site/posts_per_page', />= 1/],
  ['date-style', (p) => (p.site.date_style = 'iso'), 'invalid_value', '/site/date_style', /one of "none", "short"/],
  ['timezone-zero', (p) => (p.site.timezone = '+00:00'), 'invalid_timezone', '/site/timezone', /use "UTC"/],
  ['timezone-15', (p) => (p.site.timezone = '+15:00'), 'invalid_timezone', '/site/timezone', /±14:00/],
  ['timezone-alias', (p) => (p.site.timezone = 'Asia/Calcutta'), 'invalid_timezone', '/site/timezone', /use "Asia\/Kolkata"/],
  ['media-domain', (p) => (p.site.media_delivery_mode = 'media_domain'), 'media_origin_required', '/site/media_origin', /set media_origin/],
  ['search-boolean', (p) => (p.site.search = true), 'removed_field', '/site/search', /"enabled": true/],
  ['search-empty', (p) => (p.site.search = {}), 'missing_property', '/site/search/enabled', /add enabled/],
  ['favicon-empty', (p) => (p.site.favicon = {}), 'missing_property', '/site/favicon', /at least one of icon/],
  ['logo-root', (p) => (p.site.logo = { src: '/' }), 'invalid_url', '/site/logo/src', /\/images\/a\.jpg/],
  ['newsletter', (p) => (p.site.newsletter = { enabled: true }), 'newsletter_url_required', '/site/newsletter', /add one of them/],
  ['comments-no-api', (p) => (p.site.comments = { enabled: true }), 'missing_property', '/site/comments/api_base_url', /add api_base_url/],
  ['comments-api-query', (p) => (p.site.comments = { enabled: true, api_base_url: '/c?x=1' }), 'invalid_url', '/site/comments/api_base_url', /without query or fragment/],
  ['comments-per-page', (p) => (p.site.comments = { ...comments, per_page: 101 }), 'out_of_range', '/site/comments/per_page', /between 1 and 100/],
  ['comments-depth', (p) => (p.site.comments = { ...comments, threading: { enabled: true, max_depth: 1 } }), 'out_of_range', '/site/comments/threading/max_depth', /between 2 and 10/],
  ['request-token-required', (p) => ((p.site.comments = comments), (p.content.posts[0].allow_comments = true)), 'request_token_required', '/content/posts/0/comments', /set allow_comments to false/],
  ['request-token-long', (p) => (p.content.posts[0].comments = { request_token: 'x'.repeat(513) }), 'too_long', '/content/posts/0/comments/request_token', /the limit is 512/],
  ['page-comments-no-id', (p) => (p.content.pages[0].allow_comments = true), 'page_public_id_required', '/content/pages/0/public_id', /add a positive integer public_id/],
  ['footer-blank', (p) => (p.site.footer = { copyright_text: ' ' }), 'blank_string', '/site/footer/copyright_text', /must not be blank/],
  ['meta-array', (p) => (p.site.meta = { a: [] }), 'invalid_meta', '/site/meta/a', /move structured values to data/],
  ['permalink-unknown-token', (p) => (p.site.permalinks = { posts: '/:year/:title/' }), 'invalid_permalink', '/site/permalinks/posts', /allowed: :slug, :public_id/],
  ['permalink-no-token', (p) => (p.site.permalinks = { pages: '/pages/' }), 'invalid_permalink', '/site/permalinks/pages', /write it like "\/:slug\/"/],
  ['permalink-html', (p) => (p.site.permalinks = { posts: '/:slug/x.html' }), 'invalid_permalink', '/site/permalinks/posts', /leave it out/],
  ['permalink-partial-token', (p) => (p.site.permalinks = { tags: '/t-:slug/' }), 'invalid_permalink', '/site/permalinks/tags', /occupy a whole segment/],
  ['permalink-dot-segment', (p) => (p.site.permalinks = { posts: '/../:slug/' }), 'invalid_permalink', '/site/permalinks/posts', /dot segment/],
  ['front-page-other-branch', (p) => (p.site.front_page = { type: 'theme_index', page_path: 'about' }), 'unknown_property', '/site/front_page/page_path', /remove it/],
  ['front-page-unresolved', (p) => (p.site.front_page = { type: 'page', page_path: 'nope' }), 'unresolved_front_page', '/site/front_page/page_path', /or add the Page/],
  ['front-page-slug', (p) => (p.site.front_page = { type: 'page', page_slug: 'about' }), 'removed_field', '/site/front_page/page_slug', /rename it to site\.front_page\.page_path/],
  ['post-index-path', (p) => (p.site.post_index = { path: 'blog' }), 'invalid_route_path', '/site/post_index/path', /write it like "\/" or "\/blog\/"/],
  ['author-duplicate', (p) => p.content.authors.push({ id: 'a', display_name: 'B' }), 'duplicate_id', '/content/authors/1/id', /merge the two authors or rename one/],
  ['author-avatar', (p) => (p.content.authors[0].avatar = '//cdn.example/a.png'), 'invalid_url', '/content/authors/0/avatar', /^author "a": avatar "\/\/cdn\.example\/a\.png" is not allowed: is protocol-relative/],
  ['post-id', (p) => (p.content.posts[0].id = 1), 'removed_field', '/content/posts/0/id', /public_id is the public identity/],
  ['public-id-duplicate', (p) => p.content.posts.push({ ...post, slug: 'q' }), 'duplicate_id', '/content/posts/1/public_id', /give each post its own public_id/],
  ['public-id-zero', (p) => (p.content.posts[0].public_id = 0), 'out_of_range', '/content/posts/0/public_id', />= 1/],
  ['slug-duplicate-nfc', (p) => ((p.content.posts[0].slug = 'caf\u00e9'), p.content.posts.push({ ...post, public_id: 2, slug: 'cafe\u0301' })), 'duplicate_slug', '/content/posts/1/slug', /rename one/],
  ['slug-dots', (p) => (p.content.posts[0].slug = 'a..b'), 'invalid_slug', '/content/posts/0/slug', /single internal periods/],
  ['slug-percent', (p) => (p.content.posts[0].slug = 'a%20b'), 'invalid_slug', '/content/posts/0/slug', /percent encoding/],
  ['document-type', (p) => (p.content.posts[0].document_type = 'rst'), 'invalid_value', '/content/posts/0/document_type', /"plaintext", "markdown", "html"/],
  ['published-feb-30', (p) => (p.content.posts[0].published_at_iso = '2024-02-30T00:00:00Z'), 'invalid_timestamp', '/content/posts/0/published_at_iso', /^post "p": published_at_iso "2024-02-30T00:00:00Z" is not a valid RFC 3339 timestamp: has day 30/],
  ['updated-hour-24', (p) => (p.content.posts[0].updated_at_iso = '2024-01-01T24:00:00Z'), 'invalid_timestamp', '/content/posts/0/updated_at_iso', /^post "p": updated_at_iso "2024-01-01T24:00:00Z" .* hours are 00-23/],
  ['unresolved-author', (p) => (p.content.posts[0].author_id = 'zz'), 'unresolved_author', '/content/posts/0/author_id', /add the author to content\.authors or fix the author_id/],
  ['status', (p) => (p.content.posts[0].status = 'private'), 'invalid_value', '/content/posts/0/status', /"published", "draft"/],
  ['tag-twice', (p) => (p.content.posts[0].tag_slugs = ['x', 'x']), 'duplicate_slug', '/content/posts/0/tag_slugs/1', /list each tag once/],
  ['featured-relative', (p) => (p.content.posts[0].featured_image = 'img.png'), 'invalid_url', '/content/posts/0/featured_image', /^post "p": featured_image "img\.png" is not allowed: is a relative path/],
  ['data-key', (p) => (p.content.posts[0].data = { 'bad key': 1 }), 'invalid_data', '/content/posts/0/data/bad key', /keys start with a letter/],
  ['data-deep', (p) => (p.content.posts[0].data = { a: { b: { c: { d: { e: {} } } } } }), 'invalid_data', '/content/posts/0/data/a/b/c/d/e', /flatten it/],
  ['data-items', (p) => (p.content.posts[0].data = { a: Array(257).fill(0) }), 'invalid_data', '/content/posts/0/data/a', /shorten the list/],
  ['data-keys', (p) => (p.content.posts[0].data = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, i]))), 'invalid_data', '/content/posts/0/data', /the limit is 64/],
  ['discoverability', (p) => (p.content.posts[0].discoverability = 'hidden'), 'invalid_value', '/content/posts/0/discoverability', /"default", "noindex", "delist"/],
  ['page-path-duplicate', (p) => p.content.pages.push({ ...p.content.pages[0], title: 'B', slug: 'x', path: 'about' }), 'duplicate_path', '/content/pages/1/path', /a different slug or path/],
  ['page-path-slash', (p) => (p.content.pages[0].path = 'docs/'), 'invalid_route_path', '/content/pages/0/path', /^page "about": path "docs\/" ends with "\/"/],
  ['page-path-html', (p) => (p.content.pages[0].path = 'docs/a.html'), 'invalid_route_path', '/content/pages/0/path', /^page "about": path "docs\/a\.html" component "a\.html" ends with "\.html"/],
  ['page-id-duplicate', (p) => ((p.content.pages[0].public_id = 3), p.content.pages.push({ ...p.content.pages[0], slug: 'b' })), 'duplicate_id', '/content/pages/1/public_id', /give each page its own public_id/],
  ['category-blank', (p) => p.content.categories.push({ name: '', slug: 'c' }), 'blank_string', '/content/categories/0/name', /must not be blank/],
  ['media-duplicate', (p) => (p.content.media = [{ src: '/a.png', width: 1, height: 1 }, { src: '/a.png', width: 2, height: 2 }]), 'duplicate_src', '/content/media/1/src', /keep one entry per src/],
  ['media-width', (p) => (p.content.media = [{ src: '/a.png', width: 1.5, height: 1 }]), 'invalid_type', '/content/media/0/width', /must be an integer/],
  ['menu-id', (p) => (p.menus = { Main: { name: 'M', items: [] } }), 'invalid_map_id', '/menus/Main', /rename it, for example to "main"/],
  ['menu-item-type', (p) => (p.menus = { main: { name: 'M', items: [{ ...item, type: 'custom' }] } }), 'removed_field', '/menus/main/items/0/type', /remove it/],
  ['menu-url', (p) => (p.menus = { main: { name: 'M', items: [{ ...item, url: './a' }] } }), 'invalid_url', '/menus/main/items/0/url', /^menu "main" item "x": url "\.\/a" is not allowed: is a dot-relative path/],
  ['menu-target', (p) => (p.menus = { main: { name: 'M', items: [{ ...item, target: 'new' }] } }), 'invalid_value', '/menus/main/items/0/target', /"_self", "_blank"/],
  ['menu-no-children', (p) => (p.menus = { main: { name: 'M', items: [{ title: 'x', url: '/a', target: '_self' }] } }), 'missing_property', '/menus/main/items/0/children', /it may be empty/],
  ['widget-type-blank', (p) => (p.widgets = { side: { name: 'S', items: [{ type: ' ', title: '' }] } }), 'blank_string', '/widgets/side/items/0/type', /must not be blank/],
  ['collection-slug-and-path', (p) => (p.collections = { c: { items: [{ type: 'post', slug: 'p', path: 'x' }] } }), 'unknown_property', '/collections/c/items/0/path', /remove it/],
  ['collection-duplicate', (p) => (p.collections = { c: { items: [{ type: 'post', slug: 'p' }, { type: 'post', slug: 'p' }] } }), 'duplicate_reference', '/collections/c/items/1', /remove the duplicate/],
  ['collection-unresolved', (p) => (p.collections = { c: { items: [{ type: 'page', path: 'nope' }] } }), 'unresolved_reference', '/collections/c/items/0/path', /use the page's effective path/],
  ['collection-title-blank', (p) => (p.collections = { c: { title: '', items: [] } }), 'blank_string', '/collections/c/title', /must not be blank/],
  ['custom-css-blank', (p) => (p.custom_css = { content: '' }), 'blank_string', '/custom_css/content', /must not be blank/],
  ['custom-html-object', (p) => (p.custom_html = { head_end: { content: 'x' } }), 'removed_field', '/custom_html/head_end', /as a direct string/],
  ['custom-html-empty', (p) => (p.custom_html = {}), 'missing_property', '/custom_html', /at least one of head_end, body_end/],
  ['custom-html-long', (p) => (p.custom_html = { body_end: 'x'.repeat(65_537) }), 'too_long', '/custom_html/body_end', /the limit is 65536/],
]

let dir: string
beforeAll(() => {
  dir = tempDir('pd-validate-rules-')
  for (const [file, breakIt] of rows) {
    const payload = base()
    breakIt(payload)
    writeFileSync(join(dir, `${file}.json`), JSON.stringify(payload, null, 2))
  }
  writeFileSync(join(dir, 'valid.json'), JSON.stringify(base(), null, 2))
})

test('the unbroken payload is valid: exit 0', async () => {
  expect((await cli(['validate', 'valid.json'], dir)).code).toBe(0)
})

test('every file at once: exit 1, one diagnostic per file, in the documented JSON shape', async () => {
  const run = await cli(['validate', '--format', 'json', ...rows.map(([file]) => `${file}.json`)], dir)
  expect(run.code).toBe(1)
  const result = resultOf(run)
  expect(result.summary).toMatchObject({ valid: 0, invalid: rows.length, unreadable: 0 })
  expect(result.diagnostics.map((d) => d.file)).toEqual(rows.map(([file]) => `${file}.json`))
})

test.each(rows)('%s', async (file, _breakIt, code, path, advice) => {
  const run = await cli(['validate', `${file}.json`], dir)
  expect(run.code).toBe(1)
  const [line, ...rest] = run.stderr.trimEnd().split('\n')
  expect(rest).toEqual([`${file}.json: invalid (1 problem)`])
  expect(line.startsWith(`${file}.json: error [${code}] ${path} `)).toBe(true)
  const message = line.slice(`${file}.json: error [${code}] ${path} `.length)
  expect(message).toMatch(advice)
  // Each quoted value is introduced by the word that names it, never quoted right after another.
  expect(message).not.toMatch(/"[^"]*" "/)
  expect(message.length).toBeLessThan(400)
})
