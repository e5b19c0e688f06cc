/**
 * The fuzz suites' only source of randomness: a small seeded generator (sfc32), so a run is reproduced by its seed,
 * and every case by the seed and its number (`caseSeed`), without generating the cases before it.
 */
export class Random {
  private a: number
  private b: number
  private c: number
  private d: number

  constructor(seed: number) {
    this.a = 0x9e3779b9
    this.b = 0x243f6a88
    this.c = 0xb7e15162
    this.d = seed >>> 0
    // The first outputs of sfc32 still show the seed: discard them.
    for (let i = 0; i < 15; i++) this.u32()
  }

  /** A uniform 32-bit unsigned integer. */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0
    this.d = (this.d + 1) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.c = (this.c + t) | 0
    return t >>> 0
  }

  /** A uniform number in [0, 1). */
  next(): number {
    return this.u32() / 4294967296
  }

  /** A uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n)
  }

  /** A uniform integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1)
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing')
    return items[this.int(items.length)]
  }

  /** One of `entries`, chosen in proportion to its weight. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    let total = 0
    for (const [, w] of entries) total += w
    let r = this.next() * total
    for (const [value, w] of entries) {
      r -= w
      if (r < 0) return value
    }
    return entries[entries.length - 1][0]
  }

  /** A size with a heavy tail: mostly small, sometimes up to `max`. */
  size(max: number): number {
    return Math.min(max, Math.floor(Math.exp(this.next() * Math.log(max + 1))))
  }

  bytes(n: number): Buffer {
    const out = Buffer.alloc(n)
    for (let i = 0; i < n; i++) out[i] = this.u32() & 0xff
    return out
  }
}

/** The seed of case `index` of a run seeded `seed` (splitmix32 of both): cases are independent of each other. */
export function caseSeed(seed: number, index: number): number {
  let z = (seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
  return (z ^ (z >>> 16)) >>> 0
}
