import { LIMITS } from '../limits.js'
import { escapeAttribute } from './html.js'

// WordPress's own block delimiter grammar (wp-includes/class-wp-block-parser.php): `<!-- wp:ns/name {json} /-->`.
// Attribute JSON never contains `}` followed by whitespace and `-->`, because WordPress escapes `--`, `<` and `>`.
const DELIMITER = /<!--\s+(\/)?wp:((?:[a-z][a-z0-9_-]*\/)?[a-z][a-z0-9_-]*)\s+(\{[\s\S]*?\}\s+)?(\/)?-->/g
// The same past the last end of attributes, where none can match: `()?` never captures, so `json` is undefined.
const DELIMITER_WITHOUT_ATTRIBUTES = /<!--\s+(\/)?wp:((?:[a-z][a-z0-9_-]*\/)?[a-z][a-z0-9_-]*)\s+()?(\/)?-->/g

/**
 * Where the last `}`, blanks and `-->` (`/-->` when `selfClosing`) ends, or 0: no delimiter with attributes lies past
 * it. There the lazy attributes of the expressions above read on to the end from every `<!-- wp:x {` (quadratic:
 * a body of `<!-- wp:a { }` repeated to 1 MB took 28 s).
 */
function lastAttributesEnd(html: string, selfClosing: boolean): number {
  let end = 0
  for (const m of html.matchAll(selfClosing ? /\}\s+\/-->/g : /\}\s+\/?-->/g)) end = m.index + m[0].length
  return end
}

type DelimiterReplacer = (match: string, closer: string | undefined, name: string, json: string | undefined, selfClosing: string | undefined, index: number) => string
type DelimiterVisitor = (match: string, closer: string | undefined, name: string, json: string | undefined, selfClosing: string | undefined, index: number) => void

/** `html.replace(DELIMITER, replacer)` in linear time. */
function replaceDelimiters(html: string, replacer: DelimiterReplacer): string {
  const end = lastAttributesEnd(html, false)
  const inTail: DelimiterReplacer = (match, closer, name, json, selfClosing, index) => replacer(match, closer, name, json, selfClosing, end + index)
  return html.slice(0, end).replace(DELIMITER, replacer) + html.slice(end).replace(DELIMITER_WITHOUT_ATTRIBUTES, inTail)
}

/**
 * Calls `visit` with each block delimiter of `html` in order, as `replaceDelimiters` would, without building the
 * replaced text: for readers that only walk the delimiters.
 */
function eachDelimiter(html: string, visit: DelimiterVisitor): void {
  const end = lastAttributesEnd(html, false)
  const head = new RegExp(DELIMITER)
  const tail = new RegExp(DELIMITER_WITHOUT_ATTRIBUTES)
  const inHead = html.slice(0, end)
  for (let m = head.exec(inHead); m; m = head.exec(inHead)) visit(m[0], m[1], m[2], m[3], m[4], m.index)
  tail.lastIndex = end
  for (let m = tail.exec(html); m; m = tail.exec(html)) visit(m[0], m[1], m[2], m[3], m[4], m.index)
}

/** Whether a body is block-editor markup (it then skips `wpautop`, exactly as WordPress does). */
export function hasBlocks(html: string): boolean {
  return html.includes('<!-- wp:')
}

/** The parsed attributes of a block delimiter, or `{}` when the JSON is absent or broken. */
export function blockAttributes(json: string | undefined): Record<string, unknown> {
  if (!json) return {}
  try {
    const v: unknown = JSON.parse(json)
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/**
 * Replaces reusable-block references (`<!-- wp:block {"ref":12} /-->`) with the body of their `wp_block` item,
 * recursively up to a fixed depth; references that do not resolve are removed and returned in `missing`.
 * @example
 * inlineReusableBlocks('<!-- wp:block {"ref":7} /-->', new Map([[7, '<p>Hi</p>']])).html // '<p>Hi</p>'
 */
export function inlineReusableBlocks(html: string, blocks: ReadonlyMap<number, string>, depth = 0): { html: string; missing: number[] } {
  const missing: number[] = []
  if (!html.includes('wp:block ')) return { html, missing }
  const end = lastAttributesEnd(html, true)
  const out = html.slice(0, end).replace(/<!--\s+wp:block\s+(\{[\s\S]*?\})\s+\/-->/g, (_m, json: string) => {
    const ref = Number(blockAttributes(json).ref)
    const body = Number.isInteger(ref) ? blocks.get(ref) : undefined
    if (body === undefined || depth >= LIMITS.maxReusableBlockDepth) {
      missing.push(ref)
      return ''
    }
    const inner = inlineReusableBlocks(body, blocks, depth + 1)
    for (const m of inner.missing) missing.push(m)
    return inner.html
  })
  return { html: out + html.slice(end), missing }
}

// Blocks whose delimiter is self-closing but that render static output elsewhere, or nothing by design.
const STATIC_VOID_BLOCKS = new Set(['more', 'nextpage', 'block', 'separator', 'spacer'])

/**
 * Removes block delimiters (HTML comments themes never need), keeping the static HTML between them. Self-closing
 * dynamic blocks (`latest-posts`, `archives`…) render only on a live WordPress, so they are counted in `dynamic`.
 * @example
 * stripBlockDelimiters('<!-- wp:paragraph -->\n<p>Hi</p>\n<!-- /wp:paragraph -->').html // '\n<p>Hi</p>\n'
 */
export function stripBlockDelimiters(html: string): { html: string; dynamic: string[] } {
  // Only a self-closing delimiter (`/-->`) can render something or be counted: without one, each simply goes.
  if (!html.includes('/-->')) return { html: replaceDelimiters(html, () => ''), dynamic: [] }
  const dynamic: string[] = []
  let newTab = false
  const strip: DelimiterReplacer = (_m, closer, name, json, selfClosing) => {
    const short = name.startsWith('core/') ? name.slice(5) : name
    if (short === 'social-links' && !closer) newTab = blockAttributes(json).openInNewTab === true
    if (short === 'social-link' && selfClosing) return socialLink(blockAttributes(json), newTab)
    if (selfClosing && !STATIC_VOID_BLOCKS.has(short)) dynamic.push(short)
    return ''
  }
  return { html: replaceDelimiters(html, strip), dynamic }
}

// The names WordPress gives social services whose name is not their slug capitalized (block_core_social_link_services).
const SERVICE_NAMES: Readonly<Record<string, string>> = {
  chain: 'Link', codepen: 'CodePen', deviantart: 'DeviantArt', feed: 'RSS Feed', github: 'GitHub', lastfm: 'Last.fm',
  linkedin: 'LinkedIn', sharethis: 'Share Icon', tiktok: 'TikTok', vk: 'VK', whatsapp: 'WhatsApp', wordpress: 'WordPress', youtube: 'YouTube',
}

/**
 * A social link as `render_block_core_social_link` renders it, less its icon: a list item with a link labelled by its
 * `label` or the service's name (an e-mail address gets `mailto:`, a URL without a scheme `https://`); nothing when
 * it has no URL, or one that is no web or mail link or does not parse (WordPress would link `#` as `https://#`).
 * @example
 * socialLink({ service: 'mastodon', url: 'https://mastodon.example/@a' }, false)
 * // '<li class="wp-social-link wp-social-link-mastodon"><a href="https://mastodon.example/@a" class="wp-block-social-link-anchor">Mastodon</a></li>'
 */
export function socialLink(attrs: Record<string, unknown>, newTab: boolean): string {
  const service = typeof attrs.service === 'string' && /^[a-z0-9-]+$/.test(attrs.service) ? attrs.service : 'chain'
  let url = typeof attrs.url === 'string' ? attrs.url.trim() : ''
  if (url === '') return ''
  // The lookahead first checks the domain's characters: without it, a long domain ending in `@` was split at each dot.
  if (/^[^@\s/:]+@(?=[^@\s/:]*$)[^@\s/:]+\.[^@\s/:]+$/.test(url)) url = `mailto:${url}`
  else if (!/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//')) url = `https://${url}`
  if (!/^(?:https?:|mailto:|\/\/)/i.test(url) || !URL.canParse(url.startsWith('//') ? `https:${url}` : url)) return ''
  const label = typeof attrs.label === 'string' && attrs.label.trim() !== '' ? attrs.label : (SERVICE_NAMES[service] ?? service.charAt(0).toUpperCase() + service.slice(1))
  const target = newTab ? ' rel="noopener nofollow" target="_blank"' : ''
  return `<li class="wp-social-link wp-social-link-${service}"><a href="${escapeAttribute(url)}"${target} class="wp-block-social-link-anchor">${escapeText(label)}</a></li>`
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** One block delimiter token, for readers that walk block trees (navigation menus). */
export type BlockToken = { kind: 'open' | 'close' | 'void'; name: string; attrs: Record<string, unknown>; index: number; end: number }

/**
 * Tokenizes block delimiters in order, names without the `core/` prefix.
 * @example
 * blockTokens('<!-- wp:home-link /-->')[0].name // 'home-link'
 */
export function blockTokens(html: string): BlockToken[] {
  const tokens: BlockToken[] = []
  eachDelimiter(html, (match, closer, fullName, json, selfClosing, index) => {
    const name = fullName.startsWith('core/') ? fullName.slice(5) : fullName
    const kind = closer ? 'close' : selfClosing ? 'void' : 'open'
    tokens.push({ kind, name, attrs: blockAttributes(json), index, end: index + match.length })
  })
  return tokens
}

// The blocks WordPress's automatic excerpt reads (excerpt_remove_blocks, WordPress 5.0 to 6.x): these, without inner
// blocks or with inner ones of this list only, and the inner blocks of the wrappers. `null`, text between blocks, is
// `''` here. One more than WordPress lists: since 6.1 a list holds list-item blocks, which are not on its list, so it
// leaves every list out (gutenberg#46167, open since 2022, with core patches that add `list-item`, as this does).
const EXCERPT_INNER_BLOCKS = new Set(['', 'freeform', 'heading', 'html', 'list', 'list-item', 'media-text', 'paragraph', 'preformatted', 'pullquote', 'quote', 'table', 'verse'])
const EXCERPT_WRAPPER_BLOCKS = new Set(['columns', 'column', 'group'])

type BlockNode = { name: string; start: number; end: number; children: BlockNode[] }

/**
 * The part of a block body WordPress's automatic excerpt is made from (`excerpt_remove_blocks`): the text between
 * blocks and the blocks on its list, the inner blocks of groups and columns without the wrappers' own markup, and
 * nothing of any other block (images, buttons, code, details, covers, embeds, reusable blocks, plugins' blocks).
 * Undefined when that is the whole body, or when its delimiters do not nest (WordPress's parser then reads it its
 * own way; the whole body is the closer guess). Linear: one pass over the delimiters.
 * @example
 * excerptBlocks('<!-- wp:code -->\n<pre>x</pre>\n<!-- /wp:code -->\n<!-- wp:paragraph -->\n<p>Hi</p>\n<!-- /wp:paragraph -->')
 * // '\n<!-- wp:paragraph -->\n<p>Hi</p>\n<!-- /wp:paragraph -->'
 */
export function excerptBlocks(html: string): string | undefined {
  const read = excerptRead(html, false)
  return read === undefined || read.whole ? undefined : read.kept
}

/**
 * `excerptBlocks` of the head of a body, cut anywhere: what it keeps up to the end of its last whole top-level block,
 * and whether that is all of the head up to there. Undefined when its delimiters do not nest.
 */
export function excerptBlocksOfHead(head: string): { kept: string; whole: boolean } | undefined {
  return excerptRead(head, true)
}

function excerptRead(html: string, cut: boolean): { kept: string; whole: boolean } | undefined {
  const tree = blockTree(html, cut)
  if (tree === undefined) return undefined
  const kept: string[] = []
  let from = 0
  let whole = true
  for (const block of tree.top) {
    kept.push(html.slice(from, block.start))
    from = block.end
    const part = excerptPart(html, block)
    if (part === undefined) whole = false
    else {
      kept.push(part)
      if (part.length !== block.end - block.start) whole = false
    }
  }
  // A cut head ends with its last whole block: what follows may be the start of a tag or a block.
  if (!cut) kept.push(html.slice(from))
  return { kept: kept.join(''), whole }
}

/** A top-level block as the excerpt has it: whole, its wrapped blocks only, or undefined (left out). */
function excerptPart(html: string, block: BlockNode): string | undefined {
  const allowed = EXCERPT_INNER_BLOCKS.has(block.name) || EXCERPT_WRAPPER_BLOCKS.has(block.name)
  if (!allowed) return undefined
  if (block.children.length === 0) return html.slice(block.start, block.end)
  if (EXCERPT_WRAPPER_BLOCKS.has(block.name)) return wrappedBlocks(html, block)
  const plain = block.children.every((c) => EXCERPT_INNER_BLOCKS.has(c.name) && c.children.length === 0)
  return plain ? html.slice(block.start, block.end) : undefined
}

/** The blocks inside a wrapper that the excerpt reads, each whole or, when it has inner blocks, its own wrapped ones. */
function wrappedBlocks(html: string, wrapper: BlockNode): string {
  let out = ''
  for (const c of wrapper.children) {
    if (!EXCERPT_INNER_BLOCKS.has(c.name) && !EXCERPT_WRAPPER_BLOCKS.has(c.name)) continue
    out += c.children.length === 0 ? html.slice(c.start, c.end) : wrappedBlocks(html, c)
  }
  return out
}

/**
 * The top-level blocks of a body with their inner blocks, or undefined when a delimiter closes no open block, or one
 * stays open (in a `cut` head, the top-level block left open is left out instead).
 */
function blockTree(html: string, cut: boolean): { top: BlockNode[] } | undefined {
  const top: BlockNode[] = []
  const open: BlockNode[] = []
  let broken = false
  eachDelimiter(html, (match, closer, fullName, _json, selfClosing, index) => {
    const name = fullName.startsWith('core/') ? fullName.slice(5) : fullName
    if (closer) {
      const node = open.pop()
      if (node === undefined || node.name !== name) broken = true
      else node.end = index + match.length
    } else {
      const node: BlockNode = { name, start: index, end: index + match.length, children: [] }
      ;(open.length ? open[open.length - 1].children : top).push(node)
      if (!selfClosing) open.push(node)
    }
  })
  if (broken || (open.length > 0 && !cut)) return undefined
  if (open.length > 0) top.pop()
  return { top }
}
