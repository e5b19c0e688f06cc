import { PreviewDataError } from '../issue.js'

const MS_PER_DAY = 86_400_000
const SHAPE = 'is not an RFC 3339 date-time; use the shape "2024-05-01T09:30:00Z" or "2024-05-01T09:30:00+02:00"'

// Scratch record for the allocation-free check path; parseTimestamp copies what it needs out of it.
type Fields = { epochMs: number; offsetMinutes: number }
const scratch: Fields = { epochMs: 0, offsetMinutes: 0 }

/**
 * Checks an RFC 3339 (section 5.6) date-time: `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)` with a real calendar date
 * (proleptic Gregorian leap years), hours 00-23, minutes 00-59, seconds 00-59, and second 60 only when the
 * instant is 23:59:60 in UTC. Offsets have hours 00-23 and minutes 00-59; `-00:00` is allowed as RFC 3339 allows
 * it. Lowercase `t` and `z` are accepted, as RFC 3339 section 5.6 permits. Returns `null` when valid, else a reason.
 * @example
 * checkTimestamp('2016-12-31T18:59:60-05:00') // null (a leap second)
 * checkTimestamp('2023-02-29T00:00:00Z') // 'has day 29, but 2023-02 has 28 days'
 */
export function checkTimestamp(value: string): string | null {
  return scan(value, scratch)
}

/**
 * Parses a valid RFC 3339 date-time into its instant and its written offset, or returns `null` when
 * `checkTimestamp` would reject it. Fractional seconds beyond milliseconds are truncated. A leap second
 * (`23:59:60.x` UTC) maps to the last millisecond of its minute (`23:59:59.999`), so it sorts after every other
 * instant of that day and keeps the date it was written with.
 * @example
 * parseTimestamp('2024-05-01T10:00:00+01:00') // { epochMs: 1714554000000, offsetMinutes: 60 }
 */
export function parseTimestamp(value: string): { epochMs: number; offsetMinutes: number } | null {
  const out: Fields = { epochMs: 0, offsetMinutes: 0 }
  return scan(value, out) === null ? out : null
}

/**
 * Formats an instant as a canonical RFC 3339 string in the given offset: `Z` for offset 0, else `±HH:MM`,
 * with `.sss` only when the milliseconds are not zero. Throws a `PreviewDataError` when the instant is not finite,
 * the offset is not a whole number of minutes within ±23:59, or the local year falls outside 0000-9999.
 * @example
 * formatTimestamp(1714554000000, 60) // '2024-05-01T10:00:00+01:00'
 */
export function formatTimestamp(epochMs: number, offsetMinutes: number): string {
  if (!Number.isFinite(epochMs)) throw argumentError(`epochMs ${epochMs} is not a finite number`)
  if (!Number.isInteger(offsetMinutes) || Math.abs(offsetMinutes) > 23 * 60 + 59) {
    throw argumentError(`offsetMinutes ${offsetMinutes} is not a whole number of minutes within ±23:59`)
  }
  const local = Math.floor(epochMs) + offsetMinutes * 60_000
  const days = Math.floor(local / MS_PER_DAY)
  let rest = local - days * MS_PER_DAY
  const { year, month, day } = civilFromDays(days)
  if (year < 0 || year > 9999) throw argumentError(`epochMs ${epochMs} is outside the years 0000-9999`)
  const ms = rest % 1000
  rest = (rest - ms) / 1000
  const second = rest % 60
  rest = (rest - second) / 60
  const minute = rest % 60
  const hour = (rest - minute) / 60
  let text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}`
  if (ms !== 0) text += '.' + pad(ms, 3)
  if (offsetMinutes === 0) return text + 'Z'
  const abs = Math.abs(offsetMinutes)
  return `${text}${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60), 2)}:${pad(abs % 60, 2)}`
}

/**
 * Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil), valid for every year,
 * unlike `Date.UTC`, which maps years 0-99 to 1900-1999.
 */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146_097 + doe - 719_468
}

/** The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's civil_from_days). */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468
  const era = Math.floor(z / 146_097)
  const doe = z - era * 146_097
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365)
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day }
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0')
}

function argumentError(message: string): PreviewDataError {
  return new PreviewDataError('invalid_argument', `formatTimestamp: ${message}.`)
}

// Two ASCII digits at i as a number, or -1. Reading past the end gives NaN, which fails the range test.
function two(v: string, i: number): number {
  const a = v.charCodeAt(i) - 0x30
  const b = v.charCodeAt(i + 1) - 0x30
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1
}

function scan(v: string, out: Fields): string | null {
  const n = v.length
  if (n === 0) return 'is empty'
  const y1 = two(v, 0)
  const y2 = two(v, 2)
  const month = two(v, 5)
  const day = two(v, 8)
  if (y1 < 0 || y2 < 0 || v.charCodeAt(4) !== 0x2d || month < 0 || v.charCodeAt(7) !== 0x2d || day < 0) return SHAPE
  const year = y1 * 100 + y2
  if (month < 1 || month > 12) return `has month ${v.slice(5, 7)}; months are 01-12`
  const dim = daysInMonth(year, month)
  if (day < 1 || day > dim) {
    return day === 0 ? 'has day 00' : `has day ${day}, but ${v.slice(0, 7)} has ${dim} days`
  }
  if (n === 10) return 'is a date without a time; a timestamp needs a time and offset, e.g. "T00:00:00Z"'
  const sep = v.charCodeAt(10)
  if (sep === 0x20) return 'separates date and time with a space; use "T"'
  if (sep !== 0x54 && sep !== 0x74) return SHAPE
  const hour = two(v, 11)
  const minute = two(v, 14)
  if (hour < 0 || v.charCodeAt(13) !== 0x3a || minute < 0) return SHAPE
  if (v.charCodeAt(16) !== 0x3a) return n === 16 || !isDigit(v.charCodeAt(16)) ? 'has no seconds; use HH:MM:SS' : SHAPE
  const second = two(v, 17)
  if (second < 0) return SHAPE
  if (hour > 23) return `has hour ${v.slice(11, 13)}; hours are 00-23`
  if (minute > 59) return `has minute ${v.slice(14, 16)}; minutes are 00-59`
  if (second > 60) return `has second ${v.slice(17, 19)}; seconds are 00-59 (60 only for a leap second)`

  let i = 19
  let ms = 0
  if (v.charCodeAt(i) === 0x2e) {
    const start = ++i
    while (i < n && isDigit(v.charCodeAt(i))) {
      // Truncate past milliseconds: digits beyond the third only need to be skipped.
      if (i - start < 3) ms = ms * 10 + (v.charCodeAt(i) - 0x30)
      i++
    }
    if (i === start) return 'has a "." without fractional digits'
    for (let k = i - start; k < 3; k++) ms *= 10
  }
  if (i === n) return 'has no UTC offset; add "Z" or "±HH:MM"'
  let offset = 0
  const o = v.charCodeAt(i)
  if (o === 0x5a || o === 0x7a) {
    i++
  } else if (o === 0x2b || o === 0x2d) {
    const oh = two(v, i + 1)
    const om = two(v, i + 4)
    if (oh < 0 || v.charCodeAt(i + 3) !== 0x3a || om < 0) return 'has a malformed UTC offset; use "Z" or "±HH:MM"'
    if (oh > 23) return `has offset hour ${v.slice(i + 1, i + 3)}; offset hours are 00-23`
    if (om > 59) return `has offset minute ${v.slice(i + 4, i + 6)}; offset minutes are 00-59`
    // `+ 0` turns the -0 of "-00:00" into 0.
    offset = (o === 0x2d ? -(oh * 60 + om) : oh * 60 + om) + 0
    i += 6
  } else {
    return 'has a malformed UTC offset; use "Z" or "±HH:MM"'
  }
  if (i !== n) return 'has extra characters after the UTC offset'

  const localMinute = hour * 60 + minute
  let sec = second
  if (second === 60) {
    if ((((localMinute - offset) % 1440) + 1440) % 1440 !== 1439) {
      return 'has second 60, but a leap second is only 23:59:60 in UTC'
    }
    sec = 59
    ms = 999
  }
  out.epochMs = daysFromCivil(year, month, day) * MS_PER_DAY + ((localMinute - offset) * 60 + sec) * 1000 + ms
  out.offsetMinutes = offset
  return null
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39
}
