import { htmlToText } from './content/html.js'
import { stripShortcodeTags } from './content/render.js'
import { deriveExcerpt, derivedExcerpt } from './excerpt.js'
import { needsOtherEscapes } from './json-string.js'
import { rewriteLinks } from './links.js'
import type { LinkIndex } from './links.js'

/** What finishing a rendered body needs: the old-to-new URL index and the media URL prefix to replace, if any. */
export type FinishEnv = { links: LinkIndex; mediaFrom?: string; mediaTo?: string }

/**
 * A finished body: its HTML and plain-text excerpt, how many links were rewritten, whether `<!--more-->` gave the
 * excerpt, and whether the HTML may hold a character that `jsonString` must look for (false only when known not to).
 */
export type FinishedText = { html: string; excerpt: string; linksRewritten: number; excerptFromMore: boolean; otherEscapes: boolean }

/** What finishing adds to the report, summed over bodies. */
export type FinishCounts = { linksRewritten: number; excerptsFromMore: number }

/**
 * What the render worker learns of a body while it has it at hand, so that finishing need not scan it again: whether
 * it holds a character `jsonString` escapes the slow way, and its derived excerpt when it may need one.
 */
export type EarlyFacts = { otherEscapes: boolean; excerpt?: { text: string; basis: number } }

/** Adds a finished body's counts to `counts`. */
export function countFinished(counts: FinishCounts, done: FinishedText): void {
  counts.linksRewritten += done.linksRewritten
  if (done.excerptFromMore) counts.excerptsFromMore++
}

/**
 * The `EarlyFacts` of a rendered body; `needsExcerpt` says the item has neither an export excerpt nor a `<!--more-->`
 * text, the only case in which finishing derives one.
 * @example
 * earlyFacts('<p>Hi</p>', true) // { otherEscapes: false, excerpt: { text: 'Hi', basis: Infinity } }
 */
export function earlyFacts(rendered: string, needsExcerpt: boolean): EarlyFacts {
  const otherEscapes = needsOtherEscapes(rendered)
  // Not for a body with a surrogate: a lone one would read back from the spool as U+FFFD.
  return needsExcerpt && !otherEscapes ? { otherEscapes, excerpt: derivedExcerpt(rendered) } : { otherEscapes }
}

/**
 * The last steps of a rendered body, which need every item of the export to be known: links to imported items point
 * at their new URLs, media URLs move to the new prefix, and the excerpt is the export's own (as plain text), else
 * the `<!--more-->` text, else one derived from the finished body. The render worker may have derived that one early
 * (`early`), from the body as rendered: it is used when finishing changed nothing in the part of the body it was
 * taken from (see `derivedExcerpt`). A pure function of its arguments, so the importer runs it on whichever thread
 * is free and gets the same bytes.
 * @example
 * finishText('<p><a href="https://old.test/?p=5">Hello</a></p>', '', undefined, env).excerpt // 'Hello'
 */
export function finishText(rendered: string, exportExcerpt: string, moreText: string | undefined, env: FinishEnv, early?: EarlyFacts): FinishedText {
  const rewritten = rewriteLinks(rendered, env.links)
  let html = rewritten.html
  const mediaAt = env.mediaFrom ? html.indexOf(env.mediaFrom) : -1
  const mediaMoved = mediaAt >= 0
  if (mediaMoved) html = html.split(env.mediaFrom as string).join(env.mediaTo ?? '')
  let excerpt = htmlToText(stripShortcodeTags(exportExcerpt))
  let excerptFromMore = false
  if (!excerpt && moreText) {
    excerpt = moreText
    excerptFromMore = true
  }
  // An early excerpt holds if finishing changed nothing in the part of the body it depends on: an href rewritten in
  // visible text (a code sample) changes the text, and any change can move where a head is cut.
  if (!excerpt) {
    const firstChange = Math.min(rewritten.first, mediaMoved ? mediaAt : Number.POSITIVE_INFINITY)
    const kept = early?.excerpt
    excerpt = kept !== undefined && firstChange >= kept.basis && (html.length > kept.basis || firstChange === Number.POSITIVE_INFINITY) ? kept.text : deriveExcerpt(html)
  }
  const otherEscapes = early === undefined || early.otherEscapes || rewritten.otherEscapes || mediaMoved
  return { html, excerpt, linksRewritten: rewritten.count, excerptFromMore, otherEscapes }
}
