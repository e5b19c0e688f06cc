import { isWhitespaceUnit } from './_chars.js'

const SURROGATE = /[\ud800-\udfff]/

/**
 * Counts the Unicode code points of a string (the unit every contract limit uses), not its UTF-16 code units.
 * A surrogate pair counts once; a lone surrogate counts as one code point, as string iteration does.
 * @example
 * codePointLength('a😀') // 2, while 'a😀'.length is 3
 */
export function codePointLength(s: string): number {
  // V8 answers this in constant time for one-byte strings and scans natively otherwise; most text has no pairs.
  if (!SURROGATE.test(s)) return s.length
  const n = s.length
  let count = n
  // Every well-formed pair is two units but one code point: subtract one per pair instead of counting each unit.
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        count--
        i++
      }
    }
  }
  return count
}

/**
 * Whether a string is empty or whitespace only, "whitespace" being exactly JavaScript's `\s` (what `trim()`
 * removes): ASCII TAB/LF/VT/FF/CR/SPACE, NBSP, U+FEFF, every Unicode `Zs` space, U+2028 and U+2029.
 * Invisible non-space characters such as U+200B (zero width space) or U+0085 (NEL) make a string nonblank.
 * @example
 * isBlank(' \u3000\n') // true
 */
export function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    if (!isWhitespaceUnit(s.charCodeAt(i))) return false
  }
  return true
}
