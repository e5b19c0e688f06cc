import { describe, expect, test } from 'vitest'
import { fillOldFields, slugFromLink } from '../../../importers/wordpress/item-fields.js'
import { missingAncestors } from '../../../importers/wordpress/pages.js'
import { bloggerUrls } from '../../../importers/wordpress/old-urls.js'
import type { PostPlan } from '../../../importers/wordpress/posts.js'
import type { WxrItem } from '../../../importers/wordpress/read/wxr.js'
import { ReportBuilder } from '../../../importers/wordpress/report.js'
import { NamedTerms } from '../../../importers/wordpress/terms.js'

// What an export of WordPress 2.x leaves out, and where the importer finds it instead.
describe('slugFromLink: the post_name an old export left empty, from where WordPress served the item', () => {
  test.each([
    ['http://old.test/2008/03/hello-world/', 'hello-world'],
    ['http://old.test/blog/archives/hello-world.html', 'hello-world'],
    ['http://old.test/parent/child', 'child'],
    ['http://old.test/2008/03/caf%C3%A9/', 'caf%C3%A9'],
    ['http://old.test/?p=5', undefined],
    ['http://old.test/archives/123', undefined],
    ['http://old.test/2008/03/15/', undefined],
    ['http://old.test/', undefined],
    ['http://old.test/index.php', undefined],
    ['http://old.test/a%zz/', undefined],
    ['', undefined],
    ['/relative/path/', undefined],
  ])('%s → %s', (link, want) => {
    expect(slugFromLink(link)).toBe(want)
  })
})

describe('fillOldFields', () => {
  const item = (over: Partial<WxrItem>) => ({ link: '', guid: '', postName: '', status: 'publish', ...over }) as WxrItem
  test.each([
    { name: 'an empty post_name of a published item comes from its link', over: { link: 'http://o.test/2008/03/a-b/' }, want: { link: 'http://o.test/2008/03/a-b/', postName: 'a-b' }, fallbacks: { slug_from_link: 1 } },
    { name: 'no link: the guid, when it is a permalink', over: { guid: 'http://o.test/about/' }, want: { link: 'http://o.test/about/', postName: 'about' }, fallbacks: { link_from_guid: 1, slug_from_link: 1 } },
    { name: 'a guid of ?p= is no permalink', over: { guid: 'http://o.test/?p=4' }, want: { link: '', postName: '' }, fallbacks: {} },
    { name: 'a link is never replaced by the guid', over: { link: 'http://o.test/x/', guid: 'http://o.test/y/', postName: 'x' }, want: { link: 'http://o.test/x/', postName: 'x' }, fallbacks: {} },
    { name: 'a draft keeps its empty post_name (WordPress gave it none)', over: { link: 'http://o.test/a/', status: 'draft' }, want: { link: 'http://o.test/a/', postName: '' }, fallbacks: {} },
  ])('$name', ({ over, want, fallbacks }) => {
    const report = new ReportBuilder()
    const it = item(over)
    fillOldFields(it, report)
    expect({ link: it.link, postName: it.postName }).toEqual(want)
    expect(report.fallbacks).toEqual(fallbacks)
  })
})

describe('NamedTerms: terms an item names without a nicename', () => {
  const declared = [
    { taxonomy: 'category', slug: 'life', name: 'Life &amp; Stuff' },
    { taxonomy: 'post_tag', slug: 'cats', name: 'Kittens' },
    { taxonomy: 'category', slug: 'news', name: 'News' },
    { taxonomy: 'post_tag', slug: 'news-tag', name: 'News' },
  ]
  test.each([
    { name: 'a plain name is the declared category of that name (entities as written or not)', term: { domain: '', nicename: '', name: 'Life & Stuff' }, want: { domain: 'category', nicename: 'life', name: 'Life & Stuff' }, derived: 0 },
    { name: 'a plain name only a tag has is that tag (WordPress 2.3 listed tags among RSS categories)', term: { domain: '', nicename: '', name: 'kittens' }, want: { domain: 'post_tag', nicename: 'cats', name: 'kittens' }, derived: 0 },
    { name: 'a plain name both have is the category', term: { domain: '', nicename: '', name: 'News' }, want: { domain: 'category', nicename: 'news', name: 'News' }, derived: 0 },
    { name: 'an undeclared plain name is a new category', term: { domain: '', nicename: '', name: 'Old News' }, want: { domain: 'category', nicename: 'old-news', name: 'Old News' }, derived: 1 },
    { name: 'a tag without nicename is the declared tag', term: { domain: 'post_tag', nicename: '', name: 'News' }, want: { domain: 'post_tag', nicename: 'news-tag', name: 'News' }, derived: 0 },
    { name: 'an undeclared tag gets a slug from its name', term: { domain: 'post_tag', nicename: '', name: 'Random Thoughts' }, want: { domain: 'post_tag', nicename: 'random-thoughts', name: 'Random Thoughts' }, derived: 1 },
    { name: 'another taxonomy is left as it is', term: { domain: 'series', nicename: '', name: 'X' }, want: { domain: 'series', nicename: '', name: 'X' }, derived: 0 },
  ])('$name', ({ term, want, derived }) => {
    const report = new ReportBuilder()
    const n = new NamedTerms()
    const terms = [{ domain: 'category', nicename: 'kept', name: 'Kept' }, term]
    n.note(terms)
    n.settle(declared, report)
    expect(n.resolve(terms)).toEqual([{ domain: 'category', nicename: 'kept', name: 'Kept' }, want])
    expect(report.fallbacks.term_slug_derived ?? 0).toBe(derived)
  })

  test('a list where every term has a nicename is returned as it is', () => {
    const terms = [{ domain: 'category', nicename: 'a', name: 'A' }]
    const n = new NamedTerms()
    expect(n.note(terms)).toBe(false)
    n.settle(declared, new ReportBuilder())
    expect(n.resolve(terms)).toBe(terms)
  })
})

describe('bloggerUrls: where posts brought over from Blogger were', () => {
  const plan = (meta: Record<string, string>) => ({ item: { meta } as unknown as PostPlan['item'] })
  test.each([
    [{ blogger_blog: 'me.blogspot.com', blogger_permalink: '/2010/04/a.html' }, 'http://me.blogspot.com/2010/04/a.html'],
    [{ blogger_blog: 'Me.Blogspot.com ', blogger_permalink: '/2010/04/a.html' }, 'http://me.blogspot.com/2010/04/a.html'],
    [{ blogger_blog: 'me.blogspot.com' }, undefined],
    [{ blogger_blog: 'me.blogspot.com', blogger_permalink: '2010/a.html' }, undefined],
    [{ blogger_blog: 'evil.test/x', blogger_permalink: '/a.html' }, undefined],
    [{}, undefined],
  ])('%j → %s', (meta, want) => {
    const p = plan(meta)
    expect(bloggerUrls(new Map([[1, p]])).get(p.item)).toBe(want)
  })
})

// An export of one author's or one type's items holds pages whose parents it lacks; their links keep the full path.
describe('missingAncestors: the ancestors an export lacks, from the page link', () => {
  test.each([
    ['services/child', [], ['child'], ['services']],
    ['a/b/child/grand', [], ['child', 'grand'], ['a', 'b']],
    ['fr/services/aide', ['fr'], ['aide'], ['services']],
    ['Services/Child', [], ['child'], ['Services']],
    ['child', [], ['child'], []],
    ['other/place', [], ['child'], []],
    [undefined, [], ['child'], []],
  ] as Array<[string | undefined, string[], string[], string[]]>)('%s (known %j) → %j', (path, prefix, known, want) => {
    expect(missingAncestors(path, prefix, known)).toEqual(want)
  })
})
