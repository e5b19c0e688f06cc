import { describe, expect, test } from 'vitest'
import { listTitle } from '../../../importers/markdown/presets/hugo.js'
import { importedSite as imported, tempSites } from './_tmpsite.js'

// Conventions of popular Hugo themes and of Hugo's own embedded templates, on small sites written for the purpose.

const site = tempSites('md-hugo-themes-')
const PNG = '\x89PNG\r\n\x1a\n'

describe("a page's image when its front matter names none (Hugo's get-page-images: images, then *feature*, then *cover*/*thumbnail*)", () => {
  test.each([
    ['a bundle image named feature* (Blowfish, Congo, Hugo Blox)', { 'content/posts/a/index.md': 'T', 'content/posts/a/featured.png': PNG, 'content/posts/a/cover.png': PNG }, /\/featured\.png$/],
    ['else one named cover* or thumbnail* (Ananke)', { 'content/posts/a/index.md': 'T', 'content/posts/a/Thumbnail.jpg': PNG, 'content/posts/a/photo.jpg': PNG }, /\/Thumbnail\.jpg$/],
    ['the first of images, a bundle resource', { 'content/posts/a/index.md': 'T\nimages: [shot.png, other.png]', 'content/posts/a/shot.png': PNG, 'content/posts/a/feature.png': PNG }, /\/shot\.png$/],
    ['the first of images, from the site root when no resource has its name', { 'content/posts/a/index.md': 'T\nimages: [img/site.png]', 'static/img/site.png': PNG }, /\/img\/site\.png$/],
    ['Hugo Blox image.filename, a bundle resource', { 'content/posts/a/index.md': 'T\nimage:\n  filename: shot.png\n  caption: A shot', 'content/posts/a/shot.png': PNG }, /\/shot\.png$/],
    ['Hugo Blox image without a filename: the bundle featured.*', { 'content/posts/a/index.md': 'T\nimage:\n  caption: A shot\n  focal_point: Smart', 'content/posts/a/featured.jpg': PNG }, /\/featured\.jpg$/],
    ['Blowfish featureimage', { 'content/posts/a.md': 'T\nfeatureimage: https://example.com/wide.jpg' }, /^https:\/\/example\.com\/wide\.jpg$/],
    ['images on a page that is no bundle: from the site root', { 'content/posts/a.md': 'T\nimages: [img/site.png]', 'content/posts/img/site.png': PNG, 'static/img/site.png': PNG }, /^\/img\/site\.png$/],
    ['a branch bundle (_index.md) too', { 'content/docs/_index.md': 'T', 'content/docs/cover.webp': PNG, 'content/docs/a/index.md': 'A' }, /\/cover\.webp$/],
  ] as Array<[string, Record<string, string>, RegExp]>)('%s', async (_name, files, expected) => {
    const written: Record<string, string> = { 'hugo.toml': "title = 'S'\n" }
    for (const [rel, text] of Object.entries(files)) written[rel] = rel.endsWith('.md') ? `---\ntitle: ${text.split('\n')[0]}\ndate: 2024-01-02\n${text.split('\n').slice(1).join('\n')}\n---\n\nBody.\n` : text
    const got = await imported(await site(`img-${Object.keys(files).join('').replace(/\W/g, '').slice(0, 60)}`, written))
    const doc = [...got.payload.content.posts, ...got.payload.content.pages].find((d) => d.title === files[Object.keys(files).find((k) => k.endsWith('.md'))!].split('\n')[0])
    expect(doc?.featured_image).toMatch(expected)
  })

  test('a front-matter image wins, and a bundle without a matching image has none', async () => {
    const got = await imported(
      await site('img-own', {
        'hugo.toml': "title = 'S'\n",
        'content/posts/a/index.md': '---\ntitle: A\ndate: 2024-01-02\ncover:\n  image: mine.png\n---\n\nBody.\n',
        'content/posts/a/mine.png': PNG,
        'content/posts/a/feature.png': PNG,
        'content/posts/b/index.md': '---\ntitle: B\ndate: 2024-01-02\n---\n\nBody.\n',
        'content/posts/b/diagram.png': PNG,
      }),
    )
    const by = (t: string) => got.payload.content.posts.find((p) => p.title === t)
    expect(by('A')?.featured_image).toMatch(/\/mine\.png$/)
    expect(by('B')?.featured_image).toBeUndefined()
  })
})

describe('posts per page', () => {
  test.each([
    ['pagination.pagerSize (Hugo 0.128+)', '[pagination]\npagerSize = 7\n', 7],
    ["the default language's own pagination", "defaultContentLanguage = 'en'\n[pagination]\npagerSize = 7\n[languages.en.pagination]\npagerSize = 4\n", 4],
    ['paginate (its name before 0.128)', 'paginate = 5\n', 5],
  ])('%s', async (_name, toml, expected) => {
    const got = await imported(await site(`pager-${expected}`, { 'hugo.toml': `title = 'S'\n${toml}`, 'content/posts/a.md': '---\ntitle: A\ndate: 2024-01-02\n---\n\nA.\n' }))
    expect(got.payload.site.posts_per_page).toBe(expected)
  })
})

// Checked with Hugo 0.111: `[frontmatter] date = [':filename', ':default']` dates 2024-01-02-from-name.md and the
// bundle 2024-05-06-bundled/ by their names and slugs them from-name and bundled; without it, a page with only
// `lastmod` is dated by it (the default order: date, publishDate, pubdate, published, lastmod, modified).
describe("a page's date by the [frontmatter] configuration", () => {
  const post = (title: string, fm = '') => `---\ntitle: ${title}\n${fm}---\n\nBody.\n`
  test(':filename dates a file and a bundle by their names, whose rest is the slug unless the front matter has one', async () => {
    const got = await imported(
      await site('fm-filename', {
        'hugo.toml': "title = 'S'\n[frontmatter]\ndate = [':filename', ':default']\n[permalinks]\nposts = '/:year/:month/:day/:slug/'\n",
        'content/posts/2024-01-02-from-name.md': post('From name'),
        'content/posts/2024-01-03-own.md': post('Own', 'slug: mine\n'),
        'content/posts/2024-05-06-bundled/index.md': post('Bundled'),
        'content/posts/undated-name.md': post('Dated', 'date: 2023-07-08\n'),
      }),
    )
    expect(got.urls).toMatchObject({
      'content/posts/2024-01-02-from-name.md': '/2024/01/02/from-name/',
      'content/posts/2024-01-03-own.md': '/2024/01/03/mine/',
      'content/posts/2024-05-06-bundled/index.md': '/2024/05/06/bundled/',
      'content/posts/undated-name.md': '/2023/07/08/dated/',
    })
    expect(got.payload.content.posts.find((p) => p.title === 'From name')?.published_at_iso).toBe('2024-01-02T00:00:00Z')
  })

  test('by default a page with only lastmod is dated by it; without [frontmatter] the name gives no date', async () => {
    const got = await imported(
      await site('fm-default', {
        'hugo.toml': "title = 'S'\n[permalinks]\nposts = '/:year/:slug/'\n",
        'content/posts/lastmod-only.md': post('Lastmod', 'lastmod: 2021-03-04\n'),
        'content/posts/2024-01-02-named.md': post('Named'),
      }),
    )
    expect(got.urls['content/posts/lastmod-only.md']).toBe('/2021/lastmod/')
    expect(got.kinds['content/posts/lastmod-only.md']).toBe('post')
    expect(got.kinds['content/posts/2024-01-02-named.md']).toBe('page')
  })
})

// Checked with Hugo 0.111 (sectionPagesMenu = 'main', sections without _index.md): post → Posts, blog → Blogs,
// category → Categories.
describe('the title of a section without _index.md (capitalized and pluralized)', () => {
  test.each([
    ['post', true, true, 'Posts'],
    ['blog', true, true, 'Blogs'],
    ['category', true, true, 'Categories'],
    ['news', true, true, 'News'],
    ['box', true, true, 'Boxes'],
    ['day', true, true, 'Days'],
    ['post', false, true, 'Post'],
    ['post', true, false, 'posts'],
    ['how-to', true, true, 'How-Tos'],
  ])('%s (pluralize %s, capitalize %s) → %s', (section, pluralize, capitalize, expected) => {
    expect(listTitle(section, pluralize, capitalize)).toBe(expected)
  })

  test("the post section's entry in the section menu has that title", async () => {
    const got = await imported(
      await site('section-title', {
        'hugo.toml': "title = 'S'\nsectionPagesMenu = 'main'\n",
        'content/post/p1.md': '---\ntitle: P1\ndate: 2024-01-01\n---\n\nP.\n',
      }),
    )
    expect(got.payload.menus?.primary?.items.map((i) => i.title)).toEqual(['Posts'])
  })
})

// Checked with Hugo 0.111: a post at /2024/03/hi/ with aliases ../old, sub/x, ./y, ../../../../up and z.html writes
// them at /2024/old/, /2024/03/sub/x/, /2024/03/y/, /up/ and /2024/03/z.html.
describe('a relative alias with dot segments', () => {
  test('is resolved against the page folder, never above the root', async () => {
    const got = await imported(
      await site('alias-dots', {
        'hugo.toml': "title = 'S'\n[permalinks]\nposts = '/:year/:month/:slug/'\n",
        'content/posts/hi.md': "---\ntitle: Hi\ndate: 2024-03-05\naliases: ['../old', 'sub/x', './y', '../../../../up', 'z.html']\n---\n\nHi.\n",
      }),
    )
    for (const from of ['/2024/old/', '/2024/03/sub/x/', '/2024/03/y/', '/up/', '/2024/03/z.html']) {
      expect(got.result.redirects.find((r) => r.from === from)?.to, from).toBe('/2024/03/hi/')
    }
  })
})

// gohugo.io "Content summaries": the summary front matter field is the summary; description is not.
describe("a post's excerpt", () => {
  test('is its summary front matter, also beside a description', async () => {
    const got = await imported(
      await site('summary', {
        'hugo.toml': "title = 'S'\n",
        'content/posts/a.md': '---\ntitle: A\ndate: 2024-01-02\ndescription: For search engines.\nsummary: For the list.\n---\n\nBody.\n',
        'content/posts/b.md': '---\ntitle: B\ndate: 2024-01-02\ndescription: Only a description.\n---\n\nBody.\n',
      }),
    )
    const by = (t: string) => got.payload.content.posts.find((p) => p.title === t)
    expect(by('A')?.excerpt).toBe('For the list.')
    expect(by('A')?.meta?.description).toBe('For search engines.')
    expect(by('B')?.excerpt).toBe('Only a description.')
  })
})

// Checked with Hugo 0.111: [taxonomies] tag = 'keywords', category = 'topics' and [permalinks] topics = '/topic/:slug/'
// list a post's keywords at /keywords/go-lang/ and /keywords/web/, its topics at /topic/programming/, and ignore its
// tags front matter (no longer a taxonomy).
describe('renamed taxonomies and term permalinks', () => {
  test('the tag and category taxonomies under other names, with their archives where Hugo put them', async () => {
    const got = await imported(
      await site('renamed-taxonomies', {
        'hugo.toml': "title = 'S'\n[taxonomies]\ntag = 'keywords'\ncategory = 'topics'\n[permalinks]\ntopics = '/topic/:slug/'\n",
        'content/posts/hi.md': '---\ntitle: Hi\ndate: 2024-03-05\nkeywords: [Go Lang, web]\ntopics: [Programming]\ntags: [ignored]\n---\n\nHi.\n',
      }),
    )
    const post = got.payload.content.posts[0]
    expect(post.tag_slugs).toEqual(['go-lang', 'web'])
    expect(post.category_slugs).toEqual(['programming'])
    for (const url of ['/keywords/go-lang/', '/keywords/web/', '/topic/programming/']) expect(got.served(url), url).toBe(true)
    expect(got.served('/tags/ignored/')).toBe(false)
  })

  test.each([
    ['[permalinks.term] (Hugo 0.115+)', "[permalinks.term]\ntags = '/tag/:slug/'\n", '/tag/go/'],
    ["the plural's key in [permalinks]", "[permalinks]\ntags = '/t/:title/'\n", '/t/go/'],
    ['a pattern with a date is not a term pattern: the default', "[permalinks]\ntags = '/:year/:slug/'\n", '/tags/go/'],
  ])('a term permalink: %s', async (_name, toml, url) => {
    const got = await imported(await site(`term-${url.replace(/\W/g, '')}`, { 'hugo.toml': `title = 'S'\n${toml}`, 'content/posts/hi.md': '---\ntitle: Hi\ndate: 2024-03-05\ntags: [Go]\n---\n\nHi.\n' }))
    expect(got.served(url)).toBe(true)
  })
})
