import { escapeAttribute, hasPreOrCode, isSpace } from './html.js'

// WordPress's autoembed pattern (class-wp-embed.php): a URL alone on its line, outside any tag.
const BARE_URL_LINE = /^([^\S\n\r\u2028\u2029]*)(https?:\/\/[^\s<>"]+)(\s*)$/gim
const YOUTUBE = /^https?:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:[^#\s]*&)?v=|embed\/|shorts\/)|youtu\.be\/)([A-Za-z0-9_-]{6,20})/
const VIMEO = /^https?:\/\/(?:www\.)?vimeo\.com\/(?:video\/)?(\d{1,15})(?:[/?#]|$)/
const DAILYMOTION = /^https?:\/\/(?:www\.)?(?:dailymotion\.com\/video|dai\.ly)\/([A-Za-z0-9]{4,20})(?:[_/?#]|$)/
const SPOTIFY = /^https?:\/\/open\.spotify\.com\/(?:intl-[a-z-]+\/)?(track|album|playlist|episode|show|artist)\/([A-Za-z0-9]{10,40})(?:[/?#]|$)/
const SOUNDCLOUD = /^https?:\/\/(?:www\.|m\.)?soundcloud\.com\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)?\/?(?:[?#]|$)/
const TED = /^https?:\/\/(?:www\.)?ted\.com\/talks\/([A-Za-z0-9_]{1,120})(?:[/?#]|$)/

/**
 * The static HTML for an embeddable URL: an iframe for the oEmbed providers WordPress knows whose player URL can be
 * built from the link alone (YouTube, Vimeo, Dailymotion, Spotify, SoundCloud, TED), a plain link for everything
 * else, since oEmbed needs the network and is not deterministic.
 * @example
 * embedHtml('https://youtu.be/dQw4w9WgXcQ') // '<iframe … src="https://www.youtube.com/embed/dQw4w9WgXcQ" …></iframe>'
 */
export function embedHtml(url: string): { html: string; kind: 'iframe' | 'link' } {
  const yt = YOUTUBE.exec(url)
  if (yt) return { html: iframe(`https://www.youtube.com/embed/${yt[1]}`), kind: 'iframe' }
  const vimeo = VIMEO.exec(url)
  if (vimeo) return { html: iframe(`https://player.vimeo.com/video/${vimeo[1]}`), kind: 'iframe' }
  const dailymotion = DAILYMOTION.exec(url)
  if (dailymotion) return { html: iframe(`https://www.dailymotion.com/embed/video/${dailymotion[1]}`), kind: 'iframe' }
  const spotify = SPOTIFY.exec(url)
  if (spotify) return { html: iframe(`https://open.spotify.com/embed/${spotify[1]}/${spotify[2]}`, 152), kind: 'iframe' }
  if (SOUNDCLOUD.test(url)) return { html: iframe(`https://w.soundcloud.com/player/?url=${encodeURIComponent(url.replace(/[?#].*$/, ''))}`, 166), kind: 'iframe' }
  const ted = TED.exec(url)
  if (ted) return { html: iframe(`https://embed.ted.com/talks/${ted[1]}`), kind: 'iframe' }
  const href = escapeAttribute(url)
  return { html: `<a href="${href}">${href}</a>`, kind: 'link' }
}

function iframe(src: string, height = 315): string {
  return `<iframe width="560" height="${height}" src="${src}" loading="lazy" allowfullscreen></iframe>`
}

// The line terminators the regex's `^` follows with the `m` flag.
const LINE_END = /[\n\r\u2028\u2029]/

/**
 * Whether some `http` starts a line (or follows a `</pre>` or `</code>`) after nothing but whitespace: a cheap scan that lets most bodies skip the
 * multiline regex below, whose per-position cost dominated rendering on large exports.
 */
function mayHaveBareUrlLine(html: string): boolean {
  for (let at = html.indexOf('http'); at >= 0; at = html.indexOf('http', at + 4)) {
    let i = at - 1
    while (i >= 0 && isSpace(html.charCodeAt(i))) {
      if (LINE_END.test(html[i])) return true
      i--
    }
    // A line start, or the end of a <pre>/<code> section: the text after one is matched as if it began the body.
    if (i < 0 || (html[i] === '>' && /<\/(?:pre|code)>$/i.test(html.slice(Math.max(0, i - 6), i + 1)))) return true
  }
  return false
}

/**
 * Turns bare URLs alone on their own line into embeds, as WordPress's `autoembed` does before `wpautop`; lines
 * inside `<pre>` and `<code>` are left alone. Returns the count of embeds made.
 * @example
 * autoEmbed('Look:\nhttps://vimeo.com/76979871\n').html.includes('player.vimeo.com') // true
 */
export function autoEmbed(html: string): { html: string; count: number } {
  if (!mayHaveBareUrlLine(html)) return { html, count: 0 }
  let count = 0
  const parts = hasPreOrCode(html) ? html.split(/(<pre[\s>][\s\S]*?<\/pre>|<code[\s>][\s\S]*?<\/code>)/i) : [html]
  for (let i = 0; i < parts.length; i += 2) {
    parts[i] = parts[i].replace(BARE_URL_LINE, (_m, before: string, url: string, after: string) => {
      count++
      return before + embedHtml(url).html + after
    })
  }
  return { html: parts.join(''), count }
}
