import { describe, expect, test } from 'vitest'
import type { MenuInput, PostInput } from '../../src/index.js'
import { bytes, post, start, thrown } from './_helpers.js'

const titles = (b: ReturnType<typeof start>) => b.build().content.posts.map((p) => p.title)

describe('a held builder value never changes', () => {
  test('calls on a value, or on its successors, leave it as it was', () => {
    const held = start().post(post('A', '2024-01-01'))
    const before = bytes(held)
    const next = held.post(post('B', '2024-01-02')).tag({ name: 'Trams' }).site({ title: 'Changed' })
    next.post(post('C', '2024-01-03')).removePost('a')
    held.updatePost('a', (draft) => {
      draft.title = 'Changed'
    })
    expect(bytes(held)).toBe(before)
    expect(held.listPosts().map((p) => p.title)).toEqual(['A'])
    expect(titles(next)).toEqual(['B', 'A'])
  })

  test('branching two ways from one value gives two independent results', () => {
    const base = start().post(post('Base', '2024-01-01'))
    const left = base.post(post('Left', '2024-02-01'))
    const right = base.post(post('Right', '2024-03-01'))
    // Keep going on both branches, alternating, so each must see only its own history.
    const left2 = left.post(post('Left 2', '2024-02-02'))
    const right2 = right.removePost('base').post(post('Right 2', '2024-03-02'))
    const left3 = left2.category({ name: 'Only left' })
    expect(titles(base)).toEqual(['Base'])
    expect(titles(left)).toEqual(['Left', 'Base'])
    expect(titles(right)).toEqual(['Right', 'Base'])
    expect(titles(left3)).toEqual(['Left 2', 'Left', 'Base'])
    expect(titles(right2)).toEqual(['Right 2', 'Right'])
    expect(left3.build().content.categories.map((c) => c.name)).toEqual(['Only left'])
    expect(right2.build().content.categories).toEqual([])
  })

  test('an identity taken on one branch is free on the other', () => {
    const base = start()
    const left = base.post(post('X', '2024-01-01', { slug: 'x', public_id: 1 }))
    const right = base.post(post('Y', '2024-01-01', { slug: 'x', public_id: 1 }))
    expect(left.build().content.posts[0].title).toBe('X')
    expect(right.build().content.posts[0].title).toBe('Y')
    expect(thrown(() => left.post(post('Z', '2024-01-01', { slug: 'x' }))).code).toBe('duplicate_slug')
  })

  test('a call that throws on one branch does not disturb the other branches', () => {
    const base = start().post(post('A', '2024-01-01', { slug: 'a' }))
    const ok = base.post(post('B', '2024-01-02'))
    thrown(() => base.post(post('Again', '2024-01-03', { slug: 'a' })))
    thrown(() => ok.author({ id: 'ana', display_name: 'Twice' }))
    expect(titles(ok)).toEqual(['B', 'A'])
    expect(titles(base.post(post('C', '2024-01-04')))).toEqual(['C', 'A'])
  })

  test('reading a value (build, get, list) after the chain moved on reads that value', () => {
    const first = start().post(post('A', '2024-01-01'))
    const second = first.post(post('B', '2024-01-02'))
    second.post(post('C', '2024-01-03'))
    expect(first.getPost('b')).toBeUndefined()
    expect(second.getPost('c')).toBeUndefined()
    expect(second.listPosts().map((p) => p.title)).toEqual(['A', 'B'])
    expect(first.tryBuild().ok && first.tryBuild().payload?.content.posts.length).toBe(1)
  })
})

describe('arguments are copied: changing them after the call changes nothing', () => {
  test('one post object reused as a template for many calls', () => {
    const template: PostInput = { title: '', author_id: 'ana', published_at_iso: '', tags: [] }
    let builder = start()
    for (const [i, title] of ['One', 'Two', 'Three'].entries()) {
      template.title = title
      template.published_at_iso = `2024-01-0${i + 1}`
      template.tags!.push(title)
      builder = builder.post(template)
    }
    const posts = builder.build().content.posts
    expect(posts.map((p) => [p.title, p.slug, p.published_at_iso.slice(0, 10), p.tag_slugs])).toEqual([
      ['Three', 'three', '2024-01-03', ['one', 'two', 'three']],
      ['Two', 'two', '2024-01-02', ['one', 'two']],
      ['One', 'one', '2024-01-01', ['one']],
    ])
  })

  test('nested data, meta, a Date, a menu and site objects changed after the call', () => {
    const published = new Date(Date.UTC(2024, 0, 1))
    const input = post('A', published, { meta: { mood: 'sunny' }, data: { stops: ['Graça'] } })
    const menu: MenuInput = { name: 'Main', items: [{ post: 'a' }] }
    const permalinks = { posts: '/p/:slug/' }
    const page = { title: 'About', data: { team: ['ana'] } }
    const builder = start().permalinks(permalinks).post(input).page(page).menu('main', menu)
    const before = bytes(builder)
    published.setUTCFullYear(1999)
    input.meta!.mood = 'rainy'
    ;(input.data!.stops as string[]).push('Baixa')
    menu.items.push({ title: 'Extra', url: '/extra' })
    menu.items[0].children = [{ title: 'Child', url: '/child' }]
    permalinks.posts = '/x/:slug/'
    page.data.team.push('bo')
    expect(bytes(builder)).toBe(before)
  })

  test('branching from an older value after the caller changed their objects sees the objects as they were', () => {
    const template: PostInput = { title: 'One', author_id: 'ana', published_at_iso: '2024-01-01' }
    const site = { title: 'First title' }
    const first = start().site(site).post(template)
    site.title = 'Second title'
    template.title = 'Two'
    const second = first.post(template)
    template.title = 'Mutated later'
    site.title = 'Mutated later'
    // `first` is older than the end of the chain, so this call rebuilds its state from the recorded calls.
    const branch = first.post(post('Branch', '2024-02-01'))
    expect(branch.build().site.title).toBe('First title')
    expect(titles(branch)).toEqual(['Branch', 'One'])
    expect(titles(second)).toEqual(['One', 'Two'])
  })

  test('an update recipe runs once: branching later does not run it again', () => {
    let runs = 0
    const updated = start()
      .post(post('A', '2024-01-01'))
      .updatePost('a', (draft) => {
        runs++
        draft.title = `Run ${runs}`
      })
    updated.post(post('B', '2024-01-02'))
    const branch = updated.post(post('C', '2024-01-03'))
    expect(titles(branch)).toEqual(['C', 'Run 1'])
    expect(runs).toBe(1)
  })

  test('a generated_at Date changed after createPreviewData', () => {
    const generated = new Date(Date.UTC(2026, 4, 1, 9))
    const builder = start({}, { generated_at: generated })
    generated.setUTCFullYear(2000)
    expect(builder.build().generated_at).toBe('2026-05-01T09:00:00Z')
  })

  test('getPost() reads a copy the caller cannot use to change the builder', () => {
    const builder = start().post(post('A', '2024-01-01', { tag_slugs: ['x'] }))
    const before = bytes(builder)
    const read = builder.getPost('a') as PostInput
    try {
      read.title = 'Changed'
      read.tag_slugs!.push('y')
    } catch {
      // A frozen read-back is as good as a copy.
    }
    expect(bytes(builder)).toBe(before)
  })
})
