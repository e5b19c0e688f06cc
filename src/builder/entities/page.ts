import { sortKeysDeep } from '../../canonicalize.js'
import { DOCUMENT_TYPES, STATUSES } from '../../contract/constants.js'
import type { Page } from '../../contract/types.js'
import { checkPagePath, normalizeSlug } from '../../validate/primitives/index.js'
import type { PageInput } from '../inputs.js'
import { slugOrFallback } from '../slug.js'
import { ArgumentCheck } from './_check.js'
import { ownCopy } from './_copy.js'
import { checkDocumentExtras } from './document-extras.js'
import { resolveTimestamp } from './post.js'

const PAGE_KEYS = [
  'title', 'slug', 'path', 'public_id', 'content', 'document_type', 'status', 'excerpt', 'featured_image', 'updated_at_iso', 'meta', 'data',
  'discoverability', 'allow_comments', 'comments',
] as const

/** A checked Page argument. */
export type PageRecord = {
  input: PageInput
  /** Explicit slug (NFC), else the last component of `path`, else derived from the title. */
  slug: string
  explicitSlug: boolean
  /** Explicit `path` (NFC), when given. */
  path?: string
}

/**
 * Checks a Page argument at the call; throws a `PreviewDataError` naming the page, the field and the rule.
 * @example
 * checkPage({ title: 'Team', path: 'about/team' }, 'UTC').slug // 'team'
 */
export function checkPage(input: PageInput, timezone: string): PageRecord {
  const given = input as Partial<PageInput> | undefined
  const name = given?.path ?? given?.slug ?? given?.title
  const check = ArgumentCheck.of(typeof name === 'string' ? `page "${name}"` : 'page', input).onlyKeys(PAGE_KEYS)
  const title = check.nonblank('title')!
  const explicit = check.slug('slug')
  const path = check.string('path')
  if (path !== undefined) {
    const reason = checkPagePath(path)
    if (reason) check.fail('invalid_route_path', ['path'], `path "${path}" ${reason}; write it like "about/team", without leading or trailing slash.`)
  }
  check.positiveInteger('public_id')
  check.string('content')
  check.oneOf('document_type', DOCUMENT_TYPES)
  check.oneOf('status', STATUSES)
  check.string('excerpt')
  check.timestamp('updated_at_iso', timezone)
  checkDocumentExtras(check)
  const normalizedPath = path === undefined ? undefined : normalizeSlug(path)
  const slug =
    explicit !== undefined
      ? normalizeSlug(explicit)
      : normalizedPath !== undefined
        ? normalizedPath.slice(normalizedPath.lastIndexOf('/') + 1)
        : slugOrFallback(title, 'page')
  return { input: ownCopy(input), slug, explicitSlug: explicit !== undefined || path !== undefined, path: normalizedPath }
}

/**
 * The contract Page of a record at build.
 * @example
 * toPage(record, 'about', undefined, 'UTC')
 */
export function toPage(record: PageRecord, slug: string, publicId: number | undefined, timezone: string): Page {
  const input = record.input
  const page: Page = {
    title: input.title,
    slug,
    content: input.content ?? '',
    document_type: input.document_type ?? 'markdown',
    status: input.status ?? 'published',
  }
  if (publicId !== undefined) page.public_id = publicId
  if (record.path !== undefined) page.path = record.path
  if (input.excerpt !== undefined) page.excerpt = input.excerpt
  if (input.featured_image !== undefined) page.featured_image = input.featured_image
  if (input.updated_at_iso !== undefined) page.updated_at_iso = resolveTimestamp(input.updated_at_iso, timezone)
  if (input.meta !== undefined) page.meta = sortKeysDeep(input.meta)
  if (input.data !== undefined) page.data = sortKeysDeep(input.data)
  if (input.discoverability !== undefined && input.discoverability !== 'default') page.discoverability = input.discoverability
  if (input.allow_comments !== undefined) page.allow_comments = input.allow_comments
  if (input.comments !== undefined) page.comments = { request_token: input.comments.request_token }
  return page
}
