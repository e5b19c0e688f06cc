import type { IssueCode } from '../../validate/codes.js'
import { PreviewDataError, pointer } from '../../validate/issue.js'
import { checkSlugSegment, checkUrl, isBlank } from '../../validate/primitives/index.js'
import type { UrlClass } from '../../validate/primitives/index.js'
import { toTimestamp } from '../time.js'
import type { TimestampInput } from '../time.js'
import { dataIssues } from '../../validate/rules/data.js'
import { metaIssues } from '../../validate/rules/meta.js'

const VALID_SLUGS = new Set<string>()

/**
 * Checks one builder argument field by field, throwing a `PreviewDataError` that names the entity (`post "lisbon"`),
 * points into the argument (`/tag_slugs/2`) and says which rule broke. `at` is where the checked object sits inside
 * the call's argument (`['items', 0]` for a menu item), so pointers always start at the argument.
 */
export class ArgumentCheck {
  constructor(
    readonly entity: string,
    readonly input: Record<string, unknown>,
    readonly at: readonly (string | number)[] = [],
  ) {}

  /** Starts a check, refusing anything but a plain object. */
  static of(entity: string, input: unknown, at: readonly (string | number)[] = []): ArgumentCheck {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      const got = input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input
      throw new PreviewDataError('invalid_argument', `${entity}: expected an object${at.length > 0 ? ` at ${pointer(...at)}` : ''}, got ${got}.`, pointer(...at))
    }
    return new ArgumentCheck(entity, input as Record<string, unknown>, at)
  }

  fail(code: IssueCode, path: (string | number)[], message: string): never {
    throw new PreviewDataError(code, `${this.entity}: ${message}`, pointer(...this.at, ...path))
  }

  /** Unknown fields are mistakes (a typo such as `publshed_at_iso`), not extensions. */
  onlyKeys(allowed: readonly string[]): this {
    for (const key in this.input) {
      if (Object.hasOwn(this.input, key) && !allowed.includes(key) && this.input[key] !== undefined) {
        this.fail('unknown_property', [key], `unknown field "${key}"; the known fields are ${allowed.join(', ')}.`)
      }
    }
    return this
  }

  nonblank(field: string, required = true): string | undefined {
    const value = this.input[field]
    if (value === undefined) {
      if (required) this.fail('missing_property', [field], `${field} is required.`)
      return undefined
    }
    if (typeof value !== 'string') this.fail('invalid_type', [field], `${field} must be a string, not ${typeof value}.`)
    if (isBlank(value)) this.fail('blank_string', [field], `${field} must not be blank.`)
    return value
  }

  string(field: string): string | undefined {
    const value = this.input[field]
    if (value === undefined) return undefined
    if (typeof value !== 'string') this.fail('invalid_type', [field], `${field} must be a string, not ${typeof value}.`)
    return value
  }

  boolean(field: string): boolean | undefined {
    const value = this.input[field]
    if (value !== undefined && typeof value !== 'boolean') this.fail('invalid_type', [field], `${field} must be true or false.`)
    return value as boolean | undefined
  }

  oneOf<T extends string>(field: string, values: readonly T[]): T | undefined {
    const value = this.input[field]
    if (value === undefined) return undefined
    if (!values.includes(value as T)) this.fail('invalid_value', [field], `${field} must be one of ${values.map((v) => `"${v}"`).join(', ')}, not ${JSON.stringify(value)}.`)
    return value as T
  }

  positiveInteger(field: string): number | undefined {
    const value = this.input[field]
    if (value === undefined) return undefined
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) this.fail('out_of_range', [field], `${field} must be a positive integer, not ${JSON.stringify(value)}.`)
    return value
  }

  /**
   * A timestamp field: an RFC 3339 string, a zone-less date or time (read in `timezone`), a `Date` or a `DateTime`.
   * Returns it as RFC 3339.
   */
  timestamp(field: string, timezone: string, required = false): string | undefined {
    const value = this.input[field]
    if (value === undefined) {
      if (required) this.fail('missing_property', [field], `${field} is required (an RFC 3339 timestamp, a date, a Date or a DateTime).`)
      return undefined
    }
    const result = toTimestamp(value as TimestampInput, timezone)
    // A number is shown as one: quoted, 1714550400000 read as a string that the builder refused.
    if (!result.ok) this.fail('invalid_timestamp', [field], `${field} ${typeof value === 'number' ? value : JSON.stringify(String(value))} ${result.reason}.`)
    return result.value
  }

  /** A slug field, or item `index` of a slug list field when `index` is given. */
  slug(field: string, value: unknown = this.input[field], index?: number): string | undefined {
    if (value === undefined) return undefined
    if (typeof value === 'string' && VALID_SLUGS.has(value)) return value
    // The path is built only for a failure: the common case runs a hundred thousand times.
    const path = index === undefined ? [field] : [field, index]
    if (typeof value !== 'string') this.fail('invalid_type', path, `${path.join('.')} must be a string.`)
    const reason = checkSlugSegment(value)
    if (reason) this.fail('invalid_slug', path, `${path.join('.')} "${value}" is not a valid slug: ${reason}.`)
    // Taxonomy references repeat across thousands of posts: remember recent valid ones (bounded, so memory is too).
    if (VALID_SLUGS.size >= 4096) VALID_SLUGS.clear()
    VALID_SLUGS.add(value)
    return value
  }

  url(field: string, cls: UrlClass): string | undefined {
    const value = this.input[field]
    if (value === undefined) return undefined
    if (typeof value !== 'string') this.fail('invalid_type', [field], `${field} must be a string.`)
    const reason = checkUrl(value, cls)
    if (reason) this.fail('invalid_url', [field], `${field} "${value}" is not allowed: ${reason}.`)
    return value
  }

  stringList(field: string): string[] | undefined {
    const value = this.input[field]
    if (value === undefined) return undefined
    if (!Array.isArray(value)) this.fail('invalid_type', [field], `${field} must be an array of strings.`)
    for (let i = 0; i < value.length; i++) {
      if (typeof value[i] !== 'string') this.fail('invalid_type', [field, i], `${field}[${i}] must be a string.`)
    }
    return value as string[]
  }

  meta(field = 'meta'): void {
    const value = this.input[field]
    if (value === undefined) return
    if (typeof value !== 'object' || value === null || Array.isArray(value)) this.fail('invalid_meta', [field], `${field} must be an object of scalar values.`)
    const [issue] = metaIssues(value as Record<string, unknown>, [field])
    if (issue) throw new PreviewDataError(issue.code, `${this.entity}: ${issue.message}`, issue.path)
  }

  data(field = 'data'): void {
    const value = this.input[field]
    if (value === undefined) return
    if (typeof value !== 'object' || value === null || Array.isArray(value)) this.fail('invalid_data', [field], `${field} must be an object.`)
    const [issue] = dataIssues(value as Record<string, unknown>, [field])
    if (issue) throw new PreviewDataError(issue.code, `${this.entity}: ${issue.message}`, issue.path)
  }
}
