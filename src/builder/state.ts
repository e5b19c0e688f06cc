import type { Author, Category, Collection, CustomCss, CustomHtml, MediaEntry, Site, Tag } from '../contract/types.js'
import type { PageRecord } from './entities/page.js'
import type { PostRecord } from './entities/post.js'
import type { FrontPageInput, MenuInput, WidgetAreaInput } from './inputs.js'

/**
 * Everything the builder has accumulated. Entities live in maps keyed by a call sequence number, with indexes for
 * the identities checked at each call, so adding, replacing or removing one costs O(1).
 */
export class BuilderState {
  site: Partial<Site> = {}
  frontPage?: FrontPageInput
  authors = new Map<string, Author>()
  categories = new Map<string, Category>()
  tags = new Map<string, Tag>()
  posts = new Map<number, PostRecord>()
  /** NFC slug → sequence numbers of the posts whose explicit slug or derived base it is. */
  postSlugs = new MultiIndex()
  postIds = new Map<number, number>()
  pages = new Map<number, PageRecord>()
  /** NFC explicit path or slug → sequence numbers of the pages using it. */
  pageKeys = new MultiIndex()
  pageIds = new Map<number, number>()
  media = new Map<string, MediaEntry>()
  menus = new Map<string, MenuInput>()
  widgets = new Map<string, WidgetAreaInput>()
  collections = new Map<string, Collection>()
  customCss?: CustomCss
  customHtml?: CustomHtml
  seq = 0
}

/**
 * Sequence numbers by key, where a key almost always has one entry: a lone number is stored as itself, so a hundred
 * thousand posts do not cost a hundred thousand one-element sets.
 */
export class MultiIndex {
  private readonly entries = new Map<string, number | number[]>()

  add(key: string, seq: number): void {
    const current = this.entries.get(key)
    if (current === undefined) this.entries.set(key, seq)
    else if (typeof current === 'number') this.entries.set(key, [current, seq])
    else current.push(seq)
  }

  remove(key: string, seq: number): void {
    const current = this.entries.get(key)
    if (current === seq) this.entries.delete(key)
    else if (Array.isArray(current)) {
      const rest = current.filter((s) => s !== seq)
      if (rest.length === 0) this.entries.delete(key)
      else this.entries.set(key, rest.length === 1 ? rest[0] : rest)
    }
  }

  /** Whether a sequence number under `key` passes `test` (without making an array for a lone entry). */
  some(key: string, test: (seq: number) => boolean): boolean {
    const current = this.entries.get(key)
    if (current === undefined) return false
    return typeof current === 'number' ? test(current) : current.some(test)
  }

  get(key: string): readonly number[] {
    const current = this.entries.get(key)
    return current === undefined ? [] : typeof current === 'number' ? [current] : current
  }
}
