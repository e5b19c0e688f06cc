// Issue 15 item 7: no walk of the validator or the builder overflows the stack, whatever the nesting; menus, which
// the contract lets nest to any depth, are checked to LIMITS.menuItemDepth levels and refused with a pointer beyond.
import { describe, expect, test } from 'vitest'
import { createPreviewData, LIMITS, PreviewDataError, validatePreviewData } from '../../src/index.js'
import type { MenuItem, PreviewData } from '../../src/index.js'
import { validPayload } from '../helpers/payload.js'

/** A menu whose one item has `levels` levels of single children, the deepest one with `url`. */
function deepMenu(levels: number, url = '/deep'): MenuItem {
  const root: MenuItem = { title: 'Level 1', url: '/', target: '_self', children: [] }
  let at = root
  for (let level = 2; level <= levels; level++) {
    const child: MenuItem = { title: `Level ${level}`, url: level === levels ? url : '/', target: '_self', children: [] }
    at.children.push(child)
    at = child
  }
  return root
}

const itemPath = (id: string, level: number) => `/menus/${id}/items/0${'/children/0'.repeat(level - 1)}`

function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { end: true }
  for (let i = 0; i < levels; i++) value = { a: value }
  return value
}

describe('menus', () => {
  test(`${LIMITS.menuItemDepth} levels are checked to the last one; one more is refused at its item`, () => {
    const payload = validPayload()
    payload.menus!.deep = { name: 'Deep', items: [deepMenu(LIMITS.menuItemDepth)] }
    expect(validatePreviewData(payload)).toEqual({ ok: true, errors: [] })
    payload.menus!.deep = { name: 'Deep', items: [deepMenu(LIMITS.menuItemDepth, 'javascript:alert(1)')] }
    expect(validatePreviewData(payload).errors).toMatchObject([{ code: 'invalid_url', path: `${itemPath('deep', LIMITS.menuItemDepth)}/url` }])
    payload.menus!.deep = { name: 'Deep', items: [deepMenu(LIMITS.menuItemDepth + 1)] }
    expect(validatePreviewData(payload).errors).toMatchObject([{ code: 'invalid_payload', path: itemPath('deep', LIMITS.menuItemDepth + 1) }])
  })

  test('an unsafe URL 300 levels down is no longer accepted (the rules stopped at 256 and the first pass leaves URLs to them)', () => {
    const payload = validPayload()
    payload.menus!.deep = { name: 'Deep', items: [deepMenu(300, 'javascript:alert(1)')] }
    expect(validatePreviewData(payload).ok).toBe(false)
  })

  test.each([5_000, 100_000])('a menu %i levels deep is one clear issue, and the other menus are still checked', (levels) => {
    const payload = validPayload()
    payload.menus!.deep = { name: 'Deep', items: [deepMenu(levels)] }
    payload.menus!.primary.items[0].url = 'javascript:alert(1)'
    const issues = validatePreviewData(payload).errors
    expect(issues.map((i) => [i.code, i.path.slice(0, 40)])).toEqual([
      ['invalid_payload', itemPath('deep', LIMITS.menuItemDepth + 1).slice(0, 40)],
      ['invalid_url', '/menus/primary/items/0/url'],
    ])
    expect(issues[0].path).toBe(itemPath('deep', LIMITS.menuItemDepth + 1))
    expect(issues[0].message).toContain(`deeper than ${LIMITS.menuItemDepth} levels`)
  })

  test('the builder refuses the same depth at the call', () => {
    const builder = createPreviewData({ generator: 'depth', generated_at: '2026-05-01T09:00:00Z' }).site({ title: 'T' })
    const item = (levels: number) => {
      const root = { title: 'x', url: '/', children: [] as unknown[] }
      let at = root
      for (let i = 1; i < levels; i++) {
        const child = { title: 'x', url: '/', children: [] as unknown[] }
        at.children.push(child)
        at = child
      }
      return root
    }
    expect(() => builder.menu('ok', { name: 'Ok', items: [item(LIMITS.menuItemDepth)] as never })).not.toThrow()
    expect(() => builder.menu('deep', { name: 'Deep', items: [item(LIMITS.menuItemDepth + 1)] as never })).toThrow(PreviewDataError)
  })
})

describe('everything else nested 100,000 levels deep', () => {
  const cases: { name: string; mutate: (p: PreviewData & Record<string, unknown>) => void; code: string; path: string }[] = [
    { name: 'post data', mutate: (p) => (p.content.posts[0].data = nested(100_000) as never), code: 'invalid_data', path: '/content/posts/0/data/a/a/a/a/a' },
    { name: 'an unknown member', mutate: (p) => ((p.site as unknown as Record<string, unknown>).extra = nested(100_000)), code: 'unknown_property', path: '/site/extra' },
    { name: 'site meta', mutate: (p) => (p.site.meta = nested(100_000) as never), code: 'invalid_meta', path: '/site/meta/a' },
  ]
  test.each(cases)('$name: one issue at the right place', ({ mutate, code, path }) => {
    const payload = validPayload() as PreviewData & Record<string, unknown>
    mutate(payload)
    expect(validatePreviewData(payload).errors).toMatchObject([{ code, path }])
  })

  test('open widget settings are valid at any depth, and the builder copies, builds and validates them', () => {
    const payload = validPayload()
    payload.widgets!.sidebar.items[0].settings = nested(100_000)
    expect(validatePreviewData(payload).ok).toBe(true)
    const built = createPreviewData({ generator: 'depth', generated_at: '2026-05-01T09:00:00Z' })
      .site({ title: 'T' })
      .widgetArea('side', { name: 'Side', items: [{ type: 'text', title: '', settings: nested(100_000) }] })
      .build()
    expect(validatePreviewData(built).ok).toBe(true)
  })
})
