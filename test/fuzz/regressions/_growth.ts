/**
 * How much longer `run` takes on eight times the input: about 8 when linear, 64 when quadratic. Timed in CPU time
 * (this test process's user and system time), the fastest of three runs each after a warm-up, so that neither a busy
 * machine's other processes nor its pauses decide (in wall time, a linear row measured 40 at load 11); at least 2 ms
 * counts for the small one.
 */
export function growth(run: (n: number) => unknown, n: number): number {
  const time = (size: number) => {
    let best = Infinity
    for (let i = 0; i < 3; i++) {
      const start = process.cpuUsage()
      run(size)
      best = Math.min(best, cpuMs(start))
    }
    return best
  }
  time(n / 4) // warm-up
  return time(8 * n) / Math.max(time(n), 2)
}

/**
 * `growth` of work too quick at `n` to time: each size is run `repeat` times, `repeat` doubled until `n` takes at
 * least `atLeastMs` of CPU (a run of 0.1 ms measured against the 2 ms floor hides even a quadratic step: 6.4 / 2).
 */
export function growthRepeated(run: (n: number) => unknown, n: number, atLeastMs = 10): number {
  let repeat = 1
  for (let start = process.cpuUsage(); ; start = process.cpuUsage()) {
    for (let i = 0; i < repeat; i++) run(n)
    if (cpuMs(start) >= atLeastMs || repeat >= 1 << 12) break
    repeat *= 2
  }
  return growth((size) => {
    for (let i = 0; i < repeat; i++) run(size)
  }, n)
}

/** `growth` for work that is asynchronous (an import of a folder or an export written for each size). */
export async function growthAsync(run: (n: number) => Promise<unknown>, n: number): Promise<number> {
  const time = async (size: number) => {
    let best = Infinity
    for (let i = 0; i < 3; i++) {
      const start = process.cpuUsage()
      await run(size)
      best = Math.min(best, cpuMs(start))
    }
    return best
  }
  await time(n / 4) // warm-up
  return (await time(8 * n)) / Math.max(await time(n), 2)
}

/** Milliseconds of CPU this process used since `start`. */
export function cpuMs(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}
