/**
 * What a check needs from a Markdown body, read the way a build stage's remark pipeline reads it: the links and images
 * written in Markdown, the raw HTML (read again with the HTML parser), the code that is shown verbatim, and the
 * top-level lines that MDX would take as `import`/`export`. Offsets are UTF-16 positions in the body.
 */
export interface MarkdownScan {
  /** Links (inline, reference and autolinks) and images, in source order. */
  refs: MarkdownRef[]
  /** Raw HTML: blocks and inline tags, in source order. */
  html: MarkdownHtml[]
  /** Code blocks and code spans as `[start, end)` offset pairs, in source order. */
  code: number[]
  /** Offsets of top-level paragraphs whose first line starts with `import` or `export`. */
  esm: number[]
}

/** A link or image written in Markdown syntax. */
export interface MarkdownRef {
  kind: 'link' | 'image'
  /** The destination as the build sees it (escapes and character references decoded). */
  url: string
  /** Offset of the opening `[`, `![` or `<`. */
  offset: number
  /** Images: whether the alternative text is empty or only whitespace. */
  noAlt?: boolean
}

/** A raw HTML node: its text as the build emits it and where it starts. */
export interface MarkdownHtml {
  offset: number
  value: string
  /** Whether it is an HTML block (else an inline tag inside a paragraph or heading). */
  block: boolean
  /**
   * Inline tags of one paragraph or heading share a number, so an element opened in one tag and closed in a later one
   * (`<code>…</code>`) is followed across them; each block has its own.
   */
  group: number
  /** Offset where the paragraph, heading or block ends. */
  groupEnd: number
}

/**
 * Whether a definition's label (as written, between the brackets) is a GFM footnote's: `^` then at least one
 * character and no whitespace (micromark-extension-gfm-footnote refuses spaces and line endings in one). CommonMark
 * alone reads `[^1]: 注释` as a link definition whose destination is the note's first word, and each `[^1]` as a
 * link to it; with footnotes (GFM, remark-gfm, markdown-it-footnote, VuePress) it is a note, never a link. Both readers
 * keep the line's CommonMark block structure but define no link by it, so references to it are text.
 * @example
 * isFootnoteLabel('^first') // true
 * isFootnoteLabel('^two words') // false: a link definition, also in GFM
 */
export function isFootnoteLabel(label: string): boolean {
  return label.length > 1 && label.charCodeAt(0) === 0x5e && !/[\t\n\r ]/.test(label)
}

/** Whether a line of a paragraph starts an MDX `import` or `export` statement (not a sentence that begins "import"). */
export function looksLikeEsm(line: string): boolean {
  return ESM.test(line)
}

// MDX takes `import`/`export` at the start of a top-level block as JavaScript. The statement shapes below are the
// ones JavaScript has; a sentence ("import the key first") has none of them.
const ESM =
  /^(?:import\s*(?:['"]|[\p{L}_$][\p{L}\p{N}_$]*\s*(?:,|from\b)|\{|\*\s*as\b)|export\s+(?:default\b|const\b|let\b|var\b|function\b|async\s+function\b|class\b|\{|\*))/u
