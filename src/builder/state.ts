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
  postSlugs = new Map<string, Set<number>>()
  postIds = new Map<number, number>()
  pages = new Map<number, PageRecord>()
  /** NFC explicit path or slug → sequence numbers of the pages using it. */
  pageKeys = new Map<string, Set<number>>()
  pageIds = new Map<number, number>()
  media = new Map<string, MediaEntry>()
  menus = new Map<string, MenuInput>()
  widgets = new Map<string, WidgetAreaInput>()
  collections = new Map<string, Collection>()
  customCss?: CustomCss
  customHtml?: CustomHtml
  seq = 0
}

/** Adds `seq` under `key` in a multi-index. */
export function indexAdd<K>(index: Map<K, Set<number>>, key: K, seq: number): void {
  let set = index.get(key)
  if (!set) index.set(key, (set = new Set()))
  set.add(seq)
}

/** Removes `seq` from `key` in a multi-index. */
export function indexRemove<K>(index: Map<K, Set<number>>, key: K, seq: number): void {
  const set = index.get(key)
  if (!set) return
  set.delete(seq)
  if (set.size === 0) index.delete(key)
}
