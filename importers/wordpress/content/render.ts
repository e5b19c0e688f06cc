import { LIMITS } from '../limits.js'
import { classicAutop } from './autop.js'
import { excerptBlocks, excerptBlocksOfHead, hasBlocks, inlineReusableBlocks, stripBlockDelimiters } from './blocks.js'
import { cutExcerpt, deriveExcerpt } from './excerpt.js'
import { autoEmbed } from './embeds.js'
import { htmlToText, withoutMedia } from './html.js'
import { builderAutop, isBuilderLayout } from './page-builders.js'
import { renderCodeShortcodes, renderEmbedShortcodes, renderShortcodes, showsAttachments } from './shortcodes.js'
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
  let moreText = more >= 0 ? proseText(html.slice(0, more)) : undefined
  const excerpt = blocks ? excerptOfBlocks(raw) : undefined
  if (excerpt?.moreText !== undefined && moreText !== undefined) moreText = excerpt.moreText
  if (more >= 0) html = withMoreAnchor(html, postId)
  // WordPress shows a body split by <!--nextpage--> one page at a time (each its own paragraphs); the page holds it
  // whole, its pages one after another (their old URLs redirect to it).
  if (comments && html.includes('<!--nextpage-->')) html = html.replace(/\n?<!--nextpage-->\n?/g, '\n\n')
  html = renderEmbedShortcodes(html, env.stats)
  html = renderCodeShortcodes(html, env.stats)
  const embedded = autoEmbed(html)
  html = embedded.html
  if (embedded.count) env.stats.rendered.autoembed = (env.stats.rendered.autoembed ?? 0) + embedded.count
  if (blocks) {
    if (html.includes(SHORTCODE_BLOCK_END)) html = paragraphsInShortcodeBlocks(html)
    const stripped = stripBlockDelimiters(html)
    html = stripped.html.replace(/\n{3,}/g, '\n\n').trim()
    for (const name of stripped.dynamic) env.dynamicBlocks[name] = (env.dynamicBlocks[name] ?? 0) + 1
  } else html = isBuilderLayout(html) ? builderAutop(html) : classicAutop(html)
  const blockExcerpt = !moreText ? excerpt?.derived : undefined
  return { html, ...(moreText !== undefined ? { moreText } : {}), ...(blockExcerpt !== undefined ? { blockExcerpt } : {}), missingBlocks }
}

// The start of the More block's opener, tried only where a comment starts.
const MORE_BLOCK_START = /<!--\s+wp:(?:core\/)?more\b/y
// UTF-16 units of a body read for its excerpt first; the whole body only when they hold no whole excerpt.
const EXCERPT_HEAD = 2000

/**
 * What WordPress's automatic excerpt reads of a block body when its blocks are not all prose: the teaser before
 * `<!--more-->` (get_the_content) less the blocks `excerpt_remove_blocks` leaves out, as plain text, or the excerpt
 * derived from what it keeps. Undefined when the excerpt reads the body as it is. A long body is read for it up to
 * where its first 55 words are found.
 */
function excerptOfBlocks(raw: string): { moreText?: string; derived?: string } | undefined {
  const more = raw.indexOf('<!--more')
  if (more < 0) return derivedOfBlocks(raw)
  const kept = excerptBlocks(withoutMoreBlockOpener(raw.slice(0, more)))
  if (kept === undefined) return undefined
  const moreText = proseText(kept)
  // A teaser with no text in it (a code block, an image): the excerpt comes from the whole body, as without one.
  return moreText !== '' ? { moreText } : { moreText, ...derivedOfBlocks(raw) }
}

/**
 * A teaser without the More block's opener (`<!-- wp:more -->`) that ends it, with the blanks after it; the teaser as
 * it is when it does not end in one. The opener is the earliest More block start after the teaser's last `>` but
 * one, so each character is read a bounded number of times, however many openers a hostile teaser holds.
 * @example
 * withoutMoreBlockOpener('<p>Hi</p>\n<!-- wp:more -->\n') // '<p>Hi</p>\n'
 */
export function withoutMoreBlockOpener(teaser: string): string {
  const end = teaser.trimEnd().length
  if (!teaser.startsWith('-->', end - 3)) return teaser
  // The opener holds no `>` but its last, so it starts after the one before.
  let at = teaser.lastIndexOf('>', end - 2) + 1
  for (at = teaser.indexOf('<!--', at); at >= 0 && at < end; at = teaser.indexOf('<!--', at + 4)) {
    MORE_BLOCK_START.lastIndex = at
    if (MORE_BLOCK_START.test(teaser)) return teaser.slice(0, at)
  }
  return teaser
}

/** How many words `html` has outside its tags and comments, counted up to `most`. */
function wordsOutsideTags(html: string, most: number): number {
  let words = 0
  let inWord = false
  for (let i = 0; i < html.length && words < most; i++) {
    const c = html.charCodeAt(i)
    if (c === 60 /* < */) {
      const end = html.indexOf('>', i)
      if (end < 0) break
      i = end
      inWord = false
    } else if (c <= 32) inWord = false
    else if (!inWord) {
      inWord = true
      words++
    }
  }
  return words
}

/** `excerptOfBlocks` of a body read whole: the excerpt derived from the blocks it keeps, when they are not all of it. */
function derivedOfBlocks(raw: string): { derived: string } | undefined {
  if (raw.length > EXCERPT_HEAD) {
    const head = excerptBlocksOfHead(raw.slice(0, EXCERPT_HEAD))
    // A head of prose blocks only, with twice an excerpt's words outside tags, holds the excerpt the HTML gives.
    if (head?.whole && wordsOutsideTags(head.kept, 2 * LIMITS.excerptWords) >= 2 * LIMITS.excerptWords) return undefined
    const derived = head === undefined ? undefined : cutExcerpt(head.kept)
    if (head !== undefined && derived !== undefined) return head.whole ? undefined : { derived }
  }
  const kept = excerptBlocks(raw)
  return kept === undefined ? undefined : { derived: deriveExcerpt(kept) }
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
 * The plain text of a body's prose, as WordPress builds an excerpt from it: media shortcodes removed with their
 * content (captions, galleries, embeds), other shortcode tags removed, then media elements and tags.
 * @example
 * proseText('[caption]<img src="a.jpg" /> A cat[/caption] Hello') // 'Hello'
 */
export function proseText(html: string): string {
  // A media shortcode ends with `]`, so none lies past the last one; there, `[gallery ` read on to the end (quadratic).
  const end = html.lastIndexOf(']') + 1
  let bare = html.includes('[') ? withoutMediaShortcodes(html.slice(0, end)) + html.slice(end) : html
  // Footnotes (see renderFootnotes and withFootnotes) are not prose either: WordPress's excerpt strips their shortcode
  // with its content, and the footnotes block's references and list (excerpt_remove_footnotes).
  if (bare.includes('footnote') || bare.includes('data-fn=')) bare = withoutFootnotes(bare)
  // Nor are page lists, navigations and post lists (renderSiteBlocks), which excerpt_remove_blocks leaves out.
  if (bare.includes('<nav class="wp-block-navigation"') || bare.includes('<ul class="wp-block-')) bare = withoutSiteBlocks(bare)
  return htmlToText(withoutMedia(stripShortcodeTags(bare)))
}

// Shortcodes whose output is media, not prose: `strip_shortcodes` removes them with their content (a caption's text).
const MEDIA_SHORTCODE = /\[(caption|wp_caption|gallery|embed|audio|video|playlist)\b[^\]]*\]/gi

/**
 * `html` with each media shortcode, and its content up to the first `[/name]` after it when there is one, replaced by
 * a space: what `/\[(caption|…)\b[^\]]*\](?:[\s\S]*?\[\/\1\])?/gi` replaced, but each name's closing tag is looked
 * for once per stretch of the body, where the expression's lazy content read on to the end from every unclosed tag
 * (`[caption]a` repeated: quadratic, 400 KB in 8 s).
 */
export function withoutMediaShortcodes(html: string): string {
  const closes = new Map<string, { from: number; at: number }>()
  const closeAfter = (name: string, from: number) => {
    const key = name.toLowerCase()
    const known = closes.get(key)
    if (known && known.from <= from && (known.at === -1 || known.at >= from)) return known.at
    const close = new RegExp(`\\[\\/${key}\\]`, 'gi')
    close.lastIndex = from
    const at = close.exec(html)?.index ?? -1
    closes.set(key, { from, at })
    return at
  }
  let out = ''
  let done = 0
  const open = new RegExp(MEDIA_SHORTCODE.source, 'gi')
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const at = closeAfter(m[1], open.lastIndex)
    out += `${html.slice(done, m.index)} `
    done = at === -1 ? open.lastIndex : at + m[1].length + 3
    open.lastIndex = done
  }
  return done === 0 ? html : out + html.slice(done)
}

/**
 * `html` with footnote markup replaced by a space: a reference `<sup class="footnote-ref" …>` to its `</sup>`, the list
 * `<ol class="footnotes">` (`wp-block-footnotes` for the block) and a `[footnote]` shortcode to their end or the end of
 * the body; the block's reference `<sup data-fn=…>` goes without a trace (`claim<sup…>1</sup>.` reads `claim.`). What
 * the expression `/<sup (?:class="footnote-ref"|data-fn=)[^>]*>[\s\S]*?<\/sup>|…/g` replaced, without reading to the
 * end of the body again for each reference that is never closed (quadratic: 520 KB of them in 4 s).
 */
export function withoutFootnotes(html: string): string {
  const lastSupClose = html.lastIndexOf('</sup>')
  const open = /<sup (?:class="footnote-ref"|data-fn=)|<ol class="(?:wp-block-)?footnotes">|\[footnote\]/g
  // The first `>` at or after a place: found again only once passed, and never again once there is none.
  let gt = 0
  const gtFrom = (from: number) => (gt === -1 || gt >= from ? gt : (gt = html.indexOf('>', from)))
  let out = ''
  let done = 0
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const after = open.lastIndex
    let end: number
    if (m[0] === '[footnote]') end = endOf(html.indexOf('[/footnote]', after), '[/footnote]'.length, html.length)
    else if (m[0].startsWith('<ol')) end = endOf(html.indexOf('</ol>', after), '</ol>'.length, html.length)
    else {
      const tagEnd = gtFrom(after)
      if (tagEnd === -1 || lastSupClose <= tagEnd) continue
      end = html.indexOf('</sup>', tagEnd + 1) + '</sup>'.length
    }
    out += html.slice(done, m.index) + (m[0] === '<sup data-fn=' ? '' : ' ')
    done = open.lastIndex = end
  }
  return done === 0 ? html : out + html.slice(done)
}

/**
 * `html` with each navigation (`<nav class="wp-block-navigation"` to its `</nav>`), page list and post list (`<ul
 * class="wp-block-page-list">`, `wp-block-post-template`, `wp-block-latest-posts__list`, to the `</ul>` that closes
 * it) replaced by a space, or to the end of `html` when one is not closed; each part of `html` is read once.
 */
export function withoutSiteBlocks(html: string): string {
  const open = /<nav class="wp-block-navigation"|<ul class="wp-block-(?:page-list|post-template|latest-posts__list(?: has-dates)? wp-block-latest-posts)">/g
  const lists = /<ul\b|<\/ul>/g
  let out = ''
  let done = 0
  for (let m = open.exec(html); m; m = open.exec(html)) {
    let end = html.length
    if (m[0].startsWith('<nav')) end = endOf(html.indexOf('</nav>', open.lastIndex), '</nav>'.length, html.length)
    else {
      let depth = 1
      lists.lastIndex = open.lastIndex
      for (let t = lists.exec(html); t; t = lists.exec(html)) {
        depth += t[0] === '</ul>' ? -1 : 1
        if (depth === 0) {
          end = lists.lastIndex
          break
        }
      }
    }
    out += `${html.slice(done, m.index)} `
    done = open.lastIndex = end
  }
  return done === 0 ? html : out + html.slice(done)
}

/** The end of a closing tag found at `at` (of `length`), or `whole` when there is none. */
function endOf(at: number, length: number, whole: number): number {
  return at === -1 ? whole : at + length
}

/** Text without shortcode tags, as WordPress's `strip_shortcodes` leaves it for excerpts. */
export function stripShortcodeTags(text: string): string {
  if (!text.includes('[')) return text
  // A tag ends with `]`, so none lies past the last one; there, `[a ` read on to the end from every `[` (quadratic).
  const end = text.lastIndexOf(']') + 1
  return text.slice(0, end).replace(/\[\/?[A-Za-z][\w-]*(?:\s[^\]]*)?\]/g, ' ') + text.slice(end)
}

/**
 * How many pages WordPress splits a body into: one more than its `<!--nextpage-->` markers, a marker at the very
 * start aside (`setup_postdata()` drops it), at most `LIMITS.maxBodyPages`.
 */
export function bodyPages(raw: string): number {
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
