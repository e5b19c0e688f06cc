import slugify from 'slugify'
import { LIMITS } from '../contract/constants.js'
import { checkSlugSegment, normalizeSlug } from '../validate/primitives/index.js'

const KEEP = /[\p{L}\p{M}\p{Nd}_]/u
// Spaces, separators and most punctuation only separate words; symbols such as & or € may have a name.
const WORDLESS = /[\s\p{Z}\p{Cc}\p{Pd}\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Pc},.:;!?'"/\\]/u

/**
 * Derives a slug from a title, keeping Unicode letters (a Korean, Persian or Chinese title gives a Korean, Persian or
 * Chinese slug): NFC, lower case, runs of other characters become one `-`, symbols that slugify knows by name become
 * words (`&` → `and`), internal periods between letters or digits are kept (`v20.0.0`), and the result is cut to 200
 * code points. Returns `''` when nothing usable remains (an emoji-only title); callers supply a fallback.
 * @example
 * slugFor('Hello, World!') // 'hello-world'
 * slugFor('서울 여행기') // '서울-여행기'
 * slugFor('Node v20.0.0') // 'node-v20.0.0'
 */
export function slugFor(text: string): string {
  const source = normalizeSlug(text).toLowerCase()
  let out = ''
  let pendingDash = false
  const chars = Array.from(source)
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]
    if (KEEP.test(ch) || (ch === '-' && out !== '')) {
      if (ch === '-') {
        pendingDash = true
        continue
      }
      if (pendingDash && out !== '') out += '-'
      pendingDash = false
      out += ch
    } else if (ch === '.' && out !== '' && !pendingDash && i + 1 < chars.length && KEEP.test(chars[i + 1]) && !out.endsWith('.')) {
      out += '.'
    } else {
      const word = WORDLESS.test(ch) ? '' : symbolWord(ch)
      if (word) {
        if (out !== '') out += '-'
        out += word
      }
      pendingDash = true
    }
  }
  const slug = truncateSlug(normalizeSlug(out))
  // Combining marks are kept with their letters, but marks alone (a title of U+0301) make no slug.
  return checkSlugSegment(slug) === null ? slug : ''
}

const symbolWords = new Map<string, string>()

/** The word slugify's character map gives a symbol (`&` → `and`, `€` → `euro`), or '' when it has none. */
function symbolWord(ch: string): string {
  let word = symbolWords.get(ch)
  if (word === undefined) {
    const mapped = slugify(ch, { lower: true, strict: true, trim: true })
    word = /^[a-z]+$/.test(mapped) ? mapped : ''
    symbolWords.set(ch, word)
  }
  return word
}

/**
 * Cuts a slug to the contract's 200 code points without leaving a trailing `-` or `.`.
 * @example
 * truncateSlug('a'.repeat(300)).length // 200
 */
export function truncateSlug(slug: string, limit: number = LIMITS.slugCodePoints): string {
  const points = Array.from(slug)
  if (points.length <= limit) return slug
  return points.slice(0, limit).join('').replace(/[-.]+$/u, '')
}

/**
 * Adds a collision suffix to a slug (`hello` + 2 → `hello-2`), shortening the base so the result still fits in 200
 * code points.
 * @example
 * slugWithSuffix('hello', 2) // 'hello-2'
 */
export function slugWithSuffix(slug: string, n: number): string {
  const suffix = `-${n}`
  return `${truncateSlug(slug, LIMITS.slugCodePoints - suffix.length)}${suffix}`
}

/**
 * A slug that is valid by construction: the derived slug of `text`, or `<prefix>-<hash of text>` when nothing usable
 * remains (an emoji-only title), so different such titles still get different, stable slugs.
 * @example
 * slugOrFallback('🎉🎉', 'post') // 'post-' and eight hexadecimal digits
 */
export function slugOrFallback(text: string, prefix: string): string {
  // slugFor gives '' or a valid slug, so the hash is computed only for the rare title that derives nothing.
  return slugFor(text) || `${prefix}-${shortHash(text)}`
}

/** A short, stable hexadecimal hash (FNV-1a, 32 bits) for fallback slugs and deterministic tie-breaks. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0).toString(16).padStart(8, '0')
}
