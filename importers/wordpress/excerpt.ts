import { htmlToText } from './content/html.js'
import { stripShortcodeTags } from './content/render.js'
import { detach } from './detach.js'
import { LIMITS } from './limits.js'

/**
 * WordPress's automatic excerpt: the first 55 words of the plain text, or 110 characters for text written without
 * spaces. Only the head of the body is converted, since a 55-word excerpt never needs more.
 */
export function deriveExcerpt(html: string): string {
  return detach(excerptOf(html))
}

function excerptOf(html: string): string {
  const HEAD = 1500
  const cut = html.length > HEAD
  const head = cut ? withoutOpenTag(html.slice(0, HEAD)) : html
  const text = htmlToText(stripShortcodeTags(head))
  let spaces = 0
  for (let i = text.indexOf(' '); i >= 0; i = text.indexOf(' ', i + 1)) {
    if (++spaces === LIMITS.excerptWords) return text.slice(0, i) + '…'
  }
  if (spaces < 10) {
    const chars = Array.from(text.slice(0, LIMITS.excerptChars * 2))
    if (chars.length > LIMITS.excerptChars) return chars.slice(0, LIMITS.excerptChars).join('') + '…'
  }
  // The head held fewer than 55 words: use the whole body, as rare as that is.
  return cut ? deriveExcerptFull(html) : text
}

// `text.replace(/<[^>]*$/, '')` without the regex's rescans: the first `<` after the last `>` starts the cut tag.
function withoutOpenTag(text: string): string {
  const lt = text.indexOf('<', text.lastIndexOf('>') + 1)
  return lt < 0 ? text : text.slice(0, lt)
}

export function deriveExcerptFull(html: string): string {
  const text = htmlToText(stripShortcodeTags(html))
  let spaces = 0
  for (let i = text.indexOf(' '); i >= 0; i = text.indexOf(' ', i + 1)) {
    if (++spaces === LIMITS.excerptWords) return text.slice(0, i) + '…'
  }
  const chars = Array.from(text.slice(0, LIMITS.excerptChars * 2))
  return chars.length > LIMITS.excerptChars && spaces < 10 ? chars.slice(0, LIMITS.excerptChars).join('') + '…' : text
}

