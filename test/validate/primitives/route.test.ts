import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  checkAbsoluteRoutePath,
  checkPageReference,
  checkPagePath,
  checkRouteSegment,
  checkSlugSegment,
  splitRoutePath,
} from '../../../src/validate/primitives/index.js'

describe('checkRouteSegment', () => {
  test.each([
    { value: 'about', reason: null },
    { value: 'html', reason: null },
    { value: 'about.htm', reason: null },
    { value: 'about.html5', reason: null },
    { value: 'a.html.b', reason: null },
    { value: 'About.HTML', reason: null }, // the contract's rule is the lowercase suffix; slug policy allows this
    { value: 'about.Html', reason: null },
    { value: 'about.html', reason: 'ends with ".html"' },
    { value: 'v1.0.html', reason: 'ends with ".html"' },
    { value: 'cafe\u0301.html', reason: 'ends with ".html"' },
    { value: '.html', reason: 'begins with "."' },
    { value: 'a..html', reason: 'has consecutive periods' },
    { value: ':slug', reason: 'contains ":"' },
    { value: '', reason: 'is empty' },
    { value: '..', reason: 'is a dot segment' },
    { value: 'x'.repeat(201), reason: 'has 201 code points after NFC' },
  ])('$value', ({ value, reason }) => {
    if (reason === null) expect(checkRouteSegment(value)).toBeNull()
    else expect(checkRouteSegment(value)).toContain(reason)
  })
})

describe('splitRoutePath', () => {
  test.each([
    { value: '/', parts: [] },
    { value: '/blog', parts: ['blog'] },
    { value: '/blog/', parts: ['blog'] },
    { value: '/posts/:slug/', parts: ['posts', ':slug'] },
    { value: '/:year/:month/:day/:slug', parts: [':year', ':month', ':day', ':slug'] },
    { value: '/a/b/c/', parts: ['a', 'b', 'c'] },
    { value: '/a..b/', parts: ['a..b'] }, // components are not segment-checked here
    { value: '', parts: 'is empty; use "/" for the root' },
    { value: 'blog/', parts: 'does not begin with "/"' },
    { value: '//', parts: 'has an empty component ("//")' },
    { value: '//blog', parts: 'has an empty component ("//")' },
    { value: '/a//b/', parts: 'has an empty component ("//")' },
    { value: '/a//', parts: 'has an empty component ("//")' },
    { value: '/a\\b', parts: 'contains a backslash ("\\")' },
    { value: '/a?b', parts: 'has a query ("?")' },
    { value: '/a#b', parts: 'has a fragment ("#")' },
    { value: '/a%2Fb', parts: 'contains percent encoding ("%")' },
    { value: '/a b', parts: 'contains whitespace (U+0020)' },
    { value: '/a\u3000b', parts: 'contains whitespace (U+3000)' },
    { value: '/a\u0000b', parts: 'contains a control character (U+0000)' },
    { value: '/a\u0085b', parts: 'contains a control character (U+0085)' },
  ])('$value', ({ value, parts }) => {
    expect(splitRoutePath(value)).toEqual(parts)
  })
})

describe('checkAbsoluteRoutePath', () => {
  test.each([
    { value: '/', reason: null },
    { value: '/blog', reason: null },
    { value: '/blog/', reason: null },
    { value: '/news/archive/', reason: null },
    { value: '/블로그/', reason: null },
    { value: '/cafe\u0301/', reason: null },
    { value: '/v2.0/', reason: null },
    { value: '', reason: 'is empty' },
    { value: 'blog', reason: 'does not begin with "/"' },
    { value: '//', reason: 'has an empty component' },
    { value: '/a//b', reason: 'has an empty component' },
    { value: '/blog?page=2', reason: 'has a query' },
    { value: '/blog#top', reason: 'has a fragment' },
    { value: '/a\\b', reason: 'contains a backslash' },
    { value: '/my blog/', reason: 'contains whitespace' },
    { value: '/a%20b/', reason: 'contains percent encoding' },
    { value: '/..', reason: 'component ".." is a dot segment ("..")' },
    { value: '/a/./b/', reason: 'component "." is a dot segment' },
    { value: '/.hidden/', reason: 'component ".hidden" begins with "."' },
    { value: '/blog.html', reason: 'component "blog.html" ends with ".html"' },
    { value: '/blog.html/', reason: 'ends with ".html"' },
    { value: '/posts/:slug/', reason: 'component ":slug" contains ":"' }, // post_index.path takes no tokens
    { value: `/${'x'.repeat(201)}/`, reason: 'has 201 code points after NFC' },
  ])('$value', ({ value, reason }) => {
    if (reason === null) expect(checkAbsoluteRoutePath(value)).toBeNull()
    else expect(checkAbsoluteRoutePath(value)).toContain(reason)
  })
})

describe('checkPagePath', () => {
  test.each([
    { value: 'about', reason: null },
    { value: 'guides/index', reason: null },
    { value: 'docs/v2.0/install', reason: null },
    { value: '회사/소개', reason: null },
    { value: 'About.HTML', reason: null },
    { value: '', reason: 'is empty' },
    { value: '/about', reason: 'begins with "/"; a Page path is relative' },
    { value: 'about/', reason: 'ends with "/"; a Page path has no trailing slash' },
    { value: '/', reason: 'begins with "/"' },
    { value: 'a//b', reason: 'has an empty component ("//")' },
    { value: 'a/../b', reason: 'component ".." is a dot segment' },
    { value: './a', reason: 'component "." is a dot segment' },
    { value: 'a/b.html', reason: 'component "b.html" ends with ".html"' },
    { value: 'a?b', reason: 'has a query' },
    { value: 'a#b', reason: 'has a fragment' },
    { value: 'a\\b', reason: 'contains a backslash' },
    { value: 'a b', reason: 'contains whitespace' },
    { value: 'caf%C3%A9', reason: 'contains percent encoding' },
    { value: 'a/\u0007', reason: 'contains a control character (U+0007)' },
    { value: 'a/_', reason: 'component "_" has no letter or digit' },
  ])('$value', ({ value, reason }) => {
    if (reason === null) expect(checkPagePath(value)).toBeNull()
    else expect(checkPagePath(value)).toContain(reason)
  })
})

// A reference to an effective Page path (front_page.page_path, a collection Page item): a Page path's shape, each
// component under the slug policy. Route rule 4's ".html" suffix binds route values, not the references to them: a Page
// slugged "notes.html" is valid, so its effective path must be nameable.
describe('checkPageReference', () => {
  test.each([
    { value: 'notes.html', reason: null, pagePath: 'component "notes.html" ends with ".html"' },
    { value: 'a/b.html', reason: null, pagePath: 'component "b.html" ends with ".html"' },
    { value: 'guides/index', reason: null, pagePath: null },
    { value: 'ini\u0301cio', reason: null, pagePath: null },
    { value: '', reason: 'is empty', pagePath: 'is empty' },
    { value: '/notes.html', reason: 'begins with "/"', pagePath: 'begins with "/"' },
    { value: 'notes.html/', reason: 'ends with "/"', pagePath: 'ends with "/"' },
    { value: 'a//b', reason: 'has an empty component', pagePath: 'has an empty component' },
    { value: 'a/../b', reason: 'component ".." is a dot segment', pagePath: 'component ".." is a dot segment' },
    { value: '.html', reason: 'component ".html" begins with "."', pagePath: 'component ".html" begins with "."' },
    { value: 'a?b', reason: 'has a query', pagePath: 'has a query' },
    { value: 'a%2Fb', reason: 'contains percent encoding', pagePath: 'contains percent encoding' },
  ])('$value', ({ value, reason, pagePath }) => {
    if (reason === null) expect(checkPageReference(value)).toBeNull()
    else expect(checkPageReference(value)).toContain(reason)
    if (pagePath === null) expect(checkPagePath(value)).toBeNull()
    else expect(checkPagePath(value)).toContain(pagePath)
  })
})

describe('route properties', () => {
  const routeish = fc
    .array(fc.constantFrom('a', 'b', 'é', 'e\u0301', '/', '/', '.', '..', '.html', ':slug', '_', '-', '%', '?', '#', ' ', '\\', '\u0000'), { maxLength: 10 })
    .map((a) => a.join(''))
  const anyString = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 30 })

  test('never throw; a valid Page path is a valid absolute path with or without a trailing slash', () => {
    fc.assert(
      fc.property(fc.oneof(routeish, anyString), (value) => {
        const page = checkPagePath(value)
        const absolute = checkAbsoluteRoutePath(value)
        if (page === null) {
          expect(checkAbsoluteRoutePath('/' + value)).toBeNull()
          expect(checkAbsoluteRoutePath('/' + value + '/')).toBeNull()
        }
        const parts = splitRoutePath(value)
        if (absolute === null) {
          expect(Array.isArray(parts)).toBe(true)
          for (const part of parts as string[]) expect(checkSlugSegment(part)).toBeNull()
        }
      }),
      { numRuns: 2000 },
    )
  })

  test('splitRoutePath components join back to the path without its trailing slash', () => {
    fc.assert(
      fc.property(routeish.map((v) => '/' + v), (value) => {
        const parts = splitRoutePath(value)
        if (typeof parts === 'string') return
        const joined = '/' + parts.join('/')
        expect(value === joined || value === joined + '/' || (value === '/' && parts.length === 0)).toBe(true)
      }),
      { numRuns: 1000 },
    )
  })
})
