import { DISCOVERABILITY_VALUES, LIMITS } from '../../contract/constants.js'
import { codePointLength, isBlank } from '../../validate/primitives/index.js'
import type { ArgumentCheck } from './_check.js'

/** Checks an item's `comments` argument: a closed `{ request_token }` with a nonblank token of at most 512 code points. */
export function checkItemComments(check: ArgumentCheck): void {
  const value = check.input.comments
  if (value === undefined) return
  if (typeof value !== 'object' || value === null || Array.isArray(value)) check.fail('invalid_type', ['comments'], 'comments must be an object { request_token }.')
  for (const key of Object.keys(value)) {
    if (key !== 'request_token') check.fail('unknown_property', ['comments', key], `unknown field "comments.${key}"; comments holds only request_token.`)
  }
  const token = (value as { request_token?: unknown }).request_token
  if (typeof token !== 'string') check.fail('missing_property', ['comments', 'request_token'], 'comments.request_token is required (a nonblank string).')
  if (isBlank(token)) check.fail('blank_string', ['comments', 'request_token'], 'comments.request_token must not be blank.')
  if (codePointLength(token) > LIMITS.requestTokenCodePoints) check.fail('too_long', ['comments', 'request_token'], `comments.request_token has more than ${LIMITS.requestTokenCodePoints} code points: give the token exactly as your comment provider issued it.`)
}

/**
 * The optional fields Posts and Pages share: `featured_image` (a media URL), `meta`, `data`, `discoverability`,
 * `allow_comments` and `comments`.
 */
export function checkDocumentExtras(check: ArgumentCheck): void {
  check.url('featured_image', 'media')
  check.meta()
  check.data()
  check.oneOf('discoverability', DISCOVERABILITY_VALUES)
  check.boolean('allow_comments')
  checkItemComments(check)
}
