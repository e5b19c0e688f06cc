import { firstString } from './_config.js'
import { instant, parseDate } from '../dates.js'
import type { ConfigMenuItem, PresetContext } from './types.js'
import { NEXT_CONFIGS } from './_next-i18n.js'

/** Whether the site renders with nextra-theme-blog: its dependency, or a Next.js configuration naming the theme. */
export async function usesNextraBlogTheme(ctx: PresetContext): Promise<boolean> {
  if (ctx.discovery.dependencies?.has('nextra-theme-blog')) return true
  for (const f of NEXT_CONFIGS) {
    if (ctx.discovery.paths.has(f) && /['"]nextra-theme-blog['"]/.test((await ctx.readText(f)) ?? '')) return true
  }
  return false
}

/**
 * The instant nextra-theme-blog makes of a `date` YAML reads as a number (`date: 2021`, `date: 1609459200000`): it
 * passes the value to `new Date(date)` (1.x and 2.x: meta, posts-layout, sortDate), which takes a number as
 * milliseconds since 1970, so `2021` is 1970-01-01T00:00:02.021Z; 0, which the theme tests as no date, and numbers
 * past Date's range are none.
 * @example
 * numericDate(1609459200000) // '2021-01-01T00:00:00.000Z'
 */
export function numericDate(value: number): string | undefined {
  const time = new Date(value).getTime()
  return value === 0 || Number.isNaN(time) ? undefined : new Date(time).toISOString()
}

/** Numbers below this many milliseconds (1973-03-03) are years or seconds their author meant, not the instant shown. */
export const LIKELY_NOT_MILLISECONDS = 1e11

/** A page of the blog's pages folder: its file and the URL Next.js serves it at. */
export interface BlogPage {
  rel: string
  url: string
  name: string
}

/** A navigation page with what the theme's comparator reads: whether its `date` is set, and the instant it names. */
interface NavPage {
  item: ConfigMenuItem
  dated: boolean
  time: number
}

/**
 * The navigation nextra-theme-blog draws above its pages and lists (its layout's `navPages`): every page whose front
 * matter says `type: page` or `type: posts`, titled by `title` (else its file name), in the order the theme's own
 * `sortDate` leaves them, applied as it is (`Array.prototype.sort`, as Node runs it) over the pages in the order the
 * theme visits Nextra's page map. Items are the pages' URLs on the old site, so each leads to its document's new URL,
 * or to the post index for the `type: posts` list.
 */
export async function nextraBlogNav(ctx: PresetContext, pages: readonly BlogPage[]): Promise<ConfigMenuItem[]> {
  const found: NavPage[] = []
  for (const page of [...pages].sort((a, b) => pageMapOrder(a.rel, b.rel))) {
    const fm = await ctx.readFrontMatter(page.rel)
    if (!fm || (fm.type !== 'page' && fm.type !== 'posts')) continue
    const date = typeof fm.date === 'number' ? numericDate(fm.date) : firstString(fm.date)
    const iso = date === undefined ? null : parseDate(date, 'UTC')
    found.push({ item: { title: firstString(fm.title)?.trim() || page.name, url: page.url }, dated: Boolean(fm.date), time: iso === null ? Number.NaN : instant(iso) })
  }
  return found.sort(sortDate).map((f) => f.item)
}

/**
 * nextra-theme-blog's `sortDate` (0.1.6 dist/nextra-theme-blog.js; 2.x the same but `b - a`, 0 on a tie, which
 * V8's sort, asking only whether a result is below 0, treats as 0.1.6's 1): -1 when either page has no date, which
 * is no order at all (an undated page goes wherever the sort's comparisons leave it), else the newer first.
 */
function sortDate(a: NavPage, b: NavPage): number {
  if (!a.dated || !b.dated) return -1
  return a.time > b.time ? -1 : 1
}

/**
 * The order the theme's `traverse` visits Nextra's page map in: a folder's own pages before the pages of its
 * folders, each folder's pages in turn. Nextra 1 builds each folder's list from `fs.readdir`, whose order the file
 * system decides (ext4 hands out names in hash order); the importer assumes names in code-unit order, as a sorted
 * listing gives them.
 */
function pageMapOrder(a: string, b: string): number {
  const as = a.split('/')
  const bs = b.split('/')
  for (let i = 0; ; i++) {
    const aFile = i === as.length - 1
    const bFile = i === bs.length - 1
    if (aFile !== bFile) return aFile ? -1 : 1
    if (as[i] !== bs[i]) return as[i] < bs[i] ? -1 : 1
    if (aFile) return 0
  }
}
