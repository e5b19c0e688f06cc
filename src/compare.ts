/**
 * Compares strings by UTF-16 code units, the order `Array.prototype.sort` gives without a comparator: never by the
 * machine's locale, so every sorted list in a payload, report or redirect file comes out the same everywhere.
 * @example
 * ['b', 'B', 'a'].sort(compareCodeUnits) // ['B', 'a', 'b']
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
