import { htmlToText } from './html.js'
import { stripShortcodeTags } from './prose.js'
import { deriveExcerpt, excerptOfText } from './excerpt.js'
import { texturizeBody } from './shortcodes.js'
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
 * `<!--more-->` text (cut to 55 words as any automatic excerpt), else one derived from the finished body (so it shows links and media as the body does), or
 * from the blocks WordPress's excerpt reads when rendering found they are not all of it (`blockExcerpt`).
 * @example
 * finishText('<p><a href="https://old.test/?p=5">Hello</a></p>', '', undefined, env).excerpt // 'Hello'
 */
export function finishText(rendered: string, exportExcerpt: string, moreText: string | undefined, env: FinishEnv, blockExcerpt?: string): FinishedText {
  const rewritten = rewriteLinks(rendered, env.links)
  const html = movedMedia(rewritten.html, env)
  // The export's excerpt as the_excerpt prints it: texturized, its shortcodes not run.
  let excerpt = htmlToText(stripShortcodeTags(texturizeBody(exportExcerpt)))
  let excerptFromMore = false
  if (!excerpt && moreText) {
    // WordPress's excerpt is the teaser, cut as any automatic excerpt is (wp_trim_excerpt).
    excerpt = excerptOfText(moreText)
    excerptFromMore = true
  }
  // The blocks' excerpt was derived before finishing: the URLs its text shows change as the body's do.
  if (!excerpt) excerpt = blockExcerpt !== undefined ? movedMedia(rewriteLinks(blockExcerpt, env.links).html, env) : deriveExcerpt(html)
  return { html, excerpt, linksRewritten: rewritten.count, unresolved: rewritten.unresolved, excerptFromMore }
}

/**
 * The excerpt WordPress derives for a body without one of its own, as `finishText` derives it, from the rendered body
 * before finishing: the `<!--more-->` teaser cut to 55 words, else the blocks' excerpt, else the body's first 55 words.
 * @example
 * automaticExcerpt('<p>Hello world</p>', undefined, undefined) // 'Hello world'
 */
export function automaticExcerpt(rendered: string, moreText: string | undefined, blockExcerpt: string | undefined): string {
  if (moreText) return excerptOfText(moreText)
  return blockExcerpt ?? deriveExcerpt(rendered)
}

/** `html` with its media URLs moved as `env` says: Jetpack's CDN, files brought home, a new prefix, spaces encoded. */
function movedMedia(html: string, env: FinishEnv): string {
  if ((env.home || env.mediaFrom) && html.includes('.wp.com/')) html = withoutPhoton(html, env)
  if (env.home) html = env.home.html(html)
  if (env.mediaFrom && html.includes(env.mediaFrom)) html = html.split(env.mediaFrom).join(env.mediaTo ?? '')
  if (env.spacedUrls) html = encodeSpacedUrls(html)
  return html
}

// Jetpack's image CDN (Photon, the Site Accelerator): `https://i0.wp.com/<host>/<path>?resize=…` serves the file at
// `<host>/<path>`, resized as the query says.
const PHOTON_URL = /(?:https?:)?\/\/i[0-3]\.wp\.com\/([^\s"'<>?#/]+\/[^\s"'<>?#]*)(?:\?[^\s"'<>#]*)?/gi

/**
 * `html` with Jetpack's CDN URLs of the site's own files that move (brought home, or to `--media-to`) replaced by the
 * files' old URLs, which the next steps move: the CDN copied them from the old site and stops serving them when it
 * goes. The file is the full-size one (the CDN resized it; the image keeps its width and height). CDN URLs of other
 * files stay as they are.
 * @example
 * withoutPhoton('<img src="https://i0.wp.com/old.test/wp-content/uploads/a.jpg?resize=300%2C200&amp;ssl=1">', { links, mediaFrom: 'https://old.test/wp-content/uploads/' })
 * // '<img src="https://old.test/wp-content/uploads/a.jpg">'
 */
export function withoutPhoton(html: string, env: Pick<FinishEnv, 'home' | 'mediaFrom'>): string {
  return html.replace(PHOTON_URL, (whole: string, file: string) => {
    for (const scheme of ['https://', 'http://']) {
      const origin = scheme + file
      if (env.home?.url(origin) !== undefined || (env.mediaFrom && origin.startsWith(env.mediaFrom))) return origin
    }
    return whole
  })
}
