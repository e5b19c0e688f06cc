/** Template syntax a static build prints as text: where it is, which family, and the name it is counted under. */
export interface TemplateTag {
  offset: number
  family: 'hugo' | 'liquid' | 'hexo' | 'wordpress' | 'mdx' | 'attributes' | 'mkdocs'
  /**
   * The tag as counted and reported: `{{< figure >}}`, `{% include %}`, `{{ site.baseurl }}`, `[caption]`, `<Tabs>`,
   * `!!! note`, `=== "…"`, `--8<--`.
   */
  name: string
  /** WordPress shortcodes recognized only by their shape (not a core name): less certain, so a warning. */
  byShape?: boolean
}

/** Core WordPress shortcodes: recognized by name alone. */
export const WORDPRESS_CORE_SHORTCODES = new Set(['caption', 'wp_caption', 'gallery', 'audio', 'video', 'playlist', 'embed'])

/**
 * Liquid blocks whose content Jekyll prints (or drops) verbatim: syntax inside them was never processed. Hexo's (and
 * Octopress') `codeblock`, alias `code`, holds code the same way.
 */
const LIQUID_VERBATIM = new Set(['raw', 'highlight', 'comment', 'codeblock', 'code'])
/**
 * Tags only Hexo (and its NexT theme) defines, on the Liquid-like Nunjucks syntax: named as Hexo's in messages. Tags
 * Jekyll plugins share (`img`, `gist`, `blockquote`, `youtube`…) keep Liquid's message; all count alike.
 */
const HEXO_TAGS = new Set(['asset_img', 'asset_link', 'asset_path', 'post_link', 'post_path', 'url_for', 'full_url_for', 'note', 'tabs', 'button', 'label', 'tab'])
/** Hugo's shortcode for highlighted code: its content is code, not template syntax. */
const HUGO_VERBATIM = new Set(['highlight'])

/** How far a tag may run past its opening before it is taken for text (Liquid and Hugo tags may span a few lines). */
const MAX_TAG_LENGTH = 1000

/**
 * Finds Hugo shortcodes (`{{< >}}`, `{{% %}}`), Liquid tags and output (`{% %}`, `{{ }}`) and WordPress shortcodes
 * (`[gallery]`, `[name attr="…"]`, `[name]…[/name]`) in `text`, skipping the `[start, end)` ranges in `masks`
 * (code, comments) and what Liquid `raw`/`highlight` and Hugo `highlight` blocks hold.
 *
 * Precision matters more than recall here: a report full of false alarms gets ignored. So `{{ .Title }}` (Go template
 * syntax, which Hugo does not run in content either), `[1]`, `[x]`, `[text](url)` and `[[gallery]]` (WordPress's
 * own escape) are not taken for tags.
 * @example
 * findTemplateTags('{{< figure src="a.png" >}} and {% include note.html %}', []).map((t) => t.name)
 * // ['{{< figure >}}', '{% include %}']
 */
export function findTemplateTags(text: string, masks: readonly number[], { markdown = false } = {}): TemplateTag[] {
  const tags: TemplateTag[] = []
  const masked = maskTest(masks)
  if (mayHaveBraceTags(text)) braceTags(text, masked, tags)
  if (mayHaveShortcodes(text)) wordpressTags(text, masked, tags)
  if (markdown && text.includes(':::')) admonitions(text, masked, tags)
  if (markdown && (text.includes('{:') || text.includes('{#'))) attributeLists(text, masked, tags)
  if (markdown && mayHavePymdown(text)) pymdownBlocks(text, masked, tags)
  return tags.sort((a, b) => a.offset - b.offset)
}

/** Whether `text` may hold a template tag at all: most bodies do not, and are not read further. */
export function mayHaveTemplateTags(text: string, { markdown = false } = {}): boolean {
  return mayHaveBraceTags(text) || mayHaveShortcodes(text) || (markdown && (text.includes(':::') || text.includes('{:') || text.includes('{#') || mayHavePymdown(text)))
}

// Python-Markdown and pymdown-extensions block syntax (MkDocs, Material for MkDocs), each a whole line at any
// indentation (the blocks nest by four spaces; what CommonMark reads as indented code is masked): admonitions
// (`!!! note "Title"`), collapsibles (`??? note`, `???+ note`), content tabs (`=== "Tab"`, `===! "Tab"`,
// `===+ "Tab"`), and snippets (`--8<-- "file.md"`, escaped `;--8<--`, and a `--8<--` line alone around a list of files).
const PYMDOWN_BLOCK = /^[ \t]*(?:(!!!|\?\?\?)\+?[ \t]*([\w-]+)(?:[ \t]+[\w-]+)*(?:[ \t]+"[^"\n]*")?|(===)[!+]{0,2}[ \t]+"[^\n]*"|;?(-+8<-+)(?:[ \t]+(["']?)[^"'\n]*\5)?)[ \t]*$/gm

function mayHavePymdown(text: string): boolean {
  return text.includes('!!!') || text.includes('???') || text.includes('===') || text.includes('8<-')
}

function pymdownBlocks(text: string, masked: (from: number, to: number) => boolean, tags: TemplateTag[]): void {
  for (const m of text.matchAll(PYMDOWN_BLOCK)) {
    const offset = m.index + m[0].length - m[0].trimStart().length
    if (masked(offset, m.index + m[0].length)) continue
    const name = m[1] ? `${m[1]} ${m[2].toLowerCase()}` : m[3] ? '=== "…"' : '--8<--'
    tags.push({ offset, family: 'mkdocs', name })
  }
}

// Attribute syntax of one generator's Markdown renderer: kramdown's (Jekyll) attribute lists on a line of their own
// (`{: .note}`, `{:toc}`), and heading ids (`## Title {#id}`: kramdown, Goldmark, Docusaurus).
const ATTRIBUTE_LINE = /^[ \t]{0,3}(\{:(?![:/])[^{}\n]*\})[ \t]*$/gm
const HEADING_ID = /^ {0,3}#{1,6}[ \t].*[ \t](\{#[A-Za-z][\w-]*\})[ \t]*$/gm

function attributeLists(text: string, masked: (from: number, to: number) => boolean, tags: TemplateTag[]): void {
  for (const [pattern, name] of [[ATTRIBUTE_LINE, '{: }'], [HEADING_ID, '{#id}']] as const) {
    for (const m of text.matchAll(pattern)) {
      const offset = m.index + m[0].lastIndexOf(m[1])
      if (!masked(offset, offset + m[1].length)) tags.push({ offset, family: 'attributes', name })
    }
  }
}

// Docusaurus (and remark-directive) admonitions: `:::note`, `:::tip[Title]`, and the closing `:::`, each on a line.
const ADMONITION = /^[ \t]{0,3}(:{3,})[ \t]*([A-Za-z][\w-]*)?(?=[\s[{]|$)/gm

function admonitions(text: string, masked: (from: number, to: number) => boolean, tags: TemplateTag[]): void {
  for (const m of text.matchAll(ADMONITION)) {
    const offset = m.index + m[0].indexOf(':')
    if (masked(offset, offset + m[0].length)) continue
    tags.push({ offset, family: 'mdx', name: m[2] ? `:::${m[2]}` : ':::' })
  }
}

function mayHaveBraceTags(text: string): boolean {
  return text.includes('{{') || text.includes('{%')
}

// A WordPress shortcode has a closing tag, a quoted attribute or a core name.
function mayHaveShortcodes(text: string): boolean {
  if (text.includes('[/') || ((text.includes('="') || text.includes("='")) && text.includes('['))) return true
  // Core names, looked for at each `[` (a regular expression over the whole text cost four times as much).
  for (let i = text.indexOf('['); i !== -1; i = text.indexOf('[', i + 1)) {
    const c = text.charCodeAt(i + 1)
    if ((c === 0x63 || c === 0x77 || c === 0x67 || c === 0x61 || c === 0x76 || c === 0x70 || c === 0x65) && CORE_AT.test(text.slice(i + 1, i + 12))) return true
  }
  return false
}

const CORE_AT = /^(?:caption|wp_caption|gallery|audio|video|playlist|embed)\b/

/** A test of whether `[from, to)` overlaps one of `masks`: sorted, non-overlapping `[start, end)` pairs. */
function maskTest(masks: readonly number[]): (from: number, to: number) => boolean {
  if (masks.length === 0) return () => false
  return (from, to) => {
    // The last range that starts before `to` is the only one that can overlap, the ranges being disjoint.
    let lo = 0
    let hi = masks.length / 2 - 1
    let found = -1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if (masks[2 * mid] < to) {
        found = mid
        lo = mid + 1
      } else hi = mid - 1
    }
    return found !== -1 && masks[2 * found + 1] > from
  }
}

function braceTags(text: string, masked: (from: number, to: number) => boolean, tags: TemplateTag[]): void {
  // Verbatim Liquid/Hugo blocks: from the end of their opening tag to the start of their closing one.
  let verbatimUntil = -1
  let verbatimClose = ''
  // Inside a Hugo inline shortcode (`{{< name.inline >}}…{{< /name.inline >}}`) Hugo ran Go template syntax.
  let inlineClose = ''
  let at = 0
  for (;;) {
    const i = text.indexOf('{', at)
    if (i === -1 || i + 1 >= text.length) return
    const next = text.charCodeAt(i + 1)
    if (next !== 0x7b && next !== 0x25) {
      at = i + 1
      continue
    }
    const tag = next === 0x25 ? liquidTag(text, i) : text.charCodeAt(i + 2) === 0x3c || text.charCodeAt(i + 2) === 0x25 ? hugoShortcode(text, i) : output(text, i, inlineClose !== '')
    if (tag === null || masked(i, tag.end)) {
      at = i + 2
      continue
    }
    at = tag.end
    if (verbatimUntil !== -1) {
      // Inside a verbatim block only its closing tag counts.
      if (tag.closes !== verbatimClose) continue
      verbatimUntil = -1
    } else if (tag.verbatim) {
      verbatimUntil = i
      verbatimClose = tag.verbatim
    }
    if (tag.inline) inlineClose = tag.inline
    else if (tag.closes !== undefined && tag.closes === inlineClose) inlineClose = ''
    tags.push({ offset: i, family: tag.family, name: tag.name })
  }
}

type BraceTag = { end: number; family: TemplateTag['family']; name: string; verbatim?: string; closes?: string; inline?: string }

/** `{% name … %}` at `i`. */
function liquidTag(text: string, i: number): BraceTag | null {
  const close = closer(text, i + 2, '%}')
  if (close === -1) return null
  const inner = text.slice(i + 2, close).replace(/^-/, '').trim()
  const name = /^[A-Za-z_][\w-]*/.exec(inner)?.[0]
  if (!name) return null
  const tag: BraceTag = { end: close + 2, family: HEXO_TAGS.has(name.replace(/^end/, '')) ? 'hexo' : 'liquid', name: `{% ${name} %}` }
  if (LIQUID_VERBATIM.has(name)) tag.verbatim = `end${name}`
  if (name.startsWith('end')) tag.closes = name
  return tag
}

/** `{{< name … >}}`, `{{% name … %}}`, their closing forms, and Hugo's escaped form (a comment inside the delimiters). */
function hugoShortcode(text: string, i: number): BraceTag | null {
  const delimiter = text[i + 2]
  const end = delimiter === '<' ? '>}}' : '%}}'
  const close = closer(text, i + 3, end)
  if (close === -1) return null
  let inner = text.slice(i + 3, close).trim()
  const escaped = inner.startsWith('/*') && inner.endsWith('*/')
  if (escaped) inner = inner.slice(2, -2).trim()
  const closing = inner.startsWith('/')
  const name = /^[\w./-]+/.exec(closing ? inner.slice(1).trim() : inner)?.[0]
  if (!name) return null
  const shown = delimiter === '<' ? `{{< ${name} >}}` : `{{% ${name} %}}`
  const tag: BraceTag = { end: close + end.length, family: 'hugo', name: shown }
  if (!escaped && !closing && HUGO_VERBATIM.has(name)) tag.verbatim = `/${name}`
  if (!escaped && !closing && name.endsWith('.inline')) tag.inline = `/${name}`
  if (!escaped && closing) tag.closes = `/${name}`
  return tag
}

/**
 * `{{ expression }}`: Liquid output, counted under its first variable (`{{ site.baseurl }}`). Go template syntax
 * (`{{ .Title }}`, `{{ $x }}`, `{{ if … }}`, comments) counts only inside a Hugo inline shortcode, where Hugo ran it:
 * elsewhere Hugo does not run it in content, so the old site printed it too. `={{ … }}` is a JSX attribute value
 * (`style={{ color: 'red' }}`) printed as text.
 */
function output(text: string, i: number, inHugoInline: boolean): BraceTag | null {
  if (text.charCodeAt(i + 2) === 0x7b) return null
  const close = closer(text, i + 2, '}}')
  if (close === -1) return null
  const inner = text.slice(i + 2, close).replace(/^-/, '').replace(/-$/, '').trim()
  if (inner === '' || inner.startsWith('/*')) return null
  const go = /^[.$]|^(?:if|else|end|range|with|define|block|template|partial|return)\b/.exec(inner)
  if (go) return inHugoInline ? { end: close + 2, family: 'hugo', name: `{{ ${/^[.$]?[\w.]*/.exec(inner)?.[0] || go[0]} }}` } : null
  if (i > 0 && text[i - 1] === '=') return { end: close + 2, family: 'mdx', name: '={{ }}' }
  // The first name outside string literals: `{{ "/x" | relative_url }}` is counted under relative_url.
  const name = /[A-Za-z_][\w.-]*/.exec(inner.replace(/"[^"]*"|'[^']*'/g, ' '))?.[0]
  if (!name) return null
  return { end: close + 2, family: 'liquid', name: `{{ ${name} }}` }
}

/** The offset of `end` closing a tag opened before `from`: within MAX_TAG_LENGTH, no blank line, no new opening. */
function closer(text: string, from: number, end: string): number {
  const close = text.indexOf(end, from)
  if (close === -1 || close - from > MAX_TAG_LENGTH) return -1
  const between = text.slice(from, close)
  if (between.includes('{{') || between.includes('{%') || /\n[ \t]*\n/.test(between)) return -1
  return close
}

// `[name`, `[/name`, then a space, `]` or `/`: the start of a WordPress shortcode tag.
const SHORTCODE_START = /\[(\/?)([A-Za-z][\w-]*)(?=[\s\]/])/y
const QUOTED_ATTRIBUTE = /(?:^|\s)[\w-]+\s*=\s*(?:"[^"]*"|'[^']*')/

function wordpressTags(text: string, masked: (from: number, to: number) => boolean, tags: TemplateTag[]): void {
  const found: { offset: number; end: number; name: string; closing: boolean; attributes: string }[] = []
  // The first `]` at or after a tag's start, looked for once for all the tags before it: looking from each tag
  // again took time growing with the square of the text's length when it has many `[name` and no `]` after them.
  let close = -1
  let closesLeft = true
  // Each `[` is tried in place: a scan of the whole text by the expression cost three times as much as looking for `[`.
  for (let i = text.indexOf('['); i !== -1; i = text.indexOf('[', i + 1)) {
    SHORTCODE_START.lastIndex = i
    const m = SHORTCODE_START.exec(text)
    if (m === null) continue
    // `[[gallery]]` is WordPress's escape for a literal tag; `[text](url)`, `[x][y]` and `[x]: url` are Markdown.
    if (i > 0 && text[i - 1] === '[') continue
    if (close < i && closesLeft) {
      close = text.indexOf(']', i)
      closesLeft = close !== -1
    }
    // Code samples hold most brackets (`a[i]`): what is masked is passed over first.
    if (close === -1 || close - i > 500 || masked(i, close + 1)) continue
    // A tag stays on one line (the name before the attributes holds no line break).
    const attributes = text.slice(i + m[0].length, close)
    if (attributes.includes('\n') || attributes.includes('[')) continue
    const after = text[close + 1]
    if (after === '(' || after === '[' || after === ':' || (after === ']' && text[i - 1] === '[')) continue
    found.push({ offset: i, end: close + 1, name: m[2].toLowerCase(), closing: m[1] === '/', attributes })
  }
  // Other names count only in a shortcode's shape: a quoted attribute (`[button url="…"]`), a self-closing `/]`, or
  // an opening tag whose closing tag `[/name]` comes later (and that closing tag); a lone `[note]` or `[1]` is text.
  const firstOpening = new Map<string, number>()
  const lastClosing = new Map<string, number>()
  for (const f of found) {
    if (f.closing) lastClosing.set(f.name, f.offset)
    else if (!firstOpening.has(f.name)) firstOpening.set(f.name, f.offset)
  }
  for (const f of found) {
    const core = WORDPRESS_CORE_SHORTCODES.has(f.name)
    const shaped = f.closing
      ? (firstOpening.get(f.name) ?? Infinity) < f.offset
      : QUOTED_ATTRIBUTE.test(f.attributes) || /\/\s*$/.test(f.attributes) || (lastClosing.get(f.name) ?? -1) > f.offset
    if (!core && !shaped) continue
    tags.push({ offset: f.offset, family: 'wordpress', name: `[${f.name}]`, ...(core ? {} : { byShape: true }) })
  }
}
