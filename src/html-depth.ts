import type { Parser } from 'htmlparser2'

/**
 * How many elements htmlparser2's Parser keeps open at most: as many as WebKit's and Chromium's HTML parsers nest
 * (512 levels). The Parser keeps its open elements, and the SVG and MathML contexts among them, in arrays it adds to
 * at the front, so each element opened inside n others costs n: 200,000 `<div>` never closed in one WordPress body
 * took 20 s to read, and `check` read an `<svg>` holding 200,000 unclosed `<g>` in 12.5 s.
 */
export const MAX_OPEN_ELEMENTS = 512

// The elements for which the Parser keeps a foreign context: SVG and MathML, and the HTML integration points in them.
const CONTEXT_ELEMENTS = new Set(['svg', 'math', 'mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignObject', 'desc', 'title'])

/** The Parser's own arrays, innermost first (private in its types, htmlparser2 12). */
interface OpenElements {
  stack: string[]
  foreignContext: unknown[]
}

/**
 * To be called as the Parser opens an element: when `MAX_OPEN_ELEMENTS` are open, the outermost (and the foreign
 * context it opened) is forgotten, so that neither array grows past the bound; its end tag, if one comes, is then
 * ignored. Only nesting no page has reaches it, and the text inside is still read: only tags' spacing can differ.
 * @example
 * class Bounded extends Parser { override onopentagname(s: number, e: number) { boundOpenElements(this); super.onopentagname(s, e) } }
 */
export function boundOpenElements(parser: Parser): void {
  const open = parser as unknown as OpenElements
  if (open.stack.length < MAX_OPEN_ELEMENTS) return
  const outermost = open.stack.pop() as string
  if (CONTEXT_ELEMENTS.has(outermost) && open.foreignContext.length > 1) open.foreignContext.splice(open.foreignContext.length - 2, 1)
}
