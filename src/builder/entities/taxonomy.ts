import type { Category, Tag } from '../../contract/types.js'
import { normalizeSlug } from '../../validate/primitives/index.js'
import type { TaxonomyInput } from '../inputs.js'
import { slugOrFallback } from '../slug.js'
import { ArgumentCheck } from './_check.js'

const TAXONOMY_KEYS = ['name', 'slug', 'description'] as const

/**
 * Checks a category or tag argument and returns the contract entry, deriving the slug from the name when omitted.
 * @example
 * toTaxonomy('category', { name: 'Travel Notes' }) // { name: 'Travel Notes', slug: 'travel-notes' }
 */
export function toTaxonomy(kind: 'category' | 'tag', input: TaxonomyInput): Category | Tag {
  const name = typeof (input as { name?: unknown })?.name === 'string' ? input.name : undefined
  const check = ArgumentCheck.of(name === undefined ? kind : `${kind} "${name}"`, input).onlyKeys(TAXONOMY_KEYS)
  const entry: Category = { name: check.nonblank('name')!, slug: '' }
  entry.slug = normalizeSlug(check.slug('slug') ?? slugOrFallback(entry.name, kind))
  const description = check.string('description')
  if (description !== undefined) entry.description = description
  return entry
}

/**
 * The entry created for a reference nobody declared: from a slug, the name is the slug with spaces for dashes.
 * @example
 * taxonomyFromSlug('travel-notes') // { name: 'travel notes', slug: 'travel-notes' }
 */
export function taxonomyFromSlug(slug: string): Category {
  return { name: slug.replace(/[-_]+/g, ' ').trim() || slug, slug }
}

/** Categories and tags sort by name, then slug (code-unit order, independent of locale). */
export function compareTaxonomies(a: Category, b: Category): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0
}
