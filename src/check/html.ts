import { decodeHTMLAttribute } from 'entities'
import { Parser } from 'htmlparser2'
import type { QuoteType } from 'htmlparser2'
import { boundOpenElements } from '../html-depth.js'
import { IndexOfTokenizer } from '../tokenizer.js'
import { scanHtmlFast } from './html-fast.js'
import { isCapitalized, MASKING, srcsetUrls, tagName, URL_ATTRIBUTES } from './html-elements.js'
import type { HtmlRef, HtmlScan } from './html-elements.js'

export type { CapitalizedTag, HtmlRef, HtmlScan } from './html-elements.js'
export { srcsetUrls } from './html-elements.js'

/**
 * Reads HTML with htmlparser2, as a browser would tokenize it: the URLs its elements use, the text a reader sees,
 * what is masked (comments, code, scripts), and capitalized elements. `openMasks` continues masking from an earlier
 * piece (Markdown splits inline HTML into one node per tag). Without `keepTexts`, `texts` may be left empty.
 * @example
 * scanHtml('<p>See <a href="/about/">us</a></p>').refs // [{ kind: 'link', url: '/about/', offset: 7 }]
 */
export function scanHtml(html: string, openMasks = 0, keepTexts = true): HtmlScan {
  // Most HTML is read by the fast reader. Of the rest, most has no SVG or MathML: it is read without the element stack,
  // and read again with it once it has.
  return scanHtmlFast(html, openMasks, keepTexts) ?? new HtmlScanner(html, openMasks, false).scan() ?? (new HtmlScanner(html, openMasks, true).scan() as HtmlScan)
}

/**
 * htmlparser2's Parser, reading only what check needs. The Parser still keeps the stack of open elements (which
 * decides where `<svg>` or `<math>` content is foreign, and a `<script>` in it not raw text) and the position of each
 * event; the scanner takes over the events that cost most. Text is kept as ranges, never sliced out. Attributes are
 * read only on the elements of URL_ATTRIBUTES: no attribute object for every element. Entities are decoded only in
 * the attribute values read: no entity can end a text or a tag, so decoding them elsewhere changes no position, and
 * without it the tokenizer skips through text to the next `<` instead of stopping at every character. And the
 * element stack is kept only where it can matter (`foreign`): HTML without an `<svg>` or `<math>` element (the
 * only ones the Parser, keeping names as written, takes for foreign content) never leaves HTML content, and
 * reading without the stack stops at the first of them.
 */
class HtmlScanner extends Parser {
  private readonly result: HtmlScan
  /** Where the outermost open masking element's content starts. */
  private maskStart: number
  /** The element being opened: its `<`, its name as written and in lower case. */
  private tagStart = 0
  private tagName = ''
  private lowerName = ''
  /** Its URL attributes, when it is an element of URL_ATTRIBUTES; then its attributes, the first of each name. */
  private wanted: readonly (readonly [string, HtmlRef['kind']])[] | undefined
  private readonly attributes = new Map<string, string>()
  private attributeName = ''
  private attributeValue = ''
  /** Without the stack, reading stopped at an element that starts foreign content. */
  private metForeign = false

  constructor(
    private readonly html: string,
    openMasks: number,
    /** Whether the Parser keeps its element stack, which it needs only in HTML that has foreign content. */
    private readonly foreign: boolean,
  ) {
    super(null, { decodeEntities: false, lowerCaseTags: false, recognizeSelfClosing: true, Tokenizer: IndexOfTokenizer })
    this.result = { refs: [], masks: [], texts: [], tags: [], openMasks }
    this.maskStart = openMasks > 0 ? 0 : -1
  }

  /** What the HTML holds; null when it has foreign content and was read without the element stack. */
  scan(): HtmlScan | null {
    this.end(this.html)
    if (this.metForeign) return null
    const { result } = this
    if (result.openMasks > 0) result.masks.push(this.maskStart, this.html.length)
    return result
  }

  override onopentagname(start: number, endIndex: number): void {
    this.tagStart = this.startIndex
    this.tagName = this.name(start, endIndex)
    this.lowerName = this.tagName.toLowerCase()
    this.wanted = URL_ATTRIBUTES.get(this.lowerName)
    if (this.wanted) this.attributes.clear()
    if (this.foreign) {
      boundOpenElements(this)
      super.onopentagname(start, endIndex)
    } else if (this.tagName === 'svg' || this.tagName === 'math') {
      this.metForeign = true
      this.pause()
    } else this.endIndex = endIndex
  }

  override onattribname(start: number, endIndex: number): void {
    this.startIndex = start
    if (this.wanted) this.attributeName = this.html.slice(start, endIndex).toLowerCase()
  }

  override onattribdata(start: number, endIndex: number): void {
    if (this.wanted) this.attributeValue += this.html.slice(start, endIndex)
  }

  override onattribend(_quote: QuoteType, endIndex: number): void {
    this.endIndex = endIndex
    if (!this.wanted) return
    if (!this.attributes.has(this.attributeName)) this.attributes.set(this.attributeName, this.attributeValue)
    this.attributeValue = ''
  }

  override onopentagend(endIndex: number): void {
    this.opened(endIndex)
    if (this.foreign) super.onopentagend(endIndex)
    else this.moved(endIndex)
  }

  override onselfclosingtag(endIndex: number): void {
    this.opened(endIndex)
    if (this.foreign) super.onselfclosingtag(endIndex)
    else this.moved(endIndex)
  }

  /** An event ended at `endIndex`: the next starts after it (what the Parser does, bar its element stack). */
  private moved(endIndex: number): void {
    this.endIndex = endIndex
    this.startIndex = endIndex + 1
  }

  /** An element's opening tag ends at `endIndex` (its `>`). */
  private opened(endIndex: number): void {
    const { result, tagStart: offset } = this
    if (this.wanted) {
      for (const [attribute, kind] of this.wanted) {
        const raw = this.attributes.get(attribute)
        if (raw === undefined) continue
        const value = raw.includes('&') ? decodeHTMLAttribute(raw) : raw
        if (attribute === 'srcset') for (const url of srcsetUrls(value)) result.refs.push({ kind, url, offset })
        else if (kind === 'image') result.refs.push({ kind, url: value.trim(), offset, noAlt: !this.attributes.has('alt') })
        else result.refs.push({ kind, url: value.trim(), offset })
      }
    }
    const selfClosing = this.html.charCodeAt(endIndex - 1) === 0x2f
    if (isCapitalized(this.tagName)) result.tags.push({ name: this.tagName, offset, closing: false, selfClosing })
    if (MASKING.has(this.lowerName) && !selfClosing && result.openMasks++ === 0) this.maskStart = endIndex + 1
  }

  // Closing tags are read as written: the Parser reports only those that close an element it saw open, and Markdown
  // gives `<code>` and `</code>` (or `<Tabs>` and `</Tabs>`) to the scanner in separate pieces. The name is
  // `[start, endIndex)`, after `</`.
  override onclosetag(start: number, endIndex: number): void {
    const { result } = this
    const name = this.name(start, endIndex)
    if (isCapitalized(name)) result.tags.push({ name, offset: start - 2, closing: true, selfClosing: false })
    if (result.openMasks > 0 && MASKING.has(name.toLowerCase()) && --result.openMasks === 0) result.masks.push(this.maskStart, start - 2)
    if (this.foreign) super.onclosetag(start, endIndex)
    else this.moved(endIndex)
  }

  /** The element name at `[start, end)`, as `tagName` gives it. */
  private name(start: number, end: number): string {
    return tagName(this.html, start, end)
  }

  // Text runs from where the previous event ended, as the Parser counts it.
  override ontext(_start: number, endIndex: number): void {
    this.endIndex = endIndex - 1
    this.text(this.startIndex, endIndex)
    this.startIndex = endIndex
  }

  override oncomment(_start: number, endIndex: number): void {
    this.endIndex = endIndex
    this.comment(this.startIndex, endIndex + 1)
    this.startIndex = endIndex + 1
  }

  // CDATA is text in foreign content (SVG, MathML) and a comment elsewhere.
  override oncdata(_start: number, endIndex: number): void {
    this.endIndex = endIndex
    if (this.isInForeignContext()) this.text(this.startIndex, endIndex + 1)
    else this.comment(this.startIndex, endIndex + 1)
    this.startIndex = endIndex + 1
  }

  private text(start: number, end: number): void {
    const { result } = this
    if (result.openMasks > 0) return
    const texts = result.texts
    const last = texts.length
    if (last > 0 && texts[last - 1] === start) texts[last - 1] = end
    else texts.push(start, end)
  }

  private comment(start: number, end: number): void {
    if (this.result.openMasks === 0) this.result.masks.push(start, end)
  }
}
