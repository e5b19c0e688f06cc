import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { FAST_SHAPE_FILE, FULL_SHAPE_FILE, fastShapeSource, fullShapeSource } from '../../scripts/shape-validator.js'
import schema from '../../src/contract/preview-data.v0.7.schema.json' with { type: 'json' }
import validate from '../../src/validate/generated/fast-shape.js'
import * as full from '../../src/validate/generated/full-shape.js'
import { validPayload } from '../helpers/payload.js'

test.each([
  ['fast-shape.js', FAST_SHAPE_FILE, fastShapeSource],
  ['full-shape.js', FULL_SHAPE_FILE, fullShapeSource],
])('%s is what the schema compiles to today (else run npm run generate:validator)', (_name, file, source) => {
  expect(readFileSync(file, 'utf8') === source()).toBe(true)
})

test.each([FAST_SHAPE_FILE, FULL_SHAPE_FILE])('%s is a plain ES module: no require, no Node built-in, no copy of the schema', (file) => {
  const code = readFileSync(file, 'utf8')
  expect(code).not.toMatch(/\brequire\s*\(|createRequire|from 'node:|from "node:/)
  expect(code).not.toContain(JSON.stringify(schema.description))
})

test('the precompiled first pass accepts a valid payload and rejects a broken shape', () => {
  expect(validate(validPayload())).toBe(true)
  const broken = validPayload() as unknown as { content: { posts: { title: unknown }[] } }
  broken.content.posts[0].title = 42
  expect(validate(broken)).toBe(false)
  expect(validate({ version: '0.7' })).toBe(false)
})

test('the all-errors pass names each failing subschema by the very object of the imported schema', () => {
  const broken = validPayload() as unknown as { content: { posts: Record<string, unknown>[] } }
  broken.content.posts[0].title = ' '
  broken.content.posts[0].public_id = 0
  expect(full.full(broken)).toBe(false)
  const defs = schema.$defs as Record<string, unknown>
  const parents = (full.full.errors ?? []).map((e) => e.parentSchema)
  expect(parents).toContain(defs.nonblankString)
  expect(full.post(broken.content.posts[0])).toBe(false)
  expect(full.post.errors?.map((e) => [e.instancePath, e.keyword])).toEqual([
    ['/public_id', 'minimum'],
    ['/title', 'pattern'],
  ])
})
