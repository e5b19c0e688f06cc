import { Parser } from 'htmlparser2'

/** A URL an HTML element uses: a link (`a`, `area`, `iframe`), an image (`img`) or other media. */
export interface HtmlRef {
  kind: 'link' | 'image' | 'media'
  url: string
  /** Offset of the element's `<`. */
  offset: number
  /** Images: the element has no `alt` attribute (an empty one marks a decorative image and is fine). */
  noAlt?: boolean
}

/** An element whose name starts with a capital letter, as JSX components do. */
export interface CapitalizedTag {
  name: string
  offset: number
  closing: boolean
  selfClosing: boolean
}

/** What the HTML parser finds in a piece of HTML; offsets are into that piece. */
export interface HtmlScan {
  refs: HtmlRef[]
  /** `[start, end)` pairs of what a reader never sees as text: comments and the content of `pre`, `code`, scripts… */
  masks: number[]
  /** `[start, end)` pairs of text outside masks. */
  texts: number[]
  tags: CapitalizedTag[]
  /** How many masking elements are still open at the end (a `<code>` closed in a later inline tag). */
  openMasks: number
}

// Elements whose content is shown verbatim or not at all: template syntax in them is an example, not a leak.
const MASKING = new Set(['pre', 'code', 'kbd', 'samp', 'script', 'style', 'textarea', 'template', 'noscript', 'xmp', 'plaintext', 'listing'])

const LINK_ATTRIBUTES: Record<string, readonly [string, HtmlRef['kind']][]> = {
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
}

/**
 * Reads HTML with htmlparser2, as a browser would tokenize it: the URLs its elements use, the text a reader sees,
 * what is masked (comments, code, scripts), and capitalized elements. `openMasks` continues masking from an earlier
 * piece (Markdown splits inline HTML into one node per tag).
 * @example
 * scanHtml('<p>See <a href="/about/">us</a></p>').refs // [{ kind: 'link', url: '/about/', offset: 7 }]
 */
export function scanHtml(html: string, openMasks = 0): HtmlScan {
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
        const wanted = LINK_ATTRIBUTES[lower]
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

/** The URLs of a `srcset` (`a.png 1x, b.png 2x`). */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = []
  for (const candidate of srcset.split(/,\s+|,$/)) {
    const url = candidate.trim().split(/\s+/)[0]
    if (url) urls.push(url)
  }
  return urls
}
