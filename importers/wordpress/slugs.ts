import { LIMITS } from './limits.js'
import { sanitizeTitle } from './sanitize-title.js'

// The contract's slug segment: letters, marks, decimal digits, `_`, `-`, isolated internal periods; 200 code points.
const VALID_SLUG = /^(?=.*[\p{L}\p{Nd}])[\p{L}\p{M}\p{Nd}_-]+(?:\.[\p{L}\p{M}\p{Nd}_-]+)*$/u
const NOT_SLUG_CHARS = /[^\p{L}\p{M}\p{Nd}_.-]+/gu

/**
 * Decodes a slug the way WordPress stores non-Latin ones (`%d8%a2…`) into NFC Unicode. Malformed percent
 * sequences are left as they are (the repair step then removes the `%`).
 * @example
 * decodeWpSlug('%d8%a2%d8%b1%da%86') // 'آرچ'
 */
export function decodeWpSlug(raw: string): string {
  const text = raw.trim()
  if (!text.includes('%')) return text.normalize('NFC')
  try {
    return decodeURIComponent(text).normalize('NFC')
  } catch {
    // Decode each run of well-formed escapes on its own so one stray `%` does not cost the whole slug.
    return text
      .replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
        try {
          return decodeURIComponent(run)
        } catch {
          return run
        }
      })
      .normalize('NFC')
  }
}

/** Whether `slug` already satisfies the contract's slug segment policy. */
export function isValidSlug(slug: string): boolean {
  return VALID_SLUG.test(slug) && codePoints(slug) <= LIMITS.slugCodePoints
}

function codePoints(s: string): number {
  let n = 0
  for (const _ of s) n++
  return n
}

/** The first `max` code points of `s`. */
function truncateCodePoints(s: string, max: number): string {
  if (s.length <= max) return s
  let out = ''
  let n = 0
  for (const ch of s) {
    if (n++ === max) break
    out += ch
  }
  return out
}

/**
 * Repairs text into a valid slug segment, changing a valid slug not at all: other characters become `-`, period
 * runs collapse, edges lose `.` and `-`, and the result is cut to 200 code points. Returns `''` when nothing usable
 * remains.
 * @example
 * repairSlug('hello world..x') // 'hello-world.x'
 */
export function repairSlug(text: string): string {
  const nfc = text.normalize('NFC')
  if (isValidSlug(nfc)) return nfc
  let s = nfc
    .replace(NOT_SLUG_CHARS, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-{2,}/g, '-')
  s = trimEdges(truncateCodePoints(s, LIMITS.slugCodePoints))
  return /[\p{L}\p{Nd}]/u.test(s) ? s : ''
}

function trimEdges(s: string): string {
  return s.replace(/^[.-]+|[.-]+$/g, '')
}

/**
 * The slug WordPress gives a title or term name written so on a site in `locale` (`sanitize_title`, see
 * sanitize-title.ts: tags, entities, apostrophes and most punctuation dropped, accents off as the locale takes them
 * off), decoded and held to the slug policy; `''` when none is left.
 * @example
 * slugFromTitle("Don't panic, <b>World</b>!") // 'dont-panic-world'
 */
export function slugFromTitle(title: string, locale = ''): string {
  return repairSlug(decodeWpSlug(sanitizeTitle(title, locale)))
}

/**
 * `slug` with a collision suffix (`-2`, `-3`, …), the base cut so the result stays within 200 code points.
 * @example
 * withSuffix('hello', 2) // 'hello-2'
 */
export function withSuffix(slug: string, n: number): string {
  const suffix = `-${n}`
  return trimEdges(truncateCodePoints(slug, LIMITS.slugCodePoints - suffix.length)) + suffix
}

/**
 * Hands out unique slugs within one namespace (post slugs, category slugs…), compared after NFC. The first claim
 * of a slug keeps it; later ones get the next free suffix.
 */
export class SlugRegistry {
  private readonly taken = new Set<string>()
  private readonly next = new Map<string, number>()

  /** Claims `slug` or the first free suffixed form of it and returns what was claimed. */
  claim(slug: string): string {
    const nfc = slug.normalize('NFC')
    if (!this.taken.has(nfc)) {
      this.taken.add(nfc)
      return nfc
    }
    let n = this.next.get(nfc) ?? 2
    let candidate = withSuffix(nfc, n)
    while (this.taken.has(candidate)) candidate = withSuffix(nfc, ++n)
    this.next.set(nfc, n + 1)
    this.taken.add(candidate)
    return candidate
  }

  /** Whether `slug` is already claimed. */
  has(slug: string): boolean {
    return this.taken.has(slug.normalize('NFC'))
  }
}
