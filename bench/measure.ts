// Small timing helpers shared by the benchmarks.

/**
 * Median wall time in milliseconds of `runs` calls (after the caller's warm-up). No forced GC between runs: a full
 * collection also drops V8's optimized code, which would measure a cold start each time.
 */
export function median(runs: number, fn: () => unknown): number {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    fn()
    times.push(performance.now() - start)
  }
  // BENCH_TIMES=1 prints every run, to see the spread behind a median.
  if (process.env.BENCH_TIMES) console.error(times.map((t) => t.toFixed(0)).join(' '))
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]
}

/** Peak resident set size of this process so far, in MB. */
export function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024
}

/** Prints one benchmark line: a name and its figures. */
export function report(name: string, figures: Record<string, string | number>): void {
  const parts = Object.entries(figures).map(([k, v]) => `${k}: ${v}`)
  console.log(`${name.padEnd(44)} ${parts.join('  ')}`)
}
