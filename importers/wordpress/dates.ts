import { DateTime } from 'luxon'

/**
 * How local WordPress dates (`post_date`, `post_modified`) become instants: a fixed UTC offset in minutes (applied
 * arithmetically, because Node 20's `Intl` refuses offset zones such as `+03:30`), or an IANA zone (through luxon,
 * so daylight-saving changes are honoured).
 */
export type SiteClock = { kind: 'offset'; minutes: number } | { kind: 'zone'; zone: string }

/** Which fallback produced a date; the report counts them. */
export type DateFallback = 'published_from_local_date' | 'published_from_pub_date' | 'published_missing' | 'updated_from_local_date' | 'updated_from_published'

/** The two timestamps of an item and the fallbacks taken to get them. */
export interface ItemDates {
  published: string
  updated: string
  fallbacks: DateFallback[]
}

type Parts = { y: number; mo: number; d: number; h: number; mi: number; s: number; date: string; time: string }

/**
 * Parses WordPress's `YYYY-MM-DD HH:MM:SS`; returns `undefined` for the `0000-00-00 00:00:00` placeholder and for
 * anything that is not a real calendar date and clock time.
 * @example
 * parseWpDate('2024-02-29 10:00:00')?.date // '2024-02-29'
 */
export function parseWpDate(text: string): Parts | undefined {
  // Read by character codes rather than a regular expression: every item's four dates pass through here.
  const t = text.trim()
  const seconds = t.length === 19
  if (!(seconds || t.length === 16)) return undefined
  if (t.charCodeAt(4) !== 45 || t.charCodeAt(7) !== 45 || t.charCodeAt(13) !== 58 || (seconds && t.charCodeAt(16) !== 58)) return undefined
  const sep = t.charCodeAt(10)
  if (sep !== 32 && sep !== 84) return undefined
  const y = digits(t, 0, 4)
  const mo = digits(t, 5, 2)
  const d = digits(t, 8, 2)
  const h = digits(t, 11, 2)
  const mi = digits(t, 14, 2)
  const s = seconds ? digits(t, 17, 2) : 0
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 59) return undefined
  return { y, mo, d, h, mi, s, date: t.slice(0, 10), time: seconds ? t.slice(11, 19) : `${t.slice(11, 16)}:00` }
}

/** The number written by `count` ASCII digits of `t` from `at`, or -1 when any of them is not a digit. */
function digits(t: string, at: number, count: number): number {
  let n = 0
  for (let i = at; i < at + count; i++) {
    const c = t.charCodeAt(i) - 48
    if (c < 0 || c > 9) return -1
    n = n * 10 + c
  }
  return n
}

function daysInMonth(y: number, mo: number): number {
  if (mo === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28
  return [4, 6, 9, 11].includes(mo) ? 30 : 31
}

/**
 * Formats an offset in minutes as RFC 3339 (`Z` for zero) or, with `forTimezone`, as the contract's site time zone
 * (`UTC` for zero).
 * @example
 * formatOffset(210) // '+03:30'
 */
export function formatOffset(minutes: number, forTimezone = false): string {
  if (minutes === 0) return forTimezone ? 'UTC' : 'Z'
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

/**
 * Parses a fixed offset such as `+03:30`, `-08:00`, `UTC` or `Z` into minutes; `undefined` for anything else.
 * @example
 * parseOffset('+03:30') // 210
 */
export function parseOffset(text: string): number | undefined {
  if (text === 'UTC' || text === 'Z') return 0
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(text)
  if (!m) return undefined
  const minutes = Number(m[2]) * 60 + Number(m[3])
  return Number(m[3]) < 60 && minutes <= 14 * 60 ? (m[1] === '-' ? -minutes : minutes) : undefined
}

/** A WordPress GMT date as an RFC 3339 UTC timestamp, or `undefined` when it is missing or the zero placeholder. */
export function gmtToIso(text: string): string | undefined {
  const p = parseWpDate(text)
  return p ? `${p.date}T${p.time}Z` : undefined
}

/** A WordPress local date read on the site clock, as an RFC 3339 timestamp; `undefined` when unusable. */
export function localToIso(text: string, clock: SiteClock): string | undefined {
  const p = parseWpDate(text)
  if (!p) return undefined
  if (clock.kind === 'offset') return `${p.date}T${p.time}${formatOffset(clock.minutes)}`
  const dt = DateTime.fromObject({ year: p.y, month: p.mo, day: p.d, hour: p.h, minute: p.mi, second: p.s }, { zone: clock.zone })
  return dt.isValid ? (dt.toISO({ suppressMilliseconds: true }) ?? undefined) : undefined
}

/**
 * The minutes between a local and a GMT WordPress date (`local - gmt`), or `undefined` when either is unusable.
 * Used to infer the site's offset from items that carry both.
 */
export function offsetBetween(local: string, gmt: string): number | undefined {
  const a = parseWpDate(local)
  const b = parseWpDate(gmt)
  if (!a || !b) return undefined
  const ms = Date.UTC(a.y, a.mo - 1, a.d, a.h, a.mi, a.s) - Date.UTC(b.y, b.mo - 1, b.d, b.h, b.mi, b.s)
  const minutes = Math.round(ms / 60000)
  return Math.abs(minutes) <= 14 * 60 ? minutes : undefined
}

/**
 * The most common offset in `counts` (ties go to the smaller offset, so the result never depends on file order);
 * `0` when there is none.
 */
export function modeOffset(counts: Map<number, number>): number {
  let best = 0
  let bestCount = 0
  for (const [minutes, count] of counts) {
    if (count > bestCount || (count === bestCount && minutes < best)) {
      best = minutes
      bestCount = count
    }
  }
  return best
}

const RFC822 = /^[A-Za-z]{3}, (\d{1,2}) ([A-Za-z]{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) ([+-]\d{4})$/
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** An RSS `pubDate` (RFC 822 as WordPress writes it) as RFC 3339, or `undefined`. */
export function pubDateToIso(text: string): string | undefined {
  const m = RFC822.exec(text.trim())
  if (!m) return undefined
  const month = MONTHS.indexOf(m[2]) + 1
  if (month === 0) return undefined
  const local = `${m[3]}-${String(month).padStart(2, '0')}-${m[1].padStart(2, '0')} ${m[4]}:${m[5]}:${m[6]}`
  const minutes = (m[7][0] === '-' ? -1 : 1) * (Number(m[7].slice(1, 3)) * 60 + Number(m[7].slice(3)))
  if (!parseWpDate(local) || Math.abs(minutes) > 14 * 60) return undefined
  return localToIso(local, { kind: 'offset', minutes })
}

/**
 * Resolves an item's publication and modification instants: the GMT value when real, else the local value on the
 * site clock, else the RSS `pubDate`, else `fallback` (the export's own date); the modification date falls back the
 * same way and finally to the publication date, because exports before WordPress 4.x have none.
 * @example
 * resolveItemDates({ postDate: '2024-01-01 12:00:00', postDateGmt: '0000-00-00 00:00:00', postModified: '', postModifiedGmt: '', pubDate: '' },
 *   { kind: 'offset', minutes: 210 }, '2026-01-01T00:00:00Z').published // '2024-01-01T12:00:00+03:30'
 */
export function resolveItemDates(
  item: { postDate: string; postDateGmt: string; postModified: string; postModifiedGmt: string; pubDate: string },
  clock: SiteClock,
  fallback: string,
): ItemDates {
  const fallbacks: DateFallback[] = []
  let published = gmtToIso(item.postDateGmt)
  if (published === undefined) {
    published = localToIso(item.postDate, clock)
    if (published !== undefined) fallbacks.push('published_from_local_date')
    else if ((published = pubDateToIso(item.pubDate)) !== undefined) fallbacks.push('published_from_pub_date')
    else {
      published = fallback
      fallbacks.push('published_missing')
    }
  }
  let updated = gmtToIso(item.postModifiedGmt)
  if (updated === undefined) {
    updated = localToIso(item.postModified, clock)
    if (updated !== undefined) fallbacks.push('updated_from_local_date')
    else {
      updated = published
      fallbacks.push('updated_from_published')
    }
  }
  return { published, updated, fallbacks }
}
