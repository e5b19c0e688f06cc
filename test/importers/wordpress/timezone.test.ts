import { describe, expect, test } from 'vitest'
import { inferZone, OffsetSamples } from '../../../importers/wordpress/timezone.js'

/** Samples as WordPress would have written them in `zone`, at noon on each given UTC day. */
function samplesIn(zone: string, days: string[]) {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
  return days.map((d) => {
    const at = Date.parse(`${d}T12:00:00Z`)
    const m = /GMT([+-])(\d{2}):(\d{2})/.exec(format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '')
    return { at, minutes: m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0 }
  })
}

const year = ['2019-01-15', '2019-03-20', '2019-04-02', '2019-06-30', '2019-10-20', '2019-11-05', '2019-12-24', '2020-03-30', '2020-07-01']

describe('inferZone', () => {
  test.each([
    ['Europe/Lisbon', 'Europe/London'],
    ['America/Halifax', 'America/Halifax'],
    ['America/Los_Angeles', 'America/Los_Angeles'],
    ['Australia/Hobart', 'Australia/Sydney'],
  ])('offsets of %s give a zone with the same offsets (%s)', (zone, expected) => {
    const samples = samplesIn(zone, year)
    const found = inferZone(samples) as string
    expect(found).toBe(expected)
    expect(samplesIn(found, year)).toEqual(samples)
  })

  // Thousands of posts: an even spread of 512 days decides, and a preferred zone that explains them all spares asking
  // the other 400-odd zones (a 10,000-post export took 1.4 s here).
  test.each([
    ['America/Toronto', 'America/New_York'],
    ['Pacific/Chatham', 'Pacific/Chatham'],
  ])('3,000 posts over ten years in %s give %s', (zone, expected) => {
    const days = Array.from({ length: 3000 }, (_, i) => new Date(Date.UTC(2012, 0, 1) + i * 86_400_000 * 1.3).toISOString().slice(0, 10))
    expect(inferZone(samplesIn(zone, days))).toBe(expected)
  })

  test('one offset all year: no zone, the fixed offset says it', () => {
    expect(inferZone(samplesIn('Asia/Tokyo', year))).toBeUndefined()
  })

  test('a zone only when it explains more items than the commonest offset', () => {
    const noisy = [...samplesIn('Europe/Paris', ['2019-01-10']), ...samplesIn('UTC', ['2019-07-01', '2019-07-02', '2019-07-03'])]
    expect(inferZone(noisy)).toBeUndefined()
  })

  test('samples stay bounded and spread over the whole export', () => {
    const s = new OffsetSamples()
    for (let i = 0; i < 20000; i++) {
      const day = new Date(Date.UTC(2000, 0, 1) + i * 3_600_000 * 5).toISOString().slice(0, 19).replace('T', ' ')
      s.add(day, day)
    }
    expect(s.samples.length).toBeLessThan(4096)
    expect(s.samples.at(-1)?.at).toBeGreaterThan(Date.UTC(2011, 0, 1))
  })
})
