import { describe, expect, test } from 'vitest'
import { archivePrefix, TermBaseVotes } from '../../../importers/wordpress/term-bases.js'

describe('archivePrefix: the base before a term archive slug', () => {
  const slugs = new Set(['news', 'local', 'café'])
  test.each([
    [['category', 'news'], 'category'],
    [['rubrique', 'news'], 'rubrique'],
    [['blog', 'section', 'news', 'local'], 'blog/section'],
    [['rubrique', 'café'], 'rubrique'],
    [['news'], undefined],
    [['2020', '01', 'news'], undefined],
    [['about', 'team'], undefined],
  ])('%j', (segments, want) => expect(archivePrefix(segments, slugs)).toBe(want))
})

describe('TermBaseVotes', () => {
  test('the base most links on the old site show, below the blog path; other hosts do not count', () => {
    const v = new TermBaseVotes()
    const terms = { category: new Set(['voyage', 'cuisine']), tag: new Set(['cafe']) }
    v.scan('<a href="https://old.test/blog/rubrique/voyage/">a</a> <a href="/blog/rubrique/cuisine">b</a> <a href="https://old.test/blog/mot-cle/cafe/">c</a>', terms)
    v.scan('<a href="https://elsewhere.test/blog/topics/voyage/">x</a> <a href="https://elsewhere.test/blog/topics/cuisine/">y</a> <a href="https://elsewhere.test/blog/topics/voyage/">z</a>', terms)
    expect(v.bases(new Set(['old.test']), '/blog')).toEqual({ category: 'rubrique', tag: 'mot-cle' })
  })
  test('no links to archives: no bases', () => {
    const v = new TermBaseVotes()
    v.scan('<p>No links</p>', { category: new Set(['x']), tag: new Set() })
    expect(v.bases(new Set(['old.test']), '')).toEqual({})
  })
})
