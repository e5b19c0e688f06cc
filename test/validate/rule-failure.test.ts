import { afterEach, expect, test, vi } from 'vitest'
import { validatePreviewData } from '../../src/index.js'
import { RULES } from '../../src/validate/rules/index.js'
import { validPayload } from '../helpers/payload.js'

afterEach(() => {
  vi.restoreAllMocks()
})

// A rule that throws on a payload of the right shape has not checked it: the payload must not pass as valid (a rule
// whose findings overflowed the stack once let 150,000 posts by an undeclared author through).
test('a rule that cannot finish on a well-shaped payload makes it invalid, naming the rule and the fault', () => {
  expect(validatePreviewData(validPayload()).ok).toBe(true)
  const rule = RULES[0]
  vi.spyOn(rule, 'check').mockImplementation(() => {
    throw new RangeError('Maximum call stack size exceeded')
  })
  const result = validatePreviewData(validPayload())
  expect(result.ok).toBe(false)
  expect(result.errors).toEqual([expect.objectContaining({ code: rule.code, path: '', message: expect.stringMatching(/could not finish.*Maximum call stack size exceeded.*not known to be valid.*please report/) })])
})

test('on a payload of the wrong shape, a rule that throws is not reported: the shape issues say what is wrong', () => {
  const payload = validPayload() as unknown as { site: { title: unknown } }
  payload.site.title = 42
  vi.spyOn(RULES[0], 'check').mockImplementation(() => {
    throw new TypeError('x is not a function')
  })
  const result = validatePreviewData(payload)
  expect(result.ok).toBe(false)
  expect(result.errors.some((e) => e.path === '/site/title')).toBe(true)
  expect(result.errors.some((e) => e.message.includes('could not finish'))).toBe(false)
})
