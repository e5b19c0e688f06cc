import { Ajv2020 } from 'ajv/dist/2020.js'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import schema from '../../src/contract/preview-data.v0.7.schema.json' with { type: 'json' }
import { isPreviewData, validatePreviewData } from '../../src/index.js'
import { validPayload } from '../helpers/payload.js'

// An independent compile of the shipped schema: whatever it rejects, the runtime validator must reject too.
const schemaCheck = new Ajv2020({ allErrors: false, strict: false }).compile(schema)

type Path = (string | number)[]

function paths(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix)
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...prefix, i], out))
  else if (typeof value === 'object' && value !== null) for (const k of Object.keys(value)) paths((value as Record<string, unknown>)[k], [...prefix, k], out)
  return out
}

function parentOf(root: unknown, path: Path): Record<string | number, unknown> | undefined {
  let node = root as Record<string | number, unknown>
  for (const seg of path.slice(0, -1)) node = node[seg] as Record<string | number, unknown>
  return typeof node === 'object' && node !== null ? node : undefined
}

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('', ' ', '\u0000', '\u0007', '\u007f', '\u0085', '\u2028', '\ud800', 'cafe\u0301', '𝒜𝒜', '../..', '%2e%2e', '/a/./b', 'javascript:x', '\\\\x', 'a\tb', '__proto__', '0.7', 'UTC', '+00:00', 'Asia/Calcutta'),
  fc.nat({ max: 200_000 }).map((n) => 'x'.repeat(n)),
)

const replacement = fc.oneof(
  hostileString,
  fc.jsonValue(),
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2, [], {}, [[[]]]),
)

const mutation = fc.record({
  pick: fc.nat(),
  kind: fc.constantFrom('delete', 'replace', 'nfd', 'append-control', 'add-key'),
  value: replacement,
  key: fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'id', 'media_base_url', 'type')),
})

function apply(payload: unknown, m: { pick: number; kind: string; value: unknown; key: string }): void {
  const all = paths(payload).filter((p) => p.length > 0)
  const path = all[m.pick % all.length]
  const parent = parentOf(payload, path)
  if (!parent) return
  const last = path[path.length - 1]
  const current = parent[last]
  switch (m.kind) {
    case 'delete':
      if (Array.isArray(parent)) parent.splice(Number(last), 1)
      else delete parent[last]
      break
    case 'replace':
      parent[last] = m.value
      break
    case 'nfd':
      if (typeof current === 'string') parent[last] = current.normalize('NFD') + 'é'.normalize('NFD')
      break
    case 'append-control':
      if (typeof current === 'string') parent[last] = `${current}\u0001`
      break
    case 'add-key':
      if (typeof current === 'object' && current !== null && !Array.isArray(current)) Object.defineProperty(current, m.key, { value: m.value, enumerable: true, configurable: true, writable: true })
      break
  }
}

describe('validatePreviewData under random mutation', () => {
  test('never throws, never changes its input, and rejects whatever the schema rejects', () => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (mutations) => {
        const payload = validPayload()
        for (const m of mutations) apply(payload, m)
        const before = JSON.stringify(payload)
        const result = validatePreviewData(payload)
        expect(JSON.stringify(payload)).toBe(before)
        expect(result.ok).toBe(result.errors.length === 0)
        if (!schemaCheck(JSON.parse(before))) expect(result.ok).toBe(false)
        for (const issue of result.errors) {
          expect(typeof issue.code).toBe('string')
          expect(issue.path === '' || issue.path.startsWith('/')).toBe(true)
        }
      }),
      { numRuns: process.env.FC_NIGHTLY ? 10_000 : 2_000, seed: 20261121 },
    )
  }, 300_000)

  test('the verdict does not depend on the order of the posts (the builder validates them in call order)', () => {
    const codes = (value: unknown) => validatePreviewData(value).errors.map((e) => e.code).sort()
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), fc.nat(), (mutations, seed) => {
        const payload = validPayload()
        const posts = payload.content.posts
        // More posts than the fixture's, so that mutations can make two of them clash.
        posts.push(...posts.map((p, i) => ({ ...p, slug: `${p.slug}-copy`, public_id: 100 + i })))
        for (const m of mutations) apply(payload, m)
        const list = (payload as { content?: { posts?: unknown } }).content?.posts
        if (!Array.isArray(list) || list.length < 2) return
        const shuffled = { ...payload, content: { ...payload.content, posts: list.map((_, i) => list[(i + seed) % list.length]).reverse() } }
        expect(validatePreviewData(shuffled).ok).toBe(validatePreviewData(payload).ok)
        expect(codes(shuffled)).toEqual(codes(payload))
      }),
      { numRuns: process.env.FC_NIGHTLY ? 3_000 : 1_000, seed: 20261121 },
    )
  }, 300_000)

  test.each([
    ['null', null],
    ['a number', 7],
    ['a string', '{}'],
    ['an array', [validPayload()]],
    ['an empty object', {}],
  ])('a non-payload (%s) is invalid, not an exception', (_name, value) => {
    const result = validatePreviewData(value)
    expect(result.ok).toBe(false)
    expect(isPreviewData(value)).toBe(false)
  })

  test('a cyclic menu is reported, not a stack overflow', () => {
    const payload = validPayload()
    const item = payload.menus!.primary.items[0]
    item.children.push(item)
    const result = validatePreviewData(payload)
    expect(result.ok).toBe(false)
  })

  test('a cyclic data object is reported', () => {
    const payload = validPayload()
    const data: Record<string, unknown> = {}
    data.self = data
    payload.content.posts[0].data = data as never
    expect(validatePreviewData(payload).ok).toBe(false)
  })

  test('a getter that throws does not escape', () => {
    const payload = validPayload() as unknown as Record<string, unknown>
    Object.defineProperty(payload, 'generator', { get: () => { throw new Error('boom') }, enumerable: true })
    expect(validatePreviewData(payload).ok).toBe(false)
  })

  test('a JSON __proto__ key is an unknown property, and nothing is polluted', () => {
    const payload = JSON.parse(JSON.stringify(validPayload()).replace('"title":"Field Notes"', '"title":"Field Notes","__proto__":{"polluted":1}'))
    const result = validatePreviewData(payload)
    expect(result.errors).toContainEqual(expect.objectContaining({ code: 'unknown_property', path: '/site/__proto__' }))
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
