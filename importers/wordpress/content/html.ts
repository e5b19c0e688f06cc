import { decodeHTML } from 'entities'

/** Escapes text for a double-quoted HTML attribute. */
export function escapeAttribute(text: string): string {
  return text.replace(/&(?!(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);)/gi, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * Plain text of an HTML fragment: comments, scripts and styles dropped, tags removed, entities decoded, and
 * whitespace collapsed. Used for excerpts and for names WordPress stores HTML-escaped.
 * @example
 * htmlToText('<p>Fish &amp; <b>chips</b></p>') // 'Fish & chips'
 */
export function htmlToText(html: string): string {
  let text = html.includes('<!--') ? html.replace(/<!--[\s\S]*?-->/g, ' ') : html
  if (text.includes('<')) {
    text = text
      .replace(/<(script|style)[\s>][\s\S]*?<\/\1>/gi, ' ')
      .replace(/<\/?(?:p|div|br|li|h[1-6]|figure|figcaption|blockquote|tr|td|th|pre)\b[^>]*>/gi, ' ')
      .replace(/<[^>]*>/g, '')
  }
  if (text.includes('&')) text = decodeHTML(text)
  // The same as replacing every run of /\s+/ with one space, but a lone space (most of them) is not a match.
  return text.replace(/\s{2,}|[^\S ]/g, ' ').trim()
}

/**
 * Decodes the HTML entities WordPress leaves in titles and term names (`Fish &amp; Chips`) and trims.
 * @example
 * decodeEntities('Fish &amp; Chips') // 'Fish & Chips'
 */
export function decodeEntities(text: string): string {
  return text.includes('&') ? decodeHTML(text).trim() : text.trim()
}

const ATTRIBUTE_PATTERNS = new Map<string, RegExp>()

/** Reads the value of `name` from an HTML tag's source, or `undefined`. */
export function attributeOf(tag: string, name: string): string | undefined {
  let re = ATTRIBUTE_PATTERNS.get(name)
  if (!re) ATTRIBUTE_PATTERNS.set(name, (re = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')))
  const m = re.exec(tag)
  if (!m) return undefined
  return decodeEntities(m[1] ?? m[2] ?? m[3] ?? '')
}
