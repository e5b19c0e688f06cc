import { quote } from './_chars.js'

// A site has one locale, but importers may check the same value per item: remember recent answers.
// Cleared when full so a hostile stream of distinct values cannot grow it without bound.
const cache = new Map<string, string | null>()
const CACHE_LIMIT = 256

/**
 * Checks a canonical BCP 47 locale string: `Intl.getCanonicalLocales(value)` must succeed and give back the value
 * unchanged (`en-US`, `zh-Hant-TW`, `es-419` pass; `en-us`, `EN`, `iw`, `en_US` and `""` do not). The canonical
 * form comes from the CLDR alias data of the running Node's ICU, so a deprecated code CLDR starts aliasing in a
 * later release (as it did for `iw` -> `he`) can turn from valid to "not canonical" after a Node upgrade.
 * Returns `null` when valid, else a reason such as `'is not canonical; use "en-US"'`.
 * @example
 * checkLocale('en-us') // 'is not canonical; use "en-US"'
 */
export function checkLocale(value: string): string | null {
  const hit = cache.get(value)
  if (hit !== undefined) return hit
  const reason = computeLocaleReason(value)
  if (cache.size >= CACHE_LIMIT) cache.clear()
  cache.set(value, reason)
  return reason
}

function computeLocaleReason(value: string): string | null {
  if (value.length === 0) return 'is empty'
  const canonical = canonicalize(value)
  if (canonical === value) return null
  if (canonical !== undefined) return `is not canonical; use ${quote(canonical)}`
  if (value.includes('_')) {
    const dashed = canonicalize(value.replaceAll('_', '-'))
    const hint = dashed === undefined ? '' : ` (use ${quote(dashed)})`
    return `separates subtags with "_"; BCP 47 uses "-"${hint}`
  }
  // BCP 47 allows an extended language subtag (`zh-cmn`, `zh-yue-HK`, `sgn-ase`), but its canonical form is the
  // extlang alone as the language (RFC 5646 section 4.5), which Intl, following Unicode locale identifiers, requires.
  const extlang = EXTLANG.exec(value)
  if (extlang !== null) {
    const preferred = canonicalize(value.slice(extlang[1].length + 1))
    if (preferred !== undefined) return `uses the extended language subtag ${quote(extlang[2])}, which is not canonical; use ${quote(preferred)}`
  }
  return 'is not a well-formed BCP 47 language tag'
}

const EXTLANG = /^([A-Za-z]{2,3})-([A-Za-z]{3})(?=-|$)/

function canonicalize(value: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(value)[0]
  } catch {
    // RangeError: not a well-formed Unicode BCP 47 locale identifier.
    return undefined
  }
}
