import { newStreams, scanInline } from './fast-inline.js'
import type { InlineContext } from './fast-inline.js'
import { BAIL, destination, HTML_BLOCK_NAMES, HTML_RAW_NAMES, isAsciiAlpha, isAsciiAlphanumeric, normalizeLabel, parseDestination, parseLabel, parseTitle } from './fast-syntax.js'
import { isFootnoteLabel, looksLikeEsm } from './scan.js'
import type { MarkdownScan } from './scan.js'

/**
 * A fast reader of Markdown bodies that gives the same scan as remark (`scanMarkdownWithRemark`) for the bodies it
 * accepts, and `null` for the rest, which then go through remark.
 *
 * Why it exists: remark reads about half a megabyte a second. The benchmark's 10,000-post payload holds 32 MB of
 * Markdown and nodejs.org's blog 18 MB; through remark alone, reading them took about a minute and 34 seconds. This
 * reader follows CommonMark's block structure line by line (block quotes, list items, fenced and indented code, HTML
 * blocks, headings, thematic breaks, one-line link reference definitions, lazy continuation lines) the way micromark,
 * remark's tokenizer, does; then it reads only the inline syntax that decides where links are (escapes, code spans,
 * autolinks, raw HTML, brackets), jumping from one such character to the next.
 *
 * It gives up (returns `null`) wherever being exact would take more code than the case is worth: tabs in
 * indentation, carriage returns, a lazy line that could start a block, a construct that continues on the next line,
 * escapes and character references in destinations. A property test and the fixture corpus hold it to remark.
 */
export function scanMarkdownFast(body: string): MarkdownScan | null {
  // Carriage returns end lines in remark too, and NUL becomes U+FFFD: both are left to it.
  if (body.includes('\r') || body.includes('\0') || body.charCodeAt(0) === 0xfeff) return null
  try {
    return reader.read(body)
  } catch (error) {
    if (error === BAIL) return null
    throw error
  }
}


type ListItem = { quote: false; ordered: boolean; marker: number; size: number; initialBlank: boolean; furtherBlank: boolean }
type Container = { quote: true } | ListItem

type Content = { kind: 'content'; start: number; end: number; defsOnly: boolean; afterDefinition: boolean; quoted: boolean }
type Fence = { kind: 'fence'; marker: number; size: number; start: number; end: number }
type Indented = { kind: 'indented'; start: number; end: number }
type Html = { kind: 'html'; type: number; start: number; end: number; parts: string[] }
/** The open leaf block, if any: what the next line may continue. */
type Leaf = { kind: 'none' } | Content | Fence | Indented | Html

type ItemStart = { ordered: boolean; marker: number; size: number; blank: boolean; content: number; restricted: boolean }
type ContainerStart = { quote: true; content: number; restricted: false } | ({ quote: false } & ItemStart)

const NONE: Leaf = { kind: 'none' }
const SPACE = 32
const TAB = 9


/**
 * The reader's state for one body. One reader serves every body in turn (reading is synchronous and never nested):
 * its lists keep their capacity from body to body instead of being allocated again for each of a hundred thousand.
 */
class BlockReader {
  private src = ''
  private readonly containers: Container[] = []
  private leaf: Leaf = NONE
  /** The paragraph object, reused for each paragraph the fast path for plain lines opens. */
  private readonly paragraph: Content = { kind: 'content', start: 0, end: 0, defsOnly: false, afterDefinition: false, quoted: false }
  /** Paragraphs and headings: `[start, end, quoted]` triples (flat: a body can hold thousands). */
  private readonly units: number[] = []
  private readonly blockHtml: MarkdownScan['html'] = []
  private readonly blockCode: number[] = []
  private readonly definitions = new Map<string, string | null>()
  private readonly context: InlineContext = { src: '', definitions: this.definitions, scan: { refs: [], html: [], code: [], esm: [] }, next: newStreams(), nextMin: -1, openers: [], pool: [], unordered: false }
  private scan: MarkdownScan = this.context.scan
  /** The last thematic-break scan that failed: on the line ending at `le`, from `from`, `stop` neither marker nor blank. */
  private readonly breakScan = { le: -1, marker: -1, from: 0, stop: 0 }
  /** The last run of spaces read by countSpaces, `[from, end)`, on the line ending at `le`. */
  private readonly spaceRun = { le: -1, from: 0, end: 0 }
  /** The last character other than a space or tab before `le` (isBlank). */
  private readonly blankTail = { le: -1, last: 0 }

  read(body: string): MarkdownScan {
    this.src = body
    this.containers.length = 0
    this.leaf = NONE
    this.units.length = 0
    this.blockHtml.length = 0
    this.blockCode.length = 0
    this.breakScan.le = -1
    this.spaceRun.le = -1
    this.blankTail.le = -1
    if (this.definitions.size > 0) this.definitions.clear()
    this.scan = { refs: [], html: [], code: [], esm: [] }
    const { src, scan } = this
    let lineStart = 0
    for (;;) {
      let lineEnd = src.indexOf('\n', lineStart)
      if (lineEnd === -1) lineEnd = src.length
      this.line(lineStart, lineEnd)
      if (lineEnd === src.length) break
      lineStart = lineEnd + 1
    }
    this.closeLeaf()
    // Inline content is read once every definition is known: a reference may come before its definition.
    const { context } = this
    context.src = src
    context.scan = scan
    context.next.fill(-1)
    context.nextMin = -1
    context.unordered = false
    let next = 0
    let group = 0
    const { units, blockHtml } = this
    for (let u = 0; u < units.length; u += 3) {
      while (next < blockHtml.length && blockHtml[next].offset < units[u]) scan.html.push({ ...blockHtml[next++], group: group++ })
      scanInline(context, units[u], units[u + 1], units[u + 2] === 1, group++)
    }
    while (next < blockHtml.length) scan.html.push({ ...blockHtml[next++], group: group++ })
    // Links close after the images inside them, so refs are put back in source order; code blocks and code spans,
    // each already in order, are merged.
    if (context.unordered) scan.refs.sort((a, b) => a.offset - b.offset)
    scan.code = mergePairs(this.blockCode, scan.code)
    return scan
  }

  /** One line, `[ls, le)`: which containers it continues, then what it opens or continues inside them. */
  private line(ls: number, le: number): void {
    const { containers, leaf: open } = this
    // Most lines of most bodies are top-level paragraph text: a line that starts with a letter continues an open
    // paragraph, or starts one, without the checks below (they took a third of the reading time of the benchmark).
    if (containers.length === 0 && ls < le && isPlainStart(this.src.charCodeAt(ls))) {
      if (open.kind === 'content' && !open.defsOnly) {
        open.end = le
        return
      }
      if (open.kind === 'none') {
        const paragraph = this.paragraph
        paragraph.start = ls
        paragraph.end = le
        paragraph.defsOnly = false
        paragraph.afterDefinition = false
        paragraph.quoted = false
        this.leaf = paragraph
        const c = this.src.charCodeAt(ls)
        if ((c === 0x69 || c === 0x65) && looksLikeEsm(this.src.slice(ls, le))) this.scan.esm.push(ls)
        return
      }
    }
    let pos = ls
    let matched = 0
    let sibling = false
    while (matched < containers.length) {
      const c = containers[matched]
      if (c.quote) {
        const p = this.skipSpaces(pos, le, 3)
        if (p >= le || this.src.charCodeAt(p) !== 0x3e) break
        pos = this.afterQuoteMarker(p, le)
        matched++
        continue
      }
      if (this.isBlank(pos, le)) {
        c.furtherBlank = c.furtherBlank || c.initialBlank
        pos += Math.min(this.countSpaces(pos, le), c.size)
        matched++
        continue
      }
      const further = c.furtherBlank
      c.furtherBlank = false
      c.initialBlank = false
      if (!further && this.countSpaces(pos, le) >= c.size) {
        pos += c.size
        matched++
        continue
      }
      // Not indented enough for this item: maybe a next item of the same list (no interruption rules apply then).
      const item = this.listItemStart(pos, le, false, c)
      if (item) {
        this.closeLeaf()
        containers.length = matched + 1
        c.size = item.size
        c.initialBlank = item.blank
        pos = item.content
        matched++
        sibling = true
      }
      break
    }

    const leaf = this.leaf
    let interrupt = false
    if (sibling) {
      // A new item: its content starts below.
    } else if (matched === containers.length) {
      // Every container continues: so may the open leaf.
      switch (leaf.kind) {
        case 'fence':
          return this.fenceLine(leaf, pos, le)
        case 'html':
          return this.htmlLine(leaf, pos, le)
        case 'indented':
          if (this.isBlank(pos, le)) return
          // A tab at the start of a line at the top level reaches column 4: the code goes on.
          if ((containers.length === 0 && this.src.charCodeAt(pos) === TAB) || this.countSpaces(pos, le) >= 4) {
            leaf.end = le
            return
          }
          // What ends indented code could still be under its interruption rules in remark.
          if (this.containerStart(pos, le, false)?.restricted) throw BAIL
          this.closeLeaf()
          break
        case 'content':
          if (this.continueContent(leaf, pos, le)) return
          // A block starts on this line and ends the paragraph; rules for interrupting one apply to it.
          this.closeLeaf()
          interrupt = true
          break
      }
    } else if (!this.containerStart(pos, le, false) && leaf.kind === 'content' && !this.isBlank(pos, le)) {
      if (this.isLazy(pos, le)) {
        // A lazy line: paragraph text without the markers of the containers it sits in.
        this.contentLine(leaf, this.skipSpaces(pos, le, Infinity), le)
        return
      }
      // A leaf block starts on it, after the containers it did not continue. (remark keeps a complete HTML tag on
      // such a line inside them, a quirk left to it.)
      const fp = this.skipSpaces(pos, le, Infinity)
      if (this.src.charCodeAt(fp) === 0x3c && this.htmlKind(fp, le, false) === 7) throw BAIL
      this.closeLeaf()
      containers.length = matched
      this.flowStart(pos, le, ls, true)
      return
    } else {
      // An empty list item in a block quote, left by a line without the quote's marker: after indented code anywhere
      // earlier in the body, remark keeps what that line starts inside the item, a quirk left to it.
      if (leaf.kind === 'none' && this.leavesEmptyQuotedItem(matched)) throw BAIL
      this.closeLeaf()
      containers.length = matched
      // remark marks a line that left containers without opening one as lazy, and indented code begun on a lazy
      // line ends with it.
      if (!this.containerStart(pos, le, false)) {
        this.flowStart(pos, le, ls, true)
        return
      }
    }

    // New containers (a block quote, a list item), then a leaf inside the innermost.
    let opened = 0
    for (;;) {
      const start = this.containerStart(pos, le, interrupt)
      if (!start) {
        // remark keeps a paragraph's interruption rules for containers opened after the first on the line.
        if (interrupt && opened > 0 && this.containerStart(pos, le, false)) throw BAIL
        break
      }
      this.closeLeaf()
      opened++
      if (start.quote) containers.push({ quote: true })
      else containers.push({ quote: false, ordered: start.ordered, marker: start.marker, size: start.size, initialBlank: start.blank, furtherBlank: false })
      pos = start.content
    }
    this.flowStart(pos, le, ls)
  }

  /** Whether the containers from `matched` on hold a block quote with an empty list item in it. */
  private leavesEmptyQuotedItem(matched: number): boolean {
    let quoted = false
    for (let i = 0; i < this.containers.length; i++) {
      const c = this.containers[i]
      if (c.quote) quoted = true
      else if (quoted && i >= matched && c.initialBlank) return true
    }
    return false
  }

  /**
   * A line of an open paragraph where every container continues: true when it continues the paragraph, false when it
   * ends it (the paragraph is closed, or a new block starts on this line).
   */
  private continueContent(content: Content, pos: number, le: number): boolean {
    if (this.isBlank(pos, le)) {
      this.closeLeaf()
      return true
    }
    const fp = this.skipSpaces(pos, le, Infinity)
    // Indented code cannot interrupt a paragraph.
    if (fp - pos >= 4) {
      this.contentLine(content, fp, le)
      return true
    }
    if (this.containerStart(pos, le, true)) return false
    const c = this.src.charCodeAt(fp)
    if ((c === 0x3d || c === 0x2d) && this.isSetextUnderline(fp, le)) {
      // A setext underline below only definitions is paragraph text in remark; rare enough to leave to it.
      if (content.defsOnly) throw BAIL
      // The heading runs to the end of its underline; as a heading it is no MDX statement.
      content.end = le
      if (this.scan.esm[this.scan.esm.length - 1] === content.start) this.scan.esm.pop()
      this.closeLeaf()
      return true
    }
    if (this.startsInterruptingLeaf(fp, le)) return false
    this.contentLine(content, fp, le)
    return true
  }

  /**
   * Whether a line that does not continue the open containers (and starts none) continues their paragraph lazily:
   * unless a leaf block starts on it. remark lets any HTML block start there (kind 7 too), and no setext underline.
   */
  private isLazy(pos: number, le: number): boolean {
    const fp = this.skipSpaces(pos, le, Infinity)
    if (fp - pos >= 4) return true
    const c = this.src.charCodeAt(fp)
    if (c === 0x23) return !this.isAtxHeading(fp, le)
    if (c === 0x60 || c === 0x7e) return this.fenceSize(fp, le) === 0
    if (c === 0x3c) return this.htmlKind(fp, le, false) === 0
    if (c === 0x2a || c === 0x2d || c === 0x5f) return !this.isThematicBreak(fp, le)
    return true
  }

  /** The leaf that starts at `pos` where nothing is open. */
  private flowStart(pos: number, le: number, ls: number, lazyLine = false): void {
    if (this.isBlank(pos, le)) return
    const fp = this.skipSpaces(pos, le, Infinity)
    if (fp - pos >= 4) {
      this.leaf = { kind: 'indented', start: pos, end: le }
      if (lazyLine) this.closeLeaf()
      return
    }
    const c = this.src.charCodeAt(fp)
    if (c === 0x23 && this.isAtxHeading(fp, le)) {
      this.units.push(this.afterHashes(fp), le, this.quoted() ? 1 : 0)
      return
    }
    if ((c === 0x60 || c === 0x7e) && this.fenceSize(fp, le) > 0) {
      this.leaf = { kind: 'fence', marker: c, size: this.fenceSize(fp, le), start: fp, end: le }
      return
    }
    if (c === 0x3c) {
      const type = this.htmlKind(fp, le, false)
      // remark's HTML block starts with the line's indentation.
      if (type > 0) return this.openHtml(type, pos, fp, le)
    }
    if ((c === 0x2a || c === 0x2d || c === 0x5f) && this.isThematicBreak(fp, le)) return
    const content = this.paragraph
    content.start = fp
    content.end = le
    content.defsOnly = true
    content.afterDefinition = false
    content.quoted = this.quoted()
    this.leaf = content
    this.contentLine(content, fp, le)
  }

  /** A line of content: a link reference definition while only definitions came so far, else paragraph text. */
  private contentLine(content: Content, fp: number, le: number): void {
    if (content.defsOnly) {
      const c = this.src.charCodeAt(fp)
      // A definition's title may stand on the next line: remark decides.
      if (content.afterDefinition && (c === 0x22 || c === 0x27 || c === 0x28)) throw BAIL
      if (c === 0x5b && this.definition(fp, le)) {
        content.afterDefinition = true
        return
      }
      content.defsOnly = false
      content.start = fp
      // MDX reads `import`/`export` at the start of a top-level paragraph, in its first column.
      const columnOne = fp === 0 || this.src.charCodeAt(fp - 1) === 0x0a
      if ((c === 0x69 || c === 0x65) && columnOne && this.containers.length === 0 && looksLikeEsm(this.src.slice(fp, le))) this.scan.esm.push(fp)
    }
    content.end = le
  }

  private closeLeaf(): void {
    const leaf = this.leaf
    this.leaf = NONE
    switch (leaf.kind) {
      case 'content':
        if (!leaf.defsOnly) this.units.push(leaf.start, leaf.end, leaf.quoted ? 1 : 0)
        break
      case 'fence':
      case 'indented':
        this.blockCode.push(leaf.start, leaf.end)
        break
      case 'html':
        this.blockHtml.push({ offset: leaf.start, value: leaf.parts.join('\n'), block: true, group: -1, groupEnd: leaf.end })
        break
    }
  }

  private quoted(): boolean {
    return this.containers.some((c) => c.quote)
  }

  // ---- containers

  /** A block quote or list item starting at `pos` (after at most three spaces), or null. */
  private containerStart(pos: number, le: number, interrupt: boolean): ContainerStart | null {
    const p = this.skipSpaces(pos, le, 3)
    if (p >= le) return null
    if (this.src.charCodeAt(p) === 0x3e) return { quote: true, content: this.afterQuoteMarker(p, le), restricted: false }
    const item = this.listItemStart(pos, le, interrupt, null)
    return item ? { quote: false, ...item } : null
  }

  private afterQuoteMarker(p: number, le: number): number {
    const next = p + 1
    if (next < le) {
      const c = this.src.charCodeAt(next)
      if (c === TAB) throw BAIL
      if (c === SPACE) return next + 1
    }
    return next
  }

  /**
   * A list item marker at `pos` (after at most three spaces): where its content starts and its size (the indentation
   * its later lines need). With `list`, only a next item of that list; with `interrupt`, only items that may
   * interrupt a paragraph (not empty; ordered ones numbered 1). `restricted` marks items that could not.
   */
  private listItemStart(pos: number, le: number, interrupt: boolean, list: ListItem | null): ItemStart | null {
    const { src } = this
    const p = this.skipSpaces(pos, le, 3)
    if (p >= le) return null
    const c = src.charCodeAt(p)
    let q = p
    let ordered = false
    let marker = c
    let restricted = false
    if (c === 0x2a || c === 0x2b || c === 0x2d) {
      if (list && (list.ordered || list.marker !== c)) return null
      if (c !== 0x2b && this.isThematicBreak(p, le)) return null
      q = p + 1
    } else if (c >= 0x30 && c <= 0x39) {
      if (list && !list.ordered) return null
      while (q < le && q - p < 9 && src.charCodeAt(q) >= 0x30 && src.charCodeAt(q) <= 0x39) q++
      const d = q < le ? src.charCodeAt(q) : -1
      if (d !== 0x2e && d !== 0x29) return null
      if (list && list.marker !== d) return null
      if (q - p !== 1 || c !== 0x31) {
        if (interrupt) return null
        restricted = true
      }
      ordered = true
      marker = d
      q++
    } else return null
    const indent = p - pos
    if (this.isBlank(q, le)) {
      if (interrupt) return null
      return { ordered, marker, size: indent + (q - p) + 1, blank: true, content: q, restricted: true }
    }
    if (src.charCodeAt(q) === TAB) throw BAIL
    if (src.charCodeAt(q) !== SPACE) return null
    const spaces = this.countSpaces(q, le)
    // One to four spaces set the content's indentation; five or more mean indented code after one space.
    const gap = spaces <= 4 ? spaces : 1
    return { ordered, marker, size: indent + (q - p) + gap, blank: false, content: q + gap, restricted }
  }

  // ---- leaves

  private fenceLine(leaf: Fence, pos: number, le: number): void {
    const { src } = this
    const p = this.skipSpacesLoose(pos, le)
    leaf.end = le
    if (src.charCodeAt(p) !== leaf.marker) return
    // Code lines may be indented with tabs; a closing fence after one depends on tab stops: remark decides.
    if (src.slice(pos, p).includes('\t')) throw BAIL
    if (p - pos > 3) return
    let q = p
    while (q < le && src.charCodeAt(q) === leaf.marker) q++
    if (q - p >= leaf.size && this.isBlank(q, le)) this.closeLeaf()
  }

  /** The length of the fence that opens at `fp`, or 0 when none does. */
  private fenceSize(fp: number, le: number): number {
    const { src } = this
    const marker = src.charCodeAt(fp)
    let q = fp
    while (q < le && src.charCodeAt(q) === marker) q++
    if (q - fp < 3) return 0
    // A backtick fence's info string may not hold a backtick (the line is then a code span in a paragraph).
    if (marker === 0x60) {
      const tick = src.indexOf('`', q)
      if (tick !== -1 && tick < le) return 0
    }
    return q - fp
  }

  private isAtxHeading(fp: number, le: number): boolean {
    const q = this.afterHashes(fp)
    if (q - fp > 6) return false
    return q >= le || this.src.charCodeAt(q) === SPACE || this.src.charCodeAt(q) === TAB
  }

  private afterHashes(fp: number): number {
    let q = fp
    while (this.src.charCodeAt(q) === 0x23) q++
    return q
  }

  /**
   * Whether `[fp, le)` is a thematic break: three or more of its first character, with blanks between and nothing
   * else. Nested list items (`- - - … x`) ask again from each marker of one line; the character that ended the last
   * scan of that line's run (not the marker, not blank) answers them without reading the run again, which took time
   * quadratic in it (a line of 50,000 `- ` before `[[`: 5 s).
   */
  private isThematicBreak(fp: number, le: number): boolean {
    const { src, breakScan } = this
    const marker = src.charCodeAt(fp)
    if (breakScan.le === le && breakScan.marker === marker && breakScan.from <= fp && fp <= breakScan.stop) return false
    let count = 0
    for (let q = fp; q < le; q++) {
      const c = src.charCodeAt(q)
      if (c === marker) count++
      else if (c !== SPACE && c !== TAB) {
        Object.assign(breakScan, { le, marker, from: fp, stop: q })
        return false
      }
    }
    return count >= 3
  }

  private isSetextUnderline(fp: number, le: number): boolean {
    const { src } = this
    const marker = src.charCodeAt(fp)
    let q = fp
    while (q < le && src.charCodeAt(q) === marker) q++
    return this.isBlank(q, le)
  }

  /** Whether a leaf that may interrupt a paragraph starts at `fp`: heading, fence, HTML block 1–6, thematic break. */
  private startsInterruptingLeaf(fp: number, le: number): boolean {
    const c = this.src.charCodeAt(fp)
    if (c === 0x23) return this.isAtxHeading(fp, le)
    if (c === 0x60 || c === 0x7e) return this.fenceSize(fp, le) > 0
    if (c === 0x3c) return this.htmlKind(fp, le, true) > 0
    if (c === 0x2a || c === 0x2d || c === 0x5f) return this.isThematicBreak(fp, le)
    return false
  }

  // ---- HTML blocks

  private openHtml(type: number, pos: number, fp: number, le: number): void {
    const leaf: Html = { kind: 'html', type, start: pos, end: le, parts: [this.src.slice(pos, le)] }
    this.leaf = leaf
    if (type <= 5 && this.htmlEnds(type, fp, le, true)) this.closeLeaf()
  }

  private htmlLine(leaf: Html, pos: number, le: number): void {
    if (leaf.type >= 6 && this.isBlank(pos, le)) {
      this.closeLeaf()
      return
    }
    leaf.parts.push(this.src.slice(Math.min(pos, le), le))
    leaf.end = le
    if (leaf.type <= 5 && this.htmlEnds(leaf.type, pos, le, false)) this.closeLeaf()
  }

  /** Whether the line `[from, le)` holds the end of an HTML block of kind 1 to 5 (on its first line, after its start). */
  private htmlEnds(type: number, from: number, le: number, first: boolean): boolean {
    const { src } = this
    const find = (needle: string, at: number) => {
      const i = src.indexOf(needle, at)
      return i !== -1 && i + needle.length <= le
    }
    switch (type) {
      case 1: {
        const line = src.slice(from, le).toLowerCase()
        return HTML_RAW_NAMES.some((name) => line.includes(`</${name}>`))
      }
      case 2:
        return find('-->', first ? from + 2 : from)
      case 3:
        // From the opening `?`: `<?>` ends at once in an HTML block.
        return find('?>', first ? from + 1 : from)
      case 4:
        return find('>', first ? from + 2 : from)
      default:
        return find(']]>', first ? from + 9 : from)
    }
  }

  /** Which of CommonMark's HTML block kinds starts at `fp` (0 when none); kind 7 never interrupts a paragraph. */
  private htmlKind(fp: number, le: number, interrupt: boolean): number {
    const { src } = this
    const c1 = fp + 1 < le ? src.charCodeAt(fp + 1) : -1
    if (c1 === 0x21) {
      if (src.startsWith('<!--', fp) && fp + 4 <= le) return 2
      if (src.startsWith('<![CDATA[', fp) && fp + 9 <= le) return 5
      return fp + 2 < le && isAsciiAlpha(src.charCodeAt(fp + 2)) ? 4 : 0
    }
    if (c1 === 0x3f) return 3
    const closing = c1 === 0x2f
    let q = fp + (closing ? 2 : 1)
    if (q >= le || !isAsciiAlpha(src.charCodeAt(q))) return 0
    const nameStart = q
    while (q < le && (isAsciiAlphanumeric(src.charCodeAt(q)) || src.charCodeAt(q) === 0x2d)) q++
    const after = q < le ? src.charCodeAt(q) : -1
    if (!(after === -1 || after === 0x2f || after === 0x3e || after === SPACE || after === TAB)) return 0
    const name = src.slice(nameStart, q).toLowerCase()
    if (!closing && after !== 0x2f && HTML_RAW_NAMES.includes(name)) return 1
    if (HTML_BLOCK_NAMES.has(name)) {
      if (after === 0x2f) return q + 1 < le && src.charCodeAt(q + 1) === 0x3e ? 6 : 0
      return 6
    }
    if (interrupt) return 0
    return this.completeTagLine(q, le, closing) ? 7 : 0
  }

  /**
   * Kind 7: the rest of the line is a complete open or closing tag (from after its name), then only whitespace.
   * These are micromark's html-flow states; inline raw HTML (`fast-inline.ts`) has its own, which differ in what ends
   * an unquoted value and in crossing lines, so the two are not shared.
   */
  private completeTagLine(q: number, le: number, closing: boolean): boolean {
    const { src } = this
    const at = (i: number) => (i < le ? src.charCodeAt(i) : -1)
    const space = (c: number) => c === SPACE || c === TAB
    if (!closing) {
      // Attributes, per micromark's html-flow "complete" states.
      for (;;) {
        while (space(at(q))) q++
        let c = at(q)
        if (c === 0x2f) {
          q++
          break
        }
        if (!(c === 0x3a || c === 0x5f || isAsciiAlpha(c))) break
        q++
        while ((c = at(q)) === 0x2d || c === 0x2e || c === 0x3a || c === 0x5f || isAsciiAlphanumeric(c)) q++
        while (space(at(q))) q++
        if (at(q) !== 0x3d) continue
        q++
        while (space(at(q))) q++
        c = at(q)
        if (c === -1 || c === 0x3c || c === 0x3d || c === 0x3e || c === 0x60) return false
        if (c === 0x22 || c === 0x27) {
          const close = src.indexOf(String.fromCharCode(c), q + 1)
          if (close === -1 || close >= le) return false
          q = close + 1
          const d = at(q)
          if (!(d === 0x2f || d === 0x3e || space(d))) return false
          continue
        }
        while ((c = at(q)) !== -1 && !(c === 0x22 || c === 0x27 || c === 0x2f || c === 0x3c || c === 0x3d || c === 0x3e || c === 0x60 || space(c))) q++
      }
    }
    while (space(at(q))) q++
    if (at(q) !== 0x3e) return false
    return this.isBlank(q + 1, le)
  }

  // ---- definitions

  /**
   * A link reference definition on one line (`[label]: destination "title"`). False when the line is not one (it is
   * then paragraph text); BAIL for the forms that continue on the next line.
   */
  private definition(fp: number, le: number): boolean {
    const { src } = this
    const label = parseLabel(src, fp, le)
    if (label === BAIL) throw BAIL
    if (label === null || src.charCodeAt(label.end) !== 0x3a || label.end >= le) return false
    let q = label.end + 1
    while (q < le && (src.charCodeAt(q) === SPACE || src.charCodeAt(q) === TAB)) q++
    if (q >= le) throw BAIL
    const after = parseDestination(src, q, le, Infinity)
    if (after === BAIL) throw BAIL
    if (after === -1) return false
    const url = destination.url
    q = after
    let ws = q
    while (ws < le && (src.charCodeAt(ws) === SPACE || src.charCodeAt(ws) === TAB)) ws++
    if (ws < le) {
      // A title needs whitespace before it and only whitespace after it.
      if (ws === q) return false
      // Past the line end: a title that goes on is a definition in remark, left to it.
      const title = parseTitle(src, ws, le < src.length ? le + 1 : le)
      if (title === BAIL) throw BAIL
      if (title === null || !this.isBlank(title, le)) return false
    }
    const key = normalizeLabel(label.text)
    // A footnote's label is defined as remark defines it (references to it are still references) but to no link.
    if (!this.definitions.has(key)) this.definitions.set(key, isFootnoteLabel(label.text) ? null : url)
    return true
  }

  // ---- characters

  /** Skips up to `max` spaces; a tab where indentation is measured is left to remark. */
  private skipSpaces(p: number, le: number, max: number): number {
    const { src } = this
    const start = p
    while (p < le && p - start < max) {
      const c = src.charCodeAt(p)
      if (c === TAB) throw BAIL
      if (c !== SPACE) break
      p++
    }
    return p
  }

  /** Skips spaces and tabs where their width does not matter. */
  private skipSpacesLoose(p: number, le: number): number {
    while (p < le && (this.src.charCodeAt(p) === SPACE || this.src.charCodeAt(p) === TAB)) p++
    return p
  }

  /**
   * The spaces at `p` (a tab among them: BAIL, as skipSpaces). The run last read answers a position inside it without
   * reading it again: each open list item of a line asks from a little further on (50,000 nested items over a line of
   * 100,000 spaces read it 50,000 times).
   */
  private countSpaces(p: number, le: number): number {
    const run = this.spaceRun
    if (run.le !== le || p < run.from || p > run.end) {
      let end = p
      while (end < le && this.src.charCodeAt(end) === SPACE) end++
      Object.assign(run, { le, from: p, end })
    }
    if (run.end < le && this.src.charCodeAt(run.end) === TAB) throw BAIL
    return run.end - p
  }

  /** Whether `[p, le)` holds only spaces and tabs: `p` is past the last other character before `le`, found once. */
  private isBlank(p: number, le: number): boolean {
    const tail = this.blankTail
    if (tail.le !== le) {
      let last = le - 1
      while (last >= 0 && (this.src.charCodeAt(last) === SPACE || this.src.charCodeAt(last) === TAB)) last--
      Object.assign(tail, { le, last })
    }
    return p > tail.last
  }
}

const reader = new BlockReader()

/**
 * Whether a line that starts with this character (no indentation) can only be paragraph text: an ASCII letter or
 * anything beyond ASCII. Block syntax starts with punctuation, digits or spaces.
 */
function isPlainStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c > 0x7f
}


/** Merges two lists of `[start, end)` pairs, each sorted by start, into a new one (`a` is the reader's, reused). */
function mergePairs(a: number[], b: number[]): number[] {
  if (a.length === 0) return b
  if (b.length === 0) return a.slice()
  const out: number[] = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i] <= b[j])) out.push(a[i++], a[i++])
    else out.push(b[j++], b[j++])
  }
  return out
}
