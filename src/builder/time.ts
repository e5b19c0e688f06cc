import { DateTime, FixedOffsetZone, IANAZone } from 'luxon'
import type { Zone } from 'luxon'
import { checkTimestamp, formatTimestamp, offsetMinutesAt } from '../validate/primitives/index.js'

/**
 * A luxon `DateTime`, described by the members the builder reads (its instant and its offset), so the SDK's public
 * types compile without luxon's, which are a separate package (`@types/luxon`). Any luxon `DateTime` fits it.
 * @example
 * import { DateTime } from 'luxon'
 * const when: DateTimeLike = DateTime.fromISO('2024-05-01T10:00:00+01:00', { setZone: true })
 */
export interface DateTimeLike {
  /** False for a DateTime that could not be made (luxon then says why in `invalidReason`). */
  readonly isValid: boolean
  /** Why an invalid DateTime is invalid, else null. */
  readonly invalidReason: string | null
  /** The offset from UTC at this instant, in minutes. */
  readonly offset: number
  /** The instant, in milliseconds since the Unix epoch. */
  toMillis(): number
}

/** A timestamp as the builder accepts it: an RFC 3339 string, a zone-less local date or time, a `Date` or a luxon `DateTime`. */
export type TimestampInput = string | Date | DateTimeLike

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?$/

/**
 * Turns a timestamp input into an RFC 3339 string. RFC 3339 strings are kept as written; a date (`2024-05-01`) or local
 * time without an offset (`2024-05-01T10:00`, `2024-05-01 10:00:00`) is read in `timezone` (the site's, never the
 * machine's); a `Date` becomes UTC; a `DateTime` keeps its offset. Returns a reason string when the input is unusable.
 * @example
 * toTimestamp('2024-05-01', 'Asia/Seoul') // { ok: true, value: '2024-05-01T00:00:00+09:00' }
 */
export function toTimestamp(input: TimestampInput, timezone: string): { ok: true; value: string } | { ok: false; reason: string } {
  if (input instanceof Date) {
    const ms = input.getTime()
    return Number.isFinite(ms) ? { ok: true, value: formatTimestamp(ms, 0) } : { ok: false, reason: 'is an invalid Date' }
  }
  if (isDateTimeLike(input)) {
    if (!input.isValid) return { ok: false, reason: `is an invalid DateTime (${input.invalidReason ?? 'unknown reason'})` }
    return { ok: true, value: formatTimestamp(input.toMillis(), input.offset) }
  }
  if (typeof input === 'number') return { ok: false, reason: `is a number; pass an RFC 3339 string, a Date (new Date(${input}) reads it as milliseconds since 1970) or a luxon DateTime` }
  if (typeof input !== 'string') return { ok: false, reason: 'is not a string, Date or DateTime' }
  const m = LOCAL.exec(input)
  if (!m) {
    const reason = checkTimestamp(input)
    return reason ? { ok: false, reason: `is not an RFC 3339 timestamp (${reason})` } : { ok: true, value: input }
  }
  const zone = luxonZone(timezone)
  const local = DateTime.fromObject(
    { year: +m[1], month: +m[2], day: +m[3], hour: +(m[4] ?? 0), minute: +(m[5] ?? 0), second: +(m[6] ?? 0), millisecond: m[7] ? Math.trunc(Number(`0.${m[7]}`) * 1000) : 0 },
    { zone },
  )
  if (!local.isValid) {
    // In the validator's words, as for an RFC 3339 string ("has month 13; months are 01-12"), not luxon's.
    const own = checkTimestamp(`${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}Z`)
    return { ok: false, reason: `is not a real date or time (${own ?? local.invalidExplanation ?? local.invalidReason})` }
  }
  // Take the offset from our own table for fixed offsets and UTC; luxon's IANA zones handle DST gaps and overlaps.
  const ms = local.toMillis()
  return { ok: true, value: formatTimestamp(ms, zone instanceof IANAZone ? local.offset : offsetMinutesAt(timezone, ms)) }
}

function isDateTimeLike(input: unknown): input is DateTimeLike {
  // DateTime.isDateTime would do for luxon's own DateTimes; the shape check also admits another copy of luxon.
  if (typeof input !== 'object' || input === null) return false
  const d = input as Partial<Record<keyof DateTimeLike, unknown>>
  return typeof d.toMillis === 'function' && typeof d.offset === 'number' && typeof d.isValid === 'boolean'
}

/** The luxon zone for a contract time zone: `UTC`, a fixed offset (never given to Intl, which Node 20 refuses), or IANA. */
export function luxonZone(timezone: string): Zone {
  if (timezone === 'UTC') return FixedOffsetZone.utcInstance
  const fixed = /^([+-])(\d{2}):(\d{2})$/.exec(timezone)
  if (fixed) return FixedOffsetZone.instance((fixed[1] === '-' ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3])))
  return IANAZone.create(timezone)
}
