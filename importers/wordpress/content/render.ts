import { LIMITS } from '../limits.js'
import { classicAutop } from './autop.js'
import { excerptOfBlocks } from './block-excerpt.js'
import { hasBlocks, inlineReusableBlocks, stripBlockDelimiters } from './blocks.js'
import { capitalPContent } from './capital-p.js'
import { autoEmbed } from './embeds.js'
import { builderAutop, isBuilderLayout } from './page-builders.js'
import { proseText } from './prose.js'
import { renderCodeShortcodes, renderEmbedShortcodes, renderShortcodes, showsAttachments, texturizeBody } from './shortcodes.js'
import type { ShortcodeContext, ShortcodeStats } from './shortcodes.js'
import { renderSiteBlocks, usesSiteBlocks } from './site-blocks.js'
import type { SiteBlocks } from './site-blocks.js'

/** What rendering a body needs from the rest of the export, and where it counts what it did. */
export interface RenderEnv {
  reusableBlocks: ReadonlyMap<number, string>
  shortcodes(postId: number): ShortcodeContext
  stats: ShortcodeStats
  dynamicBlocks: Record<string, number>
  /** What page lists and navigations show; absent in an early render, which bodies with them never get. */
  siteBlocks?: SiteBlocks
}

/**
 * A rendered body: static HTML, the plain text before `<!--more-->` (when there is one), the excerpt WordPress would
 * derive when it is not the one the HTML gives (blocks its excerpt leaves out), unresolved block refs.
 */
export interface RenderedBody {
  html: string
  moreText?: string
  blockExcerpt?: string
  missingBlocks: number[]
}

/**
 * The environment of an early render (while the export is still being read): no reusable blocks and no
 * attachments yet, because bodies that need them render late. The same on the main thread and in the render worker.
 * @example
 * renderBody('Hello', 1, earlyRenderEnv({ rendered: {}, removed: {}, dropped: {}, kept: {}, missingAttachments: [] }, {})).html // '<p>Hello</p>\n'
 */
export function earlyRenderEnv(stats: ShortcodeStats, dynamicBlocks: Record<string, number>, options: { keepShortcodes?: boolean } = {}): RenderEnv {
  const keepShortcodes = options.keepShortcodes === true
  return {
    reusableBlocks: new Map(),
    shortcodes: (postId) => ({ postId, keepShortcodes, attachment: () => undefined, childAttachments: () => [] }),
    stats,
    dynamicBlocks,
  }
}

/**
 * Whether a body depends on items that may come later in the export (gallery attachments, reusable blocks, the pages
 * and navigations its page lists and navigation blocks show); such bodies are finished rendering after reading, every
 * other body is rendered as soon as it is read so its raw text is not held.
 */
export function rendersLate(raw: string): boolean {
  return showsAttachments(raw) || rendersRaw(raw)
}

/**
 * Whether a late body waits raw, rendered whole once the export is read: its reusable blocks, page lists or
 * navigations come before any other step.
 */
export function rendersRaw(raw: string): boolean {
  return hasBlocks(raw) && (raw.includes('wp:block ') || usesSiteBlocks(raw))
}

/**
 * Whether a body uses reusable blocks (`wp:block`), which are inlined before any other step; only block bodies do
 * (`renderBody` reads no block markup in a classic body).
 */
export function usesReusableBlocks(raw: string): boolean {
  return hasBlocks(raw) && raw.includes('wp:block ')
}

/**
 * Turns a WordPress body into static HTML in WordPress's own filter order: reusable blocks inlined, the pages of a
 * split body joined, `[embed]` and bare embeddable URLs (priority 8), `wpautop` for classic bodies only (block bodies
 * lose their delimiters instead), then the other shortcodes (priority 11).
 * @example
 * renderBody('Hello\n\nWorld', 1, env).html // '<p>Hello</p>\n<p>World</p>\n'
 */
export function renderBody(raw: string, postId: number, env: RenderEnv): RenderedBody {
  const body = renderUntilShortcodes(raw, postId, env)
  return { ...body, html: renderShortcodes(body.html, env.shortcodes(postId), env.stats) }
}

/**
 * `renderBody` up to its last step, the shortcodes (`renderShortcodes` is the rest): as far as a body whose galleries
 * show attachments that may come later in the export can be rendered when it is read.
 * @example
 * renderUntilShortcodes('[gallery]\n\nHi', 1, env).html // '[gallery]\n<p>Hi</p>\n'
 */
export function renderUntilShortcodes(raw: string, postId: number, env: RenderEnv): RenderedBody {
  let html = raw
  let missingBlocks: number[] = []
  // Block delimiters, <!--more--> and <!--nextpage--> are comments, which most classic bodies have none of: one
  // search instead of three (searches for a text starting with `<` are slow in HTML).
  const comments = html.includes('<!--')
  const blocks = comments && hasBlocks(html)
  if (blocks) {
    const inlined = inlineReusableBlocks(html, env.reusableBlocks)
    html = inlined.html
    missingBlocks = inlined.missing
    if (env.siteBlocks) html = renderSiteBlocks(html, env.siteBlocks, env.dynamicBlocks)
  }
  const more = comments ? html.indexOf('<!--more') : -1
  const excerpt = blocks ? excerptOfBlocks(raw) : undefined
  // The teaser as WordPress's automatic excerpt shows it (teaserText); the blocks' reading of it when it holds blocks
  // the excerpt leaves out (the same there).
  const moreText = more < 0 ? undefined : (excerpt?.moreText ?? teaserText(html.slice(0, more), blocks))
  if (more >= 0) html = withMoreAnchor(html, postId)
  // WordPress shows a body split by <!--nextpage--> one page at a time (each its own paragraphs); the page holds it
  // whole, its pages one after another (their old URLs redirect to it).
  if (comments && html.includes('<!--nextpage-->')) html = html.replace(/\n?<!--nextpage-->\n?/g, '\n\n')
  html = renderEmbedShortcodes(html, env.stats)
  html = renderCodeShortcodes(html, env.stats)
  const embedded = autoEmbed(html)
  html = embedded.html
  if (embedded.count) env.stats.rendered.autoembed = (env.stats.rendered.autoembed ?? 0) + embedded.count
  // wptexturize runs after the blocks are rendered (do_blocks, priority 9) and before wpautop and the shortcodes
  // (priority 11): the shortcodes' own output is not texturized, the text around and inside them is.
  if (blocks) {
    if (html.includes(SHORTCODE_BLOCK_END)) html = paragraphsInShortcodeBlocks(html)
    const stripped = stripBlockDelimiters(html)
    html = stripped.html.replace(/\n{3,}/g, '\n\n').trim()
    html = texturizeBody(html)
    for (const name of stripped.dynamic) env.dynamicBlocks[name] = (env.dynamicBlocks[name] ?? 0) + 1
  } else {
    html = paragraphs(texturizeBody(html))
  }
  // capital_P_dangit (priority 11) runs after them and before do_shortcode, added to the_content after it.
  html = capitalPContent(html)
  const blockExcerpt = !moreText ? excerpt?.derived : undefined
  return { html, ...(moreText !== undefined ? { moreText } : {}), ...(blockExcerpt !== undefined ? { blockExcerpt } : {}), missingBlocks }
}

/**
 * The text of a body's teaser (before `<!--more-->`) as WordPress's automatic excerpt reads it: wp_trim_excerpt runs
 * the_content on it, wptexturize, wpautop and capital_P_dangit in that order, so wpautop's paragraphs part the words a
 * block-level tag touches (`a<hr>Word` is `a Word`) and a `Wordpress` that starts a paragraph follows its `<p>` and
 * becomes `WordPress`. A block body's teaser gets no paragraphs here, though WordPress ran wpautop on it too
 * (excerpt_remove_blocks leaves the rendered blocks without delimiters, so do_blocks does not take wpautop off): each
 * block is its own element already, whose text the reading parts as wpautop's paragraphs would; loose text beside a
 * block-level tag inside one block (an HTML block's `a<hr>b`) is the exception, not read apart.
 */
function teaserText(teaser: string, blocks: boolean): string {
  const texturized = texturizeBody(teaser)
  return proseText(capitalPContent(blocks ? texturized : paragraphs(texturized)))
}

/** wpautop's paragraphs for a classic body: a page builder's layout by its own reading (`builderAutop`), else wpautop's. */
function paragraphs(html: string): string {
  return isBuilderLayout(html) ? builderAutop(html) : classicAutop(html)
}

/**
 * The body as WordPress shows it on the post's own page (`get_the_content`): its first `<!--more-->` becomes the
 * anchor `<span id="more-ID"></span>` that archive pages' "Continue reading" links point at (`/post/#more-ID`), and
 * with `<!--noteaser-->` the text before it is not shown; the More block's delimiters go with it.
 * @example
 * withMoreAnchor('Teaser\n<!--more Read on-->\nRest', 7) // 'Teaser\n<span id="more-7"></span>\nRest'
 */
export function withMoreAnchor(html: string, postId: number): string {
  const m = lineMatches(html, /<!--more/g, /<!--more(.*?)-->/y).next().value
  if (!m) return html
  let body = html
  if (html.includes('wp:more')) {
    body = ''
    let from = 0
    for (const d of lineMatches(html, /<!-- \/?wp:more/g, /<!-- \/?wp:more(.*?) -->/y)) {
      body += html.slice(from, d.index)
      from = d.index + d[0].length
    }
    body += html.slice(from)
  }
  const at = body.indexOf(m[0])
  const teaser = body.includes('<!--noteaser-->') ? '' : body.slice(0, at)
  return `${teaser}<span id="more-${postId}"></span>${body.slice(at + m[0].length)}`
}

/**
 * The matches of `whole` (sticky, a comment whose `.*?` stays on one line), tried where `start` (global) is found, in
 * text order. Once a start finds no end on its line, neither does a later start on that line, so the rest of the line
 * is not tried: tried at every start, a line of n `<!--more` without `-->` took time in the square of n (40,000: 12 s).
 */
function* lineMatches(text: string, start: RegExp, whole: RegExp): Generator<RegExpExecArray> {
  const lineEnd = /[\n\r\u2028\u2029]/g
  for (let s = start.exec(text); s !== null; s = start.exec(text)) {
    whole.lastIndex = s.index
    const m = whole.exec(text)
    if (m) {
      start.lastIndex = whole.lastIndex
      yield m
      continue
    }
    lineEnd.lastIndex = s.index
    start.lastIndex = lineEnd.exec(text) ? lineEnd.lastIndex : text.length
  }
}

const SHORTCODE_BLOCK_START = '<!-- wp:shortcode -->'
const SHORTCODE_BLOCK_END = '<!-- /wp:shortcode -->'

/**
 * The Shortcode block's text in paragraphs, as `render_block_core_shortcode` prints it (`wpautop`), its shortcodes
 * rendered afterwards with the rest; the block's delimiters stay for `stripBlockDelimiters`.
 * @example
 * paragraphsInShortcodeBlocks('<!-- wp:shortcode -->\n[x]Hi[/x]\n<!-- /wp:shortcode -->') // '<!-- wp:shortcode --><p>[x]Hi[/x]</p>\n<!-- /wp:shortcode -->'
 */
export function paragraphsInShortcodeBlocks(html: string): string {
  const pieces = html.split(SHORTCODE_BLOCK_END)
  for (let i = 0; i < pieces.length - 1; i++) {
    const start = pieces[i].lastIndexOf(SHORTCODE_BLOCK_START)
    if (start < 0) continue
    const from = start + SHORTCODE_BLOCK_START.length
    pieces[i] = pieces[i].slice(0, from) + classicAutop(pieces[i].slice(from))
  }
  return pieces.join(SHORTCODE_BLOCK_END)
}

/**
 * How many pages WordPress splits a body into: one more than its `<!--nextpage-->` markers, a marker at the very
 * start aside (`setup_postdata()` drops it), at most `LIMITS.maxBodyPages`. The marker is ASCII, so a body's UTF-8
 * bytes have as many as its text.
 */
export function bodyPages(raw: string | Buffer): number {
  const marker = '<!--nextpage-->'
  let pages = 1
  let at = raw.indexOf(marker)
  if (at === 0) at = raw.indexOf(marker, marker.length)
  while (at >= 0 && pages < LIMITS.maxBodyPages) {
    pages++
    at = raw.indexOf(marker, at + marker.length)
  }
  return pages
}
