import fc from 'fast-check'
import { toString } from 'mdast-util-to-string'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { describe, expect, test } from 'vitest'
import type { DocumentType, SiteInput } from '../../src/index.js'
import { createPreviewData, EXCERPT_MAX_LENGTH, plainTextExcerpt, SITE_DEFAULTS, truncateOnWord } from '../../src/index.js'
import { OPTIONS, post, start, thrown } from './_helpers.js'

const codePoints = (s: string) => Array.from(s).length

describe('site defaults', () => {
  test('every required site field is stated in the output, with the documented default', () => {
    const site = createPreviewData(OPTIONS).site({ title: 'Field Notes' }).build().site
    expect(site).toEqual({
      title: 'Field Notes',
      description: '',
      url: '',
      media_origin: '',
      locale: 'en-US',
      posts_per_page: 10,
      date_style: 'medium',
      time_style: 'short',
      timezone: 'UTC',
    })
    expect(site).toEqual({ title: 'Field Notes', ...SITE_DEFAULTS })
  })

  test('site() calls merge; a field given as undefined goes back to its default', () => {
    const builder = start({ url: 'https://notes.example', locale: 'pt-PT' }).site({ description: 'Notes' })
    expect(builder.build().site).toMatchObject({ url: 'https://notes.example', locale: 'pt-PT', description: 'Notes' })
    expect(builder.site({ url: undefined }).build().site.url).toBe('')
    expect(builder.site({ favicon: { icon: '/favicon.ico' } }).site({ favicon: undefined }).build().site).not.toHaveProperty('favicon')
  })

  // Contract, site table: url and media_origin: "A trailing root slash is accepted; canonical producers omit it".
  const origins = [
    { given: 'https://notes.example/', written: 'https://notes.example' },
    { given: 'https://notes.example', written: 'https://notes.example' },
    { given: 'HTTPS://Notes.Example:8443/', written: 'HTTPS://Notes.Example:8443' },
    { given: 'http://[::1]:3000/', written: 'http://[::1]:3000' },
    { given: '', written: '' },
  ]
  test.each(origins)('site.url and media_origin $given are written as $written', ({ given, written }) => {
    const site = start({ url: given, media_origin: given }).build().site
    expect([site.url, site.media_origin]).toEqual([written, written])
  })

  test('a v0.6 media_base_url is refused with advice to move it into media_origin, which the defaults leave empty', () => {
    const error = thrown(() => start({ media_base_url: 'https://media.example' } as SiteInput))
    expect(error.errors.map((e) => e.code)).toEqual(['removed_field'])
    expect(error.message).toContain('move its value to site.media_origin, which is empty')
    expect(error.message).not.toContain('already set')
  })

  test('optional site objects the producer does not give are left out, not filled in', () => {
    const site = start().build().site
    for (const key of ['search', 'feed', 'archive', 'robots', 'comments', 'permalinks', 'front_page', 'post_index', 'footer', 'meta']) expect(site).not.toHaveProperty(key)
  })
})

describe('post defaults', () => {
  test('document_type markdown, status published, content and excerpt empty, no taxonomies', () => {
    const [p] = start().post(post('Hello', '2024-05-01T10:00:00Z')).build().content.posts
    expect(p).toEqual({
      public_id: 1,
      title: 'Hello',
      slug: 'hello',
      content: '',
      document_type: 'markdown',
      excerpt: '',
      published_at_iso: '2024-05-01T10:00:00Z',
      updated_at_iso: '2024-05-01T10:00:00Z',
      author_id: 'ana',
      status: 'published',
      category_slugs: [],
      tag_slugs: [],
    })
  })

  test('updated_at_iso defaults to published_at_iso (as read in the site time zone) and is kept when given', () => {
    const posts = start({ timezone: 'Asia/Seoul' })
      .post(post('A', '2024-05-01'))
      .post(post('B', '2024-05-02T08:00:00Z', { updated_at_iso: '2024-05-03' }))
      .build().content.posts
    expect(posts.map((p) => [p.title, p.published_at_iso, p.updated_at_iso])).toEqual([
      ['B', '2024-05-02T08:00:00Z', '2024-05-03T00:00:00+09:00'],
      ['A', '2024-05-01T00:00:00+09:00', '2024-05-01T00:00:00+09:00'],
    ])
  })

  test('discoverability "default" is omitted, as canonical producers do', () => {
    const [p] = start().post(post('Hello', '2024-01-01', { discoverability: 'default' })).build().content.posts
    expect(p).not.toHaveProperty('discoverability')
  })

  test('page defaults: markdown, published, empty content, no public_id unless comments need one', () => {
    const pages = start().page({ title: 'About' }).build().content.pages
    expect(pages).toEqual([{ title: 'About', slug: 'about', content: '', document_type: 'markdown', status: 'published' }])
  })
})

describe('public_id assignment', () => {
  test('oldest post first, whatever order the posts were added in', () => {
    const posts = start()
      .post(post('Newest', '2024-03-01T00:00:00Z'))
      .post(post('Oldest', '2024-01-01T00:00:00Z'))
      .post(post('Middle', '2024-02-01T00:00:00Z'))
      .build().content.posts
    expect(posts.map((p) => [p.title, p.public_id])).toEqual([['Newest', 3], ['Middle', 2], ['Oldest', 1]])
  })

  test('the smallest ids that explicit ones leave free', () => {
    const posts = start()
      .post(post('Explicit one', '2024-06-01', { public_id: 1 }))
      .post(post('Explicit three', '2024-06-02', { public_id: 3 }))
      .post(post('A', '2024-01-01'))
      .post(post('B', '2024-01-02'))
      .post(post('C', '2024-01-03'))
      .build().content.posts
    expect(Object.fromEntries(posts.map((p) => [p.title, p.public_id]))).toEqual({ 'Explicit one': 1, 'Explicit three': 3, A: 2, B: 4, C: 5 })
  })

  test('posts published at the same instant are numbered by slug', () => {
    const posts = start().post(post('Zebra', '2024-01-01T00:00:00Z')).post(post('Apple', '2024-01-01T01:00:00+01:00')).build().content.posts
    expect(Object.fromEntries(posts.map((p) => [p.slug, p.public_id]))).toEqual({ apple: 1, zebra: 2 })
  })

  test('stable: the same calls give the same ids', () => {
    const make = () => start().post(post('A', '2024-01-02')).post(post('B', '2024-01-01')).post(post('C', '2024-01-03', { public_id: 1 })).build()
    expect(make().content.posts.map((p) => p.public_id)).toEqual([1, 3, 2])
    expect(JSON.stringify(make())).toBe(JSON.stringify(make()))
  })
})

describe('excerpt derivation', () => {
  const cases: { name: string; content: string; type: DocumentType; excerpt: string }[] = [
    { name: 'Markdown: heading skipped, inline syntax removed', content: '# Lisbon\n\nHello **world**, see [the map](https://x.example) and `code`.\n\nSecond paragraph.', type: 'markdown', excerpt: 'Hello world, see the map and code.' },
    { name: 'Markdown: image and HTML dropped, text kept', content: '![tram](/t.jpg) A tram <b>ride</b> &amp; more', type: 'markdown', excerpt: 'A tram ride & more' },
    { name: 'Markdown: front fence and list skipped', content: '```js\nlet x\n```\n\n- one\n- two\n\nAfter the list.', type: 'markdown', excerpt: 'After the list.' },
    { name: 'Markdown: paragraph lines joined with one space', content: 'One\ntwo   three\n\nfour', type: 'markdown', excerpt: 'One two three' },
    { name: 'Markdown: prose punctuation and bare URLs are plain text', content: 'Salt & pepper! A|B ~ C > D, see https://x.example', type: 'markdown', excerpt: 'Salt & pepper! A|B ~ C > D, see https://x.example' },
    { name: 'Markdown: entity references are decoded', content: 'Fish &amp; chips &#233;t&eacute;', type: 'markdown', excerpt: 'Fish & chips été' },
    { name: 'Markdown: underscore emphasis is removed', content: 'An _emphasised_ word', type: 'markdown', excerpt: 'An emphasised word' },
    { name: 'Markdown: snake_case is not emphasis', content: 'Use snake_case_names here.', type: 'markdown', excerpt: 'Use snake_case_names here.' },
    { name: 'HTML: heading and script skipped, entities decoded', content: '<h1>Title</h1><script>var a = 1</script><p>Caf&eacute; &amp; <em>bread</em></p><p>Next</p>', type: 'html', excerpt: 'Café & bread' },
    { name: 'HTML: text outside any block', content: 'Just text<br>and more', type: 'html', excerpt: 'Just text and more' },
    { name: 'plaintext: first block, no syntax removed', content: '\n\n**not bold**\nline two\n\nnext block', type: 'plaintext', excerpt: '**not bold** line two' },
    { name: 'Korean Markdown', content: '## 제목\n\n서울은 **아름다운** 도시입니다.', type: 'markdown', excerpt: '서울은 아름다운 도시입니다.' },
    { name: 'empty content', content: '', type: 'markdown', excerpt: '' },
  ]
  test.each(cases)('$name', ({ content, type, excerpt }) => {
    expect(plainTextExcerpt(content, type)).toBe(excerpt)
    const [p] = start().post(post('Hello', '2024-01-01', { content, document_type: type })).build().content.posts
    expect(p.excerpt).toBe(excerpt)
  })

  test('an explicit excerpt is kept, even an empty one', () => {
    const posts = start()
      .post(post('A', '2024-01-01', { content: 'Body', excerpt: 'Given' }))
      .post(post('B', '2024-01-02', { content: 'Body', excerpt: '' }))
      .build().content.posts
    expect(posts.map((p) => p.excerpt)).toEqual(['', 'Given'])
  })

  test('a long paragraph is cut on a word boundary, within the bound, with an ellipsis', () => {
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ')
    const excerpt = plainTextExcerpt(words, 'markdown')
    expect(codePoints(excerpt)).toBeLessThanOrEqual(EXCERPT_MAX_LENGTH)
    expect(excerpt.endsWith('…')).toBe(true)
    const kept = excerpt.slice(0, -1)
    expect(words.startsWith(kept)).toBe(true)
    expect(words[kept.length]).toBe(' ')
  })

  test('text without spaces (Chinese) is cut on a word boundary too, within the bound', () => {
    const text = '北京是中华人民共和国的首都，也是一座历史悠久的城市。'.repeat(20)
    const excerpt = plainTextExcerpt(text, 'markdown')
    expect(codePoints(excerpt)).toBeLessThanOrEqual(EXCERPT_MAX_LENGTH)
    expect(codePoints(excerpt)).toBeGreaterThan(EXCERPT_MAX_LENGTH / 2)
    expect(text.startsWith(excerpt.slice(0, -1))).toBe(true)
  })

  test('astral characters and emoji sequences are never split', () => {
    const family = '👨‍👩‍👧‍👦'
    const text = `${'𝒜'.repeat(150)} ${family.repeat(100)}`
    const excerpt = truncateOnWord(text, 200)
    expect(codePoints(excerpt)).toBeLessThanOrEqual(200)
    expect(excerpt).not.toMatch(/\p{Cs}/u)
    expect(excerpt.replace(/…$/, '').replace(/^𝒜+ ?/u, '').length % family.length).toBe(0)
  })

  test('property: a one-line Markdown paragraph gives the text remark gives, whether or not the parser is skipped', () => {
    const parser = unified().use(remarkParse)
    const alphabet = ['a', 'é', '한', '1', ' ', '\t', '_', '!', '&', ';', '#', '~', '|', '>', ':', '/', '.', '-', '(', ')', '"', "'", '$', '=', '*', '[', ']', '`', '\\', '<', 'amp', 'x2']
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 60 }), (parts) => {
        // A leading letter keeps the line a paragraph for remark too (not a heading, list, quote or code).
        const text = `a${parts.join('')}`
        const oracle = toString(parser.parse(text), { includeImageAlt: false, includeHtml: false }).replace(/\s+/gu, ' ').trim()
        expect(plainTextExcerpt(text, 'markdown')).toBe(oracle)
      }),
      { seed: 20260501, numRuns: 1000 },
    )
  })

  test('property: any text gives an excerpt within the bound, with no lone surrogate, that starts the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 700 }), fc.integer({ min: 10, max: 400 }), (text, max) => {
        const collapsed = text.replace(/\s+/gu, ' ').trim()
        const excerpt = truncateOnWord(collapsed, max)
        if (codePoints(collapsed) <= max) expect(excerpt).toBe(collapsed)
        else {
          expect(codePoints(excerpt)).toBeLessThanOrEqual(max)
          expect(excerpt.endsWith('…')).toBe(true)
          expect(collapsed.startsWith(excerpt.slice(0, -1))).toBe(true)
          if (!/\p{Cs}/u.test(collapsed)) expect(excerpt).not.toMatch(/\p{Cs}/u)
        }
      }),
      { seed: 20260501, numRuns: 300 },
    )
  })
})

describe('taxonomy auto-creation', () => {
  test('on by default: undeclared references become categories and tags, named from the name given or the slug', () => {
    const payload = start()
      .category({ name: 'Travel' })
      .post(post('Lisbon', '2024-01-01', { category_slugs: ['travel', 'food-and-drink'], tags: ['Café Culture', '서울'], tag_slugs: ['old-town'] }))
      .build()
    expect(payload.content.categories).toEqual([{ name: 'Travel', slug: 'travel' }, { name: 'food and drink', slug: 'food-and-drink' }])
    expect(payload.content.tags).toEqual([{ name: 'Café Culture', slug: 'café-culture' }, { name: 'old town', slug: 'old-town' }, { name: '서울', slug: '서울' }])
    expect(payload.content.posts[0].tag_slugs).toEqual(['old-town', 'café-culture', '서울'])
  })

  test('a declared entry is never duplicated by a reference, also one written in NFD', () => {
    const payload = start().tag({ name: 'Café' }).post(post('Lisbon', '2024-01-01', { tag_slugs: ['cafe\u0301'] })).build()
    expect(payload.content.tags).toEqual([{ name: 'Café', slug: 'café' }])
  })

  test('an undeclared reference written in NFD creates one entry, in NFC', () => {
    const payload = start().post(post('A', '2024-01-03', { tag_slugs: ['cafe\u0301'] })).post(post('B', '2024-01-02', { tag_slugs: ['café'] })).build()
    expect(payload.content.tags).toEqual([{ name: 'café', slug: 'café' }])
  })

  test('off with autoCreateTaxonomies: false: only declared entries, references left as they are', () => {
    const payload = start({}, { autoCreateTaxonomies: false })
      .category({ name: 'Travel' })
      .post(post('Lisbon', '2024-01-01', { category_slugs: ['travel', 'food'], tags: ['Trams'] }))
      .build()
    expect(payload.content.categories).toEqual([{ name: 'Travel', slug: 'travel' }])
    expect(payload.content.tags).toEqual([])
    expect(payload.content.posts[0]).toMatchObject({ category_slugs: ['travel', 'food'], tag_slugs: ['trams'] })
  })

  test.each([
    { name: 'a display name points at the declared entry of that name, whatever its slug', refs: { tags: ['Travel'] }, slugs: ['trips'], tags: ['trips'] },
    { name: 'declared after the post: the same result', refs: { tags: ['Travel'] }, slugs: ['trips'], tags: ['trips'], declareLast: true },
    { name: 'a name and the slug it resolves to are one reference', refs: { tag_slugs: ['trips'], tags: ['Travel'] }, slugs: ['trips'], tags: ['trips'] },
    { name: 'a slug given as a slug stays as written', refs: { tag_slugs: ['travel'] }, slugs: ['travel'], tags: ['travel', 'trips'] },
    { name: 'names match exactly (after NFC and trimming)', refs: { tags: [' Travel '] }, slugs: ['trips'], tags: ['trips'] },
    { name: 'another spelling of the name is another tag', refs: { tags: ['travel'] }, slugs: ['travel'], tags: ['travel', 'trips'] },
    { name: 'a slug and a name that derives it are two references when the name is declared elsewhere', refs: { tag_slugs: ['travel'], tags: ['Travel'] }, slugs: ['travel', 'trips'], tags: ['travel', 'trips'] },
  ])('$name', ({ refs, slugs, tags, declareLast }) => {
    const declare = (b: ReturnType<typeof start>) => b.tag({ name: 'Travel', slug: 'trips' })
    const withPost = (b: ReturnType<typeof start>) => b.post(post('Lisbon', '2024-01-01', refs))
    const payload = (declareLast ? declare(withPost(start())) : withPost(declare(start()))).build()
    expect(payload.content.posts[0].tag_slugs).toEqual(slugs)
    expect(payload.content.tags.map((t) => t.slug).sort()).toEqual(tags)
  })

  test('every name counts, also one whose derived slug an earlier name gave', () => {
    const payload = start().tag({ name: 'travel', slug: 'x' }).post(post('Lisbon', '2024-01-01', { tags: ['Travel', 'travel'] })).build()
    expect(payload.content.posts[0].tag_slugs).toEqual(['travel', 'x'])
    expect(payload.content.tags).toEqual([{ name: 'Travel', slug: 'travel' }, { name: 'travel', slug: 'x' }])
  })

  test('a created entry is not named by a name that points at a declared one', () => {
    const payload = start().tag({ name: 'Travel', slug: 'trips' }).post(post('Lisbon', '2024-01-01', { tag_slugs: ['travel'], tags: ['Travel'] })).build()
    expect(payload.content.tags).toEqual([{ name: 'Travel', slug: 'trips' }, { name: 'travel', slug: 'travel' }])
  })

  test('a name given for a slug written in NFD names the created entry', () => {
    const payload = start().tag({ name: 'Other', slug: 'o' }).post(post('Lisbon', '2024-01-01', { tag_slugs: ['cafe\u0301'], tags: ['Café'] })).build()
    expect(payload.content.tags).toEqual([{ name: 'Café', slug: 'café' }, { name: 'Other', slug: 'o' }])
  })

  test('a name two declared entries share resolves to neither', () => {
    const payload = start().tag({ name: 'Travel', slug: 'trips' }).tag({ name: 'Travel', slug: 'journeys' }).post(post('Lisbon', '2024-01-01', { tags: ['Travel'] })).build()
    expect(payload.content.posts[0].tag_slugs).toEqual(['travel'])
  })

  test('categories and tags resolve names separately', () => {
    const payload = start().category({ name: 'Travel', slug: 'travel-notes' }).post(post('Lisbon', '2024-01-01', { categories: ['Travel'], tags: ['Travel'] })).build()
    expect(payload.content.posts[0]).toMatchObject({ category_slugs: ['travel-notes'], tag_slugs: ['travel'] })
    expect(payload.content.tags).toEqual([{ name: 'Travel', slug: 'travel' }])
  })

  test('a name referenced by several posts takes the name of the newest post that gives one', () => {
    const older = post('A', '2024-01-01', { tags: ['trams'] })
    const newer = post('B', '2024-02-01', { tags: ['Trams'] })
    for (const [first, second] of [[older, newer], [newer, older]]) {
      expect(start().post(first).post(second).build().content.tags).toEqual([{ name: 'Trams', slug: 'trams' }])
    }
    // A newer post that names the tag only by slug does not take the name away.
    const bySlug = post('C', '2024-03-01', { tag_slugs: ['trams'] })
    expect(start().post(newer).post(bySlug).build().content.tags).toEqual([{ name: 'Trams', slug: 'trams' }])
  })
})
