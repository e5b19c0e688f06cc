/**
 * Offsets in a text to 1-based line numbers, in O(log n) each; the line starts are found on first use, so a text
 * that never needs a line costs nothing.
 * @example
 * new LineIndex('a\nb\nc').line(2) // 2
 */
export class LineIndex {
  private starts: number[] | undefined
  constructor(private readonly text: string) {}

  /** The 1-based line holding `offset`. */
  line(offset: number): number {
    if (!this.starts) {
      this.starts = [0]
      for (let p = this.text.indexOf('\n'); p !== -1; p = this.text.indexOf('\n', p + 1)) this.starts.push(p + 1)
    }
    let lo = 0
    let hi = this.starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (this.starts[mid] <= offset) lo = mid
      else hi = mid - 1
    }
    return lo + 1
  }
}
