import type { Author } from '../../contract/types.js'
import { ArgumentCheck } from './_check.js'

const AUTHOR_KEYS = ['id', 'display_name', 'avatar'] as const

/**
 * Checks an author argument and returns the contract Author.
 * @example
 * toAuthor({ id: 'ana', display_name: 'Ana Lima' })
 */
export function toAuthor(input: Author): Author {
  const id = typeof (input as { id?: unknown })?.id === 'string' ? (input as Author).id : undefined
  const check = ArgumentCheck.of(id === undefined ? 'author' : `author "${id}"`, input).onlyKeys(AUTHOR_KEYS)
  const author: Author = { id: check.nonblank('id')!, display_name: check.nonblank('display_name')! }
  const avatar = check.url('avatar', 'media')
  if (avatar !== undefined) author.avatar = avatar
  return author
}

/** Authors sort by id (code-unit order, independent of locale). */
export function compareAuthors(a: Author, b: Author): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}
