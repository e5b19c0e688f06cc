import { LIMITS } from '../limits.js'
import { excerptBlocks, excerptBlocksOfHead } from './blocks.js'
import { cutExcerpt, deriveExcerpt } from './excerpt.js'
import { proseText } from './prose.js'
import { capitalPContent } from './capital-p.js'
import { texturizeBody } from './shortcodes.js'

// What WordPress's automatic excerpt reads of a block body whose blocks are not all prose (excerpt_remove_blocks):
// the teaser's text, or the excerpt derived from the blocks it keeps, found while the body renders.

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
export function excerptOfBlocks(raw: string): { moreText?: string; derived?: string } | undefined {
  const more = raw.indexOf('<!--more')
  if (more < 0) return derivedOfBlocks(raw)
  const kept = excerptBlocks(withoutMoreBlockOpener(raw.slice(0, more)))
  if (kept === undefined) return undefined
  const moreText = proseText(capitalPContent(texturizeBody(kept)))
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
    const derived = head === undefined ? undefined : cutExcerpt(capitalPContent(texturizeBody(head.kept)))
    if (head !== undefined && derived !== undefined) return head.whole ? undefined : { derived }
  }
  const kept = excerptBlocks(raw)
  return kept === undefined ? undefined : { derived: deriveExcerpt(capitalPContent(texturizeBody(kept))) }
}
