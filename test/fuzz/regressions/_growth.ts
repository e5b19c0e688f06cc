/**
 * How much longer `run` takes on eight times the input: about 8 when linear, 64 when quadratic. The fastest of three
 * runs each, after a warm-up, so a busy machine's pauses do not decide; at least 2 ms counts for the small one.
 */
export function growth(run: (n: number) => unknown, n: number): number {
  const time = (size: number) => {
    let best = Infinity
    for (let i = 0; i < 3; i++) {
      const start = performance.now()
      run(size)
      best = Math.min(best, performance.now() - start)
    }
    return best
  }
  time(n / 4) // warm-up
  return time(8 * n) / Math.max(time(n), 2)
}

/** `growth` for work that is asynchronous (an import of a folder or an export written for each size). */
export async function growthAsync(run: (n: number) => Promise<unknown>, n: number): Promise<number> {
  const time = async (size: number) => {
    let best = Infinity
    for (let i = 0; i < 3; i++) {
      const start = performance.now()
      await run(size)
      best = Math.min(best, performance.now() - start)
    }
    return best
  }
  await time(n / 4) // warm-up
  return (await time(8 * n)) / Math.max(await time(n), 2)
}
