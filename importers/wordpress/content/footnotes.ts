import { escapeAttribute } from './html.js'

// The footnotes block, which WordPress (6.3 on) renders from the post's `footnotes` meta: `<!-- wp:footnotes /-->`,
// with or without attributes. Only the first is read (a post has one), so a body of unclosed ones stays linear.
const FOOTNOTES_OPENER = /<!--\s+wp:(?:core\/)?footnotes\s/
const FOOTNOTES_REST = /(?:\{[\s\S]*?\}\s+)?\/-->/y

/**
 * A body with its footnotes block rendered from the `footnotes` meta (a JSON list of `{ id, content }`) as
 * `render_block_core_footnotes` prints it: each note, linked back to its reference, in an ordered list. The body as it
 * is when it has no footnotes block or the meta is not such a list (the block is then reported as dynamic).
 * @example
 * withFootnotes('<p>A<sup data-fn="x"><a href="#x" id="x-link">1</a></sup></p><!-- wp:footnotes /-->', '[{"id":"x","content":"Note"}]')
 * // '<p>A…</p><ol class="wp-block-footnotes"><li id="x">Note <a href="#x-link" aria-label="Jump to footnote reference 1">↩︎</a></li></ol>'
 */
export function withFootnotes<T extends string | Buffer>(raw: T, meta: string | undefined): T | string {
  if (!meta || !raw.includes('wp:footnotes')) return raw
  const notes = footnoteList(meta)
  if (notes.length === 0) return raw
  const items = notes.map((n, i) => `<li id="${escapeAttribute(n.id)}">${n.content} <a href="#${escapeAttribute(n.id)}-link" aria-label="Jump to footnote reference ${i + 1}">↩︎</a></li>`)
  const html = `<ol class="wp-block-footnotes">${items.join('')}</ol>`
  const text = typeof raw === 'string' ? raw : raw.toString('utf8')
  const opener = FOOTNOTES_OPENER.exec(text)
  if (!opener) return raw
  FOOTNOTES_REST.lastIndex = opener.index + opener[0].length
  const rest = FOOTNOTES_REST.exec(text)
  return rest ? text.slice(0, opener.index) + html + text.slice(FOOTNOTES_REST.lastIndex) : raw
}

function footnoteList(meta: string): Array<{ id: string; content: string }> {
  try {
    const list: unknown = JSON.parse(meta)
    if (!Array.isArray(list)) return []
    return list.filter((n): n is { id: string; content: string } => typeof n?.id === 'string' && n.id !== '' && typeof n?.content === 'string')
  } catch {
    return []
  }
}
