import type { Collection, CollectionItem } from '../../contract/types.js'
import { checkFragment } from '../fragment.js'
import type { CollectionInput, CollectionItemInput } from '../inputs.js'
import { ArgumentCheck } from './_check.js'

/** Turns `{ post }` and `{ page }` shorthands into the contract's collection items. */
export function toCollectionItem(item: CollectionItemInput): CollectionItem {
  if ('post' in item && typeof item.post === 'string' && !('type' in item)) return { type: 'post', slug: item.post }
  if ('page' in item && typeof item.page === 'string' && !('type' in item)) return { type: 'page', path: item.page }
  return item as CollectionItem
}

/**
 * Checks a collection argument at the call (shape, slugs, paths, duplicates); whether its references resolve is
 * checked at build, when every post and page is known.
 */
export function checkCollection(id: string, input: CollectionInput): Collection {
  const entity = `collection "${id}"`
  const check = ArgumentCheck.of(entity, input).onlyKeys(['title', 'description', 'items'])
  if (!Array.isArray(input.items)) check.fail('invalid_type', ['items'], 'items must be an array.')
  const collection: Collection = { ...input, items: input.items.map((item, i) => toCollectionItem(shorthandChecked(ArgumentCheck.of(entity, item, ['items', i])))) }
  checkFragment({ collections: { [id]: collection } }, `/collections/${id}`, entity, ['unresolved_reference'])
  return collection
}

/**
 * A shorthand item names one post or one page and nothing else: `{ post: 'a', page: 'b' }` would otherwise become the
 * post alone. The contract's own `{ type, … }` form is left to the schema.
 */
function shorthandChecked(check: ArgumentCheck): CollectionItemInput {
  if ('type' in check.input) return check.input as CollectionItemInput
  const given = ['post', 'page'].filter((k) => k in check.input)
  if (given.length !== 1) check.fail(given.length === 0 ? 'missing_property' : 'invalid_argument', [], `give exactly one of post, page (or the contract's { type, slug | path })${given.length > 1 ? `; got ${given.join(' and ')}` : ''}.`)
  check.onlyKeys(given)
  return check.input as CollectionItemInput
}
