// Private character helpers shared by the primitives. Everything works on UTF-16 code units so the hot loops never
// allocate; the sets are written out (not regex-tested) because they are checked once per character.

/**
 * Whether a UTF-16 code unit is whitespace as JavaScript's `\s` defines it: ECMAScript WhiteSpace (TAB, VT, FF,
 * SPACE, NBSP, ZWNBSP U+FEFF and every Unicode `Zs` space) plus LineTerminator (LF, CR, U+2028, U+2029).
 * U+0085 (NEL) and U+180E are not `\s`; U+0085 is a C1 control, which every caller rejects anyway.
 */
export function isWhitespaceUnit(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d)
  if (c < 0xa0) return false
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  )
}

/** Whether a UTF-16 code unit is a control character (Unicode `Cc`): C0, DEL or C1. */
export function isControlUnit(c: number): boolean {
  return c < 0x20 || (c >= 0x7f && c <= 0x9f)
}

/** Whether a UTF-16 code unit is an ASCII hex digit. */
export function isHexUnit(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)
}

/** Whether a UTF-16 code unit is an ASCII decimal digit. */
export function isDigitUnit(c: number): boolean {
  return c >= 0x30 && c <= 0x39
}

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u

/**
 * Names a code point for a reason phrase: `"!"` for printable ASCII, `"€" (U+20AC)` for other printable
 * characters, and just `U+200D` for invisible ones, so a reason never smuggles a control or bidi character.
 */
export function describeCodePoint(cp: number): string {
  const hex = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0')
  if (cp > 0x20 && cp < 0x7f) return JSON.stringify(String.fromCharCode(cp))
  if (cp >= 0xd800 && cp <= 0xdfff) return hex
  const ch = String.fromCodePoint(cp)
  return PRINTABLE.test(ch) ? `${JSON.stringify(ch)} (${hex})` : hex
}

/** Quotes a piece of input for a reason phrase, escaped and cut to `max` UTF-16 units so reasons stay short. */
export function quote(s: string, max = 40): string {
  return s.length <= max ? JSON.stringify(s) : JSON.stringify(s.slice(0, max)).slice(0, -1) + '…"'
}
