import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { SiteIndex } from '../../src/check/targets.js'
import { createPreviewData } from '../../src/index.js'

// check reads an absolute link on the site's own host in place when its host is written as the site's and its path
// needs no parsing (src/check/targets.ts, plainPath), and gives every other to the URL parser. The in-place reading must
// land where the parser does: the same link with its host in capitals, which only the parser reads, is the reference.
const payload = createPreviewData({ generator: 'test', generated_at: '2026-01-01T00:00:00Z' }).site({ title: 'T', url: 'https://site.example' }).author({ id: 'a', display_name: 'A' }).build()

const OLD = 'https://old.example/blog'
const index = () => new SiteIndex(payload, undefined, [OLD])

const piece = fc.constantFrom('/', 'blog', '/blog', '/blog/', 'a', 'é', '%C3%A9', '%2e', '%2E', '.', '..', '/.', '/..', ' ', '\t', '\\', '?', '#', '?q=/blog', '#x', '"', '<', '>', '`', '{', '}', '^', '|', "'", '@', ':', ':8080', ';', '=', '&', '%', '%41', '~', '!', '$', '*', '+', ',', 'index.html', '\u0000', '\u007f')
const url = fc.tuple(fc.constantFrom('https://', 'http://', 'HTTPS://', 'Http://'), fc.constantFrom('site.example', 'Site.example', 'site.example:443', 'site.example:8080', 'site.examples', 'site.example.', 'old.example', 'OLD.example', 'old.example:443', 'other.example'), fc.array(piece, { maxLength: 8 })).map(([scheme, host, path]) => `${scheme}${host}${path.join('')}`)

describe('absolute links on the site own host', () => {
  test('land where the URL parser puts them', () => {
    fc.assert(
      fc.property(url, (u) => {
        // A fresh index each time: its cache of parsed URLs must not decide.
        const parsed = index().classify(u.replace(/(?<=\/\/)(site|old)\.example/i, (host) => host.toUpperCase()), -1)
        expect(index().classify(u, -1)).toEqual(parsed)
      }),
      { numRuns: Number(process.env.CHECK_PROPERTY_RUNS ?? 3000) },
    )
  })

  test.each([
    ['https://site.example/a/../b/', { kind: 'internal', path: '/b/', oldOrigin: false, claimed: true }],
    ['https://site.example/a/%2e%2e/b/', { kind: 'internal', path: '/b/', oldOrigin: false, claimed: true }],
    ['https://site.example/caf%C3%A9/?x=1#y', { kind: 'internal', path: '/café/', oldOrigin: false, claimed: true }],
    ['https://site.example', { kind: 'internal', path: '/', oldOrigin: false, claimed: true }],
    ['https://old.example/blog/a/', { kind: 'internal', path: '/a/', oldOrigin: true }],
    ['https://old.example/blogs/a/', { kind: 'external' }],
    ['https://old.example', { kind: 'external' }],
    // The parser drops tabs and line breaks: a link whose host a tab follows is the site's (it was taken for another).
    ['https://site.example\t/a/', { kind: 'internal', path: '/a/', oldOrigin: false, claimed: true }],
  ])('%s', (u, expected) => {
    expect(index().classify(u, -1)).toEqual(expected)
  })
})
