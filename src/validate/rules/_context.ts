import type { Site } from '../../contract/types.js'
import type { IssueCode } from '../codes.js'
import type { PreviewDataIssue } from '../issue.js'
import { checkPermalinkPattern, effectivePagePath } from '../../routes/index.js'
import { checkTimezone, normalizeSlug } from '../primitives/index.js'
import { checkNormalizedSlugSegment } from '../primitives/slug.js'

/** A payload of unknown shape: rules read it defensively, since they also run when the schema check failed. */
export type Loose = Record<string, unknown>

/** Per-validation memo and derived values shared by the rules. */
export class RuleContext {
  readonly payload: Loose
  private slugRefs = new Map<string, SlugRef>()
  private pagePaths: (string | undefined)[] | undefined
  private readonly entitySlugs = new Map<SluggedKind, SlugFacts>()

  constructor(payload: Loose) {
    this.payload = payload
  }

  get site(): Loose | undefined {
    return record(this.payload.site)
  }

  get content(): Loose | undefined {
    return record(this.payload.content)
  }

  /** `content[key]` when it is an array, else an empty list. */
  list(key: 'authors' | 'posts' | 'pages' | 'categories' | 'tags' | 'media'): unknown[] {
    const value = this.content?.[key]
    return Array.isArray(value) ? value : []
  }

  /**
   * A slug reference's NFC form and the slug policy's verdict on it, memoized: tag and category references repeat
   * across thousands of posts (on the benchmark's 10,000 posts, 23,000 references name 1,300 tags), and a
   * non-ASCII one would otherwise be normalized again by each rule that reads it.
   */
  slugRef(value: string): SlugRef {
    let ref = this.slugRefs.get(value)
    if (ref === undefined) {
      const key = normalizeSlug(value)
      ref = { key, reason: checkNormalizedSlugSegment(key) }
      this.slugRefs.set(value, ref)
    }
    return ref
  }

  /**
   * The slug of each post, page, category or tag (undefined where it is not a string), with its NFC form and the slug
   * policy's verdict: read once for the several rules that need them, since on a hundred thousand posts each extra
   * pass over the slugs costs as much as the check itself.
   */
  slugFacts(kind: SluggedKind): SlugFacts {
    let facts = this.entitySlugs.get(kind)
    if (!facts) {
      const items = this.list(kind)
      facts = { slugs: [], keys: [], reasons: [] }
      for (let i = 0; i < items.length; i++) {
        const slug = str(record(items[i]), 'slug')
        const key = slug === undefined ? undefined : normalizeSlug(slug)
        facts.slugs.push(slug)
        facts.keys.push(key)
        facts.reasons.push(key === undefined ? null : checkNormalizedSlugSegment(key))
      }
      this.entitySlugs.set(kind, facts)
    }
    return facts
  }

  /** The site as the route code needs it, with invalid permalink patterns replaced by the defaults. */
  routeSite(): Pick<Site, 'permalinks' | 'timezone'> {
    const site = this.site ?? {}
    const permalinks = record(site.permalinks) ?? {}
    const safe: Record<string, unknown> = {}
    for (const kind of ['posts', 'pages', 'categories', 'tags'] as const) {
      const pattern = permalinks[kind]
      if (typeof pattern === 'string' && checkPermalinkPattern(kind, pattern) === null) safe[kind] = pattern
    }
    if (permalinks.output_style === 'html-extension') safe.output_style = 'html-extension'
    // An invalid zone is reported by its own rule; routes still need one to compute date tokens.
    const timezone = typeof site.timezone === 'string' && checkTimezone(site.timezone) === null ? site.timezone : 'UTC'
    return { permalinks: safe, timezone }
  }

  /** NFC effective path of each Page (undefined where its slug or path is unusable). */
  effectivePagePaths(): (string | undefined)[] {
    if (!this.pagePaths) {
      const site = this.routeSite()
      this.pagePaths = this.list('pages').map((page) => {
        const p = record(page)
        if (!p) return undefined
        if (typeof p.path === 'string') return normalizeSlug(p.path)
        if (typeof p.slug !== 'string') return undefined
        return effectivePagePath({ slug: p.slug }, site)
      })
    }
    return this.pagePaths
  }
}

/** The entities that have slugs. */
export type SluggedKind = 'posts' | 'pages' | 'categories' | 'tags'

/** A slug reference's NFC form, and why it breaks the slug policy (null if it does not). */
export type SlugRef = { key: string; reason: string | null }

/** Per entity, in list order: the slug as written, its NFC form, and why it breaks the slug policy (null if it does not). */
export type SlugFacts = { slugs: (string | undefined)[]; keys: (string | undefined)[]; reasons: (string | null)[] }

/** A semantic rule: one concern, one primary code, a plain function of the payload. */
export type Rule = {
  code: IssueCode
  check(ctx: RuleContext): PreviewDataIssue[]
}

/** The value as a plain record, or undefined. */
export function record(value: unknown): Loose | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : undefined
}

/** The string at `obj[key]`, or undefined. */
export function str(obj: Loose | undefined, key: string): string | undefined {
  const value = obj?.[key]
  return typeof value === 'string' ? value : undefined
}

/** How an entity is named in messages: `post "hello"`, `page "about/team"`, `author "ana"`. */
export function entityName(kind: string, value: unknown, index: number): string {
  // The name is a slug the payload gave: cut like any other value, so a megabyte slug does not make a megabyte message.
  return typeof value === 'string' ? `${kind} "${clip(value)}"` : `${kind} #${index}`
}

/** Long values are cut in messages so a megabyte string does not become a megabyte message. */
export function clip(value: string, max = 80): string {
  return value.length > max ? `${value.slice(0, max)}…` : value
}

const SUGGESTS = /(?:; |\()use "[^"]*"\)?$/

/**
 * A reason and the general advice after it (`…: use a canonical BCP 47 tag such as en-US`), or just the reason when it
 * already names the value to write (`is not canonical; use "en-US"`): one instruction, not two.
 * @example
 * withAdvice('is empty', 'use UTC') // 'is empty: use UTC.'
 */
export function withAdvice(reason: string, advice: string): string {
  return SUGGESTS.test(reason) ? `${reason}.` : `${reason}: ${advice}.`
}
