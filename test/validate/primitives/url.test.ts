import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { checkUrl } from '../../../src/validate/primitives/index.js'
import type { UrlClass } from '../../../src/validate/primitives/index.js'

const CLASSES: UrlClass[] = ['site_url', 'media_origin', 'navigation', 'media', 'comments_api']

// One row per value; `ok` lists the classes that accept it, every other class must reject it.
// `reason` is a substring of the rejection given by the non-origin classes (or all classes when it is a char rule).
const rows: { value: string; ok: UrlClass[]; reason?: string }[] = [
  // origins
  { value: 'https://example.com', ok: ['site_url', 'media_origin', 'navigation', 'comments_api'] },
  { value: 'https://example.com/', ok: ['site_url', 'media_origin', 'navigation', 'comments_api'] },
  { value: 'http://localhost:8080', ok: ['site_url', 'media_origin', 'navigation', 'comments_api'] },
  { value: 'https://[::1]:8443/', ok: ['site_url', 'media_origin', 'navigation', 'comments_api'] },
  { value: 'https://127.0.0.1', ok: ['site_url', 'media_origin', 'navigation', 'comments_api'] },
  { value: 'HTTPS://Example.COM', ok: ['site_url', 'media_origin', 'navigation', 'comments_api'] },
  { value: 'https://bücher.example', ok: ['site_url', 'media_origin', 'navigation', 'comments_api'] },
  { value: 'https://xn--bcher-kva.example/', ok: ['site_url', 'media_origin', 'navigation', 'comments_api'] },
  { value: 'https://example.com:/', ok: ['site_url', 'media_origin', 'navigation', 'comments_api'] },
  // paths, queries and fragments
  { value: 'https://example.com/blog', ok: ['navigation', 'media', 'comments_api'] },
  { value: 'https://example.com/blog/', ok: ['navigation', 'media', 'comments_api'] },
  { value: 'https://example.com/a.jpg?w=100#x', ok: ['navigation', 'media'] },
  { value: 'https://example.com?q=1', ok: ['navigation'] },
  { value: 'https://example.com/?q=1', ok: ['navigation'] },
  { value: 'https://example.com#top', ok: ['navigation'] },
  { value: 'https://example.com/#', ok: ['navigation'] },
  { value: 'https://example.com/caf%C3%A9.png', ok: ['navigation', 'media', 'comments_api'] },
  { value: 'https://example.com/café.png', ok: ['navigation', 'media', 'comments_api'] },
  { value: 'https://example.com/.well-known/x', ok: ['navigation', 'media', 'comments_api'] },
  { value: 'https://example.com/a..b/...', ok: ['navigation', 'media', 'comments_api'] },
  { value: 'https://example.com/@ana', ok: ['navigation', 'media', 'comments_api'] },
  { value: 'https://example.com/a?next=https://u:p@x/../', ok: ['navigation', 'media'] },
  { value: 'https://example.com/a#/../b', ok: ['navigation', 'media'] },
  { value: '/', ok: ['navigation', 'comments_api'] },
  { value: '/about', ok: ['navigation', 'media', 'comments_api'] },
  { value: '/api/comments/', ok: ['navigation', 'media', 'comments_api'] },
  { value: '/media/a b.jpg'.replace(' ', '%20'), ok: ['navigation', 'media', 'comments_api'] },
  { value: '/?q=1', ok: ['navigation'] },
  { value: '/#top', ok: ['navigation'] },
  { value: '/img.png?v=2', ok: ['navigation', 'media'] },
  { value: '/a:b', ok: ['navigation', 'media', 'comments_api'] },
  // empty: only origins may be empty
  { value: '', ok: ['site_url', 'media_origin'], reason: 'is empty' },
  // structure traps
  { value: 'foo', ok: [], reason: 'is a relative path without a scheme' },
  { value: 'foo/bar.png', ok: [], reason: 'is a relative path' },
  { value: 'example.com', ok: [], reason: 'is a relative path' },
  { value: './a', ok: [], reason: 'is a dot-relative path' },
  { value: '../a', ok: [], reason: 'is a dot-relative path' },
  { value: '.', ok: [], reason: 'is a dot-relative path' },
  { value: '?q=1', ok: [], reason: 'is only a query' },
  { value: '#top', ok: [], reason: 'is only a fragment' },
  { value: '//example.com/a', ok: [], reason: 'is protocol-relative' },
  { value: '//', ok: [], reason: 'is protocol-relative' },
  { value: 'http:/example.com', ok: [], reason: 'needs "//" and a host after "http:"' },
  { value: 'https:example.com', ok: [], reason: 'needs "//"' },
  { value: 'https:', ok: [], reason: 'needs "//"' },
  { value: 'http:///example.com', ok: [], reason: 'has an empty host' },
  { value: 'https://', ok: [], reason: 'has an empty host' },
  { value: 'https://:443/', ok: [], reason: 'has an empty host' },
  { value: 'https:///', ok: [], reason: 'has an empty host' },
  // dot segments, plain and percent-encoded
  { value: '/a/./b', ok: [], reason: 'uses a dot segment (".")' },
  { value: '/a/../b', ok: [], reason: 'uses a dot segment ("..")' },
  { value: '/a/.', ok: [], reason: 'uses a dot segment' },
  { value: '/a/..', ok: [], reason: 'uses a dot segment' },
  { value: '/..', ok: [], reason: 'uses a dot segment' },
  { value: '/./', ok: [], reason: 'uses a dot segment' },
  { value: '/a/..?q', ok: [], reason: 'uses a dot segment' },
  { value: '/a/.#f', ok: [], reason: 'uses a dot segment' },
  { value: '/a/%2e/b', ok: [], reason: 'uses a dot segment ("%2e")' },
  { value: '/a/%2E%2e/b', ok: [], reason: 'uses a dot segment ("%2E%2e")' },
  { value: '/a/.%2e/b', ok: [], reason: 'uses a dot segment' },
  { value: '/a/%2e./b', ok: [], reason: 'uses a dot segment' },
  { value: 'https://example.com/../etc/passwd', ok: [], reason: 'uses a dot segment' },
  { value: 'https://example.com/a/%2E', ok: [], reason: 'uses a dot segment' },
  // percent encoding
  { value: '/a%', ok: [], reason: 'has malformed percent encoding ("%")' },
  { value: '/a%zz', ok: [], reason: 'has malformed percent encoding ("%zz")' },
  { value: '/a%4', ok: [], reason: 'has malformed percent encoding ("%4")' },
  { value: '/a%4g', ok: [], reason: 'has malformed percent encoding' },
  { value: 'https://example.com/?q=100%', ok: [], reason: 'has malformed percent encoding' },
  { value: 'https://example.com/#%', ok: [], reason: 'has malformed percent encoding' },
  // characters
  { value: ' https://example.com', ok: [], reason: 'contains whitespace (U+0020)' },
  { value: 'https://example.com/ ', ok: [], reason: 'contains whitespace' },
  { value: 'https://exa mple.com', ok: [], reason: 'contains whitespace' },
  { value: '/a\tb', ok: [], reason: 'contains whitespace (U+0009)' },
  { value: '/a\nb', ok: [], reason: 'contains whitespace (U+000A)' },
  { value: '/a\u00a0b', ok: [], reason: 'contains whitespace (U+00A0)' },
  { value: '/a\u2003b', ok: [], reason: 'contains whitespace (U+2003)' },
  { value: '/a\u3000b', ok: [], reason: 'contains whitespace (U+3000)' },
  { value: '/a\u2028b', ok: [], reason: 'contains whitespace (U+2028)' },
  { value: '/a\ufeffb', ok: [], reason: 'contains whitespace (U+FEFF)' },
  { value: '/a\u0000b', ok: [], reason: 'contains a control character (U+0000)' },
  { value: '/a\u001fb', ok: [], reason: 'contains a control character (U+001F)' },
  { value: '/a\u007fb', ok: [], reason: 'contains a control character (U+007F)' },
  { value: '/a\u0085b', ok: [], reason: 'contains a control character (U+0085)' },
  { value: '/a\u009fb', ok: [], reason: 'contains a control character (U+009F)' },
  { value: '/a\\b', ok: [], reason: 'contains a backslash' },
  { value: 'https://example.com\\@evil.test', ok: [], reason: 'contains a backslash' },
  { value: '/\\evil.test', ok: [], reason: 'contains a backslash' },
  { value: '/a\ud800b', ok: [], reason: 'contains a lone surrogate (U+D800)' },
  // credentials
  { value: 'https://user@example.com/', ok: [], reason: 'has credentials' },
  { value: 'https://user:pw@example.com/', ok: [], reason: 'has credentials' },
  { value: 'https://@example.com/', ok: [], reason: 'has credentials' },
  { value: 'https://example.com:80@evil.test/', ok: [], reason: 'has credentials' },
  // schemes
  { value: 'javascript:alert(1)', ok: [], reason: 'uses the scheme "javascript:"' },
  { value: 'JavaScript:alert(1)', ok: [], reason: 'uses the scheme "javascript:"' },
  { value: 'data:image/png;base64,AAAA', ok: [], reason: 'uses the scheme "data:"' },
  { value: 'mailto:ana@example.com', ok: [], reason: 'uses the scheme "mailto:"' },
  { value: 'ftp://example.com/a', ok: [], reason: 'uses the scheme "ftp:"' },
  { value: 'file:///etc/passwd', ok: [], reason: 'uses the scheme "file:"' },
  { value: 'ws://example.com/a', ok: [], reason: 'uses the scheme "ws:"' },
  { value: 'localhost:8080/a', ok: [], reason: 'uses the scheme "localhost:"' },
  // WHATWG host and port syntax
  { value: 'https://example.com:99999/', ok: [], reason: 'has an invalid port ("99999")' },
  { value: 'https://example.com:8o/', ok: [], reason: 'has an invalid port ("8o")' },
  { value: 'https://[::g]/', ok: [], reason: 'has an invalid host ("[::g]")' },
  { value: 'https://[::1/', ok: [], reason: 'has an invalid host' },
  { value: 'https://1.2.3.256/', ok: [], reason: 'has an invalid host' },
  { value: 'https://exa<mple.com/', ok: [], reason: 'has an invalid host' },
  { value: 'https://exa%20mple.com/', ok: [], reason: 'has an invalid host' },
]

describe.each(CLASSES)('checkUrl(value, %s)', (cls) => {
  test.each(rows)('$value', ({ value, ok, reason }) => {
    const result = checkUrl(value, cls)
    if (ok.includes(cls)) {
      expect(result).toBeNull()
    } else {
      expect(result).not.toBeNull()
      const classSpecific = ok.length > 0 || cls === 'site_url' || cls === 'media_origin'
      if (reason !== undefined && !classSpecific) expect(result).toContain(reason)
    }
  })
})

describe('checkUrl class-specific reasons', () => {
  test.each([
    { value: 'https://example.com/blog', cls: 'site_url', reason: 'has a path ("/blog"); an origin has none beyond "/"' },
    { value: 'https://example.com/?', cls: 'media_origin', reason: 'has a query ("?")' },
    { value: 'https://example.com#', cls: 'site_url', reason: 'has a fragment ("#")' },
    { value: '/media', cls: 'media_origin', reason: 'is a path, not an origin' },
    { value: '//cdn.example', cls: 'media_origin', reason: 'is protocol-relative' },
    { value: '/', cls: 'media', reason: 'has no path; a media URL needs one' },
    { value: 'https://example.com/', cls: 'media', reason: 'has no path' },
    { value: 'https://example.com', cls: 'media', reason: 'has no path' },
    { value: 'https://example.com/?img=1', cls: 'media', reason: 'has no path' },
    { value: '/api?x=1', cls: 'comments_api', reason: 'has a query ("?")' },
    { value: '/api#x', cls: 'comments_api', reason: 'has a fragment ("#")' },
    { value: '', cls: 'navigation', reason: 'is empty' },
  ] as const)('$cls $value', ({ value, cls, reason }) => {
    expect(checkUrl(value, cls)).toContain(reason)
  })
})

const DUMMY = 'http://h.invalid'
const urlParts = fc.constantFrom(
  'https://', 'http://', 'HTTP://', 'javascript:', '//', '/', '/', '.', '..', '%2e', '%2E', '%', '%4', '%41', '@', ':',
  'u:p@', 'example.com', '[::1]', ':8080', ':99999', '?', '#', 'a', 'é', ' ', '\t', '\\', '\u0085', '\u3000', '\ud800',
)
const urlish = fc.oneof(
  fc.array(urlParts, { maxLength: 12 }).map((a) => a.join('')),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
)

describe('checkUrl properties', () => {
  test('never throws, and whatever it accepts is a credential-free http(s) URL without dot segments', () => {
    fc.assert(
      fc.property(urlish, (value) => {
        for (const cls of CLASSES) {
          if (checkUrl(value, cls) !== null || value === '') continue
          const url = new URL(value, DUMMY)
          expect(url.protocol === 'http:' || url.protocol === 'https:').toBe(true)
          expect(url.username + url.password).toBe('')
          expect(url.hostname).not.toBe('')
          // WHATWG would have resolved a dot segment away, so the written path must already be its own resolution.
          expect(/(^|\/)(\.|%2e){1,2}(\/|$)/i.test(value.split(/[?#]/)[0].replace(/^https?:\/\/[^/]*/i, ''))).toBe(false)
          expect(/\s/.test(value)).toBe(false)
        }
      }),
      { numRuns: 3000 },
    )
  })

  test('every class accepts only what navigation accepts (except the empty origin)', () => {
    fc.assert(
      fc.property(urlish, (value) => {
        for (const cls of CLASSES) {
          if (value !== '' && checkUrl(value, cls) === null) expect(checkUrl(value, 'navigation')).toBeNull()
        }
      }),
      { numRuns: 1000 },
    )
  })

  test('answers a megabyte URL', () => {
    expect(checkUrl('https://example.com/' + 'a'.repeat(1 << 20), 'media')).toBeNull()
    expect(checkUrl('https://example.com/' + '%'.repeat(1 << 20), 'media')).toContain('malformed percent')
  })
})
