/** Markdown syntax found in the text of an HTML body, which a browser shows as written. */
export interface MarkdownLeak {
  offset: number
  /** What kind: `**bold**`, `## heading`, `[text](url)`, `![alt](src)` or "```". */
  name: string
}

// Each pattern is anchored where Markdown itself would read the syntax, so ordinary text does not match:
// `2**3`, `#1`, `a ** b`, `[sic]` and `[1]` are not Markdown.
const STRONG = /(?<![\p{L}\p{N}*\\])\*\*(?![\s*])[^*\n]{1,200}?(?<![\s*\\])\*\*(?![\p{L}\p{N}*])/gu
const HEADING = /(?:^|\n)[ \t]*(#{2,6})[ \t]+\S/g
const LINK = /(!?)\[([^[\]\n]{1,300})\]\(([^()\s]{1,2000})\)/g
const FENCE = /(?:^|\n)[ \t]*```/g

/**
 * Finds Markdown in the text ranges (`[start, end)` pairs, outside code and comments) of an HTML document: strong
 * emphasis, `##` headings at the start of a line, inline links and images, code fences.
 * @example
 * findMarkdownInHtml('<p>**Note**: see [docs](/docs/)</p>', [3, 31]).map((m) => m.name) // ['**bold**', '[text](url)']
 */
export function findMarkdownInHtml(html: string, texts: readonly number[]): MarkdownLeak[] {
  const leaks: MarkdownLeak[] = []
  // Each pattern needs its marker somewhere in the document: most documents have none, and their text is not read.
  const { strong, heading, link, fence } = markdownMarks(html)
  if (!(strong || heading || link || fence)) return leaks
  for (let i = 0; i < texts.length; i += 2) {
    const start = texts[i]
    const text = html.slice(start, texts[i + 1])
    if (strong && text.includes('**')) for (const m of text.matchAll(STRONG)) leaks.push({ offset: start + m.index, name: '**bold**' })
    if (heading && text.includes('##')) {
      for (const m of text.matchAll(HEADING)) {
        // A text range starts right after a tag: after a block's tag or `<br>` (`<p>## Heading`) that is a line start.
        if (m.index === 0 && m[0][0] !== '\n' && start > 0 && !afterBlockTag(html, start)) continue
        leaks.push({ offset: start + m.index + m[0].indexOf('#'), name: '## heading' })
      }
    }
    if (link && text.includes('](')) for (const m of text.matchAll(LINK)) leaks.push({ offset: start + m.index, name: m[1] ? '![alt](src)' : '[text](url)' })
    if (fence && text.includes('```')) for (const m of text.matchAll(FENCE)) leaks.push({ offset: start + m.index + m[0].indexOf('`'), name: '```' })
  }
  return leaks.sort((a, b) => a.offset - b.offset)
}

/** Whether an HTML document holds a mark `findMarkdownInHtml` looks for: without one, its text ranges are not needed. */
export function mayHaveMarkdownMarks(html: string): boolean {
  const { strong, heading, link, fence } = markdownMarks(html)
  return strong || heading || link || fence
}

/** The marks of each pattern `findMarkdownInHtml` looks for, and whether the document holds them: the one list of them. */
function markdownMarks(html: string): { strong: boolean; heading: boolean; link: boolean; fence: boolean } {
  return { strong: html.includes('**'), heading: html.includes('##'), link: html.includes(']('), fence: html.includes('```') }
}

const BLOCK_TAG = /^<\/?(?:p|div|li|ul|ol|h[1-6]|br|td|th|tr|blockquote|section|article|header|footer|aside|main|figure|figcaption|dd|dt|dl|hr|body|table)\b/i

/** Whether the tag that ends right before `start` starts or ends a block, or breaks a line. */
function afterBlockTag(html: string, start: number): boolean {
  const open = html.lastIndexOf('<', start - 1)
  return open !== -1 && BLOCK_TAG.test(html.slice(open, start))
}
