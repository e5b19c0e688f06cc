/**
 * The parts of a Markdown line that are addresses or markup, not text: a link's target (`](url)`), a whole image
 * (`![alt](src)`: markdown-it writes its alt as written), an HTML tag with its attributes or an autolink (`<…>`), and
 * a bare web address (`https://…`, `www.…`, which linkify makes a link). markdown-it-emoji rewrites only text tokens
 * outside autolinks, so a shortcode in any of these stays as written. Each alternative stops at the character that
 * could open another, so the scan is linear.
 */
const PROTECTED = /!\[[^[\]\n]*\]\([^()\n]*\)|\]\([^()\n]*\)|<\/?[A-Za-z][^<>\n]*>|\bhttps?:\/\/[^\s<>()]+|\bwww\.[^\s<>()]+/g

/** The text with `rewrite` applied to what lies outside its addresses and markup. */
export function outsideProtected(text: string, rewrite: (t: string) => string): string {
  let out = ''
  let at = 0
  for (const m of text.matchAll(PROTECTED)) {
    out += rewrite(text.slice(at, m.index)) + m[0]
    at = m.index + m[0].length
  }
  return at === 0 ? rewrite(text) : out + rewrite(text.slice(at))
}
