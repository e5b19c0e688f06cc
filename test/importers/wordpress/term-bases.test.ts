import { describe, expect, test } from 'vitest'
import { archivePrefix, TermBaseVotes, unseenBaseNotes } from '../../../importers/wordpress/term-bases.js'

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
  test("a body's UTF-8 bytes count as its text does", () => {
    const terms = { category: new Set(['voyage']), tag: new Set<string>() }
    const html = '<p>Été</p> <a href="https://old.test/rubrique/voyage/">a</a>'
    const [fromText, fromBytes] = [html, Buffer.from(html, 'utf8')].map((body) => {
      const v = new TermBaseVotes()
      v.scan(body, terms)
      return v.bases(new Set(['old.test']), '')
    })
    expect(fromBytes).toEqual({ category: 'rubrique' })
    expect(fromBytes).toEqual(fromText)
  })
  test('no links to archives: no bases', () => {
    const v = new TermBaseVotes()
    v.scan('<p>No links</p>', { category: new Set(['x']), tag: new Set() })
    expect(v.bases(new Set(['old.test']), '')).toEqual({})
  })
})

describe('unseenBaseNotes: a base the links do not show, on a site that changed the other', () => {
  const both = { category: true, tag: true }
  test.each([
    { name: 'custom category base, tag base unseen', bases: { category: 'rubrique' }, used: both, overridden: {}, notes: ['tag'] },
    { name: 'custom tag base, category base unseen', bases: { tag: 'mot-cle' }, used: both, overridden: {}, notes: ['category'] },
    { name: 'both seen', bases: { category: 'rubrique', tag: 'mot-cle' }, used: both, overridden: {}, notes: [] },
    { name: 'default category base seen: nothing says the site changed either', bases: { category: 'category' }, used: both, overridden: {}, notes: [] },
    { name: 'no link shows either', bases: {}, used: both, overridden: {}, notes: [] },
    { name: 'no imported item uses tags', bases: { category: 'rubrique' }, used: { category: true, tag: false }, overridden: {}, notes: [] },
    { name: 'the caller set the tag pattern', bases: { category: 'rubrique' }, used: both, overridden: { tag: true }, notes: [] },
  ])('$name', ({ bases, used, overridden, notes }) => {
    const got = unseenBaseNotes(bases, used, overridden)
    expect(got.map((n) => /where its (\w+) archives were/.exec(n)?.[1])).toEqual(notes)
    for (const n of got) expect(n).toMatch(/--site \(permalinks\.(tags|categories): \/<base>\/:slug\/\)$/)
  })
})

// WordPress's default bases follow the structure's front (found on the corpus's wp-block-studio, /blog/%postname%/).
describe('unseenBaseNotes under a structure with a front', () => {
  const both = { category: true, tag: true }
  const front = { category: 'blog/category', tag: 'blog/tag' }
  test('the default category base after the front is no change of bases: nothing to say', () => {
    expect(unseenBaseNotes({ category: 'blog/category' }, both, {}, front)).toEqual([])
  })
  test('a custom category base: the tags are at the default after the front, and the note says so', () => {
    const [note] = unseenBaseNotes({ category: 'topics' }, both, {}, front)
    expect(note).toContain("so they are at WordPress's default /blog/tag/<slug>/")
  })
  // wp-category-subdir lives at https://fieldkitchen.example/blog: its tags were at /blog/tag/<slug>/, and a pattern
  // given with --site is taken as written, so the note names the folder in both.
  test('a site in a folder: the URLs the note names start with it', () => {
    const [note] = unseenBaseNotes({ category: 'section' }, both, {}, { category: 'category', tag: 'tag' }, '/blog')
    expect(note).toContain('moved its category archives to /blog/section/')
    expect(note).toContain("so they are at WordPress's default /blog/tag/<slug>/")
    expect(note).toMatch(/\(permalinks\.tags: \/blog\/<base>\/:slug\/\)$/)
  })
})
