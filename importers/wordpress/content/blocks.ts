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

/** `html.replace(DELIMITER, replacer)` in linear time. */
function replaceDelimiters(html: string, replacer: DelimiterReplacer): string {
  const end = lastAttributesEnd(html, false)
  const inTail: DelimiterReplacer = (match, closer, name, json, selfClosing, index) => replacer(match, closer, name, json, selfClosing, end + index)
  return html.slice(0, end).replace(DELIMITER, replacer) + html.slice(end).replace(DELIMITER_WITHOUT_ATTRIBUTES, inTail)
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
  replaceDelimiters(html, (match, closer, fullName, json, selfClosing, index) => {
    const name = fullName.startsWith('core/') ? fullName.slice(5) : fullName
    const kind = closer ? 'close' : selfClosing ? 'void' : 'open'
    tokens.push({ kind, name, attrs: blockAttributes(json), index, end: index + match.length })
    return match
  })
  return tokens
}
