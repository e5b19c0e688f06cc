import type { DateTime } from 'luxon'
import { describe, expectTypeOf, test } from 'vitest'
import type {
  BuilderOptions,
  BuildResult,
  CollectionItemInput,
  FrontPageInput,
  MenuItemInput,
  PageInput,
  PostInput,
  PreviewData,
  PreviewDataBuilder,
  PreviewDataIssue,
  TimestampInput,
} from '../../src/index.js'
import { createPreviewData, slugFor, toTimestamp } from '../../src/index.js'

const b = createPreviewData({ generator: 'g', generated_at: '2026-05-01T09:00:00Z' })

describe('builder signatures', () => {
  test('createPreviewData takes BuilderOptions and returns a builder', () => {
    expectTypeOf(createPreviewData).parameter(0).toEqualTypeOf<BuilderOptions>()
    expectTypeOf(b).toEqualTypeOf<PreviewDataBuilder>()
    expectTypeOf<BuilderOptions['generated_at']>().toEqualTypeOf<TimestampInput>()
    expectTypeOf<BuilderOptions>().toHaveProperty('autoCreateTaxonomies').toEqualTypeOf<boolean | undefined>()
  })

  test('every adding, changing and setting method returns a new builder, so calls chain', () => {
    expectTypeOf(b.site({ title: 'x' })).toEqualTypeOf<PreviewDataBuilder>()
    expectTypeOf(b.author({ id: 'a', display_name: 'A' })).toEqualTypeOf<PreviewDataBuilder>()
    expectTypeOf(b.category({ name: 'c' })).toEqualTypeOf<PreviewDataBuilder>()
    expectTypeOf(b.tag({ name: 't', slug: 't', description: '' })).toEqualTypeOf<PreviewDataBuilder>()
    expectTypeOf(b.post({ title: 'p', author_id: 'a', published_at_iso: new Date() })).toEqualTypeOf<PreviewDataBuilder>()
    expectTypeOf(b.updatePost('p', (draft) => expectTypeOf(draft).toEqualTypeOf<PostInput>())).toEqualTypeOf<PreviewDataBuilder>()
    expectTypeOf(b.removePost('p')).toEqualTypeOf<PreviewDataBuilder>()
    expectTypeOf(b.page({ title: 'p' })).toEqualTypeOf<PreviewDataBuilder>()
    expectTypeOf(b.updatePage('p', (draft) => expectTypeOf(draft).toEqualTypeOf<PageInput>())).toEqualTypeOf<PreviewDataBuilder>()
    expectTypeOf(b.removePage('p')).toEqualTypeOf<PreviewDataBuilder>()
    expectTypeOf(b.media({ src: '/a.jpg', width: 1, height: 1 })).toEqualTypeOf<PreviewDataBuilder>()
    expectTypeOf(b.menu('m', { name: 'M', items: [{ post: 'p', children: [{ title: 'x', url: '/' }] }] })).toEqualTypeOf<PreviewDataBuilder>()
    expectTypeOf(b.widgetArea('w', { name: 'W', items: [{ type: 'search', title: '', settings: { any: [1] } }] })).toEqualTypeOf<PreviewDataBuilder>()
    expectTypeOf(b.collection('c', { items: [{ post: 'p' }, { page: 'about' }, { type: 'page', path: 'about' }] })).toEqualTypeOf<PreviewDataBuilder>()
    expectTypeOf(b.customCss('body{}')).toEqualTypeOf<PreviewDataBuilder>()
    expectTypeOf(b.customHtml({ body_end: '<p>' })).toEqualTypeOf<PreviewDataBuilder>()
    expectTypeOf(b.frontPage({ page: 'home' })).toEqualTypeOf<PreviewDataBuilder>()
    expectTypeOf(b.postIndex({ path: '/blog/' })).toEqualTypeOf<PreviewDataBuilder>()
    expectTypeOf(b.permalinks({ posts: '/:year/:slug/', output_style: 'html-extension' })).toEqualTypeOf<PreviewDataBuilder>()
  })

  test('build returns the contract type; tryBuild a discriminated result', () => {
    expectTypeOf(b.build()).toEqualTypeOf<PreviewData>()
    expectTypeOf(b.tryBuild()).toEqualTypeOf<BuildResult>()
    const result = b.tryBuild()
    if (result.ok) {
      expectTypeOf(result.payload).toEqualTypeOf<PreviewData>()
      expectTypeOf(result.errors).toEqualTypeOf<[]>()
    } else {
      expectTypeOf(result.payload).toEqualTypeOf<undefined>()
      expectTypeOf(result.errors).toEqualTypeOf<PreviewDataIssue[]>()
    }
  })

  test('read-back methods return read-only inputs', () => {
    expectTypeOf(b.getPost('p')).toEqualTypeOf<Readonly<PostInput> | undefined>()
    expectTypeOf(b.listPosts()).toEqualTypeOf<readonly Readonly<PostInput>[]>()
    expectTypeOf(b.getPage('p')).toEqualTypeOf<Readonly<PageInput> | undefined>()
    expectTypeOf(b.listPages()).toEqualTypeOf<readonly Readonly<PageInput>[]>()
  })
})

describe('input types', () => {
  test('a post needs title, author_id and published_at_iso; the rest have defaults', () => {
    expectTypeOf<{ title: string; author_id: string; published_at_iso: string }>().toMatchTypeOf<PostInput>()
    expectTypeOf<{ title: string; author_id: string }>().not.toMatchTypeOf<PostInput>()
    expectTypeOf<{ title: string; published_at_iso: string }>().not.toMatchTypeOf<PostInput>()
    expectTypeOf<PostInput['public_id']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<PostInput['document_type']>().toEqualTypeOf<'plaintext' | 'markdown' | 'html' | undefined>()
    expectTypeOf<PostInput['status']>().toEqualTypeOf<'published' | 'draft' | undefined>()
  })

  test('timestamps are strings, Dates or luxon DateTimes', () => {
    expectTypeOf<string>().toMatchTypeOf<TimestampInput>()
    expectTypeOf<Date>().toMatchTypeOf<TimestampInput>()
    expectTypeOf<DateTime>().toMatchTypeOf<TimestampInput>()
    expectTypeOf<number>().not.toMatchTypeOf<TimestampInput>()
    expectTypeOf<PostInput['published_at_iso']>().toEqualTypeOf<TimestampInput>()
    expectTypeOf(toTimestamp).returns.toEqualTypeOf<{ ok: true; value: string } | { ok: false; reason: string }>()
  })

  test('a page needs only a title', () => {
    expectTypeOf<{ title: string }>().toMatchTypeOf<PageInput>()
    expectTypeOf<{ path: string }>().not.toMatchTypeOf<PageInput>()
  })

  test('menu items, collection items and the front page may name entities', () => {
    expectTypeOf<{ post: string }>().toMatchTypeOf<MenuItemInput>()
    expectTypeOf<{ page: string; title: string; target: '_blank' }>().toMatchTypeOf<MenuItemInput>()
    expectTypeOf<{ url: string; target: '_top' }>().not.toMatchTypeOf<MenuItemInput>()
    expectTypeOf<{ url: string; title: string; children: [{ tag: string }] }>().toMatchTypeOf<MenuItemInput>()
    expectTypeOf<{ url: string }>().not.toMatchTypeOf<MenuItemInput>()
    expectTypeOf<{ post: string; page: string }>().not.toMatchTypeOf<MenuItemInput>()
    expectTypeOf<{ post: string }>().toMatchTypeOf<CollectionItemInput>()
    expectTypeOf<{ type: 'page'; path: string }>().toMatchTypeOf<CollectionItemInput>()
    expectTypeOf<{ type: 'post'; path: string }>().not.toMatchTypeOf<CollectionItemInput>()
    expectTypeOf<{ page: string }>().toMatchTypeOf<FrontPageInput>()
    expectTypeOf<{ type: 'page'; page_path: string }>().toMatchTypeOf<FrontPageInput>()
    expectTypeOf<{ type: 'page'; page_slug: string }>().not.toMatchTypeOf<FrontPageInput>()
    // One target per item: a union's excess-property check let both through, and the builder kept only the post.
    expectTypeOf<{ post: string; page: string }>().not.toMatchTypeOf<CollectionItemInput>()
  })

  test('an object literal naming two targets is a type error at the call', () => {
    // @ts-expect-error a collection item names a post or a page, not both
    b.collection('c', { items: [{ post: 'a', page: 'b' }] })
    // @ts-expect-error { page } or the contract's { type, page_path }, not both
    b.frontPage({ page: 'x', type: 'page', page_path: 'x' })
    // @ts-expect-error a menu item has one target: the builder refuses url and post together at the call
    b.menu('m', { name: 'M', items: [{ title: 'x', url: '/', post: 'a' }] })
    // @ts-expect-error nor an item without one
    b.menu('m', { name: 'M', items: [{ title: 'x' }] })
    // @ts-expect-error a url item has no title to default to
    b.menu('m', { name: 'M', items: [{ page: 'about', children: [{ url: '/x' }] }] })
    // @ts-expect-error the front page is set with .frontPage(), which site() refuses at the call
    b.site({ title: 't', front_page: { type: 'theme_index' } })
  })

  test('contract field names: a v0.6 field is a type error', () => {
    // @ts-expect-error site.indexing was replaced by robots.allow_indexing in v0.7
    b.site({ indexing: true })
    // @ts-expect-error Post id was removed in v0.7; public_id is the identity
    b.post({ id: 1, title: 'p', author_id: 'a', published_at_iso: '2024-01-01' })
    expectTypeOf(slugFor).toEqualTypeOf<(text: string) => string>()
  })
})
