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

/** A page of the blog's pages folder: its file and the URL Next.js serves it at. */
export interface BlogPage {
  rel: string
  url: string
  name: string
}

/**
 * The navigation nextra-theme-blog draws above its pages and lists (its layout's `navPages`): every page whose front
 * matter says `type: page` or `type: posts`, titled by `title` (else its file name), newest `date` first, pages
 * without a date before them in path order. Items are the pages' URLs on the old site, so each leads to its
 * document's new URL, or to the post index for the `type: posts` list.
 */
export async function nextraBlogNav(ctx: PresetContext, pages: readonly BlogPage[]): Promise<ConfigMenuItem[]> {
  const found: Array<{ item: ConfigMenuItem; time: number }> = []
  for (const page of pages) {
    const fm = await ctx.readFrontMatter(page.rel)
    if (!fm || (fm.type !== 'page' && fm.type !== 'posts')) continue
    const date = firstString(fm.date)
    const iso = date === undefined ? null : parseDate(date, 'UTC')
    const time = iso === null ? Number.NaN : instant(iso)
    found.push({ item: { title: firstString(fm.title)?.trim() || page.name, url: page.url }, time })
  }
  const undated = found.filter((f) => Number.isNaN(f.time))
  const dated = found.filter((f) => !Number.isNaN(f.time)).sort((a, b) => b.time - a.time)
  return [...undated, ...dated].map((f) => f.item)
}
