import { htmlToText } from './html.js'
import { stripShortcodeTags } from './render.js'
import { deriveExcerpt } from './excerpt.js'
import { rewriteLinks } from '../links.js'
import type { LinkIndex } from '../links.js'
import { encodeSpacedUrls } from '../media.js'
import type { HomeUrls } from '../media.js'

/**
 * What finishing a rendered body needs: the old-to-new URL index, the media files brought home (their old URLs are
 * rewritten), the media URL prefix to replace, if any, and whether URLs with white space are to be looked for (only
 * when an attachment's URL has some: the search reads every body, 0.1 s on 10,000 posts).
 */
export type FinishEnv = { links: LinkIndex; home?: HomeUrls; mediaFrom?: string; mediaTo?: string; spacedUrls?: boolean }

/**
 * A finished body: its HTML and plain-text excerpt, how many links were rewritten and which old-site links match
 * nothing imported, whether `<!--more-->` gave the excerpt.
 */
export type FinishedText = { html: string; excerpt: string; linksRewritten: number; unresolved: string[]; excerptFromMore: boolean }

/**
 * The last steps of a rendered body, which need every item of the export to be known: links to imported items point
 * at their new URLs, media URLs move to the new prefix (and white space in URLs is encoded), and the excerpt is the export's own (as plain text), else the
 * `<!--more-->` text, else one derived from the finished body (so it shows links and media as the body does).
 * @example
 * finishText('<p><a href="https://old.test/?p=5">Hello</a></p>', '', undefined, env).excerpt // 'Hello'
 */
export function finishText(rendered: string, exportExcerpt: string, moreText: string | undefined, env: FinishEnv): FinishedText {
  const rewritten = rewriteLinks(rendered, env.links)
  let html = rewritten.html
  if (env.home) html = env.home.html(html)
  if (env.mediaFrom && html.includes(env.mediaFrom)) html = html.split(env.mediaFrom).join(env.mediaTo ?? '')
  if (env.spacedUrls) html = encodeSpacedUrls(html)
  let excerpt = htmlToText(stripShortcodeTags(exportExcerpt))
  let excerptFromMore = false
  if (!excerpt && moreText) {
    excerpt = moreText
    excerptFromMore = true
  }
  if (!excerpt) excerpt = deriveExcerpt(html)
  return { html, excerpt, linksRewritten: rewritten.count, unresolved: rewritten.unresolved, excerptFromMore }
}
