import { compareCodeUnits } from '../../src/compare.js'

/**
 * How often each value occurs, keyed in code-unit order: a report's counts by reason (`skipped_by_reason`) come out
 * the same bytes from both importers and on every machine.
 * @example
 * countBy(['draft', 'private', 'draft']) // { draft: 2, private: 1 }
 */
export function countBy(values: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const v of [...values].sort(compareCodeUnits)) out[v] = (out[v] ?? 0) + 1
  return out
}
