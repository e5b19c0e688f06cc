import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { SHAPE_VALIDATOR_FILE, shapeValidatorSource } from '../../scripts/shape-validator.js'
import validate from '../../src/validate/generated/fast-shape.js'
import { validPayload } from '../helpers/payload.js'

test('the precompiled first pass is what the schema compiles to today (else run npm run generate:validator)', () => {
  expect(readFileSync(SHAPE_VALIDATOR_FILE, 'utf8') === shapeValidatorSource()).toBe(true)
})

test('the precompiled first pass accepts a valid payload and rejects a broken shape', () => {
  expect(validate(validPayload())).toBe(true)
  const broken = validPayload() as unknown as { content: { posts: { title: unknown }[] } }
  broken.content.posts[0].title = 42
  expect(validate(broken)).toBe(false)
  expect(validate({ version: '0.7' })).toBe(false)
})
