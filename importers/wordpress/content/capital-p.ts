/**
 * WordPress's `capital_P_dangit` (formatting.php), which the_title, the_content (priority 11: after wptexturize and
 * wpautop, before the shortcodes) and comment_text run: a plain replacement, so it reaches code and `<pre>` too.
 */

/**
 * A title's `Wordpress` as `WordPress`, every one (the_title's replacement).
 * @example
 * capitalPTitle('Wordpress tips') // 'WordPress tips'
 */
export function capitalPTitle(html: string): string {
  return html.includes('Wordpress') ? html.replaceAll('Wordpress', 'WordPress') : html
}

// the_content's: only after a space, `&#8216;`, `&#8220;`, `>` or `(`, so a `Wordpress` in a URL or a name stays.
const AFTER = /( |&#8216;|&#8220;|>|\()Wordpress/g

/**
 * A body's `Wordpress` as `WordPress` where the_content's replacement makes it one: after a space, an opening curly
 * quote (as wptexturize wrote it), a tag's `>` or `(`.
 * @example
 * capitalPContent('<p>Wordpress and (Wordpress) at wordpress.org/Wordpress</p>') // '<p>WordPress and (WordPress) at wordpress.org/Wordpress</p>'
 */
export function capitalPContent(html: string): string {
  return html.includes('Wordpress') ? html.replace(AFTER, '$1WordPress') : html
}
