import { LIMITS } from '../../contract/constants.js'
import { describeCodePoint, isControlUnit, isHexUnit, isWhitespaceUnit } from './_chars.js'

// Below U+0300 every character is NFC-stable and none composes with a neighbour (the first code point that can
// combine with a preceding character is U+0300), so such strings are already NFC: ICU's own quick-check boundary.
// Without the u flag the class matches UTF-16 units, so surrogates (astral characters) count as "maybe unstable",
// and V8 rejects a one-byte string against it without scanning.
const MAY_NEED_NFC = /[\u0300-\uffff]/

/**
 * NFC-normalizes a slug (or any identity string the contract compares "after NFC normalization"), returning the
 * very same string when it is already trivially NFC, so the common ASCII case allocates nothing.
 * @example
 * normalizeSlug('cafe\u0301') === 'café' // true
 */
export function normalizeSlug(value: string): string {
  return MAY_NEED_NFC.test(value) ? value.normalize('NFC') : value
}

// Sticky so each test looks at exactly one code point at `lastIndex` without slicing the string.
const LETTER_OR_DIGIT = /[\p{L}\p{Nd}]/uy
const MARK = /\p{M}/uy

const NOT_ALLOWED = 'which is not a letter, mark, digit, "_", "-" or internal "."'

/**
 * Checks a slug segment against the contract's slug segment policy, evaluated after NFC: letters, combining marks,
 * decimal digits, `_`, `-` and isolated internal `.`; at least one letter or digit; at most 200 code points.
 * Returns `null` when valid, else a reason such as `'has consecutive periods ("..")'`.
 * @example
 * checkSlugSegment('v20.0.0') // null
 * checkSlugSegment('a b') // 'contains whitespace (U+0020)'
 */
export function checkSlugSegment(value: string): string | null {
  return checkNormalizedSlugSegment(normalizeSlug(value))
}

/** `checkSlugSegment` for a value already in NFC (as `normalizeSlug` returns it), so callers normalize once. */
export function checkNormalizedSlugSegment(s: string): string | null {
  const n = s.length
  if (n === 0) return 'is empty'
  if (s === '.' || s === '..') return `is a dot segment ("${s}")`
  let letterOrDigit = false
  let codePoints = 0
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i)
    codePoints++
    if (c < 0x80) {
      if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39)) {
        letterOrDigit = true
      } else if (c === 0x2e) {
        if (i === 0) return 'begins with "."'
        if (i === n - 1) return 'ends with "."'
        if (s.charCodeAt(i + 1) === 0x2e) return 'has consecutive periods ("..")'
      } else if (c !== 0x5f && c !== 0x2d) {
        return asciiReason(s, i, c)
      }
      continue
    }
    if (isWhitespaceUnit(c)) return `contains whitespace (${describeCodePoint(c)})`
    if (isControlUnit(c)) return `contains a control character (${describeCodePoint(c)})`
    let cp = c
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = c <= 0xdbff && i + 1 < n ? s.charCodeAt(i + 1) : 0
      if (d < 0xdc00 || d > 0xdfff) return `contains a lone surrogate (${describeCodePoint(c)})`
      cp = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000
    }
    LETTER_OR_DIGIT.lastIndex = i
    if (LETTER_OR_DIGIT.test(s)) {
      letterOrDigit = true
    } else {
      MARK.lastIndex = i
      if (!MARK.test(s)) return `contains ${describeCodePoint(cp)}, ${NOT_ALLOWED}`
    }
    if (cp > 0xffff) i++
  }
  if (!letterOrDigit) return 'has no letter or digit'
  if (codePoints > LIMITS.slugCodePoints) {
    return `has ${codePoints} code points after NFC; the limit is ${LIMITS.slugCodePoints}`
  }
  return null
}

function asciiReason(s: string, i: number, c: number): string {
  if (c === 0x2f) return 'contains a slash ("/")'
  if (c === 0x5c) return 'contains a backslash ("\\")'
  if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) return `contains whitespace (${describeCodePoint(c)})`
  if (isControlUnit(c)) return `contains a control character (${describeCodePoint(c)})`
  if (c === 0x25 && isHexUnit(s.charCodeAt(i + 1)) && isHexUnit(s.charCodeAt(i + 2))) {
    return `contains percent encoding ("${s.slice(i, i + 3)}")`
  }
  return `contains ${describeCodePoint(c)}, ${NOT_ALLOWED}`
}
