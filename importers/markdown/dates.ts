import { DateTime } from 'luxon'

// English month names are the convention in front matter (`Jul 08 2022`); parsing must not follow the machine's locale.
const LOCALE = 'en-US'

/** Non-ISO shapes seen in real front matter, tried in order after ISO, SQL-style and RFC 2822. */
const FORMATS = [
  'yyyy-M-d',
  'yyyy-M-d H:mm',
  'yyyy-M-d H:mm:ss',
  'yyyy/M/d',
  'yyyy/M/d H:mm',
  'yyyy/M/d H:mm:ss',
  'LLL d yyyy',
  'LLL d, yyyy',
  'LLLL d yyyy',
  'LLLL d, yyyy',
  'd LLL yyyy',
  'd LLLL yyyy',
  'EEE LLL d yyyy',
  'EEE, LLL d, yyyy',
  'LLL d yyyy H:mm',
  'LLL d, yyyy H:mm',
  'LLL d, yyyy h:mm a',
]

/** Converts the contract's time zone (`UTC`, an IANA id or `+09:00`) into a zone name luxon understands. */
export function luxonZone(timezone: string): string {
  return /^[+-]\d\d:\d\d$/.test(timezone) ? `UTC${timezone}` : timezone
}

/** Whether luxon knows the zone (an unknown zone would silently give invalid dates). */
export function isKnownZone(timezone: string): boolean {
  return DateTime.now().setZone(luxonZone(timezone)).isValid
}

/**
 * Parses a date or date-time as written in front matter or a file name. A value with a zone or offset keeps it
 * (`+0530` is read as `+05:30`); one without is read in `timezone`, never in the machine's zone. Returns an
 * RFC 3339 string, or null when the text is not a date.
 */
export function parseDate(text: string, timezone: string): string | null {
  const s = text.trim()
  if (s === '') return null
  const fast = rfc3339AsWritten(s)
  if (fast !== undefined) return fast
  const opts = { zone: luxonZone(timezone), setZone: true, locale: LOCALE }
  let dt = DateTime.fromISO(s, opts)
  if (!dt.isValid) dt = DateTime.fromSQL(s, opts)
  if (!dt.isValid) dt = DateTime.fromRFC2822(s, opts)
  if (!dt.isValid) dt = DateTime.fromHTTP(s, opts)
  if (!dt.isValid) {
    // `2025-01-29 18:15:32 +0530` (Jekyll's Ruby Time text) and `…T…` with a compact offset.
    const m = /^(\d{4}-\d{1,2}-\d{1,2})[ T](\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*([+-]\d{2}):?(\d{2})$/.exec(s)
    if (m) dt = DateTime.fromISO(`${padDate(m[1])}T${m[2].padStart(m[2].length + (m[2].indexOf(':') === 1 ? 1 : 0), '0')}${m[3]}:${m[4]}`, opts)
  }
  for (let i = 0; !dt.isValid && i < FORMATS.length; i++) dt = DateTime.fromFormat(s, FORMATS[i], opts)
  if (!dt.isValid) return null
  if (dt.year < 1 || dt.year > 9999) return null
  return dt.toISO({ suppressMilliseconds: true })
}

const FULL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{3})?(Z|([+-])(\d{2}):(\d{2}))$/

/**
 * What `parseDate` gives for a complete RFC 3339 timestamp with milliseconds or none and a zone, without luxon (it
 * was 0.8 s of the 10,000-file benchmark, and most front-matter dates are this shape): the text itself, `.000`
 * dropped and a zero offset written `Z`, exactly as luxon writes it back. Undefined for any other shape or an
 * impossible date, which luxon then reads.
 */
function rfc3339AsWritten(s: string): string | undefined {
  const m = FULL.exec(s)
  if (!m) return undefined
  const [, y, mo, d, h, mi, sec, frac, zone, sign, oh, om] = m
  const year = Number(y)
  const month = Number(mo)
  const day = Number(d)
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined
  if (Number(h) > 23 || Number(mi) > 59 || Number(sec) > 59) return undefined
  if (sign !== undefined && (Number(oh) > 23 || Number(om) > 59)) return undefined
  const offset = zone === 'Z' || (oh === '00' && om === '00') ? 'Z' : zone
  return `${y}-${mo}-${d}T${h}:${mi}:${sec}${frac === undefined || frac === '.000' ? '' : frac}${offset}`
}

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/** Parses the `YYYY-MM-DD` (or unpadded `YYYY-M-D`) prefix of a file or folder name; returns the date text and the rest. */
export function dateFromName(name: string): { date: string; rest: string } | null {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:-(.*))?$/.exec(name)
  if (!m) return null
  const date = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`
  if (!DateTime.fromISO(date, { zone: 'UTC' }).isValid) return null
  return { date, rest: m[4] ?? '' }
}

/** The RFC 3339 shape `parseDate` writes, which `Date.parse` reads exactly (years 0001–9999). */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/

/**
 * The instant of an RFC 3339 timestamp in milliseconds. The shape every date here is written in goes through
 * `Date.parse` (luxon's `fromISO` was 2.2 s of the 10,000-file benchmark, called from a sort comparator); any
 * other through luxon.
 */
export function instant(iso: string): number {
  if (RFC3339.test(iso)) return Date.parse(iso)
  return DateTime.fromISO(iso).toMillis()
}

function padDate(d: string): string {
  const [y, mo, da] = d.split('-')
  return `${y}-${mo.padStart(2, '0')}-${da.padStart(2, '0')}`
}
