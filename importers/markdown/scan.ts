import { toString } from 'mdast-util-to-string'
import remarkParse from 'remark-parse'
import { unified } from 'unified'

/** A link or image reference found in a Markdown body, with where its target sits so it can be rewritten. */
export interface BodyRef {
  kind: 'link' | 'image'
  target: string
  alt: string
  /** 1-based line in the body. */
  line: number
  /** Offsets of `target` in the body. */
  start: number
  end: number
}

/** What one cheap pass over a body finds: the first level-1 heading and the link and image references. */
export interface BodyScan {
  h1: string | null
  refs: BodyRef[]
}

/** How far back a link's text is looked for when it opens on an earlier line of its paragraph. */
const SPAN_WINDOW = 2000
// A path (before any `?` or `#`) that ends in an image file's extension.
const IMAGE_FILE = /^[^?#]*\.(?:png|jpe?g|gif|webp|avif|svg|bmp|ico|tiff?)(?:[?#]|$)/i
const FENCE = /^ {0,3}(`{3,}|~{3,})/
// A destination as CommonMark has it: `<…>` without `<`, `>` or a line end, or a run without spaces whose parentheses
// are balanced (one level, `wiki/Foo_(bar)`); a title in quotes or parentheses. Each part stops at the first
// character that cannot continue it, so a line of a thousand `[a](` is read in linear time (it read on to the end of
// the line from each of them, in the square of its length).
const TARGET = String.raw`\(\s*(<[^<>\n]*>|(?:[^\s()]|\([^\s()]*\))+)(?:\s+(?:"[^"]*"|'[^']*'|\([^()]*\)))?\s*\)`
const IMAGE = new RegExp(String.raw`!\[([^\]]*)\]` + TARGET, 'g')
// A link's text may hold an image (`[![alt](a.png)](a.png)`) or a bracketed word (`[a [b] c]`); both the image and the
// link are references.
const LINK = new RegExp(String.raw`(?<!!)\[((?:!\[[^[\]]*\]\((?:[^()]|\([^()]*\))*\)|[^[\]\\]|\\.|\[[^[\]]*\])*)\]` + TARGET, 'g')

/**
 * Where the destination (group 2) of an IMAGE or LINK match starts within the match: after `![` or `[`, the text,
 * `](` and any spaces, so the first place it occurs from there. (The `d` flag gives the same, at twice the cost of
 * the match: a third of the scan's time on nodejs.org's blog.)
 */
function destinationAt(m: RegExpMatchArray, image: boolean): number {
  return m[0].indexOf(m[2], (image ? 2 : 1) + m[1].length + 2)
}
// `[^note]: …` is a GFM footnote (a caret, then a label without whitespace), not a link definition.
const DEFINITION = /^ {0,3}\[(?!\^[^\s\]]+\]:)[^\]]+\]:\s*(<[^>]*>|\S+)/
// The attribute is looked for up to the next `<` or `>`: from each of a thousand `<img ` it read on to the line's end.
const IMG_TAG = /<img\b[^<>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)')/gi
const HREF_ATTR = /<a\b[^<>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi
const ALT_ATTR = /\balt\s*=\s*(?:"([^"]*)"|'([^']*)')/i

/**
 * Scans a Markdown body line by line, outside fenced code, without building a syntax tree: a regular expression
 * per line is enough to find headings, links and images, and costs a fraction of a full parse.
 */
export function scanBody(body: string, withRefs = true): BodyScan {
  let h1: string | null = null
  const refs: BodyRef[] = []
  let fence: string | null = null
  let offset = 0
  let prev = ''
  let lineNo = 0
  // Where the current paragraph starts: a link's text may run over several of its lines.
  let paragraph = 0
  while (offset <= body.length) {
    let nl = body.indexOf('\n', offset)
    if (nl === -1) nl = body.length
    const line = body.slice(offset, nl)
    lineNo++
    const f = FENCE.exec(line)
    if (fence !== null) {
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length && line.trim() === f[1]) fence = null
      paragraph = nl + 1
    } else if (f) {
      fence = f[1]
      paragraph = nl + 1
    } else if (line.trim() === '') {
      paragraph = nl + 1
    } else {
      if (h1 === null) {
        const atx = /^ {0,3}#(?!#)\s+(.*)$/.exec(line)
        const text = atx ? withoutClosingHashes(atx[1]) : ''
        if (text.trim() !== '') h1 = stripInline(text)
        else if (/^ {0,3}=+\s*$/.test(line) && prev.trim() !== '' && !/^ {0,3}([-*+>#]|\d+[.)])/.test(prev)) h1 = stripInline(prev.trim())
      }
      // Only lines that can hold a link or an image are matched; most lines hold neither.
      if (withRefs && (line.includes('](') || line.includes(']:') || line.includes('<img') || line.includes('href='))) {
        collectRefs(line, offset, lineNo, refs)
        // `[text that runs\nover lines](url)`: the `](` has no `[` before it on this line.
        const close = line.indexOf('](')
        // Looked for in the paragraph's last SPAN_WINDOW characters at most, so that a hostile paragraph of a
        // hundred thousand such lines stays linear.
        if (close !== -1 && paragraph < offset && !line.slice(0, close).includes('[')) {
          const from = Math.max(paragraph, offset - SPAN_WINDOW)
          collectSpanning(body.slice(from, nl), from, offset, lineNo, refs)
        }
      }
    }
    prev = line
    offset = nl + 1
  }
  return { h1, refs }
}

function collectRefs(line: string, offset: number, lineNo: number, refs: BodyRef[]): void {
  // Blank out inline code so a link shown as code is not rewritten; same length keeps offsets exact.
  const text = line.includes('`') ? line.replace(/(`+)[^`]*?\1/g, (m) => ' '.repeat(m.length)) : line
  for (const [re, image] of [[IMAGE, true], [LINK, false]] as const) {
    // Each pattern only where its marker is: most lines with a link have no image, and the reverse.
    if (!text.includes(image ? '![' : '](')) continue
    re.lastIndex = 0
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const raw = m[2]
      const rawStart = m.index + destinationAt(m, image)
      const bracketed = raw.startsWith('<')
      const target = bracketed ? raw.slice(1, -1) : raw
      const start = offset + rawStart + (bracketed ? 1 : 0)
      // A plain link to a local image file publishes that file too, so it is resolved like an image.
      const kind = image || IMAGE_FILE.test(target) ? 'image' : 'link'
      refs.push({ kind, target, alt: image ? m[1] : '', line: lineNo, start, end: start + target.length })
    }
  }
  const def = text.includes(']:') ? DEFINITION.exec(text) : null
  if (def) {
    const raw = def[1]
    const bracketed = raw.startsWith('<')
    const target = bracketed ? raw.slice(1, -1) : raw
    const start = offset + def[0].lastIndexOf(raw) + (bracketed ? 1 : 0)
    refs.push({ kind: 'link', target, alt: '', line: lineNo, start, end: start + target.length })
  }
  if (text.includes('href=')) for (const m of text.matchAll(HREF_ATTR)) {
    const target = m[1] ?? m[2] ?? ''
    const start = offset + (m.index ?? 0) + m[0].lastIndexOf(target)
    const kind = IMAGE_FILE.test(target) ? 'image' : 'link'
    refs.push({ kind, target, alt: '', line: lineNo, start, end: start + target.length })
  }
  // The alt may come after the src: it is looked for up to the end of the tag, the next `>` (found once for all the
  // tags before it) or `<`.
  let gt = -1
  if (text.includes('<img')) for (const m of text.matchAll(IMG_TAG)) {
    const target = m[1] ?? m[2] ?? ''
    const from = (m.index ?? 0) + m[0].length
    if (gt < from) {
      gt = text.indexOf('>', from)
      if (gt === -1) gt = text.length
    }
    const lt = text.indexOf('<', from)
    const alt = ALT_ATTR.exec(text.slice(m.index ?? 0, lt === -1 ? gt : Math.min(gt, lt)))
    const start = offset + (m.index ?? 0) + m[0].indexOf(target, m[0].search(/\bsrc\s*=/i))
    refs.push({ kind: 'image', target, alt: alt ? (alt[1] ?? alt[2] ?? '') : '', line: lineNo, start, end: start + target.length })
  }
}

/**
 * The links and images of a paragraph (`text`, starting at body offset `start`) whose text opens on an earlier line
 * and whose target is on the line at `lineStart` (line `lineNo`): the ones a line-by-line look cannot see.
 */
function collectSpanning(text: string, start: number, lineStart: number, lineNo: number, refs: BodyRef[]): void {
  const blanked = text.includes('`') ? text.replace(/(`+)[^`]*?\1/g, (m) => m.replace(/[^\n]/g, ' ')) : text
  for (const [re, image] of [[IMAGE, true], [LINK, false]] as const) {
    for (const m of blanked.matchAll(re)) {
      const at = start + (m.index ?? 0)
      const raw = m[2]
      const rawStart = at + destinationAt(m, image)
      if (at >= lineStart || rawStart < lineStart) continue
      const bracketed = raw.startsWith('<')
      const target = bracketed ? raw.slice(1, -1) : raw
      const from = rawStart + (bracketed ? 1 : 0)
      const kind = image || IMAGE_FILE.test(target) ? 'image' : 'link'
      refs.push({ kind, target, alt: image ? m[1] : '', line: lineNo, start: from, end: from + target.length })
    }
  }
}

/**
 * An ATX heading's text without its closing sequence (`# Title ##` → `Title `), found from the end: a regular
 * expression with a lazy group before an optional `\s+#+` backtracked over every run of spaces, so a heading with
 * half a megabyte of them took minutes (found by the Markdown fuzz run).
 * @example
 * withoutClosingHashes('Title ##  ') // 'Title '
 */
export function withoutClosingHashes(text: string): string {
  const trimmed = text.trimEnd()
  let i = trimmed.length
  while (i > 0 && trimmed.charCodeAt(i - 1) === 0x23) i--
  return i < trimmed.length && i > 0 && /\s/.test(trimmed[i - 1]) ? trimmed.slice(0, i) : text
}

/** Removes the common inline Markdown marks from a heading, leaving its text. */
export function stripInline(text: string): string {
  if (text.includes('<')) return headingText(text)
  return text
    // Link text holds no bracket: `[a [b](x)` is the text `[a ` and a link (as CommonMark reads it), and a heading of
    // ten thousand `[` is not read on to its end from each of them.
    .replace(/!?\[([^[\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*|_|~~)(?=\S)([^*_~]*?\S)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim()
}

const remark = unified().use(remarkParse)

/**
 * The text of a heading that may hold inline HTML, read by remark as CommonMark reads it: a tag is a whole tag (a `>`
 * inside a quoted attribute value does not end it), a `<` that starts no tag is text, entities are decoded.
 */
function headingText(text: string): string {
  const heading = remark.parse(`# ${text}`).children[0]
  return heading ? toString(heading, { includeHtml: false, includeImageAlt: false }).replace(/\s+/g, ' ').trim() : ''
}
