import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { IANA_ZONES } from '../../../src/contract/iana-zones.js'
import { PreviewDataError } from '../../../src/validate/issue.js'
import { checkTimezone, localDateParts, offsetMinutesAt } from '../../../src/validate/primitives/index.js'

describe('checkTimezone accepts', () => {
  test.each(['UTC', 'Etc/UTC', 'Asia/Kolkata', 'Europe/Kyiv', 'America/Argentina/Buenos_Aires', 'Pacific/Kiritimati', '+05:30', '-03:00', '+14:00', '-14:00', '+00:01', '-13:59', '+09:45'])(
    '%s',
    (value) => {
      expect(checkTimezone(value)).toBeNull()
    },
  )

  test('every bundled IANA zone', () => {
    expect(IANA_ZONES.filter((z) => checkTimezone(z) !== null)).toEqual([])
  })

  test('every whole-minute offset within ±14:00 except zero', () => {
    const wrong: string[] = []
    for (let m = -14 * 60; m <= 14 * 60; m++) {
      const abs = Math.abs(m)
      const text = `${m < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
      if ((checkTimezone(text) === null) !== (m !== 0)) wrong.push(text)
    }
    expect(wrong).toEqual([])
  })
})

describe('checkTimezone rejects', () => {
  test.each([
    { value: '', reason: 'is empty' },
    { value: '+00:00', reason: 'is a zero offset; use "UTC"' },
    { value: '-00:00', reason: 'is a zero offset; use "UTC"' },
    { value: '+14:01', reason: 'is beyond ±14:00' },
    { value: '+14:30', reason: 'is beyond ±14:00' },
    { value: '-15:00', reason: 'is beyond ±14:00' },
    { value: '+5:30', reason: 'is not a canonical fixed offset' },
    { value: '+0530', reason: 'is not a canonical fixed offset' },
    { value: '+05', reason: 'is not a canonical fixed offset' },
    { value: '+05:60', reason: 'is not a canonical fixed offset' },
    { value: '+05:30:00', reason: 'is not a canonical fixed offset' },
    { value: '\u221205:00', reason: 'is not "UTC", a fixed offset' },
    { value: 'utc', reason: 'use "UTC"' },
    { value: 'Z', reason: 'is not "UTC", a fixed offset' },
    { value: 'GMT+5', reason: 'is not' },
    { value: 'asia/kolkata', reason: 'is not a canonical IANA zone id; use "Asia/Kolkata"' },
    { value: 'ASIA/KOLKATA', reason: 'use "Asia/Kolkata"' },
    { value: 'Asia/Calcutta', reason: 'is not a canonical IANA zone id' },
    { value: 'US/Eastern', reason: 'is not a canonical IANA zone id' },
    { value: 'Europe/Kiev', reason: 'is not a canonical IANA zone id' },
    { value: ' Asia/Kolkata', reason: 'is not' },
    { value: 'Asia/Kolkata ', reason: 'is not' },
    { value: 'Mars/Olympus_Mons', reason: 'is not "UTC", a fixed offset like "+05:30", or a canonical IANA zone id' },
    { value: 'x'.repeat(1 << 20), reason: 'is not "UTC"' },
  ])('$value: $reason', ({ value, reason }) => {
    expect(checkTimezone(value)).toContain(reason)
  })

  // The hint for an alias comes from ICU data, so only its presence, not its wording, is ICU-independent.
  test.each([
    { alias: 'Asia/Calcutta', zone: 'Asia/Kolkata' },
    { alias: 'US/Eastern', zone: 'America/New_York' },
    { alias: 'Europe/Kiev', zone: 'Europe/Kyiv' },
  ])('names $zone for the alias $alias', ({ alias, zone }) => {
    expect(checkTimezone(alias)).toBe(`is not a canonical IANA zone id; use "${zone}"`)
  })
})

// An independent reading of the offset: the wall-clock parts ICU gives, minus the instant.
function referenceOffsetMinutes(zone: string, epochMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(epochMs)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return Math.trunc((wall - Math.floor(epochMs / 1000) * 1000) / 60_000) + 0
}

describe('offsetMinutesAt', () => {
  test.each([
    { zone: 'UTC', at: '2024-07-01T00:00:00Z', minutes: 0 },
    { zone: 'Etc/UTC', at: '2024-07-01T00:00:00Z', minutes: 0 },
    { zone: '+05:30', at: '2024-07-01T00:00:00Z', minutes: 330 },
    { zone: '-14:00', at: '2024-07-01T00:00:00Z', minutes: -840 },
    { zone: 'Asia/Kolkata', at: '2024-07-01T00:00:00Z', minutes: 330 },
    { zone: 'America/New_York', at: '2024-01-15T12:00:00Z', minutes: -300 },
    { zone: 'America/New_York', at: '2024-07-15T12:00:00Z', minutes: -240 },
    { zone: 'America/New_York', at: '2024-03-10T06:59:59.999Z', minutes: -300 },
    { zone: 'America/New_York', at: '2024-03-10T07:00:00Z', minutes: -240 },
    { zone: 'Europe/Lisbon', at: '2024-10-27T00:59:59.999Z', minutes: 60 },
    { zone: 'Europe/Lisbon', at: '2024-10-27T01:00:00Z', minutes: 0 },
    // St. John's changes at 05:30 UTC, mid-hour, so the hour cache must not answer for the whole hour.
    { zone: 'America/St_Johns', at: '2024-03-10T05:29:59.999Z', minutes: -210 },
    { zone: 'America/St_Johns', at: '2024-03-10T05:30:00Z', minutes: -150 },
    { zone: 'America/St_Johns', at: '2024-03-10T05:00:00Z', minutes: -210 },
    { zone: 'America/St_Johns', at: '2024-03-10T05:59:00Z', minutes: -150 },
    { zone: 'Australia/Lord_Howe', at: '2024-07-01T00:00:00Z', minutes: 630 },
    { zone: 'Australia/Lord_Howe', at: '2024-01-01T00:00:00Z', minutes: 660 },
    { zone: 'Pacific/Kiritimati', at: '2024-01-01T00:00:00Z', minutes: 840 },
    { zone: 'Asia/Kathmandu', at: '2024-01-01T00:00:00Z', minutes: 345 },
  ])('$zone at $at is $minutes', ({ zone, at, minutes }) => {
    expect(offsetMinutesAt(zone, Date.parse(at))).toBe(minutes)
  })

  test('matches an independent ICU reading minute by minute across transition hours', () => {
    const cases = [
      { zone: 'America/St_Johns', from: Date.UTC(2024, 2, 10, 4) },
      { zone: 'America/New_York', from: Date.UTC(2024, 10, 3, 5) },
      { zone: 'Australia/Lord_Howe', from: Date.UTC(2024, 3, 6, 14) },
      { zone: 'Europe/Dublin', from: Date.UTC(2024, 2, 31, 0) },
    ]
    for (const { zone, from } of cases) {
      for (let t = from; t < from + 3 * 3_600_000; t += 60_000) {
        expect([zone, t, offsetMinutesAt(zone, t)]).toEqual([zone, t, referenceOffsetMinutes(zone, t)])
      }
    }
  })

  test('matches an independent ICU reading at random instants and zones', () => {
    const zones = ['America/New_York', 'Europe/Lisbon', 'Asia/Kolkata', 'America/St_Johns', 'Australia/Lord_Howe', 'Africa/Casablanca', 'Pacific/Apia', 'America/Sao_Paulo']
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: Date.UTC(1950, 0, 1), max: Date.UTC(2040, 0, 1) }), (zone, t) => {
        expect(offsetMinutesAt(zone, t)).toBe(referenceOffsetMinutes(zone, t))
      }),
      { numRuns: 1000 },
    )
  })

  test('truncates a local mean time offset with seconds toward zero', () => {
    // New York's LMT is -4:56:02 in tzdata, so both readings agree on -296 whole minutes.
    const t = Date.UTC(1850, 0, 1)
    expect(offsetMinutesAt('America/New_York', t)).toBe(referenceOffsetMinutes('America/New_York', t))
  })

  test.each([
    { zone: 'Asia/Calcutta', code: 'invalid_timezone' },
    { zone: '+00:00', code: 'invalid_timezone' },
    { zone: 'nowhere', code: 'invalid_timezone' },
  ])('throws $code for $zone', ({ zone, code }) => {
    expect(() => offsetMinutesAt(zone, 0)).toThrow(PreviewDataError)
    expect(() => offsetMinutesAt(zone, 0)).toThrow(expect.objectContaining({ code }))
  })

  test.each([Number.NaN, Infinity, 8.64e15 + 1])('throws for the instant %s', (t) => {
    expect(() => offsetMinutesAt('UTC', t)).toThrow(expect.objectContaining({ code: 'invalid_argument' }))
  })
})

describe('localDateParts', () => {
  test.each([
    { zone: 'UTC', at: '2024-12-31T23:59:59Z', date: { year: 2024, month: 12, day: 31 } },
    { zone: 'Asia/Tokyo', at: '2024-12-31T15:00:00Z', date: { year: 2025, month: 1, day: 1 } },
    { zone: 'Asia/Tokyo', at: '2024-12-31T14:59:59.999Z', date: { year: 2024, month: 12, day: 31 } },
    { zone: 'America/New_York', at: '2024-01-01T03:00:00Z', date: { year: 2023, month: 12, day: 31 } },
    { zone: '+14:00', at: '2024-02-28T10:00:00Z', date: { year: 2024, month: 2, day: 29 } },
    { zone: '-14:00', at: '2024-03-01T13:59:00Z', date: { year: 2024, month: 2, day: 29 } },
    { zone: 'Pacific/Apia', at: '2011-12-30T10:00:00Z', date: { year: 2011, month: 12, day: 31 } }, // Samoa skipped Dec 30
    { zone: 'UTC', at: '1969-12-31T23:59:59.999Z', date: { year: 1969, month: 12, day: 31 } },
  ])('$zone at $at', ({ zone, at, date }) => {
    expect(localDateParts(zone, Date.parse(at))).toEqual(date)
  })

  test('matches the date ICU shows for random instants', () => {
    fc.assert(
      fc.property(fc.constantFrom('America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham', 'Europe/Berlin'), fc.integer({ min: 0, max: Date.UTC(2040, 0, 1) }), (zone, t) => {
        const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(t)
        const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
        expect(localDateParts(zone, t)).toEqual({ year: get('year'), month: get('month'), day: get('day') })
      }),
      { numRuns: 500 },
    )
  })
})

describe('checkTimezone properties', () => {
  test('never throws, and accepts only UTC, bundled zones and in-range nonzero offsets', () => {
    const zoneSet = new Set(IANA_ZONES)
    const zoneish = fc.oneof(
      fc.string({ unit: fc.constantFrom('+', '-', '0', '1', '4', '5', '9', ':', 'A', 'a', '/', 'U', 'T', 'C'), maxLength: 8 }),
      fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 20 }),
      fc.constantFrom(...IANA_ZONES),
    )
    fc.assert(
      fc.property(zoneish, (value) => {
        const ok = checkTimezone(value) === null
        const fixed = /^[+-](\d\d):([0-5]\d)$/.exec(value)
        const fixedOk = fixed !== null && Number(fixed[1]) * 60 + Number(fixed[2]) <= 840 && !/^[+-]00:00$/.test(value)
        expect(ok).toBe(value === 'UTC' || zoneSet.has(value) || fixedOk)
      }),
      { numRuns: 2000 },
    )
  })
})
