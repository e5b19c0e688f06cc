/**
 * Appends every item of `items` to `target`, one at a time. `target.push(...items)` passes each item as an argument,
 * and V8 overflows its stack past about 120,000 of them ("Maximum call stack size exceeded"): a payload with 200,000
 * posts that each break one rule, or a body with 200,000 template tags, is input the SDK must report, not crash on.
 * @example
 * const issues: string[] = []
 * appendAll(issues, ['a', 'b']) // issues: ['a', 'b']
 */
export function appendAll<T>(target: T[], items: Iterable<T>): void {
  for (const item of items) target.push(item)
}
