import { LIMITS } from '../../contract/constants.js'
import { IANA_ZONES } from '../../contract/iana-zones.js'
import { PreviewDataError } from '../issue.js'
import { quote } from './_chars.js'
import { civilFromDays } from './timestamp.js'

const ZONES: ReadonlySet<string> = new Set(IANA_ZONES)
const SHAPE = 'is not a canonical fixed offset; use the shape "+05:30" (sign, two-digit hours, ":", two-digit minutes)'

/**
 * Checks a `site.timezone`: the literal `UTC`, a canonical fixed offset `±HH:MM` within ±14:00 other than
 * `+00:00`/`-00:00`, or a canonical IANA zone id from the bundled tzdata list (case-sensitive; Link aliases such
 * as `Asia/Calcutta` are not canonical). Validity never depends on the running Node's ICU data; ICU is consulted
 * only to name the canonical zone in the reason for an alias. Returns `null` when valid, else a reason.
 * @example
 * checkTimezone('Asia/Kolkata') // null
 * checkTimezone('+00:00') // 'is a zero offset; use "UTC"'
 */
export function checkTimezone(value: string): string | null {
  if (value === 'UTC' || ZONES.has(value)) return null
  if (value.length === 0) return 'is empty'
  const c = value.charCodeAt(0)
  if (c === 0x2b || c === 0x2d) {
    const minutes = parseFixedOffset(value)
    if (minutes === undefined) return SHAPE
    if (minutes === 0) return 'is a zero offset; use "UTC"'
    if (Math.abs(minutes) > LIMITS.fixedOffsetMaxMinutes) return 'is beyond ±14:00'
    return null
  }
  const suggestion = suggestZone(value)
  return suggestion === undefined
    ? 'is not "UTC", a fixed offset like "+05:30", or a canonical IANA zone id like "Europe/Lisbon"'
    : `is not a canonical IANA zone id; use ${quote(suggestion)}`
}

// Signed minutes of an exact `±HH:MM` (minutes 00-59), or undefined for any other shape.
function parseFixedOffset(value: string): number | undefined {
  if (value.length !== 6 || value.charCodeAt(3) !== 0x3a) return undefined
  const h = digits2(value, 1)
  const m = digits2(value, 4)
  if (h < 0 || m < 0 || m > 59) return undefined
  const total = h * 60 + m
  return value.charCodeAt(0) === 0x2d ? -total : total
}

function digits2(v: string, i: number): number {
  const a = v.charCodeAt(i) - 0x30
  const b = v.charCodeAt(i + 1) - 0x30
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1
}

// Built only on the failure path: a wrong-case id and an alias are the two mistakes worth a precise hint.
let byLowerCase: Map<string, string> | undefined
let byIcuId: Map<string, string | null> | undefined

function suggestZone(value: string): string | undefined {
  if (value.length > 64) return undefined
  if (value.toLowerCase() === 'utc') return 'UTC'
  byLowerCase ??= new Map(IANA_ZONES.map((z) => [z.toLowerCase(), z]))
  const sameLetters = byLowerCase.get(value.toLowerCase())
  if (sameLetters !== undefined) return sameLetters
  const icu = icuZoneId(value)
  if (icu === undefined) return undefined
  if (icu === 'UTC' || ZONES.has(icu)) return icu
  // ICU keeps old names (Asia/Calcutta) as its ids, so map each canonical zone through ICU to find the alias's zone.
  if (byIcuId === undefined) {
    byIcuId = new Map()
    for (const zone of IANA_ZONES) {
      const id = icuZoneId(zone)
      if (id !== undefined) byIcuId.set(id, byIcuId.has(id) ? null : zone)
    }
  }
  return byIcuId.get(icu) ?? undefined
}

function icuZoneId(zone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000
const MAX_EPOCH_MS = 8.64e15
// Bounds each per-zone cache; a clear only costs recomputation, never a different answer.
const CACHE_LIMIT = 1 << 18

type Zone =
  | { kind: 'fixed'; offsetSeconds: number }
  | { kind: 'iana'; format: Intl.DateTimeFormat; days: Map<number, number>; hours: Map<number, number> }

const zones = new Map<string, Zone>()

/**
 * The UTC offset, in minutes, of a valid `site.timezone` at an instant: 0 for `UTC`, the written offset for a
 * fixed offset, and the offset from the running Node's tz data for an IANA id (pre-standard-time local mean time
 * offsets with seconds, such as -04:56:02, are truncated toward zero to whole minutes). Throws a
 * `PreviewDataError` for an invalid time zone or a non-finite instant.
 * @example
 * offsetMinutesAt('Asia/Kolkata', 0) // 330
 */
export function offsetMinutesAt(timezone: string, epochMs: number): number {
  return Math.trunc(offsetSecondsAt(timezone, epochMs) / 60) + 0
}

/**
 * The calendar date, in a valid `site.timezone`, of an instant: what the `:year`, `:month` and `:day` permalink
 * tokens use. Throws like `offsetMinutesAt`.
 * @example
 * localDateParts('America/New_York', Date.UTC(2024, 0, 1, 3)) // { year: 2023, month: 12, day: 31 }
 */
export function localDateParts(timezone: string, epochMs: number): { year: number; month: number; day: number } {
  const local = Math.floor(epochMs) + offsetSecondsAt(timezone, epochMs) * 1000
  return civilFromDays(Math.floor(local / DAY_MS))
}

function offsetSecondsAt(timezone: string, epochMs: number): number {
  if (!Number.isFinite(epochMs) || Math.abs(epochMs) > MAX_EPOCH_MS) {
    throw new PreviewDataError('invalid_argument', `Instant ${epochMs} is not a valid epoch time in milliseconds.`)
  }
  let zone = zones.get(timezone)
  if (zone === undefined) {
    zone = makeZone(timezone)
    zones.set(timezone, zone)
  }
  if (zone.kind === 'fixed') return zone.offsetSeconds
  // A span whose first and last millisecond share an offset keeps it throughout, provided no zone leaves an offset
  // and returns to it within the span: in tzdata 2025 the shortest such round trip is about 96 hours (Africa/
  // Freetown, 1939), and no two transitions are under an hour apart. So a UTC day answers for all its instants,
  // a day with a transition falls back to its hours, and only an hour with a transition asks ICU per instant.
  const day = uniformOffset(zone.format, zone.days, Math.floor(epochMs / DAY_MS), DAY_MS)
  if (!Number.isNaN(day)) return day
  const hour = uniformOffset(zone.format, zone.hours, Math.floor(epochMs / HOUR_MS), HOUR_MS)
  return Number.isNaN(hour) ? intlOffsetSeconds(zone.format, epochMs) : hour
}

// The offset shared by the whole span `index` of length `size`, or NaN when the span contains a transition.
function uniformOffset(format: Intl.DateTimeFormat, cache: Map<number, number>, index: number, size: number): number {
  let cached = cache.get(index)
  if (cached === undefined) {
    const start = index * size
    const first = intlOffsetSeconds(format, Math.max(start, -MAX_EPOCH_MS))
    const last = intlOffsetSeconds(format, Math.min(start + size - 1, MAX_EPOCH_MS))
    cached = first === last ? first : NaN
    if (cache.size >= CACHE_LIMIT) cache.clear()
    cache.set(index, cached)
  }
  return cached
}

function makeZone(timezone: string): Zone {
  const reason = checkTimezone(timezone)
  if (reason !== null) {
    throw new PreviewDataError('invalid_timezone', `Time zone ${quote(timezone)} is invalid: ${reason}.`)
  }
  if (timezone === 'UTC') return { kind: 'fixed', offsetSeconds: 0 }
  const fixed = parseFixedOffset(timezone)
  // Node 20's Intl rejects offset time zones, so fixed offsets never reach it.
  if (fixed !== undefined) return { kind: 'fixed', offsetSeconds: fixed * 60 }
  const format = new Intl.DateTimeFormat('en-US', { timeZone: timezone, timeZoneName: 'longOffset' })
  return { kind: 'iana', format, days: new Map(), hours: new Map() }
}

// Reads the "GMT±HH:MM[:SS]" (or bare "GMT") suffix that the en-US longOffset format ends with.
function intlOffsetSeconds(format: Intl.DateTimeFormat, epochMs: number): number {
  const text = format.format(epochMs)
  const at = text.lastIndexOf('GMT') + 3
  if (at === 2) throw new Error(`Unexpected time zone format output: ${text}`)
  if (at === text.length) return 0
  const sign = text.charCodeAt(at) === 0x2d || text.charCodeAt(at) === 0x2212 ? -1 : 1
  const h = digits2(text, at + 1)
  const m = digits2(text, at + 4)
  const s = text.length > at + 6 ? digits2(text, at + 7) : 0
  if (h < 0 || m < 0 || s < 0) throw new Error(`Unexpected time zone format output: ${text}`)
  return sign * (h * 3600 + m * 60 + s) + 0
}
