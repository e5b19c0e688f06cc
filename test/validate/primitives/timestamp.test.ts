import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  checkTimestamp,
  civilFromDays,
  daysFromCivil,
  formatTimestamp,
  parseTimestamp,
} from '../../../src/validate/primitives/index.js'
import { PreviewDataError } from '../../../src/validate/issue.js'

describe('checkTimestamp accepts', () => {
  test.each([
    '2024-05-01T09:30:00Z',
    '2024-05-01T09:30:00+02:00',
    '2024-05-01T09:30:00-05:30',
    '2024-05-01T09:30:00.5Z',
    '2024-05-01T09:30:00.123456789Z',
    '2024-05-01t09:30:00z', // RFC 3339 5.6 allows lowercase t and z
    '2024-05-01T09:30:00-00:00', // RFC 3339 4.3: unknown local offset
    '2024-05-01T09:30:00+23:59',
    '2024-02-29T00:00:00Z',
    '2000-02-29T00:00:00Z',
    '1600-02-29T12:00:00Z',
    '2024-12-31T23:59:59Z',
    '2024-04-30T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59.999Z',
    '2016-12-31T23:59:60Z',
    '2016-12-31T23:59:60.5Z',
    '2016-12-31T18:59:60-05:00',
    '2017-01-01T08:59:60+09:00',
    '2015-06-30T23:59:60Z',
    '1990-12-31T15:59:60-08:00', // the RFC 3339 5.8 example
  ])('%s', (value) => {
    expect(checkTimestamp(value)).toBeNull()
  })
})

describe('checkTimestamp rejects', () => {
  test.each([
    { value: '', reason: 'is empty' },
    { value: '2024-05-01', reason: 'is a date without a time' },
    { value: '2024-05-01 09:30:00Z', reason: 'separates date and time with a space' },
    { value: '2024-05-01T09:30:00', reason: 'has no UTC offset' },
    { value: '2024-05-01T09:30:00.5', reason: 'has no UTC offset' },
    { value: '2024-05-01T09:30Z', reason: 'has no seconds' },
    { value: '2024-05-01T09:30', reason: 'has no seconds' },
    { value: '2024-05-01T09:30:00.Z', reason: 'has a "." without fractional digits' },
    { value: '2024-05-01T09:30:00,5Z', reason: 'malformed UTC offset' },
    { value: '2024-05-01T09:30:00+0200', reason: 'malformed UTC offset' },
    { value: '2024-05-01T09:30:00+02', reason: 'malformed UTC offset' },
    { value: '2024-05-01T09:30:00+2:00', reason: 'malformed UTC offset' },
    { value: '2024-05-01T09:30:00\u221202:00', reason: 'malformed UTC offset' },
    { value: '2024-05-01T09:30:00 Z', reason: 'malformed UTC offset' },
    { value: '2024-05-01T09:30:00ZZ', reason: 'extra characters after the UTC offset' },
    { value: '2024-05-01T09:30:00+02:00\n', reason: 'extra characters after the UTC offset' },
    { value: '2024-05-01T09:30:00+24:00', reason: 'has offset hour 24' },
    { value: '2024-05-01T09:30:00+02:60', reason: 'has offset minute 60' },
    { value: '2024-13-01T00:00:00Z', reason: 'has month 13' },
    { value: '2024-00-01T00:00:00Z', reason: 'has month 00' },
    { value: '2024-01-00T00:00:00Z', reason: 'has day 00' },
    { value: '2024-01-32T00:00:00Z', reason: 'has day 32, but 2024-01 has 31 days' },
    { value: '2024-04-31T00:00:00Z', reason: 'has day 31, but 2024-04 has 30 days' },
    { value: '2023-02-29T00:00:00Z', reason: 'has day 29, but 2023-02 has 28 days' },
    { value: '1900-02-29T00:00:00Z', reason: 'has day 29, but 1900-02 has 28 days' },
    { value: '2024-02-30T00:00:00Z', reason: 'has day 30, but 2024-02 has 29 days' },
    { value: '2024-05-01T24:00:00Z', reason: 'has hour 24' },
    { value: '2024-05-01T23:60:00Z', reason: 'has minute 60' },
    { value: '2024-05-01T23:59:61Z', reason: 'has second 61' },
    { value: '2016-12-31T12:00:60Z', reason: 'has second 60, but a leap second is only 23:59:60 in UTC' },
    { value: '2016-12-31T23:59:60+01:00', reason: 'has second 60' },
    { value: '2016-12-31T23:58:60Z', reason: 'has second 60' },
    { value: '24-05-01T09:30:00Z', reason: 'is not an RFC 3339 date-time' },
    { value: '+002024-05-01T09:30:00Z', reason: 'is not an RFC 3339 date-time' },
    { value: '2024-5-01T09:30:00Z', reason: 'is not an RFC 3339 date-time' },
    { value: '2024/05/01T09:30:00Z', reason: 'is not an RFC 3339 date-time' },
    { value: '2024-05-01T9:30:00Z', reason: 'is not an RFC 3339 date-time' },
    { value: '2024-05-01_09:30:00Z', reason: 'is not an RFC 3339 date-time' },
    { value: '２０２４-05-01T09:30:00Z', reason: 'is not an RFC 3339 date-time' }, // fullwidth digits
    { value: 'Wed, 01 May 2024 09:30:00 GMT', reason: 'is not an RFC 3339 date-time' },
    { value: '1714555800', reason: 'is not an RFC 3339 date-time' },
  ])('$value: $reason', ({ value, reason }) => {
    expect(checkTimestamp(value)).toContain(reason)
    expect(parseTimestamp(value)).toBeNull()
  })
})

describe('parseTimestamp', () => {
  test.each([
    { value: '2024-05-01T10:00:00+01:00', epochMs: Date.UTC(2024, 4, 1, 9), offsetMinutes: 60 },
    { value: '2024-05-01T10:00:00-05:30', epochMs: Date.UTC(2024, 4, 1, 15, 30), offsetMinutes: -330 },
    { value: '2024-05-01T10:00:00-00:00', epochMs: Date.UTC(2024, 4, 1, 10), offsetMinutes: 0 },
    { value: '2024-05-01T10:00:00.1Z', epochMs: Date.UTC(2024, 4, 1, 10, 0, 0, 100), offsetMinutes: 0 },
    { value: '2024-05-01T10:00:00.12Z', epochMs: Date.UTC(2024, 4, 1, 10, 0, 0, 120), offsetMinutes: 0 },
    { value: '2024-05-01T10:00:00.123999Z', epochMs: Date.UTC(2024, 4, 1, 10, 0, 0, 123), offsetMinutes: 0 },
    { value: '1969-12-31T23:59:59.999Z', epochMs: -1, offsetMinutes: 0 },
    { value: '0001-01-01T00:00:00Z', epochMs: -62135596800000, offsetMinutes: 0 },
    { value: '0000-03-01T00:00:00Z', epochMs: -62162035200000, offsetMinutes: 0 },
    // Leap seconds stay on their written date, at the last millisecond before the next minute.
    { value: '2016-12-31T23:59:60Z', epochMs: Date.UTC(2016, 11, 31, 23, 59, 59, 999), offsetMinutes: 0 },
    { value: '2016-12-31T23:59:60.25Z', epochMs: Date.UTC(2016, 11, 31, 23, 59, 59, 999), offsetMinutes: 0 },
    { value: '2016-12-31T18:59:60-05:00', epochMs: Date.UTC(2016, 11, 31, 23, 59, 59, 999), offsetMinutes: -300 },
  ])('$value', ({ value, epochMs, offsetMinutes }) => {
    expect(parseTimestamp(value)).toEqual({ epochMs, offsetMinutes })
  })

  test('agrees with Date.parse on valid timestamps from years 1000-9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31) }), fc.integer({ min: -1439, max: 1439 }), (ms, off) => {
        const text = formatTimestamp(ms, off)
        expect(parseTimestamp(text)?.epochMs).toBe(Date.parse(text))
      }),
    )
  })
})

describe('formatTimestamp', () => {
  test.each([
    { epochMs: Date.UTC(2024, 4, 1, 9), offset: 60, text: '2024-05-01T10:00:00+01:00' },
    { epochMs: Date.UTC(2024, 4, 1, 9), offset: 0, text: '2024-05-01T09:00:00Z' },
    { epochMs: Date.UTC(2024, 4, 1, 9), offset: -570, text: '2024-04-30T23:30:00-09:30' },
    { epochMs: Date.UTC(2024, 4, 1, 9, 0, 0, 5), offset: 0, text: '2024-05-01T09:00:00.005Z' },
    { epochMs: Date.UTC(2024, 4, 1, 9, 0, 0, 5) + 0.9, offset: 0, text: '2024-05-01T09:00:00.005Z' },
    { epochMs: -1, offset: 0, text: '1969-12-31T23:59:59.999Z' },
    { epochMs: -62167219200000, offset: 0, text: '0000-01-01T00:00:00Z' },
    { epochMs: Date.UTC(2024, 1, 28, 23), offset: 14 * 60, text: '2024-02-29T13:00:00+14:00' },
  ])('$text', ({ epochMs, offset, text }) => {
    expect(formatTimestamp(epochMs, offset)).toBe(text)
  })

  test.each([
    { epochMs: Number.NaN, offset: 0 },
    { epochMs: Infinity, offset: 0 },
    { epochMs: 0, offset: 1.5 },
    { epochMs: 0, offset: 1440 },
    { epochMs: Date.UTC(10000, 0, 1), offset: 0 },
    { epochMs: -62167219200001, offset: 0 },
  ])('throws for ($epochMs, $offset)', ({ epochMs, offset }) => {
    expect(() => formatTimestamp(epochMs, offset)).toThrow(PreviewDataError)
  })

  test('matches Date#toISOString in UTC', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62167219200000, max: 253402300799999 }), (ms) => {
        expect(formatTimestamp(ms, 0)).toBe(new Date(ms).toISOString().replace('.000Z', 'Z'))
      }),
    )
  })

  test('round-trips through parseTimestamp for every representable instant and offset', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62167219200000 + 86_400_000, max: 253402300799999 - 86_400_000 }), fc.integer({ min: -1439, max: 1439 }), (ms, off) => {
        const text = formatTimestamp(ms, off)
        expect(checkTimestamp(text)).toBeNull()
        expect(parseTimestamp(text)).toEqual({ epochMs: ms, offsetMinutes: off })
      }),
    )
  })
})

describe('calendar arithmetic', () => {
  test('day counts agree with Date for every day of years 0-2400 in steps', () => {
    for (let year = 0; year <= 2400; year += year < 10 ? 1 : 97) {
      for (let month = 1; month <= 12; month++) {
        const d = new Date(0)
        d.setUTCFullYear(year, month - 1, 1)
        const days = d.getTime() / 86_400_000
        expect(daysFromCivil(year, month, 1)).toBe(days)
        expect(civilFromDays(days)).toEqual({ year, month, day: 1 })
      }
    }
  })

  test('month lengths agree with Date for leap and common years', () => {
    for (const year of [0, 4, 100, 400, 1900, 2000, 2023, 2024, 2100, 9999]) {
      for (let month = 1; month <= 12; month++) {
        for (let day = 28; day <= 31; day++) {
          const d = new Date(0)
          d.setUTCFullYear(year, month - 1, day)
          const real = d.getUTCDate() === day
          const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${day}T00:00:00Z`
          expect([text, checkTimestamp(text) === null]).toEqual([text, real])
        }
      }
    }
  })
})

describe('checkTimestamp properties', () => {
  const timestampish = fc.oneof(
    fc.string({ unit: fc.constantFrom('0', '1', '2', '5', '9', '-', ':', 'T', 't', 'Z', 'z', '+', '.', ' '), maxLength: 30 }),
    fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 30 }),
  )

  test('never throws, and parse succeeds exactly when check does', () => {
    fc.assert(fc.property(timestampish, (s) => (checkTimestamp(s) === null) === (parseTimestamp(s) !== null)), {
      numRuns: 3000,
    })
  })

  test('answers a megabyte of fractional digits', () => {
    expect(checkTimestamp('2024-05-01T09:30:00.' + '1'.repeat(1 << 20) + 'Z')).toBeNull()
  })
})
