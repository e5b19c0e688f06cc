import { sortKeysDeep } from '../../canonicalize.js'
import { DOCUMENT_TYPES, STATUSES } from '../../contract/constants.js'
import type { Post } from '../../contract/types.js'
import { KeySet, normalizeSlug, parseTimestamp } from '../../validate/primitives/index.js'
import { plainTextExcerpt } from '../excerpt.js'
import type { PostInput } from '../inputs.js'
import { slugFor, slugOrFallback } from '../slug.js'
import { toTimestamp } from '../time.js'
import { ArgumentCheck } from './_check.js'
import { ownCopy } from './_copy.js'
import { checkDocumentExtras } from './document-extras.js'

const POST_KEYS = [
  'title', 'slug', 'public_id', 'content', 'document_type', 'excerpt', 'published_at_iso', 'updated_at_iso', 'author_id', 'status',
  'category_slugs', 'tag_slugs', 'categories', 'tags', 'featured_image', 'meta', 'data', 'discoverability', 'allow_comments', 'comments',
] as const

/** A checked Post argument: the input as given plus what the builder derived from it. */
export type PostRecord = {
  input: PostInput
  /** The explicit slug (NFC), or the slug derived from the title, before collision suffixes. */
  slug: string
  explicitSlug: boolean
  categorySlugs: string[]
  tagSlugs: string[]
  /** Every display name given through `categories` and `tags`, in order, with the slug it derives: resolved against
   * declared names at build, and naming the entries created for undeclared ones. */
  categoryNameRefs: readonly NameRef[]
  tagNameRefs: readonly NameRef[]
  excerpt?: string
  /** The timestamps as read in `times.timezone`, kept so a build in the same time zone does not read them again. */
  times: PostTimes
}

/** A reference by display name (`tags: ['Travel']`): the name as given and the slug it derives. */
export type NameRef = { name: string; slug: string }

/** A Post's timestamps in one time zone, as RFC 3339, and the publication instant. */
export type PostTimes = { timezone: string; published: string; updated: string; ms: number }

/**
 * Checks a Post argument at the call: every field against its rule (timestamps are checked in `timezone`, and read
 * again at build in the final site time zone). Throws a `PreviewDataError` naming the post, the field and the rule.
 * @example
 * checkPost({ title: 'Lisbon', author_id: 'ana', published_at_iso: '2024-05-01' }, 'UTC').slug // 'lisbon'
 */
export function checkPost(input: PostInput, timezone: string): PostRecord {
  const given = input as Partial<PostInput> | undefined
  const label = typeof given?.slug === 'string' ? `post "${given.slug}"` : typeof given?.title === 'string' ? `post "${given.title}"` : 'post'
  const check = ArgumentCheck.of(label, input).onlyKeys(POST_KEYS)
  const title = check.nonblank('title')!
  const explicit = check.slug('slug')
  check.positiveInteger('public_id')
  check.string('content')
  check.oneOf('document_type', DOCUMENT_TYPES)
  check.string('excerpt')
  const published = check.timestamp('published_at_iso', timezone, true)!
  const updated = check.timestamp('updated_at_iso', timezone)
  check.nonblank('author_id')
  check.oneOf('status', STATUSES)
  const categoryNameRefs: NameRef[] = []
  const tagNameRefs: NameRef[] = []
  const categorySlugs = references(check, 'category_slugs', 'categories', categoryNameRefs)
  const tagSlugs = references(check, 'tag_slugs', 'tags', tagNameRefs)
  checkDocumentExtras(check)
  const slug = explicit !== undefined ? normalizeSlug(explicit) : slugOrFallback(title, 'post')
  const times = { timezone, published, updated: updated ?? published, ms: parseTimestamp(published)?.epochMs ?? 0 }
  const own = ownCopy(input)
  // Without display names the references are exactly the copied slug lists: one array each, not two.
  const sameAs = (refs: string[], list: string[] | undefined) => (list !== undefined && refs.length === list.length ? list : refs)
  return { input: own, slug, explicitSlug: explicit !== undefined, categorySlugs: sameAs(categorySlugs, own.category_slugs), tagSlugs: sameAs(tagSlugs, own.tag_slugs), categoryNameRefs: nameRefs(categoryNameRefs), tagNameRefs: nameRefs(tagNameRefs), times }
}

/**
 * Slug references from `<kind>_slugs` (checked, NFC-unique for tags) followed by those of the display names in
 * `<kind>s`; a name whose slug is already listed adds nothing here. Every name also goes to `refs`, so that build can
 * point it at a declared entry of that name (which may have another slug).
 */
function references(check: ArgumentCheck, slugField: 'category_slugs' | 'tag_slugs', nameField: 'categories' | 'tags', refs: NameRef[]): string[] {
  const slugs = check.stringList(slugField) ?? NONE
  const seen = new KeySet()
  for (let i = 0; i < slugs.length; i++) {
    const ref = slugs[i]
    check.slug(slugField, ref, i)
    const key = normalizeSlug(ref)
    if (seen.has(key) && slugField === 'tag_slugs') check.fail('duplicate_slug', [slugField, i], `tag "${ref}" is listed twice in tag_slugs (after NFC); list each tag once.`)
    seen.add(key)
  }
  const byName = check.stringList(nameField)
  if (byName === undefined || byName.length === 0) return slugs.slice()
  const out = slugs.slice()
  byName.forEach((name, i) => {
    const slug = slugFor(name)
    if (slug === '') check.fail('invalid_slug', [nameField, i], `${nameField}[${i}] "${name}" gives no usable slug; pass it through ${slugField} with an explicit slug.`)
    refs.push({ name: name.trim(), slug })
    if (!seen.has(slug)) {
      seen.add(slug)
      out.push(slug)
    }
  })
  return out
}

const NONE: readonly string[] = Object.freeze([])
const NO_NAME_REFS: readonly NameRef[] = Object.freeze([])

function nameRefs(refs: NameRef[]): readonly NameRef[] {
  return refs.length === 0 ? NO_NAME_REFS : refs
}

/**
 * The contract Post of a record at build, with its final slug and id and timestamps read in the final time zone.
 * @example
 * toPost(record, 'lisbon', 1, 'Europe/Lisbon').published_at_iso
 *
 * `refs` are the category and tag slugs to emit (the record's, unless build resolved display names differently).
 */
export function toPost(record: PostRecord, slug: string, publicId: number, timezone: string, refs: { categories: readonly string[]; tags: readonly string[] } = { categories: record.categorySlugs, tags: record.tagSlugs }): Post {
  const input = record.input
  const { published, updated } = postTimes(record, timezone)
  const type = input.document_type ?? 'markdown'
  const content = input.content ?? ''
  const post: Post = {
    public_id: publicId,
    title: input.title,
    slug,
    content,
    document_type: type,
    excerpt: postExcerpt(record),
    published_at_iso: published,
    updated_at_iso: updated,
    author_id: input.author_id,
    status: input.status ?? 'published',
    category_slugs: refs.categories.slice(),
    tag_slugs: refs.tags.slice(),
  }
  // Built in canonical key order, with fresh objects: a payload never shares mutable parts with the builder.
  if (input.featured_image !== undefined) post.featured_image = input.featured_image
  if (input.meta !== undefined) post.meta = sortKeysDeep(input.meta)
  if (input.data !== undefined) post.data = sortKeysDeep(input.data)
  if (input.discoverability !== undefined && input.discoverability !== 'default') post.discoverability = input.discoverability
  if (input.allow_comments !== undefined) post.allow_comments = input.allow_comments
  if (input.comments !== undefined) post.comments = { request_token: input.comments.request_token }
  return post
}

/** A Post's excerpt: the one given, else one made from its content (once; kept on the record). */
export function postExcerpt(record: PostRecord): string {
  record.excerpt ??= record.input.excerpt ?? plainTextExcerpt(record.input.content ?? '', record.input.document_type ?? 'markdown')
  return record.excerpt
}

/**
 * A Post's timestamps read in the final site time zone: those read at the call when the zone is the same (it is
 * unless `.site({ timezone })` came later), else read again (and kept for the next build).
 */
export function postTimes(record: PostRecord, timezone: string): PostTimes {
  if (record.times.timezone !== timezone) {
    const published = resolveTimestamp(record.input.published_at_iso, timezone)
    const updated = record.input.updated_at_iso === undefined ? published : resolveTimestamp(record.input.updated_at_iso, timezone)
    record.times = { timezone, published, updated, ms: parseTimestamp(published)?.epochMs ?? 0 }
  }
  return record.times
}

/** A timestamp already checked at the call, read in the final site time zone. */
export function resolveTimestamp(value: PostInput['published_at_iso'], timezone: string): string {
  const result = toTimestamp(value, timezone)
  return result.ok ? result.value : String(value)
}

/** Posts sort newest first (by publication instant in ms), then by `public_id`. */
export function comparePosts(a: { ms: number; id: number }, b: { ms: number; id: number }): number {
  return b.ms - a.ms || a.id - b.id
}
