import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { formatOffset, localToIso, modeOffset, offsetBetween, parseOffset, parseWpDate, pubDateToIso, resolveItemDates } from '../../../importers/wordpress/dates.js'

const item = (o: Partial<{ postDate: string; postDateGmt: string; postModified: string; postModifiedGmt: string; pubDate: string }>) => ({
  postDate: '', postDateGmt: '', postModified: '', postModifiedGmt: '', pubDate: '', ...o,
})

describe('WordPress dates', () => {
  test.each([
    ['2024-02-29 10:00:00', '2024-02-29'],
    ['2023-02-29 10:00:00', undefined],
    ['0000-00-00 00:00:00', undefined],
    ['2024-13-01 00:00:00', undefined],
    ['2024-01-01 24:00:00', undefined],
    ['2024-01-01 12:30', '2024-01-01'],
    ['', undefined],
  ])('parseWpDate(%j)', (text, date) => {
    expect(parseWpDate(text)?.date).toBe(date)
  })

  // The shape the reader accepts, written as the regular expression it replaces; parseWpDate must agree with it.
  const reference = (text: string) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim())
    if (!m) return undefined
    const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '00'].map(Number)
    const days = new Date(Date.UTC(y, mo, 0)).getUTCDate()
    if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > days || h > 23 || mi > 59 || s > 59) return undefined
    return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}`
  }
  test('parseWpDate agrees with the pattern it implements, on dates, near-dates and noise', () => {
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'))
    const date = fc
      .tuple(fc.integer({ min: 0, max: 2100 }).map((n) => String(n).padStart(4, '0')), two(13), two(32), fc.constantFrom(' ', 'T', 't', '_'), two(25), two(60), fc.option(two(60)), fc.constantFrom('', ' ', '\n', ' \t'))
      .map(([y, mo, d, sep, h, mi, s, pad]) => `${pad}${y}-${mo}-${d}${sep}${h}:${mi}${s === null ? '' : ':' + s}${pad}`)
    const mutated = fc.tuple(date, fc.nat(), fc.constantFrom('', 'x', '-', ':', '0', '\u0660', ' ')).map(([d, at, ch]) => d.slice(0, at % (d.length + 1)) + ch + d.slice((at % (d.length + 1)) + 1))
    fc.assert(
      fc.property(fc.oneof(date, mutated, fc.string({ maxLength: 22 })), (text) => {
        const p = parseWpDate(text)
        expect(p === undefined ? undefined : `${p.date}T${p.time}`).toBe(reference(text))
      }),
      { numRuns: 20_000 },
    )
  })

  test.each([
    [210, false, '+03:30'],
    [-480, false, '-08:00'],
    [0, false, 'Z'],
    [0, true, 'UTC'],
  ])('formatOffset(%d)', (minutes, tz, text) => {
    expect(formatOffset(minutes, tz)).toBe(text)
    expect(parseOffset(text)).toBe(minutes)
  })

  test('fixed offsets need no Intl and keep the local clock time', () => {
    expect(localToIso('2025-01-05 22:34:19', { kind: 'offset', minutes: 210 })).toBe('2025-01-05T22:34:19+03:30')
  })

  test('IANA zones honour daylight saving', () => {
    expect(localToIso('2024-07-01 12:00:00', { kind: 'zone', zone: 'Europe/Lisbon' })).toBe('2024-07-01T12:00:00+01:00')
    expect(localToIso('2024-01-01 12:00:00', { kind: 'zone', zone: 'Europe/Lisbon' })).toBe('2024-01-01T12:00:00+00:00')
  })

  test('offsets are inferred from items that carry both dates; ties go to the smaller offset', () => {
    expect(offsetBetween('2025-01-05 22:34:19', '2025-01-05 19:04:19')).toBe(210)
    expect(modeOffset(new Map([[210, 3], [0, 1]]))).toBe(210)
    expect(modeOffset(new Map([[60, 2], [-60, 2]]))).toBe(-60)
    expect(modeOffset(new Map())).toBe(0)
  })

  test('RSS pubDate', () => {
    expect(pubDateToIso('Tue, 27 Jan 2015 14:56:57 +0000')).toBe('2015-01-27T14:56:57Z')
    expect(pubDateToIso('Tue, 27 Jan 2015 14:56:57 -0800')).toBe('2015-01-27T14:56:57-08:00')
    expect(pubDateToIso('')).toBeUndefined()
  })

  const clock = { kind: 'offset', minutes: 480 } as const
  test.each([
    ['GMT values win', item({ postDate: '2012-01-01 08:00:00', postDateGmt: '2012-01-01 00:00:00', postModifiedGmt: '2012-02-01 00:00:00' }), '2012-01-01T00:00:00Z', '2012-02-01T00:00:00Z', []],
    ['zero GMT falls back to local + site offset', item({ postDate: '2012-01-01 08:00:00', postDateGmt: '0000-00-00 00:00:00' }), '2012-01-01T08:00:00+08:00', '2012-01-01T08:00:00+08:00', ['published_from_local_date', 'updated_from_published']],
    ['exports before 2018 have no modified date', item({ postDateGmt: '2012-01-01 00:00:00' }), '2012-01-01T00:00:00Z', '2012-01-01T00:00:00Z', ['updated_from_published']],
    ['local modified date', item({ postDateGmt: '2012-01-01 00:00:00', postModified: '2012-03-01 08:00:00' }), '2012-01-01T00:00:00Z', '2012-03-01T08:00:00+08:00', ['updated_from_local_date']],
    ['pubDate when both dates are unusable', item({ pubDate: 'Sun, 01 Jan 2012 00:00:00 +0000' }), '2012-01-01T00:00:00Z', '2012-01-01T00:00:00Z', ['published_from_pub_date', 'updated_from_published']],
    ['nothing at all: the fallback', item({}), '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', ['published_missing', 'updated_from_published']],
  ])('%s', (_name, input, published, updated, fallbacks) => {
    expect(resolveItemDates(input, clock, '2026-01-01T00:00:00Z')).toEqual({ published, updated, fallbacks })
  })
})
