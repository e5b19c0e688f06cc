/**
 * The `-2`, `-3`… suffix for the next item whose slug or path is taken, found from where the last search for the
 * same wanted name stopped. Searching from 2 each time took time in the square of the number of items that want the
 * same name (20,000 WordPress pages with one slug: 146 s). Valid because what is taken only grows: every suffix below
 * the one last handed out for a name is still taken.
 * @example
 * const suffixes = new Suffixes()
 * suffixes.next('about', (n) => !taken.has(`about-${n}`)) // 2, then 3 for the next page that wants "about"
 */
export class Suffixes {
  private readonly after = new Map<string, number>()

  /** The first `n` from 2 for which `free(n)`, for items that want `name`. */
  next(name: string, free: (n: number) => boolean): number {
    let n = this.after.get(name) ?? 2
    while (!free(n)) n++
    this.after.set(name, n + 1)
    return n
  }
}
