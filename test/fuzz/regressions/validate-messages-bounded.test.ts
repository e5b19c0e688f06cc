// Found by the payload fuzz suite (seed 2024137730, case 122): a page whose slug was 2 MB of emoji made a 2 MB
// message (`The path of page "🎉🎉🎉…"`), and `validate --format json` a 2 MB line for it. Entity names in messages
// are cut like any other value now. Here every string of two full payloads is made 100 KB longer, and a page path
// 20,000 segments long is named as the front page: no message may grow with them.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { validatePreviewData } from '../../../src/index.js'
import { validPayload } from '../../helpers/payload.js'

const full = JSON.parse(readFileSync(fileURLToPath(new URL('../../fixtures/schema/full.json', import.meta.url)), 'utf8')) as unknown

function inflate(value: unknown): unknown {
  if (typeof value === 'string') return value + '🎉'.repeat(50_000)
  if (Array.isArray(value)) return value.map(inflate)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inflate(v)]))
  return value
}

test.each([
  ['the full fixture', full],
  ['the helpers payload', validPayload()],
])('%s with every string 100 KB longer: every message stays short', (_name, payload) => {
  const { errors } = validatePreviewData(inflate(payload))
  expect(errors.length).toBeGreaterThan(20)
  const long = errors.filter((e) => e.message.length > 1_000).map((e) => `${e.code} ${e.path}: ${e.message.length}`)
  expect(long).toEqual([])
})

// (Seed 2024137730, case 289: `No author has id "\\\\…"`, 65,628 characters.) References and duplicates quote
// the value they name: an unknown author, a slug or media src twice, a collection item that resolves to nothing.
test('messages about references and duplicates quote a cut value', () => {
  const huge = 'é'.repeat(100_000)
  const payload = validPayload()
  payload.site.front_page = { type: 'page', page_path: Array(20_000).fill('a').join('/') }
  const post = payload.content.posts[0]
  payload.content.posts.push({ ...post, public_id: 999, author_id: `${huge}x`, tag_slugs: [huge.slice(0, 150), huge.slice(0, 150)] })
  payload.content.authors.push({ id: huge, display_name: 'A' }, { id: huge, display_name: 'B' })
  payload.content.media = [...(payload.content.media ?? []), { src: `/${huge}.png`, width: 1, height: 1 }, { src: `/${huge}.png`, width: 1, height: 1 }]
  payload.collections = { [huge]: { items: [{ type: 'post', slug: huge }, { type: 'page', path: `${huge}/x` }] } }
  ;(post as { meta?: Record<string, unknown> }).meta = { [huge]: {} }
  ;(post as { data?: Record<string, unknown> }).data = { [`-${huge}`]: 1 }
  const { errors } = validatePreviewData(payload)
  const codes = new Set(errors.map((e) => e.code))
  for (const code of ['unresolved_front_page', 'unresolved_author', 'duplicate_slug', 'duplicate_id', 'duplicate_src', 'invalid_meta', 'invalid_data']) expect(codes, code).toContain(code)
  expect(errors.filter((e) => e.message.length > 1_000).map((e) => `${e.code} ${e.path.slice(0, 60)}: ${e.message.length}`)).toEqual([])
})
