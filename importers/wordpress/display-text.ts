import { decodeEntities, escapeAttribute, htmlToText } from './content/html.js'
import { capitalPTitle } from './content/capital-p.js'
import { texturizeBody } from './content/shortcodes.js'

/**
 * Text WordPress prints through wptexturize (term names and descriptions where their archive and category lists show
 * them; titles through `titleText`), as plain text: curly quotes, dashes, `…`
 * and `×` as their Unicode characters, tags out, entities decoded. convert_chars and esc_html, which run after it,
 * only escape what the decoding reads back.
 * @example
 * displayText('Rock &amp; "Roll" -- live') // 'Rock & “Roll” — live'
 */
export function displayText(html: string): string {
  return htmlToText(texturizeBody(html))
}

/**
 * A post's, page's or classic menu item's title as the_title prints it: `displayText` after capital_P_dangit too,
 * which makes every `Wordpress` in a title `WordPress`.
 * @example
 * titleText('Wordpress -- "tips"') // 'WordPress \u2014 \u201ctips\u201d'
 */
export function titleText(html: string): string {
  return htmlToText(capitalPTitle(texturizeBody(html)))
}

/**
 * The site title or tagline as bloginfo prints it: WordPress stored the option through esc_html (sanitize_option), so
 * its quotes were already `&#039;` and `&quot;` when wptexturize ran and stay straight, its tags are characters, and
 * only dashes, `...` and `x` between numbers change.
 * @example
 * siteText('Bob\'s "Blog" -- <b>notes</b>') // 'Bob\'s "Blog" \u2014 <b>notes</b>'
 */
export function siteText(text: string): string {
  return decodeEntities(texturizeBody(escapeHtml(text)))
}

// esc_html: what escapeAttribute escapes (`& < > "`, an entity already written kept as it is), and `'`.
function escapeHtml(text: string): string {
  return escapeAttribute(text).replaceAll("'", '&#039;')
}
