// The HTML scanner check used before it drove htmlparser2 without decoding text (src/check/html.ts): htmlparser2's
// Parser with entities decoded and an attribute object per element. Kept only as the oracle that
// html.property.test.ts holds the faster scanner to. One change: the element table is a Map, so `<constructor>`
// no longer finds Object's constructor in it and throws (the faster scanner fixed that bug too).
import { Parser } from 'htmlparser2'
import type { HtmlRef, HtmlScan } from '../../src/check/html.js'
import { srcsetUrls } from '../../src/check/html.js'

// Elements whose content is shown verbatim or not at all: template syntax in them is an example, not a leak.
const MASKING = new Set(['pre', 'code', 'kbd', 'samp', 'script', 'style', 'textarea', 'template', 'noscript', 'xmp', 'plaintext', 'listing'])

const LINK_ATTRIBUTES = new Map<string, readonly [string, HtmlRef['kind']][]>(Object.entries({
  a: [['href', 'link']],
  area: [['href', 'link']],
  iframe: [['src', 'link']],
  img: [['src', 'image'], ['srcset', 'image']],
  source: [['src', 'media'], ['srcset', 'media']],
  video: [['src', 'media'], ['poster', 'media']],
  audio: [['src', 'media']],
  track: [['src', 'media']],
  embed: [['src', 'media']],
  object: [['data', 'media']],
} satisfies Record<string, readonly [string, HtmlRef['kind']][]>))

/** The former `scanHtml`. */
export function scanHtmlWithParser(html: string, openMasks = 0): HtmlScan {
  const scan: HtmlScan = { refs: [], masks: [], texts: [], tags: [], openMasks }
  let maskStart = openMasks > 0 ? 0 : -1
  // Closing tags are read as written: htmlparser2 reports only those that close an element it saw open, and Markdown
  // gives `<code>` and `</code>` (or `<Tabs>` and `</Tabs>`) to the parser in separate pieces.
  const closing = (name: string, start: number) => {
    if (isCapitalized(name)) scan.tags.push({ name, offset: start, closing: true, selfClosing: false })
    if (MASKING.has(name.toLowerCase()) && scan.openMasks > 0 && --scan.openMasks === 0) scan.masks.push(maskStart, start)
  }
  const parser: Parser = new ClosingTagParser(
    html,
    closing,
    {
      onopentag(name, attribs) {
        const start = parser.startIndex
        const lower = name.toLowerCase()
        const wanted = LINK_ATTRIBUTES.get(lower)
        if (wanted) {
          for (const [attribute, kind] of wanted) {
            const value = attribs[attribute]
            if (value === undefined) continue
            if (attribute === 'srcset') {
              for (const url of srcsetUrls(value)) scan.refs.push({ kind, url, offset: start })
            } else if (kind === 'image') {
              scan.refs.push({ kind, url: value.trim(), offset: start, noAlt: !('alt' in attribs) })
            } else scan.refs.push({ kind, url: value.trim(), offset: start })
          }
        }
        if (isCapitalized(name)) scan.tags.push({ name, offset: start, closing: false, selfClosing: html.charCodeAt(parser.endIndex - 1) === 0x2f })
        if (MASKING.has(lower) && !isSelfClosing()) {
          if (scan.openMasks++ === 0) maskStart = parser.endIndex + 1
        }
      },
      ontext() {
        if (scan.openMasks > 0) return
        const start = parser.startIndex
        const end = parser.endIndex + 1
        // Entities split text into several events; one range covers them.
        const last = scan.texts.length
        if (last > 0 && scan.texts[last - 1] === start) scan.texts[last - 1] = end
        else scan.texts.push(start, end)
      },
      oncomment() {
        if (scan.openMasks === 0) scan.masks.push(parser.startIndex, parser.endIndex + 1)
      },
    },
    { decodeEntities: true, lowerCaseTags: false, recognizeSelfClosing: true },
  )
  const isSelfClosing = () => html.charCodeAt(parser.endIndex - 1) === 0x2f
  parser.write(html)
  parser.end()
  if (scan.openMasks > 0) scan.masks.push(maskStart, html.length)
  return scan
}

/** htmlparser2's Parser, telling every closing tag to `closing` with its name as written and where it is. */
class ClosingTagParser extends Parser {
  constructor(
    private readonly html: string,
    private readonly closing: (name: string, start: number) => void,
    ...args: ConstructorParameters<typeof Parser>
  ) {
    super(...args)
  }

  override onclosetag(start: number, endIndex: number): void {
    // The name is `[start, endIndex)`, after `</` (the parser is given the whole text in one write).
    this.closing(this.html.slice(start, endIndex), start - 2)
    super.onclosetag(start, endIndex)
  }
}

function isCapitalized(name: string): boolean {
  const c = name.charCodeAt(0)
  return c >= 0x41 && c <= 0x5a
}
