/**
 * A set of string keys for the few a post holds: a list while it is short (cheaper than a `Set` on a hundred thousand
 * posts), a `Set` once it is long, so a post with 80,000 tags is checked in linear time, not in the square of it.
 */
export class KeySet {
  private readonly list: string[] = []
  private set: Set<string> | undefined

  has(key: string): boolean {
    return this.set ? this.set.has(key) : this.list.includes(key)
  }

  add(key: string): void {
    if (this.set) this.set.add(key)
    else if (this.list.push(key) > 16) this.set = new Set(this.list)
  }
}
