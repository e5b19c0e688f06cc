import { htmlToText, withoutMedia } from './html.js'

// The prose of a body, as WordPress's automatic excerpt reads it: what is left once shortcodes, media, footnotes
// and site blocks are taken out, as plain text. Read by the excerpt (excerpt.ts) and by the teaser and block excerpt
// of rendering (block-excerpt.ts).

/**
 * The plain text of a body's prose, as WordPress builds an excerpt from it: media shortcodes removed with their
 * content (captions, galleries, embeds), other shortcode tags removed, then media elements and tags.
 * @example
 * proseText('[caption]<img src="a.jpg" /> A cat[/caption] Hello') // 'Hello'
 */
export function proseText(html: string): string {
  // A media shortcode ends with `]`, so none lies past the last one; there, `[gallery ` read on to the end (quadratic).
  const end = html.lastIndexOf(']') + 1
  let bare = html.includes('[') ? withoutMediaShortcodes(html.slice(0, end)) + html.slice(end) : html
  // Footnotes (see renderFootnotes and withFootnotes) are not prose either: WordPress's excerpt strips their shortcode
  // with its content, and the footnotes block's references and list (excerpt_remove_footnotes).
  if (bare.includes('footnote') || bare.includes('data-fn=')) bare = withoutFootnotes(bare)
  // Nor are page lists, navigations and post lists (renderSiteBlocks), which excerpt_remove_blocks leaves out.
  if (bare.includes('<nav class="wp-block-navigation"') || bare.includes('<ul class="wp-block-')) bare = withoutSiteBlocks(bare)
  return htmlToText(withoutMedia(stripShortcodeTags(bare)))
}

// Shortcodes whose output is media, not prose: `strip_shortcodes` removes them with their content (a caption's text).
const MEDIA_SHORTCODE = /\[(caption|wp_caption|gallery|embed|audio|video|playlist)\b[^\]]*\]/gi

/**
 * `html` with each media shortcode, and its content up to the first `[/name]` after it when there is one, replaced by
 * a space: what `/\[(caption|…)\b[^\]]*\](?:[\s\S]*?\[\/\1\])?/gi` replaced, but each name's closing tag is looked
 * for once per stretch of the body, where the expression's lazy content read on to the end from every unclosed tag
 * (`[caption]a` repeated: quadratic, 400 KB in 8 s).
 */
export function withoutMediaShortcodes(html: string): string {
  const closes = new Map<string, { from: number; at: number }>()
  const closeAfter = (name: string, from: number) => {
    const key = name.toLowerCase()
    const known = closes.get(key)
    if (known && known.from <= from && (known.at === -1 || known.at >= from)) return known.at
    const close = new RegExp(`\\[\\/${key}\\]`, 'gi')
    close.lastIndex = from
    const at = close.exec(html)?.index ?? -1
    closes.set(key, { from, at })
    return at
  }
  let out = ''
  let done = 0
  const open = new RegExp(MEDIA_SHORTCODE.source, 'gi')
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const at = closeAfter(m[1], open.lastIndex)
    out += `${html.slice(done, m.index)} `
    done = at === -1 ? open.lastIndex : at + m[1].length + 3
    open.lastIndex = done
  }
  return done === 0 ? html : out + html.slice(done)
}

/**
 * `html` with footnote markup replaced by a space: a reference `<sup class="footnote-ref" …>` to its `</sup>`, the list
 * `<ol class="footnotes">` (`wp-block-footnotes` for the block) and a `[footnote]` shortcode to their end or the end of
 * the body; the block's reference `<sup data-fn=…>` goes without a trace (`claim<sup…>1</sup>.` reads `claim.`). What
 * the expression `/<sup (?:class="footnote-ref"|data-fn=)[^>]*>[\s\S]*?<\/sup>|…/g` replaced, without reading to the
 * end of the body again for each reference that is never closed (quadratic: 520 KB of them in 4 s).
 */
export function withoutFootnotes(html: string): string {
  const lastSupClose = html.lastIndexOf('</sup>')
  const open = /<sup (?:class="footnote-ref"|data-fn=)|<ol class="(?:wp-block-)?footnotes">|\[footnote\]/g
  // The first `>` at or after a place: found again only once passed, and never again once there is none.
  let gt = 0
  const gtFrom = (from: number) => (gt === -1 || gt >= from ? gt : (gt = html.indexOf('>', from)))
  let out = ''
  let done = 0
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const after = open.lastIndex
    let end: number
    if (m[0] === '[footnote]') end = endOf(html.indexOf('[/footnote]', after), '[/footnote]'.length, html.length)
    else if (m[0].startsWith('<ol')) end = endOf(html.indexOf('</ol>', after), '</ol>'.length, html.length)
    else {
      const tagEnd = gtFrom(after)
      if (tagEnd === -1 || lastSupClose <= tagEnd) continue
      end = html.indexOf('</sup>', tagEnd + 1) + '</sup>'.length
    }
    out += html.slice(done, m.index) + (m[0] === '<sup data-fn=' ? '' : ' ')
    done = open.lastIndex = end
  }
  return done === 0 ? html : out + html.slice(done)
}

/**
 * `html` with each navigation (`<nav class="wp-block-navigation"` to its `</nav>`), page list and post list (`<ul
 * class="wp-block-page-list">`, `wp-block-post-template`, `wp-block-latest-posts__list`, to the `</ul>` that closes
 * it) replaced by a space, or to the end of `html` when one is not closed; each part of `html` is read once.
 */
export function withoutSiteBlocks(html: string): string {
  const open = /<nav class="wp-block-navigation"|<ul class="wp-block-(?:page-list|post-template|latest-posts__list(?: has-dates)? wp-block-latest-posts)">/g
  const lists = /<ul\b|<\/ul>/g
  let out = ''
  let done = 0
  for (let m = open.exec(html); m; m = open.exec(html)) {
    let end = html.length
    if (m[0].startsWith('<nav')) end = endOf(html.indexOf('</nav>', open.lastIndex), '</nav>'.length, html.length)
    else {
      let depth = 1
      lists.lastIndex = open.lastIndex
      for (let t = lists.exec(html); t; t = lists.exec(html)) {
        depth += t[0] === '</ul>' ? -1 : 1
        if (depth === 0) {
          end = lists.lastIndex
          break
        }
      }
    }
    out += `${html.slice(done, m.index)} `
    done = open.lastIndex = end
  }
  return done === 0 ? html : out + html.slice(done)
}

/** The end of a closing tag found at `at` (of `length`), or `whole` when there is none. */
function endOf(at: number, length: number, whole: number): number {
  return at === -1 ? whole : at + length
}

/** Text without shortcode tags, as WordPress's `strip_shortcodes` leaves it for excerpts. */
export function stripShortcodeTags(text: string): string {
  if (!text.includes('[')) return text
  // A tag ends with `]`, so none lies past the last one; there, `[a ` read on to the end from every `[` (quadratic).
  const end = text.lastIndexOf(']') + 1
  return text.slice(0, end).replace(/\[\/?[A-Za-z][\w-]*(?:\s[^\]]*)?\]/g, ' ') + text.slice(end)
}
