import { parseWpDate } from './dates.js'

/** An instant and the offset WordPress used for it (`post_date - post_date_gmt`), in minutes. */
export type OffsetSample = { at: number; minutes: number }

// Samples kept at most; past this, every other one is dropped and only every other later one kept, so the samples
// stay spread over the whole export whatever its size, and the same export always keeps the same ones.
const MAX_SAMPLES = 4096

/**
 * A bounded, deterministic sample of the offsets items were published with, for finding the site's time zone when
 * its offset changed over the year (daylight-saving time).
 */
export class OffsetSamples {
  readonly #samples: OffsetSample[] = []
  #stride = 1
  #seen = 0

  /** Takes an item's local and GMT publication dates; unusable ones are ignored. */
  add(local: string, gmt: string): void {
    if (this.#seen++ % this.#stride !== 0) return
    const l = parseWpDate(local)
    const g = parseWpDate(gmt)
    if (!l || !g) return
    const at = Date.UTC(g.y, g.mo - 1, g.d, g.h, g.mi, g.s)
    const minutes = Math.round((Date.UTC(l.y, l.mo - 1, l.d, l.h, l.mi, l.s) - at) / 60000)
    if (Math.abs(minutes) > 14 * 60) return
    this.#samples.push({ at, minutes })
    if (this.#samples.length >= MAX_SAMPLES) {
      const kept = this.#samples.filter((_, i) => i % 2 === 0)
      this.#samples.length = 0
      this.#samples.push(...kept)
      this.#stride *= 2
    }
  }

  get samples(): readonly OffsetSample[] {
    return this.#samples
  }
}

// Where several zones fit equally, these (the most used zone of each daylight-saving rule) come first.
const PREFERRED = [
  'America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'America/Halifax', 'America/St_Johns',
  'America/Anchorage', 'America/Mexico_City', 'America/Sao_Paulo', 'America/Santiago', 'America/Asuncion', 'Europe/London',
  'Europe/Lisbon', 'Europe/Dublin', 'Europe/Paris', 'Europe/Berlin', 'Europe/Madrid', 'Europe/Rome', 'Europe/Amsterdam',
  'Europe/Athens', 'Europe/Helsinki', 'Europe/Kiev', 'Europe/Bucharest', 'Asia/Jerusalem', 'Asia/Beirut', 'Asia/Tehran',
  'Africa/Cairo', 'Australia/Sydney', 'Australia/Melbourne', 'Australia/Hobart', 'Australia/Adelaide', 'Pacific/Auckland',
]

/**
 * The IANA time zone whose offsets reproduce the most sampled items' offsets, when the items were published under
 * more than one offset (daylight-saving time) and a zone explains more of them than any fixed offset does; else
 * undefined (one offset: a fixed offset says it exactly). WordPress builds dated permalinks from the local date, so
 * the right zone keeps every post's date, and its URL, the same.
 * @example
 * inferZone([{ at: Date.UTC(2020, 0, 10), minutes: 0 }, { at: Date.UTC(2020, 6, 10), minutes: 60 }]) // 'Europe/London'
 */
export function inferZone(samples: readonly OffsetSample[]): string | undefined {
  const offsets = new Set(samples.map((s) => s.minutes))
  if (offsets.size < 2) return undefined
  // The distinct (offset, day) pairs decide; checking each sample again would only repeat them. Past FULL_PROBES, an
  // even spread of them over time decides (every candidate zone is asked for its offset at each: that is the cost).
  const probes = spread(distinctProbes(samples), FULL_PROBES).sort((a, b) => b.weight - a.weight || a.at - b.at)
  const fixed = new Map<number, number>()
  for (const p of probes) fixed.set(p.minutes, (fixed.get(p.minutes) ?? 0) + p.weight)
  const bestFixed = Math.max(...fixed.values())
  const total = probes.reduce((n, p) => n + p.weight, 0)
  // Most sites are in one of the preferred zones: when one explains every probe, the 400-odd others (each a formatter
  // to build, 1 ms apiece) need not be asked.
  let best = bestZone(PREFERRED, probes)
  if (best === undefined || best.matched < total) {
    const other = bestZone(Intl.supportedValuesOf('timeZone').filter((z) => !PREFERRED.includes(z)).sort(), probes)
    if (other && (best === undefined || other.matched > best.matched)) best = other
  }
  return best && best.matched > bestFixed ? best.zone : undefined
}

/** The zone of `zones` whose offsets match the most probe weight (the first of equals), and that weight. */
function bestZone(zones: readonly string[], probes: ReadonlyArray<OffsetSample & { weight: number }>): { zone: string; matched: number } | undefined {
  const score = (offsetAt: (at: number) => number, list: typeof probes) => list.reduce((n, p) => n + (offsetAt(p.at) === p.minutes ? p.weight : 0), 0)
  // A first pass over the heaviest probes rules out most zones; the few left are checked against all.
  const quick = probes.slice(0, 48)
  const scored: Array<{ zone: string; offsetAt: (at: number) => number; quick: number }> = []
  for (const zone of zones) {
    const offsetAt = zoneOffsets(zone)
    if (offsetAt !== undefined) scored.push({ zone, offsetAt, quick: score(offsetAt, quick) })
  }
  const top = Math.max(0, ...scored.map((z) => z.quick))
  let best: { zone: string; matched: number } | undefined
  for (const z of scored.filter((x) => x.quick === top)) {
    const matched = score(z.offsetAt, probes)
    if (best === undefined || matched > best.matched) best = { zone: z.zone, matched }
  }
  return best
}

// Probes every candidate zone is scored on at most: 512 days spread over the export's years find the zone, and keep an
// export of 10,000 posts from asking forty tied zones for their offset 4,000 times each (1.4 s).
const FULL_PROBES = 512

/** At most `n` of the probes, evenly spread over time (always the same ones for the same probes). */
function spread<T extends OffsetSample>(probes: T[], n: number): T[] {
  if (probes.length <= n) return probes
  const byTime = [...probes].sort((a, b) => a.at - b.at || a.minutes - b.minutes)
  return Array.from({ length: n }, (_, i) => byTime[Math.floor((i * byTime.length) / n)])
}

/** One probe per distinct offset and month, weighted by the samples it stands for. */
function distinctProbes(samples: readonly OffsetSample[]): Array<OffsetSample & { weight: number }> {
  const byKey = new Map<string, OffsetSample & { weight: number }>()
  for (const s of samples) {
    // Hours around a change of offset fall in the same month as the change: the probe is the day, not the month.
    const key = `${s.minutes}/${Math.floor(s.at / 86_400_000)}`
    const p = byKey.get(key)
    if (p) p.weight++
    else byKey.set(key, { ...s, weight: 1 })
  }
  return [...byKey.values()]
}

/** The offset of `zone` at an instant, in minutes, or undefined when the runtime does not know the zone. */
function zoneOffsets(zone: string): ((at: number) => number) | undefined {
  let format: Intl.DateTimeFormat
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
  } catch {
    return undefined
  }
  return (at) => {
    const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT'
    const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name)
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0
  }
}
