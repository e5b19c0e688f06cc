import { DateTime } from 'luxon'
import { afterEach, describe, expect, test } from 'vitest'
import type { TimestampInput } from '../../src/index.js'
import { toTimestamp } from '../../src/index.js'
import { bytes, post, start } from './_helpers.js'

describe('toTimestamp', () => {
  const cases: { name: string; input: TimestampInput; zone: string; value: string }[] = [
    { name: 'date only in Asia/Seoul', input: '2024-05-01', zone: 'Asia/Seoul', value: '2024-05-01T00:00:00+09:00' },
    { name: 'date only in +05:30', input: '2024-05-01', zone: '+05:30', value: '2024-05-01T00:00:00+05:30' },
    { name: 'date only in a negative half-hour offset', input: '2024-05-01', zone: '-09:30', value: '2024-05-01T00:00:00-09:30' },
    { name: 'date only in UTC', input: '2024-05-01', zone: 'UTC', value: '2024-05-01T00:00:00Z' },
    { name: 'local time with T in Asia/Seoul', input: '2024-05-01T10:30', zone: 'Asia/Seoul', value: '2024-05-01T10:30:00+09:00' },
    { name: 'local time with a space and seconds', input: '2024-05-01 10:30:15', zone: 'Asia/Kolkata', value: '2024-05-01T10:30:15+05:30' },
    { name: 'local time with milliseconds', input: '2024-05-01T10:30:15.250', zone: 'UTC', value: '2024-05-01T10:30:15.250Z' },
    { name: 'summer and winter offsets of one IANA zone', input: '2024-01-15', zone: 'Europe/Lisbon', value: '2024-01-15T00:00:00Z' },
    { name: 'summer offset', input: '2024-07-15', zone: 'Europe/Lisbon', value: '2024-07-15T00:00:00+01:00' },
    { name: 'DST gap (New York, 02:30 does not exist): moved forward by the gap', input: '2024-03-10T02:30', zone: 'America/New_York', value: '2024-03-10T03:30:00-04:00' },
    { name: 'DST gap (Lisbon, 01:30 does not exist)', input: '2024-03-31T01:30', zone: 'Europe/Lisbon', value: '2024-03-31T02:30:00+01:00' },
    { name: 'RFC 3339 is kept as written, whatever the zone', input: '2024-05-01T10:00:00.5+02:00', zone: 'Asia/Seoul', value: '2024-05-01T10:00:00.5+02:00' },
    { name: 'Date becomes UTC', input: new Date(Date.UTC(2024, 4, 1, 10, 0, 0, 123)), zone: 'Asia/Seoul', value: '2024-05-01T10:00:00.123Z' },
    { name: 'DateTime keeps its offset', input: DateTime.fromISO('2024-05-01T10:00:00', { zone: 'Asia/Kolkata' }), zone: 'UTC', value: '2024-05-01T10:00:00+05:30' },
    { name: 'DateTime in UTC', input: DateTime.fromISO('2024-05-01T10:00:00Z', { zone: 'utc' }), zone: 'Asia/Seoul', value: '2024-05-01T10:00:00Z' },
  ]
  test.each(cases)('$name', ({ input, zone, value }) => {
    expect(toTimestamp(input, zone)).toEqual({ ok: true, value })
  })

  test('DST overlap (01:30 happens twice in New York) gives one of the two real instants', () => {
    const result = toTimestamp('2024-11-03T01:30', 'America/New_York')
    expect(result.ok && ['2024-11-03T01:30:00-04:00', '2024-11-03T01:30:00-05:00'].includes(result.value)).toBe(true)
  })

  const bad: { name: string; input: TimestampInput; reason: RegExp }[] = [
    // Said in the validator's words for RFC 3339 strings, not luxon's ("you specified 13 (of type number) as a month").
    { name: 'February 30th', input: '2024-02-30', reason: /^is not a real date or time \(has day 30, but 2024-02 has 29 days\)$/ },
    { name: 'month 13', input: '2024-13-01T00:00', reason: /^is not a real date or time \(has month 13; months are 01-12\)$/ },
    { name: 'minute 61', input: '2024-05-01 10:61', reason: /^is not a real date or time \(has minute 61; minutes are 00-59\)$/ },
    { name: 'words', input: 'yesterday', reason: /not an RFC 3339 timestamp/ },
    { name: 'offset beyond ±24h', input: '2024-05-01T10:00:00+25:00', reason: /not an RFC 3339 timestamp/ },
    { name: 'invalid Date', input: new Date('nope'), reason: /invalid Date/ },
    { name: 'invalid DateTime', input: DateTime.invalid('made up'), reason: /invalid DateTime/ },
    { name: 'a number', input: 1714557600000 as unknown as TimestampInput, reason: /^is a number; pass an RFC 3339 string, a Date \(new Date\(1714557600000\) reads it as milliseconds since 1970\) or a luxon DateTime$/ },
    { name: 'a boolean', input: true as unknown as TimestampInput, reason: /not a string, Date or DateTime/ },
  ]
  test.each(bad)('refuses $name', ({ input, reason }) => {
    const result = toTimestamp(input, 'UTC')
    expect(result.ok).toBe(false)
    expect(!result.ok && result.reason).toMatch(reason)
  })
})

describe('timestamps in the builder', () => {
  test('zone-less dates are read in site.timezone, even when the time zone is set after the post', () => {
    const before = start({ timezone: 'Asia/Seoul' }).post(post('A', '2024-05-01')).build()
    const after = start().post(post('A', '2024-05-01')).site({ timezone: 'Asia/Seoul' }).build()
    expect(before.content.posts[0].published_at_iso).toBe('2024-05-01T00:00:00+09:00')
    expect(JSON.stringify(after)).toBe(JSON.stringify(before))
  })

  test('a date-only timestamp in +05:30', () => {
    const [p] = start({ timezone: '+05:30' }).post(post('A', '2024-05-01', { updated_at_iso: '2024-05-02 12:00' })).build().content.posts
    expect([p.published_at_iso, p.updated_at_iso]).toEqual(['2024-05-01T00:00:00+05:30', '2024-05-02T12:00:00+05:30'])
  })

  test('Date and luxon DateTime inputs, for posts, pages and generated_at', () => {
    const payload = start({}, { generated_at: new Date(Date.UTC(2026, 4, 1, 9)) })
      .post(post('A', new Date(Date.UTC(2024, 0, 1, 23, 30)), { updated_at_iso: DateTime.fromISO('2024-01-02T08:00:00+09:00', { setZone: true }) }))
      .page({ title: 'About', updated_at_iso: DateTime.fromObject({ year: 2024, month: 2, day: 3 }, { zone: 'America/Sao_Paulo' }) })
      .build()
    expect(payload.generated_at).toBe('2026-05-01T09:00:00Z')
    expect(payload.content.posts[0]).toMatchObject({ published_at_iso: '2024-01-01T23:30:00Z', updated_at_iso: '2024-01-02T08:00:00+09:00' })
    expect(payload.content.pages[0].updated_at_iso).toBe('2024-02-03T00:00:00-03:00')
  })

  test('date permalink tokens use the publication date in the site time zone, not in UTC', () => {
    const payload = start({ timezone: 'Asia/Seoul', url: 'https://notes.example' })
      .permalinks({ posts: '/:year/:month/:day/:slug/' })
      .post(post('New year', '2023-12-31T20:00:00Z'))
      .menu('main', { name: 'Main', items: [{ post: 'new-year' }] })
      .build()
    expect(payload.menus?.main.items[0].url).toBe('/2024/01/01/new-year/')
  })

  describe('the machine time zone is never used', () => {
    const saved = process.env.TZ
    afterEach(() => {
      if (saved === undefined) delete process.env.TZ
      else process.env.TZ = saved
    })

    test('the same calls give the same bytes under different machine time zones', () => {
      const make = () =>
        start({ timezone: 'Europe/Lisbon' })
          .post(post('A', '2024-05-01'))
          .post(post('B', '2024-03-31T01:30'))
          .post(post('C', new Date(Date.UTC(2024, 5, 1))))
          .post(post('D', DateTime.fromObject({ year: 2024, month: 7, day: 1 }, { zone: 'Asia/Seoul' })))
      const outputs = ['Pacific/Kiritimati', 'America/Anchorage', 'UTC'].map((tz) => {
        process.env.TZ = tz
        // The setting took: this machine now renders a fixed instant with that zone's offset.
        expect(new Date(Date.UTC(2024, 0, 1)).getTimezoneOffset()).toBe(tz === 'UTC' ? 0 : tz === 'Pacific/Kiritimati' ? -840 : 540)
        return bytes(make())
      })
      expect(new Set(outputs).size).toBe(1)
      expect(JSON.parse(outputs[0]).content.posts.map((p: { published_at_iso: string }) => p.published_at_iso)).toEqual([
        '2024-07-01T00:00:00+09:00',
        '2024-06-01T00:00:00Z',
        '2024-05-01T00:00:00+01:00',
        '2024-03-31T02:30:00+01:00',
      ])
    })
  })
})
