/** Escapes text for an HTML attribute value or element content. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'))
}

/** `escapeHtml`, and braces too: for HTML that MDX or Vue reads again, where `{` would open an expression. */
export function escapeHtmlAndBraces(text: string): string {
  return escapeHtml(text).replace(/[{}]/g, (c) => (c === '{' ? '&#123;' : '&#125;'))
}

/** ` name="value"` pairs for the attributes that have a value; `true` writes a bare attribute. */
export function attrs(list: Array<[string, string | boolean | undefined]>): string {
  let out = ''
  for (const [name, value] of list) {
    if (value === undefined || value === false) continue
    out += value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`
  }
  return out
}

const UNSAFE_SCHEME = /^\s*(?:javascript|vbscript|data|file):/i

/** A URL fit for a generated `href` or `src`: script and data schemes are refused (undefined). */
export function safeUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined
  // Browsers ignore tabs and newlines inside a scheme (`java\nscript:`), so they are removed before the check.
  const squeezed = url.replace(/[\t\n\r]/g, '')
  return UNSAFE_SCHEME.test(squeezed) || /[\u0000-\u001f]/.test(squeezed) ? undefined : squeezed.trim()
}

/** The longest run of backticks in `code`. */
function longestTicks(code: string): number {
  let longest = 0
  let run = 0
  for (let i = 0; i < code.length; i++) {
    if (code.charCodeAt(i) === 96) longest = Math.max(longest, ++run)
    else run = 0
  }
  return longest
}

/** A code fence longer than any run of the fence character inside `code`. */
export function fenceFor(code: string): string {
  return '`'.repeat(Math.max(3, longestTicks(code) + 1))
}

/** A fenced code block for `code` (blank lines around it dropped); `indent` goes before the closing fence. */
export function codeBlock(code: string, lang: string, indent = ''): string {
  const fence = fenceFor(code)
  const body = trimBlankLines(code)
  return `${fence}${lang.replace(/[`\s]/g, '')}\n${body}\n${indent}${fence}`
}

/** An inline code span for `code`. */
export function codeSpan(code: string): string {
  const ticks = '`'.repeat(longestTicks(code) + 1)
  const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : ''
  return `${ticks}${pad}${code}${pad}${ticks}`
}

/** `text` without its leading blank lines and trailing white space (loops, not regular expressions: linear on any
 *  input). The first line's own indentation is kept: in code it is meaningful. */
export function trimBlankLines(text: string): string {
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '\n') start = i + 1
    else if (c !== ' ' && c !== '\t' && c !== '\r') break
  }
  let end = text.length
  while (end > start && /\s/.test(text[end - 1])) end--
  return text.slice(start, end)
}

/** Whether a URL or path names an image file by its extension (query and fragment ignored). */
export function isImagePath(url: string): boolean {
  let end = url.length
  for (const c of ['?', '#']) {
    const i = url.indexOf(c)
    if (i !== -1 && i < end) end = i
  }
  return /\.(?:png|jpe?g|gif|webp|avif|svg|bmp|ico|tiff?)$/i.test(url.slice(Math.max(0, end - 6), end))
}

/**
 * A short text with Markdown's inline marks (`**strong**`, `*em*`, `` `code` ``) as HTML, everything else escaped:
 * for titles and captions that land inside HTML, where Markdown is not read. Raw HTML is escaped, as Hugo's and
 * Docusaurus' defaults leave it out of such text.
 */
export function inlineMarkup(text: string): string {
  const escaped = escapeHtml(text.trim())
  if (escaped.length > 500) return escaped
  return escaped
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(?<![*\w])[*_]([^*_]+)[*_](?![*\w])/g, '<em>$1</em>')
}
