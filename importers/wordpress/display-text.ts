import { htmlToText } from './content/html.js'
import { texturizeBody } from './content/shortcodes.js'

/**
 * Text WordPress prints through wptexturize (the_title: post and menu item titles; bloginfo: the site's tagline; term
 * names and descriptions where their archive and category lists show them), as plain text: curly quotes, dashes, `…`
 * and `×` as their Unicode characters, tags out, entities decoded. convert_chars and esc_html, which run after it,
 * only escape what the decoding reads back.
 * @example
 * displayText('Rock &amp; "Roll" -- live') // 'Rock & “Roll” — live'
 */
export function displayText(html: string): string {
  return htmlToText(texturizeBody(html))
}
