import { hostKey } from '../shared/download.js'
import type { Collected, ContentItem } from './collect.js'
import { bringMediaHome } from './media-home.js'
import { mediaKey, mediaRefs, sizeVariants } from './media.js'
import { chooseThemeCss } from './theme-css.js'
import type { MediaHome, MediaHomeOptions } from './media-home.js'
import type { PagePlan } from './pages.js'
import type { PostPlan } from './posts.js'
import type { ReportBuilder } from './report.js'
import type { SitePlan } from './site.js'

/** The old site's media hosts: its own hosts and those its attachments are on (WordPress.com's file hosts). */
export function mediaHostsOf(site: SitePlan, c: Collected): Set<string> {
  const hosts = new Set([...site.oldHosts].map(hostKey))
  for (const att of c.media.all()) {
    const host = /^(?:https?:)?\/\/([^/?#]+)/i.exec(att.url)?.[1]
    if (host) hosts.add(host.toLowerCase().replace(/^www\./, '').replace(/:\d+$/, ''))
  }
  return hosts
}

/**
 * Brings home the media files the imported items show: files their bodies link or embed, attachments their galleries
 * name (with every size), their own attachments (galleries without ids), and featured images.
 */
export async function homeMedia(c: Collected, posts: Map<number, PostPlan>, pages: Map<number, PagePlan>, options: MediaHomeOptions, report: ReportBuilder): Promise<MediaHome> {
  const urls = new Set<string>()
  const source = new Map<string, string>()
  const addAttachment = (id: number, from: ContentItem) => {
    const att = c.media.get(id)
    if (!att) return
    for (const url of [att.url, ...sizeVariants(att).map((s) => s.url)]) add(url, from)
  }
  // A multisite `/files/` URL whose attachment now lives elsewhere (`uploads/sites/3/`) is brought home as that file.
  const aliases = new Map<string, string>()
  const add = (url: string, from: { file: string; postId: number }) => {
    const target = c.media.msFilesTarget(url)
    if (target !== undefined) aliases.set(url, target)
    const wanted = target ?? url
    urls.add(wanted)
    if (!source.has(wanted)) source.set(wanted, `${from.file}#${from.postId}`)
  }
  for (const { item } of [...posts.values(), ...pages.values()]) {
    for (const url of item.media?.urls ?? []) add(url, item)
    for (const id of item.media?.attachments ?? []) addAttachment(id, item)
    if (item.media?.childGallery) for (const id of c.media.childIds(item.postId)) addAttachment(id, item)
    const featured = Number(item.meta._thumbnail_id)
    if (Number.isInteger(featured) && featured > 0) addAttachment(featured, item)
  }
  // The site's own CSS loads files too (backgrounds, fonts in its uploads).
  for (const css of chooseThemeCss(c.themeCss, c.themeActivity).used) for (const url of mediaRefs(`${css.blocks ?? ''}\n${css.content}`).urls) add(url, { file: css.file, postId: css.id })
  const home = await bringMediaHome(urls, options)
  for (const [url, target] of aliases) {
    const file = home.files.get(mediaKey(target) ?? '')
    const key = mediaKey(url)
    if (file && key) home.files.set(key, file)
  }
  // A reason about the URL itself does not repeat it.
  for (const f of home.failed) report.missingMedia.push({ source: source.get(f.url) ?? '', target: `${f.url}: ${f.reason.startsWith(`${f.url}: `) ? f.reason.slice(f.url.length + 2) : f.reason}` })
  return home
}

