import { randomInt } from 'node:crypto'

/**
 * How a fuzz run is sized and seeded, from the environment:
 * - `FUZZ_SEED`: the run's seed (a number; `random` picks one, printed). Default: a fixed seed, so CI repeats itself.
 * - `FUZZ_CASES`: cases per input kind. Default: the small CI sample each suite names.
 * - `FUZZ_CASE`: run only this case number (with the seed that found it).
 * - `FUZZ_MS_BASE`, `FUZZ_MS_PER_MB`: the time a case may take, `base + perMb × input megabytes` (default 10 s and
 *   10 s per MB; a case over it is run once more on a fresh worker before it counts as a hang).
 * - `FUZZ_HEAP_MB`: the heap a case may use before it counts as exhausting memory (default 2048).
 * - `FUZZ_KEEP`: where failing cases are kept for minimising (default `<tmp>/preview-data-fuzz`).
 * - `FUZZ_FIGURES`: a file the run appends its figures to, one JSON line per suite.
 * - `FUZZ_VERBOSE`: 1 prints each case's time, 2 also its input and each run's time, 3 also what the worker printed.
 */
export interface FuzzConfig {
  seed: number
  /** How many cases this run takes, from `first`. */
  cases: number
  first: number
  /** Whether FUZZ_CASES was given (a nightly-size run): some cases are larger then, so a repeat must say so too. */
  nightly: boolean
  msBase: number
  msPerMb: number
  /** The heap a case may use (FUZZ_HEAP_MB, default 2048). */
  heapMb: number
  keep?: string
  figures?: string
}

const DEFAULT_SEED = 20261126

export function fuzzConfig(ciCases: number): FuzzConfig {
  const env = process.env
  const seedText = env.FUZZ_SEED
  const seed = seedText === undefined || seedText === '' ? DEFAULT_SEED : seedText === 'random' ? randomInt(2 ** 32 - 1) : Number(seedText) >>> 0
  if (seedText && seedText !== 'random' && !/^\d+$/.test(seedText)) throw new Error(`FUZZ_SEED must be a whole number or "random", not ${JSON.stringify(seedText)}`)
  const only = env.FUZZ_CASE === undefined || env.FUZZ_CASE === '' ? undefined : Number(env.FUZZ_CASE)
  const cases = env.FUZZ_CASES ? Number(env.FUZZ_CASES) : ciCases
  return {
    seed,
    first: only ?? 0,
    cases: only === undefined ? cases : 1,
    nightly: Boolean(env.FUZZ_CASES),
    msBase: Number(env.FUZZ_MS_BASE ?? 10_000),
    msPerMb: Number(env.FUZZ_MS_PER_MB ?? 10_000),
    heapMb: Number(env.FUZZ_HEAP_MB ?? 2048),
    ...(env.FUZZ_KEEP ? { keep: env.FUZZ_KEEP } : {}),
    ...(env.FUZZ_FIGURES ? { figures: env.FUZZ_FIGURES } : {}),
  }
}

/** The command that repeats a run, or one case of it. */
export function repeatCommand(suite: string, config: FuzzConfig, index?: number): string {
  const file = `test/fuzz/${suite}.fuzz.test.ts`
  const size = config.nightly ? `FUZZ_CASES=${process.env.FUZZ_CASES} ` : ''
  return index === undefined ? `FUZZ_SEED=${config.seed} ${size}npx vitest run ${file}` : `FUZZ_SEED=${config.seed} ${size}FUZZ_CASE=${index} npx vitest run ${file}`
}
