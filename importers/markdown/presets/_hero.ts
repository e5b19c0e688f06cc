import { isPlainObject } from '../front-matter.js'
import { escapeHtmlAndBraces, safeUrl } from '../templates/_html.js'
import { firstString } from './_config.js'

/** What a theme's home-page hero shows, as its front matter names it (each theme has its own field names). */
export interface Hero {
  image?: string
  alt?: string
  /** Lines of the title, each in bold. */
  heading?: string[]
  tagline?: string
  actions: Array<{ text?: string; link?: string; variant?: string }>
}

/**
 * A hero as HTML (`<div class="hero">` with its image, title, tagline and calls to action), or undefined when it
 * shows nothing. Script and data URLs are refused (safeUrl), as in every link the import writes itself.
 * @example
 * heroHtml({ tagline: 'Fast', actions: [{ text: 'Start', link: '/guide/' }] })
 * // '<div class="hero">\n<p class="hero-tagline">Fast</p>\n<p class="hero-actions"><a class="button button-primary" href="/guide/">Start</a></p>\n</div>'
 */
export function heroHtml({ image, alt, heading = [], tagline, actions }: Hero): string | undefined {
  const lines: string[] = []
  const src = safeUrl(image)
  if (src) lines.push(`<p class="hero-image"><img src="${escapeHtmlAndBraces(src)}" alt="${escapeHtmlAndBraces(alt ?? '')}"></p>`)
  if (heading.length > 0) lines.push(`<p class="hero-title">${heading.map((t) => `<strong>${escapeHtmlAndBraces(t)}</strong>`).join('<br>')}</p>`)
  if (tagline) lines.push(`<p class="hero-tagline">${escapeHtmlAndBraces(tagline)}</p>`)
  const links = actions.flatMap(({ text, link, variant }) => {
    const href = safeUrl(link)
    return text && href ? [`<a class="button button-${escapeHtmlAndBraces(variant ?? 'primary')}" href="${escapeHtmlAndBraces(href)}">${escapeHtmlAndBraces(text)}</a>`] : []
  })
  if (links.length > 0) lines.push(`<p class="hero-actions">${links.join(' ')}</p>`)
  return lines.length === 0 ? undefined : `<div class="hero">\n${lines.join('\n')}\n</div>`
}

/** A list of features (`title`, `details`, optional `link`) as HTML, or undefined when there is none. */
export function featureList(value: unknown): string | undefined {
  const items = (Array.isArray(value) ? value : []).filter(isPlainObject).flatMap((f) => {
    const title = firstString(f.title)
    const details = firstString(f.details)
    const link = safeUrl(firstString(f.link))
    if (!title && !details) return []
    const head = title ? (link ? `<a href="${escapeHtmlAndBraces(link)}">${escapeHtmlAndBraces(title)}</a>` : escapeHtmlAndBraces(title)) : ''
    return [`<li class="feature">${head ? `<strong>${head}</strong>` : ''}${head && details ? '<br>' : ''}${details ? escapeHtmlAndBraces(details) : ''}</li>`]
  })
  return items.length === 0 ? undefined : `<ul class="features">\n${items.join('\n')}\n</ul>`
}
