import { DateTime } from 'luxon'
import { afterEach, describe, expect, test } from 'vitest'
import { dateFromName, instant, parseDate } from '../../../importers/markdown/dates.js'

describe('parseDate', () => {
  test.each([
    { text: '2023-04-18T16:07:46.722Z', zone: 'Europe/Oslo', iso: '2023-04-18T16:07:46.722Z' },
    { text: '2025-01-29 18:15:32 +0530', zone: 'UTC', iso: '2025-01-29T18:15:32+05:30' },
    { text: '2010-01-09 13:07:09 -08:00', zone: 'UTC', iso: '2010-01-09T13:07:09-08:00' },
    { text: 'Jul 08 2022', zone: 'Europe/Oslo', iso: '2022-07-08T00:00:00+02:00' },
    { text: 'July 8, 2022', zone: 'UTC', iso: '2022-07-08T00:00:00Z' },
    { text: '2025-01-13', zone: 'America/New_York', iso: '2025-01-13T00:00:00-05:00' },
    { text: '2025-01-13T10:00:00', zone: 'Asia/Tokyo', iso: '2025-01-13T10:00:00+09:00' },
    { text: '2019-05-28T10:00:00.000', zone: 'UTC', iso: '2019-05-28T10:00:00Z' },
    { text: '2017-2-5', zone: 'UTC', iso: '2017-02-05T00:00:00Z' },
    { text: '2009-01-27 9:00', zone: 'UTC', iso: '2009-01-27T09:00:00Z' },
    { text: 'Tue, 01 Nov 2016 01:00:00 +0100', zone: 'UTC', iso: '2016-11-01T01:00:00+01:00' },
    { text: '2020-01-01 10:00', zone: '+05:30', iso: '2020-01-01T10:00:00+05:30' },
    // A wall time that does not exist (the spring-forward gap) moves forward, as luxon does, instead of failing.
    { text: '2025-03-30T02:30:00', zone: 'Europe/Oslo', iso: '2025-03-30T03:30:00+02:00' },
  ])('$text in $zone', ({ text, zone, iso }) => {
    expect(parseDate(text, zone)).toBe(iso)
  })

  test.each(['sometime in spring', '', '2023-13-45', '2023-02-30', 'yesterday', '12345678901234'])('%j is not a date', (text) => {
    expect(parseDate(text, 'UTC')).toBeNull()
  })

  describe('never the machine time zone', () => {
    const saved = process.env.TZ
    afterEach(() => {
      process.env.TZ = saved
    })
    test.each(['Pacific/Kiritimati', 'America/Adak', 'UTC'])('TZ=%s', (tz) => {
      process.env.TZ = tz
      expect(parseDate('2024-06-01 12:00', 'Europe/Lisbon')).toBe('2024-06-01T12:00:00+01:00')
      expect(parseDate('Jul 08 2022', 'UTC')).toBe('2022-07-08T00:00:00Z')
    })
  })
})

describe('dateFromName', () => {
  test.each([
    { name: '2024-01-02-hello', date: '2024-01-02', rest: 'hello' },
    { name: '2017-2-5-i-dont-like-zeroes', date: '2017-02-05', rest: 'i-dont-like-zeroes' },
    { name: '2024-01-02', date: '2024-01-02', rest: '' },
  ])('$name', ({ name, date, rest }) => {
    expect(dateFromName(name)).toEqual({ date, rest })
  })
  test.each(['hello', '2024-13-40-x', '24-01-02-x', '2024-02-30-x'])('%s has no date', (name) => {
    expect(dateFromName(name)).toBeNull()
  })
})

// parseDate and instant read complete RFC 3339 timestamps without luxon (for speed); they must agree with it exactly.
describe('the RFC 3339 fast path agrees with luxon', () => {
  const viaLuxon = (s: string, zone: string) => {
    const dt = DateTime.fromISO(s, { zone, setZone: true, locale: 'en-US' })
    return dt.isValid && dt.year >= 1 ? dt.toISO({ suppressMilliseconds: true }) : null
  }
  test.each(['2024-01-01T10:00:00+00:00', '2024-01-01T10:00:00-00:00', '2024-01-01T10:00:00.000Z', '2023-02-29T10:00:00Z', '2000-02-29T00:00:00Z', '1900-02-29T00:00:00Z', '2024-04-31T00:00:00Z', '0000-01-01T00:00:00Z', '2024-01-01T24:00:00Z', '2024-01-01T10:00:60Z'])('%s', (text) => {
    expect(parseDate(text, 'Europe/Lisbon')).toBe(viaLuxon(text, 'Europe/Lisbon'))
  })

  test('on 5,000 generated timestamps, valid and not', () => {
    let seed = 7
    const next = (n: number) => (seed = (seed * 16807) % 2147483647) % n
    const two = (n: number) => String(n).padStart(2, '0')
    for (let i = 0; i < 5000; i++) {
      const frac = next(3) === 0 ? `.${String(next(1000)).padStart(3, '0')}` : ''
      const text = `${String(next(3000) + 1).padStart(4, '0')}-${two(next(13) + 1)}-${two(next(32))}T${two(next(25))}:${two(next(61))}:${two(next(61))}${frac}${['Z', '+00:00', '-00:00', '+05:30', '-14:00'][next(5)]}`
      const want = viaLuxon(text, 'UTC')
      expect(parseDate(text, 'UTC'), text).toBe(want)
      if (want !== null) expect(instant(want)).toBe(DateTime.fromISO(want).toMillis())
    }
  })
})
