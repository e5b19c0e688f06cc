import type { PreviewData, Site } from '../contract/types.js'
import type { IssueCode } from '../validate/codes.js'
import { validatePreviewData } from '../validate/index.js'
import { PreviewDataError } from '../validate/issue.js'

/**
 * The site fields the contract requires, with the values the builder states when a producer leaves them out.
 * `title` has no default: a site needs a name.
 */
export const SITE_DEFAULTS: Omit<Site, 'title'> = {
  description: '',
  url: '',
  media_origin: '',
  locale: 'en-US',
  posts_per_page: 10,
  date_style: 'medium',
  time_style: 'short',
  timezone: 'UTC',
}

/**
 * Checks one part of a payload at the call that adds it, by validating it inside an otherwise minimal payload and
 * keeping the issues under `prefix`. Throws one `PreviewDataError` naming the entity, with pointers relative to the
 * call's argument. Codes in `ignore` depend on the rest of the payload and are left to `build()`.
 */
export function checkFragment(fragment: Partial<PreviewData>, prefix: string, entity: string, ignore: readonly IssueCode[] = []): void {
  const probe = {
    version: '0.7',
    generator: 'builder',
    generated_at: '2000-01-01T00:00:00Z',
    content: { authors: [], posts: [], pages: [], categories: [], tags: [] },
    ...fragment,
    site: { title: 'site', ...SITE_DEFAULTS, ...fragment.site },
  }
  const result = validatePreviewData(probe)
  const issues = result.errors.filter((i) => (i.path === prefix || i.path.startsWith(`${prefix}/`)) && !ignore.includes(i.code))
  if (issues.length === 0) return
  const relative = issues.map((i) => ({ ...i, path: i.path.slice(prefix.length) }))
  const first = relative[0]
  const more = relative.length > 1 ? ` (and ${relative.length - 1} more: ${relative.slice(1, 4).map((i) => `${i.path || '/'} ${i.code}`).join(', ')})` : ''
  // The validator names some entities itself ('menu "main" item "Home": url …'): the call's name is not said twice.
  const named = first.message.toLowerCase().includes(entity.toLowerCase())
  throw new PreviewDataError(first.code, `${named ? '' : `${entity}: `}${first.message}${more}`, first.path, relative)
}
